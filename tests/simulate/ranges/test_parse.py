"""Tests for simulate.ranges: the hold'em hand-range parser and grid."""

from __future__ import annotations

import copy
import io
import pickle
import sys
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab.evaluator.cards import card_str, cards_to_mask, parse_cards
from pokerlab.simulate.ranges import parse
from pokerlab.simulate.ranges.parse import (
    GRID_LABELS,
    MIN_WEIGHT,
    N_COMBOS,
    ClassCount,
    Range,
    RangeError,
    parse_range,
    range_grid,
    render_grid,
)

RANKS = "23456789TJQKA"


def class_size(label: str) -> int:
    if len(label) == 2:
        return 6
    return 4 if label.endswith("s") else 12


def combo_set(r: Range) -> set[tuple[int, int]]:
    return {(int(a), int(b)) for a, b in r.combos}


def weight_map(r: Range) -> dict[tuple[int, int], float]:
    return {(int(a), int(b)): float(w) for (a, b), w in zip(r.combos, r.weights, strict=True)}


def names(r: Range) -> set[str]:
    return set(r.classes())


# --------------------------------------------------------------------------
# Counts and syntax forms


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("random", 1326),
        ("*", 1326),
        ("TT+", 30),
        ("A2s+", 48),
        ("22-55", 24),
        ("55-22", 24),
        ("KTo+", 36),
        ("K9+", 64),
        ("A5s-A2s", 16),
        ("AhKh", 1),
        ("22+", 78),
        ("AA, KK, AKs", 16),
    ],
)
def test_counts(text: str, count: int) -> None:
    r = parse_range(text)
    assert len(r) == count
    assert r.total_weight == count
    assert r.combos.shape == (count, 2)
    assert r.weights.shape == (count,)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TT+", {"TT", "JJ", "QQ", "KK", "AA"}),
        ("AA+", {"AA"}),
        ("A2s+", {f"A{k}s" for k in RANKS[:-1]}),
        ("KTo+", {"KTo", "KJo", "KQo"}),
        ("K9+", {"K9s", "KTs", "KJs", "KQs", "K9o", "KTo", "KJo", "KQo"}),
        ("AKs+", {"AKs"}),
        ("32s+", {"32s"}),
        ("22-55", {"22", "33", "44", "55"}),
        ("QQ-QQ", {"QQ"}),
        ("A5s-A2s", {"A5s", "A4s", "A3s", "A2s"}),
        ("A2s-A5s", {"A5s", "A4s", "A3s", "A2s"}),
        ("KTo-K8o", {"KTo", "K9o", "K8o"}),
        ("Q9-Q8", {"Q9s", "Q8s", "Q9o", "Q8o"}),
        ("AK", {"AKs", "AKo"}),
        ("KA", {"AKs", "AKo"}),
        ("KAs", {"AKs"}),
    ],
)
def test_class_expansion(text: str, expected: set[str]) -> None:
    r = parse_range(text)
    assert names(r) == expected
    assert len(r) == sum(class_size(label) for label in expected)


def test_specific_combo() -> None:
    r = parse_range("AhKh")
    assert r.combos.tolist() == [parse_cards("AhKh")]
    assert parse_range("KhAh") == r
    assert parse_range("ahkh") == r
    assert parse_range("AHKH") == r
    assert str(parse_range("ahkh")) == "AhKh"


def test_random_is_every_combo() -> None:
    r = parse_range("random")
    assert combo_set(r) == {(b, a) for a, b in combinations(range(52), 2)}
    assert parse_range("*") == r == parse_range("RANDOM")
    assert str(r) == "random"


@pytest.mark.parametrize("text", ["aks", "AKS", "aKs", "Aks"])
def test_case_insensitive_classes(text: str) -> None:
    assert parse_range(text) == parse_range("AKs")


def test_lists_and_spaces() -> None:
    a = parse_range("AA,KK,AKs")
    assert parse_range("AA, KK , AKs") == a
    assert parse_range("  AA ,KK,\tAKs  ") == a
    assert parse_range("AA,,KK,AKs,") == a


