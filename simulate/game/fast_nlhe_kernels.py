"""numba kernel of the fast no-limit hold'em simulation (see :mod:`pokerlab.simulate.game.fast_nlhe`).

Compiled on first call and cached on disk; import it only through ``fast_nlhe``.
The rules mirror the main engine: blinds (heads-up the button posts the small
blind), minimum bet one big blind, minimum raise the last full raise, short
all-ins do not reopen the betting (several that add up to a full raise do),
uncalled bets returned, burns, side pots by layers, odd chips to the first
winner left of the button. Players act at random: with a free check, check or
bet; facing a bet, fold, call or raise; amounts uniform over the legal range.
"""

from __future__ import annotations

import numpy as np

from pokerlab.evaluator.jit import njit
from pokerlab.evaluator.kernel_core import SUIT_INIT, flush_suit, rank_value

FOLD, CHECK, CALL, RAISE = 0, 1, 2, 3


@njit(cache=True)
def _needs_action(seat, n, folded, stacks, bets, acted, level):
    if folded[seat] or stacks[seat] == 0:
        return False
    if bets[seat] < level:
        return True
    if acted[seat] >= 0:
        return False
    for j in range(n):
        if j != seat and not folded[j] and stacks[j] > 0:
            return True
    return False


@njit(cache=True)
def _next_needing(after, n, folded, stacks, bets, acted, level):
    for k in range(1, n + 1):
        seat = (after + k) % n
        if _needs_action(seat, n, folded, stacks, bets, acted, level):
            return seat
    return -1


@njit(cache=True)
def _hand_value(deck, hole_a, hole_b, card_keys, offsets, rank_values, flush_values, shift, board_start):
    """Value of two hole cards plus the five board cards (deck positions of the board)."""
    key = SUIT_INIT + card_keys[hole_a] + card_keys[hole_b]
    for j in range(5):
        key += card_keys[deck[board_start[j]]]
    suit = flush_suit(key)
    if suit >= 0:
        bits = 0
        if hole_a & 3 == suit:
            bits |= 1 << (hole_a >> 2)
        if hole_b & 3 == suit:
            bits |= 1 << (hole_b >> 2)
        for j in range(5):
            c = deck[board_start[j]]
            if c & 3 == suit:
                bits |= 1 << (c >> 2)
        return np.int64(flush_values[bits])
    return np.int64(rank_value(key, offsets, rank_values, np.uint64((1 << shift) - 1), np.uint64(shift)))


