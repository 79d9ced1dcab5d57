"""The 16-bit compressed storage: the same DCFR update on int16 regrets and uint16 strategy sums with a scale per
decision, against the toy games' known values and the polarized river's closed form; its memory, its limit, its
saved files, its threads and its locks."""

from __future__ import annotations

import json

import jsonschema
import numpy as np
import pytest
from click.testing import CliRunner

from pokerlab import schemas
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.solver import SolverError, load_solution, save_solution
from pokerlab.simulate.solver.cfr import CfrSolver
from pokerlab.simulate.solver.holdem import estimate_memory, solve, solve_spot
from pokerlab.simulate.solver.spot import Spot
from pokerlab.simulate.solver.toy_games import KUHN_VALUE, LEDUC_VALUE, kuhn_game, leduc_game

POLAR = ("2s3h4d6c7c", "AsAh, QsQh", "KsKh")
TURN = ("Qs9h5d2c", "AQ, 99, KJs, 43s@50, T8s, 76s", "QQ, AJs, T9s:0.5, KQ, 65s")
RACE_TURN = (
    "Td9d6hQc",
    "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s",
    "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+",
)
TURN_BETTING = {"pot": 10, "stack": 15, "bet_sizes": {"turn": (1.0,), "river": (0.5,)}, "raise_cap": 1}


def test_the_storage_is_sixteen_bit_with_a_scale_per_decision():
    solver = CfrSolver(leduc_game(), compressed=True)
    solver.iterate(5)
    assert solver.regrets.dtype == np.int16 and solver.strategy_sums.dtype == np.uint16
    assert solver.scales.shape == (2, len(solver.game.tree)) and solver.scales.dtype == np.float32
    assert np.abs(solver.regrets).max() == 32767 and solver.strategy_sums.max() == 65535
    assert np.all(solver.scales >= 0) and solver.scales.max() > 0


@pytest.mark.parametrize("game, value", [(kuhn_game, KUHN_VALUE), (leduc_game, LEDUC_VALUE)])
def test_the_toy_games_reach_their_values_compressed(game, value):
    solver = CfrSolver(game(), compressed=True)
    solver.solve(max_iterations=2000)
    assert solver.expected_value(0) == pytest.approx(value, abs=2e-3)
    assert solver.expected_value(0) + solver.expected_value(1) == pytest.approx(0.0, abs=1e-12)
    assert 0 <= solver.exploitability() < 5e-3


def test_the_polarized_river_matches_the_closed_form_compressed():
    solution = solve(*POLAR, pot=20, stack=10, bet_sizes=(), max_iterations=2000, target_exploitability_pct=0,
                     compressed=True)  # fmt: skip
    assert solution.solver.compressed and solution.to_dict()["compressed"] is True
    root = solution.strategy()
    assert root["combos"]["QsQh"][1] == pytest.approx(1 / 3, abs=0.01)
    assert root["combos"]["AsAh"][1] == pytest.approx(1.0, abs=0.01)
    assert solution.strategy(["allin 10"])["combos"]["KsKh"][1] == pytest.approx(2 / 3, abs=0.01)
    assert solution.oop_ev == pytest.approx(40 / 3, abs=0.05)


def test_a_turn_spot_solves_to_the_float_answer_compressed():
    full = solve(*TURN, **TURN_BETTING, max_iterations=300, target_exploitability_pct=0.2)
    small = solve(*TURN, **TURN_BETTING, max_iterations=300, target_exploitability_pct=0.2, compressed=True)
    assert small.exploitability_pct <= 0.2
    assert small.oop_ev == pytest.approx(full.oop_ev, abs=0.01 * full.pot)


def test_compressed_arrays_are_counted_exactly():
    spot = Spot.parse(*TURN, **TURN_BETTING)
    game = spot.game()
    hands = (len(game.hands[0]), len(game.hands[1]))
    for threads in (1, 2):
        solver = CfrSolver(game, dtype=np.float32, threads=threads, compressed=True)
        solver.iterate(1)  # every work area the threads use now exists
        assert CfrSolver.memory_bytes(spot.shape(), hands, np.float32, threads, compressed=True) == (
            solver.allocated_bytes()
        )
    assert spot.estimate_memory(np.float32, 1, True) < spot.estimate_memory(np.float32, 1, False)
    assert estimate_memory(*TURN, **TURN_BETTING, compressed=True) == spot.estimate_memory(np.float32, 1, True)


def test_compressed_arrays_are_about_half_of_float32_on_a_real_spot():
    # postflop-solver's turn benchmark: 167 and 250 combos, 4,785 nodes.
    spot = Spot.parse(*RACE_TURN, pot=200, stack=900, bet_sizes={"turn": "60%", "river": "60%"})
    game = spot.game()
    full, small = (CfrSolver(game, dtype=np.float32, compressed=c) for c in (False, True))
    assert small.regrets.nbytes + small.strategy_sums.nbytes == (full.regrets.nbytes + full.strategy_sums.nbytes) / 2
    assert 0.5 < small.allocated_bytes() / full.allocated_bytes() < 0.62


