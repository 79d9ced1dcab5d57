"""Hostile and generated input against cards, ranges, equity and the command line.

The contract everywhere: a valid result, or the documented error (a
``ValueError`` subclass naming the problem; exit status 2 on the command
line), and never another exception, a NaN, invalid JSON or a hang. Each
example runs under a deadline.
"""

from __future__ import annotations

import json
import math
import re
from datetime import timedelta

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from pokerlab import evaluator
from pokerlab.evaluator.cards import CardError, parse_cards, to_card_ids
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.equity.engine import EquityError, equity
from pokerlab.simulate.ranges.parse import RangeError, parse_range

FUZZ = settings(
    max_examples=300,
    deadline=timedelta(seconds=20),
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)

CARD_TEXT = st.text(alphabet="23456789TJQKAtjqkacdhsxJk10 ,*+-@:%.eE\t\n", max_size=24)
NUMBERS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
)
RANGE_PIECES = st.sampled_from(
    ["AA", "KK", "QQ+", "AKs", "AKo", "A2s+", "T9s-65s", "22-55", "AhKh", "random", "*", "15%", "Jk", "JK", "@50",
     ":0.5", "@1e-200", ",", " ", "+", "-", "%", "x", "AsAs", "AKx", "@", ":", "0", "100", "1e308", "nan", "inf"]
)  # fmt: skip
RANGE_TEXT = st.lists(RANGE_PIECES, max_size=8).map("".join)


def parsed_or_none(parse, error: type[ValueError], text: str):
    """What ``parse`` makes of ``text``, or None where it refused it with ``error`` and a message naming the
    problem."""
    try:
        return parse(text)
    except error as exc:
        assert str(exc)
        return None


@FUZZ
@given(CARD_TEXT)
def test_card_text_parses_or_names_the_problem(text):
    ids = parsed_or_none(parse_cards, CardError, text)
    assert ids is None or (all(0 <= c < 52 for c in ids) and len(set(ids)) == len(ids))


@FUZZ
@given(st.lists(NUMBERS, max_size=8))
def test_card_ids_convert_or_name_the_problem(values):
    try:
        ids = to_card_ids(values)
    except CardError:
        return
    assert all(isinstance(c, int) and 0 <= c < 52 for c in ids)


@FUZZ
@given(st.one_of(st.lists(NUMBERS, min_size=5, max_size=7), CARD_TEXT, NUMBERS))
def test_evaluate_ranks_or_names_the_problem(cards):
    for call in (evaluator.evaluate, evaluator.evaluate_mask):
        try:
            value = call(cards)
        except CardError:
            continue
        assert 0 < value < 10 << 12


@FUZZ
@given(RANGE_TEXT)
def test_range_text_parses_or_names_the_token(text):
    rng = parsed_or_none(parse_range, RangeError, text)
    assert rng is None or (len(rng) > 0 and all(0 < w <= 1 for w in rng.weights))


PLAYERS = st.sampled_from(
    [
        "AsAh",
        "KsKh",
        "AA",
        "AA@1e-200",
        "KK:1e-300",
        "QQ+,AKs",
        "random",
        "AKs@50",
        "22",
        "Jk",
        "XX",
        "",
        "AsAs",
        "7c2d",
    ]
)
BOARDS = st.sampled_from([None, "", "Qs7h2c", "Qs7h2c5d", "Qs7h2c5d9s", "AsKs", "Qs7h2c5d9s3c", "Qs Qs 2c", "zz"])


@FUZZ
@given(
    players=st.lists(PLAYERS, min_size=0, max_size=4),
    board=BOARDS,
    dead=st.sampled_from([None, "", "5d", "As", "5d5d", "??"]),
    trials=st.one_of(st.none(), st.integers(-5, 3_000), st.just(10**30), st.floats(allow_nan=True)),
    seed=st.one_of(st.none(), st.integers(-(2**65), 2**65)),
    method=st.sampled_from(["mc", "exact", "auto", "bogus"]),
)
def test_equity_gives_finite_shares_or_names_the_problem(players, board, dead, trials, seed, method):
    if method != "mc":
        trials = None  # exact and auto take no trials: keep every example quick
    try:
        result = equity(players, board=board, dead=dead, method=method, trials=trials, seed=seed, threads=1)
    except (EquityError, RangeError, CardError) as exc:
        assert str(exc)
        return
    shares = [p.equity for p in result.players]
    assert all(math.isfinite(s) and 0 <= s <= 1 for s in shares)
    assert abs(sum(shares) - 1) < 1e-9
    json.dumps(result.to_dict(), allow_nan=False)


