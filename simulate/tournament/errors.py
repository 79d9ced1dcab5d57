"""The one error of the tournament tools: a stack, payout or blind they cannot use.

>>> from pokerlab.errors import InputError
>>> issubclass(TournamentError, InputError)
True
"""

from __future__ import annotations

from ...errors import InputError


class TournamentError(InputError):
    """Stacks, payouts, blinds or a model the tournament tools cannot use; the message says which and why."""