def test_max_memory_applies_to_the_storage_chosen():
    spot = Spot.parse(*TURN, **TURN_BETTING)
    small, full = (spot.estimate_memory(np.float32, 1, compressed) for compressed in (True, False))
    limit = (small + full) / 2
    with pytest.raises(SolverError, match="MiB float32 .* over max_memory"):
        solve_spot(spot, max_iterations=1, max_memory=limit)
    assert solve_spot(spot, max_iterations=1, max_memory=limit, compressed=True).solver.compressed
    with pytest.raises(SolverError, match="MiB compressed .* over max_memory"):
        solve_spot(spot, max_iterations=1, max_memory=small - 1, compressed=True)


@pytest.mark.parametrize("compressed", [1, "yes", None])
def test_a_bad_compressed_flag_is_one_clear_line(compressed):
    with pytest.raises(SolverError, match="^compressed must be True or False; got") as caught:
        solve(*POLAR, pot=20, stack=10, max_iterations=1, compressed=compressed)
    assert "\n" not in str(caught.value)


def test_the_threads_change_no_value_compressed():
    game = Spot.parse(*TURN, **TURN_BETTING).game()
    solvers = [CfrSolver(game, dtype=np.float32, threads=threads, compressed=True) for threads in (1, 2)]
    for solver in solvers:
        solver.iterate(7)
    assert np.array_equal(solvers[0].regrets, solvers[1].regrets)
    assert np.array_equal(solvers[0].strategy_sums, solvers[1].strategy_sums)
    assert np.array_equal(solvers[0].scales, solvers[1].scales)


def test_a_compressed_solution_saves_and_loads_as_it_was(tmp_path):
    solution = solve(*TURN, **TURN_BETTING, max_iterations=30, compressed=True)
    path = tmp_path / "turn.npz"
    save_solution(solution, path)
    loaded = load_solution(path)
    assert loaded.solver.compressed and loaded.solver.strategy_sums.dtype == np.uint16
    assert np.array_equal(loaded.solver.strategy_sums, solution.solver.strategy_sums)
    assert np.array_equal(loaded.solver.scales[1], solution.solver.scales[1])
    assert loaded.strategy(["check"]) == solution.strategy(["check"])
    assert (loaded.oop_ev, loaded.ip_ev, loaded.exploitability) == (
        solution.oop_ev,
        solution.ip_ev,
        solution.exploitability,
    )
    assert loaded.memory_bytes == solution.memory_bytes < solve(*TURN, **TURN_BETTING, max_iterations=1).memory_bytes


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda meta, arrays: arrays.pop("strategy_scales"), "does not match the arrays"),
        (lambda meta, arrays: meta.update(compressed=False), "does not match the arrays"),
        (lambda meta, arrays: arrays.update(strategy_sums=arrays["strategy_sums"].astype(np.float32)), "uint16"),
        (lambda meta, arrays: arrays.update(strategy_scales=-arrays["strategy_scales"] - 1), "strategy_scales"),
        (lambda meta, arrays: arrays.update(strategy_scales=arrays["strategy_scales"][:-1]), "strategy_scales"),
    ],
)
def test_a_damaged_compressed_file_is_one_clear_line(tmp_path, change, message):
    path = tmp_path / "river.npz"
    save_solution(solve(*POLAR, pot=20, stack=10, max_iterations=20, compressed=True), path)
    with np.load(path) as saved:
        arrays = {k: saved[k] for k in saved.files}
    meta = json.loads(str(arrays.pop("meta")))
    change(meta, arrays)
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)
    with pytest.raises(SolverError, match=message) as caught:
        load_solution(path)
    assert "\n" not in str(caught.value)


def test_a_lock_holds_compressed():
    # KK's call locked to 75 %: OOP shoves AA and checks QQ, IP's EV 6.25 (the float solver's answer).
    solution = solve(*POLAR, pot=20, stack=10, bet_sizes=(), max_iterations=1000, compressed=True,
                     locks=[("allin 10", {"fold": 0.25, "call": 0.75})])  # fmt: skip
    assert solution.strategy(["allin 10"])["frequencies"] == [0.25, 0.75]
    assert solution.ip_ev == pytest.approx(6.25, abs=0.05)
    relocked = solution.lock("allin 10", {"call": 1.0}, max_iterations=200)
    assert relocked.solver.compressed


def test_the_command_line_solves_compressed_and_says_both_sizes():
    args = ["solve", "-b", POLAR[0], "--oop", POLAR[1], "--ip", POLAR[2], "--pot", "20", "--stack", "10", "--bet", "a"]
    result = CliRunner().invoke(main, [*args, "--compressed", "--json"], prog_name="pokerlab")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, schemas.load("solve"))
    assert data["compressed"] is True and data["oop_ev"] == pytest.approx(40 / 3, abs=0.1)
    assert "32-bit or" in result.stderr and "MiB compressed; solving 16-bit compressed" in result.stderr
    plain = CliRunner().invoke(main, [*args, "--json"], prog_name="pokerlab")
    assert json.loads(plain.stdout)["compressed"] is False and "solving 32-bit" in plain.stderr
