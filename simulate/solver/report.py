"""One spot solved over many flops: each flop's EVs, equity, exploitability and root strategy, and their average.

:func:`strategically_different_flops` gives the 1,755 classes of flops that a swap of suits maps onto each other,
each a representative board and its weight (the flops it stands for). :func:`flop_report` solves the same spot
(ranges, pot, stack, sizes, run) on each flop of a list, in worker processes when it may fork, appending each
finished flop to a JSON-lines file that a later run with the same settings resumes from.

The root's actions are OOP's first: ``check``, ``bet X%`` (the bet in % of the starting pot) and ``allin``. They
depend on the pot, the stack and the sizes only, so every flop of a report has the same columns.

The weights stand for the flops a class holds when the ranges treat every suit alike and no card is dead; with
suited range text such as ``AsKs``, or dead cards, two flops of one class are different spots.

>>> flops = strategically_different_flops()
>>> len(flops), sum(flop.weight for flop in flops), flops[0]
(1755, 22100, Flop(board='AhAdAc', weight=4))
>>> report = flop_report(["Td9d6h", "2c2d2h"], "AA", "KK", pot=10, stack=0)
>>> [row["board"] for row in report.rows], report.columns
(['Td9d6h', '2h2d2c'], ['check'])
>>> mean = report.average()
>>> mean["weight"], round(mean["oop_ev"] + mean["ip_ev"], 6)
(16, 10.0)
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ...evaluator import CardError, format_cards, to_card_ids
from ...threads import MAX_JOBS, available_cores, can_fork, ignore_interrupts
from .errors import SolverError
from .holdem import check_run, solve
from .options import RUN_DEFAULTS, SPOT_DEFAULTS, TreeOptions, known, pick
from .spot import Spot

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too

__all__ = [
    "ROW_KEYS",
    "Flop",
    "FlopReport",
    "action_column",
    "flop_report",
    "flop_weight",
    "strategically_different_flops",
]

#: The keys of a row besides its root frequencies, in the order the table and the CSV give them.
ROW_KEYS = ("board", "weight", "oop_ev", "ip_ev", "oop_equity", "exploitability_pct", "iterations")
_AVERAGED = ("oop_ev", "ip_ev", "oop_equity", "exploitability_pct")


class Flop(NamedTuple):
    """A flop's representative board and its weight: the number of flops its class holds.

    >>> Flop("AsKsQs", 4).weight
    4
    """

    board: str
    weight: int


def _class_keys(flops: np.ndarray) -> np.ndarray:
    """Per flop (rows of three card ids), the key of its class: the smallest of its 24 suit swaps' sorted ids
    read as one number (a card id is ``4 * rank + suit``)."""
    ranks, suits = flops // 4, flops % 4
    best = np.full(len(flops), np.iinfo(np.int64).max, dtype=np.int64)
    for order in itertools.permutations(range(4)):
        swapped = np.sort(ranks * 4 + np.asarray(order)[suits], axis=1)
        best = np.minimum(best, (swapped[:, 0] * 52 + swapped[:, 1]) * 52 + swapped[:, 2])
    return best


@cache
def _classes() -> dict[int, int]:
    """Each class key and the number of flops in the class, highest board first."""
    flops = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)
    keys, counts = np.unique(_class_keys(flops), return_counts=True)
    order = sorted(range(len(keys)), key=lambda i: _key_cards(int(keys[i]))[::-1], reverse=True)
    return {int(keys[i]): int(counts[i]) for i in order}


def _key_cards(key: int) -> tuple[int, int, int]:
    return key // 2704, key // 52 % 52, key % 52


def strategically_different_flops() -> list[Flop]:
    """The 1,755 classes of flops that a swap of suits maps onto each other, highest board first: each the board
    with the smallest card ids of its class (written high card first) and the number of flops in it; the weights
    add up to the 22,100 flops.

    >>> flops = strategically_different_flops()
    >>> len(flops), sum(weight for _, weight in flops), flops[-1]
    (1755, 22100, Flop(board='2h2d2c', weight=4))
    """
    return [Flop(format_cards(_key_cards(key)[::-1]), count) for key, count in _classes().items()]


def flop_weight(board: str | Sequence[int]) -> int:
    """The number of flops in ``board``'s class (suit swaps): 4, 12 or 24.

    >>> flop_weight("AsKsQs"), flop_weight("AsKhQd"), flop_weight("7s7h7d")
    (4, 24, 4)
    """
    cards = np.array([to_card_ids(board, count=3)], dtype=np.int64)
    return _classes()[int(_class_keys(cards)[0])]


def _plain(value: Any) -> Any:
    """``value`` as JSON data, as it reads back from a resume file (tuples become lists)."""

    def default(item: Any) -> Any:
        return item.to_dict() if hasattr(item, "to_dict") else str(item)

    return json.loads(json.dumps(value, default=default))


def action_column(label: str, pot: float) -> str:
    """A root action's column: ``check``, ``allin``, or ``bet X%`` with X the bet in % of the starting pot
    (a label's chips are relative to the pot, the column is the same across flops and pots).

    >>> action_column("bet 5", 10), action_column("bet 10/3", 10), action_column("allin 90", 10)
    ('bet 50%', 'bet 33.33%', 'allin')
    """
    kind, _, amount = label.partition(" ")
    if kind == "allin" or not amount:
        return kind
    numerator, _, denominator = amount.partition("/")
    chips = float(numerator) / float(denominator or 1)
    return f"{kind} {100 * chips / pot:.4g}%"


@dataclass
class FlopReport:
    """One spot over many flops: ``rows`` in the order the flops were given, ``settings`` the spot and run.

    >>> report = flop_report(["AsKsQs"], "AA", "KK", pot=10, stack=0)
    >>> report.to_csv().splitlines()[0] == ",".join([*ROW_KEYS, "check"])
    True
    """

    settings: dict[str, Any]
    rows: list[dict[str, Any]]
    resumed: int = 0
    solved: int = 0
    seconds: float = 0.0
    columns: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.columns = list(dict.fromkeys(c for row in self.rows for c in row["frequencies"]))

    def average(self) -> dict[str, Any]:
        """The rows averaged by weight: ``weight`` (their sum), the EVs, OOP's equity, the exploitability and the
        root frequencies (an action a flop lacks counts 0 there).

        >>> flop_report([("Td9d6h", 1), ("2c2d2h", 3)], "AA", "KK", pot=10, stack=0).average()["weight"]
        4
        """
        total = sum(row["weight"] for row in self.rows)
        mean = {key: sum(row["weight"] * row[key] for row in self.rows) / total for key in _AVERAGED}
        frequencies = {
            column: sum(row["weight"] * row["frequencies"].get(column, 0.0) for row in self.rows) / total
            for column in self.columns
        }
        return {"weight": total, **mean, "frequencies": frequencies}

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (the layout of ``pokerlab solve report --json``).

        >>> sorted(flop_report(["AsKsQs"], "AA", "KK", pot=10, stack=0).to_dict())[:4]
        ['average', 'columns', 'flops', 'resumed']
        """
        return {
            "settings": self.settings,
            "flops": len(self.rows),
            "resumed": self.resumed,
            "solved": self.solved,
            "seconds": self.seconds,
            "columns": self.columns,
            "rows": self.rows,
            "average": self.average(),
        }

    def to_csv(self) -> str:
        """One line per flop, then ``average``: the row keys, then each column's root frequency (empty where a
        flop lacks the action)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*ROW_KEYS, *self.columns])
        for row in self.rows:
            writer.writerow([*(row[k] for k in ROW_KEYS), *(row["frequencies"].get(c, "") for c in self.columns)])
        mean = self.average()
        writer.writerow(
            [
                "average",
                mean["weight"],
                *(mean[k] for k in _AVERAGED),
                "",
                *(mean["frequencies"][c] for c in self.columns),
            ]
        )
        return out.getvalue()

    def table(self) -> str:
        """The rows and their average as a text table, frequencies and equity in %.

        >>> print(flop_report(["AsKsQs"], "AA", "KK", pot=10, stack=0).table())
        board   weight   OOP EV    IP EV  OOP eq  expl %  check
        AsKsQs       4   9.2626   0.7374   92.6%  0.0000 100.0%
        average      4   9.2626   0.7374   92.6%  0.0000 100.0%
        """
        widths = [max(6, len(c)) for c in self.columns]
        head = f"{'board':<7} {'weight':>6} {'OOP EV':>8} {'IP EV':>8} {'OOP eq':>7} {'expl %':>7}"
        lines = [head + "".join(f" {c:>{w}}" for c, w in zip(self.columns, widths))]
        mean = self.average()
        for row in [*self.rows, {**mean, "board": "average"}]:
            cells = "".join(f" {self._percent(row['frequencies'].get(c)):>{w}}" for c, w in zip(self.columns, widths))
            lines.append(
                f"{row['board']:<7} {row['weight']:>6g} {row['oop_ev']:>8.4f} {row['ip_ev']:>8.4f} "
                f"{self._percent(row['oop_equity']):>7} {row['exploitability_pct']:>7.4f}{cells}"
            )
        return "\n".join(lines)

    @staticmethod
    def _percent(value: float | None) -> str:
        return "-" if value is None else f"{100 * value:.1f}%"


def _flop_item(n: int, item: Any) -> tuple[Any, Any]:
    """A flop of the list as ``(board, weight)``, the weight None when only the board is given."""
    if isinstance(item, str):
        return item, None
    if isinstance(item, (tuple, list)) and len(item) == 2:
        return item[0], item[1]
    raise SolverError(f"flop {n}: a board text or a (board, weight) pair; got {item!r}")


def _flops(flops: Iterable[str | tuple[str, float]], dead: set[int]) -> list[tuple[str, float]]:
    """The flops as ``(board text, weight)``, checked: three cards each, no repeat, none dead, weights positive."""
    out: dict[str, float] = {}
    for n, item in enumerate(flops, 1):
        board, weight = _flop_item(n, item)
        try:
            cards = sorted(to_card_ids(board, count=3), reverse=True)
        except (CardError, TypeError) as error:
            raise SolverError(f"flop {n} {board!r}: {error}") from None
        text = format_cards(cards)
        if text in out:
            raise SolverError(f"flop {n} {board!r}: the flop {text} is listed twice")
        if dead & set(cards):
            raise SolverError(f"flop {n} {board!r}: holds a dead card")
        if weight is None:
            weight = flop_weight(cards)
        elif isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight < math.inf:
            raise SolverError(f"flop {n} {board!r}: weight must be a positive number; got {weight!r}")
        out[text] = weight
    if not out:
        raise SolverError("no flop to solve: give at least one")
    return list(out.items())


def _read_resume(path: Path, settings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The rows of a resume file by board; a last line cut short (a run stopped mid-write) is cut off the file."""
    if not path.exists():
        return {}
    raw = path.read_bytes()
    end = raw.rfind(b"\n") + 1
    if end < len(raw):
        with path.open("r+b") as handle:
            handle.truncate(end)
    rows: dict[str, dict[str, Any]] = {}
    for n, line in enumerate(raw[:end].split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            row = None
        if not isinstance(row, dict) or not {*ROW_KEYS, "frequencies", "settings"} <= set(row):
            raise SolverError(f"{path}: line {n} is not a row of a flop report")
        if row["settings"] != settings:
            key = next(k for k in sorted({*settings, *row["settings"]}) if settings.get(k) != row["settings"].get(k))
            raise SolverError(
                f"{path}: line {n} ({row['board']}) was solved with {key} {row['settings'].get(key)!r}, this run has "
                f"{settings.get(key)!r}; give another resume file"
            )
        rows[row["board"]] = {k: v for k, v in row.items() if k != "settings"}
    return rows


def _solve_row(board: str, weight: float, spot: Mapping[str, Any]) -> dict[str, Any]:
    """One flop solved: its row."""
    solution = solve(board, **spot)
    root = solution.strategy()
    return {
        "board": board,
        "weight": weight,
        "oop_ev": solution.oop_ev,
        "ip_ev": solution.ip_ev,
        "oop_equity": solution.equities[0],
        "exploitability_pct": solution.exploitability_pct,
        "iterations": solution.iterations,
        "frequencies": {action_column(a, solution.pot): f for a, f in zip(root["actions"], root["frequencies"])},
    }


def _workers(processes: int) -> int:
    if isinstance(processes, bool) or not isinstance(processes, int) or not 0 <= processes <= MAX_JOBS:
        raise SolverError(f"processes must be a whole number from 0 to {MAX_JOBS} (0: one per core); got {processes!r}")
    cores = available_cores()
    return cores if processes == 0 else min(processes, cores)


def _solve_all(
    todo: list[tuple[str, float]], spot: Mapping[str, Any], workers: int, done: Callable[[dict[str, Any]], None]
) -> None:
    """Solve each flop of ``todo``, telling ``done`` each row as it finishes: in forked workers when there are
    several and forking is safe, else (or for what is left when the workers die) in this process."""
    left = dict(todo)
    if workers > 1 and len(todo) > 1 and can_fork():
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed
        from concurrent.futures.process import BrokenProcessPool

        context = multiprocessing.get_context("fork")
        pool = ProcessPoolExecutor(min(workers, len(todo)), mp_context=context, initializer=ignore_interrupts)
        try:
            futures = [pool.submit(_solve_row, board, weight, spot) for board, weight in todo]
            for future in as_completed(futures):
                row = future.result()
                del left[row["board"]]
                done(row)
        except BrokenProcessPool:
            pass  # a worker died (memory, a signal): what is left is solved here
        except BaseException:  # an error or Ctrl-C: flops not started are dropped
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    for board, weight in list(left.items()):
        done(_solve_row(board, weight, spot))


class ReportOptions(TreeOptions, total=False):
    """:func:`flop_report`'s keywords: the tree's (:class:`.options.TreeOptions`), each flop's run, and the
    report's own."""

    max_iterations: int
    target_exploitability_pct: float
    max_memory: float | None
    compressed: bool
    processes: int
    resume: str | Path | None
    progress: Callable[[int, int], object] | None


_REPORT_DEFAULTS: ReportOptions = {
    **pick(SPOT_DEFAULTS, TreeOptions),  # first, in their order: a report's settings list them so
    "max_iterations": RUN_DEFAULTS["max_iterations"],
    "target_exploitability_pct": RUN_DEFAULTS["target_exploitability_pct"],
    "max_memory": None,
    "compressed": False,
    "processes": 1,
    "resume": None,
    "progress": None,
}


def flop_report(
    flops: Iterable[str | tuple[str, float]], oop_range: str, ip_range: str, pot: float, stack: float,
    **options: Unpack[ReportOptions],
) -> FlopReport:  # fmt: skip
    """Solve one spot (:func:`.holdem.solve`'s arguments, the board aside) on each flop of ``flops``.

    ``flops``: board texts, each weighed by the flops of its class (:func:`flop_weight`), or ``(board, weight)``
    pairs such as :func:`strategically_different_flops` gives. Every flop is checked (cards, repeats, dead cards,
    a range left empty) before any is solved. ``compressed``: every flop solved with 16-bit storage
    (:func:`.holdem.solve`'s). ``processes``: worker processes (0: one per core, never more than
    the cores), forked on Linux while no other thread runs, else the flops are solved here. ``resume``: a
    JSON-lines file each finished flop's row is appended to, with the settings; a run given the same file skips
    the flops it holds, and refuses (one line) a row solved with other settings. ``progress(done, total)`` is
    called after each flop this run solves.

    >>> report = flop_report(["2c2d2h", "Td9d6h"], "AA", "KK", pot=10, stack=10, bet_sizes={"flop": "50%"},
    ...                      allin=False, raise_cap=0, max_iterations=10)
    >>> report.columns, [row["weight"] for row in report.rows]
    (['check', 'bet 50%'], [4, 12])
    """
    report: ReportOptions = {**_REPORT_DEFAULTS, **known("flop_report", options, ReportOptions)}
    max_iterations, target = report["max_iterations"], report["target_exploitability_pct"]
    check_run(max_iterations, target, report["max_memory"])  # every flop's run, checked before any
    workers = _workers(report["processes"])
    tree: dict[str, Any] = {**pick(report, TreeOptions), "locks": tuple(report["locks"])}
    spot = {
        "oop_range": str(oop_range), "ip_range": str(ip_range), "pot": pot, "stack": stack, **tree,
        "max_iterations": max_iterations, "target_exploitability_pct": target,
    }  # fmt: skip
    dead = report["dead"]
    try:
        dead_cards = set(to_card_ids(dead)) if dead else set()
    except CardError as error:
        raise SolverError(f"dead: {error}") from None
    boards = _flops(flops, dead_cards)
    for board, _ in boards:  # every flop's spot checked before any solve (a range no combo of which is left)
        try:
            Spot.parse(board, str(oop_range), str(ip_range), pot, stack, **tree)
        except SolverError as error:
            raise SolverError(f"flop {board}: {error}") from None
    if report["compressed"]:  # a run's setting only when on: a resume file written without it stays readable
        spot["compressed"] = True
    settings = _plain(spot)
    started = time.perf_counter()
    resume, progress = report["resume"], report["progress"]
    path = Path(resume) if resume is not None else None
    found = _read_resume(path, settings) if path is not None else {}
    todo = [(board, weight) for board, weight in boards if board not in found]
    rows = {board: {**found[board], "weight": weight} for board, weight in boards if board in found}
    run = {**spot, "max_memory": report["max_memory"]}
    with path.open("a", encoding="utf-8") if path is not None else nullcontext() as out:

        def done(row: dict[str, Any]) -> None:
            rows[row["board"]] = row
            if out is not None:
                out.write(json.dumps({**row, "settings": settings}) + "\n")
                out.flush()
            if progress is not None:
                progress(len(rows) - (len(boards) - len(todo)), len(todo))

        _solve_all(todo, run, workers, done)
    ordered = [rows[board] for board, _ in boards]
    return FlopReport(settings, ordered, len(boards) - len(todo), len(todo), time.perf_counter() - started)
