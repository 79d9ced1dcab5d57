"""The river solver against closed forms, brute-force equities and a slow pure-Python best response."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from pokerlab.evaluator import evaluate, to_card_ids
from pokerlab.simulate.ranges.parse import parse_range
from pokerlab.simulate.solver import SolverError, solve_river
from pokerlab.simulate.solver.cfr import CfrSolver
from pokerlab.simulate.solver.river import river_game
from pokerlab.simulate.solver.tree import DECISION, FOLD, SHOWDOWN

POLAR_BOARD = "2s3h4d6c7c"


def test_polarized_river_matches_the_closed_form():
    # Pot 20, all-in 10: IP's call needs 1/4 bluffs among bets (QQ bets 1/3 as often as AA), and QQ's bet is
    # break-even when KK calls 2/3; OOP's EV is AA's (20 + 10 * 2/3) and QQ's 0, averaged: 40/3.
    solution = solve_river(
        POLAR_BOARD, "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=2000,
        target_exploitability_pct=0,
    )  # fmt: skip
    root = solution.strategy()
    assert root["actions"] == ["check", "allin 10"]
    assert root["combos"]["QsQh"][1] == pytest.approx(1 / 3, abs=0.01)
    assert root["combos"]["AsAh"][1] == pytest.approx(1.0, abs=0.01)
    facing = solution.strategy(["allin 10"])
    assert facing["player"] == "ip" and facing["actions"] == ["fold", "call"]
    assert facing["combos"]["KsKh"][1] == pytest.approx(2 / 3, abs=0.01)
    assert solution.oop_ev == pytest.approx(40 / 3, abs=0.05)
    assert solution.oop_ev + solution.ip_ev == pytest.approx(20.0, abs=1e-9)


def _ranks(combos, board):
    return np.array([evaluate(list(c) + board) for c in combos.tolist()])


def _brute_force_equity(board_text, oop_text, ip_text):
    """OOP's equity: every pair of combos sharing no card, weighted, compared by pokerlab.evaluate one by one."""
    board = to_card_ids(board_text)
    dead = sum(1 << c for c in board)
    oop, ip = parse_range(oop_text).remove(dead), parse_range(ip_text).remove(dead)
    r0, r1 = _ranks(oop.combos, board), _ranks(ip.combos, board)
    c0, c1 = oop.combos.astype(np.int64), ip.combos.astype(np.int64)
    apart = (c0[:, None, 0] != c1[None, :, 0]) & (c0[:, None, 0] != c1[None, :, 1])
    apart &= (c0[:, None, 1] != c1[None, :, 0]) & (c0[:, None, 1] != c1[None, :, 1])
    weight = oop.weights[:, None] * ip.weights[None, :] * apart
    share = np.where(r0[:, None] > r1[None, :], 1.0, np.where(r0[:, None] == r1[None, :], 0.5, 0.0))
    return float((weight * share).sum() / weight.sum())


@pytest.mark.parametrize(
    "board, oop, ip",
    [
        ("Ks7h2d9c4s", "random", "random"),
        ("AhKhQh2c2d", "22+, A2s+@50, KQo:0.25, 76s", "random"),
        ("5c6c7c8d9d", "TT+, AcKc", "JcTc, 44@30, 98"),
    ],
)
def test_a_check_down_pays_each_player_its_equity_share_of_the_pot(board, oop, ip):
    solution = solve_river(board, oop, ip, pot=12, stack=50, bet_sizes=(), allin=False, max_iterations=1)
    equity = _brute_force_equity(board, oop, ip)
    assert solution.oop_ev == pytest.approx(12 * equity, abs=1e-9)
    assert solution.ip_ev == pytest.approx(12 * (1 - equity), abs=1e-9)
    assert solution.exploitability == pytest.approx(0.0, abs=1e-9)


def _rake(committed, rate, cap):
    """The rake of a pot that ends here: ``rate`` of the matched chips (twice the smaller commitment), capped."""
    raked = rate * 2 * float(min(committed))
    return raked if cap is None else min(raked, cap)


