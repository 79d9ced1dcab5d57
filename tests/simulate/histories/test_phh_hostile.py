"""Hostile and broken PHH: every problem is a PHHError naming the file, hand and field, or a named replay problem.

Covers: "ok" only for finished hands whose recorded results were all compared; finishing_stacks of the
wrong length/type/fraction; nan/inf/-inf amounts; deep nesting; empty files; a card dealt twice
naming the deal action; streaming (hands parsed one at a time, memory flat); property tests over
generated and hostile PHH text, through the library and the command line.
"""

from __future__ import annotations

import io
import json
import tracemalloc
from decimal import Decimal

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import PHHError, dumps, loads, read, replay

BASE = (
    'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n'
    'actions = ["d dh p1 AsAh", "d dh p2 7c2d", "p2 f"]\nfinishing_stacks = [101, 99]\n'
)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_error_line(result, *parts: str) -> str:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    [line] = [x for x in result.output.splitlines() if x.startswith("error:")]
    for part in parts:
        assert part in line, line
    return line


def test_the_base_hand_is_ok():
    result = replay(loads(BASE))
    assert result.ok and result.finished and result.checks["finishing_stacks"] == ([101, 99], [101, 99])


# ---------------------------------------------------------------------- A: "ok" means checked
def test_truncated_hand_is_not_ok_even_with_finishing_stacks(tmp_path):
    path = tmp_path / "cut.phh"
    path.write_text(BASE.replace(', "p2 f"', ""))
    result = replay(loads(path.read_text()))
    assert not result.ok and not result.finished
    assert result.problems == ["the history ends before the hand is over"]
    cli = run("replay", "-q", str(path))
    assert cli.exit_code == 1 and "hand 1: FAILED: the history ends before the hand is over" in cli.output
    [data] = json.loads(run("replay", "--json", str(path)).output)
    assert data["ok"] is False and data["finished"] is False


@pytest.mark.parametrize(
    "value,reason",
    [
        ("[101, 99, 0]", "has 3 entries for 2 players"),
        ("[101]", "has 1 entries for 2 players"),
        ('"abc"', "must be an array"),
        ("[[101], 99]", "amounts of money"),
        ("[true, 99]", "amounts of money"),
        ('["101", 99]', "amounts of money"),
        ("[100.5, 99.0000000001]", "more than 9 decimal places"),
        ("[-1, 99]", "from 0"),
        ("[nan, 99]", "nan"),
        ("[inf, 99]", "inf"),
        ("[-inf, 99]", "-inf"),
    ],
)
def test_bad_finishing_stacks_are_phh_errors_naming_the_field(tmp_path, value, reason):
    text = BASE.replace("[101, 99]", value)
    with pytest.raises(PHHError, match=reason) as caught:
        loads(text)
    assert caught.value.field == "finishing_stacks"
    path = tmp_path / "bad.phh"
    path.write_text(text)
    one_error_line(run("replay", str(path)), str(path), "hand [1]", "finishing_stacks", reason)


def test_wrong_winnings_and_carry_out_are_compared():
    result = replay(loads(BASE + "winnings = [0, 3]\n_carry_out = 1\n"))
    assert not result.ok
    assert result.problems == [
        "winnings: the history says [0, 3], the replay gives [3, 0]",
        "_carry_out: the history says 1, the replay gives 0",
    ]
    right = replay(loads(BASE + "winnings = [3, 0]\n_carry_out = 0\n"))  # the uncalled blind counts (PHH)
    assert right.ok and set(right.checks) == {"finishing_stacks", "winnings", "_carry_out"}


def test_hand_built_in_code_gets_the_same_checks():
    hand = loads(BASE)
    hand.optional["finishing_stacks"] = [float("nan"), 1]
    result = replay(hand)
    assert not result.ok and result.error.kind == "phh" and result.error.field == "finishing_stacks"


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_a_file_without_hands_is_an_error(tmp_path, text):
    path = tmp_path / "empty.phhs"
    path.write_text(text)
    one_error_line(run("replay", str(path)), str(path), "holds no hands")


