"""The second step of every equity call: :func:`make_plan` decides how a :class:`~.spot.Spot` is answered.

One :class:`Plan` per call: exact enumeration or Monte Carlo (``method="auto"`` enumerates when the family's
estimate of the work is under about a second; ``method="exact"`` refuses work past the family's limits), the
precomputed-table shortcuts (hold'em before the flop: the preflop table of a hand or class against a random hand,
the heads-up table of two hands or small ranges; after the flop, the count of every board per combo), the threads
the run uses and the Monte Carlo seed (drawn here when none is given, so the result reports it), trials limit and
standard-error target. What deciding computed and the run reuses (hold'em's deals grouped by suit pattern,
Omaha's listed deals, stud's walk order) rides along as :attr:`Plan.work`.

>>> from .spot import read_spot
>>> plan = make_plan(read_spot(["AhKh", "QQ+"], None, None, "holdem"))
>>> plan.method, plan.shortcut
('exact', 'headsup-table')
>>> plan = make_plan(read_spot(["AsAh", "random"], None, None, "holdem"), "mc", trials=1000, seed=7, threads=2)
>>> plan.method, plan.seed, plan.limit, plan.target, plan.threads
('mc', 7, 1000, None, 2)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

from .options import (
    DEFAULT_STDERR,
    MAX_DEFAULT_TRIALS,
    EquityError,
    Progress,
    check_options,
    fresh_seed,
)
from .sampling import numba_threads
from .spot import Spot

METHODS = ("auto", "exact", "mc")
#: Monte Carlo's deals at most when only a standard-error target stops it, by family: each family's seeded answers
#: are dealt to its own limit.
DEFAULT_TRIALS = {
    "holdem": MAX_DEFAULT_TRIALS,
    "omaha": 50_000_000,
    "stud": 50_000_000,
    "draw": MAX_DEFAULT_TRIALS,
    "short-deck": 50_000_000,
}

# Hold'em.
EXACT_BUDGET_SECONDS = 1.0  # method="auto" enumerates when the estimate is below this
_GROUP_FIRST_DEALS = 20_000  # below this many deals, group them before choosing the method
_NS_PER_POSTFLOP_STEP = 5.0  # one combo ranked or one deal scored on one board, after the flop
# After the flop, below this estimate (one thread) the count runs on one thread: on 2 cores the turn spot
# AhKh vs QQ+,AQs+,KQs took 32 us on one thread and 500 us on two, AhKh vs random on Qh7h2c3s 112 and 617 us.
_POSTFLOP_PARALLEL_SECONDS = 1e-3
MAX_EXACT_SECONDS = 600.0  # method="exact" refuses a job estimated to take longer
MAX_EXACT_DEALS = 2_000_000  # and one listing more deals (their grouping is held in memory)
HEADSUP_TABLE_MAX_DEALS = 250_000  # heads-up preflop: pairs of combos summed from the shipped table (a few ms)

# Omaha: players x boards x deals of hands.
OMAHA_AUTO_WORK = 8_000_000  # method="auto" enumerates up to this (about a second)
OMAHA_MAX_WORK = 4_000_000_000  # method="exact" refuses more (minutes)

# Stud: units of about 4 ns (see stud.exact_walk). Auto does not depend on threads: one method whatever threads is.
STUD_AUTO_WORK = 250_000_000  # about a second on one thread
STUD_MAX_WORK = 25_000_000_000  # about two minutes on one thread

#: Draw: method="auto" enumerates up to this many joint draws.
DRAW_MAX_EXACT = 3e8


@dataclass(frozen=True, eq=False)
class Plan:
    """How one spot is answered: ``method`` (``"exact"`` or ``"mc"``, as decided), the ``threads`` the run uses,
    a table or count ``shortcut`` (hold'em: ``"preflop-table"``, ``"headsup-table"``, ``"postflop"``; None: the
    family's enumeration or Monte Carlo), Monte Carlo's ``seed``, ``trials`` and ``stderr`` as asked and the
    ``limit`` and ``target`` they make, what deciding computed (``work``), hold'em's Dask ``client``, and
    ``start``, the clock when the call began (the result's seconds count from it)."""

    method: str
    threads: int
    shortcut: str | None = None
    seed: int | None = None
    trials: int | None = None
    stderr: float | None = None
    limit: int = MAX_DEFAULT_TRIALS
    target: float | None = None
    work: Any = None
    client: Any = None
    start: float = 0.0


def check_request(
    method: str, trials: object, stderr: object, seed: object, threads: object, progress: object = None
) -> None:
    """Refuse a method or an option of the wrong kind or range (:class:`~.options.EquityError`), before any card is
    read.

    >>> check_request("auto", 1000, None, 1, 2)
    >>> try:
    ...     check_request("fast", None, None, None, None)
    ... except EquityError as error:
    ...     print(error)
    method must be 'auto', 'exact' or 'mc', got 'fast'
    """
    if method not in METHODS:
        raise EquityError(f"method must be 'auto', 'exact' or 'mc', got {method!r}")
    check_options(trials, stderr, seed, threads)
    if progress is not None and not callable(progress):
        raise EquityError(f"progress must be a function of the fraction done, got {type(progress).__name__}")


def make_plan(  # noqa: PLR0913 (the query's options as equity() takes them)
    spot: Spot,
    method: str = "auto",
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    *,
    client: Any = None,
    use_tables: bool = True,
    max_exact: float | None = None,
    start: float | None = None,
) -> Plan:
    """The :class:`Plan` of ``spot`` for the options asked (checked by :func:`check_request`): ``client`` and
    ``use_tables`` are hold'em's (a Dask cluster; the shipped preflop tables), ``max_exact`` the draw games' most
    joint draws ``method="auto"`` enumerates.

    >>> from .spot import read_spot
    >>> make_plan(read_spot(["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"], None, None, "stud"), threads=1).method
    'exact'
    """
    begun = time.perf_counter() if start is None else start
    if client is not None and spot.family != "holdem":
        raise EquityError(f"a Dask client runs hold'em equity only; {spot.game} runs on this machine")
    if spot.family == "holdem":
        plan = _holdem_plan(spot, method, threads, client, use_tables, begun)
    else:
        plan = _PLANNERS[spot.family](spot, method, threads, DRAW_MAX_EXACT if max_exact is None else max_exact)
    if plan.method == "exact":
        return plan if spot.family == "holdem" else _with(plan, start=begun)
    return _with(
        plan, seed=fresh_seed() if seed is None else seed, trials=trials, stderr=stderr, start=begun,
        limit=trials if trials is not None else DEFAULT_TRIALS[spot.family],
        target=stderr if stderr is not None else (None if trials is not None else DEFAULT_STDERR),
    )  # fmt: skip


#: Every field of a plan at its default.
_DEFAULTS = {name: field.default for name, field in Plan.__dataclass_fields__.items()}


def _plan(**fields: Any) -> Plan:
    """A plan with ``fields`` set, the rest at their defaults: filled at once, not one frozen ``__setattr__`` a field
    (0.9 -> 0.4 us, on hold'em's per-call path). The plan stays frozen."""
    plan: Plan = object.__new__(Plan)
    plan.__dict__.update(_DEFAULTS)
    plan.__dict__.update(fields)
    return plan


def _with(plan: Plan, **fields: Any) -> Plan:
    """``plan`` with ``fields`` set (a frozen dataclass of slots: a new one)."""
    return _plan(**(plan.__dict__ | fields))


def refuse_exact(what: str) -> EquityError:
    """The error of an exact run past a limit: ``what`` it would do, and the way out."""
    return EquityError(f"exact enumeration would {what}; use Monte Carlo (method='mc', --mc) or method='auto'")


def check_exact_size(seconds: float, deals: int | None) -> None:
    """Refuse a hold'em exact run estimated past ``MAX_EXACT_SECONDS`` or listing over ``MAX_EXACT_DEALS`` deals.

    >>> try:
    ...     check_exact_size(7200.0, None)
    ... except EquityError as error:
    ...     print(error)
    exact enumeration would take about 2 hours (the limit is 600 s); use Monte Carlo (method='mc', --mc) or ...
    """
    if deals is not None and deals > MAX_EXACT_DEALS:
        raise refuse_exact(f"list {deals:.3g} deals (the limit is {MAX_EXACT_DEALS:,})")
    if seconds > MAX_EXACT_SECONDS:
        raise refuse_exact(f"take about {_duration(seconds)} (the limit is {MAX_EXACT_SECONDS:.0f} s)")


def _duration(seconds: float) -> str:
    if seconds < 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 86400 * 365:
        return f"{seconds / 3600:.3g} hours"
    return f"{seconds / (86400 * 365):.3g} years"


@cache
def _holdem() -> ModuleType:
    """Hold'em's scorer module, whose estimates plan a hold'em spot: loaded with the first hold'em spot, then looked
    up here in a fraction of a ``from . import`` (hold'em's per-call path is microseconds)."""
    return import_module("pokerlab.simulate.equity.engine")


def _holdem_plan(spot: Spot, method: str, threads: int | None, client: Any, use_tables: bool, start: float) -> Plan:
    """Hold'em: a shipped table before the flop, the count of every board after it, else the enumeration of the
    deals grouped by suit pattern or Monte Carlo."""
    engine, parsed = _holdem(), spot.players
    if use_tables and method != "mc" and not spot.board and not spot.dead:
        # Table answers need neither numba nor its threads: they use one thread (or report the cluster's).
        table_threads = engine.cluster_threads(client) if client is not None else int(threads or 1)
        key = engine.preflop_table_key(parsed)
        if key is not None:
            return _plan(method="exact", threads=table_threads, shortcut="preflop-table", work=key, client=client,
                         start=start)  # fmt: skip
        if len(parsed) == 2 and len(parsed[0].combos) * len(parsed[1].combos) <= HEADSUP_TABLE_MAX_DEALS:
            return _plan(method="exact", threads=table_threads, shortcut="headsup-table", client=client, start=start)
    n_threads = engine.cluster_threads(client) if client is not None else numba_threads(threads)
    if method != "mc" and len(spot.board) >= 3:
        one_thread = engine.postflop_work(parsed, spot.board, spot.dead) * _NS_PER_POSTFLOP_STEP * 1e-9
        if method == "exact":
            check_exact_size(one_thread / n_threads, None)
        if method == "exact" or one_thread / n_threads <= EXACT_BUDGET_SECONDS:
            if client is None and one_thread < _POSTFLOP_PARALLEL_SECONDS:
                n_threads = 1  # waking a thread pool costs more than the whole count
            return _plan(method="exact", threads=n_threads, shortcut="postflop", client=client, start=start)
        method = "mc"
    groups = None
    if method != "mc" and math.prod(len(p.combos) for p in parsed) <= _GROUP_FIRST_DEALS:
        groups = engine.group_deals(parsed, spot.board, spot.dead)
    if method == "auto":
        estimate = engine.estimate_exact_seconds(parsed, spot.board, spot.dead, n_threads, groups)
        method = "exact" if estimate <= EXACT_BUDGET_SECONDS else "mc"
    elif method == "exact" and groups is None:
        deals = math.prod(len(p.combos) for p in parsed)
        check_exact_size(engine.estimate_exact_seconds(parsed, spot.board, spot.dead, n_threads, None), deals)
    return _plan(method=method, threads=n_threads, work=groups, client=client, start=start)


def _omaha_plan(spot: Spot, method: str, threads: int | None, _: float) -> Plan:
    """Omaha: exact when the deals of the hands are few enough to list and the boards behind them about a second of
    work; the listed deals are the run's."""
    n_threads = numba_threads(threads)
    if method == "mc":
        return Plan("mc", n_threads)
    listed = spot.detail.list_deals(spot, refuse=method == "exact")
    if listed is None:
        return Plan("mc", n_threads)
    work = len(listed[0]) * spot.detail.boards_per_deal * len(spot.players)
    if method == "exact" and work > OMAHA_MAX_WORK:
        raise refuse_exact(f"score {work:.3g} hands (the limit is {OMAHA_MAX_WORK:,})")
    if method == "exact" or work <= OMAHA_AUTO_WORK:
        return Plan("exact", 1, work=listed)
    return Plan("mc", n_threads)


def _stud_plan(spot: Spot, method: str, threads: int | None, _: float) -> Plan:
    """Stud: exact when the walk of every deal of the missing cards is about a second of work."""
    n_threads = numba_threads(threads)
    if method == "mc":
        return Plan("mc", n_threads)
    order, n_deals, work = spot.detail.exact_walk()
    if method == "exact" and work > STUD_MAX_WORK:
        raise refuse_exact(f"walk {n_deals:.3g} deals (work {work:,.0f}, the limit is {STUD_MAX_WORK:,})")
    if method == "exact" or work <= STUD_AUTO_WORK:
        return Plan("exact", n_threads, work=order)
    return Plan("mc", n_threads)


def _short_deck_plan(spot: Spot, method: str, threads: int | None, _: float) -> Plan:
    """Short deck: exact (every board) unless a hand is random, which only Monte Carlo deals."""
    unknown = any(hand is None for hand in spot.players)
    if method == "exact" and unknown:
        raise EquityError("exact short-deck equity needs every hand; 'random' players are dealt by method='mc'")
    return Plan("mc" if method == "mc" or unknown else "exact", numba_threads(threads))


def _draw_plan(spot: Spot, method: str, threads: int | None, max_exact: float) -> Plan:
    """The draw games: exact when the joint draws (one draw per player, no card twice) are at most ``max_exact``."""
    joint, left = 1.0, len(spot.detail.unseen)
    for _, thrown in spot.players:
        joint *= math.comb(left, len(thrown))
        left -= len(thrown)
    if method == "exact" or (method == "auto" and joint <= max_exact):
        return Plan("exact", 1)
    return Plan("mc", numba_threads(threads))


_PLANNERS: dict[str, Callable[[Spot, str, int | None, float], Plan]] = {
    "omaha": _omaha_plan,
    "stud": _stud_plan,
    "short-deck": _short_deck_plan,
    "draw": _draw_plan,
}

__all__ = ["Plan", "Progress", "check_request", "make_plan"]
