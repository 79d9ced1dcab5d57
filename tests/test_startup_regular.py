"""``benchmarks/startup.py --regular`` times what a regular install runs: the same answers, without the editable
install's finder (whose imports of re, pathlib and importlib.util every process would otherwise pay first)."""

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _startup_module():
    spec = importlib.util.spec_from_file_location("startup_bench", ROOT / "benchmarks" / "startup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _untimed(output: str) -> list[str]:
    """The lines of an answer but the one saying how long the count took."""
    return [line for line in output.splitlines() if not line.startswith("exact:")]


def test_the_regular_commands_answer_as_the_installed_script_does_without_the_editable_finder():
    startup = _startup_module()
    commands = startup.regular_commands()
    try:
        for name in ("pokerlab eval 'As Ks Qs Js Ts'", "pokerlab equity AsAh KsKh"):
            argv, env = commands[name]
            assert argv[:2] == [sys.executable, "-S"]
            where = startup._private_caches()
            regular = subprocess.run(argv, env=env, capture_output=True, text=True, cwd=where)
            usual = subprocess.run(startup.COMMANDS[name], capture_output=True, text=True, cwd=where)
            assert regular.returncode == usual.returncode == 0, regular.stderr
            assert _untimed(regular.stdout) == _untimed(usual.stdout)
        probe = "import sys, pokerlab; print(sorted(m for m in sys.modules if 'editable' in m), pokerlab.__file__)"
        argv, env = commands["python -c pass"]
        done = subprocess.run([*argv[:2], "-c", probe], env=env, capture_output=True, text=True, check=True, cwd=where)
        finders, where = done.stdout.split(" ", 1)[0], done.stdout.split(" ", 1)[1].strip()
        assert finders == "[]"
        assert Path(where).parent.parent == Path(startup._private_caches()) / "layout"
    finally:
        shutil.rmtree(startup._private_caches(), ignore_errors=True)