@njit(cache=True)
def simulate(
    n_hands,
    n,
    start_stacks,
    small_blind,
    big_blind,
    seed,
    card_keys,
    offsets,
    rank_values,
    flush_values,
    shift,
    record,
    actions,
    action_counts,
    decks,
    nets,
):
    """Play ``n_hands`` random-acting hands from ``start_stacks``; add each seat's net to ``nets[0]``.

    When recording, nets go to one row per hand instead.

    With ``record``, hand h's deck goes to ``decks[h]`` and its moves to ``actions[h]`` as rows
    (seat, kind, raise-to, min-to, max-to), their count to ``action_counts[h]``.
    """
    np.random.seed(seed)
    deck = np.arange(52)
    stacks = np.zeros(n, np.int64)
    bets = np.zeros(n, np.int64)
    contrib = np.zeros(n, np.int64)
    acted = np.zeros(n, np.int64)
    folded = np.zeros(n, np.bool_)
    values = np.zeros(n, np.int64)
    board_pos = np.zeros(5, np.int64)
    order = np.zeros(n, np.int64)
    for h in range(n_hands):
        for i in range(51, 0, -1):  # Fisher-Yates
            j = np.random.randint(0, i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        if record:
            for i in range(52):
                decks[h, i] = deck[i]
        button = h % n
        for i in range(n):
            stacks[i] = start_stacks[i]
            bets[i] = 0
            contrib[i] = 0
            folded[i] = False
        if n == 2:
            sb_seat = button
            bb_seat = (button + 1) % 2
        else:
            sb_seat = (button + 1) % n
            bb_seat = (button + 2) % n
        amount = min(small_blind, stacks[sb_seat])
        stacks[sb_seat] -= amount
        bets[sb_seat] += amount
        contrib[sb_seat] += amount
        amount = min(big_blind, stacks[bb_seat])
        stacks[bb_seat] -= amount
        bets[bb_seat] += amount
        contrib[bb_seat] += amount
        level = big_blind
        last_raise = big_blind
        # Deck positions: hole cards 0..2n-1 (card k of seat button+1+j at k*n+j), burn, flop, burn, turn, burn, river.
        p = 2 * n
        board_pos[0] = p + 1
        board_pos[1] = p + 2
        board_pos[2] = p + 3
        board_pos[3] = p + 5
        board_pos[4] = p + 7
        live = n
        moves = 0
        for street in range(4):
            for i in range(n):
                acted[i] = -1
            if street > 0:
                level = 0
                last_raise = 0
                start = (button + 1) % n
            else:
                start = (bb_seat + 1) % n
            actor = _next_needing(start - 1, n, folded, stacks, bets, acted, level)
            while actor >= 0:
                all_in_to = bets[actor] + stacks[actor]
                can_raise = all_in_to > level
                if can_raise:
                    others = False
                    for j in range(n):
                        if j != actor and not folded[j] and bets[j] + stacks[j] > level:
                            others = True
                    can_raise = others
                if can_raise and acted[actor] >= 0 and level - acted[actor] < last_raise:
                    can_raise = False  # short all-ins did not reopen the betting
                min_to = level + (last_raise if last_raise > big_blind else big_blind)
                lo = min_to if min_to < all_in_to else all_in_to
                hi = all_in_to
                free_check = bets[actor] >= level
                choices = 1 if free_check else 2
                if can_raise:
                    choices += 1
                pick = np.random.randint(0, choices)
                if free_check:
                    kind = CHECK if pick == 0 else RAISE
                else:
                    kind = FOLD if pick == 0 else (CALL if pick == 1 else RAISE)
                to = 0
                if kind == FOLD:
                    folded[actor] = True
                    live -= 1
                elif kind == CHECK:
                    acted[actor] = level
                elif kind == CALL:
                    owed = level - bets[actor]
                    if owed > stacks[actor]:
                        owed = stacks[actor]
                    stacks[actor] -= owed
                    bets[actor] += owed
                    contrib[actor] += owed
                    acted[actor] = level
                else:
                    to = np.random.randint(lo, hi + 1)
                    put = to - bets[actor]
                    stacks[actor] -= put
                    bets[actor] += put
                    contrib[actor] += put
                    if to >= min_to:
                        last_raise = to - level
                    level = to
                    acted[actor] = to
                if record:
                    actions[h, moves, 0] = actor
                    actions[h, moves, 1] = kind
                    actions[h, moves, 2] = to
                    actions[h, moves, 3] = lo if can_raise else -1
                    actions[h, moves, 4] = hi if can_raise else -1
                moves += 1
                if live == 1:
                    break
                actor = _next_needing(actor, n, folded, stacks, bets, acted, level)
            # Uncalled bet back to its owner.
            top_seat = 0
            for i in range(n):
                if bets[i] > bets[top_seat]:
                    top_seat = i
            top = bets[top_seat]
            second = 0
            for i in range(n):
                if i != top_seat and bets[i] > second:
                    second = bets[i]
            if top > second:
                stacks[top_seat] += top - second
                contrib[top_seat] -= top - second
            for i in range(n):
                bets[i] = 0
            if live == 1:
                break
        if record:
            action_counts[h] = moves
        # Award: layers of contributions; a lone player takes everything.
        row = h if record else 0
        for i in range(n):
            order[i] = (button + 1 + i) % n
            if not folded[i] and live > 1:
                values[i] = _hand_value(
                    deck,
                    deck[_hole_pos(i, button, n, 0)],
                    deck[_hole_pos(i, button, n, 1)],
                    card_keys,
                    offsets,
                    rank_values,
                    flush_values,
                    shift,
                    board_pos,
                )
            else:
                values[i] = 0
        # Pots break only where a live player's contribution ends (the main engine merges layers
        # with the same contenders); chips above the top live contribution join the last pot.
        previous = 0
        while True:
            level_cap = -1
            for i in range(n):
                if not folded[i] and contrib[i] > previous and (level_cap < 0 or contrib[i] < level_cap):
                    level_cap = contrib[i]
            if level_cap < 0:
                break
            is_top = True
            for i in range(n):
                if not folded[i] and contrib[i] > level_cap:
                    is_top = False
            pot = 0
            for i in range(n):
                c = contrib[i]
                if c > previous:
                    pot += (c if (c < level_cap or is_top) else level_cap) - previous
            best = -1
            winners = 0
            for i in range(n):
                if not folded[i] and contrib[i] >= level_cap:
                    if values[i] > best:
                        best = values[i]
                        winners = 1
                    elif values[i] == best:
                        winners += 1
            share = pot // winners
            odd = pot - share * winners
            for k in range(n):
                i = order[k]
                if not folded[i] and contrib[i] >= level_cap and values[i] == best:
                    stacks[i] += share
                    if odd > 0:
                        stacks[i] += 1
                        odd -= 1
            previous = level_cap
        for i in range(n):
            nets[row, i] += stacks[i] - start_stacks[i]
    return n_hands


@njit(cache=True)
def _hole_pos(seat, button, n, k):
    """Deck position of hole card k of seat: dealt one at a time from the button's left."""
    return k * n + (seat - button - 1) % n
