"""The heads-up push-or-fold Nash equilibrium at one stack: both ranges, the game's value and every hand's EVs.

The small blind (SB, 0.5 bb) may only push all in or fold; the big blind (BB, 1 bb), facing a push, may only
call or fold. ``stack`` is the effective stack in big blinds *before* the blinds (and antes) are posted, as
the HoldemResources charts count it; ``ante`` is posted by each player, in big blinds. All-in equities are
exact, from the shipped heads-up preflop table with card removal (:mod:`.headsup_game`); the game is solved
as :mod:`.pushfold_solver` describes, to an exploitability below a billionth of a big blind, reported.

EVs are in big blinds, counted from the stack before the blinds: the SB's fold is ``-(0.5 + ante)``, the
BB's fold (facing a push) ``-(1 + ante)``; a push or a call is the average over the opponent's hands, card
removal counted.

>>> r = pushfold(10)
>>> r.frequency("AA"), r.frequency("72o"), r.frequency("KK", player="bb")
(1.0, 0.0, 1.0)
>>> round(r.value, 4), r.exploitability < 1e-6
(-0.0454, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..ranges.cells import N_COMBOS
from .errors import TournamentError
from .headsup_game import class_grid, class_range_text, headsup_classes
from .pushfold_solver import PushFoldGame, SolveStats, solve

PLAYERS = ("sb", "bb")
MAX_STACK = 1000.0
MAX_ANTE = 10.0
#: Decimals of a percent to which the range line (and the grid printed beside it) states a frequency.
DIGITS = 1


@dataclass(frozen=True)
class PushFoldResult:
    """The equilibrium at one stack: per hand class (``hands``, the 169 classes from AA down), the SB's push
    frequency and EVs, the BB's call frequency and EVs, and how close to an equilibrium the pair is.

    >>> r = pushfold(5)
    >>> r.hands[:3], r.push[0], r.fold_ev, r.bb_fold_ev
    (('AA', 'AKs', 'AKo'), 1.0, -0.5, -1.0)
    """

    stack: float
    ante: float
    hands: tuple[str, ...]
    push: tuple[float, ...]  # the SB's push frequency per class
    call: tuple[float, ...]  # the BB's call frequency per class, facing a push
    push_ev: tuple[float, ...]  # the SB's EV of pushing each class (bb)
    call_ev: tuple[float, ...]  # the BB's EV of calling each class, facing a push (bb)
    value: float  # the SB's expected result per hand (bb); the BB's is its negative
    exploitability: float  # both players' best-response gains together (bb per hand)
    sb_gain: float
    bb_gain: float
    iterations: int
    seconds: float

    @property
    def fold_ev(self) -> float:
        """The SB's EV of folding (bb): the small blind and the ante lost."""
        return -(0.5 + self.ante)

    @property
    def bb_fold_ev(self) -> float:
        """The BB's EV of folding to a push (bb): the big blind and the ante lost."""
        return -(1.0 + self.ante)

    def _strategy(self, player: str) -> tuple[float, ...]:
        if player not in PLAYERS:
            raise TournamentError(f"unknown player {player!r}: sb or bb")
        return self.push if player == "sb" else self.call

    def frequency(self, hand: str, *, player: str = "sb") -> float:
        """How often ``player`` (``"sb"`` pushes, ``"bb"`` calls) plays ``hand`` (a class: AA, AKs, AKo).

        >>> pushfold(2).frequency("32o", player="bb")
        1.0
        """
        strategy = self._strategy(player)
        try:
            return strategy[self.hands.index(hand)]
        except ValueError:
            raise TournamentError(f"{hand!r} is not a hand class (write AA, AKs, AKo)") from None

    def range_text(self, player: str = "sb", digits: int = DIGITS) -> str:
        """The range ``player`` plays, in range syntax (mixed classes as ``@percent``, the percent to ``digits``
        decimals).

        >>> pushfold(1).range_text("bb")
        'random'
        """
        return class_range_text(self.hands, self._strategy(player), digits)

    def share(self, player: str = "sb") -> float:
        """The share of all 1,326 hands ``player`` plays (pushes, or calls a push with), in 0..1.

        >>> round(pushfold(10).share("sb"), 3)
        0.583
        """
        table = headsup_classes()
        return float(np.dot(self._strategy(player), table.combos)) / N_COMBOS

    def grid(self, player: str = "sb", digits: int | None = None) -> list[list[float]]:
        """``player``'s frequencies on the 13x13 grid (rows and columns A down to 2; suited above the diagonal);
        with ``digits``, each as :meth:`range_text` states it with those digits, so that a grid printed from
        them and the range line agree (a class is pure, mixed or not played on both).

        >>> r = pushfold(10)
        >>> r.grid()[0][:2], r.grid(digits=1)[10][-2:]  # 43s pushed 71.07 % of the time
        ([1.0, 1.0], [0.711, 0.0])
        """
        return class_grid(self.hands, self._strategy(player), digits)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the stack, the value, the exploitability, and one entry per class.

        >>> pushfold(10).to_dict()["hands"][0]["hand"]
        'AA'
        """
        hands = [
            {
                "hand": hand,
                "push": self.push[i],
                "push_ev": self.push_ev[i],
                "fold_ev": self.fold_ev,
                "call": self.call[i],
                "call_ev": self.call_ev[i],
                "bb_fold_ev": self.bb_fold_ev,
            }
            for i, hand in enumerate(self.hands)
        ]
        return {
            "stack": self.stack,
            "ante": self.ante,
            "value": self.value,
            "exploitability": self.exploitability,
            "sb_gain": self.sb_gain,
            "bb_gain": self.bb_gain,
            "push_share": self.share("sb"),
            "call_share": self.share("bb"),
            "push_range": self.range_text("sb"),
            "call_range": self.range_text("bb"),
            "iterations": self.iterations,
            "seconds": self.seconds,
            "hands": hands,
        }


def check_ante(ante: float) -> float:
    """The ante in big blinds: a finite number from 0 to :data:`MAX_ANTE`.

    >>> check_ante(0.125)
    0.125
    """
    try:
        value = float(ante)
    except (TypeError, ValueError):
        raise TournamentError(f"ante {ante!r} is not a number") from None
    if not (math.isfinite(value) and 0 <= value <= MAX_ANTE):
        raise TournamentError(f"ante is {ante!r}: give 0 to {MAX_ANTE:g} big blinds")
    return value


def check_stack(stack: float, ante: float) -> float:
    """The effective stack in big blinds: at least the big blind and the ante (it counts them).

    >>> check_stack(0.5, 0)
    Traceback (most recent call last):
    ...
    pokerlab.simulate.tournament.errors.TournamentError: stack 0.5 bb is below the big blind and ante (1 bb): \
