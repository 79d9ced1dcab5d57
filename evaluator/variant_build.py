"""Offline generation of the lowball and wild-card tables (part of ``python -m pokerlab.evaluator.table_build build``).

Every value is derived here from the rules in :mod:`pokerlab.evaluator.hand_values`
by brute force over five-card choices and wild-card substitutions; the
kernels only look values up. Values follow the high-hand convention: a
larger value is a better hand, equal values tie, and ``value >> 12`` is the
category (for lowball an index into ``ACE_FIVE_CATEGORIES`` or
``DEUCE_SEVEN_CATEGORIES``).

* Lowball (5 to 7 cards) reuses the high-hand rank hash: ace-to-five never
  looks at suits, so ``ace_five_values`` is indexed like ``rank_values``;
  deuce-to-seven adds ``deuce_seven_flush`` for five suited cards (six or
  seven cards holding a flush fall back to their five-card subsets).
* Wild-card games (five cards) hash the multiset of *natural* ranks (1 to 5
  cards) with the same rank keys into a second, small table; the number of
  wild cards is five minus the multiset size, so one value per multiset is
  enough. ``wild_flush`` gives the best flush or straight flush when every
  natural card shares a suit (a wild card there takes a rank not yet held).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from .hand_values import (
    CATEGORY_SHIFT,
    FIVE_OF_A_KIND,
    ace_five_badness,
    ace_five_category,
    deuce_seven_category,
    deuce_seven_key,
    five_card_key,
    wild_key,
)
from .layout import rank_key_of, rank_multisets

ACE = 12


def _number(keys: list[tuple[int, ...]], category_of: Callable[[tuple[int, ...]], int]) -> dict[tuple[int, ...], int]:
    """Values (category << 12 | index from 1) for keys listed worst first."""
    index: dict[int, int] = {}
    values = {}
    for key in keys:
        cat = category_of(key)
        index[cat] = index.get(cat, 0) + 1
        values[key] = cat << CATEGORY_SHIFT | index[cat]
    return values


def _five_rank_sets() -> list[tuple[int, ...]]:
    """Every multiset of five ranks (at most four of a rank), as sorted tuples."""
    return [c for c in itertools.combinations_with_replacement(range(13), 5) if max(c.count(r) for r in c) <= 4]


def ace_five_numbering() -> dict[tuple[int, ...], int]:
    """Sorted five ranks -> ace-to-five value (6,175 classes)."""
    by_badness = {ace_five_badness(c): c for c in _five_rank_sets()}
    worst_first = sorted(by_badness, reverse=True)
    values = _number(worst_first, ace_five_category)
    return {by_badness[b]: values[b] for b in worst_first}


def deuce_seven_numbering() -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]]:
    """Sorted five ranks -> deuce-to-seven value, unsuited and suited (7,462 classes)."""
    plain = {c: deuce_seven_key(c, False) for c in _five_rank_sets()}
    suited = {c: deuce_seven_key(c, True) for c in itertools.combinations(range(13), 5)}
    worst_first = sorted(set(plain.values()) | set(suited.values()), reverse=True)
    values = _number(worst_first, deuce_seven_category)
    return {c: values[k] for c, k in plain.items()}, {c: values[k] for c, k in suited.items()}


def _best_of_subsets(ranks: tuple[int, ...], values: dict[tuple[int, ...], int]) -> int:
    return max(values[sub] for sub in itertools.combinations(ranks, 5))


def _wild_value(naturals: tuple[int, ...], numbering: dict[tuple[int, ...], int]) -> int:
    """Best unsuited hand when the missing cards are fully wild (any rank, five of a kind allowed)."""
    best = 0
    for extra in itertools.combinations_with_replacement(range(13), 5 - len(naturals)):
        ranks = tuple(sorted(naturals + extra, reverse=True))
        key = wild_key(ranks, False)
        value = (FIVE_OF_A_KIND << CATEGORY_SHIFT | key[1] + 1) if key[0] == FIVE_OF_A_KIND else numbering[key]
        best = max(best, value)
    return best


def _wild_flush(held: tuple[int, ...], numbering: dict[tuple[int, ...], int]) -> int:
    """Best flush or straight flush from suited ranks plus wild cards taking ranks not held."""
    missing = [r for r in range(13) if r not in held]
    return max(
        numbering[five_card_key(tuple(sorted(held + extra, reverse=True)), True)]
        for extra in itertools.combinations(missing, 5 - len(held))
    )


def _bug_value(naturals: tuple[int, ...], numbering: dict[tuple[int, ...], int]) -> int:
    """Best unsuited hand with the bug: an ace, or any rank that completes a straight."""
    if len(naturals) == 5:
        return numbering[five_card_key(tuple(sorted(naturals, reverse=True)), False)]
    if naturals.count(ACE) == 4:
        return FIVE_OF_A_KIND << CATEGORY_SHIFT | ACE + 1  # five aces, the best hand
    best = numbering[five_card_key(tuple(sorted(naturals + (ACE,), reverse=True)), False)]
    for r in range(13):
        ranks = tuple(sorted(naturals + (r,), reverse=True))
        key = five_card_key(ranks, False)
        if key[0] == 4:  # straight
            best = max(best, numbering[key])
    return best


def _ace_five_joker_value(naturals: tuple[int, ...], ace_five: dict[tuple[int, ...], int]) -> int:
    """Ace-to-five value with the joker as the lowest rank the hand lacks (which is also the best choice)."""
    if len(naturals) == 5:
        return ace_five[tuple(sorted(naturals))]
    low_order = [ACE, *range(12)]  # A, 2, 3, ..., K
    lowest_missing = next(r for r in low_order if r not in naturals)
    return ace_five[tuple(sorted(naturals + (lowest_missing,)))]


def _class_arrays(
    values: dict[tuple[int, ...], int], order: Callable[[tuple[int, ...]], tuple[int, ...]]
) -> tuple[NDArray[np.uint16], NDArray[np.uint8]]:
    """Distinct values ascending with the five ranks of one hand of each, in describing order."""
    first: dict[int, tuple[int, ...]] = {}
    for ranks, value in values.items():
        first.setdefault(value, ranks)
    class_values = np.array(sorted(first), dtype=np.uint16)
    class_ranks = np.array([order(first[int(v)]) for v in class_values], dtype=np.uint8)
    return class_values, class_ranks


def _low_order(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Ace-to-five reading order: groups first, then highest to lowest with the ace low."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    return tuple(sorted(ranks, key=lambda r: (-counts[r], -((r + 1) % 13))))


def _high_order(ranks: tuple[int, ...]) -> tuple[int, ...]:
    counts = {r: ranks.count(r) for r in set(ranks)}
    return tuple(sorted(ranks, key=lambda r: (-counts[r], -r)))


def build_variant_tables(
    rank_keys: list[int],
    rank_offsets: np.ndarray,
    rank_shift: int,
    multisets: list[tuple[int, ...]],
    numbering: dict[tuple[int, ...], int],
    displacement_hash: Callable[[np.ndarray, int], tuple[np.ndarray, np.ndarray, int]],
) -> dict[str, np.ndarray]:
    """Every lowball and wild-card table, given the high-hand hash and class numbering."""

    col_mask = (1 << rank_shift) - 1
    ace_five = ace_five_numbering()
    d27_plain, d27_suited = deuce_seven_numbering()

    # Lowball over the high-hand hash (multisets of 5 to 7 ranks).
    size = int(rank_offsets.max()) + (1 << rank_shift)
    ace_five_values = np.zeros(size, dtype=np.uint16)
    deuce_seven_values = np.zeros(size, dtype=np.uint16)
    for m in multisets:
        key = rank_key_of(m, rank_keys)
        slot = int(rank_offsets[key >> rank_shift]) + (key & col_mask)
        ranks = tuple(r for r in range(13) for _ in range(m[r]))
        ace_five_values[slot] = _best_of_subsets(ranks, ace_five)
        deuce_seven_values[slot] = _best_of_subsets(ranks, d27_plain)
    last = int(max(np.nonzero(ace_five_values)[0].max(), np.nonzero(deuce_seven_values)[0].max()))
    ace_five_values = ace_five_values[: last + 1]
    deuce_seven_values = deuce_seven_values[: last + 1]
    deuce_seven_flush = np.zeros(1 << 13, dtype=np.uint16)
    for ranks, value in d27_suited.items():
        deuce_seven_flush[sum(1 << r for r in ranks)] = value

    # Wild cards: natural multisets of 1 to 5 ranks in their own small hash.
    naturals = [m for m in rank_multisets(5) if sum(m) >= 1]
    wild_keys = np.array([rank_key_of(m, rank_keys) for m in naturals], dtype=np.int64)
    best = None
    for shift in range(6, 16):
        offsets, slots, n_slots = displacement_hash(wild_keys, shift)
        nbytes = offsets.size * 4 + n_slots * 2 * 3
        if best is None or nbytes < best[0]:
            best = (nbytes, shift, offsets, slots, n_slots)
    assert best is not None  # the loop ran at least once
    _, wild_shift, wild_offsets, wild_slots, n_slots = best
    wild_values = np.zeros(n_slots, dtype=np.uint16)
    bug_values = np.zeros(n_slots, dtype=np.uint16)
    ace_five_joker_values = np.zeros(n_slots, dtype=np.uint16)
    for m, slot in zip(naturals, wild_slots):
        ranks = tuple(r for r in range(13) for _ in range(m[r]))
        wild_values[slot] = _wild_value(ranks, numbering)
        if len(ranks) >= 4:
            bug_values[slot] = _bug_value(ranks, numbering)
            ace_five_joker_values[slot] = _ace_five_joker_value(ranks, ace_five)
    wild_flush = np.zeros(1 << 13, dtype=np.uint16)
    for n in range(1, 6):
        for held in itertools.combinations(range(13), n):
            wild_flush[sum(1 << r for r in held)] = _wild_flush(held, numbering)

    a5_values, a5_ranks = _class_arrays(ace_five, _low_order)
    # Tagged by suitedness: the same five ranks are two classes in deuce-to-seven.
    d27_all = {**{(0, *k): v for k, v in d27_plain.items()}, **{(1, *k): v for k, v in d27_suited.items()}}
    d27_values, d27_ranks = _class_arrays(d27_all, lambda k: _high_order(k[1:]))

    return {
        "ace_five_values": ace_five_values,
        "deuce_seven_values": deuce_seven_values,
        "deuce_seven_flush": deuce_seven_flush,
        "wild_offsets": wild_offsets.astype(np.uint32),
        "wild_shift": np.array([wild_shift], dtype=np.uint32),
        "wild_values": wild_values,
        "wild_flush": wild_flush,
        "bug_values": bug_values,
        "ace_five_joker_values": ace_five_joker_values,
        "ace_five_class_values": a5_values,
        "ace_five_class_ranks": a5_ranks,
        "deuce_seven_class_values": d27_values,
        "deuce_seven_class_ranks": d27_ranks,
    }
