"""numba kernels of stud equity (seven-card stud, stud hi/lo eight or better, razz), exact and Monte Carlo.

A player's seven cards are the known ones plus cards from the unseen deck.
Every value comes from the evaluator's own tables (no new ranking): the key
sum of the seven cards (:mod:`pokerlab.evaluator.layout`) gives the high
value through the flush table or the rank hash, and the same rank-hash slot
gives the ace-to-five low in ``ace_five_values``. A hi/lo low qualifies when
its category is eight-high or better (value >> 12 >= 10, as
``simulate/game/hilo.py``); in razz the ace-to-five low is the only value.

Exact: each player's completions (every choice of its missing cards from
the unseen cards) are valued once; deals are then every choice of one
completion per player with no card twice, walked depth first over card
masks, so the inner loop compares numbers instead of evaluating hands.
Monte Carlo deals the missing cards by a partial Fisher-Yates shuffle.

The statistics columns are those of :mod:`.pot_stats` (share, its square,
high won alone / tied, low won alone / tied, scoops, quarters), shared with Omaha and short deck.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from ...evaluator.jit import njit
from ...evaluator.kernel_core import SUIT_INIT, flush_ranks, flush_suit, next_subset, rank_slot, suited_bit
from .pot_stats import N_STATS
from .pot_stats_kernels import award_pot
from .rng_kernels import below, deal_next, seeded_state, xorshift_step

GAME_STUD, GAME_HILO, GAME_RAZZ = 0, 1, 2
LOW_EIGHT_CATEGORY = 10  # ace-five categories: 13 is five-high ... 10 is eight-high (18 - qualifier)


@njit(cache=True, inline="always")
def hand_value(key, suited, game, card_keys, offsets, rank_values, flush_values, low_values, shift):
    """(main value, qualifying low or 0) of seven cards given by their key sum (SUIT_INIT included) and suited mask.

    The main value is the high hand in stud and stud hi/lo, the ace-to-five low in razz.
    """
    slot = rank_slot(key, offsets, np.uint64((1 << shift) - 1), np.uint64(shift))
    if game == GAME_RAZZ:
        return np.int64(low_values[slot]), np.int64(0)
    fs = flush_suit(key)
    if fs >= 0:
        main = np.int64(flush_values[flush_ranks(suited, fs)])
    else:
        main = np.int64(rank_values[slot])
    low = np.int64(0)
    if game == GAME_HILO:
        lv = np.int64(low_values[slot])
        if lv >> 12 >= LOW_EIGHT_CATEGORY:
            low = lv
    return main, low


@njit(cache=True)
def base_keys(known, counts, card_keys):
    """Per player, the key sum (with SUIT_INIT) and suited mask of its known cards (``known`` (P, 7), ``counts``)."""
    players = counts.shape[0]
    keys = np.empty(players, dtype=np.uint64)
    suited = np.empty(players, dtype=np.uint64)
    for p in range(players):
        k = SUIT_INIT
        s = np.uint64(0)
        for j in range(counts[p]):
            c = np.int64(known[p, j])
            k += card_keys[c]
            s |= suited_bit(c)
        keys[p] = k
        suited[p] = s
    return keys, suited


@njit(cache=True)
def completions(pool, m, key, suited, game, card_keys, offsets, rank_values, flush_values, low_values, shift):
    """Every choice of ``m`` cards of ``pool`` added to a hand (``key``, ``suited``): (card masks, mains, lows)."""
    n = pool.shape[0]
    total = 1
    for j in range(m):  # C(n, m), exact in integers
        total = total * (n - j) // (j + 1)
    masks = np.empty(total, dtype=np.int64)
    mains = np.empty(total, dtype=np.int64)
    lows = np.empty(total, dtype=np.int64)
    idx = np.empty(max(m, 1), dtype=np.int64)
    for j in range(m):
        idx[j] = j
    for r in range(total):
        k = key
        s = suited
        mask = np.int64(0)
        for j in range(m):
            c = np.int64(pool[idx[j]])
            k += card_keys[c]
            s |= suited_bit(c)
            mask |= np.int64(1) << c
        masks[r] = mask
        mains[r], lows[r] = hand_value(k, s, game, card_keys, offsets, rank_values, flush_values, low_values, shift)
        if next_subset(idx, 0, m, n) < 0:
            break
    return masks, mains, lows


@njit(cache=True)
def exact_slice(lo, hi, masks, mains, lows, offsets, sizes, hilo):
    """Every deal whose first player's completion index is in ``lo..hi-1``: (stats (P, N_STATS), deals, no-low).

    Player p's completions are ``masks/mains/lows[offsets[p] : offsets[p] + sizes[p]]``; a deal gives each
    player one completion, no card twice, found depth first with the union of the cards dealt so far. Once
    every player but the last has one, the last player's completions are only counted by how they compare
    with the others' best high and best low (12 classes), and each class is awarded once with its count.
    """
    players = sizes.shape[0]
    last = players - 1
    stats = np.zeros((players, N_STATS))
    pos = np.zeros(players, dtype=np.int64)
    used = np.zeros(players, dtype=np.int64)
    deal_main = np.empty(players, dtype=np.int64)
    deal_low = np.empty(players, dtype=np.int64)
    bins = np.zeros(12, dtype=np.int64)
    deals = 0
    no_low = 0.0
    level = 0
    pos[0] = lo - 1
    while level >= 0:
        pos[level] += 1
        end = hi if level == 0 else sizes[level]
        if pos[level] >= end:
            level -= 1
            continue
        r = offsets[level] + pos[level]
        if masks[r] & used[level]:
            continue
        deal_main[level] = mains[r]
        deal_low[level] = lows[r]
        if level < last - 1:
            used[level + 1] = used[level] | masks[r]
            level += 1
            pos[level] = -1
            continue
        taken = used[level] | masks[r]
        best = deal_main[0]
        best_low = deal_low[0]
        for p in range(1, last):
            best = max(best, deal_main[p])
            best_low = max(best_low, deal_low[p])
        bins[:] = 0
        for q in range(offsets[last], offsets[last] + sizes[last]):
            if masks[q] & taken:
                continue
            m = mains[q]
            v = lows[q]
            high_class = 0 if m > best else 1 if m == best else 2
            low_class = 3 if v == 0 else 0 if v > best_low else 1 if v == best_low else 2
            bins[4 * high_class + low_class] += 1
        for b in range(12):
            if not bins[b]:
                continue
            high_class = b >> 2
            low_class = b & 3
            # Any values in the class's relation to the others' best award the same shares.
            deal_main[last] = best + 1 if high_class == 0 else best if high_class == 1 else best - 1
            deal_low[last] = (
                best_low + 1 if low_class == 0 else best_low if low_class == 1 else 1 if low_class == 2 else 0
            )
            no_low += award_pot(deal_main, deal_low, players, hilo, stats, np.float64(bins[b]))
            deals += bins[b]
    return stats, deals, no_low


@njit(cache=True, parallel=True)
def exact_slices(bounds, masks, mains, lows, offsets, sizes, hilo):
    """:func:`exact_slice` for each ``(lo, hi)`` row of ``bounds`` across numba's threads, results per slice."""
    n = bounds.shape[0]
    stats = np.zeros((n, sizes.shape[0], N_STATS))
    deals = np.zeros(n, dtype=np.int64)
    no_low = np.zeros(n)
    for b in prange(n):
        s, d, nl = exact_slice(bounds[b, 0], bounds[b, 1], masks, mains, lows, offsets, sizes, hilo)
        stats[b] = s
        deals[b] = d
        no_low[b] = nl
    return stats, deals, no_low


