"""ICM against its compiled floor: pokerlab's call beside a textbook subset programme compiled with numba.

Run from the repository root::

    python benchmarks/icm_floor.py [--rounds 15] [--skip-solver] [--startup]

- The floor (written here): Malmuth-Harville over the sets of players placed, visited in the order of their
  bit masks, each set passing its probability to every player outside it, the chips outside a set taken as
  the total less the set's, the equities accumulated as it goes. It is handed ready float64 arrays: no
  checking, no scaling, no result to build. It agrees with pokerlab's answer to 1e-9 of the pool on these
  fields (checked before timing); it loses the short stacks' share when stacks lie past 2**53 apart,
  which pokerlab's call does not.
- pokerlab's call: ``icm(stacks, payouts)`` on the bench's fields (lists of floats), the whole call:
  checks, the compiled programme, the result.
- The numpy programme (:func:`~pokerlab.simulate.tournament.icm.harville_exact`), checked and scaled as the
  call checks and scales: what a call cost before the kernel, in the same run.
- With the final-table solver (unless ``--skip-solver``): ``pushfold_icm`` of the bench's three-handed spot
  and of a nine-handed table, its stacks after each hand valued by the kernel and, in the same run, by the
  numpy rows (:func:`~pokerlab.simulate.tournament.icm.harville_rows`), and the time spent valuing them.
- ``icm --mc``'s call (a million finishes of the nine-player field), which no part of this work changes.
- The crossover (``--startup``; fresh processes, medians): what loading the kernel costs a process (numba not
  running: its import, its compiler's start and the cached kernels; numba running: the kernels alone) beside
  the numpy programme's first call at 3, 9, 15 and 20 players, and the estimate ``icm`` chooses by
  (:func:`~pokerlab.simulate.tournament.icm.numpy_seconds`).

Rounds alternate the contenders; each figure is the median. The machine's load average is printed with them
(a 2-core machine shared with other work gives noisy absolute figures; the ratios are taken in one run).
Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import numba
import numpy as np

from pokerlab.simulate.bench.cases import BenchConfig
from pokerlab.simulate.bench.final_table_cases import final_table_spot
from pokerlab.simulate.bench.tournament_cases import icm_field
from pokerlab.simulate.tournament import icm
from pokerlab.simulate.tournament.icm import (
    check_payouts,
    check_stacks,
    harville_compiled_rows,
    harville_exact,
    harville_rows,
)

pushfold = importlib.import_module("pokerlab.simulate.tournament.pushfold_icm")

NINE_HANDED = ([3000, 2500, 4000, 1500, 6000, 2000, 3500, 5000, 2500], [30, 20, 14, 10, 8, 6, 5, 4, 3], (100, 200), 25)


@numba.njit(cache=False)
def subset_floor(s, pay):
    """Malmuth-Harville the textbook way: every set of players placed, in the order of its bit mask."""
    n = s.shape[0]
    paid = pay.shape[0]
    total = s.sum()
    size = 1 << n
    chips = np.zeros(size)
    for m in range(1, size):
        low = m & -m
        i = 0
        while (1 << i) != low:
            i += 1
        chips[m] = chips[m ^ low] + s[i]
    placed = np.zeros(size)
    placed[0] = 1.0
    equity = np.zeros(n)
    for m in range(size):
        p = placed[m]
        if p == 0.0:
            continue
        k = 0
        x = m
        while x:
            x &= x - 1
            k += 1
        if k >= paid:
            continue
        left = total - chips[m]
        for i in range(n):
            bit = 1 << i
            if not m & bit:
                q = p * s[i] / left
                equity[i] += q * pay[k]
                placed[m | bit] += q
    return equity


def numpy_call(stacks: list[float], payouts: list[float]) -> tuple[float, ...]:
    """The numpy programme as ``icm`` ran it: the checks, the prizes scaled near 1, the programme, scaled back."""
    s = check_stacks(stacks)
    pay = check_payouts(payouts, len(s))
    scale = math.frexp(float(pay[0]))[1]
    return tuple(np.ldexp(harville_exact(s, np.ldexp(pay, -scale)), scale).tolist())


def _median_seconds(contenders: dict[str, Callable[[], object]], rounds: int, repeat: int) -> dict[str, float]:
    for run in contenders.values():  # warm: compiled, caches filled
        run()
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, run in contenders.items():
            start = time.perf_counter()
            for _ in range(repeat):
                run()
            times[name].append((time.perf_counter() - start) / repeat)
    return {name: statistics.median(values) for name, values in times.items()}


def _time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} us"
    return f"{seconds * 1e3:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def _icm_contenders(stacks: list[float], payouts: list[float]) -> dict[str, Callable[[], object]]:
    s, pay = np.array(stacks), np.array(payouts)
    return {
        "floor": lambda: subset_floor(s, pay),
        "pokerlab": lambda: icm(stacks, payouts),
        "numpy": lambda: numpy_call(stacks, payouts),
    }


def icm_rows(rounds: int) -> None:
    print(f"ICM, one call ({_load()} before)")
    print(f"{'players':>8}{'floor':>13}{'pokerlab':>13}{'ratio':>8}{'numpy before':>15}{'gain':>8}")
    for players in (9, 20):
        stacks, payouts = icm_field(players)
        s, pay = np.array(stacks), np.array(payouts)
        floor = subset_floor(s, pay)
        assert np.abs(floor - np.array(icm(stacks, payouts).equities)).max() <= 1e-9 * pay.sum()
        repeat = 2000 if players < 12 else 1
        t = _median_seconds(_icm_contenders(stacks, payouts), rounds if players < 12 else max(3, rounds // 3), repeat)
        ratio, gain = t["pokerlab"] / t["floor"], t["numpy"] / t["pokerlab"]
        print(
            f"{players:>8}{_time(t['floor']):>13}{_time(t['pokerlab']):>13}{ratio:>7.2f}x"
            f"{_time(t['numpy']):>15}{gain:>7.1f}x"
        )


def solver_rows(rounds: int) -> None:
    config = BenchConfig.named("full")
    spots = {
        "3-handed (bench)": (final_table_spot(), config.final_table_deals, config.final_table_iterations),
        "9-handed": (NINE_HANDED, 20_000, 20),
    }
    print(f"\nfinal-table solver, pushfold_icm ({_load()} before): whole call, and of it valuing the stacks")
    print(f"{'spot':>18}{'kernel':>12}{'(ICM)':>11}{'numpy rows':>13}{'(ICM)':>11}")
    for name, (spot, deals, iterations) in spots.items():
        seconds: dict[str, list[float]] = {"kernel": [], "numpy": []}
        valuing: dict[str, list[float]] = {"kernel": [], "numpy": []}
        for _ in range(max(1, rounds // 5)):
            for label, rows in (("kernel", harville_compiled_rows), ("numpy", harville_rows)):
                spent = [0.0]

                def timed(s: np.ndarray, p: np.ndarray, rows: Callable = rows, spent: list = spent) -> np.ndarray:
                    start = time.perf_counter()
                    out = rows(s, p)
                    spent[0] += time.perf_counter() - start
                    return out

                pushfold.harville_compiled_rows = timed
                try:
                    start = time.perf_counter()
                    pushfold.pushfold_icm(*spot, deals=deals, iterations=iterations, seed=1)
                    seconds[label].append(time.perf_counter() - start)
                finally:
                    pushfold.harville_compiled_rows = harville_compiled_rows
                valuing[label].append(spent[0])
        k, n = (statistics.median(seconds[x]) for x in ("kernel", "numpy"))
        kv, nv = (statistics.median(valuing[x]) for x in ("kernel", "numpy"))
        print(f"{name:>18}{_time(k):>12}{_time(kv):>11}{_time(n):>13}{_time(nv):>11}")


def monte_carlo_row() -> None:
    stacks, payouts = icm_field(9)
    icm(stacks, payouts, method="mc", trials=10_000, seed=1)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        icm(stacks, payouts, method="mc", trials=1_000_000, seed=1)
        times.append(time.perf_counter() - start)
    print(f"\nicm --mc, 9 players, 1,000,000 finishes: {_time(statistics.median(times))} ({_load()})")


# Each snippet prints the seconds of what it times, in a fresh interpreter.
_KERNEL_LOAD = (
    "import time, numpy as np\n{before}"
    "start = time.perf_counter()\n"
    "from pokerlab.simulate.tournament.icm import harville_compiled\n"
    "harville_compiled(np.ones(3), np.ones(1))\n"
    "print(time.perf_counter() - start)\n"
)
_NUMBA_RUNNING = "import numba\nnumba.njit(lambda x: x + 1)(1)\n"
_NUMPY_FIRST = (
    "import time, numpy as np\n"
    "from pokerlab.simulate.tournament.icm import harville_exact\n"
    "n = {players}\n"
    "start = time.perf_counter()\n"
    "harville_exact(np.arange(1.0, n + 1), np.arange(float(n), 0.0, -1.0))\n"
    "print(time.perf_counter() - start)\n"
)


def _fresh_seconds(code: str, rounds: int) -> float:
    runs = [sys.executable, "-c", code]
    return statistics.median(float(subprocess.check_output(runs, text=True)) for _ in range(rounds))


def startup_rows(rounds: int) -> None:
    from pokerlab.simulate.tournament.icm import KERNEL_LOAD_SECONDS, NUMBA_START_SECONDS, numpy_seconds

    rounds = max(3, rounds // 2)
    print(f"\nthe crossover, fresh processes ({_load()} before)")
    cold = _fresh_seconds(_KERNEL_LOAD.format(before=""), rounds)
    warm = _fresh_seconds(_KERNEL_LOAD.format(before=_NUMBA_RUNNING), rounds)
    print(f"kernel load, numba not running: {_time(cold)} (taken as {_time(NUMBA_START_SECONDS)})")
    print(f"kernel load, numba running:     {_time(warm)} (taken as {_time(KERNEL_LOAD_SECONDS)})")
    print(f"{'players':>8}{'numpy, first call':>19}{'estimate':>11}")
    for players in (3, 9, 15, 20):
        first = _fresh_seconds(_NUMPY_FIRST.format(players=players), rounds)
        print(f"{players:>8}{_time(first):>19}{_time(numpy_seconds(players, players)):>11}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15, help="rounds, the contenders alternating")
    parser.add_argument("--skip-solver", action="store_true", help="time ICM calls only")
    parser.add_argument("--startup", action="store_true", help="only the kernel's load against numpy's first call")
    args = parser.parse_args()
    if args.startup:
        startup_rows(args.rounds)
        return
    icm_rows(args.rounds)
    if not args.skip_solver:
        solver_rows(args.rounds)
    monte_carlo_row()


if __name__ == "__main__":
    main()
