"""Lowball and wild-card evaluation: per call, in batches, and described for people.

The public entry points are :func:`pokerlab.evaluator.evaluate`,
:func:`pokerlab.evaluator.evaluate_batch` and :func:`pokerlab.evaluator.describe` with a
``rules`` argument (see :mod:`pokerlab.evaluator.rules`); this module does the work
for every ruleset but ``high``, each through the functions its kernel's ``kind`` keys.

>>> from pokerlab.evaluator import evaluate, describe
>>> describe(evaluate("7s 5h 4d 3c 2s", rules="deuce-seven"), rules="deuce-seven")
'Seven-five low (7-5-4-3-2)'
>>> evaluate("5h 4d 3c 2s As", rules="ace-five") > evaluate("6h 4d 3c 2s As", rules="ace-five")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from ..errors import InputError
from . import tables as _tables
from .cards import RANK_CHARS, RANK_NAMES, RANK_PLURALS, CardError, card_str, deck_ids, to_card_ids
from .hand_values import BADUGI_NO_RANK, CATEGORY_SHIFT, FIVE_OF_A_KIND
from .layout import BITS_PER_SUIT, SUIT_INIT, SUIT_RANKS, flush_suit, four_card_index, rank_slot, suited_bit
from .omaha import evaluate_omaha_cards, omaha_rules
from .rules import ALL_RULESETS, KERNELS, OMAHA_RULESETS, Kernel, Ruleset, get_rules
from .values import ruled_value

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: ranking one hand's start-up loads this
if TYPE_CHECKING:
    from typing import Any

    import numpy as np

# Per call the tables are memoryviews (no numpy import); batch work asks for arrays.
_T = _tables.load()
_CARD_KEYS = _T.view("card_keys").tolist()
_RANK_KEYS = [k & _tables.RANK_KEY_MASK for k in _CARD_KEYS]


class VariantTables:
    """The arrays (or, per call, memoryviews) one variant kernel reads.

    A plain slotted class (a NamedTuple's module, typing, would cost a command-line answer's start-up).

    >>> t = variant_tables("deuce-seven", arrays=False)
    >>> t.values.format, t.shift == variant_tables("ace-five", arrays=False).shift
    ('H', True)
    """

    __slots__ = ("card_keys", "offsets", "values", "flush_values", "shift")
    card_keys: np.ndarray | memoryview
    offsets: np.ndarray | memoryview
    values: np.ndarray | memoryview
    flush_values: np.ndarray | memoryview
    shift: int

    def __init__(
        self,
        card_keys: np.ndarray | memoryview,
        offsets: np.ndarray | memoryview,
        values: np.ndarray | memoryview,
        flush_values: np.ndarray | memoryview,
        shift: int,
    ) -> None:
        self.card_keys = card_keys
        self.offsets = offsets
        self.values = values
        self.flush_values = flush_values
        self.shift = shift


def variant_tables(kernel: str | Kernel, arrays: bool = True) -> VariantTables:
    """Tables of a kernel (an entry of :data:`~pokerlab.evaluator.rules.KERNELS`, or its name), as its entry names them.

    Badugi reads ``values`` only, at a hand's :func:`~pokerlab.evaluator.layout.four_card_index` (its
    other fields are the high hand's, unused).

    numpy arrays for the batch kernels, or with ``arrays=False`` memoryviews
    of the same tables (the per-call path, which never imports numpy).

    >>> variant_tables("ace-five", arrays=False).values.format
    'H'
    """
    spec = kernel if isinstance(kernel, Kernel) else KERNELS.get(kernel)
    if spec is None:
        raise InputError(f"unknown kernel {kernel!r}; choose from {', '.join(KERNELS)}")
    return _variant_tables(spec, arrays)


@cache
def _variant_tables(spec: Kernel, arrays: bool) -> VariantTables:
    get = _T.__getitem__ if arrays else _T.view
    shift = _T.view(spec.shift)[0]
    return VariantTables(get("card_keys"), get(spec.offsets), get(spec.values), get(spec.flush), shift)


@cache
def wild_card_tables(first_natural: int) -> tuple[np.ndarray, np.ndarray]:
    """Per-card keys and suit bits for the wild kernel; wild cards (ids >= 52 or < first_natural) get 0."""
    import numpy as np  # batch work only

    keys = np.zeros(54, dtype=np.uint64)
    suit_bits = np.zeros(54, dtype=np.int64)
    for c in range(first_natural, 52):
        keys[c] = _RANK_KEYS[c] | (1 << (40 + (c >> 2)))
        suit_bits[c] = 1 << (c & 3)
    # Read-only like the shipped tables' card keys, which the other kinds pass in its place: one type, so the
    # parallel kernel is compiled once for all kinds (a writable twin cost 4.7 s of `cache warm`).
    keys.setflags(write=False)
    return keys, suit_bits


def _rank_value(cards: Sequence[int], t: VariantTables) -> int:
    """The value table's entry for the ranks of ``cards`` (the rank hash of :mod:`pokerlab.evaluator.table_build`)."""
    return t.values[rank_slot(sum(_RANK_KEYS[c] for c in cards), t.offsets, t.shift)]


