"""The ``pokerlab`` command line: parses arguments, calls the library, prints.

Every command is a thin shell over a library call a user can make too; bad
input is reported as one line on stderr with exit status 2, never a traceback.
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

import click

from pokerlab.errors import InputError, PokerlabError

from ._common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL_ERROR,
    EXIT_INTERRUPTED,
    JSON_HELP,
    OMAHA_RULE_NAMES,
    RULE_NAMES,
    choice_option,
    emit_json,
    friendly_errors as _friendly_errors,
)
from .printing import EVAL_KEYS, hand_report, json_text, report_text

# Commands defined in other modules, imported only when named (or listed by --help): every call of
# `pokerlab eval` or `pokerlab equity` would otherwise pay for the modules of all the others.
LAZY_COMMANDS = {
    "bench": ("bench", "bench_command"),
    "play": ("game", "play_command"),
    "simulate": ("game", "simulate_command"),
    "replay": ("replay", "replay_command"),
    "table": ("tables", "table_command"),
    "chart": ("tables", "chart_command"),
    "cache": ("cache", "cache_command"),
    "hits": ("ranges", "hits_command"),
    "verify": ("verify", "verify_command"),
    "draw": ("draw", "draw_command"),
    "equity": ("equity", "equity_command"),
    "icm": ("tournament", "icm_command"),
    "pushfold": ("tournament", "pushfold_command"),
    "solve": ("solve", "solve_command"),
    "gui": ("gui", "gui_command"),
}


class _Commands(click.Group):
    """The command group: bad input, a bad file, a broken install or memory running out is one line and exit 2 in
    any command.

    Anything else is a bug: one line naming it, exit 1, and the traceback with ``pokerlab --debug``.
    Ctrl-C stops the command at once: what it has printed stays, ``interrupted`` on stderr, exit 130.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            from importlib import import_module

            module, attr = LAZY_COMMANDS[cmd_name]
            self.add_command(getattr(import_module(f"{__package__}.{module}"), attr), cmd_name)
        return super().get_command(ctx, cmd_name)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **kwargs: Any,
    ) -> Any:
        """As click's, but a usage error (a bad option, contradicting flags) is one line too, exit 2."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **kwargs)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:
            exc.show()  # the help text, as click prints it
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            hint = f"; see '{exc.ctx.command_path} --help'" if isinstance(exc, click.UsageError) and exc.ctx else ""
            click.echo(f"error: {exc.format_message().rstrip('.')}{hint}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("\ninterrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return self._invoke_reporting(ctx)
        except MemoryError:
            if ctx.meta.get("pokerlab.debug"):
                raise
        # Said once the handler is left: the frames of its traceback hold what filled the memory.
        self._out_of_memory(ctx)
        return None

    def _invoke_reporting(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, MemoryError):
            raise
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except PokerlabError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except BrokenPipeError:  # the reader went away (`pokerlab ... | head`): nothing left to say
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(0)
        except OSError as exc:
            if not exc.strerror or ctx.meta.get("pokerlab.debug"):
                raise
            where = f": {exc.filename}" if exc.filename else ""
            click.echo(f"error: {exc.strerror}{where}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except Exception as exc:
            if ctx.meta.get("pokerlab.debug"):
                raise
            click.echo(
                f"error: internal error ({type(exc).__name__}: {exc}); this is a bug in pokerlab, "
                "'pokerlab --debug ...' shows the traceback",
                err=True,
            )
            sys.exit(EXIT_INTERNAL_ERROR)

    @staticmethod
    def _out_of_memory(ctx: click.Context) -> None:
        """A command ran out of memory: one line, exit 2. The readers hold a bounded part of a file at a time, so
        what fills the memory is the size of what was asked (a folder, a count of hands or trials) against this
        machine's memory or the limit set on the process: a matter of the input, as a file too large to read is."""
        command = " ".join(part for part in (ctx.command_path, ctx.invoked_subcommand) if part)
        click.echo(
            f"error: out of memory while running '{command}'; ask for less at once (a smaller file, folder or "
            "count) or give it more memory",
            err=True,
        )
        sys.exit(EXIT_BAD_INPUT)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pokerlab")
@click.option("--debug", is_flag=True, envvar="POKERLAB_DEBUG", help="Show the traceback of an internal error.")
@click.pass_context
def main(ctx: click.Context, debug: bool) -> None:
    """pokerlab: fast, verified poker hand evaluation and equity.

    \b
    Examples:
      pokerlab equity AsAh KsKh
      pokerlab equity "QQ+,AKs" random random --board Qs7h2c
      pokerlab eval "As Ks Qs Js Ts 2c 3d"
      pokerlab verify 7card
      pokerlab range "TT+,AKs"
      pokerlab draw "Ah Kh Qh Jh 3c"
      pokerlab play holdem --players 4 --bots tight,loose,equity
      pokerlab simulate holdem --hands 10000 --bots tight,loose,station --seed 1
      pokerlab bench --quick
      pokerlab cache warm

    Every command takes --help (-h); --json prints JSON in one layout. Shell
    completion (bash): eval "$(_POKERLAB_COMPLETE=bash_source pokerlab)".
    Exit status: 0 done, 1 a failed check or a bug, 2 bad input, 130 Ctrl-C.
    """
    ctx.meta["pokerlab.debug"] = debug
    if _stderr_is_terminal():
        from pokerlab import compiles  # numba-free: nothing is imported for a command that compiles nothing

        compiles.add_listener(_say_compiling)


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def _say_compiling(kernel: str) -> None:
    """Before the first compile of the process (a terminal only): what is compiled and about how long."""
    from pokerlab import compiles

    compiles.remove_listener(_say_compiling)
    click.echo(f"pokerlab: {compiles.describe(kernel)}", err=True)


