"""A bet or raise has one legality check: ``can_bet_or_raise`` gives the reason ``bet_or_raise`` refuses with."""

from __future__ import annotations

import random

import pytest
from game_helpers import stud_deck

from pokerlab.simulate.game import IllegalActionError, State, fixed_limit_holdem, no_limit_holdem, seven_card_stud


def _refusal(hand: State, to, seat=None) -> str | None:
    """The reason ``bet_or_raise`` gives on a copy (None when it is made), the state checked unchanged."""
    before = hand.snapshot()
    trial = hand.copy()
    try:
        trial.bet_or_raise(to, seat)
    except IllegalActionError as exc:
        assert hand.snapshot() == before and trial.snapshot() == before
        return str(exc)
    return None


def _amounts(hand: State) -> list:
    bounds = hand.bet_or_raise_range()
    low, high = bounds if bounds else (1, 40)
    return [low - 1, low, (low + high) // 2, high, high + 1, 10.0, "20", True]


@pytest.mark.parametrize("ask_first", [False, True], ids=["cold", "after the range was asked"])
def test_the_query_and_the_operation_give_the_same_reason(ask_first):
    rng = random.Random(5)
    for variant in (no_limit_holdem(1, 2), fixed_limit_holdem(2, 4), seven_card_stud(ante=1, bring_in=1, small_bet=2)):
        for seed in range(30):
            hand = State(variant, [30, 60, 90], button=seed % 3, seed=seed)
            while hand.phase == "bet":
                for to in _amounts(hand):
                    for seat in (None, hand.actor, (hand.actor + 1) % 3):
                        if ask_first:
                            hand.bet_or_raise_range()
                        assert _refusal(hand, to, seat) == hand.can_bet_or_raise(to, seat).reason, (to, seat)
                legal = hand.legal_actions()
                move = legal[rng.randrange(len(legal))]
                if move == "bet_or_raise":
                    hand.bet_or_raise(hand.bet_or_raise_range()[0])
                else:
                    getattr(hand, move)()


def test_after_the_range_was_asked_an_amount_outside_it_is_refused_with_its_reason():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, seed=3)
    assert hand.bet_or_raise_range() == (20, 1000)
    with pytest.raises(IllegalActionError, match=r"you may raise to between 20 and 1000 .* not 19"):
        hand.bet_or_raise(19)
    with pytest.raises(IllegalActionError, match="it is seat 0's turn, not seat 1's"):
        hand.bet_or_raise(30, seat=1)
    with pytest.raises(IllegalActionError, match="bet amounts are whole numbers"):
        hand.bet_or_raise(30.0)


def test_stud_fourth_street_open_pair_refuses_an_amount_between_the_two_units_after_asking():
    # Seat 0 shows a pair of deuces on fourth street: the small or the big bet, nothing between.
    stud = seven_card_stud(ante=1, bring_in=1, small_bet=2, big_bet=4)
    hands = ["Ac Kd 2c 2h", "Qc Jd 9s Ks", "Tc Td 8s As"]
    hand = State(stud, [100] * 3, button=2, deck=stud_deck(hands, 2), seed=0)
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.bet_or_raise_range() == (2, 4)
    assert hand.can_bet_or_raise(3).reason == "a fixed-limit bet or raise is to 2 or to 4 this round, not 3"
    with pytest.raises(IllegalActionError, match="to 2 or to 4 this round, not 3"):
        hand.bet_or_raise(3)
    hand.bet_or_raise(4)
    assert hand.level == 4


def test_bet_or_raise_asks_the_one_check_even_when_the_range_was_asked(monkeypatch):
    # The operation has no shortcut of its own: what the check says, it does (here, a refusal by decree).
    hand = State(no_limit_holdem(5, 10), [1000] * 3, seed=3)
    hand.bet_or_raise_range()
    monkeypatch.setattr(State, "_why_not_bet_or_raise", lambda self, to, seat: "refused by the one check")
    assert hand.can_bet_or_raise(30).reason == "refused by the one check"
    with pytest.raises(IllegalActionError, match="refused by the one check"):
        hand.bet_or_raise(30)
