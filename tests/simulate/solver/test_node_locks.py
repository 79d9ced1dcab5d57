"""Node locks: closed forms of the polarized river with IP's call or some of OOP's combos locked, locked combos that
never learn, the exploitability of the free decisions against a slow best response, threads, the saved file, and
bad locks as one line."""

from __future__ import annotations

import json

import numpy as np
import pytest
from test_river_solver import _best_response  # the slow pure-Python best response, beside this file

from pokerlab.evaluator import to_card_ids
from pokerlab.simulate.solver import Lock, SolverError, parse_lock, solve, solve_river
from pokerlab.simulate.solver.saved import load_solution, save_solution
from pokerlab.simulate.solver.spot import Spot

POLAR = ("2s3h4d6c7c", "AsAh, QsQh", "KsKh")
EXACT = {"pot": 20, "stack": 10, "bet_sizes": (), "max_iterations": 3000, "target_exploitability_pct": 0.001}
CALL_LOCK = ("allin 10", {"fold": 0.25, "call": 0.75})


@pytest.fixture(scope="module")
def locked():
    return solve_river(*POLAR, **EXACT, locks=[CALL_LOCK])


def test_the_unlocked_polarized_river_is_the_textbook_one():
    solution = solve_river(*POLAR, **EXACT)
    assert solution.strategy()["combos"]["QsQh"][1] == pytest.approx(1 / 3, abs=0.01)
    assert solution.strategy(["allin 10"])["combos"]["KsKh"][1] == pytest.approx(2 / 3, abs=0.01)
    assert solution.oop_ev == pytest.approx(40 / 3, abs=0.05) and solution.locks == ()


def test_locking_ips_call_to_three_quarters_lets_oop_best_respond(locked):
    """Pot 20, shove 10; KK facing the shove is locked to fold 1/4 and call 3/4 (PioSOLVER's EV: a player's share
    of the pot plus what it wins less what it puts in).

    AA shoving wins the pot of 20 when KK folds and 30 when it calls: 20/4 + 30 * 3/4 = 27.5, over 20 by
    checking (KK checks behind, or shoves into the aces). QQ shoving wins 20 a quarter of the time and loses its
    10 otherwise: 5 - 7.5 = -2.5, under 0 by checking (KK then wins the pot). So AA always shoves and QQ always
    checks: OOP's EV is (27.5 + 0) / 2 = 13.75 and IP's the rest of the pot, 6.25.
    """
    facing = locked.strategy(["allin 10"])
    assert facing["combos"]["KsKh"] == [0.25, 0.75]
    root = locked.strategy()["combos"]
    assert root["AsAh"][1] == pytest.approx(1.0, abs=0.01) and root["QsQh"][0] == pytest.approx(1.0, abs=0.01)
    assert locked.combo_evs("oop")["AsAh"] == pytest.approx(27.5, abs=0.05)
    assert locked.combo_evs("oop")["QsQh"] == pytest.approx(0.0, abs=0.05)
    assert locked.oop_ev == pytest.approx(13.75, abs=0.05) and locked.ip_ev == pytest.approx(6.25, abs=0.05)
    assert locked.locks == (Lock(("allin 10",), (("fold", 0.25), ("call", 0.75))),)


def test_the_exploitability_is_what_each_player_gains_at_its_free_decisions(locked):
    """IP's locked call is exploitable: folding every time to the aces' shove would save it 10 three times in
    four, 7.5 per shove, 3.75 over OOP's range (the aces are half of it). That is not counted: the best response
    keeps the locked frequencies, as PioSOLVER measures a locked tree, and OOP's best response to IP is what
    OOP already plays."""
    game, table = locked.game, locked.solver.average_strategy()
    board = to_card_ids(POLAR[0])
    facing = game.tree.follow(["allin 10"])
    free = [_best_response(game, table, p, board, locked={facing: {0}}) for p in (0, 1)]
    assert locked.exploitability == pytest.approx((free[0] + free[1]) / 2, rel=1e-9, abs=1e-12)
    assert locked.exploitability_pct < 0.01
    unlocked_ip = _best_response(game, table, 1, board)
    assert unlocked_ip - (locked.ip_ev - 10) == pytest.approx(3.75, abs=0.05)


