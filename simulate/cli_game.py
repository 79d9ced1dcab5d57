"""``pokerlab play``, ``pokerlab simulate`` and ``pokerlab replay``: parse, call the library, print.

Registered in ``simulate.cli``. The game logic lives in :mod:`simulate.bots` and :mod:`simulate.histories`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from simulate.cli_common import EXIT_BAD_INPUT

EXIT_FAILED_CHECK = 1
GAME_HELP = "holdem, draw, jacks, bug, deuces, 2-7, triple, a-5 (or a shipped variant key, e.g. no-limit-holdem)"


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def _variant(game: str, structure: str | None, blinds: str, ante: int, bets: str | None):
    from simulate.bots import make_game, parse_pair

    return make_game(
        game,
        structure,
        blinds=parse_pair(blinds, "--blinds"),
        ante=ante,
        bets=parse_pair(bets, "--bets") if bets else None,
    )


def _bot_list(text: str, count: int) -> list[str]:
    names = [b.strip() for b in text.split(",") if b.strip()]
    if not names:
        raise ValueError("--bots needs at least one bot name")
    return [names[k % len(names)] for k in range(count)]


def _ask(prompt: str) -> str:
    """One line from the terminal; end of input reads as quit."""
    try:
        return click.prompt("", prompt_suffix=prompt, default="", show_default=False)
    except click.exceptions.Abort:
        raise EOFError from None


GAME_OPTIONS = [
    click.option("--structure", "-s", help="fixed-limit, no-limit, pot-limit, spread-limit or last-bet-limit."),
    click.option("--blinds", default="1/2", show_default=True, help="Small/big blind of blind games, e.g. 5/10."),
    click.option("--ante", type=click.IntRange(min=1), default=1, show_default=True, help="Ante of ante games."),
    click.option("--bets", help="Small/big bet of ante games (default: 2 and 4 antes)."),
]


def _game_options(command):
    for option in reversed(GAME_OPTIONS):
        command = option(command)
    return command


@click.command("play", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("game")
@_game_options
@click.option("--players", "-p", type=click.IntRange(2, 10), default=4, show_default=True, help="Seats, you included.")
@click.option("--stack", type=click.IntRange(min=1), default=1000, show_default=True, help="Starting chips each.")
@click.option("--bots", default="tight,loose,equity", show_default=True, help="Bots in seats 2.. (cycled).")
@click.option("--hands", type=click.IntRange(min=1), default=1000, show_default=True, help="Most hands to play.")
@click.option("--seed", type=int, help="Seed of the deal and the bots (default random).")
@click.option("--save", type=click.Path(dir_okay=False), help="Save the session as PHH (.phhs, or .phh for 1 hand).")
def play_command(game, structure, blinds, ante, bets, players, stack, bots, hands, seed, save) -> None:
    """Play GAME against bots in the terminal (you are seat 1): type f, k, c, b N, r N, a, d CARDS, p, q.

    \b
    Examples:
      pokerlab play holdem --players 4 --structure no-limit --blinds 5/10 --stack 1000 --bots tight,loose,equity
      pokerlab play draw --ante 1 --bets 2/4 --bots loose --save night.phhs
    """
    from simulate.bots import TableGame, make_bot

    try:
        variant = _variant(game, structure, blinds, ante, bets)
        specs = _bot_list(bots, players - 1)
        if not variant.min_players <= players <= variant.max_players:
            raise ValueError(f"{variant.name} takes {variant.min_players} to {variant.max_players} players")
        import random

        rng = random.Random(seed)
        table = TableGame(
            variant,
            [make_bot(spec, rng.randrange(1 << 30)) for spec in specs],
            stacks=[stack] * players,
            seed=rng.randrange(1 << 30),
            ask=_ask,
            tell=click.echo,
            names_=["You"] + [f"{spec.split(':')[0]}{k}" for k, spec in enumerate(specs, start=2)],
        )
    except ValueError as exc:
        _fail(str(exc))
        return
    click.echo(f"{variant.name}: you are seat 1 against {', '.join(specs)}; type ? for help, q to leave.")
    summary = table.play(max_hands=hands)
    if save and summary.histories:
        from simulate.histories import save as save_phh

        path = save_phh(
            summary.histories, save if len(summary.histories) == 1 or not save.endswith(".phh") else save + "s"
        )
        click.echo(f"saved {len(summary.histories)} hand(s) to {path}")


@click.command("simulate", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("game")
@_game_options
@click.option("--hands", "-n", type=click.IntRange(min=1), default=10_000, show_default=True)
@click.option("--players", "-p", type=click.IntRange(2, 10), default=6, show_default=True)
@click.option("--bots", default="tight,loose,station,random", show_default=True, help="Bots by seat (cycled).")
@click.option("--stack", type=click.IntRange(min=1), help="Chips each seat starts every hand with (default 100 units).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--phh-out", type=click.Path(file_okay=False), help="Write every hand as PHH into this folder.")
@click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    help="Play the hands in shards of 2,000 on this Dask scheduler's workers (results depend on seed and shards).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate_command(
    game, structure, blinds, ante, bets, hands, players, bots, stack, seed, phh_out, scheduler, as_json
) -> None:
    """Bots play GAME against each other; results in big blinds (antes in ante games) per 100 hands, 95 % CI.

    \b
    Examples:
      pokerlab simulate holdem --hands 100000 --players 6 --bots tight,loose,station --seed 1
      pokerlab simulate holdem --hands 1000000 --scheduler tcp://10.0.0.5:8786
    """
    from simulate.bots import simulate_bots

    client = None
    if scheduler:
        from simulate.distributed import connect

        client = connect(scheduler)

    try:
        variant = _variant(game, structure, blinds, ante, bets)
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
        finally:
            if bar is not None:
                bar.__exit__(None, None, None)
            if client is not None:
                client.close()
    except ValueError as exc:
        _fail(str(exc))
        return
    if as_json:
        click.echo(json.dumps(result.to_dict()))
        return
    click.echo(f"{result.game}: {result.hands} hands, {result.players} players, seed {seed}")
    click.echo(result.table())
    click.echo(f"{result.hands_per_second:,.0f} hands/s ({result.seconds:.1f} s)")
    if phh_out:
        click.echo(f"hand histories in {Path(phh_out)}")


@click.command("replay", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per hand.")
@click.option("--quiet", "-q", is_flag=True, help="Only the verdict of each hand.")
def replay_command(file: str, as_json: bool, quiet: bool) -> None:
    """Replay every hand of FILE.phh or FILE.phhs through pokerlab's rules, street by street.

    Checks the recorded finishing stacks; exit status 1 if a hand breaks a rule or ends with other stacks.
    """
    from simulate.histories import PHHError, format_replay, load_file, replay

    try:
        hands = load_file(file)
    except (PHHError, UnicodeDecodeError, OSError) as exc:
        _fail(f"{file}: {exc}")
        return
    results = [replay(hand) for hand in hands]
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in results]))
    else:
        for k, result in enumerate(results, start=1):
            if quiet:
                verdict = "ok" if result.ok else f"FAILED: {result.error or 'finishing stacks differ'}"
                click.echo(f"hand {k}: {verdict}")
            else:
                click.echo(format_replay(result))
                click.echo("")
        bad = sum(not r.ok for r in results)
        click.echo(f"{len(results)} hand(s) replayed, {len(results) - bad} ok, {bad} with problems")
    if any(not r.ok for r in results):
        sys.exit(EXIT_FAILED_CHECK)
