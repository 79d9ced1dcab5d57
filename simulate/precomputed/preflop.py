"""Exact equity of the 169 starting-hand classes against one random hand.

Every hand meets each of the 1,225 opponent hands on each of the 1,712,304
boards: 2,097,572,400 outcomes per hand, counted exactly (see
:mod:`pokerlab.simulate.precomputed.kernels` for how, in seconds rather than hours).
The job is split into shards of boards, each returning integer counts, so it
runs the same on local threads or a Dask cluster and resumes after an
interruption. The result ships in ``tables/preflop_vs_random.json``, read by
:mod:`pokerlab.simulate.ranges.table`.

>>> from pokerlab.simulate.ranges.table import load_preflop_table, preflop_equity
>>> table = load_preflop_table()
>>> row = table["AA"]
>>> row.wins, row.ties, row.outcomes
(1781508418, 11402312, 2097572400)
>>> round(100 * row.equity, 2), round(100 * preflop_equity("7h2c"), 2)
(85.2, 34.58)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ...errors import InputError
from ...evaluator.api import high_tables
from ..distributed import DEFAULT_WORKER_TIMEOUT, ShardStore, WarnFn, cluster_threads, run_shards
from ..ranges.classes import class_combos, hand_class, hand_classes
from ..ranges.table import (
    OUTCOMES_PER_HAND,
    PreflopRow,
    PreflopTable,
)

DEFAULT_SHARDS = 64
PLAN_VERSION = 1  # bump when the shard plan or the shards' results change


@lru_cache(maxsize=1)
def hand_class_index() -> np.ndarray:
    """Class index (in ``hand_classes()`` order) of every ordered card pair, as ``index[52 * a + b]``."""
    index = {name: i for i, name in enumerate(hand_classes())}
    table = np.zeros(52 * 52, dtype=np.int64)
    for a in range(52):
        for b in range(52):
            if a != b:
                table[52 * a + b] = index[hand_class(a, b)]
    table.setflags(write=False)
    return table


@lru_cache(maxsize=1)
def board_classes() -> tuple[np.ndarray, np.ndarray]:
    """The 134,459 boards up to suit renaming and how many boards each stands for."""
    from .kernels import canonical_boards  # numba-compiled: imported on first use

    boards: tuple[np.ndarray, np.ndarray] = canonical_boards()
    return boards


def preflop_shard(index: int, shards: int) -> np.ndarray:
    """Shard ``index`` of ``shards``: wins and ties ``(2, 169)`` summed over the combos of each class.

    The shard holds boards ``index, index + shards, ...`` of :func:`board_classes` (interleaved, so
    every shard costs about the same). A worker derives them from its own cached copy of the
    canonical boards, so only two integers travel to it.
    """
    from .kernels import preflop_vs_random_counts  # numba-compiled: imported on first use

    boards, weights = board_classes()
    counts: np.ndarray = preflop_vs_random_counts(
        boards[index::shards].copy(), weights[index::shards].copy(), hand_class_index(), 169, high_tables()
    )
    return counts


def preflop_plan(shards: int = DEFAULT_SHARDS) -> list[tuple[int, int]]:
    """The shards' arguments, ``(index, shards)`` each: the board classes cut into equal interleaved parts."""
    if shards < 1:
        raise InputError(f"shards must be at least 1, got {shards}")
    return [(s, shards) for s in range(shards)]


def rows_from_counts(counts: np.ndarray) -> list[PreflopRow]:
    """Per-combo rows from the class totals ``(2, 169)`` of wins and ties."""
    rows = []
    for i, name in enumerate(hand_classes()):
        combos = class_combos(name)
        wins, ties = int(counts[0, i]), int(counts[1, i])
        if wins % combos or ties % combos:
            raise RuntimeError(f"{name}: class totals {wins}, {ties} do not split evenly over {combos} combos")
        wins, ties = wins // combos, ties // combos
        rows.append(PreflopRow(name, combos, wins, ties, OUTCOMES_PER_HAND - wins - ties, OUTCOMES_PER_HAND))
    return rows


