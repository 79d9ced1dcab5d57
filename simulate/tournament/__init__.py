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

from typing import TYPE_CHECKING

from pokerlab.lazy import lazy_attributes

# Each name loads its module on first use: icm needs numpy only, the push-or-fold game reads the heads-up table.
_NAMES = {
    "ICMResult": "pokerlab.simulate.tournament.icm",
    "icm": "pokerlab.simulate.tournament.icm",
    "TournamentError": "pokerlab.simulate.tournament.errors",
    "PushFoldResult": "pokerlab.simulate.tournament.pushfold",
    "pushfold": "pokerlab.simulate.tournament.pushfold",
    "PushFoldICMResult": "pokerlab.simulate.tournament.pushfold_icm",
    "pushfold_icm": "pokerlab.simulate.tournament.pushfold_icm",
    "PushFoldChart": "pokerlab.simulate.tournament.pushfold_chart",
    "pushfold_chart": "pokerlab.simulate.tournament.pushfold_chart",
}
__all__ = sorted(_NAMES)

if TYPE_CHECKING:
    from .errors import TournamentError as TournamentError
    from .icm import ICMResult as ICMResult, icm as icm
    from .pushfold import PushFoldResult as PushFoldResult, pushfold as pushfold
    from .pushfold_chart import PushFoldChart as PushFoldChart, pushfold_chart as pushfold_chart
    from .pushfold_icm import PushFoldICMResult as PushFoldICMResult, pushfold_icm as pushfold_icm
else:
    __getattr__, __dir__ = lazy_attributes(__name__, _NAMES)
