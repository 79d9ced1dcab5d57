"""The fast reader of plain PHH TOML gives exactly what tomllib gives, or hands the text to tomllib."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pokerlab.simulate.histories.toml_reader import fast_toml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

FIXTURES = Path(__file__).parent / "fixtures"


def reference(text: str):
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        return "error"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.phh*")), ids=lambda p: p.name)
def test_every_fixture_is_read_by_the_fast_path_as_tomllib_reads_it(path):
    text = path.read_text()
    fast = fast_toml(text)
    assert fast is not None and fast == reference(text)


@pytest.mark.parametrize(
    "text",
    [
        "a = 1 # a comment",
        'a = "tab\\tescape"',
        "a = [1, [2]]",
        "a = 1e3",
        "a = inf",
        "a = [1,,2]",
        "a = [1 2]",
        "a = 'open",
        "a = [\n1,\n# inside\n2]",
        "a = 1\na = 2",
        "a = 00",
        "a = [1,]",
        "a =\x0c1",
        "# c\u2028a = 1",
        "a = 1\rb = 2",
        "[1]\nx = 1\n[1]\nx = 2",
        "a.b = 1",
        "d = 2024-01-01",
    ],
)
def test_anything_unusual_goes_to_tomllib_or_reads_the_same(text):
    fast = fast_toml(text)
    assert fast is None or fast == reference(text)


PIECES = st.sampled_from(
    ["a", "b", "[1]", "[2]", " = ", "=", "1", "0.50", "-3", "'x'", '"y"', "[", "]", ", ", ",", "\n", " ", "#", "\t"]
    + ["true", "00:00:09", "'p1 cc # c'", "\\", "1.", ".5", "\r\n", "\x0c", "{", "}", "'", '"', "1_0", "+1"]
)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(st.lists(PIECES, max_size=30))
def test_random_texts_read_the_same_or_go_to_tomllib(pieces):
    text = "".join(pieces)
    fast = fast_toml(text)
    assert fast is None or fast == reference(text), text


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.phh*")), ids=lambda p: p.name)
def test_the_places_the_reader_finds_are_the_hands_money_places(path):
    import warnings

    from pokerlab.simulate.histories import PHHWarning, read

    with open(path, encoding="utf-8") as handle, warnings.catch_warnings():
        warnings.simplefilter("ignore", PHHWarning)  # fixtures with extra fields warn; tested elsewhere
        hands = list(read(handle, recover=True, money_places=True))
    assert hands and all(places is None or places == hand.money_places() for _, hand, places in hands)
    assert any(places is not None for _, _, places in hands)


@pytest.mark.parametrize(
    ("array", "places"),
    [("[0, 1]", 0), ("[0.5, 200.30, 7]", 2), ("[1.000000001, 0]", 9), ("[1.0000000001]", None), ("[-1, 2]", None)],
)
def test_amount_arrays_are_checked_by_the_reader_only_when_valid_as_written(array, places):
    from pokerlab.simulate.histories.money import CheckedAmounts

    value = fast_toml(f"a = {array}\n")["a"]
    assert value == reference(f"a = {array}\n")["a"]
    assert (value.places if type(value) is CheckedAmounts else None) == places
