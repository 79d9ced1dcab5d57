"""PioSOLVER's "3betpotFAST" flop preset (QsJh2h, pot 180, stack 910; bets 52 % / 55 % / 70 % of the pot, raises
45 %, no all-in added, raises uncapped), as postflop-solver's spot file writes it: solved to 0.1 % of the pot, the
EVs PioSOLVER publishes (OOP 105.11, IP 74.89, within 0.2) and OOP's root bet (55.2 %, within 1 point); the range
equity, which no strategy changes, to 1e-5 of PioSOLVER's 55.347 %."""

from __future__ import annotations

import pytest

from pokerlab.simulate.bench.solver_cases import THREE_BET_POT_FAST, spot_arguments
from pokerlab.simulate.solver import solve

PIO_OOP_EV, PIO_IP_EV, PIO_OOP_EQUITY = 105.11, 74.89, 0.55347
PIO_ROOT_BET = 0.552  # OOP's frequency of the 52 % bet at the root


@pytest.fixture(scope="module")
def solution():
    solved = solve(**spot_arguments(THREE_BET_POT_FAST), target_exploitability_pct=0.1, max_iterations=1000, threads=2)
    root = solved.strategy()["frequencies"]
    print(  # the figures, for the run's log (nothing is asserted on time)
        f"\n3betpotFAST: {solved.iterations} iterations, {solved.seconds:.1f} s, exploitability "
        f"{solved.exploitability_pct:.4f} %, EVs {solved.oop_ev:.4f} / {solved.ip_ev:.4f}, root {root}"
    )
    return solved


def test_range_equity_is_pio_s():
    """Checked down every street, OOP's EV is its range equity times the pot, whatever the strategies."""
    args = {**spot_arguments(THREE_BET_POT_FAST), "bet_sizes": (), "raise_sizes": None, "donk_sizes": None}
    checked_down = solve(**args, max_iterations=1, target_exploitability_pct=0)
    assert checked_down.actions() == ("check",)
    assert abs(checked_down.oop_ev / 180 - PIO_OOP_EQUITY) < 1e-5


@pytest.mark.slow  # keeps it out of the default run, whose -m leaves out slow, packaging and docs
@pytest.mark.bench  # the benchmark tier: several minutes on 2 cores
def test_solved_to_a_tenth_of_a_percent_gives_pio_s_evs_and_root(solution):
    assert solution.exploitability_pct <= 0.1
    assert abs(solution.oop_ev - PIO_OOP_EV) < 0.2
    assert abs(solution.ip_ev - PIO_IP_EV) < 0.2
    root = solution.strategy()
    assert root["player"] == "oop" and root["actions"] == ["check", "bet 93.6"]
    assert abs(root["frequencies"][1] - PIO_ROOT_BET) < 0.01
    assert abs(solution.equities[0] - PIO_OOP_EQUITY) < 1e-5
