"""Hold'em equity over hands and ranges, exact or by Monte Carlo.

- :mod:`.engine`: :func:`equity` (the API), its result types, Monte Carlo and
  the sharded runs;
- :mod:`.rank_boards`: exact equity before the flop, boards scored by rank multiset;
- :mod:`.postflop`: exact equity once the flop is out;
- :mod:`.mc_kernels`, :mod:`.postflop_kernels`: their numba kernels;
- :mod:`.batch`: :func:`equity_many`, many queries in one process (``pokerlab equity --batch``);
- :mod:`.breakdown`: :func:`equity_breakdown`, one hand against a range class by class;
- :mod:`.distribution`: :func:`equity_by_combo`, every combo of each range with its equity;
- :mod:`.omaha`, :mod:`.stud`: Omaha and stud-family equity (``omaha_equity``, ``stud_equity``),
  with their kernels in :mod:`.omaha_kernels` and :mod:`.stud_kernels`.

>>> round(equity(["AsAh", "KsKh"]).players[0].equity, 6)
0.826366
"""

from .batch import equity_many
from .breakdown import equity_breakdown
from .distribution import equity_by_combo
from .engine import EquityError, EquityInterrupted, EquityResult, PlayerEquity, alias_table, check_options, equity

__all__ = [
    "EquityError",
    "EquityInterrupted",
    "EquityResult",
    "PlayerEquity",
    "alias_table",
    "check_options",
    "equity",
    "equity_breakdown",
    "equity_by_combo",
    "equity_many",
]
