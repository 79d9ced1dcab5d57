"""The small random-number helpers of the Omaha and stud Monte Carlo kernels (numba, inlined where called).

A kernel seeds one xorshift64* stream per block from the block's seed (splitmix64 mixes it, so
neighbouring seeds give unrelated streams), steps it once per draw, and maps the top 32 bits of each
draw onto 0..n-1 by a multiply and a shift: no division, and a bias of at most n / 2**32, far below
what a Monte Carlo run can see. (The hold'em kernel, :mod:`pokerlab.simulate.equity.mc_kernels`, has its
own xoshiro stream with exact bounded draws, tuned for its dealing.)

>>> state, draws = seeded_state(7), []
>>> for _ in range(1000):
...     state, bits = xorshift_step(state)
...     draws.append(below(bits, 52))
>>> min(draws), max(draws), len(set(draws))
(0, 51, 52)
"""

from __future__ import annotations

import numpy as np

from ...evaluator.jit import njit


@njit(cache=True, inline="always")
def seeded_state(seed):
    """A well-mixed nonzero xorshift state from a seed (splitmix64)."""
    z = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return (z ^ (z >> np.uint64(31))) | np.uint64(1)


@njit(cache=True, inline="always")
def xorshift_step(state):
    """One xorshift64* step: (the new state, 64 random bits)."""
    state ^= state >> np.uint64(12)
    state ^= state << np.uint64(25)
    state ^= state >> np.uint64(27)
    return state, state * np.uint64(0x2545F4914F6CDD1D)


@njit(cache=True, inline="always")
def below(bits, n):
    """A number in 0..n-1 from the top 32 random bits (multiply and shift: no division)."""
    return np.int64(((np.uint64(bits) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, inline="always")
def deal_next(state, deck, top, n):
    """Deal ``deck[top]`` by one partial Fisher-Yates step over the undealt ``deck[top:n]``: (the new state, card).

    The caller moves ``top`` on by one.
    """
    state, bits = xorshift_step(state)
    j = top + below(bits, n - top)
    c = deck[j]
    deck[j] = deck[top]
    deck[top] = c
    return state, c


@njit(cache=True, inline="always")
def free_card(state, used):
    """A uniform card of 0..51 whose bit is clear in ``used``, drawn again until one is: (the new state, card)."""
    while True:
        state, bits = xorshift_step(state)
        c = below(bits, 52)
        if not (used >> c) & 1:
            return state, c
