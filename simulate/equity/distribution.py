"""Equity distribution: every combo of each player's range, with its equity against the other players.

Equilab's question: how is a range's equity spread over its combos? Every player's numbers, per combo and in
total, come from one set of deals, so the players' totals add up to 1 and each player's combos, weighed by how
often a deal holds them (their ``share``), add up to the player's total:

- exact: each live combo of a player's range (the board, the dead cards and the other players' fixed hands
  leave it) is put in place of the range and its equity against the others is an ordinary exact
  :func:`~.api.equity` call. A deal where the player holds combo ``c`` weighs ``c``'s weight times the
  others', so the combos' counts times their weights are the range's counts, deal for deal: the range's
  equity comes back exactly, and a combo's share is its weight times the deals its call counted.
- Monte Carlo: one run deals the whole spot, a combo for every player and the rest of the board, as the plain
  Monte Carlo does (:mod:`.mc_kernels`), and tallies each deal under the combo each player held. A combo's
  equity is that of the deals that held it, its share how many they were; a combo no deal of the run held is
  left out. The run is seeded by blocks (:func:`.sampling.run_blocks`): a seed gives one answer whatever the
  threads.

>>> d = equity_by_combo(["QQ, AKs", "JJ"], board="Qh7c2d")
>>> p = d.players[0]
>>> [(c.combo, round(c.equity, 4)) for c in p.combos][:2], len(p.combos)
([('QsQd', 0.999), ('QsQc', 0.999)], 7)
>>> round(p.equity, 6) == round(equity(["QQ, AKs", "JJ"], board="Qh7c2d").players[0].equity, 6)
True
"""

from __future__ import annotations

import dataclasses
import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

from ...compiles import computing_seconds
from ...evaluator.api import high_tables
from ...evaluator.cards import cards_to_mask, format_cards, to_card_ids
from ...threads import available_cores, on_threads
from ..ranges.parse import Range, parse_range
from .api import equity
from .holdem_mc import Board, Ranges, mc_inputs
from .holdem_spot import CardsLike, HoldemPlayer, PlayerLike
from .options import (
    BOARD_SIZES,
    DEFAULT_STDERR,
    MAX_DEFAULT_TRIALS,
    NO_DEAL_EXISTS,
    NO_DEAL_FOUND,
    EquityError,
    NoDealError,
    check_options,
    fresh_seed,
)
from .result import Tally
from .sampling import LARGE_BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, map_on_threads, run_blocks, standard_errors
from .spot import read_spot

__all__ = ["ComboEquity", "Distribution", "PlayerDistribution", "equity_by_combo"]


@dataclass(frozen=True)
class ComboEquity(Tally):
    """One combo: :class:`~.result.Tally`'s fields (by keyword): its weight in the range, its share (how often the
    player holds it in a deal of the whole spot; the shares sum to 1) and its equity against the other players.

    ``wins``, ``ties`` and ``outcomes`` are the deals behind ``win`` and ``tie``: exact, the combo's own call's
    (weighted) counts; Monte Carlo, the run's deals that held the combo. ``stderr`` is 0 when exact, None when the
    run dealt the combo too rarely to estimate it.
    """

    combo: str
    stderr: float | None = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "combo": self.combo,
            **self.shown(),
            "stderr": self.stderr,
        }


@dataclass(frozen=True)
class PlayerDistribution:
    """A player's combos, best equity first, the range's equity from their summed counts, and summary stats."""

    hand: str
    equity: float
    win: float
    tie: float
    combos: list[ComboEquity] = field(default_factory=list)
    stderr: float | None = 0.0  # of the equity: 0 when exact, None when not estimable

    def stats(self) -> dict[str, float]:
        """The combos' equities, weighted by their shares: mean (the range's equity), stdev, min, median, max."""
        eq = np.array([c.equity for c in self.combos])
        w = np.array([c.share for c in self.combos])
        mean = float(np.average(eq, weights=w))
        order = np.argsort(eq, kind="stable")
        cumulative = np.cumsum(w[order])
        median = float(eq[order][np.searchsorted(cumulative, cumulative[-1] / 2)])
        sd = float(np.sqrt(np.average((eq - mean) ** 2, weights=w)))
        return {"mean": mean, "stdev": sd, "min": float(eq.min()), "median": median, "max": float(eq.max())}

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"hand": self.hand, "combos": len(self.combos), "equity": self.equity}
        data |= {"win": self.win, "tie": self.tie, "stderr": self.stderr, "stats": self.stats()}
        data["list"] = [c.to_dict() for c in self.combos]
        return data


