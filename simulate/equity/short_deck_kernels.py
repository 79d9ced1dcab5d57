"""numba kernels of short-deck equity: every board, or random deals, scored for 2 to 10 players.

Every value comes from the evaluator's short-deck tables (:mod:`pokerlab.evaluator.short_deck_build`), read
as the batch kernel reads them: a hand's key sum (``SUIT_INIT`` plus its cards' keys) gives the flush suit,
and the flush table or the rank hash gives the value (:func:`pokerlab.evaluator.kernel_core.hand_value`).
A player's key and suited-rank mask start from the known cards (the hand and the board so far); a board's
cards are summed once and added to every player's.

Statistics per player are the columns of :mod:`.pot_stats` (share, its square, won alone, tied, ...),
awarded by :func:`.pot_stats_kernels.award_pot` with no low half.

``tables`` is (card keys, offsets, values, flush values, shift) of the short-deck ruleset.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from ...evaluator.jit import njit
from ...evaluator.kernel_core import hand_value, next_subset, suited_bit
from .pot_stats import N_STATS
from .pot_stats_kernels import award_pot
from .rng_kernels import deal_next, seeded_state


@njit(cache=True, inline="always")
def _score(keys, suited, board_key, board_suited, values, lows, stats, tables, weight):
    """Value every player's hand with the board's cards added and award the pot."""
    card_keys, offsets, rank_values, flush_values, shift = tables
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    for p in range(keys.shape[0]):
        values[p] = hand_value(keys[p] + board_key, suited[p] | board_suited, offsets, rank_values, flush_values,
                               col_mask, sh)  # fmt: skip
    award_pot(values, lows, keys.shape[0], False, stats, weight)


@njit(cache=True)
def exact_first(first, keys, suited, pool, k, tables):
    """Every board completion of ``k`` cards of ``pool`` whose first card is ``pool[first]``: (stats, boards)."""
    card_keys = tables[0]
    players = keys.shape[0]
    stats = np.zeros((players, N_STATS))
    values = np.empty(players, dtype=np.int64)
    lows = np.zeros(players, dtype=np.int64)
    c = pool[first]
    base_key = card_keys[c]
    base_suited = suited_bit(c)
    rest = pool[first + 1 :]
    m = k - 1
    if m == 0:
        _score(keys, suited, base_key, base_suited, values, lows, stats, tables, 1.0)
        return stats, 1
    n = rest.shape[0]
    if n < m:
        return stats, 0
    idx = np.arange(m)
    boards = 0
    while True:
        board_key = base_key
        board_suited = base_suited
        for j in range(m):
            card = rest[idx[j]]
            board_key += card_keys[card]
            board_suited |= suited_bit(card)
        _score(keys, suited, board_key, board_suited, values, lows, stats, tables, 1.0)
        boards += 1
        if next_subset(idx, 0, m, n) < 0:
            return stats, boards


@njit(cache=True, parallel=True)
def exact_all(keys, suited, pool, k, tables):
    """Every completion of the board by ``k`` cards of ``pool`` (``k`` >= 1), one slice per first card across
    numba's threads; the slices' stats come back apart, summed by the caller in one order."""
    slices = pool.shape[0] - k + 1
    stats = np.zeros((max(slices, 0), keys.shape[0], N_STATS))
    boards = np.zeros(max(slices, 0), dtype=np.int64)
    for first in prange(max(slices, 0)):
        # int64, not prange's index type: one compiled exact_first, not two (3 s of its compile)
        s, b = exact_first(np.int64(first), keys, suited, pool, k, tables)
        stats[first] = s
        boards[first] = b
    return stats, boards


@njit(cache=True)
def exact_dealt(keys, suited, tables):
    """The one deal of a complete board (already in every player's key): (stats, 1)."""
    players = keys.shape[0]
    stats = np.zeros((players, N_STATS))
    values = np.empty(players, dtype=np.int64)
    lows = np.zeros(players, dtype=np.int64)
    _score(keys, suited, np.uint64(0), np.uint64(0), values, lows, stats, tables, 1.0)
    return stats, 1


@njit(cache=True)
def mc_block(seed, trials, keys, suited, hole_missing, k, pool, tables):
    """``trials`` random deals: ``k`` board cards, then ``hole_missing[p]`` cards to each player (2 for a player
    whose hand is unknown), drawn without replacement from ``pool`` by a partial Fisher-Yates shuffle."""
    card_keys = tables[0]
    players = keys.shape[0]
    stats = np.zeros((players, N_STATS))
    values = np.empty(players, dtype=np.int64)
    lows = np.zeros(players, dtype=np.int64)
    own_keys = np.empty(players, dtype=np.uint64)
    own_suited = np.empty(players, dtype=np.uint64)
    deck = pool.copy()
    n = deck.shape[0]
    state = seeded_state(seed)
    for _ in range(trials):
        top = 0
        board_key = np.uint64(0)
        board_suited = np.uint64(0)
        for _j in range(k):
            state, c = deal_next(state, deck, top, n)
            top += 1
            board_key += card_keys[c]
            board_suited |= suited_bit(c)
        for p in range(players):
            own_keys[p] = keys[p]
            own_suited[p] = suited[p]
            for _x in range(hole_missing[p]):
                state, c = deal_next(state, deck, top, n)
                top += 1
                own_keys[p] += card_keys[c]
                own_suited[p] |= suited_bit(c)
        _score(own_keys, own_suited, board_key, board_suited, values, lows, stats, tables, 1.0)
    return stats


@njit(cache=True, parallel=True)
def mc_blocks(seeds, trials, keys, suited, hole_missing, k, pool, tables):
    """:func:`mc_block` once per seed across numba's threads: a block's result depends on its seed only."""
    out = np.zeros((seeds.shape[0], keys.shape[0], N_STATS))
    for b in prange(seeds.shape[0]):
        out[b] = mc_block(seeds[b], trials, keys, suited, hole_missing, k, pool, tables)
    return out
