"""Deuce-to-seven with the joker as a game, and the joker refused in hand-built hold'em."""

from __future__ import annotations

import pytest
from game_helpers import draw_deck

from pokerlab.errors import InputError
from pokerlab.simulate.game import State, Variant, deuce_to_seven_single_draw, texas_holdem


def _checked_down(variant, hands: list[str]) -> State:
    """Heads-up, button 1: the small blind completes, both check, stand pat and check to the showdown."""
    hand = State(variant, [100, 100], button=1, deck=draw_deck(hands, button=1), seed=0)
    hand.call()
    hand.check()
    hand.draw([])
    hand.draw([])
    hand.check()
    hand.check()
    return hand


def test_deuce_to_seven_joker_is_the_best_card_the_hand_lacks_at_showdown():
    variant = deuce_to_seven_single_draw(1, 2, jokers=1)
    assert variant.deck_size == 53 and variant.ranking == "deuce-seven-joker"
    # The joker with 6-5-4-3 is an eight (a 2 or a 7 would make a straight): 8-6-5-4-3 beats 9-6-5-4-3.
    hand = _checked_down(variant, ["Jk 6s 5h 4d 3c", "9c 6d 5c 4h 3s"])
    assert hand.ended_by == "showdown" and hand.net == [2, -2]


def test_deuce_to_seven_joker_never_makes_a_flush():
    variant = deuce_to_seven_single_draw(1, 2, jokers=1)
    hand = _checked_down(variant, ["Jk 8s 7s 5s 4s", "8h 7d 5c 4h 2s"])
    # Seat 0's joker is the deuce (8-7-5-4-2, not a flush): the two hands tie.
    assert hand.net == [0, 0]


def test_joker_in_hand_built_holdem_is_refused():
    from dataclasses import replace

    holdem = texas_holdem()

    with pytest.raises(InputError, match="a hold'em deck has no joker"):
        replace(holdem, jokers=1)
    with pytest.raises(InputError, match="a hold'em deck has no joker"):
        Variant(
            holdem.name, 2, holdem.streets, holdem.forced, holdem.betting, ranking="joker", jokers=1, uses_board=True
        )


def test_ranking_and_deck_must_agree():
    from dataclasses import replace

    with pytest.raises(InputError, match="53-card deck, but jokers=0"):
        replace(deuce_to_seven_single_draw(), ranking="deuce-seven-joker")
    with pytest.raises(InputError, match="ranks 5 cards, a hand here has 7"):
        replace(texas_holdem(), ranking="deuces-wild")
