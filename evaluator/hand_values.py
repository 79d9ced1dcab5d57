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
FIVE_OF_A_KIND = 10  # wild-card games only

#: The category names, indexed by ``rank >> 12`` (five of a kind only with wild cards).
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
    "Five of a kind",
)
CATEGORY_SHIFT = 12

#: The wheel A-2-3-4-5 as a 13-bit rank mask (bit r for rank r, 2 = bit 0).
WHEEL_MASK = 0b1_0000_0000_1111


def category(rank: int) -> int:
    """Category 0..10 (high card .. royal flush, five of a kind) of a rank.

    >>> category(0x6005)
    6
    """
    return int(rank) >> CATEGORY_SHIFT


def five_card_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """Comparable key of five cards given their ranks (0..12) and whether they are suited.

    The key is ``(category, tiebreak ranks...)`` following docs/rules.md section 1.
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
    grouped = _SHAPE_CATEGORIES.get(shape, HIGH_CARD)
    if grouped >= FULL_HOUSE:  # four of a kind and full house beat every flush and straight but the straight flush
        return (grouped, *ordered)
    straight_top = _straight_top(ranks) if shape == _ALL_DIFFERENT else -1
    if straight_top >= 0:
        if flush:
            return (ROYAL_FLUSH, 12) if straight_top == 12 else (STRAIGHT_FLUSH, straight_top)
        return (STRAIGHT, straight_top)
    if flush:
        return (FLUSH, *ordered)
    return (grouped, *ordered)


# The category of each shape of rank groups (sizes, largest first); five different ranks are a high card unless
# they make a straight or a flush.
_SHAPE_CATEGORIES = {
    (4, 1): FOUR_OF_A_KIND,
    (3, 2): FULL_HOUSE,
    (3, 1, 1): THREE_OF_A_KIND,
    (2, 2, 1): TWO_PAIR,
    (2, 1, 1, 1): ONE_PAIR,
}
_ALL_DIFFERENT = (1, 1, 1, 1, 1)


def _straight_top(ranks: tuple[int, ...]) -> int:
    """The top rank of five different ranks in a row (3 for the wheel, five-high), -1 when they are not."""
    mask = sum(1 << r for r in ranks)
    if mask == WHEEL_MASK:
        return 3
    if mask == (0b11111 << min(ranks)):
        return max(ranks)
    return -1


def wild_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """Like :func:`five_card_key`, but five equal ranks (possible with wild cards) are five of a kind.

    >>> wild_key((12, 12, 12, 12, 12), False)
    (10, 12)
    """
    if len(set(ranks)) == 1:
        return (FIVE_OF_A_KIND, ranks[0])
    return five_card_key(ranks, flush)


# Lowball categories, worst first, so that a larger code is a better hand.
_PAIRED = ("Three of a kind", "Two pair", "One pair")
#: Unpaired hands by their top card, worst first: ace-high down to five-high.
_UNPAIRED = tuple(f"{rank}-high" for rank in "AKQJT98765")
#: Ace-to-five: paired hands, then unpaired hands by their top card (the ace counts 1).
ACE_FIVE_CATEGORIES = ("Four of a kind", "Full house", *_PAIRED, *_UNPAIRED[1:])
#: Deuce-to-seven: the high-hand order reversed; unpaired hands split by their top card.
DEUCE_SEVEN_CATEGORIES = (
    "Straight flush",
    "Four of a kind",
    "Full house",
    "Flush",
    "Straight",
    *_PAIRED,
    *_UNPAIRED[:-2],
)


#: Short-deck hold'em (36 cards, 6 to A): the high order with the flush above the full house; indexed by
#: ``value >> 12`` on the short-deck scale (docs/rules.md 15).
SHORT_DECK_CATEGORIES = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Full house",
    "Flush",
    "Four of a kind",
    "Straight flush",
    "Royal flush",
)
#: The lowest short-deck straight A-6-7-8-9 as a 13-bit rank mask: nine-high.
SHORT_DECK_WHEEL_MASK = 0b1_0000_1111_0000
#: The short deck's lowest rank (the six; ranks 0..3, the 2s to 5s, are not in it).
SHORT_DECK_LOW_RANK = 4


def short_deck_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """Comparable key of five short-deck cards (ranks 4..12 for 6..A): ``(category, tiebreak ranks...)``.

    The category indexes :data:`SHORT_DECK_CATEGORIES`: the high-hand order with the flush above the full
    house, and A-6-7-8-9 the lowest straight (nine-high); no other straight wraps (docs/rules.md 15).

    >>> short_deck_key((12, 7, 6, 5, 4), False), short_deck_key((8, 7, 6, 5, 4), False)
    ((4, 7), (4, 8))
    >>> short_deck_key((12, 10, 9, 7, 5), True) > short_deck_key((12, 12, 12, 11, 11), False)
    True
    """
    if len(set(ranks)) == 5 and sum(1 << r for r in ranks) == SHORT_DECK_WHEEL_MASK:
        return (8, 7) if flush else (4, 7)
    key = five_card_key(ranks, flush)
    swap = {FLUSH: 6, FULL_HOUSE: 5}  # the flush and the full house trade places; the rest keep theirs
    return (swap.get(key[0], key[0]), *key[1:])


#: Badugi: a hand is worth its best badugi (cards of distinct ranks and distinct suits), so the category is
#: the badugi's size, worst first (indexed by ``value >> 12``; docs/rules.md 16).
BADUGI_CATEGORIES = ("One-card hand", "Two-card hand", "Three-card hand", "Badugi")
#: The pad of the badugi class table's rows after a badugi of fewer than four cards.
BADUGI_NO_RANK = 255


def badugi_low_rank(rank: int) -> int:
    """A card rank (0..12 for 2..A) as badugi counts it, aces low: the ace 0, the deuce 1, ... the king 12.

    >>> badugi_low_rank(12), badugi_low_rank(0), badugi_low_rank(11)
    (0, 1, 12)
    """
    return (rank + 1) % 13


def ace_five_badness(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Comparable key of a five-card ace-to-five low: SMALLER is better (docs/rules.md section 3).

    Ranks are 0..12 for 2..A; the ace plays as the lowest card, straights and
    flushes do not count. The key is ``(pairing, grouped low ranks...)``.

    >>> ace_five_badness((3, 2, 1, 0, 12)) < ace_five_badness((4, 2, 1, 0, 12))
    True
    """
    low = [(r + 1) % 13 for r in ranks]  # A=0, 2=1, ..., K=12
    counts: dict[int, int] = {}
    for r in low:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    pairing = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[shape]
    return (pairing, *(r for _, r in groups))


