"""Omaha (docs/rules.md 14): pot-limit Omaha high and hi/lo, fixed-limit Omaha hi/lo, 4 to 6 hole cards.

Stakes everywhere: blinds 1 and 2. Three players with the button on seat 2: seat 0 posts the small
blind, seat 1 the big blind, seat 2 acts first before the flop.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from game_helpers import check_down, omaha_deck

from pokerlab.errors import InputError
from pokerlab.evaluator.omaha import evaluate_omaha
from pokerlab.simulate.game import (
    LowHalf,
    State,
    fixed_limit_omaha_hilo,
    omaha,
    pot_limit_omaha,
    pot_limit_omaha_hilo,
)

PLO = pot_limit_omaha(1, 2)
PLO8 = pot_limit_omaha_hilo(1, 2)
FLO8 = fixed_limit_omaha_hilo(1, 2)


def _hand(variant, holes, board, button=2, stacks=None):
    stacks = stacks or [100] * len(holes)
    return State(variant, stacks, button=button, deck=omaha_deck(holes, board, button), seed=0)


def _limp_and_check_down(variant, holes, board):
    hand = _hand(variant, holes, board)
    check_down(hand)
    return hand


# ------------------------------------------------------------------ 14.1 the deal
@pytest.mark.parametrize("cards", [4, 5, 6])
def test_omaha_deals_four_five_or_six_hole_cards_and_a_holdem_board(cards):
    hand = State(omaha(hole_cards=cards), [100] * 3, seed=7)
    assert [len(h) for h in hand.hole] == [cards] * 3
    check_down(hand)
    assert len(hand.board) == 5


def test_omaha_table_size_follows_the_deck():
    # 52 cards less 8 for the board and burns: 10 players of four cards, 8 of five, 7 of six.
    assert [omaha(hole_cards=k).max_players for k in (4, 5, 6)] == [10, 8, 7]
    with pytest.raises(InputError, match="4, 5 or 6 hole cards"):
        omaha(hole_cards=3)


def test_omaha_has_holdem_blinds_and_order_of_play():
    hand = _hand(PLO, ["2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h"], "As Ks Qs Js Ts")
    assert hand.contributions == [1, 2, 0] and hand.actor == 2
    assert not hand.can_bring_in().ok and hand.can_bring_in().reason == "Pot-limit Omaha has no bring-in"


# ------------------------------------------------------------------ 14.2 exactly two hole cards and three board cards
def test_two_plus_three_rule_the_board_alone_never_plays():
    # A royal flush on the board: in hold'em every hand would play it and split. In Omaha seat 1's
    # 9-8 with Q-J-T (a straight) beats seat 0's and seat 2's ace-king-queen high.
    holes = ["2c 3d 4h 6c", "9c 9d 8h 7h", "2d 3h 4c 6d"]
    hand = _limp_and_check_down(PLO, holes, "As Ks Qs Js Ts")
    assert hand.net == [-2, 4, -2]
    assert hand.values[1] >> 12 == 4  # a straight, not the board's royal flush


def test_two_plus_three_rule_four_suited_hole_cards_and_one_on_board_make_no_flush():
    # Seat 0 holds four spades but the board has one: no flush, A-K high. Seat 1's trip deuces win.
    holes = ["As Ks Qs Js", "2c 2h 7d 8d", "Jc Qh 8c 7c"]
    hand = _limp_and_check_down(PLO, holes, "Ts 9h 2d 3h 5c")
    assert hand.values[0] >> 12 != 5 and hand.net[1] == 4


def test_two_plus_three_rule_one_hole_card_cannot_make_a_straight():
    # The board has 6-7-8-9: hold'em's single ten would make a straight; Omaha needs two hole cards (T-J).
    holes = ["Tc Kd Kh 2s", "Td Jh 3c 3d", "Ac Ah 4c 4d"]
    hand = _limp_and_check_down(PLO, holes, "6s 7h 8d 9c 2d")
    assert hand.values[0] >> 12 != 4 and hand.values[1] >> 12 == 4
    assert hand.net == [-2, 4, -2]


@pytest.mark.parametrize("cards", [4, 5, 6])
def test_showdown_value_is_the_omaha_evaluators(cards):
    hand = State(omaha(hole_cards=cards), [100] * 3, seed=11)
    check_down(hand)
    for seat in range(3):
        assert hand.values[seat] == evaluate_omaha(hand.hole[seat], hand.board)


# ------------------------------------------------------------------ 14.3 high-low eight or better
HILO_BOARD = "2c 5d 7h Kc Ks"  # three low cards: a low is possible


@pytest.mark.parametrize("variant", [PLO8, FLO8], ids=["pot-limit", "fixed-limit"])
def test_hilo_pot_split_between_best_high_and_best_qualifying_low(variant):
    # Seat 0: kings full is impossible (one king in hand): trip kings, no low. Seat 1: 7-5-3-2-A low.
    holes = ["Kh Qd Jc Tc", "Ac 3d 9s 9h", "8c 8d Qs Jh"]
    hand = _limp_and_check_down(variant, holes, HILO_BOARD)
    assert hand.net == [1, 1, -2]
    assert hand.pots[0].winners == (0, 1) and hand.pots[0].shares == (3, 3)


def test_hilo_one_hand_scoops_high_and_low():
    # Seat 1's A-3 with 2-4-5 is a wheel: the best high (a straight beats kings and queens) and the best low.
    holes = ["Qh Qd Jc Tc", "Ac 3d 9s 9h", "6c 7c Js Jh"]
    hand = _limp_and_check_down(PLO8, holes, "2c 4d 5h Kc Ks")
    assert hand.net == [-2, 4, -2]


def test_hilo_quartering_when_two_tie_for_the_low():
    # Seats 1 and 2 both make 7-5-3-2-A: each gets a quarter; seat 0's trip kings take the high half.
    holes = ["Kh Qd Jc Tc", "Ac 3d 9s 9h", "Ad 3c Qs Jh"]
    hand = _hand(PLO8, holes, HILO_BOARD)
    hand.bet_or_raise(4)
    check_down(hand)
    # Pot 12: 6 to the high, 3 and 3 to the tied lows.
    assert hand.net == [2, -1, -1]


def test_hilo_no_qualifying_low_high_scoops():
    # Only two board cards are eight or lower: nobody can make a low, whatever they hold (A-3 included).
    holes = ["Kh Qd Jc Tc", "Ac 3d 9s 9h", "8c 8d Qs Jh"]
    hand = _limp_and_check_down(PLO8, holes, "2c 5d Th Kc Ks")
    assert hand.net == [4, -2, -2]


def test_hilo_low_also_uses_exactly_two_hole_cards():
    # Four low cards on the board, but a low needs two low hole cards of different ranks, none pairing
    # the three board cards used: seat 1 holds one low card, seat 2 a pair of eights. No low: seat 0's
    # trip kings scoop.
    holes = ["Kh Kd Qc Jc", "8c 9h Ts Jd", "8d 8h 9s 9d"]
    hand = _limp_and_check_down(PLO8, holes, "Ac 2d 3h 4s Kc")
    assert hand.net == [4, -2, -2]


# ------------------------------------------------------------------ 14.4 betting
def test_pot_limit_sizes_before_the_flop_count_the_call():
    hand = _hand(PLO, ["2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h"], "As Ks Qs Js Ts")
    # Pot 3 plus the call of 2: a raise of 5, to 7.
    assert hand.bet_or_raise_range() == (4, 7)
    hand.bet_or_raise(7)
    # Seat 0: pot 10, call 6 (to 7): raise of 16, to 23.
    assert hand.bet_or_raise_range() == (12, 23)
    assert "between 12 and 23" in hand.can_bet_or_raise(24).reason


def test_pot_limit_sizes_after_the_flop_are_the_pot():
    hand = _hand(PLO, ["2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h"], "As Ks Qs Js Ts")
    hand.call()
    hand.call()
    hand.check()
    assert hand.board and hand.bet_or_raise_range() == (2, 6)


def test_fixed_limit_omaha_hilo_small_bets_then_big_bets():
    hand = _hand(FLO8, ["2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h"], "As Ks Qs Js Ts")
    assert hand.bet_or_raise_range() == (4, 4)
    hand.call()
    hand.call()
    hand.check()
    assert hand.bet_or_raise_range() == (2, 2)  # the flop: the small bet
    for _ in range(3):
        hand.check()
    assert hand.bet_or_raise_range() == (4, 4)  # the turn: the big bet


# ------------------------------------------------------------------ declarations
def test_omaha_declarations_are_refused_with_reasons():
    with pytest.raises(InputError, match="Omaha uses 2"):
        replace(PLO, hole_used=3)
    with pytest.raises(InputError, match="eight or better"):
        replace(PLO8, low=LowHalf(qualifier=7))
    with pytest.raises(InputError, match="4, 5 or 6 hole cards"):
        replace(PLO, ranking="ace-five")
