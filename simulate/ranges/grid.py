"""A range on the 13x13 grid: each class's weighted share, as numbers or drawn for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...evaluator.cards import RANK_CHARS
from .cells import CELL_SIZES, COMBO_CELL, GRID_LABELS, N_COMBOS

if TYPE_CHECKING:
    from rich.console import RenderableType

    from .parse import Range


def range_grid(r: Range) -> list[list[float]]:
    """13x13 grid of the weighted fraction of each class's combos present.

    Rows and columns run from A down to 2; pairs are on the diagonal, suited
    classes above it (row = top card) and offsuit ones below it (column =
    top card). See :data:`GRID_LABELS` for the class of each cell.

    >>> from pokerlab.simulate.ranges.parse import parse_range
    >>> grid = range_grid(parse_range("AA, AKs, AKo@50"))
    >>> grid[0][:2], grid[1][0]
    ([1.0, 1.0], 0.5)
    """
    sums = np.bincount(COMBO_CELL, weights=r.dense, minlength=169) / CELL_SIZES
    return sums.reshape(13, 13).tolist()


def plain_grid(grid: list[list[float]]) -> str:
    """A 13x13 grid of shares as text, one percent a cell (``.`` none, ``100`` all), aces top left.

    >>> print(plain_grid([[1.0] + [0.0] * 12] + [[0.0] * 13] * 12).splitlines()[1])
       A 100   .   .   .   .   .   .   .   .   .   .   .   .
    """
    lines = ["    " + "".join(f"{ch:>4}" for ch in reversed(RANK_CHARS))]
    for row, values in enumerate(grid):
        cells = []
        for value in values:
            percent = value * 100
            if value == 0:
                cells.append("   .")
            elif value == 1:
                cells.append(" 100")
            else:
                cells.append(f"{min(99, max(1, round(percent))):>4}")
        lines.append(f"{RANK_CHARS[12 - row]:>4}" + "".join(cells))
    return "\n".join(lines)


def render_grid(r: Range, *, plain: bool = False) -> RenderableType | str:
    """The range as a 13x13 grid for the terminal.

    Returns a coloured ``rich`` table of class names when ``rich`` is
    installed and ``plain`` is false (green: whole class, yellow brightening
    with the share: part of it, grey: none); otherwise plain text giving each
    cell's percentage (``.`` for none). Both end with a one-line summary.

    >>> from pokerlab.simulate.ranges.parse import parse_range
    >>> print(render_grid(parse_range("AA"), plain=True).splitlines()[1][:12])
       A 100   .
    """
    grid = range_grid(r)
    summary = f"{len(r)} combos, weight {r.total_weight:.6g} ({100 * r.total_weight / N_COMBOS:.2f}% of {N_COMBOS})"
    if not plain:
        try:
            from rich.style import Style
            from rich.table import Table
            from rich.text import Text
        except ImportError:
            plain = True
    if plain:
        return plain_grid(grid) + "\n" + summary
    table = Table(show_header=False, box=None, padding=0, caption=summary)
    for _ in range(13):
        table.add_column(justify="center", width=5)
    for row in range(13):
        cells = []
        for col in range(13):
            value = grid[row][col]
            if value == 1:
                style = Style(color="white", bgcolor="rgb(30,140,60)", bold=True)
            elif value > 0:  # a yellow that brightens with the share present
                level = round(80 + 140 * value)
                style = Style(color="black", bgcolor=f"rgb({level},{round(level * 0.85)},30)")
            else:
                style = Style(color="grey50", bgcolor="rgb(40,40,40)")
            cells.append(Text(GRID_LABELS[row][col], style=style))
        table.add_row(*cells)
    return table
