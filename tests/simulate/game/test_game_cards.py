"""Decks: a seed deals the cards it always dealt (random.shuffle's permutation), injected cards come first."""

from __future__ import annotations

import random

import pytest
from pokerlab.simulate.game.cards import new_deck


@pytest.mark.parametrize("size", [52, 53, 54])
def test_a_seed_deals_what_random_shuffle_deals(size):
    # new_deck inlines the library's Fisher-Yates for speed: the permutation must stay the library's, draw for draw.
    for seed in [*range(300), 2**61 + 12345, (1 << 62) - 1]:
        expected = list(range(size))
        random.Random(seed).shuffle(expected)
        assert new_deck(size, seed) == expected, seed


def test_injected_cards_come_first_and_the_rest_is_shuffled_as_before():
    top = [51, 0, 23]
    for seed in range(50):
        rest = [c for c in range(52) if c not in top]
        random.Random(seed).shuffle(rest)
        assert new_deck(52, seed, top) == top + rest


def test_a_deck_holds_every_card_once():
    for seed in range(50):
        assert sorted(new_deck(54, seed)) == list(range(54))
