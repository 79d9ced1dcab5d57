"""The tournament cases of ``pokerlab bench``: ICM at a final table and in a 20-player field, and the heads-up
push-or-fold chart. No peer library answers these; each is timed against pokerlab's own brute force.

- ICM, 9 players (every place paid): the exact programme over sets of players against a brute force over all
  362,880 finishing orders (numpy, the orders built untimed); they must agree within 1e-9.
- ICM, 20 players (every place paid): the brute force would take 20! (2.4e18) orders; the exact programme is
  compared with a million sampled finishes, which must fall within 4 standard errors. The programme makes
  ``20 * 2**20`` (21 million) updates of one probability each.
- The chart: every stack from 1 bb to the configuration's ``chart_stack`` (20 bb in the full run), each
  solved from the previous stack's solution, against each stack solved from scratch; the two charts must
  print alike, each solution with an exploitability below 1e-6 bb.

The cases themselves are listed with the others in :mod:`.cases`.

>>> icm_field(9)[1][:3]
[30.0, 20.0, 14.0]
"""

# Imports inside functions: a case's library loads only when its case is built, so a bench of some cases
# (--only) never loads the others'.
from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from .cases import BenchConfig, Case, Contender, Hands

SIGMAS = 4.0
_PAYOUTS = [30.0, 20.0, 14.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0]


def icm_field(players: int) -> tuple[list[float], list[float]]:
    """The case's stacks (fixed random chip counts) and payouts (a final table's, then 2 down to 1 for the
    rest of a larger field)."""
    rng = np.random.default_rng(players)
    stacks = rng.integers(1_000, 50_000, players).astype(float).tolist()
    payouts = (_PAYOUTS + np.linspace(2.0, 1.0, max(players - len(_PAYOUTS), 0)).tolist())[:players]
    return stacks, payouts


def harville_orders(stacks: list[float], payouts: list[float]) -> np.ndarray:
    """Malmuth-Harville by brute force: the probability of every finishing order, vectorised over all of them.

    >>> harville_orders([1.0, 1.0, 2.0], [1.0]).tolist()
    [0.25, 0.25, 0.5]
    """
    s = np.asarray(stacks)
    orders = np.array(list(itertools.permutations(range(len(s)))), dtype=np.int64)
    return _orders_equity(s, np.asarray(payouts), orders)


def _orders_equity(s: np.ndarray, pay: np.ndarray, orders: np.ndarray) -> np.ndarray:
    held = s[orders]
    left = s.sum() - np.cumsum(held, axis=1) + held
    chance = np.prod(held / left, axis=1)
    equity = np.zeros(len(s))
    for place, prize in enumerate(pay.tolist()):
        equity += prize * np.bincount(orders[:, place], weights=chance, minlength=len(s))
    return equity


def icm_contender(method: str) -> Any:
    """``"exact"``: :func:`~pokerlab.simulate.tournament.icm`; ``"orders"``: the brute force; ``"mc"``: a
    million sampled finishes."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ..tournament.icm import icm, warm_kernels

        stacks, payouts = icm_field(case.n_cards)
        if method == "exact":
            # the call a loop of them settles on: a process values its first small fields in numpy, then loads the
            # compiled programme once that would have paid (a one-off command never does)
            warm_kernels()
        last: dict[str, Any] = {}
        if method == "orders":
            orders = np.array(list(itertools.permutations(range(len(stacks)))), dtype=np.int64)
            s, pay = np.asarray(stacks), np.asarray(payouts)

            def run() -> None:
                last["v"] = (_orders_equity(s, pay, orders).tolist(), None)

            call = f"every finishing order ({len(orders):,})"
        else:
            kwargs: dict[str, Any] = {"method": "mc", "trials": 1_000_000, "seed": 1} if method == "mc" else {}

            def run() -> None:
                result = icm(stacks, payouts, **kwargs)
                last["v"] = (list(result.equities), result.stderrs)

            call = "icm(stacks, payouts" + (", method='mc', trials=1_000_000)" if method == "mc" else ")")
        return Contender(call, run, lambda: last["v"])

    return build


def chart_contender(warm: bool) -> Any:
    """The chart as :func:`~pokerlab.simulate.tournament.pushfold_chart` computes it (``warm``), or every
    stack solved from scratch."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ..tournament.headsup_game import headsup_classes
        from ..tournament.pushfold_chart import chart_stacks, pushfold_chart
        from ..tournament.pushfold_solver import PushFoldGame, solve

        table = headsup_classes()  # read once, untimed: both contenders start from the matrices
        last: dict[str, Any] = {}
        if warm:

            def run() -> None:
                chart = pushfold_chart(max_stack=config.chart_stack)
                last["v"] = ([chart.push_value(h) for h in chart.hands], chart.exploitability)

            return Contender(f"pushfold_chart(max_stack={config.chart_stack:g})", run, lambda: last["v"])

        def cold() -> None:
            pushes, worst = [], 0.0
            for stack in chart_stacks(0.0, config.chart_stack):
                p, _, stats = solve(PushFoldGame.build(table, stack, 0.0))
                pushes.append(p >= 0.5)
                worst = max(worst, stats.exploitability)
            last["v"] = (_entries(np.array(pushes), chart_stacks(0.0, config.chart_stack)), worst)

        return Contender("solve() at every stack, each from scratch", cold, lambda: last["v"])

    return build


def _entries(played: np.ndarray, stacks: tuple[float, ...]) -> list[str]:
    """The SB's chart entries from which hands are pushed at each stack (rows: stacks)."""
    out = []
    for column in played.T:
        where = np.flatnonzero(column)
        if column[-1]:
            out.append(f"{stacks[-1]:g}+")
        else:
            out.append(f"{stacks[where[-1]]:.1f}" if len(where) else "-")
    return out


def check_tournament(case: Case, result: Any, reference: Any) -> tuple[bool, str]:
    """A tournament contender's answer against pokerlab's exact one (``reference`` None: pokerlab's own)."""
    if case.kind == "pushfold-chart":
        entries, worst = result
        if reference is None:
            ok = worst < 1e-6
            return ok, f"exploitability at most {worst:.1e} bb" + ("" if ok else ": NOT an equilibrium")
        ok = entries == reference[0] and worst < 1e-6
        return ok, "the same chart" if ok else "ANOTHER chart"
    equities, stderrs = result
    if reference is None:
        return True, f"shares sum to {sum(equities):.6g}"
    exact = reference[0]
    if stderrs is None:
        worst = max(abs(a - b) for a, b in zip(equities, exact))
        ok = worst < 1e-9
        return ok, f"agrees with the exact programme within {worst:.1e}" if ok else f"differs by {worst:.1e}"
    sigmas = max(abs(a - b) / e for a, b, e in zip(equities, exact, stderrs))
    ok = sigmas <= SIGMAS
    return ok, f"within {sigmas:.1f} standard errors of the exact answer" + ("" if ok else ": WRONG")