def _best_response(game, table, responder, board, rake=0.0, rake_cap=None, locked=None, best=True):
    """Slow reference: responder's best-response value (or, ``best`` false, its value playing ``table``), hand by
    hand and opponent combo by combo, the winner paying the rake; a hand in ``locked[node]`` plays ``table``
    there even in a best response."""
    tree = game.tree
    mine, theirs = game.hands[responder], game.hands[1 - responder]
    rank_mine, rank_theirs = _ranks(mine.cards, board), _ranks(theirs.cards, board)
    locked = locked or {}

    def value(node, h, opp_reach):
        kind = int(tree.kind[node])
        if kind in (FOLD, SHOWDOWN):
            committed = tree.committed[node]
            pot, own = float(committed.sum()), float(committed[responder])
            taken = _rake(committed, rake, rake_cap)
            total = 0.0
            for o, reach in enumerate(opp_reach):
                if reach == 0 or set(mine.cards[h].tolist()) & set(theirs.cards[o].tolist()):
                    continue
                if kind == FOLD:
                    payoff = -own if tree.player[node] == responder else pot - own - taken
                elif rank_mine[h] != rank_theirs[o]:
                    payoff = pot - own - taken if rank_mine[h] > rank_theirs[o] else -own
                else:
                    payoff = (pot - taken) / 2 - own
                total += reach * payoff
            return total
        assert kind == DECISION
        children = tree.children(node)
        if tree.player[node] == responder:
            if best and h not in locked.get(node, ()):
                return max(value(c, h, opp_reach) for c in children)
            return sum(table[c, h] * value(c, h, opp_reach) for c in children)
        return sum(value(c, h, [r * table[c, o] for o, r in enumerate(opp_reach)]) for c in children)

    deals = 0.0
    total = 0.0
    for h, weight in enumerate(mine.weights):
        total += weight * value(0, h, list(theirs.weights))
        for o, other in enumerate(theirs.weights):
            if not set(mine.cards[h].tolist()) & set(theirs.cards[o].tolist()):
                deals += weight * other
    return total / deals


@pytest.mark.parametrize("iterations, target", [(10, 0.0), (2000, 0.1)])
def test_exploitability_reaches_the_target_and_equals_an_independent_best_response(iterations, target):
    board = "Qs9h5d2c2s"
    solution = solve_river(
        board, "AQ, 99, 55, KJs, 43s@50", "QQ, AJs, T9s, 87s:0.5", pot=10, stack=25, bet_sizes=(0.5, 1.0),
        raise_cap=1, max_iterations=iterations, target_exploitability_pct=target,
    )  # fmt: skip
    if target:
        assert solution.exploitability_pct <= target and solution.iterations < iterations
    table = solution.solver.average_strategy()
    cards = to_card_ids(board)
    br = [_best_response(solution.game, table, p, cards) for p in (0, 1)]
    assert solution.exploitability == pytest.approx((br[0] + br[1]) / 2, rel=1e-9, abs=1e-12)
    assert solution.exploitability_pct == pytest.approx(100 * solution.exploitability / 10, rel=1e-12)


def test_the_betting_tree_follows_sizes_all_in_and_raise_cap():
    game = river_game(POLAR_BOARD, "AA", "KK", pot=10, stack=30, bet_sizes=(0.5, 1.0), raise_cap=1)
    tree = game.tree
    labels = lambda line: [tree.labels[c] for c in tree.children(tree.follow(line))]  # noqa: E731
    assert labels([]) == ["check", "bet 5", "bet 10", "allin 30"]
    assert labels(["check"]) == ["check", "bet 5", "bet 10", "allin 30"]
    # Facing 5 into 10: raises of half and all the pot after the call (20), added to the call.
    assert labels(["bet 5"]) == ["fold", "call", "raise 15", "raise 25", "allin 30"]
    assert labels(["bet 5", "raise 15"]) == ["fold", "call"]  # the one raise allowed is used
    assert labels(["bet 10", "allin 30"]) == ["fold", "call"]
    committed = tree.committed[tree.follow(["bet 5", "raise 15", "call"])]
    assert committed.tolist() == [20.0, 20.0]


