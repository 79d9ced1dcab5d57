"""Proof of the order of the short-deck tables, beyond category counts (part of ``pokerlab verify``).

As :mod:`pokerlab.evaluator.verify_order` does for the high hand (and calls this module for the short
deck), with a ranking and helpers of its own that shares no
code with the table build (``hand_values.short_deck_key``):

- 5 cards: every class of the 36-card deck (1,278 rank multisets unsuited, 126 suited rank sets), ranked
  per call and in a batch, must sort exactly as :func:`short_deck_order_key` sorts, equal only on equal keys;
- 6 and 7 cards: every rank multiset without a flush, and every suited rank set of 5 to k cards beside
  off-suit cards, must be worth the best of its five-card subsets, per call and in a batch.

>>> check_short_deck_order(5)["classes"]
1404
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np

from .api import evaluate, evaluate_batch
from .cards import card_str

RULES = "short-deck"
_SIX, _NINE, _ACE = 4, 7, 12
_RANKS = range(_SIX, 13)


def short_deck_order_key(ranks: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """(class, tiebreaks...) of five short-deck cards (ranks 4..12 = 6..A), written apart from the table build.

    Classes, worst first: 0 high card, 1 pair, 2 two pair, 3 trips, 4 straight, 5 full house, 6 flush,
    7 quads, 8 straight flush (the royal its top). A-6-7-8-9 is the lowest straight: its top card is the nine.

    >>> short_deck_order_key((12, 7, 6, 5, 4), False) < short_deck_order_key((8, 7, 6, 5, 4), False)
    True
    >>> short_deck_order_key((10, 8, 6, 5, 4), True) > short_deck_order_key((12, 12, 12, 11, 11), False)
    True
    """
    high_first = sorted(ranks, reverse=True)
    counts = Counter(ranks)
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    straight_top = None
    if len(counts) == 5:
        if high_first[0] - high_first[4] == 4:
            straight_top = high_first[0]
        elif high_first == [_ACE, _NINE, _NINE - 1, _NINE - 2, _SIX]:
            straight_top = _NINE
    if straight_top is not None:
        return (8 if suited else 4, straight_top)
    if suited:
        return (6, *high_first)
    by_shape = {(4, 1): 7, (3, 2): 5, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}
    return (by_shape[tuple(shape)], *grouped)


def _describe(ranks: tuple[int, ...], suited: bool) -> str:
    text = "".join("23456789TJQKA"[r] for r in sorted(ranks, reverse=True))
    return f"{text} {'suited' if suited else 'unsuited'}"


def _per_call_problem(rows: np.ndarray, batch_values: np.ndarray) -> str | None:
    """The first hand ranked one at a time (the per-call path, pure Python) otherwise than in the batch."""
    for row, value in zip(rows.tolist(), batch_values.tolist()):
        alone = evaluate(row, rules=RULES)
        if alone != value:
            return f"{' '.join(card_str(c) for c in row)} is worth {alone} one at a time, {value} in a batch ({RULES})"
    return None


def _out_of_order(keys: list[Any], values: np.ndarray, names: list[str]) -> str | None:
    """The first neighbours in key order whose values disagree (equal exactly on equal keys, else larger)."""
    order = sorted(range(len(keys)), key=keys.__getitem__)
    for a, b in zip(order, order[1:]):
        if (keys[a] == keys[b]) != (values[a] == values[b]) or (keys[a] < keys[b] and not values[a] < values[b]):
            return f"{names[a]} ({values[a]}) and {names[b]} ({values[b]}) are out of order under {RULES}"
    return None


def _unsuited(ranks: tuple[int, ...]) -> list[int]:
    """Card ids of the ranks with suits dealt in turn (no suit holds more than two of seven)."""
    return [4 * r + i % 4 for i, r in enumerate(sorted(ranks))]


def _five_card_classes() -> tuple[list[tuple[tuple[int, ...], bool]], np.ndarray]:
    classes: list[tuple[tuple[int, ...], bool]] = []
    for ranks in combinations_with_replacement(_RANKS, 5):
        if max(Counter(ranks).values()) <= 4:
            classes.append((ranks, False))
            if len(set(ranks)) == 5:
                classes.append((ranks, True))
    hands = [[4 * r for r in ranks] if suited else _unsuited(ranks) for ranks, suited in classes]
    return classes, np.array(hands, dtype=np.uint8)


def check_short_deck_order(n_cards: int) -> dict[str, Any]:
    """The order proof of the short-deck tables up to ``n_cards`` (5, 6 or 7) cards: ``{"ok", "classes", "problem"}``.

    >>> check_short_deck_order(7)["ok"]
    True
    """
    classes, hands = _five_card_classes()
    values = evaluate_batch(hands, rules=RULES).astype(np.int64)
    problem = _per_call_problem(hands, values)
    if problem is None:
        keys = [short_deck_order_key(ranks, suited) for ranks, suited in classes]
        problem = _out_of_order(keys, values, [_describe(*c) for c in classes])
    checked = len(classes)
    if problem is not None or n_cards == 5:
        return {"ok": problem is None, "classes": checked, "problem": problem}
    plain = {ranks: int(v) for (ranks, suited), v in zip(classes, values) if not suited}
    flush = {ranks: int(v) for (ranks, suited), v in zip(classes, values) if suited}
    for cards in range(6, n_cards + 1):
        for size in (0, *range(5, cards + 1)):
            problem, count = _best_of_five(size, cards, plain, flush)
            checked += count
            if problem is not None:
                return {"ok": False, "classes": checked, "problem": problem}
    return {"ok": True, "classes": checked, "problem": None}


def _best_of_five(
    size: int, cards: int, plain: dict[tuple[int, ...], int], flush: dict[tuple[int, ...], int]
) -> tuple[str | None, int]:
    """Hands of ``cards`` cards: ``size`` suited ranks (clubs) and off-suit sixes and sevens, or with ``size`` 0
    every rank multiset dealt without a flush; each must be worth the best of its five-card subsets."""
    if size:
        others = [4 * (_SIX + k) + 1 + k % 2 for k in range(cards - size)]  # 6d, 7h
        rows = [[4 * r for r in ranks] + others for ranks in combinations(_RANKS, size)]
    else:
        multisets = combinations_with_replacement(_RANKS, cards)
        rows = [_unsuited(ranks) for ranks in multisets if max(Counter(ranks).values()) <= 4]
    hands = np.array(rows, dtype=np.uint8)
    got = evaluate_batch(hands, rules=RULES).astype(np.int64)
    problem = _per_call_problem(hands, got)
    if problem is not None:
        return problem, len(rows)
    for row, value in zip(rows, got.tolist()):
        best = 0
        for five in combinations(row, 5):
            ranks = tuple(sorted(c >> 2 for c in five))
            suited = len({c & 3 for c in five}) == 1
            best = max(best, flush[ranks] if suited else plain[ranks])
        if best != value:
            return f"{_describe(tuple(c >> 2 for c in row), bool(size))} is worth {value}, its best five {best}", len(
                rows
            )
    return None, len(rows)
