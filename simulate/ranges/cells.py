"""The static tables of two-card combos: every combo, its grid cell, and every cell's combos.

A combo is stored higher card id first. Its index is ``hi*(hi-1)/2 + lo``, so
indices 0..1325 cover every pair of distinct cards. A grid cell is
``row*13 + col`` with row/col 0 for an ace down to 12 for a deuce; pairs are on
the diagonal, suited hands above it (row = top rank) and offsuit hands below it
(column = top rank). Built once per process, vectorised (every command imports it).

>>> combo_index(51, 47), CELL_LABELS[cell_of(12, 11, True)], len(CELL_INDICES[cell_of(12, 12, False)])
(1322, 'AKs', 6)
>>> N_COMBOS, GRID_LABELS[0][:3], GRID_LABELS[1][0]  # the top row: AA, then the suited aces; AKo below AA
(1326, ('AA', 'AKs', 'AQs'), 'AKo')
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np

from ...evaluator.cards import RANK_CHARS

N_COMBOS = 1326
"""Number of distinct two-card starting hands."""

_Ids = TypeVar("_Ids", int, np.ndarray)  # one card id each, or arrays of them


def combo_index(hi: _Ids, lo: _Ids) -> _Ids:
    """Index 0..1325 of the combo of two distinct card ids, ``hi`` the higher."""
    index: _Ids = hi * (hi - 1) // 2 + lo
    return index


def cell_of(top: int, low: int, suited: bool) -> int:
    """Grid cell of a hand class by ranks 0..12 (top >= low)."""
    if suited:
        return (12 - top) * 13 + (12 - low)
    return (12 - low) * 13 + (12 - top)


def _build_tables() -> tuple[np.ndarray, np.ndarray, list[np.ndarray], list[str]]:
    # Vectorised (it runs on every import, so on every command): row-major lower-triangle pairs are
    # exactly the combo indices 0..1325 in order.
    hi, lo = np.tril_indices(52, -1)
    combos = np.column_stack([hi, lo]).astype(np.uint8)
    top, low = hi // 4, lo // 4
    suited = (hi % 4 == lo % 4) & (top != low)
    combo_cell = np.where(suited, (12 - top) * 13 + (12 - low), (12 - low) * 13 + (12 - top)).astype(np.intp)
    by_cell = np.argsort(combo_cell, kind="stable")  # each cell's combos in index order
    cell_indices = np.split(by_cell, np.cumsum(np.bincount(combo_cell, minlength=169))[:-1])
    labels = []
    for row in range(13):
        for col in range(13):
            a, b = RANK_CHARS[12 - row], RANK_CHARS[12 - col]
            if row == col:
                labels.append(a + b)
            elif row < col:
                labels.append(a + b + "s")
            else:
                labels.append(b + a + "o")
    combos.setflags(write=False)
    combo_cell.setflags(write=False)
    return combos, combo_cell, cell_indices, labels


ALL_COMBOS, COMBO_CELL, CELL_INDICES, CELL_LABELS = _build_tables()
CELL_SIZES = np.array([len(ix) for ix in CELL_INDICES], dtype=np.float64)
COMBO_MASKS = np.bitwise_or.reduce(np.uint64(1) << ALL_COMBOS.astype(np.uint64), axis=1)  # card bits of each combo
COMBO_MASKS.setflags(write=False)

GRID_LABELS: tuple[tuple[str, ...], ...] = tuple(tuple(CELL_LABELS[row * 13 : row * 13 + 13]) for row in range(13))
"""Hand class names in the 13x13 grid layout used by :func:`range_grid`."""
