"""numba kernels of the Monte Carlo equity engine.

Hands are handled as the evaluator's summed card keys (see
``pokerlab.evaluator.kernels``): a board key plus a player's hole-card key is that
player's seven-card key, so each board is built once and each player costs
one addition and one lookup. (Exact enumeration is in
:mod:`pokerlab.simulate.equity.rank_boards`.)

Monte Carlo deals blocks: each block draws every player's combo and the board
with a xoshiro256** generator of its own, seeded by splitmix64 from the
block's seed (:func:`pokerlab.simulate.equity.sampling.block_seeds`), so a run
depends only on its seed, whatever the threads or the cluster.

A deal picks a combo for each player whose range varies (Walker's alias
method, the whole deal rejected when two picks share a card); a player holding
"any two cards" (a ``random`` range: every combo of the free cards, equal
weights) and the board are then dealt from the free cards, a pair at a time,
each pair a uniform one of the pairs still free (and an odd board card a
uniform free card), so no card is ever drawn twice and nothing is rejected for
it. Why this is exact: every pick of the ranged players leaves the same number
of ways to deal the rest, so their joint law is the weights' product over
sharing-free picks, and the rest is uniform given them. One 64-bit draw gives
every index of a usual deal, as the digits of a mixed-radix number that
Lemire's test keeps exactly uniform (see :func:`deal_bounds`).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from ...evaluator.bmi2 import FAST_BMI2, pdep, pext
from ...evaluator.jit import njit
from ...evaluator.kernel_core import flush_suit, rank_value, suited_bit
from ...evaluator.tables import SIZED_RANK_SHIFT

ALL_CARDS = np.uint64((1 << 52) - 1)
_RANK_NIBBLES = np.uint64(0x1111111111111)  # bit 4 * rank of a card mask: one suit's thirteen cards
_ROW_SHIFT = np.uint64(SIZED_RANK_SHIFT)
_COL_MASK = np.uint64((1 << SIZED_RANK_SHIFT) - 1)


@njit(cache=True, inline="always")
def _nth_bit_pdep(r, bits):
    return pdep(np.uint64(1) << r, bits)


_BYTES_1 = np.uint64(0x0101010101010101)
_BYTES_80 = np.uint64(0x8080808080808080)


def _select_in_byte_table() -> np.ndarray:
    """``table[8 * byte + r]``: the position (0..7) of the r-th set bit of ``byte`` (0 past its last)."""
    table = np.zeros(256 * 8, dtype=np.uint8)
    for byte in range(256):
        for r, position in enumerate(i for i in range(8) if byte >> i & 1):
            table[8 * byte + r] = position
    return table


_SELECT_IN_BYTE = _select_in_byte_table()


@njit(cache=True, inline="always")
def _nth_bit_portable(r, bits):
    """The r-th set bit of ``bits`` without BMI2, in about 25 operations and no branch (a broadword select).

    Each byte's set bits are counted in parallel and summed by a multiply (byte k: the bits of bytes
    0..k); comparing every byte's sum with ``r`` at once finds the byte holding the bit, and a
    256 x 8 table finds it within the byte. Against clearing the r lowest bits one by one, the
    Monte Carlo kernel on the portable path (``NUMBA_CPU_NAME=generic``, the kernel alone, CPU time,
    best of 9, two runs each): AsAh vs random 256 -> 61 ns a deal, QQ+,AKs vs random vs random
    250 -> 81 ns; the BMI2 path took 28 and 44 ns in the same minutes.
    """
    r = np.uint64(r)
    counts = bits - ((bits >> np.uint64(1)) & np.uint64(0x5555555555555555))
    counts = (counts & np.uint64(0x3333333333333333)) + ((counts >> np.uint64(2)) & np.uint64(0x3333333333333333))
    counts = (counts + (counts >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    running = counts * _BYTES_1  # byte k: the set bits of bytes 0..k (at most 64: no carry between bytes)
    # Byte k of (0x80 + r) - running[k] keeps its top bit exactly when running[k] <= r: those bytes lie wholly below.
    below = (((r * _BYTES_1) | _BYTES_80) - running) & _BYTES_80
    byte = ((below >> np.uint64(7)) * _BYTES_1) >> np.uint64(56)  # how many bytes lie below: the bit's byte
    shift = np.uint64(8) * byte
    before = ((running << np.uint64(8)) >> shift) & np.uint64(0xFF)  # set bits in the bytes below it
    in_byte = (bits >> shift) & np.uint64(0xFF)
    return np.uint64(1) << (shift + np.uint64(_SELECT_IN_BYTE[np.uint64(8) * in_byte + (r - before)]))


@njit(cache=True, inline="always")
def _suit_ranks_pext(cards, suit):
    return pext(cards >> np.uint64(suit), _RANK_NIBBLES)


@njit(cache=True, inline="always")
def _suit_ranks_loop(cards, suit):
    ranks = np.uint64(0)
    for rank in range(13):
        ranks |= ((cards >> np.uint64(4 * rank + suit)) & np.uint64(1)) << np.uint64(rank)
    return ranks


@njit(cache=True, inline="always")
def _deposit_pair_portable(pattern, bits):
    low = pattern & (~pattern + np.uint64(1))
    return _nth_bit_portable(trailing_zeros(low), bits) | _nth_bit_portable(trailing_zeros(pattern ^ low), bits)


# The r-th (from 0) lowest set bit of a mask, as a one-bit mask: the r-th free card.
nth_bit = _nth_bit_pdep if FAST_BMI2 else _nth_bit_portable
# The set bits of a mask at the two positions (among its set bits) of a two-bit pattern: a pair of free cards.
_deposit_pair = pdep if FAST_BMI2 else _deposit_pair_portable
# The ranks (bit r: rank r) of one suit's cards in a card mask (bit c: card c = 4 * rank + suit).
_suit_ranks = _suit_ranks_pext if FAST_BMI2 else _suit_ranks_loop


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, inline="always")
def next_random(s0, s1, s2, s3):
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


@intrinsic
def mul_wide(typingctx, a, b):
    """The 128-bit product of two ``uint64``: ``(high 64 bits, low 64 bits)``, one ``mul`` on x86-64."""
    sig = types.UniTuple(types.uint64, 2)(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        i64, i128 = ir.IntType(64), ir.IntType(128)
        product = builder.mul(builder.zext(args[0], i128), builder.zext(args[1], i128))
        high = builder.trunc(builder.lshr(product, ir.Constant(i128, 64)), i64)
        return context.make_tuple(builder, signature.return_type, [high, builder.trunc(product, i64)])

    return sig, codegen


@njit(cache=True, inline="always")
def draw_below(bound, threshold, s0, s1, s2, s3):
    """A uniform integer below ``bound`` from draws of its own; ``threshold`` is ``2**64 mod bound``.

    Lemire's method: the high half of a 64-bit draw times the bound, the draw taken again while
    the low half is under the threshold. Returns ``(integer, s0, s1, s2, s3)``.
    """
    while True:
        x, s0, s1, s2, s3 = next_random(s0, s1, s2, s3)
        r, low = mul_wide(x, bound)
        if low >= threshold:
            return r, s0, s1, s2, s3


@njit(cache=True, inline="always")
def free_pair(r, free, patterns, card_keys):
    """The ``r``-th pair (colex order) of the free cards: its card mask and summed key."""
    pair = _deposit_pair(patterns[r], free)
    return pair, card_keys[trailing_zeros(pair)] + card_keys[trailing_zeros(pair & (pair - np.uint64(1)))]


@njit(cache=True, inline="always")
def seven_value(key, cards, offsets, rank_values, flush_values):
    """A seven-card hand's value from its summed key and its card mask (bit c: card c).

    The flush's suited ranks come from the card mask (``pext``) only for the hand that has one,
    instead of keeping a suit-major mask up to date for every card dealt (5 operations a card:
    heads-up 26.3 -> 23.8 ns, 3-way 42.2 -> 38.1 ns). One return of a conditional expression:
    the same helper written with two ``return`` statements made the kernel 2-3 times slower.
    """
    suit = flush_suit(key)
    plain = rank_value(key, offsets, rank_values, _COL_MASK, _ROW_SHIFT)
    return np.int64(flush_values[_suit_ranks(cards, suit)] if suit >= 0 else plain)


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
def _every_pair(masks, taken):
    """Whether the combo masks are all different and clear of ``taken`` (so, given their number, every pair)."""
    seen = np.zeros(1 << 12, dtype=np.bool_)
    for m in masks:
        low = m & (~m + np.uint64(1))
        row = (trailing_zeros(low) << np.uint64(6)) | trailing_zeros(m ^ low)  # the two cards, 6 bits each
        if m & taken or seen[row]:
            return False
        seen[row] = True
    return True


@njit(cache=True)
def deal_plan(ranges, board, card_keys):
    """How :func:`mc_stream` deals each player, worked out once per call.

    Returns ``(combo_mask, combo_key, uniform, hole_key, hole_cards, dealt, n_dealt, picked,
    n_picked, fixed_mask, n_left)``: every combo's card mask and key; per player whether its
    weights are equal, and its hole key and card mask if fixed; the players
    dealt any two free cards and those picking a combo; the cards out of the deck for good; and
    the cards left to deal from once the picked players have theirs (-1: no deal exists, fixed
    hands sharing a card or too few cards).
    """
    combo_cards, alias_prob, _, range_start, range_len = ranges
    board_mask, n_board_left = board[2], board[3]
    n_players = range_start.shape[0]
    n_combos = combo_cards.shape[0]
    # Each combo's card mask and key computed once per call, not per pick.
    combo_mask = np.empty(n_combos, dtype=np.uint64)
    combo_key = np.empty(n_combos, dtype=np.uint64)
    for a in range(n_combos):
        c1, c2 = combo_cards[a, 0], combo_cards[a, 1]
        combo_mask[a] = (np.uint64(1) << np.uint64(c1)) | (np.uint64(1) << np.uint64(c2))
        combo_key[a] = card_keys[c1] + card_keys[c2]
    n_free = 52
    for c in range(52):
        n_free -= np.int64((board_mask >> np.uint64(c)) & np.uint64(1))
    # Players in three kinds: a fixed hand (its cards leave the deck once), "any two cards"
    # (dealt from the free cards like the board) and the rest (a combo picked from the range).
    hole_key = np.zeros(n_players, dtype=np.uint64)
    hole_cards = np.zeros(n_players, dtype=np.uint64)
    uniform = np.ones(n_players, dtype=np.bool_)  # equal weights: the alias slot is the combo
    dealt = np.zeros(max(n_players, 2), dtype=np.int64)  # at least two slots: the kernel reads the first two
    picked = np.empty(n_players, dtype=np.int64)
    n_dealt = 0
    n_picked = 0
    fixed_mask = board_mask
    clash = False
    for p in range(n_players):
        lo = range_start[p]
        for a in range(lo, lo + range_len[p]):
            if alias_prob[a] < 1.0:
                uniform[p] = False
        if range_len[p] == 1:
            if fixed_mask & combo_mask[lo]:
                clash = True  # fixed hands share a card: no deal exists
            fixed_mask |= combo_mask[lo]
            hole_key[p] = combo_key[lo]
            hole_cards[p] = combo_mask[lo]
        elif (
            uniform[p]
            and range_len[p] == n_free * (n_free - 1) // 2
            and _every_pair(combo_mask[lo : lo + range_len[p]], board_mask)
        ):
            dealt[n_dealt] = p
            n_dealt += 1
        else:
            picked[n_picked] = p
            n_picked += 1
    n_left = 52 - 2 * n_picked
    for c in range(52):
        n_left -= np.int64((fixed_mask >> np.uint64(c)) & np.uint64(1))
    if clash or n_board_left + 2 * n_dealt > n_left:
        n_left = -1  # too few cards for every player and the board
    return combo_mask, combo_key, uniform, hole_key, hole_cards, dealt, n_dealt, picked, n_picked, fixed_mask, n_left


@njit(cache=True)
def pair_patterns():
    """Every pair of positions 0..51 as a two-bit mask, in colex order (pair ``i < j`` at ``j * (j - 1) / 2 + i``).

    The first ``n * (n - 1) / 2`` are the pairs below ``n``, so a uniform index under that count
    is a uniform pair of ``n`` free cards whichever cards they are.
    """
    patterns = np.empty(1326, dtype=np.uint64)
    k = 0
    for j in range(1, 52):
        for i in range(j):
            patterns[k] = (np.uint64(1) << np.uint64(i)) | (np.uint64(1) << np.uint64(j))
            k += 1
    return patterns


@njit(cache=True)
def deal_bounds(pick_bound, n_left, n_dealt, n_board_left):
    """How many choices each step of a deal has, and the thresholds that keep the steps uniform.

    The steps: the first ranged player's combo when its weights are equal (``pick_bound``
    choices, its range size; 1 otherwise), a pair for each "any two cards" player, then the
    board's cards in pairs and its odd card, each a uniform one of the pairs (or cards) still free
    of the ``n_left``. The combo, the first two players and the board share one 64-bit draw ``x``:
    ``first`` holds those six steps' choices (1 for a step the deal does not have). Step k's index
    is the high half of ``f * bound`` and the low half is the next ``f`` (``f = x`` at the first
    step), so the indices are the digits, in the mixed radix of the bounds, of
    ``floor(x * P / 2**64)`` with ``P`` their product, and the last ``f`` is ``x * P mod 2**64``.
    Lemire's test makes the digits exactly uniform: the deal is rejected when the last ``f`` is
    under ``threshold``, ``2**64 mod P`` (one test a deal: a test after every step cost 3.5 ns
    heads-up). ``P`` is under ``2**57``, so at most one deal in 245 is
    rejected (AsAh vs random: about one in 900 million; QQ+,AKs vs random vs random: one in
    180,000). Any further player's pair has a draw of its own: ``extra`` bounds and ``extra_thresholds``.

    >>> first, threshold, extra, _ = deal_bounds(1, 50, 1, 5)  # AsAh vs random, preflop
    >>> first.tolist(), int(threshold) == 2**64 % (1225 * 1128 * 1035 * 44), extra.tolist()
    ([1, 1225, 1, 1128, 1035, 44], True, [])
    >>> deal_bounds(1, 44, 4, 2)[2].tolist()  # four random players on the flop: two more pairs
    [703, 630]
    """
    n = n_left
    first = np.ones(6, dtype=np.uint64)
    first[0] = pick_bound
    for q in range(min(n_dealt, 2)):
        first[1 + q] = n * (n - 1) // 2
        n -= 2
    for b in range(n_board_left // 2):
        first[3 + b] = n * (n - 1) // 2
        n -= 2
    if n_board_left % 2:
        first[5] = n
        n -= 1
    product = np.uint64(1)
    for bound in first:
        product *= bound
    extra = np.empty(max(n_dealt - 2, 0), dtype=np.uint64)
    extra_thresholds = np.empty(extra.shape[0], dtype=np.uint64)
    for q in range(extra.shape[0]):
        extra[q] = n * (n - 1) // 2
        extra_thresholds[q] = (np.uint64(0) - extra[q]) % extra[q]
        n -= 2
    return first, (np.uint64(0) - product) % product, extra, extra_thresholds


@njit(cache=True, nogil=True)
def mc_blocks(seeds, n_trials, ranges, board, tables, counts):
    """:func:`mc_stream` for a block of ``n_trials`` deals per seed, block ``b`` from the generator seeded
    ``seeds[b]`` into row ``b`` of ``counts``. Returns the rejected deals.

    A call per block of the one-stream kernel: its loop nested in this one's ran the heads-up deal at 14.6
    against 9.8 ns (CPU time, AsAh vs random, one thread).
    """
    rejected = 0
    for b in range(seeds.shape[0]):
        rejected += mc_stream(seed_streams(seeds[b], 1)[0], n_trials, ranges, board, tables, counts[b])
    return rejected


@njit(cache=True)
def mc_stream(state, n_trials, ranges, board, tables, counts):
    """Run ``n_trials`` accepted deals on one stream, adding to ``counts`` by winner mask.

    ``ranges`` is ``(combo_cards, alias_prob, alias_index, range_start,
    range_len)``: every player's combos with Walker alias tables of their
    weights; ``board`` is ``(key, suited ranks, used-card mask, cards to
    deal)``; ``tables`` is :class:`pokerlab.evaluator.kernels.HighTables`. Returns the
    number of rejected deals; gives up (leaving fewer deals in ``counts``)
    after ``1000 * n_trials + 10**6`` rejections, so ranges that can never be
    dealt together cannot hang it, and at once when fixed hands share a card
    or too few cards are left to deal.

    Speed (ns per deal, CPU time of one stream, best of 30-40 rounds of 200,000 deals, kernels
    alternating in one process; AsAh vs random and QQ+,AKs vs random vs random): each trick below
    is noted with what it measured against the kernel without it. ``benchmarks/mc_breakdown.py``
    splits the time. Tried without gain: the first "any two" player's pair looked up with its key
    in a per-call table of the free cards' pairs (13.7 against 13.7 ns heads-up).
    """
    combo_cards, alias_prob, alias_index, range_start, range_len = ranges
    board_key, board_suited, board_mask, n_board_left = board
    # Seven cards every time: the hash of 7-card keys only, smaller than the shared one.
    card_keys, offsets, rank_values = tables.card_keys, tables.rank7_offsets, tables.rank7_values
    flush_values = tables.flush_values
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    n_players = range_start.shape[0]
    plan = deal_plan(ranges, board, card_keys)
    combo_mask, combo_key, uniform, hole_key, hole_cards, dealt, n_dealt, picked, n_picked, fixed_mask, n_left = plan
    if n_left < 0:
        return 0  # no deal exists
    # The first ranged player's combo, when its weights are equal, is the first digit of the deal's
    # draw: one draw a deal fewer (QQ+,AKs vs random vs random 24.1 -> 22.5 ns).
    fold = n_picked > 0 and uniform[picked[0]]
    first, threshold, extra, extra_thresholds = deal_bounds(
        range_len[picked[0]] if fold else 1, n_left, n_dealt, n_board_left
    )
    bound_pick, bound_p0, bound_p1 = first[0], first[1], first[2]
    bound_b0, bound_b1, bound_b2 = first[3], first[4], first[5]
    d0, d1 = dealt[0], dealt[1]  # the first two "any two" players, if any (dealt has at least two slots)
    patterns = pair_patterns()
    board_cards = np.uint64(0)  # the board's card mask (bit c: card c), from its suited ranks
    for c in range(52):
        if board_suited & suited_bit(c):
            board_cards |= np.uint64(1) << np.uint64(c)
    # Counted here and added at the end: streams on other threads write the next rows of
    # ``counts``, and sharing a cache line with them would halve the speed of both.
    local = np.zeros(counts.shape[0], dtype=np.int64)
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
                # Equal weights: the combo is the first digit of the deal's draw (one draw fewer).
                r, f = mul_wide(f, bound_pick)
                a = lo + np.int64(r)
            else:
                # Weighted pick in O(1) by Walker's alias method: a uniform slot, then its coin.
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
            hole_cards[p] = combo_mask[a]
        if not ok:
            # Reject the whole deal: the accepted deals follow the joint weighted distribution exactly.
            rejected += 1
            if rejected > 1000 * n_trials + 1_000_000:
                break
            continue
        # Each "any two" player's pair, then the board, from the cards still free, every index a
        # digit of the one draw ``f`` (see deal_bounds): nothing to test and redraw, no deal
        # rejected for a random hand's clash. Against dealing card by card (the r-th free card,
        # each from 16 bits of a draw with a Lemire test of its own, the tests a quarter of the
        # dealing's time), the whole kernel with the combo digit above: AsAh vs random 20.4 ->
        # 13.7 ns, QQ+,AKs vs random vs random 32.9 -> 22.5 ns. Straight-line code, each step under a condition that
        # is the same on every deal (a loop over the steps: 20-22 against 13-14 ns heads-up), and
        # written out here (by_combo_kernels and benchmarks/mc_breakdown.py write it out again): an inlined
        # helper taking these arrays keeps numba's reference counting in the loop, even one returning the
        # dealt cards as scalars (AsAh vs random 8.1 -> 24.7 ns, QQ+,AKs vs random vs random 13.9 -> 27.4 ns),
        # and one loop serving this kernel and the by-combo one (its tally chosen by an argument's being None,
        # which numba compiles away) ran 3-10 % slower three-way and on a flop.
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
            rejected += 1  # Lemire's rejection (see deal_bounds): rare, and the law stays exact
            if rejected > 1000 * n_trials + 1_000_000:
                break
            continue
        for q in range(2, n_dealt):
            r, s0, s1, s2, s3 = draw_below(extra[q - 2], extra_thresholds[q - 2], s0, s1, s2, s3)
            pair, pk = free_pair(r, free, patterns, card_keys)
            free ^= pair
            hole_key[dealt[q]] = pk
            hole_cards[dealt[q]] = pair
        # Two or three players (most queries): values in scalars, not an array (3-8 %).
        if n_players == 2:
            v0 = seven_value(key + hole_key[0], cards | hole_cards[0], offsets, rank_values, flush_values)
            v1 = seven_value(key + hole_key[1], cards | hole_cards[1], offsets, rank_values, flush_values)
            best = max(v0, v1)
            winners = np.int64(v0 == best) | (np.int64(v1 == best) << 1)
        elif n_players == 3:
            v0 = seven_value(key + hole_key[0], cards | hole_cards[0], offsets, rank_values, flush_values)
            v1 = seven_value(key + hole_key[1], cards | hole_cards[1], offsets, rank_values, flush_values)
            v2 = seven_value(key + hole_key[2], cards | hole_cards[2], offsets, rank_values, flush_values)
            best = max(max(v0, v1), v2)
            winners = np.int64(v0 == best) | (np.int64(v1 == best) << 1) | (np.int64(v2 == best) << 2)
        else:
            best = np.int64(0)
            for p in range(n_players):
                values[p] = seven_value(key + hole_key[p], cards | hole_cards[p], offsets, rank_values, flush_values)
                best = max(best, values[p])
            winners = 0
            for p in range(n_players):
                winners |= np.int64(values[p] == best) << p
        local[winners] += 1
        done += 1
    counts += local
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return rejected
