"""Exact equity of the 169 starting-hand classes against one random hand.

Every hand meets each of the 1,225 opponent hands on each of the 1,712,304
boards: 2,097,572,400 outcomes per hand, counted exactly (see
:mod:`pokerlab.simulate.precomputed.kernels` for how, in seconds rather than hours).
The job is split into shards of boards, each returning integer counts, so it
runs the same on local threads or a Dask cluster and resumes after an
interruption. The result ships in ``tables/preflop_vs_random.json``.

>>> table = load_preflop_table()
>>> row = table["AA"]
>>> row.wins, row.ties, row.outcomes
(1781508418, 11402312, 2097572400)
>>> round(100 * row.equity, 2), round(100 * preflop_equity("7h2c"), 2)
(85.2, 34.58)
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from pokerlab.evaluator.api import high_tables
from pokerlab.evaluator.cards import CardError, parse_cards
from pokerlab.evaluator.tables import TableError, tables_dir
from pokerlab.simulate.distributed import DEFAULT_WORKER_TIMEOUT, ShardStore, WarnFn, run_shards
from pokerlab.simulate.ranges.order import class_combos, hand_classes
from pokerlab.simulate.ranges.parse import hand_class

FILE = "preflop_vs_random.json"
COMMAND = "pokerlab table preflop --vs random --out tables/preflop_vs_random.json"
OUTCOMES_PER_HAND = 1225 * 1_712_304  # opponent hands x boards
DEFAULT_SHARDS = 64
PLAN_VERSION = 1  # bump when the shard plan or the shards' results change


class TableChecksumError(TableError):
    """A precomputed table that is missing, unreadable, malformed, or whose rows do not match its checksum.

    A :class:`pokerlab.evaluator.tables.TableError` (a ``ValueError``): the command line reports it in one line.
    """


@dataclass(frozen=True)
class PreflopRow:
    """One class against a random hand; counts are per combo of the class (all combos are alike)."""

    hand: str
    combos: int
    wins: int
    ties: int
    losses: int
    outcomes: int

    @property
    def win(self) -> float:
        return self.wins / self.outcomes

    @property
    def tie(self) -> float:
        return self.ties / self.outcomes

    @property
    def lose(self) -> float:
        return self.losses / self.outcomes

    @property
    def equity(self) -> float:
        """Share of the pot: wins plus half the ties (a heads-up tie splits in two)."""
        return (self.wins + self.ties / 2) / self.outcomes

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "win": self.win, "tie": self.tie, "equity": self.equity}


@dataclass
class PreflopTable:
    """The 169 rows (in :func:`pokerlab.simulate.ranges.order.hand_classes` order) and how they were computed."""

    rows: list[PreflopRow]
    seconds: float = 0.0
    shards: int = 0
    resumed: int = 0
    meta: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, hand: str) -> PreflopRow:
        for row in self.rows:
            if row.hand == hand:
                return row
        raise KeyError(hand)

    def checksum(self) -> str:
        """SHA-256 of the rows' exact counts (what the shipped file records)."""
        counts = [[r.hand, r.combos, r.wins, r.ties, r.losses, r.outcomes] for r in self.rows]
        return hashlib.sha256(json.dumps(counts, separators=(",", ":")).encode()).hexdigest()

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": "preflop_vs_random",
            "opponent": "random",
            "command": COMMAND,
            "sha256": self.checksum(),
            "hands": [row.to_dict() for row in self.rows],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1) + "\n"

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["hand", "combos", "wins", "ties", "losses", "outcomes", "win", "tie", "equity"])
        for r in self.rows:
            writer.writerow([r.hand, r.combos, r.wins, r.ties, r.losses, r.outcomes, r.win, r.tie, r.equity])
        return out.getvalue()

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Write as CSV (``.csv``) or JSON (anything else)."""
        path = Path(path)
        path.write_text(self.to_csv() if path.suffix.lower() == ".csv" else self.to_json())
        return path


@lru_cache(maxsize=1)
def hand_class_index() -> np.ndarray:
    """Class index (in ``hand_classes()`` order) of every ordered card pair, as ``index[52 * a + b]``."""
    index = {name: i for i, name in enumerate(hand_classes())}
    table = np.zeros(52 * 52, dtype=np.int64)
    for a in range(52):
        for b in range(52):
            if a != b:
                table[52 * a + b] = index[hand_class(a, b)]
    table.setflags(write=False)
    return table


@lru_cache(maxsize=1)
def board_classes() -> tuple[np.ndarray, np.ndarray]:
    """The 134,459 boards up to suit renaming and how many boards each stands for."""
    from .kernels import canonical_boards

    return canonical_boards()


def _preflop_shard(index: int, shards: int) -> np.ndarray:
    """Shard ``index`` of ``shards``: wins and ties ``(2, 169)`` summed over the combos of each class.

    The shard holds boards ``index, index + shards, ...`` of :func:`board_classes` (interleaved, so
    every shard costs about the same). A worker derives them from its own cached copy of the
    canonical boards, so only two integers travel to it.
    """
    from .kernels import preflop_vs_random_counts

    boards, weights = board_classes()
    return preflop_vs_random_counts(
        boards[index::shards].copy(), weights[index::shards].copy(), hand_class_index(), 169, high_tables()
    )


def preflop_plan(shards: int = DEFAULT_SHARDS) -> list[tuple[int, int]]:
    """The shards' arguments, ``(index, shards)`` each: the board classes cut into equal interleaved parts."""
    if shards < 1:
        raise ValueError(f"shards must be at least 1, got {shards}")
    return [(s, shards) for s in range(shards)]


