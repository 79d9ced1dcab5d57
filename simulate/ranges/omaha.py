"""Omaha hand ranges: specific hands, ``random``, and rank patterns with suit conditions.

Items are separated by commas (spaces around an item are ignored); a range
is every hand any item matches. A hand has ``hole_cards`` cards (4, 5 or 6),
and so does every item:

=============  ===============================================================
``AsKsQdJd``   one specific hand
``random``     every hand (also ``*``)
``AA**``       a pattern, one token per card: a card (``As``), a rank
               (``A``, ``K`` ... ``2``; ``T`` is ten) or any card (``*`` or
               ``x``). ``AA**`` is every hand holding two aces or more (the
               wildcards may be aces too); ``AKxx``, ``AsAhxx``, ``KQJT``
``AAxxds``     a pattern with a suit condition: ``ds`` double suited (two
               suits, two cards of each, for four cards; with 5 or 6 cards:
               two suits with two cards or more each), ``ss`` single suited
               (exactly one suit with two cards or more), ``r`` rainbow (no
               two cards of a suit)
=============  ===============================================================

Ranks and ``x`` are case-insensitive; suits are lowercase after a rank
(``As``). Cards that are dead (the board, dead cards) are removed first.

A pattern is read with numpy: every choice of its named cards and ranks, times every combination of
live cards for its wildcards, as 64-bit card masks deduplicated by a sort (``benchmarks/omaha_ranges.py``
times it). Parses are cached by text, hand size and dead cards (:data:`CACHE_ENTRIES`, :data:`CACHE_BYTES`),
so their ``combos`` are read-only; a parse with dead cards is the cached whole-deck parse less the hands
holding one, which is what a bot pays on each new board.

>>> len(parse_omaha_range("AA**").combos)   # C(4,2)*C(48,2) + C(4,3)*48 + 1
6961
>>> len(parse_omaha_range("AAxxds").combos), len(parse_omaha_range("AsKsQdJd, AhKhQcJc").combos)
(864, 2)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np

from ...evaluator.cards import RANK_CHARS, SUIT_CHARS, card_str
from .parse import RangeError

HOLE_SIZES = (4, 5, 6)
SUIT_CONDITIONS = {"ds": "double suited", "ss": "single suited", "r": "rainbow"}
#: The most hands a range may list (all six-card hands are 20 million; ``random`` is never listed for Monte Carlo).
MAX_COMBOS = 3_000_000


@dataclass(frozen=True)
class OmahaRange:
    """The hands of an Omaha range: ``combos`` is an (M, hole_cards) uint8 array of sorted card ids, rows in
    lexicographic order, read-only (parses are cached and shared)."""

    text: str
    hole_cards: int
    combos: np.ndarray
    is_random: bool  # every hand of the live deck (Monte Carlo deals it without listing)

    def __len__(self) -> int:
        return len(self.combos)


#: Parses kept (least recently used dropped first), by (text, hole_cards, dead mask): a bot reads the same few
#: ranges decision after decision.
CACHE_ENTRIES = 64
CACHE_BYTES = 160 << 20  # and at most this many bytes (a million six-card hands: 6 MB of cards, 8 MB of keys)
#: Smaller parses are not kept: they take well under a millisecond to make again, and a bot's own hand (new
#: every decision, parsed with the ranges) would push the ranges out of the cache.
CACHE_MIN_HANDS = 100
_Entry = tuple[OmahaRange, np.ndarray | None] | str  # a parse and its hands' keys (whole-deck parses), or why it failed
_CACHE: OrderedDict[tuple[str, int, int], _Entry] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_cache_bytes = 0


def _tokens(text: str) -> list[str] | None:
    """One token per card of a pattern ('As', 'A', '*'), or None when the text is not one."""
    tokens = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "*xX":
            tokens.append("*")
            i += 1
        elif ch.upper() in RANK_CHARS:
            if i + 1 < len(text) and text[i + 1] in SUIT_CHARS:
                tokens.append(ch.upper() + text[i + 1])
                i += 2
            else:
                tokens.append(ch.upper())
                i += 1
        else:
            return None
    return tokens


def split_condition(item: str, hole_cards: int) -> tuple[list[str], str | None]:
    """The tokens of one pattern item of ``hole_cards`` cards and its suit condition; RangeError if it is not one.

    >>> split_condition("AAxxds", 4)
    (['A', 'A', '*', '*'], 'ds')
    """
    tokens = _tokens(item)
    if tokens is not None and len(tokens) == hole_cards:
        return tokens, None
    for suffix in SUIT_CONDITIONS:
        if item.lower().endswith(suffix):
            tokens = _tokens(item[: -len(suffix)])
            if tokens is not None and len(tokens) == hole_cards:
                return tokens, suffix
    raise RangeError(
        f"Omaha range item {item!r} is not {hole_cards} cards, ranks or wildcards (*, x), with an optional "
        "ds, ss or r: e.g. AsKsQdJd, AA**, AAxxds"
    )


#: Card ``c`` is bit ``51 - c`` of a hand's key, so sorting keys in descending order sorts hands' card rows
#: (each row ascending) lexicographically, the order the ranges have always listed their hands in.
_CARD_KEY = np.array([1 << (51 - c) for c in range(52)], dtype=np.int64)
_SUIT_KEYS = [int(_CARD_KEY[s::4].sum()) for s in range(4)]
_CHUNK = 1 << 14  # hands handled at a time: small temporaries stay in the CPU cache (2-3x faster than whole arrays)


@lru_cache(maxsize=12)
def _index_combos(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as ascending rows in lexicographic order (read-only; built a column at a time)."""
    if k == 0:
        rows = np.zeros((1, 0), dtype=np.uint8)
    else:
        rows = np.arange(n - k + 1, dtype=np.uint8)[:, None]
        for j in range(1, k):
            last = rows[:, -1].astype(np.int64)
            counts = n - k + j - last  # the next card runs from last + 1 to n - k + j
            starts = np.cumsum(counts) - counts
            offset = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(starts, counts)
            nxt = (np.repeat(last + 1, counts) + offset).astype(np.uint8)
            rows = np.concatenate([np.repeat(rows, counts, axis=0), nxt[:, None]], axis=1)
    rows.setflags(write=False)
    return rows