def _deuce_seven_five(five: Sequence[int], t: VariantTables) -> int:
    if len({c & 3 for c in five}) == 1:
        return t.flush_values[sum(1 << (c >> 2) for c in five)]
    return _rank_value(five, t)


# Per-call values of checked ids, one function per variant kind: (ids, rules, tables) -> value.


def _ace_five_value(ids: Sequence[int], rules: Ruleset, t: VariantTables) -> int:
    return _rank_value(ids, t)


def _deuce_seven_value(ids: Sequence[int], rules: Ruleset, t: VariantTables) -> int:
    suits = [c & 3 for c in ids]
    if max(suits.count(s) for s in range(4)) < 5:
        return _rank_value(ids, t)
    # A flush: five cards are it; from six or seven the best low may break it.
    return max(_deuce_seven_five(five, t) for five in itertools.combinations(ids, 5))


def _deuce_seven_joker_value(ids: Sequence[int], rules: Ruleset, t: VariantTables) -> int:
    naturals = [c for c in ids if not rules.is_wild(c)]
    if len(naturals) == 5:
        return _deuce_seven_five(naturals, t)
    # The joker is the best card the hand lacks: try each rank (a suit off the naturals' one, so
    # never a flush; a rank held four times has no fifth card).
    ranks = [c >> 2 for c in naturals]
    return max(_rank_value([*naturals, 4 * r], t) for r in range(13) if ranks.count(r) < 4)


def _wild_value(ids: Sequence[int], rules: Ruleset, t: VariantTables) -> int:
    naturals = [c for c in ids if not rules.is_wild(c)]
    value = _rank_value(naturals, t)
    if rules.spec.has_flush and len({c & 3 for c in naturals}) == 1:
        value = max(value, t.flush_values[sum(1 << (c >> 2) for c in naturals)])
    return value


def flush_first_lookup(
    ids: Sequence[int],
    flush_values: np.ndarray | memoryview,
    values: np.ndarray | memoryview,
    offsets: np.ndarray | memoryview,
    shift: int,
) -> int:
    """A hand of 5 to 7 card ids in pure Python: a flush is worth its best five suited cards' ``flush_values`` entry
    (seven cards with a flush hold no full house or four of a kind), anything else the rank hash's entry.

    >>> t = _tables.load()
    >>> tables = t.view("flush_values"), t.view("rank_values"), t.view("rank_offsets"), t.view("rank_shift")[0]
    >>> royal, quads = [48, 44, 40, 36, 32, 1, 6], [48, 49, 50, 51, 44, 45, 0]
    >>> flush_first_lookup(royal, *tables) > flush_first_lookup(quads, *tables) > flush_first_lookup(quads[1:], *tables)
    True
    """
    key = SUIT_INIT
    suited = 0
    for c in ids:
        key += _CARD_KEYS[c]
        suited |= suited_bit(c)
    suit = flush_suit(key)
    if suit >= 0:
        return flush_values[(suited >> (BITS_PER_SUIT * suit)) & SUIT_RANKS]
    return values[rank_slot(key, offsets, shift)]


def _flush_first_value(ids: Sequence[int], rules: Ruleset, t: VariantTables) -> int:
    """High hands or the short deck, 5 to 7 cards: :func:`flush_first_lookup` on the ruleset's tables."""
    return flush_first_lookup(ids, t.flush_values, t.values, t.offsets, t.shift)


def _badugi_value(ids: Sequence[int], rules: Ruleset, t: VariantTables) -> int:
    return t.values[four_card_index(ids)]


def _not_variant(*args: object) -> Any:
    raise InputError("the variant batch kernels rank lowball and wild-card rules; evaluate_batch ranks high hands")


