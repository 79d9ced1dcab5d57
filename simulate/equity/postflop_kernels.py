"""numba kernels for exact equity once the flop is out: every board, every combo of every range.

Preflop, most of the work is the 1.7 million boards, so the engine groups
deals by suit isomorphism and scores each deal's boards by rank multiset
(:mod:`pokerlab.simulate.equity.rank_boards`). After the flop there are at most 1,081 boards but often a thousand combos
per range, so the loops turn around: for each completed board every combo
of every player is ranked once (board key plus hole key, one lookup), then
the deals of one combo per player with no shared card are scored from those
values.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from ...evaluator.jit import njit
from ...evaluator.kernel_core import SUIT_INIT, hand_value, rank_value, suited_bit
from ...evaluator.tables import SIZED_RANK_SHIFT


# written out again on purpose: the win/lose/tie tally is inlined in each kernel loop (numba; no helper measured)
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
            # Separate sums per outcome: no chain of additions through one memory cell.
            first = second = both = 0.0
            for j in range(player_start[1], player_start[2]):
                v1 = values[j]
                if v1 < 0 or masks[j] & m0:
                    continue
                n_deals += 1
                if v0 > v1:
                    first += weights[j]
                elif v1 > v0:
                    second += weights[j]
                else:
                    both += weights[j]
            w0 = weights[i]
            counts[1] += w0 * first
            counts[2] += w0 * second
            counts[3] += w0 * both
            total_weight += w0 * (first + second + both)
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


@njit(cache=True)
def board_completions(deck, cards_left):  # pragma: no cover - numba
    """Rows of the 0, 1 or 2 cards that complete the board (-1 for none), from ``deck``."""
    n_deck = deck.shape[0]
    if cards_left == 0:
        return np.zeros((1, 2), dtype=np.int64) - 1
    if cards_left == 1:
        completions = np.zeros((n_deck, 2), dtype=np.int64) - 1
        for i in range(n_deck):
            completions[i, 0] = deck[i]
        return completions
    completions = np.zeros((n_deck * (n_deck - 1) // 2, 2), dtype=np.int64)
    k = 0
    for i in range(n_deck):
        for j in range(i + 1, n_deck):
            completions[k, 0] = deck[i]
            completions[k, 1] = deck[j]
            k += 1
    return completions


@njit(cache=True, inline="always")
def board_keys(board, card_keys):  # pragma: no cover - numba
    """The board's rank key (from ``SUIT_INIT``), its suited-rank bits (16 per suit) and its card mask."""
    one = np.uint64(1)
    key = np.uint64(SUIT_INIT)
    suited = np.uint64(0)
    mask = np.uint64(0)
    for c in board:
        key += card_keys[c]
        suited |= suited_bit(c)
        mask |= one << np.uint64(c)
    return key, suited, mask


@njit(cache=True)
def postflop_inputs(combos, board, dead_mask, card_keys):  # pragma: no cover - numba
    """What :func:`count_postflop_share` reads, from the players' combos ((M, 2) card ids) and board ids.

    Returns (completions, board key, board suited ranks, board mask, combo keys, combo suited ranks,
    combo masks, rank pairs, suit counts). One compiled call instead of about twenty numpy calls:
    measured 44 -> 7 us for a turn spot of 26 combos, where the counting itself takes a few us.
    """
    one = np.uint64(1)
    key, suited, mask = board_keys(board, card_keys)
    n_deck = 0
    deck = np.empty(52, dtype=np.int64)
    for c in range(52):
        if not ((mask | dead_mask) >> np.uint64(c)) & one:
            deck[n_deck] = c
            n_deck += 1
    completions = board_completions(deck[:n_deck], 5 - board.shape[0])
    n = combos.shape[0]
    combo_keys = np.empty(n, dtype=np.uint64)
    combo_suited = np.empty(n, dtype=np.uint64)
    masks = np.empty(n, dtype=np.uint64)
    # Per combo also its rank pair (a key 0..168 of the two ranks) and its cards per suit (a nibble per
    # suit), from the two cards directly: a scan of each combo's 52 mask bits cost 1-2 us of a turn spot.
    rank_pair = np.empty(n, dtype=np.int64)
    suit_counts = np.empty(n, dtype=np.int64)
    for m in range(n):
        c1, c2 = np.int64(combos[m, 0]), np.int64(combos[m, 1])
        combo_keys[m] = card_keys[c1] + card_keys[c2]
        combo_suited[m] = suited_bit(c1) | suited_bit(c2)
        masks[m] = (one << np.uint64(c1)) | (one << np.uint64(c2))
        rank_pair[m] = (min(c1, c2) >> 2) * 13 + (max(c1, c2) >> 2)
        suit_counts[m] = (1 << (4 * (c1 & 3))) + (1 << (4 * (c2 & 3)))
    return completions, key, suited, mask, combo_keys, combo_suited, masks, rank_pair, suit_counts


