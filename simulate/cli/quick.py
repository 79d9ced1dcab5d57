"""The two commonest one-shot queries, answered before click (and numpy) are imported.

``pokerlab eval CARDS [--json]`` (high hands) and ``pokerlab equity HAND HAND [--json]`` (two specific
hands before the flop, from the shipped heads-up table) print exactly what the click commands print, from
the same functions (:mod:`.printing`). Importing click and building the command group costs a whole
process about as much as the answer itself, and these are the queries a user types most and peers answer
fastest. Anything else, including every option but ``--json``, a bad card or a spot the table does not
hold, returns None having printed nothing, and the click commands take over (and report bad input).
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from pokerlab.errors import PokerlabError


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
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`pokerlab ... | head`), as the click commands handle it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _eval_text(cards: list[str], as_json: bool) -> str:
    from .printing import EVAL_KEYS, hand_report, json_text, report_text

    report = hand_report(" ".join(cards), "high")
    return json_text(report) if as_json else report_text(report, EVAL_KEYS)


def _equity_text(players: list[str], as_json: bool) -> str | None:
    if len(players) != 2:
        return None
    from pokerlab.simulate.equity.holdem_table import two_hands

    from .printing import equity_text

    result = two_hands(players, threads=None)
    return None if result is None else equity_text(result, as_json)