# Batch kernels of variant_kernels (imported on the first batch, passed in as ``vk``) over checked rows.


def _ace_five_rows(vk: Any, cards: np.ndarray, out: np.ndarray, t: VariantTables, rules: Ruleset) -> None:
    vk.evaluate_ace_five_rows(cards, out, t.card_keys, t.offsets, t.values, t.shift)


def _deuce_seven_rows(vk: Any, cards: np.ndarray, out: np.ndarray, t: VariantTables, rules: Ruleset) -> None:
    vk.evaluate_deuce_seven_rows(cards, out, t.card_keys, t.offsets, t.values, t.flush_values, t.shift)


def _deuce_seven_joker_rows(vk: Any, cards: np.ndarray, out: np.ndarray, t: VariantTables, rules: Ruleset) -> None:
    vk.evaluate_deuce_seven_joker_rows(cards, out, t.card_keys, t.offsets, t.values, t.flush_values, t.shift)


def _wild_rows(vk: Any, cards: np.ndarray, out: np.ndarray, t: VariantTables, rules: Ruleset) -> None:
    keys, suit_bits = wild_card_tables(rules.first_natural)
    with_flush = rules.spec.has_flush
    vk.evaluate_wild_rows(cards, out, keys, suit_bits, t.offsets, t.values, t.flush_values, t.shift, with_flush)


def _short_deck_rows(vk: Any, cards: np.ndarray, out: np.ndarray, t: VariantTables, rules: Ruleset) -> None:
    vk.evaluate_flush_first_rows(cards, out, t.card_keys, t.offsets, t.values, t.flush_values, t.shift)


def _badugi_rows(vk: Any, cards: np.ndarray, out: np.ndarray, t: VariantTables, rules: Ruleset) -> None:
    vk.evaluate_badugi_rows(cards, out, t.values)


# The cards that make a hand (checked ids), ordered as its description reads them.


def _best_of_hand(ids: list[int], rules: Ruleset) -> list[int]:
    """The best five of 5-7 cards, in the order of the value's ranks."""
    target = value_of_ids(ids, rules)
    five = next(list(f) for f in itertools.combinations(ids, 5) if value_of_ids(f, rules) == target)
    ordered = []
    for rank in low_ranks(target, rules):
        pick = next(c for c in five if c >> 2 == rank)
        five.remove(pick)
        ordered.append(pick)
    return ordered


def _as_given(ids: list[int], rules: Ruleset) -> list[int]:
    return ids  # five cards with a wild card: the hand is the five given


def _best_badugi(ids: list[int], rules: Ruleset) -> list[int]:
    """The cards that make the badugi (distinct ranks and suits), the highest first (the ace, low, last)."""
    ranks = low_ranks(value_of_ids(ids, rules), rules)
    for chosen in itertools.combinations(ids, len(ranks)):
        if sorted(c >> 2 for c in chosen) == sorted(ranks) and len({c & 3 for c in chosen}) == len(ranks):
            return sorted(chosen, key=lambda c: ranks.index(c >> 2))
    raise _tables.TableError(
        f"the badugi table values {' '.join(card_str(c) for c in ids)} as a badugi of ranks its cards do not "
        "make: the installed tables are inconsistent; 'pokerlab verify badugi' names the table"
    )


# Descriptions of a value (value, rules, the high-hand describer).


def _describe_high_scale(value: int, rules: Ruleset, describe_high: Callable[[int], str]) -> str:
    """A value on the high-hand scale: wild-card games add five of a kind above the royal flush."""
    if value >> CATEGORY_SHIFT == FIVE_OF_A_KIND:
        return f"Five of a kind, {RANK_PLURALS[(value & 0xFFF) - 1]}"
    return describe_high(value)


