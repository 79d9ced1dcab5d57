"""``pokerlab cache``: show, clear and warm the kernel cache."""

from __future__ import annotations

import json

from click.testing import CliRunner

from pokerlab.evaluator import jit
from pokerlab.simulate.cli.main import main


def test_cache_shows_and_clears_its_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    (tmp_path / "pokerlab-old" / "evaluator").mkdir(parents=True)
    (tmp_path / "pokerlab-old" / "evaluator" / "k.nbi").write_bytes(b"12345")
    shown = CliRunner().invoke(main, ["cache", "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.output)
    assert data["root"] == str(tmp_path.resolve()) and data["files"] == 1 and data["bytes"] == 5
    assert data["key"] == jit.cache_key()
    text = CliRunner().invoke(main, ["cache"])
    assert "pokerlab-old: 1 files" in text.output and str(tmp_path.resolve()) in text.output
    cleared = CliRunner().invoke(main, ["cache", "clear", "--stale"])
    assert cleared.exit_code == 0 and "removed 1 files" in cleared.output
    assert not (tmp_path / "pokerlab-old").exists()


def test_cache_warm_runs_every_step():
    # The default cache: by now the suite has compiled most kernels, so this mostly loads them.
    result = CliRunner().invoke(main, ["cache", "warm", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    from pokerlab.simulate.kernel_warm import STEPS

    assert [s["step"] for s in data["steps"]] == list(STEPS)


def test_cache_warm_in_one_process_lists_each_step_as_it_ends():
    from pokerlab.simulate.kernel_warm import LONGEST_FIRST, STEPS

    assert sorted(LONGEST_FIRST) == sorted(STEPS)  # every step has its place in the schedule
    result = CliRunner().invoke(main, ["cache", "warm", "--processes", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"compiling {len(STEPS)} kernel families, 1 at a time")
    assert [line.split("  ")[0].strip() for line in lines[1:-1]] == list(STEPS)
    assert lines[-1].startswith("kernels cached in")