@njit(cache=True, nogil=True)
def exact_postflop(
    combos, weights, player_start, board, dead_mask, card_keys, offsets, rank_values, flush_values
):  # pragma: no cover
    """Exact counts by winner mask after the flop on one thread: (counts, deals, total weight).

    :func:`postflop_inputs` and :func:`count_postflop_share` in one call, for small spots where
    Python's set-up would cost more than the counting (``shift`` is the 7-card hash's).
    """
    completions, key, suited, mask, combo_keys, combo_suited, masks, rank_pair, suit_counts = postflop_inputs(
        combos, board, dead_mask, card_keys
    )
    n_players = player_start.shape[0] - 1
    counts = np.zeros(1 << n_players, dtype=np.float64)
    deals, weight = count_postflop_share(
        0, 1, completions, key, suited, mask, card_keys, combo_keys, combo_suited, masks, rank_pair, suit_counts,
        weights, player_start, n_players, offsets, rank_values, flush_values, SIZED_RANK_SHIFT, counts,
    )  # fmt: skip
    return counts, deals, weight


@njit(cache=True, nogil=True)
def count_postflop_share(
    w, workers, completions, board_key, board_suited, board_mask, card_keys, combo_keys, combo_suited, masks,
    rank_pair, suit_counts, weights, player_start, n_players, offsets, rank_values, flush_values, shift, counts,
):  # fmt: skip  # pragma: no cover - numba
    """Boards ``w, w + workers, ...`` of ``completions`` into ``counts``; returns (deals, total weight).

    Combos of one rank pair share their value on a board unless they can make a flush, so such a
    value is looked up once per board.
    """
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    one = np.uint64(1)
    n_combos = combo_keys.shape[0]
    values = np.empty(n_combos, dtype=np.int64)
    cached = np.zeros(169, dtype=np.int64)
    stamp = np.full(169, -1, dtype=np.int64)
    deals = 0
    weight_sum = 0.0
    for b in range(w, completions.shape[0], workers):
        key = board_key
        suited = board_suited
        mask = board_mask
        for t in range(2):
            c = completions[b, t]
            if c >= 0:
                key += card_keys[c]
                suited |= suited_bit(c)
                mask |= one << np.uint64(c)
        flush_at = -1  # the suit with three or more board cards: the only one that can flush
        need = 0
        for s in range(4):
            on_board = np.int64((key >> np.uint64(32 + 4 * s)) & np.uint64(0xF)) - 3
            if on_board >= 3:
                flush_at = s
                need = 5 - on_board
        for m in range(n_combos):
            if masks[m] & mask:
                values[m] = -1
            elif flush_at >= 0 and (suit_counts[m] >> (4 * flush_at)) & 0xF >= need:
                values[m] = hand_value(
                    key + combo_keys[m], suited | combo_suited[m], offsets, rank_values, flush_values, col_mask, sh
                )
            else:
                rp = rank_pair[m]
                if stamp[rp] != b:
                    cached[rp] = rank_value(key + combo_keys[m], offsets, rank_values, col_mask, sh)
                    stamp[rp] = b
                values[m] = cached[rp]
        n, ws = score_deals(player_start, masks, values, weights, n_players, counts)
        deals += n
        weight_sum += ws
    return deals, weight_sum


