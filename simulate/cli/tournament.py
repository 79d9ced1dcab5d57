"""``pokerlab icm`` and ``pokerlab pushfold``: tournament math, thin shells over :mod:`pokerlab.simulate.tournament`.

Registered lazily in ``pokerlab.simulate.cli.main`` (``LAZY_COMMANDS``).
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import sys
from typing import Any

import click

from ._common import (
    HELP_OPTIONS,
    JSON_HELP,
    ProgressBar,
    choice_option,
    emit_json,
    friendly_errors,
    resolve_seed,
    seed_option,
)
from .printing import text_table

_MODEL_NAMES = {"harville": "Malmuth-Harville", "weitzman": "Malmuth-Weitzman"}


_LONG = 1e15  # amounts from here up print in six significant digits: a float holds 16, and 1e300 has 301


def _amount(value: float) -> str:
    """A chip count or prize as written: no decimals when it is whole, six significant digits when it is huge."""
    if abs(value) >= _LONG:
        return f"{value:.6g}"
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.6g}"


def _prize(value: float) -> str:
    """An equity or its error: four decimals, or six significant digits when huge (an equity is at most the pool,
    which may be)."""
    return f"{value:.6g}" if abs(value) >= _LONG else f"{value:,.4f}"


@click.command("icm", context_settings={**HELP_OPTIONS, "ignore_unknown_options": True})
@click.argument("stacks", nargs=-1, required=True)
@click.option("--payouts", required=True, help="The prizes, first place first, comma-separated: 50,30,20.")
@choice_option(
    "--model", choices=["harville", "weitzman"], default="harville", help="Malmuth-Harville or Malmuth-Weitzman."
)
@click.option("--mc", is_flag=True, help="Sample finishes (Monte Carlo) even where the exact answer is quick.")
@click.option("--trials", type=click.IntRange(min=2), default=None, help="Sample this many finishes (implies --mc).")
@seed_option()
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@friendly_errors
def icm_command(
    stacks: tuple[str, ...], payouts: str, model: str, mc: bool, trials: int | None, seed: int | None, as_json: bool
) -> None:
    """Each player's share of the prize pool from the chip STACKS (ICM).

    Exact up to 20 players (Malmuth-Harville: more when few places pay),
    Monte Carlo with a standard error above; the equities sum to the pool.

    \b
    Examples:
      pokerlab icm 5000 3000 2000 --payouts 50,30,20
      pokerlab icm 5000 3000 2000 1000 --payouts 50,30,20 --model weitzman --json
    """
    from pokerlab.simulate.tournament.icm import icm

    prizes = [p.strip() for p in payouts.split(",")] if payouts.strip() else []
    bar = ProgressBar("icm", enabled=not as_json and sys.stderr.isatty(), delay=1.0, fill_on_close=True)
    with bar:
        result = icm(
            list(stacks),  # text: the library names a stack that is not a positive number
            prizes,
            model=model,
            method="mc" if mc or trials is not None else "auto",  # --trials asks for sampling
            trials=trials,
            seed=seed,  # used only when sampling; the result reports the one drawn when none is given
            progress=bar,
        )
    if as_json:
        emit_json(result.to_dict())
        return
    how = "exact" if result.method == "exact" else f"Monte Carlo: {result.trials:,} finishes, seed {result.seed}"
    click.echo(
        f"ICM ({_MODEL_NAMES[model]}, {how}): {len(result.stacks)} players, prize pool {_amount(result.prize_pool)}"
    )
    headers = ["player", "stack", "chips %", "equity", "pool %"]
    if result.stderrs is not None:
        headers.append("+/-")
    rows = []
    for entry in result.to_dict()["players"]:
        row = [
            str(entry["player"]),
            _amount(entry["stack"]),
            f"{100 * entry['chips_share']:.2f}",
            _prize(entry["equity"]),
            f"{100 * entry['pool_share']:.2f}",
        ]
        if "stderr" in entry:
            row.append(_prize(entry["stderr"]))
        rows.append(row)
    click.echo(text_table(headers, rows))


_RANKS = "AKQJT98765432"
_BELOW = 1e-9  # exploitabilities under this print as "below 1e-9 bb" (their digits are rounding)


def _exploitability(value: float) -> str:
    return "below 1e-9 bb" if value < _BELOW else f"{value:.2g} bb"


def _ante_words(ante: float) -> str:
    return "no ante" if ante == 0 else f"ante {ante:g} bb"


def _grid_lines(cells: list[list[str]], width: int) -> list[str]:
    """A 13x13 grid with the ranks along the top and the side (suited above the diagonal)."""
    lines = ["  " + "".join(f"{r:>{width}}" for r in _RANKS)]
    lines += [f"{_RANKS[row]} " + "".join(f"{c:>{width}}" for c in cells[row]) for row in range(13)]
    return lines


def _percent(value: float) -> str:
    """A frequency as the range grid shows it: 100, . for none, else the percent (1 to 99, so that a mixed
    class never reads as pure). Given the frequencies as the range line states them, the two agree."""
    if value >= 1:
        return "100"
    return "." if value <= 0 else str(min(99, max(1, round(100 * value))))


@click.group(
    "pushfold",
    invoke_without_command=True,
    context_settings=HELP_OPTIONS,
    subcommand_metavar="[chart | icm]",
)
@click.option("--stack", type=float, default=None, help="Effective stack in big blinds, before the blinds are posted.")
@click.option("--ante", type=float, default=0.0, show_default=True, help="Each player's ante, in big blinds.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (keys listed in the tournament guide).")
@click.pass_context
@friendly_errors
def pushfold_command(ctx: click.Context, stack: float | None, ante: float, as_json: bool) -> None:
    """The heads-up push-or-fold Nash equilibrium at one stack, the chart (pushfold chart), or a final
    table with ICM payoffs (pushfold icm).

    The small blind pushes all in or folds, the big blind calls or folds;
    equities are exact (the shipped heads-up table, card removal counted)
    and the exploitability of the solution is printed.

    \b
    Examples:
      pokerlab pushfold --stack 10
      pokerlab pushfold --stack 8 --ante 0.125 --json
      pokerlab pushfold chart
      pokerlab pushfold icm 5000 3000 2000 --payouts 50,30,20 --blinds 100,200
    """
    if ctx.invoked_subcommand is not None:
        if stack is not None or as_json or ante:
            sub = ctx.invoked_subcommand
            raise click.UsageError(f"--stack, --ante and --json go after '{sub}' (pokerlab pushfold {sub} --json)")
        return
    if stack is None:
        raise click.UsageError(
            "give --stack (pokerlab pushfold --stack 10) or draw the chart (pokerlab pushfold chart)"
        )
    from pokerlab.simulate.tournament.pushfold import DIGITS, pushfold

    result = pushfold(stack, ante=ante)
    if as_json:
        emit_json(result.to_dict())
        return
    click.echo(
        f"heads-up push-or-fold at {result.stack:g} bb ({_ante_words(result.ante)}): the small blind pushes "
        f"{100 * result.share('sb'):.1f}% of hands, the big blind calls {100 * result.share('bb'):.1f}%"
    )
    click.echo(
        f"value to the small blind {result.value:+.4f} bb a hand; exploitability "
        f"{_exploitability(result.exploitability)} ({result.seconds:.2f} s)"
    )
    for player, title in (("sb", "small blind pushes"), ("bb", "big blind calls")):
        click.echo("")
        click.echo(f"{title} (% of each hand):")
        for line in _grid_lines([[_percent(v) for v in row] for row in result.grid(player, DIGITS)], 4):
            click.echo(line)
        click.echo(f"range: {result.range_text(player, DIGITS)}")


def note_off_grid(asked: float, solved: float) -> None:
    """One line on stderr when the chart was solved to a stack other than ``--max-stack`` (the 0.1 bb grid's
    last stack below it)."""
    if abs(solved - asked) > 1e-9:
        click.echo(f"note: --max-stack {asked} is not on the 0.1 bb grid; solved to {solved:.1f}", err=True)


@pushfold_command.command("chart", context_settings=HELP_OPTIONS)
@click.option("--ante", type=float, default=0.0, show_default=True, help="Each player's ante, in big blinds.")
@click.option(
    "--max-stack", type=float, default=20.0, show_default=True, help="The largest stack charted (at most 50 bb)."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (keys listed in the tournament guide).")
@friendly_errors
def pushfold_chart_command(ante: float, max_stack: float, as_json: bool) -> None:
    """For each hand, the largest stack at which the SB pushes it and the BB calls.

    Solved every 0.1 bb; a hand counts where the equilibrium plays it at
    least half the time. Hands with gaps are marked * and listed.

    \b
    Examples:
      pokerlab pushfold chart
      pokerlab pushfold chart --max-stack 10 --json
    """
    from pokerlab.simulate.tournament.pushfold_chart import pushfold_chart

    chart = pushfold_chart(ante=ante, max_stack=max_stack)
    note_off_grid(max_stack, chart.max_stack)
    if as_json:
        emit_json(chart.to_dict())
        return
    click.echo(chart_summary(chart))
    labels = _labels()
    for player, title in (("sb", "small blind: push up to (bb)"), ("bb", "big blind: call up to (bb)")):
        gaps = chart.gaps(player)
        entries = chart.grid(player)
        cells = [[entries[r][c] + ("*" if labels[r][c] in gaps else "") for c in range(13)] for r in range(13)]
        click.echo("")
        click.echo(f"{title}:")
        for line in _grid_lines(cells, 6):
            click.echo(line)
        for hand, runs in gaps.items():
            stretches = ", ".join(f"{lo:.1f}" if lo == hi else f"{lo:.1f}-{hi:.1f}" for lo, hi in runs)
            click.echo(f"* {hand}: at {stretches} bb")


def chart_summary(chart: Any) -> str:
    """The first line of ``pokerlab pushfold chart`` (and of ``pokerlab chart pushfold``): what was solved."""
    worst = (
        "below 1e-9 bb at every stack" if chart.exploitability < _BELOW else f"{chart.exploitability:.2g} bb at most"
    )
    return (
        f"heads-up push-or-fold chart ({_ante_words(chart.ante)}), {chart.stacks[0]:g} to {chart.max_stack:g} bb "
        f"every 0.1 bb: {len(chart.stacks)} equilibria, exploitability {worst} ({chart.seconds:.1f} s)"
    )


def _labels() -> list[list[str]]:
    from pokerlab.simulate.ranges.cells import GRID_LABELS

    return [list(row) for row in GRID_LABELS]


def _listed(text: str) -> list[str]:
    """A comma-separated option as its items (the library names an item that is not a number)."""
    return [item.strip() for item in text.split(",")] if text.strip() else []


@pushfold_command.command("icm", context_settings={**HELP_OPTIONS, "ignore_unknown_options": True})
@click.argument("stacks", nargs=-1, required=True)
@click.option("--payouts", required=True, help="The prizes, first place first, comma-separated: 50,30,20.")
@click.option("--blinds", required=True, metavar="SMALL,BIG", help="The blinds in chips: 100,200.")
@click.option("--ante", default="0", show_default=True, help="Each player's ante, in chips.")
@click.option("--deals", type=int, default=None, help="Random deals the game is solved over (default 20,000).")
@click.option("--iterations", type=int, default=None, help="Iterations of regret matching+ (default 400).")
@seed_option(help="Seed of the deals, 0 to 2**64-1 (default: random; printed). Heads up every deal is counted.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@friendly_errors
def pushfold_icm_command(
    stacks: tuple[str, ...],
    payouts: str,
    blinds: str,
    ante: str,
    deals: int | None,
    iterations: int | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Push or fold at a final table (2 to 9 STACKS, in chips, in the order of action) with ICM payoffs.

    The first player pushes all in or folds, each later one calls or folds
    in turn; the last two post the blinds, everyone the ante. Payoffs are
    Malmuth-Harville ICM shares of the stacks after the hand. Printed: each
    decision's range and $EV, and each player's best-response gain (what he
    would add to his $EV by playing best against the others: 0 at an
    equilibrium).

    \b
    Examples:
      pokerlab pushfold icm 5000 3000 2000 --payouts 50,30,20 --blinds 100,200 --ante 25
      pokerlab pushfold icm 4000 3000 2000 1000 --payouts 50,30,20 --blinds 100,200 --seed 1 --json
    """
    from pokerlab.simulate.tournament.pushfold_icm import DEFAULT_DEALS, DEFAULT_ITERATIONS, pushfold_icm

    sampled = len(stacks) > 2  # heads up the game counts every deal: no seed is drawn
    bar = ProgressBar("solving", enabled=not as_json and sys.stderr.isatty(), delay=1.0, fill_on_close=True)
    with bar:
        result = pushfold_icm(
            list(stacks),  # text: the library names a stack that is not a positive number
            _listed(payouts),
            _listed(blinds),
            ante,
            deals=DEFAULT_DEALS if deals is None else deals,
            iterations=DEFAULT_ITERATIONS if iterations is None else iterations,
            seed=resolve_seed(seed) if sampled else seed,
            progress=bar,
        )
    if as_json:
        emit_json(result.to_dict())
        return
    _print_final_table(result)