# ---------------------------------------------------------------------- C: values and nesting
@pytest.mark.parametrize(
    "old,new,field",
    [
        ("starting_stacks = [100, 100]", "starting_stacks = [nan, 100]", "starting_stacks"),
        ("starting_stacks = [100, 100]", "starting_stacks = [-inf, 100]", "starting_stacks"),
        ("starting_stacks = [100, 100]", "starting_stacks = [1e300, 100]", "starting_stacks"),
        ("antes = [0, 0]", "antes = [nan, 0]", "antes"),
        ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, inf]", "blinds_or_straddles"),
        ("min_bet = 2", "min_bet = nan", "min_bet"),
        ("min_bet = 2", "min_bet = -inf", "min_bet"),
        ('"p2 f"', '"p2 cbr nan"', "actions"),
        ('"p2 f"', '"p2 cbr inf"', "actions"),
        ('"p2 f"', '"p2 cbr -inf"', "actions"),
        ('"p2 f"', '"p2 cbr 1' + "9" * 5000 + '"', "actions"),
        ('"p2 f"', '"p' + "9" * 5000 + ' f"', "actions"),
        ('variant = "NT"', 'variant = "NT"\n_max_discards = inf', "_max_discards"),
        ('variant = "NT"', 'variant = "NT"\n_jokers = 1000000000', "_jokers"),
        ('variant = "NT"', 'variant = "NT"\n_carried_pot = nan', "_carried_pot"),
        ('variant = "NT"', 'variant = "NT"\nseats = ["a", 2]', "seats"),
        ('variant = "NT"', "variant = 5", "variant"),
    ],
)
def test_bad_values_are_one_line_phh_errors_exit_2(tmp_path, old, new, field):
    path = tmp_path / "bad.phhs"
    path.write_text("[1]\n" + BASE + "\n[2]\n" + BASE.replace(old, new))
    line = one_error_line(run("replay", "-q", str(path)), str(path), "hand [2]", field)
    assert "Traceback" not in line
    result = run("replay", "-q", str(path))
    assert result.output.startswith("hand 1: ok")  # streamed: hand 1 was printed before hand 2 failed


@pytest.mark.parametrize("opening,closing", [("[", "]"), ("{a=", "}")])
def test_deep_nesting_is_a_phh_error(tmp_path, opening, closing):
    text = "variant = " + opening * 5000 + closing * 5000 + "\n"
    with pytest.raises(PHHError, match="nested"):
        loads(text)
    path = tmp_path / "deep.phh"
    path.write_text(text)
    one_error_line(run("replay", str(path)), "nested")


def test_json_output_stays_a_valid_list_when_a_later_hand_is_bad(tmp_path):
    path = tmp_path / "bad.phhs"
    path.write_text("[1]\n" + BASE + "\n[2]\n" + BASE.replace("[101, 99]", "[nan, 1]"))
    result = run("replay", "--json", str(path))
    assert result.exit_code == 2
    data = json.loads(result.stdout)  # the error line went to stderr, the hand's verdict to the list
    assert len(data) == 2 and data[1]["status"] == "unreadable"


# ---------------------------------------------------------------------- D: where a card was dealt twice
def test_card_dealt_twice_names_the_deal_action():
    result = replay(loads(BASE.replace("d dh p2 7c2d", "d dh p2 AsKd")))
    assert result.error.index == 1 and result.error.action == "d dh p2 AsKd"
    assert "As is dealt twice (action 1 'd dh p1 AsAh' dealt it)" in str(result.error)
    board = BASE.replace('"p2 f"', '"p2 cc", "p1 cc", "d db 7c8h9d"')
    result = replay(loads(board))
    assert result.error.action == "d db 7c8h9d" and "7c is dealt twice" in result.error.reason


# ---------------------------------------------------------------------- B: streaming
def test_hands_are_read_one_at_a_time(tmp_path):
    path = tmp_path / "two.phhs"
    path.write_text("[1]\n" + BASE + "\n[2]\nvariant = 5 5\n")
    hands = read(path)
    label, first = next(hands)  # the first hand comes before the broken second one is read
    assert label == "1" and replay(first).ok
    with pytest.raises(PHHError, match="not valid TOML") as caught:
        next(hands)
    assert caught.value.hand == "2" and "at line 11," in str(caught.value)  # the file's line, not the hand's


def _peak_reading(path) -> int:
    tracemalloc.start()
    for _, hand in read(path):
        del hand
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def test_memory_does_not_grow_with_the_number_of_hands(tmp_path, monkeypatch):
    from pokerlab.simulate.histories import reading

    monkeypatch.setattr(reading, "WHOLE_FILE_BYTES", 1 << 10)  # both files past it: read a hand at a time
    small, large = tmp_path / "small.phhs", tmp_path / "large.phhs"
    small.write_text("\n".join(f"[{k}]\n{BASE}" for k in range(1, 101)))
    large.write_text("\n".join(f"[{k}]\n{BASE}" for k in range(1, 2001)))
    assert _peak_reading(large) < 2 * _peak_reading(small) + 50_000


