"""The one error of the tournament tools: a stack, payout or blind they cannot use.

>>> from pokerlab.errors import InputError
>>> issubclass(TournamentError, InputError)
True
"""

from __future__ import annotations

from ...errors import InputError


class TournamentError(InputError):
    """Stacks, payouts, blinds or a model the tournament tools cannot use; the message says which and why.

    >>> from pokerlab.simulate.tournament import icm
    >>> try:
    ...     icm([100, 0], [1])
    ... except TournamentError as error:
    ...     print(error)
    stack 2 is 0.0: every stack must be positive
    """
