"""Hand histories in the PHH format: read, write, and replay them through pokerlab's engine.

Each name loads its module on first use: a folder of plain hands replays through
:mod:`.fast_replay` without loading the engine, which the other modules import.

>>> from pokerlab.simulate.game import State, no_limit_holdem
>>> from pokerlab.simulate.histories import dumps, history_from_state, loads, replay
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000], button=0, seed=1)
>>> hand.fold()
>>> record = history_from_state(hand, players=["Ann", "Bob"])
>>> result = replay(loads(dumps(record)))
>>> result.ok, result.stacks_match, result.names
(True, True, ['Bob', 'Ann'])
"""

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

#: Each public name and the module that defines it, imported when the name is first asked for.
_HOMES = {
    "format_cards": "cards",
    "parse_phh_cards": "cards",
    "STANDARD_CODES": "codes",
    "deuce_to_seven_triple_draw": "codes",
    "forced_from_phh": "codes",
    "phh_fields": "codes",
    "variant_from_phh": "codes",
    "PHHError": "errors",
    "ReplaySummary": "dataset",
    "iter_results": "dataset",
    "phh_files": "dataset",
    "replay_tree": "dataset",
    "check_history": "fields",
    "unknown_fields": "fields",
    "HandHistory": "hand",
    "from_chips": "money",
    "to_chips": "money",
    "PHHWarning": "reading",
    "load": "reading",
    "loads": "reading",
    "read": "reading",
    "history_from_state": "record",
    "phh_order": "record",
    "phh_winnings": "record",
    "ReplayBreak": "results",
    "ReplayResult": "results",
    "Step": "results",
    "format_replay": "results",
    "replay": "replay",
    "dump": "writing",
    "dump_all": "writing",
    "dumps": "writing",
    "dumps_all": "writing",
    "save": "writing",
}

if not TYPE_CHECKING:  # a type checker reads the names below instead: a name not served is its error too

    def __getattr__(name: str) -> Any:
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home}", __name__), name)
        globals()[name] = value  # the next look-up finds it at once
        return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


class _Package(ModuleType):
    """This package, whose name ``replay`` stays the function when the submodule of that name is imported (the
    import system would set the submodule there, as it sets each one on its package)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "replay" and isinstance(value, ModuleType):
            return  # the submodule stays in sys.modules under its full name
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

if TYPE_CHECKING:  # what the lazy names are, as explicit re-exports for type checkers (mypy --strict)
    from .cards import (
        format_cards as format_cards,
        parse_phh_cards as parse_phh_cards,
    )
    from .codes import (
        STANDARD_CODES as STANDARD_CODES,
        deuce_to_seven_triple_draw as deuce_to_seven_triple_draw,
        forced_from_phh as forced_from_phh,
        phh_fields as phh_fields,
        variant_from_phh as variant_from_phh,
    )
    from .dataset import (
        ReplaySummary as ReplaySummary,
        iter_results as iter_results,
        phh_files as phh_files,
        replay_tree as replay_tree,
    )
    from .errors import (
        PHHError as PHHError,
    )
    from .fields import (
        check_history as check_history,
        unknown_fields as unknown_fields,
    )
    from .hand import (
        HandHistory as HandHistory,
    )
    from .money import (
        from_chips as from_chips,
        to_chips as to_chips,
    )
    from .reading import (
        PHHWarning as PHHWarning,
        load as load,
        loads as loads,
        read as read,
    )
    from .record import (
        history_from_state as history_from_state,
        phh_order as phh_order,
        phh_winnings as phh_winnings,
    )
    from .replay import (
        replay as replay,
    )
    from .results import (
        ReplayBreak as ReplayBreak,
        ReplayResult as ReplayResult,
        Step as Step,
        format_replay as format_replay,
    )
    from .writing import (
        dump as dump,
        dump_all as dump_all,
        dumps as dumps,
        dumps_all as dumps_all,
        save as save,
    )

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