def test_combos_array_layout() -> None:
    r = parse_range("random")
    assert r.combos.dtype == np.uint8
    assert r.weights.dtype == np.float64
    assert np.all(r.combos[:, 0] > r.combos[:, 1])
    keys = [tuple(c) for c in r.combos.tolist()]
    assert keys == sorted(keys, reverse=True)


# --------------------------------------------------------------------------
# Weights


def test_percent_weight() -> None:
    r = parse_range("AA@50")
    assert len(r) == 6
    assert r.total_weight == 3.0
    assert np.all(r.weights == 0.5)
    assert parse_range("AA@50%") == r
    assert parse_range("AA @ 50") == r
    assert parse_range("22@50") == parse_range("22:0.5")  # a pair that looks like a number


def test_fraction_weight() -> None:
    assert parse_range("AA:0.5") == parse_range("AA@50")
    assert parse_range("AA:.25") == parse_range("AA@25")
    assert parse_range("AA:1") == parse_range("AA") == parse_range("AA@100")


def test_weight_on_every_form() -> None:
    text = "TT+@10, A2s+:0.2, 22-55@30, A5o-A2o:0.4, AhKh@50, K9+@60"
    r = parse_range(text)
    wm = weight_map(r)
    assert wm[tuple(parse_cards("AhKh"))] == 0.5
    assert r.classes()["AA"] == ClassCount(6, pytest.approx(0.6))
    assert r.classes()["A2s"] == ClassCount(4, pytest.approx(0.8))
    assert r.classes()["K9o"] == ClassCount(12, pytest.approx(7.2))
    assert parse_range("random@50").total_weight == 663.0


def test_later_mention_wins() -> None:
    r = parse_range("AK, AKo@50")
    assert r.classes() == {"AKs": ClassCount(4, 4.0), "AKo": ClassCount(12, 6.0)}
    assert parse_range("AKo@50, AK") == parse_range("AK")
    assert parse_range("AA@20, AA") == parse_range("AA")
    assert parse_range("AA, AA@20") == parse_range("AA@20")
    mixed = parse_range("AA, AsAh@50")
    assert weight_map(mixed)[tuple(parse_cards("AsAh"))] == 0.5
    assert mixed.total_weight == 5.5


# --------------------------------------------------------------------------
# Percent tokens: a fake order stands in for pokerlab.simulate.ranges.order, so the
# parser's part is tested on its own.

FAKE_ORDER = ["AA", "KK", "AKs", "QQ", "AKo", "JJ", "AQs"]


