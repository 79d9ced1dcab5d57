"""The 169 starting-hand classes ordered by exact equity against one random hand.

This ordering defines percentage ranges such as ``15%``: the best classes,
by all-in equity against a random hand, whose combos make up the first
15 % of the 1,326 starting hands. Classes are indivisible: one is taken
when at least half of its combos fit, so the range is within half a class
of the percentage.

The equities ship in ``tables/preflop_vs_random.json`` (exact counts with
their checksum, see :mod:`pokerlab.simulate.precomputed.preflop`) and are rebuilt in
seconds by::

    pokerlab table preflop --vs random --out tables/preflop_vs_random.json



>>> top_percent_classes(2)[:3]
['AA', 'KK', 'QQ']
"""

from __future__ import annotations

from functools import lru_cache

from ...errors import InputError
from .classes import class_combos
from .table import shipped_table

__all__ = ["equities", "ordered_classes", "top_percent_classes"]


@lru_cache(maxsize=1)
def equities() -> dict[str, float]:
    """Exact equity of each class against a random hand, from the shipped table (checksum verified).

    >>> round(equities()["AA"], 4), round(equities()["72o"], 4)
    (0.852, 0.3458)
    """
    return {row.hand: row.equity for row in shipped_table().rows}


def ordered_classes() -> list[str]:
    """The 169 classes, best first by equity against a random hand.

    >>> classes = ordered_classes()
    >>> len(classes), classes[:3], classes[-1]
    (169, ['AA', 'KK', 'QQ'], '32o')
    """
    table = equities()
    return sorted(table, key=lambda c: (-table[c], c))


def top_percent_classes(percent: float) -> list[str]:
    """Best classes covering ``percent`` % of the 1,326 starting hands.

    >>> top_percent_classes(100)[-1]
    '32o'
    """
    if not 0 < percent <= 100:
        raise InputError(f"a percentage range must be in (0, 100], got {percent}")
    limit = 1326 * percent / 100
    chosen: list[str] = []
    covered = 0
    for name in ordered_classes():
        size = class_combos(name)
        if covered + size / 2 > limit + 1e-9:
            break
        chosen.append(name)
        covered += size
    return chosen