def test_library_lists_still_work():
    text = "[1]\n" + BASE + "\n[2]\n" + BASE
    assert [(label, hand.variant) for label, hand in read(text)] == [("1", "NT"), ("2", "NT")]
    assert loads(dumps(loads(BASE))) == loads(BASE)


# ---------------------------------------------------------------------- H: property tests
PROPERTY = settings(max_examples=120, deadline=2000, suppress_health_check=list(HealthCheck), derandomize=True)
FIELDS = ["variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions", "finishing_stacks"]
FIELDS += ["winnings", "seats", "_carried_pot", "_max_discards", "_raise_cap", "_jokers", "small_bet", "players"]
SCALARS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=10),
)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4), max_leaves=10)
ACTION_TEXT = st.one_of(
    st.sampled_from(["p1 cc", "p2 cc", "p1 f", "p2 f", "d db 7c8h9d", "p1 sm AsAh", "p2 sd 7c", "d dh p1 ??"]),
    st.builds(lambda p, a: f"p{p} cbr {a}", st.integers(0, 4), SCALARS),
    st.text(max_size=12),
)


def _value(value) -> str:
    from pokerlab.simulate.histories.writing import toml_value as write

    return write(value)


def check_contract(text: str) -> None:
    """A valid result (ok is a bool, stacks ints or exact decimals) or PHHError; nothing else."""
    try:
        file = io.StringIO(text, newline="")
        file.name = "x.phhs"  # type: ignore[misc]  # errors name the file
        hands = list(read(file))
    except PHHError as exc:
        assert str(exc).startswith("x.phhs") and "\n" not in str(exc)
        return
    for _, hand in hands:
        result = replay(hand)
        assert isinstance(result.ok, bool)
        if result.stacks is not None:
            assert all(type(s) in (int, Decimal) for s in result.stacks)
        assert "\n" not in "; ".join(result.problems)


@PROPERTY
@given(field=st.sampled_from(FIELDS), value=VALUES)
def test_any_value_in_any_field_gives_a_result_or_phh_error(field, value):
    hand = loads(BASE).to_dict()
    hand[field] = value
    check_contract("\n".join(f"{key} = {_value(v)}" for key, v in hand.items()))


@PROPERTY
@given(actions=st.lists(ACTION_TEXT, max_size=8))
def test_random_actions_give_a_result_or_phh_error(actions):
    check_contract(BASE.replace('"p2 f"', ", ".join(json.dumps(a) for a in actions)).replace("[, ", "["))


@PROPERTY
@given(cut=st.integers(0, 2 * len(BASE) + 10), depth=st.integers(0, 3000), noise=st.text(max_size=20))
def test_truncated_nested_and_noisy_files(cut, depth, noise):
    text = "[1]\n" + BASE + "\n[2]\n" + BASE
    check_contract(text[:cut])
    check_contract(text[:cut] + noise)
    check_contract(f"x = {'[' * depth}{']' * depth}\n" + text)


@settings(max_examples=25, deadline=5000, suppress_health_check=list(HealthCheck), derandomize=True)
@given(cut=st.integers(0, len(BASE)), noise=st.text(max_size=8), field=st.sampled_from(FIELDS), value=VALUES)
def test_the_command_line_exits_0_1_or_2_with_one_error_line(tmp_path_factory, cut, noise, field, value):
    folder = tmp_path_factory.mktemp("phh")
    hand = loads(BASE).to_dict()
    hand[field] = value
    mutated = "\n".join(f"{key} = {_value(v)}" for key, v in hand.items())
    for text in (BASE[:cut] + noise, mutated):
        path = folder / "hand.phh"
        path.write_text(text, encoding="utf-8")
        result = run("replay", "-q", str(path))
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code in (0, 1, 2)
        if result.exit_code == 2:
            assert len([x for x in result.output.splitlines() if x.startswith("error:")]) == 1


def _special_files(folder):
    import os

    os.mkfifo(folder / "fifo.phh")
    (folder / "zero.phh").symlink_to("/dev/zero")
    return [folder / "fifo.phh", folder / "zero.phh"]


