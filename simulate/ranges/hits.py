"""Hit frequencies: how often a range makes each hand and draw on a board, or on every flop (Flopzilla's question).

Every combo of the range is classified against the board (or against each of the 22,100 flops it does not
touch) and the counts are weighted by the combo's weight; the answer is exact. Rows come in three groups:

- ``made``: the best hand, straight flush down to high card, with one pair split the way players think
  (overpair, top pair by kicker, middle pair, bottom pair, underpair, board pair only). These rows
  partition the range, and ``at_least`` is the share making that row's hand or a better one;
- ``draw`` (flop and turn only; they overlap): flush draw, nut flush draw, open-ended (or double
  gutshot: two ranks complete a straight), gutshot, backdoor flush draw (flop), overcards, combo draw;
- ``hole``: the board holds a card of a hole card's rank (a set or quads for a pocket pair, a pair or
  better of a hole card otherwise).

Definitions, so the counts can be checked: a draw uses a hole card (a flush draw is four to a suit with
at least one of them in the hand; a straight draw counts the ranks that would make a straight that the
board and that rank alone do not make) and is not counted once the hand is made (no flush draw with a
flush, no straight draw with a straight). A nut flush draw holds the highest card of its suit that is
not on the board. Top pair's kicker is *top* when it is the best kicker the board leaves, *good* when one
of the next three, *weak* otherwise. A pocket pair between the board's cards is a middle pair; below
them all, an underpair. Overcards: high card with both hole cards above the board. Combo draw: a flush
draw and a straight draw.

>>> r = hit_frequencies("22", board=None)
>>> r.row("hits a hole rank").combos / r.combos  # a pocket pair flops a set or better: 2,304 of 19,600
0.11755102040816326
>>> r = hit_frequencies("AKs", board="Qs7h2c")
>>> r.row("overcards").combos, r.row("backdoor flush draw").combos, r.combos
(4.0, 3.0, 4.0)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ...errors import InputError
from ...evaluator.cards import cards_to_mask, format_cards, to_card_ids
from .cells import ALL_COMBOS, COMBO_MASKS
from .classes import example_hand
from .parse import Range, parse_range

__all__ = ["DRAW_ROWS", "HOLE_ROWS", "MADE_ROWS", "HitResult", "HitRow", "classify", "hit_frequencies"]

MADE_ROWS = (
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "overpair",
    "top pair, top kicker",
    "top pair, good kicker",
    "top pair, weak kicker",
    "middle pair",
    "bottom pair",
    "underpair",
    "board pair only",
    "high card",
)
DRAW_ROWS = (
    "flush draw",
    "nut flush draw",
    "open-ended",
    "gutshot",
    "backdoor flush draw",
    "overcards",
    "combo draw",
)
HOLE_ROWS = ("hits a hole rank",)
GOOD_KICKERS = 3  # kickers after the top one that count as good
FLOPS_PER_HAND = 19_600  # C(50, 3): the flops two hole cards leave
_CHUNK = 50_000  # rows classified at once (a few MB of temporaries)

(_SF, _QUADS, _FULL, _FLUSH, _STRAIGHT, _TRIPS, _TWO_PAIR, _OVER, _TOP_TOP, _TOP_GOOD, _TOP_WEAK, _MIDDLE,
 _BOTTOM, _UNDER, _BOARD_PAIR, _HIGH) = range(len(MADE_ROWS))  # fmt: skip


@dataclass(frozen=True)
class HitRow:
    """One row: its group (``made``, ``draw`` or ``hole``), the weighted combos in it and their share."""

    category: str
    group: str
    combos: float
    share: float
    at_least: float | None = None  # made rows: the share making this hand or better

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"category": self.category, "group": self.group}
        data |= {"combos": self.combos, "share": self.share}
        if self.at_least is not None:
            data["at_least"] = self.at_least
        return data


@dataclass(frozen=True)
class HitResult:
    """The range's hits: ``combos`` is the weighted count of (combo, board) pairs; rows' shares are of it.

    >>> hits = hit_frequencies("AKs", board="Qs7h2c")
    >>> hits.boards, hits.combos, hits.row("overcards").share, hits.row("top pair, top kicker").combos
    (1, 4.0, 1.0, 0.0)
    """

    range: str
    board: str  # the board's cards, or "any flop"
    boards: int  # boards counted per combo: 1, or the flops a combo leaves (19,600)
    combos: float
    rows: list[HitRow]

    def row(self, category: str) -> HitRow:
        """The row of ``category`` (a name from ``MADE_ROWS``, ``DRAW_ROWS`` or ``HOLE_ROWS``)."""
        for r in self.rows:
            if r.category == category:
                return r
        raise InputError(f"no hit category {category!r}; the categories are {', '.join(r.category for r in self.rows)}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``range``, ``board``, ``boards``, ``combos`` and ``rows``."""
        return {
            "range": self.range,
            "board": self.board,
            "boards": self.boards,
            "combos": self.combos,
            "rows": [r.to_dict() for r in self.rows],
        }


