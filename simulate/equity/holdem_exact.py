"""Hold'em's exact enumeration before the flop: deals grouped by their suit-canonical form, each counted
once by the rank-multiset kernels (:mod:`.rank_boards`), and the counts turned into a result."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from ...compiles import computing_seconds
from ...evaluator.api import high_tables
from .holdem_spot import DealGroups, HoldemPlayer, canonical_deal, preflop_deals
from .options import NoDealError, Progress
from .outcomes import frozen, result_players
from .result import EquityResult

_T = TypeVar("_T")
_NS_PER_PLAYER_BOARD = 4.0  # measured cost of one player on one board, for the estimate
_NS_PER_PREFLOP = 40_000.0  # Python and allocation cost of one unique deal
_NS_PER_DEAL_GROUPED = 15_000.0  # Python cost of listing and grouping one deal


def count_units(
    holes: NDArray[np.int64], firsts: NDArray[np.int64], board_ids: Sequence[int], dead_mask: int, workers: int = 1
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Counts by winner mask (n, 2**players) and boards (n,) of deals ``holes`` (n, players, 2) split by ``firsts``.

    ``firsts[i] = -1`` takes every board; ``f >= 0`` only the boards whose first
    card (in the unseen cards' order, highest first) is the f-th: the splits
    ``0 .. unseen - cards to come`` partition the boards of a deal.
    """
    from .rank_boards import count_deals, count_deals_parallel, rank_multisets  # numba-compiled: imported on first use

    counts = np.zeros((len(holes), 1 << holes.shape[1]), dtype=np.int64)
    boards = np.zeros(len(holes), dtype=np.int64)
    args = (holes, firsts, np.array(board_ids, dtype=np.int64), np.uint64(dead_mask), rank_multisets(), high_tables())
    if workers > 1 and len(holes) > 1:
        count_deals_parallel(*args, counts, boards, min(workers, len(holes)))
    else:
        count_deals(*args, counts, boards)
    return counts, boards


def group_deals(parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_ids: Sequence[int]) -> DealGroups:
    """Deals grouped by suit-isomorphic form: canonical key -> [hole cards, total weight, deals]."""
    groups: DealGroups = {}
    combos = [[(int(a), int(b)) for a, b in p.combos.tolist()] for p in parsed]
    for choice, weight in preflop_deals(parsed):
        holes = [combos[p][j] for p, j in enumerate(choice)]
        key = canonical_deal(board_ids, dead_ids, holes)
        group = groups.get(key)
        if group is None:
            groups[key] = [holes, weight, 1]
        else:
            group[1] += weight
            group[2] += 1
    return groups


def estimate_exact_seconds(
    parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_ids: Sequence[int], threads: int,
    groups: DealGroups | None,
) -> float:  # fmt: skip
    """Rough time of an exact run; known groups of isomorphic deals make it sharper."""
    n_deals = math.prod(len(p.combos) for p in parsed)
    unique = n_deals if groups is None else len(groups)
    unseen = 52 - len(board_ids) - len(dead_ids) - 2 * len(parsed)
    boards = math.comb(unseen, 5 - len(board_ids))
    # Scoring rank multisets and only the flush boards one by one cuts the boards by about 30x.
    per_deal = boards * len(parsed) * _NS_PER_PLAYER_BOARD / 30 / threads + _NS_PER_PREFLOP
    return (unique * per_deal + n_deals * _NS_PER_DEAL_GROUPED) * 1e-9


def exact_units(
    groups: Sequence[Any], board_ids: Sequence[int], dead_ids: Sequence[int], n_players: int, split: bool
) -> list[tuple[int, int]]:
    """(group, first board card) units of work; with ``split`` each deal is split by its first board card."""
    cards_left = 5 - len(board_ids)
    unseen = 52 - len(board_ids) - len(dead_ids) - 2 * n_players
    firsts = list(range(unseen - cards_left + 1)) if split and cards_left >= 2 else [-1]
    return [(g, f) for g in range(len(groups)) for f in firsts]


def run_exact(
    parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_ids: Sequence[int], dead_mask: int, threads: int,
    progress: Progress | None, by_key: DealGroups | None,
) -> tuple[NDArray[np.float64], float, int]:  # fmt: skip
    """Exact counts by winner mask (weighted), total weighted outcomes and boards enumerated."""
    groups = list((group_deals(parsed, board_ids, dead_ids) if by_key is None else by_key).values())
    if not groups:
        raise NoDealError("no deal is possible: the players' hands or ranges always share a card")
    # A deal takes well under a millisecond: threads pay off only over many deals.
    threads = threads if len(groups) >= 16 * threads else 1
    holes = np.array([group[0] for group in groups], dtype=np.int64)
    firsts = np.full(len(groups), -1, dtype=np.int64)
    per_group = np.zeros((len(groups), 1 << len(parsed)), dtype=np.int64)
    boards_per_group = np.zeros(len(groups), dtype=np.int64)
    # Chunks only to report progress: a few per second of work, each worth many deals per thread.
    chunk = max(64 * threads, len(groups) // 20)
    for lo in range(0, len(groups), chunk):
        hi = min(len(groups), lo + chunk)
        per_group[lo:hi], boards_per_group[lo:hi] = count_units(
            holes[lo:hi], firsts[lo:hi], board_ids, dead_mask, threads
        )
        if progress is not None:
            progress(hi / len(groups))
    total = np.zeros(1 << len(parsed), dtype=np.float64)
    outcomes = 0.0
    boards = 0
    for group, group_counts, group_boards in zip(groups, per_group, boards_per_group):
        total += group[1] * group_counts
        outcomes += group[1] * int(group_boards)
        boards += group[2] * int(group_boards)
    return total, outcomes, boards


def exact_result(
    parsed: Sequence[HoldemPlayer],
    counts: NDArray[np.float64],
    outcomes: float,
    boards: int,
    start: float,
    threads: int,
) -> EquityResult:
    """An exact run's result from its counts by winner mask."""
    players = result_players(parsed, counts, outcomes)
    return frozen(
        EquityResult,
        players=players,
        method="exact",
        outcomes=float(outcomes),
        seconds=computing_seconds(start),
        boards=boards,
        trials=None,
        stderr=0.0,
        seed=None,
        threads=threads,
    )
