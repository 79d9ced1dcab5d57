"""The import layers of pyproject's ``[tool.importlinter]`` contracts hold (``lint-imports``).

lint-imports walks a package's folder, and an editable install maps
``pokerlab.evaluator`` and ``pokerlab.simulate`` from other folders, so the
check runs over a copy of the sources laid out as they install.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _installed_layout(target: Path) -> Path:
    package = target / "pokerlab"
    shutil.copytree(ROOT / "pokerlab", package)
    for half in ("evaluator", "simulate"):
        for source in [*(ROOT / half).rglob("*.py"), *(ROOT / half).rglob("*.pyx")]:  # .pyx: compiled modules
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


# Module-level import cycles, found over the real import graph (grimp, which import-linter is built on). Imports
# inside functions count: hiding an import in a function to dodge a cycle is what this test stops. Imports under
# `if TYPE_CHECKING:` do not run, so they do not count (bench's report/format/plot and game's state/flow pair
# a runtime import with a typing-only one back).
_CYCLES = """
import json, grimp

graph = grimp.build_graph("pokerlab", exclude_type_checking_imports=True, cache_dir=None)
edges = {
    m: {t for t in graph.find_modules_directly_imported_by(m) if not m.startswith(t + ".")}
    for m in graph.modules
}
index, low, stack, cycles = {}, {}, [], []


def visit(v):  # Tarjan's strongly connected components
    index[v] = low[v] = len(index)
    stack.append(v)
    for w in edges[v]:
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        part = []
        while not part or part[-1] != v:
            part.append(stack.pop())
        if len(part) > 1:
            cycles.append(sorted(part))


for module in sorted(graph.modules):
    if module not in index:
        visit(module)
print(json.dumps(sorted(cycles)))
"""


def _cycles(where: Path) -> list[list[str]]:
    pytest.importorskip("grimp", reason="grimp comes with import-linter (the test extra has it)")
    env = {**os.environ, "PYTHONPATH": str(where)}
    done = subprocess.run([sys.executable, "-c", _CYCLES], cwd=where, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_no_import_cycles(tmp_path):
    assert _cycles(_installed_layout(tmp_path / "layout")) == []


def test_a_cycle_hidden_in_a_function_is_caught(tmp_path):
    where = _installed_layout(tmp_path / "layout")
    classes = where / "pokerlab" / "simulate" / "ranges" / "classes.py"
    classes.write_text(classes.read_text() + "\n\ndef _late():\n    from . import order  # noqa\n")
    ranges = "pokerlab.simulate.ranges."
    assert _cycles(where) == [[ranges + "classes", ranges + "order", ranges + "table"]]  # order -> table -> classes


def _private_names(where: Path) -> list[str]:
    """``from .x import _name`` across modules, where ``_name`` is not itself a module (``_fast``, compiled)."""
    found = []
    for path in sorted((where / "pokerlab").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            base = path.parent
            for _ in range(node.level - 1):
                base = base.parent
            for part in (node.module or "").split(".") if node.level else ():
                base = base / part if part else base
            for alias in node.names:
                name = alias.name
                private = name.startswith("_") and not name.startswith("__")
                module = node.level and (any(base.glob(f"{name}.*")) or (base / name).is_dir())
                if private and not module:
                    found.append(f"{path.relative_to(where)}:{node.lineno}: {name}")
    return found


def test_no_private_names_imported_across_modules(tmp_path):
    assert _private_names(_installed_layout(tmp_path / "layout")) == []


def test_a_private_import_is_caught(tmp_path):
    where = _installed_layout(tmp_path / "layout")
    draw = where / "pokerlab" / "simulate" / "draw.py"
    draw.write_text(draw.read_text() + "\nfrom .ranges.parse import _combo_index  # noqa\n")
    (found,) = _private_names(where)
    assert found.startswith("pokerlab/simulate/draw.py:") and found.endswith(": _combo_index")


# What type-checks clean: the whole installed package, the evaluator and every part of simulate (game,
# histories, bots and cli included). Third-party modules without types are read as Any (ignore_missing_imports).
TYPED = ["pokerlab"]


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
