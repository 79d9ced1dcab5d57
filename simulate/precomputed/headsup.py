"""Exact equity of every heads-up preflop matchup of the 169 classes, with the suit patterns that matter.

Two classes meet in several suit patterns (AKs against QQ: the queens share
the kings' suit or not); patterns that differ only by a renaming of suits
have the same equity, so each is enumerated once (47,008 patterns for all
pairs of classes) over all 1,712,304 boards, and a row records how many
ordered pairs of hands it stands for. The job is sharded like every table
(local threads or Dask, resumable). The full table takes a few minutes on two
cores; a subset of classes takes seconds.

>>> table = matchups(["AA", "KK"], threads=1)
>>> [(r.cards1, r.cards2, r.weight, r.wins1) for r in table.rows if r.hand1 != r.hand2]
[('AsAh', 'KdKc', 6, 1388072), ('AsAh', 'KhKc', 24, 1399204), ('AsAh', 'KsKh', 6, 1410336)]
>>> round(100 * table.class_equity("AA", "KK"), 2), round(100 * table.class_equity("KK", "AA"), 2)
(81.95, 18.05)
"""

from __future__ import annotations

import csv
import io
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import InputError
from ...evaluator.cards import format_cards
from ..distributed import DEFAULT_WORKER_TIMEOUT, WarnFn
from ..equity.holdem_sharded import exact_shard
from ..ranges.classes import class_combos, hand_class, hand_classes
from .preflop import TableRun

BOARDS = 1_712_304  # C(48, 5)
DEFAULT_SHARDS = 256
PLAN_VERSION = 1
#: Two hands, one suit pattern of a matchup: what a shard enumerates.
MatchupUnit = tuple[tuple[int, int], tuple[int, int]]
#: A plan row: class 1, class 2, hand 1, hand 2, weight, its unit, whether the unit's hands are swapped.
MatchupPlanRow = tuple[str, str, tuple[int, int], tuple[int, int], int, int, bool]


@dataclass(frozen=True)
class MatchupRow:
    """One suit pattern of ``hand1`` against ``hand2``; counts are per pair of hands over all boards.

    >>> row = matchups(classes=["AA"], threads=1).rows[0]  # aces against aces: one suit pattern
    >>> row.cards1, row.cards2, row.weight, row.boards, row.equity1
    ('AsAh', 'AdAc', 6, 1712304, 0.5)
    """

    hand1: str
    hand2: str
    cards1: str  # an example of the pattern
    cards2: str
    weight: int  # ordered pairs of hands (one of each class, no shared card) with this pattern
    wins1: int
    wins2: int
    ties: int
    boards: int

    @property
    def equity1(self) -> float:
        return (self.wins1 + self.ties / 2) / self.boards

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "equity1": self.equity1}


@dataclass(frozen=True)
class ClassMatchup:
    """All suit patterns of two classes together, weighted by how often each is dealt.

    >>> aces = matchups(classes=["AA", "KK"], threads=1).class_matchup("AA", "KK")
    >>> aces.pairs, aces.outcomes == aces.pairs * BOARDS, round(aces.equity1, 4)
    (36, True, 0.8195)
    """

    hand1: str
    hand2: str
    pairs: int  # ordered pairs of hands with no shared card
    wins1: int
    wins2: int
    ties: int
    outcomes: int

    @property
    def equity1(self) -> float:
        return (self.wins1 + self.ties / 2) / self.outcomes


