"""What a benchmark run found, as data (JSON round trip) and as text or a markdown table.

A :class:`BenchReport` holds the raw seconds of every timed round; medians,
spreads and ratios are computed from them, so a report loaded from JSON prints
exactly as the run did.

>>> e = Entry("pokerlab", "pokerlab", "1 thread", "f()", seconds=[0.2, 0.1, 0.4], work=[100, 100, 100])
>>> e.median_rate, e.rate_range
(500.0, (250.0, 1000.0))
"""

from __future__ import annotations

import json
import statistics
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ...errors import InputError
from .format import markdown, text
from .plot import plot

OK, MISSING, WRONG, FAILED, NOT_APPLICABLE = "ok", "not installed", "wrong answer", "failed", "not applicable"


@dataclass
class Entry:
    """One contender in one case: how it did in the check, and the seconds and work of each timed round.

    >>> e = Entry("pokerfast", "pokerfast", "", "f()", seconds=[0.4, 0.2], work=[100, 100], ratios=[2.0, 3.0])
    >>> e.timed, round(e.median_seconds, 3), e.ratio, round(e.spread, 3)
    (True, 0.3, 2.5, 0.333)
    """

    key: str
    library: str
    variant: str
    call: str
    status: str = OK
    note: str = ""  # the check's finding, or why the contender is missing or failed
    warmup_seconds: float | None = None  # the first, untimed call: loading, compiling, filling caches
    seconds: list[float] = field(default_factory=list)
    work: list[int] = field(default_factory=list)  # units per round (hands, trials, calls)
    ratios: list[float] = field(default_factory=list)  # per round: this one's time per unit / pokerlab's
    trials: list[int] = field(default_factory=list)  # Monte Carlo to a target: trials of each round
    details: str = ""  # figures of the run besides its time (a solve's iterations, memory, EV)

    @property
    def timed(self) -> bool:
        return bool(self.seconds)

    @property
    def rates(self) -> list[float]:
        return [w / s for w, s in zip(self.work, self.seconds)]

    @property
    def median_rate(self) -> float:
        return statistics.median(self.rates)

    @property
    def rate_range(self) -> tuple[float, float]:
        return min(self.rates), max(self.rates)

    @property
    def median_seconds(self) -> float:
        return statistics.median(self.seconds)

    @property
    def seconds_range(self) -> tuple[float, float]:
        return min(self.seconds), max(self.seconds)

    @property
    def spread(self) -> float:
        """Half the range of the rounds, relative to the median (0.05: the rounds lie within about ±5%)."""
        lo, hi = self.rate_range
        return (hi - lo) / 2 / self.median_rate

    @property
    def ratio(self) -> float | None:
        """Median over rounds of this one's time per unit / pokerlab's (2.0: half pokerlab's speed)."""
        return statistics.median(self.ratios) if self.ratios else None

    @property
    def ratio_range(self) -> tuple[float, float] | None:
        return (min(self.ratios), max(self.ratios)) if self.ratios else None

    @property
    def trials_per_second(self) -> float | None:
        if not self.trials:
            return None
        return statistics.median(t / s for t, s in zip(self.trials, self.seconds))

    def summary(self) -> dict[str, Any]:
        """The derived figures (median, range, ratio), as JSON adds them for scripts."""
        if not self.timed:
            return {}
        out: dict[str, Any] = {
            "median_rate": self.median_rate,
            "rate_range": list(self.rate_range),
            "median_seconds": self.median_seconds,
            "seconds_range": list(self.seconds_range),
            "spread": self.spread,
        }
        if (ratio_range := self.ratio_range) is not None:
            out.update(ratio=self.ratio, ratio_range=list(ratio_range))
        if self.trials:
            out["trials_per_second"] = self.trials_per_second
        return out


