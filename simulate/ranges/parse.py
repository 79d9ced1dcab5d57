"""Hold'em hand ranges: parsing, canonical text and the 13x13 grid.

The syntax is the one PokerStove, Equilab and OMPEval share. Items are
separated by commas; spaces around an item are ignored. Ranks and the
``s``/``o`` suffix are case-insensitive (``aks`` is ``AKs``).

==========  ==============================================================
``AA``      a pair (6 combos)
``AKs``     suited (4 combos); ``AKo`` offsuit (12); ``AK`` both (16)
``TT+``     TT, JJ, QQ, KK, AA
``A2s+``    A2s up to AKs: the kicker climbs to one below the top card;
            also ``KTo+`` and ``K9+`` (suited and offsuit)
``22-55``   22, 33, 44, 55 (either order)
``A5s-A2s`` A5s, A4s, A3s, A2s (either order; both ends share the top card
            and the kind: suited, offsuit or both)
``AhKh``    one specific combo: rank, suit, rank, suit, written together
``random``  all 1326 combos (also ``*``)
``15%``     the hand classes from
            ``pokerlab.simulate.ranges.order.top_percent_classes(15.0)``
==========  ==============================================================

Weights. Any item can carry a weight, in one of two spellings:

* ``AA@50`` -- a percentage in (0, 100]; a trailing ``%`` is allowed
  (``AA@50%``). This is the form ``str(range)`` writes.
* ``AA:0.5`` -- a fraction in (0, 1], as PioSolver and GTO+ export ranges.

A weight below ``MIN_WEIGHT`` (1e-6, i.e. 0.0001 %) is refused: a deal is
weighted by the product of up to ten weights, and below this floor that
product could underflow to zero. An item without a weight has weight 1. When several items cover the same
combo, the **later item wins**: ``AK, AKo@50`` is AKs at 100% and AKo at
50%, while ``AKo@50, AK`` is all of AK at 100%. Empty items (``AA,,KK`` or a
trailing comma) are skipped.

>>> r = parse_range("TT+, AKs, AQo@50")
>>> len(r), r.total_weight
(46, 40.0)
>>> str(r)
'TT+, AKs, AQo@50'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ...errors import InputError, PokerlabError
from ...evaluator.cards import JOKER_TEXT, RANK_CHARS, SUIT_CHARS, card_str
from .cells import (
    ALL_COMBOS,
    CELL_INDICES,
    CELL_LABELS,
    COMBO_CELL,
    COMBO_MASKS,
    GRID_LABELS,
    N_COMBOS,
    cell_of,
    combo_index,
)
from .grid import range_grid, render_grid
from .order import top_percent_classes
from .range_text import format_range

__all__ = [
    "GRID_LABELS",
    "N_COMBOS",
    "ClassCount",
    "Range",
    "RangeError",
    "parse_range",
    "range_grid",
    "render_grid",
]


class RangeError(PokerlabError, ValueError):
    """Bad range text; the message names the token and where it is.

    ``token``, ``position`` (1-based count of items) and ``column`` (1-based
    character column in the text) are ``None`` when the error is about the
    text as a whole, such as an empty range.

    >>> try:
    ...     parse_range("QQ+, AZs")
    ... except RangeError as error:
    ...     error.token, error.position, error.column
    ('AZs', 2, 6)
    >>> parse_range(f"AA:{MIN_WEIGHT / 10}")
    Traceback (most recent call last):
    ...
    pokerlab.simulate.ranges.parse.RangeError: weight '1e-07' is below the smallest allowed (1e-06, or @0.0001) ...
    """

    def __init__(
        self,
        message: str,
        token: str | None = None,
        position: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.token = token
        self.position = position
        self.column = column


class ClassCount(NamedTuple):
    """Combos present in one hand class and the sum of their weights.

    >>> parse_range("AKs, QQ:0.5").classes()
    {'AKs': ClassCount(combos=4, weight=4.0), 'QQ': ClassCount(combos=6, weight=3.0)}
    """

    combos: int
    weight: float


# --------------------------------------------------------------------------
# Range


class Range:
    """An immutable set of weighted two-card combos.

    ``combos`` is a read-only ``(M, 2)`` uint8 array of card ids, higher id
    first, in a canonical order (highest combo first); ``weights`` is the
    matching read-only float64 array with every value in (0, 1]. Two ranges
    are equal when they hold the same combos with exactly the same weights.

    Build one with :func:`parse_range`, or from arrays; combos given with a
    weight of 0 are left out:

    >>> r = Range([[51, 47], [50, 46]], [1.0, 0.5])
    >>> str(r)
    'AsKs, AhKh@50'
    """

    __slots__ = ("_combos", "_dense", "_text", "_weights")
    _combos: np.ndarray
    _dense: np.ndarray  # weight of each of the N_COMBOS combos, 0 when absent
    _text: str | None  # the canonical text, made on first use (results quote it: it is read often)
    _weights: np.ndarray

    def __init__(self, combos: object, weights: object = None) -> None:
        cards = np.asarray(combos)
        if cards.size == 0:
            cards = cards.reshape(0, 2)
        if cards.ndim != 2 or cards.shape[1] != 2:
            raise RangeError(f"combos must have shape (M, 2), got {cards.shape}")
        if not np.issubdtype(cards.dtype, np.integer):
            raise RangeError(f"combos must be integer card ids, got {cards.dtype}")
        cards = cards.astype(np.int64)
        if cards.size and (cards.min() < 0 or cards.max() > 51):
            raise RangeError("card ids must be in 0..51")
        hi, lo = cards.max(axis=1), cards.min(axis=1)
        if np.any(hi == lo):
            bad = int(np.flatnonzero(hi == lo)[0])
            raise RangeError(f"combo {bad} uses the card {card_str(int(hi[bad]))!r} twice")
        if weights is None:
            values = np.ones(len(cards))
        else:
            values = np.asarray(weights, dtype=np.float64)
            if values.shape != (len(cards),):
                raise RangeError(f"weights must have shape ({len(cards)},), got {values.shape}")
            if not np.all((values >= 0) & (values <= 1)):
                raise RangeError("weights must be in [0, 1]")
            if np.any((values > 0) & (values < MIN_WEIGHT)):
                raise RangeError(f"weights must be 0 or at least MIN_WEIGHT ({MIN_WEIGHT:g})")
        index = combo_index(hi, lo)
        if len(np.unique(index)) != len(index):
            raise RangeError("combos contain a duplicate")
        dense = np.zeros(N_COMBOS)
        dense[index] = values
        self._set(dense)

    @classmethod
    def _from_dense(cls, dense: np.ndarray) -> Range:
        self = object.__new__(cls)
        self._set(dense)
        return self

    def _set(self, dense: np.ndarray) -> None:
        present = np.flatnonzero(dense)[::-1]
        combos = ALL_COMBOS[present]
        weights = dense[present]
        dense = dense.copy()
        for array in (combos, weights, dense):
            array.setflags(write=False)
        object.__setattr__(self, "_combos", combos)
        object.__setattr__(self, "_weights", weights)
        object.__setattr__(self, "_dense", dense)
        object.__setattr__(self, "_text", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Range is immutable")

    def __reduce__(self) -> tuple[object, tuple[np.ndarray]]:
        """Pickled (and copied) as its dense weights, rebuilt through the checked constructor's own path.

        >>> import pickle
        >>> r = parse_range("QQ+, AKs:0.5")
        >>> pickle.loads(pickle.dumps(r)) == r
        True
        """
        return Range._from_dense, (np.array(self._dense),)

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Range is immutable")

    @property
    def combos(self) -> np.ndarray:
        """Read-only ``(M, 2)`` uint8 card ids, higher id first."""
        return self._combos

    @property
    def weights(self) -> np.ndarray:
        """Read-only ``(M,)`` float64 weights, each in (0, 1]."""
        return self._weights

    @property
    def dense(self) -> np.ndarray:
        """Read-only ``(1326,)`` weight of every combo by its index (:func:`.cells.combo_index`), 0 when absent.

        >>> float(parse_range("AsAh").dense.sum())
        1.0
        """
        return self._dense

    @property
    def total_weight(self) -> float:
        """Sum of the weights: the number of combos, counting partial ones.

        >>> parse_range("AA, KK@50").total_weight
        9.0
        """
        return float(self._weights.sum())

    def __len__(self) -> int:
        """Number of combos with a nonzero weight."""
        return len(self._weights)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(np.array_equal(self._dense, other._dense))

    def __hash__(self) -> int:
        return hash(self._dense.tobytes())

    def __repr__(self) -> str:
        return f"Range({str(self)!r})"

    def __str__(self) -> str:
        """Canonical compact text that :func:`parse_range` reads back equal.

        >>> str(parse_range("AKs, 55-22, QQ+, AKo"))
        'QQ+, 55-22, AK'
        """
        text = self._text
        if text is None:
            text = format_range(self._dense)
            object.__setattr__(self, "_text", text)
        return text

    def remove(self, dead_mask: int) -> Range:
        """A new range without the combos that use a card in ``dead_mask``.

        ``dead_mask`` has bit ``id`` set for each dead card (see
        ``pokerlab.evaluator.cards.cards_to_mask``).

        >>> len(parse_range("AA").remove(1 << 51))
        3
        """
        mask = int(dead_mask)
        if mask < 0 or mask >> 52:
            raise InputError(f"card mask {mask:#x} has bits outside 0..51")
        # One vectorised test per combo on its precomputed card mask (a Python loop over the 52
        # cards made this 30 us, most of a small postflop equity query).
        dense = self._dense.copy()
        dense[(COMBO_MASKS & np.uint64(mask)) != 0] = 0.0
        return Range._from_dense(dense)

    def classes(self) -> dict[str, ClassCount]:
        """Hand classes present, in grid order, with their combos and weight.

        >>> parse_range("AA, AsKs, AKo@50").classes()
        {'AA': ClassCount(combos=6, weight=6.0), 'AKs': ClassCount(combos=1, weight=1.0), \
'AKo': ClassCount(combos=12, weight=6.0)}
        """
        counts = np.bincount(COMBO_CELL, weights=self._dense > 0, minlength=169)
        sums = np.bincount(COMBO_CELL, weights=self._dense, minlength=169)
        return {
            CELL_LABELS[cell]: ClassCount(int(counts[cell]), float(sums[cell])) for cell in range(169) if counts[cell]
        }


# --------------------------------------------------------------------------
# Parsing

#: The smallest nonzero combo weight (ten of them multiply to 1e-60, far from underflow).
MIN_WEIGHT = 1e-6
_NUMBER = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_WEIGHTED = re.compile(r"(?P<body>[^@:]*?)\s*(?:(?P<op>[@:])\s*(?P<num>.*))?", re.DOTALL)
_ALL_WORDS = ("random", "*")

# Class kinds: 'p' pair, 's' suited, 'o' offsuit, 'b' both suited and offsuit.
_KIND_NAMES = {"p": "a pair", "s": "suited", "o": "offsuit", "b": "suited and offsuit"}


@dataclass(frozen=True)
class _Item:
    """One comma-separated item and where it is, for error messages."""

    text: str
    position: int
    column: int

    def error(self, what: str, hint: str = "") -> RangeError:
        message = f"{what} {self.text!r} at position {self.position} (column {self.column})"
        if hint:
            message += f": {hint}"
        return RangeError(message, self.text, self.position, self.column)


def _items(text: str) -> Iterator[_Item]:
    offset = 0
    position = 0
    for field in text.split(","):
        stripped = field.strip()
        if stripped:
            position += 1
            column = offset + len(field) - len(field.lstrip()) + 1
            yield _Item(stripped, position, column)
        offset += len(field) + 1


def _class_indices(top: int, low: int, kind: str) -> np.ndarray:
    if kind == "p":
        return CELL_INDICES[cell_of(top, top, False)]
    suited = CELL_INDICES[cell_of(top, low, True)]
    offsuit = CELL_INDICES[cell_of(top, low, False)]
    return {"s": suited, "o": offsuit}.get(kind, np.concatenate([suited, offsuit]))


def _parse_class(text: str, item: _Item) -> tuple[int, int, str]:
    """(top rank, low rank, kind) of a class such as 'AKs', 'kq' or 'TT'."""
    if len(text) not in (2, 3):
        raise item.error("unknown token")
    ranks = [RANK_CHARS.find(ch.upper()) for ch in text[:2]]
    if ranks[0] < 0 and ranks[1] < 0:
        raise item.error("unknown token")
    for ch, rank in zip(text[:2], ranks, strict=True):
        if rank < 0:
            raise item.error(f"unknown rank {ch!r} in", f"ranks are {' '.join(RANK_CHARS)}")
    top, low = max(ranks), min(ranks)
    suffix = text[2:].lower()
    if suffix not in ("", "s", "o"):
        raise item.error("unknown token", "a hand class ends in 's' (suited), 'o' (offsuit) or nothing")
    if top == low:
        if suffix:
            raise item.error("bad pair", "a pair cannot be suited or offsuit")
        return top, low, "p"
    return top, low, suffix or "b"


def _parse_combo(text: str, item: _Item) -> int:
    """Combo index of a specific combo such as 'AhKh'."""
    hint = "a specific combo is rank, suit, rank, suit, e.g. 'AhKh'"
    cards = []
    for i in (0, 2):
        rank = RANK_CHARS.find(text[i].upper())
        suit = SUIT_CHARS.find(text[i + 1].lower())
        if rank < 0:
            raise item.error(f"unknown rank {text[i]!r} in", hint)
        if suit < 0:
            raise item.error(f"unknown suit {text[i + 1]!r} in", hint)
        cards.append(4 * rank + suit)
    if cards[0] == cards[1]:
        raise item.error(f"duplicate card {card_str(cards[0])!r} in")
    return combo_index(max(cards), min(cards))


def _parse_number(text: str, item: _Item, what: str) -> float:
    if not _NUMBER.fullmatch(text):
        raise item.error(f"bad {what} {text!r} in")
    return float(text)


def _split_weight(item: _Item) -> tuple[str, float]:
    """The hand part of an item and its weight as a fraction in (0, 1]."""
    match = _WEIGHTED.fullmatch(item.text)
    if match is None:  # pragma: no cover - the pattern matches any text
        raise item.error("unknown token")
    body, op, number = match["body"], match["op"], match["num"]
    if not body:
        raise item.error("missing hand before the weight in")
    if op is None:
        return body, 1.0
    if _NUMBER.fullmatch(body) and not _NUMBER.fullmatch(number.removesuffix("%")):
        raise item.error("weight before the hand in", "write the weight after the hand, e.g. 'AK:0.5' or 'AK@50'")
    if op == "@":
        percent = _parse_number(number.removesuffix("%"), item, "weight")
        if not 0 < percent <= 100:
            raise item.error(f"weight {number!r} is outside (0, 100%] in")
        weight = percent / 100
    else:
        weight = _parse_number(number, item, "weight")
        if not 0 < weight <= 1:
            hint = f"write '@{number}' for a percentage" if 1 < weight <= 100 else ""
            raise item.error(f"weight {number!r} is outside (0, 1] in", hint)
    if not weight >= MIN_WEIGHT:
        raise item.error(
            f"weight {number!r} is below the smallest allowed ({MIN_WEIGHT:g}, or @{100 * MIN_WEIGHT:g}) in"
        )
    return body, weight


def _expand(body: str, item: _Item) -> np.ndarray:
    """Combo indices of one item's hand part."""
    if body == JOKER_TEXT:  # the joker's name, as in 'pokerlab eval': never read as KJ
        raise item.error("ambiguous token", "'Jk' names the joker; write the hand class KJ (or JK, KJs, KJo)")
    if any(ch.isspace() for ch in body):
        raise item.error(
            "unknown token",
            "separate hands with commas; write a specific combo without spaces, e.g. 'AhKh'",
        )
    if body.lower() in _ALL_WORDS:
        return np.arange(N_COMBOS)
    if body.endswith("%"):
        return _expand_percent(body, item)
    if "-" in body:
        return _expand_dash(body, item)
    if body.endswith("+"):
        return _expand_plus(body, item)
    if len(body) == 4:
        return np.array([_parse_combo(body, item)])
    top, low, kind = _parse_class(body, item)
    return _class_indices(top, low, kind)


