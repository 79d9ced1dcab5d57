"""What every Monte Carlo equity run shares: its seed, its standard error and its stopping rule.

A run deals blocks of a fixed number of deals; block ``i`` of a run seeded ``s`` is dealt from its
own stream, :func:`block_seeds`, so a seed gives one result whatever the threads. Blocks come in
rounds: the first rounds double, and once the standard error is estimated a round deals what it
predicts the target still needs (3 % spare), so a run stops close to the target instead of up to
a whole round past it.

Hold'em's and Omaha's blocks run through :func:`map_on_threads`: one serial ``nogil`` kernel, each thread
taking a part of the seeds. A ``prange`` twin compiled for the threads cost about half of a family's compile
(Omaha's two block loops 30 s of the 32 s of their ``cache warm`` step; serial, 16 s in all), for the same CPU
time per deal on one thread (interleaved in one process, best of 7-9: Omaha hi/lo heads-up 130 against 128 ms,
on the flop 106 against 114 ms, ten blocked pattern ranges 781 against 794 ms). Stud's and short deck's block
kernels and exact slices stay ``prange`` loops: serial, they took 9 to 18 % more CPU per deal (razz three-way
67 against 62 ms, short deck three-way on the flop 37 against 31 ms, stud hi/lo exact 403 against 347 ms), and
called block by block from Python as well, so numba's parallel compile makes their loops faster.

The standard error of a player's equity is that of a mean of per-deal shares:
``sqrt((E[x**2] - E[x]**2) / (n - 1))``; under :data:`MIN_TRIALS_FOR_STDERR` deals it is not
estimable (reported as None).

>>> standard_errors(np.array([0.5]), np.array([0.5]), 101)   # a fair coin: 0.5 / sqrt(100)
array([0.05])
>>> rounds = []
>>> class Coin:
...     done = 0
...     def add(self, seeds, trials):
...         rounds.append(len(seeds)); self.done += trials * len(seeds); return True
...     def errors(self):
...         return np.array([0.5 / (self.done - 1) ** 0.5])
>>> run_blocks(Coin(), seed=1, block_trials=1000, limit=10**9, target=0.001)
True
>>> rounds, sum(rounds) * 1000 >= 250_000
([2, 4, 8, 16, 32, 64, 128], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache, partial
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from ...threads import on_threads

#: Below this many deals a standard error is not estimable (reported as None).
MIN_TRIALS_FOR_STDERR = 100
#: Deals per block (one seed, dealt on one thread) of Omaha's, stud's and short deck's runs. A run's deals follow
#: its block size, so each size stays with the engines whose seeded answers are dealt in it.
BLOCK_TRIALS = 1 << 14
#: Deals per block of hold'em's runs (its by-combo tally too) and ICM's finishes. Hold'em's Monte Carlo also ran
#: 1-3 % faster with these blocks than with :data:`BLOCK_TRIALS` (best of 42, 2M deals: heads-up 10.9 against
#: 11.0 ms, three-way 12.8 against 13.1 ms).
LARGE_BLOCK_TRIALS = 1 << 15
#: Blocks in a round at most, on this machine (progress and Ctrl-C are seen between rounds).
MAX_ROUND_BLOCKS = 256
_PREDICT_AFTER = 1 << 16  # deals before the standard error is trusted to predict the rest


def numba_threads(threads: int | None) -> int:
    """The threads asked, or numba's default (imported only when something is computed: a third of a second)."""
    if threads:  # checked by check_options
        return int(threads)
    return int(_numba_get_num_threads()())


@cache
def _numba_get_num_threads() -> Callable[[], int]:
    """numba's ``get_num_threads``, imported once: numba costs a third of a second to import, and the import
    statement a microsecond a call on hold'em's per-call path."""
    from numba import get_num_threads

    return get_num_threads


@contextmanager
def numba_thread_limit(threads: int) -> Iterator[None]:
    """numba's threads (a ``prange`` kernel's) at most ``threads`` within the block, as they were after it."""
    from numba import get_num_threads, set_num_threads

    previous = get_num_threads()
    set_num_threads(min(threads, previous))
    try:
        yield
    finally:
        set_num_threads(previous)


