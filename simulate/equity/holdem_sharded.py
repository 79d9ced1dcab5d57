"""Hold'em equity on a Dask cluster, in shards.

The exact engine's shards are lists of (unique deal, first board card) units,
each returning exact integer counts; they are summed per deal and merged in
deal order exactly as the local run merges them, so the result is identical.
Monte Carlo shards are groups of MC_SHARD_BLOCKS of the local run's blocks,
each block dealt from its own seed, in the local run's rounds (larger ones:
MC_ROUND_BLOCKS at most) and with its stopping rule, so a seed gives the local
run's result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .holdem_exact import count_units, exact_units, group_deals
from .holdem_mc import Board, HoldemTally, Ranges, deal_blocks, mc_inputs, run_blocks_to_result
from .holdem_spot import DealGroups, HoldemPlayer
from .options import NoDealError, Progress

EXACT_SPLIT_BELOW = 64  # fewer unique deals than this: split each by its first board card
EXACT_SHARDS_PER_THREAD = 8
MC_SHARD_BLOCKS = 8
MC_ROUND_BLOCKS = 1 << 12


def exact_shard(
    units: list[tuple[list[tuple[int, int]], int | None]], board_ids: list[int], dead_mask: int
) -> NDArray[np.int64]:
    """One exact shard: a row (counts by winner mask..., boards) per (hole cards, first board card) unit."""
    holes = np.array([h for h, _ in units], dtype=np.int64)
    firsts = np.array([-1 if f is None else f for _, f in units], dtype=np.int64)
    counts, boards = count_units(holes, firsts, board_ids, dead_mask)
    return np.hstack([counts, boards[:, None]])


def run_exact_sharded(
    parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_ids: Sequence[int], dead_mask: int, client: Any,
    progress: Progress | None, by_key: DealGroups | None, threads: int | None = None,
) -> tuple[NDArray[np.float64], float, int]:  # fmt: skip
    """Like :func:`run_exact`, in shards on ``client`` (or on ``threads`` local threads when it is None)."""
    from ..distributed import cluster_threads, run_shards  # sharded runs only: a table answer never loads it

    groups = list((group_deals(parsed, board_ids, dead_ids) if by_key is None else by_key).values())
    if not groups:
        raise NoDealError("no deal is possible: the players' hands or ranges always share a card")
    units = exact_units(groups, board_ids, dead_ids, len(parsed), len(groups) < EXACT_SPLIT_BELOW)
    workers = cluster_threads(client) if client is not None else (threads or 1)
    n_shards = min(len(units), max(16, EXACT_SHARDS_PER_THREAD * workers))
    plan = [units[s::n_shards] for s in range(n_shards)]  # interleaved: shards of similar cost
    shards = [([(groups[g][0], f) for g, f in part], board_ids, dead_mask) for part in plan]
    results = run_shards(exact_shard, shards, client=client, threads=threads, progress=progress)
    per_group = np.zeros((len(groups), (1 << len(parsed)) + 1), dtype=np.int64)
    for part, rows in zip(plan, results):
        for (g, _), row in zip(part, rows):
            per_group[g] += row
    total = np.zeros(1 << len(parsed), dtype=np.float64)
    outcomes = 0.0
    boards = 0
    for group, row in zip(groups, per_group):  # the local run's merge, in the same order
        counts, n_boards = row[:-1], int(row[-1])
        total += group[1] * counts
        outcomes += group[1] * n_boards
        boards += group[2] * n_boards
    return total, outcomes, boards


def _mc_shard(seeds: NDArray[np.uint64], trials: int, ranges: Ranges, board: Board) -> NDArray[np.int64]:
    """One Monte Carlo shard: counts by winner mask of its blocks, one row a block."""
    return deal_blocks(seeds, trials, ranges, board)[0]


def run_mc_sharded(  # noqa: PLR0913 (the local Monte Carlo run's arguments and the cluster's)
    parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_mask: int, trials: int | None, stderr: float | None,
    seed: int, client: Any, progress: Progress | None, threads: int | None = None,
) -> tuple[NDArray[np.float64], float, int, NDArray[np.float64]]:  # fmt: skip
    """Monte Carlo in shards of blocks (see the plan above); the same outputs as the local run."""
    from ..distributed import run_shards  # sharded runs only: a table answer never loads it

    ranges, board = mc_inputs(parsed, board_ids, dead_mask)

    def deal(seeds: np.ndarray, n: int) -> np.ndarray:
        shards = [(part, n, ranges, board) for part in np.array_split(seeds, -(-len(seeds) // MC_SHARD_BLOCKS))]
        return np.concatenate(run_shards(_mc_shard, shards, client=client, threads=threads))

    return run_blocks_to_result(HoldemTally(len(parsed), deal), seed, trials, stderr, progress, MC_ROUND_BLOCKS)
