"""A pot's statistics per player, the columns that Omaha's, stud's and short deck's kernels fill
(:func:`.pot_stats_kernels.award_pot`) and their engines read; numba-free, so an engine reads them at import.

Statistics per player (columns of ``stats``, :data:`N_STATS` of them): ``STAT_SHARE`` the pot share summed,
``STAT_SHARE_SQ`` its square (Monte Carlo's standard error), the high half won alone / tied, the low half won
alone / tied, scoops (the whole pot alone) and quarters (exactly a quarter of the pot). A game without a low
half (short deck, razz, Omaha high) fills the high columns and the share only.

>>> N_STATS, STAT_SHARE, STAT_SCOOP
(8, 0, 6)
"""

from __future__ import annotations

import numpy as np

from .result import PlayerEquity
from .sampling import standard_errors

STAT_SHARE, STAT_SHARE_SQ, STAT_HIGH_WIN, STAT_HIGH_TIE, STAT_LOW_WIN, STAT_LOW_TIE, STAT_SCOOP, STAT_QUARTER = range(8)
N_STATS = 8


def share_errors(stats: np.ndarray, deals: int) -> np.ndarray:
    """Each player's standard error of the equity from ``stats`` summed over ``deals`` equally weighted deals.

    >>> share_errors(np.array([[50.0, 50.0] + [0.0] * 6]), 101).round(4).tolist()   # a fair coin, 101 deals
    [0.05]
    """
    return standard_errors(stats[:, STAT_SHARE] / deals, stats[:, STAT_SHARE_SQ] / deals, deals)


def stats_player(
    hand: str,
    combos: int,
    row: np.ndarray,
    total: float,
    hilo: bool,
    stderr: float | None,
    cards: int | None = None,
) -> PlayerEquity:
    """A player's result from its row of ``stats`` summed over ``total`` (weighted) deals: the share as the equity,
    the high half's wins and ties, and in hi/lo the low half's, the scoops and the quarters.

    >>> row = np.array([1.5, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0])   # won one deal of two, split the other
    >>> player = stats_player("AA", 6, row, 2.0, False, None)
    >>> player.equity, player.win, player.tie, player.scoop
    (0.75, 0.5, 0.5, None)
    """
    s = row / total if total else row * 0.0
    return PlayerEquity(
        hand=hand,
        combos=combos,
        cards=cards,
        equity=float(s[STAT_SHARE]),
        win=float(s[STAT_HIGH_WIN]),
        tie=float(s[STAT_HIGH_TIE]),
        low_win=float(s[STAT_LOW_WIN]) if hilo else None,
        low_tie=float(s[STAT_LOW_TIE]) if hilo else None,
        scoop=float(s[STAT_SCOOP]) if hilo else None,
        quarter=float(s[STAT_QUARTER]) if hilo else None,
        stderr=stderr,
    )
