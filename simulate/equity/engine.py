"""Hold'em equity: exact enumeration and Monte Carlo over hands and ranges.

>>> r = equity(["AsAh", "KsKh"])
>>> r.method, r.boards, round(r.players[0].equity, 6)
('exact', 1712304, 0.826366)
>>> r.players[0].wins, r.players[1].wins, r.players[0].ties
(1410336, 292660, 9308)

A player is a specific hand (``"AsAh"``), a range (``"QQ+,AKs"``,
``"random"``; see :mod:`pokerlab.simulate.ranges.parse`) or a :class:`~pokerlab.simulate.ranges.parse.Range`.
Ties are credited ``1/k`` for a ``k``-way split. Card removal is exact: the
board, dead cards and the other players' cards remove combos, and a deal is
weighted by the product of its combos' weights.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...compiles import computing_seconds
from ..ranges.classes import class_combos, hand_class
from ..ranges.headsup_table import BOARDS as HEADSUP_BOARDS, lookup as lookup_headsup
from ..ranges.table import load_preflop_table
from .holdem_exact import (
    estimate_exact_seconds,
    exact_result,
    group_deals,
    run_exact,
)
from .holdem_mc import (
    StoppedEarly,
    mc_result,
    run_monte_carlo,
)
from .holdem_sharded import (
    run_exact_sharded,
    run_mc_sharded,
)
from .holdem_spot import (
    CardsLike,
    HoldemPlayer,
    PlayerLike,
    prepare_spot,
)
from .options import (
    EquityError,
    EquityInterrupted,
    NoDealError,
    Progress,
    check_options,
    fresh_seed,
)
from .postflop import postflop_work, run_exact_postflop
from .result import EquityResult, PlayerEquity

EXACT_BUDGET_SECONDS = 1.0  # method="auto" enumerates when the estimate is below this
_GROUP_FIRST_DEALS = 20_000  # below this many deals, group them before choosing the method
_NS_PER_POSTFLOP_STEP = 5.0  # one combo ranked or one deal scored on one board, after the flop
# After the flop, below this estimate (one thread) the count runs on one thread: on 2 cores the turn spot
# AhKh vs QQ+,AQs+,KQs took 32 us on one thread and 500 us on two, AhKh vs random on Qh7h2c3s 112 and 617 us.
_POSTFLOP_PARALLEL_SECONDS = 1e-3
MAX_EXACT_SECONDS = 600.0  # method="exact" refuses a job estimated to take longer
MAX_EXACT_DEALS = 2_000_000  # and one listing more deals (their grouping is held in memory)
HEADSUP_TABLE_MAX_DEALS = 250_000  # heads-up preflop: pairs of combos summed from the shipped table (a few ms)


def _from_preflop_table(parsed: list[HoldemPlayer], start: float, threads: int) -> EquityResult | None:
    """A hand or a whole class against one random hand, preflop: the exact counts from the shipped table."""
    if len(parsed) != 2:
        return None

    for hero, villain in ((0, 1), (1, 0)):
        h, v = parsed[hero], parsed[villain]
        if len(v.combos) != 1326 or not np.all(v.weights == 1) or not np.all(h.weights == 1):
            continue
        names = {hand_class(int(a), int(b)) for a, b in h.combos}
        if len(names) != 1:
            continue
        name = names.pop()
        if len(h.combos) not in (1, class_combos(name)):
            continue

        row = load_preflop_table()[name]
        n = len(h.combos)
        outcomes = row.outcomes * n
        counts = {hero: (row.wins * n, row.ties * n), villain: (row.losses * n, row.ties * n)}
        players = []
        for i, p in enumerate(parsed):
            wins, ties = counts[i]
            players.append(
                PlayerEquity(
                    hand=p.text, combos=len(p.combos), win=wins / outcomes, tie=ties / outcomes,
                    equity=(wins + ties / 2) / outcomes, wins=wins, ties=ties,
                )
            )  # fmt: skip
        seconds = computing_seconds(start)
        return EquityResult(players, "exact", float(outcomes), seconds, boards=outcomes, threads=threads)
    return None


def _from_headsup_table(parsed: list[HoldemPlayer], start: float, threads: int) -> EquityResult | None:
    """Two hands or small ranges before the flop: every deal's exact counts from the shipped heads-up table.

    The counts, and so the result, are those the enumeration gives (the table is that enumeration, checked
    against it); ranges of up to ``HEADSUP_TABLE_MAX_DEALS`` pairs of combos are summed with their weights.
    """
    if len(parsed) != 2:
        return None
    first, second = parsed
    n1, n2 = len(first.combos), len(second.combos)
    if n1 * n2 > HEADSUP_TABLE_MAX_DEALS:
        return None
    i, j = np.divmod(np.arange(n1 * n2), n2)
    hands1, hands2 = first.combos[i].astype(np.int64), second.combos[j].astype(np.int64)
    one = np.int64(1)
    apart = ((one << hands1[:, 0]) | (one << hands1[:, 1])) & ((one << hands2[:, 0]) | (one << hands2[:, 1])) == 0
    if not apart.any():
        raise NoDealError("no deal is possible: the players' hands or ranges always share a card")
    found = lookup_headsup(hands1[apart], hands2[apart])
    weights = first.weights[i[apart]] * second.weights[j[apart]]
    counts = np.zeros(4, dtype=np.float64)  # by winner mask: nobody, player 1, player 2, both (a tie)
    counts[1:] = weights @ found
    deals = int(apart.sum())
    return exact_result(parsed, counts, float(weights.sum()) * HEADSUP_BOARDS, deals * HEADSUP_BOARDS, start, threads)


def _check_exact_size(seconds: float, deals: int | None) -> None:
    """Refuse an exact run estimated past ``MAX_EXACT_SECONDS`` or listing over ``MAX_EXACT_DEALS`` deals."""
    if deals is not None and deals > MAX_EXACT_DEALS:
        raise EquityError(
            f"exact enumeration would list {deals:.3g} deals (the limit is {MAX_EXACT_DEALS:,}); "
            "use Monte Carlo (method='mc', --mc) or method='auto'"
        )
    if seconds > MAX_EXACT_SECONDS:
        raise EquityError(
            f"exact enumeration would take about {_duration(seconds)} (the limit is {MAX_EXACT_SECONDS:.0f} s); "
            "use Monte Carlo (method='mc', --mc) or method='auto'"
        )


def _duration(seconds: float) -> str:
    if seconds < 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 86400 * 365:
        return f"{seconds / 3600:.3g} hours"
    return f"{seconds / (86400 * 365):.3g} years"


def equity(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    method: str = "auto",
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    client: Any = None,
    use_tables: bool = True,
) -> EquityResult:
    """Equity of 2 to 10 hands or ranges, exactly or by Monte Carlo.

    ``method`` is ``"exact"``, ``"mc"`` (Monte Carlo) or ``"auto"`` (exact
    when the enumeration is estimated to take under about a second).
    Monte Carlo stops after ``trials`` deals or once every player's standard
    error is at most ``stderr`` (default 5e-4 when neither is given); the
    same ``seed`` gives the same result whatever ``threads`` is. ``progress`` is
    called with the fraction done.

    Heads-up before the flop with no dead cards, the exact counts are read
    from shipped tables unless ``use_tables`` is False: a hand or a whole
    class against one ``random`` hand (:mod:`pokerlab.simulate.ranges.table`),
    and two hands or ranges of up to ``HEADSUP_TABLE_MAX_DEALS`` pairs of
    combos (:mod:`pokerlab.simulate.ranges.headsup_table`). The counts are
    those the enumeration would give; such answers need no numba.

    ``client``: a ``dask.distributed.Client`` to run the job on its
    workers, in shards (see :func:`pokerlab.simulate.distributed.connect`). An exact
    result is identical to the local one, and so is a Monte Carlo one: it
    depends only on the seed (each block of deals has its own), not on the
    threads or the workers. Without a client nothing imports Dask.

    >>> r = equity(["AA", "KK"])
    >>> r.players[0].wins, r.players[1].wins, r.players[0].ties
    (50371344, 10986372, 285228)
    >>> r = equity(["AsAh", "random"], method="mc", trials=100_000, seed=1)
    >>> abs(r.players[0].equity - 0.852) < 0.01
    True
    """
    start = time.perf_counter()
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"method must be 'auto', 'exact' or 'mc', got {method!r}")
    check_options(trials, stderr, seed, threads)
    spot = prepare_spot(players, board, dead)
    parsed, board_ids, dead_ids, _, dead_mask = spot
    if use_tables and method != "mc" and not board_ids and not dead_ids:
        # Table answers need neither numba nor its threads: they use one thread (or report the cluster's).
        table_threads = _cluster_threads(client) if client is not None else int(threads or 1)
        answer = _from_preflop_table(parsed, start, table_threads) or _from_headsup_table(parsed, start, table_threads)
        if answer is not None:
            return answer
    n_threads = _thread_count(threads, client)
    if method != "mc" and len(board_ids) >= 3:
        answer = _postflop_exact(spot, method, n_threads, client, progress, start)
        if answer is not None:
            return answer
        method = "mc"
    method, groups = _preflop_plan(parsed, board_ids, dead_ids, method, n_threads)
    if method == "exact":
        if client is not None:
            counts, outcomes, boards = run_exact_sharded(
                parsed, board_ids, dead_ids, dead_mask, client, progress, groups
            )
        else:
            counts, outcomes, boards = run_exact(parsed, board_ids, dead_ids, dead_mask, n_threads, progress, groups)
        return exact_result(parsed, counts, outcomes, boards, start, n_threads)
    seed = fresh_seed() if seed is None else seed
    mc_args = (parsed, board_ids, dead_mask, trials, stderr, seed)
    if client is not None:
        counts, outcomes, done, errors = run_mc_sharded(*mc_args, client, progress)
        return mc_result(parsed, counts, done, errors, start, seed, n_threads)
    try:
        counts, outcomes, done, errors = run_monte_carlo(*mc_args, n_threads, progress)
    except StoppedEarly as stop:
        partial = None
        if stop.done:
            partial = mc_result(parsed, stop.counts.astype(np.float64), stop.done, stop.errors, start, seed, n_threads)
        raise EquityInterrupted(partial) from None
    return mc_result(parsed, counts, done, errors, start, seed, n_threads)


def _cluster_threads(client: Any) -> int:
    from ..distributed import cluster_threads  # with a cluster only: a local run never loads it

    return int(cluster_threads(client))


def _thread_count(threads: int | None, client: Any) -> int:
    """The threads a computed answer runs on: the cluster's, the caller's, or numba's default."""
    if client is not None:
        return _cluster_threads(client)
    if threads:  # checked by check_options
        return int(threads)
    from numba import get_num_threads  # imported only when something is computed: it costs a third of a second

    return int(get_num_threads())


