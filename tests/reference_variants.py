"""Reference evaluator for the variant rankings: slow, independent and brute force.

Written from ``docs/rules.md`` sections 1-3 only, never
from the fast evaluator's code, and it imports nothing outside the standard
library (not even ``pokerlab.evaluator.cards``), so these reference tests run even
while the fast variant evaluator is missing or broken.

Card ids are ``4 * rank + suit`` with rank 0..12 for 2..A and suit 0..3 for
c, d, h, s; the jokers are ids 52 and 53 (the second only in ``two-jokers``).

``reference_key(cards, rules)`` returns a tuple: larger is better, equal
exactly when the best hands tie. Keys of different rulesets are not meant to
be compared with each other. The rulesets:

``high``
    5-7 cards, the best five-card high hand (RULES.md section 1).
``ace-five``
    5-7 cards, ace-to-five low: aces low, straights and flushes ignored, the
    best five-card low out of the cards. Less pairing is better (no pair, one
    pair, two pair, trips, full house, quads: best first); inside a class the
    ranks are compared as in a high hand (the pair, then kickers highest first
    and so on) with the ace lowest, and the LOWER hand wins.
``deuce-seven``
    5-7 cards, deuce-to-seven low: exactly the reverse of the high order, the
    ace always high, A-2-3-4-5 not a straight (an ace-high hand, or an
    ace-high flush if suited). The best five-card low out of the cards.
``ace-five-joker``
    exactly 5 cards from 53; the joker is the lowest rank (ace low) the hand
    does not already hold, then ace-five.
``deuce-seven-joker``
    exactly 5 cards from 53; the joker is the best card the hand lacks: every
    one of the 52 natural cards not in the hand is tried in its place and the
    best deuce-to-seven low is kept.
``joker`` / ``two-jokers`` / ``deuces-wild``
    exactly 5 cards from 53 / 54 / 52 cards; the joker(s) / the four 2s are
    fully wild: each may stand for any rank and suit. Five of a kind ranks
    above a royal flush; a flush or straight flush never uses a rank twice.
``bug``
    exactly 5 cards from 53; the joker counts as an ace, or as any card that
    completes a straight, a flush or a straight flush (no rank twice in a
    flush). Four aces and the bug are five aces.

The wild cards are brute force: every wild card tries every rank 0..12 and
every suit, and the best resulting five-card hand is kept (the wild cards are
interchangeable, so ``combinations_with_replacement`` of the substitutes is
enough). The five-card rules look at a suit only through "do all five cards
share one suit", so :func:`reference_key` tries, per rank choice, the two
suit outcomes that can happen (the wild cards take the naturals' common suit,
or a suit that breaks the flush); :func:`literal_wild_key` tries all 52
substitutes per wild card instead and is used by the tests to confirm that
the two agree.

>>> reference_key(parse("AsKsQsJsTs"), "high") == reference_key(parse("AhKhQhJhTh"), "high")
True
>>> reference_category(parse("AsAhAdAcJk"), "joker")
'Five of a kind'
>>> reference_key(parse("8s7h6d5c3s"), "ace-five") > reference_key(parse("9s5h4d3c2s"), "ace-five")
True
>>> reference_category(parse("7s5h4d3c2s"), "deuce-seven")
'7-high'
>>> reference_category(parse("2s3h4d5cJk"), "bug")
'Straight'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from math import comb

__all__ = [
    "RULESETS",
    "HAND_SIZES",
    "DECK_SIZES",
    "JOKER",
    "SECOND_JOKER",
    "HIGH_CATEGORIES",
    "ACE_FIVE_CATEGORIES",
    "DEUCE_SEVEN_CATEGORIES",
    "parse",
    "wild_ids",
    "deck",
    "high_five_key",
    "reference_key",
    "reference_category",
    "literal_wild_key",
    "category_counts",
    "VARIANT_EXAMPLES",
    "VARIANT_TIES",
    "VARIANT_CATEGORIES",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
JOKER = 52
SECOND_JOKER = 53
ACE = 12

#: Every ruleset this module knows.
RULESETS: tuple[str, ...] = (
    "high",
    "ace-five",
    "deuce-seven",
    "ace-five-joker",
    "deuce-seven-joker",
    "joker",
    "two-jokers",
    "deuces-wild",
    "bug",
)
#: Allowed hand sizes per ruleset.
HAND_SIZES: dict[str, tuple[int, ...]] = {
    "high": (5, 6, 7),
    "ace-five": (5, 6, 7),
    "deuce-seven": (5, 6, 7),
    "ace-five-joker": (5,),
    "deuce-seven-joker": (5,),
    "joker": (5,),
    "two-jokers": (5,),
    "deuces-wild": (5,),
    "bug": (5,),
}
#: Deck size per ruleset (ids 0 .. size-1).
DECK_SIZES: dict[str, int] = {
    "high": 52,
    "ace-five": 52,
    "deuce-seven": 52,
    "ace-five-joker": 53,
    "deuce-seven-joker": 53,
    "joker": 53,
    "two-jokers": 54,
    "deuces-wild": 52,
    "bug": 53,
}

# written out again on purpose: the category names of the independent reference, apart from evaluator/hand_values.py
# High-hand categories, worst to best; FIVE_KIND exists only with wild cards.
(HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH) = range(6)
(FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_KIND) = range(6, 11)
#: Category names of the high-hand key's first element (``high`` and the wild rulesets).
HIGH_CATEGORIES: tuple[str, ...] = (
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
#: Ace-to-five category names, best first: unpaired hands by their top card (five-high the best), then pairing.
ACE_FIVE_CATEGORIES: tuple[str, ...] = (
    *(f"{top}-high" for top in "56789TJQK"),
    "One pair",
    "Two pair",
    "Three of a kind",
    "Full house",
    "Four of a kind",
)
#: Deuce-to-seven category names, best first: unpaired hands by their top card (seven-high the best), then the
#: high order from one pair up (a royal flush is a straight flush here).
DEUCE_SEVEN_CATEGORIES: tuple[str, ...] = (
    *(f"{top}-high" for top in "789TJQKA"),
    *HIGH_CATEGORIES[ONE_PAIR:ROYAL_FLUSH],
)


# --------------------------------------------------------------------------- cards


def parse(text: str) -> list[int]:
    """Card ids from text such as ``"As Kd 2c"``; ``Jk`` is a joker (first 52, a second one 53).

    >>> parse("2c As Jk Jk")
    [0, 51, 52, 53]
    """
    text = text.replace(",", " ").replace(" ", "")
    if len(text) % 2:
        raise ValueError(f"odd-length card text: {text!r}")
    ids: list[int] = []
    jokers = 0
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        if token.lower() == "jk":
            ids.append(JOKER + jokers)
            jokers += 1
            continue
        rank = RANK_CHARS.find(token[0].upper())
        suit = SUIT_CHARS.find(token[1].lower())
        if rank < 0 or suit < 0:
            raise ValueError(f"bad card {token!r}")
        ids.append(4 * rank + suit)
    return ids


def wild_ids(rules: str) -> frozenset[int]:
    """The ids that are wild (or the bug) under ``rules``."""
    if rules in ("joker", "two-jokers", "bug", "ace-five-joker", "deuce-seven-joker"):
        return frozenset({JOKER, SECOND_JOKER})
    if rules == "deuces-wild":
        return frozenset({0, 1, 2, 3})
    return frozenset()


def deck(rules: str) -> list[int]:
    """Every card id of the ruleset's deck."""
    return list(range(DECK_SIZES[rules]))


