"""Hand values: the 16-bit rank encoding shared by tables, kernels and the API.

A rank (hand value) is ``category << 12 | index``: higher is better, two
hands tie exactly when their ranks are equal, and ``rank >> 12`` is the
category. ``index`` counts from 1 within the category, so 0 is never a hand.

>>> category(ROYAL_FLUSH << 12 | 1) == ROYAL_FLUSH
True
>>> CATEGORY_NAMES[FULL_HOUSE]
'Full house'
"""

from __future__ import annotations

HIGH_CARD = 0
ONE_PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
ROYAL_FLUSH = 9

CATEGORY_NAMES = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
    "Royal flush",
)
CATEGORY_SHIFT = 12

#: The wheel A-2-3-4-5 as a 13-bit rank mask (bit r for rank r, 2 = bit 0).
WHEEL_MASK = 0b1_0000_0000_1111


def category(rank: int) -> int:
    """Category 0..9 (high card .. royal flush) of a rank.

    >>> category(0x6005)
    6
    """
    return int(rank) >> CATEGORY_SHIFT


def five_card_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """Comparable key of five cards given their ranks (0..12) and whether they are suited.

    The key is ``(category, tiebreak ranks...)`` following RULES.md section 1.
    Table generation sorts these keys to number the 7,462 hand classes.

    >>> five_card_key((12, 11, 10, 9, 8), True)
    (9, 12)
    >>> five_card_key((12, 0, 1, 2, 3), False)
    (4, 3)
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # Groups ordered by size then rank: 77766 -> [(3, 5), (2, 4)].
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    ordered = tuple(r for _, r in groups)
    straight_top = -1
    if shape == (1, 1, 1, 1, 1):
        mask = sum(1 << r for r in ranks)
        if mask == WHEEL_MASK:
            straight_top = 3  # five-high
        elif mask == (0b11111 << min(ranks)):
            straight_top = max(ranks)
    if straight_top >= 0 and flush:
        return (ROYAL_FLUSH, 12) if straight_top == 12 else (STRAIGHT_FLUSH, straight_top)
    if shape == (4, 1):
        return (FOUR_OF_A_KIND, *ordered)
    if shape == (3, 2):
        return (FULL_HOUSE, *ordered)
    if flush:
        return (FLUSH, *ordered)
    if straight_top >= 0:
        return (STRAIGHT, straight_top)
    if shape == (3, 1, 1):
        return (THREE_OF_A_KIND, *ordered)
    if shape == (2, 2, 1):
        return (TWO_PAIR, *ordered)
    if shape == (2, 1, 1, 1):
        return (ONE_PAIR, *ordered)
    return (HIGH_CARD, *ordered)
