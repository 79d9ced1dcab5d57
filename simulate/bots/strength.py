"""Quick hand-strength measures the rule-based bots use: preflop class percentile, made-hand tiers, draw strength.

>>> from pokerlab.simulate.game.cards import parse
>>> preflop_percentile(parse("As Ah")) < 0.01, preflop_percentile(parse("7c 2d")) > 0.9
(True, True)
>>> holdem_tier(parse("As Kd"), parse("Ah 7c 2s"))
3
>>> sorted(heuristic_discard(parse("9h 9d Qh 5c 3c"), "high", 3)) == sorted(parse("Qh 5c 3c"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

import numpy as np

from ...evaluator import best_five
from ..draw import strength_table
from ..game.showdown import hand_value
from ..ranges.classes import class_combos, hand_class
from ..ranges.order import ordered_classes

WILD = {"bug": (52,), "joker": (52,), "two-jokers": (52, 53), "ace-five-joker": (52,)}
LOWBALL = ("deuce-seven", "ace-five", "ace-five-joker", "deuce-seven-joker")


@cache
def _class_percentiles() -> dict[str, float]:
    out, total = {}, 0
    for name in ordered_classes():
        combos = class_combos(name)
        out[name] = (total + combos / 2) / 1326
        total += combos
    return out


def preflop_percentile(hole: Sequence[int]) -> float:
    """Where a hold'em starting hand ranks among all 1,326: near 0 is the best (AA), near 1 the worst."""
    return _class_percentiles()[hand_class(hole[0], hole[1])]


def _ranks(cards: Sequence[int]) -> list[int]:
    return [c >> 2 for c in cards if c < 52]


def _straight_draw(ranks: set[int]) -> bool:
    """Four to an open-ended straight (ace high or low)."""
    values = set(ranks) | ({-1} if 12 in ranks else set())
    return any(all(r + k in values for k in range(4)) and -1 <= r and r + 3 <= 11 for r in range(-1, 10))


def holdem_tier(hole: Sequence[int], board: Sequence[int], ranking: str = "high") -> int:
    """Made-hand tier after the flop: 4 monster, 3 strong, 2 medium (top pair), 1 weak pair or draw, 0 nothing.

    ``ranking``: ``"high"`` or the short deck's ``"short-deck"``, whose categories up to the straight are the same.
    """
    value = hand_value(list(hole) + list(board), ranking)
    category = value >> 12
    board_counts = Counter(_ranks(board))
    board_category = {1: 0, 2: 1, 3: 3, 4: 7}[max(board_counts.values())] if board else 0
    if board_category == 1 and sorted(board_counts.values())[-2:] == [2, 2]:
        board_category = 2
    if category >= 4 and category > board_category:
        return 4
    hole_ranks = _ranks(hole)
    top = max(_ranks(board)) if board else 0
    if category == 3 and category > board_category:
        return 4 if hole_ranks[0] == hole_ranks[1] else 3
    if category == 2 and board_category < 2 and any(r in board_counts for r in hole_ranks):
        return 3
    pair = hole_ranks[0] == hole_ranks[1]
    if pair and hole_ranks[0] > top:
        return 3 if hole_ranks[0] >= 10 else 2
    if top in hole_ranks and category >= 1:
        kicker = max(r for r in hole_ranks) if hole_ranks[0] != hole_ranks[1] else top
        return 3 if kicker >= 11 and top >= 11 and hole_ranks.count(top) == 1 and min(hole_ranks) >= 9 else 2
    if category > board_category:
        return 1
    suits = Counter(c & 3 for c in list(hole) + list(board))
    flush_draw = any(n == 4 and any(h & 3 == s for h in hole) for s, n in suits.items())
    if len(board) < 5 and (flush_draw or _straight_draw(set(hole_ranks) | set(board_counts))):
        return 1
    return 0


@cache
def _table(ranking: str) -> np.ndarray:
    return strength_table(ranking)


def draw_strength(hand: Sequence[int], ranking: str) -> float:
    """Share of all five-card hands this one beats under ``ranking`` (0..1, ties half), for draw games."""
    return float(_table(ranking)[hand_value(list(hand), ranking)])


def heuristic_discard(hand: Sequence[int], ranking: str, max_discards: int) -> tuple[int, ...]:
    """A fast, sensible discard: keep pairs or better, four to a flush or straight, wild cards; lowball: low cards."""
    hand = list(hand)
    if max_discards <= 0:
        return ()
    if ranking in LOWBALL:
        return _lowball_discard(hand, ranking, max_discards)
    if ranking == "badugi":
        return _badugi_discard(hand, max_discards)
    wild = set(WILD.get(ranking, ()))
    if ranking == "deuces-wild":
        wild |= {c for c in hand if c < 52 and c >> 2 == 0}
    naturals = [c for c in hand if c not in wild]
    value = hand_value(hand, ranking)
    if value >> 12 >= 4 and ranking in ("high", "bug", "joker", "two-jokers") or (value >> 12 >= 5):
        return ()  # a straight or better: stand pat
    counts = Counter(c >> 2 for c in naturals)
    matched = [c for c in naturals if counts[c >> 2] >= 2]
    if matched or wild:
        throw = [c for c in naturals if counts[c >> 2] < 2]
        if not matched and wild:
            throw = sorted(throw, key=lambda c: c >> 2)[:-1]  # keep the wild card(s) and the highest card
        return tuple(sorted(throw, key=lambda c: c >> 2)[:max_discards])
    suits = Counter(c & 3 for c in naturals)
    suit, count = suits.most_common(1)[0]
    if count == 4:
        return tuple(c for c in naturals if c & 3 != suit)[:max_discards]
    ranks = sorted(naturals, key=lambda c: c >> 2)
    for skip in range(5):
        rest = ranks[:skip] + ranks[skip + 1 :]
        if _straight_draw({c >> 2 for c in rest}) and len({c >> 2 for c in rest}) == 4:
            return (ranks[skip],)
    keep = 5 - max_discards
    return tuple(ranks[: len(ranks) - keep]) if keep > 0 else tuple(ranks)


def _badugi_discard(hand: list[int], max_discards: int) -> tuple[int, ...]:
    """Keep the best badugi's cards; from a hand short of a badugi, break off its cards above an eight too."""
    kept = best_five(hand, rules="badugi")
    throw = [c for c in hand if c not in kept]
    if throw:
        throw += [c for c in kept if 7 <= c >> 2 < 12]  # a nine to a king (the ace is low)
    return tuple(sorted(throw, key=lambda c: -(((c >> 2) + 1) % 13))[:max_discards])


def _lowball_discard(hand: list[int], ranking: str, max_discards: int) -> tuple[int, ...]:
    ace_low = ranking.startswith("ace-five")

    def low(card: int) -> int:
        if card >= 52:
            return -2  # the joker is the lowest card the hand lacks
        rank = card >> 2
        return -1 if ace_low and rank == 12 else rank

    if draw_strength(hand, ranking) >= (0.9 if ranking == "deuce-seven" else 0.85):
        return ()
    keep: list[int] = []
    seen: set[int] = set()
    for card in sorted(hand, key=low):
        rank = low(card)
        if rank not in seen and rank <= 6:  # eight or lower (rank 6 is the eight)
            keep.append(card)
            seen.add(rank)
    throw = [c for c in hand if c not in keep]
    throw.sort(key=low, reverse=True)
    return tuple(throw[:max_discards])
