"""Precomputed preflop tables: every class against a random hand, and every heads-up matchup.

Both tables are exact integer counts computed in shards (local threads or a
Dask cluster, resumable from a work folder); see :mod:`.preflop` and
:mod:`.headsup`. The shipped table's reader lives below the builders, in
:mod:`pokerlab.simulate.ranges.table` (re-exported here). Every heads-up deal
of two hands ships too (:mod:`.headsup_build` builds and checks it; its
reader is :mod:`pokerlab.simulate.ranges.headsup_table`).

>>> round(100 * preflop_equity("AKs"), 2)
67.04
>>> round(100 * matchups(["AA", "KK"], threads=1).class_equity("AA", "KK"), 2)
81.95
"""

from ..ranges.table import (
    PreflopRow,
    PreflopTable,
    TableChecksumError,
    load_preflop_table,
    preflop_equity,
)
from .headsup import ClassMatchup, MatchupRow, MatchupTable, matchup_plan, matchups
from .preflop import preflop_vs_random

__all__ = [
    "ClassMatchup",
    "MatchupRow",
    "MatchupTable",
    "PreflopRow",
    "PreflopTable",
    "TableChecksumError",
    "load_preflop_table",
    "matchup_plan",
    "matchups",
    "preflop_equity",
    "preflop_vs_random",
]