def _prefix_keys(tokens: list[str], live_mask: int) -> tuple[np.ndarray, int]:
    """The keys of every choice of cards for the pattern's cards and ranks, and how many cards each holds.

    A named card must be live and named once; each rank named m times takes m live cards of that rank
    other than the named cards (ranks share no cards, so choosing them one rank at a time finds every match).
    """
    groups: dict[str, int] = {}
    for token in tokens:
        groups[token] = groups.get(token, 0) + 1
    named = [4 * RANK_CHARS.index(t[0]) + SUIT_CHARS.index(t[1]) for t in groups if len(t) == 2]
    size = sum(n for t, n in groups.items() if t != "*")
    if any(groups[card_str(c)] > 1 or not live_mask >> c & 1 for c in named):
        return np.zeros(0, dtype=np.int64), size
    keys = np.array([int(_CARD_KEY[named].sum())], dtype=np.int64)
    taken = live_mask & ~sum(1 << c for c in named)
    for token, count in groups.items():
        if len(token) != 1 or token == "*":
            continue
        rank = RANK_CHARS.index(token)
        cards = [c for c in range(4 * rank, 4 * rank + 4) if taken >> c & 1]
        if len(cards) < count:
            return np.zeros(0, dtype=np.int64), size
        choices = _CARD_KEY[cards][_index_combos(len(cards), count)].sum(axis=1)
        keys = (keys[:, None] | choices[None, :]).ravel()
    return keys, size


