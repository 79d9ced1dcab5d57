"""Hand ranges: parsing range text, hand classes and their order against a random hand, the 13x13 grid.

- :mod:`.parse`: ``parse_range``, :class:`Range`, the grid;
- :mod:`.classes`: the 169 classes, their combos, the class of two cards;
- :mod:`.order`: the classes' order by equity against a random hand (for
  ``15%``-style ranges), from the shipped table (:mod:`.table`);
- :mod:`.hits`: how often a range makes each hand and draw on a board or every flop (``hit_frequencies``);
- :mod:`.headsup_table`: the shipped exact counts of every heads-up deal of two hands.

>>> len(parse_range("TT+, AKs")), class_combos("AKo")
(34, 12)
"""

from .classes import class_combos, hand_class, hand_classes
from .hits import HitResult, hit_frequencies
from .order import equities, ordered_classes, top_percent_classes
from .parse import (
    GRID_LABELS,
    MIN_WEIGHT,
    N_COMBOS,
    ClassCount,
    Range,
    RangeError,
    parse_range,
    range_grid,
    render_grid,
)

__all__ = [
    "GRID_LABELS",
    "MIN_WEIGHT",
    "N_COMBOS",
    "ClassCount",
    "HitResult",
    "Range",
    "RangeError",
    "class_combos",
    "equities",
    "hand_class",
    "hand_classes",
    "hit_frequencies",
    "ordered_classes",
    "parse_range",
    "range_grid",
    "render_grid",
    "top_percent_classes",
]
