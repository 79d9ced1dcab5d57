"""``check_or_call`` (PHH's ``cc``): a call when chips are owed, else a check, with the refusal of the operation
it would be; a refused one leaves the state exactly as it was."""

from __future__ import annotations

import random

import pytest

from pokerlab.simulate.game import (
    IllegalActionError,
    Opening,
    State,
    five_card_draw,
    no_limit_holdem,
    seven_card_stud,
    shipped_variants,
)
from pokerlab.simulate.game.random_play import random_action


def _refused(hand: State, *args) -> str:
    before = hand.snapshot()
    with pytest.raises(IllegalActionError) as caught:
        hand.check_or_call(*args)
    assert hand.snapshot() == before
    return str(caught.value)


def test_it_calls_what_is_owed_and_checks_when_nothing_is():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=3)
    hand.check_or_call()  # the button calls 10
    hand.check_or_call()  # the small blind calls 5 more
    assert [e for e in hand.history if e.kind == "call"] == [("call", 0, 10), ("call", 1, 5)]
    assert hand.actor == 2 and hand.can_check_or_call()
    hand.check_or_call()  # the big blind's option
    assert hand.history[-2] == ("check", 2) and hand.street == 1


def test_a_short_stack_calls_all_in_for_what_it_has():
    hand = State(no_limit_holdem(5, 10), [1000, 1000, 40], button=0, seed=3)
    hand.raise_to(500)
    hand.fold()
    hand.check_or_call()
    assert hand.history[[e.kind for e in hand.history].index("call")] == ("call", 2, 30)
    assert hand.contributions[2] == 40  # all of its stack


def test_every_decision_of_random_hands_matches_check_or_call_by_what_is_owed():
    rng = random.Random(7)
    compared = 0
    for name, variant in shipped_variants().items():
        for seed in range(25):
            hand = State(variant, [rng.choice([20, 60, 300])] * rng.randint(2, 4), seed=seed)
            while hand.phase != "done":
                if hand.phase == "bet":
                    owed = hand.level > hand.bets[hand.actor]
                    plain = hand.can_call() if owed else hand.can_check()
                    verdict = hand.can_check_or_call()
                    assert verdict.reason == plain.reason, (name, seed, hand.history)
                    if verdict:
                        one, other = hand.copy(), hand.copy()
                        one.check_or_call()
                        (other.call if owed else other.check)()
                        assert one.snapshot() == other.snapshot(), (name, seed)
                        compared += 1
                    else:
                        assert _refused(hand) == plain.reason
                random_action(hand, rng)
    assert compared > 1000


def test_bet_or_drop_refuses_it_before_the_pot_is_opened():
    hand = State(five_card_draw(opening=Opening(bet_or_drop=True)), [20, 20], seed=1)
    reason = _refused(hand)
    assert reason == hand.can_check_or_call().reason == hand.can_check().reason
    assert reason.startswith("bet or drop")
    hand.bet(2)
    hand.check_or_call()
    assert [e.kind for e in hand.history if e.kind in ("bet", "call")] == ["bet", "call"] and hand.phase == "draw"


def test_a_due_bring_in_comes_first():
    hand = State(seven_card_stud(ante=1, bring_in=1, small_bet=2, big_bet=4), [100] * 3, seed=0)
    assert _refused(hand) == hand.can_call().reason == hand.can_check_or_call().reason
    assert "bring-in" in hand.can_check_or_call().reason


def test_outside_a_betting_round_or_out_of_turn_it_is_refused_with_its_name():
    hand = State(five_card_draw(), [20, 20], seed=1)
    hand.bet(2)
    hand.check_or_call()
    assert hand.phase == "draw"
    assert _refused(hand) == "cannot check or call now: the hand is in the draw phase"
    holdem = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=3)
    assert _refused(holdem, 1) == "it is seat 0's turn, not seat 1's"
    assert _refused(holdem, 7).startswith("seat must be a seat number 0..2")
    holdem.check_or_call(0)
    assert holdem.actor == 1