def _expand_percent(body: str, item: _Item) -> np.ndarray:
    """Combo indices of ``N%``: the hand classes of the top N percent of hands (:mod:`.order`)."""
    percent = _parse_number(body[:-1], item, "percentage")
    if not 0 < percent <= 100:
        raise item.error(f"percentage {body!r} is outside (0, 100%] in")
    names = top_percent_classes(percent)
    if not names:
        raise item.error("no hand classes for percent range")
    parts = []
    for name in names:
        if not isinstance(name, str) or name not in CELL_LABELS:
            raise item.error(f"pokerlab.simulate.ranges.order gave a bad hand class {name!r} for")
        parts.append(CELL_INDICES[CELL_LABELS.index(name)])
    return np.concatenate(parts)


def _expand_plus(body: str, item: _Item) -> np.ndarray:
    """Combo indices of ``TT+`` (the pair and every higher pair) or ``A2s+`` (the low card up to below the top)."""
    base = body[:-1]
    if base.lower() in _ALL_WORDS or base.endswith(("%", "+")) or len(base) == 4:
        raise item.error("misplaced '+' in", "'+' follows a pair or a hand class, e.g. 'TT+', 'A2s+'")
    top, low, kind = _parse_class(base, item)
    if kind == "p":
        return np.concatenate([_class_indices(r, r, "p") for r in range(top, 13)])
    return np.concatenate([_class_indices(top, k, kind) for k in range(low, top)])


