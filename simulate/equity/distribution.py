"""Equity distribution: every combo of each player's range, with its equity against the other players.

Equilab's question: how is a range's equity spread over its combos? Each live combo of a player's range
(the board, the dead cards and the other players' fixed hands leave it) is put in place of the range and
its equity against the others is an ordinary :func:`~.engine.equity` call. A deal where the player holds
combo ``c`` weighs ``c``'s weight times the others', so the combos' counts times their weights add up to
the range's counts: with exact calls, the range's equity comes back exactly. A combo's ``share`` is how
often the player holds it in a deal of the whole spot: its weight times the weight of the other players'
deals it leaves possible (card removal), so that the shares weigh the combos' equities to the range's
equity in Monte Carlo too, where a call's trial count says nothing about how often its combo is dealt.

>>> d = equity_by_combo(["QQ, AKs", "JJ"], board="Qh7c2d")
>>> p = d.players[0]
>>> [(c.combo, round(c.equity, 4)) for c in p.combos][:2], len(p.combos)
([('QsQd', 0.999), ('QsQc', 0.999)], 7)
>>> round(p.equity, 6) == round(equity(["QQ, AKs", "JJ"], board="Qh7c2d").players[0].equity, 6)
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ...evaluator.cards import cards_to_mask, format_cards, to_card_ids
from ..ranges.parse import Range, parse_range
from .engine import equity
from .holdem_spot import CardsLike, PlayerLike
from .options import BOARD_SIZES, EquityError

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
    share: float = 0.0  # how often the player holds this combo in a deal of the whole spot (the shares sum to 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "combo": self.combo,
            "weight": self.weight,
            "share": self.share,
            "win": self.win,
            "tie": self.tie,
            "equity": self.equity,
        }


@dataclass(frozen=True)
class PlayerDistribution:
    """A player's combos, best equity first, the range's equity from their summed counts, and summary stats."""

    hand: str
    equity: float
    win: float
    tie: float
    combos: list[ComboEquity] = field(default_factory=list)

    def stats(self) -> dict[str, float]:
        """The combos' equities, weighted by their shares: mean (the range's equity), stdev, min, median, max."""
        eq = np.array([c.equity for c in self.combos])
        w = np.array([c.share for c in self.combos])
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


#: Tuples of the other players' combos sampled to estimate deal weights when three or more others have ranges.
WEIGHT_SAMPLES = 400_000


def _masks(r: Range) -> np.ndarray:
    combos = r.combos.astype(np.uint64)
    return (np.uint64(1) << combos[:, 0]) | (np.uint64(1) << combos[:, 1])


def deal_weights(masks: np.ndarray, others: Sequence[Range], seed: int | None = None) -> np.ndarray:
    """For each combo (as a card mask), the total weight of the other players' deals that leave it possible.

    The deals are the tuples of one combo per other player, no two sharing a card, weighed by the product
    of their weights. Exact for one or two other players (sums over the disjoint pairs, as matrix
    products); from ``WEIGHT_SAMPLES`` seeded sampled tuples for more, whose pair counts of cards give each
    combo's share of the compatible tuples (relative error about 0.2 %).

    >>> aa, kk = parse_range("AA"), parse_range("KK")
    >>> deal_weights(_masks(parse_range("AsAh")), [aa]).tolist()   # AsAh leaves only AdAc of AA
    [1.0]
    >>> deal_weights(_masks(aa), [kk, parse_range("KsKh")]).tolist()   # KsKh leaves KdKc: one deal each
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    """
    other_masks = [_masks(r) for r in others]
    if len(others) <= 2:
        reach = ((masks[:, None] & other_masks[0][None, :]) == 0) * others[0].weights[None, :]
        if len(others) == 1:
            return reach.sum(axis=1)
        pair_fits = (other_masks[0][:, None] & other_masks[1][None, :]) == 0
        last = ((masks[:, None] & other_masks[1][None, :]) == 0) * others[1].weights[None, :]
        return np.einsum("ca,cb,ab->c", reach, last, pair_fits.astype(np.float64), optimize=True)
    return _sampled_deal_weights(masks, others, other_masks, np.random.default_rng(seed))


def _sampled_deal_weights(
    masks: np.ndarray, others: Sequence[Range], other_masks: list[np.ndarray], rng: np.random.Generator
) -> np.ndarray:
    """``deal_weights`` for three or more other players, from sampled tuples of their combos."""
    total = float(np.prod([r.weights.sum() for r in others]))
    laws = [r.weights / r.weights.sum() for r in others]
    kept: list[np.ndarray] = []
    accepted = drawn = 0
    while accepted < WEIGHT_SAMPLES and drawn < 50 * WEIGHT_SAMPLES:
        union = np.zeros(WEIGHT_SAMPLES, np.uint64)
        clash = np.zeros(WEIGHT_SAMPLES, bool)
        for other, law in zip(other_masks, laws):
            pick = other[rng.choice(len(other), size=WEIGHT_SAMPLES, p=law)]
            clash |= (union & pick) != 0
            union |= pick
        kept.append(union[~clash])
        accepted += len(kept[-1])
        drawn += WEIGHT_SAMPLES
    unions = np.concatenate(kept)
    single, both = np.zeros(52), np.zeros((52, 52))  # both[x, y]: tuples holding cards x and y
    for start in range(0, len(unions), 50_000):  # blocks: a bit matrix of every tuple at once is 166 MB
        block = unions[start : start + 50_000, None] >> np.arange(52, dtype=np.uint64)[None, :]
        bits = (block & np.uint64(1)).astype(np.float32)
        single += bits.sum(axis=0, dtype=np.float64)
        both += bits.T @ bits
    x = np.array([int(m).bit_length() - 1 for m in masks.tolist()])
    y = np.array([(int(m) & -int(m)).bit_length() - 1 for m in masks.tolist()])
    free = accepted - single[x] - single[y] + both[x, y]  # compatible tuples that leave both cards free
    return total * free / drawn


def _with_shares(rows: list[ComboEquity], masks: list[int], others: list[Range], seed: int | None) -> list[ComboEquity]:
    """The rows with their ``share``: weight times the weight of the others' deals the combo leaves possible."""
    dealt = np.array([row.weight for row in rows]) * deal_weights(np.array(masks, dtype=np.uint64), others, seed)
    if dealt.sum() <= 0:
        raise EquityError("no deal is possible: every combo meets another player's cards")
    shares = dealt / dealt.sum()
    return [replace(row, share=float(share)) for row, share in zip(rows, shares)]


