"""Proof of the order of the badugi table, beyond category counts (part of ``pokerlab verify badugi``).

Every one of the C(52, 4) = 270,725 hands is ranked in a batch and by :func:`badugi_order_key`, a ranking
written apart from the table build (a hand's subsets as bit masks, no card ids compared): hands of equal
keys must have equal values, and a larger key a larger value; one hand of each of the 1,092 keys is also
ranked per call (the pure-Python path), which must agree with the batch.

>>> check_badugi_order()["classes"]
1092
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from .api import evaluate, evaluate_batch
from .cards import card_str

RULES = "badugi"


def badugi_order_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    """(size, the badugi's ace-low ranks negated from the highest down) of up to four card ids: larger is better.

    >>> badugi_order_key((48, 1, 6, 5)) > badugi_order_key((44, 41, 38, 35))   # Ac 2d 3h 3d, Kc Qd Jh Ts
    False
    >>> badugi_order_key((48, 1, 6, 10))   # Ac 2d 3h 4h: A-2-3 or A-2-4, the 3 the lower
    (3, -2, -1, 0)
    """
    best: tuple[int, ...] = (0,)
    for mask in range(1, 1 << len(cards)):
        chosen = [cards[i] for i in range(len(cards)) if mask >> i & 1]
        rank_bits = suit_bits = 0
        for c in chosen:
            rank_bits |= 1 << (c >> 2)
            suit_bits |= 1 << (c & 3)
        if bin(rank_bits).count("1") == len(chosen) == bin(suit_bits).count("1"):
            low = sorted(0 if c >> 2 == 12 else (c >> 2) + 1 for c in chosen)  # the ace 0 .. the king 12
            key = (len(chosen), *(-r for r in reversed(low)))
            best = max(best, key)
    return best


def check_badugi_order() -> dict[str, Any]:
    """The order proof of the badugi table over every four-card hand: ``{"ok", "classes", "problem"}``.

    >>> check_badugi_order()["ok"]
    True
    """
    hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    values = evaluate_batch(hands, rules=RULES).tolist()
    first: dict[tuple[int, ...], int] = {}
    for row, (hand, value) in enumerate(zip(hands.tolist(), values)):
        key = badugi_order_key(tuple(hand))
        seen = first.setdefault(key, row)
        if values[seen] != value:
            return _result(len(first), f"{_name(hands[seen])} and {_name(hand)} have equal badugis, values "
                           f"{values[seen]} and {value}")  # fmt: skip
    ordered = sorted(first)
    for worse, better in zip(ordered, ordered[1:]):
        a, b = first[worse], first[better]
        if not values[a] < values[b]:
            return _result(len(first), f"{_name(hands[a])} ({values[a]}) ranks above {_name(hands[b])} ({values[b]})")
    for row in first.values():
        alone = evaluate(hands[row].tolist(), rules=RULES)
        if alone != values[row]:
            return _result(len(first), f"{_name(hands[row])} is worth {alone} one at a time, {values[row]} in a batch")
    return _result(len(first), None)


def _name(hand: Any) -> str:
    return " ".join(card_str(int(c)) for c in hand)


def _result(classes: int, problem: str | None) -> dict[str, Any]:
    return {"ok": problem is None, "classes": classes, "problem": problem}
