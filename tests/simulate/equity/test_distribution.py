"""Equity by combo: each combo's equity is the plain equity with that combo in place of the range, the combos'
counts times their weights add back up to the range's counts exactly, and every player's numbers, exact or Monte
Carlo, come from one set of deals: the totals add up to 1."""

from __future__ import annotations

import json

import jsonschema
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from pokerlab import schemas
from pokerlab.errors import PokerlabError
from pokerlab.evaluator.cards import format_cards
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.cli.printing import json_text
from pokerlab.simulate.equity.distribution import equity_by_combo
from pokerlab.simulate.equity.engine import EquityError, equity
from pokerlab.simulate.ranges import parse_range

CASES = [
    (["QQ+,AKs", "JJ-99,AQs"], "Qh7c2d", None),
    (["22+,ATs+,KQo", "AsKd"], "8d7c2d4s", None),
    (["AhAd", "KK, AKs, 54s"], None, None),
    (["TT+,AK", "random"], "Ks8c4h", "2s"),
    (["AKs", "QQ", "JTs"], "9h8h2c", None),
]


@pytest.mark.parametrize(("players", "board", "dead"), CASES)
def test_combos_add_back_to_the_range_exactly(players, board, dead):
    d = equity_by_combo(players, board=board, dead=dead, method="exact")
    plain = equity(players, board=board, dead=dead, method="exact")
    assert d.method == "exact"
    for dist, p in zip(d.players, plain.players):
        # Integer weights: the very integers of the plain run.
        assert sum(c.weight * c.wins for c in dist.combos) == p.wins
        assert sum(c.weight * c.ties for c in dist.combos) == p.ties
        assert sum(c.weight * c.outcomes for c in dist.combos) == plain.outcomes
        assert dist.equity == pytest.approx(p.equity, rel=1e-12)
        assert dist.win == pytest.approx(p.win, rel=1e-12) and dist.tie == pytest.approx(p.tie, rel=1e-12, abs=0)
        assert [c.equity for c in dist.combos] == sorted((c.equity for c in dist.combos), reverse=True)


def test_weights_scale_the_combos_and_add_back():
    players = ["QQ@50, AKs@25, 77", "JJ:0.4, 99"]
    d = equity_by_combo(players, board="Qh7c2d", method="exact")
    plain = equity(players, board="Qh7c2d", method="exact")
    for dist, p in zip(d.players, plain.players):
        assert sum(c.weight * c.wins for c in dist.combos) == pytest.approx(p.wins, rel=1e-12)
        assert dist.equity == pytest.approx(p.equity, rel=1e-12)
    assert {c.weight for c in d.players[0].combos} == {0.5, 0.25, 1.0}


def test_each_combo_is_the_plain_equity_of_that_hand():
    d = equity_by_combo(["QQ+,AKs", "JJ-99,AQs"], board="Qh7c2d", method="exact")
    for c in d.players[0].combos[:5] + d.players[0].combos[-3:]:
        alone = equity([c.combo, "JJ-99,AQs"], board="Qh7c2d", method="exact")
        assert (c.wins, c.ties, c.outcomes) == (alone.players[0].wins, alone.players[0].ties, alone.outcomes)
        assert c.equity == alone.players[0].equity


def test_combos_blocked_by_a_fixed_hand_are_left_out():
    d = equity_by_combo(["AA", "AsKd"], board="Qh7c2d")
    assert len(d.players[0].combos) == 3  # the three aces combos without the ace of spades
    d = equity_by_combo(["AsKs, AsQs, JJ", "AsKd, AsJd"], board="2c3c4d")
    assert all("As" not in c.combo for c in d.players[0].combos)


def test_stats_weigh_the_combos():
    d = equity_by_combo(["AsAh", "KK"])
    stats = d.players[1].to_dict()["stats"]
    eqs = [c.equity for c in d.players[1].combos]
    assert stats["mean"] == pytest.approx(sum(eqs) / 6) and stats["min"] == min(eqs) and stats["max"] == max(eqs)
    assert set(stats) == {"mean", "stdev", "min", "median", "max"}
    assert stats["median"] in eqs


def test_bad_input_is_named():
    with pytest.raises(EquityError, match="2 or more players"):
        equity_by_combo(["AA"])
    with pytest.raises(PokerlabError, match="no deal is possible for player 1"):
        equity_by_combo(["AsKs", "AsQs"])
    with pytest.raises(EquityError, match="no combo left"):
        equity_by_combo(["AsKs", "QQ"], board="As7c2d")


# --- pokerlab equity --by-combo --------------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pokerlab")


