"""``pokerlab play``, ``pokerlab simulate`` and ``pokerlab replay``: parse, call the library, print.

Registered in ``pokerlab.simulate.cli.main``. The game logic lives in :mod:`pokerlab.simulate.bots` and
:mod:`pokerlab.simulate.histories`; they (numpy, the evaluator's tables) are imported inside the
commands, so ``pokerlab --help`` and the other commands do not load them.
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pokerlab.errors import InputError
from pokerlab.simulate.game import registry

from ._common import (
    EXIT_BAD_INPUT,
    JSON_HELP,
    StrChoice,
    StrParamType,
    check_scheduler,
    emit_json,
    resolve_seed,
    seed_option,
)
from .game_options import MAX_STACK, game_options, rule_options, variant_from_options

if TYPE_CHECKING:
    from pokerlab.simulate.histories import HandHistory

MAX_HANDS = 10**9

# The short game names first, then the shipped variants' keys; aliases (texas, 27, ...) are accepted too.
GAME_NAMES = list(registry.GAME_NAMES)
BOT_NAMES = ["random", "station", "tight", "loose", "equity"]


class GameChoice(StrChoice):
    """A game name from :data:`GAME_NAMES` (listed in ``--help``, completed by the shell), or one of its aliases."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert(registry.ALIASES.get(str(value).lower(), value), param, ctx)


class BotList(StrParamType):
    """Comma-separated bot names (``equity:SECONDS`` sets the equity bot's time); completed by the shell."""

    name = "bots"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "BOT[,BOT...]"

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        done, _, last = incomplete.rpartition(",")
        prefix = done + "," if done else ""
        return [CompletionItem(prefix + name) for name in BOT_NAMES if name.startswith(last)]


BOTS_HELP = "Bots by seat, cycled: " + ", ".join(BOT_NAMES) + " (equity:SECONDS sets its time per decision)."


#: The GAME paragraph of the play and simulate help; its first line is click's "keep as written" mark.
GAMES_HELP = """\b
    GAME: holdem, short-deck, draw, jacks, bug, deuces, 2-7, 2-7-joker, triple,
    badugi, a-5, stud, stud-hilo, razz, omaha, omaha-hilo, or shipped:
    no-limit-holdem, pot-limit-holdem, fixed-limit-holdem, california-draw,
    jacks-or-better, draw-with-bug, deuces-wild-draw, seven-card-stud,
    seven-card-stud-hilo, fixed-limit-razz, deuce-seven-single-draw,
    ace-five-draw, pot-limit-omaha, pot-limit-omaha-hilo,
    fixed-limit-omaha-hilo, no-limit-short-deck, fixed-limit-badugi."""


def _with_games_help(command: Callable[..., None]) -> Callable[..., None]:
    """``command`` with :data:`GAMES_HELP` in its docstring's ``{games}``, before click reads the help from it."""
    command.__doc__ = (command.__doc__ or "").replace("{games}", GAMES_HELP)
    return command


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def _bot_list(text: str, count: int) -> list[str]:
    names = [b.strip() for b in text.split(",") if b.strip()]
    if not names:
        raise InputError("--bots needs at least one bot name")
    return [names[k % len(names)] for k in range(count)]


def _probe_file(path: str) -> None:
    """Fail at once (one line, exit 2) when ``path`` cannot be written, before a session is played."""
    target = Path(path)
    existed = target.exists()
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror or exc}")
    if not existed:
        os.remove(target)


def _probe_folder(folder: str) -> None:
    """Create ``folder`` if needed and check a file can be written in it; else fail at once (exit 2)."""
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        _fail(f"cannot write hand histories into {folder}: {exc.strerror or exc}")


def _save_session(histories: list[HandHistory], save: str) -> None:
    """Write the session to ``save``; if that fails now, to a temporary file, and say where (exit 2)."""
    from pokerlab.simulate.histories import save as save_phh

    path = save if len(histories) == 1 or not save.endswith(".phh") else save + "s"
    try:
        written = save_phh(histories, path)
    except OSError as exc:
        handle, spare = tempfile.mkstemp(prefix="pokerlab-session-", suffix=".phhs")
        os.close(handle)
        save_phh(histories, spare)
        _fail(f"cannot write {path} ({exc.strerror or exc}); the {len(histories)} hand(s) are saved in {spare}")
        return
    click.echo(f"saved {len(histories)} hand(s) to {written}")


def _ask(prompt: str) -> str:
    """One line from the terminal; end of input reads as quit."""
    try:
        return click.prompt("", prompt_suffix=prompt, default="", show_default=False)
    except click.exceptions.Abort:
        raise EOFError from None


