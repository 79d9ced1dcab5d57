"""What every ``pokerlab`` command module shares: bad input as one line on stderr and exit status 2."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import click

EXIT_BAD_INPUT = 2


def friendly_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn ValueError (CardError, RangeError, a bad scheduler address, ...) into one line on stderr and exit 2."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except ValueError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(EXIT_BAD_INPUT)

    return wrapper