@dataclass(frozen=True)
class Distribution:
    """Every player's distribution; ``method`` is ``exact`` when every call was exact.

    Monte Carlo: ``trials`` deals of the whole spot, dealt from ``seed``; ``stderr`` is the largest player's
    (None when not estimable). Exact: no trials nor seed, and ``stderr`` 0, as in :class:`~.result.EquityResult`.
    """

    players: list[PlayerDistribution]
    board: str
    method: str
    trials: int | None = None
    seed: int | None = None
    stderr: float | None = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``board``, ``method``, Monte Carlo's ``trials`` and ``seed``, ``stderr`` and ``players``
        (each with ``stats`` and the combo ``list``)."""
        data: dict[str, Any] = {"board": self.board, "method": self.method}
        if self.trials is not None:
            data |= {"trials": self.trials, "seed": self.seed}
        data |= {"stderr": self.stderr, "players": [p.to_dict() for p in self.players]}
        return data


def _as_range(player: PlayerLike) -> Range:
    if isinstance(player, Range):
        return player
    if isinstance(player, str):
        return parse_range(player)
    ids = to_card_ids(player, 2)
    return Range(np.array([ids]))


def _label(player: PlayerLike) -> str:
    return player if isinstance(player, str) else str(player) if isinstance(player, Range) else format_cards(player)


def _masks(combos: np.ndarray) -> np.ndarray:
    cards = combos.astype(np.uint64)
    return (np.uint64(1) << cards[:, 0]) | (np.uint64(1) << cards[:, 1])


def _possible(ranges: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Per player, which combos each other player has a combo apart from (a fixed hand's cards, or a range
    whose every combo meets the combo, rule it out); raises when a player has none.

    >>> [keep.tolist() for keep in _possible([parse_range("AsAh, KK").combos[:2], parse_range("AsKd").combos])]
    [[False, True], [True]]
    """
    masks = [_masks(c) for c in ranges]
    possible = []
    for i, (mine, cards) in enumerate(zip(masks, ranges)):
        keep = np.ones(len(mine), dtype=bool)
        for j, (theirs, their_cards) in enumerate(zip(masks, ranges)):
            if j != i:  # their combos meeting one of mine: those holding either card, the same combo counted once
                holding = np.bincount(their_cards.ravel().astype(np.int64), minlength=52)
                meeting = holding[cards[:, 0]] + holding[cards[:, 1]] - np.isin(mine, theirs)
                keep &= meeting < len(theirs)
        if not keep.any():
            raise NoDealError(f"no deal is possible for player {i + 1}: every combo meets another player's cards")
        possible.append(keep)
    return possible


#: The longest a by-combo run may be estimated to take before it is refused (seconds).
MAX_SECONDS = 300.0
#: Monte Carlo without a trial count deals until every player's and every dealt combo's standard error is at most
#: this: each combo's row as sure as a plain run's answer. A run needs about the largest ``variance / share`` of a
#: combo over this squared: heads-up, about twice the deals the per-combo calls of one range needed together.
COMBO_STDERR = DEFAULT_STDERR


def _too_long(estimate: float, limit: float, work: str) -> EquityError:
    return EquityError(
        f"equity by combo would take about {estimate:,.0f} s ({work}), over the {limit:g} s limit: narrow the "
        "ranges, or give fewer Monte Carlo trials (trials=, --trials)"
    )


class _Budget:
    """Counts the per-combo calls; refuses the run early once their pace says it would pass ``limit`` seconds."""

    def __init__(self, calls: int, limit: float | None, progress: Callable[[float], None] | None) -> None:
        self.calls, self.limit, self.progress = calls, limit, progress
        self.done = 0
        self.first = time.perf_counter()

    def tick(self) -> None:
        self.done += 1
        now = time.perf_counter()
        if self.done == 1:
            self.first = now  # the first call may compile kernels: the pace is measured from the second
        elif self.limit is not None and (self.done == 9 or (self.done > 1 and now - self.first > 2.0)):
            estimate = (now - self.first) / (self.done - 1) * self.calls
            if estimate > self.limit:
                raise _too_long(estimate, self.limit, f"{self.calls:,} equity calls, one a combo")
            if self.done >= 9 and now - self.first > 2.0:
                self.limit = None  # a pace measured over 8 calls and 2 s is trusted: no more checks
        if self.progress is not None:
            self.progress(min(1.0, self.done / self.calls))


