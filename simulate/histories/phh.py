"""PHH files: the :class:`HandHistory` record, reading and writing ``.phh`` (one hand) and ``.phhs`` (many).

PHH is a subset of TOML (spec: the ``phh-std`` repository, arXiv:2312.11753). Reading uses the
standard library's ``tomllib``; writing is our own small TOML writer. A ``.phhs`` file is a TOML
document whose tables ``[1]``, ``[2]``... each hold one hand.

This module gathers the format's names in one place; each concern has its module: the record
(:mod:`.hand`), cards (:mod:`.cards`), checking the fields (:mod:`.fields`), TOML text
(:mod:`.toml_reader`), reading texts and files (:mod:`.reading`) and writing them (:mod:`.writing`).

>>> text = '''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAh", "d dh p2 7c2d", "p2 f"]
... '''
>>> hand = loads(text)
>>> hand.variant, hand.starting_stacks, hand.actions[-1]
('NT', [100, 100], 'p2 f')
>>> loads(dumps(hand)) == hand
True
"""

from __future__ import annotations

from .cards import JOKER, format_cards, parse_phh_cards
from .codes import PHHError
from .fields import NOT_OPTIONAL, check_history, from_dict, unknown_fields
from .hand import CHIP_LISTS, OPTIONAL, REQUIRED, HandHistory
from .money import MAX_CHIPS, Amount
from .reading import (
    MAX_FILE_BYTES,
    PHHWarning,
    iter_file,
    iter_hands,
    iter_hands_recovering,
    load,
    load_all,
    load_file,
    loads,
    loads_all,
    open_history,
    read_file_hands_and_places,
    read_hands_and_places,
)
from .toml_reader import (
    MAX_NESTING,
    fast_toml as _fast_toml,  # noqa: F401  # tests call the fast reader and the value writer by these names
)
from .writing import (
    dump,
    dump_all,
    dumps,
    dumps_all,
    save,
    toml_value as _value,  # noqa: F401
)

__all__ = [
    "CHIP_LISTS",
    "JOKER",
    "MAX_CHIPS",
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "NOT_OPTIONAL",
    "OPTIONAL",
    "REQUIRED",
    "Amount",
    "HandHistory",
    "PHHError",
    "PHHWarning",
    "check_history",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "format_cards",
    "from_dict",
    "iter_file",
    "iter_hands",
    "iter_hands_recovering",
    "load",
    "load_all",
    "load_file",
    "loads",
    "loads_all",
    "open_history",
    "parse_phh_cards",
    "read_file_hands_and_places",
    "read_hands_and_places",
    "save",
    "unknown_fields",
]