def _expand_dash(body: str, item: _Item) -> np.ndarray:
    parts = body.split("-")
    if len(parts) != 2 or not all(parts):
        raise item.error("unknown token", "a dash range has two ends, e.g. '22-55' or 'A5s-A2s'")
    if any(part.endswith("+") for part in parts):
        raise item.error("misplaced '+' in", "'+' cannot be used inside a dash range")
    if any(len(part) == 4 or part.lower() in _ALL_WORDS or part.endswith("%") for part in parts):
        raise item.error("bad dash range", "it joins two hand classes, e.g. '22-55' or 'A5s-A2s'")
    (top1, low1, kind1), (top2, low2, kind2) = (_parse_class(p, item) for p in parts)
    if kind1 != kind2:
        raise item.error(
            "bad dash range",
            f"it mixes hand kinds: {parts[0]!r} is {_KIND_NAMES[kind1]} but {parts[1]!r} is {_KIND_NAMES[kind2]}",
        )
    if kind1 == "p":
        first, last = sorted((top1, top2))
        return np.concatenate([_class_indices(r, r, "p") for r in range(first, last + 1)])
    if top1 != top2:
        raise item.error("bad dash range", "both ends must share the top card, e.g. 'A5s-A2s'")
    first, last = sorted((low1, low2))
    return np.concatenate([_class_indices(top1, k, kind1) for k in range(first, last + 1)])


