"""Equity over hands and ranges, exact or by Monte Carlo, for hold'em, Omaha, the stud family, the draw games and
short deck: one pipeline, spot -> plan -> scorer -> result, for every game.

``pokerlab equity AsAh KsKh`` (:mod:`pokerlab.simulate.cli.equity`) calls :func:`.api.equity` (:mod:`.api`, the
one entry), which makes these calls in this order:

1. **spot** (:mod:`.spot`): :func:`~.spot.read_spot` looks the game up in the one table of games
   (:mod:`pokerlab.equity_games`, as :data:`.result.GAMES`) and has its family's reader read the players, the
   board and the dead cards into one :class:`~.spot.Spot`, every card through :mod:`.spot_cards` (one card reader,
   one held-twice check). The readers: hold'em :mod:`.holdem_spot`, Omaha :mod:`.omaha`, stud :mod:`.stud`, the
   draw games :mod:`.draw`, short deck :mod:`.short_deck`. :mod:`.options` holds the error types, the limits and
   the option checks every step shares.
2. **plan** (:mod:`.plan`): :func:`~.plan.make_plan` decides exact or Monte Carlo (the family's estimate against
   its limits), a shipped table's shortcut (hold'em's preflop and heads-up tables, :mod:`.holdem_table` even
   before numpy loads), the threads and the seed: one :class:`~.plan.Plan`.
3. **scorer** (:mod:`.scorer`): :func:`~.scorer.score` runs the spot to its plan on its family's
   :class:`~.scorer.Scorer` (``exact``, ``monte_carlo``, ``players``), registered by family in
   :data:`~.scorer.SCORERS`:

   - hold'em, :mod:`.engine`: the tables, the exact enumeration of deals grouped by suit pattern
     (:mod:`.holdem_exact` over boards by rank multiset, :mod:`.rank_boards`), every board once the flop is out
     (:mod:`.postflop`, kernels :mod:`.postflop_kernels`), Monte Carlo (:mod:`.holdem_mc`, kernels
     :mod:`.mc_kernels`) and both on a Dask cluster (:mod:`.holdem_sharded`);
   - Omaha, :mod:`.omaha` (kernels :mod:`.omaha_kernels`); stud, stud hi/lo and razz, :mod:`.stud` (kernels
     :mod:`.stud_kernels`); the draw games and badugi, :mod:`.draw` (kernels :mod:`.draw_kernels`); short deck,
     :mod:`.short_deck` (kernels :mod:`.short_deck_kernels`); their random numbers :mod:`.rng_kernels` and their
     pot statistics :mod:`.pot_stats` (kernels :mod:`.pot_stats_kernels`);
   - every Monte Carlo run deals its blocks on :mod:`.sampling` (block seeds, the standard-error stop, threads,
     progress).
4. **result** (:mod:`.result`): the one result type, :class:`EquityResult` of :class:`PlayerEquity`, the same
   JSON keys in every game; :mod:`.outcomes` turns counts by winner mask into each player's wins, ties and equity.

Built on :func:`.api.equity`: :func:`equity_many` (:mod:`.batch`, many queries in one process, ``pokerlab equity
--batch``), :func:`equity_breakdown` (:mod:`.breakdown`, one hand against a range class by class) and
:func:`equity_by_combo` (:mod:`.distribution`, every combo of each range; its Monte Carlo tallies each deal under
the combos held, kernels :mod:`.by_combo_kernels`).

>>> from pokerlab.simulate.equity import equity
>>> round(equity(["AsAh", "KsKh"]).players[0].equity, 6)
0.826366
"""

from pokerlab.lazy import by_module, lazy_attributes

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a table answer's start-up loads this

# Each name loads its module on first use: the command line's table answers need neither numpy nor numba.
_NAMES = by_module(
    __name__,
    {
        "options": "EquityError NoDealError EquityInterrupted check_options",
        "result": "EquityResult GAMES PlayerEquity",
        "holdem_mc": "alias_table",
        "api": "equity",
        "breakdown": "equity_breakdown",
        "distribution": "equity_by_combo",
        "batch": "equity_many",
    },
)
__all__ = sorted(_NAMES)

# written out again on purpose: each package's lazy map (read at run time) and its imports (read by the type checker)
if TYPE_CHECKING:
    from .api import equity as equity
    from .batch import equity_many as equity_many
    from .breakdown import equity_breakdown as equity_breakdown
    from .distribution import equity_by_combo as equity_by_combo
    from .holdem_mc import alias_table as alias_table
    from .options import (
        EquityError as EquityError,
        EquityInterrupted as EquityInterrupted,
        NoDealError as NoDealError,
        check_options as check_options,
    )
    from .result import GAMES as GAMES, EquityResult as EquityResult, PlayerEquity as PlayerEquity
else:
    __getattr__, __dir__ = lazy_attributes(__name__, _NAMES)
