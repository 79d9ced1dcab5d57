"""Hold'em equity over hands and ranges, exact or by Monte Carlo.

- :mod:`.engine`: :func:`equity` (the API), its result types, Monte Carlo and
  the sharded runs;
- :mod:`.rank_boards`: exact equity before the flop, boards scored by rank multiset;
- :mod:`.postflop`: exact equity once the flop is out;
- :mod:`.mc_kernels`, :mod:`.postflop_kernels`: their numba kernels;
- :mod:`.batch`: :func:`equity_many`, many queries in one process (``pokerlab equity --batch``).

>>> round(equity(["AsAh", "KsKh"]).players[0].equity, 6)
0.826366
"""

from .batch import equity_many
from .engine import EquityError, EquityInterrupted, EquityResult, PlayerEquity, alias_table, check_options, equity

__all__ = [
    "EquityError",
    "EquityInterrupted",
    "EquityResult",
    "PlayerEquity",
    "alias_table",
    "check_options",
    "equity",
    "equity_many",
]
