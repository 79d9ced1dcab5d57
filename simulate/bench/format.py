"""Text and markdown renderings of a :class:`~pokerlab.simulate.bench.report.BenchReport`.

>>> si(245_300_000), duration(0.00123), ratio_text(2.5), ratio_text(0.5)
('245 M', '1.23 ms', '2.5x slower', '2x faster')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .report import BenchReport, CaseResult, Entry

LIBRARY_ORDER = ["pokerlab", "pokerfast", "pkrbot", "eval7", "phevaluator", "treys", "pokerkit", "postflop-solver"]


def si(x: float) -> str:
    """A number with 3 significant digits and a k/M/G prefix."""
    for scale, prefix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if x >= scale:
            return f"{x / scale:.3g}{prefix}"
    return f"{x:.3g}"


def duration(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.3g} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"


def ratio_text(ratio: float | None) -> str:
    """A peer's time over pokerlab's as words: 2.5 -> "2.5x slower", 0.5 -> "2x faster"."""
    if ratio is None:
        return "—"
    if ratio >= 1:
        return f"{ratio:.3g}x slower" if ratio < 1000 else f"{ratio:,.0f}x slower"
    return f"{1 / ratio:.3g}x faster"


def figure(case: CaseResult, entry: Entry) -> str:
    """The median: a rate (``245 M hands/s``) or a time per call (``1.23 ms``)."""
    if case.show == "time":
        return duration(entry.median_seconds)
    return f"{si(entry.median_rate)} {case.unit}/s"


def cell(case: CaseResult, entry: Entry, with_ratio: bool = True) -> str:
    """One markdown cell: the figure and ± spread (or the status), then in brackets the variant it times
    and its ratio to pokerlab's main entry.

    >>> from pokerlab.simulate.bench.report import CaseResult, Entry
    >>> case = CaseResult("icm-9", "icm", "ICM", "9 stacks", "call", "time", rounds=2)
    >>> mc = Entry("pokerlab-mc", "pokerlab", "Monte Carlo", "f()", seconds=[0.2, 0.2], work=[1, 1], ratios=[300, 300])
    >>> cell(case, mc), cell(case, mc, with_ratio=False)
    ('200 ms ±0% (Monte Carlo; 300x slower)', '200 ms ±0% (Monte Carlo)')
    """
    body = f"{figure(case, entry)} ±{entry.spread:.0%}" if entry.timed else entry.status
    notes = [entry.variant.replace("|", "/")] if entry.variant else []  # a "|" would split the markdown cell
    if entry.timed and entry.details:
        notes.append(entry.details.replace("|", "/"))
    if with_ratio and entry.timed and entry.ratio is not None:
        notes.append(ratio_text(entry.ratio))
    return f"{body} ({'; '.join(notes)})" if notes else body


NOT_COMPILED = " (NOT the compiled per-call evaluator: pure Python, per-call figures several times too slow)"


def machine_line(report: BenchReport) -> str:
    m = report.machine
    cores = f"{m.get('cores', '?')} cores" + (
        f" ({m['usable_cores']} usable)" if m.get("usable_cores") not in (None, m.get("cores")) else ""
    )
    return (
        f"{m.get('cpu', '?')}, {cores}, {m.get('os', '?')}; Python {m.get('python', '?')}, numpy "
        f"{m.get('numpy', '?')}, numba {m.get('numba', '?')} ({m.get('numba_threads', '?')} threads); "
        f"pokerlab {m.get('pokerlab', '?')}" + (NOT_COMPILED if m.get("compiled_per_call") is False else "")
    )


def how_line(report: BenchReport) -> str:
    c = report.config
    return (
        f"{c.get('name', '?')} run ({report.wall_seconds:.0f} s): median of up to {c.get('repeat', '?')} rounds "
        "per case, libraries alternating within each round; ± is half the range of the rounds; "
        "(2x slower): the library's time over pokerlab's main entry (the case's first row), in the same rounds "
        "(median)."
    )


def startup_totals(report: BenchReport) -> dict[str, float]:
    """Library -> seconds of all its start-up steps (pokerlab has several: evaluator, kernels, equity)."""
    totals: dict[str, float] = {}
    for s in report.startup:
        if s.seconds is not None:
            totals[s.library] = totals.get(s.library, 0.0) + s.seconds
    return totals


#: Entries shown on a row shared with the like entries of other libraries, by the end of their key: the row's name.
SHARED_ROWS = (
    ("-2-threads", "2 threads"),
    ("-threads", "all threads"),
    ("-public", "public call"),
    ("-high", "high hands, same rounds"),
    ("-plain", "plain calls, same rounds"),
)


def row_name(entry: Entry) -> str:
    """The row an entry goes in: the case's own ("") for a library's main entry (its key is the library's name),
    else a shared row of :data:`SHARED_ROWS`, else a row named by its variant.

    >>> from pokerlab.simulate.bench.report import Entry
    >>> [row_name(Entry(k, "pokerlab", v, "")) for k, v in [("pokerlab", "exact"), ("pokerlab-mc", "Monte Carlo"),
    ...                                                     ("pokerlab-threads", "all threads")]]
    ['', 'Monte Carlo', 'all threads']
    """
    if entry.key == entry.library:
        return ""
    for suffix, name in SHARED_ROWS:
        if entry.key.endswith(suffix):
            return name
    return entry.variant or entry.key


def case_rows(case: CaseResult) -> list[tuple[str, dict[str, Entry]]]:
    """A case's table rows, (row name, library -> entry): the libraries' main entries first, and no two entries
    in one cell (a second entry of a library for a row already holding one gets a row of its own).

    >>> from pokerlab.simulate.bench.report import CaseResult, Entry
    >>> case = CaseResult("icm-9", "icm", "ICM", "9 stacks", "call", "time", rounds=1)
    >>> case.entries += [Entry("pokerlab-mc", "pokerlab", "Monte Carlo", ""), Entry("pokerlab", "pokerlab", "", "")]
    >>> [(name, row["pokerlab"].key) for name, row in case_rows(case)]
    [('', 'pokerlab'), ('Monte Carlo', 'pokerlab-mc')]
    """
    rows: list[tuple[str, dict[str, Entry]]] = []
    for e in sorted(case.entries, key=lambda e: row_name(e) != ""):  # stable: otherwise the report's order
        name = row_name(e)
        row = next((r for n, r in rows if n == name and e.library not in r), None)
        if row is None:
            row = {}
            rows.append((name, row))
        row[e.library] = e
    return rows


def table(report: BenchReport) -> list[str]:
    """The table's lines: a row per case and variant (:func:`case_rows`), a column per library, each cell naming
    the variant it times.

    >>> from pokerlab.simulate.bench.report import BenchReport, CaseResult, Entry
    >>> case = CaseResult("icm-9", "icm", "ICM", "9 stacks", "call", "time", rounds=1)
    >>> case.entries += [Entry("pokerlab-mc", "pokerlab", "Monte Carlo", "", seconds=[0.2], work=[1], ratios=[300]),
    ...                  Entry("pokerlab", "pokerlab", "exact", "", seconds=[0.0007], work=[1])]
    >>> case.load = 1.25
    >>> print("\\n".join(table(BenchReport(machine={}, config={}, date="", cases=[case]))))
    | case | pokerlab | load |
    |---|---|---|
    | ICM: 9 stacks | 700 µs ±0% (exact) | 1.2 |
    | ICM: 9 stacks, Monte Carlo | 200 ms ±0% (Monte Carlo; 300x slower) | 1.2 |
    """
    present = {e.library for c in report.cases for e in c.entries}
    libraries = [lib for lib in LIBRARY_ORDER if lib in present] + sorted(present - set(LIBRARY_ORDER))
    lines = ["| case | " + " | ".join(libraries) + " | load |", "|---|" + "---|" * (len(libraries) + 1)]
    for case in report.cases:
        load = "" if case.load is None else f"{case.load:.1f}"
        for name, by_library in case_rows(case):
            label = f"{case.title}: {case.spot}" + (f", {name}" if name else "")
            cells = [cell(case, by_library[lib]) if lib in by_library else "" for lib in libraries]
            lines.append(f"| {label} | " + " | ".join(cells) + f" | {load} |")
    return lines


def markdown(report: BenchReport) -> str:
    """The Markdown table (the performance page shows it): the date and machine, :func:`table`, then the notes."""
    lines = [f"_`pokerlab bench` on {report.date[:10]}: {machine_line(report)}._", "", *table(report)]
    how = f"{how_line(report)} A cell's brackets name the variant it times, then its ratio; load is the one-minute"
    lines += ["", f"_{how} load average as the case ended (the machine's other work beside it)._"]
    startup = startup_totals(report)
    if startup:
        lines.append(
            "_Start-up, import + first calls at the start of the run (not in the figures above): "
            + ", ".join(f"{lib} {duration(s)}" for lib, s in startup.items())
            + "._"
        )
    missing = [f"{p}" for p, v in report.peers.items() if v.startswith("not installed")]
    if missing:
        lines.append(f"_Not installed: {', '.join(missing)}._")
    if report.wrong:
        lines.append("_Refused (wrong answer, not timed): " + ", ".join(f"{k} in {c}" for c, k in report.wrong) + "._")
    return "\n".join(lines)


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def text(report: BenchReport) -> str:
    """The terminal report: machine, peers, start-up costs, then one block per case."""
    out = [f"pokerlab bench, {report.date}", f"machine: {machine_line(report)}", how_line(report)]
    out.append("peers: " + ", ".join(f"{p} {v}" for p, v in report.peers.items()))
    if report.startup:
        out += ["", "start-up: import + first call (tables, compiled kernels), untimed in the cases below"]
        rows = [["library", "what", "seconds", ""]]
        rows += [
            [s.library, s.what, duration(s.seconds) if s.seconds is not None else "—", s.note] for s in report.startup
        ]
        out += _table(rows)
    for case in report.cases:
        out += ["", f"{case.title}: {case.spot}  [{case.id}, {case.rounds} rounds]"]
        rows = [["library", "variant", "median", "±", "vs pokerlab", "warm-up", "check"]]
        for e in case.entries:
            if e.timed:
                rows.append(
                    [
                        e.library,
                        "; ".join(x for x in (e.variant, e.details) if x),
                        figure(case, e),
                        f"{e.spread:.0%}",
                        ratio_text(e.ratio),
                        duration(e.warmup_seconds) if e.warmup_seconds is not None else "",
                        e.note,
                    ]
                )
            else:
                rows.append([e.library, e.variant, e.status, "", "", "", e.note])
        out += _table(rows)
        for e in case.entries:
            if (rate := e.trials_per_second) is not None:
                out.append(f"    {e.key}: {si(rate)} trials/s, {si(max(e.trials))} trials at most")
        out += [f"    {e.key}: {e.call}" for e in case.entries if e.call]
        if case.note:
            out.append(f"    note: {case.note}")
        if case.load is not None:
            out.append(f"    load: {case.load:.2f} (one-minute average as the case ended)")
    if report.wrong:
        out += ["", "REFUSED for a wrong answer (not timed): " + ", ".join(f"{k} in {c}" for c, k in report.wrong)]
    return "\n".join(out)