@njit(cache=True, parallel=True)
def count_postflop_parallel(
    workers, completions, board_key, board_suited, board_mask, card_keys, combo_keys, combo_suited, masks,
    rank_pair, suit_counts, weights, player_start, n_players, offsets, rank_values, flush_values, shift,
):  # fmt: skip  # pragma: no cover - numba
    """:func:`count_postflop_share` on ``workers`` threads, boards dealt round-robin; summed results."""
    counts = np.zeros((workers, 1 << n_players), dtype=np.float64)
    deals = np.zeros(workers, dtype=np.int64)
    weight_sum = np.zeros(workers, dtype=np.float64)
    for w in prange(workers):
        deals[w], weight_sum[w] = count_postflop_share(
            w, workers, completions, board_key, board_suited, board_mask, card_keys, combo_keys, combo_suited,
            masks, rank_pair, suit_counts, weights, player_start, n_players, offsets, rank_values, flush_values,
            shift, counts[w],
        )  # fmt: skip
    return counts.sum(axis=0), deals.sum(), weight_sum.sum()


@njit(cache=True, nogil=True)
def hand_vs_range_share(
    w, workers, completions, board, hero, opp, classes, flush_lists, card_keys, offsets, rank_values, flush_values,
    counts,
):  # fmt: skip  # pragma: no cover - numba
    """One fixed hand against a range after the flop: boards ``w, w + workers, ...`` into ``counts``.

    ``counts`` is (hero wins, opponent wins, ties) in combo weight; returns (deals, total weight).
    A combo that cannot make a flush on a board is worth what its rank pair is worth, so the
    range is scored per rank pair: a pair's weight on a board is its weight minus the combos
    that hold a board card (``class_card_weight``, the combo of both board cards added back
    once) minus its combos that can flush there, which are scored one by one.

    ``board`` = (key, suited, mask); ``hero`` = (key, suited); ``opp`` = (cards, weights,
    class of each combo, combo index by its two cards); ``classes`` = (rank key, weight, count,
    weight and count per card); ``flush_lists`` = (combos, start): for suit s and
    ``k`` = 1 or 2, the combos with at least k cards of s are ``combos[start[2 * s + k - 1]:...]``.
    """
    board_key, board_suited, board_mask = board
    hero_key, hero_suited = hero
    opp_cards, opp_weights, opp_class, combo_at = opp
    class_key, class_weight, class_count, class_card_weight, class_card_count = classes
    list_combos, list_start = flush_lists
    # Seven cards every time: ``offsets`` and ``rank_values`` are the hash of 7-card keys only.
    shift = SIZED_RANK_SHIFT
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    one = np.uint64(1)
    n_classes = class_key.shape[0]
    weight_now = np.empty(n_classes, dtype=np.float64)
    count_now = np.empty(n_classes, dtype=np.int64)
    deals = 0
    weight_sum = 0.0
    for b in range(w, completions.shape[0], workers):
        key = board_key
        suited = board_suited
        mask = board_mask
        t1 = completions[b, 0]
        t2 = completions[b, 1]
        for c in (t1, t2):
            if c >= 0:
                key += card_keys[c]
                suited |= suited_bit(c)
                mask |= one << np.uint64(c)
        hero_value = hand_value(key + hero_key, suited | hero_suited, offsets, rank_values, flush_values, col_mask, sh)
        for k in range(n_classes):
            weight_now[k] = class_weight[k]
            count_now[k] = class_count[k]
            if t1 >= 0:
                weight_now[k] -= class_card_weight[k, t1]
                count_now[k] -= class_card_count[k, t1]
            if t2 >= 0:
                weight_now[k] -= class_card_weight[k, t2]
                count_now[k] -= class_card_count[k, t2]
        if t1 >= 0 and t2 >= 0 and combo_at[t1, t2] >= 0:  # subtracted twice above
            m = combo_at[t1, t2]
            weight_now[opp_class[m]] += opp_weights[m]
            count_now[opp_class[m]] += 1
        win = lose = tie = 0.0
        # The suit with three or more board cards is the only one that can flush.
        for s in range(4):
            on_board = np.int64((key >> np.uint64(32 + 4 * s)) & np.uint64(0xF)) - 3
            if on_board < 3:
                continue
            need = 5 - on_board
            # need 0: the board is a flush, every combo may improve it.
            lo = 0 if need == 0 else list_start[2 * s + need - 1]
            hi = opp_cards.shape[0] if need == 0 else list_start[2 * s + need]
            for i in range(lo, hi):
                m = np.int64(i) if need == 0 else list_combos[i]
                c1, c2 = opp_cards[m, 0], opp_cards[m, 1]
                if mask & ((one << np.uint64(c1)) | (one << np.uint64(c2))):
                    continue
                weight_now[opp_class[m]] -= opp_weights[m]
                count_now[opp_class[m]] -= 1
                bits = suited_bit(c1) | suited_bit(c2)
                v = hand_value(
                    key + card_keys[c1] + card_keys[c2], suited | bits, offsets, rank_values, flush_values, col_mask, sh
                )
                deals += 1
                if hero_value > v:
                    win += opp_weights[m]
                elif v > hero_value:
                    lose += opp_weights[m]
                else:
                    tie += opp_weights[m]
        for k in range(n_classes):
            if count_now[k] == 0:
                continue
            v = np.int64(rank_value(key + class_key[k], offsets, rank_values, col_mask, sh))
            deals += count_now[k]
            if hero_value > v:
                win += weight_now[k]
            elif v > hero_value:
                lose += weight_now[k]
            else:
                tie += weight_now[k]
        counts[0] += win
        counts[1] += lose
        counts[2] += tie
        weight_sum += win + lose + tie
    return deals, weight_sum


