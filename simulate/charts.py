"""Charts (matplotlib, ``pip install pokerlab[plot]``): the starting-hand grid and equity by street.

The grid is the usual 13x13 layout of :data:`pokerlab.simulate.ranges.parse.GRID_LABELS`:
aces in the top row and left column, pairs on the diagonal, suited classes
above it and offsuit ones below. The figures are drawn without pyplot (no
window, no global state) and saved as PNG or SVG by the file's extension.

>>> preflop_chart("grid.png")  # doctest: +SKIP
PosixPath('grid.png')
>>> range_chart("TT+,AKs", "range.svg")  # doctest: +SKIP
PosixPath('range.svg')
>>> equity_chart(["AsAh", "KsKh"], "streets.png", board="Qs7h2c5d9c")  # doctest: +SKIP
PosixPath('streets.png')
>>> pushfold_charts("pushfold.png", max_stack=20)  # doctest: +SKIP
PosixPath('pushfold.png')
>>> solve_chart("river.png", load_solution("river.npz").node("check"))  # doctest: +SKIP
PosixPath('river.png')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import PokerlabError
from ..evaluator.cards import format_cards, to_card_ids
from .equity.api import equity
from .ranges.parse import GRID_LABELS, Range, parse_range, range_grid
from .ranges.table import load_preflop_table

GRID_SIZE_INCHES = 8.0
DPI = 100
GRID_AXES = (0.03, 0.03, 0.94, 0.90)  # left, bottom, width, height of the grid in the figure (fractions)
IN_RANGE = "#1e8c3c"  # a whole class in the range
OUT_OF_RANGE = "#e6e6e6"
PARTIAL_LOW = "#f3e0a0"  # part of a class: from this (a sliver) ...
PARTIAL_HIGH = "#d9a400"  # ... to this (nearly all of it)
EQUITY_CMAP = "RdYlGn"
EQUITY_RANGE = (0.30, 0.86)  # equity against a random hand spans about 32 % (32o) to 85 % (AA)
STREETS = ("preflop", "flop", "turn", "river")
PUSHFOLD_CMAP = "YlOrRd"  # the push-or-fold charts: pale for the smallest stacks, dark red up to the largest
FOLD_COLOUR = "#3d7fc1"  # a solver's strategy as PioSOLVER and GTO+ draw it: fold blue, check and call greens,
CHECK_COLOUR = "#4daf4a"
CALL_COLOUR = "#2e9e78"
BET_LIGHT = "#f4a582"  # ... bets and raises in reds from the smallest size (light) to the largest (dark)
BET_DARK = "#8e0c12"
OTHER_ACTION = "#9e9e9e"
PLAYER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")


class ChartError(PokerlabError, ValueError):
    """Bad chart input, or matplotlib missing."""


def need_matplotlib() -> None:
    """Raise the one-line :class:`ChartError` naming the ``plot`` extra when matplotlib is not installed.

    Every chart function calls it first, so a missing matplotlib is never a ``ModuleNotFoundError``.

    >>> need_matplotlib()  # matplotlib is installed here: nothing happens
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ChartError('charts need matplotlib: pip install "pokerlab[plot]"') from None


def _figure(width: float, height: float) -> Any:
    need_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


def chart_path(out: str | os.PathLike[str]) -> Path:
    """``out`` as a path, refused unless it ends in .png or .svg (the formats the charts are saved in).

    >>> chart_path("chart.svg")
    PosixPath('chart.svg')
    """
    path = Path(out)
    if path.suffix.lower() not in (".png", ".svg"):
        raise ChartError(f"the chart's file must end in .png or .svg, got {path.name!r}")
    return path


def _save(fig: Any, out: str | os.PathLike[str]) -> Path:
    path = chart_path(out)
    fig.savefig(path, dpi=DPI)
    return path


def cell_center(row: int, col: int, panel: int = 0) -> tuple[float, float]:
    """Pixel (x, y from the top left) of a grid cell's centre in a saved PNG, for checking charts; ``panel``:
    which of the grids side by side (:func:`pushfold_charts` draws two)."""
    left, bottom, width, height = GRID_AXES
    size = GRID_SIZE_INCHES * DPI
    x = (panel + left + width * (col + 0.5) / 13) * size
    y = (1 - bottom - height + height * (row + 0.5) / 13) * size
    return x, y


def _grid(title: str, colours: list[list[Any]], texts: list[list[str]], text_colours: list[list[str]]) -> Any:
    """A figure of 13x13 coloured cells with two lines of text each."""
    fig = _figure(GRID_SIZE_INCHES, GRID_SIZE_INCHES)
    _cells(fig, 0, 1, colours, texts, text_colours)
    fig.suptitle(title, y=0.975, fontsize=12)
    return fig


