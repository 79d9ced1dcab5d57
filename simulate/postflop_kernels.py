"""numba kernels for exact equity once the flop is out: every board, every combo of every range.

Preflop, most of the work is the 1.7 million boards, so the engine groups
deals by suit isomorphism and walks boards per deal (:mod:`simulate.equity_kernels`).
After the flop there are at most 1,081 boards but often a thousand combos
per range, so the loops turn around: for each completed board every combo
of every player is ranked once (board key plus hole key, one lookup), then
the deals of one combo per player with no shared card are scored from those
values.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from evaluator.kernels import flush_suit

RANK_KEY_MASK = np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always")
def _value(key, suited, offsets, rank_values, flush_values, col_mask, sh):
    suit = flush_suit(key)
    if suit >= 0:
        return np.int64(flush_values[(suited >> np.uint64(16 * suit)) & np.uint64(0x1FFF)])
    rk = key & RANK_KEY_MASK
    return np.int64(rank_values[np.uint64(offsets[rk >> sh]) + (rk & col_mask)])


@njit(cache=True, nogil=True)
def score_deals(player_start, masks, values, weights, n_players, counts):  # pragma: no cover - numba
    """Add every deal (one live combo per player, no shared card) to ``counts`` by winner mask.

    Combos of player ``p`` are rows ``player_start[p]:player_start[p + 1]``;
    a combo blocked by the board has value -1. Returns (deals, weight).
    """
    n_deals = 0
    total_weight = 0.0
    if n_players == 2:
        for i in range(player_start[0], player_start[1]):
            v0 = values[i]
            if v0 < 0:
                continue
            m0 = masks[i]
            w0 = weights[i]
            for j in range(player_start[1], player_start[2]):
                v1 = values[j]
                if v1 < 0 or masks[j] & m0:
                    continue
                w = w0 * weights[j]
                winners = 1 if v0 > v1 else (2 if v1 > v0 else 3)
                counts[winners] += w
                n_deals += 1
                total_weight += w
        return n_deals, total_weight
    idx = np.zeros(n_players, dtype=np.int64)
    used = np.zeros(n_players + 1, dtype=np.uint64)
    weight = np.ones(n_players + 1, dtype=np.float64)
    p = 0
    idx[0] = player_start[0]
    while p >= 0:
        j = idx[p]
        end = player_start[p + 1]
        while j < end and (values[j] < 0 or masks[j] & used[p]):
            j += 1
        if j == end:
            p -= 1
            if p >= 0:
                idx[p] += 1
            continue
        idx[p] = j
        if p == n_players - 1:
            best = -1
            winners = 0
            for q in range(n_players):
                v = values[idx[q]]
                if v > best:
                    best = v
                    winners = 1 << q
                elif v == best:
                    winners |= 1 << q
            w = weight[p] * weights[j]
            counts[winners] += w
            n_deals += 1
            total_weight += w
            idx[p] += 1
        else:
            used[p + 1] = used[p] | masks[j]
            weight[p + 1] = weight[p] * weights[j]
            p += 1
            idx[p] = player_start[p]
    return n_deals, total_weight


@njit(cache=True, parallel=True)
def count_postflop(
    deck, cards_left, board_key, board_suited, board_mask, card_keys, combo_keys, combo_suited, masks, weights,
    player_start, n_players, workers, offsets, rank_values, flush_values, shift,
):  # fmt: skip  # pragma: no cover - numba
    """Counts by winner mask (float64[2**n]), deals and total weight over every completion of the board.

    ``deck`` holds the cards that can still come; ``cards_left`` is 0, 1 or
    2. Completions are dealt round-robin to ``workers`` threads.
    """
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    n_deck = deck.shape[0]
    n_combos = combo_keys.shape[0]
    if cards_left == 0:
        completions = np.zeros((1, 2), dtype=np.int64) - 1
    elif cards_left == 1:
        completions = np.zeros((n_deck, 2), dtype=np.int64) - 1
        for i in range(n_deck):
            completions[i, 0] = deck[i]
    else:
        completions = np.zeros((n_deck * (n_deck - 1) // 2, 2), dtype=np.int64)
        k = 0
        for i in range(n_deck):
            for j in range(i + 1, n_deck):
                completions[k, 0] = deck[i]
                completions[k, 1] = deck[j]
                k += 1
    counts = np.zeros((workers, 1 << n_players), dtype=np.float64)
    deals = np.zeros(workers, dtype=np.int64)
    weight_sum = np.zeros(workers, dtype=np.float64)
    one = np.uint64(1)
    for w in prange(workers):
        values = np.empty(n_combos, dtype=np.int64)
        for b in range(w, completions.shape[0], workers):
            key = board_key
            suited = board_suited
            mask = board_mask
            for t in range(2):
                c = completions[b, t]
                if c >= 0:
                    key += card_keys[c]
                    suited |= one << np.uint64(16 * (c & 3) + (c >> 2))
                    mask |= one << np.uint64(c)
            for m in range(n_combos):
                if masks[m] & mask:
                    values[m] = -1
                else:
                    values[m] = _value(
                        key + combo_keys[m], suited | combo_suited[m], offsets, rank_values, flush_values, col_mask, sh
                    )
            n, ws = score_deals(player_start, masks, values, weights, n_players, counts[w])
            deals[w] += n
            weight_sum[w] += ws
    return counts.sum(axis=0), deals.sum(), weight_sum.sum()
