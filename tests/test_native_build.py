"""The background native build compiles the pokerlab that started it, wherever the user stands.

A user who installs from a clone and runs ``pokerlab`` inside it stands in a folder that holds the source
tree's ``pokerlab/``: a child started there with ``python -m pokerlab`` imports that tree instead, fills
another cache key, and the installed package keeps its portable kernels for good.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pokerlab
from pokerlab.evaluator import jit


def test_the_native_build_runs_where_no_other_pokerlab_shadows_this_one(tmp_path, monkeypatch):
    shadow = tmp_path / "checkout"
    (shadow / "pokerlab").mkdir(parents=True)
    (shadow / "pokerlab" / "__init__.py").write_text("raise ImportError('the checkout, not the installed package')\n")
    monkeypatch.chdir(shadow)
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv(jit.NATIVE_BUILD_ENV_VAR, raising=False)
    started: list[dict[str, Any]] = []

    class Child:
        pid = 12345

        def __init__(self, command: list[str], **options: Any) -> None:
            started.append({"command": command, **options})

    real_popen = subprocess.Popen
    monkeypatch.setattr(jit.subprocess, "Popen", Child)
    jit.cache_dir().mkdir(parents=True)  # cache_enabled() is answered once a process, maybe for another folder
    assert jit.start_native_build() == Child.pid
    monkeypatch.setattr(jit.subprocess, "Popen", real_popen)
    (launch,) = started
    # the same interpreter and environment, from the folder it is started in, import the same pokerlab
    probe = [launch["command"][0], "-c", "import pokerlab; print(pokerlab.__file__)"]
    cwd = launch.get("cwd", os.getcwd())
    found = subprocess.run(probe, cwd=cwd, env=launch["env"], capture_output=True, text=True, check=False)
    assert found.returncode == 0, found.stderr.strip().splitlines()[-1:]
    assert Path(found.stdout.strip()).resolve() == Path(pokerlab.__file__).resolve()
    assert launch["command"][:3] == [sys.executable, "-m", "pokerlab"]
