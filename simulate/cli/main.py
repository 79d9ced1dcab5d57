"""The ``pokerlab`` command line: parses arguments, calls the library, prints.

Every command is a thin shell over a library call a user can make too; bad
input is reported as one line on stderr with exit status 2, never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from pokerlab.errors import InputError, PokerlabError

from ._common import (
    EQUITY_GAMES,
    EXIT_BAD_INPUT,
    EXIT_INTERNAL_ERROR,
    EXIT_INTERRUPTED,
    JSON_HELP,
    OMAHA_RULE_NAMES,
    RULE_NAMES,
    ProgressBar,
    check_scheduler,
    emit_json,
    friendly_errors as _friendly_errors,
    refuse_together,
    resolve_seed,
    seed_option,
    text_table,
    threads_option,
)

if TYPE_CHECKING:
    from pokerlab.simulate.equity.result import EquityResult


# Commands defined in other modules, imported only when named (or listed by --help): every call of
# `pokerlab eval` or `pokerlab equity` would otherwise pay for the modules of all the others.
LAZY_COMMANDS = {
    "bench": ("bench", "bench_command"),
    "play": ("game", "play_command"),
    "simulate": ("game", "simulate_command"),
    "replay": ("game", "replay_command"),
    "table": ("tables", "table_command"),
    "chart": ("tables", "chart_command"),
    "cache": ("cache", "cache_command"),
    "hits": ("ranges", "hits_command"),
    "verify": ("verify", "verify_command"),
    "draw": ("draw", "draw_command"),
}


class _Commands(click.Group):
    """The command group: bad input, a bad file or a broken install is one line and exit 2 in any command.

    Anything else is a bug: one line naming it, exit 1, and the traceback with ``pokerlab --debug``.
    Ctrl-C stops the command at once: what it has printed stays, ``interrupted`` on stderr, exit 130.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            from importlib import import_module

            module, attr = LAZY_COMMANDS[cmd_name]
            self.add_command(getattr(import_module(f"{__package__}.{module}"), attr), cmd_name)
        return super().get_command(ctx, cmd_name)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **kwargs: Any,
    ) -> Any:
        """As click's, but a usage error (a bad option, contradicting flags) is one line too, exit 2."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **kwargs)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:
            exc.show()  # the help text, as click prints it
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            hint = f"; see '{exc.ctx.command_path} --help'" if isinstance(exc, click.UsageError) and exc.ctx else ""
            click.echo(f"error: {exc.format_message().rstrip('.')}{hint}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("\ninterrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except PokerlabError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except BrokenPipeError:  # the reader went away (`pokerlab ... | head`): nothing left to say
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except OSError as exc:
            if not exc.strerror or ctx.meta.get("pokerlab.debug"):
                raise
            where = f": {exc.filename}" if exc.filename else ""
            click.echo(f"error: {exc.strerror}{where}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except Exception as exc:
            if ctx.meta.get("pokerlab.debug"):
                raise
            click.echo(
                f"error: internal error ({type(exc).__name__}: {exc}); this is a bug in pokerlab, "
                "'pokerlab --debug ...' shows the traceback",
                err=True,
            )
            sys.exit(EXIT_INTERNAL_ERROR)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pokerlab")
@click.option("--debug", is_flag=True, envvar="POKERLAB_DEBUG", help="Show the traceback of an internal error.")
@click.pass_context
def main(ctx: click.Context, debug: bool) -> None:
    """pokerlab: fast, verified poker hand evaluation and equity.

    \b
    Examples:
      pokerlab equity AsAh KsKh
      pokerlab equity "QQ+,AKs" random random --board Qs7h2c
      pokerlab eval "As Ks Qs Js Ts 2c 3d"
      pokerlab verify 7card
      pokerlab range "TT+,AKs"
      pokerlab draw "Ah Kh Qh Jh 3c"
      pokerlab play holdem --players 4 --bots tight,loose,equity
      pokerlab simulate holdem --hands 10000 --bots tight,loose,station --seed 1
      pokerlab bench --quick
      pokerlab cache warm

    Every command takes --help (-h); --json prints JSON in one layout. Shell
    completion (bash): eval "$(_POKERLAB_COMPLETE=bash_source pokerlab)".
    Exit status: 0 done, 1 a failed check or a bug, 2 bad input, 130 Ctrl-C.
    """
    ctx.meta["pokerlab.debug"] = debug


@main.command("eval")
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--rules",
    "-r",
    type=click.Choice(RULE_NAMES + OMAHA_RULE_NAMES),
    default="high",
    show_default=True,
    help="How hands rank: high, lowball (ace-five, deuce-seven), wild cards (five cards; the joker is Jk), "
    "or Omaha (omaha, omaha-hilo: 4-6 hole CARDS with --board).",
)
@click.option("--board", "-b", default=None, help="Omaha: the board (3, 4 or 5 cards), e.g. Ts9s2c.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_friendly_errors
def eval_command(cards: tuple[str, ...], rules: str, board: str | None, as_json: bool) -> None:
    """Rank the best five of 5, 6 or 7 CARDS (Omaha: two of 4-6 hole CARDS and three of --board).

    Cards are written rank then suit, together or apart, any case: "AsKh",
    "as kh", "10h" is "Th"; the joker is "Jk". The rank is larger for a
    better hand under every ruleset. In Omaha hi/lo the low is an
    ace-to-five low of ranks eight or lower, or none.

    \b
    Examples:
      pokerlab eval "As Ks Qs Js Ts 2c 3d"
      pokerlab eval Kh Kd Kc 3s 3h --json
      pokerlab eval "Kh 7d 5c 4s 3h 2d 2c" --rules deuce-seven
      pokerlab eval "Jk As Ad Ac Ah" --rules bug
      pokerlab eval --rules omaha "AsKsQdJd" --board "Ts9s2c"
      pokerlab eval --rules omaha-hilo "As2d9c9h" --board "3h4h5cKsKd"
    """
    from pokerlab import evaluator
    from pokerlab.evaluator.rules import get_rules

    if rules in OMAHA_RULE_NAMES:
        _eval_omaha(" ".join(cards), board, rules, as_json)
        return
    if board is not None:
        raise InputError(f"--board is for Omaha (--rules omaha or omaha-hilo); rules {rules!r} rank whole hands")
    ruleset = get_rules(rules)
    ids = evaluator.parse_cards(" ".join(cards), count=ruleset.hand_sizes, deck_size=ruleset.deck_size)
    rank = evaluator.evaluate(ids, rules=rules)
    best = evaluator.best_five(ids, rules=rules)
    result = {
        "cards": evaluator.format_cards(ids, " "),
        "rules": rules,
        "rank": rank,
        "category": evaluator.category_name(rank, rules=rules),
        "category_index": evaluator.category(rank),
        "description": evaluator.describe(rank, rules=rules),
        "best_five": evaluator.format_cards(best, " "),
    }
    if as_json:
        emit_json(result)
        return
    width = max(len(k) for k in result)
    for key in ("cards", "rules", "category", "description", "best_five", "rank"):
        click.echo(f"{key.replace('_', ' '):<{width}}  {result[key]}")


def _eval_omaha(hole: str, board: str | None, rules: str, as_json: bool) -> None:
    """``pokerlab eval --rules omaha|omaha-hilo HOLE --board BOARD``."""
    from pokerlab import evaluator
    from pokerlab.evaluator.api import best_low_five
    from pokerlab.evaluator.omaha import check_hand, evaluate_omaha

    if board is None:
        raise InputError(f"--rules {rules} needs the board: --board, e.g. --board Ts9s2c")
    hole_ids, board_ids = check_hand(hole, board)
    value = evaluate_omaha(hole_ids, board_ids, rules=rules)
    high, low = value if isinstance(value, tuple) else (value, None)
    result: dict[str, Any] = {
        "cards": evaluator.format_cards(hole_ids, " "),
        "board": evaluator.format_cards(board_ids, " "),
        "rules": rules,
        "rank": high,
        "category": evaluator.category_name(high),
        "category_index": evaluator.category(high),
        "description": evaluator.describe(high),
        "best_five": evaluator.format_cards(evaluator.best_five(f"{hole} | {board}", rules="omaha"), " "),
    }
    keys = ["cards", "board", "rules", "category", "description", "best_five", "rank"]
    if low is not None:
        five = best_low_five((hole_ids, board_ids))
        result["low"] = low or None
        result["low_description"] = evaluator.describe(evaluator.ruled_value(low, "ace-five")) if low else "no low"
        result["best_low"] = evaluator.format_cards(five, " ") if five else None
        keys += ["low_description", "best_low", "low"]
    if as_json:
        emit_json(result)
        return
    width = max(len(k) for k in keys)
    for key in keys:
        shown = "-" if result[key] is None else result[key]
        click.echo(f"{key.replace('_', ' '):<{width}}  {shown}")


@main.command("equity")
@click.argument("players", nargs=-1)
@click.option("--board", "-b", default="", help="Board cards (0 to 5), e.g. Qs7h2c; stud: the one community card.")
@click.option("--dead", "-d", default="", help="Dead cards, removed from the deck and the ranges.")
@click.option(
    "--method",
    type=click.Choice(["exact", "mc", "auto"]),
    help="exact: every board and combo; mc: Monte Carlo; auto (default): exact when it takes about a second or less.",
)
@click.option("--exact", "exact_flag", is_flag=True, help="Short for --method exact.")
@click.option("--mc", "mc_flag", is_flag=True, help="Short for --method mc.")
@click.option("--trials", type=click.IntRange(min=1), help="Monte Carlo: stop after this many deals (at most 1e11).")
@click.option(
    "--stderr",
    "target",
    type=click.FloatRange(min=0, min_open=True),
    help="Monte Carlo: stop when every equity's standard error is below this (default 5e-4).",
)
@seed_option(help="Monte Carlo seed, 0 to 2**64-1 (default: random; printed, so a run can be repeated).")
@threads_option()
@click.option("--scheduler", metavar="tcp://HOST:PORT", help="Run the shards on this Dask scheduler's workers.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP + " Fractions in 0..1.")
@click.option(
    "--game",
    type=click.Choice(EQUITY_GAMES),
    default="holdem",
    show_default=True,
    help="Omaha: PLAYERS hold 4-6 cards (AsKsQdJd), 'random' or patterns (AA**, AAxxds); hi/lo splits the pot. "
    "Stud, stud hi/lo, razz: each of PLAYERS is the 1-7 cards known so far ('AsAh Kd'), the rest dealt; "
    "--dead for folded up cards; --board for seventh street's community card once a short deck dealt it.",
)
@click.option(
    "--batch",
    type=click.File("rb"),
    metavar="FILE",
    help="Answer many queries in one process: one a line in FILE ('-': stdin), the same arguments as this "
    "command or a JSON object; one JSON line per answer, in order (a wrong line gets an error line).",
)
@click.option(
    "--breakdown",
    is_flag=True,
    help="HAND against RANGE: the equity against each hand class of the range, with its combos and share.",
)
@click.option(
    "--by-combo",
    is_flag=True,
    help="Every combo of each player's range with its equity against the others (Equilab's distribution).",
)
@_friendly_errors
def equity_command(
    players: tuple[str, ...],
    board: str,
    dead: str,
    method: str | None,
    exact_flag: bool,
    mc_flag: bool,
    trials: int | None,
    target: float | None,
    seed: int | None,
    threads: int | None,
    scheduler: str | None,
    as_json: bool,
    batch: Any,
    game: str = "holdem",
    breakdown: bool = False,
    by_combo: bool = False,
) -> None:
    """Equity of 2-10 PLAYERS, each a hand ("AsAh") or a range ("QQ+,AKs", "random").

    Ties are split: equity counts 1/k of a k-way tie. Exact when feasible,
    otherwise Monte Carlo with its standard error. With --batch, many
    queries in one process; exits 2 after the last answer when any line
    was wrong.

    \b
    Examples:
      pokerlab equity AsAh KsKh
      pokerlab equity "QQ+,AKs" random random --board Qs7h2c --dead 5d
      pokerlab equity AKs QQ --mc --stderr 1e-4 --seed 7 --json
      pokerlab equity --batch queries.txt   # lines like: AsAh KsKh --board Qs7h2c
      echo 'AA KK' | pokerlab equity --batch -
      pokerlab equity --game omaha AsAhKsKh QdQcJdJc --board 2s7d9c
      pokerlab equity --game omaha-hilo "AA**ds" random random --mc --seed 3
      pokerlab equity --game stud "AsAh Kd 7c" "QcQd 9h 9s" --dead "2c 9d"
      pokerlab equity --game razz "As2d 3h 8c" "4c5c 6d Kh" "7h 7d Qs" --mc --seed 1
      pokerlab equity AsKs "QQ+,AQs+" --board Qh7c2d --breakdown
      pokerlab equity "QQ+,AKs" "JJ-99,AQs" --board Qh7c2d --by-combo
    """
    check_scheduler(scheduler)
    if batch is not None:
        given = {"PLAYERS": bool(players), "board": bool(board), "dead": bool(dead), "method": method is not None}
        given.update(exact=exact_flag, mc=mc_flag, trials=trials is not None, stderr=target is not None)
        given.update(seed=seed is not None, scheduler=scheduler is not None, game=game != "holdem")
        given.update(breakdown=breakdown, by_combo=by_combo)
        if any(given.values()):
            name = next(k for k, v in given.items() if v)
            raise click.UsageError(f"--batch takes each query from its lines: {name} goes on a line, not here")
        _equity_batch(batch, threads)
        return
    if not players:
        raise click.UsageError("Missing argument 'PLAYERS...'")
    refuse_together(method=method is not None, exact=exact_flag, mc=mc_flag)
    method = method or ("exact" if exact_flag else "mc" if mc_flag else "auto")
    if by_combo:
        refuse_together(breakdown=breakdown, by_combo=by_combo)
        _equity_by_combo(players, board, dead, game, method, trials, target, seed, threads, scheduler, as_json)
        return
    if breakdown:
        _equity_breakdown(players, board, dead, game, method, trials, target, seed, threads, scheduler, as_json)
        return
    if scheduler and game != "holdem":
        raise InputError(f"--scheduler runs hold'em equity only; {game} runs on this machine")
    from pokerlab.simulate.equity.api import equity
    from pokerlab.simulate.equity.engine import EquityInterrupted

    client = None
    if scheduler:
        from pokerlab.simulate.distributed import close_client, connect  # only for a cluster run

        client = connect(scheduler)
    # Shown only once a run has taken a second; filled at the end (Monte Carlo may stop early).
    progress = ProgressBar("equity", enabled=not as_json and sys.stderr.isatty(), delay=1.0, fill_on_close=True)
    try:
        with progress:
            result = equity(
                list(players),
                board=board or None,
                dead=dead or None,
                game=game,
                method=method,
                trials=trials,
                stderr=target,
                seed=resolve_seed(seed) if method != "exact" else seed,
                threads=threads,
                progress=progress,
                client=client,
            )
    except EquityInterrupted as stop:
        # Ctrl-C on a long Monte Carlo run: show what the finished trials say, then exit as shells expect.
        if stop.partial is not None:
            _print_equity(stop.partial, as_json)
            click.echo(f"interrupted after {stop.partial.trials:,} trials: the result above is partial", err=True)
        else:
            click.echo("\ninterrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    finally:
        if client is not None:
            close_client(client)
    _print_equity(result, as_json)


def _refuse_for_analysis(option: str, game: str, scheduler: str | None, target: float | None) -> None:
    """--breakdown and --by-combo run hold'em here, to a fixed trial count when Monte Carlo: refuse the rest."""
    for name, given in (("--game", game != "holdem"), ("--scheduler", scheduler), ("--stderr", target is not None)):
        if given:
            raise InputError(f"{option} does not take {name}")


