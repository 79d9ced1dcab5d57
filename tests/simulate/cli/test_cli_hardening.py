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


@pytest.mark.parametrize("address", ["", " "])
def test_an_empty_scheduler_is_refused_not_run_locally(address):
    assert "--scheduler needs the scheduler's address" in _refused("equity", "AA", "KK", "--scheduler", address)
    assert "--scheduler needs" in _refused("simulate", "holdem", "--hands", "10", "--scheduler", address)


def test_a_cache_folder_that_can_be_created_is_not_reported_unwritable(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path / "not" / "yet"))
    result = CliRunner().invoke(main, ["cache"])
    assert result.exit_code == 0 and "not writable" not in result.output, result.output
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path / "file" / "below"))
    assert "not writable" in CliRunner().invoke(main, ["cache"]).output


def test_the_stud_exact_limit_is_printed_as_it_is():
    players = ["As", "Ks", "Qs", "Js", "Ts"]
    line = _refused("equity", *players, "--game", "stud", "--exact")
    assert "the limit is 25,000,000,000" in line, line


@pytest.mark.parametrize("jobs", ["99999999999999999999", "1025", "-1", "many"])
def test_a_jobs_count_out_of_range_is_refused_in_one_line(tmp_path, jobs):
    (tmp_path / "a.phh").write_text('variant = "NT"\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [9, 9]\n')
    assert "--jobs" in _refused("replay", str(tmp_path), "--jobs", jobs)


def _out_of_memory(*args, **kwargs):
    raise MemoryError


@pytest.mark.parametrize(
    "target,args",
    [
        ("pokerlab.simulate.histories.replay_tree", ["replay", "{folder}"]),
        ("pokerlab.simulate.cli.main.hand_report", ["eval", "As Ks Qs Js Ts"]),
    ],
    ids=["replay", "eval"],
)
def test_running_out_of_memory_is_one_line_not_an_internal_error(tmp_path, monkeypatch, target, args):
    (tmp_path / "a.phh").write_text('variant = "NT"\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [9, 9]\n')
    monkeypatch.setattr(target, _out_of_memory)
    line = _refused(*(arg.format(folder=tmp_path) for arg in args))
    assert line.startswith("error: out of memory while running '") and f" {args[0]}'; " in line, line
