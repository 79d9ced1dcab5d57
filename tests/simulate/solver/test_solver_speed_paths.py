"""The solver's fast paths against slow references: showdowns read in strength order (with ties, blocked hands and
the rake's split payoff), the strength-ordered tables, and one-card hands."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.evaluator import evaluate
from pokerlab.simulate.solver.cfr import CfrSolver
from pokerlab.simulate.solver.spot import Spot
from pokerlab.simulate.solver.toy_games import leduc_game

# Many ties: the board's straight plays for every hand without a six or an eight.
BOARD = "2s3h4d5c9c"
OOP = "AA, KK, 66, 87s, 98o, T9s, QJs, 22"
IP = "AKo, KQs, 77, 88, 99, 65s, JTs, 33"


def _pairwise_values(spot, weights, player, rake):
    """The checked-down showdown's counterfactual values of ``player``'s hands, one pair of hands at a time."""
    board = list(spot.board)
    mine, theirs = spot.combos[player], spot.combos[1 - player]
    pot = spot.betting.pot
    taken = min(rake * pot, spot.rake_cap) if spot.rake_cap is not None else rake * pot
    values = np.zeros(len(mine))
    for h, hand in enumerate(mine.tolist()):
        ours = evaluate(hand + board)
        for o, other in enumerate(theirs.tolist()):
            if set(hand) & set(other):
                continue
            rival = evaluate(other + board)
            won = pot - taken if ours > rival else (0.0 if ours < rival else (pot - taken) / 2)
            values[h] += weights[1 - player][o] * (won - pot / 2)
    return values


@pytest.mark.parametrize("rake, cap", [(0.0, None), (0.05, None), (0.1, 0.5)])
def test_a_showdown_matches_the_pairwise_sum(rake, cap):
    spot = Spot.parse(BOARD, OOP, IP, pot=10, stack=10, bet_sizes=(), allin=False, rake=rake, rake_cap=cap)
    rng = np.random.default_rng(7)
    weights = tuple(rng.uniform(0.1, 1.0, len(c)) for c in spot.combos)
    spot = Spot(spot.board, spot.combos, weights, spot.betting, spot.rake, spot.rake_cap)
    solver = CfrSolver(spot.game())
    for player in (0, 1):
        expected = _pairwise_values(spot, weights, player, rake)
        assert np.allclose(solver.root_values(player), expected, rtol=1e-12, atol=1e-12)


def test_the_strength_ordered_tables_follow_the_order():
    game = Spot.parse(BOARD[:8], OOP, IP, pot=10, stack=10).game()
    for player, hands in enumerate(game.hands):
        order = game.order[player]
        assert np.array_equal(game.ranked[player], np.take_along_axis(hands.strength, order, axis=1))
        assert np.array_equal(game.ranked_cards[player], hands.cards[order])
        assert game.ranked[player].dtype == np.int32 and game.ranked_cards[player].dtype == np.int16


def test_one_card_hands_point_their_missing_card_past_the_deck():
    game = leduc_game()
    for player in (0, 1):
        cards = game.ranked_cards[player]
        assert np.all(cards[:, :, 1] == game.n_cards) and cards[:, :, 0].max() < game.n_cards
