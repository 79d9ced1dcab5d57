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
3. otherwise, with ``rk = key & RANK_KEY_MASK``,
   ``rank_values[offsets[rk >> shift] + (rk & col_mask)]``.

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
from . import tables as _tables
from .jit import njit

SUIT_INIT = np.uint64(layout.SUIT_INIT)
_FLUSH_NIBBLES = np.uint64(layout.FLUSH_NIBBLES)
_SUIT_RANKS = np.uint64(layout.SUIT_RANKS)
RANK_KEY_MASK = np.uint64(_tables.RANK_KEY_MASK)
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
def flush_suit(key):
    """Suit 0..3 holding five or more cards, or -1 when the hand has no flush."""
    flush = (key >> np.uint64(layout.SUIT_SHIFT)) & _FLUSH_NIBBLES
    if not flush:
        return -1
    if flush & np.uint64(0x8):
        return 0
    if flush & np.uint64(0x80):
        return 1
    if flush & np.uint64(0x800):
        return 2
    return 3


@njit(cache=True)
def _enumerate_from(first, second, n_cards, card_keys, offsets, rank_values, flush_values, shift, hist):
    """Add to ``hist`` the value of every n-card hand (5..7) whose two lowest cards are given.

    Walks the (n-1)-card prefixes in order, keeping partial keys per depth,
    then adds the last card. When no suit of the prefix holds four cards, no
    last card can make a flush and the four cards of a rank give one value:
    each rank is looked up once and counted as often as it has cards above
    the prefix. Helpers are inlined by hand here on purpose (see module doc).
    """
    depth = n_cards - 1
    idx = np.zeros(depth, dtype=np.int64)
    keys = np.zeros(depth, dtype=np.uint64)
    suited = np.zeros(depth, dtype=np.uint64)
    one = np.uint64(1)
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
            bit = one << np.uint64(16 * (c & 3) + (c >> 2))
            if d == 0:
                keys[d] = SUIT_INIT + card_keys[c]
                suited[d] = bit
            else:
                keys[d] = keys[d - 1] + card_keys[c]
                suited[d] = suited[d - 1] | bit
        key = keys[depth - 1]
        low = idx[depth - 1] + 1
        counters = (key >> np.uint64(32)) + np.uint64(0x1111)  # one more card of each suit
        if counters & _FLUSH_NIBBLES:
            for c in range(low, 52):
                k = key + card_keys[c]
                suit = flush_suit(k)
                if suit >= 0:
                    bits = (suited[depth - 1] | (one << np.uint64(16 * (c & 3) + (c >> 2)))) >> np.uint64(16 * suit)
                    hist[flush_values[bits & _SUIT_RANKS]] += 1
                else:
                    rk = k & RANK_KEY_MASK
                    hist[rank_values[np.uint64(offsets[rk >> sh]) + (rk & col_mask)]] += 1
        else:
            low_rank = low >> 2
            for r in range(low_rank, 13):
                weight = 4 if r > low_rank else 4 * (r + 1) - low
                rk = (key + card_keys[4 * r]) & RANK_KEY_MASK
                hist[rank_values[np.uint64(offsets[rk >> sh]) + (rk & col_mask)]] += weight
        # Next prefix: the deepest position that can still move up.
        d = depth - 1
        while d >= 2 and idx[d] == 52 - n_cards + d:
            d -= 1
        if d <= 1:
            return
        idx[d] += 1
        for m in range(d + 1, depth):
            idx[m] = idx[m - 1] + 1
        start = d


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
