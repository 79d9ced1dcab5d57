"""Tests of the variant reference evaluator (tests/reference_variants.py) on its own.

Independent of the fast evaluator: these run whether or not ``evaluator``
supports ``rules=`` yet. They check the hand-picked examples from RULES.md
sections 1-3, the brute-force shortcut for wild cards against the
literal 52-substitutes-per-wild enumeration, and whole-deck category counts
against published tables (sources cited at each table).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from reference_variants import (
    ACE_FIVE_CATEGORIES,
    DECK_SIZES,
    DEUCE_SEVEN_CATEGORIES,
    HAND_SIZES,
    HIGH_CATEGORIES,
    JOKER,
    RULESETS,
    VARIANT_CATEGORIES,
    VARIANT_EXAMPLES,
    VARIANT_TIES,
    category_counts,
    high_five_key,
    literal_wild_key,
    parse,
    reference_category,
    reference_key,
    wild_ids,
)

SEED = 20_240_612


def _ids(rows: list[tuple[str, ...]]) -> list[str]:
    return [row[-1] if len(row) == 4 else f"{row[0]}:{row[1]}" for row in rows]


# --------------------------------------------------------------------------- hand-picked examples


@pytest.mark.parametrize(("rules", "better", "worse", "why"), VARIANT_EXAMPLES, ids=_ids(VARIANT_EXAMPLES))
def test_examples_order(rules: str, better: str, worse: str, why: str) -> None:
    assert reference_key(parse(better), rules) > reference_key(parse(worse), rules), why


@pytest.mark.parametrize(("rules", "first", "second", "why"), VARIANT_TIES, ids=_ids(VARIANT_TIES))
def test_examples_tie(rules: str, first: str, second: str, why: str) -> None:
    assert reference_key(parse(first), rules) == reference_key(parse(second), rules), why


@pytest.mark.parametrize(("rules", "hand", "category"), VARIANT_CATEGORIES, ids=_ids(VARIANT_CATEGORIES))
def test_examples_category(rules: str, hand: str, category: str) -> None:
    assert reference_category(parse(hand), rules) == category


def test_examples_are_valid_hands() -> None:
    """Every example hand has distinct cards, an allowed size and ids inside the ruleset's deck."""
    rows = [(r, a) for r, a, _, _ in VARIANT_EXAMPLES + VARIANT_TIES]
    rows += [(r, b) for r, _, b, _ in VARIANT_EXAMPLES + VARIANT_TIES]
    rows += [(r, h) for r, h, _ in VARIANT_CATEGORIES]
    for rules, hand in rows:
        ids = parse(hand)
        assert len(set(ids)) == len(ids), hand
        assert len(ids) in HAND_SIZES[rules], (rules, hand)
        assert max(ids) < DECK_SIZES[rules], (rules, hand)


def test_every_ruleset_has_examples() -> None:
    for rules in RULESETS:
        assert any(r == rules for r, *_ in VARIANT_EXAMPLES), rules
        assert any(r == rules for r, *_ in VARIANT_CATEGORIES), rules


def test_bad_input_is_rejected() -> None:
    with pytest.raises(ValueError):
        reference_key(parse("AsKsQsJs"), "high")  # four cards
    with pytest.raises(ValueError):
        reference_key(parse("AsKsQsJsTs9s"), "joker")  # six cards: wild rulesets take exactly five
    with pytest.raises(ValueError):
        reference_key(parse("AsKsQsJsJk"), "high")  # no joker in a 52-card deck
    with pytest.raises(ValueError):
        reference_key(parse("AsKsQsJkJk"), "joker")  # the second joker exists only in two-jokers
    with pytest.raises(ValueError):
        reference_key(parse("AsAsQsJsTs"), "high")  # duplicate card
    with pytest.raises(ValueError):
        reference_key(parse("AsKsQsJsTs"), "no-such-rules")


# --------------------------------------------------------------------------- structural properties


def test_best_lows() -> None:
    """RULES.md section 3: 5-4-3-2-A is the best ace-five hand, 7-5-4-3-2 (not suited) the best deuce-seven."""
    wheel = reference_key(parse("5s4h3d2cAs"), "ace-five")
    seven_five = reference_key(parse("7s5h4d3c2s"), "deuce-seven")
    rng = random.Random(SEED)
    for _ in range(2000):
        hand = rng.sample(range(52), 5)
        assert reference_key(hand, "ace-five") <= wheel
        assert reference_key(hand, "deuce-seven") <= seven_five


