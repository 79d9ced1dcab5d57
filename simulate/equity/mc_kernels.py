"""numba kernels of the Monte Carlo equity engine.

Hands are handled as the evaluator's summed card keys (see
``pokerlab.evaluator.kernels``): a board key plus a player's hole-card key is that
player's seven-card key, so each board is built once and each player costs
one addition and one lookup. (Exact enumeration is in
:mod:`pokerlab.simulate.equity.rank_boards`.)

Monte Carlo draws every player's combo and the board with a per-stream
xoshiro256** generator seeded by splitmix64, so a run depends only on the
seed and the number of streams.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from ...evaluator.jit import njit
from ...evaluator.kernels import RANK_KEY_MASK, flush_suit
from ...evaluator.layout import SUIT_RANKS
from ...evaluator.tables import SIZED_RANK_SHIFT

_SUIT_RANKS = np.uint64(SUIT_RANKS)


@njit(cache=True, inline="always")
def _bit(card):
    """Bit of a card in the suit-major rank mask (16 bits per suit)."""
    return np.uint64(1) << np.uint64(16 * (card & 3) + (card >> 2))


@njit(cache=True, inline="always")
def _winners(board_key, board_suited, hole_keys, hole_suited, offsets, rank_values, flush_values, shift):
    """Bit mask of the players whose seven cards (board plus hole) rank best."""
    col_mask = np.uint64((1 << shift) - 1)
    best = 0
    winners = 0
    for p in range(hole_keys.shape[0]):
        key = board_key + hole_keys[p]
        suit = flush_suit(key)
        if suit >= 0:
            value = flush_values[((board_suited | hole_suited[p]) >> np.uint64(16 * suit)) & _SUIT_RANKS]
        else:
            rk = key & RANK_KEY_MASK
            value = rank_values[np.uint64(offsets[rk >> np.uint64(shift)]) + (rk & col_mask)]
        if value > best:
            best = value
            winners = 1 << p
        elif value == best:
            winners |= 1 << p
    return winners


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, inline="always")
def _next_random(s0, s1, s2, s3):
    """One xoshiro256** step on a state held in four scalars: (64 random bits, new state)."""
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(cache=True)
def seed_streams(seed, n_streams):
    """xoshiro256** states (n_streams, 4) from one seed via splitmix64."""
    states = np.empty((n_streams, 4), dtype=np.uint64)
    x = np.uint64(seed)
    for s in range(n_streams):
        for j in range(4):
            x += np.uint64(0x9E3779B97F4A7C15)
            z = x
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            states[s, j] = z ^ (z >> np.uint64(31))
    return states


@njit(cache=True)
def mc_stream(state, n_trials, ranges, board, tables, counts):
    """Run ``n_trials`` accepted deals on one stream, adding to ``counts`` by winner mask.

    ``ranges`` is ``(combo_cards, alias_prob, alias_index, range_start,
    range_len)``: every player's combos with Walker alias tables of their
    weights; ``board`` is ``(key, suited ranks, used-card mask, cards to
    deal)``; ``tables`` is :class:`pokerlab.evaluator.kernels.HighTables`. Returns the
    number of rejected deals; gives up (leaving fewer deals in ``counts``)
    after ``1000 * n_trials + 10**6`` rejections, so ranges that can never be
    dealt together cannot hang it.
    """
    combo_cards, alias_prob, alias_index, range_start, range_len = ranges
    board_key, board_suited, board_mask, n_board_left = board
    # Seven cards every time: the hash of 7-card keys only, smaller than the shared one.
    card_keys, offsets, rank_values = tables.card_keys, tables.rank7_offsets, tables.rank7_values
    flush_values = tables.flush_values
    shift = SIZED_RANK_SHIFT
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    n_players = range_start.shape[0]
    hole_key = np.zeros(n_players, dtype=np.uint64)
    hole_suited = np.zeros(n_players, dtype=np.uint64)
    # Counted here and added at the end: streams on other threads write the next rows of
    # ``counts``, and sharing a cache line with them would halve the speed of both.
    local = np.zeros(counts.shape[0], dtype=np.int64)
    rejected = 0
    done = 0
    while done < n_trials:
        used = board_mask
        ok = True
        for p in range(n_players):
            # Weighted pick in O(1) by Walker's alias method: a uniform slot, then its coin.
            result, s0, s1, s2, s3 = _next_random(s0, s1, s2, s3)
            lo = range_start[p]
            slot = lo + np.int64(((result >> np.uint64(32)) * np.uint64(range_len[p])) >> np.uint64(32))
            coin = np.float64(result & np.uint64(0xFFFFFFFF)) * (1.0 / 4294967296.0)
            a = slot if coin < alias_prob[slot] else lo + alias_index[slot]
            c1 = combo_cards[a, 0]
            c2 = combo_cards[a, 1]
            m = (np.uint64(1) << np.uint64(c1)) | (np.uint64(1) << np.uint64(c2))
            if used & m:
                ok = False
                break
            used |= m
            hole_key[p] = card_keys[c1] + card_keys[c2]
            hole_suited[p] = _bit(c1) | _bit(c2)
        if not ok:
            # Reject the whole deal: the accepted deals follow the joint weighted distribution exactly.
            rejected += 1
            if rejected > 1000 * n_trials + 1_000_000:
                break
            continue
        key = board_key
        suited = board_suited
        for _ in range(n_board_left):
            while True:
                result, s0, s1, s2, s3 = _next_random(s0, s1, s2, s3)
                card = ((result >> np.uint64(32)) * np.uint64(52)) >> np.uint64(32)
                bit = np.uint64(1) << card
                if not used & bit:
                    break
            used |= bit
            key += card_keys[card]
            suited |= _bit(card)
        winners = _winners(key, suited, hole_key, hole_suited, offsets, rank_values, flush_values, shift)
        local[winners] += 1
        done += 1
    counts += local
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return rejected


@njit(cache=True, parallel=True)
def mc_streams_parallel(states, trials_per_stream, ranges, board, tables, counts):
    """:func:`mc_stream` on every stream (row of ``states`` and ``counts``) across numba's threads."""
    rejected = np.zeros(states.shape[0], dtype=np.int64)
    for s in prange(states.shape[0]):
        rejected[s] = mc_stream(states[s], trials_per_stream, ranges, board, tables, counts[s])
    return rejected
