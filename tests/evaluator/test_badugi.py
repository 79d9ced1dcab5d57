"""The badugi ruleset (docs/rules.md 16): the table against the slow reference over every hand, the
hands by badugi size (counted here by combinatorics, by the reference and from published numbers), and
pokerkit's evaluator."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from itertools import combinations
from math import comb, perm

import numpy as np
import pytest
import reference_badugi
from reference_badugi import parse, reference_cards, reference_key, reference_size

from pokerlab.evaluator import best_five, category_name, describe, evaluate, evaluate_batch
from pokerlab.evaluator.cards import CardError, format_cards
from pokerlab.evaluator.variant_kernels import next_combinations

RULES = "badugi"
SEED = 20_250_416
ALL_HANDS = np.array(list(combinations(range(52), 4)), dtype=np.uint8)


def test_reference_doctests():
    assert doctest.testmod(reference_badugi).failed == 0


def size_counts() -> dict[int, int]:
    """Four-card hands by the size of their best badugi, by combinatorics where a formula is short.

    Four cards of four ranks in four suits: 13 x 12 x 11 x 10 ordered, one per suit in suit order. A one-card
    hand has every pair of its cards clash: four of one rank (13) or four of one suit (4 x C(13, 4)); two
    cards of distinct ranks and suits never clash, and three cards pairwise clashing share one rank or one suit.
    """
    return {4: perm(13, 4), 1: 13 + 4 * comb(13, 4)}


def test_every_hand_matches_the_reference_and_the_counts():
    values = evaluate_batch(ALL_HANDS, rules=RULES).tolist()
    sizes = Counter(v >> 12 for v in values)
    derived = size_counts()
    assert sizes[3] == derived[4] == 17_160  # the published count of four-card badugis
    assert sizes[0] == derived[1] == 2_873
    assert sum(sizes.values()) == comb(52, 4)
    # The two middle sizes, and every hand's size, from the reference's own search over every hand.
    by_reference = Counter(reference_size(row) for row in ALL_HANDS.tolist())
    assert {size - 1: n for size, n in by_reference.items()} == dict(sizes)
    assert (sizes[2], sizes[1]) == (154_440, 96_252)
    assert len(set(values)) == 715 + 286 + 78 + 13  # C(13, n) rank sets of each size n


def test_five_card_hands_holding_a_badugi_match_project_euler():
    # Project Euler problem 369 publishes 514,800 of the C(52, 5) five-card hands holding a four-card badugi.
    block = np.empty((comb(52, 5), 5), dtype=np.uint8)
    assert next_combinations(np.arange(5, dtype=np.int64), 52, block) == len(block)
    best = np.zeros(len(block), dtype=np.uint16)
    for four in combinations(range(5), 4):
        best = np.maximum(best, evaluate_batch(np.ascontiguousarray(block[:, four]), rules=RULES))
    assert int(np.count_nonzero(best >> 12 == 3)) == 514_800


def test_random_hands_order_as_the_reference_orders_them():
    rng = random.Random(SEED)
    rows = [ALL_HANDS[i].tolist() for i in rng.sample(range(len(ALL_HANDS)), 6_000)]
    ours = evaluate_batch(np.array(rows, dtype=np.uint8), rules=RULES).astype(np.int64).tolist()
    keys = [reference_key(row) for row in rows]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    for a, b in zip(order, order[1:]):
        assert (keys[a] == keys[b]) == (ours[a] == ours[b]), (format_cards(rows[a]), format_cards(rows[b]))
        assert keys[a] == keys[b] or ours[a] < ours[b], (format_cards(rows[a]), format_cards(rows[b]))
    assert [evaluate(row, rules=RULES) for row in rows[:500]] == ours[:500]
    for row in rows[:500]:  # the same ranks, highest first (of a pair, either card may be the one)
        chosen = best_five(row, rules=RULES)
        assert [c >> 2 for c in chosen] == [c >> 2 for c in reference_cards(row)]
        assert len({c & 3 for c in chosen}) == len(chosen) and set(chosen) <= set(row)


@pytest.mark.parametrize(
    ("better", "worse", "why"),
    [
        ("4c 3d 2h As", "5c 3d 2h As", "A-2-3-4 is the best badugi"),
        ("Kc Qd Jh Ts", "4c 3d 2h Ac", "any four-card badugi beats any three-card hand"),
        ("8c 5d 4h 2s", "8c 7d 2h As", "compared from the highest card down: 8-5-4-2 beats 8-7-2-A"),
        ("Ac 2d 3h Kh", "Ac 2d 4h Kh", "a three-card hand A-2-3 beats A-2-4"),
        ("Kc Qc Jd Th", "Ac 2c 3c 4d", "K-Q-J... three cards beat two"),
    ],
)
def test_rules_examples(better, worse, why):
    assert evaluate(better, rules=RULES) > evaluate(worse, rules=RULES), why
    assert reference_key(parse(better)) > reference_key(parse(worse)), why


@pytest.mark.parametrize(
    ("hand", "words", "cards"),
    [
        ("4c 3d 2h As", "Badugi, four high (4-3-2-A)", "4c3d2hAs"),
        ("Kh Qd Js Tc", "Badugi, king high (K-Q-J-T)", "KhQdJsTc"),
        ("Ac 3d 2d Kh", "Three-card hand, king high (K-2-A)", "Kh2dAc"),
        ("As 2s 3h 3d", "Two-card hand, three high (3-A)", "3hAs"),
        ("Kc Kd Kh Ks", "One-card hand, king high (K)", "Kc"),
        ("Ac 2c 3c 4c", "One-card hand, ace high (A)", "Ac"),
    ],
)
def test_describe_and_best_cards(hand, words, cards):
    value = evaluate(hand, rules=RULES)
    assert describe(value) == words and value.rules == RULES
    assert category_name(value) == words.split(",")[0]
    assert format_cards(best_five(hand, rules=RULES)) == cards


def test_bad_input_is_refused():
    with pytest.raises(CardError, match="4"):
        evaluate("As 2d 3c 4h 5s", rules=RULES)
    with pytest.raises(CardError, match="duplicate"):
        evaluate("As As 3c 4h", rules=RULES)
    with pytest.raises(CardError, match="k = 4"):
        evaluate_batch(np.zeros((2, 5), dtype=np.uint8), rules=RULES)
    with pytest.raises(CardError, match="out of range"):
        evaluate_batch(np.array([[0, 1, 2, 52]], dtype=np.uint8), rules=RULES)
    with pytest.raises(Exception, match="was ranked under 'badugi'"):
        describe(evaluate("4c 3d 2h As", rules=RULES), rules="ace-five")


def test_batch_parallel_and_per_call_agree():
    serial = evaluate_batch(ALL_HANDS, rules=RULES)
    assert np.array_equal(serial, evaluate_batch(ALL_HANDS, rules=RULES, parallel=True))
    shuffled = np.ascontiguousarray(ALL_HANDS[:, ::-1])  # the kernel sorts the four ids itself
    assert np.array_equal(serial, evaluate_batch(shuffled, rules=RULES))


def test_pokerkit_orders_random_pairs_the_same():
    from pokerkit import BadugiHand

    rng = random.Random(SEED + 1)
    rows = [ALL_HANDS[i].tolist() for i in rng.sample(range(len(ALL_HANDS)), 4_000)]
    ours = evaluate_batch(np.array(rows, dtype=np.uint8), rules=RULES).astype(np.int64)
    theirs = [BadugiHand.from_game(format_cards(row)) for row in rows]
    for i in range(0, len(rows), 2):
        a, b = theirs[i], theirs[i + 1]
        assert np.sign(ours[i] - ours[i + 1]) == (a > b) - (a < b), (rows[i], rows[i + 1])
