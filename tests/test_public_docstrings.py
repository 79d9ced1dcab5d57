"""Every public name has a docstring with a doctest, and the API page covers every top-level name.

The public names are ``pokerlab.__all__`` and the public names of each submodule the API page documents
(``automodule`` in docs/api.md: its ``__all__``, else what it defines). A function or a class needs an example
that runs (a ``>>>`` line not marked ``+SKIP``) in its own docstring; tests/test_doctests.py runs them all. A
constant cannot carry a docstring: it needs a ``#:`` comment on the line above its definition or a string on the
line after it (autodoc shows either), and a running example that uses it in the module that defines it.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import pokerlab

ROOT = Path(__file__).resolve().parents[1]
API_PAGE = ROOT / "docs" / "api.md"
MODULES = re.findall(r"^\.\. automodule:: ([\w.]+)$", API_PAGE.read_text(encoding="utf-8"), re.M)
DATA = (str, int, float, bool, tuple, list, dict, set, frozenset, type(None))


def _module_names(module) -> list[str]:
    declared = getattr(module, "__all__", None)
    if declared is not None:
        return list(declared)
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__
    ]


def public_names() -> dict[str, object]:
    """``module.name`` -> the object, for every public name; a name exported twice is listed where it is first."""
    found: dict[str, object] = {}
    seen: set[int] = set()
    for module_name, names in [("pokerlab", pokerlab.__all__), *((m, None) for m in MODULES)]:
        module = importlib.import_module(module_name)
        for name in names or _module_names(module):
            value = getattr(module, name)
            if not isinstance(value, DATA):
                if id(value) in seen:
                    continue
                seen.add(id(value))
            found[f"{module_name}.{name}"] = value
    return found


NAMES = public_names()
_PARSER = doctest.DocTestParser()


def running_examples(text: str | None) -> list[doctest.Example]:
    return [e for e in _PARSER.get_examples(text or "") if not e.options.get(doctest.SKIP)]


def _defining_module(name: str, value: object):
    """The package module whose source assigns ``name`` at its top level and holds ``value`` under it."""
    assignment = re.compile(rf"^{re.escape(name)}\s*(?::[^=\n]+)?=", re.M)
    for half in (pokerlab, importlib.import_module("pokerlab.evaluator"), importlib.import_module("pokerlab.simulate")):
        for info in pkgutil.walk_packages(half.__path__, half.__name__ + "."):
            if info.name.endswith("__main__"):
                continue
            module = importlib.import_module(info.name)
            if getattr(module, name, None) is value and assignment.search(inspect.getsource(module)):
                return module
    raise AssertionError(f"no module of the package defines {name}")


def has_doctest(qualified: str, value: object) -> bool:
    """Whether ``value`` (published as ``qualified``) carries a running example, by the rules above."""
    name = qualified.rsplit(".", 1)[1]
    if qualified == "pokerlab.__version__":
        return any("__version__" in e.source for e in running_examples(pokerlab.__doc__))
    if not isinstance(value, DATA):
        return bool(running_examples(value.__doc__))
    module = _defining_module(name, value)
    source = inspect.getsource(module)
    body = ast.parse(source).body
    at = next(i for i, node in enumerate(body) if name in _assigned(node))
    lines = source.splitlines()
    commented = lines[body[at].lineno - 2].lstrip().startswith("#:") if body[at].lineno > 1 else False
    after = body[at + 1] if at + 1 < len(body) else None
    string_after = (
        isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str)
    )
    texts = [module.__doc__] + [getattr(v, "__doc__", None) for v in vars(module).values() if callable(v)]
    used = any(re.search(rf"\b{re.escape(name)}\b", e.source) for t in texts for e in running_examples(t))
    return (commented or string_after) and used


def _assigned(node: ast.stmt) -> set[str]:
    if isinstance(node, ast.Assign):
        return {t.id for t in node.targets if isinstance(t, ast.Name)}
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return {node.target.id}
    return set()


def test_the_public_names_are_found():
    assert len(MODULES) >= 10 and "pokerlab.schemas" in MODULES
    assert {"pokerlab.equity", "pokerlab.schemas.load", "pokerlab.simulate.bench.run_bench"} <= set(NAMES)


@pytest.mark.parametrize("qualified", sorted(NAMES))
def test_every_public_name_has_a_running_doctest(qualified):
    value = NAMES[qualified]
    if not isinstance(value, DATA):
        assert inspect.getdoc(value), f"{qualified} has no docstring"
    assert has_doctest(qualified, value), f"{qualified}: no example that runs (a '>>>' line not marked +SKIP)"


def test_the_check_refuses_a_docstring_without_a_running_example():
    def documented():
        """Says what it does.

        >>> documented()  # doctest: +SKIP
        """

    def exemplified():
        """Says what it does.

        >>> exemplified() is None
        True
        """

    assert not has_doctest("m.documented", documented) and has_doctest("m.exemplified", exemplified)
    assert not has_doctest("m.bare", lambda: None)


def test_the_api_page_covers_every_top_level_name():
    page = API_PAGE.read_text(encoding="utf-8")
    documented = set(
        re.findall(r"^\.\. (?:autofunction|autoclass|autoexception|autodata|py:data):: pokerlab\.(\w+)$", page, re.M)
    )
    assert documented == set(pokerlab.__all__), (
        f"missing {sorted(set(pokerlab.__all__) - documented)}, extra {sorted(documented - set(pokerlab.__all__))}"
    )
