"""The engine's modules hold the argument-count gate: at most eight parameters a function (ruff's PLR0913).

A public factory or constructor whose keywords are the documented API may carry ``# noqa: PLR0913`` with its
reason; private helpers take a spec or the pieces already built instead. The numba kernels are exempt: a kernel
takes its arrays one by one.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parents[3] / "simulate" / "game"
MAX_ARGS = 8


def _too_many_arguments(files: list[Path]) -> subprocess.CompletedProcess[str]:
    options = ["--select", "PLR0913", "--config", f"lint.pylint.max-args={MAX_ARGS}", "--output-format", "concise"]
    command = [sys.executable, "-m", "ruff", "check", "--no-cache", *options, *map(str, files)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_no_engine_function_takes_more_than_eight_arguments():
    files = sorted(path for path in GAME.glob("*.py") if not path.name.endswith("_kernels.py"))
    assert len(files) > 20  # the engine's modules were found
    done = _too_many_arguments(files)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_gate_reports_a_long_signature(tmp_path):
    long = tmp_path / "long.py"
    long.write_text("def nine(a, b, c, d, e, f, g, h, i):\n    return a\n")
    done = _too_many_arguments([long])
    assert done.returncode == 1 and "PLR0913" in done.stdout
