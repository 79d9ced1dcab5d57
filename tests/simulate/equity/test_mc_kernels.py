"""The Monte Carlo kernel's dealing: every free card equally likely, none dealt twice, seeds reproducible."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros
from scipy.stats import chi2

from pokerlab.evaluator.api import high_tables
from pokerlab.evaluator.cards import parse_cards
from pokerlab.simulate.equity import engine, holdem_mc, mc_kernels
from pokerlab.simulate.equity.engine import equity


@njit
def deal_shape(seed, n_deals, taken, pick_bound, n_dealt, n_board_left, card_keys):  # pragma: no cover - numba
    """``n_deals`` deals as :func:`mc_kernels.mc_blocks` makes a block seeded ``seed``, step for step, from the
    cards not in ``taken``.

    Row: the first ranged player's combo index (below ``pick_bound``), each "any two" player's two
    cards, then the board's; -1 everywhere if a step gave a card that was not free or a wrong key.
    Also returns how many draws Lemire's test rejected.
    """
    state = mc_kernels.seed_streams(np.uint64(seed), 1)[0]
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    n_left = 52
    for c in range(52):
        n_left -= np.int64((taken >> np.uint64(c)) & np.uint64(1))
    first, threshold, extra, extra_thresholds = mc_kernels.deal_bounds(pick_bound, n_left, n_dealt, n_board_left)
    patterns = mc_kernels.pair_patterns()
    out = np.full((n_deals, 1 + 2 * n_dealt + n_board_left), -1, dtype=np.int64)
    row = np.empty(out.shape[1], dtype=np.int64)
    rejected = 0
    d = 0
    while d < n_deals:
        free = ~taken & mc_kernels.ALL_CARDS
        f, s0, s1, s2, s3 = mc_kernels.next_random(s0, s1, s2, s3)
        r, f = mc_kernels.mul_wide(f, first[0])
        row[0] = r
        k = 1
        bad = False
        for step in range(1, 6):
            if step <= 2 and step > n_dealt or step == 3 and n_board_left < 2 or step == 4 and n_board_left < 4:
                continue
            if step == 5:
                if n_board_left % 2 == 0:
                    continue
                r, f = mc_kernels.mul_wide(f, first[5])
                bit = mc_kernels.nth_bit(r, free)
                bad |= not (bit & free) or (bit & (bit - np.uint64(1))) != 0
                free ^= bit
                row[k] = np.int64(trailing_zeros(bit))
                k += 1
                continue
            r, f = mc_kernels.mul_wide(f, first[step])
            pair, key = mc_kernels.free_pair(r, free, patterns, card_keys)
            low, high = trailing_zeros(pair), trailing_zeros(pair & (pair - np.uint64(1)))
            bad |= (pair & free) != pair or key != card_keys[low] + card_keys[high]
            free ^= pair
            row[k], row[k + 1] = low, high
            k += 2
        if f < threshold:
            rejected += 1
            continue
        for q in range(2, n_dealt):
            r, s0, s1, s2, s3 = mc_kernels.draw_below(extra[q - 2], extra_thresholds[q - 2], s0, s1, s2, s3)
            pair, key = mc_kernels.free_pair(r, free, patterns, card_keys)
            low, high = trailing_zeros(pair), trailing_zeros(pair & (pair - np.uint64(1)))
            bad |= (pair & free) != pair or key != card_keys[low] + card_keys[high] or r >= extra[q - 2]
            free ^= pair
            row[k], row[k + 1] = low, high
            k += 2
        if bad or k != out.shape[1]:
            out[:] = -1
            return out, rejected
        out[d] = row
        d += 1
    return out, rejected


def chi_square_p(counts: np.ndarray) -> float:
    """p-value of equal cell probabilities given the observed counts."""
    expected = counts.sum() / len(counts)
    return float(chi2.sf(((counts - expected) ** 2 / expected).sum(), len(counts) - 1))


def mask_of(cards: str) -> int:
    return sum(1 << c for c in parse_cards(cards))


# (n_dealt, n_board_left): heads-up and 3-way preflop, the flop, the turn, four random hands on
# the river (two of them dealt by draws of their own), three random hands preflop.
SHAPES = [(1, 5), (2, 5), (1, 2), (2, 1), (4, 0), (3, 5)]


@pytest.mark.parametrize(("n_dealt", "n_board_left"), SHAPES)
def test_every_shape_deals_each_free_card_equally_often_to_every_hand_and_none_twice(n_dealt, n_board_left):
    taken = mask_of("AsAh Kd")
    cards, _ = deal_shape(7, 60_000, np.uint64(taken), 1, n_dealt, n_board_left, high_tables().card_keys)
    hands = cards[:, 1:]
    assert (hands >= 0).all(), "a card was dealt that was not free, or with a wrong key"
    assert not np.isin(hands, parse_cards("AsAh Kd")).any()
    assert all(len(set(row)) == hands.shape[1] for row in hands[:5000])  # no card twice in a deal
    free = [c for c in range(52) if not taken >> c & 1]
    slots = [hands[:, 2 * q : 2 * q + 2] for q in range(n_dealt)] + [hands[:, 2 * n_dealt :]]
    for i, slot in enumerate(slots):
        if slot.shape[1]:
            counts = np.bincount(slot.ravel(), minlength=52)[free]
            assert chi_square_p(counts) > 1e-4, f"slot {i} is not uniform over the free cards: {counts}"


@pytest.mark.parametrize(
    ("n_free", "pick_bound", "n_dealt", "n_board_left"),
    [(8, 1, 1, 5), (9, 3, 2, 5), (6, 1, 2, 2), (7, 2, 2, 1), (8, 1, 4, 0), (9, 1, 3, 3)],
)
def test_the_whole_deal_is_uniform_over_every_way_to_deal_it(n_free, pick_bound, n_dealt, n_board_left):
    """On a deck cut down to ``n_free`` cards, every (combo index, hands, board) is equally likely: the joint law."""
    taken = ((1 << 52) - 1) ^ ((1 << n_free) - 1)
    n = 120_000
    cards, _ = deal_shape(3, n, np.uint64(taken), pick_bound, n_dealt, n_board_left, high_tables().card_keys)
    assert (cards >= 0).all() and (cards[:, 1:] < n_free).all()
    keys = [
        (int(r[0]), *(tuple(r[1 + 2 * q : 3 + 2 * q]) for q in range(n_dealt)), tuple(sorted(r[1 + 2 * n_dealt :])))
        for r in cards
    ]
    cells = pick_bound * math.comb(n_free, n_board_left)
    rest = n_free - n_board_left
    for _ in range(n_dealt):
        cells *= math.comb(rest, 2)
        rest -= 2
    counts = np.array(list(Counter(keys).values()))
    assert len(counts) == cells, f"{len(counts)} of {cells} deals seen"
    assert chi_square_p(counts) > 1e-4


def test_the_digits_of_one_draw_are_its_mixed_radix_expansion():
    """Step by step, one draw ``x`` gives the digits of ``floor(x * P / 2**64)``, and ``x * P mod 2**64`` is left."""
    bounds = [22, 1225, 1128, 1035, 946, 42]  # QQ+,AKs vs random vs random, preflop
    product = math.prod(bounds)
    chain = njit(lambda x, b: mc_kernels.mul_wide(x, b))
    rng = np.random.default_rng(5)
    for x in [0, 1, 2**64 - 1, *(int(v) * 2 + 1 for v in rng.integers(0, 2**63, 200))]:
        f = np.uint64(x)
        digits = []
        for b in bounds:
            r, rest = chain(f, np.uint64(b))
            digits.append(int(r))
            f = np.uint64(rest)
        number = 0
        for d, b in zip(digits, bounds):
            assert 0 <= d < b
            number = number * b + d
        assert number == x * product >> 64 and int(f) == x * product % 2**64


@pytest.mark.parametrize("bounds", [[3, 5, 7], [10, 9, 8, 7], [255], [6, 6, 6, 6, 6]])
def test_lemires_threshold_leaves_every_digit_sequence_equally_often(bounds):
    """The method on 16-bit draws, every draw tried: the draws kept give each digit sequence equally often."""
    product = math.prod(bounds)
    threshold = 2**16 % product
    seen = Counter()
    for x in range(2**16):
        f, digits = x, []
        for b in bounds:
            digits.append(f * b >> 16)
            f = f * b % 2**16
        if f >= threshold:
            seen[tuple(digits)] += 1
    assert len(seen) == product and set(seen.values()) == {2**16 // product}


@pytest.mark.parametrize(
    ("pick_bound", "n_left", "n_dealt", "n_board_left"),
    [(1, 50, 1, 5), (22, 46, 2, 5), (1326, 50, 2, 5), (5, 38, 6, 1)],
)
def test_the_thresholds_are_two_to_the_64_modulo_the_choices(pick_bound, n_left, n_dealt, n_board_left):
    first, threshold, extra, extra_thresholds = mc_kernels.deal_bounds(pick_bound, n_left, n_dealt, n_board_left)
    product = math.prod(int(b) for b in first)
    assert first[0] == pick_bound and product < 2**57  # one draw is rejected at most once in 245 times
    assert int(threshold) == 2**64 % product
    # The first two players, then the board, then any further players.
    dealt = [math.comb(n_left - 2 * q, 2) for q in range(min(n_dealt, 2))]
    after_board = n_left - 2 * len(dealt) - n_board_left
    dealt += [math.comb(after_board - 2 * q, 2) for q in range(n_dealt - len(dealt))]
    assert [int(b) for b in first[1:3] if b != 1] + [int(b) for b in extra] == dealt
    assert [int(t) for t in extra_thresholds] == [2**64 % int(b) for b in extra]


# The BMI2 helpers compiled once (callable from Python only inside a compiled function).
nth_bit_pdep = njit(lambda r, b: mc_kernels._nth_bit_pdep(r, b))
pdep = njit(lambda p, b: mc_kernels.pdep(p, b))
suit_ranks_pext = njit(lambda b, s: mc_kernels._suit_ranks_pext(b, s))


@pytest.mark.parametrize(
    "mask", [0, (1 << 52) - 1, (1 << 64) - 1, 0x0F0F0F0F0F0F0, 0x8000000000001, 0x123456789ABCD, 0xFF00FF00FF00FF00]
)
def test_the_fast_and_portable_bit_helpers_agree(mask):
    bits = np.uint64(mask)
    positions = [i for i in range(64) if mask >> i & 1]
    for r, position in enumerate(positions):
        portable = mc_kernels._nth_bit_portable(np.uint64(r), bits)  # compiled: the portable path as the kernel runs it
        assert int(portable) == 1 << position  # exactly r set bits below it
        if mc_kernels.FAST_BMI2:
            assert nth_bit_pdep(np.uint64(r), bits) == portable
    patterns = mc_kernels.pair_patterns()
    n = len(positions)
    for pattern in patterns[: n * (n - 1) // 2 : 7]:  # pairs of positions below n
        pair = mc_kernels._deposit_pair_portable(pattern, bits)
        low, high = [i for i in range(64) if int(pattern) >> i & 1]
        assert int(pair) == (1 << positions[low]) | (1 << positions[high])
        if mc_kernels.FAST_BMI2:
            assert pdep(pattern, bits) == pair
    for suit in range(4):
        ranks = mc_kernels._suit_ranks_loop(bits, suit)
        assert int(ranks) == sum(1 << r for r in range(13) if mask >> (4 * r + suit) & 1)
        if mc_kernels.FAST_BMI2:
            assert suit_ranks_pext(bits, suit) == ranks


def test_the_portable_select_on_random_masks():
    """The broadword select against the list of set bits, on masks of every density."""
    rng = np.random.default_rng(5)
    for density in (0.05, 0.3, 0.5, 0.9):
        for _ in range(40):
            positions = [i for i in range(64) if rng.random() < density]
            bits = np.uint64(sum(1 << i for i in positions))
            for r, position in enumerate(positions):
                assert int(mc_kernels._nth_bit_portable(np.uint64(r), bits)) == 1 << position


PORTABLE_RUN = """
from pokerlab.simulate.equity import mc_kernels
from pokerlab.simulate.equity.engine import equity
r = equity(["QQ+,AKs", "random", "random"], method="mc", trials=200_000, seed=11, threads=1)
print(mc_kernels.FAST_BMI2, repr(r.players[0].equity), r.trials)
"""


def test_the_portable_kernel_deals_what_the_bmi2_one_deals():
    """A portable build (``NUMBA_CPU_NAME=generic``: no ``pdep``) gives the same seeded result bit for bit."""
    import os
    import subprocess
    import sys

    runs = {}
    for cpu in ("generic", None):
        env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES")}
        if cpu:
            env["NUMBA_CPU_NAME"] = cpu
        done = subprocess.run([sys.executable, "-c", PORTABLE_RUN], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        runs[cpu] = done.stdout.split()
    assert runs["generic"][0] == "False"
    assert runs["generic"][1:] == runs[None][1:]


def kernel_counts(players: list[str], n: int, edit=None, seed: int = 1) -> np.ndarray:
    """The kernel's counts by winner mask over a block of ``n`` deals seeded ``seed`` (``edit`` changes the combos)."""
    parsed, board_ids, _, _, dead_mask = engine.prepare_spot(players, None, None)
    ranges, board = holdem_mc.mc_inputs(parsed, board_ids, dead_mask)
    if edit is not None:
        ranges = (edit(ranges[0].copy()), *ranges[1:])
    counts = np.zeros((1, 1 << len(players)), dtype=np.int64)
    mc_kernels.mc_blocks(np.array([seed], dtype=np.uint64), n, ranges, board, high_tables(), counts)
    return counts[0]


