"""``pokerlab solve``: a heads-up postflop spot solved by DCFR, saved and shown again (``pokerlab solve show``).

The spot comes from options or from a spot file (``--spot``, TOML or JSON: the keys of :data:`SPOT_KEYS`, named
as the options are with ``_`` for ``-``); an option given on the command line wins over the file (``--lock``
given at all replaces the file's ``lock`` list).
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import json
import math
import os
import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from ._common import EXIT_INTERRUPTED, HELP_OPTIONS, ProgressBar, emit_json, threads_option

#: The keys of a spot file, each the option of the same name (``flop_bet`` is ``--flop-bet``).
SPOT_KEYS = (
    "board", "oop", "ip", "pot", "stack", "dead", "bet", "raise", "flop_bet", "flop_raise", "turn_bet",
    "turn_raise", "river_bet", "river_raise", "turn_donk", "river_donk", "raise_cap", "allin", "add_allin",
    "force_allin", "merge", "exploitability", "max_iterations", "rake", "rake_cap", "lock",
)  # fmt: skip

_STREETS = ("flop", "turn", "river")
_MIB = 2**20
_MAX_SPOT_FILE = 1 << 20  # bytes: a spot file is a few lines


def default_max_memory() -> int:
    """Half of this machine's physical memory, in bytes (8 GiB where the platform does not tell).

    >>> default_max_memory() > 0
    True
    """
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2
    except (ValueError, OSError, AttributeError):
        return 8 << 30


def _read_spot_file(path: str) -> dict[str, Any]:
    from pokerlab.errors import InputError

    raw = Path(path).read_bytes()
    if len(raw) > _MAX_SPOT_FILE:
        raise InputError(f"{path}: a spot file of {len(raw)} bytes; at most {_MAX_SPOT_FILE}")
    try:
        text = raw.decode("utf-8")
        if path.lower().endswith(".json"):
            data = json.loads(text)
        else:
            try:
                import tomllib
            except ModuleNotFoundError:  # Python 3.10: the same parser, packaged as tomli
                import tomli as tomllib  # type: ignore[no-redef]
            data = tomllib.loads(text)
    except (UnicodeDecodeError, ValueError) as error:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        raise InputError(f"{path}: not a spot file ({str(error).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: a spot file is a table of keys (board, oop, ip, pot, stack, ...)")
    unknown = sorted(set(data) - set(SPOT_KEYS))
    if unknown:
        raise InputError(f"{path}: unknown key {unknown[0]!r}; the keys are {', '.join(SPOT_KEYS)}")
    return data


def _players(text: Any, what: str) -> Any:
    """``"OOP sizes | IP sizes"`` as a mapping by player; text without ``|`` is for both."""
    if isinstance(text, str) and "|" in text:
        parts = text.split("|")
        if len(parts) != 2:
            from pokerlab.errors import InputError

            raise InputError(f"{what}: {text!r}: one '|' between OOP's sizes and IP's")
        return {"oop": parts[0], "ip": parts[1]}
    return text


def _tree_sizes(spot: Mapping[str, Any]) -> dict[str, Any]:
    """The library's size arguments from the options: per street, ``--flop-bet`` over ``--bet``."""
    bets: dict[str, Any] = {}
    raises: dict[str, Any] = {}
    for street in _STREETS:
        bet = spot.get(f"{street}_bet", spot.get("bet"))
        bets[street] = _players(bet, f"--{street}-bet") if bet is not None else "50%, 100%"
        raised = spot.get(f"{street}_raise", spot.get("raise"))
        raises[street] = _players(raised, f"--{street}-raise") if raised is not None else bets[street]
    donks = {
        street: _players(spot[f"{street}_donk"], f"--{street}-donk")
        for street in ("turn", "river")
        if spot.get(f"{street}_donk") is not None
    }
    return {
        "bet_sizes": bets,
        "raise_sizes": raises,
        "donk_sizes": donks or None,
        "raise_cap": spot.get("raise_cap", 2),
        "allin": spot.get("allin", True),
        "add_allin": spot.get("add_allin", 0.0),
        "force_allin": spot.get("force_allin", 0.0),
        "merge": spot.get("merge", 0.0),
    }