#: The longest a by-combo run may be estimated to take before it is refused (seconds).
MAX_SECONDS = 300.0


class _Budget:
    """Counts the per-combo calls; refuses the run early once their pace says it would pass ``limit`` seconds."""

    def __init__(self, calls: int, limit: float | None, progress: Callable[[float], None] | None) -> None:
        self.calls, self.limit, self.progress = calls, limit, progress
        self.done = 0
        self.first = time.perf_counter()

    def tick(self) -> None:
        self.done += 1
        now = time.perf_counter()
        if self.done == 1:
            self.first = now  # the first call may compile kernels: the pace is measured from the second
        elif self.limit is not None and (self.done == 9 or (self.done > 1 and now - self.first > 2.0)):
            estimate = (now - self.first) / (self.done - 1) * self.calls
            if estimate > self.limit:
                raise EquityError(
                    f"equity by combo would take about {estimate:,.0f} s ({self.calls:,} equity calls, one a "
                    f"combo), over the {self.limit:.0f} s limit: narrow the ranges, or give fewer Monte Carlo "
                    "trials a combo (trials=, --trials)"
                )
            if self.done >= 9 and now - self.first > 2.0:
                self.limit = None  # a pace measured over 8 calls and 2 s is trusted: no more checks
        if self.progress is not None:
            self.progress(min(1.0, self.done / self.calls))


