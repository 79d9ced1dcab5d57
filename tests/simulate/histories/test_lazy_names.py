"""The histories package serves its names lazily: type checkers must see each one (an ``if TYPE_CHECKING:`` import
of it, as itself, from the module that serves it), or mypy users get ``Any``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pokerlab.simulate.histories as histories

INIT = Path(histories.__file__)


def type_checking_imports() -> dict[str, tuple[str, str | None]]:
    """Each name the ``if TYPE_CHECKING:`` block imports: (its module, its ``as`` name)."""
    tree = ast.parse(INIT.read_text())
    blocks = [node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]
    assert len(blocks) == 1
    return {
        alias.name: (str(node.module), alias.asname)
        for node in blocks[0].body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def test_every_lazy_name_is_imported_for_type_checkers_as_itself() -> None:
    imported = type_checking_imports()
    assert imported == {name: (home, name) for name, home in histories._HOMES.items()}
    assert set(imported) == set(histories.__all__)


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        histories.nope  # noqa: B018
