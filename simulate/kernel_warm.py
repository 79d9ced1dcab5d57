"""Compile every numba kernel ahead of time into the kernel cache (``pokerlab cache warm``).

Each step makes a small library call that reaches one family of kernels,
with the argument types real calls use, so a later process loads them from
:func:`pokerlab.evaluator.jit.cache_dir` instead of compiling (useful when building a
Docker image or before starting a cluster's workers).
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

import numpy as np

from ..evaluator import RULESETS, enumerate_values, evaluate_batch, get_rules
from ..evaluator.cards import deck_ids
from ..threads import available_cores
from .draw import draw_odds
from .equity.distribution import equity_by_combo
from .equity.draw import draw_equity
from .equity.engine import equity
from .equity.omaha import omaha_equity
from .equity.short_deck import short_deck_equity
from .equity.stud import stud_equity
from .game.fast_nlhe import simulate_random_nlhe
from .precomputed.headsup import matchup_plan, matchup_shard
from .precomputed.preflop import preflop_shard
from .solver.holdem import solve
from .solver.river import solve_river
from .tournament.icm import warm_kernels as warm_icm_kernels


def _batches() -> None:
    rows = np.arange(7 * 3, dtype=np.uint8).reshape(3, 7)
    for k in (5, 6, 7):
        for parallel in (False, True):
            evaluate_batch(np.ascontiguousarray(rows[:, :k]), parallel=parallel)


def _variant_batches() -> None:
    for name in RULESETS:
        rules = get_rules(name)
        for k in rules.hand_sizes:
            rows = np.arange(k * 3, dtype=np.uint8).reshape(3, k) + np.uint8(deck_ids(rules.deck_size).start)
            for parallel in (False, True):
                evaluate_batch(rows, rules=name, parallel=parallel)


def _enumeration() -> None:
    enumerate_values(5)
    enumerate_values(5, parallel=True)


def _exact_preflop() -> None:
    equity(["AsAh", "KsKh"], method="exact", use_tables=False)
    equity(["AsAh", "random"], board="2c3d4h", method="exact", use_tables=False)


def _exact_postflop() -> None:
    # A hand against a range by rank pair, and deal by deal (three players, the river): one thread and two.
    for threads in (1, None):
        equity(["AhKh", "random"], board="Qh7h2c", method="exact", threads=threads)
        equity(["AhKh", "QQ", "JJ"], board="Qh7h2c5d", method="exact", threads=threads)
    equity(["AhKh", "QQ"], board="Qh7h2c5d3s", method="exact", threads=1)


def _monte_carlo() -> None:
    for threads in (1, None):  # one stream, or streams across all threads: two kernels
        equity(["AsAh", "random", "random"], method="mc", trials=1_000, seed=1, threads=threads)


def _by_combo() -> None:
    equity_by_combo(["AsAh", "KK"], board="2c3d4h", method="mc", trials=1_000, seed=1)


def _solver() -> None:
    solve_river("2s3h4d6c7c", "AsAh,QsQh", "KsKh", pot=20, stack=10, max_iterations=10)  # float64
    solve("2s3h4d6c", "AsAh,QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=10)  # float32, chance


def _draw() -> None:
    draw_odds("Jh Jd 9c 6s 2h", discard="9c 6s 2h")
    draw_odds("7h 5d 4c 3s Kh", discard="Kh", rules="deuce-seven")
    draw_odds("As 2d 3h 3c", discard="3c", rules="badugi")
    draw_equity(["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d"], method="mc", trials=1_000, seed=1, threads=1)


def _icm() -> None:
    warm_icm_kernels()


def _fast_nlhe() -> None:
    simulate_random_nlhe(2, players=2, seed=0, record=True)


def _omaha_evaluation() -> None:
    holes = np.arange(4 * 3, dtype=np.uint8).reshape(3, 4)
    for board in (np.arange(12, 17, dtype=np.uint8), np.arange(12, 15, dtype=np.uint8)):
        for parallel in (False, True):
            for rules in ("omaha", "omaha-hilo"):
                evaluate_batch(holes, rules=rules, board=board, parallel=parallel)


def _omaha_equity() -> None:
    omaha_equity(["AsAhKsKh", "QdQcJdJc"], board="2s7d9c", game="omaha-hilo", method="exact")
    for threads in (1, None):
        omaha_equity(["AsAhKsKh", "random"], game="omaha-hilo", method="mc", trials=1_000, seed=1, threads=threads)


def _omaha_blocked() -> None:
    pairs = ["AA**", "KK**", "QQ**", "JJ**", "TT**", "99**", "88**", "77**", "66**", "55**"]  # dealt in turn
    for threads in (1, None):
        omaha_equity(pairs, method="mc", trials=1_000, seed=1, threads=threads)


def _stud_exact() -> None:
    for game in ("stud", "stud-hilo", "razz"):
        for threads in (1, None):
            stud_equity(["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"], game=game, method="exact", threads=threads)


def _short_deck() -> None:
    for threads in (1, None):
        short_deck_equity(["AsAh", "KsKh"], method="exact", threads=threads)
        short_deck_equity(["AsAh", "KsKh"], board="Ts9s8d", method="exact", threads=threads)
        short_deck_equity(["AsAh", "random"], method="mc", trials=1_000, seed=1, threads=threads)


def _stud_mc() -> None:
    for game in ("stud", "stud-hilo", "razz"):
        for threads in (1, None):
            stud_equity(["AsAh Kd", "QcQd 9h"], game=game, method="mc", trials=1_000, seed=1, threads=threads)


def _precomputed() -> None:

    preflop_shard(0, 1 << 20)
    units, _ = matchup_plan(["AA", "KK"])
    matchup_shard(units[:1])


STEPS: dict[str, Callable[[], None]] = {
    "batch evaluation (5, 6, 7 cards)": _batches,
    "variant rankings": _variant_batches,
    "enumeration": _enumeration,
    "exact equity before the flop": _exact_preflop,
    "exact equity after the flop": _exact_postflop,
    "Monte Carlo equity": _monte_carlo,
    "Monte Carlo equity by combo": _by_combo,
    "draw odds": _draw,
    "fast no-limit simulation": _fast_nlhe,
    "precomputed tables": _precomputed,
    "Omaha evaluation": _omaha_evaluation,
    "Omaha equity": _omaha_equity,
    "Omaha equity, blocked ranges": _omaha_blocked,
    "stud exact equity": _stud_exact,
    "stud Monte Carlo equity": _stud_mc,
    "short-deck equity": _short_deck,
    "postflop solver": _solver,
    "ICM": _icm,
}


def _timed_step(name: str) -> float:
    """Run one step (in a worker process of :func:`warm_kernels`); its seconds."""
    start = time.perf_counter()
    STEPS[name]()
    return time.perf_counter() - start


def processes_at_once(processes: int | None = None) -> int:
    """How many step processes :func:`warm_kernels` runs at once: ``processes``, else one per core this process
    may run on, and never more than there are steps.

    >>> processes_at_once(1), processes_at_once(10**6) == len(STEPS), processes_at_once() >= 1
    (1, True, True)
    """
    return min(len(STEPS), processes or available_cores())


def warm_kernels(
    on_step: Callable[[str, float], None] | None = None, processes: int | None = None
) -> list[tuple[str, float]]:
    """Compile (or load) every kernel family; returns ``(step, seconds)`` per step, in :data:`STEPS` order.

    The steps run in ``processes`` fresh processes at once (default: one per core, numba compiles on
    one), the longest first; ``processes=1`` runs them here, one after the other. ``on_step`` is
    called as each step ends with its name and seconds.

    >>> steps = warm_kernels()  # doctest: +SKIP
    >>> [name for name, _ in steps][:1]  # doctest: +SKIP
    ['batch evaluation (5, 6, 7 cards)']
    """
    n = processes_at_once(processes)
    seconds: dict[str, float] = {}

    def record(name: str, took: float) -> None:
        seconds[name] = took
        if on_step is not None:
            on_step(name, took)

    if n == 1:
        for name in STEPS:
            record(name, _timed_step(name))
    else:
        # Fresh interpreters (spawn): a fork would copy numba's state and threads mid-flight.
        with ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn")) as pool:
            running = {pool.submit(_timed_step, name): name for name in sorted(STEPS, key=LONGEST_FIRST.index)}
            for done in as_completed(running):
                record(running[done], done.result())
    return [(name, seconds[name]) for name in STEPS]


#: The steps by their compile time on an empty cache (2 cores), longest first: the longest do not start last.
LONGEST_FIRST = [
    "short-deck equity",
    "exact equity before the flop",
    "Omaha equity, blocked ranges",
    "stud Monte Carlo equity",
    "variant rankings",
    "Omaha equity",
    "stud exact equity",
    "Omaha evaluation",
    "Monte Carlo equity",
    "Monte Carlo equity by combo",
    "exact equity after the flop",
    "enumeration",
    "fast no-limit simulation",
    "batch evaluation (5, 6, 7 cards)",
    "precomputed tables",
    "postflop solver",
    "ICM",
    "draw odds",
]
