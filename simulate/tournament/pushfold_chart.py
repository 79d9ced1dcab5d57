"""The heads-up push-or-fold chart: for each hand, the largest stack at which the SB pushes it and the BB calls.

The equilibrium is solved at every stack from the smallest one allowed (1 bb plus the ante, up to the next
0.1) to ``max_stack`` in steps of 0.1 bb, each from the previous stack's solution (:func:`.pushfold_solver.solve`).
A hand counts as played at a stack when the equilibrium plays it at least half the time (at the edge of a
range a hand is mixed over a short stretch of stacks). Its chart value is the largest stack of the grid at
which it is played; a hand played at ``max_stack`` reads "``max_stack``+" (any stack up to it). A hand not
played at some stacks below its value has gaps: its intervals are listed. The HoldemResources charts are
made this way (the largest effective stack at which a hand is played, to 0.1 bb, values above 20 shown as
"20+", gaps listed apart), and the tests compare the two.

>>> chart = pushfold_chart(max_stack=3)
>>> chart.push_value("T2o"), chart.call_value("A2o"), chart.stacks[:3]
('2.9', '3+', (1.0, 1.1, 1.2))
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..ranges.cells import GRID_LABELS
from .errors import TournamentError
from .headsup_game import headsup_classes
from .pushfold import PLAYERS, PushFoldResult, check_ante, result_of
from .pushfold_solver import PushFoldGame, SolveStats, solve

STEP = 0.1
MAX_CHART_STACK = 50.0
PLAYED = 0.5  # a hand counts as played where the equilibrium plays it at least this often


def _runs(played: np.ndarray, stacks: tuple[float, ...]) -> tuple[tuple[float, float], ...]:
    """The stretches of the grid where a hand is played, as (first stack, last stack)."""
    runs: list[tuple[float, float]] = []
    for k in np.flatnonzero(played).tolist():
        if runs and stacks[k - 1] == runs[-1][1] and played[k - 1]:
            runs[-1] = (runs[-1][0], stacks[k])
        else:
            runs.append((stacks[k], stacks[k]))
    return tuple(runs)


@dataclass(frozen=True)
class PushFoldChart:
    """Per hand class (``hands``), the stretches of ``stacks`` at which the SB pushes it (``push``) and the BB
    calls with it (``call``); the largest exploitability of the solutions; the time taken.

    >>> chart = pushfold_chart(max_stack=2)
    >>> chart.stacks[-1], chart.push[chart.hands.index("72o")]
    (2.0, ((1.0, 1.6),))
    """

    ante: float
    max_stack: float
    stacks: tuple[float, ...]
    hands: tuple[str, ...]
    push: tuple[tuple[tuple[float, float], ...], ...]
    call: tuple[tuple[tuple[float, float], ...], ...]
    exploitability: float
    iterations: int
    seconds: float

    def _intervals(self, hand: str, player: str) -> tuple[tuple[float, float], ...]:
        if player not in PLAYERS:
            raise TournamentError(f"unknown player {player!r}: sb or bb")
        try:
            at = self.hands.index(hand)
        except ValueError:
            raise TournamentError(f"{hand!r} is not a hand class (write AA, AKs, AKo)") from None
        return (self.push if player == "sb" else self.call)[at]

    def largest(self, hand: str, player: str = "sb") -> float | None:
        """The largest stack of the grid at which ``player`` plays ``hand`` (None: at none).

        >>> pushfold_chart(max_stack=2).largest("72o")
        1.6
        """
        runs = self._intervals(hand, player)
        return runs[-1][1] if runs else None

    def value(self, hand: str, player: str = "sb") -> str:
        """The chart's entry: the largest stack as ``"7.7"``, ``"20+"`` when played at ``max_stack``, ``"-"``
        when never played."""
        top = self.largest(hand, player)
        if top is None:
            return "-"
        return f"{self.max_stack:g}+" if top >= self.max_stack else f"{top:.1f}"

    def push_value(self, hand: str) -> str:
        """The SB's entry for ``hand``: :meth:`value` of the pushes."""
        return self.value(hand, "sb")

    def call_value(self, hand: str) -> str:
        """The BB's entry for ``hand``: :meth:`value` of the calls."""
        return self.value(hand, "bb")

    def gaps(self, player: str = "sb") -> dict[str, tuple[tuple[float, float], ...]]:
        """The hands ``player`` plays in more than one stretch of stacks, with the stretches.

        >>> pushfold_chart(max_stack=8).gaps()["63s"][0]
        (1.0, 2.3)
        """
        runs = self.push if player == "sb" else self.call
        return {hand: r for hand, r in zip(self.hands, runs) if len(r) > 1}

    def grid(self, player: str = "sb") -> list[list[str]]:
        """The entries on the 13x13 grid (rows and columns A down to 2; suited above the diagonal)."""
        return [[self.value(label, player) for label in row] for row in GRID_LABELS]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: per hand, the entries and the stretches of both players."""
        hands = [
            {
                "hand": hand,
                "push": self.push_value(hand),
                "call": self.call_value(hand),
                "push_intervals": [list(r) for r in self.push[i]],
                "call_intervals": [list(r) for r in self.call[i]],
            }
            for i, hand in enumerate(self.hands)
        ]
        return {
            "ante": self.ante,
            "max_stack": self.max_stack,
            "step": STEP,
            "stacks": len(self.stacks),
            "exploitability": self.exploitability,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "hands": hands,
        }


def chart_stacks(ante: float, max_stack: float) -> tuple[float, ...]:
    """The grid: from ``1 + ante`` (up to the next 0.1) to ``max_stack``, every 0.1 bb.

    >>> chart_stacks(0.25, 1.6)
    (1.3, 1.4, 1.5, 1.6)
    """
    first = math.ceil(round((1 + ante) / STEP, 9))
    last = math.floor(round(max_stack / STEP, 9))
    return tuple(round(k * STEP, 1) for k in range(first, last + 1))


def _grid(ante: float, max_stack: float) -> tuple[float, tuple[float, ...]]:
    """The ante and the chart's stacks, checked."""
    ante = check_ante(ante)
    try:
        top = float(max_stack)
    except (TypeError, ValueError):
        raise TournamentError(f"max_stack {max_stack!r} is not a number") from None
    stacks = chart_stacks(ante, top) if math.isfinite(top) and top <= MAX_CHART_STACK else ()
    if not stacks:
        raise TournamentError(
            f"max_stack is {max_stack!r}: give {chart_stacks(ante, MAX_CHART_STACK)[0]:g} to {MAX_CHART_STACK:g} bb"
        )
    return ante, stacks


