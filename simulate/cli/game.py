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
from pathlib import Path
from typing import Any

import click

from pokerlab.errors import InputError
from pokerlab.simulate.game import registry
from pokerlab.threads import MAX_JOBS

from ._common import (
    EXIT_BAD_INPUT,
    EXIT_FAILED_CHECK,
    JSON_HELP,
    JsonList,
    ProgressBar,
    check_scheduler,
    emit_json,
    resolve_seed,
    seed_option,
)
from .game_options import MAX_STACK, game_options, rule_options, variant_from_options

MAX_HANDS = 10**9

# The short game names first, then the shipped variants' keys; aliases (texas, 27, ...) are accepted too.
GAME_NAMES = list(registry.GAME_NAMES)
BOT_NAMES = ["random", "station", "tight", "loose", "equity"]


class GameChoice(click.Choice):
    """A game name from :data:`GAME_NAMES` (listed in ``--help``, completed by the shell), or one of its aliases."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert(registry.ALIASES.get(str(value).lower(), value), param, ctx)


class BotList(click.ParamType):
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


def _save_session(histories: list, save: str) -> None:
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
def play_command(
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

    \b
    GAME: holdem, short-deck, draw, jacks, bug, deuces, 2-7, 2-7-joker, triple,
    badugi, a-5, stud, stud-hilo, razz, omaha, omaha-hilo, or shipped:
    no-limit-holdem, pot-limit-holdem, fixed-limit-holdem, california-draw,
    jacks-or-better, draw-with-bug, deuces-wild-draw, seven-card-stud,
    seven-card-stud-hilo, fixed-limit-razz, deuce-seven-single-draw,
    ace-five-draw, pot-limit-omaha, pot-limit-omaha-hilo,
    fixed-limit-omaha-hilo, no-limit-short-deck, fixed-limit-badugi.

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
def simulate_command(
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

    \b
    GAME: holdem, short-deck, draw, jacks, bug, deuces, 2-7, 2-7-joker, triple,
    badugi, a-5, stud, stud-hilo, razz, omaha, omaha-hilo, or shipped:
    no-limit-holdem, pot-limit-holdem, fixed-limit-holdem, california-draw,
    jacks-or-better, draw-with-bug, deuces-wild-draw, seven-card-stud,
    seven-card-stud-hilo, fixed-limit-razz, deuce-seven-single-draw,
    ace-five-draw, pot-limit-omaha, pot-limit-omaha-hilo,
    fixed-limit-omaha-hilo, no-limit-short-deck, fixed-limit-badugi.

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


@click.command("replay", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("path", type=click.Path(exists=True))
@click.option(
    "--json", "as_json", is_flag=True, help=JSON_HELP + " A file: a list, one object per hand; a folder: one summary."
)
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="A file: only each hand's verdict (a line, or with --json {hand, ok, status, problems}). A folder: no bar.",
)
@click.option(
    "--fill-skipped",
    is_flag=True,
    help="Take actions a record leaves out (folds of players nobody watched) as checks or folds, as pokerkit does.",
)
@click.option(
    "--max-rake",
    type=click.FloatRange(0, 1),
    default=0.10,
    show_default=True,
    help="Recorded winnings short of the pot by at most this fraction of it are the rake; more is a mismatch.",
)
@click.option("--rake-cap", metavar="AMOUNT", help="And at most this amount (in the record's unit), e.g. 3 or 0.50.")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(0, MAX_JOBS),
    default=0,
    show_default=True,
    help="A folder: worker processes on Linux (0: one per core; 1: this process only), at most one per core. "
    "A file replays in this process.",
)
def replay_command(
    path: str, as_json: bool, quiet: bool, fill_skipped: bool, max_rake: float, rake_cap: str | None, jobs: int
) -> None:
    """Replay every hand of PATH (a .phh/.phhs file, or a folder tree of them) through pokerlab's rules.

    A hand is ok when it reaches its end, breaks no rule, and every result it records
    (finishing_stacks, winnings, _carry_out) matches the replay; winnings short of the pot by at most
    --max-rake of it (and --rake-cap) are the house's rake. A hand whose winner the record cannot
    tell (cards nobody saw at the showdown) is an "unknown outcome": its recorded result is taken as
    it is, never guessed; one whose winnings are all zero has its "winnings not recorded". Amounts may
    be decimals (cents); they are replayed exactly.

    A file is replayed street by street, hand by hand. A folder is walked for .phh and .phhs files and
    summarised: hands read, ok, unknown outcome, differing, unfinished, illegal (with the first reasons)
    and files that failed to parse. One bad hand never stops a file or a folder. Either way hands are
    read one at a time, so files of any length replay in little memory.

    \b
    Examples:
      pokerlab replay night.phhs
      pokerlab replay night.phhs --max-rake 0.05 --rake-cap 3
      pokerlab replay phh-dataset/data --fill-skipped --json
      pokerlab replay phh-dataset/data --jobs 1

    Exit status: 0 when every hand is ok, of unknown outcome or without recorded winnings; 1 when a hand
    breaks a rule, ends early or differs; 2 when a hand or a file is not PHH (each named on its line).
    """
    rake = _rake_limit(max_rake, rake_cap)
    if Path(path).is_dir():
        _replay_folder(path, as_json, quiet, fill_skipped, rake, jobs)
        return
    _replay_file(path, as_json, quiet, fill_skipped, rake)


def _rake_limit(fraction: float, cap: str | None) -> Any:
    from decimal import Decimal, InvalidOperation

    from pokerlab.simulate.histories.replay import RakeLimit

    if cap is None:
        return RakeLimit(fraction)
    try:
        amount = Decimal(cap)
    except InvalidOperation:
        raise InputError(f"--rake-cap {cap!r} is not an amount, e.g. 3 or 0.50") from None
    if not amount.is_finite() or amount < 0:
        raise InputError(f"--rake-cap {cap!r} must be a finite amount of at least 0")
    return RakeLimit(fraction, amount)


def _verdict(status: str, result: Any) -> str:
    if status == "ok":
        return "ok"
    if status == "unknown outcome":
        return f"unknown outcome: {result.unknown_outcome}"
    if status == "winnings not recorded":
        return "winnings not recorded (all zero)"
    return "FAILED: " + "; ".join(result.problems)


def _replay_file(path: str, as_json: bool, quiet: bool, fill_skipped: bool, rake: Any) -> None:
    """``pokerlab replay FILE``: every hand, street by street (or its verdict); a hand that is not PHH is
    named and the file goes on; exit 2 at the end when any was, 1 when a hand broke a rule or differs."""
    from pokerlab.simulate.histories import PHHError, format_replay
    from pokerlab.simulate.histories.dataset import iter_results

    total = bad = unknown = unreadable = 0
    listing = JsonList()
    warn = lambda message: click.echo(f"warning: {message}", err=True)  # noqa: E731
    try:
        for label, result in iter_results(path, fill_skipped=fill_skipped, warn=warn, rake=rake, steps=True):
            total += 1
            if isinstance(result, PHHError):
                unreadable += 1
                click.echo(f"error: {result}", err=True)  # one line per hand that is not PHH; the file goes on
                _unreadable_verdict(label, result, as_json, quiet, listing)
                continue
            status = result.status
            bad += status not in ("ok", "unknown outcome", "winnings not recorded")
            unknown += status != "ok" and status in ("unknown outcome", "winnings not recorded")
            if as_json:
                brief = {"hand": label, "ok": result.ok, "status": status, "problems": result.problems}
                listing.add(brief if quiet else result.to_dict())
            elif quiet:
                click.echo(f"hand {label}: {_verdict(status, result)}")
            else:
                click.echo(format_replay(result))
                click.echo("")
    except (PHHError, OSError) as exc:
        if listing.count:
            listing.close()  # what was printed stays a valid JSON list
        _fail(str(exc) if isinstance(exc, PHHError) else f"{path}: {exc.strerror or exc}")
        return
    if as_json:
        listing.close()
    else:
        more = f", {unknown} unknown outcome or winnings not recorded" if unknown else ""
        more += f", {unreadable} not PHH" if unreadable else ""
        click.echo(f"{total} hand(s) replayed, {total - bad - unknown - unreadable} ok{more}, {bad} with problems")
    if unreadable:
        sys.exit(EXIT_BAD_INPUT)
    if bad:
        sys.exit(EXIT_FAILED_CHECK)


def _unreadable_verdict(label: str, error: Any, as_json: bool, quiet: bool, listing: JsonList) -> None:
    """The verdict of a hand of the file that is not PHH, in the listing beside the others' (its reason too)."""
    reason = f"{error.field}: {error.reason}" if error.field else error.reason
    if as_json:
        brief = {"hand": label, "ok": False, "status": "unreadable", "problems": [reason]}
        problem = {"index": -1, "action": "", "field": error.field, "kind": "phh", "reason": error.reason}
        listing.add(brief if quiet else {**brief, "error": problem})  # the keys of a replay's error
    elif quiet:
        click.echo(f"hand {label}: unreadable: {reason}")
    else:
        click.echo(f"hand {label}: UNREADABLE: {reason}")
        click.echo("")


