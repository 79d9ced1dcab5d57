"""The third step of every equity call: the family's :class:`Scorer` runs a :class:`~.spot.Spot` to its
:class:`~.plan.Plan` and returns the one result type.

Every family has one scorer with the same small protocol, registered in :data:`SCORERS` by family and loaded on
first use (a hold'em call never imports Omaha's or stud's code): :meth:`Scorer.exact` enumerates (or reads a
shipped table), :meth:`Scorer.monte_carlo` deals blocks on the shared driver (:func:`~.sampling.run_blocks`,
each block from its own seed), and :meth:`Scorer.players` turns the run's sums into each player's row of the
result. :func:`score` is the one caller of scorers (:func:`~.api.equity` calls it).

>>> from .plan import make_plan
>>> from .spot import read_spot
>>> spot = read_spot(["AsAhKsKh", "QdQcJdJc"], "2s7d9c", None, "omaha")
>>> score(spot, make_plan(spot)).boards
820
>>> sorted(SCORERS)
['draw', 'holdem', 'omaha', 'short-deck', 'stud']
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from .options import Progress
from .plan import Plan
from .result import EquityResult, PlayerEquity
from .spot import Spot

#: Each family's scorer, as (module, name): the module defines the scorer object under that name.
SCORERS: dict[str, tuple[str, str]] = {
    "holdem": ("pokerlab.simulate.equity.engine", "SCORER"),
    "omaha": ("pokerlab.simulate.equity.omaha", "SCORER"),
    "stud": ("pokerlab.simulate.equity.stud", "SCORER"),
    "draw": ("pokerlab.simulate.equity.draw", "SCORER"),
    "short-deck": ("pokerlab.simulate.equity.short_deck", "SCORER"),
}
_LOADED: dict[str, Scorer] = {}


class Scorer(Protocol):
    """What every family's scorer does: an exact run, a Monte Carlo run and the players' rows of a result."""

    def exact(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Every deal (or a shipped table's counts): the exact result."""
        ...

    def monte_carlo(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Blocks of deals from the plan's seed to its trials limit or standard-error target."""
        ...

    def players(self, spot: Spot, sums: Any, total: float, errors: Any) -> list[PlayerEquity]:
        """Each player's row from the run's sums (in the family's layout) over ``total`` deals, with each player's
        standard error (None: exact, or not estimable)."""
        ...


def scorer(family: str) -> Scorer:
    """The scorer of ``family``, loaded on first use.

    >>> type(scorer("stud")).__name__
    'StudScorer'
    """
    found = _LOADED.get(family)
    if found is None:
        module, name = SCORERS[family]
        found = _LOADED[family] = getattr(import_module(module), name)
    return found


def score(spot: Spot, plan: Plan, progress: Progress | None = None) -> EquityResult:
    """Run ``spot`` to ``plan`` on its family's scorer, calling ``progress`` with the fraction done."""
    found = _LOADED.get(spot.family) or scorer(spot.family)
    if plan.method == "exact":
        return found.exact(spot, plan, progress)
    return found.monte_carlo(spot, plan, progress)
