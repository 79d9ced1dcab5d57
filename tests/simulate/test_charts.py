"""Charts: rendered to files, checked by image size and the colours of a few pixels."""

import numpy as np
import pytest
from click.testing import CliRunner
from matplotlib import colormaps
from matplotlib.colors import Normalize, to_rgb
from matplotlib.image import imread

from pokerlab.simulate.charts import (
    EQUITY_CMAP,
    EQUITY_RANGE,
    IN_RANGE,
    OUT_OF_RANGE,
    PLAYER_COLOURS,
    ChartError,
    cell_center,
    equity_by_street,
    equity_chart,
    preflop_chart,
    pushfold_charts,
    range_chart,
    range_colour,
)
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.precomputed import preflop_equity
from pokerlab.simulate.ranges.parse import GRID_LABELS


def _cell_pixel(image: np.ndarray, name: str) -> np.ndarray:
    """RGB of a point inside a class's cell, away from its label (a third of a cell left of the centre)."""
    row, col = next((r, c) for r in range(13) for c in range(13) if GRID_LABELS[r][c] == name)
    x, y = cell_center(row, col)
    cell = image.shape[1] * 0.94 / 13
    return image[round(y), round(x - cell / 3), :3]


def _close(pixel: np.ndarray, colour, tol: float = 0.02) -> bool:
    return bool(np.abs(pixel - np.array(to_rgb(colour))).max() <= tol)


def test_preflop_grid_is_coloured_by_equity(tmp_path):
    path = preflop_chart(tmp_path / "grid.png")
    image = imread(path)
    assert image.shape[:2] == (800, 800)
    cmap, norm = colormaps[EQUITY_CMAP], Normalize(*EQUITY_RANGE)
    for name in ["AA", "AKs", "AKo", "T9s", "72o", "32o", "22"]:
        assert _close(_cell_pixel(image, name), cmap(norm(preflop_equity(name)))), name
    aa, worst = _cell_pixel(image, "AA"), _cell_pixel(image, "32o")
    assert aa[1] > aa[0] and worst[0] > worst[1]  # green at the top, red at the bottom
    assert _close(image[5, 5, :3], "white")  # the page around the grid


def test_range_grid_shades_whole_and_partial_classes(tmp_path):
    image = imread(range_chart("TT+,AKs,AQo@50", tmp_path / "range.png"))
    assert image.shape[:2] == (800, 800)
    for name in ["AA", "TT", "AKs"]:
        assert _close(_cell_pixel(image, name), IN_RANGE), name
    for name in ["99", "AKo", "72o", "KQs"]:
        assert _close(_cell_pixel(image, name), OUT_OF_RANGE), name
    assert _close(_cell_pixel(image, "AQo"), range_colour(0.5))


def test_equity_by_street_chart(tmp_path):
    streets, values = equity_by_street(["AsAh", "KsKh"], "Qs7h2c5d")
    assert streets == ["preflop", "flop", "turn"]
    assert values[0][0] == pytest.approx(0.826366, abs=1e-6) and sum(values[2]) == pytest.approx(1)
    image = imread(equity_chart(["AsAh", "KsKh"], tmp_path / "streets.png", board="Qs7h2c5d"))
    assert image.shape[:2] == (500, 800)
    rgb = image[:, :, :3].reshape(-1, 3)
    for colour in PLAYER_COLOURS[:2]:
        share = (np.abs(rgb - np.array(to_rgb(colour))).max(axis=1) < 0.01).mean()
        assert share > 0.01, colour  # each player's bars cover a visible area
    assert (np.abs(rgb - np.array(to_rgb(PLAYER_COLOURS[2]))).max(axis=1) < 0.01).mean() == 0


def test_svg_output_and_bad_extensions(tmp_path):
    path = preflop_chart(tmp_path / "grid.svg")
    text = path.read_text()
    assert "<svg" in text and 'width="576pt"' in text  # 8 inches
    with pytest.raises(ChartError, match=".png or .svg"):
        range_chart("AA", tmp_path / "grid.jpg")
    with pytest.raises(ChartError):
        equity_by_street(["AA", "KK"], "AsKs")


def test_chart_commands_write_files(tmp_path):
    runner = CliRunner()
    for args in (
        ["chart", "preflop", "--out", str(tmp_path / "a.png")],
        ["chart", "range", "TT+,AKs", "--out", str(tmp_path / "b.png")],
        ["chart", "equity", "AsAh", "KsKh", "--board", "Qs7h2c", "--out", str(tmp_path / "c.svg")],
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
        assert "wrote" in result.output
    assert imread(tmp_path / "b.png").shape[:2] == (800, 800)
    bad = runner.invoke(main, ["chart", "range", "TT+,AKx", "--out", str(tmp_path / "d.png")])
    assert bad.exit_code == 2 and bad.output.startswith("error:")


def test_pushfold_charts_colour_each_hand_by_its_chart_entry(tmp_path):
    from pokerlab.simulate.charts import pushfold_colour
    from pokerlab.simulate.tournament import pushfold_chart

    chart = pushfold_chart(max_stack=4)
    image = imread(pushfold_charts(tmp_path / "pf.png", chart=chart))
    assert image.shape[:2] == (800, 1600)  # two grids side by side
    shades = set()
    for panel, player in enumerate(("sb", "bb")):
        for name in ["AA", "K2o", "T3s", "Q2o", "72o", "32o", "63s"]:
            row, col = next((r, c) for r in range(13) for c in range(13) if GRID_LABELS[r][c] == name)
            x, y = cell_center(row, col, panel)
            cell = image.shape[0] * 0.94 / 13
            pixel = image[round(y), round(x - cell / 3), :3]
            expected = pushfold_colour(chart.largest(name, player), chart.max_stack)
            assert _close(pixel, expected), (player, name, chart.value(name, player))
            shades.add(tuple(np.round(pixel, 2)))
    assert len(shades) >= 4  # the stacks differ, and so do the colours
    assert pushfold_colour(None, 20) == OUT_OF_RANGE and pushfold_colour(20, 20) != pushfold_colour(1.5, 20)


def test_chart_pushfold_command(tmp_path):
    runner = CliRunner()
    out = tmp_path / "pf.png"
    result = runner.invoke(main, ["chart", "pushfold", "--max-stack", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        f"wrote {out}: heads-up push-or-fold chart (no ante), 1 to 3 bb every 0.1 bb: 21 equ"
    )
    assert imread(out).shape[:2] == (800, 1600)
    svg = runner.invoke(
        main, ["chart", "pushfold", "--max-stack", "2", "--ante", "0.1", "--out", str(tmp_path / "a.svg")]
    )
    assert svg.exit_code == 0 and "<svg" in (tmp_path / "a.svg").read_text()
    for args, start in (
        (["--out", str(tmp_path / "pf.jpg")], "error: the chart's file must end in .png or .svg"),
        (["--max-stack", "99", "--out", str(out)], "error: max_stack is 99.0: give 1 to 50 bb"),
        (["--ante", "-1", "--out", str(out)], "error: ante is -1.0"),
    ):
        bad = runner.invoke(main, ["chart", "pushfold", *args])
        assert bad.exit_code == 2 and len(bad.output.splitlines()) == 1 and bad.output.startswith(start), bad.output
