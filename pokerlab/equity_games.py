"""Every game equity answers, in one table: its name, its scorer family, its ranking and every other name it goes by.

Equity's game names (:data:`pokerlab.simulate.equity.result.GAMES`), stud's aliases, the command line's
``--game`` choices and the bots' bridge to the stud scorer all read :data:`EQUITY_GAMES`. The game engine's
names (``pokerlab simulate badugi``, ``2-7``, ``triple``, ...) and its shipped declarations' keys are aliases
here, so ``pokerlab equity --game NAME`` takes the name a game is played under. Plain data and no imports
beyond the standard library: the game column (the engine) and the analysis column (equity) both read it,
and the command line's ``--help`` reads it without numpy.

A draw game's equity is that of one draw, every player drawing once more with the discard given: in a
triple-draw game (``triple``, ``badugi``) the equity from the draw about to be made to the showdown when it is
the last one.

>>> equity_game("badugi").name, equity_game("Triple").name, equity_game("seven-card-stud").name
('draw-badugi', 'draw-deuce-seven', 'stud')
>>> equity_game("nope") is None
True
>>> [g.name for g in EQUITY_GAMES.values() if g.family == "stud"]
['stud', 'stud-hilo', 'razz']
"""

from __future__ import annotations

from dataclasses import dataclass

#: The scorer families: each plays its games with one scorer and shapes its results alike.
FAMILIES = ("holdem", "omaha", "stud", "draw", "short-deck")
#: The low half of the hi/lo games: ace-to-five, eight or better (the ruleset and the highest card a low may hold).
EIGHT_OR_BETTER = ("ace-five", 8)


@dataclass(frozen=True)
class EquityGame:
    """One game equity answers: ``name`` (the name results carry), the scorer ``family``, the ``rules`` its high
    hands are ranked by (an evaluator ruleset; Omaha's are the Omaha rulesets), the ``low`` half of a hi/lo game
    (ruleset, qualifier) and the other names it is asked by (the engine's among them)."""

    name: str
    family: str
    rules: str
    aliases: tuple[str, ...] = ()
    low: tuple[str, int] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the game is asked by, its own first."""
        return (self.name, *self.aliases)


def _game(name: str, family: str, rules: str, aliases: str = "", *, hilo: bool = False) -> EquityGame:
    """A row of the table, its ``aliases`` separated by spaces (no name holds one); a ``hilo`` game's low half is
    eight or better."""
    return EquityGame(name, family, rules, tuple(aliases.split()), EIGHT_OR_BETTER if hilo else None)


def _draw(rules: str, aliases: str = "") -> EquityGame:
    return _game("draw" if rules == "high" else f"draw-{rules}", "draw", rules, aliases)


#: Every game equity answers, by name, in the order the command line lists them. The draw games are one per
#: ruleset of the 52-card deck and its jokers (the short deck's ruleset is short-deck hold'em's).
EQUITY_GAMES: dict[str, EquityGame] = {
    game.name: game
    for game in (
        _game("holdem", "holdem", "high", "hold'em texas fixed-limit-holdem pot-limit-holdem no-limit-holdem"),
        _game("omaha", "omaha", "omaha", "plo pot-limit-omaha"),
        _game(
            "omaha-hilo", "omaha", "omaha-hilo", "plo8 omaha8 pot-limit-omaha-hilo fixed-limit-omaha-hilo", hilo=True
        ),
        _game("stud", "stud", "high", "7-stud seven-card-stud"),
        _game("stud-hilo", "stud", "high", "stud8 stud-8 seven-card-stud-hilo", hilo=True),
        _game("razz", "stud", "ace-five", "fixed-limit-razz"),
        _draw("high", "california five-card-draw california-draw jacks jacks-or-better"),
        _draw("ace-five", "a-5 a5 ace-five ace-five-draw ace-to-five-draw"),
        _draw(
            "deuce-seven",
            "2-7 27 deuce-seven deuce-seven-single-draw deuce-to-seven-single-draw triple deuce-to-seven-triple-draw",
        ),
        _draw("ace-five-joker"),
        _draw("deuce-seven-joker", "2-7-joker"),
        _draw("joker"),
        _draw("bug", "bug draw-with-bug"),
        _draw("two-jokers"),
        _draw("deuces-wild", "deuces deuces-wild-draw"),
        _draw("badugi", "badugi fixed-limit-badugi"),
        _game("short-deck", "short-deck", "short-deck", "shortdeck six-plus 6+ no-limit-short-deck"),
    )
}

#: Every name a game is asked by (lower case) -> its name in :data:`EQUITY_GAMES`.
EQUITY_NAMES: dict[str, str] = {alias: game.name for game in EQUITY_GAMES.values() for alias in game.names}


def equity_game(name: object) -> EquityGame | None:
    """The game asked by ``name`` (its own name or an alias, in any case), None for an unknown one.

    >>> equity_game("PLO8").name, equity_game("2-7-joker").rules
    ('omaha-hilo', 'deuce-seven-joker')
    """
    if not isinstance(name, str):
        return None
    found = EQUITY_NAMES.get(name.strip().lower())
    return None if found is None else EQUITY_GAMES[found]


def family_games(family: str) -> tuple[str, ...]:
    """The names of a family's games, in table order.

    >>> family_games("omaha")
    ('omaha', 'omaha-hilo')
    """
    return tuple(game.name for game in EQUITY_GAMES.values() if game.family == family)
