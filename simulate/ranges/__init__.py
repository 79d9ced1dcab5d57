"""Hand ranges: parsing range text, hand classes and their order against a random hand, the 13x13 grid.

- :mod:`.parse`: ``parse_range``, :class:`Range`, the grid;
- :mod:`.classes`: the 169 classes, their combos, the class of two cards;
- :mod:`.order`: the classes' order by equity against a random hand (for
  ``15%``-style ranges), from the shipped table (:mod:`.table`);
- :mod:`.hits`: how often a range makes each hand and draw on a board or every flop (``hit_frequencies``);
- :mod:`.headsup_table`: the shipped exact counts of every heads-up deal of two hands.

>>> from pokerlab.simulate.ranges import class_combos, parse_range
>>> len(parse_range("TT+, AKs")), class_combos("AKo")
(34, 12)
"""

from pokerlab.lazy import by_module, lazy_attributes

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a table answer's start-up loads this

# Each name loads its module on first use (parse and hits import numpy; the table answers need neither).
_NAMES = by_module(
    __name__,
    {
        "classes": "class_combos hand_class hand_classes",
        "hits": "HitResult hit_frequencies",
        "order": "equities ordered_classes top_percent_classes",
        "parse": "GRID_LABELS MIN_WEIGHT N_COMBOS ClassCount Range RangeError parse_range range_grid render_grid",
    },
)
__all__ = sorted(_NAMES)

# written out again on purpose: each package's lazy map (read at run time) and its imports (read by the type checker)
if TYPE_CHECKING:
    from .classes import class_combos as class_combos, hand_class as hand_class, hand_classes as hand_classes
    from .hits import HitResult as HitResult, hit_frequencies as hit_frequencies
    from .order import (
        equities as equities,
        ordered_classes as ordered_classes,
        top_percent_classes as top_percent_classes,
    )
    from .parse import (
        GRID_LABELS as GRID_LABELS,
        MIN_WEIGHT as MIN_WEIGHT,
        N_COMBOS as N_COMBOS,
        ClassCount as ClassCount,
        Range as Range,
        RangeError as RangeError,
        parse_range as parse_range,
        range_grid as range_grid,
        render_grid as render_grid,
    )
else:
    __getattr__, __dir__ = lazy_attributes(__name__, _NAMES)
