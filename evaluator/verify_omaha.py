"""``pokerlab verify omaha``: every Omaha high hand on the flop, counted over a suit-reduced enumeration.

Every deal of four hole cards and a three-card flop (C(52,4) x C(48,3) =
4,682,459,600 deals) is ranked: the 22,100 flops reduce to 1,755 up to a
permutation of the suits (each weighted by how many flops it stands for),
and every four-card hand of the other 49 cards is ranked on each by the
Omaha batch kernel. Each value is also compared with an independent path,
the best of the six five-card hands (two hole cards plus the flop) ranked
by the five-card evaluator that ``verify 5card`` proves. No published count
of Omaha hands was found: the category rows are computed, the checks are the
total and the agreement of the two paths on every deal.

The eight-or-better low (``omaha_low``) depends only on which low ranks the
hole and the board hold: every pair of such rank sets (four hole cards with
0-4 low ranks, a five-card board with 0-5) is ranked through the per-call and
the batch evaluators and must sort as an independent key sorts (the best
five distinct low ranks, two from the hole and three from the board, highest
card first), equal exactly where the keys are equal, 0 where there is no low.

>>> flops, weights = canonical_flops()
>>> len(flops), int(weights.sum())
(1755, 22100)
"""

from __future__ import annotations

import itertools
import time
from math import comb
from typing import Any

import numpy as np

from .api import evaluate_batch
from .hand_values import CATEGORY_NAMES, CATEGORY_SHIFT, ROYAL_FLUSH
from .omaha import evaluate_omaha, evaluate_omaha_batch

DEALS = comb(52, 4) * comb(48, 3)
SOURCE = (
    "suit-reduced enumeration (1,755 flops up to suit permutation x every four-card hand); "
    "no published Omaha counts: each deal checked against the best of its six five-card hands"
)


def canonical_flops() -> tuple[np.ndarray, np.ndarray]:
    """The flops up to a permutation of suits, (F, 3) uint8, and how many flops each stands for."""
    weights: dict[tuple[int, ...], int] = {}
    perms = list(itertools.permutations(range(4)))
    for flop in itertools.combinations(range(52), 3):
        key = min(tuple(sorted(4 * (c >> 2) + p[c & 3] for c in flop)) for p in perms)
        weights[key] = weights.get(key, 0) + 1
    keys = sorted(weights)
    return np.array(keys, dtype=np.uint8), np.array([weights[k] for k in keys], dtype=np.int64)


def count_flops(flops: np.ndarray, weights: np.ndarray, parallel: bool = False) -> tuple[np.ndarray, int]:
    """Weighted value histogram of every four-card hand on each flop, and how many deals the two paths disagree on.

    >>> histogram, differing = count_flops(np.array([[0, 1, 2]], dtype=np.uint8), np.array([4]))
    >>> int(histogram.sum()), differing   # 4 x C(49, 4)
    (847504, 0)
    """
    from .omaha_kernels import best_of_pairs  # numba-compiled: imported on first use

    picks = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(49), 4)), dtype=np.uint8)
    picks = picks.reshape(-1, 4)
    pairs = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], dtype=np.uint8)
    histogram = np.zeros(10 << CATEGORY_SHIFT, dtype=np.int64)
    differing = 0
    reference = np.empty(len(picks), dtype=np.uint16)
    pair_values = np.zeros(52 * 52, dtype=np.uint16)
    for flop, weight in zip(flops, weights):
        rest = np.array([c for c in range(52) if c not in flop], dtype=np.uint8)
        holes = rest[picks]
        values = evaluate_batch(holes, rules="omaha", board=flop, parallel=parallel)
        # The independent path: each pair with the flop through the five-card evaluator.
        live = pairs[~np.isin(pairs, flop).any(axis=1)]
        fives = np.ascontiguousarray(np.column_stack([live, np.tile(flop, (len(live), 1))]))
        pair_values[live[:, 0].astype(np.int64) * 52 + live[:, 1]] = evaluate_batch(fives)
        best_of_pairs(holes, pair_values, reference)
        differing += int(np.count_nonzero(values != reference)) * int(weight)
        histogram += np.bincount(values, minlength=len(histogram)) * weight
    return histogram, differing


#: Card rank index (2 = 0 .. ace = 12) of each low rank, ace first: A, 2, .. 8.
_LOW_RANK_INDEX = (12, 0, 1, 2, 3, 4, 5, 6)
_HOLE_FILL = (11, 10, 9, 8)  # K Q J T: no low
_BOARD_FILL = (7, 8, 9, 10, 11)  # 9 T J Q K


