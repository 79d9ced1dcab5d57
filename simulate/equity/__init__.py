"""Equity over hands and ranges, exact or by Monte Carlo, for hold'em, Omaha and the stud family.

- :mod:`.api`: :func:`equity`, the one entry for every game (``game=``);
- :mod:`.result`: the one result type, :class:`EquityResult` of :class:`PlayerEquity`;
- :mod:`.spot_cards`: every game's cards read once (one reader, one held-twice check);
- :mod:`.outcomes`: counts by winner mask turned into each player's wins, ties and equity (exact and Monte Carlo);
- :mod:`.sampling`: what every Monte Carlo run shares (seeds, standard error, stopping rule);
- :mod:`.engine`: hold'em's scorer, its Monte Carlo and the sharded runs;
- :mod:`.rank_boards`: exact equity before the flop, boards scored by rank multiset;
- :mod:`.postflop`: exact equity once the flop is out;
- :mod:`.mc_kernels`, :mod:`.postflop_kernels`: their numba kernels;
- :mod:`.batch`: :func:`equity_many`, many queries in one process (``pokerlab equity --batch``);
- :mod:`.breakdown`: :func:`equity_breakdown`, one hand against a range class by class;
- :mod:`.distribution`: :func:`equity_by_combo`, every combo of each range with its equity;
- :mod:`.omaha`, :mod:`.stud`: Omaha's and the stud family's scorers (``omaha_equity``,
  ``stud_equity``), with their kernels in :mod:`.omaha_kernels` and :mod:`.stud_kernels`;
- :mod:`.draw`, :mod:`.draw_kernels`: the draw games' and badugi's scorer and its Monte Carlo kernels;
- :mod:`.pot_stats`, :mod:`.pot_stats_kernels`: the pot statistics Omaha, stud and short deck fill.

>>> from pokerlab.simulate.equity import equity
>>> round(equity(["AsAh", "KsKh"]).players[0].equity, 6)
0.826366
"""

from typing import TYPE_CHECKING

from pokerlab.lazy import lazy_attributes

# Each name loads its module on first use: the command line's table answers need neither numpy nor numba.
_NAMES = {
    "EquityError": "pokerlab.simulate.equity.options",
    "NoDealError": "pokerlab.simulate.equity.options",
    "EquityInterrupted": "pokerlab.simulate.equity.options",
    "EquityResult": "pokerlab.simulate.equity.result",
    "GAMES": "pokerlab.simulate.equity.result",
    "PlayerEquity": "pokerlab.simulate.equity.result",
    "alias_table": "pokerlab.simulate.equity.holdem_mc",
    "check_options": "pokerlab.simulate.equity.options",
    "equity": "pokerlab.simulate.equity.api",
    "equity_breakdown": "pokerlab.simulate.equity.breakdown",
    "equity_by_combo": "pokerlab.simulate.equity.distribution",
    "equity_many": "pokerlab.simulate.equity.batch",
}
__all__ = sorted(_NAMES)

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
