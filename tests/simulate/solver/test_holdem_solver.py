"""Turn and flop subgames: chance nodes against brute-force equities over every runout, a slow pure-Python best
response through the dealt cards, float32 storage, the memory estimate and bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerlab.evaluator import evaluate, format_cards, to_card_ids
from pokerlab.simulate.ranges.parse import parse_range
from pokerlab.simulate.solver import SolverError, solve_river
from pokerlab.simulate.solver.cfr import CfrSolver
from pokerlab.simulate.solver.holdem import estimate_memory, solve
from pokerlab.simulate.solver.spot import Spot
from pokerlab.simulate.solver.tree import CHANCE, DECISION, FOLD, SHOWDOWN, TreeShape


def _brute_force_equity(board_text, oop_text, ip_text, dead_text=""):
    """OOP's equity over every deal of both hands and every runout, one evaluation at a time."""
    board = to_card_ids(board_text)
    dead = to_card_ids(dead_text) if dead_text else []
    gone = sum(1 << c for c in board + dead)
    oop, ip = parse_range(oop_text).remove(gone), parse_range(ip_text).remove(gone)
    won = deals = 0.0
    for h, wh in zip(oop.combos.tolist(), oop.weights):
        for o, wo in zip(ip.combos.tolist(), ip.weights):
            if set(h) & set(o):
                continue
            left = [c for c in range(52) if c not in set(board + dead + h + o)]
            runouts = list(itertools.combinations(left, 5 - len(board)))
            share = 0.0
            for extra in runouts:
                full = board + list(extra)
                mine, theirs = evaluate(h + full), evaluate(o + full)
                share += 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)
            won += wh * wo * share / len(runouts)
            deals += wh * wo
    return won / deals


@pytest.mark.parametrize(
    "board, oop, ip, dead",
    [
        ("Ks7h2d9c", "AK, 77, QJs@50, 86s:0.25", "KQ, 22, T8s, A7s", ""),
        ("5c6c7c8d", "TT+, AcKc", "JcTc, 44@30, 98s", ""),
        ("Ks7h2d9c", "AK, 77, 86s", "KQ, 22, T8s", "Ah8s"),
        ("Qs9h5d", "AsAh, 87s", "QcJc, TT@50", ""),
        ("Ks7s2d9d", "AK, 77, 86s@50", "KQ, 22, T8s", ""),  # hearts and clubs swap: suit isomorphism
        ("Qs9s5d", "AA, 87s", "QJs, TT@50", ""),
    ],
)
def test_a_check_down_pays_each_player_its_equity_over_every_runout(board, oop, ip, dead):
    solution = solve(board, oop, ip, pot=12, stack=50, bet_sizes=(), allin=False, dead=dead, max_iterations=1)
    equity = _brute_force_equity(board, oop, ip, dead)
    assert solution.oop_ev == pytest.approx(12 * equity, abs=1e-5)
    assert solution.ip_ev == pytest.approx(12 * (1 - equity), abs=1e-5)
    assert solution.exploitability == pytest.approx(0.0, abs=1e-5)


@pytest.mark.parametrize("rake_cap, taken", [(None, 0.6), (0.4, 0.4)])
def test_a_raked_turn_check_down_pays_each_player_its_equity_of_the_pot_less_the_rake(rake_cap, taken):
    board, oop, ip = "Ks7h2d9c", "AK, 77, QJs@50, 86s:0.25", "KQ, 22, T8s, A7s"
    solution = solve(
        board, oop, ip, pot=12, stack=50, bet_sizes=(), allin=False, max_iterations=1, rake=0.05, rake_cap=rake_cap
    )
    equity = _brute_force_equity(board, oop, ip)
    assert solution.oop_ev == pytest.approx((12 - taken) * equity, abs=1e-5)
    assert solution.ip_ev == pytest.approx((12 - taken) * (1 - equity), abs=1e-5)
    assert solution.expected_rake == pytest.approx(taken, abs=1e-5)
    assert solution.equities[0] == pytest.approx(equity, abs=1e-9)  # the equity is the pot's share, unraked


def _terminal_value(game, node, responder, h, opp_reach, rank):
    """Responder's hand ``h`` at a fold or showdown: the payoff against each compatible opponent combo."""
    tree, mine, theirs = game.tree, game.hands[responder], game.hands[1 - responder]
    committed = tree.committed[node]
    pot, own = float(committed.sum()), float(committed[responder])
    total = 0.0
    for o, reach in enumerate(opp_reach):
        if reach == 0 or set(mine.cards[h].tolist()) & set(theirs.cards[o].tolist()):
            continue
        if tree.kind[node] == FOLD:
            payoff = -own if tree.player[node] == responder else pot - own
        else:
            ours, their = rank(mine.cards[h]), rank(theirs.cards[o])
            payoff = pot - own if ours > their else (-own if ours < their else pot / 2 - own)
        total += reach * payoff
    return total


