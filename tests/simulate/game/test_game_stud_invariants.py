"""Property tests for the stud family with up to eight players (the short deck's community card included).

The shipped-variant invariants (tests/simulate/game/test_game_invariants.py) already play every stud
game with up to seven players; here eight players, who may exhaust the deck, and the hi/lo split:
chips are conserved, every pot is paid in full, nobody wins from an opponent more than they put in.
"""

from __future__ import annotations

import random

from game_helpers import cards_seen, check_pots_paid, random_tables
from hypothesis import given, settings

from pokerlab.simulate.game import State, razz, seven_card_stud, seven_card_stud_hilo
from pokerlab.simulate.game.random_play import play_random_hand

GAMES = {"stud": seven_card_stud(), "stud-hilo": seven_card_stud_hilo(), "razz": razz()}


@settings(max_examples=80, deadline=None)
@given(**random_tables(GAMES, max_players=8, max_stack=60))
def test_random_stud_play_conserves_chips_and_pays_every_pot(key, players, stacks, button, seed):
    stacks = stacks[:players]
    hand = play_random_hand(State(GAMES[key], stacks, button=button % players, seed=seed), random.Random(seed))
    assert sum(hand.stacks) == sum(stacks) and min(hand.stacks) >= 0
    check_pots_paid(hand)
    cards_seen(hand)  # every card dealt a different card
    # At most one community card, and only with a short deck.
    assert len(hand.board) <= 1 and (not hand.board or players >= 8)


def test_eight_players_calling_down_always_share_one_community_card():
    for seed in range(20):
        hand = State(GAMES["stud"], [100] * 8, seed=seed)
        while hand.phase == "bet":
            if hand.can_bring_in():
                hand.bring_in()
            else:
                hand.check_or_call()
        assert len(hand.board) == 1 and all(len(h) == 6 for h in hand.hole)
        assert sum(hand.stacks) == 800
