"""Tests of the reference evaluator (tests/reference.py) against RULES.md section 1."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st
from reference import (
    CATEGORY_NAMES,
    FIVE_CARD_CATEGORY_COUNTS,
    FIVE_CARD_DISTINCT_KEYS,
    FLUSH,
    HIGH_CARD,
    ROYAL_FLUSH,
    RULES_CATEGORIES,
    RULES_EXAMPLES,
    RULES_TIES,
    STRAIGHT,
    STRAIGHT_FLUSH,
    all_five_card_keys,
    five_card_key,
    parse,
    reference_category,
    reference_key,
)


@pytest.mark.parametrize(("better", "worse", "why"), RULES_EXAMPLES, ids=[e[2] for e in RULES_EXAMPLES])
def test_rules_examples_order(better: str, worse: str, why: str) -> None:
    assert reference_key(parse(better)) > reference_key(parse(worse)), why


@pytest.mark.parametrize(("first", "second", "why"), RULES_TIES, ids=[t[2] for t in RULES_TIES])
def test_rules_ties(first: str, second: str, why: str) -> None:
    assert reference_key(parse(first)) == reference_key(parse(second)), why


@pytest.mark.parametrize(("hand", "category"), RULES_CATEGORIES, ids=[c[0] for c in RULES_CATEGORIES])
def test_rules_categories(hand: str, category: int) -> None:
    assert reference_category(parse(hand)) == category, CATEGORY_NAMES[category]


def test_examples_use_distinct_cards() -> None:
    hands = [h for row in RULES_EXAMPLES + RULES_TIES for h in row[:2]]
    hands += [h for h, _ in RULES_CATEGORIES]
    for hand in hands:
        ids = parse(hand)
        assert len(set(ids)) == len(ids), hand
        assert 5 <= len(ids) <= 7, hand


def test_parse() -> None:
    assert parse("2c2dAs") == [0, 1, 51]
    assert parse("Ts 9h, Jd") == [35, 30, 37]


def test_wheel_is_five_high() -> None:
    assert reference_key(parse("5c4d3h2sAc")) == (STRAIGHT, 3)
    assert reference_key(parse("5h4h3h2hAh")) == (STRAIGHT_FLUSH, 3)
    straights = [reference_key(parse(h)) for h in ("5c4d3h2sAc", "6c5d4h3s2c", "AcKdQhJsTc")]
    assert straights == sorted(straights)


@pytest.mark.parametrize(
    "hand",
    ["QcKdAh2s3c", "KcAd2h3s4c", "JcQdKhAs2c", "QhKhAh2h3h", "KsAs2s3s4s"],
)
def test_no_wrap_around(hand: str) -> None:
    assert reference_category(parse(hand)) in (HIGH_CARD, FLUSH)


def test_royal_flushes_all_equal_and_top() -> None:
    royals = {reference_key([4 * r + s for r in range(8, 13)]) for s in range(4)}
    assert royals == {(ROYAL_FLUSH,)}
    assert max(all_five_card_keys()) == (ROYAL_FLUSH,)


def test_rejects_bad_input() -> None:
    for bad in ([0, 1, 2, 3], list(range(8)), [0, 1, 2, 3, 3], [0, 1, 2, 3, 52], [-1, 0, 1, 2, 3]):
        with pytest.raises(ValueError):
            reference_key(bad)


def test_all_five_card_keys_by_category() -> None:
    keys = all_five_card_keys()
    assert len(keys) == FIVE_CARD_DISTINCT_KEYS == 7462
    assert keys == sorted(set(keys))
    per_category = Counter(key[0] for key in keys)
    # Distinct hand classes per category, high card .. royal flush.
    assert [per_category[c] for c in range(10)] == [1277, 2860, 858, 858, 10, 1277, 156, 156, 9, 1]


def test_five_card_key_ignores_rank_order() -> None:
    rng = random.Random(5)
    for _ in range(200):
        ranks = [rng.randrange(13) for _ in range(5)]
        if max(Counter(ranks).values()) > 4:
            continue
        assert five_card_key(tuple(ranks), False) == five_card_key(tuple(sorted(ranks)), False)


hands_5_to_7 = st.integers(5, 7).flatmap(lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True))


@settings(max_examples=300, deadline=None)
@given(hands_5_to_7, st.randoms(use_true_random=False))
def test_card_order_and_suit_names_do_not_matter(cards: list[int], rnd: random.Random) -> None:
    key = reference_key(cards)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert reference_key(shuffled) == key
    suits = [0, 1, 2, 3]
    rnd.shuffle(suits)
    relabelled = [4 * (c >> 2) + suits[c & 3] for c in cards]
    assert reference_key(relabelled) == key


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_best_of_seven_is_best_of_its_fives_and_sixes(cards: list[int]) -> None:
    key = reference_key(cards)
    assert key == max(reference_key(five) for five in combinations(cards, 5))
    assert key == max(reference_key(six) for six in combinations(cards, 6))


def test_exhaustive_five_card_counts() -> None:
    """All 2,598,960 five-card hands: category counts and 7462 distinct keys."""
    counts = Counter()
    keys = set()
    for hand in combinations(range(52), 5):
        key = reference_key(hand)
        counts[key[0]] += 1
        keys.add(key)
    assert tuple(counts[c] for c in range(10)) == FIVE_CARD_CATEGORY_COUNTS
    assert sum(FIVE_CARD_CATEGORY_COUNTS) == 2_598_960
    assert len(keys) == FIVE_CARD_DISTINCT_KEYS
    assert sorted(keys) == all_five_card_keys()
