"""The equity distribution chart: each player's curve is drawn, and the command writes the file."""

import numpy as np
import pytest
from click.testing import CliRunner
from matplotlib.colors import to_rgb
from matplotlib.image import imread

from pokerlab.simulate.charts import PLAYER_COLOURS, ChartError, distribution_chart
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.equity.distribution import equity_by_combo


def _share(image, colour):
    rgb = image[:, :, :3].reshape(-1, 3)
    return (np.abs(rgb - np.array(to_rgb(colour))).max(axis=1) < 0.02).mean()


def test_each_player_has_a_curve(tmp_path):
    d = equity_by_combo(["QQ+,AKs", "JJ"], board="Qh7c2d")
    image = imread(distribution_chart(["QQ+,AKs", "JJ"], tmp_path / "curve.png", distribution=d))
    assert image.shape[:2] == (500, 800)
    assert _share(image, PLAYER_COLOURS[0]) > 0.001 and _share(image, PLAYER_COLOURS[1]) > 0.001
    assert _share(image, PLAYER_COLOURS[2]) == 0
    with pytest.raises(ChartError, match=".png or .svg"):
        distribution_chart(["QQ+,AKs", "JJ"], tmp_path / "curve.jpg", distribution=d)


def test_chart_distribution_command(tmp_path):
    out = tmp_path / "c.svg"
    result = CliRunner().invoke(main, ["chart", "distribution", "AA,KK", "QQ", "-b", "Qh7c2d", "--out", str(out)])
    assert result.exit_code == 0, result.output
    d = equity_by_combo(["AA,KK", "QQ"], board="Qh7c2d")
    summary = f"(exact); equity %: {100 * d.players[0].equity:.3f} / {100 * d.players[1].equity:.3f}"
    assert result.output.startswith(f"wrote {out} in ") and result.output.rstrip().endswith(summary)
    assert "<svg" in out.read_text()
    bad = CliRunner().invoke(main, ["chart", "distribution", "AA", "--out", str(tmp_path / "d.png")])
    assert bad.exit_code == 2 and bad.output.startswith("error:")