def map_on_threads(kernel: Callable[..., Any], items: np.ndarray, threads: int, *args: Any) -> list[np.ndarray]:
    """``kernel(part, *args)`` on up to ``threads`` contiguous parts of ``items`` at once; its outputs (arrays
    with one row per item) joined in the items' order, so a sum over them runs in one order whatever the
    threads.

    For a serial ``nogil`` kernel that loops over its items (blocks' seeds, exact slices): a ``prange``
    kernel for the same work costs a parallel compile on first use, and splits the items alike.

    >>> map_on_threads(lambda part: (part * 2, part + 1), np.arange(5), 2)
    [array([0, 2, 4, 6, 8]), array([1, 2, 3, 4, 5])]
    """
    parts = [part for part in np.array_split(items, max(1, min(threads, len(items)))) if len(part)]
    outputs = on_threads([partial(kernel, np.ascontiguousarray(part), *args) for part in parts])
    return [np.concatenate([out[i] for out in outputs]) for i in range(len(outputs[0]))]


def block_seeds(seed: int, first: int, count: int) -> np.ndarray:
    """The seeds of blocks ``first`` .. ``first + count - 1`` of a run seeded ``seed`` (uint64).

    >>> block_seeds(1, 0, 2).tolist()
    [2654435761, 2654435762]
    """
    return np.array([(seed * 0x9E3779B1 + first + i) % (1 << 64) for i in range(count)], dtype=np.uint64)


def standard_errors(mean: NDArray[np.float64], mean_sq: NDArray[np.float64], n: float) -> NDArray[np.float64]:
    """Each player's standard error of the equity from the means of the shares and of their squares."""
    errors: NDArray[np.float64] = np.sqrt(np.maximum(mean_sq - mean**2, 0.0) / max(n - 1, 1))
    return errors


def predicted_trials(done: float, worst: float, target: float | None) -> float | None:
    """The deals a standard-error target needs, extrapolated from ``done`` deals and the largest error now
    (None when there is no target or no estimate).

    >>> predicted_trials(1 << 20, 1.5e-3, 1e-3)
    2359296.0
    """
    if target is None or not (np.isfinite(worst) and worst > 0):
        return None
    return done * (worst / target) ** 2


class Tally(Protocol):
    """A run's sums so far: ``add`` deals a block of ``trials`` deals per seed (False when no deal could be
    made)."""

    @property
    def done(self) -> int: ...  # deals so far

    def add(self, seeds: np.ndarray, trials: int) -> bool: ...

    def errors(self) -> np.ndarray: ...


def run_blocks(
    tally: Tally,
    seed: int,
    block_trials: int,
    limit: int,
    target: float | None,
    progress: Callable[[float], None] | None = None,
    max_round_blocks: int = MAX_ROUND_BLOCKS,
) -> bool:
    """Deal rounds of blocks into ``tally`` until ``limit`` deals or every standard error is at most
    ``target``, calling ``progress`` with the fraction done after each round. A round's last block is
    short when the round is not a whole number of blocks: the run's last round when ``limit`` is not a
    multiple of ``block_trials`` (a run deals exactly ``limit`` deals unless the target stops it first),
    and a round that deals what the standard error predicts the target needs (at least a quarter block,
    3 % spare). False when a round could make no deal (the tally is then left as it was before that
    round)."""
    block = 0
    round_deals = 2 * block_trials
    planned = 0
    while True:
        full, short = divmod(min(round_deals, limit - planned), block_trials)
        for count, trials in ((full, block_trials), (1 if short else 0, short)):
            if count and not tally.add(block_seeds(seed, block, count), trials):
                return False
            block += count
        planned += full * block_trials + short
        worst = float(tally.errors().max())
        finished = planned >= limit or (target is not None and worst <= target)
        needed = predicted_trials(tally.done, worst, target)
        if progress is not None:
            goal = float(limit) if needed is None else min(float(limit), needed)
            progress(1.0 if finished else min(1.0, tally.done / goal))
        if finished:
            return True
        round_deals = min(2 * round_deals, max_round_blocks * block_trials)
        if needed is not None and tally.done >= _PREDICT_AFTER:
            round_deals = min(round_deals, max(block_trials // 4, int(needed * 1.03) - tally.done))
