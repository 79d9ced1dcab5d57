"""What each stack is worth in prize money: the independent chip model (ICM), under two models of the finish.

Malmuth-Harville (``model="harville"``): a player finishes first with probability
his share of the chips; given the players already placed, each other player takes
the next place with probability his share of the chips they do not hold. A
player's equity is the sum over places of the payout times the probability of
finishing there. It is computed exactly by dynamic programming over the sets of
players already placed (never over the finishing orders): the probability of
each set is summed once, ``n * 2**n`` steps for ``n`` players when every place
pays, fewer when fewer do.

Malmuth-Weitzman (``model="weitzman"``): places are filled from the last. Of the
players left, the next to bust is chosen with probability inversely
proportional to his stack; his chips are then shared equally among the players
left, and the next bust is chosen from their new stacks. After any set of busts
every player left holds his own chips plus an equal share of the busted
players', so this too is a dynamic programme over sets (of players left).

Above :data:`EXACT_PLAYERS` players (Harville: unless so few places pay that the
sets of players placed stay few), the models are sampled: seeded Monte Carlo in
blocks with the equity engine's seeding scheme (a seed gives one result), each
equity with its standard error. Harville's finishing order is drawn as the order
of ``Exp(1) / stack`` (the smallest first: the same law).

>>> result = icm([5000, 3000, 2000], [50, 30, 20])
>>> [round(x, 4) for x in result.equities], result.method
([38.3929, 32.75, 28.8571], 'exact')
>>> [round(x, 4) for x in icm([5000, 3000, 2000], [50, 30, 20], model="weitzman").equities]
[38.0645, 32.7742, 29.1613]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np

from ..equity.sampling import fresh_seed, run_blocks, standard_errors
from .errors import TournamentError

MODELS = ("harville", "weitzman")
METHODS = ("auto", "exact", "mc")
#: The most players the exact programmes take over every set of players (``2**20`` sets).
EXACT_PLAYERS = 20
#: Harville above EXACT_PLAYERS stays exact while the sets of players placed before the last paid place are
#: at most this many (few places paid in a large field).
SPARSE_SETS = 1 << 18
#: Monte Carlo: finishes drawn when none are given, and per block (one seed each).
DEFAULT_TRIALS = 1_000_000
BLOCK_TRIALS = 1 << 15
MAX_PLAYERS = 10_000


@dataclass(frozen=True)
class ICMResult:
    """Each player's expected prize (``equities``, in the payouts' unit), with how it was computed.

    ``stderrs`` are the Monte Carlo standard errors (None when exact); ``trials`` the finishes drawn (0 when
    exact); ``seed`` the Monte Carlo seed (None when exact).

    >>> r = icm([3, 1], [1])
    >>> r.equities, r.prize_pool, r.method
    ((0.75, 0.25), 1.0, 'exact')
    """

    stacks: tuple[float, ...]
    payouts: tuple[float, ...]
    model: str
    method: str
    equities: tuple[float, ...]
    stderrs: tuple[float, ...] | None
    trials: int
    seed: int | None
    seconds: float

    @property
    def prize_pool(self) -> float:
        """The sum of the payouts (what the equities add up to)."""
        return math.fsum(self.payouts)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data: one entry a player, with the stack's share of the chips and of the pool.

        >>> icm([1, 1], [70, 30]).to_dict()["players"][0]["equity"]
        50.0
        """
        chips, pool = math.fsum(self.stacks), self.prize_pool
        players = []
        for i, (stack, value) in enumerate(zip(self.stacks, self.equities)):
            entry: dict[str, Any] = {
                "player": i + 1,
                "stack": stack,
                "chips_share": stack / chips,
                "equity": value,
                "pool_share": value / pool,
            }
            if self.stderrs is not None:
                entry["stderr"] = self.stderrs[i]
            players.append(entry)
        return {
            "model": self.model,
            "method": self.method,
            "payouts": list(self.payouts),
            "prize_pool": pool,
            "players": players,
            "trials": self.trials,
            "seed": self.seed,
            "seconds": self.seconds,
        }


