"""The import layers of pyproject's ``[tool.importlinter]`` contracts hold (``lint-imports``).

lint-imports walks a package's folder, and an editable install maps
``pokerlab.evaluator`` and ``pokerlab.simulate`` from other folders, so the
check runs over a copy of the sources laid out as they install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _installed_layout(target: Path) -> Path:
    package = target / "pokerlab"
    shutil.copytree(ROOT / "pokerlab", package)
    for half in ("evaluator", "simulate"):
        for source in (ROOT / half).rglob("*.py"):
            copy = package / source.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, copy)
    return target


def _lint(where: Path) -> subprocess.CompletedProcess:
    lint = shutil.which("lint-imports") or pytest.skip("import-linter is not installed (the test extra has it)")
    env = {**os.environ, "PYTHONPATH": str(where)}
    command = [lint, "--config", str(ROOT / "pyproject.toml"), "--no-cache"]
    return subprocess.run(command, cwd=where, env=env, capture_output=True, text=True, timeout=300)


def test_the_layers_hold(tmp_path):
    done = _lint(_installed_layout(tmp_path / "layout"))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_a_broken_layer_is_caught(tmp_path):
    where = _installed_layout(tmp_path / "layout")
    ranges = where / "pokerlab" / "simulate" / "ranges" / "parse.py"
    ranges.write_text(ranges.read_text() + "\nfrom pokerlab.simulate.cli import main  # noqa\n")
    done = _lint(where)
    assert done.returncode != 0 and "pokerlab.simulate.ranges is not allowed to import pokerlab.simulate.cli" in (
        done.stdout.replace("\n", " ")
    )


# The public face and the evaluator type-check clean; the rest of simulate is not there yet (see README).
TYPED = ["pokerlab/__init__.py", "pokerlab/errors.py", "pokerlab/evaluator"]


def test_the_public_api_type_checks(tmp_path):
    mypy = shutil.which("mypy") or pytest.skip("mypy is not installed (the test extra has it)")
    where = _installed_layout(tmp_path / "layout")
    done = subprocess.run(
        [mypy, "--config-file", str(ROOT / "pyproject.toml"), "--no-incremental", *TYPED],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