def test_deuce_seven_is_reverse_high_without_wheel() -> None:
    """Five cards: deuce-seven order is the exact reverse of the high order, except the wheel (ace-high there)."""
    rng = random.Random(SEED + 1)
    hands = [rng.sample(range(52), 5) for _ in range(600)]
    wheelless = [h for h in hands if sorted({c // 4 for c in h}) != [0, 1, 2, 3, 12]]
    for a, b in zip(wheelless, wheelless[1:]):
        high_a, high_b = reference_key(a, "high"), reference_key(b, "high")
        low_a, low_b = reference_key(a, "deuce-seven"), reference_key(b, "deuce-seven")
        assert (high_a > high_b) == (low_a < low_b) and (high_a == high_b) == (low_a == low_b), (a, b)


def test_ace_five_ignores_suits() -> None:
    rng = random.Random(SEED + 2)
    for _ in range(500):
        k = rng.choice((5, 6, 7))
        hand = rng.sample(range(52), k)
        recoloured = [4 * (c // 4) + (c % 4 + 1) % 4 for c in hand]
        assert reference_key(hand, "ace-five") == reference_key(recoloured, "ace-five")


def test_ace_five_no_pair_compares_highest_card_down() -> None:
    """Every pair of no-pair ace-five lows: lower top card wins, then the next card, and so on."""
    lows = list(combinations(range(13), 5))  # ace-low ranks: 0 is the ace

    def key(low: tuple[int, ...]) -> tuple[int, ...]:
        cards = [4 * ((r - 1) % 13) + i % 4 for i, r in enumerate(low)]
        return reference_key(cards, "ace-five")

    ordered = sorted(lows, key=lambda low: sorted(low, reverse=True), reverse=True)  # worst first
    keys = [key(low) for low in ordered]
    assert all(a < b for a, b in zip(keys, keys[1:]))


def test_more_cards_never_hurt() -> None:
    """Lowball with 6-7 cards: the best five-card low is at least as good as any five of the cards."""
    rng = random.Random(SEED + 3)
    for rules in ("high", "ace-five", "deuce-seven"):
        for _ in range(200):
            hand = rng.sample(range(52), 7)
            best = reference_key(hand, rules)
            assert best == max(reference_key(list(sub), rules) for sub in combinations(hand, 5))
            assert reference_key(hand[:6], rules) <= best


def test_wild_rulesets_without_wild_cards_are_high() -> None:
    rng = random.Random(SEED + 4)
    for _ in range(500):
        hand = rng.sample(range(4, 52), 5)  # no deuce, no joker
        high = reference_key(hand, "high")
        for rules in ("joker", "two-jokers", "deuces-wild", "bug"):
            assert reference_key(hand, rules) == high, (rules, hand)


def test_wild_card_never_hurts() -> None:
    """Replacing a natural card by a fully wild card never lowers the hand (it could stand for that card)."""
    rng = random.Random(SEED + 5)
    for _ in range(300):
        hand = rng.sample(range(52), 5)
        with_joker = [*hand[:4], JOKER]
        assert reference_key(with_joker, "joker") >= reference_key(hand, "joker")
        assert reference_key(with_joker, "joker") >= reference_key(with_joker, "bug")


@pytest.mark.parametrize("rules", ["joker", "two-jokers", "deuces-wild", "bug"])
def test_suit_shortcut_matches_literal_substitution(rules: str) -> None:
    """reference_key's two-suit-outcomes shortcut equals trying all 52 cards for every wild card."""
    rng = random.Random(f"{SEED}-{rules}")
    wilds = sorted(wild_ids(rules) & set(range(DECK_SIZES[rules])))
    naturals = [c for c in range(52) if c not in wilds]
    max_wild = 1 if rules in ("joker", "bug") else 2
    checked = 0
    for n_wild in range(1, max_wild + 1):
        trials = 400 if n_wild == 1 else 25
        for _ in range(trials):
            hand = rng.sample(naturals, 5 - n_wild) + rng.sample(wilds, n_wild)
            assert reference_key(hand, rules) == literal_wild_key(hand, rules), hand
            checked += 1
    # suited naturals exercise the flush branch
    for _ in range(100):
        suit = rng.randrange(4)
        ranks = rng.sample(range(1, 13) if rules == "deuces-wild" else range(13), 4)
        hand = [4 * r + suit for r in ranks] + wilds[:1]
        assert reference_key(hand, rules) == literal_wild_key(hand, rules), hand
    assert checked > 0


def _any_suit(naturals: list[int], suits: list[int]) -> int:
    return suits[0]


def _off_suit(naturals: list[int], suits: list[int]) -> int:
    return ([s for s in suits if s != naturals[0] % 4] or suits)[0]


@pytest.mark.parametrize(
    ("rules", "seed", "suit"), [("ace-five", SEED + 6, _any_suit), ("deuce-seven", SEED + 16, _off_suit)]
)
def test_the_joker_is_the_best_card_of_a_rank_the_hand_lacks(rules: str, seed: int, suit) -> None:
    """The reference's joker against a rank-by-rank search written apart from it: the joker takes each rank the hand
    lacks, in a suit ``suit`` picks (ace-five: any, flushes do not count; deuce-seven: one that breaks any flush),
    and the best of those hands is the joker's (for ace-five: the joker is the lowest missing rank)."""
    rng = random.Random(seed)
    for _ in range(500):
        naturals = rng.sample(range(52), 4)
        keys = []
        for rank in range(13):
            suits = [s for s in range(4) if 4 * rank + s not in naturals]
            if suits:  # a fifth card of a rank held four times does not exist
                keys.append(reference_key([*naturals, 4 * rank + suit(naturals, suits)], rules))
        assert reference_key([*naturals, JOKER], f"{rules}-joker") == max(keys), naturals


def test_five_of_a_kind_keys() -> None:
    assert high_five_key((12,) * 5, False) > high_five_key((8, 9, 10, 11, 12), True)
    assert high_five_key((0,) * 5, False) > high_five_key((8, 9, 10, 11, 12), True)
    assert high_five_key((12, 12, 11, 10, 9), True) == high_five_key((12, 12, 11, 10, 9), False)  # no AA flush


# --------------------------------------------------------------------------- whole-deck counts

# Wikipedia, "Poker probability", section "Frequency of 5-card lowball poker hands" (ace-to-five), as
# mirrored at https://www.liquisearch.com/poker_probability/frequency_of_5-card_lowball_poker_hands ;
# the same 5-high .. 8-high numbers in Durango Bill, "Lowball Poker Probabilities",
# http://durangobill.com/LowballPoker/Lowball_Poker.html . Paired hands are not in the table.
PUBLISHED_ACE_FIVE_5 = {
    "5-high": 1_024,
    "6-high": 5_120,
    "7-high": 15_360,
    "8-high": 35_840,
    "9-high": 71_680,
    "T-high": 129_024,
    "J-high": 215_040,
    "Q-high": 337_920,
    "K-high": 506_880,
}
# Wikipedia, "Poker probability", section "Frequency of 7-card lowball poker hands" (best five of seven,
# ace-to-five), mirrored at https://liquisearch.com/poker_probability/frequency_of_7-card_lowball_poker_hands .
# The table stops at king-high (total 127,615,488); paired lows are not published there.
PUBLISHED_ACE_FIVE_7 = {
    "5-high": 781_824,
    "6-high": 3_151_360,
    "7-high": 7_426_560,
    "8-high": 13_171_200,
    "9-high": 19_174_400,
    "T-high": 23_675_904,
    "J-high": 24_837_120,
    "Q-high": 21_457_920,
    "K-high": 13_939_200,
}
# One fully wild joker, 53 cards: table "With 1 Joker" in "Poker probabilities with jokers",
# https://fennaixelphox.dreamwidth.org/1543.html (after DataGenetics, "Poker odds with wild cards",
# http://datagenetics.com/blog/september32016/index.html ). Its "Straight Flush" 204 includes the royals
# (ours: 24 royal + 180 other). Five of a kind 13, three of a kind 137,280 and two pair 123,552 also in
# "Appendix 2", http://www.curiouser.co.uk/paradoxes/appendix2.htm .
# written out again on purpose: the published counts, apart from evaluator/verify.py's copy they check
PUBLISHED_JOKER = {
    "Five of a kind": 13,
    "Straight flush+Royal flush": 204,
    "Four of a kind": 3_120,
    "Full house": 6_552,
    "Flush": 7_804,
    "Straight": 20_532,
    "Three of a kind": 137_280,
    "Two pair": 123_552,
    "One pair": 1_268_088,
    "High card": 1_302_540,
}
# Deuces wild, five of a kind: B. Alspach, "Wild Cards in Profusion: Part 2", Poker Digest 5(9), 2002,
# http://people.math.sfu.ca/~alspach/mag94 (672 quints with four wild cards of one rank, five-card hands).
PUBLISHED_DEUCES_FIVE_OF_A_KIND = 672


def _merged(counts: dict[str, int], key: str) -> int:
    return sum(counts.get(part, 0) for part in key.split("+"))


def test_counts_high_match_the_standard_table() -> None:
    counts = category_counts("high")
    assert counts == {
        "Royal flush": 4,
        "Straight flush": 36,
        "Four of a kind": 624,
        "Full house": 3_744,
        "Flush": 5_108,
        "Straight": 10_200,
        "Three of a kind": 54_912,
        "Two pair": 123_552,
        "One pair": 1_098_240,
        "High card": 1_302_540,
    }


def test_counts_ace_five_5_cards_published() -> None:
    counts = category_counts("ace-five")
    assert sum(counts.values()) == 2_598_960
    assert {k: counts[k] for k in PUBLISHED_ACE_FIVE_5} == PUBLISHED_ACE_FIVE_5
    paired = {"One pair": 1_098_240, "Two pair": 123_552, "Three of a kind": 54_912}
    paired |= {"Full house": 3_744, "Four of a kind": 624}
    assert {k: counts[k] for k in paired} == paired  # computed: the high-hand pairing counts


def test_counts_ace_five_7_cards_published() -> None:
    counts = category_counts("ace-five", 7)
    assert sum(counts.values()) == 133_784_560
    assert {k: counts[k] for k in PUBLISHED_ACE_FIVE_7} == PUBLISHED_ACE_FIVE_7
    assert sum(PUBLISHED_ACE_FIVE_7.values()) == 127_615_488  # the published total


def test_counts_joker_published() -> None:
    counts = category_counts("joker")
    assert sum(counts.values()) == 2_869_685
    assert {k: _merged(counts, k) for k in PUBLISHED_JOKER} == PUBLISHED_JOKER


def test_counts_deuces_wild_five_of_a_kind_published() -> None:
    counts = category_counts("deuces-wild")
    assert sum(counts.values()) == 2_598_960
    assert counts["Five of a kind"] == PUBLISHED_DEUCES_FIVE_OF_A_KIND


def test_counts_deuce_seven_follow_from_the_high_table() -> None:
    """No published deuce-seven table was found; these follow from the high table (computed).

    The 4 wheel straight flushes become flushes and the 1,020 wheel straights ace-high hands; royals are
    straight flushes; the no-pair hands are the high table's high-card hands by top card.
    """
    counts = category_counts("deuce-seven")
    assert counts["Straight flush"] == 36
    assert counts["Flush"] == 5_108 + 4
    assert counts["Straight"] == 10_200 - 1_020
    no_pair = sum(counts[name] for name in DEUCE_SEVEN_CATEGORIES[:8])
    assert no_pair == 1_302_540 + 1_020
    assert counts["7-high"] == 4 * (4**5 - 4)  # 7-5-4-3-2 .. 7-6-5-4-2: four rank sets, unsuited
    assert sum(counts.values()) == 2_598_960


def test_counts_two_jokers_partial_published() -> None:
    """Two jokers, 54 cards: 78 five of a kind (bigtpoker.com, "five of a kind") and 9,360 four of a kind
    (a worked homework answer, homeworksource.com) are the only published numbers found."""
    counts = category_counts("two-jokers")
    assert sum(counts.values()) == 3_162_510
    assert counts["Five of a kind"] == 78
    assert counts["Four of a kind"] == 9_360


def test_counts_bug_sanity() -> None:
    """No published bug table was found; structural checks only (computed)."""
    counts = category_counts("bug")
    assert sum(counts.values()) == 2_869_685
    assert counts["Five of a kind"] == 1  # four aces and the bug
    joker = category_counts("joker")
    for name in ("Royal flush", "Straight flush", "Flush", "Straight"):
        assert counts[name] == joker[name], name  # the bug makes every straight and flush a wild joker does
    assert counts["High card"] > joker["High card"]  # ... but not pairs out of nothing


def test_category_names_cover_counts() -> None:
    for rules in RULESETS:
        names = {
            "ace-five": ACE_FIVE_CATEGORIES,
            "ace-five-joker": ACE_FIVE_CATEGORIES,
            "deuce-seven-joker": DEUCE_SEVEN_CATEGORIES,
            "deuce-seven": DEUCE_SEVEN_CATEGORIES,
        }.get(rules, HIGH_CATEGORIES)
        assert set(category_counts(rules)) <= set(names), rules
