"""Omaha range syntax: hands, random, rank patterns with wildcards and suit conditions."""

import random
from itertools import combinations
from math import comb

import numpy as np
import pytest

from pokerlab.evaluator.cards import cards_to_mask, parse_cards
from pokerlab.simulate.ranges import omaha
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


# ------------------------------------------------- the vectorised parser against a plain Python one

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def token_fits(token, card):
    if token == "*":
        return True
    if len(token) == 2:
        return card == 4 * RANKS.index(token[0]) + SUITS.index(token[1])
    return card >> 2 == RANKS.index(token)


def assignable(tokens, cards):
    """Whether the tokens can take the hand's cards one each (backtracking, no counting shortcut)."""
    if all(t == "*" for t in tokens):
        return True  # as many wildcards as cards left
    return any(
        token_fits(tokens[0], c) and assignable(tokens[1:], cards[:i] + cards[i + 1 :]) for i, c in enumerate(cards)
    )


def suits_ok(hand, condition):
    per_suit = [sum(1 for c in hand if c & 3 == s) for s in range(4)]
    paired = [n for n in per_suit if n >= 2]
    if condition == "ds":
        return len(paired) == 2 and (len(hand) > 4 or paired == [2, 2])
    if condition == "ss":
        return len(paired) == 1
    if condition == "r":
        return max(per_suit) == 1
    return True


def plain_parse(items, live, hole_cards):
    """The hands of a range of (tokens, condition) items over the live cards, by trying every hand."""
    return {
        hand
        for hand in combinations(live, hole_cards)
        if any(
            assignable(sorted(tokens, key="*".__eq__), list(hand)) and suits_ok(hand, cond) for tokens, cond in items
        )
    }


def random_item(rng, live_ranks, hole_cards):
    tokens = []
    for _ in range(hole_cards):
        kind = rng.random()
        if kind < 0.35:
            tokens.append("*")
        elif kind < 0.8:
            tokens.append(rng.choice(live_ranks))
        else:
            tokens.append(rng.choice(live_ranks) + rng.choice(SUITS))  # may be dead, or named twice
    return tokens, rng.choice([None, None, "ds", "ss", "r"])


def text_of(items):
    spelled = []
    for tokens, cond in items:
        word = "".join(t if t != "*" else "x" for t in tokens).replace("xx", "**", 1)  # both wildcard spellings
        spelled.append(word + (cond or ""))
    return ", ".join(spelled)


@pytest.mark.parametrize("hole_cards", [4, 5, 6])
@pytest.mark.parametrize("seed", range(4))
def test_the_parser_lists_what_a_plain_search_finds(hole_cards, seed):
    rng = random.Random(100 * hole_cards + seed)
    live_ranks = rng.sample(RANKS, 4)
    live = sorted(4 * RANKS.index(r) + s for r in live_ranks for s in range(4))  # 16 cards
    dead_live = rng.sample(live, rng.choice([0, 1, 3]))  # a few cards of those ranks dead too
    live = [c for c in live if c not in dead_live]
    dead = sum(1 << c for c in range(52) if c not in live)
    for _ in range(12):
        items = [random_item(rng, live_ranks, hole_cards) for _ in range(rng.choice([1, 1, 2, 3]))]
        text = text_of(items)
        want = plain_parse(items, live, hole_cards)
        for warm in (False, True):  # straight from the text, and through the cached whole-deck parse
            omaha.clear_cache()
            if warm:
                try:
                    parse_omaha_range(text, hole_cards)
                except RangeError:
                    pass
            if not want:
                with pytest.raises(RangeError, match="has no hands left without"):
                    parse_omaha_range(text, hole_cards, dead)
                continue
            r = parse_omaha_range(text, hole_cards, dead)
            rows = r.combos.tolist()
            assert {tuple(h) for h in rows} == want, text
            assert len(rows) == len(want) and rows == sorted(rows), text  # unique, in lexicographic order
            assert all(a < b for h in rows for a, b in zip(h, h[1:])), text  # each hand's cards ascending
            assert not any(dead >> c & 1 for h in rows for c in h), text
            assert not r.combos.flags.writeable


@pytest.mark.parametrize("text", ["AA**ds, KQJT", "AKxxr", "AhKhxx, 22**", "xxxxds", "AhAdKK"])
def test_four_card_patterns_on_the_whole_deck_with_dead_cards(text):
    dead_cards = parse_cards("As7c2d")
    dead = cards_to_mask(dead_cards)
    items = [
        (tok, cond)
        for tok, cond in (omaha.split_condition(item.strip().replace(" ", ""), 4) for item in text.split(","))
    ]
    live = [c for c in range(52) if c not in dead_cards]
    want = plain_parse(items, live, 4)
    omaha.clear_cache()
    assert as_set(parse_omaha_range(text, 4, dead)) == want


def test_parses_are_cached_and_shared_read_only():
    omaha.clear_cache()
    first = parse_omaha_range("AA***", hole_cards=5)
    assert parse_omaha_range("AA***", hole_cards=5) is first
    with pytest.raises(ValueError, match="read-only"):
        first.combos[0, 0] = 0
    flop = cards_to_mask(parse_cards("Ah7c2d"))
    assert len(parse_omaha_range("AA***", hole_cards=5, dead=flop)) == comb(3, 2) * comb(46, 3) + comb(46, 2) + 0
    assert parse_omaha_range("AA***", hole_cards=4 + 1) is first  # still there, not evicted by the flop's parse


def test_the_hand_count_guard(monkeypatch):
    assert parse_omaha_range("******", hole_cards=6).is_random  # every hand: dealt, not listed
    with pytest.raises(RangeError, match=r"lists too many hands \(over 3,000,000\)"):
        parse_omaha_range("xx****", hole_cards=6)
    monkeypatch.setattr(omaha, "MAX_COMBOS", 2000)
    omaha.clear_cache()  # parses made under the real limit
    try:
        with pytest.raises(RangeError, match=r"'AA\*\*' lists over 2,000 hands \(the limit of a range\); use 'random'"):
            parse_omaha_range("AA**")
        with pytest.raises(RangeError, match="lists too many hands"):
            parse_omaha_range("xx**, AA**")  # the wildcard item alone is over four times the limit
    finally:
        omaha.clear_cache()


def test_many_items_are_merged_as_they_are_read_and_the_cap_is_the_whole_range():
    """78 six-card AX**** items: once expanded all at once they took 1.8 GB; the cap applies to their union."""
    import tracemalloc

    ranks = "AKQJT98765432"
    items = ",".join(f"{a}{b}****" for i, a in enumerate(ranks) for b in ranks[i:])
    tracemalloc.start()
    try:
        with pytest.raises(RangeError, match="lists over 3,000,000 hands"):
            parse_omaha_range(items, 6)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 400 << 20, f"{peak >> 20} MiB"
    two = parse_omaha_range("AA****", 6)  # 1.38 million hands: under the cap alone
    assert len(two.combos) < 3_000_000
    with pytest.raises(RangeError, match="the limit of a range"):
        parse_omaha_range("AA****,KK****,QQ****", 6)
