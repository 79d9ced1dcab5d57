"""One thread runs its iterations and exploitability checks in compiled calls: the same discounts, the same
iterations and values as pass-by-pass from Python, Python seeing each call's end (Ctrl-C); the tree's build gives
its freed heap back before the solve."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.simulate.solver import cfr, cfr_kernels, spot
from pokerlab.simulate.solver.cfr import CfrSolver, Discounting
from pokerlab.simulate.solver.spot import Spot

RIVER = ("2s3h4d6c7c", "AsAh, QsQh", "KsKh")
TURN = ("Qs9h5d2c", "AA, KK, QJs, 98s, 65s", "AK, QQ, JTs, 99, 76s")


@pytest.mark.parametrize(
    "discounting",
    [Discounting(), Discounting(alpha=2.0, beta=0.5, gamma=2.0), Discounting(restart=4), Discounting(restart=10)],
)
def test_the_compiled_discounts_are_the_documented_ones_to_the_bit(discounting):
    d = discounting
    for iteration in range(1, 400):
        compiled = cfr_kernels.discount_factors(iteration, d.alpha, d.beta, d.gamma, d.restart)
        assert compiled == discounting.factors(iteration), iteration


def _count_calls(monkeypatch, name):
    """Count the calls from Python of a kernel that no compiled kernel calls (a compiled caller would be typed
    against the stand-in)."""
    calls = []
    kernel = getattr(cfr_kernels, name)

    def counted(*args):
        calls.append(args)
        return kernel(*args)

    monkeypatch.setattr(cfr_kernels, name, counted)
    return calls


def test_one_thread_calls_no_pass_from_python(monkeypatch):
    solver = CfrSolver(Spot.parse(*RIVER, pot=20, stack=10, bet_sizes=()).game())
    passes = []
    monkeypatch.setattr(CfrSolver, "_pass", lambda *args, **kwargs: passes.append(args))
    solver.solve(200, 0.001 * 20)
    exploitability = solver.exploitability()
    solver.iterate(3)
    assert passes == [] and 0 <= exploitability <= 0.02 and solver.iterations > 3


def test_a_long_solve_returns_to_python_between_calls(monkeypatch):
    monkeypatch.setattr(cfr, "_CALL_SECONDS", 0.0)  # every call as short as the checks allow
    solver = CfrSolver(Spot.parse(*RIVER, pot=20, stack=10, bet_sizes=()).game())
    calls = _count_calls(monkeypatch, "train")
    assert solver.solve(25, target_exploitability=1e-12) == 25
    assert [call[9] for call in calls] == [10, 10, 5]  # each call's iterations


def test_a_tiny_tree_solves_in_one_compiled_call(monkeypatch):
    solver = CfrSolver(Spot.parse(*RIVER, pot=20, stack=10, bet_sizes=()).game())
    calls = _count_calls(monkeypatch, "train")
    assert solver.solve(1000, target_exploitability=1e-12) == 1000
    assert [call[9] for call in calls] == [1000]  # a call costs as much as this tree's iterations: one only


@pytest.mark.parametrize("target", [0.0, 0.02])
def test_one_thread_stops_where_the_threads_stop_with_the_same_values(target):
    game = Spot.parse(*TURN, pot=10, stack=20, bet_sizes=(1.0,)).game()
    solvers = [CfrSolver(game, dtype=np.float32, threads=threads) for threads in (1, 2)]
    assert solvers[0]._threads_used() == 1 and solvers[1]._threads_used() == 2
    done = [solver.solve(60, target * 10, check_every=7) for solver in solvers]
    assert done[0] == done[1] and (target == 0 or done[0] < 60)
    assert np.array_equal(solvers[0].regrets, solvers[1].regrets)
    assert np.array_equal(solvers[0].strategy_sums, solvers[1].strategy_sums)
    assert solvers[0].exploitability() == solvers[1].exploitability()
    assert solvers[0].expected_value(0) == solvers[1].expected_value(0)


def test_building_the_game_gives_the_freed_heap_back(monkeypatch):
    released = []
    monkeypatch.setattr(spot, "release_freed_memory", lambda: released.append(True))
    Spot.parse(*TURN, pot=10, stack=20).game()
    assert released == [True]
