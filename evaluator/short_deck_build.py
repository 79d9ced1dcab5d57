"""Offline generation of the short-deck tables (part of ``python -m pokerlab.evaluator.table_build build``).

Short-deck hold'em (docs/rules.md 15) deals 36 cards, 6 to A, and ranks the flush above the full house,
with A-6-7-8-9 the lowest straight. Its values come from
:func:`pokerlab.evaluator.hand_values.short_deck_key` by brute force over five-card choices, on a scale
of their own (``value >> 12`` indexes ``SHORT_DECK_CATEGORIES``), and the kernels only look them up:

* ``short_deck_values``: the best non-flush hand of 5 to 7 short-deck ranks, in a rank hash of its own
  (``short_deck_offsets``, ``short_deck_shift``) over the high hand's rank keys (``card_keys``): the same
  key sum finds it, in a table of the 10,230 short-deck multisets only (about 30 KB, not the 160 KB of
  the high hash's slots);
* ``short_deck_flush``: the best flush or straight flush of 5 to 7 suited ranks, by 13-bit rank mask.
  Seven cards holding a flush hold no four of a kind and no full house (five suited cards leave two),
  and a flush beats everything else, so a hand with a flush is worth its flush, as in the high kernel;
* ``short_deck_class_values`` and ``short_deck_class_ranks``: the distinct values, ascending, with the
  five ranks of one hand of each in describing order (groups first; A-6-7-8-9 reads nine first).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from .hand_values import CATEGORY_SHIFT, SHORT_DECK_LOW_RANK, short_deck_key
from .layout import MAX_CARDS, rank_key_of, rank_multisets

SHORT_RANKS = tuple(range(SHORT_DECK_LOW_RANK, 13))  # 6 .. A


def short_deck_numbering() -> dict[tuple[int, ...], int]:
    """Every five-card short-deck key -> its value (category << 12 | index from 1 within the category).

    >>> numbering = short_deck_numbering()
    >>> len(numbering), max(numbering.values()) >> 12   # classes; the royal flush's category
    (1404, 9)
    """
    keys = set()
    for combo in itertools.combinations_with_replacement(SHORT_RANKS, 5):
        if max(combo.count(r) for r in combo) > 4:
            continue
        ranks = tuple(sorted(combo, reverse=True))
        keys.add(short_deck_key(ranks, False))
        if len(set(ranks)) == 5:
            keys.add(short_deck_key(ranks, True))
    numbering: dict[tuple[int, ...], int] = {}
    index: dict[int, int] = {}
    for key in sorted(keys):
        index[key[0]] = index.get(key[0], 0) + 1
        numbering[key] = key[0] << CATEGORY_SHIFT | index[key[0]]
    return numbering


def _best(ranks: tuple[int, ...], flush: bool, numbering: dict[tuple[int, ...], int]) -> tuple[int, tuple[int, ...]]:
    """The best value of five of ``ranks`` (all suited when ``flush``) and the five ranks that make it."""
    return max(
        (numbering[short_deck_key(five, flush)], five)
        for five in itertools.combinations(sorted(ranks, reverse=True), 5)
    )


def _describing_order(ranks: tuple[int, ...], value: int) -> tuple[int, ...]:
    """Five ranks as a description reads them: groups by size then rank; a straight from its top card."""
    category = value >> CATEGORY_SHIFT
    if category in (4, 8, 9):  # straights: A-6-7-8-9 is nine-high, the ace read last
        top = max(r for r in ranks if r != 12) if 12 in ranks and 4 in ranks else max(ranks)
        return (7, 6, 5, 4, 12) if top == 7 else tuple(range(top, top - 5, -1))
    counts = {r: ranks.count(r) for r in set(ranks)}
    return tuple(sorted(ranks, key=lambda r: (-counts[r], -r)))


def build_short_deck_tables(
    rank_keys: list[int], displacement_hash: Callable[[np.ndarray, int], tuple[np.ndarray, np.ndarray, int]]
) -> dict[str, np.ndarray]:
    """The short-deck tables, hashed with the high hand's rank keys and its row-displacement hash."""
    numbering = short_deck_numbering()
    multisets = [m for m in rank_multisets() if 5 <= sum(m) <= MAX_CARDS and not any(m[:SHORT_DECK_LOW_RANK])]
    keys = np.array([rank_key_of(m, rank_keys) for m in multisets], dtype=np.int64)
    best = None
    for shift in range(8, 17):  # the smallest table (offsets and values) wins
        offsets, slots, n_slots = displacement_hash(keys, shift)
        nbytes = offsets.size * 4 + n_slots * 2
        if best is None or nbytes < best[0]:
            best = (nbytes, shift, offsets, slots, n_slots)
    assert best is not None  # the loop ran at least once
    _, shift, offsets, slots, n_slots = best
    # Padded so that every row's columns index inside the table, as the high hash is.
    values = np.zeros(max(n_slots, int(offsets.max()) + (1 << shift)), dtype=np.uint16)
    classes: dict[int, tuple[int, ...]] = {}
    for m, slot in zip(multisets, slots):
        ranks = tuple(r for r in range(13) for _ in range(m[r]))
        value, five = _best(ranks, False, numbering)
        values[slot] = value
        classes.setdefault(value, five)
    flush = np.zeros(1 << 13, dtype=np.uint16)
    for n in range(5, MAX_CARDS + 1):
        for held in itertools.combinations(SHORT_RANKS, n):
            value, five = _best(held, True, numbering)
            flush[sum(1 << r for r in held)] = value
            classes.setdefault(value, five)
    class_values = np.array(sorted(classes), dtype=np.uint16)
    class_ranks = np.array([_describing_order(classes[int(v)], int(v)) for v in class_values], dtype=np.uint8)
    return {
        "short_deck_offsets": offsets.astype(np.uint32),
        "short_deck_shift": np.array([shift], dtype=np.uint32),
        "short_deck_values": values,
        "short_deck_flush": flush,
        "short_deck_class_values": class_values,
        "short_deck_class_ranks": class_ranks,
    }
