"""``pokerlab equity``: one query object from the options, one run per mode, one printer per result shape.

Registered lazily in ``pokerlab.simulate.cli.main`` (``LAZY_COMMANDS``). The modes are the plain equity of
every game, ``--breakdown`` (a hand against a range, class by class), ``--by-combo`` (every combo of each
range) and ``--batch`` (many queries, one JSON line each).
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from pokerlab.errors import InputError

from ._common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    HELP_OPTIONS,
    JSON_HELP,
    ProgressBar,
    check_scheduler,
    emit_json,
    equity_game_option,
    friendly_errors,
    refuse_together,
    resolve_seed,
    seed_option,
    threads_option,
)
from .printing import equity_text, text_table

if TYPE_CHECKING:
    from pokerlab.simulate.equity.breakdown import Breakdown
    from pokerlab.simulate.equity.distribution import Distribution
    from pokerlab.simulate.equity.result import EquityResult


@dataclass(frozen=True)
class EquityQuery:
    """What one ``pokerlab equity`` call asks, as the library takes it (empty card texts are None).

    >>> q = EquityQuery(("AsAh", "KK"), board=None, dead=None, game="holdem", method="exact")
    >>> q.run_seed(), q.library_options()["method"]
    (None, 'exact')
    """

    players: tuple[str, ...]
    board: str | None
    dead: str | None
    game: str
    method: str
    trials: int | None = None
    stderr: float | None = None
    seed: int | None = None
    threads: int | None = None
    scheduler: str | None = None
    as_json: bool = False

    def run_seed(self) -> int | None:
        """The seed a Monte Carlo run uses (a fresh one, printed with the result, when none was given)."""
        return self.seed if self.method == "exact" else resolve_seed(self.seed)

    def library_options(self) -> dict[str, Any]:
        """The keyword arguments every equity function of the library takes from this query."""
        return dict(board=self.board, dead=self.dead, method=self.method, trials=self.trials, seed=self.run_seed(),
                    threads=self.threads)  # fmt: skip

    def refuse_for_analysis(self, option: str) -> None:
        """--breakdown and --by-combo run hold'em here, to a fixed trial count when Monte Carlo: refuse the rest."""
        given = (("--game", self.game != "holdem"), ("--scheduler", self.scheduler), ("--stderr", self.stderr))
        for name, value in given:
            if value:
                raise InputError(f"{option} does not take {name}")


@click.command("equity", context_settings=HELP_OPTIONS)
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
@equity_game_option(
    default="holdem",
    show_default=True,
    help="The game, by this name or the game engine's (badugi, 2-7, triple, plo8, ...). "
    "Omaha: PLAYERS hold 4-6 cards (AsKsQdJd), 'random' or patterns (AA**, AAxxds); hi/lo splits the pot. "
    "Stud, stud hi/lo, razz: each of PLAYERS is the 1-7 cards known so far ('AsAh Kd'), the rest dealt; "
    "--dead for folded up cards; --board for seventh street's community card once a short deck dealt it. "
    "Draw games and badugi: each of PLAYERS is 'HAND/DISCARD', the equity after one draw.",
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
@friendly_errors
def equity_command(  # noqa: PLR0913 (a click command: one parameter an option)
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
      pokerlab equity --game short-deck AsAh KsKh   # 36 cards, every board
      pokerlab equity --game badugi "Ac 2d 3h Kh/Kh" "5c 4d 2h Ks/Ks"   # after one draw
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
        run_batch(batch, threads)
        return
    if not players:
        raise click.UsageError("Missing argument 'PLAYERS...'")
    refuse_together(method=method is not None, exact=exact_flag, mc=mc_flag)
    refuse_together(breakdown=breakdown, by_combo=by_combo)
    query = EquityQuery(
        players, board or None, dead or None, game, method or ("exact" if exact_flag else "mc" if mc_flag else "auto"),
        trials, target, seed, threads, scheduler, as_json,
    )  # fmt: skip
    if by_combo:
        run_by_combo(query)
    elif breakdown:
        run_breakdown(query)
    else:
        run_equity(query)


def run_equity(query: EquityQuery) -> None:
    """The plain equity of any game, local or on a Dask cluster; Ctrl-C prints the trials finished so far."""
    if query.scheduler and query.game != "holdem":
        raise InputError(f"--scheduler runs hold'em equity only; {query.game} runs on this machine")
    from pokerlab.simulate.equity.api import equity
    from pokerlab.simulate.equity.options import EquityInterrupted

    client = None
    if query.scheduler:
        from pokerlab.simulate.distributed import close_client, connect  # only for a cluster run

        client = connect(query.scheduler)
    # Shown only once a run has taken a second; filled at the end (Monte Carlo may stop early).
    progress = ProgressBar("equity", enabled=not query.as_json and sys.stderr.isatty(), delay=1.0, fill_on_close=True)
    try:
        with progress:
            result = equity(list(query.players), game=query.game, stderr=query.stderr, progress=progress,
                            client=client, **query.library_options())  # fmt: skip
    except EquityInterrupted as stop:
        # Ctrl-C on a long Monte Carlo run: show what the finished trials say, then exit as shells expect.
        if stop.partial is not None:
            print_equity(stop.partial, query.as_json)
            click.echo(f"interrupted after {stop.partial.trials:,} trials: the result above is partial", err=True)
        else:
            click.echo("\ninterrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    finally:
        if client is not None:
            close_client(client)
    print_equity(result, query.as_json)


def run_breakdown(query: EquityQuery) -> None:
    """``--breakdown``: one hand against one range, class by class (pokerlab.simulate.equity.breakdown)."""
    if len(query.players) != 2:
        raise InputError(f"--breakdown takes a hand and a range, got {len(query.players)} players")
    query.refuse_for_analysis("--breakdown")
    from pokerlab.simulate.equity.breakdown import equity_breakdown

    result = equity_breakdown(query.players[0], query.players[1], **query.library_options())
    if query.as_json:
        emit_json(result.to_dict())
    else:
        print_breakdown(result)


def run_by_combo(query: EquityQuery) -> None:
    """``--by-combo``: every combo's equity against the others (pokerlab.simulate.equity.distribution)."""
    query.refuse_for_analysis("--by-combo")
    from pokerlab.simulate.equity.distribution import equity_by_combo

    bar = ProgressBar("by combo", enabled=not query.as_json and sys.stderr.isatty(), delay=1.0, fill_on_close=True)
    with bar:
        result = equity_by_combo(list(query.players), progress=bar, **query.library_options())
    if query.as_json:
        emit_json(result.to_dict())
    else:
        print_by_combo(result)


def run_batch(lines: Any, threads: int | None) -> None:
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


def print_breakdown(result: Breakdown) -> None:
    """A breakdown's table, class by class, and its all-classes line."""
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


def print_by_combo(result: Distribution) -> None:
    """Each player's combos with their equities, a summary line per player, and the method's footer."""
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
    on = f" on {result.board}" if result.board else ""
    if result.method == "exact":
        click.echo(f"exact, every combo against the other players{on}")
        return
    error = "not estimable (too few trials)" if result.stderr is None else f"{100 * result.stderr:.3f} %"
    click.echo(
        f"Monte Carlo, every combo against the other players{on}: one run of {result.trials:,} trials for every "
        f"player, standard error {error} (seed {result.seed})"
    )


def print_equity(result: EquityResult, as_json: bool) -> None:
    """An equity result as JSON, or as the table and footer of its game's family."""
    click.echo(equity_text(result, as_json))
