"""Equity over hands and ranges, exact or by Monte Carlo, for hold'em, Omaha and the stud family.

- :mod:`.api`: :func:`equity`, the one entry for every game (``game=``);
- :mod:`.result`: the one result type, :class:`EquityResult` of :class:`PlayerEquity`;
- :mod:`.sampling`: what every Monte Carlo run shares (seeds, standard error, stopping rule);
- :mod:`.engine`: hold'em's scorer, its Monte Carlo and the sharded runs;
- :mod:`.rank_boards`: exact equity before the flop, boards scored by rank multiset;
- :mod:`.postflop`: exact equity once the flop is out;
- :mod:`.mc_kernels`, :mod:`.postflop_kernels`: their numba kernels;
- :mod:`.batch`: :func:`equity_many`, many queries in one process (``pokerlab equity --batch``);
- :mod:`.breakdown`: :func:`equity_breakdown`, one hand against a range class by class;
- :mod:`.distribution`: :func:`equity_by_combo`, every combo of each range with its equity;
- :mod:`.omaha`, :mod:`.stud`: Omaha's and the stud family's scorers (``omaha_equity``,
  ``stud_equity``), with their kernels in :mod:`.omaha_kernels` and :mod:`.stud_kernels`.

>>> round(equity(["AsAh", "KsKh"]).players[0].equity, 6)
0.826366
"""

from .api import equity
from .batch import equity_many
from .breakdown import equity_breakdown
from .distribution import equity_by_combo
from .engine import EquityInterrupted
from .holdem_mc import alias_table
from .options import EquityError, check_options
from .result import GAMES, EquityResult, PlayerEquity

__all__ = [
    "EquityError",
    "EquityInterrupted",
    "EquityResult",
    "GAMES",
    "PlayerEquity",
    "alias_table",
    "check_options",
    "equity",
    "equity_breakdown",
    "equity_by_combo",
    "equity_many",
]
