"""Tournament math: what chips are worth in money (ICM) and the push-or-fold equilibria of short stacks.

:func:`icm` values stacks under the Malmuth-Harville or the Malmuth-Weitzman
model; :func:`pushfold` solves the heads-up push-or-fold game at one stack and
:func:`pushfold_chart` charts it over every stack, from the exact heads-up
preflop table.

>>> from pokerlab.simulate.tournament import icm
>>> [round(x, 2) for x in icm([5000, 3000, 2000], [50, 30, 20]).equities]
[38.39, 32.75, 28.86]
>>> from pokerlab.simulate.tournament import pushfold
>>> round(pushfold(10).share("sb"), 3)
0.583
"""

# Imported here, not on first use: each function shares its module's name, and a lazy name would be
# shadowed by its module as soon as another module imports it (``from .icm import ...``).
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the explicit re-export form, which mypy accepts for names shared with submodules
    from .errors import TournamentError as TournamentError
    from .icm import ICMResult as ICMResult, icm as icm
    from .pushfold import PushFoldResult as PushFoldResult, pushfold as pushfold
    from .pushfold_chart import PushFoldChart as PushFoldChart, pushfold_chart as pushfold_chart
    from .pushfold_icm import PushFoldICMResult as PushFoldICMResult, pushfold_icm as pushfold_icm
else:
    from .errors import TournamentError
    from .icm import ICMResult, icm
    from .pushfold import PushFoldResult, pushfold
    from .pushfold_chart import PushFoldChart, pushfold_chart
    from .pushfold_icm import PushFoldICMResult, pushfold_icm

__all__ = [
    "ICMResult",
    "PushFoldChart",
    "PushFoldICMResult",
    "PushFoldResult",
    "TournamentError",
    "icm",
    "pushfold",
    "pushfold_chart",
    "pushfold_icm",
]
