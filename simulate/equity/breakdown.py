"""Equity breakdown: one hand against a range, class by class (which part of the range is it ahead of?).

The range (less the combos the hand, the board and the dead cards block) is split into its hand classes
(``QQ``, ``AKs``, ...); the hand's equity against each class is an ordinary :func:`~.api.equity` call.
The classes partition the deals, so their weighted counts add up to those of the whole range: with exact
rows, the total is exactly the plain equity against the range.

>>> b = equity_breakdown("AsKs", "QQ+,AQs+", board="Qh7c2d")
>>> [(r.hand_class, r.combos, round(r.equity, 4)) for r in b.rows]
[('AA', 3, 0.0192), ('AKs', 3, 0.4773), ('AQs', 2, 0.1303), ('KK', 3, 0.1434), ('QQ', 3, 0.0162)]
>>> round(b.equity, 4), b.combos, round(equity(["AsKs", "QQ+,AQs+"], board="Qh7c2d").players[0].equity, 4)
(0.1592, 14, 0.1592)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...evaluator.cards import CardError, cards_to_mask, format_cards, to_card_ids
from ..ranges.classes import hand_class
from ..ranges.parse import Range, parse_range
from .api import equity
from .holdem_spot import CardsLike
from .options import BOARD_SIZES, EquityError
from .result import Tally

__all__ = ["Breakdown", "BreakdownRow", "equity_breakdown"]


@dataclass(frozen=True)
class BreakdownRow(Tally):
    """The hand against one class of the range: the class's live combos, and :class:`~.result.Tally`'s fields (by
    keyword): the class's weight, its share of the range's live weight, and the hand's equity against it."""

    hand_class: str
    combos: int
    method: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "class": self.hand_class,
            "combos": self.combos,
            **self.shown(),
            "method": self.method,
        }


@dataclass(frozen=True)
class Breakdown:
    """The hand's equity against the whole range (from the rows' summed counts) and against each class."""

    hand: str
    range: str
    board: str
    combos: int
    win: float
    tie: float
    equity: float
    rows: list[BreakdownRow]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``hand``, ``range``, ``board``, ``combos``, ``win``, ``tie``, ``equity``, ``rows``."""
        data: dict[str, Any] = {"hand": self.hand, "range": self.range, "board": self.board, "combos": self.combos}
        data |= {"win": self.win, "tie": self.tie, "equity": self.equity}
        data["rows"] = [r.to_dict() for r in self.rows]
        return data


def equity_breakdown(
    hand: str | Sequence[int],
    villain: str | Range,
    board: CardsLike = None,
    dead: CardsLike = None,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> Breakdown:
    """Equity of ``hand`` (two cards) against ``villain``'s range, split by the range's hand classes.

    Each row is ``equity([hand, that class's combos], board, dead, method, ...)``; the totals are the rows'
    summed counts (exact rows add up to exactly the plain equity against the range). Rows are in grid order.
    ``threads`` is per call, default 1 (the calls are small).

    >>> b = equity_breakdown("AhAd", "KK, AKs")
    >>> [(r.hand_class, r.combos, r.share) for r in b.rows]
    [('AKs', 2, 0.25), ('KK', 6, 0.75)]
    """
    try:
        hole = to_card_ids(hand, 2)
        board_ids = to_card_ids(board, BOARD_SIZES) if board else []
        dead_ids = to_card_ids(dead) if dead else []
    except CardError as exc:
        raise EquityError(f"breakdown: {exc}") from None
    r = parse_range(villain) if isinstance(villain, str) else villain
    if not isinstance(r, Range):
        raise EquityError(f"the range is range text or a Range, got {type(villain).__name__}")
    live = r.remove(cards_to_mask(hole + board_ids + dead_ids))
    if len(live) == 0:
        raise EquityError(f"range {r} has no combo left once {format_cards(hole + board_ids + dead_ids)} is removed")
    combos, weights = np.asarray(live.combos), np.asarray(live.weights, dtype=np.float64)
    names = [hand_class(int(a), int(b)) for a, b in combos]
    total_weight = float(weights.sum())
    rows = []
    for name in live.classes():
        pick = np.array([n == name for n in names])
        part = Range(combos[pick], weights[pick])
        result = equity(
            [hole, part], board=board_ids or None, dead=dead_ids or None, method=method, trials=trials, seed=seed,
            threads=threads or 1,
        )  # fmt: skip
        p = result.players[0]
        weight = float(weights[pick].sum())
        rows.append(
            BreakdownRow(
                name, int(pick.sum()), result.method, weight=weight, share=weight / total_weight, win=p.win,
                tie=p.tie, equity=p.equity, wins=p.wins or 0.0, ties=p.ties or 0.0, outcomes=result.outcomes,
            )
        )  # fmt: skip
    outcomes = sum(row.outcomes for row in rows)
    wins, ties = sum(row.wins for row in rows), sum(row.ties for row in rows)
    if any(row.method != "exact" for row in rows):
        # Monte Carlo rows count trials, not deals: weigh each row's fractions by its class's weight instead.
        win = sum(row.win * row.share for row in rows)
        tie = sum(row.tie * row.share for row in rows)
        eq = sum(row.equity * row.share for row in rows)
    else:
        win, tie = wins / outcomes, ties / outcomes
        eq = (wins + ties / 2) / outcomes  # heads-up: a tie is half the pot
    return Breakdown(
        format_cards(hole), str(r), format_cards(board_ids), len(live), float(win), float(tie), float(eq), rows
    )