def _describe_low(value: int, rules: Ruleset, describe_high: Callable[[int], str]) -> str:
    """A lowball or short-deck value, from its class's ranks."""
    ranks = low_ranks(value, rules)
    name = rules.categories[value >> CATEGORY_SHIFT]
    chars = [RANK_CHARS[x] for x in ranks]
    listed = "-".join(chars)
    if name == "Royal flush":
        return name
    if name == "High card":
        return f"High card, {RANK_NAMES[ranks[0]]} high ({listed})"
    if name.endswith("-high"):
        return f"{RANK_NAMES[ranks[0]].capitalize()}-{RANK_NAMES[ranks[1]]} low ({listed})"
    if name in ("Straight", "Straight flush"):
        return f"{name}, {RANK_NAMES[ranks[0]]} high"
    if name == "Flush":
        return f"Flush, {RANK_NAMES[ranks[0]]} high ({listed})"
    if name == "One pair":
        return f"One pair, {RANK_PLURALS[ranks[0]]} ({'-'.join(chars[2:])} kickers)"
    if name == "Two pair":
        return f"Two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[2]]} ({chars[4]} kicker)"
    if name == "Three of a kind":
        return f"Three of a kind, {RANK_PLURALS[ranks[0]]} ({'-'.join(chars[3:])} kickers)"
    if name == "Full house":
        return f"Full house, {RANK_PLURALS[ranks[0]]} over {RANK_PLURALS[ranks[3]]}"
    return f"Four of a kind, {RANK_PLURALS[ranks[0]]} ({chars[4]} kicker)"


def _describe_badugi(value: int, rules: Ruleset, describe_high: Callable[[int], str]) -> str:
    ranks = low_ranks(value, rules)
    top = "ace" if ranks[0] == 12 else RANK_NAMES[ranks[0]]
    return f"{rules.categories[value >> CATEGORY_SHIFT]}, {top} high ({'-'.join(RANK_CHARS[x] for x in ranks)})"


class _Method:
    """The functions of one variant kind (a :class:`~pokerlab.evaluator.rules.Kernel`'s ``kind``)."""

    __slots__ = ("value", "rows", "best", "describe", "wild_keys")

    def __init__(
        self,
        value: Callable[[Sequence[int], Ruleset, VariantTables], int],  # per call
        rows: Callable[[Any, np.ndarray, np.ndarray, VariantTables, Ruleset], None],  # serial batch
        best: Callable[[list[int], Ruleset], list[int]],  # the cards that make the hand
        describe: Callable[[int, Ruleset, Callable[[int], str]], str],
        wild_keys: bool,  # the batch kernels read wild_card_tables' keys and suit bits, not the shipped card keys
    ) -> None:
        self.value, self.rows, self.best, self.describe, self.wild_keys = value, rows, best, describe, wild_keys


#: Each variant kind's functions. Kind 0 is the high-hand tables' (high; Omaha's go to its own module): per call,
#: a high ruleset spelled otherwise than ``high`` (or given as a Ruleset) reaches :func:`evaluate_variant`.
_METHODS: dict[int, _Method] = {
    0: _Method(_flush_first_value, _not_variant, _not_variant, _describe_high_scale, False),
    1: _Method(_ace_five_value, _ace_five_rows, _best_of_hand, _describe_low, False),
    2: _Method(_deuce_seven_value, _deuce_seven_rows, _best_of_hand, _describe_low, False),
    3: _Method(_wild_value, _wild_rows, _as_given, _describe_high_scale, True),
    4: _Method(_wild_value, _wild_rows, _as_given, _describe_low, True),
    5: _Method(_deuce_seven_joker_value, _deuce_seven_joker_rows, _as_given, _describe_low, False),
    6: _Method(_flush_first_value, _short_deck_rows, _best_of_hand, _describe_low, False),
    7: _Method(_badugi_value, _badugi_rows, _best_badugi, _describe_badugi, False),
}
# Per call, each kernel's value function and memoryview tables, resolved on its first use.
_PER_CALL: dict[Kernel, tuple[Callable[[Sequence[int], Ruleset, VariantTables], int], VariantTables]] = {}


def _per_call(spec: Kernel) -> tuple[Callable[[Sequence[int], Ruleset, VariantTables], int], VariantTables]:
    entry = _PER_CALL[spec] = (_METHODS[spec.kind].value, variant_tables(spec, arrays=False))
    return entry


def value_of_ids(ids: Sequence[int], rules: Ruleset) -> int:
    """Value of checked card ids under a whole-hand ruleset (high through the high-hand tables); pure Python.

    >>> rules = get_rules("deuce-seven")
    >>> rules.categories[value_of_ids([0, 4, 8, 12, 21], rules) >> 12]   # 7-5-4-3-2
    '7-high'
    """
    spec = rules.spec
    value, t = _PER_CALL.get(spec) or _per_call(spec)
    return value(ids, rules, t)


