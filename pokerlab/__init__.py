"""pokerlab: fast, verified poker hand evaluation, equity and game simulation.

What needs no numba loads at once; equity, ranges, draw odds, the game
engine and hand histories load on first use (``import pokerlab`` stays
light, and ``pokerlab.evaluate`` never imports numba).

>>> import pokerlab
>>> pokerlab.describe(pokerlab.evaluate("As Ks Qs Js Ts"))
'Royal flush'
>>> round(pokerlab.equity(["AsAh", "KsKh"]).players[0].equity, 4)
0.8264
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .evaluator import (
    CardError,
    best_five,
    category,
    describe,
    evaluate,
    evaluate_batch,
    evaluate_mask,
    format_cards,
    get_rules,
    parse_cards,
)
from .evaluator.tables import TableError

try:
    from importlib.metadata import version as _version

    __version__ = _version("pokerlab")
except Exception:  # a source tree used without installing  # noqa: BLE001
    __version__ = "0+source"

# name -> module that defines it, imported on first access (PEP 562)
_LAZY = {
    "equity": "pokerlab.simulate.equity",
    "EquityResult": "pokerlab.simulate.equity",
    "EquityError": "pokerlab.simulate.equity",
    "parse_range": "pokerlab.simulate.ranges",
    "Range": "pokerlab.simulate.ranges",
    "RangeError": "pokerlab.simulate.ranges",
    "draw_odds": "pokerlab.simulate.draw",
    "best_discard": "pokerlab.simulate.draw",
    "draw_equity": "pokerlab.simulate.draw",
    "DrawError": "pokerlab.simulate.draw",
    "preflop_equity": "pokerlab.simulate.precomputed",
    "State": "pokerlab.simulate.game",
    "IllegalActionError": "pokerlab.simulate.game",
    "load": "pokerlab.simulate.histories",
    "dump": "pokerlab.simulate.histories",
    "loads": "pokerlab.simulate.histories",
    "dumps": "pokerlab.simulate.histories",
    "load_all": "pokerlab.simulate.histories",
    "dump_all": "pokerlab.simulate.histories",
}

__all__ = [
    "CardError",
    "TableError",
    "__version__",
    "best_five",
    "category",
    "describe",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "format_cards",
    "get_rules",
    "parse_cards",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pokerlab' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


if TYPE_CHECKING:  # what the lazy names are, for type checkers
    from .simulate.draw import DrawError, best_discard, draw_equity, draw_odds  # noqa: F401
    from .simulate.equity import EquityError, EquityResult, equity  # noqa: F401
    from .simulate.game import IllegalActionError, State  # noqa: F401
    from .simulate.histories import dump, dump_all, dumps, load, load_all, loads  # noqa: F401
    from .simulate.precomputed import preflop_equity  # noqa: F401
    from .simulate.ranges import Range, RangeError, parse_range  # noqa: F401
