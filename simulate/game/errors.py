"""Illegal actions and the answers of the legality queries.

>>> verdict = Legality("it is seat 2's turn")
>>> bool(verdict), verdict.reason
(False, "it is seat 2's turn")
>>> bool(LEGAL)
True
"""

from __future__ import annotations

import operator
from typing import SupportsIndex, cast

from pokerlab.errors import PokerlabError


class IllegalActionError(PokerlabError, ValueError):
    """An operation the rules do not allow now; the state is left exactly as it was.

    The message says what is wrong and what the player can do instead.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> hand = State(no_limit_holdem(5, 10), [1000, 1000], seed=1)
    >>> try:
    ...     hand.check()
    ... except IllegalActionError as error:
    ...     print(error)
    ...
    there is a bet of 10 to you; call 5, raise or fold
    """


class Legality:
    """Answer of a ``can_...`` query: truthy when legal, else ``reason`` says why not.

    >>> Legality(None).ok
    True
    """

    __slots__ = ("reason",)

    def __init__(self, reason: str | None) -> None:
        self.reason = reason

    @property
    def ok(self) -> bool:
        """True when the operation is legal."""
        return self.reason is None

    def __bool__(self) -> bool:
        return self.reason is None

    def __repr__(self) -> str:
        return "Legality(legal)" if self.reason is None else f"Legality(illegal: {self.reason})"


LEGAL = Legality(None)

MAX_CHIPS = 1 << 62  # no bet, stack or seat number at or above this is meaningful


def whole_number(value: object) -> int | None:
    """``value`` as an int when it is a whole number (int, numpy integer), not a bool; else None.

    Floats are refused even when whole: amounts and seats are counted, never measured.

    >>> whole_number(30), whole_number(True), whole_number(30.0), whole_number("30")
    (30, None, None, None)
    """
    if type(value) is int:  # the common case first (bool is a subclass of int, never this type)
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(cast(SupportsIndex, value))  # anything may come in: index() refuses what is not whole
    except TypeError:
        return None


def describe_argument(value: object, limit: int = 40) -> str:
    """A short ``repr`` of a refused argument (cut at ``limit`` characters, one line)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
