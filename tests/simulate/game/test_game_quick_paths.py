"""The actions' quick paths (the usual case proved legal by one comparison, a raise inside the range already
asked for) refuse exactly what the full checks refuse, with the same reasons, and leave the state unchanged."""

from __future__ import annotations

import random

import pytest

from pokerlab.simulate.game import IllegalActionError, State, no_limit_holdem, shipped_variants
from pokerlab.simulate.game.random_play import random_action


def _refused(hand: State, action, *args, **kwargs) -> str:
    before = hand.snapshot()
    with pytest.raises(IllegalActionError) as caught:
        action(*args, **kwargs)
    assert hand.snapshot() == before
    return str(caught.value)


def test_a_raise_outside_the_range_just_asked_for_is_refused_with_the_range():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, seed=1)
    assert hand.bet_or_raise_range() == (20, 1000)
    assert _refused(hand, hand.bet_or_raise, 19) == hand.can_bet_or_raise(19).reason
    assert "between 20 and 1000" in _refused(hand, hand.bet_or_raise, 1001)
    assert "whole numbers" in _refused(hand, hand.bet_or_raise, 25.0)
    assert "turn" in _refused(hand, hand.bet_or_raise, 30, seat=(hand.actor + 1) % 3)
    hand.bet_or_raise(30)
    assert hand.history[-1] == ("raise", 0, 30)


def test_fixed_limit_two_units_refuse_an_amount_between_them_after_the_range_was_asked():
    from pokerlab.simulate.game import seven_card_stud
    from pokerlab.simulate.game.cards import parse

    # Seats 0, 1, 2 (button 2): an open pair of deuces on fourth street lets seat 0 bet one unit or the other.
    deck = parse("Ac Qc Tc Kd Jd Td 2c 9s 8s 3d 2h Ks As")
    hand = State(seven_card_stud(ante=1, bring_in=1, small_bet=2, big_bet=4), [100] * 3, button=2, deck=deck, seed=0)
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.bet_or_raise_range() == (2, 4)
    assert _refused(hand, hand.bet_or_raise, 3) == "a fixed-limit bet or raise is to 2 or to 4 this round, not 3"


def test_fold_check_and_call_refuse_with_the_full_reasons():
    hand = State(no_limit_holdem(1, 2), [100] * 3, seed=4)
    assert _refused(hand, hand.check) == hand.can_check().reason  # a bet of 2 to the button
    assert _refused(hand, hand.fold, seat=2) == hand.can_fold(2).reason
    hand.call()
    hand.call()
    assert _refused(hand, hand.call) == "there is nothing to call; check or bet"  # the big blind's option
    strict = State(no_limit_holdem(1, 2).with_rules(fold_when_check_free=False), [100] * 3, seed=4)
    strict.call()
    strict.call()
    assert "fold_when_check_free" in _refused(strict, strict.fold)


@pytest.mark.parametrize("key", sorted(shipped_variants()))
def test_every_quick_path_agrees_with_the_queries_over_random_hands(key):
    # Before every betting move, each query answers; the move the policy picks must then be legal, and every
    # move the queries refuse must be refused by the action itself with the same reason.
    variant = shipped_variants()[key]
    rng = random.Random(7)
    for h in range(40):
        n = rng.randint(variant.min_players, min(variant.max_players, 6))
        hand = State(variant, [rng.randint(10, 120) for _ in range(n)], button=h % n, seed=h)
        while hand.phase != "done":
            if hand.phase == "bet":
                for name in ("fold", "check", "call"):
                    verdict = getattr(hand, f"can_{name}")()
                    if not verdict:
                        assert _refused(hand, getattr(hand, name)) == verdict.reason
                bounds = hand.bet_or_raise_range()
                if bounds is not None:
                    assert (
                        _refused(hand, hand.bet_or_raise, bounds[1] + 1) == hand.can_bet_or_raise(bounds[1] + 1).reason
                    )
            random_action(hand, rng)
