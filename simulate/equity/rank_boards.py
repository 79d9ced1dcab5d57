"""Exact board enumeration by rank multisets, with a correction for the boards that make a flush.

For fixed hole cards, a board that gives nobody a flush is worth what its
ranks are worth, so every board is first scored by its multiset of ranks,
weighted by the number of boards that share it (``prod C(unseen of rank r,
board cards of rank r)``): at most 6,188 multisets for a whole board,
instead of walking 1.7 million boards.

Then the boards on which somebody holds a flush are scored again, exactly,
and moved from the rank-only outcome to the true one. A flush needs at
least three board cards of its suit, so at most one suit can be it on any
board; for that suit ``s`` the boards are split by exactly which cards of
``s`` they hold (enumerated one by one) and the multiset of the ranks of
their other cards (which cannot flush, so only their ranks matter). AsAh vs
KsKh scores about 6,000 rank multisets and 12,000 flush boards.

:func:`count_deals` runs many deals (each a different set of hole cards,
optionally split by its first board card) in one call, on threads with
:func:`count_deals_parallel`; it fills ``counts[deal, mask of the players
who win or tie]``. The tests check it board by board against
``evaluate_batch``.
"""

from __future__ import annotations

import itertools
import math
from functools import cache
from typing import Any, NamedTuple

import numpy as np
from numba import prange
from numpy.typing import NDArray

from ...evaluator.api import high_tables
from ...evaluator.jit import njit
from ...evaluator.kernel_core import SUIT_INIT, flush_ranks, next_subset, rank_value, suited_bit
from ...evaluator.tables import SIZED_RANK_SHIFT

MAX_BOARD = 5


BINOMIAL = np.array([[math.comb(a, k) for k in range(MAX_BOARD + 1)] for a in range(5)], dtype=np.int64)


class Multisets(NamedTuple):
    """Every multiset of 0..5 ranks, as up to five (rank, count) groups, with its summed rank key."""

    ranks: np.ndarray  # int64 (n, 5): the distinct ranks, -1 after the last
    counts: np.ndarray  # int64 (n, 5): how many cards of each
    keys: np.ndarray  # uint64 (n,): sum of the ranks' keys (rank part of the evaluator's card keys)
    start: np.ndarray  # int64 (7,): multisets of m ranks are rows start[m]:start[m + 1]


@cache
def rank_multisets() -> Multisets:
    """The multisets the kernel walks, built once per process (their keys do not depend on the deal).

    >>> m = rank_multisets()
    >>> int(m.start[5]), int(m.start[6] - m.start[5])  # 6,188 multisets of five ranks
    (2380, 6188)
    """
    rank_keys = [int(k) & 0xFFFFFFFF for k in high_tables().card_keys[::4]]
    ranks, counts, keys, start = [], [], [], [0]
    for m in range(MAX_BOARD + 1):
        for combo in itertools.combinations_with_replacement(range(13), m):
            groups = sorted(set(combo))
            ranks.append(groups + [-1] * (MAX_BOARD - len(groups)))
            counts.append([combo.count(r) for r in groups] + [0] * (MAX_BOARD - len(groups)))
            keys.append(sum(rank_keys[r] for r in combo))
        start.append(len(keys))
    return Multisets(
        np.array(ranks, dtype=np.int64),
        np.array(counts, dtype=np.int64),
        np.array(keys, dtype=np.uint64),
        np.array(start, dtype=np.int64),
    )


