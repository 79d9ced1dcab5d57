"""numba kernels of the high-hand evaluator: pure functions over the lookup tables.

Every kernel takes the tables as arguments (see :class:`HighTables`). They
are compiled lazily on first call and cached on disk (``cache=True``), so
importing this module compiles nothing and a process pays only for the
kernels it calls.

The hot path for one hand (see ``pokerlab.evaluator.table_build`` for the tables):

1. ``key = SUIT_INIT + sum(card_keys[c])``: a rank-multiset key in the low
   25 bits (``RANK_KEY_MASK``, the sum may carry past them) and four suit
   counters from bit 32;
2. a flush shows as bit 3 of a suit counter (3 % of random 7-card hands):
   then collect that suit's ranks and read ``flush_values[ranks]``;
3. otherwise the rank hash: ``rank_values`` at the row's offset plus the
   column of ``key & RANK_KEY_MASK``.

The steps are the helpers of :mod:`pokerlab.evaluator.kernel_core`.

The batch kernels (:mod:`pokerlab.evaluator.batch_kernels`) read every row through
step 3 and revisit the flushes afterwards.

Helpers take and return scalars only: passing arrays to a helper makes numba
count references on every call, which costs more than the lookup itself.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import prange

from . import layout
from .jit import njit
from .kernel_core import RANK_KEY_MASK, SUIT_INIT, flush_ranks, flush_suit, next_subset, rank_value, suited_bit

__all__ = ["RANK_KEY_MASK", "SUIT_INIT", "VALUE_SLOTS", "HighTables", "enumerate_values", "enumerate_values_parallel"]

_FLUSH_NIBBLES = np.uint64(layout.FLUSH_NIBBLES)
VALUE_SLOTS = 10 << 12  # one histogram slot per possible rank value


class HighTables(NamedTuple):
    """The arrays the high-hand kernels read (all read-only)."""

    card_keys: np.ndarray  # uint64[52]
    offsets: np.ndarray  # uint32[rows]
    rank_values: np.ndarray  # uint16[slots]
    flush_values: np.ndarray  # uint16[8192]
    shift: int
    batch_keys: np.ndarray  # uint64[256], see evaluator.batch_kernels.batch_tables
    flush_bits: np.ndarray  # uint64[256]
    # The hash of k-card keys only, for each k (rows: key >> SIZED_RANK_SHIFT), read by the batch kernels.
    rank5_offsets: np.ndarray  # uint16[rows]
    rank5_values: np.ndarray  # uint16[slots]
    rank6_offsets: np.ndarray
    rank6_values: np.ndarray
    rank7_offsets: np.ndarray
    rank7_values: np.ndarray


@njit(cache=True, inline="always")
def _count_last_two(key, suited, low, fs, in_suit, card_keys, offsets, rank_values, flush_values, col_mask, sh, above,
                    hist):  # fmt: skip
    """Add every hand of a prefix (``key``, ``suited``) plus two cards above ``low``, by rank pair.

    A hand is a flush only when suit ``fs`` (4: none) reaches five cards, and a
    flush's value depends on that suit's ranks alone, so: each rank pair is
    looked up once, counted for its card pairs that do not flush (all of them
    but the ``fs`` ones); the flushing pairs are counted by their ``fs`` cards
    in the flush table (16 KB, stays in L1). ``above`` is scratch (13).
    """
    low_rank = low >> 2
    need = 5 - in_suit  # cards of suit fs still missing for a flush: 1 or 2 (more: none can flush)
    for r in range(low_rank, 13):
        above[r] = 4 if r > low_rank else 4 * (r + 1) - low
    for r1 in range(low_rank, 13):
        n1 = above[r1]
        a1 = 1 if fs < 4 and 4 * r1 + fs >= low else 0  # r1's card of suit fs is above the prefix
        k1 = key + card_keys[4 * r1]
        m1 = n1 - a1 if need == 1 else n1  # with one missing, only pairs without an fs card stay plain
        if m1 >= 2:
            hist[rank_value(k1 + card_keys[4 * r1], offsets, rank_values, col_mask, sh)] += m1 * (m1 - 1) // 2
        for r2 in range(r1 + 1, 13):
            a2 = 1 if fs < 4 else 0  # r2 > low_rank: all four cards are above
            w = (n1 - a1) * (4 - a2) if need == 1 else n1 * 4 - a1 * a2
            if w:
                hist[rank_value(k1 + card_keys[4 * r2], offsets, rank_values, col_mask, sh)] += w
    if fs == 4 or need > 2:
        return
    plain = (52 - low) - (13 - low_rank) + (1 if 4 * low_rank + fs < low else 0)  # cards above low not of fs
    in_fs = flush_ranks(suited, fs)
    for ra in range(low_rank, 13):
        if 4 * ra + fs < low:
            continue
        with_a = in_fs | (np.uint64(1) << np.uint64(ra))
        if need == 1:
            hist[flush_values[with_a]] += plain  # one fs card and any card of another suit
        for rb in range(ra + 1, 13):
            hist[flush_values[with_a | (np.uint64(1) << np.uint64(rb))]] += 1


@njit(cache=True)
def _enumerate_from(first, second, n_cards, card_keys, offsets, rank_values, flush_values, shift, hist):
    """Add to ``hist`` the value of every n-card hand (5..7) whose two lowest cards are given.

    Walks the (n-2)-card prefixes in order, keeping partial keys per depth; the
    last two cards lie above the prefix's highest card and are counted, not
    visited, by :func:`_count_last_two`: a hand's value depends on its rank
    multiset unless it is a flush, and a flush's on its flush suit's ranks.
    Measured side by side (best of 15, 7 cards, one thread, busy 2-core
    machine): visiting per (n-1)-card prefix with the last card by rank
    216-273 ms; counting the last two by rank pair when no suit holds three
    cards 109-133 ms; also counting the prefixes that can flush by rank pair
    plus their flushing pairs in the flush table 89 ms.

    Helpers are scalar-only and inlined on purpose (see module doc).
    """
    depth = n_cards - 2
    idx = np.zeros(depth, dtype=np.int64)
    keys = np.zeros(depth, dtype=np.uint64)
    suited = np.zeros(depth, dtype=np.uint64)
    above = np.zeros(13, dtype=np.int64)
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    idx[0] = first
    idx[1] = second
    start = 0  # first depth whose partial key needs recomputing
    for d in range(2, depth):
        idx[d] = idx[d - 1] + 1
    while True:
        for d in range(start, depth):
            c = idx[d]
            bit = suited_bit(c)
            if d == 0:
                keys[d] = SUIT_INIT + card_keys[c]
                suited[d] = bit
            else:
                keys[d] = keys[d - 1] + card_keys[c]
                suited[d] = suited[d - 1] | bit
        key = keys[depth - 1]
        low = idx[depth - 1] + 1
        # The suit the two last cards can make a flush of: one with three or more cards in the prefix
        # (two such suits would take six cards), 4 for none.
        three = ((key >> np.uint64(32)) + np.uint64(0x2222)) & _FLUSH_NIBBLES
        fs = 4
        if three:
            fs = flush_suit(three << np.uint64(layout.SUIT_SHIFT))
        in_suit = np.int64((key >> np.uint64(32 + 4 * fs)) & np.uint64(0xF)) - 3 if fs < 4 else 0
        if in_suit <= 4:
            _count_last_two(key, suited[depth - 1], low, fs, in_suit, card_keys, offsets, rank_values, flush_values,
                            col_mask, sh, above, hist)  # fmt: skip
        else:  # five of a suit already (seven cards): every hand is a flush, one by one
            for c5 in range(low, 51):
                suited5 = suited[depth - 1] | suited_bit(c5)
                for c in range(c5 + 1, 52):
                    hist[flush_values[flush_ranks(suited5 | suited_bit(c), fs)]] += 1
        # Next prefix: the two lowest cards are held, and two cards must fit above the prefix.
        start = next_subset(idx, 2, depth, 50)
        if start < 0:
            return


@njit(cache=True)
def enumerate_values(n_cards, card_keys, offsets, rank_values, flush_values, shift):
    """Histogram (int64[VALUE_SLOTS]) of the values of all C(52, n) hands, single thread."""
    hist = np.zeros(VALUE_SLOTS, dtype=np.int64)
    for first in range(52 - n_cards + 1):
        for second in range(first + 1, 52 - n_cards + 2):
            _enumerate_from(first, second, n_cards, card_keys, offsets, rank_values, flush_values, shift, hist)
    return hist


@njit(cache=True, parallel=True)
def enumerate_values_parallel(n_cards, card_keys, offsets, rank_values, flush_values, shift, workers):
    """Like :func:`enumerate_values` across numba's threads, dealing (first, second) pairs round-robin."""
    last = 52 - n_cards + 2
    pairs = np.array([(a, b) for a in range(last - 1) for b in range(a + 1, last)], dtype=np.int64)
    hists = np.zeros((workers, VALUE_SLOTS), dtype=np.int64)
    for w in prange(workers):
        for p in range(w, pairs.shape[0], workers):
            _enumerate_from(
                pairs[p, 0], pairs[p, 1], n_cards, card_keys, offsets, rank_values, flush_values, shift, hists[w]
            )
    return hists.sum(axis=0)
