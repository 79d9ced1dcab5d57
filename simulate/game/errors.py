"""Illegal actions and the answers of the legality queries.

>>> verdict = Legality("it is seat 2's turn")
>>> bool(verdict), verdict.reason
(False, "it is seat 2's turn")
>>> bool(LEGAL)
True
"""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An operation the rules do not allow now; the state is left exactly as it was.

    The message says what is wrong and what the player can do instead.
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