@pytest.fixture
def fake_order(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    calls: list[float] = []

    def top_percent_classes(percent: float) -> list[str]:
        calls.append(percent)
        return FAKE_ORDER[: max(1, round(percent * len(FAKE_ORDER) / 100))]

    monkeypatch.setattr(parse, "top_percent_classes", top_percent_classes)
    return calls


def test_percent_token(fake_order: list[float]) -> None:
    r = parse_range("43%")
    assert fake_order == [43.0]
    assert names(r) == {"AA", "KK", "AKs"}
    assert len(r) == 16
    assert parse_range("100%") == parse_range("AA, KK, AKs, QQ, AKo, JJ, AQs")
    assert parse_range("12.5%") == parse_range("AA")
    assert fake_order[-1] == 12.5


def test_percent_token_with_weight(fake_order: list[float]) -> None:
    r = parse_range("43%@50, AKs")
    assert r.classes() == {
        "AA": ClassCount(6, 3.0),
        "KK": ClassCount(6, 3.0),
        "AKs": ClassCount(4, 4.0),
    }
    assert parse_range(str(r)) == r


@pytest.mark.parametrize("text", ["0%", "101%", "x%", "%"])
def test_percent_token_out_of_range(fake_order: list[float], text: str) -> None:
    with pytest.raises(RangeError, match=repr(text)):
        parse_range(text)
    assert fake_order == []


def test_percent_token_bad_class(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse, "top_percent_classes", lambda percent: ["AA", "AKx"])
    with pytest.raises(RangeError, match="'AKx'.*'10%'"):
        parse_range("10%")


# --------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize(
    ("text", "token", "fragment"),
    [
        ("AKx", "AKx", "unknown token"),
        ("foo", "foo", "unknown token"),
        ("A", "A", "unknown token"),
        ("AXs", "AXs", "unknown rank 'X'"),
        ("1A", "1A", "unknown rank '1'"),
        ("AAs", "AAs", "pair"),
        ("aao", "aao", "pair"),
        ("AKs-QJo", "AKs-QJo", "mixes hand kinds"),
        ("22-AKs", "22-AKs", "mixes hand kinds"),
        ("AKs-AK", "AKs-AK", "mixes hand kinds"),
        ("A5s-K2s", "A5s-K2s", "top card"),
        ("AA-KK-QQ", "AA-KK-QQ", "unknown token"),
        ("A-", "A-", "unknown token"),
        ("AhKh-AhQh", "AhKh-AhQh", "dash range"),
        ("AhKh+", "AhKh+", "'+'"),
        ("random+", "random+", "'+'"),
        ("*+", "*+", "'+'"),
        ("15%+", "15%+", "'+'"),
        ("22-55+", "22-55+", "'+'"),
        ("TT++", "TT++", "'+'"),
        ("AA@0", "AA@0", "weight '0'"),
        ("AA@150", "AA@150", "weight '150'"),
        ("AA@-5", "AA@-5", "weight '-5'"),
        ("AA@1e-400", "AA@1e-400", "weight"),
        ("AA:0", "AA:0", "weight '0'"),
        ("AA:1.5", "AA:1.5", "'@1.5'"),
        ("AA:50", "AA:50", "weight '50'"),
        ("AA@abc", "AA@abc", "weight 'abc'"),
        ("AA@nan", "AA@nan", "weight 'nan'"),
        ("AA@", "AA@", "weight ''"),
        ("AA@50@50", "AA@50@50", "weight"),
        ("@50", "@50", "missing hand"),
        ("0.5:AK", "0.5:AK", "after the hand"),
        ("AhAh", "AhAh", "duplicate card 'Ah'"),
        ("AsKx", "AsKx", "unknown suit 'x'"),
        ("XsKh", "XsKh", "unknown rank 'X'"),
        ("Ah Kh", "Ah Kh", "commas"),
        ("AA KK", "AA KK", "commas"),
    ],
)
def test_errors_name_the_token(text: str, token: str, fragment: str) -> None:
    with pytest.raises(RangeError) as info:
        parse_range(text)
    message = str(info.value)
    assert repr(token) in message
    assert fragment in message
    assert "at position 1 (column 1)" in message
    assert info.value.token == token
    assert isinstance(info.value, ValueError)


def test_error_position_and_column() -> None:
    text = "AA, KK,  AKx, QQ"
    with pytest.raises(RangeError) as info:
        parse_range(text)
    assert info.value.position == 3
    assert info.value.column == 10
    assert text[info.value.column - 1 :].startswith("AKx")
    assert "'AKx' at position 3 (column 10)" in str(info.value)


@pytest.mark.parametrize("text", ["", "   ", ",", " , ,"])
def test_empty_range(text: str) -> None:
    with pytest.raises(RangeError, match="empty range"):
        parse_range(text)


def test_not_a_string() -> None:
    with pytest.raises(TypeError):
        parse_range(None)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# Range object


def test_immutable() -> None:
    r = parse_range("AA, KK@50")
    with pytest.raises(ValueError):
        r.combos[0, 0] = 0
    with pytest.raises(ValueError):
        r.weights[0] = 0.1
    with pytest.raises(AttributeError):
        r.combos = np.zeros((0, 2), dtype=np.uint8)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del r.weights
    assert r == parse_range("AA, KK@50")


def test_equality_and_hash() -> None:
    a = parse_range("AA, AKs, KQo@50")
    b = parse_range("KQo@50, AKs, AA")
    assert a == b
    assert hash(a) == hash(b)
    assert a != parse_range("AA, AKs, KQo@51")
    assert a != parse_range("AA, AKs")
    assert a != "AA, AKs, KQo@50"
    assert len({a, b}) == 1


