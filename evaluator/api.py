"""The evaluator API: evaluate, evaluate_batch, describe, best_five.

Every function ranks high hands by default; ``rules=`` picks another
ruleset of :mod:`pokerlab.evaluator.rules` (lowball, wild cards). Values are always
larger-is-better and equal exactly on a tie.

>>> from pokerlab.evaluator import evaluate, describe
>>> describe(evaluate("As Ks Qs Js Ts 2c 3d"))
'Royal flush'
>>> evaluate("KhKdKc3s3h") > evaluate("2c2d2hAsAd")
True
>>> describe(evaluate("2c 2d As Ks Qs", rules="deuces-wild"), rules="deuces-wild")
'Royal flush'
"""

from __future__ import annotations

import bisect
import itertools
import operator
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..errors import InputError
from . import tables as _tables
from .cards import RANK_CHARS, RANK_NAMES, RANK_PLURALS, CardError, card_str, mask_to_cards, to_card_ids
from .hand_values import (
    CATEGORY_NAMES,
    CATEGORY_SHIFT,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category,
)
from .omaha import evaluate_omaha, evaluate_omaha_batch, split_hand
from .rules import find_rules
from .values import checked_rules
from .variants import (
    best_cards,
    check_batch,
    describe_variant,
    evaluate_variant,
    evaluate_variant_batch,
    flush_first_lookup,
    low_ranks,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: ranking one hand's start-up loads this
if TYPE_CHECKING:
    import numpy as np

    from .kernels import HighTables

CardsLike = str | Iterable[int]

# Memoryviews, not arrays: ranking one hand never imports numpy (a command-line call's start-up).
_T = _tables.load()
_CARD_KEYS = _T.view("card_keys")
_SHIFT = _T.view("rank_shift")[0]
if _SHIFT != _tables.RANK_SHIFT:  # the batch kernels compile the shift in
    raise _tables.TableError(f"tables/rank_shift is {_SHIFT}, the code expects {_tables.RANK_SHIFT}: rebuild them")

try:  # the Cython extension built by setup.py
    from . import _fast  # type: ignore[attr-defined]  # compiled, no stub

    _views = [_T.view(name) for name in ("rank_offsets", "rank_values", "flush_values")]
    _fast.init(_CARD_KEYS, *_views, _SHIFT, _tables.RANK_KEY_MASK)
except ImportError:  # source tree without a build: same tables, pure Python
    _fast = None
HAS_COMPILED_EVALUATOR = _fast is not None  # what the bench reports beside its per-call figures


def _value_py(ids: Sequence[int]) -> int:
    """The per-call fallback without the compiled evaluator: the high tables read in pure Python."""
    return flush_first_lookup(ids, _T.view("flush_values"), _T.view("rank_values"), _T.view("rank_offsets"), _SHIFT)


def evaluate(cards: CardsLike, rules: str | None = None) -> int:
    """Rank of the best five of 5, 6 or 7 cards: higher is better, equal exactly on a tie.

    ``cards`` is a string (``"AsKs..."``) or a sequence of card ids.
    ``rank >> 12`` is the category (:data:`CATEGORY_NAMES`, or the ruleset's
    ``categories``). ``rules`` is ``high`` (the default), ``ace-five``,
    ``deuce-seven``, ``ace-five-joker``, ``joker``, ``bug``, ``two-jokers`` or
    ``deuces-wild``; the joker is written ``Jk`` (ids 52 and 53). ``omaha``
    and ``omaha-hilo`` take ``(hole, board)`` or ``"hole | board"``
    (:mod:`pokerlab.evaluator.omaha`); ``omaha-hilo`` gives ``(high, low)``.

    >>> evaluate("AsKsQsJsTs") >> 12
    9
    >>> evaluate([0, 4, 8, 12, 17]) == evaluate("2c3c4c5c6d")
    True
    >>> evaluate("8s 7h 6d 5c 3s", rules="ace-five") > evaluate("9s 5h 4d 3c 2s", rules="ace-five")
    True
    """
    if rules is not None and rules != "high":
        return evaluate_variant(cards, rules)
    if _fast is not None:
        rank: int = _fast.evaluate(cards)  # the compiled module has no stub: its results read as Any
        return rank
    return _value_py(to_card_ids(cards, count=(5, 6, 7)))


if _fast is not None:
    # The Cython function itself (same signature and behaviour): no Python frame per call.
    evaluate = _fast.evaluate  # noqa: F811


def evaluate_mask(mask: int) -> int:
    """Rank of the 5, 6 or 7 cards in a 64-bit card mask (bit ``id`` set per card).

    >>> from pokerlab.evaluator.cards import cards_to_mask
    >>> evaluate_mask(cards_to_mask("AsKsQsJsTs")) == evaluate("AsKsQsJsTs")
    True
    """
    if _fast is not None:
        rank: int = _fast.evaluate_mask(mask)  # a typed local, not a cast call: this is the per-call path
        return rank

    try:
        mask = operator.index(mask)
    except TypeError:
        raise CardError(f"a card mask is an integer, got {type(mask).__name__}") from None
    if mask < 0 or mask >> 52:
        raise CardError(f"card mask {mask:#x} has bits outside 0..51")
    return _value_py(to_card_ids(mask_to_cards(mask), count=(5, 6, 7)))


@lru_cache(maxsize=1)
def high_tables() -> HighTables:
    """The arrays the numba kernels take (imports numba on first use), built once."""
    from .batch_kernels import batch_tables  # numba kernels: imported on first use
    from .kernels import HighTables  # numba kernels' tables type

    sized = [_T[f"rank{k}_{part}"] for k in (5, 6, 7) for part in ("offsets", "values")]
    if any(len(offsets) << _tables.SIZED_RANK_SHIFT != 1 << _tables.RANK_KEY_BITS for offsets in sized[::2]):
        raise _tables.TableError("tables/rank*_offsets do not match SIZED_RANK_SHIFT: rebuild the tables")
    batch_keys, flush_bits = batch_tables(_T["card_keys"])
    return HighTables(
        _T["card_keys"],
        _T["rank_offsets"],
        _T["rank_values"],
        _T["flush_values"],
        _SHIFT,
        batch_keys,
        flush_bits,
        *sized,
    )


def _check_batch(cards: np.ndarray) -> np.ndarray:
    """A C-contiguous uint8 (N, k) array; ids of a uint8 array are range-checked by the kernel itself."""
    import numpy as np  # batch work only: the per-call path never imports numpy

    array = np.asarray(cards)
    if array.ndim != 2 or not 5 <= array.shape[1] <= 7:
        raise CardError(f"expected an (N, k) array of card ids with k in 5..7, got shape {array.shape}")
    if array.dtype != np.uint8:
        if array.size and (array.min() < 0 or array.max() > 51):
            _raise_out_of_range(array)
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


def _raise_out_of_range(array: np.ndarray) -> None:
    import numpy as np  # batch work only

    row, col = np.argwhere((array < 0) | (array > 51))[0]
    raise CardError(f"card id {array[row, col]} at row {row}, position {col + 1} is out of range 0..51")


def evaluate_batch(
    cards: np.ndarray,
    *,
    rules: str | None = None,
    parallel: bool = False,
    check: bool = True,
    out: np.ndarray | None = None,
    board: np.ndarray | None = None,
) -> np.ndarray:
    """Ranks of N hands given as an ``(N, k)`` array of card ids, k in 5..7.

    ``rules`` as in :func:`evaluate` (wild-card rules rank five cards).
    ``parallel=True`` splits the work across numba's threads
    (``NUMBA_NUM_THREADS``). Ids are checked to be in range (for the high
    hand, inside the kernel at no cost; ``check=False`` skips only the
    variant kernels' checks); duplicate cards within a row are the caller's
    responsibility (``check_duplicates``). ``out``, a C-contiguous uint16
    array of N values, receives the ranks and is returned: reusing one saves
    a fresh allocation (and its page faults) per call on large batches.

    ``rules="omaha"`` or ``"omaha-hilo"`` rank Omaha hands (see
    :func:`pokerlab.evaluator.omaha.evaluate_omaha_batch`): rows of hole
    cards then a five-card board, or hole cards only with ``board`` (one
    board for all rows, or one per row); hi/lo gives an ``(N, 2)`` array of
    (high, low).

    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)) >> 12
    array([9], dtype=uint16)
    >>> evaluate_batch(np.array([[52, 51, 50, 49, 48]], dtype=np.uint8), rules="joker") >> 12
    array([10], dtype=uint16)
    """
    ruleset = find_rules(rules)
    spec = ruleset.spec
    if spec.board:
        values = evaluate_omaha_batch(cards, board, rules=ruleset.name, parallel=parallel)
        if out is None:
            return values
        if values.ndim != 1:
            raise InputError("out takes one value per row; rules 'omaha-hilo' give two (high, low)")
        _check_out(out, len(values))[:] = values
        return out
    if board is not None:
        raise InputError(f"board= is for Omaha rules; rules {rules or 'high'!r} rank whole hands")
    if spec.variant:
        array = check_batch(cards, ruleset) if check else cards
        values = evaluate_variant_batch(array, ruleset, parallel)
        if out is None:
            return values
        _check_out(out, len(values))[:] = values
        return out
    import numpy as np  # batch work only: the per-call path never imports numpy

    array = _check_batch(cards)
    out = np.empty(array.shape[0], dtype=np.uint16) if out is None else _check_out(out, array.shape[0])
    from .batch_kernels import evaluate_rows  # numba-compiled: imported on the first batch

    if not evaluate_rows(array, out, high_tables(), parallel):
        _raise_out_of_range(array)
    return out


def _check_out(out: np.ndarray, n: int) -> np.ndarray:
    import numpy as np  # batch work only

    if not isinstance(out, np.ndarray) or out.dtype != np.uint16 or out.shape != (n,) or not out.flags.c_contiguous:
        got = f"{out.dtype} {out.shape}" if isinstance(out, np.ndarray) else type(out).__name__
        raise InputError(f"out must be a C-contiguous uint16 array of shape ({n},), got {got}")
    if not out.flags.writeable:
        raise InputError("out is read-only")
    return out


def check_duplicates(cards: np.ndarray) -> None:
    """Raise :class:`CardError` naming the first row that holds a card twice.

    >>> import numpy as np
    >>> check_duplicates(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]]))
    Traceback (most recent call last):
    ...
    pokerlab.evaluator.cards.CardError: row 1 holds card 2s twice
    """
    import numpy as np  # batch work only

    array = np.sort(np.asarray(cards), axis=1)
    dup = np.argwhere(array[:, 1:] == array[:, :-1])
    if dup.size:
        row = int(dup[0, 0])
        raise CardError(f"row {row} holds card {card_str(int(array[row, dup[0, 1]]))} twice")


def enumerate_values(n_cards: int, *, parallel: bool = False) -> np.ndarray:
    """How many of the C(52, n) hands (n in 5..7) have each rank value (int64 histogram).

    >>> counts = enumerate_values(5)
    >>> int(counts.sum()), int((counts > 0).sum())  # every five-card hand, and the 7,462 distinct ranks
    (2598960, 7462)
    """
    from . import kernels  # numba-compiled: imported on first use

    if n_cards not in (5, 6, 7):
        raise InputError(f"n_cards must be 5, 6 or 7, got {n_cards}")
    t = high_tables()
    # Every lookup is of an n-card key: the hash of n-card keys only is smaller (7 cards: 130 KB
    # against 194 KB), more of it stays in cache (measured 7 cards: about 10 % faster).
    offsets, values = getattr(t, f"rank{n_cards}_offsets"), getattr(t, f"rank{n_cards}_values")
    tables = (t.card_keys, offsets, values, t.flush_values, _tables.SIZED_RANK_SHIFT)
    if parallel:
        from numba import get_num_threads

        counts: np.ndarray = kernels.enumerate_values_parallel(n_cards, *tables, get_num_threads())
    else:
        counts = kernels.enumerate_values(n_cards, *tables)
    return counts


def category_name(rank: int, rules: str | None = None) -> str:
    """Name of a rank's category under ``rules`` (default high).

    >>> category_name(evaluate("2c2d5h7s9c"))
    'One pair'
    >>> category_name(evaluate("7c5d4h3s2c", rules="deuce-seven"))   # the value knows its ruleset
    '7-high'
    """
    ruleset = checked_rules(rank, rules)
    if ruleset.spec.board:  # Omaha high values are high-hand values (hi/lo: the high of the pair)
        return CATEGORY_NAMES[category(rank[0] if isinstance(rank, tuple) else rank)]
    return ruleset.categories[category(rank)]


def class_ranks(rank: int) -> tuple[int, ...]:
    """The five ranks (0..12 for 2..A) of a hand class, grouped as described.

    >>> class_ranks(evaluate("7c7d7h6s6c"))
    (5, 5, 5, 4, 4)
    """
    checked_rules(rank, "high")
    # class_values is sorted (tests/evaluator/test_tables.py checks it): a search, not a 7,462-entry dict per process.
    values, rank = _T.view("class_values"), int(rank)
    index = bisect.bisect_left(values, rank)
    if index == len(values) or values[index] != rank:
        raise InputError(f"{rank} is not a hand rank")
    ranks = _T.view("class_ranks")  # (classes, 5): a 2-D memoryview takes an index pair
    return tuple(ranks[index, j] for j in range(5))


# A category's words: {0} its name, {high} the top rank's name, {ofN} the plural of the N-th of class_ranks'
# ranks (0: the best), {cardN} its character, {kickers} all five characters.
_DESCRIPTIONS = {
    ROYAL_FLUSH: "{0}",
    STRAIGHT_FLUSH: "{0}, {high} high",
    FOUR_OF_A_KIND: "{0}, {of0} ({card4} kicker)",
    FULL_HOUSE: "{0}, {of0} over {of3}",
    FLUSH: "{0}, {high} high ({kickers})",
    STRAIGHT: "{0}, {high} high",
    THREE_OF_A_KIND: "{0}, {of0} ({card3}-{card4} kickers)",
    TWO_PAIR: "{0}, {of0} and {of2} ({card4} kicker)",
    ONE_PAIR: "{0}, {of0} ({card2}-{card3}-{card4} kickers)",
    HIGH_CARD: "{0}, {high} high ({kickers})",
}


def describe(rank: int, rules: str | None = None) -> str:
    """A person's description of a rank (under ``rules``; by default the ruleset the value carries, else high).

    A value ranked under one ruleset cannot be described under another: the words would name another
    hand (:func:`pokerlab.evaluator.values.checked_rules` raises instead).

    >>> describe(evaluate("KhKdKc3s3h"))
    'Full house, kings over threes'
    >>> describe(evaluate("Ah2c3d4s5h"))
    'Straight, five high'
    >>> describe(evaluate("Ah2c3d4s5h", rules="ace-five"), rules="ace-five")
    'Five-four low (5-4-3-2-A)'
    >>> describe(evaluate("As2d9c9h | 3h4h5cKsKd", rules="omaha-hilo"))
    'Straight, five high; low: Five-four low (5-4-3-2-A)'
    >>> describe(evaluate("Ah2c3d4s5h", rules="ace-five"), rules="high")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InputError: ... was ranked under 'ace-five' rules: describing it under 'high' ...
    """
    ruleset = checked_rules(rank, rules)
    if ruleset.spec.pair:
        if len(rank) != 2:  # type: ignore[arg-type]  # a tuple: checked_rules gives omaha-hilo only to pairs
            raise InputError(f"an omaha-hilo value is a pair (high, low), got {rank!r}")
        pair: tuple[int, int] = rank  # type: ignore[assignment]  # a pair, checked above
        high, low = pair
        words = f"low: {describe_variant(low, 'ace-five', describe)}" if low else "no low"
        return f"{describe(high)}; {words}"
    if ruleset.spec.variant:
        return describe_variant(rank, ruleset, describe)
    r = class_ranks(rank)
    fields = {
        "high": RANK_NAMES[r[0]],
        "kickers": "-".join(RANK_CHARS[x] for x in r),
        **{f"of{i}": RANK_PLURALS[x] for i, x in enumerate(r)},
        **{f"card{i}": RANK_CHARS[x] for i, x in enumerate(r)},
    }
    return _DESCRIPTIONS[category(rank)].format(CATEGORY_NAMES[category(rank)], **fields)


def best_five(cards: CardsLike, rules: str | None = None) -> list[int]:
    """The five cards that make the hand, ordered as :func:`describe` reads them.

    With wild-card rules (five cards) the hand is returned as given; under ``badugi`` (four cards) the
    one to four cards of the best badugi, the highest first (the ace, low, last).

    >>> from pokerlab.evaluator.cards import format_cards
    >>> format_cards(best_five("2c Kh Kd 3s Kc 3h 9d"))
    'KhKdKc3s3h'
    >>> format_cards(best_five("Kh 7d 5c 4s 3h 2d 2c", rules="deuce-seven"))
    '7d5c4s3h2d'
    >>> format_cards(best_five("Kc Ah 9h 8h 7h 6h Kd", rules="short-deck"))
    '9h8h7h6hAh'
    >>> format_cards(best_five("Ac 3d 2d Kh", rules="badugi"))
    'Kh2dAc'
    """
    ruleset = find_rules(rules)
    if ruleset.spec.board:
        return _best_five_omaha(cards)
    if ruleset.spec.variant:
        return best_cards(cards, ruleset)
    ids = to_card_ids(cards, count=(5, 6, 7))
    target = evaluate(ids)
    for five in itertools.combinations(ids, 5):
        if evaluate(five) == target:
            remaining = list(five)
            ordered = []
            for r in class_ranks(target):
                pick = next((c for c in remaining if c >> 2 == r), None)
                if pick is None:
                    break
                remaining.remove(pick)
                ordered.append(pick)
            else:
                return ordered
    # Only tables that disagree with themselves get here (the value of no five of the cards, or of other ranks).
    raise _tables.TableError(
        f"the tables value {' '.join(card_str(c) for c in ids)} as {target}, which none of its five-card hands makes: "
        "the installed tables are inconsistent; 'pokerlab verify all' names the table"
    )


def _best_five_omaha(cards: object) -> list[int]:
    """The two hole and three board cards of an Omaha hand's high, ordered as :func:`describe` reads them."""
    hole, board = split_hand(cards)
    target = evaluate_omaha(hole, board)
    for pair in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            if evaluate([*pair, *three]) == target:
                return best_five([*pair, *three])
    raise AssertionError("unreachable: some two hole and three board cards make the hand")


def best_low_five(cards: object) -> list[int] | None:
    """The five cards of an Omaha hand's eight-or-better low (two hole, three board), best first; None without one.

    >>> from pokerlab.evaluator.cards import format_cards
    >>> format_cards(best_low_five("As2d9c9h | 3h4h5cKsKd"))
    '5c4h3h2dAs'
    >>> best_low_five("AsKdQcJh | 3h4h5c6s7d") is None
    True
    """
    hole, board = split_hand(cards)
    _, target = evaluate_omaha(hole, board, rules="omaha-hilo")  # type: ignore[misc]
    if not target:
        return None
    for pair in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            five = [*pair, *three]
            if evaluate_variant(five, "ace-five") == target:
                ranks = low_ranks(target, "ace-five")
                return [next(c for c in five if c >> 2 == r) for r in ranks]
    raise AssertionError("unreachable: some two hole and three board cards make the low")


__all__ = [
    "CATEGORY_NAMES",
    "CATEGORY_SHIFT",
    "HAS_COMPILED_EVALUATOR",
    "best_five",
    "best_low_five",
    "category",
    "category_name",
    "check_duplicates",
    "class_ranks",
    "describe",
    "enumerate_values",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "high_tables",
]