@njit(cache=True)
def mc_block(seed, trials, keys, suited, missing, community, pool, game, t):
    """``trials`` random deals: each player's ``missing`` cards (and one shared card when ``community``) drawn
    without replacement from ``pool``. ``t`` = (card keys, offsets, rank values, flush values, low values, shift).

    Returns (stats (P, N_STATS), no-low deals).
    """
    card_keys, offsets, rank_values, flush_values, low_values, shift = t
    players = keys.shape[0]
    hilo = game == GAME_HILO
    stats = np.zeros((players, N_STATS))
    deck = pool.copy()
    n = deck.shape[0]
    mains = np.empty(players, dtype=np.int64)
    lows = np.empty(players, dtype=np.int64)
    state = seeded_state(seed)
    no_low = 0.0
    for _ in range(trials):
        top = 0
        shared_key = np.uint64(0)
        shared_suit = np.uint64(0)
        if community:
            state, bits = xorshift_step(state)
            j = below(bits, n)
            c = deck[j]
            deck[j] = deck[0]
            deck[0] = c
            top = 1
            shared_key = card_keys[c]
            shared_suit = suited_bit(c)
        for p in range(players):
            k = keys[p] + shared_key
            s = suited[p] | shared_suit
            for _x in range(missing[p]):
                state, c = deal_next(state, deck, top, n)
                top += 1
                k += card_keys[c]
                s |= suited_bit(c)
            mains[p], lows[p] = hand_value(k, s, game, card_keys, offsets, rank_values, flush_values, low_values, shift)
        no_low += award_pot(mains, lows, players, hilo, stats, 1.0)
    return stats, no_low


@njit(cache=True, parallel=True)
def mc_blocks(seeds, trials, keys, suited, missing, community, pool, game, t):
    """:func:`mc_block` once per seed across numba's threads: a block's result depends on its seed only."""
    n = seeds.shape[0]
    stats = np.zeros((n, keys.shape[0], N_STATS))
    no_low = np.zeros(n)
    for b in prange(n):
        s, nl = mc_block(seeds[b], trials, keys, suited, missing, community, pool, game, t)
        stats[b] = s
        no_low[b] = nl
    return stats, no_low
