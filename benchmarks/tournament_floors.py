"""How far each tournament row of the bench is from what bounds its method: the table reads it cannot avoid.

Run from the repository root::

    python benchmarks/tournament_floors.py [--rounds 7] [--quick]

Each row's call (the bench's own spot) is timed beside a floor: the reads and updates its method must make,
done alone as numpy does them at its best (whole contiguous arrays, one call each), rounds alternating.

- ICM, 9 and 20 players (``icm(stacks, payouts)``): Malmuth-Harville over sets of players reads one
  probability and updates one for each set and player still to place, ``n * 2**(n-1)`` updates in all (the
  layers above the paid places included). Floor: one pass reading two arrays of that many floats and writing
  one (``np.add(a, b, out=a)``). ICM's compiled floor, a subset programme in numba timed beside the call, is
  ``benchmarks/icm_floor.py``.
- The chart (``pushfold_chart(max_stack=20)``): each stack's payoff matrix is built from the 169 x 169 deal
  weights and equities (three arrays of 28,561 floats read, one written), and regret matching+ reads it twice
  an iteration (the small blind's gains ``M q``, the big blind's costs ``M^T p``). Floor: one build per stack
  and two products per iteration, as many iterations as the chart ran.
- The final table (``pushfold_icm``, the bench's three-handed spot and sizes): an iteration reads each deal's
  15 terminal payoffs (the walk and the four sets of callers, three players each) and its three classes.
  Floor: one sum over an array of ``deals x 18`` floats per iteration.

The ratio is the call's median time over the floor's: how many times the bare table reads the whole method
costs. Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

from pokerlab.simulate.bench.cases import BenchConfig
from pokerlab.simulate.bench.final_table_cases import final_table_spot
from pokerlab.simulate.bench.tournament_cases import icm_field
from pokerlab.simulate.tournament import icm, pushfold_chart, pushfold_icm
from pokerlab.simulate.tournament.headsup_game import headsup_classes
from pokerlab.simulate.tournament.pushfold_chart import chart_stacks


def _icm_row(players: int) -> tuple[Callable[[], object], Callable[[], object], str]:
    stacks, payouts = icm_field(players)
    updates = players << (players - 1)
    a, b = np.ones(updates), np.ones(updates)

    def floor() -> None:
        np.add(a, b, out=a)

    return lambda: icm(stacks, payouts), floor, f"{updates:,} updates"


def _chart_row(max_stack: float) -> tuple[Callable[[], object], Callable[[], object], str]:
    table = headsup_classes()
    stacks = chart_stacks(0.0, max_stack)
    iterations = pushfold_chart(max_stack=max_stack).iterations
    weights, equity = table.pairs / table.pairs.sum(), table.equity
    matrix, p, q = np.empty_like(equity), np.full(len(equity), 0.5), np.full(len(equity), 0.5)

    def floor() -> None:
        for stack in stacks:  # a build reads the weights and the equities and writes the matrix
            np.multiply(weights, stack * (2 * equity - 1) - 1, out=matrix)
        for _ in range(iterations):
            matrix @ q
            matrix.T @ p

    what = f"{len(stacks)} builds, {iterations:,} iterations x 2 products of 169 x 169"
    return lambda: pushfold_chart(max_stack=max_stack), floor, what


def _final_table_row(config: BenchConfig) -> tuple[Callable[[], object], Callable[[], object], str]:
    deals, iterations = config.final_table_deals, config.final_table_iterations
    payoffs = np.ones((18, deals))

    def floor() -> None:
        for _ in range(iterations):
            payoffs.sum()

    def call() -> None:
        pushfold_icm(*final_table_spot(), deals=deals, iterations=iterations, seed=1)

    return call, floor, f"{iterations} iterations x {deals:,} deals x 18 floats"


def _seconds(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds, the call and its floor alternating")
    parser.add_argument("--quick", action="store_true", help="the quick bench's sizes (chart to 8 bb)")
    args = parser.parse_args()
    config = BenchConfig.named("quick" if args.quick else "full")
    rows = {
        "icm-9": _icm_row(9),
        "icm-20": _icm_row(20),
        "pushfold-chart": _chart_row(config.chart_stack),
        "pushfold-icm-3": _final_table_row(config),
    }
    print(f"{'row':16}{'call':>12}{'floor':>12}{'ratio':>9}  floor's work")
    for name, (call, floor, what) in rows.items():
        call(), floor()  # warm: tables read, caches filled
        calls, floors = [], []
        for _ in range(args.rounds):
            calls.append(_seconds(call))
            floors.append(_seconds(floor))
        c, f = statistics.median(calls), statistics.median(floors)
        print(f"{name:16}{_ms(c):>12}{_ms(f):>12}{c / f:>8.1f}x  {what}")


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f} ms" if seconds < 1 else f"{seconds:.2f} s"


if __name__ == "__main__":
    main()