# --------------------------------------------------------------------------
# Rank-mask tables (13-bit masks, bit r for rank r, 0 = deuce ... 12 = ace)


@lru_cache(maxsize=1)
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per 13-bit rank mask: has a straight; ranks that would complete one; popcount; highest absent rank."""
    windows = [0b1000000001111] + [0b11111 << low for low in range(9)]  # the wheel, then 6-high up
    masks = np.arange(1 << 13)
    straight = np.zeros(1 << 13, dtype=bool)
    for w in windows:
        straight |= (masks & w) == w
    completes = np.zeros(1 << 13, dtype=np.int64)
    for r in range(13):
        with_r = masks | (1 << r)
        completes |= np.where(straight[with_r] & ((masks >> r) & 1 == 0), 1 << r, 0)
    popcount = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64)
    highest_absent = np.array([max((r for r in range(13) if not m >> r & 1), default=-1) for m in range(1 << 13)])
    return straight, completes, popcount, highest_absent


@lru_cache(maxsize=1)
def _bit_tables() -> tuple[np.ndarray, np.ndarray]:
    """Per 13-bit rank mask: the highest rank in it (-1 for none) and the lowest (0 for none)."""
    masks = np.arange(1 << 13)
    highest = np.full(1 << 13, -1, dtype=np.int64)
    lowest = np.zeros(1 << 13, dtype=np.int64)
    for r in range(13):
        highest[(masks >> r) & 1 == 1] = r
    for r in range(12, -1, -1):
        lowest[(masks >> r) & 1 == 1] = r
    return highest, lowest


# A card's bit in a 52-bit hand mask laid out by suit, 13 rank bits a suit: the union of a row's cards holds every
# suit's rank mask at once.
_CARD_BITS = np.left_shift(np.int64(1), 13 * (np.arange(52) & 3) + (np.arange(52) >> 2))
_SUIT_SHIFTS = 13 * np.arange(4)
_ALL_RANKS = 0x1FFF


def _suit_masks(cards: np.ndarray) -> np.ndarray:
    """``(n, 4)`` rank masks of each row's cards by suit."""
    bits = _CARD_BITS[cards]
    packed = bits[:, 0]
    for column in range(1, bits.shape[1]):  # a few columns: cheaper than a reduction's setup on short arrays
        packed = packed | bits[:, column]
    masks: np.ndarray = (packed[:, None] >> _SUIT_SHIFTS) & _ALL_RANKS
    return masks


def _any_suit(flags: np.ndarray) -> np.ndarray:
    """Rows of an ``(n, 4)`` boolean array with any flag set: its four bytes a row read as one int32 (a
    reduction along the rows costs several times as much on the few hundred rows of one board)."""
    any_set: np.ndarray = np.ascontiguousarray(flags).view(np.int32)[:, 0] != 0
    return any_set


