"""Proof of the order of the high-hand tables, beyond category counts (part of ``pokerlab verify``).

Category counts alone miss a table whose values are swapped inside a
category (a royal flush ranked as a king-high straight flush and back keeps
every count). This module checks every rank class instead, with its own
ranking that shares no code with the table build (``hand_values.five_card_key``):

- 5 cards: all 7,462 classes (6,175 rank multisets unsuited, 1,287 suited)
  ranked by the tables must sort exactly as this module's keys sort, with
  equal values only for equal keys;
- 6 and 7 cards: every rank multiset without a flush, and every suited rank
  set of 5 to k cards, must be worth the best of its 5-card subsets.

Together these prove every value the tables give, up to the 5-card order
checked first. Each of these hands is also ranked one at a time (the per-call
evaluator, which reads its own rank hash, ``rank_offsets`` and
``rank_values``, not the batch path's) and must be worth the same.

>>> result = check_order(5)
>>> result["ok"], result["classes"]
(True, 7462)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np

from ..errors import InputError
from .api import evaluate, evaluate_batch
from .cards import card_str
from .rules import get_rules

_RANKS = 13
_ACE = 12
_CODE_BASE = np.array([_RANKS**i for i in range(5)], dtype=np.int64)


def independent_key(ranks: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """(class, tiebreaks...) of five cards (ranks 0..12 = 2..A), written apart from the table build.

    Classes: 0 high card, 1 pair, 2 two pair, 3 trips, 4 straight, 5 flush,
    6 full house, 7 quads, 8 straight flush (a royal flush is its top).

    >>> independent_key((12, 11, 10, 9, 8), True) > independent_key((11, 10, 9, 8, 7), True)
    True
    >>> independent_key((12, 0, 1, 2, 3), False) < independent_key((0, 1, 2, 3, 4), False)
    True
    """
    by_count = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in by_count)
    order = tuple(r for r, _ in by_count)
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [_ACE, 3, 2, 1, 0]:
            top = 3  # the wheel: five-high
    if top is not None:
        return (8 if suited else 4, top)
    if suited:
        return (5, *distinct)
    named = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}
    return (named[shape], *order)


def _codes(ranks: np.ndarray) -> np.ndarray:
    """Index of each row of five sorted ranks in a 13**5 lookup array."""
    return np.sort(ranks, axis=1) @ _CODE_BASE


def _unsuited_hand(ranks: tuple[int, ...]) -> list[int]:
    """Card ids of the ranks (ascending) with suits dealt in turn: no suit gets more than two of seven."""
    return [4 * r + i % 4 for i, r in enumerate(sorted(ranks))]


def _five_card_hands() -> tuple[list[tuple[tuple[int, ...], bool]], np.ndarray]:
    """Every 5-card class, (ranks, suited), and a hand of it: (classes, (7,462, 5) uint8 card ids)."""
    classes: list[tuple[tuple[int, ...], bool]] = []
    for ranks in combinations_with_replacement(range(_RANKS), 5):
        if max(Counter(ranks).values()) <= 4:
            classes.append((ranks, False))
            if len(set(ranks)) == 5:
                classes.append((ranks, True))
    hands = [[4 * r for r in ranks] if suited else _unsuited_hand(ranks) for ranks, suited in classes]
    return classes, np.array(hands, dtype=np.uint8)


def _five_card_classes(
    evaluate_rows: Callable[[np.ndarray], np.ndarray],
) -> tuple[list[tuple[tuple[int, ...], bool]], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every 5-card class: (ranks, suited), a hand of it, its table value, and lookups by rank code."""
    classes, hands = _five_card_hands()
    values = evaluate_rows(hands).astype(np.int64)
    plain = np.zeros(_RANKS**5, dtype=np.int64)
    flush = np.zeros(_RANKS**5, dtype=np.int64)
    codes = _codes(np.array([ranks for ranks, _ in classes]))
    suited = np.array([s for _, s in classes])
    plain[codes[~suited]] = values[~suited]
    flush[codes[suited]] = values[suited]
    return classes, hands, values, plain, flush


def _best_of_subsets(rank_rows: np.ndarray, lookup: np.ndarray) -> np.ndarray:
    """Best 5-card value over every 5-subset of each row of ranks, read from ``lookup`` by rank code."""
    best = np.zeros(len(rank_rows), dtype=np.int64)
    for columns in combinations(range(rank_rows.shape[1]), 5):
        best = np.maximum(best, lookup[_codes(rank_rows[:, list(columns)])])
    return best