def _cells(
    fig: Any, panel: int, panels: int, colours: list[list[Any]], texts: list[list[str]], text_colours: list[list[str]]
) -> Any:
    """Draw the 13x13 cells in grid ``panel`` of ``panels`` side by side (each as wide as the figure is tall)."""
    from matplotlib.patches import Rectangle

    left, bottom, width, height = GRID_AXES
    ax = fig.add_axes(((panel + left) / panels, bottom, width / panels, height))
    ax.set_xlim(0, 13)
    ax.set_ylim(13, 0)
    ax.set_axis_off()
    for row in range(13):
        for col in range(13):
            ax.add_patch(Rectangle((col, row), 1, 1, facecolor=colours[row][col], edgecolor="white", linewidth=1.5))
            ax.text(
                col + 0.5,
                row + 0.5,
                texts[row][col],
                ha="center",
                va="center",
                fontsize=7.5,
                color=text_colours[row][col],
                linespacing=1.3,
            )
    return ax


def preflop_chart(out: str | os.PathLike[str], equities: dict[str, float] | None = None) -> Path:
    """The 13x13 grid coloured by each class's equity against a random hand, each cell labelled.

    ``equities`` by class name (default: the shipped exact table).
    """
    need_matplotlib()
    from matplotlib import colormaps
    from matplotlib.colors import Normalize

    if equities is None:
        equities = {row.hand: row.equity for row in load_preflop_table().rows}
    cmap, norm = colormaps[EQUITY_CMAP], Normalize(*EQUITY_RANGE)
    colours = [[cmap(norm(equities[name])) for name in row] for row in GRID_LABELS]
    texts = [[f"{name}\n{100 * equities[name]:.1f}" for name in row] for row in GRID_LABELS]
    ink = [["white" if _luminance(c) < 0.4 else "black" for c in row] for row in colours]
    return _save(_grid("Equity (%) against one random hand, all-in preflop", colours, texts, ink), out)


def pushfold_colour(value: float | None, max_stack: float) -> Any:
    """The colour of a push-or-fold chart's cell whose hand is played up to ``value`` bb (None: at no stack),
    on a chart from 1 bb to ``max_stack``.

    >>> pushfold_colour(None, 20.0)
    '#e6e6e6'
    """
    if value is None:
        return OUT_OF_RANGE
    from matplotlib import colormaps
    from matplotlib.colors import Normalize

    return colormaps[PUSHFOLD_CMAP](Normalize(1.0, max(max_stack, 1.1))(value))


def pushfold_charts(
    out: str | os.PathLike[str], *, ante: float = 0.0, max_stack: float = 20.0, chart: Any = None
) -> Path:
    """Both heads-up push-or-fold charts side by side, the small blind's pushes and the big blind's calls: each
    cell coloured by and labelled with the largest stack (bb) at which the hand is played ("20+" at
    ``max_stack``, "-" at none; * where it has gaps). ``chart``: the
    :func:`~pokerlab.simulate.tournament.pushfold_chart` result when already computed.
    """
    need_matplotlib()
    chart_path(out)  # refused before the chart is solved, not after
    if chart is None:
        # the push/fold solver loads only to solve a chart not given
        from .tournament.pushfold_chart import pushfold_chart

        chart = pushfold_chart(ante=ante, max_stack=max_stack)
    fig = _figure(2 * GRID_SIZE_INCHES, GRID_SIZE_INCHES)
    titles = {"sb": "small blind: push up to (bb)", "bb": "big blind: call up to (bb)"}
    for panel, player in enumerate(titles):
        gaps = chart.gaps(player)
        colours = [[pushfold_colour(chart.largest(h, player), chart.max_stack) for h in row] for row in GRID_LABELS]
        texts = [[f"{h}\n{chart.value(h, player)}{'*' if h in gaps else ''}" for h in row] for row in GRID_LABELS]
        ink = [["white" if _luminance(c) < 0.4 else "black" for c in row] for row in colours]
        _cells(fig, panel, 2, colours, texts, ink).set_title(titles[player], fontsize=11)
    ante_words = "no ante" if chart.ante == 0 else f"ante {chart.ante:g} bb"
    fig.suptitle(
        f"heads-up push-or-fold Nash equilibrium ({ante_words}), every 0.1 bb to {chart.max_stack:g} bb; * has gaps",
        y=0.985,
        fontsize=12,
    )
    return _save(fig, out)


def _luminance(colour: Any) -> float:
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def range_colour(share: float) -> str:
    """Colour of a cell holding ``share`` (0..1) of its class's combos."""
    from matplotlib.colors import to_hex, to_rgb

    if share >= 1:
        return IN_RANGE
    if share <= 0:
        return OUT_OF_RANGE
    low, high = to_rgb(PARTIAL_LOW), to_rgb(PARTIAL_HIGH)
    red, green, blue = (a + (b - a) * share for a, b in zip(low, high))
    return to_hex((red, green, blue))


