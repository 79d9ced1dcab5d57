"""The final-table case of ``pokerlab bench``: push-or-fold with ICM payoffs, three players, against a brute force.

The spot: stacks 3,000, 2,000 and 1,500 chips in the order of action, blinds 50/100, ante 10, payouts 50/30/20.
Both contenders solve the same game, the one over the configuration's ``final_table_deals`` seeded deals, with
``final_table_iterations`` iterations of regret matching+:

- pokerlab: :func:`~pokerlab.simulate.tournament.pushfold_icm`, the whole call (deals, showdowns, ICM values of
  every outcome, the solve and its best responses), the payoffs tabulated per deal and the tree walked over
  all deals at once with numpy;
- the brute force: the same regret matching+ written out deal by deal in plain Python for the three-handed tree
  (four decisions), each payoff computed from its own definition: the side pots settled player by player, the
  hand ranked by :func:`~pokerlab.evaluator.api.evaluate` (three-way) or the heads-up table's win, loss and tie
  counts (two-way), and the ICM of the stacks after the hand by brute force over every finishing order
  (:func:`.tournament_cases.harville_orders`, busted players placed below the survivors).

The check: every decision's average strategy for every class, every player's $EV and best-response gain agree
within 1e-9. How far from the limit: one iteration of pokerlab's solve reads each deal's 15 terminal payoffs
(the walk, the 4 sets of callers, 3 players each) and 3 classes once: 144 bytes a deal, 2.9 MB an iteration
at the 20,000 deals of the library's default, which memory streams in well under a millisecond; the numpy
walk makes some forty passes over arrays as long as the deals (reach, frequencies, mixtures, four pairs of
bincounts), which is where its time goes (``pokerlab bench --only tournament`` prints the times).

>>> final_table_spot()[0]
[3000.0, 2000.0, 1500.0]
"""

# Imports inside functions: a case's library loads only when its case is built, so a bench of some cases
# (--only) never loads the others'.
from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from .cases import BenchConfig, Case, Contender, Hands
from .tournament_cases import harville_orders

TOLERANCE = 1e-9
_NODES = ((0, 0), (1, 0), (2, 0), (2, 1))  # (seat, callers before as bits): the three-handed tree's decisions
_Strategies = dict[tuple[int, int], np.ndarray]  # decision -> per-class array


def final_table_spot() -> tuple[list[float], list[float], tuple[float, float], float]:
    """The case's stacks (in the order of action), payouts, blinds and ante."""
    return [3000.0, 2000.0, 1500.0], [50.0, 30.0, 20.0], (50.0, 100.0), 10.0


def _posted(stacks: list[float], blinds: tuple[float, float], ante: float) -> list[float]:
    posted = [ante] * len(stacks)
    posted[-2] += blinds[0]
    posted[-1] += blinds[1]
    return posted


def _settle(stacks: list[float], posted: list[float], involved: list[int], order: list[list[int]]) -> tuple[float, ...]:
    """Chips after the hand: ``involved`` all in (each putting at most what the second largest of them holds),
    the others' posts dead; each layer of the pot to the best-ranked players (``order``) who reach it."""
    cap = sorted(stacks[i] for i in involved)[-2]
    put = [min(stacks[i], cap) if i in involved else posted[i] for i in range(len(stacks))]
    final = [s - p for s, p in zip(stacks, put)]
    below = 0.0
    for level in sorted({put[i] for i in involved}):
        layer = sum(min(p, level) - min(p, below) for p in put)
        winners = next(w for w in ([i for i in group if put[i] >= level] for group in order) if w)
        for i in winners:
            final[i] += layer / len(winners)
        below = level
    return tuple(final)


def _icm_value(final: tuple[float, ...], stacks: list[float], pay: list[float]) -> list[float]:
    """ICM shares after the hand: survivors by every finishing order, the busted below them, bigger start first."""
    pay = pay + [0.0] * (len(final) - len(pay))
    alive = [i for i in range(len(final)) if final[i] > 0]
    value = [0.0] * len(final)
    for i, v in zip(alive, harville_orders([final[i] for i in alive], pay[: len(alive)]).tolist()):
        value[i] = v
    busted = sorted((i for i in range(len(final)) if final[i] <= 0), key=lambda i: -stacks[i])
    for place, i in enumerate(busted, start=len(alive)):
        value[i] = pay[place]
    return value