def parse_range(text: str) -> Range:
    """Parse range text such as ``"TT+, A2s+, KQo, AhKh@50"``.

    See the module docstring for the syntax. Raises :class:`RangeError`
    (a ``ValueError``) naming the bad token, its position among the items
    and its column in the text.

    >>> len(parse_range("TT+")), len(parse_range("A2s+")), len(parse_range("random"))
    (30, 48, 1326)
    >>> try:
    ...     parse_range("AA, AKx")
    ... except RangeError as error:
    ...     print(error)
    unknown token 'AKx' at position 2 (column 5): a hand class ends in 's' (suited), \
'o' (offsuit) or nothing
    """
    if not isinstance(text, str):
        raise TypeError(f"range text must be a str, got {type(text).__name__}")
    # A percentage's classes come from the ordering function this module holds at the time of the call: the
    # cache is keyed by it too, so a stand-in ordering never reads entries made with another.
    return _parse_range_cached(text, top_percent_classes if "%" in text else None)


def _parse_range_text(text: str, ordering: object = None) -> Range:
    """The range of ``text``; ``ordering`` is only the cache's key for the percentage classes it used."""
    dense = np.zeros(N_COMBOS)
    empty = True
    for item in _items(text):
        body, weight = _split_weight(item)
        dense[_expand(body, item)] = weight
        empty = False
    if empty:
        raise RangeError("empty range: the text names no hands")
    return Range._from_dense(dense)


# Ranges are immutable, so a text seen before is parsed once (equity calls in a loop reuse them).
_parse_range_cached = lru_cache(maxsize=1024)(_parse_range_text)
