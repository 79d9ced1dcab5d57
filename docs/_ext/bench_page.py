"""The performance page's Markdown, from a saved ``pokerlab bench --json`` report (no Sphinx needed here).

:func:`page` puts on the page the run and the machine it ran on, the table of ``pokerlab bench
--markdown`` (:func:`table`), the bench's chart and how each case is timed; ``bench_report.py`` (the
Sphinx directive) draws the chart and renders this. ``tests/test_performance_page.py`` checks the page
against the report.
"""

from __future__ import annotations

from pathlib import Path

from pokerlab.simulate.bench import BenchReport, Entry
from pokerlab.simulate.bench.format import machine_line, markdown, table as bench_table

#: Where the chart is drawn, inside the source folder (Sphinx copies it into the build's images).
CHART_FOLDER = "_generated"


def load(path: str | Path) -> BenchReport:
    """The report saved at ``path``."""
    return BenchReport.from_json(Path(path).read_text(encoding="utf-8"))


def table(report: BenchReport) -> list[str]:
    """The table of ``pokerlab bench --markdown`` (a row per case and variant, a column per library) and its notes.

    The notes under it are those ``--markdown`` prints; its first line, the run's date, is left out.
    """
    notes = markdown(report).split("\n\n", 2)[2]  # the date line, the table, then the notes
    return [*bench_table(report), "", *notes.splitlines()]


def run_line(report: BenchReport, source: str) -> str:
    """What was run, on which machine, with which peers."""
    m = report.machine
    load_average = m.get("load_average")
    busy = (
        f" The load average (1, 5 and 15 minutes) was {', '.join(f'{x:g}' for x in load_average)} when it started."
        if load_average
        else ""
    )
    peers = ", ".join(f"{name} {version}" for name, version in report.peers.items())
    return (
        f"One {report.config.get('name', '')} run of `pokerlab bench` ({report.wall_seconds:.0f} s), saved as "
        f"`{source}`, on {machine_line(report)}.{busy} Peers: {peers}."
    )


def timing_notes(report: BenchReport) -> list[str]:
    """One bullet per distinct case note: the cases it is about (by id), then the note."""
    notes: dict[str, list[str]] = {}
    for case in report.cases:
        if case.note:
            notes.setdefault(case.note, []).append(case.id)
    return [f"- {', '.join(f'`{i}`' for i in ids)}: {note}" for note, ids in notes.items()]


def page(report: BenchReport, source: str, chart: str | None) -> str:
    """The page's Markdown: the run and its machine, the table, the chart at ``chart`` (None: no chart), how each
    case is timed."""
    out = [run_line(report, source), "", *table(report), ""]
    if chart is not None:
        out += [f"```{{figure}} {chart}", ":alt: the bench's bar chart of the same run", ":width: 100%", ""]
        out += ["The same run as a chart (log scale; the bars span the fastest and slowest rounds).", "```", ""]
    out += ["```{rubric} How each case is timed", "```", "", *timing_notes(report)]
    return "\n".join(out) + "\n"


def _entry(report: BenchReport, case_id: str, key: str) -> Entry:
    case = next(c for c in report.cases if c.id == case_id)
    return next(e for e in case.entries if e.key == key)


def _times(report: BenchReport, case_id: str, peer: str) -> str:
    """How many times pokerlab's speed the peer's median time is: one decimal, none from 20x up."""
    ratio = _entry(report, case_id, peer).ratio
    assert ratio is not None, f"{peer} has no ratio in {case_id}"
    return f"{ratio:.0f}x" if ratio >= 20 else f"{ratio:.1f}x"


def headline(report: BenchReport) -> str:
    """README's sentence of headline figures, from the report (tests/test_performance_page.py compares them)."""
    batch = _entry(report, "batch-7", "pokerlab").median_rate / 1e6
    call = _entry(report, "call-7", "pokerlab").median_rate / 1e6
    per_core = (
        _entry(report, "phh-folder", "pokerlab-jobs").median_rate / _entry(report, "phh-folder", "pokerkit").median_rate
    )
    return (
        f"Against its peers, on one thread: {batch:.0f} M random 7-card hands a second in a batch, "
        f"{_times(report, 'batch-7', 'pokerfast')} the OMPEval kernel that pokerfast wraps; {call:.1f} M a second one "
        f"call at a time from Python, {_times(report, 'call-7', 'pkrbot')} pkrbot and "
        f"{_times(report, 'call-7', 'eval7')} eval7; exact three-way preflop equity (AA vs KK vs QQ) "
        f"{_times(report, 'eq-3way', 'pokerfast')} faster than pokerfast; random 6-max no-limit hold'em hands "
        f"played through its game engine {_times(report, 'game-nlhe', 'pokerkit')} faster than pokerkit; and a "
        f"folder of one-hand PHH files replayed {_times(report, 'phh-folder', 'pokerkit')} faster than pokerkit in "
        f"one process, {per_core:.0f}x with a process per core (what `pokerlab replay FOLDER` runs)."
    )
