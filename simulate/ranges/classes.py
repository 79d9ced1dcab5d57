"""The 169 starting-hand classes of hold'em: their names, sizes and the class of two cards.

The vocabulary the range parser, the shipped preflop table and the table
builders share; it depends on nothing else in ``ranges``, so each of them
can import it at the top.

>>> hand_classes()[:3], class_combos("AKo"), hand_class(51, 47)
(['AA', 'AKs', 'AKo'], 12, 'AKs')
"""

from __future__ import annotations

from ...errors import InputError
from ...evaluator.cards import RANK_CHARS

__all__ = ["class_combos", "example_hand", "hand_class", "hand_classes"]


def hand_classes() -> list[str]:
    """All 169 classes: pairs, suited and offsuit, e.g. 'AA', 'AKs', 'AKo'.

    >>> len(hand_classes()), hand_classes()[-1]
    (169, '22')
    """
    classes = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            if hi == lo:
                classes.append(RANK_CHARS[hi] * 2)
            else:
                classes += [RANK_CHARS[hi] + RANK_CHARS[lo] + "s", RANK_CHARS[hi] + RANK_CHARS[lo] + "o"]
    return classes


def class_combos(name: str) -> int:
    """Number of combos of a class: 6 for a pair, 4 suited, 12 offsuit.

    >>> class_combos("AA"), class_combos("AKs"), class_combos("AKo")
    (6, 4, 12)
    """
    return 6 if len(name) == 2 else (4 if name[2] == "s" else 12)


def example_hand(name: str) -> str:
    """One combo of the class (all combos of a class have the same equity against a random hand).

    >>> example_hand("AKo")
    'AsKh'
    """
    hi, lo = name[0], name[1]
    if len(name) == 2:
        return f"{hi}s{lo}h"
    return f"{hi}s{lo}s" if name[2] == "s" else f"{hi}s{lo}h"


def hand_class(card1: int, card2: int) -> str:
    """Hand class ("AA", "AKs" or "AKo") of two card ids (``4 * rank + suit``).

    >>> hand_class(51, 47), hand_class(0, 1), hand_class(48, 3)
    ('AKs', '22', 'A2o')
    """
    hi, lo = max(card1, card2), min(card1, card2)
    if not 0 <= lo < hi < 52:
        raise InputError(f"not two distinct card ids: {card1}, {card2}")
    top, low = RANK_CHARS[hi // 4], RANK_CHARS[lo // 4]
    if top == low:
        return top + low
    return top + low + ("s" if hi % 4 == lo % 4 else "o")
