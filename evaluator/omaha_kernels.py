"""numba kernels of the Omaha evaluator: rows of hole cards against boards (``evaluate_batch``).

A hand is exactly two hole cards and exactly three board cards. On a full
board (five cards) a row costs, instead of the 60 five-card lookups of four
hole cards:

1. the board's rank key (five additions) through the five-card rank hash,
   which names the board's rank multiset; ``omaha_board_row`` turns that
   into a row of ``omaha_high`` (see :mod:`pokerlab.evaluator.omaha_build`);
2. one lookup per pair of hole ranks in that row (six for four cards): the
   best non-flush hand of the pair with any three board ranks;
3. a flush only when a suit holds three board cards and two hole cards (the
   suit counters of the key say so): then the suited pairs and triples are
   tried in ``flush_values``, which also knows straight flushes;
4. for hi/lo, ``omaha_low[board_low_mask << 8 | hole_low_mask]``.

Boards of three or four cards (flop and turn) try each pair with each
triple. Like every kernel here they compile on first call and are cached
on disk.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import prange

from .jit import njit
from .kernel_core import flush_suit, rank_value
from .tables import SIZED_RANK_SHIFT

_SHIFT = np.uint64(SIZED_RANK_SHIFT)
_COLS = np.uint64((1 << SIZED_RANK_SHIFT) - 1)
_S32 = np.uint64(32)
PARALLEL_BLOCK = 1 << 13


class OmahaTables(NamedTuple):
    """The arrays the Omaha kernels read (all read-only)."""

    card_keys: np.ndarray  # uint64[52], rank key plus one suit counter nibble from bit 32
    rank5_offsets: np.ndarray  # uint16, the five-card rank hash
    rank5_values: np.ndarray  # uint16
    flush_values: np.ndarray  # uint16[8192]
    board_row: np.ndarray  # uint16[40960]
    high: np.ndarray  # uint16[6175 * 91]
    low: np.ndarray  # uint16[65536]
    low_bits: np.ndarray  # uint16[52], the card's bit in a low mask (0 above eight)


@njit(cache=True, inline="always")
def best_flush(board_mask, hole_mask, flush_values):
    """Best flush value of two ranks of ``hole_mask`` and three of ``board_mask`` (13-bit masks, one suit)."""
    # The usual case, three suited board cards and two suited hole cards, is one lookup.
    b_rest = board_mask & (board_mask - 1)
    h_rest = hole_mask & (hole_mask - 1)
    if (b_rest & (b_rest - 1)) & ((b_rest & (b_rest - 1)) - 1) == 0 and (h_rest & (h_rest - 1)) == 0:
        return flush_values[board_mask | hole_mask]
    best = 0
    a_left = hole_mask
    while a_left:
        a = a_left & -a_left
        a_left ^= a
        b_left = a_left
        while b_left:
            b = b_left & -b_left
            b_left ^= b
            x_left = board_mask
            while x_left:
                x = x_left & -x_left
                x_left ^= x
                y_left = x_left
                while y_left:
                    y = y_left & -y_left
                    y_left ^= y
                    z_left = y_left
                    while z_left:
                        z = z_left & -z_left
                        z_left ^= z
                        v = flush_values[a | b | x | y | z]
                        if v > best:
                            best = v
    return best


@njit(cache=True, inline="always")
def _pair_value(high, row, a, b):
    """``omaha_high`` at a board row for hole cards ``a`` and ``b`` (their ranks, either order)."""
    ra = np.int64(a >> 2)
    rb = np.int64(b >> 2)
    hi = max(ra, rb)
    return high[row + hi * (hi + 1) // 2 + min(ra, rb)]


@njit(cache=True, inline="always")
def _rows(lo, hi, holes, h0, h, boards, b0, nb, shared, out_high, out_low, hilo, t_keys, r5_off, r5_val, fv,
          b_row, high, low, lbits):  # fmt: skip
    """Rank rows lo..hi-1: hole cards ``holes[i, h0:h0+h]``, board ``boards[i or 0, b0:b0+nb]``.

    The loops read the arrays themselves (see the module doc); four hole
    cards on a full board, the common case, is spelled out.
    """
    tri_key = np.zeros(4, dtype=np.uint64)
    tri_suit = np.zeros(4, dtype=np.int64)
    tri_mask = np.zeros(4, dtype=np.int64)
    for i in range(lo, hi):
        bi = 0 if shared else i
        best = 0
        if nb == 5:
            # Five loads spelled out: a loop with run-time bounds here costs a third of the speed.
            d0, d1, d2, d3, d4 = (
                boards[bi, b0],
                boards[bi, b0 + 1],
                boards[bi, b0 + 2],
                boards[bi, b0 + 3],
                boards[bi, b0 + 4],
            )
            key = t_keys[d0] + t_keys[d1] + t_keys[d2] + t_keys[d3] + t_keys[d4]
            if hilo:
                b_low = lbits[d0] | lbits[d1] | lbits[d2] | lbits[d3] | lbits[d4]
            row = np.int64(b_row[rank_value(key, r5_off, r5_val, _COLS, _SHIFT)]) * 91
            if h == 4:
                c0, c1, c2, c3 = holes[i, h0], holes[i, h0 + 1], holes[i, h0 + 2], holes[i, h0 + 3]
                best = max(
                    max(_pair_value(high, row, c0, c1), _pair_value(high, row, c0, c2)),
                    max(_pair_value(high, row, c0, c3), _pair_value(high, row, c1, c2)),
                    max(_pair_value(high, row, c1, c3), _pair_value(high, row, c2, c3)),
                )
                h_key = t_keys[c0] + t_keys[c1] + t_keys[c2] + t_keys[c3]
                if hilo:
                    h_low = lbits[c0] | lbits[c1] | lbits[c2] | lbits[c3]
            else:
                h_key = np.uint64(0)
                h_low = 0
                for x in range(h0, h0 + h):
                    h_key += t_keys[holes[i, x]]
                    h_low |= lbits[holes[i, x]]
                    for y in range(x + 1, h0 + h):
                        v = _pair_value(high, row, holes[i, x], holes[i, y])
                        if v > best:
                            best = v
            # A flush needs a suit with three board cards and two hole cards: the suit counters of the
            # keys say so (board count + 5 and hole count + 6 both reach 8), without a branch per suit.
            flushing = ((key >> _S32) + np.uint64(0x5555)) & ((h_key >> _S32) + np.uint64(0x6666)) & np.uint64(0x8888)
            if flushing:
                suit = flush_suit(flushing << _S32)
                h_mask = np.int64(0)
                for x in range(h0, h0 + h):
                    c = holes[i, x]
                    if (c & 3) == suit:
                        h_mask |= np.int64(1) << np.int64(c >> 2)
                b_mask = np.int64(0)
                for j in range(b0, b0 + 5):
                    c = boards[bi, j]
                    if (c & 3) == suit:
                        b_mask |= np.int64(1) << np.int64(c >> 2)
                v = best_flush(b_mask, h_mask, fv)
                if v > best:
                    best = v
        else:
            # Flop or turn: every pair with every triple, flushes included.
            b_low = 0
            for j in range(b0, b0 + nb):
                b_low |= lbits[boards[bi, j]]
            h_low = 0
            for x in range(h0, h0 + h):
                h_low |= lbits[holes[i, x]]
            # The board's triples once (one on the flop, four on the turn): key, suit (-1 when mixed), ranks.
            n_tri = 0
            for p in range(b0, b0 + nb):
                for q in range(p + 1, b0 + nb):
                    for r in range(q + 1, b0 + nb):
                        cp, cq, cr = boards[bi, p], boards[bi, q], boards[bi, r]
                        tri_key[n_tri] = t_keys[cp] + t_keys[cq] + t_keys[cr]
                        same = (cp & 3) == (cq & 3) and (cq & 3) == (cr & 3)
                        tri_suit[n_tri] = np.int64(cp & 3) if same else -1
                        tri_mask[n_tri] = (1 << np.int64(cp >> 2)) | (1 << np.int64(cq >> 2)) | (1 << np.int64(cr >> 2))
                        n_tri += 1
            for x in range(h0, h0 + h):
                cx = holes[i, x]
                for y in range(x + 1, h0 + h):
                    cy = holes[i, y]
                    kxy = t_keys[cx] + t_keys[cy]
                    suit = np.int64(cx & 3) if (cx & 3) == (cy & 3) else -2
                    m = (1 << np.int64(cx >> 2)) | (1 << np.int64(cy >> 2))
                    for k in range(n_tri):
                        if tri_suit[k] == suit:
                            v = fv[m | tri_mask[k]]
                        else:
                            v = rank_value(kxy + tri_key[k], r5_off, r5_val, _COLS, _SHIFT)
                        if v > best:
                            best = v
        out_high[i] = best
        if hilo:
            out_low[i] = low[(b_low << 8) | h_low]


@njit(cache=True)
def omaha_rows(holes, h0, h, boards, b0, nb, shared, out_high, out_low, hilo, t_keys, r5_off, r5_val, fv, b_row,
               high, low, lbits):  # fmt: skip
    """Rank every row: hole cards ``holes[i, h0:h0+h]`` with board ``boards[i or 0 when shared, b0:b0+nb]``."""
    _rows(0, holes.shape[0], holes, h0, h, boards, b0, nb, shared, out_high, out_low, hilo, t_keys, r5_off, r5_val,
          fv, b_row, high, low, lbits)  # fmt: skip


@njit(cache=True, parallel=True)
def omaha_rows_parallel(holes, h0, h, boards, b0, nb, shared, out_high, out_low, hilo, t_keys, r5_off, r5_val, fv,
                        b_row, high, low, lbits):  # fmt: skip
    """Like :func:`omaha_rows`, in blocks spread over numba's threads."""
    n = holes.shape[0]
    blocks = (n + PARALLEL_BLOCK - 1) // PARALLEL_BLOCK
    for blk in prange(blocks):
        lo = blk * PARALLEL_BLOCK
        hi = min(n, lo + PARALLEL_BLOCK)
        _rows(lo, hi, holes, h0, h, boards, b0, nb, shared, out_high, out_low, hilo, t_keys, r5_off, r5_val, fv,
              b_row, high, low, lbits)  # fmt: skip


@njit(cache=True)
def best_of_pairs(holes, pair_values, out):
    """``out[i]``: the best ``pair_values[a * 52 + b]`` over the pairs ``a < b`` of row ``i``'s hole cards.

    With ``pair_values`` the five-card values of each pair plus a flop, this is Omaha on the flop ranked
    by the plain five-card evaluator: the independent path ``pokerlab verify omaha`` compares with.
    """
    h = holes.shape[1]
    for i in range(holes.shape[0]):
        best = 0
        for x in range(h):
            a = np.int64(holes[i, x])
            for y in range(x + 1, h):
                b = np.int64(holes[i, y])
                v = pair_values[min(a, b) * 52 + max(a, b)]
                if v > best:
                    best = v
        out[i] = best
