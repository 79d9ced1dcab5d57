"""The one public equity entry for every game: :func:`equity` with ``game=``, the pipeline's calls in order.

:func:`equity` reads the spot (:func:`~.spot.read_spot`: the game's name and family from the one table of games,
:mod:`pokerlab.equity_games`, and the players as the family holds them), plans it (:func:`~.plan.make_plan`: exact
or Monte Carlo, a table shortcut, the threads and the seed) and runs the family's scorer
(:func:`~.scorer.score`), which returns the one result type,
:class:`~pokerlab.simulate.equity.result.EquityResult`, whose JSON has the same keys in every game. Each family's
code loads on first use, so a hold'em query never loads Omaha's or stud's code.

>>> round(equity(["AsAh", "KsKh"]).players[0].equity, 6)
0.826366
>>> equity(["AsAhKsKh", "QdQcJdJc"], board="2s7d9c", game="omaha").boards
820
>>> equity(["AsAh Kd 7c 2s 3h Qs", "QcQd 9h 9c 4d 5s"], game="stud").deals
39
>>> equity(["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d"], game="draw").boards   # joint draws
447720
>>> round(equity(["AsAh", "KsKh"], game="short-deck").players[0].equity, 4)   # 36 cards: every board
0.7502
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from .holdem_table import two_hands
from .options import EquityError, check_options
from .result import game_name

if TYPE_CHECKING:
    from .plan import Plan
    from .result import EquityResult
    from .spot import Spot

__all__ = ["EquityError", "equity"]


def equity(  # noqa: PLR0913 (public API: the query's documented keywords)
    players: Sequence[Any],
    board: Any = None,
    dead: Any = None,
    *,
    game: str = "holdem",
    method: str = "auto",
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    client: Any = None,
    use_tables: bool = True,
    house_rules: Mapping[str, Any] | None = None,
) -> EquityResult:
    """Equity of 2 to 10 players (stud: 8) in ``game``: ``"holdem"`` (the default), ``"omaha"``,
    ``"omaha-hilo"``, ``"stud"``, ``"stud-hilo"``, ``"razz"``, a draw game under a ruleset
    (``"draw"``, ``"draw-deuce-seven"``, ``"draw-ace-five"``, ``"draw-badugi"``, ...: each player
    ``"HAND/DISCARD"``, the equity after one draw), or ``"short-deck"`` (hold'em with 36 cards; a player is a
    hand or ``"random"``). A game may be named as the game engine names it (``"badugi"``, ``"2-7"``,
    ``"triple"``, ``"plo8"``, ...: :data:`pokerlab.equity_games.EQUITY_GAMES`); the result carries its name
    in :data:`~pokerlab.simulate.equity.result.GAMES`.

    A player is a hand or a range (hold'em, Omaha) or the cards known so far (stud). ``board`` is the
    board (stud: seventh street's community card once a short deck dealt it); ``dead`` are cards out
    of play. ``method`` is ``"exact"``, ``"mc"`` (Monte Carlo) or ``"auto"``; Monte Carlo stops after
    ``trials`` deals or once every standard error is at most ``stderr`` (default 5e-4), and the same
    ``seed`` gives the same result whatever ``threads`` is. ``progress`` is called with the fraction done.
    ``client`` (a ``dask.distributed.Client``) and ``use_tables`` (the shipped preflop tables) are hold'em's;
    ``house_rules`` the draw games' (``max_draw``, the most cards a player may draw; ``four_with_ace``; and
    ``max_exact``, the most joint draws ``method="auto"`` enumerates).

    >>> try:
    ...     equity(["AsAh", "KsKh"], game="go-fish")
    ... except EquityError as error:
    ...     print(error)
    unknown game 'go-fish'; choose from holdem, omaha, omaha-hilo, stud, stud-hilo, razz, draw, ...
    >>> round(equity(["7h 5d 4c 3s Kh/Kh", "9s 8d 6c 4h 2d/"], game="draw-deuce-seven").players[1].equity, 4)
    0.7857
    >>> equity(["Ac 2d 3h Kh/Kh", "5c 4d 2h Ks/Ks"], game="badugi").game
    'draw-badugi'
    """
    start = time.perf_counter()
    holdem = game == "holdem" or game_name(game) == "holdem"
    table = use_tables and method in ("auto", "exact") and not (board or dead or house_rules) and client is None
    if holdem and table:
        check_options(trials, stderr, seed, threads)
        answer = two_hands(players, threads)  # no numpy, no numba: the table answers two hands
        if answer is not None:
            return answer
    check_request, read_spot, make_plan, score = _pipeline()
    check_request(method, trials, stderr, seed, threads, progress)
    house, max_exact = None, None
    if house_rules:
        house = dict(house_rules)
        max_exact = house.pop("max_exact", None)
    spot = read_spot(players, board, dead, game, house or None)
    plan = make_plan(spot, method, trials, stderr, seed, threads, client=client, use_tables=use_tables,
                     max_exact=max_exact, start=start)  # fmt: skip
    return score(spot, plan, progress)


@cache
def _pipeline() -> _Steps:
    """The pipeline's steps, imported on the first call that is not a table's answer (they load numpy), then
    looked up in a fraction of the import statements' cost."""
    from .plan import check_request, make_plan  # numpy: see the docstring
    from .scorer import score  # numpy: see the docstring
    from .spot import read_spot  # numpy: see the docstring

    return _Steps(check_request, read_spot, make_plan, score)


class _Steps(NamedTuple):
    check_request: Callable[..., None]
    read_spot: Callable[..., Spot]
    make_plan: Callable[..., Plan]
    score: Callable[..., EquityResult]