@njit(cache=True, parallel=True)
def hand_vs_range_parallel(
    workers, completions, board, hero, opp, classes, flush_lists, card_keys, offsets, rank_values, flush_values
):  # fmt: skip  # pragma: no cover - numba
    """:func:`hand_vs_range_share` on ``workers`` threads, boards dealt round-robin; summed results."""
    counts = np.zeros((workers, 3), dtype=np.float64)
    deals = np.zeros(workers, dtype=np.int64)
    weight_sum = np.zeros(workers, dtype=np.float64)
    for w in prange(workers):
        # w as int64, as hand_vs_range_exact passes it: one compiled hand_vs_range_share for both paths.
        deals[w], weight_sum[w] = hand_vs_range_share(
            np.int64(w), workers, completions, board, hero, opp, classes, flush_lists, card_keys, offsets, rank_values,
            flush_values, counts[w],
        )  # fmt: skip
    return counts.sum(axis=0), deals.sum(), weight_sum.sum()


@njit(cache=True)
def hand_vs_range_inputs(hero_cards, opp_combos, opp_weights, board, dead_mask, card_keys):  # pragma: no cover
    """What :func:`hand_vs_range_share` reads (``completions, board, hero, opp, classes, flush_lists``).

    ``hero_cards`` is the fixed hand ((1, 2) card ids), ``opp_combos`` and ``opp_weights`` the range
    ((M, 2) card ids and weights), ``board`` the board's card ids. Combos that hold a board, dead or
    hero card are left out; rank pairs are numbered in increasing ``13 * high + low``. One compiled
    call: the same set-up in numpy cost about 0.1 ms, which kept small spots on the deal-by-deal path.
    """
    one = np.uint64(1)
    h1, h2 = np.int64(hero_cards[0, 0]), np.int64(hero_cards[0, 1])
    board_key, board_suited, board_mask = board_keys(board, card_keys)
    hero_mask = (one << np.uint64(h1)) | (one << np.uint64(h2))
    blocked = board_mask | dead_mask | hero_mask
    n_deck = 0
    deck = np.empty(52, dtype=np.int64)
    for c in range(52):
        if not (blocked >> np.uint64(c)) & one:
            deck[n_deck] = c
            n_deck += 1
    completions = board_completions(deck[:n_deck], 5 - board.shape[0])
    # The live combos, in the range's order.
    n_opp = opp_combos.shape[0]
    cards = np.empty((n_opp, 2), dtype=np.int64)
    weights = np.empty(n_opp, dtype=np.float64)
    pair = np.empty(n_opp, dtype=np.int64)
    n = 0
    for m in range(n_opp):
        c1, c2 = np.int64(opp_combos[m, 0]), np.int64(opp_combos[m, 1])
        if blocked & ((one << np.uint64(c1)) | (one << np.uint64(c2))):
            continue
        cards[n, 0], cards[n, 1] = c1, c2
        weights[n] = opp_weights[m]
        pair[n] = (max(c1, c2) >> 2) * 13 + (min(c1, c2) >> 2)
        n += 1
    cards, weights, pair = cards[:n], weights[:n], pair[:n]
    class_of = np.full(169, -1, dtype=np.int64)
    for m in range(n):
        class_of[pair[m]] = 0
    n_classes = 0
    for rp in range(169):
        if class_of[rp] == 0:
            class_of[rp] = n_classes
            n_classes += 1
    combo_class = np.empty(n, dtype=np.int64)
    class_key = np.empty(n_classes, dtype=np.uint64)
    class_weight = np.zeros(n_classes, dtype=np.float64)
    class_count = np.zeros(n_classes, dtype=np.int64)
    rank_part = np.uint64(0xFFFFFFFF)
    for m in range(n):
        k = class_of[pair[m]]
        combo_class[m] = k
        class_key[k] = (card_keys[4 * (pair[m] // 13)] & rank_part) + (card_keys[4 * (pair[m] % 13)] & rank_part)
        class_weight[k] += weights[m]
        class_count[k] += 1
    class_card_weight = np.zeros((n_classes, 52), dtype=np.float64)
    class_card_count = np.zeros((n_classes, 52), dtype=np.int64)
    # A combo holding both completion cards is looked up by them: only when two cards are to come.
    side = 52 if completions.shape[0] > 0 and completions[0, 1] >= 0 else 1
    combo_at = np.full((side, side), -1, dtype=np.int64)
    for s in range(2):  # each side in turn, as np.add.at did: the same sums in the same order
        for m in range(n):
            class_card_weight[combo_class[m], cards[m, s]] += weights[m]
            class_card_count[combo_class[m], cards[m, s]] += 1
            if side == 52:
                combo_at[cards[m, s], cards[m, 1 - s]] = m
    list_combos = np.empty(8 * n, dtype=np.int64)
    list_start = np.zeros(9, dtype=np.int64)
    k = 0
    for s in range(4):
        for need in (1, 2):
            for m in range(n):
                held = np.int64((cards[m, 0] & 3) == s) + np.int64((cards[m, 1] & 3) == s)
                if held >= need:
                    list_combos[k] = m
                    k += 1
            list_start[2 * s + need] = k
    hero_key = card_keys[h1] + card_keys[h2]
    hero_suited = suited_bit(h1) | suited_bit(h2)
    return (
        completions,
        (board_key, board_suited, board_mask | hero_mask),
        (hero_key, hero_suited),
        (cards, weights, combo_class, combo_at),
        (class_key, class_weight, class_count, class_card_weight, class_card_count),
        (list_combos[:k], list_start),
    )


@njit(cache=True, nogil=True)
def hand_vs_range_exact(
    hero_cards, opp_combos, opp_weights, board, dead_mask, card_keys, offsets, rank_values, flush_values
):  # fmt: skip  # pragma: no cover - numba
    """:func:`hand_vs_range_inputs` and :func:`hand_vs_range_share` on one thread, in one compiled call.

    Returns hero wins, opponent wins and ties in combo weight, the deals and their total weight, all
    scalars: no array to hand back to Python (boxing one cost about 1 us of a 10 us turn spot).
    """
    completions, board_t, hero_t, opp_t, classes_t, lists_t = hand_vs_range_inputs(
        hero_cards, opp_combos, opp_weights, board, dead_mask, card_keys
    )
    outcome = np.zeros(3, dtype=np.float64)
    deals, weight = hand_vs_range_share(
        np.int64(0), np.int64(1), completions, board_t, hero_t, opp_t, classes_t, lists_t, card_keys, offsets,
        rank_values, flush_values, outcome,
    )  # fmt: skip
    return outcome[0], outcome[1], outcome[2], deals, weight
