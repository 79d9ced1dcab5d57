"""Hand histories in the PHH format: read, write, and replay them through pokerlab's engine.

>>> from pokerlab.simulate.game import State, no_limit_holdem
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000], button=0, seed=1)
>>> hand.fold()
>>> record = history_from_state(hand, players=["Ann", "Bob"])
>>> result = replay(loads(dumps(record)))
>>> result.ok, result.stacks_match, result.names
(True, True, ['Bob', 'Ann'])
"""

from .cards import format_cards, parse_phh_cards
from .codes import (
    STANDARD_CODES,
    PHHError,
    deuce_to_seven_triple_draw,
    forced_from_phh,
    phh_fields,
    variant_from_phh,
)
from .dataset import ReplaySummary, iter_results, phh_files, replay_tree
from .fields import check_history, unknown_fields
from .hand import HandHistory
from .money import from_chips, to_chips
from .reading import PHHWarning, load, loads, read
from .record import history_from_state, phh_order, phh_winnings
from .replay import ReplayBreak, ReplayResult, Step, format_replay, replay
from .writing import dump, dump_all, dumps, dumps_all, save

__all__ = [
    "STANDARD_CODES",
    "HandHistory",
    "PHHError",
    "PHHWarning",
    "ReplayBreak",
    "ReplayResult",
    "ReplaySummary",
    "Step",
    "check_history",
    "deuce_to_seven_triple_draw",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "forced_from_phh",
    "format_cards",
    "format_replay",
    "from_chips",
    "history_from_state",
    "iter_results",
    "load",
    "loads",
    "parse_phh_cards",
    "phh_fields",
    "phh_files",
    "phh_order",
    "phh_winnings",
    "read",
    "replay",
    "replay_tree",
    "save",
    "to_chips",
    "unknown_fields",
    "variant_from_phh",
]
