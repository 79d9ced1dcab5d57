"""pokerlab: fast, verified poker hand evaluation, equity and game simulation.

Every name but :class:`PokerlabError` (the base of every precise error)
loads on first use (``import pokerlab`` stays light and starts
even when the installed tables are broken, so the command line can say
so); ``pokerlab.evaluate`` never imports numba.

>>> import pokerlab
>>> pokerlab.describe(pokerlab.evaluate("As Ks Qs Js Ts"))
'Royal flush'
>>> round(pokerlab.equity(["AsAh", "KsKh"]).players[0].equity, 4)
0.8264
>>> pokerlab.__version__ == __import__("importlib.metadata").metadata.version("pokerlab")
True
"""

from __future__ import annotations

import os
import sys

from .errors import PokerlabError

# typing.TYPE_CHECKING, spelled so that type checkers read it the same way: importing typing, like importlib's
# helpers, costs every command-line answer milliseconds of its start-up (tests/simulate/cli/test_cli_eval_startup.py).
TYPE_CHECKING = False


class _CheckoutHalves:
    """Finds ``pokerlab.evaluator`` and ``pokerlab.simulate`` in a checkout, where they sit beside ``pokerlab/``.

    An install maps them inside the package (pyproject's package-dir); in a clone's root ``pokerlab/`` itself is
    found first, so without this ``import pokerlab``, ``python -m pokerlab`` and ``python -m pytest`` run there
    would fail on ``pokerlab.evaluator``. Only those two names: the rest of the checkout stays out of the package.
    """

    def __init__(self, root: str) -> None:
        self.root = root

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        head, _, half = name.partition(".")
        if head != "pokerlab" or half not in ("evaluator", "simulate"):
            return None
        folder = os.path.join(self.root, half)
        init = os.path.join(folder, "__init__.py")
        return spec_from_file_location(name, init, submodule_search_locations=[folder])


_HERE = os.path.dirname(os.path.abspath(__file__))
if not os.path.isdir(os.path.join(_HERE, "evaluator")):  # a checkout, not an install
    _root = os.path.dirname(_HERE)
    if os.path.isfile(os.path.join(_root, "evaluator", "__init__.py")):
        # only a checkout's finder needs them (importlib.util costs an installed command ~1.5 ms)
        from importlib.machinery import ModuleSpec
        from importlib.util import spec_from_file_location

        sys.meta_path.append(_CheckoutHalves(_root))

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
    "ruled_value": "pokerlab.evaluator",
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
    "icm": "pokerlab.simulate.tournament",
    "ICMResult": "pokerlab.simulate.tournament",
    "TournamentError": "pokerlab.simulate.tournament",
    "pushfold": "pokerlab.simulate.tournament",
    "PushFoldResult": "pokerlab.simulate.tournament",
    "pushfold_chart": "pokerlab.simulate.tournament",
    "PushFoldChart": "pokerlab.simulate.tournament",
    "pushfold_icm": "pokerlab.simulate.tournament",
    "PushFoldICMResult": "pokerlab.simulate.tournament",
    "State": "pokerlab.simulate.game",
    "IllegalActionError": "pokerlab.simulate.game",
    "load": "pokerlab.simulate.histories",
    "dump": "pokerlab.simulate.histories",
    "loads": "pokerlab.simulate.histories",
    "dumps": "pokerlab.simulate.histories",
    "read": "pokerlab.simulate.histories",
    "dump_all": "pokerlab.simulate.histories",
}

__all__ = ["__version__", "PokerlabError", *_LAZY]


def _package_version() -> str:
    """The installed version; read on first use of ``__version__`` (importlib.metadata costs every command ~15 ms)."""
    try:
        from importlib.metadata import version

        return version("pokerlab")
    except Exception:  # a source tree used without installing  # noqa: BLE001
        return "0+source"


# Hidden from type checkers, which would otherwise take any attribute of the package (a typo) as Any; they read
# the explicit re-exports at the end instead.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        if name == "__version__":
            value = globals()["__version__"] = _package_version()
            return value
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'pokerlab' has no attribute {name!r}")
        __import__(module)  # importlib.import_module's work, without importing importlib
        value = getattr(sys.modules[module], name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | {"__version__"})


if TYPE_CHECKING:  # what the lazy names are, as explicit re-exports for type checkers (mypy --strict)
    __version__: str

    from .evaluator import (
        CardError as CardError,
        best_five as best_five,
        category as category,
        describe as describe,
        evaluate as evaluate,
        evaluate_batch as evaluate_batch,
        evaluate_mask as evaluate_mask,
        format_cards as format_cards,
        get_rules as get_rules,
        parse_cards as parse_cards,
        ruled_value as ruled_value,
    )
    from .evaluator.tables import (
        TableError as TableError,
    )
    from .simulate.draw import (
        DrawError as DrawError,
        best_discard as best_discard,
        draw_equity as draw_equity,
        draw_odds as draw_odds,
    )
    from .simulate.equity import (
        EquityError as EquityError,
        EquityResult as EquityResult,
        equity as equity,
        equity_breakdown as equity_breakdown,
        equity_by_combo as equity_by_combo,
        equity_many as equity_many,
    )
    from .simulate.equity.omaha import (
        OmahaEquityResult as OmahaEquityResult,
        omaha_equity as omaha_equity,
    )
    from .simulate.equity.stud import (
        StudEquityResult as StudEquityResult,
        stud_equity as stud_equity,
    )
    from .simulate.game import (
        IllegalActionError as IllegalActionError,
        State as State,
    )
    from .simulate.histories import (
        dump as dump,
        dump_all as dump_all,
        dumps as dumps,
        load as load,
        loads as loads,
        read as read,
    )
    from .simulate.precomputed import (
        preflop_equity as preflop_equity,
    )
    from .simulate.ranges import (
        Range as Range,
        RangeError as RangeError,
        hit_frequencies as hit_frequencies,
        parse_range as parse_range,
    )
    from .simulate.tournament import (
        ICMResult as ICMResult,
        PushFoldChart as PushFoldChart,
        PushFoldICMResult as PushFoldICMResult,
        PushFoldResult as PushFoldResult,
        TournamentError as TournamentError,
        icm as icm,
        pushfold as pushfold,
        pushfold_chart as pushfold_chart,
        pushfold_icm as pushfold_icm,
    )
