"""The keywords the solver's entry points share: the spot's and the tree's (:class:`TreeOptions`), the storage's
and the run's (:class:`RunOptions`), each with its defaults in one table, and the check that refuses a keyword
an entry point does not take, as Python does.

:func:`.holdem.solve` documents every keyword; :func:`.holdem.estimate_memory`, :meth:`.spot.Spot.parse`,
:func:`.river.solve_river` and :func:`.report.flop_report` take the ones that bear on what they do.

>>> sorted(TreeOptions.__annotations__)[:4]
['add_allin', 'allin', 'bet_sizes', 'dead']
>>> RUN_DEFAULTS["max_iterations"], RUN_DEFAULTS["target_exploitability_pct"]
(1000, 0.3)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, TypedDict, TypeVar, cast

import numpy as np

if TYPE_CHECKING:
    from ..ranges.parse import Range
    from .cfr import Discounting
    from .sizes import PerStreet

Board: TypeAlias = "str | Sequence[int]"
RangeText: TypeAlias = "str | Range"
Callback: TypeAlias = "Callable[[int, float | None], object]"


class TreeOptions(TypedDict, total=False):
    """The spot's and the tree's keywords past the stack: sizes, all-in rules, dead cards, rake and locks."""

    bet_sizes: PerStreet
    allin: bool
    raise_cap: int | Mapping[str, int]
    dead: str | Sequence[int]
    raise_sizes: PerStreet | None
    donk_sizes: PerStreet | None
    add_allin: float
    force_allin: float
    merge: float
    rake: float
    rake_cap: float | None
    locks: Sequence[Any]


class SpotOptions(TreeOptions, total=False):
    """:class:`TreeOptions` and the suit isomorphism of the chance nodes."""

    isomorphism: bool


class StorageOptions(TypedDict, total=False):
    """What the solve's memory depends on besides the tree: the storage type, 16-bit storage, the threads."""

    dtype: Any
    compressed: bool
    threads: int


class RunOptions(StorageOptions, total=False):
    """:class:`StorageOptions` and when the run stops, how it discounts, and whom it tells."""

    max_iterations: int
    target_exploitability_pct: float
    discounting: Discounting | None
    max_memory: float | None
    callback: Callback | None


class MemoryOptions(SpotOptions, StorageOptions, total=False):
    """:func:`.holdem.estimate_memory`'s keywords."""


class SolveOptions(SpotOptions, RunOptions, total=False):
    """:func:`.holdem.solve`'s keywords."""


#: The defaults of :class:`SpotOptions`, in the order a report's settings list them.
SPOT_DEFAULTS: SpotOptions = {
    "bet_sizes": (0.5, 1.0),
    "allin": True,
    "raise_cap": 2,
    "dead": (),
    "raise_sizes": None,
    "donk_sizes": None,
    "add_allin": 0.0,
    "force_allin": 0.0,
    "merge": 0.0,
    "rake": 0.0,
    "rake_cap": None,
    "locks": (),
    "isomorphism": True,
}

#: The defaults of :class:`RunOptions`.
RUN_DEFAULTS: RunOptions = {
    "dtype": np.float32,
    "compressed": False,
    "threads": 1,
    "max_iterations": 1000,
    "target_exploitability_pct": 0.3,
    "discounting": None,
    "max_memory": None,
    "callback": None,
}

Options = TypeVar("Options", bound=Mapping[str, Any])


def known(caller: str, options: Mapping[str, Any], kind: type[Options]) -> Options:
    """``options``, each a key of the TypedDict ``kind``: a keyword ``caller`` does not take is refused with the
    TypeError Python gives a function called with it (a typo is never dropped silently).

    >>> known("solve", {"merj": 0.1}, TreeOptions)
    Traceback (most recent call last):
    ...
    TypeError: solve() got an unexpected keyword argument 'merj'
    """
    unknown = sorted(set(options).difference(kind.__annotations__))
    if unknown:
        raise TypeError(f"{caller}() got an unexpected keyword argument {unknown[0]!r}")
    return cast("Options", options)


def pick(options: Mapping[str, Any], kind: type[Options]) -> Options:
    """The part of ``options`` whose keys are the TypedDict ``kind``'s.

    >>> pick({"merge": 0.1, "threads": 2}, StorageOptions)
    {'threads': 2}
    """
    return cast("Options", {key: value for key, value in options.items() if key in kind.__annotations__})