def range_chart(hand_range: str | Range, out: str | os.PathLike[str]) -> Path:
    """The grid with a range shaded: green for whole classes, amber by share for parts of classes."""
    need_matplotlib()
    r = parse_range(hand_range) if isinstance(hand_range, str) else hand_range
    grid = range_grid(r)
    colours = [[range_colour(share) for share in row] for row in grid]
    texts = [
        [name if share in (0, 1) else f"{name}\n{100 * share:.0f}%" for name, share in zip(names, shares)]
        for names, shares in zip(GRID_LABELS, grid)
    ]
    text_colours = [["white" if share >= 1 else "black" for share in row] for row in grid]
    title = f"{r}: {len(r)} combos ({100 * r.total_weight / 1326:.1f} % of hands)"
    return _save(_grid(title, colours, texts, text_colours), out)


def equity_by_street(
    players: Sequence[str], board: str | Sequence[int], dead: str | None = None, seed: int = 0
) -> tuple[list[str], list[list[float]]]:
    """Each player's equity on every street the board reaches: ``(streets, [per street: equities])``.

    Exact when it is quick, otherwise Monte Carlo with ``seed`` (see :func:`pokerlab.simulate.equity.engine.equity`).

    >>> streets, values = equity_by_street(["AsAh", "KsKh"], "Kd7h2c")
    >>> streets, [round(v[0], 3) for v in values]
    (['preflop', 'flop'], [0.826, 0.086])
    """

    ids = to_card_ids(board) if board else []
    if len(ids) not in (0, 3, 4, 5):
        raise ChartError(f"the board must have 0, 3, 4 or 5 cards, got {len(ids)}")
    sizes = [0, 3, 4, 5][: 1 + max(0, len(ids) - 2)]
    values = [[p.equity for p in equity(list(players), board=ids[:n], dead=dead, seed=seed).players] for n in sizes]
    return list(STREETS[: len(sizes)]), values


