"""Hold'em's spot: the players (hands, ranges, ``Range`` objects), the board and the dead cards, parsed and
checked once, each player's combos left after card removal.

>>> parsed, board, dead, _, _ = prepare_spot(["AsAh", "QQ+"], "Kd7c2h", None)
>>> [len(p.combos) for p in parsed], board
([1, 15], [45, 20, 2])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...evaluator.cards import CardError, format_cards, parse_cards, to_card_ids
from ..ranges.parse import Range, RangeError, parse_range
from .options import BOARD_SIZES, MAX_PLAYERS, EquityError
from .spot import Spot
from .spot_cards import DEAD_SIZES, CardOwners, check_player_count, read_cards

PlayerLike = str | Range | Sequence[int]
CardsLike = str | Sequence[int] | None
#: A deal up to a renaming of suits: each suit's ranks (13-bit masks) on the board, dead and in each hand, sorted.
DealKey = tuple[tuple[int, ...], ...]
#: Deals grouped by :data:`DealKey`: key -> [the hole cards, the total weight, the deals].
DealGroups = dict[DealKey, list[Any]]


@dataclass(frozen=True, eq=False)  # eq=False: hashed by identity, a key of the stacked-input cache
class HoldemPlayer:
    text: str
    combos: NDArray[np.uint8]  # (M, 2), read-only, after removing board and dead cards
    weights: NDArray[np.float64]  # (M,), read-only
    hole: tuple[int, ...] | None  # the cards of a one-combo player, else None
    whole: bool  # every weight a whole number: counts are reported as ints


def _player(text: str, combos: NDArray[np.uint8], weights: NDArray[np.float64]) -> HoldemPlayer:
    """A parsed player, its arrays read-only: cached players are shared by every call."""
    combos.setflags(write=False)
    weights.setflags(write=False)
    hole = tuple(combos[0].tolist()) if len(combos) == 1 else None
    return HoldemPlayer(text, combos, weights, hole, bool(np.all(np.mod(weights, 1) == 0)))


def _specific_hand(index: int, cards: list[int], removed: int) -> HoldemPlayer:
    """One fixed two-card hand (no Range needed), checked against the board and dead cards."""
    hand = sorted(cards, reverse=True)
    text = format_cards(hand)
    bad = [c for c in hand if removed >> c & 1]
    if bad:
        raise EquityError(f"player {index + 1}'s hand {text} uses {format_cards(bad)}, which is on the board or dead")
    return _player(text, np.array([hand], dtype=np.uint8), np.ones(1))


def _as_player(index: int, player: PlayerLike, removed: int) -> HoldemPlayer:
    """Parse one player and drop combos that touch the board or dead cards."""
    if isinstance(player, str):
        text = player.strip()
        # A percentage reads the class order from another module every time, as parse_range does.
        return (_parse_text_player if "%" in text else _text_player)(index, text, removed)
    if isinstance(player, Range):
        return _range_player(index, player, str(player), removed)
    return _specific_hand(index, to_card_ids(player, count=2), removed)


def _parse_text_player(index: int, text: str, removed: int) -> HoldemPlayer:
    try:
        cards = parse_cards(text)
    except CardError:
        cards = None
    if cards is not None and len(cards) == 2:
        return _specific_hand(index, cards, removed)
    try:
        rng = parse_range(text)
    except RangeError as exc:
        raise RangeError(f"player {index + 1}: {exc}") from None
    return _range_player(index, rng, text, removed)


# A player's text with the removed cards always gives the same (immutable) player: parsed once.
# Measured on the exact turn spot (AhKh vs QQ+,AQs+,KQs): 35 us of parsing, removal and copies -> 0.3 us.
# Errors are not cached (lru_cache keeps only returns): a bad player is parsed, and reported, every time.
_text_player = lru_cache(maxsize=1024)(_parse_text_player)


def _range_player(index: int, rng: Range, text: str, removed: int) -> HoldemPlayer:
    kept = rng.remove(removed)
    if len(kept) == 0:
        if len(rng) == 1:
            bad = format_cards(c for c in rng.combos[0] if removed >> int(c) & 1)
            raise EquityError(f"player {index + 1}'s hand {text} uses {bad}, which is on the board or dead")
        raise EquityError(
            f"player {index + 1}'s range {text!r} has no combos left once the board and dead cards are removed"
        )
    return _player(text, kept.combos.astype(np.uint8), kept.weights.astype(np.float64))


def _board_and_dead(board: CardsLike, dead: CardsLike) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    board_ids = read_cards(board, "board", sizes=BOARD_SIZES)
    dead_ids = read_cards(dead, "dead cards", sizes=DEAD_SIZES)
    owners = CardOwners()
    board_mask, dead_mask = owners.claim(board_ids, "the board"), owners.claim(dead_ids, "the dead cards")
    return tuple(board_ids), tuple(dead_ids), board_mask, dead_mask


# The same boards come again and again in per-call use: read once (errors are raised every time, not cached).
_text_board_and_dead = lru_cache(maxsize=1024)(_board_and_dead)


def read_holdem(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike, game: str = "holdem",
                options: dict[str, Any] | None = None) -> Spot:  # fmt: skip
    """Hold'em's part of :func:`~.spot.read_spot`: the players as :class:`HoldemPlayer` (their combos left once the
    board and the dead cards are out), the board and the dead cards.

    >>> spot = read_holdem(["AsAh", "QQ+"], "Kd7c2h", None)
    >>> [len(p.combos) for p in spot.players], spot.board
    ([1, 15], (45, 20, 2))
    """
    texts = isinstance(players, (list, tuple)) and all(isinstance(p, str) and "%" not in p for p in players)
    if texts and isinstance(board, (str, type(None))) and isinstance(dead, (str, type(None))):
        return _text_spot(tuple(players), board, dead, game)
    return _read_spot(players, board, dead, game)


def _read_spot(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike, game: str) -> Spot:
    parsed, board_ids, dead_ids, board_mask, dead_mask = prepare_spot(players, board, dead)
    return Spot(game, "holdem", tuple(parsed), tuple(board_ids), tuple(dead_ids), board_mask, dead_mask)


# A spot of texts is read once (a Spot is immutable): hold'em's per-call path asks the same spot again and again.
# Measured on the exact turn spot: 2.6 us of reading and building the Spot -> 0.5 us. A percentage is left out,
# as in the players' cache; errors are not cached (a bad spot is read, and reported, every time).
_text_spot = lru_cache(maxsize=1024)(_read_spot)


def prepare_spot(
    players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike
) -> tuple[list[HoldemPlayer], list[int], list[int], int, int]:
    """(the players, the board, the dead cards, the board's and the dead cards' bit masks), checked."""
    check_player_count(players, MAX_PLAYERS)
    texts = isinstance(board, (str, type(None))) and isinstance(dead, (str, type(None)))
    board, dead, board_mask, dead_mask = (_text_board_and_dead if texts else _board_and_dead)(board, dead)
    board_ids, dead_ids = list(board), list(dead)  # the caller's own: cached tuples are shared
    removed = board_mask | dead_mask
    parsed = [_as_player(i, p, removed) for i, p in enumerate(players)]
    # Two players holding the same fixed card can never be dealt.
    owners = CardOwners()
    for i, p in enumerate(parsed):
        if p.hole is not None:
            owners.claim(p.hole, i)
    unseen = 52 - len(board_ids) - len(dead_ids) - 2 * len(parsed)
    if unseen < 5 - len(board_ids):
        raise EquityError("not enough cards left in the deck for the board")
    return parsed, board_ids, dead_ids, board_mask, dead_mask


def preflop_deals(parsed: Sequence[HoldemPlayer]) -> Iterator[tuple[tuple[int, ...], float]]:
    """Every deal of one combo per player with no shared card: (combo indices, weight)."""
    n = len(parsed)
    bits = [
        (np.uint64(1) << p.combos[:, 0].astype(np.uint64)) | (np.uint64(1) << p.combos[:, 1].astype(np.uint64))
        for p in parsed
    ]
    masks = [[int(m) for m in arr] for arr in bits]  # Python ints: the walk tests and ors them one at a time
    choice = [0] * n

    def walk(p: int, used: int, weight: float) -> Iterator[tuple[tuple[int, ...], float]]:
        if p == n:
            yield tuple(choice), weight
            return
        for j, m in enumerate(masks[p]):
            if used & m:
                continue
            choice[p] = j
            yield from walk(p + 1, used | m, weight * float(parsed[p].weights[j]))

    yield from walk(0, 0, 1.0)


def canonical_deal(board: Sequence[int], dead: Sequence[int], holes: Sequence[tuple[int, int]]) -> DealKey:
    """A key equal for two deals exactly when a renaming of suits maps one onto the other.

    Each suit is described by the ranks it holds (as 13-bit masks) on the
    board, among the dead cards and in each player's hand; the deal's key is
    those four descriptions sorted. Renaming suits only reorders them, and
    the sorted descriptions determine the deal up to such a renaming.
    """
    groups = [board, dead, *holes]
    described = [[0] * len(groups) for _ in range(4)]
    for g, cards in enumerate(groups):
        for c in cards:
            described[c & 3][g] |= 1 << (c >> 2)
    return tuple(sorted(map(tuple, described)))