def _rake(spot: Mapping[str, Any]) -> dict[str, Any]:
    """The library's rake and lock arguments: ``rake`` in % of the pot becomes a fraction; ``lock`` is one text
    or a list of them."""
    from pokerlab.errors import InputError

    rake = spot.get("rake", 0.0)
    if isinstance(rake, bool) or not isinstance(rake, (int, float)) or not 0 <= rake < 100:
        raise InputError(f"--rake is a percentage of the pot, at least 0 and under 100; got {rake!r}")
    locks = spot.get("lock", ())
    locks = [locks] if isinstance(locks, str) else locks
    if not isinstance(locks, (list, tuple)) or not all(isinstance(text, str) for text in locks):
        raise InputError(f"lock is a list of 'LINE=ACTION:FREQ,...' texts; got {locks!r}")
    return {"rake": rake / 100, "rake_cap": spot.get("rake_cap"), "locks": tuple(locks)}


def _parse(spot: Mapping[str, Any]) -> Any:
    from pokerlab.errors import InputError
    from pokerlab.simulate.solver.spot import Spot

    for key in ("board", "oop", "ip", "pot", "stack"):
        if spot.get(key) is None:
            raise InputError(f"--{key} is needed (or a spot file giving {key})")
    sizes = _tree_sizes(spot)
    return Spot.parse(
        spot["board"], spot["oop"], spot["ip"], spot["pot"], spot["stack"], dead=spot.get("dead") or (), **sizes,
        **_rake(spot),
    )  # fmt: skip


class _Progress:
    """The exploitability at every check on one stderr line (a terminal only), and Ctrl-C as a stop request.

    The fraction done goes to :attr:`ProgressBar.listener` when one is set (``pokerlab gui``'s progress bar): the
    iterations over the budget, or how far the exploitability has come down (in log scale from the first check
    to the target) when that is further.
    """

    def __init__(self, pot: float, shown: bool, max_iterations: int = 1000, target: float = 0.0) -> None:
        self.pot, self.shown, self.stop, self.drawn = pot, shown, False, False
        self.max_iterations, self.target = max_iterations, target
        self.first: float | None = None
        self.fraction = 0.0

    def done(self, iterations: int, exploitability: float | None) -> float:
        """The fraction of the run done: never going back, at most 1.

        >>> progress = _Progress(10.0, False, max_iterations=100, target=0.01)
        >>> progress.done(10, 1.0), progress.done(20, None), progress.done(30, 0.1)
        (0.1, 0.2, 0.5)
        """
        fraction = iterations / self.max_iterations
        if exploitability is not None and self.target > 0:
            if self.first is None:
                self.first = exploitability
            elif self.first > self.target and exploitability > 0:
                way = math.log(self.first / self.target)
                fraction = max(fraction, math.log(self.first / exploitability) / way)
        self.fraction = min(1.0, max(self.fraction, fraction))
        return self.fraction

    def __call__(self, iterations: int, exploitability: float | None) -> bool:
        if ProgressBar.listener is not None:
            ProgressBar.listener(self.done(iterations, exploitability))
        if self.shown and exploitability is not None:
            line = f"iteration {iterations}: exploitability {100 * exploitability / self.pot:.3f} % of the pot"
            click.echo(f"\r{line}  ", err=True, nl=False)
            self.drawn = True
        return self.stop

    def interrupt(self, *_: Any) -> None:
        self.stop = True

    def close(self) -> None:
        if self.drawn:
            click.echo("", err=True)


def _run(spot: Any, options: Mapping[str, Any], max_memory: float, threads: int | None, compressed: bool) -> Any:
    import numpy as np

    from pokerlab.simulate.solver.holdem import solve_spot

    nodes = spot.nodes()
    full, small = (spot.estimate_memory(np.float32, threads or 1, packed) for packed in (False, True))
    chosen = "16-bit compressed" if compressed else "32-bit"
    click.echo(
        f"tree: {nodes:,} nodes, about {full / _MIB:,.1f} MiB 32-bit or {small / _MIB:,.1f} MiB compressed; "
        f"solving {chosen} (limit {max_memory / _MIB:,.0f} MiB)",
        err=True,
    )
    max_iterations = options.get("max_iterations", 1000)
    target = options.get("exploitability", 0.3) / 100 * spot.betting.pot
    progress = _Progress(spot.betting.pot, sys.stderr.isatty(), max_iterations, target)
    previous = signal.signal(signal.SIGINT, progress.interrupt)
    try:
        solution = solve_spot(
            spot, max_iterations=max_iterations, target_exploitability_pct=options.get("exploitability", 0.3),
            max_memory=max_memory, callback=progress, threads=threads or 1, compressed=compressed,
        )  # fmt: skip
    finally:
        signal.signal(signal.SIGINT, previous)
        progress.close()
    return solution, nodes