def test_a_fifo_or_a_device_is_refused_unread_not_waited_on(tmp_path):
    import subprocess
    import sys

    for path in _special_files(tmp_path):
        command = [sys.executable, "-m", "pokerlab", "replay", str(path)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)  # a hang fails by time-out
        assert done.returncode == 2 and "not a regular file" in done.stderr and "Traceback" not in done.stderr
    command = [sys.executable, "-m", "pokerlab", "replay", str(tmp_path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout.count("not a regular file") == 2, done.stdout


def test_the_library_readers_refuse_special_files(tmp_path):
    from pokerlab.simulate.histories import load

    for path in _special_files(tmp_path):
        with pytest.raises(OSError, match="not a regular file"):
            load(path)
        with pytest.raises(OSError, match="not a regular file"):
            list(read(path))


# ---------------------------------------------------------------------- B: memory held by a hand, not by its file
def _read_all(path) -> tuple[list, PHHError | None]:
    """What reading a file gives: its hands (or their errors) and the error that stopped it, if one did."""

    hands: list = []
    try:
        for label, hand in read(path, recover=True, warn=lambda message: None):
            hands.append((label, str(hand) if isinstance(hand, PHHError) else "hand"))
    except PHHError as exc:
        return hands, exc
    return hands, None


@pytest.mark.parametrize(
    "filler", ["\n", "#\n", "a", "x = 1\n"], ids=["blank lines", "comments", "one line", "fields of one hand"]
)
def test_reading_holds_no_more_than_a_hand_s_text_whatever_the_file_holds(tmp_path, monkeypatch, filler):
    from pokerlab.simulate.histories import reading

    monkeypatch.setattr(reading, "MAX_HAND_CHARS", 1 << 14, raising=False)  # a smaller bound: a 4 MiB file passes it
    size = 4 << 20
    path = tmp_path / "big.phhs"
    path.write_text("[1]\n" + BASE + "[2]\n" + filler * (size // len(filler)), encoding="utf-8")
    tracemalloc.start()
    try:
        hands, error = _read_all(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < size // 4, f"{peak:,} bytes at the peak reading a file of {size:,}"
    assert hands == [("1", "hand")]  # the hand before the long one, then the file stops
    assert str(error).startswith(f"{path}: hand [2]: more than 16,384 characters"), error


def test_a_hand_longer_than_the_bound_stops_its_file_in_one_line(tmp_path):
    from pokerlab.simulate.histories import load, reading

    path = tmp_path / "long.phhs"
    long = "[2]\n" + "# a comment\n" * (reading.MAX_HAND_CHARS // 12 + 1)
    path.write_text("[1]\n" + BASE + long + "[3]\n" + BASE, encoding="utf-8")
    hands, error = _read_all(path)
    assert hands == [("1", "hand")] and "hand [2]: more than 1,048,576 characters" in str(error)
    result = run("replay", "-q", str(path))
    assert "hand 1: ok" in result.output
    one_error_line(result, str(path), "hand [2]: more than 1,048,576 characters")
    (tmp_path / "one.phh").write_text(BASE + long[4:], encoding="utf-8")
    with pytest.raises(PHHError, match="more than 1,048,576 characters"):
        load(tmp_path / "one.phh")
    with pytest.raises(PHHError, match="more than 1,048,576 characters"):
        list(read(tmp_path / "one.phh"))


@pytest.mark.parametrize("size", [100, 3 << 20], ids=["read whole", "read line by line"])
def test_a_file_that_starts_with_nul_bytes_is_refused_before_it_is_read(tmp_path, size):
    from pokerlab.simulate.histories import load

    path = tmp_path / "zeros.phh"
    path.write_bytes(b"[1]\n" + b"\0" * size)
    hands, error = _read_all(path)
    assert hands == [] and str(error) == f"{path}: not a text file: a NUL byte at byte 4 (a binary file?)"
    for reader in (load, lambda path: list(read(path))):
        with pytest.raises(PHHError, match="not a text file"):
            reader(path)
    one_error_line(run("replay", str(path)), str(path), "not a text file")


@pytest.mark.parametrize(
    "line",
    ["min_bet = {digits}", "starting_stacks = [200, {digits}]", "min_bet = -{digits}"],
    ids=["int", "list", "neg"],
)
def test_a_number_too_long_for_python_is_one_line_exit_2(tmp_path, line):
    # Python reads integers of at most 4300 digits: past that the file is refused, naming the line, not a crash.
    digits = "1" * 5000
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\n'
        "actions = []\n"
    )
    field = line.split(" = ")[0]
    text = "\n".join(line.format(digits=digits) if row.startswith(field + " ") else row for row in text.splitlines())
    with pytest.raises(PHHError, match="a number of 5000 digits at line"):
        loads(text)
    path = tmp_path / "big.phh"
    path.write_text(text + "\n")
    one_error_line(run("replay", str(path)), f"{path}: not valid TOML: a number of 5000 digits at line")
