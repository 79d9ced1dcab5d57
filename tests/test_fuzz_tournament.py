"""Hostile and generated input against the tournament math: ICM, push-or-fold at a final table, the chart.

The contract: a valid result, or the documented error (a ``TournamentError`` naming the problem; exit status 2 on
the command line, one line), and never another exception, a NaN or an infinity, invalid JSON or a hang. Stacks and
prizes run from the smallest float to the largest, ratios past ``2**53``, fields up to a hundred and fifty
players; every run is kept small (few finishes, deals and iterations), and each example runs under a deadline.
"""

from __future__ import annotations

import json
import math
import re
from datetime import timedelta

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.tournament import TournamentError, icm, pushfold_icm

FUZZ = settings(
    max_examples=120,
    deadline=timedelta(seconds=20),
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
FEW = settings(FUZZ, max_examples=60)  # the push-or-fold solves: up to tenths of a second each

HOSTILE = ["nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e400", "-1e400", "1e-400", "-0", "0", "-1", "x", "",
           " ", "1_000", "0x10", "1" + "0" * 400]  # fmt: skip
# Every scale of positive float: any at all, the decades from 1e-300 to 1e300, the extremes, and integers past 2**53.
SPREAD = st.builds(lambda m, e: m * 10.0**e, st.floats(1, 10), st.integers(-300, 300))
EXTREMES = st.sampled_from([5e-324, 2.2250738585072014e-308, 1e-300, 1e300, 1e308, 1.7976931348623157e308, 1e16, 1.0])
ANY_POSITIVE = st.floats(min_value=5e-324, max_value=1.7976931348623157e308)
POSITIVE = st.sampled_from(
    [SPREAD, SPREAD, ANY_POSITIVE, EXTREMES, st.integers(1, 2**70), st.integers(1, 10_000)]
).flatmap(lambda strategy: strategy)
NARROW = st.one_of(st.builds(lambda m, e: m * 10.0**e, st.floats(1, 10), st.integers(-150, 150)), st.integers(1, 10**6))


def mostly(valid, hostile):
    """``valid`` most of the time, else ``hostile`` (one_of would draw the first far more often)."""
    return st.sampled_from([valid] * 7 + [hostile]).flatmap(lambda strategy: strategy)


@st.composite
def fields(draw, sizes, paid_at_most=6):
    """``(stacks, payouts)``: positive numbers of every scale, payouts from first down (some 0), at most one a
    player; spoilt, one time in eight, by a hostile number, payouts out of order or more payouts than players."""
    n = draw(sizes)
    stacks = draw(st.lists(POSITIVE if n <= 20 else NARROW, min_size=n, max_size=n))  # a large field: spans to 1e300
    paid = draw(st.integers(1, max(1, min(n, paid_at_most))))
    payouts = sorted(draw(st.lists(mostly(POSITIVE, st.just(0)), min_size=paid, max_size=paid)), reverse=True)
    spoil = draw(mostly(st.just(""), st.sampled_from(["stack", "payout", "order", "extra"])))
    if spoil in ("stack", "payout"):
        where = stacks if spoil == "stack" else payouts
        where[draw(st.integers(0, len(where) - 1))] = draw(st.one_of(st.sampled_from(HOSTILE), st.floats()))
    elif spoil == "order":
        payouts.reverse()
    elif spoil == "extra":
        payouts += [0] * (n + 1 - len(payouts))
    return stacks, payouts


FEW_OR_MANY = mostly(st.integers(1, 7), st.integers(21, 150))  # many players: sampled


def text(values) -> list[str]:
    """Numbers as the command line is given them (their repr: every digit), text as it is."""
    return [v if isinstance(v, str) else repr(v) for v in values]


NONFINITE = re.compile(r"(?<![\w.])[-+]?(nan|inf|infinity)(?![\w])", re.I)


def strict_json(out: str):
    """The JSON, refusing NaN and the infinities as ``json.dumps(allow_nan=False)`` would."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} in the JSON")

    return json.loads(out, parse_constant=refuse)


def names_a_nonfinite(args: list[str]) -> bool:
    """Whether the input itself holds a number that is not finite as a float (an error may echo it)."""
    for arg in args:
        for item in arg.split(","):
            try:
                if not math.isfinite(float(item)):
                    return True
            except (ValueError, OverflowError):
                continue
    return False


def check_run(args: list[str]):
    """Run the command line; check the exit status and what it printed; the JSON when ``--json`` answered."""
    result = CliRunner().invoke(main, args)
    # A traceback would show as an exception other than SystemExit.
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.output)
    assert result.exit_code in (0, 2), (args, result.exit_code, result.output)
    assert "internal error" not in result.output and "Traceback" not in result.output, result.output
    if result.exit_code == 2:
        assert len(result.output.splitlines()) == 1 and result.output.startswith("error: "), result.output
        assert names_a_nonfinite(args) or not NONFINITE.search(result.output), (args, result.output)
        return None
    assert not NONFINITE.search(result.output), (args, result.output)
    return strict_json(result.stdout) if "--json" in args else None


def pool_of(payouts) -> float:
    return math.fsum(float(p) for p in payouts)


def check_shares(equities, pool: float) -> None:
    """Every equity finite, none below 0 or above the pool, all of them the pool (to a billionth, or to the
    smallest float each when the pool is so small that its shares cannot be held)."""
    assert all(math.isfinite(e) and -1e-9 * pool <= e <= pool * (1 + 1e-9) + 5e-324 for e in equities), equities
    assert abs(math.fsum(equities) - pool) <= 1e-9 * pool + len(equities) * 5e-324, (math.fsum(equities), pool)


@FUZZ
@given(
    field=fields(FEW_OR_MANY),
    model=st.sampled_from(["harville", "weitzman"]),
    trials=mostly(st.sampled_from([None, None, "2", "50", "300"]), st.sampled_from(["1", "0", "-5", "1e3", "1e20"])),
    seed=mostly(st.sampled_from([None, "0", "7", "18446744073709551615"]), st.sampled_from(["2**64", "-1", "x"])),
    as_json=st.booleans(),
)
def test_icm_command_answers_or_exits_2(field, model, trials, seed, as_json):
    stacks, payouts = field
    args = ["icm", *text(stacks), "--payouts", ",".join(text(payouts)), "--model", model]
    if trials is None and len(stacks) > 20:
        trials = "200"  # a large field is sampled: a million finishes by default
    args += ["--trials", trials] if trials is not None else []
    args += ["--seed", seed] if seed is not None else []
    data = check_run(args + (["--json"] if as_json else []))
    if data is not None:
        check_shares([p["equity"] for p in data["players"]], data["prize_pool"])
        assert abs(math.fsum(p["chips_share"] for p in data["players"]) - 1) < 1e-9
        assert all(math.isfinite(p.get("stderr", 0.0)) for p in data["players"])


ODD = st.one_of(st.floats(), st.integers(-(2**70), 10**400), st.sampled_from(HOSTILE), st.none(), st.booleans())


@FUZZ
@given(
    field=fields(FEW_OR_MANY),
    odd=mostly(st.none(), st.tuples(st.booleans(), ODD)),
    model=mostly(st.sampled_from(["harville", "weitzman"]), st.just("chen")),
    method=mostly(st.sampled_from(["auto", "exact", "mc"]), st.just("bogus")),
    trials=mostly(
        st.one_of(st.none(), st.integers(2, 400)),
        st.one_of(st.integers(-5, 1), st.just(10**20), st.floats(allow_nan=True), st.text(max_size=2)),
    ),
    seed=mostly(
        st.one_of(st.none(), st.integers(0, 2**64 - 1)),
        st.one_of(st.integers(-(2**65), 2**65), st.floats(allow_nan=True), st.text(max_size=2)),
    ),
)
def test_icm_gives_the_pool_in_finite_shares_or_names_the_problem(field, odd, model, method, trials, seed):
    stacks, payouts = field
    if odd is not None:  # a value of another type where a number goes
        (stacks if odd[0] else payouts)[0] = odd[1]
    if trials is None and (method == "mc" or len(stacks) > 20):
        trials = 300  # a million finishes by default
    try:
        result = icm(stacks, payouts, model=model, method=method, trials=trials, seed=seed)
    except TournamentError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    check_shares(result.equities, result.prize_pool)
    assert result.stderrs is None or all(math.isfinite(e) for e in result.stderrs)
    json.dumps(result.to_dict(), allow_nan=False)


TABLE_STACKS = st.one_of(st.integers(500, 20_000), st.sampled_from([1e300, 1e308, 1.7976931348623157e308, 1e16]))
BLINDS = mostly(
    st.sampled_from(["50,100", "0,1", "1e-301,1e-300", "1e300,1e300", "1e308,1e308"]),
    st.sampled_from(["100", "1,nan", "-1,2", "2,1", "x,1", "1e400,1e400"]),
)
ANTES = mostly(
    st.sampled_from(["0", "10", "-0", "1e-300", "1e308"]), st.sampled_from(["nan", "inf", "-1", "z", "1e400"])
)


@FEW
@given(
    field=fields(st.sampled_from([2, 3, 4, 2, 3, 1, 10]), paid_at_most=4),
    big=st.lists(TABLE_STACKS, min_size=10, max_size=10),
    blinds=BLINDS,
    ante=ANTES,
    deals=mostly(st.sampled_from(["100", "150"]), st.sampled_from(["99", "0", "abc", "100000000000"])),
    iterations=mostly(st.sampled_from(["1", "3"]), st.sampled_from(["0", "-1", "2.5"])),
    as_json=st.booleans(),
)
def test_pushfold_icm_command_answers_or_exits_2(field, big, blinds, ante, deals, iterations, as_json):
    stacks, payouts = field
    stacks = [b if isinstance(s, (int, float)) and s < 200 else s for s, b in zip(stacks, big)]  # cover the blinds
    args = ["pushfold", "icm", *text(stacks), "--payouts", ",".join(text(payouts)), "--blinds", blinds]
    args += ["--ante", ante, "--deals", deals, "--iterations", iterations, "--seed", "3"]
    data = check_run(args + (["--json"] if as_json else []))
    if data is not None:
        check_shares(data["ev"], pool_of(data["payouts"]))
        assert all(math.isfinite(x) for x in data["gains"] + [data["ev_error"]])


@FEW
@given(
    field=fields(st.sampled_from([2, 3, 4, 2, 3, 1, 10]), paid_at_most=4),
    big=st.lists(TABLE_STACKS, min_size=10, max_size=10),
    odd=mostly(st.none(), st.tuples(st.sampled_from(["stack", "payout", "blind", "ante"]), ODD)),
    deals=mostly(st.sampled_from([100, 120]), st.sampled_from([99, 2.5, 10**20])),
    iterations=mostly(st.sampled_from([1, 2, True]), st.sampled_from([0, -3, 1.5])),
)
def test_pushfold_icm_gives_finite_values_or_names_the_problem(field, big, odd, deals, iterations):
    stacks, payouts = field
    stacks = [b if isinstance(s, (int, float)) and s < 200 else s for s, b in zip(stacks, big)]
    blinds, ante = [50, 100], 0.0
    if odd is not None:
        what, value = odd
        if what == "ante":
            ante = value
        else:
            {"stack": stacks, "payout": payouts, "blind": blinds}[what][0] = value
    try:
        result = pushfold_icm(stacks, payouts, blinds, ante, deals=deals, iterations=iterations, seed=3)
    except TournamentError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    check_shares(result.ev, pool_of(result.payouts))
    assert all(math.isfinite(x) for x in result.gains + (result.ev_error,))
    json.dumps(result.to_dict(), allow_nan=False)


# Charts to 4 bb at most (a wide chart solves for seconds): their hostile neighbours are what is checked here.
CHART_STACKS = mostly(
    st.sampled_from(["1", "1.05", "2", "2.5", "3", "3.99", "4.0000001", "1e-300"]),
    st.sampled_from(["0.99", "50.0001", "1e308", *HOSTILE]),
)


@FEW
@given(
    max_stack=CHART_STACKS,
    ante=mostly(
        st.sampled_from(["0", "-0", "0.125", "1", "2.5", "1e-300"]),
        st.sampled_from(["9.9", "10", "10.1", "nan", "inf", "1e400", "-1", "x"]),
    ),
    as_json=st.booleans(),
)
def test_pushfold_chart_command_answers_or_exits_2(max_stack, ante, as_json):
    check_run(["pushfold", "chart", "--max-stack", max_stack, "--ante", ante] + (["--json"] if as_json else []))
