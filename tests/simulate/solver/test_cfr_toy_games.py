"""The CFR core on games of known value: Kuhn poker (-1/18) and Leduc hold'em (-0.0856), through the same kernels
as the river solver."""

from __future__ import annotations

import pytest

from pokerlab.simulate.solver.cfr import CfrSolver, Discounting
from pokerlab.simulate.solver.toy_games import KUHN_VALUE, LEDUC_VALUE, kuhn_game, leduc_game


def test_kuhn_value_is_minus_one_eighteenth():
    solver = CfrSolver(kuhn_game())
    solver.solve(max_iterations=2000)
    assert solver.expected_value(0) == pytest.approx(KUHN_VALUE, abs=2e-4)
    assert solver.expected_value(1) == pytest.approx(-KUHN_VALUE, abs=2e-4)
    assert 0 <= solver.exploitability() < 2e-4


def test_kuhn_equilibrium_shape():
    # Player 0 never bets Q at the root; holding K player 1 always calls a bet; holding J always folds to one.
    solver = CfrSolver(kuhn_game())
    solver.solve(max_iterations=2000)
    tree, table = solver.game.tree, solver.average_strategy()
    bet = tree.follow(["r"])
    assert table[bet, 1] == pytest.approx(0.0, abs=0.01)
    call = tree.follow(["r", "c"])
    assert table[call, 2] == pytest.approx(1.0, abs=0.01) and table[call, 0] == pytest.approx(0.0, abs=0.01)


def test_leduc_value():
    solver = CfrSolver(leduc_game())
    solver.solve(max_iterations=2000)
    assert solver.expected_value(0) == pytest.approx(LEDUC_VALUE, abs=2e-4)
    assert solver.expected_value(0) + solver.expected_value(1) == pytest.approx(0.0, abs=1e-12)
    assert 0 <= solver.exploitability() < 2e-4


def test_exploitability_falls_and_best_responses_never_lose_to_the_strategy():
    solver = CfrSolver(leduc_game())
    solver.iterate(10)
    early = solver.exploitability()
    solver.iterate(190)
    late = solver.exploitability()
    assert late < early / 10
    for player in (0, 1):
        assert solver.expected_value(player, best_response=True) >= solver.expected_value(player) - 1e-12


def test_other_discount_exponents_converge_too():
    solver = CfrSolver(leduc_game(), Discounting(alpha=1.0, beta=1.0, gamma=1.0))
    solver.solve(max_iterations=2000)
    assert solver.expected_value(0) == pytest.approx(LEDUC_VALUE, abs=1e-3)