_SHOWN_REACH = 0.001  # decisions reached less often than this are left out of the text (--json has them)


def _decision_name(seat: Any) -> str:
    if seat.seat == 0:
        return "player 1 pushes"
    after = f" after {', '.join(f'player {k + 1}' for k in seat.after)} called" if seat.after else ""
    return f"player {seat.seat + 1} calls{after}"


def _money(value: float | None) -> str:
    return "-" if value is None else _prize(value)


def _print_final_table(result: Any) -> None:
    blinds = "/".join(_amount(b) for b in result.blinds)
    click.echo(
        f"push-or-fold at a final table, Malmuth-Harville ICM: {len(result.stacks)} players, blinds {blinds}, "
        f"ante {_amount(result.ante)}, payouts {', '.join(_amount(p) for p in result.payouts)}"
    )
    deals = (
        f"{result.deals:,} sampled deals (seed {result.seed}; the opener's $EV +/- {result.ev_error:.4f})"
        if len(result.stacks) > 2
        else f"every heads-up deal ({result.deals:,} pairs of classes)"
    )
    click.echo(f"{deals}, {result.iterations:,} iterations of regret matching+ ({result.seconds:.1f} s)")
    click.echo("")
    rows = [
        [str(i + 1), _amount(stack), _money(ev), f"{gain:.6g}" if abs(gain) >= _LONG else f"{gain:.6f}"]
        for i, (stack, ev, gain) in enumerate(zip(result.stacks, result.ev, result.gains))
    ]
    click.echo(text_table(["player", "stack", "$EV", "best-response gain"], rows))
    click.echo("")
    shown = [(s, s.summary()) for s in result.seats if s.summary()["reached"] >= _SHOWN_REACH]
    rows = [
        [
            _decision_name(s),
            f"{100 * info['reached']:.2f}",
            f"{100 * info['plays']:.1f}",
            _money(info["ev"]),
            _money(info["play_ev"]),
            _money(info["fold_ev"]),
        ]
        for s, info in shown
    ]
    click.echo(text_table(["decision", "reached %", "plays %", "$EV", "play $EV", "fold $EV"], rows))
    if len(shown) < len(result.seats):
        left = len(result.seats) - len(shown)
        click.echo(f"({left} decisions reached in under {100 * _SHOWN_REACH:g}% of deals left out; --json lists all)")
    click.echo("")
    click.echo("frequencies of the sampled game's solution, to the nearest percent (--json: every class's $EVs)")
    for seat in (s for s in result.seats if not s.after):
        what = "pushes" if seat.seat == 0 else "calls when no one else has"
        click.echo("")
        click.echo(f"player {seat.seat + 1} {what} (% of each hand):")
        for line in _grid_lines([[_whole_percent(v) for v in row] for row in seat.grid()], 4):
            click.echo(line)
        click.echo(f"range (to 1%): {seat.range_text(digits=0) or 'none'}")


def _whole_percent(value: float) -> str:
    """A frequency to the nearest percent: 100, . for under a half percent, else 1 to 99."""
    percent = round(100 * value)
    return "100" if percent >= 100 else "." if percent <= 0 else str(percent)
