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

ROOT = Path(__file__).resolve().parents[1]


def installed_layout(target: Path) -> Path:
    """A copy of the package's sources under ``target``, laid out as they install (tests/test_typing_gates.py too)."""
    package = target / "pokerlab"
    shutil.copytree(ROOT / "pokerlab", package)
    for half in ("evaluator", "simulate"):
        for source in [*(ROOT / half).rglob("*.py"), *(ROOT / half).rglob("*.pyx")]:  # .pyx: compiled modules
            copy = package / source.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, copy)
    return target


# lint-imports through this interpreter (import-linter has no __main__): never a skip when it is not on PATH.
_LINT_IMPORTS = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def _lint(where: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(where)}
    command = [sys.executable, "-c", _LINT_IMPORTS, "--config", str(ROOT / "pyproject.toml"), "--no-cache"]
    return subprocess.run(command, cwd=where, env=env, capture_output=True, text=True, timeout=300)


def test_the_layers_hold(tmp_path):
    done = _lint(installed_layout(tmp_path / "layout"))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_a_broken_layer_is_caught(tmp_path):
    where = installed_layout(tmp_path / "layout")
    ranges = where / "pokerlab" / "simulate" / "ranges" / "parse.py"
    ranges.write_text(ranges.read_text() + "\nfrom pokerlab.simulate.cli.main import main  # noqa\n")
    done = _lint(where)
    assert done.returncode != 0 and "pokerlab.simulate.ranges is not allowed to import pokerlab.simulate.cli" in (
        done.stdout.replace("\n", " ")
    )


def test_the_two_columns_are_kept_apart(tmp_path):
    where = installed_layout(tmp_path / "layout")
    game = where / "pokerlab" / "simulate" / "game" / "state.py"
    game.write_text(game.read_text() + "\nfrom pokerlab.simulate.equity import engine  # noqa\n")
    done = _lint(where)
    out = done.stdout.replace("\n", " ")
    assert done.returncode != 0 and "the game column (game, histories) never imports the analysis column BROKEN" in out
    assert "pokerlab.simulate.game.state -> pokerlab.simulate.equity.engine" in out, out[-3000:]


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
    env = {**os.environ, "PYTHONPATH": str(where)}
    done = subprocess.run([sys.executable, "-c", _CYCLES], cwd=where, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_no_import_cycles(tmp_path):
    assert _cycles(installed_layout(tmp_path / "layout")) == []


def test_a_cycle_hidden_in_a_function_is_caught(tmp_path):
    where = installed_layout(tmp_path / "layout")
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
    assert _private_names(installed_layout(tmp_path / "layout")) == []


def test_a_private_import_is_caught(tmp_path):
    where = installed_layout(tmp_path / "layout")
    draw = where / "pokerlab" / "simulate" / "draw.py"
    draw.write_text(draw.read_text() + "\nfrom .ranges.parse import _combo_index  # noqa\n")
    (found,) = _private_names(where)
    assert found.startswith("pokerlab/simulate/draw.py:") and found.endswith(": _combo_index")


def _user_script() -> str:
    """A user's script: typed calls of the documented names, then every other top-level name by attribute."""
    import pokerlab

    typed = """
import pokerlab
from pokerlab import PokerlabError, describe, equity, evaluate, omaha_equity, parse_range

value: int = evaluate("As Ks Qs Js Ts")
words: str = describe(value)
share: float = equity(["AsAh", "KsKh"]).players[0].equity
omaha: float = omaha_equity(["AsAhKsKh", "QdQcJdJc"]).players[0].equity
combos: int = len(parse_range("QQ+,AKs"))
try:
    evaluate("Xx")
except PokerlabError as error:
    print(words, share, omaha, combos, error)
"""
    rest = "".join(f"print(pokerlab.{name})\n" for name in pokerlab.__all__)
    return typed + rest


def _mypy_strict(where: Path, script: str) -> subprocess.CompletedProcess:
    (where / "user_script.py").write_text(script)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent", "user_script.py"],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_a_user_script_type_checks_strictly(tmp_path):
    done = _mypy_strict(installed_layout(tmp_path / "layout"), _user_script())
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_a_name_the_package_does_not_export_fails_the_strict_check(tmp_path):
    where = installed_layout(tmp_path / "layout")
    done = _mypy_strict(where, "import pokerlab\n\nprint(pokerlab.no_such_name)\n")
    assert done.returncode == 1 and 'Module has no attribute "no_such_name"' in done.stdout, done.stdout
    init = where / "pokerlab" / "__init__.py"
    init.write_text(init.read_text().replace("evaluate as evaluate,", "evaluate,"))  # an implicit re-export
    done = _mypy_strict(where, "from pokerlab import evaluate\n\nprint(evaluate('As Ks Qs Js Ts'))\n")
    assert done.returncode == 1 and 'does not explicitly export attribute "evaluate"' in done.stdout, done.stdout
