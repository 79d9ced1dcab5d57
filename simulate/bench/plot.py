"""Bar chart of a benchmark report (matplotlib, an optional extra): log scale, min-max error bars.

One panel per kind of figure (hands/s, trials/s, seconds per call); in a
panel, a group of bars per case and a colour per library.

>>> plot(report, "bench.png")  # doctest: +SKIP
'bench.png'
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import InputError, PokerlabError
from .format import LIBRARY_ORDER

if TYPE_CHECKING:
    from .report import BenchReport

DPI = 100
WIDTH_INCHES = 11.0
BAR_INCHES = 0.22  # height of one bar
PANEL_EXTRA_INCHES = 0.9  # title and axis of a panel

COLOURS = {
    "pokerlab": "#d62728",
    "pokerfast": "#1f77b4",
    "pkrbot": "#2ca02c",
    "eval7": "#9467bd",
    "phevaluator": "#8c564b",
    "treys": "#e377c2",
    "pokerkit": "#7f7f7f",
}


class PlotUnavailable(PokerlabError, RuntimeError):
    """matplotlib is not installed."""


_Bar = tuple[str, str, float, float, float]  # bar label, library, median, low, high


def _panels(report: BenchReport) -> dict[str, list[tuple[str, list[_Bar]]]]:
    """Panel title -> [(row label, [(bar label, library, median, low, high)])] for every timed entry."""
    panels: dict[str, list[tuple[str, list[_Bar]]]] = {}
    for case in report.cases:
        if case.show == "time":
            title = "seconds per run (lower is better)"
        else:
            title = f"{case.unit} per second (higher is better)"
        bars: list[_Bar] = []
        for e in case.entries:
            if not e.timed:
                continue
            if case.show == "time":
                value, (low, high) = e.median_seconds, e.seconds_range
            else:
                value, (low, high) = e.median_rate, e.rate_range
            bars.append((f"{e.library} {e.variant}".strip(), e.library, value, low, high))
        if bars:
            panels.setdefault(title, []).append((f"{case.title}\n{case.spot}", bars))
    return panels


def figure_inches(report: BenchReport) -> tuple[float, float]:
    """(width, height) of the chart in inches; in pixels, times :data:`DPI`."""
    panels = _panels(report)
    bars = sum(len(b) + 1 for rows in panels.values() for _, b in rows)
    return WIDTH_INCHES, round(1.2 + bars * BAR_INCHES + PANEL_EXTRA_INCHES * max(len(panels), 1), 1)


def plot(report: BenchReport, path: str | Path) -> str:
    """Write the chart to ``path``; the format follows the suffix (.png, .svg, .pdf). Returns the path."""
    try:
        import matplotlib

        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise PlotUnavailable(
            f"--plot needs matplotlib, which is not installed ({exc}); install it with "
            '`pip install "pokerlab[plot]"` or `pip install matplotlib`'
        ) from exc
    path = str(path)
    panels = _panels(report)
    if not panels:
        raise InputError("nothing was timed: no chart to draw")
    heights = [sum(len(b) + 1 for _, b in rows) for rows in panels.values()]
    fig, axes = plt.subplots(
        len(panels),
        1,
        figsize=figure_inches(report),
        dpi=DPI,
        squeeze=False,
        layout="constrained",
        gridspec_kw={"height_ratios": heights},
    )
    seen: set[str] = set()
    for ax, (title, rows) in zip(axes[:, 0], panels.items()):
        y, ticks, labels = 0.0, [], []
        for label, bars in rows:
            top = y
            for name, library, value, low, high in bars:
                colour = COLOURS.get(library, "#bcbd22")
                ax.barh(
                    y,
                    value,
                    height=0.8,
                    color=colour,
                    label=library if library not in seen else None,
                    xerr=[[value - low], [high - value]],
                    capsize=2,
                    error_kw={"elinewidth": 0.8},
                )
                ax.text(value, y, f"  {name}", va="center", fontsize=7)
                seen.add(library)
                y += 1
            ticks.append((top + y - 1) / 2)
            labels.append(label)
            y += 1
        ax.set_xscale("log")
        lowest = min(low for _, bars in rows for *_, low, _ in bars)
        highest = max(high for _, bars in rows for *_, high in bars)
        ax.set_xlim(lowest / 3, highest * 20)  # room for the bar labels on the right
        ax.set_yticks(ticks, labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_title(title, fontsize=9)
        ax.grid(axis="x", which="both", alpha=0.3)
    handles = {h.get_label(): h for ax in axes[:, 0] for h in ax.get_legend_handles_labels()[0]}
    order = [lib for lib in LIBRARY_ORDER if lib in handles] + sorted(set(handles) - set(LIBRARY_ORDER))
    fig.legend([handles[k] for k in order], order, loc="outside lower center", fontsize=8, ncol=len(order))
    m = report.machine
    fig.suptitle(
        f"pokerlab bench {report.date[:10]}: {m.get('cpu', '?')}, {m.get('cores', '?')} cores, "
        f"Python {m.get('python', '?')}, numba {m.get('numba', '?')}",
        fontsize=9,
        x=0.01,
        ha="left",
    )
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path
