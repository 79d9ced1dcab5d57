"""What every game's equity call checks alike: its error type, its limits and its options.

>>> check_options(None, 1e-3, 7, 2)
>>> MAX_PLAYERS, DEFAULT_STDERR
(10, 0.0005)
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping
from numbers import Integral, Real
from typing import TYPE_CHECKING, TypedDict, TypeGuard, cast

from ...errors import PokerlabError

if TYPE_CHECKING:
    from .result import EquityResult

Progress = Callable[[float], None]  # called with the fraction of a run done, 0..1


class EquityOptions(TypedDict, total=False):
    """The run keywords every game's equity call takes alike, passed on unchanged to
    :func:`pokerlab.simulate.equity.api.equity` (which documents them and their defaults).

    >>> sorted(EquityOptions.__annotations__)
    ['method', 'progress', 'seed', 'stderr', 'threads', 'trials']
    """

    method: str
    trials: int | None
    stderr: float | None
    seed: int | None
    threads: int | None
    progress: Progress | None


def run_options(caller: str, options: Mapping[str, object]) -> EquityOptions:
    """``options`` when each is a run keyword of :class:`EquityOptions`; else the TypeError Python raises for a
    keyword a function does not take (another game's, such as ``client``, included).

    >>> run_options("omaha_equity", {"seed": 1})
    {'seed': 1}
    >>> run_options("omaha_equity", {"client": None})
    Traceback (most recent call last):
    ...
    TypeError: omaha_equity() got an unexpected keyword argument 'client'
    """
    for key in options:
        if key not in EquityOptions.__annotations__:
            raise TypeError(f"{caller}() got an unexpected keyword argument {key!r}")
    return cast("EquityOptions", options)


MAX_PLAYERS = 10
#: Board sizes every game with a board accepts: any partial board (as OMPEval does), dealt to five.
BOARD_SIZES = (0, 1, 2, 3, 4, 5)
DEFAULT_STDERR = 5e-4
MAX_DEFAULT_TRIALS = 200_000_000
#: The smallest standard-error target: 0.5 / sqrt(MAX_TRIALS) rounded up (an equity's spread is at most 0.5).
MIN_STDERR = 2e-6
MAX_TRIALS = 10**11  # hours of Monte Carlo on one machine: a larger request is a typo
#: The largest seed: seeds are 64-bit (xoshiro streams), on every command and call that takes one.
MAX_SEED = 2**64 - 1


class EquityError(PokerlabError, ValueError):
    """Impossible or inconsistent equity input (overlapping cards, empty ranges, ...).

    >>> from pokerlab import equity
    >>> equity(["AsAh", "AsKd"])
    Traceback (most recent call last):
    ...
    pokerlab.simulate.equity.options.EquityError: players 1 and 2 both hold As
    """


#: :attr:`NoDealError.reason`: every deal was looked at and none gives each player its cards,
NO_DEAL_EXISTS = "no-deal-exists"
#: or Monte Carlo found none among the deals it tried (one may exist, too rare to find).
NO_DEAL_FOUND = "no-deal-found"


class NoDealError(EquityError):
    """No deal gives every player its cards: the hold'em hands or ranges share a card. ``reason`` says how sure
    that is, :data:`NO_DEAL_EXISTS` or :data:`NO_DEAL_FOUND`: a caller tests it, not the message.

    >>> from pokerlab import equity
    >>> try:
    ...     equity(["AsAh", "AsAd,AhAd"])
    ... except NoDealError as error:
    ...     print(error.reason)
    no-deal-exists
    """

    def __init__(self, message: str, reason: str = NO_DEAL_EXISTS) -> None:
        super().__init__(message)
        self.reason = reason


class EquityInterrupted(KeyboardInterrupt):
    """Ctrl-C during a Monte Carlo run: a ``KeyboardInterrupt`` that carries the result so far.

    ``partial`` is the result of the trials finished before the interrupt, with their standard
    error, or None when none had finished. Code that only catches ``KeyboardInterrupt`` is unaffected.

    >>> issubclass(EquityInterrupted, KeyboardInterrupt), EquityInterrupted(None).partial
    (True, None)
    """

    def __init__(self, partial: EquityResult | None) -> None:
        super().__init__("interrupted")
        self.partial = partial


def fresh_seed() -> int:
    """A 64-bit seed from the operating system, for a run not given one (the result reports it).

    Here rather than with the sampler: the command line draws its seed before it knows whether a table answers,
    and this module imports no numpy.

    >>> 0 <= fresh_seed() <= MAX_SEED
    True
    """
    return int.from_bytes(os.urandom(8), "little")


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, Integral) and not isinstance(value, bool)  # numpy's integers are Integral too


def check_options(trials: object, stderr: object, seed: object, threads: object) -> None:
    """Refuse (:class:`EquityError`, with the reason) a numeric option of the wrong kind or range; None is fine.

    >>> check_options(1_000, 1e-3, 7, 2)
    >>> check_options(None, None, -1, None)
    Traceback (most recent call last):
    ...
    pokerlab.simulate.equity.options.EquityError: seed must be a whole number from 0 to 2**64 - 1, got -1
    """
    if trials is not None and not (_is_int(trials) and 1 <= trials <= MAX_TRIALS):
        raise EquityError(f"trials must be a whole number from 1 to {MAX_TRIALS:,}, got {trials!r}")
    if stderr is not None:
        if isinstance(stderr, bool) or not isinstance(stderr, Real):  # numpy's numbers are Real too
            raise EquityError(f"stderr must be a number, got {stderr!r}")
        stderr = float(stderr)
        if not (math.isfinite(stderr) and 0 < stderr < 1):
            raise EquityError(f"stderr must be a fraction in (0, 1), e.g. 1e-3, got {stderr!r}")
        if stderr < MIN_STDERR:
            raise EquityError(
                f"stderr must be at least {MIN_STDERR:g}, got {stderr!r}: a smaller target needs more than "
                f"{MAX_TRIALS:,} trials"
            )
    if seed is not None and not (_is_int(seed) and 0 <= seed <= MAX_SEED):
        raise EquityError(f"seed must be a whole number from 0 to 2**64 - 1, got {seed!r}")
    if threads is not None and not (_is_int(threads) and threads >= 1):
        raise EquityError(f"threads must be a whole number of at least 1, got {threads!r}")
