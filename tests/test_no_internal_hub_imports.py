"""No module is a re-export hub, and package modules import each name from the module that defines it.

A hub (a module that only imports names defined elsewhere) gives a name two homes: an import through it hides
where the name lives and ties every importer to every module the hub loads. A package's ``__init__`` is where
users import its public names from, and may only re-export; any other module that does is refused. The import
check reads the sources (imports in functions and under ``TYPE_CHECKING`` included).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Names no package module imports from, whatever a module of that name holds.
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


def _only_reexports(tree: ast.Module) -> bool:
    """Whether a module's body is imports alone (besides its docstring and ``__all__``): names defined elsewhere."""
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    imports = 0
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports += not (isinstance(node, ast.ImportFrom) and node.module == "__future__")
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]  # AnnAssign
        if not targets or not all(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return False
    return imports > 0


def reexport_hubs(sources: dict[str, tuple[str, bool]]) -> list[str]:
    """The modules (by name: ``(text, is a package)``) other than a package's ``__init__`` that only re-export."""
    return sorted(name for name, (text, package) in sources.items() if not package and _only_reexports(ast.parse(text)))


def hub_imports(sources: dict[str, tuple[str, bool]], hubs: frozenset[str] = HUBS) -> dict[str, list[str]]:
    """Each module (by name: ``(text, is a package)``) that imports through a hub, with ``line: hub`` of each."""
    out: dict[str, list[str]] = {}
    for name, (text, package) in sources.items():
        if name in hubs:
            continue
        hits = [f"{line}: {module}" for line, module in _imported(ast.parse(text), name, package) if module in hubs]
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
    offenders = hub_imports(sources, HUBS | frozenset(reexport_hubs(sources)))
    assert not offenders, f"import these names from their defining modules: {offenders}"


def test_no_module_only_re_exports_names_defined_elsewhere():
    hubs = reexport_hubs(_package_sources())
    assert not hubs, f"import from the defining modules (users: from the package) and remove: {hubs}"


def test_a_re_export_hub_is_recognised():
    hub = '"""Names gathered."""\nfrom __future__ import annotations\nfrom .a import x\nfrom .b import y as _y\n'
    forms = {
        "pokerlab.simulate.game.hub": (hub + '__all__ = ["x"]\n', False),
        "pokerlab.simulate.game.typed_hub": (hub + '__all__: list[str] = ["x"]\n', False),
        "pokerlab.simulate.game": (hub, True),  # a package's __init__: where users import from
        "pokerlab.simulate.game.real": (hub + "def f():\n    return x\n", False),
        "pokerlab.simulate.game.constants": ('"""Only data."""\nLIMIT = 3\n', False),
        "pokerlab.simulate.game.empty": ('"""Nothing yet."""\n', False),
    }
    assert reexport_hubs(forms) == ["pokerlab.simulate.game.hub", "pokerlab.simulate.game.typed_hub"]


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
