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

>>> len(parse_omaha_range("AA**").combos)   # C(4,2)*C(48,2) + C(4,3)*48 + 1
6961
>>> len(parse_omaha_range("AAxxds").combos), len(parse_omaha_range("AsKsQdJd, AhKhQcJc").combos)
(864, 2)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ...evaluator.cards import RANK_CHARS, SUIT_CHARS, card_str
from .parse import RangeError

HOLE_SIZES = (4, 5, 6)
SUIT_CONDITIONS = {"ds": "double suited", "ss": "single suited", "r": "rainbow"}
#: The most hands a range may list (all six-card hands are 20 million; ``random`` is never listed for Monte Carlo).
MAX_COMBOS = 3_000_000


@dataclass(frozen=True)
class OmahaRange:
    """The hands of an Omaha range: ``combos`` is an (M, hole_cards) uint8 array of sorted card ids."""

    text: str
    hole_cards: int
    combos: np.ndarray
    is_random: bool  # every hand of the live deck (Monte Carlo deals it without listing)

    def __len__(self) -> int:
        return len(self.combos)


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


def _matching(token: str, live: list[int]) -> list[int]:
    if token == "*":
        return live
    rank = RANK_CHARS.index(token[0])
    if len(token) == 2:
        card = 4 * rank + SUIT_CHARS.index(token[1])
        return [card] if card in live else []
    return [c for c in live if c >> 2 == rank]


def _combinations(cards: list[int], k: int) -> np.ndarray:
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(cards, k)), dtype=np.uint8)
    return flat.reshape(-1, k)


def _pattern_hands(tokens: list[str], live: list[int]) -> np.ndarray:
    """Every hand (sorted rows) whose cards can be matched one to one with the tokens."""
    groups: dict[str, int] = {}
    for token in tokens:
        groups[token] = groups.get(token, 0) + 1
    fixed = sorted((t for t in groups if t != "*"), key=len, reverse=True)  # cards first, then ranks
    prefixes: list[tuple[int, ...]] = [()]
    for token in fixed:
        extended = []
        for prefix in prefixes:
            choices = [c for c in _matching(token, live) if c not in prefix]
            extended += [prefix + combo for combo in itertools.combinations(choices, groups[token])]
        prefixes = extended
    n_wild = groups.get("*", 0)
    blocks = []
    for prefix in prefixes:
        rest = [c for c in live if c not in prefix]
        wild = _combinations(rest, n_wild)
        block = np.empty((len(wild), len(tokens)), dtype=np.uint8)
        block[:, : len(prefix)] = prefix
        block[:, len(prefix) :] = wild
        blocks.append(block)
        if sum(len(b) for b in blocks) > 4 * MAX_COMBOS:
            raise RangeError(f"Omaha range item {''.join(tokens)!r} lists too many hands (over {MAX_COMBOS:,})")
    if not blocks:
        return np.zeros((0, len(tokens)), dtype=np.uint8)
    return _unique_rows(np.sort(np.concatenate(blocks), axis=1))


def _unique_rows(hands: np.ndarray) -> np.ndarray:
    """Distinct sorted rows in lexicographic order (each row packed into one int64: 6 bits a card)."""
    k = hands.shape[1]
    packed = np.zeros(len(hands), dtype=np.int64)
    for j in range(k):
        packed = (packed << 6) | hands[:, j].astype(np.int64)
    packed = np.unique(packed)
    out = np.empty((len(packed), k), dtype=np.uint8)
    for j in range(k - 1, -1, -1):
        out[:, j] = packed & 63
        packed >>= 6
    return out


def _suit_filter(hands: np.ndarray, condition: str) -> np.ndarray:
    counts = np.stack([((hands & 3) == s).sum(axis=1) for s in range(4)], axis=1)
    paired_suits = (counts >= 2).sum(axis=1)
    if condition == "ds":
        keep = paired_suits == 2
        if hands.shape[1] == 4:
            keep &= counts.max(axis=1) == 2
    elif condition == "ss":
        keep = paired_suits == 1
    else:
        keep = counts.max(axis=1) == 1
    return hands[keep]


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
    live = [c for c in range(52) if not dead >> c & 1]
    items = [item.strip() for item in text.split(",") if item.strip()]
    if any(item.lower() in ("random", "*") for item in items):
        return OmahaRange(text.strip(), hole_cards, np.zeros((0, hole_cards), dtype=np.uint8), True)
    parts = []
    for item in items:
        tokens, condition = split_condition(item.replace(" ", ""), hole_cards)
        hands = _pattern_hands(tokens, live)
        if condition is not None:
            hands = _suit_filter(hands, condition)
        parts.append(hands)
    combos = _unique_rows(np.concatenate(parts))
    if len(combos) > MAX_COMBOS:
        raise RangeError(f"Omaha range {text!r} lists {len(combos):,} hands (at most {MAX_COMBOS:,}); use 'random'")
    if not len(combos):
        dead_cards = " ".join(card_str(c) for c in range(52) if dead >> c & 1)
        raise RangeError(f"Omaha range {text!r} has no hands left" + (f" without {dead_cards}" if dead_cards else ""))
    return OmahaRange(text.strip(), hole_cards, np.ascontiguousarray(combos, dtype=np.uint8), False)


def live_hand_count(hole_cards: int, live_cards: int) -> int:
    """How many hands of ``hole_cards`` cards a deck of ``live_cards`` holds (the combos of ``random``).

    >>> live_hand_count(4, 52)
    270725
    """
    from math import comb

    return comb(live_cards, hole_cards)