def _summary(solution: Any, nodes: int) -> list[str]:
    data = solution.to_dict()
    lines = [
        f"board {data['board']}, pot {data['pot']:g}, stack {data['stack']:g}: {nodes:,} nodes",
        f"{data['iterations']} iterations in {data['seconds']:.1f} s, exploitability {data['exploitability']:.4g} "
        f"chips ({data['exploitability_pct']:.3f} % of the pot)"
        + (", 16-bit compressed storage" if data["compressed"] else ""),
    ]
    for player in ("oop", "ip"):
        entry = data[player]
        lines.append(f"{player.upper():>3}: EV {entry['ev']:.4f}, equity {100 * entry['equity']:.2f} %")
    rake = data["rake"]
    if rake["rate"] > 0:
        cap = f", capped at {rake['cap']:g}" if rake["cap"] is not None else ""
        lines.append(f"rake {100 * rake['rate']:g} %{cap}: {rake['expected']:.4f} chips expected")
    lines += [f"locked: {lock.describe()}" for lock in solution.locks]
    lines.append(f"{data['root']['player'].upper()} at the root:")
    lines += [f"  {a['action']:<14} {100 * a['frequency']:6.2f} %" for a in data["root"]["actions"]]
    return lines


_SIZE_HELP = "sizes (e.g. '33%, 75%, a'; 'OOP sizes | IP sizes' for each player its own)"


def _size_options(command: Any) -> Any:
    for street in reversed(("river", "turn", "flop")):
        if street != "flop":
            command = click.option(
                f"--{street}-donk", help=f"OOP's donk {_SIZE_HELP} into the {street} (default: OOP's bet sizes)."
            )(command)
        command = click.option(f"--{street}-raise", help=f"{street.title()} raise {_SIZE_HELP}.")(command)
        command = click.option(f"--{street}-bet", help=f"{street.title()} bet {_SIZE_HELP}.")(command)
    return command