def _check(cards: Sequence[int], rules: str) -> list[int]:
    if rules not in RULESETS:
        raise ValueError(f"unknown rules {rules!r}")
    ids = [int(c) for c in cards]
    if len(ids) not in HAND_SIZES[rules]:
        raise ValueError(f"{rules}: {len(ids)} cards, expected one of {HAND_SIZES[rules]}")
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate cards in {ids}")
    if any(not 0 <= c < DECK_SIZES[rules] for c in ids):
        raise ValueError(f"{rules}: card id out of range 0..{DECK_SIZES[rules] - 1} in {ids}")
    return ids


# --------------------------------------------------------------------------- five-card rules


def _straight_top(ranks: tuple[int, ...], wheel: bool) -> int | None:
    """Top rank of a straight made by five distinct ``ranks``, else None (``wheel``: A-2-3-4-5 counts, 5-high)."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if wheel and distinct == [0, 1, 2, 3, ACE]:
        return 3  # the five
    return None


def _grouped(ranks: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """(counts, ranks) of the rank groups, largest group first, then highest rank first."""
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    return [n for _, n in groups], [r for r, _ in groups]


@cache
def high_five_key(ranks: tuple[int, ...], suited: bool, wheel: bool = True) -> tuple[int, ...]:
    """High-hand key of five cards given their sorted ranks and whether all five share one suit.

    ``suited`` with a repeated rank (only possible with wild cards) is not a
    flush: a flush never uses a rank twice. ``wheel=False`` is deuce-to-seven,
    where A-2-3-4-5 is not a straight. Five equal ranks are five of a kind.

    >>> high_five_key((8, 9, 10, 11, 12), True)
    (9,)
    >>> high_five_key((0, 1, 2, 3, 12), True)
    (8, 3)
    >>> high_five_key((0, 1, 2, 3, 12), True, wheel=False)
    (5, 12, 3, 2, 1, 0)
    """
    assert len(ranks) == 5
    counts, order = _grouped(ranks)
    flush = suited and len(set(ranks)) == 5
    top = _straight_top(ranks, wheel)
    if counts == [5]:
        return (FIVE_KIND, order[0])
    if flush and top is not None:
        return (ROYAL_FLUSH,) if top == ACE else (STRAIGHT_FLUSH, top)
    if counts == [4, 1]:
        return (QUADS, *order)
    if counts == [3, 2]:
        return (FULL_HOUSE, *order)
    if flush:
        return (FLUSH, *order)
    if top is not None:
        return (STRAIGHT, top)
    if counts == [3, 1, 1]:
        return (TRIPS, *order)
    if counts == [2, 2, 1]:
        return (TWO_PAIR, *order)
    if counts == [2, 1, 1, 1]:
        return (ONE_PAIR, *order)
    return (HIGH_CARD, *order)


@cache
def _ace_five_key(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Ace-to-five key of five ranks (larger is better; suits never matter)."""
    low = tuple(sorted((r + 1) % 13 for r in ranks))  # ace 0, deuce 1, ..., king 12
    counts, order = _grouped(low)
    pairing = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }[tuple(counts)]
    return (-pairing, *(-r for r in order))


