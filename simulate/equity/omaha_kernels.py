"""numba kernels of Omaha equity: score boards for 2-10 players, exactly or by Monte Carlo.

Per deal, each player's hole cards are reduced once to what a board needs
(see :mod:`pokerlab.evaluator.omaha_kernels` for the tables): the column of
each pair of hole ranks in a board's row of ``omaha_high``, the hole suit
counters, the suited rank masks and the low mask. A board then costs its
rank-hash lookup and, per player, one lookup per hole pair (a flush only
when a suit holds three board cards and two of the player's).

A deal's pot goes into the statistics of :mod:`.pot_stats` (share, its square, high and low halves
won alone or tied, scoops, quarters); ``no_low`` counts boards without a qualifying low (hi/lo only).
"""

from __future__ import annotations

import numpy as np

from ...evaluator.jit import njit
from ...evaluator.kernel_core import flush_suit, next_subset, rank_value, suits_holding
from ...evaluator.omaha_kernels import best_flush
from ...evaluator.tables import SIZED_RANK_SHIFT
from .pot_stats import N_STATS, STAT_SHARE
from .pot_stats_kernels import award_pot
from .rng_kernels import below, free_card, seeded_state, xorshift_step

_SHIFT = np.uint64(SIZED_RANK_SHIFT)
_COLS = np.uint64((1 << SIZED_RANK_SHIFT) - 1)
_S32 = np.uint64(32)
_EMPTY = 0xFFFF  # no card


@njit(cache=True)
def prepare_players(hands, pidx, h_key, h_suits, h_low, card_keys, low_bits):
    """Fill each player's pair columns, suit counters, suited masks and low mask from ``hands`` (P, h)."""
    players, h = hands.shape
    for p in range(players):
        k = 0
        key = np.uint64(0)
        lo = 0
        for s in range(4):
            h_suits[p, s] = 0
        for x in range(h):
            cx = np.int64(hands[p, x])
            key += card_keys[cx]
            lo |= low_bits[cx]
            h_suits[p, cx & 3] |= np.int64(1) << (cx >> 2)
            for y in range(x + 1, h):
                cy = np.int64(hands[p, y])
                a = max(cx >> 2, cy >> 2)
                b = min(cx >> 2, cy >> 2)
                pidx[p, k] = a * (a + 1) // 2 + b
                k += 1
        h_key[p] = key
        h_low[p] = lo


@njit(cache=True, inline="always")
def score_board(board, players, n_pairs, pidx, h_key, h_suits, h_low, hilo, highs, lows, stats, weight, t):
    """Score one five-card board for every player into ``stats``; returns 1 when no low qualifies, else 0.

    ``t`` is the evaluator's Omaha tables tuple (card keys, rank5 hash, flush values, board rows, high, low,
    low bits), see :class:`pokerlab.evaluator.omaha_kernels.OmahaTables`.
    """
    card_keys, r5_off, r5_val, fv, b_row, high, low, lbits = t
    key = np.uint64(0)
    b_low = 0
    b_suits0 = np.int64(0)
    b_suits1 = np.int64(0)
    b_suits2 = np.int64(0)
    b_suits3 = np.int64(0)
    for j in range(5):
        c = np.int64(board[j])
        key += card_keys[c]
        b_low |= lbits[c]
        bit = np.int64(1) << (c >> 2)
        s = c & 3
        if s == 0:
            b_suits0 |= bit
        elif s == 1:
            b_suits1 |= bit
        elif s == 2:
            b_suits2 |= bit
        else:
            b_suits3 |= bit
    row = np.int64(b_row[rank_value(key, r5_off, r5_val, _COLS, _SHIFT)]) * 91
    threes = suits_holding(key, 3)
    for p in range(players):
        v = 0
        for k in range(n_pairs):
            w = high[row + pidx[p, k]]
            if w > v:
                v = w
        flushing = threes & suits_holding(h_key[p], 2)
        if flushing:
            suit = flush_suit(flushing << _S32)
            b_mask = b_suits0 if suit == 0 else b_suits1 if suit == 1 else b_suits2 if suit == 2 else b_suits3
            f = best_flush(b_mask, h_suits[p, suit], fv)
            if f > v:
                v = f
        highs[p] = v
        if hilo:
            lows[p] = low[(b_low << 8) | h_low[p]]
    return 1 if award_pot(highs, lows, players, hilo, stats, weight) else 0