def test_constructor_from_arrays() -> None:
    r = Range([[47, 51], [46, 50], [0, 1]], [1.0, 0.5, 0.0])
    assert r == parse_range("AsKs, AhKh@50")
    assert len(r) == 2
    assert Range(parse_range("AK").combos) == parse_range("AK")
    empty = Range(np.zeros((0, 2), dtype=np.uint8))
    assert len(empty) == 0
    assert empty.total_weight == 0.0
    assert str(empty) == ""


@pytest.mark.parametrize(
    ("combos", "weights"),
    [
        ([[51, 51]], None),
        ([[51, 52]], None),
        ([[51, 47], [47, 51]], None),
        ([[51, 47]], [1.5]),
        ([[51, 47]], [-0.5]),
        ([[51, 47]], [1.0, 1.0]),
        ([51, 47], None),
        ([[51.0, 47.0]], None),
    ],
)
def test_constructor_rejects(combos: object, weights: object) -> None:
    with pytest.raises(RangeError):
        Range(combos, weights)


def test_remove_dead_cards() -> None:
    assert len(parse_range("AA").remove(cards_to_mask("As"))) == 3
    assert len(parse_range("AA").remove(cards_to_mask("AsAh"))) == 1
    assert len(parse_range("AK").remove(cards_to_mask("As"))) == 12
    assert len(parse_range("random").remove(cards_to_mask("AsKdQh"))) == 49 * 48 // 2
    r = parse_range("AA@50, KhQh")
    left = r.remove(cards_to_mask("Kh 2c"))
    assert left == parse_range("AA@50")
    assert left.total_weight == 3.0
    assert r.remove(0) == r
    assert r == parse_range("AA@50, KhQh")  # the original is untouched
    assert len(r.remove(np.uint64(cards_to_mask("AcAdAhAs")))) == 1


def test_remove_checks_the_mask() -> None:
    with pytest.raises(ValueError):
        parse_range("AA").remove(1 << 52)
    with pytest.raises(ValueError):
        parse_range("AA").remove(-1)


@given(st.sets(st.integers(0, 51), max_size=7))
@settings(max_examples=50, deadline=None)
def test_remove_matches_brute_force(dead: set[int]) -> None:
    r = parse_range("TT+, A2s+, KQo@50, 76s, AhKh:0.25")
    left = r.remove(cards_to_mask(sorted(dead)))
    expected = {c: w for c, w in weight_map(r).items() if not set(c) & dead}
    assert weight_map(left) == expected


def test_classes() -> None:
    r = parse_range("AA, AsKs, AKo@50")
    assert r.classes() == {
        "AA": ClassCount(6, 6.0),
        "AKs": ClassCount(1, 1.0),
        "AKo": ClassCount(12, 6.0),
    }
    assert list(parse_range("22, AA, 32o, 32s").classes()) == ["AA", "32s", "32o", "22"]
    assert len(parse_range("random").classes()) == 169