def equity_chart(
    players: Sequence[str],
    out: str | os.PathLike[str],
    board: str | Sequence[int] = "",
    dead: str | None = None,
    seed: int = 0,
    by_street: tuple[list[str], list[list[float]]] | None = None,
) -> Path:
    """Each player's equity by street as grouped bars (percent), labelled with the values.

    ``by_street``: :func:`equity_by_street`'s result when already computed.
    """
    need_matplotlib()
    streets, values = by_street if by_street is not None else equity_by_street(players, board, dead, seed)
    fig = _figure(8.0, 5.0)
    ax = fig.add_axes((0.08, 0.1, 0.9, 0.78))
    n = len(players)
    width = 0.8 / n
    for i, name in enumerate(players):
        xs = [s + (i - (n - 1) / 2) * width for s in range(len(streets))]
        heights = [100 * v[i] for v in values]
        bars = ax.bar(xs, heights, width, label=name, color=PLAYER_COLOURS[i % len(PLAYER_COLOURS)])
        ax.bar_label(bars, fmt="%.1f", fontsize=8, padding=2)

    ids = to_card_ids(board) if board else []
    dealt = ["", format_cards(ids[:3]), format_cards(ids[3:4]), format_cards(ids[4:5])]
    ax.set_xticks(range(len(streets)), [f"{s}\n{cards}" for s, cards in zip(streets, dealt)])
    ax.set_ylim(0, 105)
    ax.set_ylabel("equity (%)")
    ax.legend(loc="upper center", ncols=n, bbox_to_anchor=(0.5, 1.1), frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return _save(fig, out)


def distribution_chart(
    players: Sequence[str],
    out: str | os.PathLike[str],
    board: str | Sequence[int] = "",
    dead: str | None = None,
    distribution: Any = None,
) -> Path:
    """Equilab's equity distribution: each player's combos sorted by equity against the others, as a curve.

    The x axis is the share of the range's weight (best combos first), the y axis the combo's equity.
    ``distribution``: :func:`pokerlab.simulate.equity.distribution.equity_by_combo`'s result when already computed.
    """
    need_matplotlib()
    if distribution is None:
        from .equity.distribution import equity_by_combo  # loads only to compute a distribution not given

        distribution = equity_by_combo(list(players), board=board or None, dead=dead or None)
    fig = _figure(8.0, 5.0)
    ax = fig.add_axes((0.09, 0.11, 0.88, 0.77))
    for i, p in enumerate(distribution.players):
        weights = [c.weight for c in p.combos]
        total = sum(weights)
        xs, ys, done = [0.0], [100 * p.combos[0].equity], 0.0
        for c in p.combos:  # best first: a step per combo, as wide as its weight
            xs += [100 * done / total, 100 * (done + c.weight) / total]
            ys += [100 * c.equity, 100 * c.equity]
            done += c.weight
        label = f"{p.hand}: {100 * p.equity:.1f} %"
        ax.plot(xs, ys, color=PLAYER_COLOURS[i % len(PLAYER_COLOURS)], label=label, linewidth=1.8)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("share of the range, best combos first (%)")
    ax.set_ylabel("equity (%)")
    on = f" on {distribution.board}" if distribution.board else ""
    ax.set_title(f"equity distribution{on}", loc="left", fontsize=10)
    ax.legend(loc="upper center", ncols=min(len(distribution.players), 3), bbox_to_anchor=(0.5, 1.14), frameon=False)
    ax.grid(alpha=0.3)
    ax.spines[["top", "right"]].set_visible(False)
    return _save(fig, out)


def action_colours(actions: Sequence[str]) -> list[str]:
    """The colour of each of a decision's ``actions`` (solver labels): fold blue, check and call greens, bets,
    raises and all-ins in reds darkening with the size (the tree lists them smallest first, the all-in last).

    >>> action_colours(["check", "bet 5", "allin 10"])
    ['#4daf4a', '#c1584a', '#8e0c12']
    >>> action_colours(["fold", "call"])
    ['#3d7fc1', '#2e9e78']
    """
    from matplotlib.colors import to_hex, to_rgb

    fixed = {"fold": FOLD_COLOUR, "check": CHECK_COLOUR, "call": CALL_COLOUR}
    aggressive = [a for a in actions if a.split(" ")[0] in ("bet", "raise", "allin")]
    low, high = to_rgb(BET_LIGHT), to_rgb(BET_DARK)
    colours = []
    for action in actions:
        if action in aggressive:
            t = (aggressive.index(action) + 1) / len(aggressive)  # a lone bet is as dark as the largest
            red, green, blue = (a + (b - a) * t for a, b in zip(low, high))
            colours.append(to_hex((red, green, blue)))
        else:
            colours.append(fixed.get(action, OTHER_ACTION))
    return colours


def solve_chart(out: str | os.PathLike[str], node: Any) -> Path:
    """A solver decision's strategy on the 13x13 grid: each hand class's cell split left to right into bars as
    wide as the acting player plays each action there (over the class's combos, weighted by their range weight),
    coloured by :func:`action_colours`; a class with no combo in the range is left blank. The legend names each
    action with its frequency over the range. ``node``: a :class:`~pokerlab.simulate.solver.holdem.SolutionNode`.

    >>> import tempfile
    >>> from pokerlab.simulate.solver import solve
    >>> node = solve("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=10).node()
    >>> solve_chart(Path(tempfile.mkdtemp()) / "river.png", node).stat().st_size > 0
    True
    """
    need_matplotlib()
    chart_path(out)
    from matplotlib.patches import Patch, Rectangle

    strategy = node.strategy()  # refuses a terminal or chance node in one line
    actions, colours = strategy["actions"], action_colours(strategy["actions"])
    shares = node.class_strategy()
    fig = _figure(GRID_SIZE_INCHES, GRID_SIZE_INCHES)
    left, bottom, width, height = GRID_AXES
    ax = fig.add_axes((left, bottom, width, height))
    ax.set_xlim(0, 13)
    ax.set_ylim(13, 0)
    ax.set_axis_off()
    for row in range(13):
        for col in range(13):
            cell = shares[row * 13 + col]
            ink = "#9a9a9a"
            if cell[0] != cell[0]:  # NaN: no combo of the class
                ax.add_patch(Rectangle((col, row), 1, 1, facecolor=OUT_OF_RANGE, linewidth=0))
            else:
                x = float(col)
                for share, colour in zip(cell, colours):
                    ax.add_patch(Rectangle((x, row), share, 1, facecolor=colour, linewidth=0))
                    x += share
                first = next((c for s, c in zip(cell, colours) if s > 0.15), colours[0])
                ink = "white" if _luminance(first) < 0.5 else "black"
            ax.add_patch(Rectangle((col, row), 1, 1, facecolor="none", edgecolor="white", linewidth=1.5))
            ax.text(col + 0.08, row + 0.1, GRID_LABELS[row][col], ha="left", va="top", fontsize=7, color=ink)
    handles = [
        Patch(facecolor=c, label=f"{a}: {100 * f:.1f} %") for a, c, f in zip(actions, colours, strategy["frequencies"])
    ]
    fig.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.965),
        ncols=len(handles),
        frameon=False,
        fontsize=8.5,
        handlelength=1.2,
        columnspacing=1.2,
    )
    line = ", ".join(node.line) or "the root"
    title = f"board {node.solution.board}, after {line}: {node.player.upper()} to act, pot {node.pot:g}"
    fig.suptitle(title, y=0.99, fontsize=11)
    return _save(fig, out)
