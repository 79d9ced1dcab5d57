"""JSON Schemas (draft 2020-12) of every command's ``--json`` output, shipped in the package.

One schema per command, in a file named after it: ``pokerlab table preflop --json`` is described by
``table-preflop.json`` beside this module. :func:`names` lists them, :func:`path` gives a file and
:func:`load` reads one. A command with several layouts has them as the alternatives of one schema
(``equity``: hold'em and draw, Omaha, stud, ``--breakdown``, ``--by-combo``). Each schema describes
its version's output exactly: objects whose keys are fixed allow no other key, and a later version
that adds a key ships a schema that lists it.

Any JSON Schema library validates against them; pokerlab itself needs none (``jsonschema`` comes
with the ``test`` extra):

>>> import jsonschema
>>> from pokerlab import schemas
>>> output = {"range": "AA", "combos": 6, "weight": 6.0, "list": [{"combo": "AsAh", "weight": 1.0}]}
>>> jsonschema.validate(output, schemas.load("range"))  # no error: the layout of pokerlab range --json
>>> jsonschema.validate({**output, "combos": "six"}, schemas.load("range"))
Traceback (most recent call last):
...
jsonschema.exceptions.ValidationError: 'six' is not of type 'integer'
...
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import InputError

_FOLDER = Path(__file__).resolve().parent


def names() -> list[str]:
    """The commands that have a schema, as their files name them (``table preflop`` is ``table-preflop``).

    >>> names()[:4]
    ['bench', 'cache', 'cache-warm', 'draw']
    >>> len(names())
    20
    """
    return sorted(p.stem for p in _FOLDER.glob("*.json"))


def _name(command: str) -> str:
    """A command as given (``"pokerlab table preflop --json"``, ``"table preflop"``, ``"table-preflop"``) as a name."""
    words = command.split()
    if words[:1] == ["pokerlab"]:
        words = words[1:]
    if words[-1:] == ["--json"]:
        words = words[:-1]
    name = "-".join(words)
    if name not in names():
        raise InputError(f"no JSON schema for {command!r}; the commands with --json are {', '.join(names())}")
    return name


def path(command: str) -> Path:
    """The schema file of ``command`` (``"equity"``, ``"cache warm"``, ``"pokerlab replay --json"``).

    >>> path("cache warm").name
    'cache-warm.json'
    >>> path("pokerlab eval --json").is_file()
    True
    >>> path("play")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InputError: no JSON schema for 'play'; the commands with --json are bench, cache, ...
    """
    return _FOLDER / f"{_name(command)}.json"


def load(command: str) -> dict[str, Any]:
    """The schema of ``command``'s ``--json`` output, as a dict.

    >>> schema = load("equity")
    >>> schema["title"]
    'pokerlab equity --json'
    >>> [layout["$ref"] for layout in schema["oneOf"]]
    ['#/$defs/holdem', '#/$defs/omaha', '#/$defs/stud', '#/$defs/breakdown', '#/$defs/by_combo']
    """
    schema: dict[str, Any] = json.loads(path(command).read_text(encoding="utf-8"))
    return schema


__all__ = ["load", "names", "path"]