def _best_response(game, table, responder, board):
    """Slow reference: responder's zero-sum best-response value, hand by hand and opponent combo by combo; a
    dealt card has probability 1 / (cards left less both hands) and removes every combo holding it."""
    tree = game.tree
    mine, theirs = game.hands[responder], game.hands[1 - responder]

    def value(node, h, opp_reach, full):
        kind = int(tree.kind[node])
        if kind in (FOLD, SHOWDOWN):
            rank = lambda cards: evaluate(cards.tolist() + full)  # noqa: E731
            return _terminal_value(game, node, responder, h, opp_reach, rank)
        children = tree.children(node)
        if kind == CHANCE:
            probability = 1.0 / (52 - len(full) - 4)
            total = 0.0
            for c in children:
                card = to_card_ids(tree.labels[c])[0]
                if card not in mine.cards[h].tolist():
                    reach = [0.0 if card in theirs.cards[o].tolist() else r for o, r in enumerate(opp_reach)]
                    total += probability * value(c, h, reach, full + [card])
            return total
        assert kind == DECISION
        if tree.player[node] == responder:
            return max(value(c, h, opp_reach, full) for c in children)
        return sum(value(c, h, [r * table[c, o] for o, r in enumerate(opp_reach)], full) for c in children)

    deals = total = 0.0
    for h, weight in enumerate(mine.weights):
        total += weight * value(0, h, list(theirs.weights), list(board))
        for o, other in enumerate(theirs.weights):
            if not set(mine.cards[h].tolist()) & set(theirs.cards[o].tolist()):
                deals += weight * other
    return total / deals


TURN = ("Qs9h5d2c", "AQ, 99, KJs, 43s@50", "QQ, AJs, T9s:0.5")
TURN_BETTING = {"pot": 10, "stack": 15, "bet_sizes": {"turn": (1.0,), "river": (0.5,)}, "raise_cap": 1}


@pytest.mark.parametrize("iterations, target", [(10, 0.0), (1000, 0.3)])
def test_turn_exploitability_reaches_the_target_and_equals_an_independent_best_response(iterations, target):
    solution = solve(
        *TURN, **TURN_BETTING, max_iterations=iterations, target_exploitability_pct=target, dtype=np.float64
    )
    if target:
        assert solution.exploitability_pct <= target and solution.iterations < iterations
    table = solution.solver.average_strategy()
    board = to_card_ids(TURN[0])
    br = [_best_response(solution.game, table, p, board) for p in (0, 1)]
    assert solution.exploitability == pytest.approx((br[0] + br[1]) / 2, rel=1e-9, abs=1e-12)
    assert solution.oop_ev + solution.ip_ev == pytest.approx(10.0, abs=1e-9)


def test_float32_storage_solves_the_same_turn_spot():
    wide = solve(*TURN, **TURN_BETTING, max_iterations=300, target_exploitability_pct=0, dtype=np.float64)
    narrow = solve(*TURN, **TURN_BETTING, max_iterations=300, target_exploitability_pct=0, dtype=np.float32)
    assert narrow.solver.regrets.dtype == np.float32 and wide.solver.regrets.dtype == np.float64
    assert narrow.oop_ev == pytest.approx(wide.oop_ev, abs=1e-3)
    assert narrow.exploitability == pytest.approx(wide.exploitability, abs=1e-3)


def test_a_narrow_flop_spot_solves_to_the_target():
    solution = solve(
        "Qs9h5d", "AA, KK, 87s", "QJs, TT, 66", pot=10, stack=10, bet_sizes=(1.0,), allin=False, raise_cap=0,
        max_iterations=200, target_exploitability_pct=0.5,
    )  # fmt: skip
    assert solution.exploitability_pct <= 0.5 and solution.iterations < 200
    assert solution.oop_ev + solution.ip_ev == pytest.approx(10.0, abs=1e-4)
    assert solution.actions() == ("check", "allin 10")  # a pot bet is the whole stack
    turn = solution.actions(["check", "check"])
    assert len(turn) == 49 and "Qs" not in turn and solution.actions(["check", "check", "2c"]) == ("check", "allin 10")
    # Every combo holding the dealt card is out of the range below it.
    facing = solution.strategy(["check", "check", "As"])
    assert facing["player"] == "oop" and sum(facing["frequencies"]) == pytest.approx(1.0)