# --- exact: one exact call per combo -------------------------------------------------------------------------------


#: Exact calls per round after the first round (each player's first combo: a compile, or under "auto" a spot too
#: large to enumerate, shows there); each round twice the last, up to the cap, so the budget sees the pace early.
FIRST_ROUND, MAX_ROUND = 8, 256
_NEVER = "never"  # no deal holds the combo
_NOT_EXACT = "not exact"  # the call would deal by Monte Carlo


def _combo_call(
    players: Sequence[PlayerLike], ranges: list[Range], options: dict[str, Any], job: tuple[int, int]
) -> ComboEquity | str:
    """Combo ``j`` of player ``i``'s exact call, as its row; ``_NEVER`` or ``_NOT_EXACT`` when it gives none."""
    i, j = job
    cards = [int(c) for c in ranges[i].combos[j]]
    deal = list(players)
    deal[i] = cards
    try:
        result = equity(deal, **options)
    except NoDealError as exc:
        if exc.reason == NO_DEAL_EXISTS:
            return _NEVER  # the others' ranges always share a card with this combo together: it is never dealt
        if exc.reason == NO_DEAL_FOUND and options["method"] == "auto":
            return _NOT_EXACT  # only Monte Carlo says this: the call was not exact
        raise
    if result.method != "exact":
        return _NOT_EXACT
    p = result.players[i]
    return ComboEquity(
        format_cards(cards),
        weight=float(ranges[i].weights[j]),
        win=p.win,
        tie=p.tie,
        equity=p.equity,
        wins=p.wins or 0.0,
        ties=p.ties or 0.0,
        outcomes=result.outcomes,
    )  # hold'em's players always carry their counts


def _rounds(jobs: list[tuple[int, int]], first: int) -> Iterator[list[tuple[int, int]]]:
    """``jobs`` in rounds: the ``first`` jobs, then ``FIRST_ROUND`` doubling up to ``MAX_ROUND``.

    >>> [len(batch) for batch in _rounds([(0, j) for j in range(40)], 2)]
    [2, 8, 16, 14]
    """
    yield jobs[:first]
    start, size = first, FIRST_ROUND
    while start < len(jobs):
        yield jobs[start : start + size]
        start, size = start + size, min(2 * size, MAX_ROUND)


def _in_order(call: Callable[[tuple[int, int]], ComboEquity | str], batch: list[tuple[int, int]]) -> list[Any]:
    """``call`` of each job of ``batch``, in turn (one thread's part of a round)."""
    return [call(job) for job in batch]