def test_ev_of_the_two_players_add_up_to_the_pot_and_combo_evs_average_to_the_range_ev():
    solution = solve_river("Ks7h2d9c4s", "AA, KQ, 65s", "KJ, 99, 87s", pot=8, stack=20, max_iterations=300)
    assert solution.oop_ev + solution.ip_ev == pytest.approx(8.0, abs=1e-9)
    # Each combo weighs its weight times the opponent's weight it does not block (all weights are 1 here).
    oop, ip = solution.game.hands
    deals = [sum(1 for o in ip.cards.tolist() if not set(h) & set(o)) for h in oop.cards.tolist()]
    evs = solution.combo_evs("oop")
    average = sum(n * evs[label] for n, label in zip(deals, oop.labels)) / sum(deals)
    assert average == pytest.approx(solution.oop_ev, abs=1e-9)
    data = json.loads(json.dumps(solution.to_dict()))
    assert data["combo_evs"]["oop"] == evs and data["root"]["player"] == "oop"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"board": "2s3h4d6c2s"}, "board: duplicate card '2s'"),
        ({"board": "2s3h4d6c"}, "board: expected 5 cards"),
        ({"oop": "AsAh", "board": "As3h4d6c7c"}, "oop range 'AsAh' has no combo left"),
        ({"ip": "QQ+, AZs"}, "ip range: "),
        ({"pot": -5}, "pot must be a number of chips"),
        ({"pot": 0}, "pot must be more than 0"),
        ({"stack": float("nan")}, "stack must be a number of chips"),
        ({"bet_sizes": (0.5, -1)}, "bet sizes are positive"),
        ({"raise_cap": -1}, "raise_cap must be"),
        ({"max_iterations": 0}, "max_iterations must be"),
        ({"target_exploitability_pct": -1}, "target_exploitability_pct must be"),
        ({"oop": "AsAh", "ip": "AsAh"}, "no deal is possible"),
    ],
)
def test_bad_input_is_one_clear_line(kwargs, message):
    spot = {"board": POLAR_BOARD, "oop": "AA", "ip": "KK", "pot": 10, "stack": 10}
    spot.update(kwargs)
    extra = {k: v for k, v in spot.items() if k not in ("board", "oop", "ip", "pot", "stack")}
    with pytest.raises(SolverError) as caught:
        solve_river(spot["board"], spot["oop"], spot["ip"], pot=spot["pot"], stack=spot["stack"], **extra)
    assert isinstance(caught.value, ValueError)
    text = str(caught.value)
    assert message in text and "\n" not in text


def test_a_line_off_the_tree_is_refused_naming_the_actions_there():
    solution = solve_river(POLAR_BOARD, "AA", "KK", pot=10, stack=10, bet_sizes=(), max_iterations=1)
    with pytest.raises(SolverError, match=r"action 'bet 5' at step 1 is not in the tree; the actions there: 'check'"):
        solution.strategy(["bet 5"])
    with pytest.raises(SolverError, match="terminal node"):
        solution.strategy(["check", "check"])


def test_both_range_spellings_agree():
    by_text = solve_river(POLAR_BOARD, "AA", "KK, QQ", pot=10, stack=10, max_iterations=20)
    by_range = solve_river(POLAR_BOARD, parse_range("AA"), parse_range("KK, QQ"), pot=10, stack=10, max_iterations=20)
    assert by_text.oop_ev == by_range.oop_ev


def test_every_pair_of_combos_is_a_deal_once():
    game = river_game(POLAR_BOARD, "AK", "AK", pot=10, stack=10)
    pairs = sum(1 for a, b in itertools.product(game.hands[0].cards.tolist(), repeat=2) if not set(a) & set(b))
    assert CfrSolver(game).deal_weight == pairs


def _brute_force_raked_evs(board_text, oop_text, ip_text, pot, rake):
    """Both players' EVs on a check-down: over every pair of combos sharing no card, the winner takes the pot
    less ``rake``, a tie splits it (the rake too)."""
    board = to_card_ids(board_text)
    dead = sum(1 << c for c in board)
    oop, ip = parse_range(oop_text).remove(dead), parse_range(ip_text).remove(dead)
    r0, r1 = _ranks(oop.combos, board), _ranks(ip.combos, board)
    evs = np.zeros(2)
    deals = 0.0
    for h, wh in enumerate(oop.weights):
        for o, wo in enumerate(ip.weights):
            if set(oop.combos[h].tolist()) & set(ip.combos[o].tolist()):
                continue
            share = 1.0 if r0[h] > r1[o] else (0.5 if r0[h] == r1[o] else 0.0)
            evs += wh * wo * np.array([share, 1 - share]) * (pot - rake)
            deals += wh * wo
    return evs / deals