def _equity_breakdown(
    players: tuple[str, ...],
    board: str,
    dead: str,
    game: str,
    method: str,
    trials: int | None,
    target: float | None,
    seed: int | None,
    threads: int | None,
    scheduler: str | None,
    as_json: bool,
) -> None:
    """``--breakdown``: one hand against one range, class by class (pokerlab.simulate.equity.breakdown)."""
    if len(players) != 2:
        raise InputError(f"--breakdown takes a hand and a range, got {len(players)} players")
    _refuse_for_analysis("--breakdown", game, scheduler, target)
    from pokerlab.simulate.equity.breakdown import equity_breakdown

    seed = resolve_seed(seed) if method != "exact" else seed
    result = equity_breakdown(
        players[0], players[1], board=board or None, dead=dead or None, method=method, trials=trials, seed=seed,
        threads=threads,
    )  # fmt: skip
    if as_json:
        emit_json(result.to_dict())
        return
    rows = [
        [r.hand_class, f"{r.combos:,}", f"{100 * r.share:.2f}", f"{100 * r.win:.3f}", f"{100 * r.tie:.3f}",
         f"{100 * r.equity:.3f}"]
        for r in result.rows
    ]  # fmt: skip
    on = f" on {result.board}" if result.board else ""
    click.echo(f"{result.hand} against {result.range}{on}, by class")
    click.echo(text_table(["class", "combos", "share %", "win %", "tie %", "equity %"], rows))
    methods = sorted({r.method for r in result.rows})
    click.echo(
        f"all: {result.combos:,} combos, win {100 * result.win:.3f} %, tie {100 * result.tie:.3f} %, "
        f"equity {100 * result.equity:.3f} % ({', '.join(methods)})"
    )


