"""The error the solver raises for a spot it cannot solve (bad board, empty range, negative pot...).

>>> issubclass(SolverError, ValueError)
True
"""

from __future__ import annotations

from ...errors import PokerlabError


class SolverError(PokerlabError, ValueError):
    """A spot the solver cannot take; the message names the bad value in one line.

    >>> from pokerlab.simulate.solver import solve_river
    >>> solve_river("2s2s3h4d6c", "AA", "KK", pot=10, stack=10)
    Traceback (most recent call last):
    ...
    pokerlab.simulate.solver.errors.SolverError: board: duplicate card '2s' at position 2 (also at position 1)
    """