def _ruleset(rules: str | Ruleset) -> Ruleset:
    """The ruleset ``rules`` names: an Omaha one in any spelling, else a whole-hand one (its errors)."""
    if type(rules) is str:  # a name as the registry spells it: one lookup (the per-call path)
        found = ALL_RULESETS.get(rules)
        if found is not None:
            return found
    omaha = omaha_rules(rules)
    return OMAHA_RULESETS[omaha] if omaha is not None else get_rules(rules)


def evaluate_variant(cards: str | Iterable[int], rules: str | Ruleset) -> int:
    """Value of a hand under ``rules``: larger is better, equal exactly on a tie.

    Omaha rules (:mod:`pokerlab.evaluator.omaha`) take ``(hole, board)`` or
    ``"hole | board"``; ``omaha-hilo`` gives a pair ``(high, low)``.

    >>> evaluate_variant("Jk As Ad Ac Ah", "joker") >> 12   # five aces
    10
    >>> evaluate_variant("7s 5h 4d 3c 2s", "deuce-seven").rules   # the value knows its ruleset
    'deuce-seven'
    >>> evaluate_variant("AsKsQdJd | Ts9s2s", "omaha") >> 12   # a flush
    5
    >>> evaluate_variant("As Ks Qs Js Ts", "High") >> 12   # high however spelled: a plain high value
    9
    """
    r = _ruleset(rules)
    spec = r.spec
    if spec.board:
        return evaluate_omaha_cards(cards, r.name)  # type: ignore[return-value]  # a pair for omaha-hilo
    ids = to_card_ids(cards, count=r.hand_sizes, deck_size=r.deck_size)
    value, t = _PER_CALL.get(spec) or _per_call(spec)
    return ruled_value(value(ids, r, t), r)


def best_cards(cards: str | Iterable[int], rules: str | Ruleset) -> list[int]:
    """The cards that make a hand under ``rules`` (not ``high``), ordered as :func:`describe_variant` reads them.

    The best five of 5-7 cards in lowball and short deck; a wild-card hand's five as given; badugi's
    one to four cards, the highest first (the ace, low, last).

    >>> from pokerlab.evaluator.cards import format_cards
    >>> format_cards(best_cards("Kh 7d 5c 4s 3h 2d 2c", "deuce-seven"))
    '7d5c4s3h2d'
    """
    r = get_rules(rules)
    ids = to_card_ids(cards, count=r.hand_sizes, deck_size=r.deck_size)
    return _METHODS[r.spec.kind].best(ids, r)


def check_batch(cards: np.ndarray, rules: Ruleset) -> np.ndarray:
    """A C-contiguous uint8 copy/view of ``cards`` after checking shape and ids for ``rules``."""
    import numpy as np  # batch work only: the per-call path never imports numpy

    array = np.asarray(cards)
    sizes = rules.hand_sizes
    if array.ndim != 2 or array.shape[1] not in sizes:
        want = " or ".join(str(n) for n in sizes)
        raise CardError(f"rules {rules.name!r} rank (N, k) arrays of card ids with k = {want}, got shape {array.shape}")
    ids = deck_ids(rules.deck_size)
    low, top = ids.start, ids.stop - 1
    if array.size and (array.min() < low or array.max() > top):
        bad = np.argwhere((array < low) | (array > top))[0]
        raise CardError(
            f"card id {array[bad[0], bad[1]]} at row {bad[0]}, position {bad[1] + 1} is out of range {low}..{top} "
            f"for rules {rules.name!r} ({rules.deck_size}-card deck)"
        )
    return np.ascontiguousarray(array, dtype=np.uint8)


def evaluate_variant_batch(array: np.ndarray, rules: Ruleset, parallel: bool = False) -> np.ndarray:
    """Values of checked rows (uint8, C-contiguous) under ``rules`` (not ``high``)."""
    import numpy as np  # batch work only

    from . import variant_kernels as vk  # numba-compiled: imported on the first batch

    spec = rules.spec
    if not spec.variant:  # the parallel kernel's selector 0 is no kernel
        _not_variant()
    method = _METHODS[spec.kind]
    t = variant_tables(spec)
    out = np.empty(array.shape[0], dtype=np.uint16)
    if not parallel:
        method.rows(vk, array, out, t, rules)
        return out
    card_keys: np.ndarray | memoryview  # the shipped keys (arrays here), or the wild kernel's own
    if method.wild_keys:
        card_keys, suit_bits = wild_card_tables(rules.first_natural)
    else:
        card_keys, suit_bits = t.card_keys, np.zeros(1, dtype=np.int64)
    vk.evaluate_variant_parallel(
        spec.kind, array, out, card_keys, suit_bits, t.offsets, t.values, t.flush_values, t.shift
    )
    return out


