"""Push-or-fold at a final table (2 to 9 players) with ICM payoffs, solved by regret matching+ over the deals.

Seats are given in the order of action: the first seat opens (pushes all in or folds), every later seat in
turn calls the push or folds, the last two seats post the small and the big blind, and every seat posts the
ante. Only the opener's push is modelled: when the opener folds, the hand is scored as a walk for the big
blind (exact heads-up, a model elsewhere). Each player's payoff is his ICM share (Malmuth-Harville, by
:func:`icm_after_rows`) of the stacks after the hand; a player busted in the hand takes the places below
every survivor, a larger starting stack finishing higher.

Deals: heads up, all 169 x 169 pairs of classes with their exact deal counts and equities (card removal
counted); with 3 or more players, ``deals`` seeded random deals, each with one random board for showdowns of
three or more players and the exact heads-up table (wins, losses and ties) for two-way all-ins. The game
solved is the one over those deals; its sampling error is stated as the standard error of the opener's $EV.

The solver is regret matching+ at every decision (each player's call depends on who called before him),
with linearly weighted averages. On a two-player zero-sum game it provably converges to an equilibrium; with
three or more players it is only proven to approach a coarse correlated equilibrium, so the result reports
each player's best-response gain on the game solved (what a best response to the others would add to his
$EV, 0 at a Nash equilibrium) rather than assuming it is small.

>>> r = pushfold_icm([2000, 2000, 2000], [50, 30, 20], (50, 100), deals=4000, iterations=200, seed=1)
>>> round(r.seats[0].frequency("AA"), 3), round(r.seats[0].frequency("72o"), 3)
(1.0, 0.0)
>>> max(r.gains) < 0.5
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..ranges.headsup_table import lookup
from .errors import TournamentError
from .headsup_game import all_hands, class_grid, class_range_text, headsup_classes
from .icm import check_payouts, check_stacks, harville_compiled_rows, harville_rows

MAX_SEATS = 9
DEFAULT_DEALS = 20_000
DEFAULT_ITERATIONS = 400
_Strategies = dict[tuple[int, int], np.ndarray]  # decision (seat, callers before as bits) -> per-class push or call


@dataclass(frozen=True)
class SeatStrategy:
    """One decision's strategy: ``seat`` acts after the callers ``after`` (seats) and plays each of the 169
    classes (``hands``) with ``play`` frequency (a push for the opener, a call otherwise), with the $EV of
    playing and of folding per class (``nan`` where a class never reaches the decision in the deals), and
    ``reach``: the probability, per class, of a deal giving the seat that class and reaching the decision
    (empty when not known)."""

    seat: int
    after: tuple[int, ...]
    hands: tuple[str, ...]
    play: tuple[float, ...]
    play_ev: tuple[float, ...]
    fold_ev: tuple[float, ...]
    reach: tuple[float, ...] = ()

    def frequency(self, hand: str) -> float:
        """How often this decision plays ``hand`` (a class: AA, AKs, AKo).

        >>> s = SeatStrategy(0, (), ("AA",), (1.0,), (2.0,), (1.0,))
        >>> s.frequency("AA")
        1.0
        """
        try:
            return self.play[self.hands.index(hand)]
        except ValueError:
            raise TournamentError(f"{hand!r} is not a hand class (write AA, AKs, AKo)") from None

    def grid(self) -> list[list[float]]:
        """The frequencies on the 13x13 grid (suited above the diagonal).

        >>> s = SeatStrategy(0, (), headsup_classes().names, (1.0,) * 169, (0.0,) * 169, (0.0,) * 169)
        >>> s.grid()[0][0]
        1.0
        """
        return class_grid(self.hands, self.play)

    def range_text(self, digits: int = 1) -> str:
        """The range this decision plays, in range syntax (mixed classes as ``@percent``, rounded to
        ``digits`` decimals); empty for none.

        >>> SeatStrategy(0, (), ("AA", "KK"), (1.0, 0.25), (2.0, 1.0), (1.0, 1.0)).range_text()
        'AA, KK@25'
        """
        return class_range_text(self.hands, self.play, digits)

    def summary(self) -> dict[str, float | None]:
        """How often a deal reaches the decision (``reached``), the share of the hands reaching it that are
        played (``plays``), and the $EV of the decision (``ev``), of the hands played (``play_ev``) and of
        the hands folded (``fold_ev``), each averaged over the hands reaching it (``None`` where none do).

        >>> s = SeatStrategy(1, (), ("AA", "KK"), (1.0, 0.0), (3.0, 2.0), (1.0, 1.5), (0.01, 0.03))
        >>> {k: round(v, 4) for k, v in s.summary().items()}
        {'reached': 0.04, 'plays': 0.25, 'ev': 1.875, 'play_ev': 3.0, 'fold_ev': 1.5}
        """
        if len(self.reach) != len(self.play):
            raise TournamentError("this decision has no reach probabilities: solve it with pushfold_icm")
        r, p = np.asarray(self.reach), np.asarray(self.play)
        play_ev, fold_ev = np.nan_to_num(self.play_ev), np.nan_to_num(self.fold_ev)  # nan only where r is 0

        def mean(weights: np.ndarray, values: np.ndarray) -> float | None:
            total = float(weights.sum())
            return float(np.dot(weights, values)) / total if total > 0 else None

        return {
            "reached": float(r.sum()),
            "plays": mean(r, p),
            "ev": mean(r, p * play_ev + (1 - p) * fold_ev),
            "play_ev": mean(r * p, play_ev),
            "fold_ev": mean(r * (1 - p), fold_ev),
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (``nan`` EVs as ``None``); with the range and, when ``reach`` is known, the summary.

        >>> SeatStrategy(1, (), ("AA",), (1.0,), (float("nan"),), (1.0,)).to_dict()["hands"][0]["play_ev"]
        """

        def num(x: float) -> float | None:
            return None if x != x else x

        out: dict[str, Any] = {"seat": self.seat, "after": list(self.after), "range": self.range_text()}
        if len(self.reach) == len(self.play):
            out.update(self.summary())
        out["hands"] = [
            {"hand": h, "play": self.play[i], "play_ev": num(self.play_ev[i]), "fold_ev": num(self.fold_ev[i])}
            for i, h in enumerate(self.hands)
        ]
        return out


