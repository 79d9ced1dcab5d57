"""Offline generation of the high-hand lookup tables (run ``python -m pokerlab.evaluator.table_build build``).

The design follows the idea shared by OMPEval and b-inary's evaluator:

* every rank gets an integer *rank key* chosen so that the sum of the keys
  of any multiset of at most seven ranks (each at most four times) is
  unique; a hand's rank key is then just a sum of per-card keys, which
  also makes incremental enumeration one addition per card;
* the rank keys are then multiplied by an odd constant modulo 2**25, which
  is a bijection, so sums stay unique; it scatters the clustered keys evenly
  over rows, and the row-displacement perfect hash
  (``offsets[key >> shift] + (key & (2**shift - 1))`` on the masked sum)
  packs them into ``rank_values`` at 99 % density (357 KB before, 194 KB now,
  which keeps the random lookups of a batch in the L2 cache);
* suits are counted in four 4-bit fields that start at 3, so bit 3 of a
  field is set exactly when that suit has five or more cards; the flush
  value then comes from ``flush_values[13-bit rank mask of that suit]``.
  With at most seven cards a flush excludes quads and full houses, so the
  flush table alone decides such hands.

Everything here is derived from :func:`pokerlab.evaluator.hand_values.five_card_key`
(the rules); nothing is copied from another evaluator.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy as np

from . import tables as _tables
from .badugi_build import build_badugi_tables
from .hand_values import CATEGORY_SHIFT, five_card_key
from .jit import njit
from .layout import MAX_CARDS, SUIT_SHIFT, plain_key, rank_key_of, rank_multisets  # noqa: F401  (re-exported)
from .omaha_build import build_omaha_tables
from .short_deck_build import build_short_deck_tables
from .tables import RANK_KEY_BITS, RANK_KEY_MASK, RANK_SHIFT, SIZED_RANK_SHIFT
from .variant_build import ace_five_numbering, build_variant_tables

# Odd multipliers tried by the build (seeded, so the build is reproducible); the smallest table wins.
MULTIPLIER_SEED = 5
MULTIPLIER_TRIES = 6


@njit(cache=False)  # type: ignore[untyped-decorator]  # numba's dispatcher: typed by numba at the call
def _try_multiplier(  # pragma: no cover - numba
    m: int, sums: np.ndarray, sizes: np.ndarray, used: np.ndarray, undo: np.ndarray
) -> bool:
    """Mark s + c*m for c = 1..4; undo and return False on the first collision."""
    n_undo = 0
    for i in range(sums.shape[0]):
        s = sums[i]
        for c in range(1, 5):
            if sizes[i] + c > MAX_CARDS:
                break
            v = s + c * m
            if v >= used.shape[0] or used[v]:
                for j in range(n_undo):
                    used[undo[j]] = False
                return False
            used[v] = True
            undo[n_undo] = v
            n_undo += 1
    return True


def find_rank_keys(limit: int = 1 << 27) -> list[int]:
    """Greedy smallest rank keys whose multiset sums (<= 7 cards) are unique."""
    used = np.zeros(limit, dtype=np.bool_)
    sums = np.zeros(1, dtype=np.int64)
    sizes = np.zeros(1, dtype=np.int64)
    used[0] = True
    keys: list[int] = []
    undo = np.zeros(4 * 200_000, dtype=np.int64)
    for _ in range(13):
        m = keys[-1] + 1 if keys else 1
        while not _try_multiplier(m, sums, sizes, used, undo):
            m += 1
        keys.append(m)
        new_sums = [sums]
        new_sizes = [sizes]
        for c in range(1, 5):
            ok = sizes + c <= MAX_CARDS
            new_sums.append(sums[ok] + c * m)
            new_sizes.append(sizes[ok] + c)
        sums = np.concatenate(new_sums)
        sizes = np.concatenate(new_sizes)
        if undo.shape[0] < 4 * sums.shape[0]:
            undo = np.zeros(4 * sums.shape[0], dtype=np.int64)
    return keys


@njit(cache=False)  # type: ignore[untyped-decorator]  # numba's dispatcher: typed by numba at the call
def _place_rows(  # pragma: no cover - numba
    row_starts: np.ndarray, row_cols: np.ndarray, order: np.ndarray, width: int, capacity: int
) -> tuple[np.ndarray, int]:
    """First-fit placement of rows (sorted fullest first) into one table."""
    taken = np.zeros(capacity, dtype=np.bool_)
    offsets = np.zeros(row_starts.shape[0] - 1, dtype=np.int64)
    size = 0
    for r in order:
        lo, hi = row_starts[r], row_starts[r + 1]
        if lo == hi:
            continue
        d = 0
        while True:
            if d + row_cols[hi - 1] >= capacity:
                return offsets, -1  # too small: the caller retries with more room
            ok = True
            for i in range(lo, hi):
                if taken[d + row_cols[i]]:
                    ok = False
                    break
            if ok:
                break
            d += 1
        for i in range(lo, hi):
            taken[d + row_cols[i]] = True
            if d + row_cols[i] + 1 > size:
                size = d + row_cols[i] + 1
        offsets[r] = d
    return offsets, size


def scatter_rank_keys(rank_keys: list[int]) -> list[int]:
    """Rank keys times the odd multiplier (mod 2**25) that gives the smallest high-hand table.

    Multiplying by an odd number modulo a power of two is a bijection, so the
    masked sum of scattered keys is unique exactly when the plain sum is.
    """
    assert sum(sorted(rank_keys)[-4:]) * 2 < 1 << RANK_KEY_BITS  # every 7-card sum fits before scattering
    keys = np.array([plain_key(m, rank_keys) for m in rank_multisets() if sum(m) >= 5], dtype=np.int64)
    rng = np.random.default_rng(MULTIPLIER_SEED)
    best = None
    for _ in range(MULTIPLIER_TRIES):
        m = int(rng.integers(1, 1 << RANK_KEY_BITS)) | 1
        _, _, size = displacement_hash((keys * m) & RANK_KEY_MASK, RANK_SHIFT)
        if best is None or size < best[0]:
            best = (size, m)
    assert best is not None  # MULTIPLIER_TRIES >= 1
    return [k * best[1] & RANK_KEY_MASK for k in rank_keys]


def displacement_hash(keys: np.ndarray, shift: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Row-displacement perfect hash of distinct keys; returns offsets, slots, size."""
    rows = keys >> shift
    cols = keys & ((1 << shift) - 1)
    n_rows = int(rows.max()) + 1
    order_keys = np.lexsort((cols, rows))
    rows_sorted, cols_sorted = rows[order_keys], cols[order_keys]
    row_starts = np.searchsorted(rows_sorted, np.arange(n_rows + 1))
    counts = np.diff(row_starts)
    order = np.argsort(-counts, kind="stable")
    capacity = len(keys) * 2 + (1 << shift)
    while True:
        offsets, size = _place_rows(row_starts, cols_sorted, order, 1 << shift, capacity)
        if size >= 0:
            break
        capacity *= 2
    slots = offsets[rows] + cols
    assert len(np.unique(slots)) == len(keys)
    return offsets, slots, int(size)