def test_cli_by_combo_json_is_the_library_result():
    result = run("equity", "QQ+,AKs", "JJ", "-b", "Qh7c2d", "--by-combo", "--json")
    assert result.exit_code == 0, result.output
    expected = equity_by_combo(["QQ+,AKs", "JJ"], board="Qh7c2d").to_dict()
    assert result.stdout == json_text(expected) + "\n"
    data = json.loads(result.stdout)
    assert data["players"][0]["combos"] == 19 and data["players"][0]["list"][0]["combo"] == "QsQd"


def test_cli_by_combo_table():
    result = run("equity", "QQ+,AKs", "JJ", "-b", "Qh7c2d", "--by-combo")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("player 1 QQ+,AKs: 19 combos, equity 79.468 %")
    assert lines[3].split() == ["QsQd", "1", "99.899", "0.000", "99.899"]
    assert lines[-1] == "exact, every combo against the other players on Qh7c2d"


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AA", "KK", "--by-combo", "--breakdown"],
        ["equity", "AA", "KK", "--by-combo", "--game", "omaha"],
        ["equity", "AA", "KK", "--by-combo", "--stderr", "1e-3"],
        ["equity", "AA", "--by-combo"],
    ],
)
def test_cli_by_combo_refuses_what_it_cannot_do(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1


def _brute_deal_weights(combos, others):
    """Brute force: every tuple of the others' combos, no card twice, weighed by the product of weights."""
    import itertools

    out = []
    for c in combos:
        total = 0.0
        for tuple_ in itertools.product(*[list(zip(o.combos.tolist(), o.weights.tolist())) for o in others]):
            cards = [*c, *(x for cs, _ in tuple_ for x in cs)]
            if len(set(cards)) == len(cards):
                total += float(np.prod([w for _, w in tuple_]))
        out.append(total)
    return np.array(out)


@pytest.mark.parametrize(
    "ranges",
    [["AA,KK", "AKs"], ["AA,AKs", "KK,AQ", "AK"], ["QQ+", "AK", "AQs,KQs", "JJ,AJ"]],
    ids=["one other", "two others", "three others"],
)
def test_exact_shares_are_the_brute_force_deal_counts(ranges):
    """A combo's share: its weight times the others' deals it leaves possible (card removal), every tuple counted."""
    d = equity_by_combo(ranges, board="2c3d4h", method="exact")
    assert d.method == "exact"
    parsed = [parse_range(r) for r in ranges]
    for i, p in enumerate(d.players):
        mine, others = parsed[i], parsed[:i] + parsed[i + 1 :]
        want = _brute_deal_weights(mine.combos.tolist(), others) * mine.weights
        names = [format_cards(c) for c in mine.combos.tolist()]
        got = {c.combo: c.share for c in p.combos}
        assert [got.get(name, 0.0) for name in names] == pytest.approx(want / want.sum(), abs=1e-12)


@pytest.mark.parametrize(
    "players",
    [["AA,QQ", "AKo"], ["AA,QQ", "AKo", "KK,JJ"], ["AA,KK", "AK", "QQ,JJ", "AQs,KQs"]],
    ids=["heads-up", "3-way", "4-way"],
)
def test_monte_carlo_totals_agree_with_the_plain_call(players):
    """Card removal between the ranges: each combo's Monte Carlo row weighs by how often the combo is dealt."""
    plain = equity(players)  # exact (or a long Monte Carlo run for the 4-way spot)
    by_combo = equity_by_combo(players, method="mc", trials=200_000, seed=1)
    assert by_combo.method == "mc"
    assert sum(p.equity for p in by_combo.players) == pytest.approx(1.0, abs=1e-12)
    for ours, theirs in zip(by_combo.players, plain.players):
        assert abs(ours.equity - theirs.equity) <= 4 * (ours.stderr + theirs.stderr), (ours.hand, theirs.equity)
        assert ours.stats()["mean"] == pytest.approx(ours.equity, abs=1e-12)
        assert sum(c.share for c in ours.combos) == pytest.approx(1.0, abs=1e-12)


def test_weight_only_averaging_would_be_caught():
    """The check above can fail: AA,QQ against AKo averaged by weight alone is 75 %, not 68.9 %."""
    d = equity_by_combo(["AA,QQ", "AKo"], method="mc", trials=200_000, seed=1)
    rows = d.players[0].combos
    weight_only = sum(c.weight * c.equity for c in rows) / sum(c.weight for c in rows)
    assert weight_only > 0.74 and d.players[0].equity == pytest.approx(0.689, abs=0.005)


@pytest.mark.parametrize(
    ("method", "work"),
    [("exact", r"2,352 equity calls, one a combo"), ("mc", r"up to 200,000,000 deals of the whole spot")],
)
def test_a_run_estimated_past_its_limit_is_refused_early(method, work):
    import time

    start = time.perf_counter()
    with pytest.raises(EquityError, match=rf"would take about [\d,]+ s \({work}\), over the 0.5 s limit"):
        equity_by_combo(["random", "random"], board="Qh7c2d", method=method, max_seconds=0.5)
    assert time.perf_counter() - start < 60


def test_progress_reaches_the_end():
    seen: list[float] = []
    equity_by_combo(["QQ,AKs", "JJ"], board="Qh7c2d", progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) == 13  # 3 QQ, 4 AKs, 6 JJ


def test_exact_calls_are_spread_over_the_threads_one_thread_each(monkeypatch):
    import threading

    from pokerlab.simulate.equity import distribution

    seen = []

    def recording(deal, **options):
        seen.append((threading.get_ident(), options["threads"]))
        return equity(deal, **options)

    monkeypatch.setattr(distribution, "equity", recording)
    players = ["QQ+,AKs", "JJ-99,AQs"]
    spread = equity_by_combo(players, board="Qh7c2d", threads=2)
    assert {threads for _, threads in seen} == {1}
    assert len({ident for ident, _ in seen}) == 2
    assert len(seen) == sum(len(p.combos) for p in spread.players)
    assert spread == equity_by_combo(players, board="Qh7c2d", threads=1)  # rows and counts whatever the threads


# --- one set of deals for every player's numbers -------------------------------------------------------------


def totals(d) -> float:
    return sum(p.equity for p in d.players)


def test_monte_carlo_totals_on_a_river_sum_to_one():
    """On a full board Monte Carlo samples only the combos: one sample for both players, so the totals add to 1."""
    d = equity_by_combo(["AA", "JJ-88,ATs+"], board="Qs7h2c5d9c", method="mc", seed=1)
    assert d.method == "mc" and d.seed == 1 and d.trials > 0
    assert totals(d) == pytest.approx(1.0, abs=1e-12)
    exact = equity(["AA", "JJ-88,ATs+"], board="Qs7h2c5d9c", method="exact")
    for ours, theirs in zip(d.players, exact.players):
        assert abs(ours.equity - theirs.equity) <= 4 * ours.stderr + 1e-12, (ours.equity, theirs.equity, ours.stderr)


@pytest.mark.parametrize("players", [["AA,KK", "QQ,AK", "JJ,AQs"], ["AA,KK", "QQ,AK", "JJ,AQs", "TT,KQs"]])
def test_multiway_monte_carlo_totals_sum_to_one(players):
    d = equity_by_combo(players, method="mc", trials=30_000, seed=3)
    assert d.trials == 30_000
    assert totals(d) == pytest.approx(1.0, abs=1e-12)
    for p in d.players:  # the rows weighed by how often each was dealt are the player's total
        assert sum(c.share * c.equity for c in p.combos) == pytest.approx(p.equity, abs=1e-12)
        assert sum(c.outcomes for c in p.combos) == d.trials


def test_ties_are_split_within_the_one_sample():
    """Both players play the board's straight: every deal is a two-way split, 1/2 each, exactly."""
    d = equity_by_combo(["22,33", "44,55"], board="AsKdQhJcTs", method="mc", trials=5_000, seed=2)
    assert [p.equity for p in d.players] == [0.5, 0.5] and [p.tie for p in d.players] == [1.0, 1.0]
    assert all(c.equity == 0.5 and c.stderr == 0.0 for p in d.players for c in p.combos)


def test_the_seed_gives_the_answer_whatever_the_threads():
    args = (["QQ+,AKs", "JJ-99,AQs", "random"],)
    one = equity_by_combo(*args, board="Qh7c2d", method="mc", trials=40_000, seed=11, threads=1)
    two = equity_by_combo(*args, board="Qh7c2d", method="mc", trials=40_000, seed=11, threads=2)
    assert one.to_dict() == two.to_dict()
    other = equity_by_combo(*args, board="Qh7c2d", method="mc", trials=40_000, seed=12, threads=1)
    assert other.to_dict() != one.to_dict()


def test_monte_carlo_agrees_with_the_exact_answer_within_its_standard_errors():
    players = ["QQ+,AKs,AQs", "JJ-88,KQs,AJs"]
    exact = equity_by_combo(players, board="Qh7c2d", method="exact")
    mc = equity_by_combo(players, board="Qh7c2d", method="mc", trials=400_000, seed=5)
    for e, m in zip(exact.players, mc.players):
        assert m.stderr > 0 and abs(m.equity - e.equity) <= 4 * m.stderr
        by_combo = {c.combo: c for c in e.combos}
        far = [c.combo for c in m.combos if abs(c.equity - by_combo[c.combo].equity) > 5 * c.stderr + 1e-9]
        assert not far
        for c in m.combos:  # how often each combo was dealt, against how often a deal holds it
            assert c.share == pytest.approx(by_combo[c.combo].share, abs=5 * (c.share / 400_000) ** 0.5)


def test_json_carries_trials_seed_and_stderr():
    check = schemas.load("equity")
    mc = run("equity", "AA", "JJ-88,ATs+", "--board", "Qs7h2c5d9c", "--by-combo", "--mc", "--seed", "1", "--json")
    assert mc.exit_code == 0, mc.output
    data = json.loads(mc.stdout)
    jsonschema.validate(data, check)
    assert data["method"] == "mc" and data["seed"] == 1 and data["trials"] > 0
    assert data["stderr"] == max(p["stderr"] for p in data["players"]) > 0
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0, abs=1e-12)
    assert all("stderr" in c for p in data["players"] for c in p["list"])
    exact = run("equity", "AA", "JJ-88,ATs+", "--board", "Qs7h2c5d9c", "--by-combo", "--json")
    data = json.loads(exact.stdout)
    jsonschema.validate(data, check)
    assert data["method"] == "exact" and "seed" not in data and "trials" not in data and data["stderr"] == 0.0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**data, "seed": 1}, check)  # an exact answer has no seed