@njit(cache=True)
def _scratch(players, h, n_pairs):
    """A deal loop's buffers: stats, the dealt hands, each hand's pair indices and keys, and the deal's values."""
    return (
        np.zeros((players, N_STATS)),
        np.empty((players, h), dtype=np.uint8),
        np.empty((players, n_pairs), dtype=np.int64),
        np.empty(players, dtype=np.uint64),
        np.empty((players, 4), dtype=np.int64),
        np.empty(players, dtype=np.int64),
        np.empty(players, dtype=np.int64),
        np.zeros(players, dtype=np.int64),
    )


@njit(cache=True)
def _five_card_board(board):
    """A five-card board buffer holding the known cards first; the deal loops fill the rest."""
    full = np.empty(5, dtype=np.uint8)
    full[: board.shape[0]] = board
    return full


@njit(cache=True)
def exact_deals(combos, offsets, deals, board, dead_mask, hilo, t):
    """Every deal (a row of combo indices, one per player) with every completion of ``board``.

    ``combos`` stacks each player's hands ((sum M, h) uint8, player p's from ``offsets[p]``);
    ``board`` holds the known board cards (0 to 5). Returns (stats (P, N_STATS), boards scored, no-low boards).
    """
    players = deals.shape[1]
    h = combos.shape[1]
    n_pairs = h * (h - 1) // 2
    stats, hands, pidx, h_key, h_suits, h_low, highs, lows = _scratch(players, h, n_pairs)
    known = board.shape[0]
    need = 5 - known
    full = _five_card_board(board)
    rest = np.empty(52, dtype=np.int64)
    idx = np.empty(5, dtype=np.int64)
    n_boards = 0
    no_low = 0
    for d in range(deals.shape[0]):
        used = dead_mask
        for p in range(players):
            row = offsets[p] + deals[d, p]
            for x in range(h):
                c = combos[row, x]
                hands[p, x] = c
                used |= np.int64(1) << np.int64(c)
        prepare_players(hands, pidx, h_key, h_suits, h_low, t[0], t[7])
        n_rest = 0
        for c in range(52):
            if not (used >> c) & 1:
                rest[n_rest] = c
                n_rest += 1
        if need == 0:
            no_low += score_board(full, players, n_pairs, pidx, h_key, h_suits, h_low, hilo, highs, lows, stats, 1.0, t)
            n_boards += 1
            continue
        if n_rest < need:
            continue
        for j in range(need):
            idx[j] = j
        while True:
            for j in range(need):
                full[known + j] = rest[idx[j]]
            no_low += score_board(full, players, n_pairs, pidx, h_key, h_suits, h_low, hilo, highs, lows, stats, 1.0, t)
            n_boards += 1
            if next_subset(idx, 0, need, n_rest) < 0:
                break
    return stats, n_boards, no_low