def rows_from_counts(counts: np.ndarray) -> list[PreflopRow]:
    """Per-combo rows from the class totals ``(2, 169)`` of wins and ties."""
    rows = []
    for i, name in enumerate(hand_classes()):
        combos = class_combos(name)
        wins, ties = int(counts[0, i]), int(counts[1, i])
        if wins % combos or ties % combos:
            raise RuntimeError(f"{name}: class totals {wins}, {ties} do not split evenly over {combos} combos")
        wins, ties = wins // combos, ties // combos
        rows.append(PreflopRow(name, combos, wins, ties, OUTCOMES_PER_HAND - wins - ties, OUTCOMES_PER_HAND))
    return rows


def preflop_vs_random(
    *,
    client: Any = None,
    threads: int | None = None,
    shards: int | None = None,
    work_dir: str | os.PathLike[str] | None = None,
    keep_shards: bool = False,
    progress: Callable[[float], None] | None = None,
    warn: WarnFn | None = None,
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT,
) -> PreflopTable:
    """Compute the exact table of every class against one random hand (seconds on two cores).

    The shards run on ``threads`` local threads, or on a Dask ``client``.
    ``shards`` defaults to 64 locally and to two per worker thread on a
    cluster, where every task has a fixed cost; results do not depend on it. With
    ``work_dir``, finished shards are kept there (in a folder named after the
    plan) as they arrive, so an interrupted run resumes; the folder is removed
    once the table is complete unless ``keep_shards``. Every kept shard is
    checked before it is reused; one that fails a check is named through
    ``warn`` (default: a :class:`pokerlab.simulate.distributed.ShardWarning`) and
    computed again. On a cluster, no workers for ``worker_timeout`` seconds or
    a lost scheduler stops the run with a ``DistributedError``.

    >>> table = preflop_vs_random(threads=2)  # doctest: +SKIP
    >>> table.checksum() == load_preflop_table().checksum()  # doctest: +SKIP
    True
    """
    start = time.perf_counter()
    if shards is None:
        from pokerlab.simulate.distributed import cluster_threads

        shards = DEFAULT_SHARDS if client is None else 2 * cluster_threads(client)
    plan = {"table": "preflop_vs_random", "version": PLAN_VERSION, "shards": shards}
    store = None
    if work_dir is not None:
        folder = Path(work_dir) / f"preflop-{ShardStore.plan_id(plan)}"
        store = ShardStore(folder, plan, count=shards, shape=(2, 169), dtype=np.int64, warn=warn)
    results = run_shards(
        _preflop_shard,
        preflop_plan(shards),
        client=client,
        threads=threads,
        progress=progress,
        store=store,
        worker_timeout=worker_timeout,
    )
    resumed = store.resumed if store is not None else 0
    table = PreflopTable(
        rows=rows_from_counts(sum(results)), seconds=time.perf_counter() - start, shards=shards, resumed=resumed
    )
    if store is not None and not keep_shards:
        store.clear()
    return table


def load_preflop_table(path: str | os.PathLike[str] | None = None) -> PreflopTable:
    """The shipped table (or the JSON file at ``path``), checked against its recorded checksum."""
    file = Path(path) if path is not None else tables_dir() / FILE
    try:
        data = json.loads(file.read_text())
    except FileNotFoundError:
        raise TableChecksumError(f"{file} is missing; rebuild it with: {COMMAND}") from None
    except (OSError, ValueError, RecursionError) as exc:
        raise TableChecksumError(f"{file} cannot be read as JSON ({exc}); rebuild it with: {COMMAND}") from None
    fields = ("hand", "combos", "wins", "ties", "losses", "outcomes")
    try:
        rows = [PreflopRow(**{k: row[k] for k in fields}) for row in data["hands"]]
        table = PreflopTable(rows=rows, meta=data)
        checksum = table.checksum()
    except (TypeError, KeyError, ValueError, AttributeError) as exc:
        raise TableChecksumError(f"{file} is not a preflop table ({type(exc).__name__}: {exc})") from None
    if checksum != data.get("sha256"):
        raise TableChecksumError(f"{file}: the rows do not match the recorded sha256; rebuild with: {COMMAND}")
    return table


@lru_cache(maxsize=1)
def _shipped() -> PreflopTable:
    return load_preflop_table()


def preflop_equity(hand: str) -> float:
    """Equity of a class (``"AKs"``) or a hand (``"AsKs"``) against one random hand, from the shipped table.

    >>> round(preflop_equity("AKs"), 4), round(preflop_equity("2c2d"), 4)
    (0.6704, 0.5033)
    """
    text = hand.strip()
    try:
        cards = parse_cards(text, count=2)
        name = hand_class(*cards)
    except CardError:
        name = text[:2].upper() + text[2:].lower()
    try:
        return _shipped()[name].equity
    except KeyError:
        raise ValueError(f"{hand!r} is neither a hand class (AA, AKs, AKo) nor two cards") from None
