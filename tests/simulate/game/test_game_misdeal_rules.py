"""Misdeals (docs/rules.md 4.3): a card dealt face up or a wrong card count; the hand is dealt again,
nothing changes hands, and the antes or blinds stay where they were."""

from __future__ import annotations

import random

import pytest

from pokerlab.simulate.game import IllegalActionError, Session, State, five_card_draw, no_limit_holdem, seven_card_stud
from pokerlab.simulate.game.random_play import play_random_hand
from pokerlab.simulate.game.state import MISDEAL_CAUSES


@pytest.mark.parametrize("cause", MISDEAL_CAUSES)
def test_misdeal_nothing_changes_hands(cause):
    hand = State(five_card_draw(ante=1, small_bet=2), [20, 30, 40], button=0, seed=3, carried_pot=5)
    assert hand.pot_total == 8 and hand.can_misdeal(cause)
    hand.misdeal(cause)
    assert hand.phase == "done" and hand.ended_by == "misdeal"
    assert hand.stacks == [20, 30, 40] and hand.net == [0, 0, 0] and hand.payouts == [0, 0, 0]
    assert hand.carry_out == 5  # a carried pot waits for the new deal
    assert hand.history[-1] == ("misdeal", cause)


def test_misdeal_until_two_players_have_acted():
    hand = State(no_limit_holdem(5, 10), [100] * 3, button=0, seed=1)
    assert hand.can_misdeal()
    hand.call()  # one player has acted: the dealer may still call the misdeal
    assert hand.can_misdeal()
    hand.fold()
    verdict = hand.can_misdeal()
    assert not verdict and "seats 0 and 1 have already acted" in verdict.reason
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="after that the hand stands"):
        hand.misdeal()
    assert hand.snapshot() == before


def test_misdeal_after_one_action_gives_its_chips_back():
    hand = State(no_limit_holdem(5, 10), [100] * 3, button=0, seed=1)
    hand.raise_to(40)
    hand.misdeal("exposed-card")
    assert hand.ended_by == "misdeal" and hand.stacks == [100, 100, 100] and hand.net == [0, 0, 0]


def test_misdeal_in_stud_the_bring_in_is_not_action():
    hand = State(seven_card_stud(), [50] * 4, button=3, seed=2)
    hand.bring_in()  # a forced bet: no player has acted yet
    assert hand.can_misdeal()
    hand.call()  # the first player to act after the bring-in
    assert hand.can_misdeal()
    hand.call()  # the second: the hand stands
    assert "have already acted" in hand.can_misdeal().reason
    hand = State(seven_card_stud(), [50] * 4, button=3, seed=2)
    hand.bring_in()
    hand.call()
    hand.misdeal("wrong-count")
    assert hand.stacks == [50] * 4 and hand.ended_by == "misdeal"


def test_misdeal_refused_before_any_card_and_after_the_hand():
    hand = State(no_limit_holdem(5, 10), [100] * 3, button=0, seed=1, automatic=False)
    hand.post()
    verdict = hand.can_misdeal()
    assert not verdict and "no card has been dealt" in verdict.reason
    hand.post()
    hand.deal()
    assert hand.can_misdeal()
    hand.fold()
    hand.fold()
    assert "the hand is over" in hand.can_misdeal().reason


def test_misdeal_cause_must_be_named():
    hand = State(no_limit_holdem(5, 10), [100] * 3, seed=1)
    verdict = hand.can_misdeal("spilled drink")
    assert not verdict and "exposed-card" in verdict.reason and "'spilled drink'" in verdict.reason
    with pytest.raises(IllegalActionError, match="cause"):
        hand.misdeal("spilled drink")
    assert hand.phase == "bet"


def test_misdeal_redealt_with_the_blinds_where_they_were():
    table = Session(no_limit_holdem(5, 10), [100, 100, 100], seed=4, button=1)
    hand = table.start_hand()
    blinds = [entry for entry in hand.history if entry[0] == "post"]
    hand.misdeal()
    table.finish_hand(hand)
    assert table.button == 1 and table.hands_played == 0 and table.misdeals == 1
    assert table.stacks == [100, 100, 100]
    again = table.start_hand()
    assert [entry for entry in again.history if entry[0] == "post"] == blinds
    assert again.hole != hand.hole  # a new shuffle
    table.finish_hand(play_random_hand(again, random.Random(0)))
    # The button (seat 1) busted in the counted hand: heads-up, the last big blind (seat 0) gets the button (5.1).
    assert table.stacks[1] == 0 and table.button == 0 and table.hands_played == 1


def test_misdeal_in_an_ante_game_keeps_the_carried_pot_and_the_antes_due():
    table = Session(five_card_draw(ante=1, small_bet=2), [20, 20, 20], seed=2, button=0)
    hand = table.start_hand()
    for _ in range(3):
        hand.check()  # nobody opens: the pot waits for the next deal
    table.finish_hand(hand)
    assert table.carried_pot == 3
    hand = table.start_hand()
    hand.misdeal("wrong-count")
    table.finish_hand(hand)
    assert table.carried_pot == 3 and table.stacks == [19, 19, 19] and table.button == 1