def _numbers(values: Sequence[float | str], what: str) -> np.ndarray:
    """``values`` as float64, refusing what is not a finite number."""
    out = []
    for i, value in enumerate(values):
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise TournamentError(f"{what} {i + 1} is {value!r}: not a number") from None
        if not math.isfinite(number):
            raise TournamentError(f"{what} {i + 1} is {value!r}: not a finite number")
        out.append(number)
    return np.array(out, dtype=np.float64)


def check_stacks(stacks: Sequence[float | str]) -> np.ndarray:
    """The stacks as float64: at least one, each positive.

    >>> check_stacks([5000, 3000]).tolist()
    [5000.0, 3000.0]
    >>> check_stacks([5000, -3])
    Traceback (most recent call last):
    ...
    pokerlab.simulate.tournament.errors.TournamentError: stack 2 is -3.0: every stack must be positive
    """
    s = _numbers(stacks, "stack")
    if len(s) == 0:
        raise TournamentError("no stacks: give one a player")
    if len(s) > MAX_PLAYERS:
        raise TournamentError(f"{len(s)} players: at most {MAX_PLAYERS:,}")
    for i, value in enumerate(s.tolist()):
        if value <= 0:
            raise TournamentError(f"stack {i + 1} is {value}: every stack must be positive")
    return s


def check_payouts(payouts: Sequence[float | str], players: int) -> np.ndarray:
    """The payouts as float64, first place first: at most one a player, none negative, none above the place
    before it, not all zero.

    >>> check_payouts([50, 30, 20], 3).tolist()
    [50.0, 30.0, 20.0]
    >>> check_payouts([50, 30, 20], 2)
    Traceback (most recent call last):
    ...
    pokerlab.simulate.tournament.errors.TournamentError: 3 payouts for 2 players: at most one payout a player
    """
    pay = _numbers(payouts, "payout")
    if len(pay) == 0:
        raise TournamentError("no payouts: give the prize of first place at least")
    if len(pay) > players:
        raise TournamentError(f"{len(pay)} payouts for {players} players: at most one payout a player")
    for i, value in enumerate(pay.tolist()):
        if value < 0:
            raise TournamentError(f"payout {i + 1} is {value}: payouts cannot be negative")
        if i and value > pay[i - 1]:
            raise TournamentError(
                f"payout {i + 1} ({value}) is above payout {i} ({pay[i - 1]}): list the places from first down"
            )
    if pay[0] == 0:
        raise TournamentError("the payouts sum to 0: there is no prize to share")
    return pay