the stack counts the blinds it posts
    """
    try:
        value = float(stack)
    except (TypeError, ValueError):
        raise TournamentError(f"stack {stack!r} is not a number") from None
    if not math.isfinite(value) or value > MAX_STACK:
        raise TournamentError(f"stack {stack!r}: give a stack of at most {MAX_STACK:g} big blinds")
    if value < 1 + ante:
        raise TournamentError(
            f"stack {value:g} bb is below the big blind and ante ({1 + ante:g} bb): "
            "the stack counts the blinds it posts"
        )
    return value


def result_of(game: PushFoldGame, p: np.ndarray, q: np.ndarray, stats: SolveStats, seconds: float) -> PushFoldResult:
    """The public result of solved strategies: per-class EVs from the game's matrices."""
    table = headsup_classes()
    sb_rows = game.weights.sum(axis=1)
    push_ev = -(0.5 + game.ante) + game.push_gains(q) / sb_rows
    facing = np.maximum(game.weights.T @ p, 1e-300)  # how often each BB class faces a push (AA always pushes)
    call_ev = -(1 + game.ante) - game.call_costs(p) / facing
    return PushFoldResult(
        stack=game.stack,
        ante=game.ante,
        hands=table.names,
        push=tuple(float(x) for x in p),
        call=tuple(float(x) for x in q),
        push_ev=tuple(push_ev.tolist()),
        call_ev=tuple(call_ev.tolist()),
        value=game.value(p, q),
        exploitability=stats.exploitability,
        sb_gain=stats.sb_gain,
        bb_gain=stats.bb_gain,
        iterations=stats.iterations,
        seconds=seconds,
    )


def pushfold(stack: float, *, ante: float = 0.0) -> PushFoldResult:
    """The heads-up push-or-fold equilibrium at ``stack`` big blinds (effective, before the blinds; at least
    ``1 + ante``) with each player posting ``ante`` big blinds.

    >>> r = pushfold(7.7)
    >>> round(r.frequency("T3s"), 3), round(r.frequency("Q2o", player="bb"), 3)
    (0.769, 0.0)
    """
    start = time.perf_counter()
    ante = check_ante(ante)
    stack = check_stack(stack, ante)
    game = PushFoldGame.build(headsup_classes(), stack, ante)
    p, q, stats = solve(game)
    return result_of(game, p, q, stats, time.perf_counter() - start)