def _per_call_problem(rows: np.ndarray, batch_values: np.ndarray, rules: str | None = None) -> str | None:
    """The first hand the per-call evaluator values differently from the batch path, or None."""
    for row, value in zip(rows.tolist(), batch_values.tolist()):
        alone = evaluate(row, rules=rules)
        if alone != value:
            cards = " ".join(card_str(c) for c in row)
            return f"{cards} is worth {alone} one at a time, {value} in a batch{f' ({rules})' if rules else ''}"
    return None


def check_order(n_cards: int) -> dict[str, Any]:
    """Check the high-hand table order for ``n_cards`` (5, 6 or 7); returns ``{"ok", "classes", "problem"}``.

    ``problem`` names the first class found out of order (``None`` when ok).
    """
    if n_cards not in (5, 6, 7):
        raise InputError(f"n_cards must be 5, 6 or 7, got {n_cards}")
    classes, hands, values, plain, flush = _five_card_classes(evaluate_batch)
    problem = _per_call_problem(hands, values)
    if problem is not None:
        return {"ok": False, "classes": len(classes), "problem": problem}
    keys = [independent_key(ranks, suited) for ranks, suited in classes]
    order = sorted(range(len(classes)), key=keys.__getitem__)
    for a, b in zip(order, order[1:]):
        if not values[a] < values[b]:
            first, second = classes[a], classes[b]
            return {
                "ok": False,
                "classes": len(classes),
                "problem": f"{_describe(*first)} is worth {values[a]}, not less than {_describe(*second)} "
                f"({values[b]})",
            }
    if n_cards == 5:
        return {"ok": True, "classes": len(classes), "problem": None}
    # Without a flush a hand is worth its best five ranks; with one (at most 7 cards: no quads or full house
    # beside it) its best five suited cards.
    groups = [[r for r in combinations_with_replacement(range(_RANKS), n_cards) if max(Counter(r).values()) <= 4]]
    hand_groups = [[_unsuited_hand(r) for r in groups[0]]]
    for size in range(5, n_cards + 1):
        groups.append(list(combinations(range(_RANKS), size)))
        # The flush in clubs; the other cards are low diamonds and hearts.
        others = [4 * r + 1 + r % 2 for r in range(n_cards - size)]
        hand_groups.append([[4 * r for r in ranks] + others for ranks in groups[-1]])
    checked = len(classes)
    for i, (rank_sets, rows) in enumerate(zip(groups, hand_groups)):
        got = evaluate_batch(np.array(rows, dtype=np.uint8)).astype(np.int64)
        problem = _per_call_problem(np.array(rows), got)
        if problem is not None:
            return {"ok": False, "classes": checked, "problem": problem}
        want = _best_of_subsets(np.array(rank_sets, dtype=np.int64), flush if i else plain)
        checked += len(rank_sets)
        bad = np.nonzero(got != want)[0]
        if bad.size:
            row = int(bad[0])
            what = f"{_describe(rank_sets[row], i > 0)} is worth {got[row]}, its best five {want[row]}"
            return {"ok": False, "classes": checked, "problem": what}
    return {"ok": True, "classes": checked, "problem": None}


def _describe(ranks: tuple[int, ...], suited: bool) -> str:
    text = "".join("23456789TJQKA"[r] for r in sorted(ranks, reverse=True))
    return f"{text} {'suited' if suited else 'unsuited'}"


def lowball_key(ranks: tuple[int, ...], suited: bool, rules: str) -> tuple[int, ...]:
    """How bad five cards are as a low (larger is worse), written apart from the table build.

    ``ace-five``: aces low, straights and flushes ignored; ``deuce-seven``: aces high, straights and
    flushes count against the hand, and A-2-3-4-5 is no straight. Either way the hand is as bad as its
    high-hand key under those rules.

    >>> lowball_key((3, 2, 1, 0, 12), False, "ace-five") < lowball_key((4, 2, 1, 0, 12), False, "ace-five")
    True
    >>> lowball_key((12, 0, 1, 2, 3), False, "deuce-seven") > lowball_key((5, 3, 2, 1, 0), False, "deuce-seven")
    True
    """
    if rules == "ace-five":
        low = tuple((r + 1) % _RANKS for r in ranks)  # ace 0, deuce 1 .. king 12
        by_count = sorted(Counter(low).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
        shape = tuple(c for _, c in by_count)
        named = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}
        return (named[shape], *(r for r, _ in by_count))
    if len(set(ranks)) == 5 and sorted(ranks) == [0, 1, 2, 3, 12]:  # the wheel is ace-high, no straight
        return (5 if suited else 0, 12, 3, 2, 1, 0)
    return independent_key(ranks, suited)


