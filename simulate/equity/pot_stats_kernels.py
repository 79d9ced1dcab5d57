"""The numba half of :mod:`.pot_stats`: one deal's pot awarded into its statistics, inlined into Omaha's, stud's
and short deck's deal loops."""

from __future__ import annotations

import numpy as np

from ...evaluator.jit import njit
from .pot_stats import (
    STAT_HIGH_TIE,
    STAT_HIGH_WIN,
    STAT_LOW_TIE,
    STAT_LOW_WIN,
    STAT_QUARTER,
    STAT_SCOOP,
    STAT_SHARE,
    STAT_SHARE_SQ,
)


@njit(cache=True, inline="always")
def award_pot(mains, lows, players, hilo, stats, weight):
    """Add one deal's pot shares, times ``weight``, to ``stats``; returns ``weight`` when hi/lo and nobody has a
    qualifying low (low 0), else 0. ``mains``/``lows`` hold each player's high (or razz) and low values.

    Half the pot goes to the best high and half to the best low when one qualifies, split among ties (a quarter
    when two tie for one half), else all to the best high.

    >>> from pokerlab.simulate.equity.pot_stats import N_STATS
    >>> stats = np.zeros((2, N_STATS))   # the first player's high against the second's low
    >>> award_pot(np.array([7, 5]), np.array([0, 3]), 2, True, stats, 1.0)
    0.0
    >>> stats[:, STAT_SHARE].tolist(), stats[:, STAT_HIGH_WIN].tolist(), stats[:, STAT_LOW_WIN].tolist()
    ([0.5, 0.5], [1.0, 0.0], [0.0, 1.0])
    """
    best = np.int64(-(1 << 62))
    best_low = np.int64(0)
    for p in range(players):
        if mains[p] > best:
            best = mains[p]
        if lows[p] > best_low:
            best_low = lows[p]
    n_high = 0
    n_low = 0
    for p in range(players):
        if mains[p] == best:
            n_high += 1
        if best_low and lows[p] == best_low:
            n_low += 1
    for p in range(players):
        share = 0.0
        won = mains[p] == best
        if best_low:  # only hi/lo has lows
            if won:
                share += 0.5 / n_high
            if lows[p] == best_low:
                share += 0.5 / n_low
                stats[p, STAT_LOW_WIN if n_low == 1 else STAT_LOW_TIE] += weight
        elif won:
            share = 1.0 / n_high
        if won:
            stats[p, STAT_HIGH_WIN if n_high == 1 else STAT_HIGH_TIE] += weight
        stats[p, STAT_SHARE] += weight * share
        stats[p, STAT_SHARE_SQ] += weight * share * share
        if share == 1.0:
            stats[p, STAT_SCOOP] += weight
        elif share == 0.25:
            stats[p, STAT_QUARTER] += weight
    return weight if hilo and not best_low else 0.0
