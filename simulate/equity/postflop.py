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

import numpy as np

from ...evaluator.api import high_tables
from ...evaluator.cards import cards_to_mask
from ...evaluator.layout import board_state, suited_bit
from ...evaluator.tables import SIZED_RANK_SHIFT

# Boards x combos from which scoring a range by rank pair pays for its set-up (about 0.1 ms).
RANK_PAIR_MIN_WORK = 20_000


def postflop_work(parsed, board_ids, dead_ids) -> float:
    """Rough count of elementary steps of :func:`run_exact_postflop` (boards x (combos + deals))."""
    unseen = 52 - len(board_ids) - len(dead_ids)
    boards = math.comb(unseen, 5 - len(board_ids))
    sizes = [len(p.combos) for p in parsed]
    return boards * (sum(sizes) + math.prod(sizes))


def run_exact_postflop(parsed, board_ids, dead_mask, threads: int):
    """Exact counts by winner mask (weighted), total weighted outcomes and (deal, board) pairs enumerated.

    One fixed hand against a range is scored by rank pair (:func:`_hand_vs_range`); anything else deal by deal.
    """
    sizes = [len(p.combos) for p in parsed]
    boards = math.comb(52 - len(board_ids) - 2, 5 - len(board_ids))
    if len(parsed) == 2 and min(sizes) == 1 and boards * max(sizes) >= RANK_PAIR_MIN_WORK:
        return _hand_vs_range(parsed, sizes.index(1), board_ids, dead_mask, threads)
    return _every_deal(parsed, board_ids, dead_mask, threads)


def _every_deal(parsed, board_ids, dead_mask, threads: int):
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
def _kernels():
    """:mod:`postflop_kernels`, imported on first use (numba-compiled); a cached call costs less than the
    ``from . import`` statement run on every call (2 us)."""
    from . import postflop_kernels

    return postflop_kernels


@functools.lru_cache(maxsize=32)  # small: players not from the text cache are new objects, never hit
def _stacked(parsed: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
def _tables() -> tuple[np.ndarray, ...]:
    """The arrays the seven-card kernels read: card keys, 7-card rank hash (offsets, values), flush values.

    Built once: :func:`high_tables` assembles its tuple on every call (1 us, a tenth of a small spot's counting).
    """
    t = high_tables()
    return t.card_keys, t.rank7_offsets, t.rank7_values, t.flush_values


def _hand_vs_range(parsed, hero: int, board_ids, dead_mask, threads: int):
    """:func:`run_exact_postflop` for one fixed hand (player ``hero``) against a range, by rank pair.

    See :func:`pokerlab.simulate.equity.postflop_kernels.hand_vs_range_share`.
    """
    from . import postflop_kernels as k  # numba-compiled: imported on first use

    t = high_tables()
    card_keys = t.card_keys
    h1, h2 = (int(c) for c in parsed[hero].combos[0])
    opponent = parsed[1 - hero]
    board_mask = cards_to_mask(board_ids)
    hero_mask = (1 << h1) | (1 << h2)
    blocked = np.array([(board_mask | dead_mask | hero_mask) >> c & 1 for c in range(52)], dtype=bool)
    combos = opponent.combos.astype(np.int64).reshape(-1, 2)
    keep = ~(blocked[combos[:, 0]] | blocked[combos[:, 1]])
    cards = combos[keep]
    weights = np.asarray(opponent.weights, dtype=np.float64)[keep]
    high, low = np.maximum(cards[:, 0], cards[:, 1]) >> 2, np.minimum(cards[:, 0], cards[:, 1]) >> 2
    pair_ids, combo_class = np.unique(high * 13 + low, return_inverse=True)
    combo_class = combo_class.astype(np.int64)
    n_classes = len(pair_ids)
    rank_part = card_keys[::4] & np.uint64(0xFFFFFFFF)
    class_key = rank_part[pair_ids // 13] + rank_part[pair_ids % 13]
    class_weight = np.bincount(combo_class, weights=weights, minlength=n_classes)
    class_count = np.bincount(combo_class, minlength=n_classes).astype(np.int64)
    class_card_weight = np.zeros((n_classes, 52))
    class_card_count = np.zeros((n_classes, 52), dtype=np.int64)
    combo_at = np.full((52, 52), -1, dtype=np.int64)
    index = np.arange(len(cards))
    for side in (0, 1):
        np.add.at(class_card_weight, (combo_class, cards[:, side]), weights)
        np.add.at(class_card_count, (combo_class, cards[:, side]), 1)
        combo_at[cards[:, side], cards[:, 1 - side]] = index
    lists, start = [], [0]
    for s in range(4):
        held = (cards & 3 == s).sum(axis=1)
        for need in (1, 2):
            lists.extend(np.nonzero(held >= need)[0].tolist())
            start.append(len(lists))
    board_key, board_suited = board_state(board_ids, card_keys)
    deck = np.array([c for c in range(52) if not (board_mask | dead_mask | hero_mask) >> c & 1], dtype=np.int64)
    completions = k.board_completions(deck, 5 - len(board_ids))
    args = (
        completions,
        (np.uint64(board_key), np.uint64(board_suited), np.uint64(board_mask | hero_mask)),
        (np.uint64(card_keys[h1] + card_keys[h2]), np.uint64(suited_bit(h1) | suited_bit(h2))),
        (cards, weights, combo_class, combo_at),
        (class_key, class_weight, class_count, class_card_weight, class_card_count),
        (np.array(lists, dtype=np.int64), np.array(start, dtype=np.int64)),
        t,
    )
    workers = max(1, min(threads, len(completions)))
    if workers == 1:
        outcome = np.zeros(3, dtype=np.float64)
        deals, weight = k.hand_vs_range_share(0, 1, *args, outcome)
    else:
        outcome, deals, weight = k.hand_vs_range_parallel(workers, *args)
    hero_weight = float(parsed[hero].weights[0])
    counts = np.zeros(4, dtype=np.float64)
    counts[1 << hero], counts[1 << (1 - hero)], counts[3] = outcome * hero_weight
    return counts, float(weight) * hero_weight, int(deals)
