"""Offline generation of the Omaha tables (part of ``python -m pokerlab.evaluator.table_build build``).

An Omaha hand is exactly two hole cards plus exactly three board cards. The
kernels in :mod:`pokerlab.evaluator.omaha_kernels` avoid the 60 five-card
lookups of a four-card hand on a five-card board with three tables:

* ``omaha_board_row``: a five-card non-flush high value (which names the
  board's rank multiset exactly, 6,175 of them) -> a dense row number;
* ``omaha_high``: row * 91 + pair index -> the best non-flush value of that
  pair of hole ranks with any three of the board's ranks. The pair index of
  ranks ``a >= b`` is ``a * (a + 1) // 2 + b``. A four-card hand then costs
  one board lookup and six pair lookups; flushes are looked up separately
  (only a suit holding three board cards and two hole cards can make one);
* ``omaha_low``: ``board_low_mask << 8 | hole_low_mask`` -> the best
  eight-or-better ace-to-five low (its value in the ``ace-five`` ruleset),
  0 when none qualifies. A low mask has bit 0 for an ace and bit r for rank
  r + 1 (2..8), so the 65,536 entries cover every board and hole.

Both are derived from :mod:`pokerlab.evaluator.hand_values` through the
numberings the other tables use; nothing is copied from another evaluator.
"""

from __future__ import annotations

import itertools

import numpy as np
from numpy.typing import NDArray

from .hand_values import five_card_key

#: Hole-rank pairs per board row: 13 * 14 / 2.
PAIRS = 91
#: Ranks 2..8 and the ace, the ranks of an eight-or-better low.
LOW_RANKS = (12, 0, 1, 2, 3, 4, 5, 6)


def pair_index(a: int, b: int) -> int:
    """Column of the hole ranks ``a`` and ``b`` (0..12, either order) in a row of ``omaha_high``.

    >>> pair_index(0, 0), pair_index(12, 12), pair_index(3, 5) == pair_index(5, 3)
    (0, 90, True)
    """
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


def _digits(ranks: np.ndarray) -> NDArray[np.int64]:
    """Octal count key of rank multisets (last axis): a count of 5 stays distinct from every real hand."""
    digits: NDArray[np.int64] = (np.int64(1) << (3 * ranks.astype(np.int64))).sum(axis=-1)
    return digits


def build_omaha_tables(
    numbering: dict[tuple[int, ...], int], ace_five: dict[tuple[int, ...], int]
) -> dict[str, np.ndarray]:
    """The three Omaha tables, given the high-hand class numbering and the ace-to-five one."""
    boards = np.array(
        [c for c in itertools.combinations_with_replacement(range(13), 5) if max(c.count(r) for r in c) <= 4],
        dtype=np.int64,
    )
    # Every real five-rank multiset, by its count key, with its non-flush value.
    board_values = np.array(
        [numbering[five_card_key(tuple(int(r) for r in b[::-1]), False)] for b in boards], dtype=np.int64
    )
    known = _digits(boards)
    order = np.argsort(known)
    known, known_values = known[order], board_values[order]

    triples = np.array(list(itertools.combinations(range(5), 3)))
    pairs = np.array([(a, b) for a in range(13) for b in range(a + 1)], dtype=np.int64)
    assert [pair_index(int(a), int(b)) for a, b in pairs] == list(range(PAIRS))
    triple_keys = _digits(boards[:, triples])  # (rows, 10)
    pair_keys = _digits(pairs)  # (91,)
    five = triple_keys[:, :, None] + pair_keys[None, None, :]
    slot = np.minimum(np.searchsorted(known, five), len(known) - 1)
    # A key holding one rank five times is no real hand: it matches nothing and scores 0.
    values = np.where(known[slot] == five, known_values[slot], 0).max(axis=1)
    omaha_high = values.astype(np.uint16).reshape(-1)

    board_row = np.full(10 << 12, 0xFFFF, dtype=np.uint16)
    board_row[board_values] = np.arange(len(boards), dtype=np.uint16)

    # Lows: the best disjoint pair + triple of low ranks, then the best over sub-masks of each side.
    low = np.zeros((256, 256), dtype=np.int64)
    for five_bits in itertools.combinations(range(8), 5):
        value = ace_five[tuple(sorted(LOW_RANKS[b] for b in five_bits))]
        for pair in itertools.combinations(five_bits, 2):
            hole = sum(1 << b for b in pair)
            board = sum(1 << b for b in five_bits) & ~hole
            low[board, hole] = max(low[board, hole], value)
    masks = np.arange(256)
    for bit in range(8):
        has = (masks >> bit) & 1 == 1
        low[has, :] = np.maximum(low[has, :], low[masks[has] & ~(1 << bit), :])
        low[:, has] = np.maximum(low[:, has], low[:, masks[has] & ~(1 << bit)])
    return {
        "omaha_high": omaha_high,
        "omaha_board_row": board_row,
        "omaha_low": low.astype(np.uint16).reshape(-1),
    }
