"""Reference evaluator for short-deck hold'em: slow, independent and brute force.

Written from ``docs/rules.md`` section 15 only, never from the fast evaluator's code, and it imports
nothing outside the standard library, so these reference tests run even while the fast evaluator is
missing or broken.

Card ids are ``4 * rank + suit`` with rank 0..12 for 2..A and suit 0..3 for c, d, h, s; the short deck
holds the 36 cards of ranks 4..12 (6 to A), ids 16..51. A hand is the best five of 5 to 7 cards. The
order, best first: straight flush (the royal flush is the best of them), four of a kind, flush, full
house, straight, three of a kind, two pair, one pair, high card. A-6-7-8-9 is a straight, the lowest
(nine-high); no other straight wraps round the ace.

``reference_key(cards)`` returns a tuple: larger is better, equal exactly when the best hands tie.

>>> reference_key(parse("As 6d 7c 8h 9s")) < reference_key(parse("6s 7d 8c 9h Ts"))
True
>>> reference_category(parse("Ah Kh 9h 8h 6h Kc Kd"))
'Flush'
>>> reference_category(parse("Ah Kh Ad 8h 7c Kc Kd"))
'Full house'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

# written out again on purpose: the independent reference's names, apart from evaluator/hand_values.py
#: The categories, worst first (the index is the first item of a key).
CATEGORIES = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Full house",
    "Flush",
    "Four of a kind",
    "Straight flush",
)
DECK = tuple(range(16, 52))
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
# The six straights of the short deck by their top rank; the lowest, A-6-7-8-9, tops at the nine.
_STRAIGHTS = {frozenset({12, 4, 5, 6, 7}): 7, **{frozenset(range(top - 4, top + 1)): top for top in range(8, 13)}}


def parse(text: str) -> list[int]:
    """Card ids of text such as ``"As 6d"`` or ``"As6d"`` (short-deck cards only)."""
    chars = "".join(text.split())
    cards = [4 * _RANKS.index(chars[i].upper()) + _SUITS.index(chars[i + 1].lower()) for i in range(0, len(chars), 2)]
    if any(c not in DECK for c in cards) or len(set(cards)) != len(cards):
        raise ValueError(f"not distinct short-deck cards: {text!r}")
    return cards


def five_card_key(five: Sequence[int]) -> tuple[int, ...]:
    """The key of exactly five cards: (category, the ranks that break ties, most important first)."""
    ranks = [c >> 2 for c in five]
    suited = len({c & 3 for c in five}) == 1
    counts = Counter(ranks)
    by_group = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = _STRAIGHTS.get(frozenset(ranks)) if len(counts) == 5 else None
    if top is not None:
        return (CATEGORIES.index("Straight flush" if suited else "Straight"), top)
    if shape == [4, 1]:
        return (CATEGORIES.index("Four of a kind"), *by_group)
    if suited:
        return (CATEGORIES.index("Flush"), *sorted(ranks, reverse=True))
    if shape == [3, 2]:
        return (CATEGORIES.index("Full house"), *by_group)
    names = {
        (3, 1, 1): "Three of a kind",
        (2, 2, 1): "Two pair",
        (2, 1, 1, 1): "One pair",
        (1, 1, 1, 1, 1): "High card",
    }
    return (CATEGORIES.index(names[tuple(shape)]), *by_group)


def reference_key(cards: Sequence[int]) -> tuple[int, ...]:
    """The best five-card key of 5 to 7 short-deck cards."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a short-deck hand is 5 to 7 cards, got {len(cards)}")
    return max(five_card_key(five) for five in combinations(cards, 5))


def reference_category(cards: Sequence[int]) -> str:
    """The category name of the best hand of the cards (a royal flush is a straight flush here)."""
    return CATEGORIES[reference_key(cards)[0]]
