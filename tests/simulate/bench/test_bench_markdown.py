"""The markdown table of ``pokerlab bench``: every cell names the variant it times and shows that variant's figure.

Checked on every case of the saved report behind the performance page (docs/performance/report.json) and on
synthetic cases whose entries come in an awkward order. No timing involved.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokerlab.simulate.bench import BenchReport
from pokerlab.simulate.bench.format import figure, ratio_text
from pokerlab.simulate.bench.report import MISSING, CaseResult, Entry

ROOT = Path(__file__).resolve().parents[3]
SAVED = BenchReport.from_json((ROOT / "docs" / "performance" / "report.json").read_text(encoding="utf-8"))

CELL = re.compile(r"^(?P<body>[^(]*?)(?: \((?P<inner>.*)\))?$")
RATIO = re.compile(r"(?:^|; )(?P<ratio>[\d.,]+x (?:slower|faster))$")


def _table(case: CaseResult) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The libraries (columns) and the rows (label, cells) of the markdown table of a report of ``case`` alone."""
    lines = BenchReport(machine={}, config={}, date="2025-01-01", cases=[case]).to_markdown().splitlines()
    header = next(line for line in lines if line.startswith("| case |"))
    *libraries, last = [c.strip() for c in header.strip("| ").split("|")][1:]
    assert last == "load", header  # the last column is the case's load, not a library
    load = "" if case.load is None else f"{case.load:.1f}"
    rows = []
    for line in lines:
        if line.startswith("| ") and not line.startswith("| case |"):
            label, *cells, shown_load = (c.strip() for c in line.strip().strip("|").split("|"))
            assert len(cells) == len(libraries), line
            assert shown_load == load, line
            rows.append((label, cells))
    return libraries, rows


def _named(case: CaseResult, library: str, text: str) -> Entry:
    """The entry a cell names; the cell must show that entry's figure (or status) and ratio."""
    match = CELL.match(text)
    assert match, text
    inner = match["inner"] or ""
    ratio = RATIO.search(inner)
    variant = inner[: ratio.start()] if ratio else inner
    named = [e for e in case.entries if e.library == library and e.variant == variant]
    assert len(named) == 1, f"{case.id}: {library}'s cell {text!r} names no single variant of it"
    entry = named[0]
    expected = f"{figure(case, entry)} ±{entry.spread:.0%}" if entry.timed else entry.status
    assert match["body"] == expected, f"{case.id}: {library}'s cell {text!r} is not the figure of {variant!r}"
    shown = entry.ratio is not None and entry.timed
    assert (ratio["ratio"] if ratio else None) == (ratio_text(entry.ratio) if shown else None), (case.id, text)
    return entry


def _check_every_cell(case: CaseResult) -> None:
    libraries, rows = _table(case)
    shown: list[str] = []
    for _, cells in rows:
        for library, text in zip(libraries, cells):
            if text:
                shown.append(_named(case, library, text).key)
    assert sorted(shown) == sorted(e.key for e in case.entries), f"{case.id}: an entry is missing or shown twice"
    if case.entry("pokerlab") is not None:
        first = dict(zip(libraries, rows[0][1]))["pokerlab"]
        assert _named(case, "pokerlab", first).key == "pokerlab", f"{case.id}: the first row is not pokerlab's main"
        assert rows[0][0] == f"{case.title}: {case.spot}".strip()


@pytest.mark.parametrize("case", SAVED.cases, ids=[c.id for c in SAVED.cases])
def test_every_cell_of_the_saved_report_shows_the_variant_it_names(case):
    _check_every_cell(case)


def test_the_saved_report_has_cases_with_several_pokerlab_variants():
    """The checks above cover cases whose second pokerlab entry is not an all-threads or plain-calls one."""
    keys = {e.key for c in SAVED.cases for e in c.entries}
    assert {"pokerlab-mc", "pokerlab-orders", "pokerlab-jobs", "pokerlab-cold"} <= keys


def _entry(key: str, library: str, variant: str, seconds: float, ratio: float | None = None) -> Entry:
    return Entry(key, library, variant, "f()", seconds=[seconds] * 3, work=[1] * 3, ratios=[ratio] * 3 if ratio else [])


def test_the_main_entry_leads_whatever_the_order_of_the_entries():
    """The slow variant first, two of one library on a shared row, a peer with a second way: each its own cell."""
    case = CaseResult("toy", "toy", "toy case", "9 stacks", "call", "time", rounds=3)
    case.entries += [
        _entry("pokerlab-mc", "pokerlab", "Monte Carlo", 0.2, 300.0),
        _entry("pokerkit-threads", "pokerkit", "all threads", 0.5, 700.0),
        _entry("pokerlab-plain", "pokerlab", "plain calls", 0.03, 40.0),
        _entry("pokerlab", "pokerlab", "exact", 0.0007),
        _entry("pokerlab-x-plain", "pokerlab", "other plain calls", 0.04, 55.0),
        _entry("pokerkit", "pokerkit", "", 0.9, 1300.0),
        Entry("treys", "treys", "", "f()", status=MISSING),
    ]
    _check_every_cell(case)
    libraries, rows = _table(case)
    first = dict(zip(libraries, rows[0][1]))
    assert first["pokerlab"] == "700 µs ±0% (exact)" and first["pokerkit"] == "900 ms ±0% (1,300x slower)"
    assert first["treys"] == "not installed"


def test_the_text_report_names_each_entrys_variant_next_to_its_figure():
    text = SAVED.to_text().splitlines()
    for case in SAVED.cases:
        for e in case.entries:
            if e.timed:
                assert any(e.library in line and e.variant in line and figure(case, e) in line for line in text), (
                    case.id,
                    e.key,
                )
