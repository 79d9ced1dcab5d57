"""The Monte Carlo kernel's dealing: every free card equally likely, none dealt twice, seeds reproducible."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from pokerlab.evaluator.api import high_tables
from pokerlab.evaluator.cards import parse_cards
from pokerlab.simulate.equity import engine, mc_kernels
from scipy.stats import chi2


@njit
def deal_many(seed, n_deals, n_cards, taken):  # pragma: no cover - numba
    """``n_deals`` deals of ``n_cards`` cards from the cards not in ``taken``, as the kernel deals them.

    Returns the dealt cards (n_deals, n_cards), or -1 everywhere if a card was dealt that was not free.
    """
    state = mc_kernels.seed_streams(np.uint64(seed), 1)[0]
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    out = np.empty((n_deals, n_cards), dtype=np.int64)
    n_free = 52
    for c in range(52):
        n_free -= np.int64((taken >> np.uint64(c)) & np.uint64(1))
    for d in range(n_deals):
        free = ~taken & mc_kernels._ALL_CARDS
        buf = np.uint64(0)
        for i in range(n_cards):
            bound = np.uint64(n_free - i)
            card, bit, buf, s0, s1, s2, s3 = mc_kernels._deal_card(i, buf, bound, free, s0, s1, s2, s3)
            if not free & bit or bit != np.uint64(1) << np.uint64(card):
                out[:] = -1
                return out
            free ^= bit
            out[d, i] = card
    return out


def chi_square_p(counts: np.ndarray) -> float:
    """p-value of equal cell probabilities given the observed counts."""
    expected = counts.sum() / len(counts)
    return float(chi2.sf(((counts - expected) ** 2 / expected).sum(), len(counts) - 1))


def test_each_free_card_is_equally_likely_at_every_position_and_none_twice():
    taken = sum(1 << c for c in parse_cards("AsAh Kd"))
    cards = deal_many(7, 100_000, 7, np.uint64(taken))
    assert (cards >= 0).all(), "a card was dealt that was not free"
    assert not np.isin(cards, parse_cards("AsAh Kd")).any()
    assert all(len(set(row)) == 7 for row in cards[:5000])  # no card twice in a deal
    free = [c for c in range(52) if not taken >> c & 1]
    for position in range(7):
        counts = np.bincount(cards[:, position], minlength=52)[free]
        assert chi_square_p(counts) > 1e-4, f"card position {position} is not uniform: {counts}"


def test_two_dealt_cards_are_a_uniform_pair():
    taken = sum(1 << c for c in parse_cards("QsQh"))
    cards = np.sort(deal_many(11, 300_000, 2, np.uint64(taken)), axis=1)
    pair_index = cards[:, 0] * 52 + cards[:, 1]
    free = [c for c in range(52) if not taken >> c & 1]
    cells = [a * 52 + b for i, a in enumerate(free) for b in free[i + 1 :]]
    counts = np.bincount(pair_index, minlength=52 * 52)[cells]
    assert len(cells) == 1225 and counts.sum() == 300_000
    assert chi_square_p(counts) > 1e-4


def test_the_rare_biased_products_are_drawn_again():
    bound = np.uint64(50)  # 65,536 = 1,310 * 50 + 36: low halves under 36 would favour some values
    m, *_ = mc_kernels._redraw_biased(np.uint64(5), bound, *mc_kernels.seed_streams(np.uint64(3), 1)[0])
    assert int(m) & 0xFFFF >= 36 and int(m) >> 16 < 50


@pytest.mark.parametrize("mask", [0, (1 << 52) - 1, 0x0F0F0F0F0F0F0, 0x8000000000001, 0x123456789ABCD])
def test_the_fast_and_portable_bit_helpers_agree(mask):
    bits = np.uint64(mask)
    for r in range(bin(mask).count("1")):
        loop = mc_kernels._nth_bit_loop(np.uint64(r), bits)  # compiled: the portable path as the kernel runs it
        assert loop == mc_kernels._nth_bit_loop.py_func(np.uint64(r), bits)
        assert bin(int(loop)).count("1") == 1 and int(loop) & mask
        assert bin(mask & (int(loop) - 1)).count("1") == r  # exactly r set bits below it
        if mc_kernels.FAST_PDEP:
            assert njit(lambda r, b: mc_kernels._nth_bit_pdep(r, b))(np.uint64(r), bits) == loop
    for suit in range(4):
        ranks = mc_kernels._suit_ranks_loop(bits, suit)
        assert int(ranks) == sum(1 << r for r in range(13) if mask >> (4 * r + suit) & 1)
        if mc_kernels.FAST_PDEP:
            assert njit(lambda b, s: mc_kernels._suit_ranks_pext(b, s))(bits, suit) == ranks


def kernel_counts(players: list[str], n: int, edit=None, seed: int = 1) -> np.ndarray:
    """The kernel's counts by winner mask over ``n`` deals on stream 0 of ``seed`` (``edit`` changes the combos)."""
    parsed, board_ids, _, _, dead_mask = engine._prepare(players, None, None)
    ranges, board = engine._mc_inputs(parsed, board_ids, dead_mask)
    if edit is not None:
        ranges = (edit(ranges[0].copy()), *ranges[1:])
    counts = np.zeros(1 << len(players), dtype=np.int64)
    mc_kernels.mc_stream(mc_kernels.seed_streams(np.uint64(seed), 1)[0], n, ranges, board, high_tables(), counts)
    return counts


def test_a_stream_gives_the_same_counts_for_the_same_seed():
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