CLI_TOKENS = st.sampled_from(
    ["AsAh", "KsKh", "AA", "random", "Jk", "QQ+,AKs", "As Ks Qs Js Ts", "2c 3d 4h 5s 7c", "--board", "Qs7h2c",
     "--dead", "5d", "--mc", "--exact", "--trials", "1", "100", "1e30", "--seed", "-1", "18446744073709551616",
     "--json", "--rules", "joker", "deuce-seven", "--discard", "9c", "--threads", "0", "nan", "", "--stderr", "inf"]
)  # fmt: skip


@FUZZ
@given(command=st.sampled_from(["eval", "equity", "range", "draw"]), args=st.lists(CLI_TOKENS, max_size=6))
def test_the_command_line_answers_or_exits_2(command, args):
    result = CliRunner().invoke(main, [command, *args])
    # A traceback would show as an exception other than SystemExit.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 2), (result.exit_code, result.output)
    if result.exit_code == 0 and "--json" in args:
        json.loads(result.stdout)
    if "nan" not in args:  # the input itself may be echoed in an error
        assert not re.search(r"\bnan\b", result.output, re.I), result.output


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AA@1e-200", "KK@1e-200", "--exact", "--json"],
        ["equity", "random", "random", "random", "random", "random", "random", "--exact"],
        ["equity", "AsAh", "KsKh", "--mc", "--trials", "100000000000000000000000000000"],
        ["equity", "AsAh", "KsKh", "--seed", "18446744073709551616"],
        ["equity", "Jk", "QQ"],
        ["eval", "As", "Ks", "Qs", "Js", "Xs"],
        ["equity", "QQ+", "random", "--mc", "--stderr", "1e-160"],
        ["equity", "AhAd2c3s", ",", "--game", "omaha"],
        ["equity", "AhAd2c3s", ",,", "--game", "omaha-hilo"],
        ["equity", "AA", "KK", "--scheduler", ""],
    ],
)
def test_reported_hostile_inputs_exit_2_at_once(args):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and not isinstance(result.exception, (AssertionError, TypeError))


BATCH_PIECES = st.sampled_from(
    [b"AsAh", b"KsKh", b" ", b"'", b'"', b"{", b"}", b"[", b"]", b'"players"', b":", b",", b"NaN", b"1e400",
     b"Infinity", b'"id"', b"--mc", b"--seed", b"1", b"\xff", b"\xc3", b"\x00", b"#", b"--game", b"omaha",
     b"\r", b"-", b"=", b"\\"]
)  # fmt: skip
BATCH_LINES = st.lists(st.lists(BATCH_PIECES, max_size=10).map(b"".join), min_size=1, max_size=4)


@FUZZ
@given(BATCH_LINES)
def test_every_batch_line_is_answered_and_the_run_goes_on(lines):
    """Whatever the bytes of a line, it gets an answer or an error line, in order, and never an internal error."""
    import io

    from pokerlab.simulate.equity.batch import equity_many, read_lines

    answers = list(equity_many(read_lines(io.BytesIO(b"\n".join(lines) + b"\nAsAh KsKh\n")), threads=1))
    assert answers[-1]["line"] == len(lines) + 1 and "error" not in answers[-1]
    for answer in answers:
        assert "internal error" not in answer.get("error", ""), answer
        json.dumps(answer, allow_nan=False)


OMAHA_PIECES = st.sampled_from(["AA**", "KK**", "A***", "****", "*", ",", " ", "ds", "ss", "AsKs**", "xx", "xy",
                                "random", "2345", "AAKK", "Ah", "!", "$"])  # fmt: skip


@FUZZ
@given(st.lists(OMAHA_PIECES, max_size=6).map("".join))
def test_omaha_range_text_parses_or_names_the_problem(text):
    from pokerlab.simulate.ranges.omaha import parse_omaha_range

    try:
        parsed = parse_omaha_range(text)
    except RangeError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert parsed.is_random or len(parsed.combos) > 0
