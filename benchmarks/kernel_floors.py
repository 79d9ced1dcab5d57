"""Where the time of three kernel rows of the bench goes, against what bounds them (CPU time, variants alternating).

Run from the repository root::

    python benchmarks/kernel_floors.py [--rounds 15]

- 7-card batch: pokerlab's kernel, a loop that does only its table loads
  (three pair keys, one card key, the row's displacement and the value per
  row: no flush, no check of the ids), the same loop counting and then also
  listing the rows flagged for the flush pass (the listed kernel's way, on
  CPUs without a fast ``pext``), the listed kernel itself, and pokerfast's
  OMPEval kernel, on the same 2,000,000 random hands; each row with its
  ratio to the table loads;
- exact turn spot (AhKh vs QQ+,AQs+,KQs on Qh7h2c3s): the whole
  ``equity()`` call, its parsing and checking (``prepare_spot``), its one
  compiled call (set-up and counting), and pokerfast's whole call;
- Monte Carlo: the one-stream kernel alone (3,000,000 deals) heads-up and
  3-way, in trials per second.

Times are CPU time of this process (``time.process_time``), best and median
of the rounds: on a machine shared with other jobs, wall time mostly measures
the neighbours. Each batch row is timed right after an untimed call of
itself, as a caller ranking batch after batch runs it: timed after whichever
row preceded it, a row inherits that row's cache state, and the same
neighbours precede it in every rotated order (listing the loads loop first
instead of second moved the kernel from 0.84 to 0.91 of it). Nothing here is
a pass/fail test.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time

import numpy as np
from numba import njit

from pokerlab import evaluator
from pokerlab.evaluator import batch_kernels
from pokerlab.evaluator.api import high_tables
from pokerlab.evaluator.batch_kernels import _FLAGS, _LAST_ROW, _SINGLES, FAST_BMI2, _load_pair, kernel_inputs
from pokerlab.evaluator.kernels import RANK_KEY_MASK
from pokerlab.evaluator.tables import SIZED_RANK_SHIFT
from pokerlab.simulate.bench.cases import random_hands
from pokerlab.simulate.bench.runner import cpu_rounds, round_orders
from pokerlab.simulate.equity import engine, holdem_mc, mc_kernels, postflop_kernels

_SHIFT = np.uint64(SIZED_RANK_SHIFT)


@njit
def loads_only(cards, out, pair_keys, disp, values, stage):  # pragma: no cover - numba
    """The 7-card batch kernel's table loads, then (``stage`` 1, 2) what it adds per row for the flushes.

    Stage 0 reads three pairs of cards and one single card, the row's displacement and the value, as the
    kernel reads them, and nothing else: no flush, no check of the ids; the floor of any kernel over these
    tables. Stage 1 also counts the rows the kernel flags (a flush or an id of 52 or more); stage 2 also
    lists them, as the kernel does for its second pass. The kernel itself then adds that second pass.
    """
    flat = cards.reshape(-1)
    revisit = np.empty(4096, dtype=np.uint64)
    flagged = np.uint64(0)
    b = np.uint64(0)
    for i in range(cards.shape[0]):
        key = pair_keys[_load_pair(flat, b)] + pair_keys[_load_pair(flat, b + np.uint64(2))]
        key += pair_keys[_load_pair(flat, b + np.uint64(4))] + pair_keys[_SINGLES + flat[b + np.uint64(6)]]
        b += np.uint64(7)
        out[i] = values[(key + disp[(key >> _SHIFT) & _LAST_ROW]) & RANK_KEY_MASK]
        if stage >= 2:
            revisit[flagged & np.uint64(4095)] = i
        if stage >= 1:
            flagged += np.uint64((key & _FLAGS) != 0)
    return flagged


@njit
def listed_rows7(cards, out, pair_keys, suited, disp, values, flush_values):  # pragma: no cover - numba
    """The 7-card kernel of CPUs without a fast ``pext`` (``evaluate_rows7`` compiles the marked one here)."""
    return batch_kernels._rank_rows_listed(cards, out, np.uint64(7), pair_keys, suited, disp, values, flush_values)


def warm_rounds(calls: dict, rounds: int) -> dict[str, list[float]]:
    """CPU seconds per call of each entry, each timed right after an untimed call of itself, in rotating order.

    >>> seconds = warm_rounds({"a": lambda: None, "b": lambda: None}, rounds=3)
    >>> sorted(seconds), [len(s) for s in seconds.values()]
    (['a', 'b'], [3, 3])
    """
    names = list(calls)
    seconds: dict[str, list[float]] = {name: [] for name in names}
    for order in round_orders(len(names), rounds):
        for name in (names[i] for i in order):
            calls[name]()
            start = time.process_time()
            calls[name]()
            seconds[name].append(time.process_time() - start)
    return seconds


def batch_rows(rounds: int) -> None:
    from pokerlab.simulate.bench.contenders import pokerfast_native

    t = high_tables()
    hands = np.ascontiguousarray(random_hands(2_000_000))
    out = np.empty(len(hands), dtype=np.uint16)
    calls = {
        "pokerlab evaluate_batch": lambda: evaluator.evaluate_batch(hands, out=out),
    }
    # The arrays the kernel reads; the loads loop reads the hash's own rows of them (the marked kernel's further
    # displacements and its blocks of marks serve flagged rows only).
    pair_keys, _, disp, values, _ = kernel_inputs(7, t)
    listed = kernel_inputs(7, t, marked=False)
    for stage, name in enumerate(("table loads only", "  + counting flagged rows", "  + listing them")):
        calls[name] = functools.partial(loads_only, hands, out, pair_keys, disp, values, stage)
    if FAST_BMI2:  # else evaluate_batch runs the listed kernel
        calls["listed kernel"] = functools.partial(listed_rows7, hands, out, *listed)
    try:
        calls["pokerfast (OMPEval kernel)"] = pokerfast_native(hands).run
    except ImportError as exc:
        print(f"pokerfast: {exc}")
    kind = "marked" if FAST_BMI2 else "listed"
    print(f"7-card batch ({kind} kernel), 2,000,000 random hands, one thread (M hands/s, CPU time)")
    seconds = warm_rounds(calls, rounds)
    loads = seconds["table loads only"]
    print(f"  {'':28s} {'best':>11s} {'median':>8s}   of the loads: best, median, median of the rounds' ratios")
    for name, s in seconds.items():
        best, median = len(hands) / min(s) / 1e6, len(hands) / statistics.median(s) / 1e6
        paired = statistics.median(a / b for a, b in zip(loads, s))
        ratios = f"{min(loads) / min(s):5.2f} {statistics.median(loads) / statistics.median(s):5.2f} {paired:5.2f}"
        print(f"  {name:28s} best {best:6.0f}  median {median:6.0f}  {ratios}")


def turn_rows(rounds: int) -> None:
    players, board = ["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s"
    parsed, board_ids, _, _, _ = engine.prepare_spot(players, board, None)
    t = high_tables()
    board_array = np.array(board_ids, dtype=np.int64)
    calls = {
        "pokerlab equity()": lambda: engine.equity(players, board=board, method="exact", threads=1, use_tables=False),
        "  its prepare_spot (parse, check)": lambda: engine.prepare_spot(players, board, None),
        "  its compiled call": lambda: postflop_kernels.hand_vs_range_exact(  # a hand against a range, by rank pair
            parsed[0].combos,
            parsed[1].combos,
            parsed[1].weights,
            board_array,
            np.uint64(0),
            t.card_keys,
            t.rank7_offsets,
            t.rank7_values,
            t.flush_values,
        ),  # fmt: skip
    }
    try:
        from pokerfast import equity as pokerfast_equity

        calls["pokerfast equity.equity"] = lambda: pokerfast_equity.equity(players, board, exact=True, threads=1)
    except ImportError as exc:
        print(f"pokerfast: {exc}")
    print(f"exact turn, {' vs '.join(players)} on {board}, one thread (us per call, CPU time)")
    for name, s in cpu_rounds(calls, rounds, repeat=200).items():
        print(f"  {name:32s} best {min(s) * 1e6:7.1f}  median {statistics.median(s) * 1e6:7.1f}")


def monte_carlo_rows(rounds: int) -> None:
    t = high_tables()
    trials = 3_000_000
    print(f"Monte Carlo kernel alone, one stream, {trials:,} deals (M trials/s, CPU time)")
    for players in (["AsAh", "random"], ["QQ+,AKs", "random", "random"]):
        parsed, board_ids, _, _, dead_mask = engine.prepare_spot(players, None, None)
        ranges, board = holdem_mc.mc_inputs(parsed, board_ids, dead_mask)

        def run(players=players, ranges=ranges, board=board) -> None:
            counts = np.zeros((1, 1 << len(players)), dtype=np.int64)
            mc_kernels.mc_blocks(np.ones(1, dtype=np.uint64), trials, ranges, board, t, counts)

        s = cpu_rounds({"mc": run}, max(3, rounds // 3))["mc"]
        spot = " vs ".join(players)
        print(f"  {spot:34s} best {trials / min(s) / 1e6:6.1f}  median {trials / statistics.median(s) / 1e6:6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    batch_rows(args.rounds)
    turn_rows(args.rounds)
    monte_carlo_rows(args.rounds)


if __name__ == "__main__":
    main()
