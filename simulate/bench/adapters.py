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

from .cases import BenchConfig, Case, Contender, Hands

Builder = Callable[[Case, Hands | None, BenchConfig], Contender]


@dataclass
class EquityOutcome:
    """What one equity call found: every player's equity, and for Monte Carlo the trials and standard errors."""

    equities: list[float]
    trials: int = 0
    stderrs: list[float] | None = None


def keep(store: dict, key: str, value: object) -> None:
    """``store[key] = value`` as an expression: how a timed lambda keeps what its call returned."""
    store[key] = value


def per_call(call: str, evaluate: Callable, native: list, value: Callable[[Any], Any] = lambda v: v) -> Contender:
    """A loop ``for h in hands: evaluate(h)``; ``value`` turns a result into higher-is-better."""

    def loop() -> None:
        for h in native:
            evaluate(h)

    return Contender(call, loop, lambda: [value(evaluate(h)) for h in native], len(native))