@click.command("play", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("game", type=GameChoice(GAME_NAMES, case_sensitive=False), metavar="GAME")
@game_options
@click.option("--players", "-p", type=click.IntRange(2, 10), default=4, show_default=True, help="Seats, you included.")
@click.option("--stack", type=click.IntRange(1, MAX_STACK), default=1000, show_default=True, help="Chips each.")
@click.option("--bots", type=BotList(), default="tight,loose,equity", show_default=True, help=BOTS_HELP)
@click.option(
    "--hands", "-n", type=click.IntRange(1, MAX_HANDS), default=1000, show_default=True, help="Most hands to play."
)
@seed_option()
@click.option("--save", type=click.Path(dir_okay=False), help="Save the session as PHH (.phhs, or .phh for 1 hand).")
@click.option("--blind-minutes", type=click.FloatRange(min=0, min_open=True), help="Double the blinds every N minutes.")
@_with_games_help
def play_command(  # noqa: PLR0913 (a click command: one parameter an option)
    game: str,
    structure: str | None,
    blinds: str,
    ante: int,
    bets: str | None,
    players: int,
    stack: int,
    bots: str,
    hands: int,
    seed: int | None,
    save: str | None,
    **kwargs: Any,
) -> None:
    """Play GAME against bots in the terminal (you are seat 1): type f, k, c, b N, r N, a, d CARDS, p, i, q.

    {games}

    \b
    Examples:
      pokerlab play holdem --players 4 --structure no-limit --blinds 5/10 --stack 1000 --bots tight,loose,equity
      pokerlab play draw --ante 1 --bets 2/4 --bots loose --save night.phhs
      pokerlab play holdem --blinds 100/200 --bb-ante 200 --straddles 400
      pokerlab play stud --ante 1 --bring-in 2 --bets 5/10 --players 6
      pokerlab play omaha-hilo --structure fixed-limit --blinds 1/2 --players 6
      pokerlab play short-deck --ante 100 --button-blind 200 --players 6
    """
    from pokerlab.simulate.bots import TableGame, make_bot, seat_names
    from pokerlab.simulate.game.session import doubling_schedule

    if save:
        _probe_file(save if not save.endswith(".phh") else save + "s")
        _probe_file(save)
    blind_minutes = kwargs.pop("blind_minutes")
    try:
        variant = variant_from_options(game, structure, blinds, ante, bets, rule_options(kwargs), kwargs)
        specs = _bot_list(bots, players - 1)
        if not variant.min_players <= players <= variant.max_players:
            raise InputError(f"{variant.name} takes {variant.min_players} to {variant.max_players} players")
        seed = resolve_seed(seed)
        rng = random.Random(seed)
        table = TableGame(
            variant,
            [make_bot(spec, rng.randrange(1 << 30)) for spec in specs],
            stacks=[stack] * players,
            seed=rng.randrange(1 << 30),
            ask=_ask,
            tell=click.echo,
            names_=["You", *seat_names(specs)],  # the names simulate gives: tight, loose, tight-2, ...
            schedule=doubling_schedule(variant, blind_minutes) if blind_minutes else (),
        )
    except ValueError as exc:
        _fail(str(exc))
        return
    click.echo(
        f"{variant.name}: you are seat 1 against {', '.join(seat_names(specs))} (seed {seed}); "
        "type ? for help, q to leave."
    )
    summary = table.play(max_hands=hands)
    if save and summary.histories:
        _save_session(summary.histories, save)


@click.command("simulate", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("game", type=GameChoice(GAME_NAMES, case_sensitive=False), metavar="GAME")
@game_options
@click.option("--hands", "-n", type=click.IntRange(1, MAX_HANDS), default=10_000, show_default=True, help="Hands.")
@click.option("--players", "-p", type=click.IntRange(2, 10), default=6, show_default=True, help="Seats.")
@click.option("--bots", type=BotList(), default="tight,loose,station,random", show_default=True, help=BOTS_HELP)
@click.option(
    "--stack", type=click.IntRange(1, MAX_STACK), help="Chips each seat starts every hand with (default 100 units)."
)
@seed_option()
@click.option("--phh-out", type=click.Path(file_okay=False), help="Write every hand as PHH into this folder.")
@click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    help="Play the hands in shards of 2,000 on this Dask scheduler's workers (results depend on seed and shards).",
)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_with_games_help
def simulate_command(  # noqa: PLR0913 (a click command: one parameter an option)
    game: str,
    structure: str | None,
    blinds: str,
    ante: int,
    bets: str | None,
    hands: int,
    players: int,
    bots: str,
    stack: int | None,
    seed: int | None,
    phh_out: str | None,
    scheduler: str | None,
    as_json: bool,
    **kwargs: Any,
) -> None:
    """Bots play GAME against each other; results in big blinds (antes in ante games) per 100 hands, 95 % CI.

    {games}

    One thread (the hands are played in Python); --scheduler spreads them over
    a Dask cluster.

    \b
    Examples:
      pokerlab simulate holdem --hands 100000 --players 6 --bots tight,loose,station --seed 1
      pokerlab simulate holdem --hands 1000000 --scheduler tcp://10.0.0.5:8786
      pokerlab simulate holdem --blinds 1/2 --straddles 4 --bb-ante 2 --phh-out hands/
    """
    from pokerlab.simulate.bots import simulate_bots

    check_scheduler(scheduler)
    seed = resolve_seed(seed)
    if phh_out:
        _probe_folder(phh_out)
    client = None
    if scheduler:
        from pokerlab.simulate.distributed import connect

        client = connect(scheduler)

    try:
        variant = variant_from_options(game, structure, blinds, ante, bets, rule_options(kwargs), kwargs)
        specs = _bot_list(bots, players)
        bar = None
        if sys.stderr.isatty():
            bar = click.progressbar(length=hands, label="simulating", file=sys.stderr, width=30)
            bar.__enter__()

        def progress(done: int, total: int) -> None:
            if bar is not None:
                bar.update(done - bar.pos)

        try:
            result = simulate_bots(
                variant, specs, hands, stack=stack, seed=seed, phh_out=phh_out, progress=progress, client=client
            )
        except OSError as exc:
            raise InputError(f"cannot write hand histories into {phh_out}: {exc.strerror or exc}") from None
        finally:
            if bar is not None:
                bar.__exit__(None, None, None)
            if client is not None:
                client.close()
    except ValueError as exc:
        _fail(str(exc))
        return
    if as_json:
        emit_json(result.to_dict())
        return
    click.echo(f"{result.game}: {result.hands} hands, {result.players} players, seed {seed}")
    click.echo(result.table())
    click.echo(f"{result.hands_per_second:,.0f} hands/s ({result.seconds:.1f} s)")
    if phh_out:
        click.echo(f"hand histories in {Path(phh_out)}")
