"""Two hands before the flop, answered from the shipped heads-up table without numpy or numba.

The answer is the one the hold'em engine gives from the same table (:mod:`.engine`, which also sums
ranges from it); a test keeps the two equal on every field but the seconds. Only two specific hands
with no board and no dead cards come here: anything else returns None and takes the engine's path.

>>> r = two_hands(["AsAh", "KsKh"], threads=None)
>>> r.method, r.boards, r.players[0].wins, round(r.players[0].equity, 6)
('exact', 1712304, 1410336, 0.826366)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ...compiles import computing_seconds
from ...evaluator.cards import CardError, format_cards, parse_cards
from ..ranges.headsup_counts import BOARDS, headsup_counts
from .result import EquityResult, PlayerEquity

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a table answer's start-up loads this
if TYPE_CHECKING:
    from typing import Any


def _two_cards(player: Any) -> list[int] | None:
    if not isinstance(player, str):
        return None
    try:
        cards = parse_cards(player.strip())
    except CardError:
        return None  # a range, or bad text: the engine parses and reports it
    return sorted(cards, reverse=True) if len(cards) == 2 else None  # higher card first, as the engine names it


def two_hands(players: Sequence[Any], threads: int | None) -> EquityResult | None:
    """The exact equity of two specific hands before the flop (``"AsAh"``, ``"KsKh"``), or None for any other spot."""
    start = time.perf_counter()
    if len(players) != 2:
        return None
    one, other = (_two_cards(p) for p in players)
    if one is None or other is None or set(one) & set(other):
        return None
    hands = [one, other]
    first, second, ties = headsup_counts(one, other)
    outcomes = float(BOARDS)
    result = [
        PlayerEquity(format_cards(hand), 1, wins / outcomes, ties / outcomes, (wins + ties * 0.5) / outcomes, wins,
                     ties, 0.0)
        for hand, wins in zip(hands, (first, second))
    ]  # fmt: skip
    return EquityResult(result, "exact", outcomes, computing_seconds(start), boards=BOARDS, trials=None, stderr=0.0,
                        seed=None, threads=int(threads or 1))  # fmt: skip
