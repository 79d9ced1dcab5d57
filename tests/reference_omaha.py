"""Reference Omaha evaluator: slow, independent and obviously correct.

Written from the rule (``docs/rules.md`` sections 1
and 3): an Omaha hand is exactly two hole cards plus exactly three board
cards. The high hand is the best :func:`reference.reference_key` over every
such choice; the eight-or-better low is the best ace-to-five low over every
such choice whose five ranks are unpaired and eight or lower. It uses
nothing from pokerlab (only ``reference.py``, which uses nothing either).

``omaha_high_key(hole, board)`` orders like hands (larger is better);
``omaha_low_key(hole, board)`` is a tuple where SMALLER is the better low
(the five ranks high to low, the ace counting 1), or None without a
qualifying low.

>>> from reference import parse
>>> omaha_high_key(parse("AhAdKcKs"), parse("AsKhQhJh2c"))   # no flush: only two hole cards play
(6, 12, 11)
>>> omaha_low_key(parse("As2d9c9h"), parse("3h4h5cKsKd"))
(5, 4, 3, 2, 1)
>>> omaha_low_key(parse("As9d9c9h"), parse("3h4h5c6s7d")) is None   # one low hole card is not two
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from reference import reference_key

ACE = 12


def _check(hole: Sequence[int], board: Sequence[int]) -> None:
    cards = list(hole) + list(board)
    if not 4 <= len(hole) <= 6 or not 3 <= len(board) <= 5:
        raise ValueError(f"Omaha takes 4-6 hole cards and 3-5 board cards, got {len(hole)} and {len(board)}")
    if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        raise ValueError(f"cards must be distinct ids 0..51, got {cards}")


def omaha_high_key(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    """Best high key of exactly two hole cards and three board cards."""
    _check(hole, board)
    return max(
        reference_key(list(pair) + list(three)) for pair in combinations(hole, 2) for three in combinations(board, 3)
    )


def _low_of_five(cards: Sequence[int]) -> tuple[int, ...] | None:
    # Ace-to-five: the ace is 1, a two is 2, ..., an eight is 8; higher ranks and pairs do not qualify.
    lows = sorted((1 if c >> 2 == ACE else (c >> 2) + 2 for c in cards), reverse=True)
    if lows[0] > 8 or len(set(lows)) < 5:
        return None
    return tuple(lows)


def omaha_low_key(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """Best eight-or-better low (smaller is better) of two hole and three board cards, or None."""
    _check(hole, board)
    lows = [
        low
        for pair in combinations(hole, 2)
        for three in combinations(board, 3)
        if (low := _low_of_five(list(pair) + list(three))) is not None
    ]
    return min(lows) if lows else None