def check_lowball_order(rules: str) -> dict[str, Any]:
    """Every 5-card class of ``ace-five`` or ``deuce-seven``, ranked per call and in a batch, against
    :func:`lowball_key`: the same value both ways, and better exactly where the key is smaller.

    >>> check_lowball_order("deuce-seven")["ok"], check_lowball_order("ace-five")["classes"]
    (True, 7462)
    """
    classes, hands = _five_card_hands()
    batch = evaluate_batch(hands, rules=rules).astype(np.int64)
    problem = _per_call_problem(hands, batch, rules)
    if problem is not None:
        return {"ok": False, "classes": len(classes), "problem": problem}
    goodness = [tuple(-k for k in lowball_key(ranks, suited, rules)) for ranks, suited in classes]  # larger: better
    problem = _out_of_order(goodness, batch, [_describe(*c) for c in classes], f"as {rules} lows")
    return {"ok": problem is None, "classes": len(classes), "problem": problem}


def _wild_high_key(ranks: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """:func:`independent_key` with five of a kind (class 9) above a straight flush; suited counts only
    for five distinct ranks (a wild card never flushes by copying a card the hand holds)."""
    if len(set(ranks)) == 1:
        return (9, ranks[0])
    return independent_key(ranks, suited and len(set(ranks)) == 5)


def wild_key(naturals: tuple[int, ...], suited: bool, wilds: int, kernel: str) -> tuple[int, ...]:
    """How good five cards are when ``wilds`` of them are wild, by trying each wild as every rank (in the
    naturals' suit when they share one): the best high hand for ``wild`` (fully wild), for ``bug`` the
    best with the bug an ace or completing a straight or flush, and for the joker lowballs the best low
    (returned negated, so that larger is still better).

    >>> wild_key((12, 12, 12, 12), False, 1, "wild") > wild_key((11, 10, 9, 8), True, 1, "wild")
    True
    >>> wild_key((0, 1, 2, 3), False, 1, "bug")   # 2-3-4-5 and the bug: a six-high straight
    (4, 4)
    """
    tries = [(*naturals, *extra) for extra in combinations_with_replacement(range(_RANKS), wilds)]
    if kernel in ("ace-five-joker", "deuce-seven-joker"):  # the joker is off the naturals' suit: never a flush
        legal = [t for t in tries if max(Counter(t).values()) <= 4]
        rules = kernel.removesuffix("-joker")
        return tuple(-k for k in min(lowball_key(t, suited and not wilds, rules) for t in legal))
    keys = [_wild_high_key(t, suited) for t in tries]
    if kernel == "bug" and wilds:  # an ace, or whatever completes a straight, flush or straight flush
        keys = [k for t, k in zip(tries, keys) if t[-1] == _ACE or k[0] in (4, 5, 8)]
    return max(keys)


def _wild_classes(rules) -> tuple[list[tuple[tuple[int, ...], bool, int]], np.ndarray]:  # type: ignore[no-untyped-def]
    """Every class of five cards under ``rules``: (natural ranks, whether they share a suit, wild cards),
    and a hand of each (card ids, the wild cards last)."""
    wild_ids = list(range(rules.first_natural)) if rules.first_natural else list(range(52, rules.deck_size))
    lowest = rules.first_natural // 4  # deuces wild: no natural deuce
    classes = []
    hands = []
    for wilds in range(len(wild_ids) + 1):
        n = 5 - wilds
        if n == 0:
            continue
        for ranks in combinations_with_replacement(range(lowest, _RANKS), n):
            if max(Counter(ranks).values()) > 4:
                continue
            if n > 1:
                classes.append((ranks, False, wilds))
                hands.append(_unsuited_hand(ranks) + wild_ids[:wilds])
            if len(set(ranks)) == n:
                classes.append((ranks, True, wilds))
                hands.append([4 * r for r in ranks] + wild_ids[:wilds])
    return classes, np.array(hands, dtype=np.uint8)


def _class_name(ranks: tuple[int, ...], suited: bool, wilds: int) -> str:
    return f"{_describe(ranks, suited)}{f' and {wilds} wild' if wilds else ''}"


def check_wild_order(rules_name: str) -> dict[str, Any]:
    """Every class of five cards of a wild-card or joker ruleset, ranked per call and in a batch, against
    :func:`wild_key`: the same value both ways, and better exactly where the key is larger.

    >>> check_wild_order("joker")["ok"], check_wild_order("ace-five-joker")["classes"]
    (True, 9997)
    """
    rules = get_rules(rules_name)
    classes, hands = _wild_classes(rules)
    values = evaluate_batch(hands, rules=rules.name).astype(np.int64)
    problem = _per_call_problem(hands, values, rules.name)
    if problem is None:
        keys = [wild_key(ranks, suited, wilds, rules.kernel) for ranks, suited, wilds in classes]
        problem = _out_of_order(keys, values, [_class_name(*c) for c in classes], f"under {rules.name}")
    return {"ok": problem is None, "classes": len(classes), "problem": problem}


def _out_of_order(keys: list[Any], values: np.ndarray, names: list[str], ranking: str) -> str | None:
    """The first neighbours of the key order whose values disagree with it (equal exactly where the keys are
    equal, larger where the key is larger), or None; ``ranking`` ends the message ("under joker")."""
    order = sorted(range(len(keys)), key=keys.__getitem__)
    for a, b in zip(order, order[1:]):
        if (keys[a] == keys[b]) != (values[a] == values[b]) or (keys[a] < keys[b] and not values[a] < values[b]):
            return f"{names[a]} ({values[a]}) and {names[b]} ({values[b]}) are out of order {ranking}"
    return None


def check_lowball_best_five(rules: str, n_cards: int) -> dict[str, Any]:
    """Six or seven cards under ``ace-five`` or ``deuce-seven``: every rank multiset, and for deuce-seven
    every suited rank set of 5 to ``n_cards`` cards beside low off-suit cards, must be worth the best of its
    5-card subsets (whose order :func:`check_lowball_order` proves), per call and in a batch.

    >>> check_lowball_best_five("ace-five", 6)["ok"]
    True
    """
    _, _, values, plain, flush = _five_card_classes(lambda rows: evaluate_batch(rows, rules=rules))
    groups = [([r for r in combinations_with_replacement(range(_RANKS), n_cards) if max(Counter(r).values()) <= 4], 0)]
    if rules == "deuce-seven":
        groups += [(list(combinations(range(_RANKS), size)), size) for size in range(5, n_cards + 1)]
    checked = 0
    for rank_sets, size in groups:
        others = [4 * r + 1 + r % 2 for r in range(n_cards - size)]  # the suited cards are clubs
        rows = [[4 * r for r in ranks] + others if size else _unsuited_hand(ranks) for ranks in rank_sets]
        hands = np.array(rows, dtype=np.uint8)
        got = evaluate_batch(hands, rules=rules).astype(np.int64)
        problem = _per_call_problem(hands, got, rules)
        if problem is not None:
            return {"ok": False, "classes": checked, "problem": problem}
        ranks = (hands.astype(np.int64) >> 2) if size else np.array(rank_sets, dtype=np.int64)
        want = np.zeros(len(rank_sets), dtype=np.int64)
        for columns in combinations(range(n_cards), 5):
            lookup = flush if size and max(columns) < size else plain
            want = np.maximum(want, lookup[_codes(ranks[:, list(columns)])])
        checked += len(rank_sets)
        bad = np.nonzero(got != want)[0]
        if bad.size:
            row = int(bad[0])
            cards = " ".join(card_str(c) for c in rows[row])
            return {"ok": False, "classes": checked, "problem": f"{cards} is worth {got[row]}, its best five "
                    f"{want[row]} ({rules})"}  # fmt: skip
    return {"ok": True, "classes": checked, "problem": None}


def check_ruleset_order(rules_name: str, n_cards: int) -> dict[str, Any]:
    """The order proof of every table a ruleset other than ``high`` reads for up to ``n_cards`` cards (five
    for the wild rulesets; five to seven for the lowballs, whose 6- and 7-card values share their tables;
    the short deck's by :mod:`pokerlab.evaluator.verify_short_deck`, badugi's by
    :mod:`pokerlab.evaluator.verify_badugi`).

    >>> check_ruleset_order("deuces-wild", 5)["ok"]
    True
    """
    rules = get_rules(rules_name)
    if rules.kernel == "badugi":
        from .verify_badugi import check_badugi_order  # a layer below: its own ranking over every hand

        return check_badugi_order()
    if rules.kernel == "short-deck":
        from .verify_short_deck import check_short_deck_order  # a layer below: its own ranking and helpers

        return check_short_deck_order(n_cards)
    if rules.kernel not in ("ace-five", "deuce-seven"):
        return check_wild_order(rules.name)
    result = check_lowball_order(rules.name)
    for size in (6, 7):
        if not result["ok"]:
            break
        more = check_lowball_best_five(rules.name, size)
        result = {**more, "classes": result["classes"] + more["classes"]}
    return result
