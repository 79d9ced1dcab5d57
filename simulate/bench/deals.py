"""The random hands the bench deals: 7-card hands of the 52-card deck, any number of cards of any deck, and every
k-card hand (re-exported by :mod:`pokerlab.simulate.bench.cases`, where the cases deal them)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np


def random_hands(n: int, seed: int = 20240601, chunk: int = 1 << 20) -> np.ndarray:
    """``(n, 7)`` uint8 array of card ids: seven distinct cards per row, uniformly dealt.

    >>> h = random_hands(1000)
    >>> bool((np.sort(h, axis=1)[:, 1:] != np.sort(h, axis=1)[:, :-1]).all())
    True
    """
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), dtype=np.uint8)
    for lo in range(0, n, chunk):
        m = min(chunk, n - lo)
        deck = np.tile(np.arange(52, dtype=np.uint8), (m, 1))
        rows = np.arange(m)
        for j in range(7):  # partial Fisher-Yates, all rows at once
            k = rng.integers(j, 52, size=m)
            picked = deck[rows, k]
            deck[rows, k] = deck[rows, j]
            deck[rows, j] = picked
        out[lo : lo + m] = deck[:, :7]
    return out


@lru_cache(maxsize=1)
def all_hands(k: int) -> np.ndarray:
    """Every k-card hand as a ``(C(52, k), k)`` uint8 array, rows in lexicographic order (read-only, cached).

    >>> all_hands(5).shape
    (2598960, 5)
    """
    combos = np.arange(52, dtype=np.uint8)[:, None]
    for _ in range(k - 1):
        last = combos[:, -1].astype(np.int64)
        counts = 51 - last
        starts = np.cumsum(counts) - counts
        offsets = np.arange(int(counts.sum())) - np.repeat(starts, counts)
        following = (np.repeat(last + 1, counts) + offsets).astype(np.uint8)
        combos = np.hstack([np.repeat(combos, counts, axis=0), following[:, None]])
    combos.flags.writeable = False
    return combos


def random_deals(n: int, seed: int, k: int = 9, deck: range = range(52)) -> np.ndarray:
    """``(n, k)`` uint8 card ids, ``k`` distinct cards of ``deck`` a row (Omaha's four hole cards then a board).

    >>> random_deals(2, seed=1).shape, int(random_deals(9, seed=1, k=7, deck=range(16, 52)).min()) >= 16
    ((2, 9), True)
    """
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for lo in range(0, n, 1 << 18):
        m = min(1 << 18, n - lo)
        out[lo : lo + m] = deck.start + np.argsort(rng.random((m, len(deck)), dtype=np.float32), axis=1)[:, :k]
    return out
