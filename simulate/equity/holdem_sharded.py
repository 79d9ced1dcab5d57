"""Hold'em equity on a Dask cluster, in shards.

The exact engine's shards are lists of (unique deal, first board card) units,
each returning exact integer counts; they are summed per deal and merged in
deal order exactly as the local run merges them, so the result is identical.
Monte Carlo shards are blocks of MC_SHARD_TRIALS deals, shard i drawing from
xoshiro stream i of the seed; with a standard-error target they run in waves
of MC_WAVE shards and the run stops after the first wave that meets it, so the
result depends only on the seed and this plan.
"""

from __future__ import annotations

import numpy as np

from ...evaluator.api import high_tables
from .holdem_exact import count_units, exact_units, group_deals, outcome_shares
from .holdem_mc import mc_errors, mc_inputs
from .options import DEFAULT_STDERR, MAX_DEFAULT_TRIALS, EquityError

EXACT_SPLIT_BELOW = 64  # fewer unique deals than this: split each by its first board card
EXACT_SHARDS_PER_THREAD = 8
MC_SHARD_TRIALS = 1 << 18
MC_WAVE = 8


def exact_shard(units: list[tuple[list[tuple[int, int]], int | None]], board_ids: list[int], dead_mask: int):
    """One exact shard: a row (counts by winner mask..., boards) per (hole cards, first board card) unit."""
    holes = np.array([h for h, _ in units], dtype=np.int64)
    firsts = np.array([-1 if f is None else f for _, f in units], dtype=np.int64)
    counts, boards = count_units(holes, firsts, board_ids, dead_mask)
    return np.hstack([counts, boards[:, None]])


def run_exact_sharded(parsed, board_ids, dead_ids, dead_mask, client, progress, by_key, threads=None):
    """Like :func:`run_exact`, in shards on ``client`` (or on ``threads`` local threads when it is None)."""
    from ..distributed import cluster_threads, run_shards  # sharded runs only: a table answer never loads it

    groups = list((group_deals(parsed, board_ids, dead_ids) if by_key is None else by_key).values())
    if not groups:
        raise EquityError("no deal is possible: the players' hands or ranges always share a card")
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


def _mc_shard(ranges: tuple, board: tuple, seed: int, index: int, n_trials: int) -> np.ndarray:
    """One Monte Carlo shard: counts by winner mask of ``n_trials`` deals from stream ``index`` of ``seed``."""
    from . import mc_kernels as kernels  # numba-compiled: imported on first use

    state = kernels.seed_streams(np.uint64(seed), index + 1)[index].copy()
    counts = np.zeros(1 << len(ranges[3]), dtype=np.int64)
    kernels.mc_stream(state, n_trials, ranges, board, high_tables(), counts)
    return counts


def run_mc_sharded(parsed, board_ids, dead_mask, trials, stderr, seed, client, progress, threads=None):
    """Monte Carlo in shards of independent streams (see the plan above); same outputs as the local run."""
    from ..distributed import run_shards  # sharded runs only: a table answer never loads it

    ranges, board = mc_inputs(parsed, board_ids, dead_mask)
    _, _, share_m = outcome_shares(len(parsed))
    limit = trials if trials is not None else MAX_DEFAULT_TRIALS
    target = stderr if stderr is not None else (DEFAULT_STDERR if trials is None else None)
    counts = np.zeros(1 << len(parsed), dtype=np.int64)
    done = 0
    planned = 0
    errors = np.full(len(parsed), np.inf)
    while planned < limit:
        wave = []
        while planned < limit and (target is None or len(wave) < MC_WAVE):
            n = min(MC_SHARD_TRIALS, limit - planned)
            index = planned // MC_SHARD_TRIALS
            wave.append((ranges, board, seed, index, n))
            planned += n
        goal = limit
        if target is not None and np.isfinite(errors).all() and errors.max() > 0:
            goal = min(limit, max(planned, int(done * (errors.max() / target) ** 2)))
        wave_trials = planned - done

        def wave_progress(fraction: float, done=done, wave_trials=wave_trials, goal=goal) -> None:
            if progress is not None:
                progress(min(1.0, (done + fraction * wave_trials) / goal))

        results = run_shards(_mc_shard, wave, client=client, threads=threads, progress=wave_progress)
        for shard, c in zip(wave, results):
            if int(c.sum()) < shard[4]:  # the stream gave up after a run of rejected deals
                raise EquityError("no deal found: the players' hands or ranges (nearly) always share a card")
            counts += c
        done = planned
        errors = mc_errors(counts, done, share_m)
        if target is not None and errors.max() <= target and done >= 10_000:
            break
    return counts.astype(np.float64), float(done), done, errors