def _deuce_seven_key(ranks: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """Deuce-to-seven key: the high key (no wheel, royal kept as the top straight flush) negated."""
    key = high_five_key(ranks, suited, wheel=False)
    if key == (ROYAL_FLUSH,):
        key = (STRAIGHT_FLUSH, ACE)
    return tuple(-x for x in key)


def _five(cards: Sequence[int]) -> tuple[tuple[int, ...], bool]:
    """Sorted ranks and "all one suit" of five natural cards."""
    return tuple(sorted(c // 4 for c in cards)), len({c % 4 for c in cards}) == 1


def _best_of(cards: Sequence[int], key_of) -> tuple[int, ...]:
    """Largest five-card key over every five-card subset of ``cards``."""
    return max(key_of(*_five(sub)) for sub in combinations(cards, 5))


# --------------------------------------------------------------------------- wild cards


def _substitutions(naturals: Sequence[int], n_wild: int) -> Iterator[tuple[tuple[int, ...], bool]]:
    """Every (sorted ranks, all one suit) the five cards can become when ``n_wild`` wilds take any card.

    Each wild takes a rank 0..12 (interchangeable, so a multiset of ranks)
    and a suit. The suit only matters through "all five share a suit": that
    is possible exactly when the naturals share one suit (or there are none),
    and a wild can always take a different suit instead.
    """
    natural_ranks = [c // 4 for c in naturals]
    can_suit = len({c % 4 for c in naturals}) <= 1
    for extra in combinations_with_replacement(range(13), n_wild):
        ranks = tuple(sorted(natural_ranks + list(extra)))
        yield ranks, False
        if can_suit:
            yield ranks, True


def _wild_key(cards: Sequence[int], rules: str) -> tuple[int, ...]:
    wilds = wild_ids(rules)
    naturals = [c for c in cards if c not in wilds]
    n_wild = len(cards) - len(naturals)
    if n_wild == 0:
        return high_five_key(*_five(naturals))
    if rules == "bug":
        best: tuple[int, ...] | None = None
        for ranks, suited in _substitutions(naturals, n_wild):
            key = high_five_key(ranks, suited)
            bug_rank = _bug_rank(ranks, naturals)
            if bug_rank == ACE or key[0] in (STRAIGHT, FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH):
                best = key if best is None or key > best else best
        assert best is not None  # the bug as an ace is always allowed
        return best
    return max(high_five_key(ranks, suited) for ranks, suited in _substitutions(naturals, n_wild))


def _bug_rank(ranks: tuple[int, ...], naturals: Sequence[int]) -> int:
    """The rank the (single) bug took: ``ranks`` minus the naturals' ranks."""
    rest = Counter(ranks) - Counter(c // 4 for c in naturals)
    (rank,) = rest.elements()
    return rank


def literal_wild_key(cards: Sequence[int], rules: str) -> tuple[int, ...]:
    """:func:`reference_key` for a wild ruleset, trying all 52 cards for every wild card (slow).

    Used by the tests to confirm the two-outcome suit shortcut of
    :func:`reference_key`. Exponential in the number of wild cards: keep it
    to hands with one or two.
    """
    ids = _check(cards, rules)
    if rules not in ("joker", "two-jokers", "deuces-wild", "bug"):
        raise ValueError(f"{rules} has no wild cards")
    wilds = wild_ids(rules)
    naturals = [c for c in ids if c not in wilds]
    best: tuple[int, ...] | None = None
    for subs in product(range(52), repeat=len(ids) - len(naturals)):
        hand = naturals + list(subs)
        key = high_five_key(*_five(hand))
        if rules == "bug":
            (sub,) = subs
            if sub // 4 != ACE and key[0] not in (STRAIGHT, FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH):
                continue
        best = key if best is None or key > best else best
    assert best is not None
    return best


# --------------------------------------------------------------------------- public API


def reference_key(cards: Sequence[int], rules: str = "high") -> tuple[int, ...]:
    """Comparable key of the best hand in ``cards`` under ``rules``: larger is better, equal on a tie.

    >>> reference_key(parse("5h4d3c2sAh"), "ace-five") > reference_key(parse("6h4d3c2sAh"), "ace-five")
    True
    >>> reference_key(parse("AsAhAdAcJk"), "bug") > reference_key(parse("AsKsQsJsTs"), "bug")
    True
    """
    ids = _check(cards, rules)
    if rules == "high":
        return _best_of(ids, high_five_key)
    if rules == "ace-five":
        return _best_of(ids, lambda ranks, _suited: _ace_five_key(ranks))
    if rules == "deuce-seven":
        return _best_of(ids, _deuce_seven_key)
    if rules == "ace-five-joker":
        naturals = [c for c in ids if c != JOKER]
        ranks = [c // 4 for c in naturals]
        if len(naturals) < 5:
            held = {(r + 1) % 13 for r in ranks}  # ace-low ranks held
            lowest_missing = min(r for r in range(13) if r not in held)
            ranks.append((lowest_missing - 1) % 13)  # back to rank 0..12 (ace 12)
        return _ace_five_key(tuple(sorted(ranks)))
    if rules == "deuce-seven-joker":
        naturals = [c for c in ids if c != JOKER]
        if len(naturals) == 5:
            return _deuce_seven_key(*_five(naturals))
        # Brute force: the joker becomes each natural card the hand lacks, the best low is kept.
        return max(_deuce_seven_key(*_five([*naturals, c])) for c in range(52) if c not in naturals)
    return _wild_key(ids, rules)


def reference_category(cards: Sequence[int], rules: str = "high") -> str:
    """Category name of the best hand in ``cards`` under ``rules``.

    >>> reference_category(parse("AsKsQsJsTs"), "high")
    'Royal flush'
    >>> reference_category(parse("AsKsQsJsTs"), "deuce-seven")
    'Straight flush'
    >>> reference_category(parse("Kc8d6h4sAc"), "ace-five")
    'K-high'
    """
    key = reference_key(cards, rules)
    if rules in ("ace-five", "ace-five-joker"):
        pairing = -key[0]
        if pairing == 0:
            top = -key[1]  # ace-low rank of the top card: 4 is the five, 12 the king
            return ACE_FIVE_CATEGORIES[top - 4]
        return ACE_FIVE_CATEGORIES[8 + pairing]
    if rules in ("deuce-seven", "deuce-seven-joker"):
        high = tuple(-x for x in key)
        if high[0] == HIGH_CARD:
            return DEUCE_SEVEN_CATEGORIES[high[1] - 5]  # rank 5 is the seven
        return {
            ONE_PAIR: "One pair",
            TWO_PAIR: "Two pair",
            TRIPS: "Three of a kind",
            STRAIGHT: "Straight",
            FLUSH: "Flush",
            FULL_HOUSE: "Full house",
            QUADS: "Four of a kind",
            STRAIGHT_FLUSH: "Straight flush",
        }[high[0]]
    return HIGH_CATEGORIES[key[0]]


def category_counts(rules: str, size: int = 5) -> Counter[str]:
    """Exact number of ``size``-card hands per category over the whole deck of ``rules``.

    Not by dealing every hand (millions, too slow here) but by every multiset
    of natural ranks, weighted by the number of hands that have it: under
    every ruleset a hand's value depends only on its natural ranks, its number
    of wild cards and whether its natural cards share one suit (for 5 cards;
    for 6-7 cards only ``ace-five`` is supported, which ignores suits).
    """
    if size not in HAND_SIZES[rules]:
        raise ValueError(f"{rules}: size {size}")
    if size != 5 and rules != "ace-five":
        raise ValueError("category_counts supports 6-7 cards only for ace-five")
    wilds = sorted(wild_ids(rules) & set(deck(rules)))
    natural_ranks = sorted({c // 4 for c in deck(rules) if c not in wild_ids(rules)})
    counts: Counter[str] = Counter()
    for n_wild in range(min(len(wilds), size) + 1):
        ways_wild = comb(len(wilds), n_wild)
        for ranks in combinations_with_replacement(natural_ranks, size - n_wild):
            mult = Counter(ranks)
            if max(mult.values(), default=0) > 4:
                continue
            total = ways_wild
            for m in mult.values():
                total *= comb(4, m)
            distinct = len(mult) == len(ranks)
            suited = ways_wild * 4 if distinct and ranks else (ways_wild if not ranks else 0)
            if not ranks:  # only wild cards: one "hand shape", counted as suited
                counts[reference_category(wilds[:n_wild], rules)] += total
                continue
            if suited:
                hand = [4 * r for r in ranks] + wilds[:n_wild]
                counts[reference_category(hand, rules)] += suited
            if total - suited:
                suit_of: Counter[int] = Counter()
                hand = []
                for i, r in enumerate(ranks):
                    s = (1 if i == 0 else 0) if distinct else suit_of[r]
                    suit_of[r] += 1
                    hand.append(4 * r + s)
                counts[reference_category(hand + wilds[:n_wild], rules)] += total - suited
    return counts


# --------------------------------------------------------------------------- examples

#: (rules, first, relation, second, why): ">", the first hand must beat the second; "=", the two must tie.
VARIANT_ORDERS: list[tuple[str, str, str, str, str]] = [
    ("ace-five", "8s7h6d5c3s", ">", "9s5h4d3c2s", "ace-five: 8-7-6-5-3 beats 9-5-4-3-2"),
    ("deuce-seven", "8s7h6d5c3s", ">", "9s5h4d3c2s", "deuce-seven: 8-7-6-5-3 beats 9-5-4-3-2"),
    ("ace-five", "5s4h3d2cAs", ">", "6s4h3d2cAs", "ace-five: the wheel is the best low"),
    ("ace-five", "5s4s3s2sAs", ">", "6s4h3d2cAs", "ace-five: a suited wheel is still the best"),
    ("ace-five", "KsQhJdTc8s", ">", "AsAh2d3c4s", "ace-five: any no-pair hand beats a pair"),
    ("ace-five", "AsAh2d3c4s", ">", "2s2h3dAc4s", "ace-five: pair of aces beats pair of deuces"),
    ("ace-five", "3s3h2dAc4s", ">", "3s3h2dAc5s", "ace-five: same pair, lower kicker wins"),
    ("ace-five", "KsKhQdQcJs", ">", "2s2h2dAc3s", "ace-five: two pair beats trips"),
    ("ace-five", "6s6h6d5c5s", ">", "2s2h2d2cAs", "ace-five: a full house beats quads"),
    ("ace-five", "5h4d3c2sAhKs6c", ">", "6h4d3c2sAhKs7c", "ace-five 7 cards: best five-card low"),
    ("ace-five", "AsAh2s2h3s3h4c", ">", "AsAh2s2h3s3h3c", "ace-five 7 cards: A-A-4-3-2 (one pair) beats two pair"),
    ("deuce-seven", "7s5h4d3c2s", ">", "7s6h4d3c2s", "deuce-seven: 7-5-4-3-2 is the best"),
    ("deuce-seven", "7s5h4d3c2s", ">", "8s5h4d3c2s", "deuce-seven: a seven beats an eight"),
    ("deuce-seven", "AsKhQdJc9s", ">", "2s2h3d4c5s", "deuce-seven: ace-high beats a pair"),
    ("deuce-seven", "As5h4d3c2s", ">", "6s5h4d3c2h", "deuce-seven: A-5-4-3-2 is ace-high, beats a 6-high straight"),
    ("deuce-seven", "6s5h4d3c2h", ">", "As5s4s3s2s", "deuce-seven: a straight beats a flush (A-5-4-3-2 suited)"),
    ("deuce-seven", "7s5s4s3s2sKh", ">", "7s5s4s3s2s", "deuce-seven 6 cards: K avoids the flush"),
    ("deuce-seven", "8s6h5d4c3s7h", ">", "9s6h5d4c3s", "deuce-seven 6 cards: 8-6-5-4-3 by dropping the 7"),
    ("high", "JsTs8s6s2s", ">", "AhKdQcJsTh", "a jack-high flush beats an ace-high straight"),
    ("joker", "AsAhAdAcJk", ">", "AsKsQsJsTs", "joker: five aces beat a royal flush"),
    ("joker", "KsKhKdKcJk", ">", "AsKsQsJsTs", "joker: five kings beat a royal flush"),
    ("joker", "AsAhAdAcJk", ">", "KsKhKdKcJk", "joker: five aces are the best"),
    ("joker", "AsKsQsJsJk", ">", "KsQsJsTs9s", "joker: a wild royal beats a king-high straight flush"),
    ("joker", "AsKs8s4sJk", ">", "AhKhQh4h3h", "joker: no double-ace flush, the joker is a queen"),
    ("joker", "2s2h3d4cJk", ">", "AsAhKdKc2c", "joker: pair plus joker is trips, beats two pair"),
    ("joker", "4s5h6d7cJk", ">", "8s8h8dKcQc", "joker: the joker completes a straight"),
    ("two-jokers", "AsAhAdJkJk", ">", "AsKsQsJsTs", "two jokers: five aces beat a royal"),
    ("two-jokers", "AsKsQsJkJk", ">", "KsQsJsTs9s", "two jokers: wild royal beats a straight flush"),
    ("two-jokers", "AsKs9s4sJk", ">", "QsJs9s4s3s", "two jokers (one held): ace-king flush beats queen-high flush"),
    ("deuces-wild", "2s2h2d2cAs", ">", "AsKsQsJsTs", "deuces wild: four deuces and an ace are five aces"),
    ("deuces-wild", "AsAhAd2c2s", ">", "AhKhQhJhTh", "deuces wild: five aces beat a natural royal"),
    ("deuces-wild", "3s3h3d3c2s", ">", "AhKhQhJhTh", "deuces wild: five threes beat a royal"),
    ("deuces-wild", "AhKhQhJh2s", ">", "KsQsJsTs9s", "deuces wild: wild royal beats a straight flush"),
    ("deuces-wild", "9s8h7d6c2s", ">", "KsKhKdQcJc", "deuces wild: the deuce fills a straight"),
    ("bug", "AsAhAdAcJk", ">", "AsKsQsJsTs", "bug: four aces and the bug are five aces"),
    ("bug", "KsQhJdTcJk", ">", "QsJhTd9c8s", "bug: K-Q-J-T and the bug are an ace-high straight"),
    ("bug", "2s3h4d5cJk", ">", "As2h3d4c5s", "bug: 2-3-4-5 and the bug are a six-high straight, not the wheel"),
    ("bug", "KsKhKdKcJk", ">", "QsQhQdQcAs", "bug: four kings and the bug are four kings with an ace"),
    ("bug", "QsQhQdKcKs", ">", "KsKhQdQcJk", "bug: K-K-Q-Q and the bug are only two pair, below a full house"),
    ("bug", "KsKhQdQcJk", ">", "KsKhQdQc9s", "bug: K-K-Q-Q and the bug are two pair with an ace kicker"),
    ("bug", "KsKh2d3cJk", ">", "KsKhQd5c4s", "bug: K-K with the bug as an ace kicker"),
    ("bug", "AsKs8s4sJk", ">", "AhKhJh4h3h", "bug: ace-king flush with the bug as the queen"),
    ("bug", "2s3s4s5sJk", ">", "AhAdAcAsKs", "bug: 2-3-4-5 suited and the bug are a six-high straight flush"),
    ("ace-five-joker", "5s4h3d2cJk", ">", "6s4h3d2cAs", "ace-five joker: the joker is the missing ace"),
    ("ace-five-joker", "As2h3d4cJk", ">", "As2h3d6cJk", "ace-five joker: the joker makes 5-4-3-2-A"),
    ("ace-five-joker", "KsQhJdTcJk", ">", "AsAh2d3c4s", "ace-five joker: the joker is an ace, K-high beats a pair"),
    ("deuce-seven-joker", "7s5h4d3cJk", ">", "8s5h4d3c2s", "deuce-seven joker: the joker is the missing deuce"),
    (
        "deuce-seven-joker",
        "6s5h4d3cJk",
        ">",
        "9s6h5d4c3s",
        "deuce-seven joker: the joker avoids the straight (8-6-5-4-3)",
    ),
    ("deuce-seven-joker", "8s7h5d4cJk", ">", "7s6h5d4c3s", "deuce-seven joker: any low beats a straight"),
    ("ace-five", "5s4s3s2sAs", "=", "5h4d3c2sAh", "ace-five: suits never matter"),
    ("ace-five", "5h4d3c2sAhKsKc", "=", "5h4d3c2sAd", "ace-five: extra cards never break a tie"),
    ("deuce-seven", "7s5h4d3c2s", "=", "7h5d4c3s2h", "deuce-seven: two 7-5 lows tie"),
    ("deuce-seven", "7s5h4d3c2sKh", "=", "7d5h4d3c2sQh", "deuce-seven: extra cards never break a tie"),
    ("joker", "AsKsQsJsJk", "=", "AhKhQhJhTh", "joker: a wild royal ties a natural royal"),
    ("joker", "AsAhAdAcJk", "=", "AsAhAdJkAc", "joker: card order never matters"),
    ("two-jokers", "AsAhAdJkJk", "=", "AsAhAdAcJk", "two jokers: five aces tie five aces"),
    ("deuces-wild", "AhKhQhJh2s", "=", "AsKsQsJsTs", "deuces wild: wild royal ties natural royal"),
    ("deuces-wild", "2s2h2d2cAs", "=", "AsAhAd2c2h", "deuces wild: five aces tie five aces"),
    ("deuces-wild", "2s2h2d2c5h", "=", "5s5h5d2c2h", "deuces wild: five fives tie"),
    ("bug", "KsQhJdTcJk", "=", "AsKhQdJcTs", "bug: a bug straight ties a natural ace-high straight"),
    ("bug", "2s3h4d5cJk", "=", "2h3d4c5s6h", "bug: six-high straights tie"),
    ("ace-five-joker", "5s4h3d2cJk", "=", "5h4d3c2sAh", "ace-five joker: joker wheel ties a natural wheel"),
    ("deuce-seven-joker", "7s5h4d3cJk", "=", "7h5d4c3s2h", "deuce-seven joker: a joker 7-5 ties a natural 7-5"),
    ("deuce-seven-joker", "8s7s5s4sJk", "=", "8h7d5c4sJk", "deuce-seven joker: the joker never makes a flush"),
]
#: (rules, better, worse, why) and (rules, first, second, why): the two relations apart.
VARIANT_EXAMPLES = [(rules, a, b, why) for rules, a, relation, b, why in VARIANT_ORDERS if relation == ">"]
VARIANT_TIES = [(rules, a, b, why) for rules, a, relation, b, why in VARIANT_ORDERS if relation == "="]

#: (rules, hand, category name).
VARIANT_CATEGORIES: list[tuple[str, str, str]] = [
    ("high", "AsKsQsJsTs", "Royal flush"),
    ("high", "5h4h3h2hAh9c", "Straight flush"),
    ("high", "AhKdQcJsTh2c3c", "Straight"),
    ("ace-five", "5s4h3d2cAs", "5-high"),
    ("ace-five", "5s4s3s2sAs", "5-high"),
    ("ace-five", "6s4h3d2cAs", "6-high"),
    ("ace-five", "KsQhJdTc9s", "K-high"),
    ("ace-five", "Ts9h8d7c6s", "T-high"),
    ("ace-five", "AsAh2d3c4s", "One pair"),
    ("ace-five", "KsKhQdQcJs", "Two pair"),
    ("ace-five", "KsKhKdQcJs", "Three of a kind"),
    ("ace-five", "KsKhKdQcQs", "Full house"),
    ("ace-five", "KsKhKdKcQs", "Four of a kind"),
    ("ace-five", "KsKhKdKcQsQhQd", "Full house"),
    ("ace-five", "AsAhAdAc2s3h4d", "One pair"),
    ("deuce-seven", "7s5h4d3c2s", "7-high"),
    ("deuce-seven", "As5h4d3c2s", "A-high"),
    ("deuce-seven", "As5s4s3s2s", "Flush"),
    ("deuce-seven", "6s5h4d3c2s", "Straight"),
    ("deuce-seven", "AsKsQsJsTs", "Straight flush"),
    ("deuce-seven", "7s6s5s4s3s8h", "8-high"),
    ("deuce-seven", "2s2h3d4c5s", "One pair"),
    ("deuce-seven", "8s7s6s5s4s3s2s", "Flush"),
    ("ace-five-joker", "5s4h3d2cJk", "5-high"),
    ("ace-five-joker", "AsAh2d3cJk", "One pair"),
    ("deuce-seven-joker", "KsKhKdKcJk", "Four of a kind"),
    ("deuce-seven-joker", "7s6s4s3s2s", "Flush"),
    ("joker", "AsAhAdAcJk", "Five of a kind"),
    ("joker", "AsKsQsJsJk", "Royal flush"),
    ("joker", "AsKs8s4sJk", "Flush"),
    ("joker", "AsAh8s4sJk", "Three of a kind"),
    ("joker", "As2h3s4sJk", "Straight"),
    ("joker", "AsKhQd9c7s", "High card"),
    ("two-jokers", "AsKhJkJk9c", "Three of a kind"),
    ("two-jokers", "AsKsJkJk9s", "Flush"),
    ("two-jokers", "AsKsJkJkTs", "Royal flush"),
    ("two-jokers", "9s9h9dJkJk", "Five of a kind"),
    ("deuces-wild", "2s2h2d2cAs", "Five of a kind"),
    ("deuces-wild", "2s2h2d2c5h", "Five of a kind"),
    ("deuces-wild", "2s2h2d5c7h", "Four of a kind"),
    ("deuces-wild", "2s2h2d5c7c", "Straight flush"),
    ("deuces-wild", "2s2h2d9c7c", "Straight flush"),
    ("deuces-wild", "2s2h2dAcKc", "Royal flush"),
    ("deuces-wild", "2s3h4d5c7c", "Straight"),
    ("deuces-wild", "2s3h3d5c5h", "Full house"),
    ("bug", "AsAhAdAcJk", "Five of a kind"),
    ("bug", "KsKhKdKcJk", "Four of a kind"),
    ("bug", "KsQhJdTcJk", "Straight"),
    ("bug", "2s3h4d5cJk", "Straight"),
    ("bug", "2s3s4s5sJk", "Straight flush"),
    ("bug", "AsKsQsJsJk", "Royal flush"),
    ("bug", "Ks8s4s3sJk", "Flush"),
    ("bug", "Ks8s4s3hJk", "High card"),
    ("bug", "KsKh4s3hJk", "One pair"),
    ("bug", "AsAh4s3hJk", "Three of a kind"),
    ("bug", "KsKhQsQhJk", "Two pair"),
    ("bug", "KsKhKdQhJk", "Three of a kind"),
]
