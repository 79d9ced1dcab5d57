"""Each combo's EV, equity and EQR at any node of a solved tree: the root's EVs, the polarized river's closed form
after the all-in, the check-down equities against pokerlab's exact equity, and the per-node values of the pass
against the tree's own sums."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.simulate.equity.api import equity
from pokerlab.simulate.solver import SolverError
from pokerlab.simulate.solver.holdem import solve
from pokerlab.simulate.solver.tree import CHANCE, DECISION

POLAR_BOARD = "2s3h4d6c7c"


@pytest.fixture(scope="module")
def polar():
    """The polarized river (pot 20, all-in 10, AA and QQ against KK) solved close to its equilibrium."""
    return solve(
        POLAR_BOARD, "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=3000,
        target_exploitability_pct=0.01, dtype=np.float64,
    )  # fmt: skip


@pytest.fixture(scope="module")
def turn():
    """A turn spot with bets and raises on both streets, solved briefly: two threads share the river cards."""
    return solve(
        "Td9d6hQc", "AA, KK, JTs, 87s", "QQ, JTs, 99, AKo", pot=10, stack=20, bet_sizes=(0.5, 1.0),
        max_iterations=30, target_exploitability_pct=0, threads=2, dtype=np.float64,
    )  # fmt: skip


def test_the_root_evs_are_combo_evs(turn):
    for player in ("oop", "ip"):
        evs = turn.combo_evs(player)
        values = turn.node().combo_values(player)
        assert set(values) == set(evs)
        for combo, ev in evs.items():
            assert (values[combo]["ev"] is None) == (ev is None)
            if ev is not None:
                assert values[combo]["ev"] == pytest.approx(ev, abs=1e-9)


def test_the_polarized_river_after_the_all_in_has_its_closed_form(polar):
    # KK calls 10 into 30 and meets QQ one time in four: calling and folding are both worth 0 (what KK takes from
    # the pot less what it adds). AA takes 40 when KK calls (2/3) and 30 when it folds; QQ takes 0 or 30 and
    # puts in nothing more: 10.
    facing = polar.node("allin 10")
    kk = facing.combo_values()["KsKh"]
    assert kk["ev"] == pytest.approx(0.0, abs=0.05)
    assert kk["equity"] == pytest.approx(0.25, abs=0.005)
    assert kk["eqr"] == pytest.approx(0.0, abs=0.01)
    oop = facing.combo_values("oop")
    assert oop["AsAh"]["ev"] == pytest.approx(110 / 3, abs=0.05) and oop["AsAh"]["equity"] == 1.0
    assert oop["AsAh"]["eqr"] == pytest.approx(110 / 3 / 30, abs=0.005)
    assert oop["QsQh"]["ev"] == pytest.approx(10.0, abs=0.05) and oop["QsQh"]["equity"] == 0.0
    assert oop["QsQh"]["eqr"] is None  # no equity: the realisation is undefined
    # At the root, the same node values give the solution's EVs.
    root = polar.node().combo_values()
    assert root["AsAh"]["ev"] == pytest.approx(80 / 3, abs=0.05) and root["QsQh"]["ev"] == pytest.approx(0, abs=0.05)


def test_a_check_down_tree_gives_each_combo_its_exact_equity():
    # No bet anywhere: every node's range is the whole range, so each combo's equity is pokerlab's exact equity
    # against the opponent's range, at the root (two cards to come) and after the river card.
    oop, ip = "AhKh, 9s9c, JdTd, 5s4s", "QQ, 87s, AdKc"
    solution = solve("Td9d6hQc", oop, ip, pot=10, stack=20, bet_sizes=(), allin=False, max_iterations=1)
    for line, board in (((), "Td9d6hQc"), (("check", "check", "2c"), "Td9d6hQc2c")):
        node = solution.node(*line)
        for player, opponent in (("oop", ip), ("ip", oop)):
            for combo, values in node.combo_values(player).items():
                if values["equity"] is None:
                    continue
                exact = equity([combo, opponent], board=board, method="exact").players[0].equity
                assert values["equity"] == pytest.approx(exact, abs=1e-9), (line, combo)
                if values["equity"] == 0:
                    assert values["eqr"] is None and values["ev"] == pytest.approx(0.0, abs=1e-9)
                else:  # checked down, a combo realises all of its equity
                    assert values["ev"] == pytest.approx(values["equity"] * node.pot, abs=1e-9)
                    assert values["eqr"] == pytest.approx(1.0, abs=1e-9)


def test_the_pass_leaves_each_node_the_sum_of_its_children():
    # Without a suit isomorphism every dealt card is a child of its own: a chance node's value is its children's
    # times the card probability, a decision's the acting player's mix or the opponent's sum.
    solution = solve(
        "Td9d6hQc", "AA, KK, JTs", "QQ, JTs, AKo", pot=10, stack=20, bet_sizes=(1.0,), max_iterations=20,
        target_exploitability_pct=0, isomorphism=False, threads=2, dtype=np.float64,
    )  # fmt: skip
    solver, tree = solution.solver, solution.game.tree
    strategy = solver.average_strategy().astype(np.float64)
    for player in (0, 1):
        values = solver.node_values(player)
        n = len(solution.game.hands[player])
        assert np.allclose(values[0], solver.root_values(player))
        assert np.allclose(solver.node_values(player, [5, 0, 5]), values[[5, 0, 5]])
        for node in range(len(tree)):
            children = list(tree.children(node))
            if not children:
                continue
            if tree.kind[node] == CHANCE:
                expected = tree.chance_factor[node] * values[children].sum(axis=0)
            elif tree.kind[node] == DECISION and tree.player[node] == player:
                expected = (strategy[children, :n] * values[children]).sum(axis=0)
            else:
                expected = values[children].sum(axis=0)
            assert np.allclose(values[node], expected), node


def test_bad_players_and_nodes_are_one_line_errors(polar):
    with pytest.raises(SolverError, match="player must be 'oop' or 'ip'"):
        polar.node().combo_values("btn")
    with pytest.raises(SolverError, match="nobody acts at showdown node"):
        polar.node("allin 10", "call").combo_values()
    with pytest.raises(SolverError, match="nodes must be node numbers"):
        polar.solver.node_values(0, [99])
    assert polar.node("allin 10", "call").combo_values("ip")["KsKh"]["equity"] == pytest.approx(0.25, abs=0.005)
