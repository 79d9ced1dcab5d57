"""The numba half of :mod:`.icm`: Malmuth-Harville over every set of players placed, one field or a batch.

The programme is :func:`.icm.harville_exact`'s, with its two safeguards: a field's stacks are first multiplied
by the power of two that centres its largest and smallest stack on 1 (:func:`balance`, as
:func:`.icm.balanced` does), and the chips outside a set are those of the set of the players outside it, a sum
of stacks (:func:`set_chips`), never the total less the set's. Every sum is of positive numbers.

The sets are visited in the order of their bit masks: every set lacking a player is a smaller number than
the set with him, so a set's probability is complete when it is reached. A set passes its probability on to
each player outside it; in a small field the players are tried one by one (the tests follow a short pattern
the processor predicts), in a large one only the players outside the set are visited, each found from the
lowest bit left (its index is the number of players below it, read from ``count``).

>>> out = np.empty(3)
>>> harville_field(np.array([5000.0, 3000.0, 2000.0]), np.array([50.0, 30.0, 20.0]), out)
>>> [round(x, 4) for x in out.tolist()]
[38.3929, 32.75, 28.8571]
"""

from __future__ import annotations

import math

import numpy as np

from ...evaluator.jit import njit

#: Fields of at most this many players try each player at each set; larger ones visit the players outside only.
BRANCHY_PLAYERS = 12
#: The checked call takes fields of at most this many players (:data:`.icm.EXACT_PLAYERS`).
MOST_PLAYERS = 20
#: The checked call takes stacks whose binary exponents lie at most this far apart: 2 under ``icm.MAX_SPAN``,
#: so that every field it takes is one ``icm.check_stacks`` takes too (their logarithms differ by less).
SPAN_EXPONENTS = 1998
#: The checked call takes payouts summing (in plain floating point) to at most this: a quarter of the largest
#: float, half ``icm.MAX_POOL``, so that no field it takes is one ``icm.check_payouts`` refuses.
POOL_LIMIT = 2.0**1022
#: Stacks between ``2**-SAFE_EXPONENT`` and ``2**SAFE_EXPONENT`` are valued as given (``icm.SAFE_EXPONENT``).
SAFE_LOW = 2.0**-500
SAFE_HIGH = 2.0**500


