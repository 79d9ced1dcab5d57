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

    Speed (measured best-of-5 against the previous kernel in one process, 2M trials, one thread,
    AsAh vs random and QQ+,AKs vs random vs random): each trick below is noted with its gain.
    """
    combo_cards, alias_prob, alias_index, range_start, range_len = ranges
    board_key, board_suited, board_mask, n_board_left = board
    # Seven cards every time: the hash of 7-card keys only, smaller than the shared one.
    card_keys, offsets, rank_values = tables.card_keys, tables.rank7_offsets, tables.rank7_values
    flush_values = tables.flush_values
    col_mask = np.uint64((1 << SIZED_RANK_SHIFT) - 1)
    sh = np.uint64(SIZED_RANK_SHIFT)
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    n_players = range_start.shape[0]
    n_combos = combo_cards.shape[0]
    # Each combo's card mask, key and suited bits computed once per call, not per pick: one load
    # each instead of two card lookups and shifts (with the next two changes, +25 % heads-up).
    combo_mask = np.empty(n_combos, dtype=np.uint64)
    combo_key = np.empty(n_combos, dtype=np.uint64)
    combo_suited = np.empty(n_combos, dtype=np.uint64)
    for a in range(n_combos):
        c1, c2 = combo_cards[a, 0], combo_cards[a, 1]
        combo_mask[a] = (np.uint64(1) << np.uint64(c1)) | (np.uint64(1) << np.uint64(c2))
        combo_key[a] = card_keys[c1] + card_keys[c2]
        combo_suited[a] = _bit(c1) | _bit(c2)
    # Equal weights (every alias coin is 1.0): the slot is the combo, no coin to test.
    uniform = np.ones(n_players, dtype=np.bool_)
    for p in range(n_players):
        for a in range(range_start[p], range_start[p] + range_len[p]):
            if alias_prob[a] < 1.0:
                uniform[p] = False
    hole_key = np.zeros(n_players, dtype=np.uint64)
    hole_suited = np.zeros(n_players, dtype=np.uint64)
    values = np.zeros(n_players, dtype=np.int64)
    # Counted here and added at the end: streams on other threads write the next rows of
    # ``counts``, and sharing a cache line with them would halve the speed of both.
    local = np.zeros(counts.shape[0], dtype=np.int64)
    rejected = 0
    done = 0
    while done < n_trials:
        used = board_mask
        ok = True
        for p in range(n_players):
            lo = range_start[p]
            a = lo
            if range_len[p] > 1:  # a fixed hand draws no random number (+8 % heads-up)
                # Weighted pick in O(1) by Walker's alias method: a uniform slot, then its coin.
                result, s0, s1, s2, s3 = _next_random(s0, s1, s2, s3)
                a = lo + np.int64(((result >> np.uint64(32)) * np.uint64(range_len[p])) >> np.uint64(32))
                if not uniform[p]:
                    coin = np.float64(result & np.uint64(0xFFFFFFFF)) * (1.0 / 4294967296.0)
                    if coin >= alias_prob[a]:
                        a = lo + alias_index[a]
            m = combo_mask[a]
            if used & m:
                ok = False
                break
            used |= m
            hole_key[p] = combo_key[a]
            hole_suited[p] = combo_suited[a]
        if not ok:
            # Reject the whole deal: the accepted deals follow the joint weighted distribution exactly.
            rejected += 1
            if rejected > 1000 * n_trials + 1_000_000:
                break
            continue
        key = board_key
        suited = board_suited
        # Four board cards per 64-bit draw, two from each 32-bit half by multiply-and-carry
        # (x * 52: the high part is a card, the low part the rest of the fraction): each card's
        # chance is off by at most 52**2 / 2**32 (6e-7 relative), and a five-card board takes two
        # draws instead of five or more (+10 % heads-up).
        left = n_board_left
        while left > 0:
            result, s0, s1, s2, s3 = _next_random(s0, s1, s2, s3)
            x = result >> np.uint64(32)
            for j in range(4):
                if j == 2:
                    x = result & np.uint64(0xFFFFFFFF)
                x = x * np.uint64(52)
                card = x >> np.uint64(32)
                x &= np.uint64(0xFFFFFFFF)
                bit = np.uint64(1) << card
                if not used & bit:
                    used |= bit
                    key += card_keys[card]
                    suited |= _bit(card)
                    left -= 1
                    if left == 0:
                        break
        # Values first, then the winners from the best one without a branch on the comparison
        # (which mispredicts about every other deal): +14 % three-way.
        best = np.int64(0)
        for p in range(n_players):
            k = key + hole_key[p]
            suit = flush_suit(k)
            if suit >= 0:
                v = np.int64(flush_values[((suited | hole_suited[p]) >> np.uint64(16 * suit)) & _SUIT_RANKS])
            else:
                rk = k & RANK_KEY_MASK
                v = np.int64(rank_values[np.uint64(offsets[rk >> sh]) + (rk & col_mask)])
            values[p] = v
            best = max(best, v)
        winners = 0
        for p in range(n_players):
            winners |= np.int64(values[p] == best) << p
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
