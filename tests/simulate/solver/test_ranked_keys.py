"""The showdown's ranked keys: each board's hands by ascending strength packed one int64 a hand (strength, hand,
cards), read by the kernels and unpacked back into the order, strengths and cards of the slower layout."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from pokerlab.simulate.solver.spot import Spot
from pokerlab.simulate.solver.toy_games import kuhn_game, leduc_game


@pytest.mark.parametrize(
    "game",
    [
        Spot.parse("2s3h4d5c", "AA, KK, 66, 87s, 98o", "AKo, KQs, 77, 65s", pot=10, stack=10).game(),
        leduc_game(),
        kuhn_game(),
    ],
)
def test_each_key_holds_the_strength_the_hand_and_its_cards_in_strength_order(game):
    kernel = game.kernel_hands()
    for player, hands in enumerate(game.hands):
        keys = game.ranked_keys[player]
        assert keys.dtype == np.int64 and keys.shape == hands.strength.shape
        assert kernel[4 * player + 2] is keys
        order = keys >> 16 & 0xFFFF
        strength = keys >> 32
        assert np.array_equal(strength, np.take_along_axis(hands.strength, order, axis=1))
        assert np.all(np.diff(strength, axis=1) >= 0)  # ascending on every board row
        assert np.array_equal(np.sort(order, axis=1), np.broadcast_to(np.arange(len(hands)), order.shape))
        cards = np.where(hands.cards >= 0, hands.cards, game.n_cards)[order]
        assert np.array_equal(keys >> 8 & 0xFF, cards[..., 0]) and np.array_equal(keys & 0xFF, cards[..., 1])
        assert np.all((keys < 0) == (strength < 0))  # a dead hand's key is negative


def test_the_game_stores_one_key_a_hand_and_board_beside_the_strength_table():
    game = Spot.parse("Qs9h5d2c", "AQ, 99, 87s", "QQ, AJs", pot=10, stack=20, bet_sizes={"river": (1.0,)}).game()
    stored = [getattr(game, f.name) for f in dataclasses.fields(game) if f.name not in ("tree", "hands", "symmetry")]
    arrays = [a for value in stored if isinstance(value, tuple) for a in value if isinstance(a, np.ndarray)]
    per_board = sum(a.nbytes for a in arrays if a.ndim >= 2)
    assert per_board == sum(k.nbytes for k in game.ranked_keys)  # the order, strengths and cards are read from them
