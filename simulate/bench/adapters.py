"""What every contender builder shares: its signature, what an equity call found, and the per-call loop.

A builder takes a case, its dealt hands and the run's configuration, converts
the input to its library's own form (untimed) and returns a
:class:`~pokerlab.simulate.bench.cases.Contender`.

>>> c = per_call("abs(n)", abs, [-2, 3])
>>> c.run(), c.result(), c.work
(None, [2, 3], 2)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .cases import BenchConfig, Case, Contender, Hands, dealt

Builder = Callable[[Case, Hands | None, BenchConfig], Contender]


@dataclass
class EquityOutcome:
    """What one equity call found: every player's equity, and for Monte Carlo the trials and standard errors."""

    equities: list[float]
    trials: int = 0
    stderrs: list[float] | None = None


def keep(store: dict[str, Any], key: str, value: object) -> None:
    """``store[key] = value`` as an expression: how a timed lambda keeps what its call returned."""
    store[key] = value


def ruled_batch(rules: str, parallel: bool) -> Builder:
    """pokerlab's ``evaluate_batch(rules=rules)`` of the case's hands into a buffer, on one thread or all of them.

    >>> from pokerlab.simulate.bench.cases import BenchConfig, deal, select_cases
    >>> case, config = select_cases(["bd-batch"])[0], BenchConfig.named("tiny")
    >>> ruled_batch("badugi", True)(case, deal(case, config), config).call
    "evaluate_batch(a, rules='badugi', parallel=True, out=buf)"
    """

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        a = dealt(hands).array
        buf = np.empty(len(a), dtype=np.uint16)
        call = f"evaluate_batch(a, rules={rules!r}, " + ("parallel=True, " if parallel else "") + "out=buf)"
        run = lambda: evaluator.evaluate_batch(a, rules=rules, parallel=parallel, out=buf)  # noqa: E731
        return Contender(call, run, lambda: buf.copy(), len(a))

    return build


def ruled_call(rules: str) -> Builder:
    """pokerlab's ``evaluate(ids, rules=rules)`` of one hand per call, in a Python loop.

    >>> from pokerlab.simulate.bench.cases import BenchConfig, deal, select_cases
    >>> case, config = select_cases(["bd-call"])[0], BenchConfig.named("tiny")
    >>> ruled_call("badugi")(case, deal(case, config), config).call
    "evaluate(list of 4 ids, rules='badugi')"
    """

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        def rank(ids: list[int]) -> int:
            return evaluator.evaluate(ids, rules=rules)

        ids = dealt(hands).ids
        return per_call(f"evaluate(list of {len(ids[0])} ids, rules={rules!r})", rank, ids)

    return build


def per_call(
    call: str, evaluate: Callable[[Any], Any], native: list[Any], value: Callable[[Any], Any] = lambda v: v
) -> Contender:
    """A loop ``for h in hands: evaluate(h)``; ``value`` turns a result into higher-is-better."""

    def loop() -> None:
        for h in native:
            evaluate(h)

    return Contender(call, loop, lambda: [value(evaluate(h)) for h in native], len(native))
