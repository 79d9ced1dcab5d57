"""Offline generation of the badugi tables (part of ``python -m pokerlab.evaluator.table_build build``).

Badugi (docs/rules.md 16) ranks four cards by their best badugi: the largest set of cards with distinct
ranks and distinct suits, then its ranks from the highest down, aces low, the lower the better. The
value of every one of the C(52, 4) = 270,725 hands is computed here by brute force over its subsets and
stored at the hand's colexicographic index (:func:`pokerlab.evaluator.layout.four_card_index`), so the
kernels sort four ids and read one entry:

* ``badugi_values``: value of each four-card set, ``(size - 1) << 12 | index`` with the index from 1
  within a size, worst first (the 715 four-card badugis, 286 three-card, 78 two-card and 13 one-card);
* ``badugi_class_values`` and ``badugi_class_ranks``: the 1,092 values, ascending, with the ranks
  (0..12 for 2..A) of each badugi from the highest down, the ace last, padded with ``BADUGI_NO_RANK``.
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np

from .hand_values import BADUGI_NO_RANK, CATEGORY_SHIFT, badugi_low_rank
from .layout import four_card_index

HANDS = comb(52, 4)


def badugi_numbering() -> dict[tuple[int, ...], int]:
    """Every badugi, as its ace-low ranks from the highest down, -> its value.

    >>> numbering = badugi_numbering()
    >>> len(numbering), numbering[(3, 2, 1, 0)] >> 12, numbering[(3, 2, 1, 0)] & 0xFFF   # A-2-3-4: the best
    (1092, 3, 715)
    """
    numbering: dict[tuple[int, ...], int] = {}
    for size in range(1, 5):
        sets = sorted((tuple(sorted(s, reverse=True)) for s in itertools.combinations(range(13), size)), reverse=True)
        for index, low_ranks in enumerate(sets, start=1):  # the highest ranks first: the worst first
            numbering[low_ranks] = (size - 1) << CATEGORY_SHIFT | index
    return numbering


def best_badugi(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The cards (ids) of the best badugi among ``cards``: the largest rainbow set of distinct ranks, lowest.

    >>> best_badugi((48, 1, 6, 5))   # Ac 2d 3h 3d: the 3d pairs the 3h and shares the 2d's suit
    (48, 1, 6)
    """
    for size in range(len(cards), 0, -1):
        rainbow = [
            s
            for s in itertools.combinations(cards, size)
            if len({c >> 2 for c in s}) == size and len({c & 3 for c in s}) == size
        ]
        if rainbow:
            return min(rainbow, key=lambda s: sorted((badugi_low_rank(c >> 2) for c in s), reverse=True))
    raise ValueError("a hand holds at least one card")


def build_badugi_tables() -> dict[str, np.ndarray]:
    """The badugi tables: every four-card set's value at its colexicographic index, and the classes."""
    numbering = badugi_numbering()
    values = np.zeros(HANDS, dtype=np.uint16)
    for hand in itertools.combinations(range(52), 4):
        low = sorted((badugi_low_rank(c >> 2) for c in best_badugi(hand)), reverse=True)
        values[four_card_index(hand)] = numbering[tuple(low)]
    class_values = np.array(sorted(numbering.values()), dtype=np.uint16)
    by_value = {v: k for k, v in numbering.items()}
    class_ranks = np.full((len(class_values), 4), BADUGI_NO_RANK, dtype=np.uint8)
    for i, v in enumerate(class_values.tolist()):
        badugi = by_value[v]
        class_ranks[i, : len(badugi)] = [(r - 1) % 13 for r in badugi]  # back to card ranks: ace-low 0 is the ace, 12
    return {"badugi_values": values, "badugi_class_values": class_values, "badugi_class_ranks": class_ranks}