@dataclass(frozen=True)
class PushFoldICMResult:
    """The strategies of every decision (``seats``: the opener's push first, then each caller's calls by the
    callers before him), each player's $EV and best-response gain ($, on the deals solved).

    >>> r = pushfold_icm([1000, 1000], [1], (50, 100), iterations=100)
    >>> [s.seat for s in r.seats], r.ev_error
    ([0, 1], 0.0)
    """

    stacks: tuple[float, ...]
    payouts: tuple[float, ...]
    blinds: tuple[float, float]
    ante: float
    seats: tuple[SeatStrategy, ...]
    ev: tuple[float, ...]  # each player's $EV under the strategies
    gains: tuple[float, ...]  # each player's best-response gain ($)
    ev_error: float  # the standard error of the opener's $EV from the sampled deals (0 heads up)
    deals: int
    iterations: int
    seed: int | None
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready.

        >>> pushfold_icm([1000, 1000], [1], (50, 100), iterations=50).to_dict()["deals"]
        28561
        """
        return {
            "stacks": list(self.stacks),
            "payouts": list(self.payouts),
            "blinds": list(self.blinds),
            "ante": self.ante,
            "ev": list(self.ev),
            "gains": list(self.gains),
            "ev_error": self.ev_error,
            "deals": self.deals,
            "iterations": self.iterations,
            "seed": self.seed,
            "seconds": self.seconds,
            "decisions": [s.to_dict() for s in self.seats],
        }


def icm_after(stacks: np.ndarray, start: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """Harville shares of ``stacks`` after a hand; players busted (0 chips) take the last places, a larger
    ``start`` stack first (tied starts share their places).

    >>> icm_after(np.array([0.0, 3.0, 1.0]), np.array([2.0, 2.0, 2.0]), np.array([5.0, 3.0, 2.0])).tolist()
    [2.0, 4.5, 3.5]
    """
    shares: np.ndarray = icm_after_rows(stacks[None, :], start, pay)[0]
    return shares


def icm_after_rows(finals: np.ndarray, start: np.ndarray, pay: np.ndarray) -> np.ndarray:
    """:func:`icm_after` of each row of ``finals``: the rows with the same players left are valued together
    (:func:`.icm.harville_compiled_rows`; heads up by :func:`.icm.harville_rows`, numpy: a heads-up table
    imports no numba, a larger one has it loaded already for its showdowns), and their busted players' places
    shared out once.

    >>> finals = np.array([[0.0, 3.0, 1.0], [2.0, 2.0, 2.0]])
    >>> icm_after_rows(finals, np.full(3, 2.0), np.array([5.0, 3.0, 2.0])).round(2)
    array([[2.  , 4.5 , 3.5 ],
           [3.33, 3.33, 3.33]])
    """
    rows, n = finals.shape
    pay = np.concatenate([pay, np.zeros(max(0, n - len(pay)))])
    out = np.zeros((rows, n))
    rows_icm = harville_compiled_rows if n > 2 else harville_rows
    left, group = np.unique(finals > 0, axis=0, return_inverse=True)
    for alive_mask, where in zip(left, _groups(group.ravel(), len(left))):
        alive = np.flatnonzero(alive_mask)
        out[np.ix_(where, alive)] = rows_icm(finals[np.ix_(where, alive)], pay[: len(alive)])
        place = len(alive)
        busted = sorted(np.flatnonzero(~alive_mask), key=lambda i: -start[i])
        while busted:
            tied = [i for i in busted if start[i] == start[busted[0]]]
            out[np.ix_(where, tied)] = pay[place : place + len(tied)].mean()
            place += len(tied)
            busted = busted[len(tied) :]
    return out


def _groups(labels: np.ndarray, count: int) -> list[np.ndarray]:
    """The rows of each label ``0..count-1``, in order."""
    order = np.argsort(labels, kind="stable")
    return np.split(order, np.searchsorted(labels[order], np.arange(1, count)))


@dataclass(frozen=True)
class _Spot:
    stacks: np.ndarray  # chips before posting
    posted: np.ndarray  # blinds and antes posted
    pay: np.ndarray

    def put(self, involved: Sequence[int]) -> dict[int, float]:
        """What each player all in puts in: no one more than the second largest stack of them covers."""
        stacks = self.stacks.tolist()
        cap = sorted(stacks[i] for i in involved)[-2]
        return {i: min(stacks[i], cap) for i in involved}

    def layers(self, involved: list[int], order: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
        """Who wins each layer of the pot, from the lowest, when ``involved`` are all in and ``order`` ranks them
        (groups of tied players, best first): the players of the best group that reach that layer."""
        put = self.put(involved)
        return tuple(
            next(tuple(w) for w in ([i for i in group if put[i] >= level] for group in order) if w)
            for level in sorted(set(put.values()))
        )

    def showdown(self, involved: list[int], order: Sequence[Sequence[int]]) -> np.ndarray:
        """Final stacks when ``involved`` are all in and ``order`` ranks them (groups of tied players, best first)."""
        return self.settle(involved, self.layers(involved, order))

    def settle(self, involved: list[int], layers: Sequence[Sequence[int]]) -> np.ndarray:
        """Final stacks when ``involved`` are all in and ``layers`` win the layers of the pot (:meth:`layers`);
        folded players' posts are dead money in the main pot."""
        stacks = self.stacks.astype(float)
        put = self.posted.astype(float).copy()
        for i, chips in self.put(involved).items():
            put[i] = chips
        final: np.ndarray = stacks - put
        low = 0.0
        for level, winners in zip(sorted({put[i] for i in involved}), layers):
            pot = float(np.clip(put, low, level).sum() - np.clip(put, low, low).sum())
            final[list(winners)] += pot / len(winners)
            low = level
        return final


