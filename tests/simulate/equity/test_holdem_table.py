"""Two hands before the flop: the numpy-free table answer is the engine's, field for field."""

from __future__ import annotations

import random

import pytest

from pokerlab.evaluator.cards import format_cards
from pokerlab.simulate.equity.api import equity
from pokerlab.simulate.equity.engine import equity as engine_equity
from pokerlab.simulate.equity.holdem_table import two_hands
from pokerlab.simulate.ranges.headsup_counts import deal_key, suit_code
from pokerlab.simulate.ranges.headsup_table import all_suit_codes, deal_keys


def _without_seconds(result):
    data = result.to_dict()
    data.pop("seconds")
    return data


def _random_deals(n, seed=5):
    rng = random.Random(seed)
    for _ in range(n):
        cards = rng.sample(range(52), 4)
        yield cards[:2], cards[2:]


@pytest.mark.parametrize(("one", "other"), list(_random_deals(40)))
def test_the_table_answer_is_the_engines(one, other):
    players = [format_cards(one), format_cards(other)]
    mine = two_hands(players, threads=None)
    assert mine is not None
    assert _without_seconds(mine) == _without_seconds(engine_equity(players))
    assert _without_seconds(equity(players)) == _without_seconds(mine)


def test_the_suit_code_table_is_the_scalar_suit_code():
    table = all_suit_codes()
    assert all(table[a, b, s] == suit_code((a, b), s) for a in range(52) for b in range(52) for s in range(4))


def test_the_scalar_key_is_the_vectorised_one():
    deals = list(_random_deals(2000, seed=9))
    keys = deal_keys([a for a, _ in deals], [b for _, b in deals]).tolist()
    assert keys == [deal_key(a, b) for a, b in deals]


@pytest.mark.parametrize(
    "players",
    [["AsAh"], ["AsAh", "KK"], ["AsAh", "AsKd"], ["AsAh", "KsKh", "QsQh"], ["AsAh", "random"], [(51, 50), "KsKh"]],
)
def test_anything_but_two_hands_goes_to_the_engine(players):
    assert two_hands(players, threads=None) is None
