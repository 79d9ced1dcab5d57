"""Package modules import each name from the module that defines it, never through a re-export hub.

``pokerlab.simulate.game.variants`` and ``pokerlab.simulate.histories.phh`` gather names defined elsewhere for
users (docs/api.md); inside the package an import through them hides where a name lives and ties every importer
to every module the hub loads. The check reads the sources (imports in functions and under ``TYPE_CHECKING``
included); docstring examples are for users and may use the hubs.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HUBS = frozenset({"pokerlab.simulate.game.variants", "pokerlab.simulate.histories.phh"})


def _module_name(path: Path) -> tuple[str, bool]:
    """The installed name of a source file (``evaluator/`` and ``simulate/`` install under ``pokerlab.``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[0] != "pokerlab":
        parts.insert(0, "pokerlab")
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


def _imported(tree: ast.AST, name: str, package: bool) -> list[tuple[int, str]]:
    """``(line, module)`` of every module an import names: each ``from`` module, and the module each of its
    names would be if it is a submodule (``from pokerlab.simulate.game import variants``)."""
    here = name if package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def hub_imports(sources: dict[str, tuple[str, bool]]) -> dict[str, list[str]]:
    """Each module (by name: ``(text, is a package)``) that imports through a hub, with ``line: hub`` of each."""
    out: dict[str, list[str]] = {}
    for name, (text, package) in sources.items():
        if name in HUBS:
            continue
        hits = [f"{line}: {module}" for line, module in _imported(ast.parse(text), name, package) if module in HUBS]
        if hits:
            out[name] = hits
    return out


def _package_sources() -> dict[str, tuple[str, bool]]:
    sources = {}
    for half in ("pokerlab", "evaluator", "simulate"):
        for path in (ROOT / half).rglob("*.py"):
            name, package = _module_name(path)
            sources[name] = (path.read_text(encoding="utf-8"), package)
    return sources


def test_package_modules_import_names_where_they_are_defined():
    sources = _package_sources()
    assert {"pokerlab.simulate.game.state", "pokerlab.simulate.histories.replay"} <= set(sources)
    offenders = hub_imports(sources)
    assert not offenders, f"import these names from their defining modules: {offenders}"


def test_every_form_of_import_through_a_hub_is_caught():
    forms = {
        "pokerlab.simulate.game.a": ("from .variants import Variant\n", False),
        "pokerlab.simulate.game.b": ("from . import variants\n", False),
        "pokerlab.simulate.histories.c": ("def f():\n    from .phh import loads\n", False),
        "pokerlab.simulate.cli.d": ("from ..histories.phh import loads\n", False),
        "pokerlab.simulate.histories": ("from .phh import loads\n", True),
        "pokerlab.simulate.bots.e": ("import pokerlab.simulate.game.variants\n", False),
        "pokerlab.simulate.bots.f": ("from pokerlab.simulate.histories import phh\n", False),
        "pokerlab.simulate.game.g": ("from .declarations import Variant\nfrom ..histories import replay\n", False),
        "pokerlab.evaluator.h": ("from .variants import best_cards\n", False),  # the evaluator's own module
    }
    assert set(hub_imports(forms)) == set(forms) - {"pokerlab.simulate.game.g", "pokerlab.evaluator.h"}