@dataclass
class CaseResult:
    """One case: every contender's entry, pokerlab (one thread) first.

    >>> case = CaseResult("eq-hands", "equity", "exact preflop, hands", "AsAh vs KsKh", "call", "time", rounds=3)
    >>> case.entries.append(Entry("pokerlab", "pokerlab", "", "equity(...)", seconds=[0.002], work=[1]))
    >>> case.entry("pokerlab").median_seconds, case.entry("treys")
    (0.002, None)
    """

    id: str
    section: str
    title: str
    spot: str  # the equity question ("AA vs KK"), or the hands ("200,000 hands")
    unit: str  # "hands", "trials" or "call"
    show: str  # "rate" or "time"
    rounds: int
    entries: list[Entry] = field(default_factory=list)
    note: str = ""  # how to read the figures
    load: float | None = None  # the one-minute load average as the case ends: what its figures ran beside

    def entry(self, key: str) -> Entry | None:
        return next((e for e in self.entries if e.key == key), None)


@dataclass
class StartupItem:
    """One library's start-up cost in this process: import plus first call (loading tables, compiling).

    >>> StartupItem("treys", "import + evaluate(7 cards)", None, "not installed (no module named 'treys')").seconds
    """

    library: str
    what: str
    seconds: float | None
    note: str = ""


@dataclass
class BenchReport:
    """The whole run: the machine, the configuration, start-up costs, and every case.

    >>> r = BenchReport(machine={"cpu": "x"}, config={"name": "tiny"}, date="2025-01-01 00:00:00")
    >>> BenchReport.from_json(r.to_json()) == r
    True
    """

    machine: dict[str, Any]
    config: dict[str, Any]
    date: str
    wall_seconds: float = 0.0
    peers: dict[str, str] = field(default_factory=dict)  # peer -> version, or "not installed (...)"
    startup: list[StartupItem] = field(default_factory=list)
    cases: list[CaseResult] = field(default_factory=list)

    def case(self, case_id: str) -> CaseResult | None:
        return next((c for c in self.cases if c.id == case_id), None)

    @property
    def wrong(self) -> list[tuple[str, str]]:
        """(case id, contender key) of every contender refused for a wrong answer."""
        return [(c.id, e.key) for c in self.cases for e in c.entries if e.status == WRONG]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the raw rounds, plus a ``summary`` per entry (ignored by :meth:`from_dict`)."""
        data = asdict(self)
        for case_data, case in zip(data["cases"], self.cases):
            for entry_data, entry in zip(case_data["entries"], case.entries):
                entry_data["summary"] = entry.summary()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BenchReport:
        def entry(d: dict[str, Any]) -> Entry:
            return Entry(**{f.name: d[f.name] for f in fields(Entry) if f.name in d})

        def case(d: dict[str, Any]) -> CaseResult:

            kw = {f.name: d[f.name] for f in fields(CaseResult) if f.name in d and f.name != "entries"}
            return CaseResult(**kw, entries=[entry(e) for e in d.get("entries", [])])

        kw = {f.name: data[f.name] for f in fields(cls) if f.name in data and f.name not in ("startup", "cases")}
        return cls(
            **kw,
            startup=[StartupItem(**s) for s in data.get("startup", [])],
            cases=[case(c) for c in data.get("cases", [])],
        )

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> BenchReport:
        """A report saved by ``to_json``; ``ValueError`` naming the problem for any other text."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise InputError(f"not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise InputError(f"not a bench report (a JSON {type(data).__name__}, not an object)")
        try:
            return cls.from_dict(data)
        except (TypeError, KeyError, AttributeError, ValueError) as exc:
            raise InputError(
                f"not a bench report saved by 'pokerlab bench --json' ({type(exc).__name__}: {exc})"
            ) from None

    def to_text(self) -> str:
        """The report for a terminal: machine, start-up costs, one block per case, notes."""
        return text(self)

    def to_markdown(self) -> str:
        """The Markdown table: a line with the date and machine, then one row per case, a column per library."""
        return markdown(self)

    def plot(self, path: str) -> str:
        """Write a bar chart (log scale, error bars) to ``path`` (.png or .svg); needs matplotlib."""
        return plot(self, path)
