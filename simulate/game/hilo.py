"""High-low split pots (stud hi/lo, Omaha hi/lo): the low half, its qualifier, splitting and quartering.

``values`` are the high-hand values of the showdown; the low of each hand is read here from the
declaration (:func:`low_value`): the best five of all its cards in stud, exactly two hole cards and
three of the board in Omaha.

>>> from pokerlab.simulate.game.cards import parse
>>> from pokerlab.simulate.game import pot_limit_omaha_hilo, seven_card_stud_hilo
>>> board = parse("2c 3d 9h Kc Qs")
>>> low_value(pot_limit_omaha_hilo(), parse("Ah 4s 5d 5c"), board) is not None   # only two board cards of 8 or lower
False
>>> low_value(seven_card_stud_hilo(), parse("Ah 4s 5d 2c 3d 9h Kc"), []) is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pokerlab.evaluator import evaluate
from pokerlab.evaluator.omaha import evaluate_omaha

from .fields import HandFields
from .pots import Pot, award_pots, odd_chip_keys

if TYPE_CHECKING:
    from .declarations import LowHalf, Variant


def low_value(variant: Variant, hole: Sequence[int], board: Sequence[int]) -> int | None:
    """The qualifying low of a hand under ``variant`` (larger is better), or None when it has none.

    Omaha (``hole_used``) builds the low from exactly two hole cards and three board cards.

    >>> from pokerlab.simulate.game.cards import parse
    >>> from pokerlab.simulate.game import pot_limit_omaha_hilo
    >>> low_value(pot_limit_omaha_hilo(), parse("Ah 2s Kd Kc"), parse("3c 4d 5h Qc Qs")) is not None
    True
    """
    low = variant.low
    assert low is not None  # only high-low games ask
    if variant.hole_used:
        _, value = evaluate_omaha(list(hole), list(board), rules="omaha-hilo")  # type: ignore[misc]
        return value or None  # 0: no low of eight or better
    return qualifying_low(list(hole) + list(board), low)


def qualifying_low(cards: Sequence[int], low: LowHalf) -> int | None:
    """The ace-to-five low value of the best five of ``cards`` if it qualifies (no pair, top card at most the
    qualifier), else None. Larger is better, as every value in pokerlab.

    >>> from pokerlab.simulate.game.cards import parse
    >>> from pokerlab.simulate.game import LowHalf
    >>> qualifying_low(parse("8h 7c 6d 5s 3c Kd Ks"), LowHalf()) is not None
    True
    >>> qualifying_low(parse("9c 4h 3d 2c As Kd Qs"), LowHalf()) is None
    True
    """
    value = evaluate(cards, rules=low.ranking)
    # Ace-five categories (value >> 12): 5 "K-high" ... 13 "5-high"; a low of top card q is category 18 - q.
    return value if value >> 12 >= 18 - low.qualifier else None


def award_high_low(state: HandFields, values: list[int | None], carry: bool) -> tuple[list[int], int]:
    """Award every pot half to the best high and half to the best qualifying low (docs/rules.md 13.6, 14.3).

    The odd chip of a pot goes to the high half; a half with tied winners is split again (quartering).
    A pot where no contender has a qualifying low goes whole to the high hand.
    """
    low = state.variant.low
    assert low is not None
    lows: list[int | None] = []
    for seat, value in enumerate(values):
        if value is None or value == -1:
            lows.append(value)
        else:
            lows.append(low_value(state.variant, state.hole[seat], state.board))
    n = state.n
    won, carried = [0] * n, 0
    # Stud breaks odd chips by the cards (the highest by suit, the lowest in the low half); Omaha by seat.
    high_keys = odd_chip_keys(state.hole, low=False) if state.variant.is_stud else None
    low_keys = odd_chip_keys(state.hole, low=True) if state.variant.is_stud else None
    for pot in reversed(state.pots):
        contenders = [i for i in pot.eligible if values[i] is not None]
        if len(contenders) < 2 or not any(lows[i] is not None and lows[i] != -1 for i in contenders):
            part, odd = award_pots([pot], values, state.button, carry, state.muck_order, high_keys)
            parts = [pot]
        else:
            high_half = Pot(pot.amount - pot.amount // 2, pot.eligible)
            low_half = Pot(pot.amount // 2, pot.eligible)
            part, odd = award_pots([high_half], values, state.button, carry, state.muck_order, high_keys)
            low_won, low_odd = award_pots([low_half], lows, state.button, carry, state.muck_order, low_keys)
            part = [a + b for a, b in zip(part, low_won)]
            odd += low_odd
            parts = [high_half, low_half]
        shares: dict[int, int] = {}
        for half in parts:
            for seat, chips in zip(half.winners, half.shares):
                shares[seat] = shares.get(seat, 0) + chips
        pot.winners, pot.shares = tuple(shares), tuple(shares.values())
        pot.odd_chips = odd
        won = [a + b for a, b in zip(won, part)]
        carried += odd
    return won, carried


__all__ = ["award_high_low", "low_value", "qualifying_low"]