@click.group(
    "solve",
    invoke_without_command=True,
    context_settings=HELP_OPTIONS,
    subcommand_metavar="[show FILE [ACTION...] | report --flops ...]",
)
@click.option("--spot", "spot_file", type=click.Path(dir_okay=False), help="A spot file (TOML, or JSON if .json).")
@click.option("--board", "-b", help="The board: 3, 4 or 5 cards (Qs9h5d).")
@click.option("--oop", help="OOP's range (AA, KQs:0.5, T9s@25).")
@click.option("--ip", help="IP's range.")
@click.option("--pot", type=float, help="The pot at the start, in chips.")
@click.option("--stack", type=float, help="The effective stack behind, in chips.")
@click.option("--dead", "-d", help="Dead cards: never dealt, out of both ranges.")
@click.option("--bet", help=f"Bet {_SIZE_HELP} on every street (default '50%, 100%').")
@click.option("--raise", "raise_", help=f"Raise {_SIZE_HELP} on every street (default: the bet sizes).")
@_size_options
@click.option("--raise-cap", type=int, help="Raises allowed after a street's first bet (default 2).")
@click.option("--allin/--no-allin", default=None, help="The all-in at every bet and raise (default on).")
@click.option("--add-allin", type=float, help="Add the all-in when it is at most this many pots (0: off).")
@click.option("--force-allin", type=float, help="All-in instead of a size leaving at most this SPR once called.")
@click.option("--merge", type=float, help="Merge sizes closer than this (PioSOLVER's rule; 0: off).")
@click.option("--rake", type=float, help="Rake, % of the pot when the hand ends (default 0).")
@click.option("--rake-cap", type=float, help="The most rake taken from one pot, in chips (default: no cap).")
@click.option(
    "--lock",
    multiple=True,
    help="Lock a node: 'LINE=ACTION:FREQ,...', then ' | COMBOS' for some combos only; LINE as 'check/bet 50' "
    "(repeatable).",
)
@click.option("--exploitability", type=float, help="Stop at this exploitability, % of the pot (default 0.3).")
@click.option("--max-iterations", type=click.IntRange(min=1), help="Stop after this many iterations (1000).")
@threads_option(help="Threads to use (default: 1).")
@click.option("--max-memory", type=click.FloatRange(min=0, min_open=True), help="Refuse a tree over this, MiB.")
@click.option("--compressed", is_flag=True, help="Store regrets and strategy sums as 16-bit integers: half the memory.")
@click.option("--save", type=click.Path(dir_okay=False), help="Save the solution to this file (.npz).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the layout of the solve schema).")
@click.pass_context
def solve_command(ctx: click.Context, /, spot_file: str | None, threads: int | None, max_memory: float | None,
                  compressed: bool, save: str | None, as_json: bool, **options: Any) -> None:  # fmt: skip
    """Solve a heads-up postflop spot (flop, turn or river) to a target exploitability.

    \b
    Examples:
      pokerlab solve -b 2s3h4d6c7c --oop 'AsAh,QsQh' --ip KsKh --pot 20 --stack 10 --bet a
      pokerlab solve -b Td9d6hQc --oop 'AA,KK,AQs' --ip 'QQ,JTs:0.5' --pot 200 --stack 900 \\
          --bet '60%, e' --raise 2.5x --save turn.npz
      pokerlab solve show turn.npz check 'bet 120'

    Sizes: 52% of the pot, 2.5x the bet faced (raises), 100c chips, e / 2e / 3e200% geometric, a all-in;
    the tree's node count and memory estimate are printed before it is built; Ctrl-C stops the run and
    prints the solution so far (exit 130). --rake 5 --rake-cap 3 rakes 5 % of the pot, at most 3 chips;
    --lock 'allin 10=fold:25%,call:75%' fixes the strategy at a node (add ' | QQ' for some combos only).
    """
    if ctx.invoked_subcommand is not None:
        return
    spot = _read_spot_file(spot_file) if spot_file else {}
    spot.update({"raise" if k == "raise_" else k: v for k, v in options.items() if v is not None and v != ()})
    parsed = _parse(spot)
    limit = max_memory * _MIB if max_memory is not None else default_max_memory()
    solution, nodes = _run(parsed, spot, limit, threads, compressed)
    if save:
        from pokerlab.simulate.solver.saved import save_solution

        save_solution(solution, save)
    if as_json:
        emit_json({**solution.to_dict(), "nodes": nodes})
    else:
        click.echo("\n".join(_summary(solution, nodes)))
        if save:
            click.echo(f"saved to {save}")
    if solution.interrupted:
        click.echo(f"interrupted after {solution.iterations} iterations: the solution so far", err=True)
        sys.exit(EXIT_INTERRUPTED)


def _node_data(node: Any) -> dict[str, Any]:
    """A node as ``solve show --json`` prints it: the line, who acts, the actions with their frequencies over the
    range, the 13x13 grid of each action's frequency per hand class, and each combo's frequencies, EV, equity and
    EQR (:meth:`~pokerlab.simulate.solver.holdem.SolutionNode.combo_values`)."""
    solution = node.solution
    data: dict[str, Any] = {
        "board": solution.board,
        "line": list(node.line),
        "kind": node.kind,
        "player": node.player,
        "pot": node.pot,
        "actions": [{"action": a, "frequency": None} for a in node.actions],
        "grid": None,
        "combos": [],
    }
    if node.kind != "decision":
        return data
    strategy = node.strategy()
    for entry, frequency in zip(data["actions"], strategy["frequencies"]):
        entry["frequency"] = frequency
    weights = node.range_weights()
    hands = solution.game.hands[0 if node.player == "oop" else 1]
    data["grid"] = _grids(node.class_strategy(), strategy["actions"])
    values = node.combo_values()
    data["combos"] = [
        {"combo": label, "weight": float(w), "frequencies": strategy["combos"][label], **values[label]}
        for label, w in zip(hands.labels, weights.tolist())
        if w > 0
    ]
    return data


