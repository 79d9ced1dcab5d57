"""README's Quick start, as a new user runs it: a fresh clone, a fresh venv, both commands in order, twice.

The venv sees the machine's packages (``--system-site-packages``) so that
installing pokerlab's dependencies does not download them again; pokerlab
itself is installed into the venv from the clone each time. The test
command's ``python -m pytest`` runs one small test file here, not the whole
suite again.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def quick_start_commands() -> list[str]:
    """The commands of README's Quick start block."""
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Quick start\s+```bash\n(.*?)```", text, re.S)
    assert block, "README has no Quick start block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_quick_start_has_two_commands():
    commands = quick_start_commands()
    assert len(commands) == 2
    assert "pokerlab equity" in commands[0] and "pytest" in commands[1]


def _site_packages(venv: Path) -> Path:
    out = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(out.stdout.strip())


def _ours(site: Path) -> list[str]:
    names = ("evaluator", "simulate", "pokerlab")
    return sorted(p.name for p in site.iterdir() if p.name.split("-")[0].split(".")[0] in names or "pokerlab" in p.name)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_readme_quick_start_in_a_fresh_clone_and_venv(tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    env["VIRTUAL_ENV"] = str(venv)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    install, test = quick_start_commands()
    test = test.replace("python -m pytest", "python -m pytest -q -p no:cacheprovider tests/evaluator/test_cards.py")

    def run(command: str) -> subprocess.CompletedProcess:
        result = subprocess.run(
            ["bash", "-c", command], cwd=clone, env=env, capture_output=True, text=True, timeout=1200
        )
        assert result.returncode == 0, f"{command}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        assert "Traceback" not in result.stderr, result.stderr
        return result

    site = _site_packages(venv)
    for _ in range(2):
        first = run(install)
        assert "82.637" in first.stdout
        run(test)
        evaluated = run('pokerlab eval "As Ks Qs Js Ts"')
        assert "Royal flush" in evaluated.stdout
        assert "82.637" in run("pokerlab equity AsAh KsKh").stdout
        assert not list(site.rglob("*.nb[ic]")), "numba cache files inside site-packages"
    run("pip uninstall -y pokerlab")
    assert _ours(site) == [], f"left in site-packages after pip uninstall: {_ours(site)}"
