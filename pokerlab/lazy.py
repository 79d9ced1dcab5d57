"""Names of a package that load on first use (PEP 562), so importing the package costs nothing it does not use.

A package lists each public name with the module that defines it; ``from package import name`` and
``package.name`` import that module the first time, then the name is an ordinary attribute.

>>> import types, sys
>>> demo = types.ModuleType("demo"); sys.modules["demo"] = demo
>>> demo.__getattr__, demo.__dir__ = lazy_attributes("demo", {"sqrt": "math"})
>>> demo.sqrt(9.0), "sqrt" in dir(demo)
(3.0, True)
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (milliseconds of a command's start-up)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def lazy_attributes(package: str, names: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A ``__getattr__`` and a ``__dir__`` for ``package`` whose ``names`` (name -> defining module) load lazily."""

    def __getattr__(name: str) -> Any:
        where = names.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        __import__(where)  # importlib.import_module's work, without importing importlib
        value = getattr(sys.modules[where], name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(names))

    return __getattr__, __dir__


def by_module(package: str, names: dict[str, str]) -> dict[str, str]:
    """Name -> defining module, from a module (relative to ``package``) -> its names, space-separated.

    >>> by_module("pokerlab.simulate.ranges", {"classes": "class_combos hand_class"})
    {'class_combos': 'pokerlab.simulate.ranges.classes', 'hand_class': 'pokerlab.simulate.ranges.classes'}
    """
    return {name: f"{package}.{module}" for module, listed in names.items() for name in listed.split()}
