"""numba kernels of the equity engines (exact board enumeration and Monte Carlo).

Hands are handled as the evaluator's summed card keys (see
``evaluator.kernels``): a board key plus a player's hole-card key is that
player's seven-card key, so each board is built once and each player costs
one addition and one lookup.

Exact enumeration follows OMPEval's idea of *irrelevant suits*: once a suit
can no longer give anyone five cards, its cards of one rank are
interchangeable, so they are enumerated once with a binomial weight; each
board is scored as soon as it is complete (:func:`count_boards`).

Monte Carlo draws every player's combo and the board with a per-stream
xoshiro256** generator seeded by splitmix64, so a run depends only on the
seed and the number of streams.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from evaluator.kernels import RANK_KEY_MASK, flush_suit

SUIT_INIT = np.uint64(0x3333 << 32)
BINOMIAL = np.array(
    [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0], [1, 4, 6, 4, 1]], dtype=np.int64
)


@njit(cache=True, inline="always")
def _bit(card):
    """Bit of a card in the suit-major rank mask (16 bits per suit)."""
    return np.uint64(1) << np.uint64(16 * (card & 3) + (card >> 2))


@njit(cache=True, inline="always")
def _no_flush_possible(suit_counts, cards_to_come):
    """True when no suit can reach five cards for anyone with the cards still to come."""
    for s in range(4):
        if suit_counts[s] + cards_to_come >= 5:
            return False
    return True


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
            value = flush_values[((board_suited | hole_suited[p]) >> np.uint64(16 * suit)) & np.uint64(0x1FFF)]
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
def _river(
    start,
    key,
    suited,
    weight,
    deck,
    rank_end,
    suit_counts,
    card_keys,
    hole_keys,
    hole_suited,
    counts,
    offsets,
    rank_values,
    flush_values,
    shift,
):
    """Score every river card from ``deck[start:]``; each rank once for the cards whose suit cannot flush.

    Returns the number of boards scored. It has one return statement on
    purpose: two earlier inline helpers that took arrays and returned from
    several places ran 2-3x slower here.
    """
    ndeck = deck.shape[0]
    n = 0
    no_flush = _no_flush_possible(suit_counts, 1)
    i = start
    grouped_rank = -1  # rank whose cards of non-flushing suits were already counted
    while i < ndeck:
        card = deck[i]
        rank = card >> 2
        multiplier = 1
        j = i + 1
        if no_flush:
            # Every card of this rank gives the same board value.
            next_i = rank_end[i]
            multiplier = next_i - i
        elif suit_counts[card & 3] < 4:
            # Same-rank cards of suits that cannot flush count with this one; the others come after.
            if rank == grouped_rank:
                i += 1
                continue
            grouped_rank = rank
            while j < ndeck and deck[j] >> 2 == rank:
                if suit_counts[deck[j] & 3] < 4:
                    multiplier += 1
                j += 1
            next_i = i + 1
        else:
            next_i = i + 1
        w = _winners(
            key + card_keys[card],
            suited | _bit(card),
            hole_keys,
            hole_suited,
            offsets,
            rank_values,
            flush_values,
            shift,
        )
        counts[w] += weight * multiplier
        n += 1
        i = next_i
    return n


@njit(cache=True, nogil=True)
def count_boards(
    deck,
    suit_counts,
    cards_left,
    key,
    suited,
    card_keys,
    hole_keys,
    hole_suited,
    counts,
    offsets,
    rank_values,
    flush_values,
    shift,
):
    """Add every board completion's weight to ``counts[mask of the players who win or tie]``.

    Returns the number of boards scored (fewer than the completions they
    stand for: see below).

    ``deck`` holds the unseen cards, highest rank first, so cards of one rank
    are adjacent (cards are reordered within a rank). ``suit_counts[s]`` is the
    most cards of suit ``s`` any player holds together with the board: a suit
    with ``suit_counts[s] + cards still to come < 5`` can make no flush and
    is *irrelevant*, so its cards of one rank are enumerated once, weighted.

    The depth-first walk keeps an explicit stack (one frame per board card
    still to choose) instead of recursing: numba calls with array arguments
    cost reference counting, which would dominate here.
    """
    ndeck = deck.shape[0]
    rank_end = np.empty(ndeck, dtype=np.int64)  # index just past the cards of deck[i]'s rank
    for i in range(ndeck - 1, -1, -1):
        rank_end[i] = rank_end[i + 1] if i + 1 < ndeck and deck[i + 1] >> 2 == deck[i] >> 2 else i + 1
    depth = cards_left + 1
    left = np.zeros(depth, dtype=np.int64)
    pos = np.zeros(depth, dtype=np.int64)
    keys = np.zeros(depth, dtype=np.uint64)
    suiteds = np.zeros(depth, dtype=np.uint64)
    weights = np.zeros(depth, dtype=np.int64)
    undo_suit = np.full(depth, -1, dtype=np.int64)
    group_at = np.zeros(depth, dtype=np.int64)  # first deck index of the current irrelevant group
    group_size = np.zeros(depth, dtype=np.int64)  # 0 when not inside a group
    group_used = np.zeros(depth, dtype=np.int64)
    group_key = np.zeros(depth, dtype=np.uint64)
    group_suited = np.zeros(depth, dtype=np.uint64)
    n = 0
    level = 0
    left[0], pos[0], keys[0], suiteds[0], weights[0] = cards_left, 0, key, suited, 1
    while level >= 0:
        f = level
        if left[f] == 0:
            counts[
                _winners(keys[f], suiteds[f], hole_keys, hole_suited, offsets, rank_values, flush_values, shift)
            ] += weights[f]
            n += 1
            level -= 1
            continue
        if left[f] == 1:  # only when the whole run deals one card: children never get here
            n += _river(
                pos[f],
                keys[f],
                suiteds[f],
                weights[f],
                deck,
                rank_end,
                suit_counts,
                card_keys,
                hole_keys,
                hole_suited,
                counts,
                offsets,
                rank_values,
                flush_values,
                shift,
            )
            level -= 1
            continue
        if left[f] == 2 and undo_suit[f] < 0 and group_size[f] == 0 and _no_flush_possible(suit_counts, 2):
            # Turn and river that cannot make a flush: only their ranks matter, so
            # each pair of ranks is one board weighted by its number of card pairs.
            available = np.zeros(13, dtype=np.int64)
            for i in range(pos[f], ndeck):
                available[deck[i] >> 2] += 1
            for r1 in range(13):
                if available[r1] == 0:
                    continue
                k1 = keys[f] + card_keys[4 * r1]
                for r2 in range(r1, 13):
                    pairs = BINOMIAL[available[r1], 2] if r2 == r1 else available[r1] * available[r2]
                    if pairs > 0:
                        w = _winners(
                            k1 + card_keys[4 * r2],
                            suiteds[f],
                            hole_keys,
                            hole_suited,
                            offsets,
                            rank_values,
                            flush_values,
                            shift,
                        )
                        counts[w] += weights[f] * pairs
                        n += 1
            level -= 1
            continue
        if undo_suit[f] >= 0:  # back from the subtree of a relevant card
            suit_counts[undo_suit[f]] -= 1
            undo_suit[f] = -1
        if group_size[f] > 0:
            if group_used[f] < min(group_size[f], left[f]):
                # Use one more card of the irrelevant group: C(size, used) equivalent boards.
                used = group_used[f] + 1
                group_used[f] = used
                c = deck[group_at[f] + used - 1]
                group_key[f] += card_keys[c]
                group_suited[f] |= _bit(c)
                if left[f] - used == 1:  # the river: scored here, no frame
                    n += _river(
                        group_at[f] + group_size[f],
                        group_key[f],
                        group_suited[f],
                        weights[f] * BINOMIAL[group_size[f], used],
                        deck,
                        rank_end,
                        suit_counts,
                        card_keys,
                        hole_keys,
                        hole_suited,
                        counts,
                        offsets,
                        rank_values,
                        flush_values,
                        shift,
                    )
                    continue
                child = f + 1
                left[child] = left[f] - used
                pos[child] = group_at[f] + group_size[f]
                keys[child] = group_key[f]
                suiteds[child] = group_suited[f]
                weights[child] = weights[f] * BINOMIAL[group_size[f], used]
                undo_suit[child] = -1
                group_size[child] = 0
                level = child
                continue
            pos[f] = group_at[f] + group_size[f]
            group_size[f] = 0
        i = pos[f]
        if i >= ndeck:
            level -= 1
            continue
        card = deck[i]
        suit = card & 3
        if suit_counts[suit] + left[f] < 5:
            rank = card >> 2
            size = 1
            j = i + 1
            while j < ndeck and deck[j] >> 2 == rank:
                if suit_counts[deck[j] & 3] + left[f] < 5:
                    # Gather the irrelevant cards of this rank right after card i.
                    tmp = deck[j]
                    deck[j] = deck[i + size]
                    deck[i + size] = tmp
                    size += 1
                j += 1
            group_at[f], group_size[f], group_used[f] = i, size, 0
            group_key[f], group_suited[f] = keys[f], suiteds[f]
            continue
        suit_counts[suit] += 1
        pos[f] = i + 1
        if left[f] == 2:  # the river: scored here, no frame
            n += _river(
                i + 1,
                keys[f] + card_keys[card],
                suiteds[f] | _bit(card),
                weights[f],
                deck,
                rank_end,
                suit_counts,
                card_keys,
                hole_keys,
                hole_suited,
                counts,
                offsets,
                rank_values,
                flush_values,
                shift,
            )
            suit_counts[suit] -= 1
            continue
        undo_suit[f] = suit
        child = f + 1
        left[child] = left[f] - 1
        pos[child] = i + 1
        keys[child] = keys[f] + card_keys[card]
        suiteds[child] = suiteds[f] | _bit(card)
        weights[child] = weights[f]
        undo_suit[child] = -1
        group_size[child] = 0
        level = child
    return n


# --- Monte Carlo -------------------------------------------------------------


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
    deal)``; ``tables`` is :class:`evaluator.kernels.HighTables`. Returns the
    number of rejected deals; gives up (leaving fewer deals in ``counts``)
    after ``1000 * n_trials + 10**6`` rejections, so ranges that can never be
    dealt together cannot hang it.
    """
    combo_cards, alias_prob, alias_index, range_start, range_len = ranges
    board_key, board_suited, board_mask, n_board_left = board
    card_keys, offsets, rank_values, flush_values, shift = tables[0], tables[1], tables[2], tables[3], tables[4]
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    n_players = range_start.shape[0]
    hole_key = np.zeros(n_players, dtype=np.uint64)
    hole_suited = np.zeros(n_players, dtype=np.uint64)
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
        counts[winners] += 1
        done += 1
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return rejected


@njit(cache=True, parallel=True)
def mc_streams_parallel(states, trials_per_stream, ranges, board, tables, counts):
    """:func:`mc_stream` on every stream (row of ``states`` and ``counts``) across numba's threads."""
    rejected = np.zeros(states.shape[0], dtype=np.int64)
    for s in prange(states.shape[0]):
        rejected[s] = mc_stream(states[s], trials_per_stream, ranges, board, tables, counts[s])
    return rejected
