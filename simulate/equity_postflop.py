"""Exact equity after the flop: every board completion, every combo of every range (see :mod:`postflop_kernels`).

>>> from simulate.equity import equity
>>> r = equity(["AhKh", "random"], board="Qh7h2c", method="exact")
>>> round(r.players[0].equity, 6)
0.72683
"""

from __future__ import annotations

import math

import numpy as np

from evaluator.api import high_tables
from evaluator.cards import cards_to_mask


def postflop_work(parsed, board_ids, dead_ids) -> float:
    """Rough count of elementary steps of :func:`run_exact_postflop` (boards x (combos + deals))."""
    unseen = 52 - len(board_ids) - len(dead_ids)
    boards = math.comb(unseen, 5 - len(board_ids))
    sizes = [len(p.combos) for p in parsed]
    return boards * (sum(sizes) + math.prod(sizes))


def run_exact_postflop(parsed, board_ids, dead_mask, threads: int):
    """Exact counts by winner mask (weighted), total weighted outcomes and (deal, board) pairs enumerated."""
    from . import postflop_kernels as k
    from .equity import _board_state

    t = high_tables()
    card_keys = t.card_keys
    board_mask = cards_to_mask(board_ids)
    board_key, board_suited = _board_state(board_ids, card_keys)
    deck = np.array([c for c in range(52) if not (board_mask | dead_mask) >> c & 1], dtype=np.int64)
    combos = np.concatenate([p.combos for p in parsed]).astype(np.int64)
    weights = np.concatenate([np.asarray(p.weights, dtype=np.float64) for p in parsed])
    player_start = np.cumsum([0] + [len(p.combos) for p in parsed]).astype(np.int64)
    combo_keys = card_keys[combos[:, 0]] + card_keys[combos[:, 1]]
    one = np.uint64(1)
    masks = (one << combos[:, 0].astype(np.uint64)) | (one << combos[:, 1].astype(np.uint64))
    suit_shift = (16 * (combos & 3) + (combos >> 2)).astype(np.uint64)
    combo_suited = (one << suit_shift[:, 0]) | (one << suit_shift[:, 1])
    completions = k.board_completions(deck, 5 - len(board_ids))
    rank_pair, suit_counts = k.combo_shapes(masks)
    tables = (t.offsets, t.rank_values, t.flush_values, t.shift)
    shared = (np.uint64(board_key), np.uint64(board_suited), np.uint64(board_mask), card_keys, combo_keys, combo_suited)
    per_combo = (masks, rank_pair, suit_counts, weights, player_start, len(parsed))
    workers = max(1, min(threads, len(completions)))
    if workers == 1:  # no thread pool to start (it costs most when the machine is busy)
        counts = np.zeros(1 << len(parsed), dtype=np.float64)
        deals, weight = k.count_postflop_share(0, 1, completions, *shared, *per_combo, *tables, counts)
    else:
        counts, deals, weight = k.count_postflop_parallel(workers, completions, *shared, *per_combo, *tables)
    return counts, float(weight), int(deals)