def ace_five_category(badness: tuple[int, ...]) -> int:
    """Index into :data:`ACE_FIVE_CATEGORIES` of an ace-five badness key."""
    pairing, top = badness[0], badness[1]
    return 5 - pairing if pairing else 17 - top


def deuce_seven_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """High-hand key with A-2-3-4-5 not a straight (deuce-to-seven); a LOWER key is a better low.

    >>> deuce_seven_key((3, 2, 1, 0, 12), False)
    (0, 12, 3, 2, 1, 0)
    """
    if sorted(ranks) == [0, 1, 2, 3, 12]:
        return (FLUSH if flush else HIGH_CARD, 12, 3, 2, 1, 0)
    return five_card_key(ranks, flush)


def deuce_seven_category(key: tuple[int, ...]) -> int:
    """Index into :data:`DEUCE_SEVEN_CATEGORIES` of a deuce-seven key."""
    cat = key[0]
    if cat == HIGH_CARD:
        return 8 + (12 - key[1])
    return {
        ROYAL_FLUSH: 0,
        STRAIGHT_FLUSH: 0,
        FOUR_OF_A_KIND: 1,
        FULL_HOUSE: 2,
        FLUSH: 3,
        STRAIGHT: 4,
        THREE_OF_A_KIND: 5,
        TWO_PAIR: 6,
        ONE_PAIR: 7,
    }[cat]
