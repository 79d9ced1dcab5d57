"""Reference high-hand evaluator: slow, independent and obviously correct.

Written from ``docs/rules.md`` section 1 only, never from the fast
evaluator's code, so the two can be checked against each other. It uses
nothing outside the standard library (not even ``pokerlab.evaluator.cards``), so the
reference tests run even while the fast evaluator is broken or missing.

Card ids are ``4 * rank + suit`` with rank 0..12 for 2..A and suit 0..3 for
c, d, h, s.

``reference_key(cards)`` takes 5, 6 or 7 card ids and returns a tuple
``(category, tiebreak ranks...)`` for the best five-card hand among them.
Tuples compare equal exactly when two hands tie and order like the hands
otherwise. Categories, worst to best:

    0 high card       (the five ranks, highest first)
    1 one pair        (the pair, then three kickers high to low)
    2 two pair        (high pair, low pair, kicker)
    3 three of a kind (the three, then two kickers high to low)
    4 straight        (top card; the wheel A-2-3-4-5 is five-high)
    5 flush           (the five ranks, highest first)
    6 full house      (the three, then the pair)
    7 four of a kind  (the four, then the kicker)
    8 straight flush  (top card; the wheel is five-high)
    9 royal flush     (no tiebreak: every royal flush is equal)

Suits never appear in a key, so they can never break a tie. The best of six
or seven cards is simply the maximum key over every five-card subset
(``itertools.combinations``), so a sixth or seventh card can never break a
tie either.

The only speed-up is memoising the five-card key on ``(sorted ranks, is it
suited)``: that is exactly the information the five-card rules look at.

>>> reference_key(parse("AsKsQsJsTs"))
(9,)
>>> reference_key(parse("5h4h3h2hAh"))
(8, 3)
>>> reference_key(parse("7c7d7h6s6c"))
(6, 5, 4)
>>> reference_key(parse("QcKdAh2s3c"))[0]  # no wrap-around straight
0
>>> reference_key(parse("AhAdKcKsQh2c3d")) == reference_key(parse("AhAdKcKsQhJc2d"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

__all__ = [
    "HIGH_CARD",
    "ONE_PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
    "ROYAL_FLUSH",
    "CATEGORY_NAMES",
    "parse",
    "five_card_key",
    "reference_key",
    "reference_category",
    "all_five_card_keys",
    "RULES_EXAMPLES",
    "RULES_TIES",
    "RULES_CATEGORIES",
    "FIVE_CARD_CATEGORY_COUNTS",
    "FIVE_CARD_DISTINCT_KEYS",
]

(
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    ROYAL_FLUSH,
) = range(10)

CATEGORY_NAMES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
FIVE = 3  # rank index of the five: top card of the wheel
ACE = 12  # rank index of the ace
WHEEL = frozenset({ACE, 0, 1, 2, 3})  # A 2 3 4 5


def parse(text: str) -> list[int]:
    """Card ids from text such as ``"AsKh"`` or ``"As Kh"`` (no ``10``).

    Deliberately tiny and independent of ``pokerlab.evaluator.cards``.

    >>> parse("2c As")
    [0, 51]
    """
    chars = text.replace(" ", "").replace(",", "")
    if len(chars) % 2:
        raise ValueError(f"odd number of characters in {text!r}")
    ids = []
    for i in range(0, len(chars), 2):
        rank = RANK_CHARS.index(chars[i].upper())
        suit = SUIT_CHARS.index(chars[i + 1].lower())
        ids.append(4 * rank + suit)
    return ids


def _straight_top(ranks: tuple[int, ...]) -> int | None:
    """Top rank of the straight made by five ranks, or None.

    Five different ranks in a row make a straight; so does A-2-3-4-5, whose
    top card is the five. Nothing wraps around the ace (Q-K-A-2-3 is not one).
    """
    distinct = set(ranks)
    if len(distinct) != 5:
        return None
    if max(distinct) - min(distinct) == 4:
        return max(distinct)
    if distinct == WHEEL:
        return FIVE
    return None


@cache
def five_card_key(ranks: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """Key of one five-card hand from its ranks (any order) and whether all
    five cards share a suit.

    >>> five_card_key((12, 12, 7, 7, 3), False)  # AA995: aces and nines, five
    (2, 12, 7, 3)
    """
    if len(ranks) != 5:
        raise ValueError(f"a hand has five cards, got {len(ranks)} ranks")
    counts = Counter(ranks)
    # Rank groups ordered by size, then rank, both descending: for 9 9 9 3 2
    # that is 9 (x3), 3, 2. This is exactly the comparison order of every
    # category in the rules' table (the three, then the kickers high to low;
    # the high pair, the low pair, the kicker; ...).
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    top = _straight_top(ranks)

    if suited and top is not None:
        return (ROYAL_FLUSH,) if top == ACE else (STRAIGHT_FLUSH, top)
    if shape == (4, 1):
        return (FOUR_OF_A_KIND, *order)
    if shape == (3, 2):
        return (FULL_HOUSE, *order)
    if suited:
        return (FLUSH, *order)  # five different ranks, highest first
    if top is not None:
        return (STRAIGHT, top)
    if shape == (3, 1, 1):
        return (THREE_OF_A_KIND, *order)
    if shape == (2, 2, 1):
        return (TWO_PAIR, *order)
    if shape == (2, 1, 1, 1):
        return (ONE_PAIR, *order)
    assert shape == (1, 1, 1, 1, 1), shape
    return (HIGH_CARD, *order)


def _check_cards(cards: Sequence[int]) -> list[int]:
    ids = [int(card) for card in cards]
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"expected 5, 6 or 7 cards, got {len(ids)}")
    if any(not 0 <= card < 52 for card in ids):
        raise ValueError(f"card id out of range 0..51 in {ids}")
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate card in {ids}")
    return ids


def reference_key(cards: Sequence[int]) -> tuple[int, ...]:
    """Key of the best five-card hand among 5, 6 or 7 distinct card ids.

    The maximum over all five-card subsets, each keyed by ``five_card_key``.
    Keys compare equal exactly when the hands tie.
    """
    ids = _check_cards(cards)
    return max(
        five_card_key(
            tuple(sorted(card >> 2 for card in five)),
            len({card & 3 for card in five}) == 1,
        )
        for five in combinations(ids, 5)
    )


def reference_category(cards: Sequence[int]) -> int:
    """Category (0 high card .. 9 royal flush) of the best five cards."""
    return reference_key(cards)[0]


def all_five_card_keys() -> list[tuple[int, ...]]:
    """Every distinct key, worst first (7462 of them).

    A five-card key depends only on the ranks and on whether the hand is
    suited, so it is enough to key every multiset of five ranks that a deck
    allows (no rank more than four times), unsuited, and every set of five
    different ranks, suited. The exhaustive test checks this list against
    all 2,598,960 hands.
    """
    keys = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            keys.add(five_card_key(ranks, False))
    for ranks in combinations(range(13), 5):
        keys.add(five_card_key(ranks, True))
    return sorted(keys)


# ---------------------------------------------------------------------------
# Examples from RULES.md section 1, as card strings, shared by the reference
# tests and the fast-evaluator tests. Each hand uses distinct cards; the two
# hands of a pair are compared on their own, so they may share cards.

#: (better, worse, what the rules say)
RULES_EXAMPLES: list[tuple[str, str, str]] = [
    # Worked example and category order.
    ("Jh9h7h4h2h", "AsKdQcJdTh", "jack-high flush beats ace-high straight"),
    ("AhKhQhJhTh", "KsQsJsTs9s", "royal flush beats king-high straight flush"),
    ("6s5s4s3s2s", "5h4h3h2hAh", "six-high straight flush beats the steel wheel"),
    ("5h4h3h2hAh", "AcAdAhAsKc", "steel wheel beats four aces"),
    ("2c2d2h2s3c", "AcAdAhKsKc", "four twos beat aces full"),
    ("2c2d2h3s3c", "AcKcQcJc9c", "any full house beats any flush"),
    ("7c5c4c3c2c", "AcKdQhJsTc", "any flush beats any straight"),
    ("5c4d3h2sAc", "AcAdAhKsQc", "the wheel beats three aces"),
    ("2c2d2h4s5c", "AcAdKhKsQc", "any trips beat any two pair"),
    ("2c2d3h3s4c", "AcAdKhQsJc", "any two pair beats any one pair"),
    ("2c2d3h4s5c", "AcKdQhJs9c", "any pair beats any high card"),
    # Four of a kind: the four, then the kicker.
    ("3c3d3h3s2c", "2c2d2h2sAc", "four threes beat four twos with an ace"),
    ("9c9d9h9sKc", "9c9d9h9sQc", "equal fours: the kicker decides"),
    # Full house: the three, then the pair.
    ("7c7d7h6s6c", "2c2d2hAsAc", "77766 beats 222AA"),
    ("7c7d7hKsKc", "7c7d7hQsQc", "equal threes: the pair decides"),
    # Flush: all five cards, highest first.
    ("Ad9d7d3d2d", "KcQcJc8c5c", "flush A9732 beats KQJ85"),
    ("QhJh9h8h7h", "QsJs9s8s3s", "flush QJ987 beats QJ983"),
    # Straight: top card.
    ("KcQdJhTs9c", "8c7d6h5s4c", "straight KQJT9 beats 87654"),
    ("6c5d4h3s2c", "5c4d3h2sAc", "the wheel is the lowest straight"),
    ("AcKdQhJsTc", "KcQdJhTs9c", "ace-high straight is the highest"),
    # Three of a kind: the three, then kickers high to low.
    ("9c9d9h3s2c", "6c6d6hAsKc", "99932 beats 666AK"),
    ("QcQdQh9s2c", "QcQdQs8h7c", "QQQ92 beats QQQ87"),
    ("QcQdQh9s3c", "QcQdQs9h2c", "QQQ93 beats QQQ92"),
    # Two pair: high pair, low pair, kicker.
    ("KcKd3h3s2c", "QcQdJhJs9c", "KK332 beats QQJJ9"),
    ("9c9d5h5s4c", "9c9d3h3sAc", "99554 beats 9933A"),
    ("7c7d6h6sAc", "7c7d6h6sQc", "7766A beats 7766Q"),
    # One pair: the pair, then three kickers high to low.
    ("QcQdAh6s3c", "QcQdKhJsTc", "QQA63 beats QQKJT"),
    ("9c9dQh3s2c", "9c9d7h6s5c", "99Q32 beats 99765"),
    ("9c9dQh4s2c", "9c9dQh3s2d", "99Q42 beats 99Q32"),
    # High card: all five, highest first.
    ("AcKdQh9s4c", "AcKdQh8s5c", "AKQ94 beats AKQ85"),
    ("AcKdQh9s3c", "AcKdQh9s2d", "AKQ93 beats AKQ92"),
    ("8c5d4h3s2c", "7c5d4h3s2d", "85432 beats 75432"),
    ("AcKdQh3s2c", "AcKdJh3s2d", "AKQ32 beats AKJ32"),
    # No wrap-around: Q-K-A-2-3 is not a straight (nor a straight flush).
    ("5c4d3h2sAc", "QcKdAh2s3c", "the wheel beats Q-K-A-2-3, which is no straight"),
    ("2c2d4h5s7c", "QcKdAh2s3c", "Q-K-A-2-3 is only ace-high"),
    ("AcKcQcJc9c", "QhKhAh2h3h", "Q-K-A-2-3 suited is only an ace-high flush"),
    ("5s4s3s2sAs", "QhKhAh2h3h", "the steel wheel beats suited Q-K-A-2-3"),
    # Best five of six or seven cards.
    ("AcAdKhKsQc2c3d", "AhAsKcKdJh9c8d", "AAKKQ beats AAKKJ from seven cards"),
    ("AsKsQsJsTs2c3d", "KhQhJhTh9h8h7h", "royal beats king-high straight flush from seven"),
    ("2c3d4h5s6c7d8h", "Ac2d3h4s5c9dTh", "eight-high straight beats the wheel from seven"),
    ("9c9d9h9s2c2d2h", "8c8d8h8sAcAdAh", "four nines beat four eights with aces over"),
    ("Ac9c7c3c2cKdKh", "KcQcJc8c5cAdAh", "A9732 flush beats KQJ85 flush from seven"),
    ("3c4c5c6c7c2cAd", "2c3c4c5c6cAdAh", "seven-high straight flush beats six-high from seven"),
    ("2c3c4c5c7c6dAh", "AcKdQhJsTc9d8h", "flush beats a straight in other suits from seven"),
]

#: (hand, hand, what the rules say): pairs of hands that tie.
RULES_TIES: list[tuple[str, str, str]] = [
    ("AhKhQhJhTh", "AsKsQsJsTs", "every royal flush is equal (no imperial hearts)"),
    ("9c8c7c6c5c", "9d8d7d6d5d", "suits never break a tie: straight flushes"),
    ("Ac9c7c3c2c", "As9s7s3s2s", "suits never break a tie: flushes"),
    ("AcKdQhJsTc", "AdKhQsJcTd", "suits never break a tie: straights"),
    ("5c4d3h2sAc", "5s4h3d2cAd", "suits never break a tie: wheels"),
    ("AcKd9h7s3c", "AdKh9s7c3d", "suits never break a tie: high card"),
    ("QcQdAh6s3c", "QhQsAc6d3d", "suits never break a tie: one pair"),
    ("7c7d7hKsKc", "7c7s7hKhKd", "suits never break a tie: full house"),
    # The board plays: A A K K Q on the board and no better hand, pot split.
    ("AhAdKcKsQh2c3d", "AhAdKcKsQh4h5s", "board AAKKQ plays: split"),
    ("AhAdKcKsQhJc2d", "AhAdKcKsQh7h5s", "board AAKKQ plays even against a jack: split"),
    # A sixth or seventh card never breaks a tie.
    ("AcAdKhQsJc9d2h", "AhAsKcQdJh8c2s", "AAKQJ: the 9 or 8 as sixth best card does not count"),
    ("AsKsQsJs9s2c", "AsKsQsJs9s8d", "sixth card does not break a tie"),
    ("AsKsQsJs9s8s", "AsKsQsJs9s7s", "sixth flush card does not count"),
    ("9c9d9h9sAcKdQh", "9c9d9h9sAhJd2c", "quads with an ace kicker: K or J does not count"),
    ("8c7d6h5s4c2d2h", "8c7d6h5s4h3c3d", "eight-high straight on board: pairs do not count"),
    ("KcKdKh2s2c2dAh", "KcKdKh2s2cQdJh", "kings full of twos: the spare cards do not count"),
    ("AcAdKhQsJc", "AhAsKcQdJh3c2c", "five cards tie the same five with two extra cards"),
]

#: (hand, category) from the rules' definitions.
RULES_CATEGORIES: list[tuple[str, int]] = [
    ("AhKhQhJhTh", ROYAL_FLUSH),
    ("KsQsJsTs9s", STRAIGHT_FLUSH),
    ("5h4h3h2hAh", STRAIGHT_FLUSH),
    ("AcAdAhAsKc", FOUR_OF_A_KIND),
    ("7c7d7h6s6c", FULL_HOUSE),
    ("Ad9d7d3d2d", FLUSH),
    ("QhKhAh2h3h", FLUSH),
    ("KcQdJhTs9c", STRAIGHT),
    ("5c4d3h2sAc", STRAIGHT),
    ("9c9d9h3s2c", THREE_OF_A_KIND),
    ("KcKd3h3s2c", TWO_PAIR),
    ("QcQdAh6s3c", ONE_PAIR),
    ("AcKdQh9s4c", HIGH_CARD),
    ("QcKdAh2s3c", HIGH_CARD),
    ("KcAdAh2s3c", ONE_PAIR),
    ("AhKhQhJhTh9h8h", ROYAL_FLUSH),
    ("AcAdKhKsQhQcJd", TWO_PAIR),
    ("AcAdAhKsKhKcJd", FULL_HOUSE),
    ("2c3d4h5s6c7d8h", STRAIGHT),
    ("2c3c4c5c6cAdAh", STRAIGHT_FLUSH),
    ("2c3c4c5c7cAdAh", FLUSH),
    ("2c3c4c5c7c6dAh", FLUSH),
    ("3c4c5c6c7c2cAd", STRAIGHT_FLUSH),
    ("9c9d9h9s2c2d2h", FOUR_OF_A_KIND),
]

#: Number of distinct five-card hands in each category, 0 high card .. 9 royal.
FIVE_CARD_CATEGORY_COUNTS = (
    1_302_540,
    1_098_240,
    123_552,
    54_912,
    10_200,
    5_108,
    3_744,
    624,
    36,
    4,
)

#: Number of distinct equivalence classes of five-card hands.
FIVE_CARD_DISTINCT_KEYS = 7462
