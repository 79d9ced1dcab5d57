"""``pokerlab table`` and ``pokerlab chart``: command lines of the precomputed tables and of the charts.

They front :mod:`pokerlab.simulate.precomputed` and :mod:`pokerlab.simulate.charts`.

Registered in ``pokerlab.simulate.cli.main`` with ``main.add_command``. They parse, call
the library and print; heavy modules are imported inside the commands.
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import click

from pokerlab.errors import InputError

from ._common import (
    HELP_OPTIONS,
    JSON_HELP,
    ProgressBar,
    choice_option,
    friendly_errors as _friendly_errors,
    refuse_together,
    resolve_seed,
    seed_option,
)
from .printing import json_text, text_table


def default_work_dir() -> Path:
    """Where unfinished tables keep their shards: $POKERLAB_WORK_DIR or ~/.cache/pokerlab/shards."""
    env = os.environ.get("POKERLAB_WORK_DIR")
    return Path(env) if env else Path.home() / ".cache" / "pokerlab" / "shards"


def _sharded_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options every table shares: where to run, how to split, where to keep shards, outputs."""
    options = [
        click.option(
            "--out",
            "-o",
            "outputs",
            multiple=True,
            type=click.Path(dir_okay=False, writable=True),
            help="Write the table to FILE: .csv or .json (repeatable).",
        ),
        click.option(
            "--format",
            "fmt",
            type=click.Choice(["text", "csv", "json", "none"]),
            default=None,
            help="What to print on stdout (default: text, or none when --out is given).",
        ),
        click.option("--json", "as_json", is_flag=True, help="Short for --format json. " + JSON_HELP),
        click.option("--scheduler", metavar="tcp://HOST:PORT", help="Run the shards on this Dask scheduler's workers."),
        click.option(
            "--worker-timeout",
            type=click.FloatRange(min=0, min_open=True),
            default=30.0,
            show_default=True,
            metavar="SECONDS",
            help="With --scheduler: fail if the cluster has no workers for this long.",
        ),
        click.option("--threads", "-t", type=click.IntRange(min=1), help="Local threads (default: all cores)."),
        click.option("--shards", type=click.IntRange(min=1), help="How many shards to cut the job into."),
        click.option(
            "--work-dir",
            type=click.Path(file_okay=False),
            help="Keep finished shards here to resume an interrupted run (default: $POKERLAB_WORK_DIR "
            "or ~/.cache/pokerlab/shards).",
        ),
        click.option("--no-resume", is_flag=True, help="Keep no shards on disk."),
        click.option("--keep-shards", is_flag=True, help="Keep the shards on disk after the table is complete."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


class _ShardedRun(NamedTuple):
    """How a table is computed: the options :func:`_sharded_options` gives every table command."""

    scheduler: str | None
    worker_timeout: float
    threads: int | None
    shards: int | None
    work_dir: str | None
    no_resume: bool
    keep_shards: bool


def _run(build: Callable[..., Any], label: str, run: _ShardedRun, **kwargs: Any) -> tuple[Any, str]:
    """Call a table builder with the shared options; returns the table and where it ran.

    Shards found unusable in the work folder are named on stderr, one line each, and computed again.
    """
    from pokerlab.simulate.distributed import close_client, cluster_threads, connect

    client = connect(run.scheduler, worker_timeout=run.worker_timeout) if run.scheduler else None
    progress = ProgressBar(label, enabled=sys.stderr.isatty())
    options: dict[str, Any] = {
        "client": client,
        "threads": run.threads,
        "progress": progress,
        "keep_shards": run.keep_shards,
        "warn": _warn_line,
        "worker_timeout": run.worker_timeout,
    }
    if run.shards is not None:
        options["shards"] = run.shards
    if not run.no_resume:
        options["work_dir"] = Path(run.work_dir) if run.work_dir else default_work_dir()
    try:
        table = build(**kwargs, **options)
        if client is not None:
            where = f"Dask at {run.scheduler} ({len(client.nthreads())} workers, {cluster_threads(client)} threads)"
        else:
            from numba import get_num_threads

            where = f"{run.threads or get_num_threads()} local threads"
    finally:
        progress.close()
        if client is not None:
            close_client(client)
    return table, where


def _warn_line(message: str) -> None:
    click.echo(f"warning: {' '.join(message.split())}", err=True)


def _emit(table: Any, outputs: tuple[str, ...], fmt: str | None, text: Callable[[], str]) -> None:
    """Write the --out files, then print stdout's --format (the files keep the table's own JSON layout)."""
    for out in outputs:
        if Path(out).suffix.lower() not in (".csv", ".json"):
            raise InputError(f"--out {out}: the file must end in .csv or .json")
        table.write(out)
    fmt = fmt or ("none" if outputs else "text")
    if fmt == "text":
        click.echo(text())
    elif fmt == "csv":
        click.echo(table.to_csv(), nl=False)
    elif fmt == "json":
        click.echo(json_text(json.loads(table.to_json())))


def _format(fmt: str | None, as_json: bool) -> str | None:
    """``--json`` is short for ``--format json``; any other --format with it contradicts it."""
    if as_json and fmt not in (None, "json"):
        refuse_together(format=True, json=True)
    return "json" if as_json else fmt


@click.group("table", context_settings=HELP_OPTIONS)
def table_command() -> None:
    """Exact precomputed preflop tables (sharded; local threads or a Dask cluster; resumable).

    \b
    Examples:
      pokerlab table preflop --vs random --out tables/preflop_vs_random.json
      pokerlab table preflop --format csv --scheduler tcp://10.0.0.5:8786
      pokerlab table matchups --classes "TT+,AKs" --out matchups.csv
    """


@table_command.command("preflop", context_settings=HELP_OPTIONS)
@choice_option("--vs", "opponent", choices=["random"], default="random", help="The opponent: one random hand.")
@_sharded_options
@_friendly_errors
def preflop_command(opponent: str, outputs: tuple[str, ...], fmt: str | None, as_json: bool, **run: Any) -> None:
    """Exact win, tie and equity of all 169 starting hands against one random hand.

    Each hand meets every opponent hand on every board: 2,097,572,400
    outcomes per hand, counted exactly in seconds.
    """
    fmt = _format(fmt, as_json)
    from pokerlab.simulate.precomputed import preflop_vs_random

    table, where = _run(preflop_vs_random, "preflop", _ShardedRun(**run))

    def text() -> str:
        rows = [
            [r.hand, str(r.combos), f"{100 * r.win:.3f}", f"{100 * r.tie:.3f}", f"{100 * r.equity:.3f}"]
            for r in table.rows
        ]
        return text_table(["hand", "combos", "win %", "tie %", "equity %"], rows)

    _emit(table, outputs, fmt, text)
    resumed = f", {table.resumed} resumed" if table.resumed else ""
    click.echo(
        f"169 hands against {opponent}: {table.shards} shards{resumed} in {table.seconds:.1f} s on {where}; "
        f"sha256 {table.checksum()}",
        err=True,
    )


# written out again on purpose: each command's options, spelled out for its own help
@table_command.command("matchups", context_settings=HELP_OPTIONS)
@click.option("--classes", help='Only these classes, as a range ("TT+,AKs"; default: all 169).')
@choice_option(
    "--by",
    choices=["class", "suits"],
    default="class",
    help="Text output: one line per pair of classes, or per suit pattern.",
)
@_sharded_options
@_friendly_errors
def matchups_command(
    classes: str | None, by: str, outputs: tuple[str, ...], fmt: str | None, as_json: bool, **run: Any
) -> None:
    """Exact heads-up equity of every pair of starting-hand classes, per suit pattern.

    The files hold one row per suit pattern with how many pairs of hands it
    stands for. All 169 classes: 47,008 patterns, a few minutes on two
    cores; --classes picks a subset.
    """
    from pokerlab.simulate.precomputed import matchups
    from pokerlab.simulate.ranges.parse import parse_range

    fmt = _format(fmt, as_json)
    if classes is not None and not classes.replace(",", " ").strip():
        raise InputError('--classes is empty: name at least one class ("TT+,AKs"), or leave it out for all 169')
    chosen = list(parse_range(classes).classes()) if classes is not None else None
    table, where = _run(matchups, "matchups", _ShardedRun(**run), classes=chosen)

    def text() -> str:
        if by == "class":
            rows = [
                [
                    m.hand1,
                    m.hand2,
                    f"{m.pairs:,}",
                    f"{100 * m.wins1 / m.outcomes:.3f}",
                    f"{100 * m.ties / m.outcomes:.3f}",
                    f"{100 * m.equity1:.3f}",
                ]
                for m in table.by_class()
            ]
            return text_table(["hand 1", "hand 2", "pairs", "win 1 %", "tie %", "equity 1 %"], rows, right={2, 3, 4, 5})
        rows = [[r.cards1, r.cards2, r.hand1, r.hand2, str(r.weight), f"{100 * r.equity1:.3f}"] for r in table.rows]
        return text_table(["hand 1", "hand 2", "class 1", "class 2", "weight", "equity 1 %"], rows, right={4, 5})

    _emit(table, outputs, fmt, text)
    resumed = f", {table.resumed} resumed" if table.resumed else ""
    click.echo(
        f"{len(table.rows)} matchups: {table.shards} shards{resumed} in {table.seconds:.1f} s on {where}", err=True
    )


@click.group("chart", context_settings=HELP_OPTIONS)
def chart_command() -> None:
    """Charts as PNG or SVG (needs matplotlib: pip install "pokerlab[plot]").

    \b
    Examples:
      pokerlab chart preflop --out preflop.png
      pokerlab chart range "TT+,AKs" --out range.svg
      pokerlab chart equity AsAh KsKh --board Qs7h2c5d9c --out streets.png
      pokerlab chart distribution "QQ+,AKs" "JJ-99,AQs" --board Qh7c2d --out curve.png
      pokerlab chart pushfold --out pushfold.png
      pokerlab chart solve river.npz check --out check.png
    """


_OUT = click.option(
    "--out", "-o", required=True, type=click.Path(dir_okay=False, writable=True), help="The image file: .png or .svg."
)


@chart_command.command("preflop", context_settings=HELP_OPTIONS)
@_OUT
@_friendly_errors
def chart_preflop_command(out: str) -> None:
    """The 13x13 grid coloured by equity against a random hand, each cell labelled."""
    from pokerlab.simulate.charts import preflop_chart

    click.echo(f"wrote {preflop_chart(out)}")


@chart_command.command("range", context_settings=HELP_OPTIONS)
@click.argument("text")
@_OUT
@_friendly_errors
def chart_range_command(text: str, out: str) -> None:
    """The 13x13 grid with the range TEXT shaded (whole classes green, parts amber)."""
    from pokerlab.simulate.charts import range_chart

    click.echo(f"wrote {range_chart(text, out)}")


@chart_command.command("equity", context_settings=HELP_OPTIONS)
@click.argument("players", nargs=-1, required=True)
@click.option("--board", "-b", default="", help="Board cards (0, 3, 4 or 5): one bar group per street.")
@click.option("--dead", "-d", default="", help="Dead cards.")
@seed_option(help="Monte Carlo seed when a street needs it, 0 to 2**64-1 (default: random; printed).")
@_OUT
@_friendly_errors
def chart_equity_command(players: tuple[str, ...], board: str, dead: str, seed: int | None, out: str) -> None:
    """Each of PLAYERS' equity on every street of the board (hands or ranges, as in 'pokerlab equity')."""
    from pokerlab.simulate.charts import equity_by_street, equity_chart, need_matplotlib

    need_matplotlib()  # before the equity runs, not after
    seed = resolve_seed(seed)
    start = time.perf_counter()
    streets, values = equity_by_street(list(players), board, dead or None, seed)
    path = equity_chart(list(players), out, board=board, by_street=(streets, values))
    summary = ", ".join(f"{s} " + " / ".join(f"{100 * v:.3f}" for v in vs) for s, vs in zip(streets, values))
    click.echo(f"wrote {path} in {time.perf_counter() - start:.1f} s (seed {seed}); equity %: {summary}")


@chart_command.command("distribution", context_settings=HELP_OPTIONS)
@click.argument("players", nargs=-1, required=True)
@click.option("--board", "-b", default="", help="Board cards (0 to 5).")
@click.option("--dead", "-d", default="", help="Dead cards.")
@_OUT
@_friendly_errors
def chart_distribution_command(players: tuple[str, ...], board: str, dead: str, out: str) -> None:
    """Each of PLAYERS' combos sorted by equity against the others (as in 'pokerlab equity --by-combo')."""
    from pokerlab.simulate.charts import distribution_chart, need_matplotlib
    from pokerlab.simulate.equity.distribution import equity_by_combo

    need_matplotlib()  # before the equity runs, not after
    start = time.perf_counter()
    result = equity_by_combo(list(players), board=board or None, dead=dead or None)
    path = distribution_chart(list(players), out, distribution=result)
    summary = " / ".join(f"{100 * p.equity:.3f}" for p in result.players)
    click.echo(f"wrote {path} in {time.perf_counter() - start:.1f} s ({result.method}); equity %: {summary}")


@chart_command.command("pushfold", context_settings=HELP_OPTIONS)
@click.option("--ante", type=float, default=0.0, show_default=True, help="Each player's ante, in big blinds.")
@click.option(
    "--max-stack", type=float, default=20.0, show_default=True, help="The largest stack charted (at most 50 bb)."
)
@_OUT
@_friendly_errors
def chart_pushfold_command(ante: float, max_stack: float, out: str) -> None:
    """Both heads-up push-or-fold charts (as 'pokerlab pushfold chart'): the small blind's pushes and the big
    blind's calls, each hand's cell coloured by and labelled with the largest stack it is played at."""
    from pokerlab.simulate.charts import chart_path, need_matplotlib, pushfold_charts
    from pokerlab.simulate.tournament.pushfold_chart import pushfold_chart

    from .tournament import chart_summary, note_off_grid

    need_matplotlib()  # both before the chart is solved, not after
    chart_path(out)
    chart = pushfold_chart(ante=ante, max_stack=max_stack)
    note_off_grid(max_stack, chart.max_stack)
    path = pushfold_charts(out, chart=chart)
    click.echo(f"wrote {path}: {chart_summary(chart)}")


@chart_command.command("solve", context_settings=HELP_OPTIONS)
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("line", nargs=-1)
@_OUT
@_friendly_errors
def chart_solve_command(file: str, line: tuple[str, ...], out: str) -> None:
    """A saved solution's strategy at the node reached by LINE (as 'pokerlab solve show'): each hand class's
    cell split into bars by how often each action is played, the legend naming each action's frequency."""
    from pokerlab.simulate.charts import chart_path, need_matplotlib, solve_chart
    from pokerlab.simulate.solver.saved import load_solution

    from .solve import default_max_memory

    need_matplotlib()  # both before the file is read, not after
    chart_path(out)
    if not Path(file).is_file():
        raise InputError(f"{file}: no such file")
    node = load_solution(file, max_memory=default_max_memory()).node(*line)
    path = solve_chart(out, node)
    frequencies = node.strategy()["frequencies"]
    summary = ", ".join(f"{a} {100 * f:.1f} %" for a, f in zip(node.actions, frequencies))
    click.echo(f"wrote {path}: {str(node.player).upper()} to act, {summary}")  # a decision: a player acts