@cache
def _low_classes(name: str) -> dict[int, tuple[int, ...]]:
    values = _T.view(f"{name}_class_values").tolist()
    # (classes, 5): a list per class; typeshed reads every memoryview as one-dimensional
    ranks: list[list[int]] = _T.view(f"{name}_class_ranks").tolist()  # type: ignore[assignment]
    return {v: tuple(x for x in r if x != BADUGI_NO_RANK) for v, r in zip(values, ranks)}  # badugis pad short ones


def low_ranks(value: int, rules: str | Ruleset) -> tuple[int, ...]:
    """The five ranks (0..12 for 2..A) of a lowball or short-deck value, in reading order (groups first); the
    one to four ranks of a badugi, from the highest down (the ace, low, last).

    >>> from pokerlab.evaluator import evaluate
    >>> low_ranks(evaluate("As 2d 3c 4h 6s", rules="ace-five"), "ace-five")
    (4, 2, 1, 0, 12)
    >>> low_ranks(evaluate("As 6d 7c 8h 9s", rules="short-deck"), "short-deck")   # nine-high
    (7, 6, 5, 4, 12)
    >>> low_ranks(evaluate("As 2d 3d Kh", rules="badugi"), "badugi")   # the 3d pairs the 2d's suit
    (11, 0, 12)
    """
    r = get_rules(rules)
    if not r.spec.classes:
        raise InputError(f"{r.name} values are on the high-hand scale: class_ranks reads their ranks, not low_ranks")
    ranks = _low_classes(r.spec.classes).get(int(value))
    if ranks is None:
        raise InputError(f"{value} is not a {r.name} hand value")
    return ranks


def describe_variant(value: int, rules: str | Ruleset, describe_high: Callable[[int], str]) -> str:
    """A person's description of a value under ``rules`` (not ``high``).

    ``describe_high`` describes a value on the high-hand scale (wild-card
    games rank on it); :func:`pokerlab.evaluator.api.describe` passes its own,
    so this module never imports the API.

    >>> from pokerlab.evaluator import evaluate
    >>> from pokerlab.evaluator import describe
    >>> describe_variant(evaluate("As 2d 3c 4h 6s", rules="ace-five"), "ace-five", describe)
    'Six-four low (6-4-3-2-A)'
    >>> describe_variant(evaluate("Jk As Ad Ac Ah", rules="bug"), "bug", describe)
    'Five of a kind, aces'
    >>> describe_variant(evaluate("Ah 9h 8h 7h 6h Kc Kd", rules="short-deck"), "short-deck", describe)
    'Straight flush, nine high'
    >>> describe_variant(evaluate("4c 3d 2h As", rules="badugi"), "badugi", describe)
    'Badugi, four high (4-3-2-A)'
    """
    r = get_rules(rules)
    return _METHODS[r.spec.kind].describe(int(value), r, describe_high)


def enumerate_variant_values(rules: str | Ruleset, n_cards: int = 5, parallel: bool = False) -> np.ndarray:
    """How many hands of the ruleset's deck have each value (int64 histogram over 65,536 values).

    Every combination of ``n_cards`` cards is dealt into blocks and ranked by
    the same batch kernel users call.

    >>> int(enumerate_variant_values("joker").sum())   # C(53, 5)
    2869685
    """
    import numpy as np  # batch work only

    from .variant_kernels import next_combinations  # numba-compiled: imported on first use

    r = get_rules(rules)
    if n_cards not in r.hand_sizes:
        raise InputError(f"rules {r.name!r} rank {' or '.join(map(str, r.hand_sizes))} cards, not {n_cards}")
    ids = deck_ids(r.deck_size)
    state = np.arange(n_cards, dtype=np.int64)
    block = np.empty((1 << 18, n_cards), dtype=np.uint8)
    histogram = np.zeros(1 << 16, dtype=np.int64)
    while True:
        filled = next_combinations(state, len(ids), block)
        if filled:
            if ids.start:  # the short deck: combinations of its 36 cards, ids from 16
                block[:filled] += ids.start
            values = evaluate_variant_batch(block[:filled], r, parallel)
            histogram += np.bincount(values, minlength=1 << 16)
        if filled < block.shape[0]:
            return histogram
