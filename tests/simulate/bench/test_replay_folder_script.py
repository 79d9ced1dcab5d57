"""benchmarks/replay_folder.py on folders of its users: nested ones, empty ones, files a library cannot play.

The script runs in this process, as ``python benchmarks/replay_folder.py FOLDER ...`` would (its arguments in
``sys.argv``); one timed round each, and nothing asserted on a timing.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "simulate" / "histories" / "fixtures"

# Files both pokerlab and pokerkit play, and their hands; none at the top of the folder.
NESTED = {
    "a/big_blind_ante.phh": 1,
    "a/cents.phhs": 2,
    "a/b/button_ante.phh": 1,
    "a/b/lone_blind.phhs": 3,
    "c/winnings_only.phh": 1,
    "c/posts.phhs": 4,
}


def _script():
    spec = importlib.util.spec_from_file_location("replay_folder", ROOT / "benchmarks" / "replay_folder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _folder(root: Path, files: dict[str, int]) -> Path:
    for relative in files:
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(FIXTURES / Path(relative).name, target)
    return root


def _run(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["replay_folder.py", *args])
    try:
        _script().main()
        status = 0
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def test_a_nested_folder_is_timed_on_the_same_files_for_both_libraries(tmp_path, monkeypatch, capsys):
    pytest.importorskip("pokerkit")
    folder = _folder(tmp_path / "nested", NESTED)
    status, out, err = _run(monkeypatch, capsys, str(folder), "--rounds", "1", "--json")
    assert status == 0, err
    side = json.loads(out)["side_by_side"]
    hands = sum(NESTED.values())
    assert side["pokerlab"]["hands"] == side["pokerkit"]["hands"] == hands
    assert side["ratio"] > 0 and side["pokerkit"]["median_per_s"] > 0


def test_the_text_report_of_a_nested_folder(tmp_path, monkeypatch, capsys):
    pytest.importorskip("pokerkit")
    folder = _folder(tmp_path / "nested", NESTED)
    status, out, err = _run(monkeypatch, capsys, str(folder), "--rounds", "1", "--breakdown")
    assert status == 0, err
    assert f"({sum(NESTED.values())} hands)" in out and "x pokerkit (medians)" in out and "us a hand" in out


@pytest.mark.parametrize("make", ["empty", "subfolders only", "other files", "missing"])
def test_a_folder_without_hands_is_refused_in_one_line(tmp_path, monkeypatch, capsys, make):
    folder = tmp_path / "data"
    if make != "missing":
        folder.mkdir()
    if make == "subfolders only":
        (folder / "a" / "b").mkdir(parents=True)
    if make == "other files":
        (folder / "a").mkdir()
        (folder / "a" / "notes.txt").write_text("no hands here\n")
    status, out, err = _run(monkeypatch, capsys, str(folder), "--rounds", "1")
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and str(folder) in err, err


def test_a_hand_pokerlab_does_not_replay_ok_is_refused_in_one_line(tmp_path, monkeypatch, capsys):
    folder = _folder(tmp_path / "data", {"a/button_ante.phh": 1})
    (folder / "a" / "broken.phh").write_text("variant = 'NT'\nactions = ['d dh p1 AsAh', 'p9 cbr 5']\n")
    status, out, err = _run(monkeypatch, capsys, str(folder), "--rounds", "1")
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and "not replayed ok" in err and str(folder) in err, err


def test_a_file_pokerkit_cannot_play_leaves_it_out_by_name(tmp_path, monkeypatch, capsys):
    pytest.importorskip("pokerkit")
    folder = _folder(tmp_path / "data", {"a/button_ante.phh": 1, "a/b/partial_discards.phhs": 3})
    status, out, err = _run(monkeypatch, capsys, str(folder), "--rounds", "1", "--json")
    assert status == 0, err
    side = json.loads(out)["side_by_side"]
    assert side["pokerlab"]["hands"] == 4 and "ratio" not in side
    assert "partial_discards.phhs" in side["pokerkit"]["failed"]
