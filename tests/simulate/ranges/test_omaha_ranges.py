"""Omaha range syntax: hands, random, rank patterns with wildcards and suit conditions."""

from itertools import combinations
from math import comb

import numpy as np
import pytest
from pokerlab.evaluator.cards import cards_to_mask, parse_cards
from pokerlab.simulate.ranges.omaha import parse_omaha_range
from pokerlab.simulate.ranges.parse import RangeError


def brute(predicate, hole_cards=4):
    """Every hand of the deck that satisfies ``predicate`` (slow, obviously right)."""
    return {h for h in combinations(range(52), hole_cards) if predicate(h)}


def as_set(r):
    return {tuple(int(c) for c in row) for row in r.combos}


def ranks(h):
    return [c >> 2 for c in h]


def suit_counts(h):
    return sorted((sum(1 for c in h if c & 3 == s) for s in range(4)), reverse=True)


def test_two_aces_or_more():
    assert as_set(parse_omaha_range("AA**")) == brute(lambda h: ranks(h).count(12) >= 2)
    assert len(parse_omaha_range("AAxx")) == comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1


def test_suit_conditions():
    aces = lambda h: ranks(h).count(12) >= 2  # noqa: E731
    assert as_set(parse_omaha_range("AAxxds")) == brute(lambda h: aces(h) and suit_counts(h) == [2, 2, 0, 0])
    assert as_set(parse_omaha_range("AAxxss")) == brute(
        lambda h: aces(h) and suit_counts(h)[:2] in ([2, 1], [3, 1], [4, 0])
    )
    assert as_set(parse_omaha_range("AAxxr")) == brute(lambda h: aces(h) and suit_counts(h) == [1, 1, 1, 1])


def test_cards_ranks_and_lists():
    r = parse_omaha_range("AsKsxx, KQJT")
    want = brute(lambda h: {51, 47} <= set(h)) | brute(lambda h: sorted(set(ranks(h))) == [8, 9, 10, 11])
    assert as_set(r) == want


def test_dead_cards_are_removed_and_random_is_not_listed():
    dead = cards_to_mask(parse_cards("AsAh"))
    r = parse_omaha_range("AA**", dead=dead)
    assert len(r) == comb(48, 2)  # AdAc, the only aces left, with any two of the 48 other live cards
    assert all(not (dead >> int(c) & 1) for row in r.combos for c in row)
    assert parse_omaha_range("random").is_random and len(parse_omaha_range("random")) == 0


def test_five_and_six_card_patterns():
    r5 = parse_omaha_range("AAK**", hole_cards=5)
    assert r5.combos.shape[1] == 5 and all(ranks(h).count(12) >= 2 and 11 in ranks(h) for h in r5.combos.tolist())
    r6 = parse_omaha_range("AsAhKsKh**", hole_cards=6)
    assert len(r6) == comb(48, 2)
    assert np.all(np.diff(r6.combos.astype(int), axis=1) > 0)  # sorted rows


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AAK", "is not 4 cards"),
        ("AAKKQ", "is not 4 cards"),
        ("AAzz", "is not 4 cards"),
        ("", "empty Omaha range"),
        ("AsAhAdAc", None),
    ],
)
def test_bad_ranges_are_named(text, message):
    if message is None:  # a valid hand, but dead: nothing left
        with pytest.raises(RangeError, match="has no hands left without As"):
            parse_omaha_range(text, dead=1 << 51)
        return
    with pytest.raises(RangeError, match=message):
        parse_omaha_range(text)
