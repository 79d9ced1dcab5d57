"""The short-deck ruleset (docs/rules.md 15): the tables against the slow reference, the 36-card deck's
five-card frequencies (counted here by combinatorics and by brute force), and pokerkit's evaluator."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest
import reference_short_deck
from reference_short_deck import DECK, parse, reference_category, reference_key

from pokerlab.evaluator import category_name, describe, evaluate, evaluate_batch
from pokerlab.evaluator.cards import CardError, format_cards
from pokerlab.evaluator.values import ruled_value
from pokerlab.evaluator.variants import enumerate_variant_values

RULES = "short-deck"
SEED = 20_250_301


def short_deck_counts() -> dict[str, int]:
    """The five-card hands of the 36-card deck (9 ranks of 4 suits) by category, by combinatorics.

    Six straights (A-6-7-8-9 the lowest) in each suit; of the C(9, 5) = 126 rank sets of a suit six are
    straights. The rest is the usual counting with 9 ranks instead of 13.
    """
    ranks, suits, straights = 9, 4, 6
    straight_flush = straights * suits  # the 4 royal flushes among them
    four = ranks * (ranks - 1) * suits
    full_house = ranks * comb(suits, 3) * (ranks - 1) * comb(suits, 2)
    flush = (comb(ranks, 5) - straights) * suits
    straight = straights * (suits**5 - suits)
    trips = ranks * comb(suits, 3) * comb(ranks - 1, 2) * suits**2
    two_pair = comb(ranks, 2) * comb(suits, 2) ** 2 * (ranks - 2) * suits
    pair = ranks * comb(suits, 2) * comb(ranks - 1, 3) * suits**3
    high = (comb(ranks, 5) - straights) * (suits**5 - suits)
    return {
        "Royal flush": suits,
        "Straight flush": straight_flush - suits,
        "Four of a kind": four,
        "Flush": flush,
        "Full house": full_house,
        "Straight": straight,
        "Three of a kind": trips,
        "Two pair": two_pair,
        "One pair": pair,
        "High card": high,
    }


# written out again on purpose: the published counts, apart from evaluator/verify.py's copy they check
def test_the_combinatorial_counts_add_up_to_every_hand():
    counts = short_deck_counts()
    assert sum(counts.values()) == comb(36, 5) == 376_992
    assert counts == {
        "Royal flush": 4,
        "Straight flush": 20,
        "Four of a kind": 288,
        "Flush": 480,
        "Full house": 1_728,
        "Straight": 6_120,
        "Three of a kind": 16_128,
        "Two pair": 36_288,
        "One pair": 193_536,
        "High card": 122_400,
    }
    # The ranking follows the frequencies: the flush is rarer than the full house in this deck.
    assert counts["Flush"] < counts["Full house"] < counts["Straight"] < counts["Three of a kind"]


def test_every_five_card_hand_of_the_deck_counts_as_combinatorics_says():
    histogram = enumerate_variant_values(RULES, 5)
    values = np.nonzero(histogram)[0]
    per_category = np.bincount(values >> 12, weights=histogram[values], minlength=10)
    names = ("High card", "One pair", "Two pair", "Three of a kind", "Straight", "Full house", "Flush",
             "Four of a kind", "Straight flush", "Royal flush")  # fmt: skip
    assert {name: int(per_category[i]) for i, name in enumerate(names)} == short_deck_counts()
    assert len(values) == 1_404  # 1,278 unsuited rank multisets and 126 suited rank sets


def test_the_reference_counts_every_five_card_hand_the_same():
    counts = Counter(reference_category(five) for five in combinations(DECK, 5))
    expected = short_deck_counts()
    expected["Straight flush"] += expected.pop("Royal flush")  # the reference has no royal-flush category
    assert dict(counts) == expected


def test_the_reference_doctests():
    assert doctest.testmod(reference_short_deck).failed == 0


def _random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (16 + np.argsort(rng.random((n, 36)), axis=1)[:, :k]).astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_order_as_the_reference_orders_them(k):
    hands = _random_hands(6_000, k, SEED + k)
    ours = evaluate_batch(hands, rules=RULES).astype(np.int64).tolist()
    keys = [reference_key(row) for row in hands.tolist()]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    for a, b in zip(order, order[1:]):
        assert (keys[a] == keys[b]) == (ours[a] == ours[b]), (format_cards(hands[a]), format_cards(hands[b]))
        assert keys[a] == keys[b] or ours[a] < ours[b], (format_cards(hands[a]), format_cards(hands[b]))
    per_call = [evaluate(row, rules=RULES) for row in hands[:500].tolist()]
    assert per_call == ours[:500]


@pytest.mark.parametrize(
    ("better", "worse", "why"),
    [
        ("6h 7h 8h 9h Th", "Ah 6h 7h 8h 9h", "A-6-7-8-9 is the lowest straight flush"),
        ("Ah 6h 7h 8h 9h", "Ac Ad Ah As Kd", "a straight flush beats four of a kind"),
        ("Ac Ad Ah As 6d", "Ah Kh Qh Jh 9h", "four of a kind beats a flush"),
        ("6h 7h 8h 9h Jh", "Ac Ad Ah Kc Kd", "a flush beats a full house"),
        ("6c 6d 6h 7c 7d", "Ac Kd Qh Js Tc", "a full house beats a straight"),
        ("6c 7d 8h 9s Tc", "Ac 6d 7h 8s 9c", "A-6-7-8-9 is the lowest straight"),
        ("Ac 6d 7h 8s 9c", "Ac Ad Ah Kc Qd", "a straight beats three of a kind"),
        ("Ac Kd Qh Js 9c", "Ac Kd Qh Js 8c", "high cards compare top down"),
    ],
)
def test_rules_examples(better, worse, why):
    assert evaluate(better, rules=RULES) > evaluate(worse, rules=RULES), why
    assert reference_key(parse(better)) > reference_key(parse(worse)), why


def test_seven_cards_take_the_best_five():
    # A flush and a full house in one seven-card hand are impossible; a flush beats the trips and pairs beside it.
    assert category_name(evaluate("Ah Kh 9h 8h 6h Ac Ad", rules=RULES)) == "Flush"
    assert describe(evaluate("As Ac Kd Kh 6s 7d 8h", rules=RULES)) == "Two pair, aces and kings (8 kicker)"
    assert describe(evaluate("Ad 6c 7s 8h 9d Kc Kd", rules=RULES)) == "Straight, nine high"
    # The board plays: two players with the same best five tie.
    assert evaluate("6c 6d Ah Kh Qh Jh Th", rules=RULES) == evaluate("7c 7d Ah Kh Qh Jh Th", rules=RULES)


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("Ah Kh Qh Jh Th", "Royal flush"),
        ("Ah 6h 7h 8h 9h", "Straight flush, nine high"),
        ("Ac Ad Ah As 6d", "Four of a kind, aces (6 kicker)"),
        ("Ah Kh 9h 8h 6h", "Flush, ace high (A-K-9-8-6)"),
        ("Ac Ad Ah Kc Kd", "Full house, aces over kings"),
        ("Tc Jd Qh Ks Ac", "Straight, ace high"),
        ("7c 7d 7h Ks 9c", "Three of a kind, sevens (K-9 kickers)"),
        ("Ac Jd Kh Qs 9d", "High card, ace high (A-K-Q-J-9)"),
    ],
)
def test_describe(hand, words):
    value = evaluate(hand, rules=RULES)
    assert describe(value) == words  # the value knows its ruleset
    assert value.rules == RULES


def test_cards_outside_the_short_deck_are_refused():
    with pytest.raises(CardError, match="not in the 36-card short deck"):
        evaluate("5c 6d 7h 8s 9c", rules=RULES)
    with pytest.raises(CardError, match="not in the 36-card short deck"):
        evaluate([15, 16, 20, 24, 28], rules=RULES)
    with pytest.raises(CardError, match="out of range 16..51"):
        evaluate_batch(np.array([[0, 16, 20, 24, 28]], dtype=np.uint8), rules=RULES)
    with pytest.raises(CardError, match="joker"):
        evaluate("Jk 6d 7h 8s 9c", rules=RULES)
    with pytest.raises(Exception, match="was ranked under 'short-deck'"):
        describe(evaluate("Ac Ad Ah Kc Kd", rules=RULES), rules="high")


def test_batch_parallel_and_per_call_agree():
    hands = _random_hands(50_000, 7, SEED)
    serial = evaluate_batch(hands, rules=RULES)
    assert np.array_equal(serial, evaluate_batch(hands, rules=RULES, parallel=True))
    rows = random.Random(SEED).sample(range(len(hands)), 200)
    assert [evaluate(hands[i].tolist(), rules=RULES) for i in rows] == [int(serial[i]) for i in rows]


@pytest.mark.parametrize("k", [5, 7])
def test_pokerkit_orders_random_pairs_the_same(k):
    from pokerkit import ShortDeckHoldemHand

    hands = _random_hands(4_000, k, SEED + 10 + k)
    ours = evaluate_batch(hands, rules=RULES).astype(np.int64)
    texts = [format_cards(row) for row in hands.tolist()]
    theirs = [ShortDeckHoldemHand.from_game(text[:4], text[4:]) for text in texts]
    for i in range(0, len(texts), 2):
        a, b = theirs[i], theirs[i + 1]
        kit = (a > b) - (a < b)
        assert np.sign(ours[i] - ours[i + 1]) == kit, (texts[i], texts[i + 1])
    labels = {"Straight flush": ("Straight flush", "Royal flush")}
    for value, hand in zip(ours[:400], theirs[:400]):
        assert category_name(ruled_value(int(value), RULES)) in labels.get(
            hand.entry.label.value, (hand.entry.label.value,)
        )
