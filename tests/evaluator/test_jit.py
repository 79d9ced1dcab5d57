"""The kernel cache: kernels are module-level, cached outside the package, and work when it is unwritable."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = [ROOT / "evaluator", ROOT / "simulate"]
SOURCES = sorted(p for package in PACKAGES for p in package.rglob("*.py"))


def _is_jit(decorator: ast.expr) -> bool:
    call = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = call.attr if isinstance(call, ast.Attribute) else getattr(call, "id", "")
    return name in ("njit", "jit")


def _nested_kernels(tree: ast.AST) -> list[str]:
    found = []
    for outer in ast.walk(tree):
        if isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for inner in ast.walk(outer):
                if inner is not outer and isinstance(inner, ast.FunctionDef):
                    if any(_is_jit(d) for d in inner.decorator_list):
                        found.append(f"{inner.name} (line {inner.lineno}) inside {getattr(outer, 'name', 'lambda')}")
    return found


def test_the_nested_kernel_check_can_fail():
    source = "def factory(k):\n    @njit(cache=True)\n    def kernel(x):\n        return x + k\n    return kernel\n"
    tree = ast.parse(source)
    assert _nested_kernels(tree) == ["kernel (line 3) inside factory"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_kernel_is_defined_inside_a_function(path):
    # numba names cache entries by module, qualified name and line: closures from one factory collide.
    assert _nested_kernels(ast.parse(path.read_text())) == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_kernels_use_pokerlabs_njit(path):
    # numba's own njit would cache beside the sources (inside site-packages) and crash when that is read-only.
    if path.name == "jit.py":
        return
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "numba":
            assert not {a.name for a in node.names} & {"njit", "jit", "vectorize"}, path
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "numba":
            assert node.attr not in ("njit", "jit"), path


def _run(code: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True, timeout=600)


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


BATCH = (
    "import numpy as np\nfrom pokerlab import evaluator\n"
    "rows = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 5, 10, 15, 20, 25, 30]], dtype=np.uint8)\n"
    "print(evaluator.evaluate_batch(rows).tolist(), evaluator.evaluate_batch(rows, parallel=True).tolist())\n"
)


def _expected() -> str:
    from pokerlab import evaluator

    ranks = [evaluator.evaluate("As Ks Qs Js Ts 2c 2d"), evaluator.evaluate("2c 3d 4h 5s 7c 8d 9h")]
    return f"{ranks} {ranks}"


def test_kernels_are_cached_in_the_cache_folder_and_nowhere_else(tmp_path):
    env = _env(POKERLAB_CACHE_DIR=str(tmp_path / "cache"))
    runs = [_run(BATCH, env, tmp_path) for _ in range(2)]
    assert [r.stdout.strip() for r in runs] == [_expected()] * 2, runs[0].stderr
    files = sorted(p.name for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert any(name.startswith("batch_kernels.evaluate_rows7-") for name in files)
    assert any(name.startswith("batch_kernels.evaluate_rows_parallel-") for name in files)
    # A third process loads everything: the number of files stays fixed.
    third = _run(BATCH, env, tmp_path)
    assert third.stdout.strip() == _expected()
    assert sorted(p.name for p in (tmp_path / "cache").rglob("*") if p.is_file()) == files
    assert not [p for package in PACKAGES for p in package.rglob("*.nb[ic]")]


@pytest.mark.parametrize("unwritable", ["POKERLAB_CACHE_DIR", "HOME"])
def test_an_unwritable_cache_costs_one_line_of_warning(tmp_path, unwritable):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    if unwritable == "HOME":
        env = _env(POKERLAB_CACHE_DIR=None, XDG_CACHE_HOME=None, HOME=str(blocker))
    else:
        env = _env(POKERLAB_CACHE_DIR=str(blocker / "cache"))
    result = _run(BATCH, env, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == _expected()
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot write the kernel cache" in lines[0], result.stderr


def test_cache_info_and_clear(tmp_path, monkeypatch):
    from pokerlab.evaluator import jit

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    (tmp_path / "pokerlab-old-key" / "evaluator").mkdir(parents=True)
    (tmp_path / "pokerlab-old-key" / "evaluator" / "k.nbi").write_bytes(b"x" * 10)
    (tmp_path / jit.cache_key()).mkdir()
    (tmp_path / jit.cache_key() / "k.nbi").write_bytes(b"y" * 5)
    (tmp_path / "unrelated.txt").write_text("kept")
    info = jit.cache_info().to_dict()
    assert (info["files"], info["bytes"]) == (2, 15)
    assert {(k["key"], k["current"]) for k in info["keys"]} == {("pokerlab-old-key", False), (jit.cache_key(), True)}
    assert jit.clear_cache(stale_only=True) == 1
    assert not (tmp_path / "pokerlab-old-key").exists() and (tmp_path / jit.cache_key()).exists()
    assert jit.clear_cache() == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["unrelated.txt"]


REPORT = (
    "import time\nfrom pokerlab import compiles\nseen = []\ncompiles.add_listener(seen.append)\n"
    "start = time.perf_counter()\n" + BATCH + "print(seen, compiles.compile_seconds_since(start) > 0)\n"
)


def test_a_compile_is_reported_before_it_starts_and_a_cache_load_is_not(tmp_path):
    env = _env(POKERLAB_CACHE_DIR=str(tmp_path / "cache"))
    cold, warm = (_run(REPORT, env, tmp_path) for _ in range(2))
    cold_names, warm_names = (r.stdout.strip().splitlines()[-1] for r in (cold, warm))
    # One report per top-level kernel (none for the helpers compiled inside it), and only on a cache miss.
    assert cold_names.startswith("['pokerlab.evaluator.batch_kernels.evaluate_rows7'"), cold.stderr
    assert "evaluate_rows_parallel" in cold_names and cold_names.endswith("] True")
    assert warm_names == "[] True", warm.stderr  # loading from the cache still counts as preparation time


def test_computing_seconds_leave_out_the_kernels_preparation():
    import time

    from pokerlab import compiles

    start = time.perf_counter()
    compiles.preparing()
    time.sleep(0.05)
    assert compiles.busy()
    compiles.prepared()
    assert not compiles.busy() and compiles.last_end() >= start
    assert compiles.compile_seconds_since(start) >= 0.05
    assert compiles.computing_seconds(start) < 0.05 <= time.perf_counter() - start


def test_the_command_line_says_what_it_compiles_on_a_terminal_only(monkeypatch, capsys):
    import importlib

    from click.testing import CliRunner

    from pokerlab import compiles

    cli = importlib.import_module("pokerlab.simulate.cli.main")
    kernel = "pokerlab.simulate.equity.mc_kernels.mc_blocks"
    for terminal in (True, False):
        monkeypatch.setattr(compiles, "_listeners", [])
        monkeypatch.setattr(cli, "_stderr_is_terminal", lambda on=terminal: on)
        assert CliRunner().invoke(cli.main, ["range", "AA"]).exit_code == 0
        capsys.readouterr()
        compiles.compiling(kernel)
        compiles.compiling("pokerlab.simulate.equity.mc_kernels.seed_streams")  # said once per process
        said = capsys.readouterr().err.splitlines()
        assert said == ([f"pokerlab: {compiles.describe(kernel)}"] if terminal else [])