def classify(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Classify hole cards on boards, row by row: the made row's index and the draw and hole flags.

    ``holes`` is ``(n, 2)`` card ids, ``boards`` ``(n, k)`` with k of 3 to 5, or ``(1, k)`` for one board under
    every row; no card shared. Returns an index into ``MADE_ROWS`` per row and an
    ``(n, len(DRAW_ROWS) + len(HOLE_ROWS))`` boolean array.

    >>> from pokerlab.evaluator.cards import parse_cards
    >>> made, flags = classify(np.array([parse_cards("AsKs")]), np.array([parse_cards("Qs7s2c")]))
    >>> MADE_ROWS[made[0]], [n for n, f in zip(DRAW_ROWS + HOLE_ROWS, flags[0]) if f]
    ('high card', ['flush draw', 'nut flush draw', 'overcards'])
    >>> made, flags = classify(np.array([parse_cards("AsKs"), parse_cards("7d7c")]), np.array([parse_cards("Qs7s2c")]))
    >>> [MADE_ROWS[m] for m in made]
    ['high card', 'three of a kind']
    """
    # Rank masks by suit, and rank counts as bit masks (ranks held at least twice, three times, four times): every
    # step is one numpy call on (n,) or (n, 4) integers, as for the few hundred combos of one board the cost is
    # the number of numpy calls, not their size.
    straight, completes, popcount, highest_absent = _tables()
    highest, lowest = _bit_tables()
    holes, boards = np.asarray(holes, dtype=np.int64), np.asarray(boards, dtype=np.int64)
    n, k = len(holes), boards.shape[1]
    h_suits, b_suits = _suit_masks(holes), _suit_masks(boards)
    suits = h_suits | b_suits
    a01, o01 = suits[:, 0] & suits[:, 1], suits[:, 0] | suits[:, 1]
    a23, o23 = suits[:, 2] & suits[:, 3], suits[:, 2] | suits[:, 3]
    all_mask, quads = o01 | o23, a01 & a23
    twice = a01 | a23 | (o01 & o23)
    thrice = (a01 & o23) | (a23 & o01)
    pairs = twice & ~thrice  # ranks held exactly twice
    h_mask = h_suits[:, 0] | h_suits[:, 1] | h_suits[:, 2] | h_suits[:, 3]
    b_mask = b_suits[:, 0] | b_suits[:, 1] | b_suits[:, 2] | b_suits[:, 3]
    suit_counts = popcount[suits]
    n_pairs = popcount[pairs]
    is_flush = _any_suit(suit_counts >= 5)
    is_straight = straight[all_mask]
    made = np.full(n, _HIGH)
    made[n_pairs == 1] = _MIDDLE  # refined below
    made[n_pairs >= 2] = _TWO_PAIR
    made[thrice != 0] = _TRIPS
    made[is_straight] = _STRAIGHT
    made[is_flush] = _FLUSH
    made[(popcount[thrice] >= 2) | ((thrice != 0) & (pairs != 0))] = _FULL
    made[quads != 0] = _QUADS
    made[_any_suit(straight[suits])] = _SF

    # One pair, split by where the pair is.
    one = made == _MIDDLE
    pair_rank = lowest[pairs]
    b_max, b_min = highest[b_mask], lowest[b_mask]
    h_ranks = holes >> 2
    pocket = h_ranks[:, 0] == h_ranks[:, 1]
    on_board = (h_mask >> pair_rank) & 1 == 0  # one pair that no hole card makes: the board's
    made[one & pocket & (pair_rank > b_max)] = _OVER
    made[one & pocket & (pair_rank < b_min)] = _UNDER
    made[one & on_board] = _BOARD_PAIR
    paired_hole = one & ~pocket & ~on_board
    made[paired_hole & (pair_rank == b_min)] = _BOTTOM
    kicker = np.where(h_ranks[:, 0] == pair_rank, h_ranks[:, 1], h_ranks[:, 0])
    better_kickers = popcount[(~b_mask & _ALL_RANKS) >> (kicker + 1)]  # kickers the board leaves above this one
    top = paired_hole & (pair_rank == b_max)
    made[top] = np.where(
        better_kickers[top] == 0, _TOP_TOP, np.where(better_kickers[top] <= GOOD_KICKERS, _TOP_GOOD, _TOP_WEAK)
    )

    flags = np.zeros((n, len(DRAW_ROWS) + len(HOLE_ROWS)), dtype=bool)
    if k < 5:
        in_hand = h_suits != 0
        four = (suit_counts == 4) & in_hand & ~is_flush[:, None]
        flush_draw = _any_suit(four)
        # At most six cards: one suit at most holds four, so the nut test can run on every suit at once.
        nut = _any_suit(four & (highest[h_suits] == highest_absent[b_suits]))
        outs = np.where(is_straight, 0, popcount[completes[all_mask] & ~completes[b_mask]])
        if k == 3:
            flags[:, 4] = _any_suit((suit_counts == 3) & in_hand) & ~flush_draw & ~is_flush
        flags[:, 0], flags[:, 1], flags[:, 2], flags[:, 3] = flush_draw, nut, outs >= 2, outs == 1
        flags[:, 6] = flush_draw & (outs >= 1)
    flags[:, 5] = (made == _HIGH) & (np.minimum(h_ranks[:, 0], h_ranks[:, 1]) > b_max)
    flags[:, 7] = (b_mask & h_mask) != 0
    return made, flags


def _count(holes: np.ndarray, boards: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Weighted counts per row of ``MADE_ROWS + DRAW_ROWS + HOLE_ROWS`` over the given (hole, board) rows
    (``boards`` of one row: that board under every hole)."""
    totals = np.zeros(len(MADE_ROWS) + len(DRAW_ROWS) + len(HOLE_ROWS))
    for start in range(0, len(holes), _CHUNK):
        part = slice(start, start + _CHUNK)
        made, flags = classify(holes[part], boards if len(boards) == 1 else boards[part])
        totals[: len(MADE_ROWS)] += np.bincount(made, weights=weights[part], minlength=len(MADE_ROWS))
        totals[len(MADE_ROWS) :] += weights[part] @ flags
    return totals


@lru_cache(maxsize=1)
def _all_flops() -> np.ndarray:
    return np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)