class PlainFinalTable:
    """The three-handed game tabulated deal by deal, and regret matching+ over it with plain loops."""

    def __init__(self, deals: int, seed: int) -> None:
        from ...evaluator.api import evaluate
        from ..ranges.classes import hand_class, hand_classes
        from ..ranges.headsup_table import lookup
        from ..tournament.pushfold_icm import sample_deals  # the library's draw: the deals are the input

        stacks, pay, blinds, ante = final_table_spot()
        posted = _posted(stacks, blinds, ante)
        hands, boards = sample_deals(3, deals, np.random.default_rng(seed))
        index = {name: k for k, name in enumerate(hand_classes())}
        self.classes = [[index[hand_class(int(a), int(b))] for a, b in deal] for deal in hands]
        counts = {k: lookup(hands[:, 0], hands[:, k]).astype(float) for k in (1, 2)}
        memo: dict[tuple[float, ...], list[float]] = {}

        def value(final: tuple[float, ...]) -> list[float]:
            if final not in memo:
                memo[final] = _icm_value(final, stacks, pay)
            return memo[final]

        def two_way(d: int, k: int) -> list[float]:
            win, lose, tie = counts[k][d] / counts[k][d].sum()
            outcomes = [([[0], [k]], win), ([[k], [0]], lose), ([[0, k]], tie)]
            settled = [(value(_settle(stacks, posted, [0, k], order)), share) for order, share in outcomes]
            return [sum(v[i] * share for v, share in settled) for i in range(3)]

        walk = [s - p for s, p in zip(stacks, posted)]
        fold, take = list(walk), list(walk)
        fold[2] += sum(posted)  # the opener folds: the hand is the big blind's walk
        take[0] += sum(posted)  # a push no one calls
        self.payoffs = []  # per deal: the opener's fold, then the push called by seats (bits) 0, 1, 2, 3
        for d in range(deals):
            ranks = [evaluate(list(hands[d, i]) + list(boards[d])) for i in range(3)]
            order = [[i for i in range(3) if ranks[i] == r] for r in sorted(set(ranks), reverse=True)]
            three = value(_settle(stacks, posted, [0, 1, 2], order))
            self.payoffs.append((value(tuple(fold)), value(tuple(take)), two_way(d, 1), two_way(d, 2), three))
        self.weight = 1.0 / deals

    def walk(self, play: _Strategies) -> tuple[_Strategies, list[float]]:
        """Each decision's counterfactual values per class (play, fold) and every player's $EV under ``play``."""
        cf = {node: np.zeros((169, 2)) for node in _NODES}
        ev = [0.0, 0.0, 0.0]
        w = self.weight
        s0, s1, s20, s21 = (play[node] for node in _NODES)
        for (c0, c1, c2), (fold, alone, with1, with2, all3) in zip(self.classes, self.payoffs):
            p0, p1, p20, p21 = s0[c0], s1[c1], s20[c2], s21[c2]
            v20 = [p20 * with2[i] + (1 - p20) * alone[i] for i in range(3)]  # seat 1 folded
            v21 = [p21 * all3[i] + (1 - p21) * with1[i] for i in range(3)]  # seat 1 called
            v1 = [p1 * v21[i] + (1 - p1) * v20[i] for i in range(3)]
            cf[(0, 0)][c0] += (w * v1[0], w * fold[0])
            cf[(1, 0)][c1] += (w * p0 * v21[1], w * p0 * v20[1])
            cf[(2, 0)][c2] += (w * p0 * (1 - p1) * with2[2], w * p0 * (1 - p1) * alone[2])
            cf[(2, 1)][c2] += (w * p0 * p1 * all3[2], w * p0 * p1 * with1[2])
            for i in range(3):
                ev[i] += w * float(p0 * v1[i] + (1 - p0) * fold[i])
        return cf, ev

    def solve(self, iterations: int) -> tuple[_Strategies, list[float], list[float]]:
        """Regret matching+ with linearly weighted averages: the average strategies, the $EVs, the gains."""
        regret = {node: np.zeros((169, 2)) for node in _NODES}
        total = {node: np.zeros(169) for node in _NODES}
        weights = 0.0
        for t in range(1, iterations + 1):
            play = {}
            for node, r in regret.items():
                s = r.sum(axis=1)
                play[node] = np.divide(r[:, 0], s, out=np.full(169, 0.5), where=s > 0)
            cf, _ = self.walk({node: p.tolist() for node, p in play.items()})
            for node in _NODES:
                now = play[node] * cf[node][:, 0] + (1 - play[node]) * cf[node][:, 1]
                regret[node] = np.maximum(regret[node] + cf[node] - now[:, None], 0.0)
                total[node] += t * play[node]
            weights += t
        average = {node: total[node] / weights for node in _NODES}
        cf, ev = self.walk({node: p.tolist() for node, p in average.items()})
        gains = [0.0, 0.0, 0.0]
        for node in _NODES:
            now = average[node] * cf[node][:, 0] + (1 - average[node]) * cf[node][:, 1]
            gains[node[0]] += float((cf[node].max(axis=1) - now).sum())
        return average, ev, gains


def final_table_contender(brute: bool) -> Any:
    """``pushfold_icm`` on the case's spot, or :class:`PlainFinalTable` (tabulated and solved, both timed)."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ..tournament.pushfold_icm import pushfold_icm

        deals, iterations, seed = config.final_table_deals, config.final_table_iterations, config.seed
        last: dict[str, Any] = {}
        if brute:

            def plain() -> None:
                average, ev, gains = PlainFinalTable(deals, seed).solve(iterations)
                last["v"] = ([average[node].tolist() for node in _NODES], ev, gains)

            return Contender("the same regret matching+, deal by deal in Python", plain, lambda: last["v"])

        def run() -> None:
            r = pushfold_icm(*final_table_spot(), deals=deals, iterations=iterations, seed=seed)
            last["v"] = ([list(s.play) for s in r.seats], list(r.ev), list(r.gains))

        call = f"pushfold_icm(3 stacks, deals={deals:,}, iterations={iterations})"
        return Contender(call, run, lambda: last["v"])

    return build


def check_final_table(result: Any, reference: Any) -> tuple[bool, str]:
    """A contender's strategies, $EVs and gains against pokerlab's (``reference`` None: pokerlab's own)."""
    strategies, ev, gains = result
    if reference is None:
        ok = abs(sum(ev) - sum(final_table_spot()[1])) < 1e-9
        return ok, f"$EVs sum to {sum(ev):.6f}, best-response gains at most {max(gains):.1e}" + (
            "" if ok else ": NOT the prize pool"
        )
    pairs = itertools.chain(
        zip(itertools.chain.from_iterable(strategies), itertools.chain.from_iterable(reference[0])),
        zip(ev, reference[1]),
        zip(gains, reference[2]),
    )
    worst = max(abs(a - b) for a, b in pairs)
    ok = worst < TOLERANCE and len(strategies) == len(reference[0])
    return ok, f"the same strategies, $EVs and gains within {worst:.1e}" if ok else f"differs by {worst:.1e}"