class _Finals:
    """The distinct stacks after the hand that the game's outcomes leave, numbered as they are added, and
    their ICM shares computed together at the end: far fewer than the outcomes (several orders of the
    players below each pot's winner leave the same stacks)."""

    def __init__(self, spot: _Spot) -> None:
        self.spot = spot
        self.index: dict[bytes, int] = {}
        self.rows: list[np.ndarray] = []

    def add(self, final: np.ndarray) -> int:
        key = final.tobytes()
        number = self.index.get(key)
        if number is None:
            number = self.index[key] = len(self.rows)
            self.rows.append(final)
        return number

    def values(self) -> np.ndarray:
        """``(stacks added, players)``: the ICM shares of each."""
        spot = self.spot
        return icm_after_rows(np.array(self.rows), spot.stacks.astype(float), spot.pay)


def _check(
    stacks: Sequence[float | str], payouts: Sequence[float | str], blinds: Sequence[float | str], ante: float | str
) -> _Spot:
    s = check_stacks(stacks)
    if not 2 <= len(s) <= MAX_SEATS:
        players = f"{len(s)} player" + ("s" if len(s) != 1 else "")
        raise TournamentError(f"{players}: give 2 to {MAX_SEATS} stacks, in the order of action")
    pay = check_payouts(payouts, len(s))
    try:
        sb, bb = (float(x) for x in blinds)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an integer past the largest float
        raise TournamentError(f"blinds {blinds!r}: give two numbers, the small blind and the big blind") from None
    try:
        ante = float(ante)
    except (TypeError, ValueError, OverflowError):
        raise TournamentError(f"ante {ante!r}: give a number") from None
    if not (0 <= sb <= bb and bb > 0 and ante >= 0 and np.isfinite([sb, bb, ante]).all()):
        raise TournamentError(f"blinds {sb:g}/{bb:g}, ante {ante:g}: give 0 <= small <= big, big > 0, ante >= 0")
    posted = np.full(len(s), ante)
    with np.errstate(over="ignore"):  # refused below
        posted[-1] += bb
        posted[-2 if len(s) > 2 else 0] += sb
    if not np.isfinite(posted).all():  # a blind and the ante past the largest float, which no stack covers
        raise TournamentError(f"blinds {sb:g}/{bb:g}, ante {ante:g}: a blind and the ante sum past the largest number")
    if (posted >= s).any():
        seat = int(np.flatnonzero(posted >= s)[0])
        raise TournamentError(
            f"stack {seat + 1} is {s[seat]:g}: it does not cover its blind and ante ({posted[seat]:g}); "
            "give more chips than it posts"
        )
    return _Spot(s, posted, pay)