def _class_numbering() -> dict[tuple[int, ...], int]:
    """Rank value (category << 12 | index from 1) for every distinct five-card key."""
    keys = set()
    for combo in itertools.combinations_with_replacement(range(13), 5):
        if max(combo.count(r) for r in combo) > 4:
            continue
        keys.add(five_card_key(combo, False))
        if len(set(combo)) == 5:
            keys.add(five_card_key(combo, True))
    numbering: dict[tuple[int, ...], int] = {}
    index_in_category: dict[int, int] = {}
    for key in sorted(keys):
        index_in_category[key[0]] = index_in_category.get(key[0], 0) + 1
        numbering[key] = key[0] << CATEGORY_SHIFT | index_in_category[key[0]]
    return numbering


def _best_value(
    ranks: tuple[int, ...], flush: bool, numbering: dict[tuple[int, ...], int]
) -> tuple[int, tuple[int, ...]]:
    best = max(
        (numbering[five_card_key(sub, flush)], sub) for sub in itertools.combinations(sorted(ranks, reverse=True), 5)
    )
    return best


def build_tables() -> dict[str, np.ndarray]:
    """Generate every high-hand table from the rules; returns name -> array."""
    numbering = _class_numbering()
    rank_keys = scatter_rank_keys(find_rank_keys())

    # Non-flush values for every rank multiset of 5, 6 or 7 cards.
    multisets = [m for m in rank_multisets() if sum(m) >= 5]
    hash_keys = np.array([rank_key_of(m, rank_keys) for m in multisets], dtype=np.int64)
    values = np.zeros(len(multisets), dtype=np.uint16)
    for i, m in enumerate(multisets):
        ranks = tuple(r for r in range(13) for _ in range(m[r]))
        values[i] = _best_value(ranks, False, numbering)[0]

    shift = RANK_SHIFT
    offsets, slots, size = displacement_hash(hash_keys, shift)
    # Padded so that any 25-bit key indexes inside the table: the batch kernel looks up
    # rows with an out-of-range id before it reports them.
    rank_values = np.zeros(max(size, int(offsets.max()) + (1 << shift)), dtype=np.uint16)
    rank_values[slots] = values
    # For each hand size, its keys alone, for that size's batch kernel: 7 cards take 130 KB
    # with 8 KB of uint16 offsets (5 cards 24 KB), against 194 KB for the hash of all sizes,
    # which keeps more of a batch's lookups in cache.
    sized = {}
    for k in (5, 6, 7):
        of_size = np.array([sum(m) == k for m in multisets])
        offsets_k, slots_k, size_k = displacement_hash(hash_keys[of_size], SIZED_RANK_SHIFT)
        assert offsets_k.max() < 1 << 16
        values_k = np.zeros(max(size_k, int(offsets_k.max()) + (1 << SIZED_RANK_SHIFT)), dtype=np.uint16)
        values_k[slots_k] = values[of_size]
        sized[f"rank{k}_offsets"] = offsets_k.astype(np.uint16)
        sized[f"rank{k}_values"] = values_k

    # Flush values for every 13-bit mask of 5..7 suited ranks.
    flush_values = np.zeros(1 << 13, dtype=np.uint16)
    for n in range(5, MAX_CARDS + 1):
        for combo in itertools.combinations(range(13), n):
            mask = sum(1 << r for r in combo)
            flush_values[mask] = _best_value(combo, True, numbering)[0]

    # Card keys: rank key in the low 32 bits, one suit counter nibble above.
    card_keys = np.array([rank_keys[c >> 2] | (1 << (SUIT_SHIFT + 4 * (c & 3))) for c in range(52)], dtype=np.uint64)

    # The 7,462 classes with their five ranks in describing order (77766 -> 7,7,7,6,6).
    class_values = np.array(sorted(numbering.values()), dtype=np.uint16)
    by_value = {v: k for k, v in numbering.items()}
    class_ranks = np.zeros((len(class_values), 5), dtype=np.uint8)
    for i, v in enumerate(class_values):
        class_ranks[i] = _class_ranks(by_value[int(v)])

    variants = build_variant_tables(rank_keys, offsets, shift, multisets, numbering, displacement_hash)
    omaha = build_omaha_tables(numbering, ace_five_numbering())
    return {
        **variants,
        **omaha,
        **build_short_deck_tables(rank_keys, displacement_hash),
        **build_badugi_tables(),
        "card_keys": card_keys,
        "rank_offsets": offsets.astype(np.uint32),
        "rank_values": rank_values,
        **sized,
        "flush_values": flush_values,
        "class_values": class_values,
        "class_ranks": class_ranks,
        "rank_shift": np.array([shift], dtype=np.uint32),
    }


