"""Inputs that once escaped as internal errors or tracebacks: each is one clean line with exit status 2."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main


def _refused(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "QQ+", "random", "--mc", "--stderr", "1e-160"],
        ["equity", "QQ+", "random", "--stderr", "1e-7"],
        ["equity", "AhAd2c3s", "KhKdQcJs", "--game", "omaha", "--stderr", "1e-160"],
        ["equity", "As Ah Kd 6s 3d 4d", "QcQd 9h 7d 3h 4h", "--game", "stud", "--stderr", "1e-160"],
    ],
    ids=["holdem mc", "holdem auto", "omaha", "stud"],
)
def test_a_standard_error_target_too_small_to_reach_is_refused(args):
    assert "stderr must be at least" in _refused(*args)


@pytest.mark.parametrize("text", [",", ",,", " , "])
def test_an_omaha_range_of_empty_items_is_refused(text):
    assert "lists no hands" in _refused("equity", "AhAd2c3s", text, "--game", "omaha")


def test_cache_clear_unlinks_a_link_and_never_follows_it(tmp_path, monkeypatch):
    cache, outside = tmp_path / "cache", tmp_path / "outside"
    cache.mkdir()
    outside.mkdir()
    (outside / "keep.txt").write_text("not the cache's")
    (cache / "pokerlab-link").symlink_to(outside, target_is_directory=True)
    (cache / "pokerlab-stale").mkdir()
    (cache / "pokerlab-stale" / "k.nbi").write_text("")
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(cache))
    for extra in (["--stale"], []):
        result = CliRunner().invoke(main, ["cache", "clear", *extra])
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    assert (outside / "keep.txt").read_text() == "not the cache's"
    assert not (cache / "pokerlab-link").exists() and not (cache / "pokerlab-link").is_symlink()
