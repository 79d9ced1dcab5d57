"""``pokerlab verify``: every hand of a table enumerated and checked against published counts and an independent order.

Registered lazily in ``pokerlab.simulate.cli.main`` (``LAZY_COMMANDS``).
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import sys
from typing import Any

import click

from ._common import (
    EXIT_FAILED_CHECK,
    HELP_OPTIONS,
    JSON_HELP,
    all_threads,
    emit_json,
    friendly_errors,
    refuse_together,
    threads_option,
)
from .printing import text_table

VERIFY_GROUPS = {
    "high": ["5card", "6card", "7card"],
    "ace-five": ["ace-five-5card", "ace-five-7card"],
    "lowball": ["ace-five-5card", "ace-five-7card", "deuce-seven-5card", "ace-five-joker", "deuce-seven-joker"],
    "wild": ["joker", "bug", "two-jokers", "deuces"],
    "short-deck": ["short-deck-5card", "short-deck-7card"],
}
# The names of evaluator.verify.table_names(), written here so that help does not import numpy.
VERIFY_TABLES = ["5card", "6card", "7card", "ace-five-5card", "ace-five-7card", "deuce-seven-5card"]
VERIFY_TABLES += ["ace-five-joker", "deuce-seven-joker", "joker", "bug", "two-jokers", "deuces"]
VERIFY_TABLES += ["short-deck-5card", "short-deck-7card", "badugi", "jacks", "omaha"]


@click.command("verify", context_settings=HELP_OPTIONS)
@click.argument("table", type=click.Choice([*VERIFY_TABLES, *VERIFY_GROUPS, "all"]), default="all")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP + " A list when TABLE names several tables.")
@threads_option()
@click.option("--parallel", "legacy_threads", flag_value="all", hidden=True, help="Deprecated: --threads.")
@click.option("--single", "legacy_threads", flag_value="one", hidden=True, help="Deprecated: --threads 1.")
@friendly_errors
def verify_command(table: str, as_json: bool, threads: int | None, legacy_threads: str | None) -> None:
    """Enumerate every hand of TABLE and compare category counts with published ones.

    Tables: high hands (5card, 6card, 7card), lowball (ace-five-5card,
    ace-five-7card, deuce-seven-5card, ace-five-joker, deuce-seven-joker),
    wild cards (joker, bug, two-jokers, deuces), the short deck
    (short-deck-5card, short-deck-7card), badugi (every four-card hand), jacks (deals holding jacks
    or better) and omaha (every Omaha high hand on the flop, suit-reduced,
    against the five-card evaluator); or a group: high, ace-five, lowball,
    wild, short-deck, or all: every table above, omaha and jacks included. all is the
    default, so "pokerlab verify" alone takes minutes, most of them omaha's;
    each table is printed as it is done (on a terminal, a line on stderr
    names the table under way). Every table's rank
    classes are also checked in order against an independent ranking, per
    call and in a batch. Exits 1 when any check fails. The column "check"
    says ok when the count equals the published one.

    \b
    Examples:
      pokerlab verify 7card
      pokerlab verify wild
      pokerlab verify all --json
    """
    from pokerlab.evaluator.verify import table_names, verify

    if legacy_threads is not None:
        if threads is not None:
            refuse_together(threads=True, **{"parallel" if legacy_threads == "all" else "single": True})
        threads = 1 if legacy_threads == "one" else None
    names = table_names() if table == "all" else VERIFY_GROUPS.get(table, [table])
    results: list[dict[str, Any]] = []

    def run_all() -> None:
        for i, name in enumerate(names, start=1):
            if len(names) > 1 and not as_json and sys.stderr.isatty():
                click.echo(f"verifying {name} ({i} of {len(names)})...", err=True)
            results.append(verify(name, parallel=threads != 1))
            if not as_json:
                _print_result(results[-1])  # each table as it is done: "all" takes minutes

    _with_threads(threads, run_all)
    if as_json:
        emit_json(results if len(names) > 1 else results[0])
    sys.exit(0 if all(r["ok"] for r in results) else EXIT_FAILED_CHECK)


def _print_result(result: dict[str, Any]) -> None:
    """One table's counts against the published ones, any order problem, and its verdict."""
    rows = [
        [
            r["label"],
            f"{r['count']:,}",
            f"{r['published']:,}" if r["published"] is not None else r.get("reference", "computed, no published value"),
            ("ok" if r["ok"] else "DIFFERS") if r["published"] is not None or "reference" in r else "",
        ]
        for r in result["rows"]
    ]
    click.echo(f"{result['name']}: {result['total']:,} hands")
    click.echo(text_table(["category", "count", "published", "check"], rows, right={1, 2}))
    if result.get("problem"):
        click.echo(f"out of order: {result['problem']}")
    verdict = "PASS" if result["ok"] else "FAIL"
    click.echo(f"{verdict} in {result['seconds']:.3f} s (source: {result['source']})\n")


def _with_threads(threads: int | None, run):  # type: ignore[no-untyped-def]
    """Run ``run()`` with numba's parallel kernels on ``threads`` threads (None: all cores)."""
    import numba

    previous = numba.get_num_threads()
    numba.set_num_threads(min(threads or all_threads(), all_threads()))
    try:
        return run()
    finally:
        numba.set_num_threads(previous)
