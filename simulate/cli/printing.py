"""What the commands print, as text, without click: the JSON layout, aligned tables, reports and equity tables.

The click commands echo these strings, and :mod:`.quick` prints the same strings for the queries it answers
before click is imported, so the two paths cannot drift apart.
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

from collections.abc import Mapping, Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a command-line answer's start-up loads this
if TYPE_CHECKING:
    from typing import Any

    from pokerlab.simulate.equity.result import EquityResult
    from pokerlab.simulate.histories.dataset import ReplaySummary

JSON_INDENT = 2
# The lines of `pokerlab eval`'s text report, in order (its JSON has every key of hand_report).
EVAL_KEYS = ("cards", "rules", "category", "description", "best_five", "rank")
HILO_COLUMNS = ["high win %", "high tie %", "low win %", "low tie %", "scoop %", "quarter %"]


def json_text(data: Any) -> str:
    """The one JSON layout of every command: indent 2, no NaN.

    >>> print(json_text({"a": 1, "b": [1, 2]}))
    {
      "a": 1,
      "b": [
        1,
        2
      ]
    }
    """
    import json  # here: the text reports of the quick path need no json module

    return json.dumps(data, indent=JSON_INDENT, allow_nan=False)


def text_table(headers: list[str], rows: list[list[str]], right: set[int] | None = None) -> str:
    """Plain aligned text table (numbers right-aligned).

    >>> print(text_table(["hand", "combos"], [["AA", "6"], ["AKs", "4"]]))
    hand  combos
    ----  ------
    AA         6
    AKs        4
    """
    right = right if right is not None else set(range(1, len(headers)))
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            str(c).rjust(w) if i in right else str(c).ljust(w) for i, (c, w) in enumerate(zip(cells, widths))
        ).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


def report_text(report: Mapping[str, Any], keys: Sequence[str]) -> str:
    """One aligned ``name  value`` line per key, names spelled with spaces, None shown as ``-``.

    >>> print(report_text({"best_five": "As Ks", "rank": 7, "low": None}, ["best_five", "rank", "low"]))
    best five  As Ks
    rank       7
    low        -
    """
    width = max(len(key) for key in keys)
    return "\n".join(f"{key.replace('_', ' '):<{width}}  {'-' if report[key] is None else report[key]}" for key in keys)


def hand_report(cards: str, rules: str) -> dict[str, Any]:
    """What ``pokerlab eval CARDS --rules RULES`` reports of a whole hand (5-7 cards, any ruleset but Omaha's).

    >>> hand_report("As Ks Qs Js Ts", "high")["description"]
    'Royal flush'
    """
    from pokerlab import evaluator
    from pokerlab.evaluator.rules import get_rules

    ruleset = get_rules(rules)
    ids = evaluator.parse_cards(cards, count=ruleset.hand_sizes, deck_size=ruleset.deck_size)
    rank = evaluator.evaluate(ids, rules=rules)
    return {
        "cards": evaluator.format_cards(ids, " "),
        "rules": rules,
        "rank": rank,
        "category": evaluator.category_name(rank, rules=rules),
        "category_index": evaluator.category(rank),
        "description": evaluator.describe(rank, rules=rules),
        "best_five": evaluator.format_cards(evaluator.best_five(ids, rules=rules), " "),
    }


def equity_text(result: EquityResult, as_json: bool) -> str:
    """An equity result as JSON, or as the table and footer of its game's family."""
    if as_json:
        return json_text(result.to_dict())
    if result.family in ("holdem", "draw", "short-deck"):
        return _holdem_text(result)
    return _split_pots_text(result)


def _holdem_text(result: EquityResult) -> str:
    rows = [
        [str(i + 1), p.hand, f"{p.combos:,}", f"{100 * p.win:.3f}", f"{100 * p.tie:.3f}", f"{100 * p.equity:.3f}"]
        for i, p in enumerate(result.players)
    ]
    table = text_table(["player", "hand", "combos", "win %", "tie %", "equity %"], rows, right={0, 2, 3, 4, 5})
    if result.method != "exact":
        return f"{table}\n{monte_carlo_footer(result)}"
    # With a range, every combination of the players' hands meets every board: say so.
    counted = "boards" if all(p.combos == 1 for p in result.players) else "deals (hand combinations x boards)"
    if result.family == "draw":
        counted = "joint draws"
    return f"{table}\nexact: {result.boards:,.0f} {counted} in {result.seconds:.3f} s"


def _split_pots_text(result: EquityResult) -> str:
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
    table = text_table(header, rows, right={0, *range(2, len(header))})
    if combos:
        counted = "boards" if all(p.combos == 1 for p in result.players) else "deals (hand combinations x boards)"
        exact_count = f"{result.boards or 0:,} {counted}"
        notes = f"; no low on {100 * result.no_low:.3f} % of boards" if result.no_low is not None else ""
    else:
        exact_count = f"{result.deals or 0:,} deals"
        notes = "; the seventh-street card is one community card (short deck)" if result.community else ""
        notes += f"; no low on {100 * result.no_low:.3f} % of deals" if result.no_low is not None else ""
    if result.method == "exact":
        return f"{table}\nexact: {exact_count} in {result.seconds:.3f} s{notes}"
    return f"{table}\n{monte_carlo_footer(result)}{notes}"


def monte_carlo_footer(result: Any) -> str:
    """``Monte Carlo: N trials in S s, standard error E % (seed, threads)``, for every game's result."""
    error = "not estimable (too few trials)" if result.stderr is None else f"{100 * result.stderr:.3f} %"
    return (
        f"Monte Carlo: {result.trials:,} trials in {result.seconds:.3f} s, standard error {error} "
        f"(seed {result.seed}, {result.threads} threads)"
    )


def folder_report(summary: ReplaySummary, as_json: bool, fill_skipped: bool) -> tuple[str, int]:
    """What ``pokerlab replay FOLDER`` prints of a folder's summary, and its exit status: the JSON, or the table, the
    first warnings, a hint when hands broke off at an action out of turn, and the rate; 2 when a file failed to
    parse, 1 when a hand has a problem, else 0.

    >>> from pokerlab.simulate.histories.dataset import ReplaySummary
    >>> summary = ReplaySummary("hands")
    >>> summary.add("illegal", "hands/a.phh: hand [1]", "p2 acts out of turn", cause="out-of-turn")
    >>> text, status = folder_report(summary, as_json=False, fill_skipped=False)
    >>> print(text)
    hands: 0 file(s), 1 hand(s) read in 0.0 s
      ok                       0
      unknown outcome          0
      winnings not recorded         0
      differs                  0
      unfinished               0
      illegal                  1
          hands/a.phh: hand [1]: p2 acts out of turn
      unreadable               0
      files that failed to parse: 0
      (records that leave out folds replay with --fill-skipped)
    >>> status
    1
    """
    from pokerlab.simulate.histories.statuses import OUT_OF_TURN  # a module of names: nothing else loads

    status = 2 if summary.failed_files else 1 if summary.problems else 0  # _common's EXIT_BAD_INPUT, _FAILED_CHECK
    if as_json:
        return json_text(summary.to_dict()), status
    lines = [summary.table()]
    lines += [f"  warning: {message}" for message in summary.warnings[:5]]
    if summary.causes.get(OUT_OF_TURN) and not fill_skipped:
        lines.append("  (records that leave out folds replay with --fill-skipped)")
    if summary.seconds > 0:
        lines.append(f"  {summary.hands / summary.seconds:,.0f} hands/s")
    return "\n".join(lines), status
