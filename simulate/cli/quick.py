"""The commonest one-shot queries, answered before click (and numpy) are imported.

``pokerlab eval CARDS [--json]`` (high hands), ``pokerlab equity HAND HAND [--json]`` (two specific hands
before the flop, from the shipped heads-up table) and ``pokerlab replay FOLDER [--json] [-q|--quiet]
[--jobs N]`` (the folder replayed by the same library call) print exactly what the click commands print, from
the same functions (:mod:`.printing`). Importing click and building the command group costs a whole process
about as much as the answer itself (a folder of plain hands replays in a few times that), and these are the
queries a user types most and peers answer fastest. Anything else, including every other option, a bad card,
a spot the table does not hold, a file, a folder without hands, any error, or a terminal (where the click
command shows a progress bar), returns None having printed nothing, and the click commands take over (and
report bad input).
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence

from pokerlab.errors import PokerlabError

from .printing import EVAL_KEYS, equity_text, folder_report, hand_report, json_text, report_text


def answer(args: Sequence[str]) -> int | None:
    """Print the answer to ``args`` (``sys.argv[1:]``) and return the exit status, or None for click to handle.

    >>> answer(["eval", "As Ks Qs Js Ts"])  # doctest: +NORMALIZE_WHITESPACE
    cards        As Ks Qs Js Ts
    rules        high
    category     Royal flush
    description  Royal flush
    best five    As Ks Qs Js Ts
    rank         36865
    0
    >>> answer(["eval", "As Ks Qs Js Ts", "--rules", "ace-five"]) is None
    True
    """
    if args and args[0] == "replay":
        return _replay(args[1:])
    if not args or args[0] not in ("eval", "equity"):
        return None
    command, rest = args[0], [arg for arg in args[1:] if arg != "--json"]
    if not rest or any(arg.startswith("-") for arg in rest):
        return None  # an option click must parse (or --help)
    as_json = len(rest) < len(args) - 1
    try:
        text = _eval_text(rest, as_json) if command == "eval" else _equity_text(rest, as_json)
    except PokerlabError:
        return None  # bad input: the click command reports it, in its own words
    if text is None:
        return None
    return _printed(text, 0)


def _printed(text: str, status: int) -> int | None:
    """Print ``text`` and return ``status``; None, having printed nothing, when stdout cannot encode it (click's
    words for that)."""
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return None
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`pokerlab ... | head`): exit 0, as the click commands do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


def _eval_text(cards: list[str], as_json: bool) -> str:
    report = hand_report(" ".join(cards), "high")
    return json_text(report) if as_json else report_text(report, EVAL_KEYS)


def _equity_text(players: list[str], as_json: bool) -> str | None:
    if len(players) != 2:
        return None
    from pokerlab.simulate.equity.holdem_table import two_hands

    result = two_hands(players, threads=None)
    return None if result is None else equity_text(result, as_json)


# The replay options the quick path reads (each at most once), and what each sets.
_REPLAY_FLAGS = {"--json": "as_json", "-q": "quiet", "--quiet": "quiet"}
_REPLAY_VALUES = {"--jobs": "jobs", "-j": "jobs"}


def _replay_request(args: Sequence[str]) -> dict[str, str] | None:
    """``replay``'s arguments as ``{"path", "as_json", "quiet", "jobs"}`` (those given), or None for any other shape.

    >>> _replay_request(["data", "--json", "-j", "1"])
    {'path': 'data', 'as_json': '', 'jobs': '1'}
    >>> _replay_request(["data", "--jobs=1"]) is None
    True
    """
    given: dict[str, str] = {}
    words = iter(args)
    for word in words:
        if word in _REPLAY_FLAGS:
            name, value = _REPLAY_FLAGS[word], ""
        elif word in _REPLAY_VALUES:
            name, value = _REPLAY_VALUES[word], next(words, "")
            if not value.isascii() or not value.isdigit() or len(value) > 6:
                return None  # a count click must parse, or report (int() refuses thousands of digits)
        elif word.startswith("-") or not word:
            return None  # any other option, --help, "--", "-": click's
        else:
            name, value = "path", word
        if name in given:
            return None  # given twice: click says what that means
        given[name] = value
    return given if "path" in given else None


def _replay(args: Sequence[str]) -> int | None:
    """``pokerlab replay FOLDER``'s summary and exit status, from the same call and text as the click command's;
    None, having printed nothing, for click to take over (a terminal, where click shows a bar and says what it
    compiles; a folder without hands; any error, which click reports in its own words)."""
    from pokerlab.simulate import histories
    from pokerlab.threads import MAX_JOBS

    request = _replay_request(args)
    if request is None or int(request.get("jobs", "0")) > MAX_JOBS or not os.path.isdir(request["path"]):
        return None
    if sys.stderr is None or sys.stderr.isatty():
        return None
    # A hand's objects are freed as it ends: the collector's young-generation passes, one per 700 objects by
    # default, find next to nothing in a replay (3-4 % of a folder of plain hands); fewer, never none.
    thresholds = gc.get_threshold()
    gc.set_threshold(50_000, *thresholds[1:])
    try:
        summary = histories.replay_tree(request["path"], jobs=int(request.get("jobs", "0")))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)  # the click commands' words and exit status for Ctrl-C
        return 130
    except Exception:  # noqa: BLE001 - any trouble: the click command replays the folder and reports it its own way
        return None
    finally:
        gc.set_threshold(*thresholds)
    if not summary.files:
        return None  # click says there is nothing to replay
    text, status = folder_report(summary, "as_json" in request, fill_skipped=False)
    return _printed(text, status)
