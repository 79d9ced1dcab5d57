"""The canonical range text: it reads back to the same weights, whole classes are class tokens, and a Range
makes its text once."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab.simulate.ranges import parse
from pokerlab.simulate.ranges.cells import CELL_INDICES, CELL_LABELS, N_COMBOS
from pokerlab.simulate.ranges.parse import Range, parse_range
from pokerlab.simulate.ranges.range_text import format_range

WEIGHTS = [1.0, 0.5, 0.25, 0.123456789, 1e-6]


@st.composite
def dense_ranges(draw: st.DrawFn) -> np.ndarray:
    """Weights by combo: some cells whole at one weight, some with only a few combos, at a few weights."""
    dense = np.zeros(N_COMBOS)
    for cell in draw(st.sets(st.integers(0, 168), max_size=40)):
        indices = CELL_INDICES[cell]
        if draw(st.booleans()):
            dense[indices] = draw(st.sampled_from(WEIGHTS))
        else:
            picks = draw(st.lists(st.sampled_from(WEIGHTS + [0.0]), min_size=len(indices), max_size=len(indices)))
            dense[indices] = picks
    return dense


@settings(max_examples=300, deadline=None)
@given(dense_ranges())
def test_the_text_reads_back_to_the_same_weights(dense):
    if not dense.any():
        return
    assert np.array_equal(parse_range(format_range(dense)).dense, dense)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AKs, 55-22, QQ+, AKo", "QQ+, 55-22, AK"),
        ("A2s+, KTo+@50", "A2s+, KTo+@50"),
        ("AKs, AhKh@25", "AsKs, AdKd, AcKc, AhKh@25"),  # a class not whole at one weight: combo by combo
        ("random@30", "random@30"),
        ("AsAh, AdAc:0.5, 72o", "72o, AsAh, AdAc@50"),
    ],
)
def test_known_texts(text, canonical):
    r = parse_range(text)
    assert str(r) == canonical
    assert parse_range(str(r)) == r


def test_every_whole_class_is_one_token():
    for cell, label in enumerate(CELL_LABELS):
        dense = np.zeros(N_COMBOS)
        dense[CELL_INDICES[cell]] = 0.5
        assert format_range(dense) == label + "@50"


def test_a_range_makes_its_text_once(monkeypatch):
    calls = []

    def counting(dense: np.ndarray) -> str:
        calls.append(1)
        return format_range(dense)

    monkeypatch.setattr(parse, "format_range", counting)
    r = Range([[51, 47], [50, 46]], [1.0, 0.5])
    assert str(r) == "AsKs, AhKh@50" and repr(r) == "Range('AsKs, AhKh@50')" and str(r) == "AsKs, AhKh@50"
    assert len(calls) == 1
    with pytest.raises(AttributeError, match="immutable"):
        r._text = "KK"  # type: ignore[misc]
