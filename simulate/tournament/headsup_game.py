"""The heads-up preflop all-in between the 169 hand classes: exact equities and how often each pair is dealt.

Read from the shipped table of every heads-up deal (:mod:`pokerlab.simulate.ranges.headsup_table`), card
removal counted: for classes ``i`` and ``j``, ``pairs[i, j]`` is the number of ordered deals of a hand of
``i`` to the first player and a hand of ``j`` to the second that share no card (AA against AKs: 12 of the
6 * 4, as each pair of aces leaves two suited ace-kings), and ``equity[i, j]`` the first hand's all-in
equity (wins and half the ties over all 1,712,304 boards) averaged over those deals. Every hand of a class is the same
hand under a renaming of suits, so one hand of each class against all 1,326 hands gives the whole matrix:
169 x 1,326 table look-ups.

>>> game = headsup_classes()
>>> i, j = game.index["AA"], game.index["KK"]
>>> int(game.pairs[i, j]), round(100 * float(game.equity[i, j]), 2), round(100 * float(game.equity[j, i]), 2)
(36, 81.95, 18.05)
>>> int(game.pairs.sum()) == 1326 * 1225
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..ranges.cells import CELL_INDICES, GRID_LABELS, N_COMBOS
from ..ranges.classes import class_combos, hand_class, hand_classes
from ..ranges.headsup_table import BOARDS, lookup
from ..ranges.range_text import format_range


@dataclass(frozen=True)
class HeadsupClasses:
    """The 169 classes (in :func:`hand_classes` order), the deals of each pair and the first hand's equity."""

    names: tuple[str, ...]
    index: dict[str, int]
    combos: np.ndarray  # (169,) hands of each class: 6, 4 or 12
    pairs: np.ndarray  # (169, 169) ordered deals of class i against class j sharing no card
    equity: np.ndarray  # (169, 169) all-in equity of class i against class j, over those deals


def all_hands() -> tuple[np.ndarray, np.ndarray]:
    """Every two-card hand ``(1326, 2)`` (the higher card id first, hand ``a * (a - 1) / 2 + b``) and its
    class number.

    >>> hands, classes = all_hands()
    >>> hands.shape, int(classes[0])
    ((1326, 2), 168)
    """
    names = hand_classes()
    index = {name: k for k, name in enumerate(names)}
    hands = np.array([(a, b) for a in range(52) for b in range(a)], dtype=np.int64)
    classes = np.array([index[hand_class(int(a), int(b))] for a, b in hands], dtype=np.int64)
    return hands, classes


@lru_cache(maxsize=1)
def headsup_classes() -> HeadsupClasses:
    """The matrices, read once per process from the shipped heads-up table (about 0.1 s)."""
    names = hand_classes()
    hands, classes = all_hands()
    first = np.array([np.flatnonzero(classes == k)[0] for k in range(len(names))])  # one hand of each class
    mine = np.repeat(hands[first], len(hands), axis=0)
    theirs = np.tile(hands, (len(names), 1))
    their_class = np.tile(classes, len(names))
    my_class = np.repeat(np.arange(len(names)), len(hands))
    apart = ~((mine[:, :, None] == theirs[:, None, :]).any(axis=(1, 2)))
    counts = lookup(mine[apart], theirs[apart])
    cell = my_class[apart] * len(names) + their_class[apart]
    size = len(names) ** 2
    deals = np.bincount(cell, minlength=size).reshape(len(names), len(names))
    points = np.bincount(cell, weights=counts[:, 0] + 0.5 * counts[:, 2], minlength=size).reshape(deals.shape)
    combos = np.array([class_combos(name) for name in names], dtype=np.int64)
    pairs = deals * combos[:, None]  # every hand of class i meets class j alike
    equity = points / (deals * BOARDS)
    for array in (combos, pairs, equity):
        array.flags.writeable = False
    return HeadsupClasses(tuple(names), {n: k for k, n in enumerate(names)}, combos, pairs, equity)


def shown_frequency(value: float, digits: int = 1) -> float:
    """A frequency as a range line states it: its percent rounded to ``digits`` decimals, back in 0..1. A grid
    printed from these agrees with :func:`class_range_text` class by class.

    >>> shown_frequency(0.99996), shown_frequency(4e-5), shown_frequency(0.71074)
    (1.0, 0.0, 0.711)
    """
    return round(100 * value, digits) / 100  # a numpy float rounds as numpy rounds it (halves to even)


def class_grid(hands: Sequence[str], play: Sequence[float], digits: int | None = None) -> list[list[float]]:
    """Frequencies by class (``hands`` and ``play`` alike ordered) on the 13x13 grid, suited above the diagonal;
    with ``digits``, each as :func:`class_range_text` states it (:func:`shown_frequency`).

    >>> class_grid(hand_classes(), [1.0] + [0.0] * 168)[0][:2]
    [1.0, 0.0]
    >>> class_grid(hand_classes(), [1 - 1e-7] + [1e-8] * 168, digits=1)[0][:2]
    [1.0, 0.0]
    """
    by_class = dict(zip(hands, play))
    if digits is not None:
        by_class = {hand: shown_frequency(value, digits) for hand, value in by_class.items()}
    return [[by_class[label] for label in row] for row in GRID_LABELS]


def class_range_text(hands: Sequence[str], play: Sequence[float], digits: int = 1) -> str:
    """The range that plays each class of ``hands`` with its frequency in ``play``, in range syntax (mixed
    classes as ``@percent``, the percent rounded to ``digits`` decimals: :func:`shown_frequency`); empty when
    no class is played.

    >>> class_range_text(("AA", "KK", "AKs"), (1.0, 1.0, 0.5))
    'KK+, AKs@50'
    >>> class_range_text(("AA", "KK", "AKs"), (0.998, 0.001, 0.5), digits=0)
    'AA, AKs@50'
    """
    dense = np.zeros(N_COMBOS)
    by_class = dict(zip(hands, play))
    for cell, indices in enumerate(CELL_INDICES):
        dense[indices] = shown_frequency(by_class.get(GRID_LABELS[cell // 13][cell % 13], 0.0), digits)
    return format_range(dense) if dense.any() else ""
