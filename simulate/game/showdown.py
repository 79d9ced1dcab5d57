"""Hand ranking for the engine: every ranking goes through :func:`hand_value`.

``hand_value`` calls the evaluator with the variant's ranking name
(``evaluate(cards, rules=...)``); "high" uses the plain high-hand evaluator.
All rankings are "higher is better".

>>> from pokerlab.evaluator.cards import parse_cards
>>> hand_value(parse_cards("AsKsQsJsTs"), "high") > hand_value(parse_cards("2c2d3h4s5c"), "high")
True
>>> has_jacks_or_better(parse_cards("JcJd2h5s9c"))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerlab.evaluator import describe, evaluate

JACK = 9  # rank index of the jack (2 = 0)


def hand_value(cards: Sequence[int], ranking: str) -> int:
    """Value of the best five of ``cards`` under ``ranking``: higher is better, equal on a tie.

    >>> from pokerlab.evaluator.cards import parse_cards
    >>> hand_value(parse_cards("Ah2c3d4s5h"), "high") > hand_value(parse_cards("AhAcKdQsJh"), "high")
    True
    """
    if ranking == "high":
        return evaluate(cards)  # the fast path: no rules argument to dispatch on
    return evaluate(cards, rules=ranking)


def describe_value(value: int, ranking: str) -> str:
    """A person's description of a hand value under ``ranking``.

    >>> from pokerlab.evaluator.cards import parse_cards
    >>> describe_value(hand_value(parse_cards("KhKdKc3s3h"), "high"), "high")
    'Full house, kings over threes'
    """
    return describe(value, rules=ranking)


def has_jacks_or_better(cards: Sequence[int]) -> bool:
    """Whether five cards (natural, no wild cards) hold openers: a pair of jacks or better, or any better hand.

    Two pair, trips, straights, flushes and above all qualify (they beat a pair of jacks).

    >>> from pokerlab.evaluator.cards import parse_cards
    >>> has_jacks_or_better(parse_cards("TcTd2h5s9c")), has_jacks_or_better(parse_cards("2c3d4h5s6c"))
    (False, True)
    """
    counts = [0] * 13
    for card in cards:
        if card < 52:
            counts[card >> 2] += 1
    if any(counts[r] >= 2 for r in range(JACK, 13)):
        return True
    value = evaluate([c for c in cards if c < 52]) if all(c < 52 for c in cards) and len(cards) >= 5 else 0
    return value >> 12 >= 2  # two pair or better
