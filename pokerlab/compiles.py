"""The compiles of pokerlab's numba kernels as they happen: who is told, and how long they took.

numba compiles a kernel the first time a process calls it with new argument types and nothing usable is
in the kernel cache (:mod:`pokerlab.evaluator.jit`), which can take seconds. :mod:`~pokerlab.evaluator.jit`
reports every such compile here (from numba's ``numba:compile`` event, which fires on cache misses only),
so that the command line can say what is being compiled before the wait, progress bars start after it,
and a result's seconds are the computation's (:func:`computing_seconds`). This module never imports
numba: asking it costs nothing in a process that compiles nothing.

>>> import time
>>> start = time.perf_counter()
>>> compile_seconds_since(start), busy()
(0.0, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: What each kernel module compiles, for the one line said before a compile, and about how long a first
#: command of that family spends compiling on a quiet 2-core machine (benchmarks/cold_start.py measures it).
FAMILIES: dict[str, tuple[str, float]] = {
    "pokerlab.simulate.equity.mc_kernels": ("the hold'em Monte Carlo kernels", 5.0),
    "pokerlab.simulate.equity.by_combo_kernels": ("the by-combo Monte Carlo kernels", 5.0),
    "pokerlab.simulate.equity.postflop_kernels": ("the exact equity kernels", 4.0),
    "pokerlab.simulate.equity.draw_kernels": ("the draw equity kernels", 2.0),
    "pokerlab.simulate.tournament.icm_kernels": ("the ICM kernels", 2.0),
    "pokerlab.simulate.equity.rank_boards": ("the exact equity kernels", 4.0),
    "pokerlab.simulate.equity.omaha_kernels": ("the Omaha equity kernels", 11.0),
    "pokerlab.simulate.equity.stud_kernels": ("the stud equity kernels", 8.0),
    "pokerlab.simulate.equity.short_deck_kernels": ("the short-deck equity kernels", 12.0),
    "pokerlab.simulate.equity.pot_stats_kernels": ("the pot statistics kernel", 1.0),
    "pokerlab.simulate.equity.rng_kernels": ("the random number kernels", 1.0),
    "pokerlab.evaluator.kernels": ("the batch evaluator", 4.0),
    "pokerlab.evaluator.batch_kernels": ("the batch evaluator", 6.0),
    "pokerlab.evaluator.variant_kernels": ("the lowball and wild-card evaluator", 3.0),
    "pokerlab.evaluator.omaha_kernels": ("the Omaha flop check", 1.0),
    "pokerlab.simulate.game.fast_nlhe_kernels": ("the no-limit simulation kernels", 6.0),
    "pokerlab.simulate.precomputed.kernels": ("the table-building kernels", 4.0),
    "pokerlab.simulate.solver.cfr_kernels": ("the solver kernels", 6.0),
}

_spans: list[tuple[float, float]] = []  # (start, end) of every finished kernel preparation, perf_counter seconds
_open: list[float] = []  # the starts of the preparations under way (outermost first)
_listeners: list[Callable[[str], None]] = []
_shipped: list[str] = []  # the kernels loaded from the package's prebuilt (portable) entries, in order


def add_listener(listener: Callable[[str], None]) -> None:
    """Call ``listener`` with the kernel's module and name each time a top-level compile starts."""
    _listeners.append(listener)


def remove_listener(listener: Callable[[str], None]) -> None:
    """Stop calling ``listener`` (no error if it was not added)."""
    if listener in _listeners:
        _listeners.remove(listener)


def compiling(kernel: str) -> None:
    """Called by :mod:`~pokerlab.evaluator.jit` as a compile of ``kernel`` (``module.name``) begins."""
    for listener in list(_listeners):
        listener(kernel)


def loaded_shipped(kernel: str) -> None:
    """Called by :mod:`~pokerlab.evaluator.jit` when ``kernel`` was loaded from the kernels shipped in the package."""
    _shipped.append(kernel)


def shipped_loads() -> list[str]:
    """The kernels this process loaded from the package's prebuilt entries (``module.name``), in order.

    >>> isinstance(shipped_loads(), list)
    True
    """
    return list(_shipped)


def preparing() -> None:
    """Called by :mod:`~pokerlab.evaluator.jit` as numba starts to load a kernel from the cache or compile it."""
    _open.append(time.perf_counter())


def prepared() -> None:
    """Called by :mod:`~pokerlab.evaluator.jit` as the preparation begun last ends."""
    if _open:
        began = _open.pop()
        if not _open:  # nested ones are inside the outermost span
            _spans.append((began, time.perf_counter()))


def busy() -> bool:
    """Whether a kernel is being loaded or compiled right now."""
    return bool(_open)


def last_end() -> float:
    """When the last kernel preparation ended (``perf_counter`` seconds; 0.0 when none has run)."""
    return _spans[-1][1] if _spans else 0.0


def compile_seconds_since(start: float) -> float:
    """Seconds spent loading and compiling kernels since ``start`` (a ``time.perf_counter()`` reading)."""
    now = time.perf_counter()
    spans = [*_spans, *((t, now) for t in _open[:1])]
    return sum((max(0.0, end - max(begin, start)) for begin, end in spans), 0.0)


def computing_seconds(start: float) -> float:
    """Seconds since ``start``, less the time spent loading and compiling kernels: the computation's own.

    >>> computing_seconds(time.perf_counter()) < 1.0
    True
    """
    return time.perf_counter() - start - compile_seconds_since(start)


def describe(kernel: str) -> str:
    """The line to say before compiling ``kernel``: what it is, about how long, and that it happens once.

    >>> describe("pokerlab.simulate.equity.mc_kernels.mc_blocks")
    "compiling the hold'em Monte Carlo kernels for first use, about 5 s; cached afterwards ..."
    """
    module = kernel.rpartition(".")[0]
    what, seconds = FAMILIES.get(module, ("pokerlab's kernels", 5.0))
    return (
        f"compiling {what} for first use, about {seconds:.0f} s; cached afterwards "
        "('pokerlab cache warm' compiles every kernel at once)"
    )
