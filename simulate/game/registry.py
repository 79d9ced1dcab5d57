"""Every game pokerlab plays, in one table: its short name, aliases, family, factory, structures and PHH codes.

The command line's ``--game`` choices, :func:`pokerlab.simulate.bots.make_game` and the PHH variant codes
all read this table, so a new game is one :class:`Game` entry (and, for a fixed declaration at default
stakes, one :data:`SHIPPED` entry).

>>> GAMES["razz"].family, GAMES["razz"].phh_codes
('stud', ('FR',))
>>> resolve("plo8")
'omaha-hilo'
>>> GAMES["holdem"].variant("pot-limit", Stakes(blinds=(5, 10))).name
"Pot-limit Texas hold'em"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pokerlab.equity_games import EquityGame, equity_game
from pokerlab.errors import InputError

from . import draw_variants, flop_variants, stud_variants
from .declarations import BETTING_KINDS, FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Variant

#: A game's family: community cards (hold'em, Omaha), draws, or stud's up cards.
FLOP, DRAW, STUD = "flop", "draw", "stud"


@dataclass(frozen=True)
class Stakes:
    """The stakes a short game name is played at: blinds of blind games, ante and small/big bet of ante
    games, a spread limit's (minimum, maximum) bet, Omaha's hole-card count (None: the game's own), the
    short deck's button blind (None: the ante)."""

    blinds: tuple[int, int] = (1, 2)
    ante: int = 1
    bets: tuple[int, int] | None = None
    spread: tuple[int, int] | None = None
    hole_cards: int | None = None
    button_blind: int | None = None

    @property
    def max_bet(self) -> int | None:
        return self.spread[1] if self.spread else None

    def ante_bets(self, family: str) -> tuple[int, int]:
        """Small and big bet of an ante game: ``bets``, else twice and four times the ante."""
        if self.ante <= 0:
            raise InputError(f"{family} games need a positive ante")
        return self.bets or (2 * self.ante, 4 * self.ante)


def _holdem(factory: Callable[..., Variant], kind: str, stakes: Stakes, **options: Any) -> Variant:
    small_bet = stakes.spread[0] if stakes.spread else None  # a spread sets hold'em's minimum bet
    return factory(kind, *stakes.blinds, small_bet=small_bet, max_bet=stakes.max_bet, **options)


def _blinds(factory: Callable[..., Variant], kind: str, stakes: Stakes, **options: Any) -> Variant:
    return factory(*stakes.blinds, kind=kind, max_bet=stakes.max_bet, **options)


def _fixed_blinds(factory: Callable[..., Variant], kind: str, stakes: Stakes, **options: Any) -> Variant:
    return factory(*stakes.blinds, **options)


def _omaha(factory: Callable[..., Variant], kind: str, stakes: Stakes, **options: Any) -> Variant:
    return factory(kind, *stakes.blinds, hole_cards=stakes.hole_cards or 4, **options)


def _ante_button(factory: Callable[..., Variant], kind: str, stakes: Stakes, **options: Any) -> Variant:
    min_bet = stakes.spread[0] if stakes.spread else None  # a spread sets the minimum bet
    if stakes.ante <= 0:
        raise InputError("short-deck hold'em needs a positive ante")
    return factory(kind, stakes.ante, stakes.button_blind, min_bet=min_bet, max_bet=stakes.max_bet, **options)


def _ante_draw(factory: Callable[..., Variant], kind: str, stakes: Stakes, **options: Any) -> Variant:
    small, big = stakes.ante_bets("draw")
    if stakes.spread:  # a spread's minimum is the unit of both rounds
        small = big = stakes.spread[0]
    return factory(stakes.ante, small, big, kind=kind, max_bet=stakes.max_bet, **options)


def _stud(factory: Callable[..., Variant], kind: str, stakes: Stakes, **options: Any) -> Variant:
    small, big = stakes.ante_bets("stud")
    return factory(stakes.ante, max(1, small // 2), small, big, **options)  # bring-in: half the small bet


# How each stake form calls its factory: the arguments differ between blind, ante and stud games.
_STAKE_FORMS: dict[str, Callable[..., Variant]] = {
    "holdem": _holdem,
    "blinds": _blinds,
    "fixed-blinds": _fixed_blinds,
    "omaha": _omaha,
    "ante-button": _ante_button,
    "ante-draw": _ante_draw,
    "stud": _stud,
}


@dataclass(frozen=True)
class Game:
    """One game by its short name.

    ``stake_form`` says how the stakes reach ``factory`` (see :data:`_STAKE_FORMS`), with the fixed
    keyword ``options``. ``structures``: the betting structures it is played in, ``structure_refusal``
    the message for another one (``{kind}`` and ``{description}`` filled in). ``own_spread_minimum``:
    a spread sets the minimum bet (else it must be the big blind). ``phh_family``: the game part of
    its PHH code (standard or pokerlab's extension); ``phh_codes``: its standard PHH codes.
    """

    name: str
    description: str
    family: str
    factory: Callable[..., Variant]
    stake_form: str
    aliases: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    default_structure: str = FIXED_LIMIT
    structures: tuple[str, ...] = BETTING_KINDS
    structure_refusal: str = ""
    own_spread_minimum: bool = False
    hole_card_choice: bool = False
    phh_family: str | None = None
    phh_codes: tuple[str, ...] = ()

    @property
    def is_stud(self) -> bool:
        return self.family == STUD

    @property
    def equity(self) -> EquityGame | None:
        """The equity game that prices this game's showdown (``pokerlab equity --game NAME`` takes its name).

        >>> GAMES["badugi"].equity.name, GAMES["triple"].equity.rules
        ('draw-badugi', 'deuce-seven')
        """
        return equity_game(self.name)

    def variant(self, kind: str, stakes: Stakes) -> Variant:
        """The declaration at ``stakes`` in structure ``kind`` (refused when the game is not played so)."""
        if kind not in self.structures:
            raise InputError(self.structure_refusal.format(kind=kind, description=self.description))
        return _STAKE_FORMS[self.stake_form](self.factory, kind, stakes, **dict(self.options))


_FIXED_ONLY = "{description} is played fixed-limit only"

#: The short game names, in the order the command line lists them.
GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        Game(
            "holdem",
            "Texas hold'em (blinds)",
            FLOP,
            flop_variants.texas_holdem,
            "holdem",
            aliases=("hold'em", "texas"),
            default_structure=NO_LIMIT,
            own_spread_minimum=True,
            phh_family="T",
            phh_codes=("NT", "FT"),
        ),
        Game(
            "draw",
            "five-card draw, California (antes)",
            DRAW,
            draw_variants.five_card_draw,
            "ante-draw",
            aliases=("california", "five-card-draw"),
            own_spread_minimum=True,
            phh_family="5CD",
        ),
        Game(
            "jacks",
            "five-card draw, jacks or better to open (antes)",
            DRAW,
            draw_variants.jacks_or_better,
            "ante-draw",
            own_spread_minimum=True,
            phh_family="5CD",
        ),
        Game(
            "bug",
            "five-card draw with the bug (antes)",
            DRAW,
            draw_variants.draw_with_bug,
            "ante-draw",
            own_spread_minimum=True,
            phh_family="5CD",
        ),
        Game(
            "deuces",
            "five-card draw, deuces wild (antes)",
            DRAW,
            draw_variants.deuces_wild_draw,
            "ante-draw",
            own_spread_minimum=True,
            phh_family="5CD",
        ),
        Game(
            "2-7",
            "deuce-to-seven single draw (blinds)",
            DRAW,
            draw_variants.deuce_to_seven_single_draw,
            "blinds",
            aliases=("deuce-seven", "27"),
            default_structure=NO_LIMIT,
            phh_family="2L1D",
            phh_codes=("N2L1D",),
        ),
        Game(
            "2-7-joker",
            "deuce-to-seven single draw with the joker (blinds)",
            DRAW,
            draw_variants.deuce_to_seven_single_draw,
            "blinds",
            options=(("jokers", 1),),
            default_structure=NO_LIMIT,
            phh_family="2L1D",
        ),
        Game(
            "triple",
            "deuce-to-seven triple draw (blinds, fixed limit)",
            DRAW,
            draw_variants.deuce_to_seven_triple_draw,
            "fixed-blinds",
            structures=(FIXED_LIMIT,),
            structure_refusal="triple draw is played fixed-limit only",
            phh_family="2L3D",
            phh_codes=("F2L3D",),
        ),
        Game(
            "badugi",
            "badugi (blinds, fixed limit, three draws of 0-4)",
            DRAW,
            draw_variants.badugi,
            "fixed-blinds",
            structures=(FIXED_LIMIT,),
            structure_refusal="badugi is played fixed-limit only",
            phh_family="B",
            phh_codes=("FB",),
        ),
        Game(
            "a-5",
            "ace-to-five draw (blinds)",
            DRAW,
            draw_variants.ace_to_five_draw,
            "blinds",
            aliases=("ace-five", "a5"),
            phh_family="A5L1D",
        ),
        Game(
            "stud",
            "seven-card stud (antes, bring-in, fixed limit)",
            STUD,
            stud_variants.seven_card_stud,
            "stud",
            aliases=("7-stud",),
            structures=(FIXED_LIMIT,),
            structure_refusal=_FIXED_ONLY,
            phh_codes=("F7S",),
        ),
        Game(
            "stud-hilo",
            "seven-card stud high-low, eight or better (antes, bring-in, fixed limit)",
            STUD,
            stud_variants.seven_card_stud_hilo,
            "stud",
            aliases=("stud8", "stud-8"),
            structures=(FIXED_LIMIT,),
            structure_refusal=_FIXED_ONLY,
            phh_codes=("F7S/8",),
        ),
        Game(
            "razz",
            "razz, seven-card stud for the low (antes, bring-in, fixed limit)",
            STUD,
            stud_variants.razz,
            "stud",
            structures=(FIXED_LIMIT,),
            structure_refusal=_FIXED_ONLY,
            phh_codes=("FR",),
        ),
        Game(
            "omaha",
            "Omaha high, four hole cards (blinds, pot-limit)",
            FLOP,
            flop_variants.omaha,
            "omaha",
            aliases=("plo",),
            default_structure=POT_LIMIT,
            structures=(POT_LIMIT, NO_LIMIT, FIXED_LIMIT),
            structure_refusal="Omaha is played pot-limit, no-limit or fixed-limit here, not {kind}",
            hole_card_choice=True,
            phh_family="O",
            phh_codes=("PO",),
        ),
        Game(
            "omaha-hilo",
            "Omaha high-low, eight or better, four hole cards (blinds, pot-limit)",
            FLOP,
            flop_variants.omaha,
            "omaha",
            aliases=("plo8", "omaha8"),
            options=(("hilo", True),),
            default_structure=POT_LIMIT,
            structures=(POT_LIMIT, NO_LIMIT, FIXED_LIMIT),
            structure_refusal="Omaha is played pot-limit, no-limit or fixed-limit here, not {kind}",
            hole_card_choice=True,
            phh_family="O/8",
            phh_codes=("FO/8",),
        ),
        Game(
            "short-deck",
            "short-deck hold'em, 36 cards 6 to A (antes and a button blind)",
            FLOP,
            flop_variants.short_deck_holdem,
            "ante-button",
            aliases=("shortdeck", "six-plus", "6+"),
            default_structure=NO_LIMIT,
            own_spread_minimum=True,
            phh_family="S",
            phh_codes=("NS",),
        ),
    )
}

#: Other spellings of the short names (lower case); none is a shipped key (:data:`SHIPPED`), which names its
#: declaration as it is shipped.
ALIASES: dict[str, str] = {alias: game.name for game in GAMES.values() for alias in game.aliases}

#: The shipped declarations at small default stakes, by key (played as they are: no structure or stakes).
SHIPPED: dict[str, Callable[[], Variant]] = {
    "california-draw": draw_variants.five_card_draw,
    "jacks-or-better": draw_variants.jacks_or_better,
    "draw-with-bug": draw_variants.draw_with_bug,
    "deuces-wild-draw": draw_variants.deuces_wild_draw,
    "fixed-limit-holdem": flop_variants.fixed_limit_holdem,
    "pot-limit-holdem": flop_variants.pot_limit_holdem,
    "no-limit-holdem": flop_variants.no_limit_holdem,
    "deuce-seven-single-draw": draw_variants.deuce_to_seven_single_draw,
    "ace-five-draw": draw_variants.ace_to_five_draw,
    "seven-card-stud": stud_variants.seven_card_stud,
    "seven-card-stud-hilo": stud_variants.seven_card_stud_hilo,
    "fixed-limit-razz": stud_variants.razz,
    "pot-limit-omaha": flop_variants.pot_limit_omaha,
    "pot-limit-omaha-hilo": flop_variants.pot_limit_omaha_hilo,
    "fixed-limit-omaha-hilo": flop_variants.fixed_limit_omaha_hilo,
    "no-limit-short-deck": flop_variants.short_deck_holdem,
    "fixed-limit-badugi": draw_variants.badugi,
}

#: Every name a game can be chosen by: the short names first, then the shipped keys.
GAME_NAMES: tuple[str, ...] = (*GAMES, *SHIPPED)


def resolve(name: str) -> str:
    """A game name or alias in any case -> its short name or shipped key (unknown names come back lower-cased).

    >>> resolve("Texas"), resolve("seven-card-stud")
    ('holdem', 'seven-card-stud')
    """
    key = name.lower()
    return ALIASES.get(key, key)


def shipped_variants() -> dict[str, Variant]:
    """Every shipped declaration at small default stakes, by a short key.

    >>> sorted(shipped_variants())[:3]
    ['ace-five-draw', 'california-draw', 'deuce-seven-single-draw']
    """
    return {key: factory() for key, factory in SHIPPED.items()}


def phh_games() -> dict[str, Game]:
    """The games with a standard PHH code, by code, in the order of :data:`GAMES`.

    >>> list(phh_games())[:3]
    ['NT', 'FT', 'N2L1D']
    """
    return {code: game for game in GAMES.values() for code in game.phh_codes}
