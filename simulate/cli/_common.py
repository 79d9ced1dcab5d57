"""What every ``pokerlab`` command module shares: the conventions of the shared-options table (docs/cli-conventions.md).

- bad input: one line on stderr and exit status 2 (any :class:`~pokerlab.errors.PokerlabError`); every
  other exception is a bug, reported by the command group as an internal error (exit 1), with the
  traceback under ``--debug``; Ctrl-C ends a command with exit status 130;
- ``--json``: :func:`emit_json` (indent 2, keys in a stable order, never NaN);
- ``--seed``: :data:`SEED` and :func:`resolve_seed` (random by default, printed, accepted back);
- ``--threads``/``-t``: :func:`threads_option` (default: all cores);
- the short forms of recurring options: :data:`SHORT_OPTIONS`.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from pokerlab import compiles, equity_games
from pokerlab.errors import InputError, PokerlabError
from pokerlab.simulate.equity.options import MAX_SEED, fresh_seed

from .printing import json_text

if TYPE_CHECKING:
    StrChoice = click.Choice[str]
    StrParamType = click.ParamType[str, str]
else:  # click 8.1, which the package supports, cannot subscript its parameter types at run time
    StrChoice = click.Choice
    StrParamType = click.ParamType

EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 1
EXIT_FAILED_CHECK = 1  # a check the command ran failed (a count differs, a hand breaks a rule)
EXIT_INTERRUPTED = 130  # what shells expect after Ctrl-C (128 + SIGINT)

SEED = click.IntRange(0, MAX_SEED)
SEED_HELP = "Seed, 0 to 2**64-1 (default: random; printed, so a run can be repeated)."
JSON_HELP = "Print JSON (stable keys, listed in the documentation's JSON keys table)."
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}  # every command's context_settings

# The names of evaluator.rules.RULESETS and OMAHA_RULESETS, written here so that help does not import the tables.
RULE_NAMES = ["high", "ace-five", "deuce-seven", "ace-five-joker", "deuce-seven-joker", "joker", "bug", "two-jokers"]
RULE_NAMES += ["deuces-wild", "short-deck", "badugi"]
OMAHA_RULE_NAMES = ["omaha", "omaha-hilo"]
# The games equity answers, from the one table of games (plain data: help imports no numpy).
EQUITY_GAMES = list(equity_games.EQUITY_GAMES)


class GameName(StrChoice):
    """``--game``: one of ``names``, or any other name of it in ``aliases`` (alias -> name), in any case; help lists
    the names.

    >>> GameName(["razz"], {"fixed-limit-razz": "razz"}).convert("Fixed-Limit-Razz", None, None)
    'razz'
    """

    def __init__(self, names: list[str], aliases: dict[str, str]) -> None:
        super().__init__(names)
        self.aliases = aliases

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            value = self.aliases.get(value.strip().lower(), value)
        return super().convert(value, param, ctx)


def equity_game_option(**extra: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--game`` of the equity commands: a game's name or any alias of it (the game engine's names among them)."""
    return click.option("--game", type=GameName(EQUITY_GAMES, equity_games.EQUITY_NAMES), **extra)


# One short form per recurring option, the same on every command (tests/simulate/cli/test_conventions.py).
SHORT_OPTIONS = {
    "-b": "--board",
    "-d": "--dead",
    "-h": "--help",
    "-j": "--jobs",
    "-n": "--hands",
    "-o": "--out",
    "-p": "--players",
    "-q": "--quiet",
    "-r": "--rules",
    "-s": "--structure",
    "-t": "--threads",
    "-x": "--discard",
}


def emit_json(data: Any) -> None:
    """Print ``data`` on stdout in the one JSON layout (:func:`json_text`)."""
    click.echo(json_text(data))


class JsonList:
    """Print a JSON list one item at a time, in exactly the layout :func:`json_text` gives the whole list.

    Long runs (``replay``) stream their items; ``close`` ends the list, so what was printed stays valid JSON.

    >>> out = JsonList(); out.add({"a": 1}); out.add(2); out.close()
    [
      {
        "a": 1
      },
      2
    ]
    """

    def __init__(self) -> None:
        self.count = 0
        self.closed = False

    def add(self, item: Any) -> None:
        body = "\n".join("  " + line for line in json_text(item).splitlines())
        click.echo(("[\n" if self.count == 0 else ",\n") + body, nl=False)
        self.count += 1

    def close(self) -> None:
        if not self.closed:
            click.echo("\n]" if self.count else "[]")
            self.closed = True


