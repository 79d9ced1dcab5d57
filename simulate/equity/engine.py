"""Hold'em's scorer (:class:`HoldemScorer`, the pipeline's third step): the shipped tables, the exact enumeration
and Monte Carlo over hands and ranges. :func:`equity` is the one entry, :func:`pokerlab.simulate.equity.api.equity`,
with ``game="holdem"``.

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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...compiles import computing_seconds
from ..ranges.classes import class_combos, hand_class
from ..ranges.headsup_table import BOARDS as HEADSUP_BOARDS, lookup as lookup_headsup
from ..ranges.table import load_preflop_table
from .holdem_exact import (
    estimate_exact_seconds as estimate_exact_seconds,
    exact_result,
    group_deals as group_deals,
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
    prepare_spot as prepare_spot,
)
from .options import (
    EquityError as EquityError,
    EquityInterrupted,
    NoDealError,
    Progress,
    run_options,
)
from .outcomes import result_players
from .plan import HEADSUP_TABLE_MAX_DEALS as HEADSUP_TABLE_MAX_DEALS
from .postflop import postflop_work as postflop_work, run_exact_postflop
from .result import EquityResult, PlayerEquity
from .spot import Spot

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too

    from .options import EquityOptions
    from .plan import Plan


def preflop_table_key(parsed: Sequence[HoldemPlayer]) -> tuple[int, int, str] | None:
    """(hero, villain, hand class) when the shipped preflop table answers the spot: a hand or a whole class against
    one random hand, every weight 1; None otherwise."""
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
        if len(h.combos) in (1, class_combos(name)):
            return hero, villain, name
    return None


def _from_preflop_table(parsed: Sequence[HoldemPlayer], key: tuple[int, int, str], start: float,
                        threads: int) -> EquityResult:  # fmt: skip
    """A hand or a whole class against one random hand, preflop: the exact counts from the shipped table."""
    hero, villain, name = key
    row = load_preflop_table()[name]
    n = len(parsed[hero].combos)
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


def _from_headsup_table(parsed: Sequence[HoldemPlayer], start: float, threads: int) -> EquityResult:
    """Two hands or small ranges before the flop: every deal's exact counts from the shipped heads-up table.

    The counts, and so the result, are those the enumeration gives (the table is that enumeration, checked
    against it); ranges of up to ``HEADSUP_TABLE_MAX_DEALS`` pairs of combos are summed with their weights.
    """
    first, second = parsed
    n1, n2 = len(first.combos), len(second.combos)
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


def equity(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    *,
    client: Any = None,
    use_tables: bool = True,
    **options: Unpack[EquityOptions],
) -> EquityResult:
    """Equity of 2 to 10 hands or ranges, exactly or by Monte Carlo: :func:`pokerlab.simulate.equity.api.equity`
    with ``game="holdem"``.

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
    from .api import equity as pipeline  # the entry imports this module's scorer: looked up at call time

    return pipeline(
        players, board, dead, game="holdem", client=client, use_tables=use_tables, **run_options("equity", options)
    )


def cluster_threads(client: Any) -> int:
    """The threads of a Dask cluster (imported with a cluster only: a local run never loads it)."""
    from ..distributed import cluster_threads as threads_of  # with a cluster only: a local run never loads it

    return int(threads_of(client))


class HoldemScorer:
    """Hold'em's :class:`~.scorer.Scorer`: the shipped tables, the count of every board after the flop, the
    enumeration of deals grouped by suit pattern (on this machine or a Dask cluster), and Monte Carlo."""

    def exact(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """The plan's table answer, count or enumeration."""
        parsed, start, threads = spot.players, plan.start, plan.threads
        if plan.shortcut == "preflop-table":
            return _from_preflop_table(parsed, plan.work, start, threads)
        if plan.shortcut == "headsup-table":
            return _from_headsup_table(parsed, start, threads)
        if plan.shortcut == "postflop":
            counts, outcomes, boards = run_exact_postflop(parsed, spot.board, spot.dead_mask, threads)
            if progress is not None:
                progress(1.0)
            if boards == 0:
                raise NoDealError("no deal is possible: the players' hands or ranges always share a card")
            return exact_result(parsed, counts, outcomes, boards, start, threads)
        args = (parsed, spot.board, spot.dead, spot.dead_mask)
        if plan.client is not None:
            counts, outcomes, boards = run_exact_sharded(*args, plan.client, progress, plan.work)
        else:
            counts, outcomes, boards = run_exact(*args, threads, progress, plan.work)
        return exact_result(parsed, counts, outcomes, boards, start, threads)

    def monte_carlo(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Blocks of deals from the plan's seed, on this machine's threads or the cluster's workers."""
        parsed, seed, threads = spot.players, int(plan.seed or 0), plan.threads
        mc_args = (parsed, spot.board, spot.dead_mask, plan.trials, plan.stderr, seed)
        if plan.client is not None:
            counts, _, done, errors = run_mc_sharded(*mc_args, plan.client, progress)
            return mc_result(parsed, counts, done, errors, plan.start, seed, threads)
        try:
            counts, _, done, errors = run_monte_carlo(*mc_args, threads, progress)
        except StoppedEarly as stop:
            partial = None
            if stop.done:
                partial = _partial(spot, plan, stop)
            raise EquityInterrupted(partial) from None
        return mc_result(parsed, counts, done, errors, plan.start, seed, threads)

    def players(self, spot: Spot, sums: Any, total: float, errors: Any) -> list[PlayerEquity]:
        """Each player's row from the counts by winner mask (which players share the pot) over ``total``."""
        return result_players(spot.players, sums, total, errors)


def _partial(spot: Spot, plan: Plan, stop: StoppedEarly) -> EquityResult:
    """The result of the deals finished before a Ctrl-C."""
    counts = stop.counts.astype(np.float64)
    return mc_result(spot.players, counts, stop.done, stop.errors, plan.start, int(plan.seed or 0), plan.threads)


SCORER = HoldemScorer()
