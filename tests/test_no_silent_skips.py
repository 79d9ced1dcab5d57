"""The suite fails when any test skips (tests/conftest.py): a check that can pass by skipping is no check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CONFTEST = Path(__file__).with_name("conftest.py")


def _run(tmp_path: Path, test_source: str) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text(CONFTEST.read_text())
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_sample.py").write_text(test_source)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:benchmark", str(tmp_path)]
    return subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)


def test_a_skipped_test_fails_the_run(tmp_path):
    done = _run(tmp_path, "import pytest\n\ndef test_ok():\n    pass\n\ndef test_gone():\n    pytest.skip('no tool')\n")
    assert done.returncode == 1, done.stdout
    assert "skipped tests fail the run" in done.stdout and "test_gone: Skipped: no tool" in done.stdout


def test_a_module_level_skip_fails_the_run(tmp_path):
    done = _run(tmp_path, "import pytest\n\npytest.importorskip('no_such_module_xyz')\n\ndef test_ok():\n    pass\n")
    assert done.returncode == 1 and "no_such_module_xyz" in done.stdout, done.stdout


def test_a_run_without_skips_passes(tmp_path):
    done = _run(tmp_path, "def test_ok():\n    pass\n")
    assert done.returncode == 0, done.stdout