#: The solver's chips are at most this power of two: a pot's sum, and the ICM of the stacks after it, stay finite.
CHIPS_EXPONENT = 1000


def solved_units(spot: _Spot) -> tuple[_Spot, int]:
    """The spot as it is solved, with the power of two its payoffs are to be multiplied by: the chips scaled by a
    power of two to at most ``2**CHIPS_EXPONENT`` (the ICM of the stacks depends on their ratios only), the payouts
    by the one that brings the first to [0.5, 1) (each payoff is linear in them, and regrets summed over thousands
    of iterations of prizes near the largest float would overflow). Powers of two change no digit.

    >>> spot, exponent = solved_units(_check([1e308, 1e308, 5e307], [80, 20], (50, 100), 0))
    >>> float(spot.stacks.sum()) < math.inf, spot.pay.tolist(), exponent
    (True, [0.625, 0.15625], 7)
    """
    chips = max(0, math.frexp(float(spot.stacks.max()))[1] - CHIPS_EXPONENT)
    prizes = math.frexp(float(spot.pay[0]))[1]
    return _Spot(np.ldexp(spot.stacks, -chips), np.ldexp(spot.posted, -chips), np.ldexp(spot.pay, -prizes)), prizes


def sample_deals(players: int, deals: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Random hands ``(deals, players, 2)`` (the higher card id first) and boards ``(deals, 5)``, no card twice
    in a deal: the deals :func:`pushfold_icm` solves over, drawn from ``rng``.

    >>> hands, boards = sample_deals(3, 4, np.random.default_rng(1))
    >>> hands.shape, boards.shape, len(set(hands[0].ravel()) | set(boards[0]))
    ((4, 3, 2), (4, 5), 11)
    """
    cards = np.argsort(rng.random((deals, 52)), axis=1)
    hands = cards[:, : 2 * players].reshape(deals, players, 2)
    return np.sort(hands, axis=2)[:, :, ::-1], cards[:, 2 * players : 2 * players + 5]


def _ranks(hands: np.ndarray, boards: np.ndarray) -> np.ndarray:
    from pokerlab.evaluator.api import evaluate_batch  # only for dealt games: head-up ones use the table

    d, n = hands.shape[:2]
    rows = np.concatenate([hands, np.repeat(boards[:, None, :], n, axis=1)], axis=2).reshape(d * n, 7)
    return evaluate_batch(np.ascontiguousarray(rows, dtype=np.uint8)).reshape(d, n).astype(np.int64)


class _Game:
    """Per deal: the class of each seat and the payoff of every terminal (``fold`` and every set of callers)."""

    def __init__(self, spot: _Spot, deals: int, rng: np.random.Generator) -> None:
        n = len(spot.stacks)
        self.n = n
        table = headsup_classes()
        fold_final = spot.stacks - spot.posted
        fold_final[-1] += spot.posted.sum()
        walk = spot.stacks - spot.posted
        walk[0] += spot.posted.sum()
        if n == 2:
            ci, cj = np.nonzero(table.pairs)
            self.classes = np.stack([ci, cj], axis=1)
            self.weight = table.pairs[ci, cj] / table.pairs.sum()
            eq = table.equity[ci, cj]
            outcomes = np.stack([eq, 1 - eq, np.zeros_like(eq)], axis=1)
            self.ranks = None
        else:
            hands, boards = sample_deals(n, deals, rng)
            _, cls = all_hands()
            code = hands[:, :, 0] * (hands[:, :, 0] - 1) // 2 + hands[:, :, 1]
            self.classes = cls[code]
            self.weight = np.full(deals, 1.0 / deals)
            self.ranks = _ranks(hands, boards)
            self.hands = hands
        finals = _Finals(spot)
        fold_at, walk_at = finals.add(fold_final), finals.add(walk)
        at: dict[int, tuple[np.ndarray | None, np.ndarray]] = {}  # mask -> (outcome weights, finals' numbers)
        for mask in range(1, 1 << (n - 1)):
            involved = [0] + [k for k in range(1, n) if mask >> (k - 1) & 1]
            if len(involved) == 2:
                if n > 2:
                    counts = lookup(self.hands[:, 0], self.hands[:, involved[1]]).astype(float)
                    outcomes = counts / counts.sum(axis=1, keepdims=True)
                a, b = involved
                orders = ([[a], [b]], [[b], [a]], [[a, b]])
                at[mask] = (outcomes, np.array([finals.add(spot.showdown(involved, o)) for o in orders]))
            else:
                at[mask] = (None, self._multiway(spot, involved, finals))
        values = finals.values()
        deals = len(self.weight)
        # Payoffs are (players, deals): the solver's walk mixes them deal by deal, a row of deals at a time
        # (contiguous): with nine players, 1.4x faster than rows of nine players a deal.
        self.fold = np.tile(values[fold_at][:, None], (1, deals))
        self.payoff: dict[int, np.ndarray] = {0: np.tile(values[walk_at][:, None], (1, deals))}
        for mask, (weights, numbers) in at.items():
            payoff = values[numbers] if weights is None else weights @ values[numbers]
            self.payoff[mask] = np.ascontiguousarray(payoff.T)

    def _multiway(self, spot: _Spot, involved: list[int], finals: _Finals) -> np.ndarray:
        """For each deal, the number (in ``finals``) of the stacks its showdown of ``involved`` leaves. The deals
        are told apart by who wins each layer of the pot, worked out for all deals at once; one deal of each kind
        is settled."""
        assert self.ranks is not None
        ranks = self.ranks[:, involved]
        put = spot.put(involved)
        reach = np.array([put[i] for i in involved])
        kind = np.zeros(len(ranks), dtype=np.int64)  # per layer, the bits of its winners among those reaching it
        for level in sorted(set(put.values())):
            reaching = np.flatnonzero(reach >= level)
            layer = ranks[:, reaching]
            won = layer == layer.max(axis=1, keepdims=True)
            kind = (kind << len(reaching)) | (won << np.arange(len(reaching))).sum(axis=1)
        _, first, inverse = np.unique(kind, return_index=True, return_inverse=True)
        numbers = np.empty(len(first), dtype=np.int64)
        for u, deal in enumerate(first.tolist()):
            row = ranks[deal].tolist()
            order = [[p for p, r in zip(involved, row) if r == top] for top in sorted(set(row), reverse=True)]
            numbers[u] = finals.add(spot.showdown(involved, order))
        return numbers[inverse.ravel()]


class _Solver:
    """Regret matching+ at each decision ``(seat, callers before)``, walked over the deals."""

    def __init__(self, game: _Game) -> None:
        self.game = game
        self.nodes = [(0, 0)] + [(k, h) for k in range(1, game.n) for h in range(1 << (k - 1))]
        self.regret = {node: np.zeros((169, 2)) for node in self.nodes}
        self.total = {node: np.zeros(169) for node in self.nodes}
        self.weights = 0.0
        self.values: dict[tuple[int, int], np.ndarray] = {}

    def strategy(self, node: tuple[int, int], average: bool) -> np.ndarray:
        if average:
            return self.total[node] / max(self.weights, 1e-300)
        r = self.regret[node]
        s = r.sum(axis=1)
        current: np.ndarray = np.divide(r[:, 0], s, out=np.full(169, 0.5), where=s > 0)
        return current

    def walk(self, seat: int, mask: int, reach: np.ndarray, play: _Strategies, record: bool) -> np.ndarray:
        """Payoffs ``(players, deals)`` below decision ``(seat, mask)``; records each decision's counterfactual
        values. The mix of the two branches is written over the branches' own arrays where the walk made them
        (not over the game's payoffs): fresh arrays of this size took a sixth of the walk's time."""
        g = self.game
        if seat == g.n:
            return g.payoff[mask]
        node = (seat, 0) if seat == 0 else (seat, mask)
        freq = play[node][g.classes[:, seat]]
        if seat == 0:
            yes, no = self.walk(1, 0, reach * freq, play, record), g.fold
        else:
            bit = 1 << (seat - 1)
            yes = self.walk(seat + 1, mask | bit, reach * freq, play, record)
            no = self.walk(seat + 1, mask, reach * (1 - freq), play, record)
        if record:
            w = reach * g.weight
            cls = g.classes[:, seat]
            self.values[node] = np.stack(
                [np.bincount(cls, w * yes[seat], 169), np.bincount(cls, w * no[seat], 169)], axis=1
            )
            self.values[node + (1,)] = np.bincount(cls, w, 169)  # type: ignore[index]
        made = seat + 1 < g.n  # the branches below are mixes the walk made, not the game's payoffs
        mixed: np.ndarray = np.multiply(yes, freq, out=yes if made else None)
        mixed += np.multiply(no, 1 - freq, out=no if made and seat > 0 else None)
        return mixed

    def run(self, iterations: int, progress: Callable[[float], None] | None = None) -> None:
        for t in range(1, iterations + 1):
            play = {node: self.strategy(node, False) for node in self.nodes}
            self.walk(0, 0, np.ones(len(self.game.weight)), play, True)
            for node in self.nodes:
                cf = self.values[node]
                now = play[node] * cf[:, 0] + (1 - play[node]) * cf[:, 1]
                self.regret[node] = np.maximum(self.regret[node] + cf - now[:, None], 0.0)
                self.total[node] += t * play[node]
            self.weights += t
            if progress is not None:
                progress(t / iterations)

    def report(self) -> tuple[_Strategies, np.ndarray, np.ndarray]:
        """The average strategies, every player's $EV and best-response gain under them."""
        play = {node: self.strategy(node, True) for node in self.nodes}
        payoffs = np.ascontiguousarray(self.walk(0, 0, np.ones(len(self.game.weight)), play, True).T)
        ev = (payoffs * self.game.weight[:, None]).sum(axis=0)
        gains = np.zeros(self.game.n)
        for node in self.nodes:
            cf = self.values[node]
            now = play[node] * cf[:, 0] + (1 - play[node]) * cf[:, 1]
            gains[node[0]] += float((cf.max(axis=1) - now).sum())
        return play, ev, gains


def pushfold_icm(
    stacks: Sequence[float | str],
    payouts: Sequence[float | str],
    blinds: Sequence[float | str] = (0.5, 1.0),
    ante: float | str = 0.0,
    *,
    deals: int = DEFAULT_DEALS,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> PushFoldICMResult:
    """Push-or-fold with ICM payoffs: ``stacks`` in chips in the order of action (the last two post the small
    and the big blind of ``blinds``; every seat posts ``ante``), ``payouts`` from first place down;
    ``progress`` is called with the fraction of the iterations done.

    >>> r = pushfold_icm([1000, 1000], [1], (50, 100), iterations=100)
    >>> round(r.seats[0].frequency("AA"), 3), round(sum(r.ev), 6)
    (1.0, 1.0)
    """
    start = time.perf_counter()
    spot = _check(stacks, payouts, blinds, ante)
    if not (isinstance(deals, int) and 100 <= deals <= 10_000_000):
        raise TournamentError(f"deals {deals!r}: give a whole number from 100 to 10,000,000")
    if not (isinstance(iterations, int) and 1 <= iterations <= 1_000_000):
        raise TournamentError(f"iterations {iterations!r}: give a whole number from 1 to 1,000,000")
    solved, exponent = solved_units(spot)
    game = _Game(solved, deals, np.random.default_rng(seed))
    solver = _Solver(game)
    solver.run(iterations, progress)
    play, ev, gains = solver.report()
    ev, gains = np.ldexp(ev, exponent), np.ldexp(gains, exponent)
    names = headsup_classes().names
    seats = []
    for node in solver.nodes:
        cf, reach = solver.values[node], solver.values[node + (1,)]  # type: ignore[index]
        with np.errstate(invalid="ignore", divide="ignore"):
            per = np.ldexp(np.where(reach[:, None] > 0, cf / reach[:, None], np.nan), exponent)
        after = tuple(k for k in range(1, node[0]) if node[1] >> (k - 1) & 1)
        seats.append(
            SeatStrategy(
                node[0],
                after,
                names,
                tuple(play[node].tolist()),
                tuple(per[:, 0].tolist()),
                tuple(per[:, 1].tolist()),
                tuple(reach.tolist()),
            )
        )
    opener = solver.walk(0, 0, np.ones(len(game.weight)), play, False)[0]
    error = 0.0 if game.n == 2 else math.ldexp(float(opener.std() / np.sqrt(len(opener))), exponent)
    return PushFoldICMResult(
        tuple(spot.stacks.tolist()),
        tuple(spot.pay.tolist()),
        (float(blinds[0]), float(blinds[1])),
        float(ante),
        tuple(seats),
        tuple(ev.tolist()),
        tuple(gains.tolist()),
        error,
        len(game.weight),
        iterations,
        seed,
        time.perf_counter() - start,
    )
