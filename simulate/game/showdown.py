"""Hand ranking for the engine: every ranking goes through :func:`hand_value`.

``hand_value`` calls the evaluator with the variant's ranking name
(``evaluate(cards, rules=...)``); "high" uses the plain high-hand evaluator.
All rankings are "higher is better".

>>> from pokerlab.evaluator.cards import parse_cards
>>> hand_value(parse_cards("AsKsQsJsTs"), "high") > hand_value(parse_cards("2c2d3h4s5c"), "high")
True
>>> has_jacks_or_better(parse_cards("JcJd2h5s9c"))
True
>>> has_jacks_or_better(parse_cards("Jc2d8h6s4c"), "deuces-wild")   # the deuce pairs the jack
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pokerlab.errors import InputError
from pokerlab.evaluator import describe, evaluate
from pokerlab.evaluator.omaha import evaluate_omaha

from .declarations import HIGH_RANKINGS, Variant

WEAKEST_JACKS = (36, 37, 8, 4, 0)  # Jc Jd 4c 3c 2c


def hand_value(cards: Sequence[int], ranking: str) -> int:
    """Value of the best five of ``cards`` under ``ranking``: higher is better, equal on a tie.

    >>> from pokerlab.evaluator.cards import parse_cards
    >>> hand_value(parse_cards("Ah2c3d4s5h"), "high") > hand_value(parse_cards("AhAcKdQsJh"), "high")
    True
    """
    if ranking == "high":
        return evaluate(cards)  # the fast path: no rules argument to dispatch on
    return evaluate(cards, rules=ranking)


def showdown_value(variant: Variant, hole: Sequence[int], board: Sequence[int]) -> int:
    """The (high) value of a player's hand at the showdown of ``variant``: the best five of hole and board
    cards, or in Omaha (``hole_used``) exactly two hole cards and three board cards (docs/rules.md 14.2).

    >>> from pokerlab.simulate.game.cards import parse
    >>> from pokerlab.simulate.game import pot_limit_omaha, pot_limit_holdem
    >>> hole, board = parse("As Kd 7c 2h"), parse("Qs Js Ts 9s 3s")   # Omaha: a straight (one spade in hand)
    >>> showdown_value(pot_limit_omaha(), hole, board) >> 12, showdown_value(pot_limit_holdem(), hole[:2], board) >> 12
    (4, 5)
    """
    if variant.hole_used:
        return evaluate_omaha(list(hole), list(board))  # type: ignore[return-value]
    return hand_value(list(hole) + list(board), variant.ranking)


def describe_value(value: int, ranking: str) -> str:
    """A person's description of a hand value under ``ranking``.

    >>> from pokerlab.evaluator.cards import parse_cards
    >>> describe_value(hand_value(parse_cards("KhKdKc3s3h"), "high"), "high")
    'Full house, kings over threes'
    """
    return describe(value, rules=ranking)


@cache
def jacks_threshold(ranking: str) -> int:
    """The value of the weakest pair of jacks (J-J-4-3-2) under ``ranking``: openers are hands worth at least this.

    Wild-card rankings value hands on the high-hand scale (five of a kind above it), so one
    natural hand gives the bar for all of them.

    >>> jacks_threshold("bug") == jacks_threshold("high")
    True
    """
    if ranking not in HIGH_RANKINGS:
        raise InputError(f"jacks or better to open needs a high ranking ({', '.join(HIGH_RANKINGS)}), not {ranking!r}")
    return evaluate(WEAKEST_JACKS)


def has_jacks_or_better(cards: Sequence[int], ranking: str = "high") -> bool:
    """Whether five cards hold openers under ``ranking``: a pair of jacks or better, wild cards counted.

    The check is the showdown's own value compared with the weakest pair of jacks, so the opener
    rule and the showdown never disagree: the bug is an ace (or completes a straight or flush),
    a deuce in deuces wild and a fully wild joker are any card (docs/rules.md 4.4).

    >>> from pokerlab.simulate.game.cards import parse
    >>> has_jacks_or_better(parse("Tc Td 2h 5s 9c")), has_jacks_or_better(parse("2c 3d 4h 5s 6c"))
    (False, True)
    >>> has_jacks_or_better(parse("Jk As 7d 5h 3c"), "bug"), has_jacks_or_better(parse("Jc 2d 8h 6s 4c"), "deuces-wild")
    (True, True)
    """
    if len(cards) != 5:
        return False
    return hand_value(cards, ranking) >= jacks_threshold(ranking)
