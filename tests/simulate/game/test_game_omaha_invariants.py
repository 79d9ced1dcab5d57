"""Property tests for Omaha with 4, 5 and 6 hole cards, high and high-low (docs/rules.md 14).

The shipped-variant invariants (tests/simulate/game/test_game_invariants.py) play the shipped four-card
games; here every hole-card count at its full table: chips are conserved, every pot is paid in full,
nobody wins from an opponent more than they put in, every card is dealt once, and every shown hand's
value is the two-plus-three value of its cards.
"""

from __future__ import annotations

import random

from game_helpers import cards_seen, check_pots_paid
from hypothesis import given, settings, strategies as st

from pokerlab.evaluator.omaha import evaluate_omaha
from pokerlab.simulate.game import FIXED_LIMIT, POT_LIMIT, State, omaha
from pokerlab.simulate.game.random_play import play_random_hand


@settings(max_examples=80, deadline=None)
@given(
    hole_cards=st.sampled_from((4, 5, 6)),
    kind=st.sampled_from((POT_LIMIT, FIXED_LIMIT)),
    hilo=st.booleans(),
    players=st.integers(2, 10),
    stacks=st.lists(st.integers(1, 80), min_size=10, max_size=10),
    button=st.integers(0, 9),
    seed=st.integers(0, 2**32),
)
def test_random_omaha_play_conserves_chips_and_pays_every_pot(hole_cards, kind, hilo, players, stacks, button, seed):
    game = omaha(kind, hole_cards=hole_cards, hilo=hilo)
    players = min(players, game.max_players)
    stacks = stacks[:players]
    hand = play_random_hand(State(game, stacks, button=button % players, seed=seed), random.Random(seed))
    assert sum(hand.stacks) == sum(stacks) and min(hand.stacks) >= 0
    check_pots_paid(hand)
    cards_seen(hand)
    for seat in range(players):
        assert len(hand.hole[seat]) == hole_cards
        if hand.shown[seat]:
            expected = evaluate_omaha(hand.hole[seat], hand.board, rules="omaha-hilo" if hilo else "omaha")
            assert hand.values[seat] == (expected[0] if hilo else expected)