@njit(cache=True, nogil=True)
def count_boards_by_rank(
    deck: NDArray[np.int64], cards_left: int, board_state: tuple[Any, ...], hole_state: tuple[Any, ...],
    multisets: Multisets, tables: Any, counts: NDArray[np.int64],
) -> int:  # fmt: skip
    """Add every completion of the board from ``deck`` to ``counts[winner mask]``; returns boards scored.

    ``board_state`` is the known board's (summed key, suit-major rank bits,
    cards per suit); ``hole_state`` the players' (keys, suit-major rank bits,
    (players, 4) cards per suit); ``tables`` is
    :class:`pokerlab.evaluator.kernels.HighTables`.
    """
    board_key, board_suited, board_suit_counts = board_state
    hole_keys, hole_suited, hole_suit_counts = hole_state
    # Seven cards every time: the hash of 7-card keys only, smaller than the shared one.
    offsets, rank_values, flush_values = tables.rank7_offsets, tables.rank7_values, tables.flush_values
    shift = SIZED_RANK_SHIFT
    n_players = hole_keys.shape[0]
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    ms_ranks, ms_counts, ms_keys, ms_start = multisets
    rank_keys = ms_keys[ms_start[1] : ms_start[2]]  # the multisets of one rank: each rank's key
    avail = np.zeros(13, dtype=np.int64)
    suit_ranks = np.zeros((4, 13), dtype=np.int64)  # ranks of the unseen cards of each suit
    suit_n = np.zeros(4, dtype=np.int64)
    for c in deck:
        avail[c >> 2] += 1
        s = c & 3
        suit_ranks[s, suit_n[s]] = c >> 2
        suit_n[s] += 1
    values = np.zeros(n_players, dtype=np.int64)
    # Counted here and added at the end: deals on other threads write the next rows of ``counts``.
    local = np.zeros(counts.shape[0], dtype=np.int64)
    scored = 0

    # written out again on purpose: step 2 repeats this scoring loop on the flush boards, inline in the hot loop.
    # 1. Every board by its ranks alone.
    for i in range(ms_start[cards_left], ms_start[cards_left + 1]):
        weight = 1
        for g in range(MAX_BOARD):
            r = ms_ranks[i, g]
            if r < 0:
                break
            weight *= BINOMIAL[avail[r], ms_counts[i, g]]
        if weight == 0:
            continue
        key = board_key + ms_keys[i]
        best = np.int64(0)
        winners = 0
        for p in range(n_players):
            v = np.int64(rank_value(key + hole_keys[p], offsets, rank_values, col_mask, sh))
            if v > best:
                best = v
                winners = 1 << p
            elif v == best:
                winners |= 1 << p
        local[winners] += weight
        scored += 1

    # 2. The boards on which somebody has a flush: from the rank-only outcome to the true one.
    avail_rest = np.zeros(13, dtype=np.int64)
    chosen = np.zeros(MAX_BOARD, dtype=np.int64)
    for s in range(4):
        most_held = 0
        for p in range(n_players):
            most_held = max(most_held, hole_suit_counts[p, s])
        fewest = max(0, 5 - most_held - board_suit_counts[s])  # cards of suit s still needed
        if fewest > min(cards_left, suit_n[s]):
            continue
        for r in range(13):
            avail_rest[r] = avail[r]
        for k in range(suit_n[s]):
            avail_rest[suit_ranks[s, k]] -= 1
        board_bits = flush_ranks(board_suited, s)
        for x in range(fewest, min(cards_left, suit_n[s]) + 1):
            rest = cards_left - x
            # Every x-subset of the unseen cards of suit s, in lexicographic order.
            for j in range(x):
                chosen[j] = j
            while True:
                sub_key = board_key
                sub_bits = board_bits
                for j in range(x):
                    r = suit_ranks[s, chosen[j]]
                    sub_key += rank_keys[r]
                    sub_bits |= np.uint64(1) << np.uint64(r)
                for i in range(ms_start[rest], ms_start[rest + 1]):
                    weight = 1
                    for g in range(MAX_BOARD):
                        r = ms_ranks[i, g]
                        if r < 0:
                            break
                        weight *= BINOMIAL[avail_rest[r], ms_counts[i, g]]
                    if weight == 0:
                        continue
                    key = sub_key + ms_keys[i]
                    best = np.int64(0)
                    plain_winners = 0
                    flushed = False
                    for p in range(n_players):
                        v = np.int64(rank_value(key + hole_keys[p], offsets, rank_values, col_mask, sh))
                        values[p] = v
                        if v > best:
                            best = v
                            plain_winners = 1 << p
                        elif v == best:
                            plain_winners |= 1 << p
                        if board_suit_counts[s] + x + hole_suit_counts[p, s] >= 5:
                            bits = sub_bits | flush_ranks(hole_suited[p], s)
                            values[p] = np.int64(flush_values[bits])
                            flushed = True
                    if not flushed:
                        continue
                    best = np.int64(0)
                    winners = 0
                    for p in range(n_players):
                        if values[p] > best:
                            best = values[p]
                            winners = 1 << p
                        elif values[p] == best:
                            winners |= 1 << p
                    if winners != plain_winners:
                        local[winners] += weight
                        local[plain_winners] -= weight
                    scored += 1
                if next_subset(chosen, 0, x, suit_n[s]) < 0:
                    break
    counts += local
    return scored