def _equity_by_combo(
    players: tuple[str, ...],
    board: str,
    dead: str,
    game: str,
    method: str,
    trials: int | None,
    target: float | None,
    seed: int | None,
    threads: int | None,
    scheduler: str | None,
    as_json: bool,
) -> None:
    """``--by-combo``: every combo's equity against the others (pokerlab.simulate.equity.distribution)."""
    _refuse_for_analysis("--by-combo", game, scheduler, target)
    from pokerlab.simulate.equity.distribution import equity_by_combo

    seed = resolve_seed(seed) if method != "exact" else seed
    bar = ProgressBar("by combo", enabled=not as_json and sys.stderr.isatty(), delay=1.0, fill_on_close=True)
    with bar:
        result = equity_by_combo(
            list(players), board=board or None, dead=dead or None, method=method, trials=trials, seed=seed,
            threads=threads, progress=bar,
        )  # fmt: skip
    if as_json:
        emit_json(result.to_dict())
        return
    for i, p in enumerate(result.players):
        st = p.stats()
        if i:
            click.echo("")
        click.echo(
            f"player {i + 1} {p.hand}: {len(p.combos):,} combos, equity {100 * p.equity:.3f} % "
            f"(combos: mean {100 * st['mean']:.2f}, median {100 * st['median']:.2f}, "
            f"min {100 * st['min']:.2f}, max {100 * st['max']:.2f})"
        )
        rows = [
            [c.combo, f"{c.weight:g}", f"{100 * c.win:.3f}", f"{100 * c.tie:.3f}", f"{100 * c.equity:.3f}"]
            for c in p.combos
        ]
        click.echo(text_table(["combo", "weight", "win %", "tie %", "equity %"], rows))
    click.echo(f"{result.method}, every combo against the other players" + (f" on {result.board}" if board else ""))