def _postflop_exact(spot: tuple, method: str, n_threads: int, client: Any, progress: Progress | None,
                    start: float) -> EquityResult | None:  # fmt: skip
    """After the flop every board is ranked once per combo (:mod:`.postflop`): the exact answer, or None when
    ``method="auto"`` and the count would take over ``EXACT_BUDGET_SECONDS``."""
    parsed, board_ids, dead_ids, _, dead_mask = spot
    one_thread = postflop_work(parsed, board_ids, dead_ids) * _NS_PER_POSTFLOP_STEP * 1e-9
    seconds = one_thread / n_threads
    if method == "exact":
        _check_exact_size(seconds, None)
    elif seconds > EXACT_BUDGET_SECONDS:
        return None
    if client is None and one_thread < _POSTFLOP_PARALLEL_SECONDS:
        n_threads = 1  # waking a thread pool costs more than the whole count
    counts, outcomes, boards = run_exact_postflop(parsed, board_ids, dead_mask, n_threads)
    if progress is not None:
        progress(1.0)
    if boards == 0:
        raise NoDealError("no deal is possible: the players' hands or ranges always share a card")
    return exact_result(parsed, counts, outcomes, boards, start, n_threads)


def _preflop_plan(parsed: list[HoldemPlayer], board_ids: list[int], dead_ids: list[int], method: str,
                  n_threads: int) -> tuple[str, dict | None]:  # fmt: skip
    """Before the flop (or Monte Carlo anywhere): the method to run and, when they were listed to decide it, the
    deals grouped by canonical form (reused by the exact run). Refuses an exact job over the limits."""
    groups = None
    if method != "mc" and math.prod(len(p.combos) for p in parsed) <= _GROUP_FIRST_DEALS:
        groups = group_deals(parsed, board_ids, dead_ids)
    if method == "auto":
        estimate = estimate_exact_seconds(parsed, board_ids, dead_ids, n_threads, groups)
        method = "exact" if estimate <= EXACT_BUDGET_SECONDS else "mc"
    elif method == "exact" and groups is None:
        deals = math.prod(len(p.combos) for p in parsed)
        _check_exact_size(estimate_exact_seconds(parsed, board_ids, dead_ids, n_threads, None), deals)
    return method, groups
