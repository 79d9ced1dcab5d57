"""``mypy --strict`` over the installed package holds: every module is strict but those listed in pyproject's one
``[[tool.mypy.overrides]]`` block (the numba kernels, and modules not converted yet), and that list only shrinks.

mypy reads the package from a copy laid out as it installs (``test_layers.installed_layout``): an editable
install maps ``pokerlab.evaluator`` and ``pokerlab.simulate`` from other folders.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from test_layers import ROOT, installed_layout

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

PYPROJECT = ROOT / "pyproject.toml"
_ERROR = re.compile(r"^(pokerlab/\S+)\.py:(\d+): error: (.*)$", re.MULTILINE)
# The override block, up to the next table's header (every other line of it is indented or closes its list).
_OVERRIDE_BLOCK = re.compile(r"^\[\[tool\.mypy\.overrides\]\]\n(?:(?!\[).*\n?)*", re.MULTILINE)
# Kernels may keep the override even when clean: numba, not their annotations, types them.
_KERNEL_HELPERS = {"pokerlab.evaluator.jit", "pokerlab.evaluator.kernel_core", "pokerlab.simulate.equity.rank_boards"}
# A strict module the meta-test spoils with an untyped function.
_STRICT_MODULE = "pokerlab/simulate/tournament/icm.py"


def _mypy(where: Path, config: Path = PYPROJECT) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mypy", "--strict", "--config-file", str(config), "--no-incremental", "pokerlab"]
    return subprocess.run(command, cwd=where, capture_output=True, text=True, timeout=600)


def not_strict_modules(pyproject: str) -> list[str]:
    """The modules the override gives mypy's default checks.

    >>> not_strict_modules('[tool.mypy]\\nstrict = true\\n[[tool.mypy.overrides]]\\nmodule = ["a.b"]\\n')
    ['a.b']
    """
    (override,) = tomllib.loads(pyproject)["tool"]["mypy"]["overrides"]
    return list(override["module"])


def modules_with_errors(output: str) -> dict[str, list[str]]:
    """mypy's errors by module, each as ``line: message``.

    >>> modules_with_errors("pokerlab/a/__init__.py:3: error: Bad  [x]\\npokerlab/a/b.py:1: note: see\\n")
    {'pokerlab.a': ['3: Bad  [x]']}
    """
    found: dict[str, list[str]] = {}
    for path, line, message in _ERROR.findall(output):
        module = path.removesuffix("/__init__").replace("/", ".")
        found.setdefault(module, []).append(f"{line}: {message}")
    return found


def test_the_package_type_checks_strictly(tmp_path):
    done = _mypy(installed_layout(tmp_path / "layout"))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_override_is_one_block_and_holds_no_strict_module():
    text = PYPROJECT.read_text()
    listed = not_strict_modules(text)
    assert len(_OVERRIDE_BLOCK.findall(text)) == 1
    assert listed == sorted(set(listed), key=listed.index)  # no module twice
    assert _STRICT_MODULE.removesuffix(".py").replace("/", ".") not in listed


def test_a_new_strict_error_fails_and_every_listed_module_still_needs_the_override(tmp_path):
    """One run of mypy, strict everywhere (the override cut out of a copy of pyproject), over a copy of the package
    with an untyped function added to a strict module: that function is reported (the override does not list the
    module, so the gate reads it with these same settings), and every module the override lists for not being
    converted yet still has a strict error (a clean one must leave the list)."""
    where = installed_layout(tmp_path / "layout")
    spoiled = where / _STRICT_MODULE
    source = spoiled.read_text()
    spoiled.write_text(source + "\n\ndef untyped_helper(x):\n    return x\n")
    line = source.count("\n") + 3
    text = PYPROJECT.read_text()
    config = tmp_path / "pyproject.toml"
    config.write_text(_OVERRIDE_BLOCK.sub("", text))

    done = _mypy(where, config)

    errors = modules_with_errors(done.stdout)
    assert done.returncode == 1, done.stdout[-4000:] + done.stderr[-2000:]
    spoiled_module = _STRICT_MODULE.removesuffix(".py").replace("/", ".")
    assert f"{line}: Function is missing a type annotation  [no-untyped-def]" in errors.get(spoiled_module, [])
    converting = [m for m in not_strict_modules(text) if not m.endswith("kernels") and m not in _KERNEL_HELPERS]
    clean = [m for m in converting if m not in errors]
    assert clean == [], f"strict clean now: take these out of pyproject's [[tool.mypy.overrides]] list: {clean}"