def resolve_seed(seed: int | None) -> int:
    """The seed a run uses: the one given, else a fresh random one in 0..2**64-1 (printed by the command).

    >>> resolve_seed(7)
    7
    >>> 0 <= resolve_seed(None) <= MAX_SEED
    True
    """
    return seed if seed is not None else fresh_seed()


def choice_option(
    *names: str, choices: Sequence[str], default: str, help: str
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """An option taking one of ``choices`` (``names``: as click takes them), its default shown in help.

    >>> @click.command()
    ... @choice_option("--model", choices=["harville", "weitzman"], default="harville", help="The model.")
    ... def icm(model: str) -> None:
    ...     click.echo(model)
    >>> icm(["--model", "weitzman"], standalone_mode=False)
    weitzman
    """
    return click.option(*names, type=click.Choice(list(choices)), default=default, show_default=True, help=help)


def seed_option(**extra: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--seed``: the same range and meaning on every command."""
    return click.option("--seed", type=SEED, help=extra.pop("help", SEED_HELP), **extra)


def threads_option(
    help: str = "Threads to use (default: all cores).",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--threads``/``-t``: on every command that can use more than one thread."""
    return click.option("--threads", "-t", type=click.IntRange(min=1), help=help)


def all_threads() -> int:
    """How many threads "all cores" means: numba's thread count (NUMBA_NUM_THREADS, else the core count)."""
    import numba

    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]  # numba.config sets it at import


def check_scheduler(address: str | None) -> None:
    """Refuse an empty ``--scheduler`` (it would quietly run on this machine instead).

    >>> check_scheduler(None), check_scheduler("tcp://10.0.0.5:8786")
    (None, None)
    """
    if address is not None and not address.strip():
        raise InputError("--scheduler needs the scheduler's address, e.g. tcp://HOST:8786, got an empty one")


def refuse_together(**flags: Any) -> None:
    """Refuse options that contradict each other, naming them: ``--exact and --mc contradict each other``.

    Each keyword is an option's name (``_`` for ``-``) and whether it was given.

    >>> refuse_together(exact=True, mc=False)
    >>> refuse_together(exact=True, mc=True)
    Traceback (most recent call last):
    ...
    click.exceptions.UsageError: --exact and --mc contradict each other: give one
    """
    given = ["--" + name.replace("_", "-") for name, on in flags.items() if on]
    if len(given) > 1:
        raise click.UsageError(f"{' and '.join(given)} contradict each other: give one")


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
    print nothing); ``close`` fills it first when ``fill_on_close`` (runs that may stop early) and the
    run ended normally: used as a context manager, an interrupted run (Ctrl-C) leaves the bar where it was.

    :attr:`listener`, when set, receives every fraction whether the bar shows or not (``pokerlab gui`` sets it in
    the process that runs a job, to report the job's progress to the page).
    """

    listener: Callable[[float], None] | None = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        self.close(finished=kind is None)

    def __init__(self, label: str, enabled: bool, delay: float = 0.0, fill_on_close: bool = False) -> None:
        self.label, self.enabled, self.delay, self.fill_on_close = label, enabled, delay, fill_on_close
        self.start = time.perf_counter()
        self.bar: Any = None
        self.shown = 0

    def __call__(self, fraction: float) -> None:
        if ProgressBar.listener is not None:
            ProgressBar.listener(fraction)
        if not self.enabled or compiles.busy():
            return
        # A compile is not progress: the delay, and the bar's rate and ETA, count from the last one's end.
        if time.perf_counter() - max(self.start, compiles.last_end()) < self.delay:
            return
        if self.bar is None:
            self.bar = click.progressbar(length=1000, label=self.label, file=sys.stderr, show_eta=True)
            self.bar.__enter__()
        step = int(fraction * 1000) - self.shown
        if step > 0:
            self.bar.update(step)
            self.shown += step

    def close(self, finished: bool = True) -> None:
        if self.bar is not None:
            if self.fill_on_close and finished:
                self.bar.update(1000 - self.shown)
            self.bar.__exit__(None, None, None)
