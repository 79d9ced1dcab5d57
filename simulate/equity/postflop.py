"""Exact equity after the flop: every board completion, every combo of every range (see :mod:`postflop_kernels`).

>>> from pokerlab.simulate.equity.engine import equity
>>> r = equity(["AhKh", "random"], board="Qh7h2c", method="exact")
>>> round(r.players[0].equity, 6)
0.72683
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...evaluator.api import high_tables
from ...evaluator.tables import SIZED_RANK_SHIFT
from .holdem_spot import HoldemPlayer

#: An exact count's counts by winner mask (weighted), total weighted outcomes and (deal, board) pairs.
Counted = tuple[NDArray[np.float64], float, int]


def postflop_work(parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_ids: Sequence[int]) -> float:
    """Rough count of elementary steps of :func:`run_exact_postflop` (boards x (combos + deals))."""
    unseen = 52 - len(board_ids) - len(dead_ids)
    boards = math.comb(unseen, 5 - len(board_ids))
    sizes = [len(p.combos) for p in parsed]
    return boards * (sum(sizes) + math.prod(sizes))


def run_exact_postflop(
    parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_mask: int, threads: int
) -> Counted:
    """Exact counts by winner mask (weighted), total weighted outcomes and (deal, board) pairs enumerated.

    One fixed hand against a range, with cards to come, is scored by rank pair (:func:`_hand_vs_range`);
    anything else deal by deal.
    """
    if len(parsed) == 2 and len(board_ids) < 5:
        # Its set-up compiled too, by rank pair wins from the turn on: AhKh vs QQ+,AQs+,KQs on Qh7h2c3s
        # 19 -> 15 us, against random 374 -> 57 us. On the river (one board) deal by deal wins (9 vs 11 us).
        if len(parsed[0].combos) == 1:
            return _hand_vs_range(parsed, 0, board_ids, dead_mask, threads)
        if len(parsed[1].combos) == 1:
            return _hand_vs_range(parsed, 1, board_ids, dead_mask, threads)
    return _every_deal(parsed, board_ids, dead_mask, threads)


def _every_deal(parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_mask: int, threads: int) -> Counted:
    """:func:`run_exact_postflop` for any players: every combo ranked on every board, then every deal scored."""
    k = _kernels()
    combos, weights, player_start = _stacked(tuple(parsed))
    card_keys, *tables = _tables()
    board = np.array(board_ids, dtype=np.int64)
    dead = np.uint64(dead_mask)
    unseen = 52 - len(board_ids) - bin(dead_mask).count("1")
    workers = max(1, min(threads, math.comb(unseen, 5 - len(board_ids))))
    if workers == 1:  # one compiled call, set-up included (no thread pool to start)
        counts, deals, weight = k.exact_postflop(combos, weights, player_start, board, dead, card_keys, *tables)
    else:
        inputs = k.postflop_inputs(combos, board, dead, card_keys)
        completions, board_key, board_suited, board_mask, combo_keys, combo_suited, masks, rank_pair, suits = inputs
        shared = (board_key, board_suited, board_mask, card_keys, combo_keys, combo_suited)
        per_combo = (masks, rank_pair, suits, weights, player_start, len(parsed))
        counts, deals, weight = k.count_postflop_parallel(
            workers, completions, *shared, *per_combo, *tables, SIZED_RANK_SHIFT
        )
    return counts, float(weight), int(deals)


@functools.cache
def _kernels() -> ModuleType:
    """:mod:`postflop_kernels`, imported on first use (numba-compiled); a cached call costs less than the
    ``from . import`` statement run on every call (2 us)."""
    from . import postflop_kernels  # numba-compiled: imported on first use

    return postflop_kernels


@functools.lru_cache(maxsize=32)  # small: players not from the text cache are new objects, never hit
def _stacked(
    parsed: tuple[HoldemPlayer, ...],
) -> tuple[NDArray[np.uint8], NDArray[np.float64], NDArray[np.int64]]:
    """Every player's combos and weights in one array each, and where each player's rows start.

    Keyed by the player objects themselves (hashed by identity; the engine caches them per text), so a
    query repeated with the same players stacks them once: measured 4.5 -> 0.3 us on the exact turn spot.
    The arrays are writable, as the compiled kernels were typed for, but only ever read.
    """
    combos = np.concatenate([p.combos for p in parsed])
    weights = np.concatenate([p.weights for p in parsed]).astype(np.float64, copy=False)
    player_start = np.array(list(itertools.accumulate((len(p.combos) for p in parsed), initial=0)), dtype=np.int64)
    return combos, weights, player_start


@functools.cache
def _tables() -> tuple[NDArray[Any], ...]:
    """The arrays the seven-card kernels read: card keys, 7-card rank hash (offsets, values), flush values.

    Built once: :func:`high_tables` assembles its tuple on every call (1 us, a tenth of a small spot's counting).
    """
    t = high_tables()
    return t.card_keys, t.rank7_offsets, t.rank7_values, t.flush_values


def _hand_vs_range(
    parsed: Sequence[HoldemPlayer], hero: int, board_ids: Sequence[int], dead_mask: int, threads: int
) -> Counted:
    """:func:`run_exact_postflop` for one fixed hand (player ``hero``) against a range, by rank pair.

    See :func:`pokerlab.simulate.equity.postflop_kernels.hand_vs_range_share`.
    """
    k = _kernels()
    card_keys, offsets, rank_values, flush_values = _tables()
    player, opponent = parsed[hero], parsed[1 - hero]
    board = np.array(board_ids, dtype=np.int64)
    dead = np.uint64(dead_mask)
    workers = 1
    if threads > 1:
        unseen = 52 - len(board_ids) - bin(dead_mask).count("1") - 2
        workers = min(threads, math.comb(unseen, 5 - len(board_ids)))
    if workers == 1:  # set-up and counting in one compiled call
        wins, losses, ties, deals, weight = k.hand_vs_range_exact(
            player.combos, opponent.combos, opponent.weights, board, dead, card_keys, offsets, rank_values, flush_values
        )
    else:
        completions, board_t, hero_t, *rest = k.hand_vs_range_inputs(
            player.combos, opponent.combos, opponent.weights, board, dead, card_keys
        )
        # Back from numba, the keys are Python ints: made uint64 again, they type as in the one-thread path.
        board_t, hero_t = tuple(map(np.uint64, board_t)), tuple(map(np.uint64, hero_t))
        outcome, deals, weight = k.hand_vs_range_parallel(
            workers, completions, board_t, hero_t, *rest, card_keys, offsets, rank_values, flush_values
        )
        wins, losses, ties = outcome.tolist()
    # Plain floats and one array built from a list: numpy item by item cost 2 us of a 10 us turn spot.
    hero_weight = player.weights.item(0)
    counts = [0.0, 0.0, 0.0, ties * hero_weight]
    counts[1 << hero], counts[1 << (1 - hero)] = wins * hero_weight, losses * hero_weight
    return np.array(counts), float(weight * hero_weight), int(deals)