def test_chance_nodes_deal_every_card_left_and_weigh_them_by_the_cards_both_hands_leave():
    game = Spot.parse("Ks7h2d9c", "AA", "QQ", pot=10, stack=10, bet_sizes=(), dead="Ah").game()
    tree = game.tree
    chance = tree.follow(["check", "check"])
    assert tree.kind[chance] == CHANCE
    cards = [tree.labels[c] for c in tree.children(chance)]
    assert len(cards) == 52 - 4 - 1 and "Ah" not in cards and "Ks" not in cards
    assert tree.chance_factor[chance] == pytest.approx(1 / (52 - 4 - 1 - 4))
    assert len(game.hands[0]) == 3  # the aces holding the dead Ah are gone
    # Below the Qh, the queens holding it cannot be held: their strength row marks them -1.
    river = tree.follow(["check", "check", "Qh", "check", "check"])
    holds = [("Qh" in label) for label in game.hands[1].labels]
    assert ((game.hands[1].strength[tree.board[river]] < 0) == holds).all()


def test_all_in_deals_the_rest_of_the_board_with_no_betting():
    game = Spot.parse("Qs9h5d", "AA", "KK", pot=10, stack=10, bet_sizes=(), raise_cap=0).game()
    tree = game.tree
    turn = tree.follow(["allin 10", "call"])
    assert tree.kind[turn] == CHANCE
    river = tree.follow(["allin 10", "call", "2c"])
    assert tree.kind[river] == CHANCE and tree.kind[tree.first_child[river]] == SHOWDOWN


def test_the_river_through_solve_is_solve_river():
    args = ("Ks7h2d9c4s", "AA, KQ, 65s", "KJ, 99, 87s")
    river = solve_river(*args, pot=8, stack=20, max_iterations=100)
    general = solve(*args, pot=8, stack=20, max_iterations=100, dtype=np.float64)
    assert general.oop_ev == river.oop_ev and general.game.tree.labels == river.game.tree.labels


@pytest.mark.parametrize("board", ["Qs9h5d", "Qs9s5d", "Qs9h5d2c", "Qs9h5d2c3h"])
def test_the_memory_estimate_counts_the_tree_before_building_it(board):
    spot = Spot.parse(board, "AQ, 99, 87s", "QQ, AJs", pot=10, stack=20, bet_sizes={"flop": (0.5,), "river": (1.0,)})
    game = spot.game()
    assert spot.nodes() == len(game.tree) and spot.shape() == TreeShape.of(game.tree)
    hands = (len(game.hands[0]), len(game.hands[1]))
    for dtype, threads in ((np.float32, 1), (np.float64, 1), (np.float32, 2)):
        solver = CfrSolver(game, dtype=dtype, threads=threads)
        solver.iterate(1)  # every work area the threads use now exists
        assert CfrSolver.memory_bytes(spot.shape(), hands, dtype, threads) == solver.allocated_bytes()
        tables = sum(h.strength.nbytes + o.nbytes for h, o in zip(game.hands, game.order))
        tree = sum(a.nbytes for a in game.tree.arrays()) + game.tree.parent.nbytes
        assert spot.estimate_memory(dtype, threads) >= solver.allocated_bytes() + tables + tree
    assert estimate_memory(board, "AQ, 99, 87s", "QQ, AJs", pot=10, stack=20, dtype=np.float64) > estimate_memory(
        board, "AQ, 99, 87s", "QQ, AJs", pot=10, stack=20, dtype=np.float32
    )


def test_the_regrets_hold_only_the_acting_players_hands():
    game = Spot.parse(*TURN, **TURN_BETTING).game()
    tree, sizes = game.tree, [len(h) for h in game.hands]
    solver = CfrSolver(game, dtype=np.float32)
    expected = sum(int(tree.n_children[d]) * sizes[tree.player[d]] for d in np.flatnonzero(tree.kind == DECISION))
    assert solver.regrets.size == solver.strategy_sums.size == expected
    assert solver.allocated_bytes() < len(tree) * max(sizes) * 4 * 2 + 2**20


@pytest.mark.parametrize("board", ["Qs9h5d2c", "Qs9s5d2d"])
def test_the_threads_change_no_value(board):
    game = Spot.parse(board, *TURN[1:], **TURN_BETTING).game()
    solvers = [CfrSolver(game, dtype=np.float32, threads=threads) for threads in (1, 2, 3)]
    for solver in solvers:
        solver.iterate(7)
    for solver in solvers[1:]:
        assert np.array_equal(solver.regrets, solvers[0].regrets)
        assert np.array_equal(solver.strategy_sums, solvers[0].strategy_sums)
        assert solver.exploitability() == solvers[0].exploitability()


