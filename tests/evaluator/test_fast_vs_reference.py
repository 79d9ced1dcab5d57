"""The fast evaluator (``evaluator``) checked against the reference (tests/reference.py).

For 5, 6 and 7 cards, 200,000 random hands each (fixed seed): categories must
agree, and the fast ranks must be a strictly order-preserving bijection of
the reference keys (equal exactly where the keys are equal, strictly larger
exactly where the keys are larger). All 2,598,960 five-card hands are checked
the same way, and every example from RULES.md section 1.
"""

from __future__ import annotations

import functools
from itertools import combinations

import numpy as np
import pytest
from reference import (
    CATEGORY_NAMES,
    FIVE_CARD_CATEGORY_COUNTS,
    FIVE_CARD_DISTINCT_KEYS,
    RULES_CATEGORIES,
    RULES_EXAMPLES,
    RULES_TIES,
    all_five_card_keys,
    five_card_key,
    parse,
    reference_key,
)

from pokerlab import evaluator
from pokerlab.evaluator.cards import format_cards, parse_cards

SEED = 20_240_611
N_HANDS = 20_000  # per hand size in the default run; the slow tier checks N_HANDS_SLOW more
N_HANDS_SLOW = 200_000
N_SINGLE = 2_000  # hands per k also run through evaluate() one at a time

# Every possible key, worst first; a key's index is its dense reference rank.
ALL_KEYS = all_five_card_keys()
KEY_INDEX = {key: i for i, key in enumerate(ALL_KEYS)}
KEY_CATEGORY = np.array([key[0] for key in ALL_KEYS], dtype=np.int64)


def random_hands(k: int, n: int = N_HANDS) -> np.ndarray:
    """``n`` hands of ``k`` distinct cards, (n, k) uint8, from a fixed seed."""
    rng = np.random.default_rng([SEED, k])
    return rng.random((n, 52)).argsort(axis=1)[:, :k].astype(np.uint8)


def reference_indices(hands: np.ndarray) -> np.ndarray:
    """Dense reference rank (index into ALL_KEYS) of every hand."""
    return np.fromiter(
        (KEY_INDEX[reference_key(hand)] for hand in hands.tolist()),
        dtype=np.int64,
        count=len(hands),
    )


def fast_ranks(hands: np.ndarray) -> np.ndarray:
    ranks = np.asarray(evaluator.evaluate_batch(hands))
    assert ranks.shape == (len(hands),), ranks.shape
    assert np.issubdtype(ranks.dtype, np.integer), ranks.dtype
    return ranks.astype(np.int64)  # signed: differences below must not wrap


def fast_categories(ranks: np.ndarray) -> np.ndarray:
    unique, inverse = np.unique(ranks, return_inverse=True)
    per_rank = np.array([int(evaluator.category(int(r))) for r in unique], dtype=np.int64)
    return per_rank[inverse.reshape(-1)]


def assert_same_order(hands: np.ndarray, ref: np.ndarray, fast: np.ndarray) -> None:
    """Fast ranks equal exactly where reference indices are equal and strictly
    increase exactly where they increase."""
    order = np.argsort(ref, kind="stable")
    ref_sorted, fast_sorted = ref[order], fast[order]
    ref_step, fast_step = np.diff(ref_sorted), np.diff(fast_sorted)
    bad = np.flatnonzero(((ref_step == 0) & (fast_step != 0)) | ((ref_step > 0) & (fast_step <= 0)))
    if bad.size:
        i = bad[0]
        a, b = order[i], order[i + 1]
        pytest.fail(
            f"{bad.size} order violations; first: "
            f"{format_cards(hands[a][hands[a] != 255])} (reference {ALL_KEYS[ref[a]]}, fast {fast[a]}) vs "
            f"{format_cards(hands[b][hands[b] != 255])} (reference {ALL_KEYS[ref[b]]}, fast {fast[b]})"
        )


def assert_same_categories(hands: np.ndarray, ref: np.ndarray, fast: np.ndarray) -> None:
    want, got = KEY_CATEGORY[ref], fast_categories(fast)
    bad = np.flatnonzero(want != got)
    if bad.size:
        i = bad[0]
        pytest.fail(
            f"{bad.size} category mismatches; first: {format_cards(hands[i])}: "
            f"reference {CATEGORY_NAMES[want[i]]}, fast {got[i]}"
        )


Sample = tuple[np.ndarray, np.ndarray, np.ndarray]


@functools.cache
def sample_for(k: int, n: int = N_HANDS) -> Sample:
    """(hands, reference indices, fast ranks) for one hand size, computed once."""
    hands = random_hands(k, n)
    return hands, reference_indices(hands), fast_ranks(hands)


SAMPLE_SIZES = [
    *(pytest.param((k, N_HANDS), id=f"{k}cards") for k in (5, 6, 7)),
    *(pytest.param((k, N_HANDS_SLOW), id=f"{k}cards-{N_HANDS_SLOW}", marks=pytest.mark.slow) for k in (5, 6, 7)),
]