def _class_ranks(key: tuple[int, ...]) -> tuple[int, ...]:
    """Five ranks of a class key, grouped for description (full house: trips then pair)."""
    cat, *tiebreak = key
    if cat in (9, 8, 4):
        top = tiebreak[0]
        return (3, 2, 1, 0, 12) if top == 3 else tuple(range(top, top - 5, -1))
    shapes = {7: (4, 1), 6: (3, 2), 3: (3, 1, 1), 2: (2, 2, 1), 1: (2, 1, 1, 1)}
    shape = shapes.get(cat, (1, 1, 1, 1, 1))
    return tuple(r for r, n in zip(tiebreak, shape) for _ in range(n))


_USAGE = """python -m pokerlab.evaluator.table_build build [FOLDER]   # write the tables (default: tables/)
python -m pokerlab.evaluator.table_build check            # rebuild in memory and compare with the shipped ones"""


def main(argv: list[str] | None = None) -> int:
    """``python -m pokerlab.evaluator.table_build build [FOLDER] | check``."""

    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("build", "check"):
        print(_USAGE)
        return 2
    built = build_tables()
    if args[0] == "build":
        folder = Path(args[1]) if len(args) > 1 else Path(__file__).resolve().parent.parent / "tables"
        _tables.write(built, folder)
        print(f"wrote {len(built)} tables to {folder}")
        return 0
    differing = _tables.compare(built, _tables.load())
    if differing:
        print("tables differ from a fresh build: " + ", ".join(differing))
        return 1
    print("shipped tables match a fresh build")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