def test_a_lock_of_some_combos_leaves_the_others_free():
    """Pot 10, shove 10: KK calls 10 to win 20, so it is indifferent when a third of the shoves are bluffs. JJ is
    locked to check 80 % and shove 20 %; AA always shoves, so the bluffs make up a third when JJ's 0.2 and QQ's
    share add up to half of AA's 1: QQ shoves 30 % and checks 70 %."""
    solution = solve_river(
        "2s3h4d6c7c", "AsAh, QsQh, JsJh", "KsKh", pot=10, stack=10, bet_sizes=(), max_iterations=3000,
        target_exploitability_pct=0.001, locks=[("", {"JsJh": {"check": 0.8, "allin 10": 0.2}})],
    )  # fmt: skip
    combos = solution.strategy()["combos"]
    assert combos["JsJh"] == [0.8, 0.2]
    assert combos["QsQh"][1] == pytest.approx(0.3, abs=0.01) and combos["AsAh"][1] == pytest.approx(1.0, abs=0.01)
    assert solution.strategy(["allin 10"])["combos"]["KsKh"][1] == pytest.approx(0.5, abs=0.01)
    assert solution.oop_ev == pytest.approx(5.0, abs=0.05)


def test_locked_combos_never_update_their_regrets_or_strategy_sums(locked):
    solver, tree = locked.solver, locked.game.tree
    node = tree.follow(["allin 10"])
    block = slice(solver.offset[node], solver.offset[node] + 2)  # two actions, one combo (KsKh)
    assert solver.iterations > 10
    assert solver.regrets[block].tolist() == [0.0, 0.0] and solver.strategy_sums[block].tolist() == [0.25, 0.75]


def test_a_later_lock_of_the_same_combos_wins_and_solution_lock_solves_again():
    first = solve_river(*POLAR, pot=20, stack=10, bet_sizes=(), max_iterations=20, locks=[CALL_LOCK])
    again = first.lock("allin 10", {"call": 1.0}, max_iterations=20)
    assert again.strategy(["allin 10"])["combos"]["KsKh"] == [0.0, 1.0]
    assert len(again.locks) == 2 and again.solver.dtype == first.solver.dtype
    assert first.strategy(["allin 10"])["combos"]["KsKh"] == [0.25, 0.75]  # the first solution is kept as it was


TURN = ("Qs9h5d2c", "AQ, 99, KJs, 43s@50", "QQ, AJs, T9s:0.5")
TURN_BETTING = {"pot": 10, "stack": 15, "bet_sizes": {"turn": (1.0,), "river": (0.5,)}, "raise_cap": 1}


def test_a_lock_below_a_dealt_card_is_the_same_whatever_the_threads():
    lock = (("check", "check", "Ah"), {"AQ": {"check": 1.0}})
    solutions = [
        solve(*TURN, **TURN_BETTING, locks=[lock], max_iterations=30, target_exploitability_pct=0, threads=threads)
        for threads in (1, 2)
    ]
    assert np.array_equal(solutions[0].solver.regrets, solutions[1].solver.regrets)
    assert solutions[0].exploitability == solutions[1].exploitability
    combos = solutions[0].strategy(["check", "check", "Ah"])["combos"]
    assert combos["AdQd"] == [1.0, 0.0, 0.0] and combos["9d9c"][0] < 1


def test_save_and_load_keep_the_rake_and_the_locks(tmp_path):
    solution = solve_river(*POLAR, pot=20, stack=10, bet_sizes=(), max_iterations=200, rake=0.05, rake_cap=0.8,
                           locks=[CALL_LOCK, parse_lock("=check:0.5,allin 10:0.5|QsQh")])  # fmt: skip
    path = tmp_path / "locked.npz"
    save_solution(solution, path)
    loaded = load_solution(path)
    assert loaded.locks == solution.locks and (loaded.spot.rake, loaded.spot.rake_cap) == (0.05, 0.8)
    assert loaded.oop_ev == pytest.approx(solution.oop_ev, abs=1e-9)
    assert loaded.exploitability == pytest.approx(solution.exploitability, abs=1e-9)
    assert loaded.expected_rake == pytest.approx(solution.expected_rake, abs=1e-9) and loaded.expected_rake > 0
    data = loaded.to_dict()
    assert data["rake"] == {"rate": 0.05, "cap": 0.8, "expected": loaded.expected_rake}
    assert data["locks"][1] == {"line": [], "frequencies": {"check": 0.5, "allin 10": 0.5}, "combos": "QsQh"}


