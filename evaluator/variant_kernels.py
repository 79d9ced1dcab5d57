"""numba kernels for lowball and wild-card rankings (tables from :mod:`pokerlab.evaluator.variant_build`).

Like :mod:`pokerlab.evaluator.kernels`: pure functions over the tables, compiled
lazily and cached on disk, scalars only in helpers. Rank keys are looked
up through :func:`pokerlab.evaluator.kernel_core.rank_value`, as in the high kernel.

* ace-to-five: the rank-multiset key alone indexes ``ace_five_values``;
* deuce-to-seven: as the high kernel with its own tables, except that six
  or seven cards holding a flush take the best of their five-card subsets
  (the player may choose to break the flush);
* deuce-to-seven with the joker (five cards): without the joker, as deuce-to-seven; with it, the
  best of the four naturals plus each rank they do not hold four times, unsuited (the joker is the
  best card the hand lacks, so it never makes a flush);
* short deck (5 to 7 cards): the high kernel's lookups on the short-deck tables: a flush is worth its
  suited ranks' entry in ``short_deck_flush`` (seven cards with a flush hold no full house or quads),
  anything else the rank hash's entry in ``short_deck_values``;
* badugi (four cards): the value table read at the hand's colexicographic index (four ids sorted);
* wild cards (five cards): the wild cards are skipped, the natural ranks'
  key indexes the wild table, and when every natural card shares a suit
  ``wild_flush`` offers the flush or straight flush.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from .jit import njit
from .kernel_core import SUIT_INIT, flush_suit, four_card_index, hand_value, next_subset, rank_value, suited_bit


@njit(cache=True)
def evaluate_ace_five_rows(cards, out, card_keys, offsets, values, shift):
    """Ace-to-five low of every row of ``cards`` ((N, k) uint8, k in 5..7) into ``out``."""
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    for i in range(cards.shape[0]):
        key = np.uint64(0)
        for j in range(cards.shape[1]):
            key += card_keys[cards[i, j]]
        out[i] = rank_value(key, offsets, values, col_mask, sh)


@njit(cache=True, inline="always")
def _five_of(c0, c1, c2, c3, c4, card_keys, offsets, values, flush_values, col_mask, sh):
    key = SUIT_INIT + card_keys[c0] + card_keys[c1] + card_keys[c2] + card_keys[c3] + card_keys[c4]
    if flush_suit(key) >= 0:
        ranks = (1 << (c0 >> 2)) | (1 << (c1 >> 2)) | (1 << (c2 >> 2)) | (1 << (c3 >> 2)) | (1 << (c4 >> 2))
        return flush_values[ranks]
    return rank_value(key, offsets, values, col_mask, sh)


@njit(cache=True)
def evaluate_deuce_seven_rows(cards, out, card_keys, offsets, values, flush_values, shift):
    """Deuce-to-seven low of every row of ``cards`` ((N, k) uint8, k in 5..7) into ``out``."""
    n = cards.shape[1]
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    picked = np.empty(5, dtype=np.int64)
    for i in range(cards.shape[0]):
        key = SUIT_INIT
        for j in range(n):
            key += card_keys[cards[i, j]]
        if flush_suit(key) < 0:
            out[i] = rank_value(key, offsets, values, col_mask, sh)
            continue
        # A flush: five cards are it; from six or seven the best low may break it.
        best = 0
        for a in range(n):
            for b in range(a, n):
                if (n == 5 and a + b > 0) or (n == 6 and a != b) or (n == 7 and a == b):
                    continue
                m = 0
                for j in range(n):
                    if n == 5 or (j != a and j != b):
                        picked[m] = cards[i, j]
                        m += 1
                v = _five_of(
                    picked[0], picked[1], picked[2], picked[3], picked[4],
                    card_keys, offsets, values, flush_values, col_mask, sh,
                )  # fmt: skip
                if v > best:
                    best = v
        out[i] = best


@njit(cache=True)
def evaluate_deuce_seven_joker_rows(cards, out, card_keys, offsets, values, flush_values, shift):
    """Deuce-to-seven low with one joker (card 52) of every row of ``cards`` ((N, 5) uint8) into ``out``."""
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    held = np.zeros(13, dtype=np.int64)
    for i in range(cards.shape[0]):
        c0, c1, c2, c3, c4 = cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4]
        if c0 < 52 and c1 < 52 and c2 < 52 and c3 < 52 and c4 < 52:
            out[i] = _five_of(c0, c1, c2, c3, c4, card_keys, offsets, values, flush_values, col_mask, sh)
            continue
        key = np.uint64(0)
        held[:] = 0
        for j in range(5):
            c = cards[i, j]
            if c < 52:
                key += card_keys[c]
                held[c >> 2] += 1
        best = 0
        for r in range(13):
            if held[r] < 4:
                v = rank_value(key + card_keys[4 * r], offsets, values, col_mask, sh)
                if v > best:
                    best = v
        out[i] = best


@njit(cache=True)
def evaluate_flush_first_rows(cards, out, card_keys, offsets, values, flush_values, shift):
    """Every row of ``cards`` ((N, k) uint8, k in 5..7) into ``out``: the flush table for a hand holding a flush,
    else the rank hash (the short deck's tables)."""
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    for i in range(cards.shape[0]):
        key = SUIT_INIT
        suited = np.uint64(0)
        for j in range(cards.shape[1]):
            c = cards[i, j]
            key += card_keys[c]
            suited |= suited_bit(c)
        out[i] = hand_value(key, suited, offsets, values, flush_values, col_mask, sh)


@njit(cache=True)
def evaluate_badugi_rows(cards, out, values):
    """Badugi value of every row of ``cards`` ((N, 4) uint8 of distinct ids) into ``out``."""
    for i in range(cards.shape[0]):
        out[i] = values[four_card_index(cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3])]


