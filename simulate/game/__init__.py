"""pokerlab's game engine: variants as declarations, one State per hand, sessions of many hands.

Importing this package compiles nothing (the numba fast path is compiled lazily).

>>> from pokerlab.simulate.game import State, no_limit_holdem
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=1)
>>> hand.legal_actions()
['fold', 'call', 'bet_or_raise']
>>> hand.bet_or_raise(30); hand.fold(); hand.fold()
>>> hand.phase, hand.net
('done', [15, -5, -10])
"""

from .declarations import (
    DEFAULT_CAP,
    FIXED_LIMIT,
    LAST_BET_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
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
from .errors import IllegalActionError, Legality
from .flop_variants import (
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
from .pots import Pot, award_pots, build_pots
from .registry import shipped_variants
from .session import BlindLevel, Session, SessionOver, doubling_schedule
from .showdown import describe_value, hand_value, has_jacks_or_better
from .state import MISDEAL_CAUSES, State
from .stud_variants import razz, seven_card_stud, seven_card_stud_hilo, stud_streets

__all__ = [
    "DEFAULT_CAP",
    "FIXED_LIMIT",
    "LAST_BET_LIMIT",
    "MISDEAL_CAUSES",
    "NO_LIMIT",
    "POT_LIMIT",
    "SPREAD_LIMIT",
    "Betting",
    "BlindLevel",
    "DrawRule",
    "ForcedBets",
    "HouseRules",
    "IllegalActionError",
    "Legality",
    "LowHalf",
    "Opening",
    "Pot",
    "Session",
    "SessionOver",
    "State",
    "Street",
    "Variant",
    "ace_to_five_draw",
    "award_pots",
    "badugi",
    "build_pots",
    "describe_value",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "deuces_wild_draw",
    "doubling_schedule",
    "draw_with_bug",
    "five_card_draw",
    "fixed_limit_holdem",
    "fixed_limit_omaha_hilo",
    "hand_value",
    "has_jacks_or_better",
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
