"""``pokerlab bench``: the command line of :mod:`pokerlab.simulate.bench` (parses, runs, prints; nothing else).

Registered in ``pokerlab.simulate.cli.main`` with ``main.add_command(bench_command)``. Heavy
modules (numpy, numba, the peers, matplotlib) are imported inside the
command, so ``pokerlab --help`` stays fast.
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import Any

import click

from ._common import EXIT_BAD_INPUT, JSON_HELP, emit_json, refuse_together

EXIT_WRONG_ANSWER = 1


def _progress_bar() -> Any:  # click.progressbar's bar, or None
    """A click progress bar on stderr when stderr is a terminal, else None."""
    if not sys.stderr.isatty():
        return None
    return click.progressbar(length=1000, label="bench", file=sys.stderr, show_eta=False, width=30)


NOT_COMPILED_HINT = (
    "warning: the compiled per-call evaluator is not built (a source tree, or a failed build): evaluate runs in "
    "pure Python and the per-call figures will be several times too slow; reinstall with pip install ."
)


def _run(quick: bool, only: tuple[str, ...], repeat: int | None, postflop_solver: str, postflop_spots: str) -> Any:
    """Run the bench with a progress bar on a terminal; an unknown ``--only`` name is bad input. The last two are
    the solver cases' peer binary and spots folder ("": their environment variables)."""
    from pokerlab.simulate.bench import run_bench
    from pokerlab.simulate.bench.machine import compiled_per_call

    if not compiled_per_call():
        click.echo(NOT_COMPILED_HINT, err=True)
    bar = _progress_bar()
    run = partial(run_bench, quick=quick, only=only or None, repeat=repeat, postflop_solver=postflop_solver,
                  postflop_spots=postflop_spots)  # fmt: skip
    try:
        if bar is None:
            return run()
        with bar:

            def progress(fraction: float, label: str) -> None:
                bar.label = f"bench {label:12}"
                bar.update(max(0, int(fraction * 1000) - bar.pos))

            return run(progress=progress)
    except ValueError as exc:  # an unknown --only name
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_BAD_INPUT)


def _list_cases() -> None:
    """``--list``: the sections, then every case with its section and title (the opt-in ones last)."""
    from pokerlab.simulate.bench.cases import CASES, OPT_IN_CASES, OPT_IN_SECTIONS, SECTIONS

    click.echo(f"sections: {', '.join(SECTIONS)} ({', '.join(OPT_IN_SECTIONS)}: only when named by --only)")
    id_width = max(len(case.id) for case in CASES + OPT_IN_CASES)
    for case in CASES + OPT_IN_CASES:
        line = f"  {case.id:{id_width}}  {case.section:10} {case.title}"
        click.echo(line + (f": {case.spot}" if case.players else ""))