@njit(cache=True, nogil=True)
def _count_deal(
    holes: NDArray[np.int64], first: int, board: NDArray[np.int64], dead_mask: np.uint64, multisets: Multisets,
    tables: Any, counts: NDArray[np.int64],
) -> int:  # fmt: skip
    """Counts of one deal (``holes``: (players, 2) card ids) into ``counts``; returns its number of boards.

    With ``first >= 0`` only the boards whose highest new card is the
    ``first``-th unseen card (highest first): those splits partition the boards.
    """
    card_keys = tables[0]
    n_players = holes.shape[0]
    used = dead_mask
    for c in board:
        used |= np.uint64(1) << np.uint64(c)
    for p in range(n_players):
        used |= (np.uint64(1) << np.uint64(holes[p, 0])) | (np.uint64(1) << np.uint64(holes[p, 1]))
    deck = np.empty(52, dtype=np.int64)
    n_deck = 0
    for c in range(51, -1, -1):
        if not used & (np.uint64(1) << np.uint64(c)):
            deck[n_deck] = c
            n_deck += 1
    board_key = SUIT_INIT
    board_suited = np.uint64(0)
    board_suit_counts = np.zeros(4, dtype=np.int64)
    for c in board:
        board_key += card_keys[c]
        board_suited |= suited_bit(c)
        board_suit_counts[c & 3] += 1
    cards_left = 5 - board.shape[0]
    start = 0
    if first >= 0:
        c = deck[first]
        board_key += card_keys[c]
        board_suited |= suited_bit(c)
        board_suit_counts[c & 3] += 1
        cards_left -= 1
        start = first + 1
    hole_keys = np.empty(n_players, dtype=np.uint64)
    hole_suited = np.empty(n_players, dtype=np.uint64)
    hole_suit_counts = np.zeros((n_players, 4), dtype=np.int64)
    for p in range(n_players):
        a, b = holes[p, 0], holes[p, 1]
        hole_keys[p] = card_keys[a] + card_keys[b]
        hole_suited[p] = suited_bit(a) | suited_bit(b)
        hole_suit_counts[p, a & 3] += 1
        hole_suit_counts[p, b & 3] += 1
    board_state = (board_key, board_suited, board_suit_counts)
    hole_state = (hole_keys, hole_suited, hole_suit_counts)
    count_boards_by_rank(deck[start:n_deck], cards_left, board_state, hole_state, multisets, tables, counts)
    n_boards = 1  # C(unseen after the split, cards to come)
    for k in range(cards_left):
        n_boards = n_boards * (n_deck - start - k) // (k + 1)
    return n_boards


@njit(cache=True, nogil=True)
def count_deals(
    holes: NDArray[np.int64], firsts: NDArray[np.int64], board: NDArray[np.int64], dead_mask: np.uint64,
    multisets: Multisets, tables: Any, counts: NDArray[np.int64], boards: NDArray[np.int64],
) -> None:  # fmt: skip
    """:func:`_count_deal` for every deal ``holes[d]`` (split ``firsts[d]``, -1 for all) into ``counts[d]``."""
    for d in range(holes.shape[0]):
        boards[d] = _count_deal(holes[d], firsts[d], board, dead_mask, multisets, tables, counts[d])


@njit(cache=True, parallel=True)
def count_deals_parallel(
    holes: NDArray[np.int64], firsts: NDArray[np.int64], board: NDArray[np.int64], dead_mask: np.uint64,
    multisets: Multisets, tables: Any, counts: NDArray[np.int64], boards: NDArray[np.int64], workers: int,
) -> None:  # fmt: skip
    """Like :func:`count_deals` on ``workers`` threads, each taking every ``workers``-th deal."""
    for w in prange(workers):
        for d in range(w, holes.shape[0], workers):
            boards[d] = _count_deal(holes[d], firsts[d], board, dead_mask, multisets, tables, counts[d])
