"""``solve_chart`` and ``pokerlab chart solve``: a saved solver node drawn as the 13x13 grid of strategy bars."""

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from matplotlib.colors import to_rgb
from matplotlib.image import imread

from pokerlab.errors import PokerlabError
from pokerlab.simulate.charts import (
    CALL_COLOUR,
    CHECK_COLOUR,
    FOLD_COLOUR,
    OUT_OF_RANGE,
    ChartError,
    action_colours,
    cell_center,
    solve_chart,
)
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.ranges.parse import GRID_LABELS
from pokerlab.simulate.solver import solve
from pokerlab.simulate.solver.saved import load_solution

FIXTURE = Path(__file__).parent / "solver" / "fixtures" / "polar-river.npz"


def _bar_colours(image: np.ndarray, name: str) -> list[np.ndarray]:
    """RGB across a class's cell, left to right, in its lower part (below the class's name)."""
    row, col = next((r, c) for r in range(13) for c in range(13) if GRID_LABELS[r][c] == name)
    x, y = cell_center(row, col)
    cell = image.shape[1] * 0.94 / 13
    return [image[round(y + cell / 4), round(x + cell * f), :3] for f in np.linspace(-0.4, 0.4, 17)]


def _close(pixel: np.ndarray, colour, tol: float = 0.02) -> bool:
    return bool(np.abs(pixel - np.array(to_rgb(colour))).max() <= tol)


def test_root_of_the_polar_river_splits_qq_and_shoves_aa(tmp_path):
    node = load_solution(FIXTURE).node()
    assert node.actions == ("check", "allin 10")
    check, allin = action_colours(node.actions)
    image = imread(solve_chart(tmp_path / "root.png", node))
    assert image.shape[:2] == (800, 800)
    aa = _bar_colours(image, "AA")
    assert all(_close(p, allin) for p in aa)  # AA goes all-in (all but 1e-5 of the time)
    qq = _bar_colours(image, "QQ")
    checks, shoves = sum(_close(p, check) for p in qq), sum(_close(p, allin) for p in qq)
    assert checks + shoves == len(qq) and checks > shoves > 0  # QQ checks about 65 %, shoves the rest
    assert _close(qq[0], check) and _close(qq[-1], allin)  # the bars run in the tree's order, left to right
    for name in ("KK", "AKs", "72o", "22"):  # no combo of these in OOP's range: blank
        assert all(_close(p, OUT_OF_RANGE) for p in _bar_colours(image, name)), name


def test_facing_the_shove_ip_folds_or_calls_kk(tmp_path):
    node = load_solution(FIXTURE).node("allin 10")
    assert action_colours(node.actions) == [FOLD_COLOUR, CALL_COLOUR]
    image = imread(solve_chart(tmp_path / "ip.png", node))
    kk = _bar_colours(image, "KK")
    assert _close(kk[0], FOLD_COLOUR) and _close(kk[-1], CALL_COLOUR)
    assert all(_close(p, OUT_OF_RANGE) for p in _bar_colours(image, "AA"))


def test_action_colours_darken_with_the_size():
    colours = action_colours(["check", "bet 5", "bet 10", "allin 40"])
    assert colours[0] == CHECK_COLOUR
    reds = [to_rgb(c) for c in colours[1:]]
    assert all(r > g and r > b for r, g, b in reds)  # every bet is a red
    assert sum(reds[0]) > sum(reds[1]) > sum(reds[2])  # and darker as it grows
    assert len(set(action_colours(["fold", "call", "raise 20", "allin 50"]))) == 4


def test_svg_and_nodes_without_a_strategy(tmp_path):
    solution = load_solution(FIXTURE)
    assert "<svg" in solve_chart(tmp_path / "root.svg", solution.node()).read_text()
    with pytest.raises(ChartError, match=".png or .svg"):
        solve_chart(tmp_path / "root.jpg", solution.node())
    with pytest.raises(PokerlabError, match="ends at a terminal node"):
        solve_chart(tmp_path / "end.png", solution.node("check", "check"))
    turn = solve("2s3h4d6c", "AA", "KK", pot=10, stack=10, bet_sizes=(), max_iterations=1)
    with pytest.raises(PokerlabError, match="ends at a chance node"):
        solve_chart(tmp_path / "deal.png", turn.node("check", "check"))
    assert not list(tmp_path.glob("*.png"))


def test_chart_solve_command(tmp_path):
    runner = CliRunner()
    out = tmp_path / "ip.png"
    result = runner.invoke(main, ["chart", "solve", str(FIXTURE), "allin 10", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"wrote {out}: IP to act, fold 3") and "call 6" in result.output
    assert imread(out).shape[:2] == (800, 800)
    none, cut = tmp_path / "none.npz", tmp_path / "cut.npz"
    cut.write_bytes(FIXTURE.read_bytes()[:300])
    for args, start in (
        ([str(none)], f"error: {none}: no such file"),
        ([str(cut)], f"error: {cut}: not a pokerlab solution file"),
        ([str(FIXTURE), "bet 5"], "error: action 'bet 5' at step 1 is not in the tree"),
        ([str(FIXTURE), "check", "check"], "error: the line ['check', 'check'] ends at a terminal node"),
        ([str(FIXTURE), "--out", str(tmp_path / "a.jpg")], "error: the chart's file must end in .png or .svg"),
    ):
        args = args if "--out" in args else [*args, "--out", str(out)]
        bad = runner.invoke(main, ["chart", "solve", *args])
        assert bad.exit_code == 2 and len(bad.output.splitlines()) == 1 and bad.output.startswith(start), bad.output