class _Spread:
    """How many threads a round of calls is split over. Whether threads pay is measured, not assumed: a kernel
    that holds the GIL, or calls too small to hand off, gain nothing from them. Round 0 (a compile may show there)
    and round 1 run on this thread, round 2 on every worker, timed; later rounds go the faster way."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pace: dict[int, float] = {}  # seconds a call, by threads

    def threads(self, index: int) -> int:
        if self.workers == 1 or index < 2:
            return 1
        if index == 2:
            return self.workers
        return self.workers if self.pace[self.workers] < self.pace[1] else 1

    def run(self, index: int, call: Callable[[tuple[int, int]], ComboEquity | str], batch: list[tuple[int, int]]
            ) -> Iterator[ComboEquity | str]:  # fmt: skip
        """Round ``index``'s outcomes, in the batch's order."""
        threads = self.threads(index)
        start = time.perf_counter()
        parts = np.array_split(np.arange(len(batch)), min(threads, len(batch)))
        outcomes = on_threads([partial(_in_order, call, [batch[k] for k in part]) for part in parts if len(part)])
        if index in (1, 2):
            self.pace[threads] = (time.perf_counter() - start) / len(batch)
        return itertools.chain.from_iterable(outcomes)


def _exact_rows(
    players: Sequence[PlayerLike],
    ranges: list[Range],
    possible: list[np.ndarray],
    options: dict[str, Any],
    budget: _Budget,
    workers: int,
) -> list[list[ComboEquity]] | None:
    """Every possible combo's exact call, as rows per player; None as soon as a call under ``method="auto"``
    would not be exact (the spot is then dealt by Monte Carlo as a whole).

    The calls are many and each small: each runs on one thread, and rounds of them may be split over ``workers``
    threads (:class:`_Spread`), so the cores share out calls rather than each call's boards. Rows, progress ticks
    and the budget's checks follow the calls' order, whatever the threads.
    """
    jobs = [(i, j) for i, keep in enumerate(possible) for j in np.flatnonzero(keep).tolist()]
    # Under "auto", each player's first combo first: a spot too large to enumerate shows so after a call a player.
    jobs.sort(key=lambda job: job[1] != int(np.argmax(possible[job[0]])))
    call = partial(_combo_call, players, ranges, options)
    spread = _Spread(workers)
    rows: list[list[ComboEquity]] = [[] for _ in players]
    for index, batch in enumerate(_rounds(jobs, len(possible))):
        for (i, _), outcome in zip(batch, spread.run(index, call, batch)):
            if isinstance(outcome, str):
                if outcome == _NOT_EXACT:
                    return None
                continue  # never dealt
            budget.tick()
            rows[i].append(outcome)
    return rows


def _exact_player(label: str, index: int, rows: list[ComboEquity]) -> PlayerDistribution:
    """A player's exact totals from its combos' counts; a combo's share is its weight times the deals it counted."""
    if not rows:
        raise NoDealError(f"no deal is possible for player {index + 1}: every combo meets another player's cards")
    dealt = np.array([c.weight * c.outcomes for c in rows])
    outcomes = float(dealt.sum())
    wins, ties = sum(c.weight * c.wins for c in rows), sum(c.weight * c.ties for c in rows)
    shared = sum(c.weight * c.outcomes * (c.equity - c.win) for c in rows)  # ties credited 1/k
    combos = [dataclasses.replace(c, share=float(d / outcomes)) for c, d in zip(rows, dealt)]
    combos.sort(key=lambda c: -c.equity)
    return PlayerDistribution(label, float((wins + shared) / outcomes), wins / outcomes, ties / outcomes, combos)


# --- Monte Carlo: one run for every player -------------------------------------------------------------------------


def _pair_index(parsed: list[HoldemPlayer]) -> np.ndarray:
    """``[p, 52 * a + b]``: the index in player ``p``'s range of the combo of cards ``a`` and ``b`` (-1: none)."""
    index = np.full((len(parsed), 52 * 52), -1, dtype=np.int16)
    for p, player in enumerate(parsed):
        a, b = player.combos[:, 0].astype(np.int64), player.combos[:, 1].astype(np.int64)
        positions = np.arange(len(player.combos))
        index[p, 52 * a + b] = positions
        index[p, 52 * b + a] = positions
    return index


