"""``pokerlab replay``: a PHH file or folder replayed through pokerlab's rules; parse, call the library, print.

Registered in ``pokerlab.simulate.cli.main``. A module of its own: a folder of plain hands replays through the
histories' fast path, and this command loads neither the engine nor the bots that ``play`` and ``simulate`` need.
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import click

from pokerlab.errors import InputError
from pokerlab.simulate import histories
from pokerlab.simulate.histories.dataset import iter_results
from pokerlab.simulate.histories.errors import PHHError
from pokerlab.simulate.histories.rake import RakeLimit
from pokerlab.threads import MAX_JOBS

from ._common import EXIT_BAD_INPUT, EXIT_FAILED_CHECK, JSON_HELP, JsonList, ProgressBar
from .printing import folder_report


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


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
    help="A folder: worker processes on Linux (0: one per core no other process keeps busy; 1: this process "
    "only), at most one per core. A file, or a folder of fewer than 1,000 files, replays in this process.",
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


def _rake_limit(fraction: float, cap: str | None) -> RakeLimit:
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
    from pokerlab.simulate.histories.results import format_replay  # the engine: a file replays through it

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
    shown = sys.stderr.isatty() and not quiet and not as_json
    bar = ProgressBar("replaying", enabled=shown, delay=1.0)
    with bar:
        summary = histories.replay_tree(  # by the package's name: a test stands in for it there
            folder,
            fill_skipped=fill_skipped,
            rake=rake,
            progress=(lambda done, total: bar(done / max(total, 1))) if shown else None,  # None: no stat a file
            jobs=jobs,
        )
    if not summary.files:  # told after the one walk of the tree, which found nothing to replay
        _fail(f"{folder}: no .phh or .phhs files in this folder tree")
    text, status = folder_report(summary, as_json, fill_skipped)
    click.echo(text)
    if status:
        sys.exit(status)