@njit(cache=True)
def common_cards(combos):
    """The mask of the cards every row of ``combos`` (M, h) holds: 0 when none does or there are no rows.

    Rows a stride apart are read first (neighbouring rows of a listed range share most cards), so a pattern
    with wildcards costs a few dozen rows; only a mask left after them is checked against every row.
    """
    n, h = combos.shape
    if n == 0:
        return np.int64(0)
    common = np.int64(-1)
    stride = max(1, n // 64)
    for start in (0, n - 1):  # the first and last rows, then every stride-th, then every row
        m = np.int64(0)
        for x in range(h):
            m |= np.int64(1) << np.int64(combos[start, x])
        common &= m
    for step in (stride, 1):
        for i in range(0, n, step):
            if common == 0:
                return common
            m = np.int64(0)
            for x in range(h):
                m |= np.int64(1) << np.int64(combos[i, x])
            common &= m
    return common


@njit(cache=True, inline="always")
def deal_ranged(state, combos, offsets, counts, is_random, dead_mask, hands):
    """A hand for every ranged player into ``hands`` (rows of ``combos``, uniform per player, independently):
    (the new state, the mask of ``dead_mask`` and the dealt cards, whether no card was dealt twice).

    Monte Carlo keeps a deal only when no card is dealt twice and otherwise draws a whole new one, so a kept
    deal is uniform over the sharing-free choices (each player's rows weighted alike); redrawing only the
    player whose hand clashed would favour hands that clash less.
    """
    h = hands.shape[1]
    used = dead_mask
    ok = True
    for p in range(counts.shape[0]):
        if is_random[p]:
            continue
        state, bits = xorshift_step(state)
        row = offsets[p] + below(bits, counts[p])
        for x in range(h):
            c = np.int64(combos[row, x])
            if (used >> c) & 1:
                ok = False
            used |= np.int64(1) << c
            hands[p, x] = c
    return state, used, ok


@njit(cache=True, inline="always")
def complete_deal(state, used, is_random, hands, full, known):
    """Deal the random players' hands into ``hands`` and the board past its ``known`` cards into ``full``,
    from the cards clear in ``used``; returns the new state."""
    for p in range(hands.shape[0]):
        if is_random[p]:
            for x in range(hands.shape[1]):
                state, c = free_card(state, used)
                used |= np.int64(1) << c
                hands[p, x] = c
    for j in range(known, 5):
        state, c = free_card(state, used)
        used |= np.int64(1) << c
        full[j] = c
    return state


# written out again on purpose: mc_block and its weighted twin set up the same scratch; each kernel keeps its loop whole
@njit(cache=True)
def mc_block(seed, trials, combos, offsets, counts, is_random, h, board, dead_mask, hilo, t):
    """``trials`` random deals: a hand per player (uniform over its combos, or any live cards when random),
    then the rest of the board; a deal whose ranged hands collide is dealt again (whole: that keeps every
    sharing-free choice of ranged hands equally likely).

    Returns (stats, deals dealt, no-low boards, deals dealt again), or a negative deals count when 10,000
    tries in a row collided.
    """
    players = counts.shape[0]
    n_pairs = h * (h - 1) // 2
    stats, hands, pidx, h_key, h_suits, h_low, highs, lows = _scratch(players, h, n_pairs)
    known = board.shape[0]
    full = _five_card_board(board)
    state = seeded_state(seed)
    no_low = done = misses = rejected = 0
    while done < trials:
        state, used, ok = deal_ranged(state, combos, offsets, counts, is_random, dead_mask, hands)
        if not ok:
            misses += 1
            rejected += 1
            if misses >= 10_000:
                return stats, -1, no_low, rejected
            continue
        misses = 0
        state = complete_deal(state, used, is_random, hands, full, known)
        prepare_players(hands, pidx, h_key, h_suits, h_low, t[0], t[7])
        no_low += score_board(full, players, n_pairs, pidx, h_key, h_suits, h_low, hilo, highs, lows, stats, 1.0, t)
        done += 1
    return stats, done, no_low, rejected


@njit(cache=True, inline="always")
def deal_sequential(state, row_masks, offsets, counts, is_random, dead_mask, combos, hands):
    """A hand for every ranged player in turn, uniform over the rows that miss the cards dealt before it:
    (the new state, the mask of dealt and dead cards, the deal's weight).

    The weight is the product over players of the fraction of their rows still free, so that weighted deals
    follow the same law as :func:`deal_ranged`'s kept ones (uniform over the sharing-free choices): the
    proposal gives a deal the probability prod 1/free_p, the law gives it 1/Z, and their ratio is prod free_p
    up to a constant. A player left without a free row ends the deal with weight 0.
    """
    h = hands.shape[1]
    used = dead_mask
    weight = 1.0
    for p in range(counts.shape[0]):
        if is_random[p]:
            continue
        start = offsets[p]
        free = 0
        for i in range(start, start + counts[p]):
            if row_masks[i] & used == 0:
                free += 1
        if free == 0:
            return state, used, 0.0
        weight *= free / counts[p]
        state, bits = xorshift_step(state)
        k = below(bits, free)
        row = start
        for i in range(start, start + counts[p]):
            if row_masks[i] & used == 0:
                if k == 0:
                    row = i
                    break
                k -= 1
        for x in range(h):
            hands[p, x] = combos[row, x]
        used |= row_masks[row]
    return state, used, weight


@njit(cache=True)
def mc_block_weighted(seed, deals, boards, combos, row_masks, offsets, counts, is_random, h, board, dead_mask, hilo, t):
    """:func:`mc_block` for spots where whole-deal redraws nearly always collide: ``deals`` times, ranged hands
    are dealt in turn by :func:`deal_sequential`, then ``boards`` completions (random hands and the board)
    are scored with the deal's weight.

    Dealing in turn costs a pass over every ranged player's rows, so each deal serves several completions;
    the completions of one deal are one sample of the weighted mean (their shares averaged).

    Returns (stats summed with the weights, the weighted no-low count, the sums of the weights and of their
    squares, and per player the sums of weight**2 * share and weight**2 * share**2, for the standard error of
    the weighted mean).
    """
    players = counts.shape[0]
    n_pairs = h * (h - 1) // 2
    stats, hands, pidx, h_key, h_suits, h_low, highs, lows = _scratch(players, h, n_pairs)
    one = np.zeros((players, N_STATS))
    spread = np.zeros((players, 2))
    known = board.shape[0]
    full = _five_card_board(board)
    state = seeded_state(seed)
    no_low = w_sum = w_sq = 0.0
    for _ in range(deals):
        state, dealt, w = deal_sequential(state, row_masks, offsets, counts, is_random, dead_mask, combos, hands)
        if w == 0.0:
            continue
        one[:] = 0.0
        lows_seen = 0.0
        for _b in range(boards):
            state = complete_deal(state, dealt, is_random, hands, full, known)
            prepare_players(hands, pidx, h_key, h_suits, h_low, t[0], t[7])
            lows_seen += score_board(
                full, players, n_pairs, pidx, h_key, h_suits, h_low, hilo, highs, lows, one, 1.0, t
            )
        wb = w / boards
        no_low += wb * lows_seen
        for p in range(players):
            share = one[p, STAT_SHARE] / boards
            spread[p, 0] += w * w * share
            spread[p, 1] += w * w * share * share
            for k in range(N_STATS):
                stats[p, k] += wb * one[p, k]
        w_sum += w
        w_sq += w * w
    return stats, no_low, w_sum, w_sq, spread


@njit(cache=True, nogil=True)
def mc_blocks_weighted(
    seeds, deals, boards, combos, row_masks, offsets, counts, is_random, h, board, dead_mask, hilo, t
):
    """:func:`mc_block_weighted` once per seed, one row of each output per block (the caller sums them in
    the seeds' order; ``sampling.map_on_threads`` runs parts of the seeds on threads, this kernel holding no
    GIL)."""
    n = seeds.shape[0]
    players = counts.shape[0]
    stats = np.zeros((n, players, N_STATS))
    spread = np.zeros((n, players, 2))
    sums = np.zeros((n, 3))
    for b in range(n):
        s, nl, ws, wq, sp = mc_block_weighted(
            seeds[b], deals, boards, combos, row_masks, offsets, counts, is_random, h, board, dead_mask, hilo, t
        )
        stats[b] = s
        spread[b] = sp
        sums[b, 0] = nl
        sums[b, 1] = ws
        sums[b, 2] = wq
    return stats, spread, sums


@njit(cache=True, nogil=True)
def mc_blocks(seeds, trials, combos, offsets, counts, is_random, h, board, dead_mask, hilo, t):
    """:func:`mc_block` once per seed, one row of each output per block: a block's result depends on its seed
    only (``sampling.map_on_threads`` runs parts of the seeds on threads, this kernel holding no GIL)."""
    n = seeds.shape[0]
    stats = np.zeros((n, counts.shape[0], N_STATS))
    done = np.zeros(n, dtype=np.int64)
    no_low = np.zeros(n, dtype=np.int64)
    rejected = np.zeros(n, dtype=np.int64)
    for b in range(n):
        s, d, nl, r = mc_block(seeds[b], trials, combos, offsets, counts, is_random, h, board, dead_mask, hilo, t)
        stats[b] = s
        done[b] = d
        no_low[b] = nl
        rejected[b] = r
    return stats, done, no_low, rejected