def _solutions(
    ante: float, stacks: tuple[float, ...]
) -> Iterator[tuple[PushFoldGame, np.ndarray, np.ndarray, SolveStats]]:
    """The game and its solution at each stack, each solved from the previous stack's."""
    table = headsup_classes()
    previous: tuple[np.ndarray, np.ndarray] | None = None
    for stack in stacks:
        game = PushFoldGame.build(table, stack, ante)
        p, q, stats = solve(game, previous)
        previous = (p, q)
        yield game, p, q, stats


def equilibria(*, ante: float = 0.0, max_stack: float = 20.0) -> Iterator[PushFoldResult]:
    """The equilibrium at each stack of the chart's grid (:func:`chart_stacks`), smallest first, solved as
    :func:`pushfold_chart` solves them (bad input is refused at the call, before any is solved).

    >>> [(r.stack, r.frequency("72o")) for r in equilibria(max_stack=1.2)]
    [(1.0, 1.0), (1.1, 1.0), (1.2, 1.0)]
    """
    ante, stacks = _grid(ante, max_stack)
    return _results(ante, stacks)


def _results(ante: float, stacks: tuple[float, ...]) -> Iterator[PushFoldResult]:
    start = time.perf_counter()
    for game, p, q, stats in _solutions(ante, stacks):
        yield result_of(game, p, q, stats, time.perf_counter() - start)
        start = time.perf_counter()


def pushfold_chart(*, ante: float = 0.0, max_stack: float = 20.0) -> PushFoldChart:
    """The push-or-fold chart up to ``max_stack`` big blinds (at most :data:`MAX_CHART_STACK`), each player
    posting ``ante``; see the module's description for how each entry is read. A ``max_stack`` off the 0.1 bb
    grid is charted to the grid's last stack below it, the chart's ``max_stack``.

    >>> chart = pushfold_chart(max_stack=8)
    >>> chart.push_value("T3s"), chart.call_value("Q2o"), chart.push_value("AA")
    ('7.7', '5.6', '8+')
    >>> pushfold_chart(max_stack=1.05).max_stack
    1.0
    """
    start = time.perf_counter()
    ante, stacks = _grid(ante, max_stack)
    names = headsup_classes().names
    pushes, calls = np.zeros((len(stacks), len(names))), np.zeros((len(stacks), len(names)))
    worst, iterations = 0.0, 0
    for k, (_, p, q, stats) in enumerate(_solutions(ante, stacks)):
        pushes[k], calls[k] = p, q
        worst, iterations = max(worst, stats.exploitability), iterations + stats.iterations
    return PushFoldChart(
        ante=ante,
        max_stack=stacks[-1],
        stacks=stacks,
        hands=names,
        push=tuple(_runs(pushes[:, i] >= PLAYED, stacks) for i in range(len(names))),
        call=tuple(_runs(calls[:, i] >= PLAYED, stacks) for i in range(len(names))),
        exploitability=worst,
        iterations=iterations,
        seconds=time.perf_counter() - start,
    )
