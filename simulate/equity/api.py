"""The one public equity entry for every game: :func:`equity` with ``game=``.

Each game has its scorer module (hold'em :mod:`.engine`, Omaha :mod:`.omaha`, the stud family
:mod:`.stud`, the draw games and badugi :mod:`.draw`, short-deck hold'em :mod:`.short_deck`); this module
reads the game's name and family from the one table of games (:mod:`pokerlab.equity_games`, as
:data:`~pokerlab.simulate.equity.result.GAMES`) and imports only that scorer, so a hold'em query never
loads Omaha's or stud's code. Every game returns the one result type,
:class:`~pokerlab.simulate.equity.result.EquityResult`, whose JSON has the same keys in every game.

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

from collections.abc import Callable, Sequence
from typing import Any

from .holdem_table import two_hands
from .options import EquityError, check_options
from .result import DRAW_GAMES, GAMES, EquityResult, game_name


def equity(
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
    ``client`` (a ``dask.distributed.Client``) and ``use_tables`` (the shipped preflop tables) are hold'em's.

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
    name = game_name(game)
    if name is None:
        raise EquityError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    kind, game = GAMES[name], name
    if kind == "holdem":
        if use_tables and method in ("auto", "exact") and not board and not dead and client is None:
            check_options(trials, stderr, seed, threads)
            answer = two_hands(players, threads)  # no numpy, no numba: the table answers two hands
            if answer is not None:
                return answer
        from .engine import equity as holdem_equity

        return holdem_equity(
            players, board, dead, method=method, trials=trials, stderr=stderr, seed=seed, threads=threads,
            progress=progress, client=client, use_tables=use_tables,
        )  # fmt: skip
    if client is not None:
        raise EquityError(f"a Dask client runs hold'em equity only; {game} runs on this machine")
    if kind == "draw":
        if board is not None:
            raise EquityError(f"draw equity ({game}) takes no board")
        from .draw import draw_equity

        return draw_equity(players, rules=DRAW_GAMES[game], dead=dead, method=method, trials=trials, stderr=stderr,
                           seed=seed, threads=threads, progress=progress)  # fmt: skip
    if kind == "short-deck":
        from .short_deck import short_deck_equity

        return short_deck_equity(players, board, dead, method=method, trials=trials, stderr=stderr, seed=seed,
                                 threads=threads, progress=progress)  # fmt: skip
    options: dict[str, Any] = dict(game=game, method=method, trials=trials, stderr=stderr, seed=seed, threads=threads)
    if kind == "omaha":
        from .omaha import omaha_equity

        return omaha_equity(players, board, dead, progress=progress, **options)
    from .stud import stud_equity

    return stud_equity(players, dead, community=board, progress=progress, **options)
