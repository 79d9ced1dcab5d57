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

The chips of the players outside a set are summed over those players, never
taken as the total less the set's: with stacks far apart (past ``2**53`` to one)
that difference loses the short stacks' chips and leaves a 0, or worse, where
their share belongs. Every sum is of positive numbers, so each share carries a
relative error of a few units of the last place whatever the stacks. A field's
stacks are first multiplied by the power of two that centres its largest and
smallest stack on 1 (no ratio changes), so no sum of stacks overflows and no
reciprocal does: stacks up to ``2**2000`` apart (about ``1e602``) are valued.

Malmuth-Harville of at most :data:`EXACT_PLAYERS` players has two exact programmes: :func:`harville_exact`
in numpy, and a compiled kernel (:mod:`.icm_kernels`, numba, imported on first use) that keeps both safeguards
(a nine-player field in microseconds, against a fifth of a millisecond). Loading the kernel costs a process
that has not started numba about half a second (numba's import and the start of its compiler's target, then
the cached kernels), a process whose numba is running about 20 ms, so :func:`icm` takes the kernel only once
it pays (:func:`_use_kernel`): while the numpy programme's estimated time in this process, this call's
included, stays within what loading the kernel would cost, numpy values the field. A one-off field of up to
20 players (numpy: 0.2 ms at nine, 0.15 s at twenty) never waits for numba; a process valuing many fields
switches after about half a second of numpy work (20 ms when numba runs already), so it spends at most about
twice what the better choice would have. Once the kernel is loaded, a field of plain numbers (a list, tuple or
array of ints or floats) that needs none of the checks' messages is checked and valued in one kernel call;
anything else is checked here first. :func:`harville_compiled` and :func:`harville_compiled_rows` (the
final-table solver's many tables) always take the kernel; Malmuth-Weitzman and Harville above
:data:`EXACT_PLAYERS` players stay in numpy.

Above :data:`EXACT_PLAYERS` players (Harville: unless so few places pay that the
sets of players placed stay few), the models are sampled: seeded Monte Carlo in
blocks with the equity engine's seeding scheme (a seed gives one result), each
equity with its standard error. Harville's finishing order is drawn as the order
of ``Exp(1) / stack`` (the smallest first: the same law). Weitzman's busts are
drawn one place at a time for a whole block of finishes at once, the players
left of each finish packed into the first rows of a players-by-finishes array
(see :func:`weitzman_places`).

>>> result = icm([5000, 3000, 2000], [50, 30, 20])
>>> [round(x, 4) for x in result.equities], result.method
([38.3929, 32.75, 28.8571], 'exact')
>>> [round(x, 4) for x in icm([5000, 3000, 2000], [50, 30, 20], model="weitzman").equities]
[38.0645, 32.7742, 29.1613]
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from numbers import Integral
from typing import Any

import numpy as np

from ..equity.options import MAX_SEED, MAX_TRIALS, fresh_seed
from ..equity.sampling import LARGE_BLOCK_TRIALS, MAX_ROUND_BLOCKS, run_blocks, standard_errors
from .errors import TournamentError

MODELS = ("harville", "weitzman")
METHODS = ("auto", "exact", "mc")
#: The most players the exact programmes take over every set of players (``2**20`` sets).
EXACT_PLAYERS = 20
#: Harville above EXACT_PLAYERS stays exact while the sets of players placed before the last paid place are
#: at most this many (few places paid in a large field).
SPARSE_SETS = 1 << 18
#: Monte Carlo: finishes drawn when none are given. A block (one seed) draws LARGE_BLOCK_TRIALS finishes, or fewer
#: in a large field: a block holds at most BLOCK_CELLS players x finishes. The most finishes is the equity engine's
#: bound on its trials (MAX_TRIALS).
DEFAULT_TRIALS = 1_000_000
BLOCK_CELLS = 1 << 20
#: Work (players x finishes, times the players again for Weitzman) between two calls of ``progress`` at most.
ROUND_WORK = 1 << 28
MAX_PLAYERS = 10_000
#: The largest ratio of two stacks, as a power of two (about 1e602): beyond it a field's stacks cannot all be held
#: at one scale with their sums and reciprocals finite.
MAX_SPAN = 2000
#: The largest prize pool: half the largest float, so that a share of it rounded up (or sums of shares) stays finite.
MAX_POOL = 2.0**1023
_LARGEST = float(np.finfo(float).max)
#: What loading the compiled kernel costs a process, in seconds (2-core machine, cached kernels): numba not yet
#: running (its import, its compiler target's start, the kernels' load), then numba running (the load alone).
NUMBA_START_SECONDS = 0.5
KERNEL_LOAD_SECONDS = 0.02
#: Stacks between 2**-SAFE_EXPONENT and 2**SAFE_EXPONENT are valued as given: their sums and reciprocals are finite.
SAFE_EXPONENT = 500
_SAFE_LOW, _SAFE_HIGH = 2.0**-SAFE_EXPONENT, 2.0**SAFE_EXPONENT


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
        pool = self.prize_pool
        scaled = balanced(np.array(self.stacks))  # the stacks' own sum may overflow
        shares = (scaled / math.fsum(scaled.tolist())).tolist()
        players = []
        for i, (stack, value) in enumerate(zip(self.stacks, self.equities)):
            entry: dict[str, Any] = {
                "player": i + 1,
                "stack": stack,
                "chips_share": shares[i],
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


def _numbers(values: Sequence[float | str], what: str, none: str) -> np.ndarray:
    """``values`` as float64, refusing what is not a finite number, and no values at all (``none`` says why)."""
    out = []
    for i, value in enumerate(values):
        try:
            number = float(value)
        except OverflowError:  # an integer past the largest float
            raise TournamentError(f"{what} {i + 1} is past the largest number held ({_LARGEST:.3g})") from None
        except (TypeError, ValueError):
            raise TournamentError(f"{what} {i + 1} is {value!r}: not a number") from None
        if not math.isfinite(number):
            raise TournamentError(f"{what} {i + 1} is {value!r}: not a finite number")
        out.append(number)
    if not out:
        raise TournamentError(none)
    return np.array(out, dtype=np.float64)


def check_stacks(stacks: Sequence[float | str]) -> np.ndarray:
    """The stacks as float64: at least one, each positive, none more than ``2**MAX_SPAN`` times another.

    >>> check_stacks([5000, 3000]).tolist()
    [5000.0, 3000.0]
    >>> check_stacks([5000, -3])
    Traceback (most recent call last):
    ...
    pokerlab.simulate.tournament.errors.TournamentError: stack 2 is -3.0: every stack must be positive
    >>> check_stacks([1e300, 1e-303])
    Traceback (most recent call last):
    ...
    pokerlab.simulate.tournament.errors.TournamentError: stack 1 (1e+300) is more than 2**2000 times stack 2 ...
    """
    s = _numbers(stacks, "stack", "no stacks: give one a player")
    if len(s) > MAX_PLAYERS:
        raise TournamentError(f"{len(s)} players: at most {MAX_PLAYERS:,}")
    for i, value in enumerate(s.tolist()):
        if value <= 0:
            raise TournamentError(f"stack {i + 1} is {value}: every stack must be positive")
    big, small = int(s.argmax()), int(s.argmin())
    if math.log2(s[big]) - math.log2(s[small]) > MAX_SPAN:
        raise TournamentError(
            f"stack {big + 1} ({s[big]:g}) is more than 2**{MAX_SPAN} times stack {small + 1} ({s[small]:g}): "
            "ICM cannot weigh stacks so far apart"
        )
    return s


def check_payouts(payouts: Sequence[float | str], players: int) -> np.ndarray:
    """The payouts as float64, first place first: at most one a player, none negative, none above the place
    before it, not all zero, their sum at most :data:`MAX_POOL`.

    >>> check_payouts([50, 30, 20], 3).tolist()
    [50.0, 30.0, 20.0]
    >>> check_payouts([50, 30, 20], 2)
    Traceback (most recent call last):
    ...
    pokerlab.simulate.tournament.errors.TournamentError: 3 payouts for 2 players: at most one payout a player
    """
    pay = _numbers(payouts, "payout", "no payouts: give the prize of first place at least")
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
    try:
        pool = math.fsum(pay.tolist())
    except OverflowError:
        pool = math.inf
    if not pool <= MAX_POOL:
        raise TournamentError(
            f"the payouts sum past {MAX_POOL:.3g} (half the largest float): give them in a larger unit"
        )
    return pay


def balanced(s: np.ndarray) -> np.ndarray:
    """Stacks (one field, or one field a row; zeros allowed) times the power of two that centres each field's
    largest and smallest positive stack on 1, unless they lie within ``2**SAFE_EXPONENT`` of 1 already: no ratio
    changes, and for stacks at most ``2**MAX_SPAN`` apart every sum of them and every reciprocal is finite.

    >>> balanced(np.array([[4.0, 1.0], [0.0, 2.0**600]])).tolist()
    [[4.0, 1.0], [0.0, 0.5]]
    >>> s = balanced(np.array([1e308, 1e308, 1e-290]))
    >>> bool(np.isfinite(s.sum())), bool(np.isfinite(1 / s).all()), (s / [1e308, 1e308, 1e-290]).tolist()
    (True, True, [9.313225746154785e-10, 9.313225746154785e-10, 9.313225746154785e-10])
    """
    if s.ndim == 1:  # one field: scalars (a nine-player field is valued in a fifth of a millisecond)
        top, low = float(s.max()), float(s.min())
        if low <= 0:
            low = float(s[s > 0].min(initial=top))
        if _SAFE_LOW <= low and top <= _SAFE_HIGH:
            return s
        scaled: np.ndarray = np.ldexp(s, -((math.frexp(top)[1] + math.frexp(low)[1]) // 2))
        return scaled
    top = s.max(axis=1, keepdims=True)
    low = np.where(s > 0, s, top).min(axis=1, keepdims=True)
    shift = (np.frexp(top)[1] + np.frexp(low)[1]) // 2
    rows: np.ndarray = np.ldexp(s, -np.where((_SAFE_LOW <= low) & (top <= _SAFE_HIGH), 0, shift))
    return rows


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
    the next place goes to player ``i`` outside ``m`` with probability ``stack_i / (chips outside m)``, the chips
    outside ``m`` being those of the set of the players outside it.

    >>> harville_exact(np.array([1.0, 1.0, 2.0]), np.array([1.0])).tolist()
    [0.25, 0.25, 0.5]
    >>> harville_exact(np.array([1e16, 1.0]), np.array([3.0, 2.0])).round(12).tolist()  # the short stack second
    [3.0, 2.0]
    """
    n, paid = len(s), len(pay)
    s = balanced(s)
    order, starts = _sets_by_size(n)
    outside = _set_chips(s[None, :])[0][::-1]  # the set m's complement is the mask 2**n - 1 - m
    placed = np.zeros(1 << n)
    placed[0] = 1.0
    equity = np.zeros(n)
    for k in range(paid):
        layer = order[starts[k] : starts[k + 1]]
        base = placed[layer] / outside[layer]
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
    s = balanced(s)
    order, starts = _sets_by_size(n)
    outside = _set_chips(s)[:, ::-1]
    placed = np.zeros((rows, 1 << n))
    placed[:, 0] = 1.0
    equity = np.zeros((rows, n))
    for k in range(paid):
        layer = order[starts[k] : starts[k + 1]]
        base = placed[:, layer] / outside[:, layer]
        for i, (free, grown) in enumerate(_growths(n, k)):
            # compress, not base[:, free]: rows stay contiguous, so each row sums pairwise as one field's array
            # does (a masked copy of rows sums column by column, and the last bits differ).
            share = base.compress(free, axis=1) * s[:, i : i + 1]
            equity[:, i] += pay[k] * share.sum(axis=1)
            if k + 1 < paid:
                placed[:, grown] += share
    return equity


def harville_compiled(s: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """:func:`harville_exact` by the compiled kernel (:func:`.icm_kernels.harville_field`): ``s`` checked stacks
    (at most :data:`EXACT_PLAYERS`), ``pay`` checked payouts, of any size (valued as near 1, then scaled back).

    >>> harville_compiled(np.array([1.0, 1.0, 2.0]), np.array([1.0])).tolist()
    [0.25, 0.25, 0.5]
    >>> (harville_compiled(np.array([1e16, 1.0]), np.array([3e300, 2e300])) / 1e300).round(12).tolist()
    [3.0, 2.0]
    """
    _most_players(len(s))
    out = np.empty(len(s))
    field, prizes = np.ascontiguousarray(s, dtype=np.float64), np.ascontiguousarray(pay, dtype=np.float64)
    _kernel("harville_field")(field, prizes, out)
    return out


def harville_compiled_rows(s: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """:func:`harville_rows` by the compiled kernel (:func:`.icm_kernels.harville_table`): each row of ``s`` (a
    field's positive stacks a row, at most :data:`EXACT_PLAYERS` players) valued exactly as
    :func:`harville_compiled` values it alone.

    >>> harville_compiled_rows(np.array([[1.0, 1.0, 2.0], [1.0, 3.0, 4.0]]), np.array([1.0])).tolist()
    [[0.25, 0.25, 0.5], [0.125, 0.375, 0.5]]
    """
    _most_players(s.shape[1])
    out = np.empty(s.shape)
    rows, prizes = np.ascontiguousarray(s, dtype=np.float64), np.ascontiguousarray(pay, dtype=np.float64)
    _kernel("harville_table")(rows, prizes, out)
    return out


def _most_players(players: int) -> None:
    if players > EXACT_PLAYERS:  # the programme's arrays hold 2**players floats
        raise TournamentError(f"{players} players: the exact programme takes at most {EXACT_PLAYERS}")


def _plain_field(stacks: object, payouts: object) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """A Harville field of plain numbers valued by the compiled kernel in one call: ``(stacks, payouts,
    equities)``, or None when the field is text, other objects, or needs a check's message (then
    :func:`icm` checks it)."""
    s, pay = np.asarray(stacks), np.asarray(payouts)
    if s.ndim != 1 or pay.ndim != 1 or s.dtype.kind not in "fiu" or pay.dtype.kind not in "fiu":
        return None  # text, booleans, objects: float() of each, with its message, in check_stacks
    if s.dtype.char != "d" or not s.flags.c_contiguous:
        s = np.ascontiguousarray(s, dtype=np.float64)
    if pay.dtype.char != "d" or not pay.flags.c_contiguous:
        pay = np.ascontiguousarray(pay, dtype=np.float64)
    out = np.empty(len(s))
    return None if _kernel("harville_checked")(s, pay, out) else (s, pay, out)


_KERNELS: dict[str, Callable[..., Any]] = {}
_KERNEL_MODULE = __name__.rpartition(".")[0] + ".icm_kernels"
_numpy_seconds_spent = [0.0]  # the numpy programme's estimated time in this process, while the kernel waits


def numpy_seconds(players: int, paid: int) -> float:
    """About how long :func:`harville_exact` takes a field of ``players`` with ``paid`` places paid, in seconds
    (2-core machine, fitted from 2 to 20 players): a call's overhead, a numpy pass per place and player, the
    arrays of every set of players, and a step per set placed and player outside it.

    >>> round(numpy_seconds(9, 9) * 1e3, 2), round(numpy_seconds(20, 20) * 1e3)
    (0.23, 155)
    """
    steps = sum(math.comb(players, k) * (players - k) for k in range(paid))
    return 3e-5 + 2e-6 * paid * players + 7e-9 * (1 << players) + 1.4e-8 * steps


def kernel_start_seconds() -> float:
    """What the compiled kernel would still cost this process before its first answer, in seconds: 0 once it is
    loaded, :data:`KERNEL_LOAD_SECONDS` while numba runs already, else :data:`NUMBA_START_SECONDS`.

    >>> kernel_start_seconds() in (0.0, KERNEL_LOAD_SECONDS, NUMBA_START_SECONDS)
    True
    """
    # numba.np.arraymath is imported by the first compile or cache load of any kernel: numba's import alone
    # leaves its compiler target (a third of a second) still to start.
    if _KERNELS or (_KERNEL_MODULE in sys.modules and "numba.np.arraymath" in sys.modules):
        return 0.0
    return KERNEL_LOAD_SECONDS if "numba.np.arraymath" in sys.modules else NUMBA_START_SECONDS


def warm_kernels() -> None:
    """Load every compiled ICM kernel with the argument types real calls use, compiling those not cached yet
    (``pokerlab cache warm``): :func:`icm` alone may value a small field in numpy and leave them unloaded.

    >>> warm_kernels()
    >>> kernel_start_seconds()
    0.0
    """
    harville_compiled(np.ones(3), np.ones(3))
    harville_compiled_rows(np.ones((2, 3)), np.ones(1))
    _plain_field(np.ones(3), np.ones(3))


def _use_kernel(players: int, paid: int) -> bool:
    """Whether the kernel values this field: yes once the numpy programme's time in this process, this field's
    included, would pass what loading the kernel costs (the numpy time is counted when numpy is chosen)."""
    cost = numpy_seconds(players, paid)
    if _numpy_seconds_spent[0] + cost <= kernel_start_seconds():
        _numpy_seconds_spent[0] += cost
        return False
    return True


def _kernel(name: str) -> Callable[..., Any]:
    """The kernel ``name`` of :mod:`.icm_kernels`, the module (and numba) imported on first use and the kernel
    kept: an import statement in each call took a tenth of a nine-player field's time."""
    kernel = _KERNELS.get(name)
    if kernel is None:
        from . import icm_kernels  # numba on the first exact Harville call only

        kernel = _KERNELS[name] = getattr(icm_kernels, name)
    return kernel


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
    s = balanced(s)
    bits = np.left_shift(np.int64(1), np.arange(n, dtype=np.int64))
    sets: np.ndarray = np.zeros(1, dtype=np.int64)
    placed: np.ndarray = np.ones(1)
    equity = np.zeros(n)
    for k, prize in enumerate(pay.tolist()):
        free = (sets[:, None] & bits[None, :]) == 0
        outside = free @ s
        share = (placed / outside)[:, None] * (free * s[None, :])
        equity += prize * share.sum(axis=0)
        if k + 1 == len(pay):
            break
        children = (sets[:, None] | bits[None, :])[free]
        sets, where = np.unique(children, return_inverse=True)
        placed = np.bincount(where.ravel(), weights=share[free], minlength=len(sets))
    return equity


def weitzman_exact(s: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """Malmuth-Weitzman equities over every set of players left (at most :data:`EXACT_PLAYERS`).

    With the set ``r`` left, player ``j`` of it holds ``stack_j + (chips of the busted) / |r|`` and busts next,
    taking place ``|r|``, with probability ``(1 / that) / (sum of 1 / stack over r)``; the chips of the busted
    are those of the set of the players outside ``r``.

    >>> weitzman_exact(np.array([1.0, 3.0]), np.array([1.0])).round(6).tolist()
    [0.25, 0.75]
    """
    n, paid = len(s), len(pay)
    s = balanced(s)
    order, starts = _sets_by_size(n)
    busted = _set_chips(s[None, :])[0][::-1]
    left = np.zeros(1 << n)
    left[-1] = 1.0
    equity = np.zeros(n)
    for r in range(n, 0, -1):
        layer = order[starts[r] : starts[r + 1]]
        extra = busted[layer] / r
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


def block_trials(players: int) -> int:
    """Finishes a Monte Carlo block draws (one seed each): the equity engine's ``LARGE_BLOCK_TRIALS``, fewer for a
    large field (a block's arrays hold at most :data:`BLOCK_CELLS` players x finishes).

    >>> block_trials(10), block_trials(100), block_trials(10_000)
    (32768, 10485, 104)
    """
    return min(LARGE_BLOCK_TRIALS, max(64, BLOCK_CELLS // players))


def harville_places(s: np.ndarray, paid: int, rng: np.random.Generator, trials: int) -> np.ndarray:
    """``(trials, paid)``: who finishes first, second, ... ``paid``-th in each of ``trials`` Malmuth-Harville
    finishes drawn from ``rng``, the stacks ``s`` being :func:`balanced`: the order of ``Exp(1) / stack``.

    >>> harville_places(np.array([1.0, 2.0**-40, 3.0]), 2, np.random.default_rng(1), 3).tolist()
    [[0, 2], [0, 2], [2, 0]]
    """
    keys = rng.standard_exponential((trials, len(s))) / s
    if paid == len(s):
        return np.argsort(keys, axis=1)
    top = np.argpartition(keys, paid - 1, axis=1)[:, :paid]
    return np.take_along_axis(top, np.argsort(np.take_along_axis(keys, top, 1), axis=1), 1)


def weitzman_places(s: np.ndarray, paid: int, rng: np.random.Generator, trials: int) -> np.ndarray:
    """``(trials, paid)``: who finishes first, second, ... ``paid``-th in each of ``trials`` Malmuth-Weitzman
    finishes drawn from ``rng``, the stacks ``s`` being :func:`balanced`.

    The busts are drawn from the last place up, for all the finishes at once: the players left in each finish
    are packed in the first rows of a players-by-finishes array (a bust's row takes the last player's), and the
    next bust is where one uniform number falls in the running sum, down the rows, of the weights
    ``1 / (stack + busted chips / players left)``. A place costs a pass over the players left.

    >>> weitzman_places(np.array([1.0, 2.0**-40, 3.0]), 3, np.random.default_rng(1), 3).tolist()
    [[0, 2, 1], [2, 0, 1], [2, 0, 1]]
    """
    n = len(s)
    stack = np.repeat(s[:, None], trials, axis=1)
    who = np.repeat(np.arange(n)[:, None], trials, axis=1)
    busted = np.zeros(trials)
    column = np.arange(trials)
    places = np.empty((paid, trials), dtype=np.intp)
    weight = np.empty((n, trials))
    for left in range(n, 1, -1):
        running = weight[:left]
        np.add(stack[:left], busted / left, out=running)
        np.reciprocal(running, out=running)
        for j in range(1, left):  # row by row: numpy's cumsum down the rows took five times as long
            np.add(running[j], running[j - 1], out=running[j])
        drawn = rng.random(trials) * running[left - 1]
        at = np.count_nonzero(running < drawn, axis=0) * trials + column  # the bust's place in the flat arrays
        if left <= paid:
            places[left - 1] = who.ravel()[at]
        busted += stack.ravel()[at]
        stack.ravel()[at] = stack[left - 1]
        who.ravel()[at] = who[left - 1]
    places[0] = who[0]
    return places.T


class _Finishes:
    """The Monte Carlo tally: per player the sums of the prize won and of its square, block by block, the prizes
    divided by the power of two that brings the first below 1 (their squares stay finite; the means and errors
    are scaled back)."""

    def __init__(self, s: np.ndarray, pay: np.ndarray, model: str) -> None:
        self.s = balanced(s)
        self.scale = math.frexp(float(pay[0]))[1]
        self.pay = np.ldexp(pay, -self.scale)
        self.draw = harville_places if model == "harville" else weitzman_places
        self.sums = np.zeros(len(s))
        self.squares = np.zeros(len(s))
        self.done = 0

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        n, paid = len(self.s), len(self.pay)
        prizes = np.tile(self.pay, trials)
        for seed in seeds.tolist():
            places = self.draw(self.s, paid, np.random.default_rng(seed), trials).ravel()
            self.sums += np.bincount(places, weights=prizes, minlength=n)
            self.squares += np.bincount(places, weights=prizes * prizes, minlength=n)
            self.done += trials
        return True

    def means(self) -> np.ndarray:
        return np.ldexp(self.sums / self.done, self.scale)

    def errors(self) -> np.ndarray:
        errors: np.ndarray = np.ldexp(
            standard_errors(self.sums / self.done, self.squares / self.done, self.done), self.scale
        )
        return errors


def _whole(value: object) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


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
    Carlo), ``"exact"`` or ``"mc"``; Monte Carlo draws ``trials`` finishes (default :data:`DEFAULT_TRIALS`, at
    most the equity engine's ``MAX_TRIALS``) from ``seed`` (random when None; the result reports it), calling
    ``progress`` with the fraction drawn after each round of blocks (:data:`ROUND_WORK` at most). Stacks may lie
    up to ``2**MAX_SPAN`` apart; the payouts sum to :data:`MAX_POOL` at most.

    >>> r = icm([2, 1, 1], [5, 3, 2])
    >>> [round(x, 4) for x in r.equities], round(sum(r.equities), 10)
    ([3.8333, 3.0833, 3.0833], 10.0)
    >>> icm([10, 10], [1])
    ICMResult(stacks=(10.0, 10.0), payouts=(1.0,), model='harville', method='exact', equities=(0.5, 0.5), ...)
    """
    start = time.perf_counter()
    if model == "harville" and method in ("auto", "exact") and trials is None and not kernel_start_seconds():
        plain = _plain_field(stacks, payouts)
        if plain is not None:
            return _exact_result(*plain, model, start)
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
    if trials is not None and not (_whole(trials) and 2 <= trials <= MAX_TRIALS):
        raise TournamentError(f"trials is {trials!r}: draw a whole number of finishes from 2 to {MAX_TRIALS:,}")
    if method == "mc" or (method == "auto" and not exact_ok):
        return _sampled(s, pay, model, trials or DEFAULT_TRIALS, seed, progress, start)
    dense = model == "harville" and len(s) <= EXACT_PLAYERS
    if dense and _use_kernel(len(s), len(pay)):
        return _exact_result(s, pay, harville_compiled(s, pay), model, start)
    scale = math.frexp(float(pay[0]))[1]  # prizes of any size are valued as near 1, then scaled back
    prizes = np.ldexp(pay, -scale)
    if model == "weitzman":
        equity = weitzman_exact(s, prizes)
    else:
        equity = harville_exact(s, prizes) if dense else harville_sparse(s, prizes)
    return _exact_result(s, pay, np.ldexp(equity, scale), model, start)


def _exact_result(s: np.ndarray, pay: np.ndarray, equity: np.ndarray, model: str, start: float) -> ICMResult:
    # Filled in directly (a frozen dataclass's __init__ sets each field through object.__setattr__): a sixth of
    # a nine-player field's time.
    result = object.__new__(ICMResult)
    result.__dict__.update(
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
    return result


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
    if not (_whole(seed) and 0 <= seed <= MAX_SEED):
        raise TournamentError(f"seed is {seed!r}: give one from 0 to 2**64-1")
    seed, n = int(seed), len(s)
    tally = _Finishes(s, pay, model)
    block = block_trials(n)
    work = block * n * (n if model == "weitzman" else 16)  # a Weitzman finish passes over the players left
    rounds = min(MAX_ROUND_BLOCKS, max(1, ROUND_WORK // work))  # progress is called after each round
    run_blocks(tally, seed, block, trials, None, progress, rounds)
    return ICMResult(
        stacks=tuple(s.tolist()),
        payouts=tuple(pay.tolist()),
        model=model,
        method="mc",
        equities=tuple(tally.means().tolist()),
        stderrs=tuple(tally.errors().tolist()),
        trials=tally.done,
        seed=seed,
        seconds=time.perf_counter() - start,
    )