def _equity_batch(lines: Any, threads: int | None) -> None:
    """Print one JSON line per query line, as each is answered; exit 2 at the end when any line was wrong."""
    import json

    from pokerlab.simulate.equity.batch import equity_many, read_lines

    failed = answered = 0
    for answer in equity_many(read_lines(lines), threads=threads):
        click.echo(json.dumps(answer, allow_nan=False))
        answered += 1
        failed += "error" in answer
    if failed:
        click.echo(f"error: {failed} of {answered} queries failed (their lines say why)", err=True)
        sys.exit(EXIT_BAD_INPUT)


HILO_COLUMNS = ["high win %", "high tie %", "low win %", "low tie %", "scoop %", "quarter %"]


def _print_split_pots(result: EquityResult) -> None:
    """The table of an Omaha or stud result (hi/lo: both halves, scoops, quarters) and its one-line footer."""
    hilo = result.no_low is not None  # set by hi/lo games only
    combos = result.family == "omaha"  # Omaha players may be ranges; a stud player is its known cards
    header = ["player", "hand", *(["combos"] if combos else [])]
    header += HILO_COLUMNS if hilo else ["win %", "tie %"]
    header.append("equity %")
    rows = []
    for i, p in enumerate(result.players):
        shares = [p.win, p.tie] + ([p.low_win, p.low_tie, p.scoop, p.quarter] if hilo else [])
        rows.append([str(i + 1), p.hand, *([f"{p.combos:,}"] if combos else []),
                     *(f"{100 * (x or 0.0):.3f}" for x in shares), f"{100 * p.equity:.3f}"])  # fmt: skip
    click.echo(text_table(header, rows, right={0, *range(2, len(header))}))
    if combos:
        counted = "boards" if all(p.combos == 1 for p in result.players) else "deals (hand combinations x boards)"
        exact_count = f"{result.boards or 0:,} {counted}"
        notes = f"; no low on {100 * result.no_low:.3f} % of boards" if result.no_low is not None else ""
    else:
        exact_count = f"{result.deals or 0:,} deals"
        notes = "; the seventh-street card is one community card (short deck)" if result.community else ""
        notes += f"; no low on {100 * result.no_low:.3f} % of deals" if result.no_low is not None else ""
    if result.method == "exact":
        click.echo(f"exact: {exact_count} in {result.seconds:.3f} s{notes}")
    else:
        click.echo(_monte_carlo_footer(result) + notes)


