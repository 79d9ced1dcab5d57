"""Starting a real ``dask scheduler`` or ``dask worker`` process on 127.0.0.1, shared by the cluster tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def dask_command() -> list[str]:
    exe = shutil.which("dask")
    return [exe] if exe else [sys.executable, "-m", "dask"]


def start_dask(args: list[str], log: Path) -> subprocess.Popen:
    """``dask ARGS`` in the background, its output to ``log``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(dask_command() + args, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
