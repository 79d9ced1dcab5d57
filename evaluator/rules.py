"""Rulesets: how hands are ranked (high, lowball, wild cards), declared as data.

Each ruleset names its deck, the hand sizes it ranks, its categories and its
kernel; the kernel's entry of :data:`KERNELS` (the ruleset's ``spec``) holds what
evaluating it takes: its tables, its value scale, whether a flush counts, the
selector of its batch kernel. The evaluator looks that entry up, never the name.
Values are always "larger is better, equal exactly on a tie", whatever the
ruleset, so a game engine compares hands the same way in every variant.

>>> RULESETS["deuces-wild"].deck_size, RULESETS["bug"].hand_sizes, RULESETS["short-deck"].deck_size
(52, (5,), 36)
>>> get_rules("Ace-Five").name
'ace-five'
>>> get_rules("ace-five-joker").spec.values, get_rules("ace-five-joker").spec.scale
('ace_five_joker_values', 'ace-five')
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import InputError
from .hand_values import (
    ACE_FIVE_CATEGORIES,
    BADUGI_CATEGORIES,
    CATEGORY_NAMES,
    DEUCE_SEVEN_CATEGORIES,
    SHORT_DECK_CATEGORIES,
)


class _Frozen:
    """Read-only records: attributes are set once, in ``__init__``, and shown by ``repr`` in ``_FIELDS`` order.

    Written out rather than made with :mod:`dataclasses`, whose import (inspect, ast, dis, tokenize) would cost every
    command-line answer about a third of its start-up.
    """

    _FIELDS: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of a {type(self).__name__}: it is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of a {type(self).__name__}: it is read-only")

    def _set(self, **values: object) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"{type(self).__name__}({shown})"


class Kernel(_Frozen):
    """What ranking, storing and describing the hands of one kernel takes: the entry the evaluator dispatches on.

    Several rulesets share a kernel (the three fully wild games); each :class:`Ruleset` carries its own as
    ``spec``. Table fields name tables of :mod:`pokerlab.evaluator.tables`; ``kind`` is the selector the
    variant kernels take (:func:`pokerlab.evaluator.variant_kernels.evaluate_variant_parallel`), and
    :mod:`pokerlab.evaluator.variants` keys its functions (per call, batch, best cards, description) by it.
    One object per kernel: it compares and hashes by identity (dicts keyed by it hash no fields).

    >>> k = KERNELS["deuce-seven"]
    >>> k.values, k.scale, k.has_flush, k.lowball, k.variant
    ('deuce_seven_values', 'deuce-seven', True, True, True)
    >>> KERNELS["omaha-hilo"].board, KERNELS["omaha-hilo"].pair, KERNELS["high"].variant
    (True, True, False)
    """

    _FIELDS = ("name", "scale", "kind", "board", "pair", "has_flush", "lowball", "values", "offsets", "flush",
               "shift", "classes")  # fmt: skip
    name: str
    scale: str  # rulesets on one scale give one integer one meaning: a value is described under any of them
    kind: int  # the variant kernels' selector, 1..7; 0: ranked by the high-hand tables (high, Omaha)
    board: bool  # a hand is hole cards and a board (Omaha), not a whole hand
    pair: bool  # a value is a pair (high, low)
    has_flush: bool  # a flush counts (lowball: against the hand in deuce-to-seven)
    lowball: bool  # the lowest hand wins
    values: str  # value of a rank-hash slot (badugi: of a four-card index)
    offsets: str
    flush: str  # value of a flush's suited-rank bits
    shift: str
    classes: str  # prefix of the ``*_class_values`` / ``*_class_ranks`` tables that name a value's ranks

    def __init__(  # noqa: PLR0913  (one parameter per field, most of them defaulted)
        self,
        name: str,
        scale: str,
        kind: int = 0,
        board: bool = False,
        pair: bool = False,
        has_flush: bool = True,
        lowball: bool = False,
        values: str = "rank_values",
        offsets: str = "rank_offsets",
        flush: str = "flush_values",
        shift: str = "rank_shift",
        classes: str = "",
    ) -> None:
        self._set(name=name, scale=scale, kind=kind, board=board, pair=pair, has_flush=has_flush, lowball=lowball,
                  values=values, offsets=offsets, flush=flush, shift=shift, classes=classes)  # fmt: skip

    @property
    def variant(self) -> bool:
        """Whether :mod:`pokerlab.evaluator.variants` ranks it (its values then carry their ruleset)."""
        return self.kind != 0

    def __reduce__(self) -> tuple[Callable[[str], Kernel], tuple[str]]:
        return _kernel, (self.name,)  # unpickled as the registry's entry: identity-keyed caches still find it


def _kernel(name: str) -> Kernel:
    return KERNELS[name]


#: Every kernel by name (a ruleset's ``kernel``). The kinds are the variant kernels' selectors: 1 ace-five,
#: 2 deuce-seven, 3 wild cards, 4 wild cards without flushes, 5 deuce-seven's joker, 6 short deck, 7 badugi.
KERNELS: dict[str, Kernel] = {
    k.name: k
    for k in (
        Kernel("high", "high"),
        Kernel("omaha", "high", board=True),
        Kernel("omaha-hilo", "omaha-hilo", board=True, pair=True),
        Kernel("ace-five", "ace-five", 1, has_flush=False, lowball=True, values="ace_five_values",
               flush="deuce_seven_flush", classes="ace_five"),
        Kernel("deuce-seven", "deuce-seven", 2, lowball=True, values="deuce_seven_values", flush="deuce_seven_flush",
               classes="deuce_seven"),
        Kernel("wild", "high", 3, values="wild_values", offsets="wild_offsets", flush="wild_flush", shift="wild_shift"),
        Kernel("bug", "high", 3, values="bug_values", offsets="wild_offsets", flush="wild_flush", shift="wild_shift"),
        Kernel("ace-five-joker", "ace-five", 4, has_flush=False, lowball=True, values="ace_five_joker_values",
               offsets="wild_offsets", flush="wild_flush", shift="wild_shift", classes="ace_five"),
        Kernel("deuce-seven-joker", "deuce-seven", 5, lowball=True, values="deuce_seven_values",
               flush="deuce_seven_flush", classes="deuce_seven"),
        Kernel("short-deck", "short-deck", 6, values="short_deck_values", offsets="short_deck_offsets",
               flush="short_deck_flush", shift="short_deck_shift", classes="short_deck"),
        Kernel("badugi", "badugi", 7, has_flush=False, lowball=True, values="badugi_values", classes="badugi"),
    )
}  # fmt: skip


class Ruleset(_Frozen):
    """One way of ranking hands (docs/rules.md sections 1-3).

    ``spec`` is the kernel's entry of :data:`KERNELS`, found once when the ruleset is made. Rulesets with the
    same fields are equal; :meth:`replace` makes one from another.

    >>> bug = RULESETS["bug"]
    >>> bug.deck_size, bug.categories[-1], bug.is_wild(52), bug.spec is KERNELS["bug"]
    (53, 'Five of a kind', True, True)
    """

    _FIELDS = ("name", "summary", "deck_size", "hand_sizes", "categories", "kernel", "first_natural")
    name: str
    summary: str
    deck_size: int  # 52, 53 (one joker, id 52), 54 (two jokers, ids 52 and 53) or 36 (the short deck, ids 16..51)
    hand_sizes: tuple[int, ...]
    categories: tuple[str, ...]  # indexed by ``value >> 12``
    kernel: str  # 'high', 'ace-five', 'deuce-seven', 'wild', 'bug', 'ace-five-joker', 'deuce-seven-joker',
    # 'short-deck', 'badugi'
    first_natural: int  # card ids below this are wild (4 in deuces wild: the four 2s)
    spec: Kernel

    def __init__(
        self,
        name: str,
        summary: str,
        deck_size: int,
        hand_sizes: tuple[int, ...],
        categories: tuple[str, ...],
        kernel: str,
        first_natural: int = 0,
    ) -> None:
        spec = KERNELS.get(kernel)
        if spec is None:
            raise InputError(f"unknown kernel {kernel!r} for rules {name!r}; choose from {', '.join(KERNELS)}")
        self._set(name=name, summary=summary, deck_size=deck_size, hand_sizes=hand_sizes, categories=categories,
                  kernel=kernel, first_natural=first_natural, spec=spec)  # fmt: skip

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset) or type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type[Ruleset], tuple[object, ...]]:
        return type(self), self._key()  # made again through __init__: its spec is the registry's entry

    def replace(self, **changes: object) -> Ruleset:
        """A ruleset like this one with ``changes`` (field name -> value); its kernel entry found again.

        >>> razz = RULESETS["ace-five"].replace(name="razz")
        >>> razz.name, razz.spec is RULESETS["ace-five"].spec, razz == RULESETS["ace-five"]
        ('razz', True, False)
        """
        unknown = sorted(set(changes) - set(self._FIELDS))
        if unknown:
            raise InputError(f"a ruleset has no field {unknown[0]!r}; its fields: {', '.join(self._FIELDS)}")
        fields = {name: getattr(self, name) for name in self._FIELDS} | changes
        return type(self)(**fields)  # the names are checked above, the values by use

    def is_wild(self, card: int) -> bool:
        """Whether a card id is a wild card (or the bug) under these rules."""
        return card >= 52 or card < self.first_natural


_WILD_CATEGORIES = CATEGORY_NAMES  # the ten high categories plus five of a kind

#: Every ruleset by name: high hands, the lowball rules and the wild-card games.
RULESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        Ruleset("high", "high hands, 52 cards, best five of 5-7", 52, (5, 6, 7), CATEGORY_NAMES[:10], "high"),
        Ruleset(
            "ace-five",
            "ace-to-five low: aces low, straights and flushes ignored; best 5-4-3-2-A",
            52,
            (5, 6, 7),
            ACE_FIVE_CATEGORIES,
            "ace-five",
        ),
        Ruleset(
            "deuce-seven",
            "deuce-to-seven low: aces high, straights and flushes count; best 7-5-4-3-2",
            52,
            (5, 6, 7),
            DEUCE_SEVEN_CATEGORIES,
            "deuce-seven",
        ),
        Ruleset(
            "ace-five-joker",
            "ace-to-five low, 53 cards: the joker is the lowest rank the hand lacks",
            53,
            (5,),
            ACE_FIVE_CATEGORIES,
            "ace-five-joker",
        ),
        Ruleset(
            "deuce-seven-joker",
            "deuce-to-seven low, 53 cards: the joker is the best card the hand lacks (never pairing, "
            "straightening or flushing it)",
            53,
            (5,),
            DEUCE_SEVEN_CATEGORIES,
            "deuce-seven-joker",
        ),
        Ruleset(
            "joker",
            "one fully wild joker, 53 cards; five of a kind is the best hand",
            53,
            (5,),
            _WILD_CATEGORIES,
            "wild",
        ),
        Ruleset(
            "bug",
            "the bug, 53 cards: the joker is an ace or completes a straight, flush or straight flush",
            53,
            (5,),
            _WILD_CATEGORIES,
            "bug",
        ),
        Ruleset("two-jokers", "two fully wild jokers, 54 cards", 54, (5,), _WILD_CATEGORIES, "wild"),
        Ruleset("deuces-wild", "the four 2s are wild, 52 cards", 52, (5,), _WILD_CATEGORIES, "wild", first_natural=4),
        Ruleset(
            "short-deck",
            "short-deck high hands, 36 cards (6 to A): a flush beats a full house, A-6-7-8-9 is the lowest straight",
            36,
            (5, 6, 7),
            SHORT_DECK_CATEGORIES,
            "short-deck",
        ),
        Ruleset(
            "badugi",
            "badugi, four cards: the largest set of distinct ranks and suits wins, then the lowest (aces low)",
            52,
            (4,),
            BADUGI_CATEGORIES,
            "badugi",
        ),
    )
}


#: The Omaha rulesets: a hand is two of 4-6 hole cards with three of a board, not a whole hand, so they
#: are apart from :data:`RULESETS` (the rulesets that rank whole hands of ``hand_sizes`` cards).
OMAHA_RULESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        Ruleset("omaha", "Omaha high: exactly two of 4-6 hole cards and three of the board", 52, (4, 5, 6),
                CATEGORY_NAMES[:10], "omaha"),
        Ruleset("omaha-hilo", "Omaha hi/lo eight or better: a high hand and an ace-to-five low of ranks 8 or lower",
                52, (4, 5, 6), CATEGORY_NAMES[:10], "omaha-hilo"),
    )
}  # fmt: skip
#: Every ruleset the evaluator knows: the one registry its API dispatches through (on each one's ``spec``).
ALL_RULESETS: dict[str, Ruleset] = {**RULESETS, **OMAHA_RULESETS}


def _lookup(name: str | Ruleset, registry: dict[str, Ruleset]) -> Ruleset:
    """The ruleset of ``registry`` called ``name`` (case and ``_`` for ``-`` forgiven); a clear error otherwise."""
    if isinstance(name, Ruleset):
        return name
    if type(name) is str:  # a name as the registry spells it: one lookup (the per-call path)
        found = registry.get(name)
        if found is not None:
            return found
    key = str(name).strip().lower().replace("_", "-")
    if key not in registry:
        raise InputError(f"unknown rules {name!r}; choose from {', '.join(registry)}")
    return registry[key]


def get_rules(name: str | Ruleset) -> Ruleset:
    """The whole-hand ruleset called ``name`` (case and ``_`` for ``-`` forgiven); a clear error otherwise.

    >>> get_rules("deuce_seven").name
    'deuce-seven'
    """
    return _lookup(name, RULESETS)


def find_rules(name: str | Ruleset | None) -> Ruleset:
    """Any ruleset, Omaha's included, by name (None: ``high``); a clear error naming every choice otherwise.

    >>> find_rules("Omaha_HiLo").kernel, find_rules(None).name
    ('omaha-hilo', 'high')
    """
    return RULESETS["high"] if name is None else _lookup(name, ALL_RULESETS)