def _every_flop_counts(r: Range) -> tuple[np.ndarray, int]:
    """Counts over every flop. All combos of a class hit alike over all flops (a suit change maps the flops
    onto themselves), so each class is classified once, for one combo, and weighted by the class's weight."""
    flops = _all_flops()
    flop_masks = (np.int64(1) << flops).sum(axis=1)
    holes, boards, weights = [], [], []
    for name, count in r.classes().items():
        hole = to_card_ids(example_hand(name), 2)
        keep = flop_masks & cards_to_mask(hole) == 0
        holes.append(np.broadcast_to(np.array(hole), (int(keep.sum()), 2)))
        boards.append(flops[keep])
        weights.append(np.full(int(keep.sum()), count.weight))
    return _count(np.concatenate(holes), np.concatenate(boards), np.concatenate(weights)), FLOPS_PER_HAND


def hit_frequencies(hand_range: str | Range, board: str | Sequence[int] | None = None) -> HitResult:
    """How often ``hand_range`` makes each hand and draw on ``board`` (3 to 5 cards), or over every flop.

    Exact: each combo (weighted) is classified on the board, or on each of the 19,600 flops it leaves when
    ``board`` is None. Combos using a board card are left out. See the module for the rows.

    >>> r = hit_frequencies("AsKs, AhKh", board="Qs7s2c")
    >>> r.combos, r.row("flush draw").combos, r.row("high card").share
    (2.0, 1.0, 1.0)
    >>> r = hit_frequencies("AsKs")  # two suited cards: a flush on 0.84 % of flops, a flush draw on 10.94 %
    >>> r.row("flush").combos + r.row("straight flush").combos, r.row("flush draw").combos, r.combos
    (165.0, 2145.0, 19600.0)
    """
    r = parse_range(hand_range) if isinstance(hand_range, str) else hand_range
    if not isinstance(r, Range):
        raise InputError(f"a range is range text or a Range, got {type(hand_range).__name__}")
    if len(r) == 0:
        raise InputError("the range is empty")
    if board is None:
        totals, boards = _every_flop_counts(r)
        board_text = "any flop"
    else:
        board_ids = to_card_ids(board, (3, 4, 5))
        # The combos the board leaves, in the range's order (highest combo first), without building a Range.
        alive = np.flatnonzero((r.dense > 0) & (COMBO_MASKS & np.uint64(cards_to_mask(board_ids)) == 0))[::-1]
        if len(alive) == 0:
            raise InputError(f"range {r} has no combo left once the board {format_cards(board_ids)} is removed")
        holes = ALL_COMBOS[alive].astype(np.int64)
        # One board row for every combo: its masks are made once.
        totals, boards = _count(holes, np.array([board_ids], dtype=np.int64), r.dense[alive]), 1
        board_text = format_cards(board_ids)
    total = float(totals[: len(MADE_ROWS)].sum())
    counts = totals.tolist()
    rows = []
    better = 0.0
    for name, count in zip(MADE_ROWS, counts):
        better += count
        rows.append(HitRow(name, "made", count, count / total, better / total))
    for name, count in zip(DRAW_ROWS + HOLE_ROWS, counts[len(MADE_ROWS) :]):
        rows.append(HitRow(name, "draw" if name in DRAW_ROWS else "hole", count, count / total))
    return HitResult(str(r), board_text, boards, total, rows)
