"""pokerlab: fast, verified poker hand evaluation, equity and game simulation.

Every name loads on first use (``import pokerlab`` stays light and starts
even when the installed tables are broken, so the command line can say
so); ``pokerlab.evaluate`` never imports numba.

>>> import pokerlab
>>> pokerlab.describe(pokerlab.evaluate("As Ks Qs Js Ts"))
'Royal flush'
>>> round(pokerlab.equity(["AsAh", "KsKh"]).players[0].equity, 4)
0.8264
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# name -> module that defines it, imported on first access (PEP 562). Even the evaluator's names load
# lazily: they read the lookup tables, and a broken install must still let `pokerlab` start and say so.
_LAZY = {
    "CardError": "pokerlab.evaluator",
    "best_five": "pokerlab.evaluator",
    "category": "pokerlab.evaluator",
    "describe": "pokerlab.evaluator",
    "evaluate": "pokerlab.evaluator",
    "evaluate_batch": "pokerlab.evaluator",
    "evaluate_mask": "pokerlab.evaluator",
    "format_cards": "pokerlab.evaluator",
    "get_rules": "pokerlab.evaluator",
    "parse_cards": "pokerlab.evaluator",
    "TableError": "pokerlab.evaluator.tables",
    "equity": "pokerlab.simulate.equity",
    "equity_many": "pokerlab.simulate.equity",
    "equity_breakdown": "pokerlab.simulate.equity",
    "equity_by_combo": "pokerlab.simulate.equity",
    "EquityResult": "pokerlab.simulate.equity",
    "EquityError": "pokerlab.simulate.equity",
    "omaha_equity": "pokerlab.simulate.equity.omaha",
    "OmahaEquityResult": "pokerlab.simulate.equity.omaha",
    "stud_equity": "pokerlab.simulate.equity.stud",
    "StudEquityResult": "pokerlab.simulate.equity.stud",
    "parse_range": "pokerlab.simulate.ranges",
    "Range": "pokerlab.simulate.ranges",
    "RangeError": "pokerlab.simulate.ranges",
    "hit_frequencies": "pokerlab.simulate.ranges",
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

__all__ = ["__version__", *_LAZY]


def _package_version() -> str:
    """The installed version; read on first use of ``__version__`` (importlib.metadata costs every command ~15 ms)."""
    try:
        from importlib.metadata import version

        return version("pokerlab")
    except Exception:  # a source tree used without installing  # noqa: BLE001
        return "0+source"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        value = globals()["__version__"] = _package_version()
        return value
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pokerlab' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | {"__version__"})


if TYPE_CHECKING:  # what the lazy names are, for type checkers
    from .evaluator import (  # noqa: F401
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
    from .evaluator.tables import TableError  # noqa: F401
    from .simulate.draw import DrawError, best_discard, draw_equity, draw_odds  # noqa: F401
    from .simulate.equity import (  # noqa: F401
        EquityError,
        EquityResult,
        equity,
        equity_breakdown,
        equity_by_combo,
        equity_many,
    )
    from .simulate.equity.omaha import OmahaEquityResult, omaha_equity  # noqa: F401
    from .simulate.equity.stud import StudEquityResult, stud_equity  # noqa: F401
    from .simulate.game import IllegalActionError, State  # noqa: F401
    from .simulate.histories import dump, dump_all, dumps, load, load_all, loads  # noqa: F401
    from .simulate.precomputed import preflop_equity  # noqa: F401
    from .simulate.ranges import Range, RangeError, hit_frequencies, parse_range  # noqa: F401