@click.command("bench", context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--quick", is_flag=True, help="Smaller hands, fewer rounds: under a minute (default: several minutes).")
@click.option("--repeat", type=click.IntRange(min=1), help="Timed rounds per case (default 9, --quick up to 5).")
@click.option(
    "--only",
    multiple=True,
    metavar="NAME[,NAME]",
    help="Run only these sections (batch, per-call, enumerate, rules, equity, omaha, stud, short-deck, badugi, "
    "histories, game, ranges, tournament, solver) or case ids (--list). The solver section (pokerlab's postflop "
    "solver against postflop-solver, minutes a case) runs only when named.",
)
@click.option(
    "--postflop-solver",
    "postflop_solver",
    metavar="PATH",
    default="",
    help="The solver cases' peer: the bench binary that shared/peers/postflop-solver/build.sh prints "
    "(default: $POSTFLOP_SOLVER_BENCH; without it the peer's rows say it is missing).",
)
@click.option(
    "--postflop-spots",
    "postflop_spots",
    metavar="DIR",
    default="",
    help="The peer's spot files (default: $POSTFLOP_SOLVER_SPOTS, else shared/peers/postflop-solver/spots beside "
    "the checkout).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "markdown", "json"]),
    help="text (default); markdown: the documentation's table (date, machine, one row per case); json: raw rounds "
    "and summaries.",
)
@click.option("--json", "as_json", is_flag=True, help="Short for --format json. " + JSON_HELP)
@click.option("--markdown", "as_markdown", is_flag=True, help="Short for --format markdown.")
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False, writable=True),
    help="Also write a bar chart (log scale, error bars) to FILE.png or FILE.svg; needs matplotlib.",
)
@click.option(
    "--from-json",
    "from_json",
    type=click.Path(exists=True, dir_okay=False),
    help="Do not run: load a report saved with --json and print or plot it.",
)
@click.option("--list", "list_cases", is_flag=True, help="List the sections and cases, and exit.")
def bench_command(  # noqa: PLR0913  (a click command: one parameter per option)
    quick: bool,
    repeat: int | None,
    only: tuple[str, ...],
    fmt: str | None,
    as_json: bool,
    as_markdown: bool,
    plot_path: str | None,
    from_json: str | None,
    list_cases: bool,
    postflop_solver: str,
    postflop_spots: str,
) -> None:
    """Time pokerlab's evaluator and equity side by side with every installed peer.

    Peers (the ``peers`` extra: pokerfast, pkrbot, eval7, phevaluator, treys,
    pokerkit) run the same hands, converted to their own card form before
    timing. Each library is checked to order the hands as pokerlab does (or
    to agree on the equity) first; a wrong answer is refused. Figures are
    the median of rounds that alternate the libraries, with their spread and
    each peer's ratio to pokerlab from the same rounds. Progress goes to
    stderr, the report to stdout.

    \b
    Examples:
      pokerlab bench --quick
      pokerlab bench --markdown > perf.md
      pokerlab bench --only equity --repeat 5
      pokerlab bench --json > bench.json
      pokerlab bench --from-json bench.json --plot bench.svg
      pokerlab bench --only solver --postflop-solver "$BENCH" --json > solver.json
    """
    refuse_together(format=fmt is not None, json=as_json, markdown=as_markdown)
    fmt = fmt or ("json" if as_json else "markdown" if as_markdown else "text")
    if plot_path and Path(plot_path).suffix.lower() not in (".png", ".svg", ".pdf"):
        raise click.BadParameter("the chart file must end in .png, .svg or .pdf", param_hint="--plot")
    if plot_path:
        try:
            import matplotlib  # noqa: F401  (checked before a minute of benchmarking, not after)
        except ImportError:
            click.echo('error: --plot needs matplotlib: pip install "pokerlab[plot]" (or matplotlib)', err=True)
            sys.exit(EXIT_BAD_INPUT)
    from pokerlab.simulate.bench import BenchReport
    from pokerlab.simulate.bench.report import WRONG

    if list_cases:
        _list_cases()
        return
    if from_json:
        try:
            report = BenchReport.from_json(Path(from_json).read_text())
        except (ValueError, UnicodeDecodeError) as exc:
            raise click.BadParameter(f"{from_json}: {exc}", param_hint="--from-json") from None
    else:
        report = _run(quick, only, repeat, postflop_solver=postflop_solver, postflop_spots=postflop_spots)
    if fmt == "json":
        emit_json(report.to_dict())
    elif fmt == "markdown":
        click.echo(report.to_markdown())
    else:
        click.echo(report.to_text())
    if plot_path:
        report.plot(plot_path)
        click.echo(f"chart written to {plot_path}", err=True)
    wrong = [(c.id, e.key) for c in report.cases for e in c.entries if e.status == WRONG]
    if wrong:
        click.echo(
            "error: refused for a wrong answer (not timed): " + ", ".join(f"{k} in {c}" for c, k in wrong), err=True
        )
        sys.exit(EXIT_WRONG_ANSWER)


if __name__ == "__main__":
    bench_command()
