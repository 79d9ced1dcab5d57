"""The variant rankings of the fast evaluator checked against the slow reference (tests/reference_variants.py).

For every ruleset (``high``, ``ace-five``, ``deuce-seven``,
``ace-five-joker``, ``joker``, ``two-jokers``, ``deuces-wild``, ``bug``) and
every allowed hand size, a few thousand seeded random hands (wild-card decks
include their jokers; extra hands with exactly 1, 2, 3 wild cards, and all 48
four-deuce hands) must be ordered by ``pokerlab.evaluator.evaluate(ids, rules=NAME)``
exactly as by ``reference_key``: equal values exactly where the reference
keys are equal, larger exactly where they are larger. ``evaluate_batch(...,
rules=NAME)`` must equal the per-call values, and the hand-picked examples
from RULES.md must order and tie as stated.
"""

from __future__ import annotations

import functools
import numbers

import numpy as np
import pytest
from reference_variants import (
    DECK_SIZES,
    HAND_SIZES,
    RULESETS,
    VARIANT_EXAMPLES,
    VARIANT_TIES,
    parse,
    reference_key,
    wild_ids,
)

from pokerlab import evaluator

SEED = 20_240_613
N_RANDOM = 3_000  # random hands per (ruleset, hand size)
N_PER_WILD_COUNT = 300  # extra hands per exact number of wild cards
N_RANDOM_PAIRS = 20_000

RANKS, SUITS = "23456789TJQKA", "cdhs"

Case = tuple[str, int]
CASES: list[Case] = [(rules, k) for rules in RULESETS for k in HAND_SIZES[rules]]