@pytest.mark.parametrize("rake_cap, taken", [(None, 0.6), (1.0, 0.6), (0.5, 0.5), (0.0, 0.0)])
def test_a_raked_check_down_pays_each_player_its_equity_of_the_pot_less_the_rake(rake_cap, taken):
    # Pot 12 at 5 %: 0.6 of rake, unless a cap under it binds.
    board, oop, ip = "AhKhQh2c2d", "22+, A2s+@50, KQo:0.25, 76s", "random"
    solution = solve_river(
        board, oop, ip, pot=12, stack=50, bet_sizes=(), allin=False, max_iterations=1, rake=0.05, rake_cap=rake_cap
    )
    evs = _brute_force_raked_evs(board, oop, ip, pot=12, rake=taken)
    assert solution.oop_ev == pytest.approx(evs[0], abs=1e-9)
    assert solution.ip_ev == pytest.approx(evs[1], abs=1e-9)
    assert solution.expected_rake == pytest.approx(taken, abs=1e-9)
    assert solution.exploitability == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("rake_cap, taken", [(None, 1.0), (0.5, 0.5)])
def test_a_fold_rakes_the_matched_pot_and_returns_the_uncalled_bet(rake_cap, taken):
    # OOP's aces are locked to shove 10 into 20 and IP's queens to fold: the pot OOP wins is the 20 both matched
    # (5 % of it is 1.0), not the 30 with the uncalled shove, which goes back to OOP unraked.
    solution = solve_river(
        POLAR_BOARD, "AsAh", "QsQh", pot=20, stack=10, bet_sizes=(), max_iterations=10, rake=0.05, rake_cap=rake_cap,
        locks=[("", {"allin 10": 1.0}), ("allin 10", {"fold": 1.0})],
    )  # fmt: skip
    assert solution.oop_ev == pytest.approx(20 - taken, abs=1e-12)
    assert solution.ip_ev == pytest.approx(0.0, abs=1e-12)
    assert solution.expected_rake == pytest.approx(taken, abs=1e-12)


@pytest.mark.parametrize("iterations, rake_cap", [(10, None), (10, 0.8), (1000, 0.8)])
def test_raked_exploitability_equals_an_independent_best_response_less_each_players_value(iterations, rake_cap):
    board = "Qs9h5d2c2s"
    solution = solve_river(
        board, "AQ, 99, 55, KJs, 43s@50", "QQ, AJs, T9s, 87s:0.5", pot=10, stack=25, bet_sizes=(0.5, 1.0),
        raise_cap=1, max_iterations=iterations, target_exploitability_pct=0.2, rake=0.05, rake_cap=rake_cap,
    )  # fmt: skip
    table = solution.solver.average_strategy()
    cards = to_card_ids(board)
    rake = {"rake": 0.05, "rake_cap": rake_cap}
    values = [_best_response(solution.game, table, p, cards, **rake, best=False) for p in (0, 1)]
    br = [_best_response(solution.game, table, p, cards, **rake) for p in (0, 1)]
    assert solution.oop_ev == pytest.approx(values[0] + 5, rel=1e-9)
    assert solution.ip_ev == pytest.approx(values[1] + 5, rel=1e-9)
    assert solution.expected_rake == pytest.approx(-(values[0] + values[1]), rel=1e-9)
    assert 0 < solution.expected_rake < 0.05 * 60  # at most 5 % of the biggest pot
    gains = (br[0] - values[0], br[1] - values[1])
    assert solution.exploitability == pytest.approx((gains[0] + gains[1]) / 2, rel=1e-9, abs=1e-12)
    if iterations == 1000:
        assert solution.exploitability_pct <= 0.2


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"rake": 1.0}, "rake is a fraction of the pot"),
        ({"rake": -0.01}, "rake is a fraction of the pot"),
        ({"rake": float("nan")}, "rake is a fraction of the pot"),
        ({"rake": 0.05, "rake_cap": -1}, "rake_cap must be a finite number"),
        ({"rake": 0.05, "rake_cap": float("inf")}, "rake_cap must be a finite number"),
    ],
)
def test_a_bad_rake_is_one_clear_line(kwargs, message):
    with pytest.raises(SolverError, match=message) as caught:
        solve_river(POLAR_BOARD, "AA", "KK", pot=10, stack=10, max_iterations=1, **kwargs)
    assert "\n" not in str(caught.value)