def low_key(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, ...] | None:
    """The best eight-or-better low of two hole ranks and three board ranks (0 = ace .. 7 = eight), or None.

    Smaller is better: the five distinct ranks, highest first.

    >>> low_key((0, 1), (2, 3, 4)), low_key((0, 1), (2, 3, 4, 6)), low_key((0,), (1, 2, 3, 4))
    ((4, 3, 2, 1, 0), (4, 3, 2, 1, 0), None)
    """
    best = None
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            ranks = set(two) | set(three)
            if len(ranks) == 5:
                key = tuple(sorted(ranks, reverse=True))
                best = key if best is None or key < best else best
    return best


def _low_deals() -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], np.ndarray]:
    """Every (hole low ranks, board low ranks) pair, with a deal holding exactly those: (N, 9) card ids."""
    sets = [frozenset(c) for k in range(6) for c in itertools.combinations(range(8), k)]
    pairs, rows = [], []
    for hole in (s for s in sets if len(s) <= 4):
        for board in sets:
            hole_cards = [4 * _LOW_RANK_INDEX[r] for r in sorted(hole)] + [4 * r for r in _HOLE_FILL]
            board_cards = [4 * _LOW_RANK_INDEX[r] + 1 for r in sorted(board)] + [4 * r + 2 for r in _BOARD_FILL]
            pairs.append((tuple(sorted(hole)), tuple(sorted(board))))
            rows.append(hole_cards[:4] + board_cards[:5])
    return pairs, np.array(rows, dtype=np.uint8)


def _low_of(value: int | tuple[int, int]) -> int:
    assert isinstance(value, tuple)  # rules="omaha-hilo" gives (high, low)
    return value[1]


def check_low_order(parallel: bool = False) -> dict[str, Any]:
    """Omaha hi/lo's low values, per call and in a batch, against :func:`low_key` (see the module doc).

    >>> result = check_low_order()
    >>> result["ok"], result["deals"]
    (True, 35697)
    """
    pairs, rows = _low_deals()
    batch = evaluate_omaha_batch(rows, rules="omaha-hilo", parallel=parallel)[:, 1].astype(np.int64)
    per_call = np.array([_low_of(evaluate_omaha(row[:4], row[4:], rules="omaha-hilo")) for row in rows.tolist()])
    keys = [low_key(hole, board) for hole, board in pairs]
    problem = None
    differ = np.nonzero(per_call != batch)[0]
    if differ.size:
        i = int(differ[0])
        problem = f"low ranks {pairs[i]}: the per-call low is {per_call[i]}, the batch one {batch[i]}"
    none = [i for i, key in enumerate(keys) if key is None]
    if problem is None and np.any(per_call[none] != 0):
        i = none[int(np.flatnonzero(per_call[none] != 0)[0])]
        problem = f"low ranks {pairs[i]} make no low but are worth {per_call[i]}"
    ranked = sorted((key, i) for i, key in enumerate(keys) if key is not None)
    for (key_a, a), (key_b, b) in zip(ranked, ranked[1:]):
        if problem is not None:
            break
        if (key_a == key_b) != (per_call[a] == per_call[b]) or (key_a < key_b and not per_call[a] > per_call[b]):
            problem = f"low ranks {pairs[a]} ({per_call[a]}) and {pairs[b]} ({per_call[b]}) are out of order"
    return {"ok": problem is None, "deals": len(rows), "problem": problem}


def verify_omaha(parallel: bool = False) -> dict[str, Any]:
    """Category counts of Omaha high on the flop over every deal, with both paths compared (see the module doc)."""
    start = time.perf_counter()
    histogram, differing = count_flops(*canonical_flops(), parallel=parallel)
    low = check_low_order(parallel)
    seconds = time.perf_counter() - start
    per_category = np.bincount(np.arange(len(histogram)) >> CATEGORY_SHIFT, weights=histogram, minlength=10)
    counts = [int(round(x)) for x in per_category[::-1]]
    rows: list[dict[str, Any]] = [
        {"label": label, "count": count, "published": None, "ok": True}
        for label, count in zip(CATEGORY_NAMES[ROYAL_FLUSH::-1], counts)
    ]
    total = int(histogram.sum())
    rows.append({"label": "Deals, C(52,4) x C(48,3)", "count": total, "published": DEALS, "ok": total == DEALS})
    rows.append(
        {
            "label": "Equal to the best five-card hand",
            "count": total - differing,
            "published": None,
            "reference": "five-card evaluator",
            "ok": differing == 0,
        }
    )
    rows.append(
        {
            "label": "Low hands in order (hi/lo)",
            "count": low["deals"],
            "published": None,
            "reference": "independent low ranking",
            "ok": low["ok"],
        }
    )
    return {
        "name": "omaha",
        "rules": "omaha",
        "total": total,
        "distinct": int(np.count_nonzero(histogram)),
        "rows": rows,
        "ok": all(r["ok"] for r in rows),
        "seconds": round(seconds, 4),
        "source": SOURCE,
        "problem": low["problem"],
    }
