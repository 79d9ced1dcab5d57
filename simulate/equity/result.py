"""The one result type of an equity run, for every game: :class:`EquityResult` of :class:`PlayerEquity`.

Every game fills the same fields; those a game has no use for stay None (the split-pot fields in
hold'em, the raw counts in Omaha and stud). :meth:`EquityResult.to_dict` writes each game's JSON
with the keys it has always had: hold'em and draw ``{"method", "boards" | "trials", "seed",
"seconds", "stderr", "threads", "players"}``; short-deck hold'em the same and ``"game"``; Omaha adds
``"game"``, ``"hole_cards"``, ``"rejected"`` and ``"no_low"``; stud adds ``"game"``, ``"community"``,
``"deals"`` and ``"no_low"`` and names a player's count ``"cards"`` (the cards known).

>>> p = PlayerEquity("AA", 6, 0.8, 0.01, 0.805, 48.0, 0.6, 0.0)
>>> EquityResult([p], "exact", 60.0, 0.1, boards=60).to_dict()["players"][0]["wins"]
48.0
>>> EquityResult([p], "exact", 0.0, 0.1, game="omaha", hole_cards=4, boards=60).to_dict()["hole_cards"]
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...evaluator.rules import RULESETS

_HOLDEM_PLAYER = ("hand", "combos", "win", "tie", "equity", "wins", "ties", "stderr")
_SPLIT_POT = ("equity", "win", "tie", "low_win", "low_tie", "scoop", "quarter", "stderr")
#: Each game family's player keys in JSON, in order.
PLAYER_KEYS = {
    "holdem": _HOLDEM_PLAYER,
    "omaha": ("hand", "combos", *_SPLIT_POT),
    "stud": ("hand", "cards", *_SPLIT_POT),
    "draw": _HOLDEM_PLAYER,
    "short-deck": _HOLDEM_PLAYER,
}
#: The draw games, one per ruleset of the 52-card deck and its jokers (``draw`` ranks high hands, ``draw-badugi``
#: four-card badugi hands), and their rulesets.
DRAW_GAMES = {("draw" if name == "high" else f"draw-{name}"): name for name, r in RULESETS.items() if r.deck_size >= 52}
#: Every game equity is computed for, with its family: the scorer that plays it and its result's shape.
GAMES = {
    "holdem": "holdem",
    "omaha": "omaha",
    "omaha-hilo": "omaha",
    "stud": "stud",
    "stud-hilo": "stud",
    "razz": "stud",
    **dict.fromkeys(DRAW_GAMES, "draw"),
    "short-deck": "short-deck",
}


def draw_game(rules: str) -> str:
    """The draw game of a ruleset's name.

    >>> draw_game("high"), draw_game("deuce-seven")
    ('draw', 'draw-deuce-seven')
    """
    return next(game for game, name in DRAW_GAMES.items() if name == rules)


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
        """The player's JSON keys for a game family (see :data:`PLAYER_KEYS`)."""
        return {key: getattr(self, key) for key in PLAYER_KEYS[family]}


@dataclass(frozen=True)
class EquityResult:
    """Equity of every player, how it was computed, and how sure it is.

    >>> from pokerlab import equity
    >>> result = equity(["AsAh", "KsKh"])
    >>> result.method, result.boards, result.stderr, result.family
    ('exact', 1712304, 0.0, 'holdem')
    >>> sorted(result.to_dict()) == ["boards", "method", "players", "seconds", "stderr", "threads"]
    True
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
        """JSON-ready form, with the keys of the game's family (see the module's docstring)."""
        family = self.family
        data: dict[str, Any] = {} if family in ("holdem", "draw") else {"game": self.game}
        if family == "omaha":
            data["hole_cards"] = self.hole_cards
        data["method"] = self.method
        if family == "stud":
            data["community"] = self.community
            if self.deals is not None:
                data["deals"] = self.deals
        elif self.boards is not None:
            data["boards"] = self.boards
        if self.trials is not None:
            data["trials"] = self.trials
            data["seed"] = self.seed
            if family == "omaha":
                data["rejected"] = self.rejected
        if self.no_low is not None:
            data["no_low"] = self.no_low
        data.update(seconds=round(self.seconds, 6), stderr=self.stderr, threads=self.threads)
        data["players"] = [p.to_dict(family) for p in self.players]
        return data