def _deal_combo_blocks(seeds: np.ndarray, trials: int, ranges: Ranges, board: Board, pair_index: np.ndarray,
                       shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """One part's tallies (one row, summed over its blocks) and each block's deals made."""
    from .by_combo_kernels import combo_blocks  # numba-compiled: imported on first use

    counts = np.zeros(int(np.prod(shape)), dtype=np.int64)
    dealt = np.zeros(len(seeds), dtype=np.int64)
    combo_blocks(seeds, trials, ranges, board, high_tables(), pair_index, counts, dealt)
    return counts.reshape(1, *shape), dealt


class _ComboTally:
    """The run's tallies by player, combo and pot split (see :func:`.by_combo_kernels.combo_stream`), summed as
    whole numbers, so they are the same whatever the threads; the standard errors of every player's equity and
    dealt combo's."""

    def __init__(self, deal: Callable[[np.ndarray, int], tuple[np.ndarray, ...]], shape: tuple[int, ...]) -> None:
        players = shape[0]
        self.deal = deal
        self.counts = np.zeros(shape, dtype=np.int64)
        self.done = 0
        self.split = np.arange(players + 1, dtype=np.float64)
        self.split[0] = np.inf  # column 0 counts the deals, not a share of the pot

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        parts, dealt = self.deal(seeds, trials)
        if int(dealt.sum()) < trials * len(seeds):  # a block gave up after a run of rejected deals
            raise NoDealError("no deal found: the players' hands or ranges (nearly) always share a card", NO_DEAL_FOUND)
        self.counts += parts.sum(axis=0)
        self.done += trials * len(seeds)
        return True

    def sums(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per player and combo: the deals, the pot shares won and their squares (a k-way split: 1/k)."""
        return self.counts[:, :, 0], self.counts @ (1 / self.split), self.counts @ (1 / self.split**2)

    def errors(self) -> np.ndarray:
        n, shares, squares = self.sums()
        if self.done < MIN_TRIALS_FOR_STDERR:
            return np.array([np.nan])
        totals = standard_errors(shares.sum(axis=1) / self.done, squares.sum(axis=1) / self.done, self.done)
        seen = n > 0  # a combo no deal held yet is too rare to hold the run up (it may be one no deal allows)
        held = n[seen]
        combos = _combo_errors(shares[seen], squares[seen], held)
        combos[held < MIN_TRIALS_FOR_STDERR] = np.nan  # a combo not dealt enough yet
        return np.concatenate([totals, combos])


def _combo_errors(shares: np.ndarray, squares: np.ndarray, held: np.ndarray) -> np.ndarray:
    """Each combo's standard error from its sums of pot shares and their squares over the ``held`` deals that
    held it (:func:`.sampling.standard_errors`, one count per combo)."""
    n = np.maximum(held, 1).astype(np.float64)
    mean = shares / n
    errors: np.ndarray = np.sqrt(np.maximum(squares / n - mean**2, 0.0) / np.maximum(n - 1, 1))
    return errors


def _paced(progress: Callable[[float], None] | None, limit: float | None, trials: int) -> Callable[[float], None]:
    """run_blocks' progress: passed on, and the run refused once its pace says it would pass ``limit`` seconds."""
    start = time.perf_counter()
    rounds = [0]

    def report(fraction: float) -> None:
        rounds[0] += 1
        spent = computing_seconds(start)  # compiling the kernels is not the run's pace
        if limit is not None and fraction < 1.0 and (rounds[0] >= 2 or spent > 0.1):
            estimate = spent / max(fraction, 1e-12)
            if estimate > limit:
                raise _too_long(estimate, limit, f"up to {trials:,} deals of the whole spot")
        if progress is not None:
            progress(fraction)

    return report


def _monte_carlo(
    players: Sequence[PlayerLike],
    board: list[int],
    dead: list[int],
    trials: int | None,
    seed: int,
    threads: int,
    progress: Callable[[float], None] | None,
    max_seconds: float | None,
) -> Distribution:
    """One seeded Monte Carlo run of the whole spot, tallied by every player's combo."""
    spot = read_spot(players, board or None, dead or None, "holdem")  # the pipeline's reading, as equity's
    parsed, board_ids = list(spot.players), spot.board
    widest = max(len(p.combos) for p in parsed)
    ranges, board_state = mc_inputs(parsed, board_ids, spot.dead_mask)
    pair_index = _pair_index(parsed)
    shape = (len(parsed), widest, len(parsed) + 1)

    def deal(seeds: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
        counts, dealt = map_on_threads(_deal_combo_blocks, seeds, threads, n, ranges, board_state, pair_index, shape)
        return counts, dealt

    tally = _ComboTally(deal, shape)
    limit = trials if trials is not None else MAX_DEFAULT_TRIALS
    target = COMBO_STDERR if trials is None else None
    run_blocks(tally, seed, LARGE_BLOCK_TRIALS, limit, target, _paced(progress, max_seconds, limit))
    players_out = [_mc_player(_label(player), p, i, tally) for i, (player, p) in enumerate(zip(players, parsed))]
    errors = [p.stderr for p in players_out]
    worst = None if any(e is None for e in errors) else max(e for e in errors if e is not None)
    return Distribution(players_out, format_cards(board_ids), "mc", tally.done, seed, worst)


def _estimable(error: float, deals: int) -> float | None:
    return float(error) if deals >= MIN_TRIALS_FOR_STDERR else None


def _mc_player(label: str, player: HoldemPlayer, i: int, tally: _ComboTally) -> PlayerDistribution:
    """Player ``i``'s rows from the run's tallies: each combo the run dealt, with the deals that held it."""
    n, shares, squares = (a[i] for a in tally.sums())
    counts, done = tally.counts[i], tally.done
    errors = _combo_errors(shares, squares, n)
    rows = []
    for j in np.flatnonzero(n).tolist():
        held = int(n[j])
        wins, ties = float(counts[j, 1]), float(counts[j, 2:].sum())
        rows.append(
            ComboEquity(format_cards(player.combos[j].tolist()), _estimable(errors[j], held),
                        weight=float(player.weights[j]), share=held / done, win=wins / held, tie=ties / held,
                        equity=float(shares[j] / held), wins=wins, ties=ties, outcomes=float(held))
        )  # fmt: skip
    rows.sort(key=lambda c: -c.equity)
    error = standard_errors(np.array([shares.sum() / done]), np.array([squares.sum() / done]), done)[0]
    win, tie = float(counts[:, 1].sum() / done), float(counts[:, 2:].sum() / done)
    return PlayerDistribution(label, float(shares.sum() / done), win, tie, rows, _estimable(error, done))


def equity_by_combo(  # noqa: PLR0913 (public API: the query's documented keywords)
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    *,
    progress: Callable[[float], None] | None = None,
    max_seconds: float | None = MAX_SECONDS,
) -> Distribution:
    """Every live combo of each player's range with its equity against the other players, best first.

    ``method``: ``"exact"`` (one exact call per combo), ``"mc"`` (one Monte Carlo run of the whole spot) or
    ``"auto"`` (exact when every combo's call would be, else Monte Carlo). Monte Carlo deals ``trials`` deals
    of the whole spot, or without them until every player's and every combo's standard error is at most
    ``COMBO_STDERR`` (at most ``MAX_DEFAULT_TRIALS`` deals); the same ``seed`` gives the same answer
    whatever ``threads``. Either way the players' equities add up to 1, and each player's combos weighed by
    their shares add up to its equity.

    A combo no deal allows (it shares a card with another player's fixed hand) is left out. A run whose
    pace says it would take over ``max_seconds`` (None: no limit) is refused early with the estimate;
    ``progress`` is called with the fraction done. ``threads`` (default every core): exact, the threads the
    combos' calls may be spread over, each call on one thread, when that is measured to pay; Monte Carlo, for
    the one run. The answer is the same whatever the threads. With exact calls, ``sum(weight * wins)`` over a
    player's combos is the plain result's wins, and the same for ties and outcomes; ``equity`` is computed from
    those sums.

    >>> d = equity_by_combo(["AsAh", "KK"])
    >>> [(c.combo, round(c.equity, 4)) for c in d.players[1].combos]
    [('KdKc', 0.1874), ('KsKd', 0.1805), ('KsKc', 0.1805), ('KhKd', 0.1805), ('KhKc', 0.1805), ('KsKh', 0.1736)]
    >>> d = equity_by_combo(["AA", "JJ-88,ATs+"], board="Qs7h2c5d9c", method="mc", trials=20_000, seed=1)
    >>> d.trials, d.seed, abs(sum(p.equity for p in d.players) - 1) < 1e-12
    (20000, 1, True)
    """
    if len(players) < 2:
        raise EquityError(f"equity by combo needs 2 or more players, got {len(players)}")
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"method must be 'auto', 'exact' or 'mc', got {method!r}")
    check_options(trials, None, seed, threads)
    board_ids = to_card_ids(board, BOARD_SIZES) if board else []
    dead_ids = to_card_ids(dead) if dead else []
    known = cards_to_mask(board_ids + dead_ids)
    ranges = [_as_range(p).remove(known) for p in players]
    for i, r in enumerate(ranges):
        if len(r) == 0:
            raise EquityError(f"player {i + 1}'s range has no combo left once the board and dead cards are removed")
    if method != "mc":
        possible = _possible([r.combos for r in ranges])
        budget = _Budget(int(sum(keep.sum() for keep in possible)), max_seconds, progress)
        options = dict(board=board_ids or None, dead=dead_ids or None, method=method, threads=1)
        # Under "auto" a call that would be Monte Carlo deals a single trial: it only says the spot is too large.
        options["trials"] = 1 if method == "auto" else trials
        rows = _exact_rows(players, ranges, possible, options, budget, threads or available_cores())
        if rows is not None:
            result_players = [_exact_player(_label(p), i, r) for i, (p, r) in enumerate(zip(players, rows))]
            return Distribution(result_players, format_cards(board_ids), "exact")
        if progress is not None and budget.done:  # the exact calls made so far count as done
            before, report = budget.done / budget.calls, progress
            progress = lambda fraction: report(before + (1.0 - before) * fraction)  # noqa: E731
    seed = fresh_seed() if seed is None else seed
    return _monte_carlo(players, board_ids, dead_ids, trials, seed, threads or available_cores(), progress,
                        max_seconds)  # fmt: skip
