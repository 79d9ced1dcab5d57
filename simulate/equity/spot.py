"""The first step of every equity call: :func:`read_spot` reads the players, the board and the dead cards of any
game into one :class:`Spot`.

The game's name is looked up in the one table of games (:mod:`pokerlab.equity_games`); its family's reader
(:data:`READERS`) reads the players as that family holds them, on the one card reader of :mod:`.spot_cards`, so a
bad card, a wrong count or a card held twice is refused with the same words in every game. The readers load on
first use: reading a hold'em spot never imports Omaha's or stud's code.

>>> spot = read_spot(["AsAh", "QQ+"], "Kd7c2h", None, "holdem")
>>> spot.game, spot.family, [len(p.combos) for p in spot.players], spot.board
('holdem', 'holdem', [1, 15], (45, 20, 2))
>>> read_spot(["AsAh Kd", "QcQd 9h"], None, "2c", "seven-card-stud").game
'stud'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from .options import EquityError
from .result import GAMES, game_name

#: Each family's reader, as (module, function): ``function(players, board, dead, game, options) -> Spot``.
READERS: dict[str, tuple[str, str]] = {
    "holdem": ("pokerlab.simulate.equity.holdem_spot", "read_holdem"),
    "omaha": ("pokerlab.simulate.equity.omaha", "read_omaha"),
    "stud": ("pokerlab.simulate.equity.stud", "read_stud"),
    "draw": ("pokerlab.simulate.equity.draw", "read_draw"),
    "short-deck": ("pokerlab.simulate.equity.short_deck", "read_short_deck"),
}
Reader = Callable[[Sequence[Any], Any, Any, str, "dict[str, Any] | None"], "Spot"]
_LOADED: dict[str, Reader] = {}


@dataclass(frozen=True, slots=True, eq=False)
class Spot:
    """One equity question as read: the game (its name in :data:`~.result.GAMES`) and its family, the players as
    the family holds them (hold'em: :class:`~.holdem_spot.HoldemPlayer`; Omaha: :class:`~pokerlab.simulate.ranges.
    omaha.OmahaRange`; stud: each player's known cards; draw: each player's hand and discard; short deck: each
    player's two cards or None for a random hand), the board and the dead cards (card ids) with their bit masks,
    and ``detail``, what else the family read (Omaha's hands left once blocked ones are dropped, stud's unseen
    pool, the draw ruleset and its unseen cards, the short deck's cards left)."""

    game: str
    family: str
    players: Sequence[Any]
    board: Sequence[int]
    dead: Sequence[int]
    board_mask: int = 0
    dead_mask: int = 0
    detail: Any = None

    @property
    def removed(self) -> int:
        """The bit mask of the cards out of every hand: the board and the dead cards.

        >>> read_spot(["AsAh", "KsKh"], "2c", "3c", "holdem").removed == (1 << 0) | (1 << 4)
        True
        """
        return self.board_mask | self.dead_mask


def read_spot(players: Sequence[Any], board: Any, dead: Any, game: str, options: dict[str, Any] | None = None) -> Spot:
    """The :class:`Spot` of ``players`` (each a hand, a range or the cards known, as the game takes them), ``board``
    and ``dead`` (card text or ids, None for none) in ``game`` (any name of :mod:`pokerlab.equity_games`), checked.
    ``options`` are the family's reading options (draw: ``max_draw``, ``four_with_ace``).

    >>> try:
    ...     read_spot(["AsAh", "KsKh"], None, None, "go-fish")
    ... except EquityError as error:
    ...     print(error)
    unknown game 'go-fish'; choose from holdem, omaha, omaha-hilo, stud, stud-hilo, razz, draw, ...
    """
    name = game if isinstance(game, str) and game in GAMES else game_name(game)  # the name itself: no alias to look up
    if name is None:
        raise EquityError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    family = GAMES[name]
    if options and family != "draw":
        raise EquityError(f"house rules ({', '.join(sorted(options))}) are the draw games'; {name} takes none")
    reader = _LOADED.get(family)
    if reader is None:
        module, function = READERS[family]
        reader = _LOADED[family] = getattr(import_module(module), function)
    return reader(players, board, dead, name, options)