@dataclass(frozen=True)
class TableRun:
    """How a precomputed table's shards run, the keywords every table takes: on a Dask ``client`` or ``threads``
    local threads, finished shards kept in ``work_dir`` as they arrive (removed once the table is complete unless
    ``keep_shards``), ``progress``, ``warn`` for a kept shard that fails its check, and ``worker_timeout``.

    >>> run = TableRun(threads=1)
    >>> results, store = run.counts(lambda k: np.full(2, k), [(1,), (2,)], "demo", {"table": "demo"}, (2,))
    >>> [r.tolist() for r in results], run.finish(store)
    ([[1, 1], [2, 2]], 0)
    """

    client: Any = None
    threads: int | None = None
    work_dir: str | os.PathLike[str] | None = None
    keep_shards: bool = False
    progress: Callable[[float], None] | None = None
    warn: WarnFn | None = None
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT

    def counts(
        self,
        kernel: Callable[..., np.ndarray],
        jobs: Sequence[tuple[Any, ...]],
        name: str,
        plan: dict[str, Any],
        shape: tuple[int, ...] | Callable[[int], tuple[int, ...]],
    ) -> tuple[list[Any], ShardStore | None]:
        """``kernel(*job)`` for every job (integer counts of ``shape``, by shard index when callable), in plan order;
        and the store of ``plan``'s shards in its folder ``name-PLANID`` of the work folder (None without one)."""
        store = ShardStore.in_work_dir(
            self.work_dir, name, plan, count=len(jobs), shape=shape, dtype=np.int64, warn=self.warn
        )
        results = run_shards(
            kernel,
            jobs,
            client=self.client,
            threads=self.threads,
            progress=self.progress,
            store=store,
            worker_timeout=self.worker_timeout,
        )
        return results, store

    def finish(self, store: ShardStore | None) -> int:
        """How many shards the run took from the work folder; the folder removed unless ``keep_shards``."""
        resumed = store.resumed if store is not None else 0
        if store is not None and not self.keep_shards:
            store.clear()
        return resumed


def preflop_vs_random(
    *,
    client: Any = None,
    threads: int | None = None,
    shards: int | None = None,
    work_dir: str | os.PathLike[str] | None = None,
    keep_shards: bool = False,
    progress: Callable[[float], None] | None = None,
    warn: WarnFn | None = None,
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT,
) -> PreflopTable:
    """Compute the exact table of every class against one random hand (seconds on two cores).

    The shards run on ``threads`` local threads, or on a Dask ``client``.
    ``shards`` defaults to 64 locally and to two per worker thread on a
    cluster, where every task has a fixed cost; results do not depend on it. With
    ``work_dir``, finished shards are kept there (in a folder named after the
    plan) as they arrive, so an interrupted run resumes; the folder is removed
    once the table is complete unless ``keep_shards``. Every kept shard is
    checked before it is reused; one that fails a check is named through
    ``warn`` (default: a :class:`pokerlab.simulate.distributed.ShardWarning`) and
    computed again. On a cluster, no workers for ``worker_timeout`` seconds or
    a lost scheduler stops the run with a ``DistributedError``.

    >>> from pokerlab.simulate.ranges.table import load_preflop_table
    >>> table = preflop_vs_random(threads=2)  # every class against every hand on every board: a few seconds
    >>> table.checksum() == load_preflop_table().checksum()  # the shipped table, reproduced
    True
    """
    start = time.perf_counter()
    if shards is None:
        shards = DEFAULT_SHARDS if client is None else 2 * cluster_threads(client)
    plan = {"table": "preflop_vs_random", "version": PLAN_VERSION, "shards": shards}
    run = TableRun(client, threads, work_dir, keep_shards, progress, warn, worker_timeout)
    results, store = run.counts(preflop_shard, preflop_plan(shards), "preflop", plan, (2, 169))
    rows = rows_from_counts(sum(results))
    seconds = time.perf_counter() - start
    return PreflopTable(rows=rows, seconds=seconds, shards=shards, resumed=run.finish(store))
