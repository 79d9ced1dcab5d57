"""numba kernels of the high-hand evaluator: pure functions over the lookup tables.

Every kernel takes the tables as arguments (see :class:`HighTables`) so it is
a pure function of its inputs. They are compiled lazily on first call and
cached on disk (``cache=True``); importing this module compiles nothing.

The hot path for one hand (see ``evaluator.table_build`` for the tables):

1. ``key = SUIT_INIT + sum(card_keys[c])``: a rank-multiset key in the low
   32 bits and four suit counters above it;
2. ``suited |= 1 << (16 * suit + rank)``: the ranks held in each suit;
3. a flush shows as bit 3 of a suit counter: read ``flush_values`` at that
   suit's 13 ranks; otherwise ``rank_values[offsets[key >> shift] + low bits]``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

SUIT_INIT = np.uint64(0x3333 << 32)
RANK_KEY_MASK = np.uint64(0xFFFFFFFF)
VALUE_SLOTS = 10 << 12  # one histogram slot per possible rank value


class HighTables(NamedTuple):
    """The arrays the high-hand kernels read (all read-only)."""

    card_keys: np.ndarray  # uint64[52]
    suited_bits: np.ndarray  # uint64[52]: 1 << (16 * suit + rank)
    offsets: np.ndarray  # uint32[rows]
    rank_values: np.ndarray  # uint16[slots]
    flush_values: np.ndarray  # uint16[8192]
    shift: int


@njit(cache=True, inline="always")
def value_of(key, suited, offsets, rank_values, flush_values, shift):
    """Rank value of a hand from its summed card key and per-suit rank bits."""
    flush = (key >> np.uint64(32)) & np.uint64(0x8888)
    if flush:
        if flush & np.uint64(0x8):
            bits = suited
        elif flush & np.uint64(0x80):
            bits = suited >> np.uint64(16)
        elif flush & np.uint64(0x800):
            bits = suited >> np.uint64(32)
        else:
            bits = suited >> np.uint64(48)
        return flush_values[bits & np.uint64(0x1FFF)]
    rank_key = key & RANK_KEY_MASK
    row = rank_key >> np.uint64(shift)
    col = rank_key & np.uint64((1 << shift) - 1)
    return rank_values[np.uint64(offsets[row]) + col]


@njit(cache=True, inline="always")
def _eval_row(cards, i, card_keys, suited_bits, offsets, rank_values, flush_values, shift):
    key = SUIT_INIT
    suited = np.uint64(0)
    for j in range(cards.shape[1]):
        c = cards[i, j]
        key += card_keys[c]
        suited |= suited_bits[c]
    return value_of(key, suited, offsets, rank_values, flush_values, shift)


@njit(cache=True)
def evaluate_rows(cards, out, card_keys, suited_bits, offsets, rank_values, flush_values, shift):
    """Rank every row of ``cards`` ((N, k) uint8 card ids) into ``out`` (uint16[N])."""
    for i in range(cards.shape[0]):
        out[i] = _eval_row(cards, i, card_keys, suited_bits, offsets, rank_values, flush_values, shift)


@njit(cache=True, parallel=True)
def evaluate_rows_parallel(cards, out, card_keys, suited_bits, offsets, rank_values, flush_values, shift):
    """Like :func:`evaluate_rows`, split across numba's threads."""
    n = cards.shape[0]
    chunk = 4096
    for b in prange((n + chunk - 1) // chunk):
        for i in range(b * chunk, min(n, (b + 1) * chunk)):
            out[i] = _eval_row(cards, i, card_keys, suited_bits, offsets, rank_values, flush_values, shift)


@njit(cache=True)
def _enumerate_from(first, n_cards, card_keys, suited_bits, offsets, rank_values, flush_values, shift, hist):
    """Histogram of values of every n-card hand (5..7) whose lowest card is ``first``."""
    k1 = SUIT_INIT + card_keys[first]
    s1 = suited_bits[first]
    for c2 in range(first + 1, 52):
        k2 = k1 + card_keys[c2]
        s2 = s1 | suited_bits[c2]
        for c3 in range(c2 + 1, 52):
            k3 = k2 + card_keys[c3]
            s3 = s2 | suited_bits[c3]
            for c4 in range(c3 + 1, 52):
                k4 = k3 + card_keys[c4]
                s4 = s3 | suited_bits[c4]
                for c5 in range(c4 + 1, 52):
                    k5 = k4 + card_keys[c5]
                    s5 = s4 | suited_bits[c5]
                    if n_cards == 5:
                        hist[value_of(k5, s5, offsets, rank_values, flush_values, shift)] += 1
                        continue
                    for c6 in range(c5 + 1, 52):
                        k6 = k5 + card_keys[c6]
                        s6 = s5 | suited_bits[c6]
                        if n_cards == 6:
                            hist[value_of(k6, s6, offsets, rank_values, flush_values, shift)] += 1
                            continue
                        for c7 in range(c6 + 1, 52):
                            k7 = k6 + card_keys[c7]
                            s7 = s6 | suited_bits[c7]
                            hist[value_of(k7, s7, offsets, rank_values, flush_values, shift)] += 1


@njit(cache=True)
def enumerate_values(n_cards, card_keys, suited_bits, offsets, rank_values, flush_values, shift):
    """Histogram (int64[VALUE_SLOTS]) of the values of all C(52, n) hands, single thread."""
    hist = np.zeros(VALUE_SLOTS, dtype=np.int64)
    for first in range(52 - n_cards + 1):
        _enumerate_from(first, n_cards, card_keys, suited_bits, offsets, rank_values, flush_values, shift, hist)
    return hist


@njit(cache=True, parallel=True)
def enumerate_values_parallel(n_cards, card_keys, suited_bits, offsets, rank_values, flush_values, shift):
    """Like :func:`enumerate_values`, one histogram per lowest card, across threads."""
    n_first = 52 - n_cards + 1
    hists = np.zeros((n_first, VALUE_SLOTS), dtype=np.int64)
    for first in prange(n_first):
        _enumerate_from(first, n_cards, card_keys, suited_bits, offsets, rank_values, flush_values, shift,
                        hists[first])
    return hists.sum(axis=0)