def fmt(hand: np.ndarray | list[int]) -> str:
    """Cards as text, jokers as ``Jk`` (padding 255 left out)."""
    cards = [c for c in np.asarray(hand).tolist() if c != 255]
    return " ".join("Jk" if c >= 52 else RANKS[c // 4] + SUITS[c % 4] for c in cards)


def sample_hands(rules: str, k: int) -> np.ndarray:
    """Seeded (N, k) uint8 hands for one case: random from the whole deck, plus hands with exactly w wild cards."""
    rng = np.random.default_rng([SEED, RULESETS.index(rules), k])
    size = DECK_SIZES[rules]
    parts = [rng.random((N_RANDOM, size)).argsort(axis=1)[:, :k]]
    wilds = np.array(sorted(c for c in wild_ids(rules) if c < size), dtype=np.int64)
    naturals = np.array([c for c in range(size) if c not in set(wilds.tolist())], dtype=np.int64)
    for n_wild in range(1, min(len(wilds), k) + 1):
        if rules == "deuces-wild" and n_wild == 4:
            rows = np.array([[0, 1, 2, 3, c] for c in naturals])  # all 48 four-deuce hands
        else:
            w = wilds[rng.random((N_PER_WILD_COUNT, len(wilds))).argsort(axis=1)[:, :n_wild]]
            n = naturals[rng.random((N_PER_WILD_COUNT, len(naturals))).argsort(axis=1)[:, : k - n_wild]]
            rows = np.concatenate([n, w], axis=1)
            rows = np.take_along_axis(rows, rng.random(rows.shape).argsort(axis=1), axis=1)  # wilds anywhere
        parts.append(rows)
    hands = np.concatenate(parts).astype(np.uint8)
    assert all(len(set(row)) == k for row in hands.tolist())
    return hands


Sample = tuple[np.ndarray, list[tuple[int, ...]], np.ndarray, np.ndarray]


@functools.cache
def sample_for(rules: str, k: int) -> Sample:
    """(hands, reference keys, batch values, per-call values) of one case, computed once."""
    hands = sample_hands(rules, k)
    keys = [reference_key(row, rules) for row in hands.tolist()]
    batch = np.asarray(evaluator.evaluate_batch(hands, rules=rules))
    assert batch.shape == (len(hands),), batch.shape
    assert np.issubdtype(batch.dtype, np.integer), batch.dtype
    single = []
    for row in hands.tolist():
        value = evaluator.evaluate(row, rules=rules)
        assert isinstance(value, numbers.Integral), type(value)
        single.append(int(value))
    return hands, keys, batch.astype(np.int64), np.array(single, dtype=np.int64)


@pytest.fixture(params=CASES, ids=[f"{r}-{k}cards" for r, k in CASES])
def sample(request: pytest.FixtureRequest) -> tuple[str, Sample]:
    rules, k = request.param
    return rules, sample_for(rules, k)


def dense_ranks(keys: list[tuple[int, ...]]) -> np.ndarray:
    """Index of every key among the sorted distinct keys (equal keys, equal index)."""
    index = {key: i for i, key in enumerate(sorted(set(keys)))}
    return np.array([index[key] for key in keys], dtype=np.int64)


def assert_same_order(rules: str, hands: np.ndarray, keys: list[tuple[int, ...]], values: np.ndarray) -> None:
    """``values`` order the hands exactly as ``keys`` do (ties included), checked three ways."""
    ref = dense_ranks(keys)

    def fail(what: str, a: int, b: int, count: int) -> None:
        pytest.fail(
            f"{rules}: {count} {what} disagreements; first: {fmt(hands[a])} (reference {keys[a]}, value {values[a]})"
            f" vs {fmt(hands[b])} (reference {keys[b]}, value {values[b]})"
        )

    # 1. Sort by the reference; every adjacent pair must step the same way (0 or up) in both.
    for order, name in (
        (np.argsort(ref, kind="stable"), "reference-sorted"),
        (np.argsort(values, kind="stable"), "value-sorted"),
    ):
        ref_step = np.sign(np.diff(ref[order]))
        val_step = np.sign(np.diff(values[order]))
        bad = np.flatnonzero(ref_step != val_step)
        if bad.size:
            fail(f"adjacent ({name})", order[bad[0]], order[bad[0] + 1], bad.size)
    # 2. Random pairs: the sign of the comparison must agree.
    rng = np.random.default_rng([SEED, len(hands)])
    i, j = rng.integers(0, len(hands), size=(2, N_RANDOM_PAIRS))
    bad = np.flatnonzero(np.sign(ref[i] - ref[j]) != np.sign(values[i] - values[j]))
    if bad.size:
        fail("random-pair", i[bad[0]], j[bad[0]], bad.size)
    # 3. Equivalently: identical dense ranks.
    assert np.array_equal(ref, np.unique(values, return_inverse=True)[1].reshape(-1))


# --------------------------------------------------------------------------- random hands


def test_batch_equals_single_calls(sample: tuple[str, Sample]) -> None:
    rules, (hands, _, batch, single) = sample
    bad = np.flatnonzero(batch != single)
    if bad.size:
        i = bad[0]
        pytest.fail(f"{rules}: {bad.size} batch/single mismatches; first {fmt(hands[i])}: {batch[i]} vs {single[i]}")


def test_order_matches_reference(sample: tuple[str, Sample]) -> None:
    rules, (hands, keys, batch, _) = sample
    assert_same_order(rules, hands, keys, batch)


def test_card_order_does_not_matter(sample: tuple[str, Sample]) -> None:
    rules, (hands, _, batch, _) = sample
    rng = np.random.default_rng([SEED, 7])
    shuffled = np.take_along_axis(hands, rng.random(hands.shape).argsort(axis=1), axis=1)
    assert np.array_equal(np.asarray(evaluator.evaluate_batch(shuffled, rules=rules)).astype(np.int64), batch)


@pytest.mark.parametrize("rules", [r for r in RULESETS if len(HAND_SIZES[r]) > 1])
def test_one_scale_across_hand_sizes(rules: str) -> None:
    """5, 6 and 7 cards are valued on one scale: a hand ties its best five cards."""
    parts = [sample_for(rules, k) for k in HAND_SIZES[rules]]
    width = max(HAND_SIZES[rules])
    hands = np.concatenate([np.pad(h, ((0, 0), (0, width - h.shape[1])), constant_values=255) for h, *_ in parts])
    keys = [key for _, ks, _, _ in parts for key in ks]
    values = np.concatenate([v for _, _, v, _ in parts])
    assert_same_order(rules, hands, keys, values)


def test_samples_include_wild_cards() -> None:
    for rules in ("ace-five-joker", "deuce-seven-joker", "joker", "two-jokers", "deuces-wild", "bug"):
        hands = sample_hands(rules, 5)
        wilds = np.isin(hands, sorted(wild_ids(rules))).sum(axis=1)
        assert (wilds >= 1).sum() >= N_PER_WILD_COUNT, rules
    deuces = np.isin(sample_hands("deuces-wild", 5), [0, 1, 2, 3]).sum(axis=1)
    assert set(range(5)) <= set(deuces.tolist())
    jokers = np.isin(sample_hands("two-jokers", 5), [52, 53]).sum(axis=1)
    assert set(range(3)) <= set(jokers.tolist())


# --------------------------------------------------------------------------- hand-picked examples


@pytest.mark.parametrize(("rules", "better", "worse", "why"), VARIANT_EXAMPLES, ids=[e[3] for e in VARIANT_EXAMPLES])
def test_examples_order(rules: str, better: str, worse: str, why: str) -> None:
    assert evaluator.evaluate(parse(better), rules=rules) > evaluator.evaluate(parse(worse), rules=rules), why


@pytest.mark.parametrize(("rules", "first", "second", "why"), VARIANT_TIES, ids=[t[3] for t in VARIANT_TIES])
def test_examples_tie(rules: str, first: str, second: str, why: str) -> None:
    assert evaluator.evaluate(parse(first), rules=rules) == evaluator.evaluate(parse(second), rules=rules), why


@pytest.mark.parametrize(
    ("rules", "hands"),
    [
        ("ace-five", ["8s7h6d5c3s", "9s5h4d3c2s"]),
        ("deuce-seven", ["8s7h6d5c3s", "9s5h4d3c2s"]),
    ],
)
def test_eight_seven_beats_nine_in_both_lows(rules: str, hands: list[str]) -> None:
    """RULES.md section 3: compare from the highest card down, 8-7-6-5-3 beats 9-5-4-3-2."""
    eight, nine = (evaluator.evaluate(parse(h), rules=rules) for h in hands)
    assert eight > nine


def test_best_hands() -> None:
    """The best hand of each ruleset beats (or ties) every sampled hand of that ruleset."""
    best = {
        "high": "AsKsQsJsTs",
        "ace-five": "5s4h3d2cAs",
        "deuce-seven": "7s5h4d3c2s",
        "ace-five-joker": "5s4h3d2cAs",
        "deuce-seven-joker": "7s5h4d3c2s",
        "joker": "AsAhAdAcJk",
        "two-jokers": "AsAhAdAcJk",
        "deuces-wild": "2s2h2d2cAs",
        "bug": "AsAhAdAcJk",
    }
    for rules, hand in best.items():
        top = evaluator.evaluate(parse(hand), rules=rules)
        for k in HAND_SIZES[rules]:
            _, _, values, _ = sample_for(rules, k)
            assert values.max() <= top, (rules, k)


def test_high_rules_is_the_default() -> None:
    hands, _, _, _ = sample_for("high", 7)
    for row in hands[:300].tolist():
        assert evaluator.evaluate(row, rules="high") == evaluator.evaluate(row)
    assert np.array_equal(
        np.asarray(evaluator.evaluate_batch(hands, rules="high")).astype(np.int64),
        np.asarray(evaluator.evaluate_batch(hands)).astype(np.int64),
    )


@pytest.mark.parametrize(
    ("rules", "hand"),
    [
        ("high", "AsKsQsJsJk"),  # no joker in a 52-card deck
        ("ace-five", "AsKsQsJsJk"),
        ("deuce-seven", "AsKsQsJsJk"),
        ("joker", "AsKsQsJsTs9s"),  # wild rulesets take exactly five cards
        ("bug", "AsKsQsJsTs9s"),
        ("ace-five-joker", "AsKsQsJsTs9s"),
        ("deuce-seven-joker", "AsKsQsJsTs9s"),
        ("joker", "AsKsQsJkJk"),  # the second joker exists only in two-jokers
        ("deuces-wild", "AsKsQsJsJk"),
        ("high", "AsKsQs"),
    ],
)
def test_bad_input_is_rejected(rules: str, hand: str) -> None:
    with pytest.raises(ValueError):
        evaluator.evaluate(parse(hand), rules=rules)
