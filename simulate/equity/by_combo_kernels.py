"""The by-combo Monte Carlo kernel: :mod:`.mc_kernels`' deals, each tallied under the combo every player held.

One set of deals gives every player's numbers, so the players' totals add up to 1 and each player's combos,
weighted by how often they were dealt, add up to its total.
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ...evaluator.jit import njit
from ...evaluator.kernel_core import suited_bit
from .mc_kernels import (
    ALL_CARDS,
    deal_bounds,
    deal_plan,
    draw_below,
    free_pair,
    mul_wide,
    next_random,
    nth_bit,
    pair_patterns,
    seed_streams,
    seven_value,
)


@njit(cache=True, nogil=True)
def combo_blocks(seeds, n_trials, ranges, board, tables, pair_index, counts, dealt):
    """:func:`combo_stream` for a block of ``n_trials`` deals per seed, block ``b`` from the generator seeded
    ``seeds[b]``, all into ``counts``; ``dealt[b]`` is the deals block ``b`` made (fewer when it gave up)."""
    for b in range(seeds.shape[0]):
        dealt[b] = combo_stream(seed_streams(seeds[b], 1)[0], n_trials, ranges, board, tables, pair_index, counts)


@njit(cache=True)
def combo_stream(state, n_trials, ranges, board, tables, pair_index, counts):
    """Deal ``n_trials`` deals on one stream, each tallied under the combo every player held; the deals made.

    The deals are :func:`.mc_kernels.mc_stream`'s, dealt as it deals them (its inputs, its law, its draws): a
    combo picked for each ranged player (the whole deal rejected when two share a card), then every "any two
    cards" player's pair and the board's cards, each a uniform one of those still free. ``pair_index[p, 52 * a +
    b]`` is the index in player ``p``'s range of the combo of cards ``a < b``. ``counts`` (players, combos,
    players + 1), flat: ``[p, c, 0]`` counts the deals where player ``p`` held its combo ``c``, ``[p, c, k]``
    those of them where it split the pot ``k`` ways (``k = 1``: won alone). Gives up, as ``mc_stream`` does,
    after ``1000 * n_trials + 10**6`` rejections. Heads-up and three-way, the tally is written out with the
    values in scalars, as ``mc_stream`` does (a loop over the players took twice the time of the plain deal).
    """
    combo_cards, alias_prob, alias_index, range_start, range_len = ranges
    board_key, board_suited, board_mask, n_board_left = board
    card_keys, offsets, rank_values = tables.card_keys, tables.rank7_offsets, tables.rank7_values
    flush_values = tables.flush_values
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    n_players = range_start.shape[0]
    width = n_players + 1
    row = (counts.shape[0] // (n_players * width)) * width  # one player's block of the flat counts
    plan = deal_plan(ranges, board, card_keys)
    combo_mask, combo_key, uniform, hole_key, hole_cards, dealt, n_dealt, picked, n_picked, fixed_mask, n_left = plan
    if n_left < 0:
        return 0  # no deal exists
    fold = n_picked > 0 and uniform[picked[0]]
    first, threshold, extra, extra_thresholds = deal_bounds(
        range_len[picked[0]] if fold else 1, n_left, n_dealt, n_board_left
    )
    bound_pick, bound_p0, bound_p1 = first[0], first[1], first[2]
    bound_b0, bound_b1, bound_b2 = first[3], first[4], first[5]
    d0, d1 = dealt[0], dealt[1]
    patterns = pair_patterns()
    board_cards = np.uint64(0)
    for c in range(52):
        if board_suited & suited_bit(c):
            board_cards |= np.uint64(1) << np.uint64(c)
    # Where each player's tally starts in ``counts``: its block, then its combo's row (a fixed hand: row 0).
    at = np.arange(n_players) * row
    values = np.zeros(n_players, dtype=np.int64)
    rejected = 0
    done = 0
    while done < n_trials:
        used = fixed_mask
        ok = True
        f, s0, s1, s2, s3 = next_random(s0, s1, s2, s3)
        for q in range(n_picked):
            p = picked[q]
            lo = range_start[p]
            if q == 0 and fold:
                r, f = mul_wide(f, bound_pick)
                a = lo + np.int64(r)
            else:
                result, s0, s1, s2, s3 = next_random(s0, s1, s2, s3)
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
            hole_cards[p] = m
            at[p] = p * row + (a - lo) * width
        if not ok:
            rejected += 1
            if rejected > 1000 * n_trials + 1_000_000:
                break
            continue
        # written out again on purpose: mc_kernels.mc_blocks' dealing, step for step (see there: a helper taking these
        # arrays kept numba's reference counting in the loop)
        free = ~used & ALL_CARDS
        if n_dealt > 0:
            r, f = mul_wide(f, bound_p0)
            pair, pk = free_pair(r, free, patterns, card_keys)
            free ^= pair
            hole_key[d0] = pk
            hole_cards[d0] = pair
        if n_dealt > 1:
            r, f = mul_wide(f, bound_p1)
            pair, pk = free_pair(r, free, patterns, card_keys)
            free ^= pair
            hole_key[d1] = pk
            hole_cards[d1] = pair
        key = board_key
        cards = board_cards
        if n_board_left >= 2:
            r, f = mul_wide(f, bound_b0)
            pair, pk = free_pair(r, free, patterns, card_keys)
            free ^= pair
            key += pk
            cards |= pair
        if n_board_left >= 4:
            r, f = mul_wide(f, bound_b1)
            pair, pk = free_pair(r, free, patterns, card_keys)
            free ^= pair
            key += pk
            cards |= pair
        if n_board_left & 1:
            r, f = mul_wide(f, bound_b2)
            bit = nth_bit(r, free)
            free ^= bit
            key += card_keys[trailing_zeros(bit)]
            cards |= bit
        if f < threshold:
            rejected += 1  # Lemire's rejection (see deal_bounds)
            if rejected > 1000 * n_trials + 1_000_000:
                break
            continue
        for q in range(2, n_dealt):
            r, s0, s1, s2, s3 = draw_below(extra[q - 2], extra_thresholds[q - 2], s0, s1, s2, s3)
            pair, pk = free_pair(r, free, patterns, card_keys)
            free ^= pair
            hole_key[dealt[q]] = pk
            hole_cards[dealt[q]] = pair
        for q in range(n_dealt):  # an "any two cards" player's combo, from its pair's cards
            p = dealt[q]
            pair = hole_cards[p]
            low, high = np.int64(trailing_zeros(pair)), np.int64(trailing_zeros(pair & (pair - np.uint64(1))))
            at[p] = p * row + pair_index[p, 52 * low + high] * width
        if n_players == 2:
            v0 = seven_value(key + hole_key[0], cards | hole_cards[0], offsets, rank_values, flush_values)
            v1 = seven_value(key + hole_key[1], cards | hole_cards[1], offsets, rank_values, flush_values)
            a0, a1 = at[0], at[1]
            counts[a0] += 1
            counts[a1] += 1
            if v0 > v1:
                counts[a0 + 1] += 1
            elif v1 > v0:
                counts[a1 + 1] += 1
            else:
                counts[a0 + 2] += 1
                counts[a1 + 2] += 1
        elif n_players == 3:
            v0 = seven_value(key + hole_key[0], cards | hole_cards[0], offsets, rank_values, flush_values)
            v1 = seven_value(key + hole_key[1], cards | hole_cards[1], offsets, rank_values, flush_values)
            v2 = seven_value(key + hole_key[2], cards | hole_cards[2], offsets, rank_values, flush_values)
            best = max(max(v0, v1), v2)
            split = np.int64(v0 == best) + np.int64(v1 == best) + np.int64(v2 == best)
            a0, a1, a2 = at[0], at[1], at[2]
            counts[a0] += 1
            counts[a1] += 1
            counts[a2] += 1
            if v0 == best:
                counts[a0 + split] += 1
            if v1 == best:
                counts[a1 + split] += 1
            if v2 == best:
                counts[a2 + split] += 1
        else:
            best = np.int64(0)
            for p in range(n_players):
                values[p] = seven_value(key + hole_key[p], cards | hole_cards[p], offsets, rank_values, flush_values)
                best = max(best, values[p])
            split = 0
            for p in range(n_players):
                if values[p] == best:
                    split += 1
            for p in range(n_players):
                counts[at[p]] += 1
                if values[p] == best:
                    counts[at[p] + split] += 1
        done += 1
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return done