def _grids(shares: Any, actions: list[str]) -> dict[str, list[list[float | None]]]:
    """Per action, the 13x13 grid of its frequency in each hand class (None: no combo of the class here)."""
    return {
        action: [[None if math.isnan(v) else float(v) for v in row] for row in shares[:, a].reshape(13, 13).tolist()]
        for a, action in enumerate(actions)
    }


def _show_text(data: dict[str, Any]) -> list[str]:
    from pokerlab.simulate.ranges.grid import plain_grid

    line = ", ".join(data["line"]) or "the root"
    lines = [f"board {data['board']}, after {line}: pot {data['pot']:g}"]
    if data["kind"] != "decision":
        what = {"chance": "a card is dealt", "fold": "a fold", "showdown": "a showdown"}[data["kind"]]
        lines.append(f"{what}; next: {', '.join(a['action'] for a in data['actions'])}" if data["actions"] else what)
        return lines
    lines.append(f"{data['player'].upper()} to act, {len(data['combos'])} combos:")
    lines += [f"  {a['action']:<14} {100 * a['frequency']:6.2f} %" for a in data["actions"]]
    for action, grid in data["grid"].items():
        lines += ["", f"{action} (% of each class; . none):"]
        lines.append(plain_grid([[v or 0.0 for v in row] for row in grid]))
    head = "  ".join(f"{a['action']:>10}" for a in data["actions"])
    lines += ["", f"combo    weight  {head}  {'EV':>9}  {'equity':>7}  {'EQR':>7}"]
    for combo in data["combos"]:
        cells = "  ".join(f"{100 * f:9.1f}%" for f in combo["frequencies"])
        ev = _cell(combo["ev"], "9.3f", 9)
        equity, eqr = _cell(combo["equity"], "7.1%", 7), _cell(combo["eqr"], "7.3f", 7)
        lines.append(f"{combo['combo']:<6} {combo['weight']:8.3f}  {cells}  {ev}  {equity}  {eqr}")
    return lines


def _cell(value: float | None, spec: str, width: int) -> str:
    """A number in the combo table, or ``-`` where it is undefined."""
    return f"{'-':>{width}}" if value is None else format(value, spec)


@solve_command.command("show", context_settings=HELP_OPTIONS)
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("line", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the layout of the solve show schema).")
def show_command(file: str, line: tuple[str, ...], as_json: bool) -> None:
    """Show a saved solution's strategy at the node reached by LINE (actions and dealt cards, e.g. check
    'bet 94' call Kd): each action's frequency, a 13x13 grid per action and the combos."""
    from pokerlab.simulate.solver.saved import load_solution

    if not Path(file).is_file():
        from pokerlab.errors import InputError

        raise InputError(f"{file}: no such file")
    solution = load_solution(file, max_memory=default_max_memory())
    data = _node_data(solution.node(*line))
    if as_json:
        emit_json(data)
    else:
        click.echo("\n".join(_show_text(data)))


def _report_flops(flops: str | None, all_flops: bool, flops_file: str | None, dead: str | None) -> list[Any]:
    """The flops of ``solve report``: exactly one of --flops, --all-flops and --flops-file."""
    from pokerlab.errors import InputError

    if sum((flops is not None, all_flops, flops_file is not None)) != 1:
        raise InputError("give the flops one way: --flops 'QsJh2h,Td9d6h', --all-flops or --flops-file FILE")
    if all_flops:
        if dead:
            raise InputError("--all-flops weighs each flop by its suit class, which dead cards break: give --flops")
        from pokerlab.simulate.solver.report import strategically_different_flops

        return list(strategically_different_flops())
    if flops_file is not None:
        if not Path(flops_file).is_file():
            raise InputError(f"{flops_file}: no such file")
        raw = Path(flops_file).read_bytes()
        if len(raw) > _MAX_SPOT_FILE:
            raise InputError(f"{flops_file}: a flops file of {len(raw)} bytes; at most {_MAX_SPOT_FILE}")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{flops_file}: not a text file of flops") from None
        flops = ",".join(line.split("#", 1)[0] for line in text.splitlines())
    return [board.strip() for board in (flops or "").replace(";", ",").split(",") if board.strip()]


