"""The shipped table of every hand class against one random hand: its reader, checked before it is trusted.

``tables/preflop_vs_random.json`` holds exact counts per class with their
SHA-256; it is built by ``pokerlab table preflop --vs random --out
tables/preflop_vs_random.json`` (:mod:`pokerlab.simulate.precomputed`). This
module only reads it, so the ranges (``15%``) and ``equity()`` can use it
without depending on the builders.

>>> round(preflop_equity("AKs"), 4), round(preflop_equity("2c2d"), 4)
(0.6704, 0.5033)
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...evaluator.cards import CardError, parse_cards
from ...evaluator.tables import TableError, tables_dir
from .classes import hand_class

FILE = "preflop_vs_random.json"
COMMAND = "pokerlab table preflop --vs random --out tables/preflop_vs_random.json"
OUTCOMES_PER_HAND = 1225 * 1_712_304  # opponent hands x boards


class TableChecksumError(TableError):
    """A precomputed table that is missing, unreadable, malformed, or whose rows do not match its checksum.

    A :class:`pokerlab.evaluator.tables.TableError` (a ``ValueError``): the command line reports it in one line.

    >>> load_preflop_table("no/such/table.json")
    Traceback (most recent call last):
    ...
    pokerlab.simulate.ranges.table.TableChecksumError: no/such/table.json is missing; rebuild it with: ...
    """


@dataclass(frozen=True)
class PreflopRow:
    """One class against a random hand; counts are per combo of the class (all combos are alike).

    >>> row = load_preflop_table()["AA"]
    >>> row.combos, row.outcomes, round(row.win, 4), round(row.equity, 4)
    (6, 2097572400, 0.8493, 0.852)
    """

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
    """The 169 rows (in :func:`pokerlab.simulate.ranges.order.hand_classes` order) and how they were computed.

    >>> table = load_preflop_table()
    >>> len(table.rows), table.rows[0].hand, table.checksum() == table.meta["sha256"]
    (169, 'AA', True)
    >>> print(table.to_csv().splitlines()[0])
    hand,combos,wins,ties,losses,outcomes,win,tie,equity
    """

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


def load_preflop_table(path: str | os.PathLike[str] | None = None) -> PreflopTable:
    """The shipped table (or the JSON file at ``path``), checked against its recorded checksum.

    >>> round(load_preflop_table()["AKs"].equity, 4)
    0.6704
    """
    file = Path(path) if path is not None else Path(tables_dir(), FILE)
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
def shipped_table() -> PreflopTable:
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
        return shipped_table()[name].equity
    except KeyError:
        raise InputError(f"{hand!r} is neither a hand class (AA, AKs, AKo) nor two cards") from None
