"""The API's commands: a JSON body of a command's parameters becomes that command's ``pokerlab`` arguments.

The parameters are read off the click command itself (a long option ``--by-combo`` is ``by_combo``, an argument
keeps its name: ``players``), so the API takes what the command line takes and cannot drift from it; the answer is
what the command prints with ``--json``. Options that name files or other machines (``--save``, ``--spot``,
``--batch``, ``--scheduler``) are not offered: the page runs computations, it does not write files or connect out.

>>> arguments("equity", {"players": ["AsAh", "KsKh"], "board": "Qh7c2d"})
['equity', '--board', 'Qh7c2d', '--json', '--', 'AsAh', 'KsKh']
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import click

from pokerlab.errors import InputError
from pokerlab.simulate.cli.main import main

__all__ = ["COMMANDS", "LONG_COMMANDS", "GuiInputError", "Parameter", "arguments", "parameters"]

#: API name -> the words of the ``pokerlab`` command it runs (a subcommand is the second word).
COMMANDS: dict[str, tuple[str, ...]] = {
    "equity": ("equity",),
    "hits": ("hits",),
    "range": ("range",),
    "draw": ("draw",),
    "icm": ("icm",),
    "pushfold": ("pushfold",),
    "pushfold-chart": ("pushfold", "chart"),
    "pushfold-icm": ("pushfold", "icm"),
    "solve": ("solve",),
}

#: The commands whose runs can take long: the page runs them as jobs with a progress bar and a Stop button.
LONG_COMMANDS = ("equity", "draw", "icm", "pushfold-chart", "pushfold-icm", "solve")

# Not offered: output layout (--json is always given, --plain is text), files and other machines.
_LEFT_OUT = {"json", "plain", "help", "save", "spot", "batch", "scheduler"}


class GuiInputError(InputError):
    """A request body the API cannot turn into a command line (an unknown parameter, a value of the wrong type)."""


@dataclass(frozen=True)
class Parameter:
    """One parameter of an API command: its JSON name, the command line's spelling and the values it takes.

    ``kind`` is ``flag`` (true/false), ``value`` (a string or number), ``many`` (a list: a repeatable option or an
    argument taking several values) or ``one`` (an argument taking one value).
    """

    name: str
    kind: str
    option: str | None  # None for an argument
    off: str | None = None  # a flag's "--no-..." form
    required: bool = False


def _parameter(param: click.Parameter) -> Parameter | None:
    if isinstance(param, click.Argument):
        kind = "many" if param.nargs == -1 else "one"
        # The name the help shows (RANGE for hits' hand_range), as the page's users read it.
        name = param.metavar.lower() if param.metavar and param.metavar.isalpha() else str(param.name)
        return Parameter(name, kind, None, required=param.required)
    if not isinstance(param, click.Option) or param.name in _LEFT_OUT:
        return None
    long = max(param.opts, key=len)
    name = long.lstrip("-").replace("-", "_")
    if name in _LEFT_OUT:
        return None
    if param.is_flag:
        return Parameter(name, "flag", long, off=param.secondary_opts[0] if param.secondary_opts else None)
    return Parameter(name, "many" if param.multiple else "value", long, required=param.required)


@cache
def _command(name: str) -> click.Command:
    words = COMMANDS[name]
    ctx = click.Context(main, info_name="pokerlab")
    command = main.get_command(ctx, words[0])
    for word in words[1:]:
        assert isinstance(command, click.Group)
        command = command.get_command(click.Context(command, info_name=words[0]), word)
    assert command is not None
    return command


@cache
def parameters(name: str) -> tuple[Parameter, ...]:
    """The parameters API command ``name`` takes, in the command's order.

    >>> [p.name for p in parameters("range")]
    ['text', 'dead']
    """
    if name not in COMMANDS:
        raise GuiInputError(f"unknown command {name!r}; the API runs {', '.join(COMMANDS)}")
    found = (_parameter(p) for p in _command(name).params)
    return tuple(p for p in found if p is not None)


def _scalar(command: str, name: str, value: Any) -> str:
    """A string or a finite number as the command line writes it."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise GuiInputError(f"{command}: {name} must be a string or a number, got {type(value).__name__}")
    if isinstance(value, float) and not math.isfinite(value):
        raise GuiInputError(f"{command}: {name} must be a finite number, got {value}")
    return str(value)


def _words(command: str, param: Parameter, value: Any) -> list[str]:
    """What ``value`` adds to the command line (options) or to its arguments."""
    if param.kind == "flag":
        if not isinstance(value, bool):
            raise GuiInputError(f"{command}: {param.name} must be true or false, got {value!r}")
        if value:
            return [str(param.option)]
        return [param.off] if param.off else []
    if param.kind == "many":
        if not isinstance(value, list):
            raise GuiInputError(f"{command}: {param.name} must be a list, got {type(value).__name__}")
        items = [_scalar(command, param.name, v) for v in value]
        if param.option is None:
            return items
        return [word for item in items for word in (param.option, item)]
    if isinstance(value, list):  # "50,30,20" may come as [50, 30, 20]
        text = ",".join(_scalar(command, param.name, v) for v in value)
    else:
        text = _scalar(command, param.name, value)
    return [text] if param.option is None else [param.option, text]


def arguments(command: str, body: Any) -> list[str]:
    """The ``pokerlab`` arguments that run API ``command`` with the parameters of ``body`` and ``--json``.

    The arguments come after ``--``, so no value can pass for an option.

    >>> arguments("icm", {"stacks": [5000, 3000, 2000], "payouts": [50, 30, 20]})
    ['icm', '--payouts', '50,30,20', '--json', '--', '5000', '3000', '2000']
    >>> arguments("range", {"txt": "AA"})
    Traceback (most recent call last):
    ...
    pokerlab.simulate.gui.commands.GuiInputError: range: unknown parameter 'txt'; it takes text, dead
    """
    known = {p.name: p for p in parameters(command)}
    if not isinstance(body, dict):
        raise GuiInputError(f"{command}: the request body must be a JSON object of the command's parameters")
    unknown = [key for key in body if key not in known]
    if unknown:
        raise GuiInputError(f"{command}: unknown parameter {unknown[0]!r}; it takes {', '.join(known)}")
    options: list[str] = []
    positional: list[str] = []
    for name, param in known.items():
        if name not in body or body[name] is None:
            continue
        words = _words(command, param, body[name])
        (positional if param.option is None else options).extend(words)
    line = [*COMMANDS[command], *options, "--json"]
    return [*line, "--", *positional] if positional else line
