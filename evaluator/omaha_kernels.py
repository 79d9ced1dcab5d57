"""numba helpers of Omaha for the kernels that rank Omaha hands in numba: the tables' tuple and the best
flush of two hole and three board cards (the equity kernels of :mod:`pokerlab.simulate.equity.omaha_kernels`
score boards with them), and the flop ranking by pairs that ``pokerlab verify omaha`` checks the evaluator
against. The evaluator itself is the Cython extension (see :mod:`pokerlab.evaluator.omaha`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .jit import njit


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


# written out again on purpose: the numba twin of _omaha.pyx's _best_flush (one per kernel language), its nested loops
# over the set bits unrolled (two of the hole's, three of the board's)
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