@njit(cache=True, inline="always")
def balance(s, out):
    """``out`` = the stacks ``s`` (zeros allowed) times the power of two that centres the largest and smallest
    positive stack on 1, unless they lie within ``2**500`` of 1 already (:func:`.icm.balanced`).

    >>> out = np.empty(2)
    >>> balance(np.array([2.0**600, 2.0**590]), out)
    >>> out.tolist()
    [16.0, 0.015625]
    """
    top = 0.0
    low = math.inf
    for x in s:
        if x > top:
            top = x
        if 0.0 < x < low:
            low = x
    if low == math.inf:
        low = top
    shift = 0
    if not (SAFE_LOW <= low and top <= SAFE_HIGH):
        shift = -((math.frexp(top)[1] + math.frexp(low)[1]) // 2)
    for i in range(len(s)):
        out[i] = math.ldexp(s[i], shift)


@njit(cache=True, inline="always")
def set_chips(s, chips, count):
    """For every set of the players of ``s`` (a bit mask): ``chips``, the stacks it holds summed over its players
    (in the order of :func:`.icm._set_chips`), and ``count``, how many players it holds.

    >>> chips, count = np.empty(4), np.empty(4, np.int8)
    >>> set_chips(np.array([1.0, 2.0]), chips, count)
    >>> chips.tolist(), count.tolist()
    ([0.0, 1.0, 2.0, 3.0], [0, 1, 1, 2])
    """
    chips[0] = 0.0
    count[0] = 0
    for i in range(len(s)):
        bit = 1 << i
        stack = s[i]
        for m in range(bit, 2 * bit):
            chips[m] = chips[m - bit] + stack
            count[m] = count[m - bit] + 1


@njit(cache=True)
def harville_sets(s, pay, chips, count, placed, out):
    """Malmuth-Harville equities of the balanced stacks ``s`` into ``out``, the prizes ``pay`` from first place
    down (no more than players); ``chips``, ``count`` and ``placed`` are work arrays of ``2**len(s)``.

    ``placed[m]`` is the probability that the players of set ``m`` take the first ``|m|`` places; player ``i``
    outside ``m`` takes the next with probability ``s[i] / chips outside m``. Sets of as many players as places
    paid are not visited.

    >>> size = 8
    >>> out = np.empty(3)
    >>> harville_sets(np.array([1.0, 1.0, 2.0]), np.array([1.0]), np.empty(size), np.empty(size, np.int8),
    ...               np.empty(size), out)
    >>> out.tolist()
    [0.25, 0.25, 0.5]
    """
    n = len(s)
    size = 1 << n
    full = size - 1
    last = len(pay) - 1
    set_chips(s, chips, count)
    placed[:size] = 0.0
    placed[0] = 1.0
    out[:] = 0.0
    for m in range(size):
        k = count[m]
        if k > last:
            continue
        base = placed[m] / chips[full ^ m]  # the complement's chips: a sum, never a difference
        prize = pay[k]
        if n <= BRANCHY_PLAYERS:
            for i in range(n):
                bit = 1 << i
                if not m & bit:
                    share = base * s[i]
                    out[i] += prize * share
                    if k < last:
                        placed[m | bit] += share
        else:
            free = full ^ m
            while free:
                bit = free & -free
                free ^= bit
                i = count[bit - 1]  # the players below the lowest bit: its index
                share = base * s[i]
                out[i] += prize * share
                if k < last:
                    placed[m | bit] += share


@njit(cache=True)
def harville_field(s, pay, out):
    """Malmuth-Harville equities of one field into ``out``: ``s`` its stacks (positive, at most 2**2000 apart, at
    most :data:`MOST_PLAYERS`), ``pay`` the prizes from first place down, first above 0. The stacks are balanced
    and the prizes valued as near 1 (divided by the power of two of the first), then scaled back, as
    :func:`.icm.icm` does.

    >>> out = np.empty(2)
    >>> harville_field(np.array([1e300, 1e-300]), np.array([2.0, 1.0]), out)
    >>> out.round(12).tolist()
    [2.0, 1.0]
    """
    n = len(s)
    size = 1 << n
    work = np.empty(n)
    balance(s, work)
    scale = math.frexp(pay[0])[1]
    prizes = np.empty(len(pay))
    for k in range(len(pay)):
        prizes[k] = math.ldexp(pay[k], -scale)
    harville_sets(work, prizes, np.empty(size), np.empty(size, np.int8), np.empty(size), out)
    for i in range(n):
        out[i] = math.ldexp(out[i], scale)


@njit(cache=True)
def harville_checked(stacks, payouts, out):
    """:func:`harville_field` of a field as given: 0 when it was valued into ``out``, 1 when the field is not
    one this call takes (it is left to :func:`.icm.icm`'s checks, which value it or name its problem): more
    than :data:`MOST_PLAYERS` players, a stack not a positive finite number, stacks more than
    ``2**SPAN_EXPONENTS`` apart, a payout negative, not finite or above the one before, none, more than players,
    the first 0, or their sum above :data:`POOL_LIMIT`.

    >>> out = np.empty(2)
    >>> harville_checked(np.array([3.0, 1.0]), np.array([1.0]), out), out.tolist()
    (0, [0.75, 0.25])
    >>> harville_checked(np.array([3.0, -1.0]), np.array([1.0]), out)
    1
    """
    n = len(stacks)
    paid = len(payouts)
    if not (1 <= n <= MOST_PLAYERS and 1 <= paid <= n):
        return 1
    top = 0.0
    low = math.inf
    for x in stacks:
        if not (0.0 < x < math.inf):  # NaN fails too
            return 1
        top = max(top, x)
        low = min(low, x)
    if math.frexp(top)[1] - math.frexp(low)[1] > SPAN_EXPONENTS:
        return 1
    total = 0.0
    before = math.inf
    for x in payouts:
        if not (0.0 <= x <= before):  # NaN fails too
            return 1
        before = x
        total += x
    if not (payouts[0] > 0.0 and total <= POOL_LIMIT):
        return 1
    harville_field(stacks, payouts, out)
    return 0


@njit(cache=True)
def harville_table(rows, pay, out):
    """:func:`harville_field` of each row of ``rows`` (a field's stacks a row, all positive) into the same row of
    ``out``, each row exactly as it is alone; the work arrays are made once for all rows.

    >>> out = np.empty((2, 3))
    >>> harville_table(np.array([[1.0, 1.0, 2.0], [1.0, 3.0, 4.0]]), np.array([1.0]), out)
    >>> out.tolist()
    [[0.25, 0.25, 0.5], [0.125, 0.375, 0.5]]
    """
    count, n = rows.shape
    size = 1 << n
    chips, sizes, placed = np.empty(size), np.empty(size, np.int8), np.empty(size)
    work = np.empty(n)
    scale = math.frexp(pay[0])[1]
    prizes = np.empty(len(pay))
    for k in range(len(pay)):
        prizes[k] = math.ldexp(pay[k], -scale)
    for r in range(count):
        balance(rows[r], work)
        row = out[r]
        harville_sets(work, prizes, chips, sizes, placed, row)
        for i in range(n):
            row[i] = math.ldexp(row[i], scale)
