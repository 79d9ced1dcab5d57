"""Where one small exact equity call's time goes: the Python front end against the compiled counting.

Run from the repository root with the project's Python::

    python benchmarks/equity_frontend.py [--rounds 15] [--calls 2000] [--spot turn|flop|river]

The spot is the bench's exact turn row by default (AhKh vs QQ+,AQs+,KQs on
Qh7h2c3s, one thread, no tables), as ``pokerlab bench --only eq-turn`` runs
it. Each stage is timed on its own, ``--calls`` times in a row, on inputs
prepared outside the timing:

- the whole ``equity()`` call;
- ``prepare_spot``: parsing players, board and dead cards, with every check;
- the work estimate (``postflop_work``) that picks exact or Monte Carlo;
- ``run_exact_postflop``: the kernel's inputs and its compiled call;
- the compiled call alone, set-up and counting (``hand_vs_range_exact`` for a hand against a range
  before the river, else ``exact_postflop``);
- building the result (``exact_result``);
- pokerfast's whole ``equity.equity(..., exact=True, threads=1)``, when installed.

Rounds alternate the stages so a drifting load hits all of them alike. Times
are CPU time of this process (``time.process_time``) per call, best and
median of the rounds: on a shared machine wall time mostly measures the
neighbours. The stages need not add up to the whole call exactly (the call
also checks its options and reads the clock). Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

import numpy as np

from pokerlab.simulate.bench.runner import cpu_rounds
from pokerlab.simulate.equity import engine, postflop, postflop_kernels

SPOTS = {
    "turn": (["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s"),
    "flop": (["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c"),
    "river": (["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s5d"),
}


def stages(players: list[str], board: str) -> dict[str, Callable[[], object]]:
    """The timed stages of one ``equity(players, board, method="exact", threads=1, use_tables=False)``."""
    parsed, board_ids, dead_ids, _, dead_mask = engine.prepare_spot(players, board, None)
    counts, outcomes, boards = postflop.run_exact_postflop(parsed, board_ids, dead_mask, 1)
    board_array, dead = np.array(board_ids, dtype=np.int64), np.uint64(dead_mask)
    card_keys, *tables = postflop._tables()
    if len(parsed) == 2 and len(board_ids) < 5 and len(parsed[0].combos) == 1:  # run_exact_postflop's choice
        kernel = "hand_vs_range_exact"
        args = (parsed[0].combos, parsed[1].combos, parsed[1].weights, board_array, dead, card_keys, *tables)
    else:
        kernel = "exact_postflop"
        args = (*postflop._stacked(tuple(parsed)), board_array, dead, card_keys, *tables)
    compiled = getattr(postflop_kernels, kernel)
    calls: dict[str, Callable[[], object]] = {
        "equity() whole call": lambda: engine.equity(players, board=board, method="exact", threads=1, use_tables=False),
        "  prepare_spot (parse, check)": lambda: engine.prepare_spot(players, board, None),
        "  work estimate": lambda: postflop.postflop_work(parsed, board_ids, dead_ids),
        "  run_exact_postflop": lambda: postflop.run_exact_postflop(parsed, board_ids, dead_mask, 1),
        f"    its compiled call ({kernel})": lambda: compiled(*args),
        "  result (exact_result)": lambda: engine.exact_result(parsed, counts, outcomes, boards, 0.0, 1),
    }
    try:
        from pokerfast import equity as pokerfast_equity
    except ImportError as exc:
        print(f"pokerfast: not installed ({exc})")
    else:
        calls["pokerfast equity.equity whole call"] = lambda: pokerfast_equity.equity(
            players, board, exact=True, threads=1
        )
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=2000, help="calls per stage per round")
    parser.add_argument("--spot", choices=sorted(SPOTS), default="turn")
    args = parser.parse_args()
    players, board = SPOTS[args.spot]
    print(f"exact {args.spot}: {' vs '.join(players)} on {board}, one thread (us per call, CPU time)")
    for name, s in cpu_rounds(stages(players, board), args.rounds, args.calls, warm=50).items():
        print(f"  {name:46s} best {min(s) * 1e6:7.1f}  median {statistics.median(s) * 1e6:7.1f}")


if __name__ == "__main__":
    main()