@njit(cache=True)
def evaluate_wild_rows(cards, out, wild_keys, suit_bits, offsets, values, flush_values, shift, with_flush):
    """Five-card hands with wild cards into ``out``.

    ``wild_keys[c]`` is a natural card's rank key plus its rank bit at bit 40
    (0 for a wild card) and ``suit_bits[c]`` its suit bit (0 when wild), so
    the loop has no branch. Summed rank bits equal the rank mask whenever the
    naturals share a suit (their ranks then differ), the only time it is read.
    """
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    for i in range(cards.shape[0]):
        c0, c1, c2, c3, c4 = cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4]
        key = wild_keys[c0] + wild_keys[c1] + wild_keys[c2] + wild_keys[c3] + wild_keys[c4]
        suits = suit_bits[c0] | suit_bits[c1] | suit_bits[c2] | suit_bits[c3] | suit_bits[c4]
        v = rank_value(key, offsets, values, col_mask, sh)
        if with_flush and suits & (suits - 1) == 0:
            f = flush_values[(key >> np.uint64(40)) & np.uint64(0x1FFF)]
            if f > v:
                v = f
        out[i] = v


@njit(cache=True, parallel=True)
def evaluate_variant_parallel(kind, cards, out, card_keys, suit_bits, offsets, values, flush_values, shift):
    """Any variant kernel (``kind`` 1 ace-five, 2 deuce-seven, 3 wild, 4 wild without flushes, 5 deuce-seven
    with the joker, 6 short deck, 7 badugi) over threads.

    For wild kinds ``card_keys`` and ``suit_bits`` are the wild tables of :func:`evaluate_wild_rows`.
    """
    block = 1 << 14
    n_blocks = (cards.shape[0] + block - 1) // block
    for b in prange(n_blocks):
        lo = b * block
        hi = min(cards.shape[0], lo + block)
        if kind == 1:
            evaluate_ace_five_rows(cards[lo:hi], out[lo:hi], card_keys, offsets, values, shift)
        elif kind == 2:
            evaluate_deuce_seven_rows(cards[lo:hi], out[lo:hi], card_keys, offsets, values, flush_values, shift)
        elif kind == 5:
            evaluate_deuce_seven_joker_rows(cards[lo:hi], out[lo:hi], card_keys, offsets, values, flush_values, shift)
        elif kind == 6:
            evaluate_flush_first_rows(cards[lo:hi], out[lo:hi], card_keys, offsets, values, flush_values, shift)
        elif kind == 7:
            evaluate_badugi_rows(cards[lo:hi], out[lo:hi], values)
        else:
            evaluate_wild_rows(
                cards[lo:hi], out[lo:hi], card_keys, suit_bits, offsets, values, flush_values, shift, kind == 3
            )


@njit(cache=True)
def next_combinations(state, deck_size, block):
    """Fill ``block`` ((B, k) uint8) with the next k-card combinations of ``range(deck_size)``.

    ``state`` (int64[k]) is the next combination to emit; returns how many
    rows were filled (fewer than B at the end, when ``state[0]`` becomes -1).
    """
    k = block.shape[1]
    filled = 0
    while filled < block.shape[0] and state[0] >= 0:
        for j in range(k):
            block[filled, j] = state[j]
        filled += 1
        if next_subset(state, 0, k, deck_size) < 0:
            state[0] = -1
            break
    return filled
