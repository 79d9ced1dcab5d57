"""The heads-up push-or-fold game as a bilinear zero-sum game over the 169 classes, and its exact solution.

The small blind (SB) holds class ``i`` with a push frequency ``p[i]``; the big blind (BB), facing a push, holds
class ``j`` with a call frequency ``q[j]``. With ``w[i, j]`` the share of deals giving the SB a hand of ``i``
and the BB one of ``j`` (card removal counted), the SB's expected result in big blinds is

    U(p, q) = -(0.5 + a) + p . F + p . M q

where ``F[i] = (1.5 + 2a) * sum_j w[i, j]`` (a push that is not called takes the pot of 1.5 + 2a, where a
fold would have lost 0.5 + a) and ``M[i, j] = w[i, j] * (S * (2 e[i, j] - 1) - (1 + a))`` (a call turns that
gain into the all-in's result, ``S`` the effective stack before the blinds, ``a`` each player's ante,
``e`` the SB hand's equity). The SB maximises, the BB minimises.

It is solved in two steps. Regret matching+ (CFR+: alternating updates, linearly weighted averages), which
provably converges on zero-sum games, finds which classes are pushed, folded or mixed: read from the
frequencies (those near 0 or 1 taken as pure) and from what each class gains by playing (a mixed class's gain
tends to 0, a pure one's does not, while a mixed frequency may converge slowly from near 0 or 1). Then the
mixed classes' frequencies are solved exactly from the indifference conditions (each mixed SB class is
indifferent given the BB's mixed classes, and the other way round: two small linear systems), and the result
is kept only if its exploitability, measured exactly, is below the tolerance; else the iterations go on.
Last, a frequency left within a hair of 0 or 1 is made pure where the exploitability stays within what was
reached (:func:`purify`). The exploitability is what both players together would gain by best responses:
``max_p' U(p', q) - min_q' U(p, q')``, in big blinds per hand, 0 at an equilibrium; it is measured on the
strategies returned.

>>> from pokerlab.simulate.tournament.headsup_game import headsup_classes
>>> game = PushFoldGame.build(headsup_classes(), stack=10.0, ante=0.0)
>>> p, q, stats = solve(game)
>>> stats.exploitability < 1e-9, round(float(game.value(p, q)), 4)
(True, -0.0454)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from .headsup_game import HeadsupClasses

#: The exploitability (big blinds per hand) a solution must reach.
TOLERANCE = 1e-9
#: Regret matching+ iterations between two attempts at the exact frequencies, and at most in all.
ROUND = 256
MAX_ITERATIONS = 1 << 14
_SUPPORT_CUTS = (0.02, 0.005, 0.1, 0.001, 0.25)  # frequencies within this of 0 or 1 are read as pure
#: Frequencies within this of 0 or 1 (what a range line to 0.1 % shows as pure) are tried as pure after solving.
HAIR = 1e-3
_HAIRS = (HAIR, 1e-6, 1e-9, 1e-12)
_NEAREST = 3  # classes of each player, the nearest indifference, tried as mixed


@dataclass(frozen=True)
class PushFoldGame:
    """The matrices of the game at one stack and ante (see the module's description)."""

    stack: float
    ante: float
    weights: np.ndarray  # (169, 169) the share of deals of SB class i against BB class j; sums to 1
    equity: np.ndarray  # (169, 169) the SB hand's all-in equity
    push: np.ndarray  # F: what a push that is not called gains over a fold, per SB class (weighted)
    called: np.ndarray  # M: what a call changes for the SB, per pair of classes (weighted)

    @classmethod
    def build(cls, table: HeadsupClasses, stack: float, ante: float) -> PushFoldGame:
        weights = table.pairs / table.pairs.sum()
        push = (1.5 + 2 * ante) * weights.sum(axis=1)
        called = weights * (stack * (2 * table.equity - 1) - (1 + ante))
        return cls(stack, ante, weights, table.equity, push, called)

    @property
    def fold_loss(self) -> float:
        """What the SB loses by folding: the small blind and the ante."""
        return 0.5 + self.ante

    def value(self, p: np.ndarray, q: np.ndarray) -> float:
        """The SB's expected result in big blinds per hand."""
        return float(-self.fold_loss + p @ self.push + p @ (self.called @ q))

    def push_gains(self, q: np.ndarray) -> np.ndarray:
        """Per SB class, what pushing gains over folding against ``q`` (weighted by the class's deals)."""
        gains: np.ndarray = self.push + self.called @ q
        return gains

    def call_costs(self, p: np.ndarray) -> np.ndarray:
        """Per BB class, what calling costs the BB over folding against ``p`` (weighted by the class's deals)."""
        costs: np.ndarray = self.called.T @ p
        return costs


@dataclass(frozen=True)
class SolveStats:
    """How close a pair of strategies is to the equilibrium, and what finding it took."""

    exploitability: float  # both players' best-response gains together, big blinds per hand
    sb_gain: float  # what the SB would gain by a best response
    bb_gain: float
    iterations: int  # regret matching+ iterations (0 when the previous stack's solution was refined)


def gains(game: PushFoldGame, p: np.ndarray, q: np.ndarray) -> tuple[float, float]:
    """What each player would gain by switching to a best response (0 at an equilibrium)."""
    now = game.value(p, q)
    best_sb = -game.fold_loss + float(np.maximum(game.push_gains(q), 0.0).sum())
    best_bb = -game.fold_loss + float(p @ game.push) + float(np.minimum(game.call_costs(p), 0.0).sum())
    return max(best_sb - now, 0.0), max(now - best_bb, 0.0)


def _stats(game: PushFoldGame, p: np.ndarray, q: np.ndarray, iterations: int) -> SolveStats:
    sb, bb = gains(game, p, q)
    return SolveStats(sb + bb, sb, bb, iterations)


def _mixed(freq: np.ndarray, cut: float) -> tuple[np.ndarray, np.ndarray]:
    """The classes read as mixed, and those read as always played, at this cut."""
    return np.flatnonzero((freq > cut) & (freq < 1 - cut)), np.flatnonzero(freq >= 1 - cut)


def _solve_mixed(matrix: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Frequencies ``x`` in 0..1 with ``matrix @ x == target`` (least squares when not square)."""
    if matrix.size == 0:
        return np.zeros(matrix.shape[1])
    x = np.linalg.lstsq(matrix, target, rcond=None)[0]
    frequencies: np.ndarray = np.clip(x, 0.0, 1.0)
    return frequencies


def _exact(
    game: PushFoldGame, sb_mixed: np.ndarray, sb_push: np.ndarray, bb_mixed: np.ndarray, bb_call: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The strategies that push ``sb_push``, call with ``bb_call`` and mix the mixed classes at the frequencies
    that make each mixed class of the other player exactly indifferent."""
    m = game.called
    new_q = np.zeros(len(game.push))
    new_q[bb_call] = 1.0
    target = -(game.push[sb_mixed] + m[np.ix_(sb_mixed, bb_call)].sum(axis=1))
    new_q[bb_mixed] = _solve_mixed(m[np.ix_(sb_mixed, bb_mixed)], target)
    new_p = np.zeros(len(game.push))
    new_p[sb_push] = 1.0
    new_p[sb_mixed] = _solve_mixed(m[np.ix_(sb_mixed, bb_mixed)].T, -m[np.ix_(sb_push, bb_mixed)].sum(axis=0))
    return new_p, new_q


def exact_frequencies(game: PushFoldGame, p: np.ndarray, q: np.ndarray, cut: float) -> tuple[np.ndarray, np.ndarray]:
    """From approximate strategies, the strategies whose mixed classes (read at ``cut``) are exactly
    indifferent: each mixed SB class gains nothing by pushing against the BB's strategy, and each mixed BB
    class loses nothing by calling against the SB's."""
    sb_mixed, sb_push = _mixed(p, cut)
    bb_mixed, bb_call = _mixed(q, cut)
    return _exact(game, sb_mixed, sb_push, bb_mixed, bb_call)


def _by_gains(game: PushFoldGame, p: np.ndarray, q: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Exact strategies on supports read from what each class gains by playing against approximate
    strategies, not from their frequencies: a mixed class's gain tends to 0 where a pure one's does not,
    while its frequency may sit anywhere, near 0 or 1 too. The :data:`_NEAREST` classes of each player
    nearest indifference (the smallest gains per deal) are tried as mixed, as many of one player's as of the
    other's (a mixed class of one player is made indifferent by the other's), the others played where they
    gain."""
    deals = game.weights.sum(axis=1)
    sb_gain, bb_gain = game.push_gains(q) / deals, -game.call_costs(p) / deals
    sb_near = np.argsort(np.abs(sb_gain), kind="stable")[:_NEAREST]
    bb_near = np.argsort(np.abs(bb_gain), kind="stable")[:_NEAREST]
    for size in range(_NEAREST + 1):
        for sb_mixed, bb_mixed in itertools.product(
            itertools.combinations(sb_near, size), itertools.combinations(bb_near, size)
        ):
            sb, bb = np.array(sorted(sb_mixed), dtype=np.int64), np.array(sorted(bb_mixed), dtype=np.int64)
            yield _exact(
                game,
                sb,
                np.setdiff1d(np.flatnonzero(sb_gain > 0), sb),
                bb,
                np.setdiff1d(np.flatnonzero(bb_gain > 0), bb),
            )


def _respond(gain: np.ndarray, current: np.ndarray, noise: np.ndarray) -> np.ndarray:
    """A best response to a gain per class (1 where it is positive, 0 where negative); a class whose gain is 0
    up to rounding keeps its frequency."""
    return np.where(gain > noise, 1.0, np.where(gain < -noise, 0.0, current))


def _candidates(game: PushFoldGame, p: np.ndarray, q: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Strategies to try the exact frequencies on, from a nearby stack's solution: the best responses in
    turn, with the classes they flip read as mixed."""
    noise = 1e-12 * game.weights.sum(axis=1)  # a mixed class's gain is 0 up to rounding
    new_p = _respond(game.push_gains(q), p, noise)
    new_q = _respond(-game.call_costs(new_p), q, noise)
    flipped_p = np.where(np.abs(new_p - p) > 0.5, 0.5, new_p)
    flipped_q = np.where(np.abs(new_q - q) > 0.5, 0.5, new_q)
    return [(new_p, new_q), (flipped_p, flipped_q), (flipped_p, new_q), (new_p, flipped_q)]


def best_exact(
    game: PushFoldGame, p: np.ndarray, q: np.ndarray, rounds: int = 0
) -> tuple[np.ndarray, np.ndarray, float]:
    """The best of :func:`exact_frequencies` over the cuts and of the supports read from the gains, and its
    exploitability. With ``rounds``, it then tries :func:`_candidates` from the best so far that many times
    (for a solution of a nearby stack, whose classes played are not quite this stack's)."""
    best = (p, q, sum(gains(game, p, q)))
    tries: Iterable[tuple[np.ndarray, np.ndarray]] = itertools.chain(
        (exact_frequencies(game, p, q, cut) for cut in _SUPPORT_CUTS), _by_gains(game, p, q)
    )
    for round_ in range(rounds + 1):
        if round_:
            tries = (exact_frequencies(game, cp, cq, 0.25) for cp, cq in _candidates(game, best[0], best[1]))
        for new_p, new_q in tries:
            worth = sum(gains(game, new_p, new_q))
            if worth < best[2]:
                best = (new_p, new_q, worth)
            if worth < TOLERANCE:
                return best
    return best


class _RegretMatching:
    """Regret matching+ on both players' 169 two-way choices, alternating, with linearly weighted averages."""

    def __init__(self, game: PushFoldGame) -> None:
        size = len(game.push)
        self.game = game
        self.push_regret, self.fold_regret = np.zeros(size), np.zeros(size)
        self.call_regret, self.pass_regret = np.zeros(size), np.zeros(size)
        self.p, self.q = np.full(size, 0.5), np.full(size, 0.5)
        self.p_sum, self.q_sum = np.zeros(size), np.zeros(size)
        self.weight = 0.0
        self.iterations = 0

    @staticmethod
    def _frequency(yes: np.ndarray, no: np.ndarray) -> np.ndarray:
        total = yes + no
        frequency: np.ndarray = np.divide(yes, total, out=np.full_like(yes, 0.5), where=total > 0)
        return frequency

    def run(self, count: int) -> None:
        for _ in range(count):
            self.iterations += 1
            gain = self.game.push_gains(self.q)  # the SB: push gains this over fold
            now = self.p * gain
            self.push_regret = np.maximum(self.push_regret + gain - now, 0.0)
            self.fold_regret = np.maximum(self.fold_regret - now, 0.0)
            self.p = self._frequency(self.push_regret, self.fold_regret)
            cost = self.game.call_costs(self.p)  # the BB: a call costs this over a fold
            now = -self.q * cost
            self.call_regret = np.maximum(self.call_regret - cost - now, 0.0)
            self.pass_regret = np.maximum(self.pass_regret - now, 0.0)
            self.q = self._frequency(self.call_regret, self.pass_regret)
            self.p_sum += self.iterations * self.p
            self.q_sum += self.iterations * self.q
            self.weight += self.iterations

    def average(self) -> tuple[np.ndarray, np.ndarray]:
        return self.p_sum / self.weight, self.q_sum / self.weight


def _worth(game: PushFoldGame, freq: np.ndarray) -> float:
    """The exploitability of the SB's and the BB's frequencies end to end in ``freq``."""
    return sum(gains(game, freq[: len(game.push)], freq[len(game.push) :]))


def purify(game: PushFoldGame, p: np.ndarray, q: np.ndarray, bound: float) -> tuple[np.ndarray, np.ndarray]:
    """The strategies with the frequencies within :data:`HAIR` of 0 or 1 made 0 or 1 where the exploitability,
    measured exactly, stays at most ``bound``: a solver's residue (a push frequency of 1e-8) is not a mixed
    strategy. All those within a hair are tried at once, for narrower and narrower hairs (the residues of a
    solver stopped short are many, and only together within the bound); then each left, the nearest 0 or 1
    first.

    >>> from pokerlab.simulate.tournament.headsup_game import headsup_classes
    >>> game = PushFoldGame.build(headsup_classes(), stack=10.0, ante=0.0)
    >>> p, q, _ = solve(game)
    >>> rough = np.where(p == 0, 1e-8, p)  # a residue on every class folded
    >>> clean, _ = purify(game, rough, q, TOLERANCE)
    >>> bool(np.array_equal(clean, p)), sum(gains(game, clean, q)) < TOLERANCE
    (True, True)
    """
    freq = np.concatenate([p, q])
    for hair in _HAIRS:
        tried = np.where(freq <= hair, 0.0, np.where(freq >= 1 - hair, 1.0, freq))
        if not np.array_equal(tried, freq) and _worth(game, tried) <= bound:
            freq = tried
            break
    off = np.minimum(freq, 1 - freq)
    for k in np.argsort(off, kind="stable"):
        if off[k] > HAIR:
            break
        if off[k] == 0:
            continue
        tried = freq.copy()
        tried[k] = round(tried[k])
        if _worth(game, tried) <= bound:
            freq = tried
    return freq[: len(p)], freq[len(p) :]


def solve(
    game: PushFoldGame, start: tuple[np.ndarray, np.ndarray] | None = None
) -> tuple[np.ndarray, np.ndarray, SolveStats]:
    """The equilibrium ``(p, q, stats)``: push and call frequencies per class, exploitability below
    :data:`TOLERANCE` (or the best reached in :data:`MAX_ITERATIONS`), with no frequency left a hair from 0
    or 1 that could be pure within that (:func:`purify`); ``stats`` measure the strategies returned.
    ``start``: strategies to refine first (a nearby stack's solution), before any iteration."""
    iterations, half = 0, np.full(len(game.push), 0.5)
    p, q, worth = best_exact(game, *start, rounds=8) if start is not None else (half, half, np.inf)
    if worth >= TOLERANCE:
        solver = _RegretMatching(game)
        while solver.iterations < MAX_ITERATIONS:
            solver.run(ROUND)
            new_p, new_q, new_worth = best_exact(game, *solver.average())
            if new_worth < worth:
                p, q, worth = new_p, new_q, new_worth
            if worth < TOLERANCE:
                break
        iterations = solver.iterations
    p, q = purify(game, p, q, max(worth, TOLERANCE))  # what is reported stays within what was reached
    return p, q, _stats(game, p, q, iterations)