def test_a_block_gives_the_same_counts_for_the_same_seed():
    runs = [kernel_counts(["QQ+,AKs", "random", "random"], 20_000, seed=seed) for seed in (5, 5, 6)]
    assert runs[0].sum() == 20_000 and (runs[0] == runs[1]).all() and not (runs[0] == runs[2]).all()


def test_fixed_hands_sharing_a_card_deal_nothing():
    assert kernel_counts(["AsAh", "KsKh"], 1_000).sum() == 1_000

    def same_hand(combos):
        combos[1] = combos[0]
        return combos

    assert kernel_counts(["AsAh", "KsKh"], 1_000, same_hand).sum() == 0


def test_a_range_as_large_as_any_two_cards_but_one_combo_repeated_is_picked_not_dealt():
    def only(hand: str):
        def edit(combos):
            combos[1:] = sorted(parse_cards(hand), reverse=True)  # player 2: 1,326 copies of one combo
            return combos

        return edit

    counts = kernel_counts(["AsAh", "random"], 10_000, only("KsKh"))
    assert counts.sum() == 10_000 and 0.78 < counts[1] / 10_000 < 0.86  # AsAh against KsKh every time: 82 %
    assert kernel_counts(["AsAh", "random"], 1_000, only("AsKd")).sum() == 0  # always sharing As: never dealt


DEAD_LOW = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s"


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AsAh", "random"], None, None),  # one "any two" hand, the board in two pairs and a card
        (["AsAh", "random"], "Kd7c2h", None),  # the board's last two cards as one pair
        (["AsAh", "random", "random"], "Kd7c2h9s", None),  # two "any two" hands and one board card
        (["QQ+,AKs", "random"], "Kd7c2h9s", None),  # the range's combo as a digit of the same draw
        (["QQ+,AKs@30", "random", "JJ,AQ"], "Kd7c2h9s", None),  # weighted: alias picks; a second range
        (["AsAh", "random", "random", "random"], "8h9dTcJsKd", DEAD_LOW),  # a third hand by a draw of its own
    ],
)
def test_the_kernel_agrees_with_exact_enumeration_in_every_shape(players, board, dead):
    exact = equity(players, board=board, dead=dead, method="exact", threads=1)
    mc = equity(players, board=board, dead=dead, method="mc", trials=300_000, seed=11, threads=1)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) <= 4 * m.stderr, (players, e.equity, m.equity, m.stderr)
