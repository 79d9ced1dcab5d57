"""Game declarations: a variant is data (deck, streets, forced bets, betting, ranking, opening, house rules).

The engine (:class:`pokerlab.simulate.game.state.State`) reads these declarations and
contains no per-game code. Factories build the shipped games at any stakes.

>>> game = no_limit_holdem(small_blind=5, big_blind=10)
>>> game.hole_cards, len(game.streets), game.betting.kind
(2, 4, 'no-limit')
>>> five_card_draw(ante=1, small_bet=2, big_bet=4).ranking
'high'
>>> game = seven_card_stud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> [s.up for s in game.streets], game.forced.bring_in, game.max_players
([1, 1, 1, 1, 0], 2, 8)

>>> short_deck_holdem(ante=1).deck_size
36

The declaration's parts live in :mod:`.declarations`, the factories by family in :mod:`.flop_variants`,
:mod:`.draw_variants` and :mod:`.stud_variants`, the table of games in :mod:`.registry`; every name is
importable from here.
"""

from __future__ import annotations

from .declarations import (
    AFTER_DRAW_LEFT_OF_DEALER,
    AFTER_DRAW_OPENER,
    BETTING_KINDS,
    DEFAULT_CAP,
    FIXED_LIMIT,
    HIGH_RANKINGS,
    LAST_BET_LIMIT,
    NO_LIMIT,
    ODD_CHIP_CARRY,
    ODD_CHIP_LEFT_OF_BUTTON,
    POT_LIMIT,
    RANKINGS,
    SHOW_LAST_AGGRESSOR,
    SHOW_LAST_CALLER,
    SPREAD_LIMIT,
    Betting,
    DrawRule,
    ForcedBets,
    HouseRules,
    LowHalf,
    Opening,
    Street,
    Variant,
    make_betting,
)
from .draw_variants import (
    ace_to_five_draw,
    badugi,
    deuce_to_seven_single_draw,
    deuce_to_seven_triple_draw,
    deuces_wild_draw,
    draw_with_bug,
    five_card_draw,
    jacks_or_better,
)
from .flop_variants import (
    HOLDEM_STREETS,
    OMAHA_MAX_PLAYERS,
    fixed_limit_holdem,
    fixed_limit_omaha_hilo,
    no_limit_holdem,
    omaha,
    pot_limit_holdem,
    pot_limit_omaha,
    pot_limit_omaha_hilo,
    short_deck_holdem,
    texas_holdem,
)
from .registry import (
    shipped_variants,
)
from .stud_variants import (
    razz,
    seven_card_stud,
    seven_card_stud_hilo,
    stud_streets,
)

__all__ = [
    "AFTER_DRAW_LEFT_OF_DEALER",
    "AFTER_DRAW_OPENER",
    "BETTING_KINDS",
    "Betting",
    "DEFAULT_CAP",
    "DrawRule",
    "FIXED_LIMIT",
    "ForcedBets",
    "HIGH_RANKINGS",
    "HOLDEM_STREETS",
    "HouseRules",
    "LAST_BET_LIMIT",
    "LowHalf",
    "NO_LIMIT",
    "ODD_CHIP_CARRY",
    "ODD_CHIP_LEFT_OF_BUTTON",
    "OMAHA_MAX_PLAYERS",
    "Opening",
    "POT_LIMIT",
    "RANKINGS",
    "SHOW_LAST_AGGRESSOR",
    "SHOW_LAST_CALLER",
    "SPREAD_LIMIT",
    "Street",
    "Variant",
    "ace_to_five_draw",
    "badugi",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "deuces_wild_draw",
    "draw_with_bug",
    "five_card_draw",
    "fixed_limit_holdem",
    "fixed_limit_omaha_hilo",
    "jacks_or_better",
    "make_betting",
    "no_limit_holdem",
    "omaha",
    "pot_limit_holdem",
    "pot_limit_omaha",
    "pot_limit_omaha_hilo",
    "razz",
    "seven_card_stud",
    "seven_card_stud_hilo",
    "shipped_variants",
    "short_deck_holdem",
    "stud_streets",
    "texas_holdem",
]