def _pattern_keys(tokens: list[str], condition: str | None, live: list[int]) -> np.ndarray:
    """The keys of every hand (with repeats) whose cards can be matched one to one with the tokens, and
    that meet the suit condition (None: any suits).

    The fixed part (named cards and ranks) is every prefix; the wildcards are every combination of the
    live cards, kept where they share no card with the prefix: prefixes x combinations by broadcasting.
    """
    live_mask = sum(1 << c for c in live)
    prefixes, size = _prefix_keys(tokens, live_mask)
    n_wild = len(tokens) - size
    listed = len(prefixes) * comb(len(live) - size, n_wild)  # before repeats are dropped
    if listed > 4 * MAX_COMBOS:
        raise RangeError(f"Omaha range item {''.join(tokens)!r} lists too many hands (over {MAX_COMBOS:,})")
    if not listed:
        return np.zeros(0, dtype=np.int64)
    wild = _CARD_KEY[np.array(live)][_index_combos(len(live), n_wild)].sum(axis=1)
    parts = []
    step = max(1, _CHUNK // len(wild))  # blocks of at most _CHUNK pairs: temporaries stay in the CPU cache
    for i in range(0, len(prefixes), step):
        block = prefixes[i : i + step, None]
        for j in range(0, len(wild), _CHUNK):
            pairs = block | wild[None, j : j + _CHUNK]
            pairs = pairs[(block & wild[None, j : j + _CHUNK]) == 0]
            parts.append(pairs if condition is None else pairs[_suit_keep(pairs, len(tokens), condition)])
    return np.concatenate(parts)


def _suit_keep(keys: np.ndarray, hole_cards: int, condition: str) -> np.ndarray:
    """Which hands meet the suit condition (the module doc), from per-suit bit counts of their keys."""
    counts = np.stack([np.bitwise_count(keys & s) for s in _SUIT_KEYS], axis=1)
    paired_suits: np.ndarray = (counts >= 2).sum(axis=1)
    keep: np.ndarray
    if condition == "ds":
        keep = paired_suits == 2
        if hole_cards == 4:
            keep &= counts.max(axis=1) == 2
    elif condition == "ss":
        keep = paired_suits == 1
    else:
        keep = counts.max(axis=1) == 1
    return keep


def _unique_descending(keys: np.ndarray) -> np.ndarray:
    """The distinct keys, largest first (np.sort plus a neighbour test: much faster than np.unique here)."""
    keys = np.sort(keys)[::-1]
    if len(keys) > 1:
        keys = keys[np.concatenate([[True], keys[1:] != keys[:-1]])]
    return keys


def _rows(keys: np.ndarray, hole_cards: int) -> np.ndarray:
    """The (M, hole_cards) sorted card rows of hand keys, a card a column from the highest (the lowest bit)."""
    rows = np.empty((len(keys), hole_cards), dtype=np.uint8)
    for i in range(0, len(keys), _CHUNK):
        part = keys[i : i + _CHUNK].copy()
        for j in range(hole_cards - 1, -1, -1):
            low = part & -part
            rows[i : i + _CHUNK, j] = 52 - np.frexp(low.astype(np.float64))[1]  # low = 2**(51 - card) exactly
            part ^= low
    return rows


def parse_omaha_range(text: str, hole_cards: int = 4, dead: int = 0) -> OmahaRange:
    """The hands of an Omaha range text (see the module doc), without the cards of the ``dead`` mask.

    >>> r = parse_omaha_range("KK** ds, AsAh2c3d", dead=1 << 51)   # As is dead: the second item is gone
    >>> len(r), r.is_random
    (828, False)
    >>> parse_omaha_range("AAK", hole_cards=4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlab.simulate.ranges.parse.RangeError: Omaha range item 'AAK' is not 4 cards, ranks or wildcards (*, x), ...
    """
    if hole_cards not in HOLE_SIZES:
        raise RangeError(f"Omaha hands hold 4, 5 or 6 cards, not {hole_cards}")
    if not isinstance(text, str) or not text.strip():
        raise RangeError("empty Omaha range: give hands, patterns such as AA** or 'random'")
    entry = _cached(text, hole_cards, dead)
    if isinstance(entry, str):
        raise RangeError(entry)
    return entry[0]


def _cached(text: str, hole_cards: int, dead: int) -> _Entry:
    """The cache's entry for a parse, made and stored if missing: the range and its hands' keys, or an error.

    With dead cards the range is the one without them (the cached whole-deck parse) less every hand that
    holds one: whether a hand matches a pattern depends on its own cards only, so that is the same set of
    hands in the same order, and a bot pays the full parse once per range, not once per board.
    """
    key = (text, hole_cards, dead)
    with _CACHE_LOCK:
        entry = _CACHE.get(key)
        if entry is not None:
            _CACHE.move_to_end(key)
            if dead and (text, hole_cards, 0) in _CACHE:
                _CACHE.move_to_end((text, hole_cards, 0))  # the whole-deck parse outlives its boards' parses
            return entry
    base = _cached(text, hole_cards, 0) if dead else None
    if isinstance(base, tuple) and base[1] is not None:
        entry = _without(base[0], base[1], text, dead)
    else:  # no dead cards, or the whole deck's parse failed (too many hands with every card live, say)
        try:
            entry = _parse(text, hole_cards, dead)
        except RangeError as exc:
            entry = str(exc)
    if isinstance(entry, tuple) and not entry[0].is_random and len(entry[0]) < CACHE_MIN_HANDS:
        return entry
    with _CACHE_LOCK:
        global _cache_bytes
        if key not in _CACHE:  # another thread may have stored it meanwhile
            _CACHE[key] = entry
            _cache_bytes += _entry_bytes(entry)
        while len(_CACHE) > CACHE_ENTRIES or (_cache_bytes > CACHE_BYTES and len(_CACHE) > 1):
            _cache_bytes -= _entry_bytes(_CACHE.popitem(last=False)[1])
    return entry


def _entry_bytes(entry: _Entry) -> int:
    return 0 if isinstance(entry, str) else entry[0].combos.nbytes + (0 if entry[1] is None else entry[1].nbytes)


def _without(parsed: OmahaRange, keys: np.ndarray, text: str, dead: int) -> _Entry:
    """A parsed range less the hands that hold a dead card (the error when none are left); no keys kept, as
    only whole-deck parses are filtered (a board's parse of a million six-card hands is 6 MB, not 14)."""
    if parsed.is_random:
        return parsed, None
    dead_key = sum(1 << (51 - c) for c in range(52) if dead >> c & 1)
    keep = (keys & dead_key) == 0
    if not keep.any():
        return _none_left(text, dead)
    rows = parsed.combos.view(np.dtype((np.void, parsed.hole_cards))).ravel()  # a hand an item: 10x faster to pick
    combos = _read_only(rows[keep].view(np.uint8).reshape(-1, parsed.hole_cards))
    return OmahaRange(parsed.text, parsed.hole_cards, combos, False), None


def every_hand(hole_cards: int, dead: int = 0) -> np.ndarray:
    """Every hand of ``hole_cards`` live cards, listed (rows as in :class:`OmahaRange`): what exact
    enumeration deals a ``random`` player, which a range only marks as random.

    >>> every_hand(4).shape, every_hand(4, dead=0b1111).shape   # C(52, 4), C(48, 4)
    ((270725, 4), (194580, 4))
    """
    live = [c for c in range(52) if not dead >> c & 1]
    keys = _unique_descending(_pattern_keys(["*"] * hole_cards, None, live))
    if len(keys) > MAX_COMBOS:
        raise RangeError(f"every hand of {hole_cards} cards is {len(keys):,} hands (at most {MAX_COMBOS:,} listed)")
    return _read_only(_rows(keys, hole_cards))


def _none_left(text: str, dead: int) -> str:
    dead_cards = " ".join(card_str(c) for c in range(52) if dead >> c & 1)
    return f"Omaha range {text!r} has no hands left" + (f" without {dead_cards}" if dead_cards else "")


def _parse(text: str, hole_cards: int, dead: int) -> _Entry:
    live = [c for c in range(52) if not dead >> c & 1]
    items = [item.strip() for item in text.split(",") if item.strip()]
    # Every hand, as "random" is: dealt from the live cards, never listed (nine '*****' players listed and
    # dealt by rejection collide on almost every deal, though they use 45 of the 52 cards).
    if any(item.lower() in ("random", "*") or item.replace(" ", "") == "*" * hole_cards for item in items):
        empty = np.zeros((0, hole_cards), dtype=np.uint8)
        return OmahaRange(text.strip(), hole_cards, _read_only(empty), True), np.zeros(0, dtype=np.int64)
    if not items:
        return f"Omaha range {text!r} lists no hands (an empty item between commas?)"
    # Each item's hands are merged into the distinct hands so far as it is expanded: memory stays bounded by
    # the range's size (at most MAX_COMBOS, the cap of the whole range), not by the number of items.
    keys = np.zeros(0, dtype=np.int64)
    for item in items:
        tokens, condition = split_condition(item.replace(" ", ""), hole_cards)
        keys = _unique_descending(np.concatenate([keys, _pattern_keys(tokens, condition, live)]))
        if len(keys) > MAX_COMBOS:
            return f"Omaha range {text!r} lists over {MAX_COMBOS:,} hands (the limit of a range); use 'random'"
    if not len(keys):
        return _none_left(text, dead)
    return OmahaRange(text.strip(), hole_cards, _read_only(_rows(keys, hole_cards)), False), _read_only(keys)


def _read_only(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)  # shared through the cache: no caller may change another's hands
    return array


def clear_cache() -> None:
    """Forget every cached parse (the benchmark times cold parses with it)."""
    global _cache_bytes
    with _CACHE_LOCK:
        _CACHE.clear()
        _cache_bytes = 0


def live_hand_count(hole_cards: int, live_cards: int) -> int:
    """How many hands of ``hole_cards`` cards a deck of ``live_cards`` holds (the combos of ``random``).

    >>> live_hand_count(4, 52)
    270725
    """
    return comb(live_cards, hole_cards)
