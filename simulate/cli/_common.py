"""What every ``pokerlab`` command module shares: bad input as one line on stderr and exit status 2.

The line comes from any :class:`~pokerlab.errors.PokerlabError`; every other exception is a bug,
reported by the command group as an internal error (exit 1), with the traceback under ``--debug``.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable
from typing import Any

import click

from pokerlab.errors import PokerlabError

EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 1


def friendly_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a :class:`~pokerlab.errors.PokerlabError` (CardError, RangeError, ...) into one line on stderr, exit 2."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except PokerlabError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(EXIT_BAD_INPUT)

    return wrapper


class ProgressBar:
    """A progress bar on stderr fed with the fraction done (0..1), for long library calls.

    It stays hidden unless ``enabled`` and until the run has taken ``delay`` seconds (so quick runs
    print nothing); ``close`` fills it first when ``fill_on_close`` (runs that may stop early).
    """

    def __init__(self, label: str, enabled: bool, delay: float = 0.0, fill_on_close: bool = False) -> None:
        self.label, self.enabled, self.delay, self.fill_on_close = label, enabled, delay, fill_on_close
        self.start = time.perf_counter()
        self.bar: Any = None
        self.shown = 0

    def __call__(self, fraction: float) -> None:
        if not self.enabled or time.perf_counter() - self.start < self.delay:
            return
        if self.bar is None:
            self.bar = click.progressbar(length=1000, label=self.label, file=sys.stderr, show_eta=True)
            self.bar.__enter__()
        step = int(fraction * 1000) - self.shown
        if step > 0:
            self.bar.update(step)
            self.shown += step

    def close(self) -> None:
        if self.bar is not None:
            if self.fill_on_close:
                self.bar.update(1000 - self.shown)
            self.bar.__exit__(None, None, None)


def text_table(headers: list[str], rows: list[list[str]], right: set[int] | None = None) -> str:
    """Plain aligned text table (numbers right-aligned).

    >>> print(text_table(["hand", "combos"], [["AA", "6"], ["AKs", "4"]]))
    hand  combos
    ----  ------
    AA         6
    AKs        4
    """
    right = right if right is not None else set(range(1, len(headers)))
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            str(c).rjust(w) if i in right else str(c).ljust(w) for i, (c, w) in enumerate(zip(cells, widths))
        ).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])
