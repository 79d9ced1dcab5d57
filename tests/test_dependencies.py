"""Every third-party module imported by the package, the tests and the benchmarks is declared in pyproject.toml.

Declared means: the distribution that provides the module is a dependency of
the part that imports it, directly or through the dependencies of a declared
dependency (``numpy`` through ``numba``, ``packaging`` through ``pytest``).
The package may use its runtime dependencies and its optional extras; the
tests and the benchmarks may use what README's test command installs (the
runtime dependencies, ``test`` and ``peers``); ``setup.py`` may use the build
requirements. A module that nothing declared brings in is what fails on a
fresh machine although it passes where someone installed it by hand.
"""

from __future__ import annotations

import ast
import importlib.metadata as metadata
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from packaging.requirements import Requirement

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
EXTRAS: dict[str, list[str]] = PROJECT["project"]["optional-dependencies"]
RUNTIME: list[str] = PROJECT["project"]["dependencies"]
#: What each part of the tree may import, as requirement strings.
ALLOWED = {
    "package": [*RUNTIME, *(r for name, reqs in EXTRAS.items() if name not in ("test", "dev") for r in reqs)],
    "tests": [*RUNTIME, *EXTRAS["test"], *EXTRAS["peers"], *EXTRAS["browser"]],
    "build": PROJECT["build-system"]["requires"],
}
PARTS = {
    "package": ["pokerlab", "evaluator", "simulate"],
    "tests": ["tests", "benchmarks"],
    "build": ["setup.py"],
}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def imported_top_names(source: str) -> set[str]:
    """Top-level names of the absolute imports in ``source``, including those inside functions."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _local_names(path: str) -> set[str]:
    """Modules a file imports from the checkout: pokerlab, its siblings, and tests/ (on sys.path by conftest.py)."""
    siblings = (ROOT / path).parent.glob("*.py")
    return {"pokerlab", *(p.stem for p in siblings), *(p.stem for p in (ROOT / "tests").glob("*.py"))}


def declared_distributions(requirements: Iterable[str]) -> set[str]:
    """The distributions the requirements bring in, followed through each installed distribution's own requirements.

    A requirement written in pyproject counts whatever its environment marker (``tomli`` for Python 3.10 is
    declared, and imported only there); the requirements of the distributions it brings in count where their
    markers hold here, for the extras asked of them.
    """
    todo = [Requirement(text) for text in requirements]
    seen: dict[str, set[str]] = {}
    while todo:
        requirement = todo.pop()
        name = _normal(requirement.name)
        extras = set(requirement.extras)
        if name in seen and extras <= seen[name]:
            continue
        seen[name] = seen.get(name, set()) | extras
        try:
            children = metadata.requires(requirement.name) or []
        except metadata.PackageNotFoundError:
            continue  # declared but not installed: the module check names what is missing
        for text in children:
            child = Requirement(text)
            marker = child.marker
            if marker is None or any(marker.evaluate({"extra": extra}) for extra in {"", *seen[name]}):
                todo.append(child)
    return set(seen)


def undeclared(sources: dict[str, str], requirements: Iterable[str]) -> list[str]:
    """``path: module`` for each third-party import that no declared distribution provides (or none is installed)."""
    providers = metadata.packages_distributions()
    declared = declared_distributions(requirements)
    problems = []
    for path, source in sorted(sources.items()):
        for name in sorted(imported_top_names(source) - _local_names(path) - set(sys.stdlib_module_names)):
            dists = {_normal(d) for d in providers.get(name, [])}
            if not dists and _normal(name) in declared:
                continue  # declared, not installed here (setup.py's build requirements live in pip's build env)
            if not dists:
                problems.append(f"{path}: {name} (not installed: no declared dependency brings it)")
            elif not dists & declared:
                problems.append(f"{path}: {name} (from {', '.join(sorted(dists))}, which nothing declares)")
    return problems


def _sources(part: str) -> dict[str, str]:
    sources = {}
    for top in PARTS[part]:
        paths = [ROOT / top] if top.endswith(".py") else sorted((ROOT / top).rglob("*.py"))
        sources.update({str(path.relative_to(ROOT)): path.read_text() for path in paths})
    return sources


def test_every_import_is_declared():
    problems = []
    for part in PARTS:
        problems += undeclared(_sources(part), ALLOWED[part])
    assert problems == [], "imports that no declared dependency brings in:\n" + "\n".join(problems)


def test_an_undeclared_import_is_caught():
    sources = {"fake.py": "import click\n\ndef f():\n    import scipy.stats\n    import no_such_module_xyz\n"}
    assert undeclared(sources, ["click>=8"]) == [
        "fake.py: no_such_module_xyz (not installed: no declared dependency brings it)",
        "fake.py: scipy (from scipy, which nothing declares)",
    ]


def test_imports_are_read_inside_functions_and_relative_ones_left_out():
    source = "import numpy as np\nfrom . import x\n\ndef f():\n    from scipy.stats import chi2\n"
    assert imported_top_names(source) == {"numpy", "scipy"}


def test_a_dependency_of_a_dependency_counts():
    # packaging comes with pytest, numpy with numba: declared through them.
    assert {"packaging", "numpy", "llvmlite"} <= declared_distributions(["pytest", "numba"])
    assert "packaging" not in declared_distributions(["click"])