class _ReportProgress:
    """``flop N/M`` on one stderr line while the flops are solved (a terminal only)."""

    def __init__(self, shown: bool) -> None:
        self.shown, self.drawn = shown, False

    def __call__(self, done: int, total: int) -> None:
        if self.shown:
            click.echo(f"\rflop {done}/{total} solved  ", err=True, nl=False)
            self.drawn = True

    def close(self) -> None:
        if self.drawn:
            click.echo("", err=True)


# Options of solve that report has not, or has its own.
_NOT_IN_REPORT = ("board", "threads", "save", "as_json")


@solve_command.command("report", context_settings=HELP_OPTIONS)
@click.option("--flops", help="The flops, comma-separated (QsJh2h,Td9d6h).")
@click.option("--all-flops", is_flag=True, help="The 1,755 strategically different flops, each weighed by its class.")
@click.option("--flops-file", type=click.Path(dir_okay=False), help="A file of flops, one or more a line (# comments).")
@click.option(
    "--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True, help="Processes (0: one per core)."
)
@click.option("--resume", type=click.Path(dir_okay=False), help="Append each flop's row here; skip the flops it holds.")
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False), help="Write the rows and their average as CSV.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the layout of the solve report schema).")
def report_command(flops: str | None, all_flops: bool, flops_file: str | None, jobs: int, resume: str | None,
                   csv_file: str | None, as_json: bool, spot_file: str | None, **options: Any) -> None:  # fmt: skip
    """Solve one spot over many flops and tabulate each flop's EVs, OOP's equity, exploitability and OOP's
    root strategy, with their average weighed by the flops each stands for.

    \b
    Examples:
      pokerlab solve report --flops 'QsJh2h,Td9d6h,2c2d2h' --oop 'AA,KK' --ip 'QQ,JJ' --pot 10 --stack 20 \\
          --bet 50% --no-allin --raise-cap 0
      pokerlab solve report --all-flops --spot flop.toml --jobs 0 --resume flops.jsonl --csv flops.csv

    The spot options are those of pokerlab solve, --board aside (a spot file's board is refused).
    """
    from pokerlab.errors import InputError
    from pokerlab.simulate.solver.report import flop_report

    max_memory, compressed = options.pop("max_memory"), options.pop("compressed")
    spot = _read_spot_file(spot_file) if spot_file else {}
    if "board" in spot:
        raise InputError(
            f"{spot_file}: a report takes its flops from --flops, --all-flops or --flops-file, not 'board'"
        )
    spot.update({"raise" if k == "raise_" else k: v for k, v in options.items() if v is not None and v != ()})
    boards = _report_flops(flops, all_flops, flops_file, spot.get("dead"))
    for key in ("oop", "ip", "pot", "stack"):
        if spot.get(key) is None:
            raise InputError(f"--{key} is needed (or a spot file giving {key})")
    sizes = _tree_sizes(spot)
    progress = _ReportProgress(sys.stderr.isatty())
    try:
        report = flop_report(
            boards, spot["oop"], spot["ip"], spot["pot"], spot["stack"], dead=spot.get("dead") or (), **sizes,
            **_rake(spot),
            max_iterations=spot.get("max_iterations", 1000), target_exploitability_pct=spot.get("exploitability", 0.3),
            max_memory=max_memory * _MIB if max_memory is not None else default_max_memory(), compressed=compressed,
            processes=jobs,
            resume=resume, progress=progress,
        )  # fmt: skip
    finally:
        progress.close()
    if csv_file:
        Path(csv_file).write_text(report.to_csv(), encoding="utf-8")
    if as_json:
        emit_json(report.to_dict())
    else:
        click.echo(report.table())
        done = f"{report.solved} solved in {report.seconds:.1f} s"
        click.echo(
            f"{len(report.rows)} flops: {done}" + (f", {report.resumed} from {resume}" if report.resumed else "")
        )


report_command.params[:0] = [p for p in solve_command.params if p.name not in _NOT_IN_REPORT]