@pytest.mark.parametrize("threads", [0, -1, 1.5, True])
def test_a_bad_thread_count_is_one_clear_line(threads):
    with pytest.raises(SolverError, match="threads must be a whole number"):
        CfrSolver(Spot.parse(*TURN, **TURN_BETTING).game(), threads=threads)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"board": "2s3h4d2s"}, "board: duplicate card '2s'"),
        ({"board": "2s3h"}, "board: expected 3 or 4 or 5 cards"),
        ({"oop": "AsAh", "board": "As3h4d6c"}, "oop range 'AsAh' has no combo left"),
        ({"ip": "KsKh", "dead": "Ks"}, "ip range 'KsKh' has no combo left"),
        ({"dead": "3h"}, "dead: card '3h' is on the board"),
        ({"max_memory": 1000}, "over max_memory"),
        ({"max_memory": -1}, "max_memory must be"),
        ({"bet_sizes": {"preflop": (1.0,)}}, "bet_sizes: unknown street 'preflop'"),
        ({"bet_sizes": {"turn": (0.5, 0)}}, "bet sizes are positive"),
        ({"dtype": np.float16}, "dtype must be float32 or float64"),
        ({"dtype": "not-a-dtype"}, "dtype must be float32 or float64"),  # numpy reads None as float64
        ({"oop": "AsAh", "ip": "AsAh"}, "no deal is possible"),
    ],
)
def test_bad_input_is_one_clear_line(kwargs, message):
    spot = {"board": "2s3h4d6c", "oop": "AA", "ip": "KK", "pot": 10, "stack": 10}
    spot.update(kwargs)
    extra = {k: v for k, v in spot.items() if k not in ("board", "oop", "ip", "pot", "stack")}
    with pytest.raises(SolverError) as caught:
        solve(spot["board"], spot["oop"], spot["ip"], pot=spot["pot"], stack=spot["stack"], max_iterations=1, **extra)
    text = str(caught.value)
    assert message in text and "\n" not in text


def test_card_labels_follow_the_evaluator_spelling():
    solution = solve("Qs9h5d2c", "AA", "KK", pot=10, stack=0, max_iterations=1)
    board = to_card_ids("Qs9h5d2c")
    assert solution.actions(["check", "check"]) == tuple(format_cards([c]) for c in range(52) if c not in board)


SYMMETRIC_TURN = ("Qs9s5d2d", "AQ, 99, KJs, 43s@50", "QQ, AJs, T9s:0.5")


def test_suit_isomorphism_keeps_one_card_per_swap_class_and_changes_no_value():
    spots = [Spot.parse(*SYMMETRIC_TURN, **TURN_BETTING, isomorphism=iso) for iso in (False, True)]
    assert [len(s.betting.swaps) for s in spots] == [1, 2]  # the identity, and hearts with clubs
    games = [s.game() for s in spots]
    full, kept = (g.tree.follow(["check", "check"]) for g in games)
    assert len(games[0].tree.children(full)) == 48 and len(games[1].tree.children(kept)) == 35
    assert len(games[1].tree) < len(games[0].tree) == spots[0].nodes() and len(games[1].tree) == spots[1].nodes()
    # The same iterations in exact arithmetic: equal to rounding while no regret sits at zero.
    solvers = [CfrSolver(g, dtype=np.float64) for g in games]
    for solver in solvers:
        solver.iterate(5)
    assert solvers[1].expected_value(0) == pytest.approx(solvers[0].expected_value(0), rel=1e-9)
    assert solvers[1].exploitability() == pytest.approx(solvers[0].exploitability(), rel=1e-9)


def test_suit_isomorphism_converges_to_the_same_equilibrium():
    solutions = [
        solve(*SYMMETRIC_TURN, **TURN_BETTING, isomorphism=iso, max_iterations=1000, target_exploitability_pct=0.2)
        for iso in (False, True)
    ]
    assert all(s.exploitability_pct <= 0.2 for s in solutions)
    assert solutions[1].oop_ev == pytest.approx(solutions[0].oop_ev, abs=0.02)


def test_a_range_or_dead_card_off_the_swap_keeps_every_card():
    assert len(Spot.parse("Qs9s5d2d", "AA", "KK", pot=10, stack=10).betting.swaps) == 2
    assert len(Spot.parse("Qs9s5d2d", "AhKh, AA", "KK", pot=10, stack=10).betting.swaps) == 1
    assert len(Spot.parse("Qs9s5d2d", "AA", "KK, QhJh@50, QcJc", pot=10, stack=10).betting.swaps) == 1
    assert len(Spot.parse("Qs9s5d2d", "AA", "KK", pot=10, stack=10, dead="3h").betting.swaps) == 1
    assert len(Spot.parse("Qs9s5d", "AA", "KK", pot=10, stack=10).betting.swaps) == 2
    assert len(Spot.parse("Qs9s5s", "AA", "KK", pot=10, stack=10).betting.swaps) == 6  # three suits off the board
