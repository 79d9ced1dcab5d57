"""Equity by combo: each combo's equity is the plain equity with that combo in place of the range, and the
combos' counts times their weights add back up to the range's counts exactly."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from pokerlab.errors import PokerlabError
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
    ids=["one other", "two others", "three others (sampled)"],
)
def test_deal_weights_are_the_brute_force_counts(ranges):
    from pokerlab.simulate.equity.distribution import _masks, deal_weights

    mine, *others = [parse_range(r) for r in ranges]
    got = deal_weights(_masks(mine), others, seed=5)
    want = _brute_deal_weights(mine.combos.tolist(), others)
    tolerance = 0 if len(others) <= 2 else 0.02 * want.max()  # sampled: about 0.2 % relative error
    assert np.allclose(got, want, atol=tolerance, rtol=0), (got, want)


@pytest.mark.parametrize(
    "players",
    [["AA,QQ", "AKo"], ["AA,QQ", "AKo", "KK,JJ"], ["AA,KK", "AK", "QQ,JJ", "AQs,KQs"]],
    ids=["heads-up", "3-way", "4-way"],
)
def test_monte_carlo_totals_agree_with_the_plain_call(players):
    """Card removal between the ranges: each combo's Monte Carlo row weighs by how often the combo is dealt."""
    plain = equity(players)  # exact (or a long Monte Carlo run for the 4-way spot)
    by_combo = equity_by_combo(players, method="mc", trials=20_000, seed=1)
    assert by_combo.method == "mc"
    assert sum(p.equity for p in by_combo.players) == pytest.approx(1.0, abs=0.004)
    for ours, theirs in zip(by_combo.players, plain.players):
        assert ours.equity == pytest.approx(theirs.equity, abs=0.006), (ours.hand, ours.equity, theirs.equity)
        assert ours.stats()["mean"] == pytest.approx(ours.equity)
        assert sum(c.share for c in ours.combos) == pytest.approx(1.0)


def test_weight_only_averaging_would_be_caught():
    """The check above can fail: AA,QQ against AKo averaged by weight alone is 75 %, not 68.9 %."""
    d = equity_by_combo(["AA,QQ", "AKo"], method="mc", trials=20_000, seed=1)
    rows = d.players[0].combos
    weight_only = sum(c.weight * c.equity for c in rows) / sum(c.weight for c in rows)
    assert weight_only > 0.74 and d.players[0].equity == pytest.approx(0.689, abs=0.006)


def test_a_run_estimated_past_its_limit_is_refused_early():
    import time

    start = time.perf_counter()
    with pytest.raises(EquityError, match=r"would take about [\d,]+ s \(3,978 equity calls, one a combo\)"):
        equity_by_combo(["random", "random", "random"], max_seconds=0.5)
    assert time.perf_counter() - start < 60


def test_progress_reaches_the_end():
    seen: list[float] = []
    equity_by_combo(["QQ,AKs", "JJ"], board="Qh7c2d", progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) == 13  # 3 QQ, 4 AKs, 6 JJ
