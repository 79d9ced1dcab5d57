"""The one result type of an equity run, for every game: :class:`EquityResult` of :class:`PlayerEquity`.

Every game fills the same fields; those a game has no use for stay None (the split-pot fields in
hold'em, the raw counts in Omaha and stud). :meth:`EquityResult.to_dict` writes the JSON of every game
with the same keys, :data:`RESULT_KEYS`:

- ``game`` (the game's name in :data:`GAMES`), ``method`` (``"exact"`` or ``"mc"``), ``trials`` and ``seed``
  (Monte Carlo's deals and seed; null when exact), ``seconds``, ``stderr`` (the largest player's: 0 when exact,
  null when too few deals to estimate it), ``threads`` and ``players``;
- each player :data:`PLAYER_COMMON_KEYS`: ``hand``, ``combos`` (hands of its range; 1 for a hand or a stud
  player), ``win``, ``tie``, ``equity`` and ``stderr``.

A family adds its own keys after those (:data:`RESULT_EXTRAS`, :data:`PLAYER_EXTRAS`): ``boards`` (exact:
boards scored; draw: joint draws) in hold'em, draw and short deck, with each player's ``wins`` and ``ties``
(the deals behind ``win`` and ``tie``); Omaha's ``hole_cards``, ``boards`` or ``rejected``, and ``no_low``;
stud's ``community``, ``deals`` (exact) and ``no_low``, with each player's ``cards`` (the cards known); the
hi/lo shares ``low_win``, ``low_tie``, ``scoop`` and ``quarter`` of every Omaha and stud player (null in a
game without a low half).

>>> p = PlayerEquity("AA", 6, 0.8, 0.01, 0.805, 48.0, 0.6, 0.0)
>>> EquityResult([p], "exact", 60.0, 0.1, boards=60).to_dict()["players"][0]["wins"]
48.0
>>> EquityResult([p], "exact", 0.0, 0.1, game="omaha", hole_cards=4, boards=60).to_dict()["hole_cards"]
4
"""

from __future__ import annotations

from dataclasses import dataclass

from ...equity_games import EQUITY_GAMES, equity_game

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a table answer's start-up loads this
if TYPE_CHECKING:
    from typing import Any

#: The top-level keys of every game's JSON, in order (a family's extras come before ``trials``).
RESULT_KEYS = ("game", "method", "trials", "seed", "seconds", "stderr", "threads", "players")
#: The keys of every game's players, in order (a family's extras follow).
PLAYER_COMMON_KEYS = ("hand", "combos", "win", "tie", "equity", "stderr")
_SPLIT_POT = ("low_win", "low_tie", "scoop", "quarter")
#: Each family's own player keys, after the common ones.
PLAYER_EXTRAS = {
    "holdem": ("wins", "ties"),
    "omaha": _SPLIT_POT,
    "stud": ("cards", *_SPLIT_POT),
    "draw": ("wins", "ties"),
    "short-deck": ("wins", "ties"),
}
#: Each family's player keys in JSON, in order.
PLAYER_KEYS = {family: (*PLAYER_COMMON_KEYS, *extras) for family, extras in PLAYER_EXTRAS.items()}
#: Each family's own top-level keys (when set: ``boards`` and ``deals`` when exact, ``rejected`` in Monte Carlo,
#: ``no_low`` in hi/lo).
RESULT_EXTRAS = {
    "holdem": ("boards",),
    "omaha": ("hole_cards", "boards", "rejected", "no_low"),
    "stud": ("community", "deals", "no_low"),
    "draw": ("boards",),
    "short-deck": ("boards",),
}
#: Every game equity is computed for (:data:`pokerlab.equity_games.EQUITY_GAMES`), with its family: the scorer
#: that plays it and its result's shape.
GAMES = {name: game.family for name, game in EQUITY_GAMES.items()}
#: The draw games (one per ruleset of the 52-card deck and its jokers: ``draw`` ranks high hands, ``draw-badugi``
#: four-card badugi hands) and their rulesets.
DRAW_GAMES = {name: game.rules for name, game in EQUITY_GAMES.items() if game.family == "draw"}


def game_name(game: object) -> str | None:
    """The name in :data:`GAMES` of a game asked by any of its names (:func:`pokerlab.equity_games.equity_game`);
    None for an unknown one.

    >>> game_name("badugi"), game_name("2-7"), game_name("Stud8"), game_name("go")
    ('draw-badugi', 'draw-deuce-seven', 'stud-hilo', None)
    """
    found = equity_game(game)
    return None if found is None else found.name


def draw_game(rules: str) -> str:
    """The draw game of a ruleset's name.

    >>> draw_game("high"), draw_game("deuce-seven")
    ('draw', 'draw-deuce-seven')
    """
    return next(game for game, name in DRAW_GAMES.items() if name == rules)


