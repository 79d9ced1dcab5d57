"""``pokerlab hits``: how often a range makes each hand and draw on a board or over every flop.

Registered lazily in ``pokerlab.simulate.cli.main`` (``LAZY_COMMANDS``); a thin shell over
:func:`pokerlab.simulate.ranges.hits.hit_frequencies`.
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import click

from pokerlab.errors import InputError

from ._common import HELP_OPTIONS, JSON_HELP, emit_json, friendly_errors
from .printing import text_table


@click.command("hits", context_settings=HELP_OPTIONS)
@click.argument("hand_range", metavar="RANGE")
@click.option("--board", "-b", default=None, help="The board (3, 4 or 5 cards), e.g. Qs7h2c.")
@click.option("--flop", type=click.Choice(["any"]), default=None, help="Count over every flop (the default).")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP + " Shares in 0..1.")
@friendly_errors
def hits_command(hand_range: str, board: str | None, flop: str | None, as_json: bool) -> None:
    """Show how often RANGE makes each hand and draw on a board, or over every flop.

    Made hands partition the range (pairs split into overpair, top pair by
    kicker, middle and bottom pair, underpair, board pair only; "at least" is
    that hand or better); draws overlap. Counts are exact and weighted.

    \b
    Examples:
      pokerlab hits "22+,AJs+,KQs,AQo+" --board Qs7h2c
      pokerlab hits "22-99" --flop any
      pokerlab hits AKs -b Qs7h2c --json
    """
    from pokerlab.simulate.ranges.hits import hit_frequencies

    if board is not None and flop is not None:
        raise InputError("give --board or --flop any, not both")
    result = hit_frequencies(hand_range, board=board)
    if as_json:
        emit_json(result.to_dict())
        return
    per = "combos" if result.boards == 1 else f"combo-flops ({result.boards:,} flops per combo)"
    click.echo(f"range {result.range} on {result.board}: {result.combos:,.6g} {per}")
    for group, title in (("made", "made hand"), ("draw", "draw"), ("hole", "hole cards")):
        rows = [r for r in result.rows if r.group == group]
        cells = [
            [r.category, f"{r.combos:,.6g}", f"{100 * r.share:.2f}"]
            + ([f"{100 * r.at_least:.2f}"] if r.at_least is not None else [])
            for r in rows
        ]
        headers = [title, "combos", "%"] + (["at least %"] if group == "made" else [])
        click.echo("")
        click.echo(text_table(headers, cells))
