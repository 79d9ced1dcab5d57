"""Equity distribution: every combo of each player's range, with its equity against the other players.

Equilab's question: how is a range's equity spread over its combos? Each live combo of a player's range
(the board, the dead cards and the other players' fixed hands leave it) is put in place of the range and
its equity against the others is an ordinary :func:`~.engine.equity` call. A deal where the player holds
combo ``c`` weighs ``c``'s weight times the others', so the combos' counts times their weights add up to
the range's counts: with exact calls, the range's equity comes back exactly.

>>> d = equity_by_combo(["QQ, AKs", "JJ"], board="Qh7c2d")
>>> p = d.players[0]
>>> [(c.combo, round(c.equity, 4)) for c in p.combos][:2], len(p.combos)
([('QsQd', 0.999), ('QsQc', 0.999)], 7)
>>> round(p.equity, 6) == round(equity(["QQ, AKs", "JJ"], board="Qh7c2d").players[0].equity, 6)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...evaluator.cards import cards_to_mask, format_cards, to_card_ids
from ..ranges.parse import Range, parse_range
from .engine import CardsLike, EquityError, PlayerLike, equity

__all__ = ["ComboEquity", "Distribution", "PlayerDistribution", "equity_by_combo"]


@dataclass(frozen=True)
class ComboEquity:
    """One combo: its weight in the range and its equity against the other players (with the counts)."""

    combo: str
    weight: float
    win: float
    tie: float
    equity: float
    wins: float
    ties: float
    outcomes: float

    def to_dict(self) -> dict[str, Any]:
        return {"combo": self.combo, "weight": self.weight, "win": self.win, "tie": self.tie, "equity": self.equity}


@dataclass(frozen=True)
class PlayerDistribution:
    """A player's combos, best equity first, the range's equity from their summed counts, and summary stats."""

    hand: str
    equity: float
    win: float
    tie: float
    combos: list[ComboEquity] = field(default_factory=list)

    def stats(self) -> dict[str, float]:
        """The combos' equities, weighted by their weights: mean, standard deviation, min, median, max."""
        eq = np.array([c.equity for c in self.combos])
        w = np.array([c.weight for c in self.combos])
        mean = float(np.average(eq, weights=w))
        order = np.argsort(eq, kind="stable")
        cumulative = np.cumsum(w[order])
        median = float(eq[order][np.searchsorted(cumulative, cumulative[-1] / 2)])
        sd = float(np.sqrt(np.average((eq - mean) ** 2, weights=w)))
        return {"mean": mean, "stdev": sd, "min": float(eq.min()), "median": median, "max": float(eq.max())}

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"hand": self.hand, "combos": len(self.combos), "equity": self.equity}
        data |= {"win": self.win, "tie": self.tie, "stats": self.stats()}
        data["list"] = [c.to_dict() for c in self.combos]
        return data


@dataclass(frozen=True)
class Distribution:
    """Every player's distribution; ``method`` is ``exact`` when every call was exact."""

    players: list[PlayerDistribution]
    board: str
    method: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``board``, ``method`` and ``players`` (each with ``stats`` and the combo ``list``)."""
        return {"board": self.board, "method": self.method, "players": [p.to_dict() for p in self.players]}


def _as_range(player: PlayerLike) -> Range:
    if isinstance(player, Range):
        return player
    if isinstance(player, str):
        return parse_range(player)
    ids = to_card_ids(player, 2)
    return Range(np.array([ids]))


def equity_by_combo(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> Distribution:
    """Every live combo of each player's range with its equity against the other players, best first.

    A combo no deal allows (it shares a card with another player's fixed hand) is left out. ``threads``
    is per call, default 1: the calls are many and small, and numba's threads cost more than they save. With exact
    calls, ``sum(weight * wins)`` over a player's combos is the plain result's wins, and the same for ties
    and outcomes; ``equity`` is computed from those sums.

    >>> d = equity_by_combo(["AsAh", "KK"])
    >>> [(c.combo, round(c.equity, 4)) for c in d.players[1].combos]
    [('KdKc', 0.1874), ('KsKd', 0.1805), ('KsKc', 0.1805), ('KhKd', 0.1805), ('KhKc', 0.1805), ('KsKh', 0.1736)]
    """
    if len(players) < 2:
        raise EquityError(f"equity by combo needs 2 or more players, got {len(players)}")
    board_ids = to_card_ids(board, (0, 3, 4, 5)) if board else []
    dead_ids = to_card_ids(dead) if dead else []
    known = cards_to_mask(board_ids + dead_ids)
    ranges = [_as_range(p).remove(known) for p in players]
    methods = set()
    result_players = []
    for i, player in enumerate(players):
        r = ranges[i]
        # Another player's only combo is a fixed hand: a combo of this range that meets it is never dealt.
        fixed = cards_to_mask([int(c) for j, o in enumerate(ranges) if j != i and len(o) == 1 for c in o.combos[0]])
        if len(r) == 0:
            raise EquityError(f"player {i + 1}'s range has no combo left once the board and dead cards are removed")
        rows = []
        for cards, weight in zip(r.combos.tolist(), r.weights.tolist()):
            if cards_to_mask(cards) & fixed:
                continue
            deal = list(players)
            deal[i] = [int(c) for c in cards]
            try:
                result = equity(
                    deal, board=board_ids or None, dead=dead_ids or None, method=method, trials=trials, seed=seed,
                    threads=threads or 1,
                )  # fmt: skip
            except EquityError as exc:
                if "no deal is possible" in str(exc):
                    continue  # the others' ranges always share a card with this combo: it is never dealt
                raise
            methods.add(result.method)
            p = result.players[i]
            rows.append(
                ComboEquity(format_cards(cards), float(weight), p.win, p.tie, p.equity, p.wins, p.ties, result.outcomes)
            )
        if not rows:
            raise EquityError(f"no deal is possible for player {i + 1}: every combo meets another player's cards")
        rows.sort(key=lambda c: -c.equity)
        if methods == {"exact"}:
            outcomes = sum(c.weight * c.outcomes for c in rows)
            wins, ties = sum(c.weight * c.wins for c in rows), sum(c.weight * c.ties for c in rows)
            share_ties = sum(c.weight * c.outcomes * (c.equity - c.win) for c in rows)  # ties credited 1/k
            win, tie, eq = wins / outcomes, ties / outcomes, (wins + share_ties) / outcomes
        else:
            total = sum(c.weight for c in rows)
            win = sum(c.weight * c.win for c in rows) / total
            tie = sum(c.weight * c.tie for c in rows) / total
            eq = sum(c.weight * c.equity for c in rows) / total
        label = (
            player if isinstance(player, str) else str(player) if isinstance(player, Range) else format_cards(player)
        )
        result_players.append(PlayerDistribution(str(label), float(eq), float(win), float(tie), rows))
    return Distribution(result_players, format_cards(board_ids), "exact" if methods == {"exact"} else "mc")