# --------------------------------------------------------------------------
# Canonical text and round trip


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AA", "AA"),
        ("AA, KK", "KK+"),
        ("22-55", "55-22"),
        ("AKs, AKo", "AK"),
        ("A2s+, A2o+", "A2+"),
        ("AKs, AQs, AJs", "AJs+"),
        ("A5s-A2s", "A5s-A2s"),
        ("AsKs, AhKh, AdKd, AcKc", "AKs"),
        ("AK, AKo@50", "AKs, AKo@50"),
        ("AA:0.5", "AA@50"),
        ("AA:0.125", "AA@12.5"),
        ("random", "random"),
        ("22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32", "random"),
        ("AhKh, AsKs@50", "AhKh, AsKs@50"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    assert str(parse_range(text)) == canonical
    assert repr(parse_range(text)) == f"Range({canonical!r})"


@pytest.mark.parametrize(
    "text",
    [
        "TT+, A2s+, KTo+, K9+, 22-55, A5s-A2s, AhKh",
        "random@33.3",
        "random, AA@1",
        "AA:0.3333333333333333, KK:1e-6, QQ@0.001",
        "JJ-88@75, AKs@75, AsKs, 72o:0.1",
        "random, AsAh@50",
        "K9+, KTo@20, KJs:0.9",
    ],
)
def test_round_trip(text: str) -> None:
    r = parse_range(text)
    again = parse_range(str(r))
    assert again == r
    assert str(again) == str(r)


# --------------------------------------------------------------------------
# Property tests

cards = st.integers(0, 51)
rank = st.integers(0, 12)
two_ranks = st.lists(rank, min_size=2, max_size=2, unique=True)
suffix = st.sampled_from(["s", "o", ""])


@st.composite
def dash_class(draw: st.DrawFn) -> str:
    top = draw(st.integers(1, 12))
    a, b = draw(st.integers(0, top - 1)), draw(st.integers(0, top - 1))
    s = draw(suffix)
    return f"{RANKS[top]}{RANKS[a]}{s}-{RANKS[top]}{RANKS[b]}{s}"


hand = st.one_of(
    rank.map(lambda r: RANKS[r] * 2),
    rank.map(lambda r: RANKS[r] * 2 + "+"),
    st.tuples(rank, rank).map(lambda t: f"{RANKS[t[0]] * 2}-{RANKS[t[1]] * 2}"),
    st.tuples(two_ranks, suffix).map(lambda t: RANKS[t[0][0]] + RANKS[t[0][1]] + t[1]),
    st.tuples(two_ranks, suffix).map(lambda t: RANKS[t[0][0]] + RANKS[t[0][1]] + t[1] + "+"),
    dash_class(),
    st.lists(cards, min_size=2, max_size=2, unique=True).map(lambda c: card_str(c[0]) + card_str(c[1])),
    st.sampled_from(["random", "*"]),
)
cased = st.tuples(hand, st.sampled_from([str, str.lower, str.upper])).map(lambda t: t[1](t[0]))
weight = st.one_of(
    st.just(""),
    st.integers(1, 100).map(lambda p: f"@{p}"),
    st.floats(0.01, 100).map(lambda p: f"@{p:.2f}%"),
    st.floats(MIN_WEIGHT, 1).map(lambda w: f":{w!r}"),
)
item = st.tuples(cased, weight).map("".join)
separator = st.sampled_from([",", ", ", " ,", " , "])


@given(st.lists(item, min_size=1, max_size=8), separator)
@settings(max_examples=300, deadline=None)
def test_random_valid_lists(items: list[str], sep: str) -> None:
    r = parse_range(sep.join(items))
    assert r.combos.dtype == np.uint8
    assert np.all(r.combos[:, 0] > r.combos[:, 1])
    assert np.all(r.combos < 52)
    assert len(combo_set(r)) == len(r) == len(r.combos)
    assert np.all((r.weights > 0) & (r.weights <= 1))
    # The later mention wins: the whole equals the items applied in order.
    expected: dict[tuple[int, int], float] = {}
    for text in items:
        expected.update(weight_map(parse_range(text)))
    assert weight_map(r) == expected
    # Canonical text reads back equal and is a fixed point.
    again = parse_range(str(r))
    assert again == r
    assert str(again) == str(r)
    # The grid, scaled back by class sizes, holds all the weight.
    grid = range_grid(r)
    total = sum(grid[i][j] * class_size(GRID_LABELS[i][j]) for i in range(13) for j in range(13))
    assert total == pytest.approx(r.total_weight)
    assert sum(w for _, w in r.classes().values()) == pytest.approx(r.total_weight)
    assert sum(n for n, _ in r.classes().values()) == len(r)


# --------------------------------------------------------------------------
# Grid


def test_grid_layout() -> None:
    assert GRID_LABELS[0][0] == "AA"
    assert GRID_LABELS[0][1] == "AKs"
    assert GRID_LABELS[1][0] == "AKo"
    assert GRID_LABELS[12][12] == "22"
    assert GRID_LABELS[11][12] == "32s"
    assert GRID_LABELS[12][11] == "32o"
    assert GRID_LABELS[3][8] == "J6s"
    assert GRID_LABELS[8][3] == "J6o"
    labels = [label for row in GRID_LABELS for label in row]
    assert len(set(labels)) == 169
    assert sum(class_size(label) for label in labels) == N_COMBOS


def test_grid_values() -> None:
    grid = range_grid(parse_range("AA, AKs, AKo@50, AsAh:0.5, J6s:0.25, 32o"))
    assert len(grid) == 13 and all(len(row) == 13 for row in grid)
    assert grid[0][0] == pytest.approx(5.5 / 6)
    assert grid[0][1] == 1.0
    assert grid[1][0] == 0.5
    assert grid[3][8] == 0.25
    assert grid[8][3] == 0.0
    assert grid[12][11] == 1.0
    assert grid[11][12] == 0.0
    assert range_grid(parse_range("random")) == [[1.0] * 13 for _ in range(13)]


def test_grid_partial_class() -> None:
    grid = range_grid(parse_range("AsKs, AhKd"))
    assert grid[0][1] == 0.25
    assert grid[1][0] == pytest.approx(1 / 12)


def test_render_plain() -> None:
    text = render_grid(parse_range("AA, AKo@50"), plain=True)
    assert isinstance(text, str)
    lines = text.splitlines()
    assert lines[0].split() == list(reversed(RANKS))
    assert lines[1].split()[:3] == ["A", "100", "."]
    assert lines[2].split()[:2] == ["K", "50"]
    assert "18 combos" in lines[-1]
    assert "weight 12" in lines[-1]


def test_render_falls_back_without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("rich", "rich.style", "rich.table", "rich.text"):
        monkeypatch.setitem(sys.modules, name, None)
    r = parse_range("AA, AKo@50")
    assert render_grid(r) == render_grid(r, plain=True)


def test_render_rich() -> None:
    from rich import console

    Console = console.Console

    table = render_grid(parse_range("TT+, AKs, AQo@50"))
    assert not isinstance(table, str)
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(table)
    rendered = out.getvalue()
    for label in ("AA", "AKs", "AQo", "32o", "22"):
        assert label in rendered
    assert "46 combos" in rendered


@pytest.mark.parametrize("text", ["AA@1e-200", "AA:1e-7", "AA@0.00001", "KK:5e-324"])
def test_weights_below_the_floor_are_refused(text):
    # A deal is weighted by the product of its combos' weights: below the floor it could underflow to 0.
    with pytest.raises(RangeError, match="below the smallest allowed"):
        parse_range(text)


def test_weights_at_the_floor_are_kept():
    assert parse_range(f"AA:{MIN_WEIGHT}").weights[0] == MIN_WEIGHT
    with pytest.raises(RangeError, match="MIN_WEIGHT"):
        Range([[0, 1]], [MIN_WEIGHT / 2])


@pytest.mark.parametrize("text", ["Jk", "AA, Jk", "Jk@50"])
def test_the_jokers_name_is_not_a_hand_class(text):
    with pytest.raises(RangeError, match="names the joker"):
        parse_range(text)
    assert parse_range("JK") == parse_range("KJ") == parse_range("jk")


def test_a_percent_range_is_parsed_once_for_one_ordering(fake_order: list[float]) -> None:
    first = parse_range("43%")
    assert parse_range("43%") is first
    assert fake_order == [43.0]


def test_a_stand_in_ordering_never_reads_the_shipped_orderings_ranges(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = parse_range("43%")
    monkeypatch.setattr(parse, "top_percent_classes", lambda percent: ["72o"])
    assert parse_range("43%") == parse_range("72o")
    monkeypatch.undo()
    assert parse_range("43%") is shipped


@pytest.mark.parametrize("text", ["QQ+, AKs:0.5", "20%", "AsKs, AhKh@50", "random"])
def test_a_range_survives_pickling_and_copying(text: str) -> None:
    r = parse_range(text)
    for again in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
        assert again == r and str(again) == str(r)
        assert np.array_equal(again.combos, r.combos) and np.array_equal(again.weights, r.weights)
        with pytest.raises(AttributeError):
            again._dense = None  # still immutable
