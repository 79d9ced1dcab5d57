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


def verify_omaha(parallel: bool = False) -> dict[str, Any]:
    """Category counts of Omaha high on the flop over every deal, with both paths compared (see the module doc)."""
    start = time.perf_counter()
    histogram, differing = count_flops(*canonical_flops(), parallel=parallel)
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
    return {
        "name": "omaha",
        "rules": "omaha",
        "total": total,
        "distinct": int(np.count_nonzero(histogram)),
        "rows": rows,
        "ok": all(r["ok"] for r in rows),
        "seconds": round(seconds, 4),
        "source": SOURCE,
    }
