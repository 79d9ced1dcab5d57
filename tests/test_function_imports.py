"""Imports inside functions may only become fewer.

An import inside a function is sometimes right (a command that must not load numpy or numba before it needs them,
a heavy optional dependency), and sometimes a cycle or a layer breach hidden from the module's header. Each one
costs a reader a search, so the package holds the line: the counts below may go down, never up, and an import of
pokerlab's own modules inside a function says why on its line or the line above (a comment), or its module says
why for all of them on a line of its own that starts with ``# Imports inside functions:`` (the command line's
modules: a command loads its library only when it runs).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS = ("pokerlab", "evaluator", "simulate")
#: The line with which a module explains every import inside its functions at once.
MODULE_REASON = "# Imports inside functions:"
#: Imports inside functions, over the package (ceilings: lower them when the counts go down).
MOST_FUNCTION_IMPORTS = 305
#: Of those, imports of pokerlab's own modules with no comment saying why.
MOST_UNEXPLAINED_OWN_IMPORTS = 0


def function_imports(source: str) -> list[tuple[int, bool, bool]]:
    """(line, imports pokerlab's own module, a comment explains it) for each import inside a function of ``source``.

    >>> source = "import os\\ndef f():\\n    # numpy only when asked\\n    from . import x\\n    import json\\n"
    >>> function_imports(source)
    [(4, True, True), (5, False, False)]
    """
    lines = source.splitlines()
    whole_module = any(line.startswith(MODULE_REASON) for line in lines)
    found: dict[int, tuple[int, bool, bool]] = {}
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in found:
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                relative = isinstance(node, ast.ImportFrom) and node.level > 0
                own = relative or any(n.startswith("pokerlab") for n in names)
                above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                explained = whole_module or "#" in lines[node.lineno - 1] or above.startswith("#")
                found[id(node)] = (node.lineno, own, explained)
    return sorted(found.values())


def _package_imports() -> dict[str, list[tuple[int, bool, bool]]]:
    files = (path for folder in PACKAGE_DIRS for path in sorted((ROOT / folder).rglob("*.py")))
    return {str(path.relative_to(ROOT)): function_imports(path.read_text(encoding="utf-8")) for path in files}


def test_imports_inside_functions_do_not_grow():
    found = _package_imports()
    total = sum(len(imports) for imports in found.values())
    unexplained = [f"{file}:{line}" for file, imports in found.items() for line, own, why in imports if own and not why]
    assert total <= MOST_FUNCTION_IMPORTS, f"{total} imports inside functions (at most {MOST_FUNCTION_IMPORTS})"
    assert len(unexplained) <= MOST_UNEXPLAINED_OWN_IMPORTS, (
        f"{len(unexplained)} imports of pokerlab's own modules inside functions without a comment saying why "
        f"(at most {MOST_UNEXPLAINED_OWN_IMPORTS}): move them to the module's header or say why; "
        f"first ones: {unexplained[:10]}"
    )


def test_the_count_sees_an_unexplained_import_and_its_reason():
    # The check can fail: an import of the package's own module in a function, bare, then with its reason.
    assert function_imports("def f():\n    from .x import y\n") == [(2, True, False)]
    assert function_imports("def f():\n    from .x import y  # numba on first use\n") == [(2, True, True)]
    assert function_imports("def f():\n    def g():\n        import pokerlab.x\n") == [(3, True, False)]
    assert function_imports(f"{MODULE_REASON} start-up\ndef f():\n    from .x import y\n") == [(3, True, True)]
