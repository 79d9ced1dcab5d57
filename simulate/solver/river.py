"""The heads-up hold'em river: a betting tree over a five-card board, two weighted ranges, solved by DCFR.

The river is :mod:`.holdem`'s subgame on five board cards; these functions take exactly five. OOP (player 0)
acts first. Bets are fractions of the pot; a raise is a fraction of the pot after calling, added to the call,
and at least as large as the bet or raise it answers. An all-in is offered when ``allin``
is set, and any size reaching the stack becomes the all-in. ``raise_cap`` is the number of raises allowed
after the first bet.

Action labels, used to follow a line: ``check``, ``call``, ``fold``, ``bet X``, ``raise X`` and ``allin X``,
where ``X`` is what the player has put in on the river after the action.

EVs follow PioSOLVER's convention: a player's EV is their share of the starting pot plus what they win less
what they put in on the river (less the rake they pay), so the two players' EVs add up to the starting pot less
the expected rake. A range's EV and its action frequencies weigh each combo by its weight times the weight of the
opponent's combos it does not block.

>>> solution = solve_river("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(),
...                        max_iterations=1000, target_exploitability_pct=0)
>>> solution.actions()
('check', 'allin 10')
>>> round(solution.oop_ev, 2), solution.exploitability_pct < 0.1
(13.33, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .holdem import Solution, solve_spot
from .options import Board, RangeText, RunOptions, SolveOptions, SpotOptions, known, pick
from .spot import PLAYERS, Spot
from .tree import Game

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too

__all__ = ["PLAYERS", "RiverSolution", "river_game", "solve_river"]

RiverSolution = Solution
"""A solved river spot: :class:`.holdem.Solution`."""


def river_game(
    board: Board, oop_range: RangeText, ip_range: RangeText, pot: float, stack: float, **options: Unpack[SpotOptions]
) -> Game:
    """The river spot as a :class:`~.tree.Game`, checked (see :func:`solve_river` for the arguments).

    >>> game = river_game("2s3h4d6c7c", "AA", "KK, QQ", pot=10, stack=10, bet_sizes=())
    >>> [len(h) for h in game.hands], game.tree.labels[:3]
    ([6, 12], ('', 'check', 'allin 10'))
    """
    return Spot.parse(board, oop_range, ip_range, pot, stack, (5,), **known("river_game", options, SpotOptions)).game()


def solve_river(
    board: Board, oop_range: RangeText, ip_range: RangeText, pot: float, stack: float, **options: Unpack[SolveOptions]
) -> RiverSolution:
    """Solve a heads-up river spot by DCFR, with float64 storage unless ``dtype`` says otherwise
    (:func:`.holdem.solve` on five board cards, with its keywords).

    ``board`` is five cards; ``oop_range`` and ``ip_range`` are range text (``parse_range``) or
    :class:`~pokerlab.simulate.ranges.parse.Range` objects, the board's cards removed; ``pot`` is the pot
    at the start of the river and ``stack`` the effective stack behind. ``bet_sizes`` are fractions of the
    pot for bets and raises, ``allin`` adds the all-in, ``raise_cap`` limits the raises after a bet. The run
    stops at ``max_iterations`` or at the first check (every 10 iterations) with the exploitability at most
    ``target_exploitability_pct`` % of the pot (0: run every iteration). ``rake``, ``rake_cap`` and ``locks`` are
    :func:`.holdem.solve`'s.

    >>> solution = solve_river("Ks7h2d9c4s", "AA, 65s", "KQ", pot=10, stack=10, bet_sizes=(1.0,))
    >>> solution.exploitability_pct <= 0.3, round(solution.oop_ev + solution.ip_ev, 6)
    (True, 10.0)
    """
    known("solve_river", options, SolveOptions)
    spot = Spot.parse(board, oop_range, ip_range, pot, stack, (5,), **pick(options, SpotOptions))
    run: RunOptions = {"dtype": np.float64, **pick(options, RunOptions)}
    return solve_spot(spot, **run)