def test_a_version_1_file_reads_as_unraked_and_unlocked(tmp_path):
    solution = solve_river(*POLAR, pot=20, stack=10, bet_sizes=(), max_iterations=50)
    path = tmp_path / "plain.npz"
    save_solution(solution, path)
    with np.load(path) as saved:
        arrays = {k: saved[k] for k in saved.files}
    meta = json.loads(str(arrays["meta"]))
    for key in ("rake", "rake_cap", "locks"):
        del meta[key]
    np.savez(path, **{**arrays, "meta": np.array(json.dumps({**meta, "version": 1}))})
    loaded = load_solution(path)
    assert loaded.locks == () and loaded.spot.rake == 0 and loaded.oop_ev == pytest.approx(solution.oop_ev)


@pytest.mark.parametrize(
    "lock, message",
    [
        (("bet 5", {"fold": 1}), "action 'bet 5' at step 1 is not in the tree"),
        (("allin 10/call", {"fold": 1}), "the line ends at a terminal node, where nobody acts"),
        (("allin 10", {"raise": 1}), "action 'raise' is not open there; the actions: 'fold', 'call'"),
        (("allin 10", {"fold": 0.5}), "the frequencies add up to 0.5, not 1"),
        (("allin 10", {"fold": 1.5, "call": -0.5}), "the frequency of 'fold' must be between 0 and 1"),
        (("allin 10", {}), "the frequencies are a mapping"),
        (("allin 10", {"AsAh": {"fold": 1}}), "no combo of 'AsAh' is in ip's range"),
        (("allin 10", {"ZZ": {"fold": 1}}), "combos: "),
        ("allin 10", "expected LINE=ACTION:FREQ"),
        ("allin 10=fold", "'fold' is not ACTION:FREQ"),
        ("allin 10=fold:x", "frequency 'x' is not a number"),
        ("allin 10=fold:1|", "no combos after '|'"),
        (42, "a lock is (line, strategy)"),
    ],
)
def test_a_bad_lock_is_one_clear_line(lock, message):
    with pytest.raises(SolverError) as caught:
        solve_river(*POLAR, pot=20, stack=10, bet_sizes=(), max_iterations=1, locks=[lock])
    text = str(caught.value)
    assert message in text and "\n" not in text


def test_locks_must_be_a_list():
    with pytest.raises(SolverError, match="locks must be a list of locks"):
        Spot.parse(*POLAR, pot=20, stack=10, locks="allin 10=fold:1")


@pytest.mark.parametrize(
    "change, message",
    [
        ({"rake": 2}, "rake is a fraction of the pot"),
        ({"rake_cap": -1}, "rake_cap must be a finite number"),
        ({"locks": "allin 10=fold:1"}, "is not a list"),
        ({"locks": [{"line": ["allin 10"], "frequencies": {"fold": 1}}]}, "a lock is line, frequencies and combos"),
        ({"locks": [{"line": ["bet 3"], "frequencies": {"fold": 1}, "combos": None}]}, "action 'bet 3' at step 1"),
        ({"version": 3}, "this pokerlab reads 1 and 2"),
    ],
)
def test_a_saved_file_with_a_bad_rake_or_lock_is_one_line(tmp_path, change, message):
    path = tmp_path / "spot.npz"
    save_solution(
        solve_river(*POLAR, pot=20, stack=10, bet_sizes=(), max_iterations=5, rake=0.05, locks=[CALL_LOCK]), path
    )
    with np.load(path) as saved:
        arrays = {k: saved[k] for k in saved.files}
    meta = json.loads(str(arrays["meta"]))
    np.savez(path, **{**arrays, "meta": np.array(json.dumps({**meta, **change}))})
    with pytest.raises(SolverError) as caught:
        load_solution(path)
    text = str(caught.value)
    assert message in text and "\n" not in text and text.startswith(str(path))