@dataclass(frozen=True, kw_only=True)
class Tally:
    """A row of a range's table (a class, or a combo): its weight and share of the range, its win and tie fractions
    and equity, with the (weighted) deals behind them; given by keyword after the row's own fields.

    >>> Tally(weight=1.0, share=0.5, win=0.5, tie=0.0, equity=0.5, wins=1.0, ties=0.0, outcomes=2.0).shown()
    {'weight': 1.0, 'share': 0.5, 'win': 0.5, 'tie': 0.0, 'equity': 0.5}
    """

    weight: float
    share: float = 0.0
    win: float
    tie: float
    equity: float
    wins: float
    ties: float
    outcomes: float

    def shown(self) -> dict[str, float]:
        """The JSON keys every row has, in the tables' order (the counts stay out of the rows' JSON)."""
        return {"weight": self.weight, "share": self.share, "win": self.win, "tie": self.tie, "equity": self.equity}


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result: fractions in 0..1, and where a game has them the counts and split-pot shares.

    >>> from pokerlab import equity
    >>> aces = equity(["AsAh", "KsKh"]).players[0]
    >>> aces.hand, aces.combos, round(aces.equity, 4), aces.wins, aces.low_win
    ('AsAh', 1, 0.8264, 1410336, None)
    """

    hand: str
    combos: int  # hands of the player's range (1 for a hand or a stud player)
    win: float  # the pot (hi/lo: the high half) won alone
    tie: float
    equity: float
    wins: float | None = None  # hold'em and draw: the (weighted) deals behind win and tie
    ties: float | None = None
    stderr: float | None = 0.0  # Monte Carlo: of the equity; None when not estimable
    low_win: float | None = None  # hi/lo: the low half won alone
    low_tie: float | None = None
    scoop: float | None = None  # hi/lo: the whole pot alone
    quarter: float | None = None  # hi/lo: exactly a quarter of the pot
    cards: int | None = None  # stud: the cards known so far

    def to_dict(self, family: str = "holdem") -> dict[str, Any]:
        """The player's JSON keys for a game family: the common ones, then the family's (see :data:`PLAYER_KEYS`).

        >>> list(PlayerEquity("As2d 3h", 1, 0.5, 0.0, 0.5, cards=3).to_dict("stud"))[:7]
        ['hand', 'combos', 'win', 'tie', 'equity', 'stderr', 'cards']
        """
        return {key: getattr(self, key) for key in PLAYER_KEYS[family]}


@dataclass(frozen=True)
class EquityResult:
    """Equity of every player, how it was computed, and how sure it is.

    >>> from pokerlab import equity
    >>> result = equity(["AsAh", "KsKh"])
    >>> result.method, result.boards, result.stderr, result.family
    ('exact', 1712304, 0.0, 'holdem')
    >>> list(result.to_dict())
    ['game', 'method', 'boards', 'trials', 'seed', 'seconds', 'stderr', 'threads', 'players']
    >>> GAMES["razz"], EquityResult([], "mc", 0.0, 0.1, trials=100, seed=1, game="razz").family
    ('stud', 'stud')
    """

    players: list[PlayerEquity]
    method: str  # "exact" or "mc"
    outcomes: float  # hold'em and draw: the (weighted) deals counted
    seconds: float
    boards: int | None = None  # exact: boards (hold'em, Omaha) scored
    trials: int | None = None  # Monte Carlo: deals dealt
    stderr: float | None = 0.0  # the largest player's; None when not estimable
    seed: int | None = None
    threads: int = 1
    game: str = "holdem"
    hole_cards: int | None = None  # Omaha: cards a hand holds
    deals: int | None = None  # stud exact: every deal of the missing cards
    no_low: float | None = None  # hi/lo: the fraction of boards (deals) without a qualifying low
    rejected: int | None = None  # Omaha Monte Carlo: deals drawn again because two ranged hands shared a card
    community: bool | None = None  # stud: the seventh-street card is one shared card

    @property
    def family(self) -> str:
        """The shape of this result: ``"holdem"``, ``"omaha"``, ``"stud"``, ``"draw"`` or ``"short-deck"`` (the last
        two shaped like hold'em)."""
        return GAMES.get(self.game, "holdem")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: :data:`RESULT_KEYS` in every game, the family's extras (:data:`RESULT_EXTRAS`) where set.

        >>> data = EquityResult([], "mc", 0.0, 0.1, trials=100, seed=1, game="razz", community=False).to_dict()
        >>> [key for key in data if key not in RESULT_KEYS]
        ['community']
        """
        family, mc = self.family, self.method != "exact"
        data: dict[str, Any] = {"game": self.game, "method": self.method}
        for key in RESULT_EXTRAS[family]:
            value = getattr(self, key)
            # Stud always says whether the last card is shared; Omaha's Monte Carlo, what it drew again.
            if value is not None or key == "community" or (key == "rejected" and mc):
                data[key] = value
        data.update(trials=self.trials if mc else None, seed=self.seed if mc else None)
        data.update(seconds=round(self.seconds, 6), stderr=self.stderr, threads=self.threads)
        data["players"] = [p.to_dict(family) for p in self.players]
        return data