RANGES = ["AA", "KK,QQ", "AKs", "AQ", "KQs,QJs", "JJ-99", "AsKd", "TT@50,ATs", "KJo:0.3,QTs", "AhAd,KsKd"]
LOW_CARDS = ["2c", "3d", "4h", "5s", "6c", "7d", "8h", "9s", "2d", "3h"]


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    ranges=st.lists(st.sampled_from(RANGES), min_size=2, max_size=3),
    board=st.sampled_from([0, 3, 4, 5]).flatmap(lambda n: st.permutations(LOW_CARDS).map(lambda c: c[:n])),
    method=st.sampled_from(["exact", "mc", "auto"]),
    trials=st.integers(min_value=50, max_value=3_000),
    seed=st.integers(min_value=0, max_value=2**64 - 1),
)
def test_every_answer_adds_up(ranges, board, method, trials, seed):
    """Totals sum to 1, every combo's equity is a fraction, and the combos weighed by their shares give the total."""
    if method == "exact" and not board and len(ranges) > 2:
        method = "mc"  # a three-way preflop enumeration per combo takes seconds: leave it to the Monte Carlo case
    try:
        d = equity_by_combo(ranges, board=" ".join(board) or None, method=method, trials=trials, seed=seed)
    except EquityError as exc:
        refusals = ("no deal is possible", "no deal found", "no combo left", "both hold")
        assert any(why in str(exc) for why in refusals), exc
        return  # e.g. AA three times: six aces; AsKd twice
    # Monte Carlo tallies whole numbers, so its totals add up to rounding; an exact answer sums each player's
    # weighted outcomes apart (weights such as 0.3), a few units in the twelfth place.
    assert totals(d) == pytest.approx(1.0, abs=1e-12 if d.method == "mc" else 1e-10)
    for p in d.players:
        assert p.combos and all(0.0 <= c.equity <= 1.0 and 0.0 <= c.win <= c.equity for c in p.combos)
        assert sum(c.share for c in p.combos) == pytest.approx(1.0, abs=1e-12)
        assert sum(c.share * c.equity for c in p.combos) == pytest.approx(p.equity, abs=1e-12)
    if d.method == "mc":
        assert d.trials == trials and d.seed == seed
        assert all(sum(c.outcomes for c in p.combos) == trials for p in d.players)
    else:
        assert d.trials is None and d.seed is None and d.stderr == 0.0


def test_cli_by_combo_monte_carlo_footer_names_the_run():
    args = ["AA", "JJ-88,ATs+", "-b", "Qs7h2c5d9c", "--by-combo", "--mc", "--trials", "20000", "--seed", "4"]
    result = run("equity", *args)
    assert result.exit_code == 0, result.output
    last = result.stdout.splitlines()[-1]
    assert last.startswith("Monte Carlo, every combo against the other players on Qs7h2c5d9c: one run of 20,000 trials")
    assert last.endswith("(seed 4)")