def _monte_carlo_footer(result: Any) -> str:
    """``Monte Carlo: N trials in S s, standard error E % (seed, threads)``, for every game's result."""
    error = "not estimable (too few trials)" if result.stderr is None else f"{100 * result.stderr:.3f} %"
    return (
        f"Monte Carlo: {result.trials:,} trials in {result.seconds:.3f} s, standard error {error} "
        f"(seed {result.seed}, {result.threads} threads)"
    )


def _print_equity(result: EquityResult, as_json: bool) -> None:
    """An equity result as JSON, or as the table and footer of its game's family."""
    if as_json:
        emit_json(result.to_dict())
        return
    if result.family != "holdem":
        _print_split_pots(result)
        return
    rows = [
        [str(i + 1), p.hand, f"{p.combos:,}", f"{100 * p.win:.3f}", f"{100 * p.tie:.3f}", f"{100 * p.equity:.3f}"]
        for i, p in enumerate(result.players)
    ]
    click.echo(text_table(["player", "hand", "combos", "win %", "tie %", "equity %"], rows, right={0, 2, 3, 4, 5}))
    if result.method == "exact":
        # With a range, every combination of the players' hands meets every board: say so.
        counted = "boards" if all(p.combos == 1 for p in result.players) else "deals (hand combinations x boards)"
        footer = f"exact: {result.boards:,.0f} {counted} in {result.seconds:.3f} s"
    else:
        footer = _monte_carlo_footer(result)
    click.echo(footer)


