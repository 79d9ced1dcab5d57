"""Decks: a seed always deals the same cards, every deal is a uniformly random one, injected cards come first."""

from __future__ import annotations

from collections import Counter

import pytest

from pokerlab.simulate.game.cards import CardError, new_deck


@pytest.mark.parametrize("size", [52, 53, 54])
def test_a_seed_deals_the_same_deck_every_time_and_seeds_differ(size):
    seeds = [*range(200), 2**61 + 12345, (1 << 62) - 1, 2**64 - 1, 2**64, -1, -(2**70)]
    decks = [new_deck(size, seed) for seed in seeds]
    assert decks == [new_deck(size, seed) for seed in seeds]
    assert len({tuple(deck) for deck in decks}) == len(seeds)
    assert all(sorted(deck) == list(range(size)) for deck in decks)


def test_a_partial_shuffle_deals_the_same_top_cards_as_a_full_one():
    for seed in range(100):
        full = new_deck(52, seed)
        for reach in (1, 9, 20, 51, 52, 60):
            deck = new_deck(52, seed, shuffled=reach)
            assert sorted(deck) == list(range(52))
            assert deck[:reach] == full[:reach]


def test_below_the_reach_the_rest_stays_in_order():
    deck = new_deck(52, 3, shuffled=20)
    assert deck[20:] == sorted(deck[20:]) and sorted(deck) == list(range(52))


def test_the_cards_dealt_are_uniform_over_positions_and_cards():
    # 26,000 decks: each card lands in each of the first positions about 500 times. A biased draw (a
    # Sattolo off-by-one that never leaves a card in place, a modulo over the wrong range) is far off.
    seen = [Counter() for _ in range(3)]
    for seed in range(26_000):
        deck = new_deck(52, seed, shuffled=3)
        for position in range(3):
            seen[position][deck[position]] += 1
    for counts in seen:
        assert set(counts) == set(range(52))
        chi2 = sum((c - 500) ** 2 / 500 for c in counts.values())
        assert chi2 < 110, chi2  # 51 degrees of freedom: p < 1e-5 above 100


def test_injected_cards_come_first_and_the_rest_is_shuffled():
    top = [51, 0, 23]
    firsts = set()
    for seed in range(50):
        deck = new_deck(52, seed, top)
        assert deck[:3] == top and sorted(deck) == list(range(52))
        firsts.add(deck[3])
    assert len(firsts) > 20


def test_bad_injected_decks_are_refused():
    with pytest.raises(CardError, match="repeats a card"):
        new_deck(52, 1, [5, 5])
    with pytest.raises(CardError, match="not in a 52-card deck"):
        new_deck(52, 1, [52])