@dataclass
class MatchupTable:
    """Rows for every pair of the chosen classes (``hand1`` first in class order) and how they were computed.

    >>> table = matchups(classes=["AA", "KK"], threads=1)
    >>> [(m.hand1, m.hand2, m.pairs) for m in table.by_class()]
    [('AA', 'AA', 6), ('AA', 'KK', 36), ('KK', 'KK', 6)]
    >>> round(table.class_equity("KK", "AA"), 4)
    0.1805
    """

    rows: list[MatchupRow]
    seconds: float = 0.0
    shards: int = 0
    resumed: int = 0

    def class_matchup(self, hand1: str, hand2: str) -> ClassMatchup:
        """``hand1`` against ``hand2`` over all their suit patterns (either order of the two classes)."""
        sums = np.zeros(4, dtype=np.int64)
        for r in self.rows:
            if (r.hand1, r.hand2) == (hand1, hand2):
                sums += [r.weight, r.weight * r.wins1, r.weight * r.wins2, r.weight * r.ties]
            elif (r.hand2, r.hand1) == (hand1, hand2):
                sums += [r.weight, r.weight * r.wins2, r.weight * r.wins1, r.weight * r.ties]
        if sums[0] == 0:
            raise KeyError(f"{hand1} against {hand2} is not in this table")
        pairs, w1, w2, ties = (int(x) for x in sums)
        return ClassMatchup(hand1, hand2, pairs, w1, w2, ties, pairs * BOARDS)

    def class_equity(self, hand1: str, hand2: str) -> float:
        """Equity of class ``hand1`` against class ``hand2``."""
        return self.class_matchup(hand1, hand2).equity1

    def by_class(self) -> list[ClassMatchup]:
        """One row per pair of classes in the table, in the rows' order."""
        pairs = dict.fromkeys((r.hand1, r.hand2) for r in self.rows)
        return [self.class_matchup(a, b) for a, b in pairs]

    def to_json(self) -> str:
        return json.dumps({"table": "matchups", "rows": [r.to_dict() for r in self.rows]}, indent=1) + "\n"

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        names = ["hand1", "hand2", "cards1", "cards2", "weight", "wins1", "wins2", "ties", "boards"]
        writer.writerow([*names, "equity1"])
        for r in self.rows:
            writer.writerow([getattr(r, n) for n in names] + [r.equity1])
        return out.getvalue()

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Write as CSV (``.csv``) or JSON (anything else)."""
        path = Path(path)
        path.write_text(self.to_csv() if path.suffix.lower() == ".csv" else self.to_json())
        return path


def _example(name: str) -> tuple[int, int]:
    """A fixed combo of a class: spades first, then hearts (AsAh, AsKs, AsKh)."""
    hi, lo = "23456789TJQKA".index(name[0]), "23456789TJQKA".index(name[1])
    second_suit = 3 if len(name) == 3 and name[2] == "s" else 2
    return 4 * hi + 3, 4 * lo + second_suit


def _pattern(h1: tuple[int, int], h2: tuple[int, int]) -> tuple[int, ...]:
    """Equal for two ordered pairs of hands exactly when a renaming of suits maps one onto the other."""
    codes = []
    for suit in range(4):
        m1 = sum(1 << (c >> 2) for c in h1 if c & 3 == suit)
        m2 = sum(1 << (c >> 2) for c in h2 if c & 3 == suit)
        codes.append(m1 << 13 | m2)
    return tuple(sorted(codes))


def _class_cells(classes: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    combos: dict[str, list[tuple[int, int]]] = {c: [] for c in classes}
    for a in range(52):
        for b in range(a):
            name = hand_class(a, b)
            if name in combos:
                combos[name].append((a, b))
    return combos


def matchup_plan(classes: Sequence[str] | None = None) -> tuple[list[MatchupUnit], list[MatchupPlanRow]]:
    """The distinct deals to enumerate, and the table's rows as references to them.

    Returns ``(units, rows)``: ``units`` are ``(hand1, hand2)`` card pairs,
    one per suit pattern up to the order of the two hands; each row is
    ``(class1, class2, hand1, hand2, weight, unit, swapped)``.

    >>> units, rows = matchup_plan(["AA", "AKs"])
    >>> len(units), rows[0]
    (3, ('AA', 'AA', (51, 50), (49, 48), 6, 0, False))
    """
    order = hand_classes()
    chosen = order if classes is None else [c for c in order if c in set(classes)]
    unknown = set(classes or ()) - set(order)
    if unknown:
        raise InputError(f"not hand classes: {', '.join(sorted(unknown))} (write AA, AKs, AKo)")
    combos = _class_cells(chosen)
    units: list[MatchupUnit] = []
    unit_of: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}  # unordered pattern -> (unit, its ordered one)
    rows: list[MatchupPlanRow] = []
    for i, c1 in enumerate(chosen):
        h1 = _example(c1)
        for c2 in chosen[i:]:
            patterns: dict[tuple[int, ...], list[Any]] = {}  # pattern -> [its first hand 2, how many]
            for h2 in combos[c2]:
                if set(h1) & set(h2):
                    continue
                key = _pattern(h1, h2)
                if key in patterns:
                    patterns[key][1] += 1
                else:
                    patterns[key] = [h2, 1]
            for key, (h2, count) in patterns.items():
                unordered = min(key, _pattern(h2, h1))
                if unordered not in unit_of:
                    unit_of[unordered] = (len(units), key)
                    units.append((h1, h2))
                unit, unit_key = unit_of[unordered]
                rows.append((c1, c2, h1, h2, class_combos(c1) * count, unit, key != unit_key))
    return units, rows


def matchup_shard(units: list[MatchupUnit]) -> np.ndarray:
    """Counts ``(n, 5)``: nobody (0), hand 1, hand 2, both (tie), boards, for each pair of hands."""
    counts: np.ndarray = exact_shard([([h1, h2], None) for h1, h2 in units], [], 0)
    return counts


def matchups(  # noqa: PLR0913  (public API: the table's documented keywords)
    classes: Sequence[str] | None = None,
    *,
    client: Any = None,
    threads: int | None = None,
    shards: int = DEFAULT_SHARDS,
    work_dir: str | os.PathLike[str] | None = None,
    keep_shards: bool = False,
    progress: Callable[[float], None] | None = None,
    warn: WarnFn | None = None,
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT,
) -> MatchupTable:
    """Exact heads-up equity of every pair of ``classes`` (default: all 169), every suit pattern.

    Sharding, ``client``, ``work_dir``, ``progress``, ``warn`` and
    ``worker_timeout`` work as in :func:`pokerlab.simulate.precomputed.preflop_vs_random`.
    An empty ``classes`` is an error (``None`` means all 169).

    >>> table = matchups(["AA", "KK", "AKs"], shards=3, threads=1)
    >>> len(table.rows), round(100 * table.class_equity("KK", "AKs"), 2)
    (8, 65.89)
    """
    start = time.perf_counter()
    if classes is not None and not [c for c in classes if str(c).strip()]:
        raise InputError("classes is empty: name at least one class (AA, AKs, AKo), or pass None for all 169")
    units, plan_rows = matchup_plan(classes)
    n_shards = max(1, min(shards, len(units)))
    plan = {"table": "matchups", "version": PLAN_VERSION, "classes": sorted(classes or ["all"]), "shards": n_shards}
    jobs = [(units[s::n_shards],) for s in range(n_shards)]
    shape = [(len(job[0]), 5) for job in jobs]
    run = TableRun(client, threads, work_dir, keep_shards, progress, warn, worker_timeout)
    results, store = run.counts(matchup_shard, jobs, "matchups", plan, shape.__getitem__)
    counts = np.zeros((len(units), 5), dtype=np.int64)
    for s, result in enumerate(results):
        counts[s::n_shards] = result
    rows = []
    for c1, c2, h1, h2, weight, unit, swapped in plan_rows:
        _, w1, w2, ties, boards = (int(x) for x in counts[unit])
        if swapped:
            w1, w2 = w2, w1
        rows.append(MatchupRow(c1, c2, format_cards(h1), format_cards(h2), weight, w1, w2, ties, boards))
    seconds = time.perf_counter() - start
    return MatchupTable(rows, seconds=seconds, shards=n_shards, resumed=run.finish(store))
