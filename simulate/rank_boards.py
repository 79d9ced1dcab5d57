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

The kernel fills the same ``counts[mask of the players who win or tie]``
as :func:`simulate.equity_kernels.count_boards`, which it replaces; the
two are checked against each other in the tests.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
from numba import njit

from evaluator.kernels import RANK_KEY_MASK

MAX_BOARD = 5


@cache
def rank_multisets() -> tuple[np.ndarray, np.ndarray]:
    """All non-decreasing rank tuples of 0..5 ranks, padded to 5 columns, and where each length starts.

    >>> rows, start = rank_multisets()
    >>> int(start[5]), int(start[6] - start[5])  # 6,188 multisets of five ranks
    (2380, 6188)
    """
    rows = []
    start = [0]
    for m in range(MAX_BOARD + 1):
        for combo in itertools.combinations_with_replacement(range(13), m):
            rows.append(list(combo) + [0] * (MAX_BOARD - m))
        start.append(len(rows))
    return np.array(rows, dtype=np.int64), np.array(start, dtype=np.int64)


@njit(cache=True, nogil=True)
def count_boards_by_rank(
    deck,
    cards_left,
    board_key,
    board_suited,
    board_suit_counts,
    card_keys,
    hole_keys,
    hole_suited,
    hole_suit_counts,
    multisets,
    multiset_start,
    counts,
    offsets,
    rank_values,
    flush_values,
    shift,
):
    """Add every completion of the board from ``deck`` to ``counts[winner mask]``; returns boards scored.

    ``board_key``/``board_suited`` are the known board's summed key and
    suit-major rank bits, ``board_suit_counts[s]`` its cards of suit s;
    ``hole_suit_counts[p, s]`` the cards of suit s in player p's hand.
    """
    n_players = hole_keys.shape[0]
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    rank_keys = np.empty(13, dtype=np.uint64)
    for r in range(13):
        rank_keys[r] = card_keys[4 * r] & np.uint64(0xFFFFFFFF)  # the rank part only
    avail = np.zeros(13, dtype=np.int64)
    suit_ranks = np.zeros((4, 13), dtype=np.int64)  # ranks of the unseen cards of each suit
    suit_n = np.zeros(4, dtype=np.int64)
    for c in deck:
        avail[c >> 2] += 1
        s = c & 3
        suit_ranks[s, suit_n[s]] = c >> 2
        suit_n[s] += 1
    values = np.zeros(n_players, dtype=np.int64)
    scored = 0

    # 1. Every board by its ranks alone.
    for i in range(multiset_start[cards_left], multiset_start[cards_left + 1]):
        weight = 1
        key = board_key
        run = 0
        for j in range(cards_left):
            r = multisets[i, j]
            run = run + 1 if j > 0 and multisets[i, j - 1] == r else 0
            weight = weight * (avail[r] - run) // (run + 1)
            key += rank_keys[r]
        if weight == 0:
            continue
        best = 0
        winners = 0
        for p in range(n_players):
            rk = (key + hole_keys[p]) & RANK_KEY_MASK
            v = np.int64(rank_values[np.uint64(offsets[rk >> sh]) + (rk & col_mask)])
            if v > best:
                best = v
                winners = 1 << p
            elif v == best:
                winners |= 1 << p
        counts[winners] += weight
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
        board_bits = (board_suited >> np.uint64(16 * s)) & np.uint64(0x1FFF)
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
                for i in range(multiset_start[rest], multiset_start[rest + 1]):
                    weight = 1
                    key = sub_key
                    run = 0
                    for j in range(rest):
                        r = multisets[i, j]
                        run = run + 1 if j > 0 and multisets[i, j - 1] == r else 0
                        weight = weight * (avail_rest[r] - run) // (run + 1)
                        key += rank_keys[r]
                    if weight == 0:
                        continue
                    best = 0
                    plain_winners = 0
                    flushed = False
                    for p in range(n_players):
                        rk = (key + hole_keys[p]) & RANK_KEY_MASK
                        v = np.int64(rank_values[np.uint64(offsets[rk >> sh]) + (rk & col_mask)])
                        values[p] = v
                        if v > best:
                            best = v
                            plain_winners = 1 << p
                        elif v == best:
                            plain_winners |= 1 << p
                        if board_suit_counts[s] + x + hole_suit_counts[p, s] >= 5:
                            bits = sub_bits | ((hole_suited[p] >> np.uint64(16 * s)) & np.uint64(0x1FFF))
                            values[p] = np.int64(flush_values[bits])
                            flushed = True
                    if not flushed:
                        continue
                    best = 0
                    winners = 0
                    for p in range(n_players):
                        if values[p] > best:
                            best = values[p]
                            winners = 1 << p
                        elif values[p] == best:
                            winners |= 1 << p
                    if winners != plain_winners:
                        counts[winners] += weight
                        counts[plain_winners] -= weight
                    scored += 1
                # Next subset.
                j = x - 1
                while j >= 0 and chosen[j] == suit_n[s] - x + j:
                    j -= 1
                if j < 0:
                    break
                chosen[j] += 1
                for m in range(j + 1, x):
                    chosen[m] = chosen[m - 1] + 1
    return scored
