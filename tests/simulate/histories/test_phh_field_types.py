"""The PHH standard's optional fields and their types: a value of another type is refused with a line naming the
field, the value and the type, never kept in silence and never an internal error; values of the right type read."""

from __future__ import annotations

import datetime
import math
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import HandHistory, PHHError, check_history, loads, read
from pokerlab.simulate.histories.hand import OPTIONAL

BASE = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]
"""

# The standard's table of optional fields (uoftcprg/phh-std, optional.rst), restated here as the test's oracle.
STRING = ("author", "event", "url", "venue", "address", "city", "region", "postal_code", "country", "time_zone",
          "time_zone_abbreviation", "currency", "currency_symbol")  # fmt: skip
INTEGER = ("day", "month", "year", "level", "seat_count")
STRING_OR_INTEGER = ("hand", "table")
FIELDS = (*STRING, *INTEGER, *STRING_OR_INTEGER, "time", "time_limit", "time_banks", "seats", "players",
          "finishing_stacks", "winnings", "ante_trimming_status")  # fmt: skip

# TOML values as written, and the fields (of a two-player hand) whose standard type each one is.
HOSTILE = {
    "[[1]]": (),
    "1e400": ("time_limit",),  # a TOML float too large for a double: inf, no limit
    "-inf": (),
    "inf": ("time_limit",),
    "nan": (),
    "-0.5": (),
    '"x"': (*STRING, *STRING_OR_INTEGER),
    "true": ("ante_trimming_status",),
    "{}": (),
    "{ a = 1 }": (),
    "1979-05-27T07:32:00": (),
    "07:32:00": ("time",),
    "-1": (*INTEGER, *STRING_OR_INTEGER),
    "7": (*INTEGER, *STRING_OR_INTEGER, "time_limit"),
    "1.5": ("time_limit",),
    "[]": ("time_banks",),
    '["a", "b"]': ("players",),
    "[1, 2]": ("seats", "finishing_stacks", "winnings", "time_banks"),
    "[1.5, inf]": (),
    '[1, "a"]': (),
}


def test_the_table_holds_every_optional_field_of_the_standard():
    from pokerlab.simulate.histories.fields import STANDARD_TYPES

    assert set(STANDARD_TYPES) == set(OPTIONAL) == set(FIELDS)


def _read_both_ways(text: str, tmp_path: Path) -> list:
    """The hand read from text (tomllib or the fast reader) and from a file (the replay's reader), or their errors."""
    out = []
    try:
        out.append(loads(text))
    except PHHError as exc:
        out.append(exc)
    path = tmp_path / "hand.phh"
    path.write_text(text)
    try:
        [(_, hand)] = list(read(path, recover=True))
        out.append(hand)
    except PHHError as exc:
        out.append(exc)
    return out


@pytest.mark.parametrize("value", list(HOSTILE))
@pytest.mark.parametrize("field", FIELDS)
def test_a_value_of_another_type_is_refused_naming_field_value_and_type(field, value, tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a standard field is never "unknown"
        for read in _read_both_ways(BASE + f"{field} = {value}\n", tmp_path):
            if field in HOSTILE[value]:
                assert isinstance(read, HandHistory), read
                continue
            assert isinstance(read, PHHError), f"{field} = {value} was kept: {read.optional.get(field)!r}"
            assert str(read).startswith(f"hand [1]: {field}: ") or f"hand [1]: {field}: " in str(read)
            assert "\n" not in str(read)


@pytest.mark.parametrize("value", ["[[1]]", "1e400", "-inf"])
def test_hand_numbers_of_another_type_are_named_with_the_type(value):
    with pytest.raises(PHHError) as caught:
        loads(BASE + f"hand = {value}\n")
    text = str(caught.value)
    assert text.startswith("hand [1]: hand: must be a string or an integer")
    shown = {"[[1]]": "[[1]]", "1e400": "1E+400", "-inf": "-Infinity"}[value]
    assert text.endswith(f"got {shown}")


def test_the_command_line_gives_the_hand_an_error_verdict_and_exit_status_2(tmp_path):
    path = tmp_path / "hands.phhs"
    good = BASE.replace('"p2 f"]', '"p2 f"]\nhand = 7')
    path.write_text(f"[1]\n{good}\n[2]\n{BASE}hand = [[1]]\n\n[3]\n{good}")
    result = CliRunner().invoke(main, ["replay", str(path), "-q"])
    assert result.exit_code == 2, result.output
    assert result.stdout.splitlines()[:3] == [
        "hand 1: ok",
        "hand 2: unreadable: hand: must be a string or an integer (the PHH standard's type), got [[1]]",
        "hand 3: ok",
    ]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", ["cents.phhs", "straddles.phhs", "winnings_only.phh", "per_seat_antes.phh"])
def test_values_of_the_standard_types_still_read(name):
    path = Path(__file__).parent / "fixtures" / name
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hands = [hand for _, hand in read(path, recover=True)]
    assert hands and all(isinstance(hand, HandHistory) for hand in hands)


def _standard_type(field: str, value: object) -> bool:
    """Whether ``value`` (a Python value of a history built in code) is of ``field``'s standard type."""
    if field in STRING:
        return type(value) is str
    if field in INTEGER:
        return type(value) is int
    if field in STRING_OR_INTEGER:
        return type(value) in (str, int)
    if field == "time":
        return type(value) is datetime.time and value.tzinfo is None
    if field == "time_limit":
        if type(value) is Decimal:
            return not value.is_nan() and not value.is_signed() and (value.is_infinite() or value >= 0)
        return _seconds(value) or (type(value) is float and value == math.inf)
    return isinstance(value, list) and all(_seconds(item) for item in value)  # time_banks


def _seconds(value: object) -> bool:
    if type(value) is int:
        return value >= 0
    if type(value) is float:
        return math.isfinite(value) and value >= 0
    return type(value) is Decimal and value.is_finite() and value >= 0


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.sampled_from([Decimal("sNaN"), Decimal("-NaN"), Decimal("1E+400"), Decimal("-Infinity"), math.inf, -0.0]),
    st.text(max_size=5),
    st.times(),
    st.datetimes(),
    st.dates(),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=6,
)
SIMPLE = (*STRING, *INTEGER, *STRING_OR_INTEGER, "time", "time_limit", "time_banks")  # the rest: by their readers


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(field=st.sampled_from(SIMPLE), value=VALUES)
def test_a_history_built_in_code_gets_the_same_type_checks(field, value):
    hand = HandHistory("NT", [0, 0], [1, 2], [100, 100], [], min_bet=2, optional={field: value})
    try:
        checked = check_history(hand)
    except PHHError as exc:
        assert exc.field == field and exc.malformed and "(the PHH standard's type)" in exc.reason
        assert value is not None and not _standard_type(field, value)
        return
    assert value is None or _standard_type(field, value)
    if value is not None:
        assert checked.optional[field] == value or value != value  # kept as it is


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(field=st.sampled_from(FIELDS), value=VALUES)
def test_any_value_of_any_standard_field_is_read_or_refused_in_one_line(field, value):
    hand = HandHistory("NT", [0, 0], [1, 2], [100, 100], [], min_bet=2, optional={field: value})
    try:
        check_history(hand)
    except PHHError as exc:
        assert exc.field == field and "\n" not in str(exc)


ODD_NUMBERS = [Decimal("sNaN"), Decimal("NaN"), Decimal("-Infinity"), Decimal("1E+400"), math.nan, -math.inf, 1e400]


@pytest.mark.parametrize("value", [*ODD_NUMBERS, *([odd, 1] for odd in ODD_NUMBERS)], ids=repr)
@pytest.mark.parametrize("field", FIELDS)
def test_odd_numbers_built_in_code_are_refused_or_read_never_an_internal_error(field, value):
    hand = HandHistory("NT", [0, 0], [1, 2], [100, 100], [], min_bet=2, optional={field: value})
    try:
        check_history(hand)
    except PHHError as exc:
        assert exc.field == field