@lru_cache(maxsize=EXACT_PLAYERS + 1)
def _sets_by_size(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The sets of ``n`` players (bit masks) in order of size, and where each size starts in that order."""
    count = np.zeros(1 << n, dtype=np.int8)
    for i in range(n):
        bit = 1 << i
        count[bit : 2 * bit] = count[:bit] + 1
    order = np.argsort(count, kind="stable")
    return order, np.searchsorted(count[order], np.arange(n + 2))


def _growths(n: int, k: int) -> Iterable[tuple[np.ndarray, np.ndarray]]:
    """For the sets of ``k`` of ``n`` players and each player ``i`` in turn: which sets of that layer lack
    ``i``, and those sets with ``i`` added. Kept for small fields, where working them out took half of a
    nine-player field's time; a large field's are made one player at a time (kept, they would take hundreds of
    megabytes)."""
    return _kept_growths(n, k) if n <= 12 else _layer_growths(n, k)


def _layer_growths(n: int, k: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    order, starts = _sets_by_size(n)
    layer = order[starts[k] : starts[k + 1]]
    for i in range(n):
        free = (layer >> i) & 1 == 0
        yield free, layer[free] | (1 << i)


@cache
def _kept_growths(n: int, k: int) -> list[tuple[np.ndarray, np.ndarray]]:
    return list(_layer_growths(n, k))


def _set_chips(s: np.ndarray) -> np.ndarray:
    """For each row of stacks ``s`` and every set of its players (a bit mask): the chips the set holds."""
    rows, n = s.shape
    chips = np.zeros((rows, 1 << n))
    for i in range(n):
        bit = 1 << i
        chips[:, bit : 2 * bit] = chips[:, :bit] + s[:, i : i + 1]
    return chips


def harville_exact(s: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """Malmuth-Harville equities over every set of players placed first (at most :data:`EXACT_PLAYERS`).

    ``placed[m]`` is the probability that the players of set ``m`` take the first ``|m|`` places in some order;
    the next place goes to player ``i`` outside ``m`` with probability ``stack_i / (chips outside m)``.

    >>> harville_exact(np.array([1.0, 1.0, 2.0]), np.array([1.0])).tolist()
    [0.25, 0.25, 0.5]
    """
    n, paid = len(s), len(pay)
    order, starts = _sets_by_size(n)
    chips = _set_chips(s[None, :])[0]
    total = float(s.sum())
    placed = np.zeros(1 << n)
    placed[0] = 1.0
    equity = np.zeros(n)
    for k in range(paid):
        layer = order[starts[k] : starts[k + 1]]
        base = placed[layer] / (total - chips[layer])
        for i, (free, grown) in enumerate(_growths(n, k)):
            share = base[free] * s[i]
            equity[i] += pay[k] * share.sum()
            if k + 1 < paid:
                placed[grown] += share
    return equity


def harville_rows(s: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """:func:`harville_exact` of each row of ``s`` (a field's stacks a row), each row exactly as it is alone, the
    rows computed together: a batch of nine-player fields costs little more than one (the final-table solver
    values thousands). For one field the 1-D loop of :func:`harville_exact` is kept: these 2-D indexings took
    20 % (nine players) to 45 % (twenty) longer on one row.

    >>> harville_rows(np.array([[1.0, 1.0, 2.0], [1.0, 3.0, 0.0]]), np.array([1.0])).tolist()
    [[0.25, 0.25, 0.5], [0.25, 0.75, 0.0]]
    """
    rows, n = s.shape
    block = max(1, (1 << 21) >> n)  # rows a pass: two arrays of rows x 2**n floats, 16 MiB each at most
    if rows > block:
        return np.concatenate([harville_rows(s[k : k + block], pay) for k in range(0, rows, block)])
    paid = len(pay)
    order, starts = _sets_by_size(n)
    chips = _set_chips(s)
    total = s.sum(axis=1)[:, None]
    placed = np.zeros((rows, 1 << n))
    placed[:, 0] = 1.0
    equity = np.zeros((rows, n))
    for k in range(paid):
        layer = order[starts[k] : starts[k + 1]]
        base = placed[:, layer] / (total - chips[:, layer])
        for i, (free, grown) in enumerate(_growths(n, k)):
            # compress, not base[:, free]: rows stay contiguous, so each row sums pairwise as one field's array
            # does (a masked copy of rows sums column by column, and the last bits differ).
            share = base.compress(free, axis=1) * s[:, i : i + 1]
            equity[:, i] += pay[k] * share.sum(axis=1)
            if k + 1 < paid:
                placed[:, grown] += share
    return equity


def sparse_sets(players: int, paid: int) -> int:
    """How many sets of players Harville's programme visits: those of fewer players than places paid.

    >>> sparse_sets(50, 3)
    1276
    """
    return sum(math.comb(players, k) for k in range(paid))


def harville_sparse(s: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """Malmuth-Harville equities over the sets of players placed, kept as a list of the sets reached (for many
    players and few places paid; up to 62 players, a set being one 64-bit mask).

    >>> harville_sparse(np.array([1.0, 1.0, 2.0]), np.array([1.0])).tolist()
    [0.25, 0.25, 0.5]
    """
    n = len(s)
    bits = np.left_shift(np.int64(1), np.arange(n, dtype=np.int64))
    total = float(s.sum())
    sets: np.ndarray = np.zeros(1, dtype=np.int64)
    placed: np.ndarray = np.ones(1)
    chips: np.ndarray = np.zeros(1)
    equity = np.zeros(n)
    for k, prize in enumerate(pay.tolist()):
        free = (sets[:, None] & bits[None, :]) == 0
        share = np.where(free, (placed / (total - chips))[:, None] * s[None, :], 0.0)
        equity += prize * share.sum(axis=0)
        if k + 1 == len(pay):
            break
        children = (sets[:, None] | bits[None, :])[free]
        sets, where = np.unique(children, return_inverse=True)
        placed = np.bincount(where.ravel(), weights=share[free], minlength=len(sets))
        chips = ((sets[:, None] & bits[None, :]) != 0) @ s
    return equity


def weitzman_exact(s: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """Malmuth-Weitzman equities over every set of players left (at most :data:`EXACT_PLAYERS`).

    With the set ``r`` left, player ``j`` of it holds ``stack_j + (chips of the busted) / |r|`` and busts next,
    taking place ``|r|``, with probability ``(1 / that) / (sum of 1 / stack over r)``.

    >>> weitzman_exact(np.array([1.0, 3.0]), np.array([1.0])).round(6).tolist()
    [0.25, 0.75]
    """
    n, paid = len(s), len(pay)
    order, starts = _sets_by_size(n)
    chips = _set_chips(s[None, :])[0]
    total = float(s.sum())
    left = np.zeros(1 << n)
    left[-1] = 1.0
    equity = np.zeros(n)
    for r in range(n, 0, -1):
        layer = order[starts[r] : starts[r + 1]]
        extra = (total - chips[layer]) / r
        inside = [(layer >> j) & 1 == 1 for j in range(n)]
        weight = sum(np.where(inside[j], 1.0 / (s[j] + extra), 0.0) for j in range(n))
        base = left[layer] / weight
        for j in range(n):
            bust = base[inside[j]] / (s[j] + extra[inside[j]])
            if r <= paid:
                equity[j] += pay[r - 1] * bust.sum()
            if r > 1:
                left[layer[inside[j]] ^ (1 << j)] += bust
    return equity


class _Finishes:
    """The Monte Carlo tally: per player the sums of the prize won and of its square, block by block."""

    def __init__(self, s: np.ndarray, pay: np.ndarray, model: str) -> None:
        self.s, self.pay, self.model = s, pay, model
        self.sums = np.zeros(len(s))
        self.squares = np.zeros(len(s))
        self.done = 0

    def prizes(self, rng: np.random.Generator, trials: int) -> np.ndarray:
        """``(trials, players)``: the prize each player takes in each drawn finish."""
        n, paid = len(self.s), len(self.pay)
        won = np.zeros((trials, n))
        rows = np.arange(trials)
        if self.model == "harville":  # the order of Exp(1) / stack is Harville's order of finish
            keys = rng.standard_exponential((trials, n)) / self.s
            if paid < n:
                top = np.argpartition(keys, paid - 1, axis=1)[:, :paid]
                places = np.take_along_axis(top, np.argsort(np.take_along_axis(keys, top, 1), axis=1), 1)
            else:
                places = np.argsort(keys, axis=1)
            won[rows[:, None], places] = self.pay[None, :]
            return won
        alive = np.ones((trials, n), dtype=bool)
        busted = np.zeros(trials)
        for r in range(n, 0, -1):
            weight = np.where(alive, 1.0 / (self.s + (busted / r)[:, None]), 0.0)
            cumulative = np.cumsum(weight, axis=1)
            pick = (cumulative < rng.random(trials)[:, None] * cumulative[:, -1:]).sum(axis=1)
            pick = np.minimum(pick, n - 1)
            if r <= paid:
                won[rows, pick] = self.pay[r - 1]
            alive[rows, pick] = False
            busted += self.s[pick]  # players left hold their own chips and an equal share of these
        return won

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        for seed in seeds.tolist():
            won = self.prizes(np.random.default_rng(seed), trials)
            self.sums += won.sum(axis=0)
            self.squares += (won * won).sum(axis=0)
            self.done += trials
        return True

    def errors(self) -> np.ndarray:
        return standard_errors(self.sums / self.done, self.squares / self.done, self.done)


def _exact_possible(model: str, players: int, paid: int) -> bool:
    if players <= EXACT_PLAYERS:
        return True
    return model == "harville" and players <= 62 and sparse_sets(players, paid) <= SPARSE_SETS


def icm(
    stacks: Sequence[float | str],
    payouts: Sequence[float | str],
    *,
    model: str = "harville",
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> ICMResult:
    """Each player's expected prize, from the ``stacks`` (chips, any unit) and the ``payouts`` (first place
    first; places not listed pay nothing), numbers or their text. The equities sum to the prize pool (the payouts' sum).

    ``model``: ``"harville"`` (Malmuth-Harville) or ``"weitzman"`` (Malmuth-Weitzman), defined in the module's
    description. ``method``: ``"auto"`` (exact when the field allows it, see :data:`EXACT_PLAYERS`, else Monte
    Carlo), ``"exact"`` or ``"mc"``; Monte Carlo draws ``trials`` finishes (default :data:`DEFAULT_TRIALS`)
    from ``seed`` (random when None; the result reports it).

    >>> r = icm([2, 1, 1], [5, 3, 2])
    >>> [round(x, 4) for x in r.equities], round(sum(r.equities), 10)
    ([3.8333, 3.0833, 3.0833], 10.0)
    >>> icm([10, 10], [1])
    ICMResult(stacks=(10.0, 10.0), payouts=(1.0,), model='harville', method='exact', equities=(0.5, 0.5), ...)
    """
    start = time.perf_counter()
    s = check_stacks(stacks)
    pay = check_payouts(payouts, len(s))
    if model not in MODELS:
        raise TournamentError(f"unknown model {model!r}: harville or weitzman")
    if method not in METHODS:
        raise TournamentError(f"unknown method {method!r}: auto, exact or mc")
    exact_ok = _exact_possible(model, len(s), len(pay))
    if method == "exact" and not exact_ok:
        raise TournamentError(
            f"{len(s)} players are too many for the exact {model} model (at most {EXACT_PLAYERS}"
            + (", or few places paid" if model == "harville" else "")
            + "): use method='mc'"
        )
    if trials is not None and trials < 2:
        raise TournamentError(f"trials is {trials}: draw at least 2 finishes")
    if method == "mc" or (method == "auto" and not exact_ok):
        return _sampled(s, pay, model, trials or DEFAULT_TRIALS, seed, progress, start)
    if model == "weitzman":
        equity = weitzman_exact(s, pay)
    elif len(s) <= EXACT_PLAYERS:
        equity = harville_exact(s, pay)
    else:
        equity = harville_sparse(s, pay)
    return ICMResult(
        stacks=tuple(s.tolist()),
        payouts=tuple(pay.tolist()),
        model=model,
        method="exact",
        equities=tuple(equity.tolist()),
        stderrs=None,
        trials=0,
        seed=None,
        seconds=time.perf_counter() - start,
    )


def _sampled(
    s: np.ndarray,
    pay: np.ndarray,
    model: str,
    trials: int,
    seed: int | None,
    progress: Callable[[float], None] | None,
    start: float,
) -> ICMResult:
    seed = fresh_seed() if seed is None else seed
    if not 0 <= seed < 1 << 64:
        raise TournamentError(f"seed is {seed}: give one from 0 to 2**64-1")
    tally = _Finishes(s, pay, model)
    run_blocks(tally, seed, BLOCK_TRIALS, trials, None, progress)
    return ICMResult(
        stacks=tuple(s.tolist()),
        payouts=tuple(pay.tolist()),
        model=model,
        method="mc",
        equities=tuple((tally.sums / tally.done).tolist()),
        stderrs=tuple(tally.errors().tolist()),
        trials=tally.done,
        seed=seed,
        seconds=time.perf_counter() - start,
    )