@main.command("eval")
@click.argument("cards", nargs=-1, required=True)
@choice_option(
    "--rules",
    "-r",
    choices=RULE_NAMES + OMAHA_RULE_NAMES,
    default="high",
    help="How hands rank: high, lowball (ace-five, deuce-seven), wild cards (five cards; the joker is Jk), "
    "short-deck (36 cards, 6 to A: a flush beats a full house), "
    "or Omaha (omaha, omaha-hilo: 4-6 hole CARDS with --board).",
)
@click.option("--board", "-b", default=None, help="Omaha: the board (3, 4 or 5 cards), e.g. Ts9s2c.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_friendly_errors
def eval_command(cards: tuple[str, ...], rules: str, board: str | None, as_json: bool) -> None:
    """Rank the best five of 5, 6 or 7 CARDS (Omaha: two of 4-6 hole CARDS and three of --board).

    Cards are written rank then suit, together or apart, any case: "AsKh",
    "as kh", "10h" is "Th"; the joker is "Jk". The rank is larger for a
    better hand under every ruleset. In Omaha hi/lo the low is an
    ace-to-five low of ranks eight or lower, or none.

    \b
    Examples:
      pokerlab eval "As Ks Qs Js Ts 2c 3d"
      pokerlab eval Kh Kd Kc 3s 3h --json
      pokerlab eval "Kh 7d 5c 4s 3h 2d 2c" --rules deuce-seven
      pokerlab eval "Jk As Ad Ac Ah" --rules bug
      pokerlab eval --rules omaha "AsKsQdJd" --board "Ts9s2c"
      pokerlab eval --rules omaha-hilo "As2d9c9h" --board "3h4h5cKsKd"
    """
    if rules in OMAHA_RULE_NAMES:
        _eval_omaha(" ".join(cards), board, rules, as_json)
        return
    if board is not None:
        raise InputError(f"--board is for Omaha (--rules omaha or omaha-hilo); rules {rules!r} rank whole hands")
    report = hand_report(" ".join(cards), rules)
    click.echo(json_text(report) if as_json else report_text(report, EVAL_KEYS))


def _eval_omaha(hole: str, board: str | None, rules: str, as_json: bool) -> None:
    """``pokerlab eval --rules omaha|omaha-hilo HOLE --board BOARD``."""
    from pokerlab import evaluator
    from pokerlab.evaluator.api import best_low_five
    from pokerlab.evaluator.omaha import check_hand, evaluate_omaha

    if board is None:
        raise InputError(f"--rules {rules} needs the board: --board, e.g. --board Ts9s2c")
    hole_ids, board_ids = check_hand(hole, board)
    value = evaluate_omaha(hole_ids, board_ids, rules=rules)
    high, low = value if isinstance(value, tuple) else (value, None)
    result: dict[str, Any] = {
        "cards": evaluator.format_cards(hole_ids, " "),
        "board": evaluator.format_cards(board_ids, " "),
        "rules": rules,
        "rank": high,
        "category": evaluator.category_name(high),
        "category_index": evaluator.category(high),
        "description": evaluator.describe(high),
        "best_five": evaluator.format_cards(evaluator.best_five(f"{hole} | {board}", rules="omaha"), " "),
    }
    keys = ["cards", "board", "rules", "category", "description", "best_five", "rank"]
    if low is not None:
        five = best_low_five((hole_ids, board_ids))
        result["low"] = low or None
        result["low_description"] = evaluator.describe(evaluator.ruled_value(low, "ace-five")) if low else "no low"
        result["best_low"] = evaluator.format_cards(five, " ") if five else None
        keys += ["low_description", "best_low", "low"]
    click.echo(json_text(result) if as_json else report_text(result, keys))


@main.command("range")
@click.argument("text")
@click.option("--dead", "-d", default="", help="Cards removed from the range, e.g. 'AsKd'.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP + " The combos and their weights.")
@click.option(
    "--plain",
    is_flag=True,
    help="Plain text grid: each cell's share of the class in %, '.' for none (the default "
    "when stdout is not a terminal).",
)
@_friendly_errors
def range_command(text: str, dead: str, as_json: bool, plain: bool) -> None:
    """Expand a hand range, count its combos and draw the 13x13 grid.

    Syntax: AA, AKs, AKo, AK, TT+, A2s+, 22-55, A5s-A2s, AhKh, random,
    weights as AA@50 (percent) or AA:0.5 (fraction); items separated by commas.

    \b
    Examples:
      pokerlab range "TT+,AKs"
      pokerlab range "22+,A2s+,KTo+" --dead AsKd --json
    """
    from pokerlab.evaluator.cards import cards_to_mask, format_cards
    from pokerlab.simulate.ranges.parse import parse_range, render_grid

    r = parse_range(text)
    if dead:
        r = r.remove(cards_to_mask(dead))
        if len(r) == 0:
            raise InputError(f"range {text!r} has no combos left once {dead} is removed")
    if as_json:
        combos = [{"combo": format_cards(c), "weight": float(w)} for c, w in zip(r.combos.tolist(), r.weights.tolist())]
        emit_json({"range": str(r), "combos": len(r), "weight": r.total_weight, "list": combos})
        return
    # Colours mark membership only on a terminal; piped output must show it in text.
    grid = render_grid(r, plain=plain or not sys.stdout.isatty())
    if isinstance(grid, str):
        click.echo(grid)
    else:
        from rich.console import Console

        Console().print(grid)
    click.echo(f"range: {r}")


if __name__ == "__main__":
    main()