def _replay_folder(folder: str, as_json: bool, quiet: bool, fill_skipped: bool, rake: Any, jobs: int) -> None:
    """``pokerlab replay FOLDER``: every hand of every PHH file under it, one summary."""
    from pokerlab.simulate.histories import phh_files, replay_tree
    from pokerlab.simulate.histories.results import OUT_OF_TURN

    if not phh_files(folder):
        _fail(f"{folder}: no .phh or .phhs files in this folder tree")
    shown = sys.stderr.isatty() and not quiet and not as_json
    bar = ProgressBar("replaying", enabled=shown, delay=1.0)
    with bar:
        summary = replay_tree(
            folder,
            fill_skipped=fill_skipped,
            rake=rake,
            progress=(lambda done, total: bar(done / max(total, 1))) if shown else None,  # None: no stat a file
            jobs=jobs,
        )
    if as_json:
        emit_json(summary.to_dict())
    else:
        click.echo(summary.table())
        for message in summary.warnings[:5]:
            click.echo(f"  warning: {message}")
        if summary.causes.get(OUT_OF_TURN) and not fill_skipped:
            click.echo("  (records that leave out folds replay with --fill-skipped)")
        if summary.seconds > 0:
            click.echo(f"  {summary.hands / summary.seconds:,.0f} hands/s")
    if summary.failed_files:
        sys.exit(EXIT_BAD_INPUT)
    if summary.problems:
        sys.exit(EXIT_FAILED_CHECK)
