"""Fresh processes sharing one kernel cache, each calling the kernels in another order, agree with an uncached run.

This is how the cache once failed: closures made by one factory shared cache
entries, and a process could load the kernel compiled for another hand size.
``POKERLAB_CACHE_RUNS`` sets how many cached processes run (default 3).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

WORKER = Path(__file__).resolve().parents[1] / "kernel_cache_worker.py"
RUNS = int(os.environ.get("POKERLAB_CACHE_RUNS", "3"))


def _start(order: int, cache: Path, cwd: Path) -> subprocess.Popen:
    env = dict(os.environ, POKERLAB_CACHE_DIR=str(cache))
    code = f"import runpy, sys; sys.argv = ['worker', '{order}']; runpy.run_path({str(WORKER)!r}, run_name='__main__')"
    return subprocess.Popen(
        [sys.executable, "-c", code], env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _results(process: subprocess.Popen) -> dict:
    out, err = process.communicate(timeout=900)
    assert process.returncode == 0, err
    return json.loads(out)


@pytest.mark.slow
def test_processes_sharing_a_cache_agree_with_an_uncached_run(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    # The reference compiles without a cache (its folder cannot be made); the first cached run fills the cache.
    reference_run = _start(0, blocker / "cache", tmp_path)
    first = _start(1, tmp_path / "cache", tmp_path)
    reference = _results(reference_run)
    assert len(reference) > 20
    assert _results(first) == reference
    files = sorted(p.relative_to(tmp_path) for p in (tmp_path / "cache").rglob("*") if p.is_file())
    for order in range(2, RUNS + 1):
        assert _results(_start(order, tmp_path / "cache", tmp_path)) == reference, f"run {order}"
        assert sorted(p.relative_to(tmp_path) for p in (tmp_path / "cache").rglob("*") if p.is_file()) == files