@main.command("range")
@click.argument("text")
@click.option("--dead", "-d", default="", help="Cards removed from the range, e.g. 'AsKd'.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP + " The combos and their weights.")
@click.option(
    "--plain",
    is_flag=True,
    help="Plain text grid: each cell's share of the class in %, '.' for none (the default "
    "when stdout is not a terminal).",
)
@_friendly_errors
def range_command(text: str, dead: str, as_json: bool, plain: bool) -> None:
    """Expand a hand range, count its combos and draw the 13x13 grid.

    Syntax: AA, AKs, AKo, AK, TT+, A2s+, 22-55, A5s-A2s, AhKh, random,
    weights as AA@50 (percent) or AA:0.5 (fraction); items separated by commas.

    \b
    Examples:
      pokerlab range "TT+,AKs"
      pokerlab range "22+,A2s+,KTo+" --dead AsKd --json
    """
    from pokerlab.evaluator.cards import cards_to_mask, format_cards
    from pokerlab.simulate.ranges.parse import parse_range, render_grid

    r = parse_range(text)
    if dead:
        r = r.remove(cards_to_mask(dead))
        if len(r) == 0:
            raise InputError(f"range {text!r} has no combos left once {dead} is removed")
    if as_json:
        combos = [{"combo": format_cards(c), "weight": float(w)} for c, w in zip(r.combos.tolist(), r.weights.tolist())]
        emit_json({"range": str(r), "combos": len(r), "weight": r.total_weight, "list": combos})
        return
    # Colours mark membership only on a terminal; piped output must show it in text.
    grid = render_grid(r, plain=plain or not sys.stdout.isatty())
    if isinstance(grid, str):
        click.echo(grid)
    else:
        from rich.console import Console

        Console().print(grid)
    click.echo(f"range: {r}")


if __name__ == "__main__":
    main()
