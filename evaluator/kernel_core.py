"""What the numba kernels share: a card's suited bit, the hand-value lookups, the flush suit, the suits holding
n cards, the next subset.

Imported by kernel modules only (it imports numba through :mod:`pokerlab.evaluator.jit`);
the compiled per-call extensions have the same helpers in ``evaluator/_core.pxd``, and the
pure-Python one reads the same layout from :mod:`pokerlab.evaluator.layout`.

A hand is held as its key (``SUIT_INIT`` plus the sum of its cards' keys,
``card_keys`` of the tables) and, where a kernel needs a flush's ranks, its
suited-rank mask (the OR of its cards' :func:`suited_bit`). Its value:

- :func:`flush_suit` of the key: the suit holding five or more cards, or -1;
- a flush: ``flush_values[flush_ranks(suited, suit)]``;
- otherwise the rank hash: :func:`rank_value`, ``rank_values`` at
  :func:`rank_slot` (stud reads its low table at the same slot).

:func:`hand_value` is the whole of it. A hash is given as ``offsets``,
its values, ``col_mask = (1 << shift) - 1`` and ``sh = shift`` (both
``uint64``, computed once per kernel call).

Every helper is inlined into its kernel and takes and returns scalars
besides the read-only tables: a helper that builds or slices an array makes
numba count references on every call, which costs more than the lookup.
The suited bit is computed (a shift and an add) rather than read from a
card table, which would be one more load per card.
"""

from __future__ import annotations

import numpy as np

from . import layout
from .jit import njit

SUIT_INIT = np.uint64(layout.SUIT_INIT)
RANK_KEY_MASK = np.uint64(layout.RANK_KEY_MASK)
_SUIT_SHIFT = np.uint64(layout.SUIT_SHIFT)
_FLUSH_NIBBLES = np.uint64(layout.FLUSH_NIBBLES)
_BITS_PER_SUIT = np.uint64(layout.BITS_PER_SUIT)
_SUIT_RANKS = np.uint64(layout.SUIT_RANKS)
_COUNTER_ONES = np.uint64(layout.FLUSH_NIBBLES >> 3)  # 1 in every suit counter
_ONE = np.uint64(1)
_TWO = np.uint64(2)
_THREE = np.uint64(3)


@njit(cache=True, inline="always")
def suited_bit(card):
    """The bit of a card (``4 * rank + suit``) in the suited-rank mask: ``16 * suit + rank``, as ``uint64``."""
    c = np.uint64(card)
    return _ONE << (_BITS_PER_SUIT * (c & _THREE) + (c >> _TWO))


@njit(cache=True, inline="always")
def flush_ranks(suited, suit):
    """The 13-bit rank mask of one suit of a suited-rank mask (the index of ``flush_values``)."""
    return (suited >> (_BITS_PER_SUIT * np.uint64(suit))) & _SUIT_RANKS


@njit(cache=True, inline="always")
def flush_suit(key):
    """Suit 0..3 holding five or more cards, or -1 when the hand has no flush."""
    flush = (key >> _SUIT_SHIFT) & _FLUSH_NIBBLES
    if not flush:
        return -1
    if flush & np.uint64(0x8):
        return 0
    if flush & np.uint64(0x80):
        return 1
    if flush & np.uint64(0x800):
        return 2
    return 3


@njit(cache=True, inline="always")
def suits_holding(key, n):
    """``FLUSH_NIBBLES`` bits (below the suit shift) of the suits holding ``n`` or more cards of a key summed
    from zero, not ``SUIT_INIT``: adding ``8 - n`` to every counter at once sets bit 3 of those that reach
    ``n`` (Omaha: a board suit of three and a hole suit of two)."""
    return ((key >> _SUIT_SHIFT) + np.uint64(8 - n) * _COUNTER_ONES) & _FLUSH_NIBBLES


@njit(cache=True, inline="always")
def rank_slot(key, offsets, col_mask, sh):
    """A key's slot in a rank hash: the row's offset plus the column."""
    rk = key & RANK_KEY_MASK
    return np.uint64(offsets[rk >> sh]) + (rk & col_mask)


@njit(cache=True, inline="always")
def rank_value(key, offsets, rank_values, col_mask, sh):
    """The value of a key as if it held no flush: the rank hash alone."""
    return rank_values[rank_slot(key, offsets, col_mask, sh)]


@njit(cache=True, inline="always")
def hand_value(key, suited, offsets, rank_values, flush_values, col_mask, sh):
    """The value (``int64``) of a hand given by its key and its suited-rank mask."""
    suit = flush_suit(key)
    if suit >= 0:
        return np.int64(flush_values[flush_ranks(suited, suit)])
    return np.int64(rank_value(key, offsets, rank_values, col_mask, sh))


@njit(cache=True, inline="always")
def next_subset(idx, first, k, n):
    """Step ``idx[:k]`` (increasing, from ``range(n)``) to the next k-subset in lexicographic order.

    Only positions ``first..k-1`` move (the ones before are held). Returns the
    lowest position that changed, or -1 after the last subset (``idx`` is then
    left as it was).
    """
    j = k - 1
    while j >= first and idx[j] == n - k + j:
        j -= 1
    if j < first:
        return -1
    idx[j] += 1
    for m in range(j + 1, k):
        idx[m] = idx[m - 1] + 1
    return j


@njit(cache=True, inline="always")
def four_card_index(a, b, c, d):
    """The colexicographic index of four distinct card ids (as :func:`pokerlab.evaluator.layout.four_card_index`)."""
    a, b, c, d = np.int64(a), np.int64(b), np.int64(c), np.int64(d)
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6 + d * (d - 1) * (d - 2) * (d - 3) // 24