@pytest.fixture(params=SAMPLE_SIZES)
def sample(request: pytest.FixtureRequest) -> Sample:
    return sample_for(*request.param)


def test_random_hands_are_valid() -> None:
    hands = random_hands(7, 1000)
    assert hands.dtype == np.uint8 and hands.shape == (1000, 7)
    assert hands.max() < 52
    assert all(len(set(row)) == 7 for row in hands.tolist())


def test_categories_agree(sample: Sample) -> None:
    assert_same_categories(*sample)


def test_order_agrees(sample: Sample) -> None:
    assert_same_order(*sample)


def test_order_agrees_across_hand_sizes() -> None:
    """One scale for 5, 6 and 7 cards: a hand ties its best five cards."""
    parts = [sample_for(k) for k in (5, 6, 7)]
    width = 7
    hands = np.concatenate([np.pad(h, ((0, 0), (0, width - h.shape[1])), constant_values=255) for h, _, _ in parts])
    ref = np.concatenate([r for _, r, _ in parts])
    fast = np.concatenate([f for _, _, f in parts])
    assert_same_order(hands, ref, fast)


def test_card_order_and_suit_names_do_not_matter(sample: Sample) -> None:
    hands, _, fast = sample
    rng = np.random.default_rng([SEED, 99, hands.shape[1]])
    permuted = hands[:, rng.permutation(hands.shape[1])]
    assert np.array_equal(fast_ranks(permuted), fast)
    suits = rng.permutation(4).astype(np.uint8)
    relabelled = (hands & ~np.uint8(3)) | suits[hands & 3]
    assert np.array_equal(fast_ranks(relabelled), fast)


def test_evaluate_matches_batch(sample: Sample) -> None:
    hands, _, fast = sample
    for row, want in zip(hands[:N_SINGLE].tolist(), fast[:N_SINGLE].tolist(), strict=True):
        assert int(evaluator.evaluate(row)) == want, format_cards(row)
    extra = slice(N_SINGLE, N_SINGLE + 200)
    for row, want in zip(hands[extra].tolist(), fast[extra].tolist(), strict=True):
        text = format_cards(row)
        assert parse_cards(text) == parse(text) == row
        assert int(evaluator.evaluate(text)) == want, text


def test_exhaustive_five_card_hands() -> None:
    """All 2,598,960 five-card hands: counts per category, 7462 distinct ranks,
    and the same order as the reference."""
    hands = np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)), count=2_598_960)
    fast = fast_ranks(hands)
    # A five-card key is a function of (sorted ranks, suited), so key each
    # distinct pattern once instead of calling reference_key 2.6 million times.
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suited = ((hands & 3) == (hands[:, :1] & 3)).all(axis=1)
    code = ((ranks @ (13 ** np.arange(5))) << 1) | suited
    codes, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    assert len(codes) == FIVE_CARD_DISTINCT_KEYS
    pattern_index = np.array(
        [KEY_INDEX[five_card_key(tuple(ranks[i].tolist()), bool(suited[i]))] for i in first],
        dtype=np.int64,
    )
    ref = pattern_index[inverse.reshape(-1)]
    spot = np.random.default_rng(SEED).choice(len(hands), 2000, replace=False)
    for i in spot.tolist():  # the shortcut agrees with reference_key
        assert ALL_KEYS[ref[i]] == reference_key(hands[i].tolist())
    assert len(np.unique(fast)) == FIVE_CARD_DISTINCT_KEYS
    categories = fast_categories(fast)
    assert tuple(np.bincount(categories, minlength=10).tolist()) == FIVE_CARD_CATEGORY_COUNTS
    assert_same_categories(hands, ref, fast)
    assert_same_order(hands, ref, fast)


@pytest.mark.parametrize(("better", "worse", "why"), RULES_EXAMPLES, ids=[e[2] for e in RULES_EXAMPLES])
def test_rules_examples_order(better: str, worse: str, why: str) -> None:
    assert evaluator.evaluate(better) > evaluator.evaluate(worse), why
    assert evaluator.evaluate(parse(better)) > evaluator.evaluate(parse(worse)), why


@pytest.mark.parametrize(("first", "second", "why"), RULES_TIES, ids=[t[2] for t in RULES_TIES])
def test_rules_ties(first: str, second: str, why: str) -> None:
    assert evaluator.evaluate(first) == evaluator.evaluate(second), why


@pytest.mark.parametrize(("hand", "category"), RULES_CATEGORIES, ids=[c[0] for c in RULES_CATEGORIES])
def test_rules_categories(hand: str, category: int) -> None:
    assert evaluator.category(evaluator.evaluate(hand)) == category, CATEGORY_NAMES[category]
    batch = evaluator.evaluate_batch(np.array([parse(hand)], dtype=np.uint8))
    assert int(batch[0]) == evaluator.evaluate(hand)