def equity_by_combo(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    *,
    progress: Callable[[float], None] | None = None,
    max_seconds: float | None = MAX_SECONDS,
) -> Distribution:
    """Every live combo of each player's range with its equity against the other players, best first.

    A combo no deal allows (it shares a card with another player's fixed hand) is left out. A run whose
    calls' pace says it would take over ``max_seconds`` (None: no limit) is refused early with the
    estimate; ``progress`` is called with the fraction of calls done. ``threads``
    is per call, default 1: the calls are many and small, and numba's threads cost more than they save. With exact
    calls, ``sum(weight * wins)`` over a player's combos is the plain result's wins, and the same for ties
    and outcomes; ``equity`` is computed from those sums.

    >>> d = equity_by_combo(["AsAh", "KK"])
    >>> [(c.combo, round(c.equity, 4)) for c in d.players[1].combos]
    [('KdKc', 0.1874), ('KsKd', 0.1805), ('KsKc', 0.1805), ('KhKd', 0.1805), ('KhKc', 0.1805), ('KsKh', 0.1736)]
    """
    if len(players) < 2:
        raise EquityError(f"equity by combo needs 2 or more players, got {len(players)}")
    board_ids = to_card_ids(board, BOARD_SIZES) if board else []
    dead_ids = to_card_ids(dead) if dead else []
    known = cards_to_mask(board_ids + dead_ids)
    ranges = [_as_range(p).remove(known) for p in players]
    methods = set()
    result_players = []
    budget = _Budget(sum(len(r) for r in ranges), max_seconds, progress)
    for i, player in enumerate(players):
        r = ranges[i]
        # Another player's only combo is a fixed hand: a combo of this range that meets it is never dealt.
        fixed = cards_to_mask([int(c) for j, o in enumerate(ranges) if j != i and len(o) == 1 for c in o.combos[0]])
        if len(r) == 0:
            raise EquityError(f"player {i + 1}'s range has no combo left once the board and dead cards are removed")
        rows, masks = [], []
        for cards, weight in zip(r.combos.tolist(), r.weights.tolist()):
            mask = cards_to_mask(cards)
            if mask & fixed:
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
            budget.tick()
            methods.add(result.method)
            p = result.players[i]
            rows.append(
                ComboEquity(
                    format_cards(cards),
                    float(weight),
                    p.win,
                    p.tie,
                    p.equity,
                    p.wins or 0.0,
                    p.ties or 0.0,
                    result.outcomes,
                )  # hold'em's players always carry their counts
            )
            masks.append(mask)
        if not rows:
            raise EquityError(f"no deal is possible for player {i + 1}: every combo meets another player's cards")
        rows = _with_shares(rows, masks, [o for j, o in enumerate(ranges) if j != i], seed)
        rows.sort(key=lambda c: -c.equity)
        if methods == {"exact"}:
            outcomes = sum(c.weight * c.outcomes for c in rows)
            wins, ties = sum(c.weight * c.wins for c in rows), sum(c.weight * c.ties for c in rows)
            share_ties = sum(c.weight * c.outcomes * (c.equity - c.win) for c in rows)  # ties credited 1/k
            win, tie, eq = wins / outcomes, ties / outcomes, (wins + share_ties) / outcomes
        else:  # Monte Carlo rows: each combo's estimate weighed by how often the combo is dealt
            win = sum(c.share * c.win for c in rows)
            tie = sum(c.share * c.tie for c in rows)
            eq = sum(c.share * c.equity for c in rows)
        label = (
            player if isinstance(player, str) else str(player) if isinstance(player, Range) else format_cards(player)
        )
        result_players.append(PlayerDistribution(str(label), float(eq), float(win), float(tie), rows))
    return Distribution(result_players, format_cards(board_ids), "exact" if methods == {"exact"} else "mc")
