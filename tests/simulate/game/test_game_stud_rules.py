"""The stud family (docs/rules.md 13): seven-card stud, stud high-low eight or better, razz.

Stakes everywhere: ante 1, bring-in 1, small bet 2, big bet 4, unless a test says otherwise.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from game_helpers import check_down, stud_deck

from pokerlab.errors import InputError
from pokerlab.simulate.game import (
    NO_LIMIT,
    ForcedBets,
    IllegalActionError,
    State,
    make_betting,
    no_limit_holdem,
    razz,
    seven_card_stud,
    seven_card_stud_hilo,
)
from pokerlab.simulate.game.cards import parse
from pokerlab.simulate.game.stud import showing_key, up_cards

STUD = seven_card_stud(ante=1, bring_in=1, small_bet=2, big_bet=4)
HILO = seven_card_stud_hilo(ante=1, bring_in=1, small_bet=2, big_bet=4)
RAZZ = razz(ante=1, bring_in=1, small_bet=2, big_bet=4)


def _hand(variant, hands, button=2, stacks=None):
    stacks = stacks or [100] * len(hands)
    return State(variant, stacks, button=button, deck=stud_deck(hands, button), seed=0)


# ------------------------------------------------------------------ 13.1 the deal
def test_stud_deals_two_down_one_up_then_three_up_and_one_down():
    hand = _hand(STUD, ["Ac Kd 2c 5h 6h 7h 8d", "Qc Jd 9s 5c 6c 7c 9d", "Tc Td 8s 5d 6d 7d Th"])
    assert [len(h) for h in hand.hole] == [3, 3, 3]
    assert [up_cards(hand, s) for s in range(3)] == [parse("2c"), parse("9s"), parse("8s")]
    hand.bring_in()
    check_down(hand)  # the two calls of the bring-in, then checks
    assert hand.phase == "done" and [len(h) for h in hand.hole] == [7, 7, 7]
    assert up_cards(hand, 0) == parse("2c 5h 6h 7h")  # the seventh card is dealt face down
    assert hand.board == []


# ------------------------------------------------------------------ 13.2 antes and the bring-in
def test_stud_antes_from_every_player_before_the_deal():
    hand = _hand(STUD, ["Ac Kd 2c", "Qc Jd 9s", "Tc Td 8s"])
    assert [e for e in hand.history if e[0] == "post"] == [("post", s, "ante", 1) for s in (0, 1, 2)]
    assert hand.pot_total == 3 and hand.stacks == [99, 99, 99]


def test_lowest_door_card_brings_in_suit_breaking_ties():
    # Two deuces showing: the deuce of clubs is the lower card (clubs, diamonds, hearts, spades).
    hand = _hand(STUD, ["Ac Kd 2s", "Qc Jd 9s", "Tc Td 2c"])
    assert hand.actor == 2
    assert hand.legal_actions() == ["bring_in", "bet_or_raise"]


def test_razz_highest_door_card_brings_in_suit_breaking_ties():
    # In razz the king is the worst card (the ace is low) and the king of spades the worst king.
    hand = _hand(RAZZ, ["Ac 2d Kc", "3c 4d Ks", "5c 6d Ah"])
    assert hand.actor == 1


def test_bring_in_player_may_not_fold_check_or_call():
    hand = _hand(STUD, ["Ac Kd 2c", "Qc Jd 9s", "Tc Td 8s"])
    before = hand.snapshot()
    for query in (hand.can_fold, hand.can_check, hand.can_call):
        assert query().reason == "you bring in: post the bring-in of 1 or complete to 2"
    with pytest.raises(IllegalActionError, match="post the bring-in"):
        hand.fold()
    assert hand.snapshot() == before


def test_bring_in_is_a_live_bet_the_next_players_call_or_complete():
    hand = _hand(STUD, ["Ac Kd 2c", "Qc Jd 9s", "Tc Td 8s"])
    hand.bring_in()
    assert hand.history[-1] == ("bring-in", 0, 1)
    assert hand.actor == 1 and hand.call_amount == 1 and hand.bet_or_raise_range() == (2, 2)
    hand.call()
    hand.call()
    # Everyone called the bring-in: no option for the bring-in, fourth street is dealt.
    assert hand.street == 1 and hand.pot_total == 6


def test_bring_in_may_complete_to_the_small_bet():
    hand = _hand(STUD, ["Ac Kd 2c", "Qc Jd 9s", "Tc Td 8s"])
    assert hand.can_bet_or_raise(2).ok and not hand.can_bet_or_raise(1).ok
    hand.bet_or_raise(2)
    assert hand.level == 2 and hand.actor == 1 and hand.bet_or_raise_range() == (4, 4)
    assert hand.can_bring_in().reason == "the bring-in has already been posted (or completed); fold, call or raise"


def test_completion_counts_as_the_bet_for_the_raise_cap():
    hand = _hand(STUD, ["Ac Kd 2c", "Qc Jd 9s", "Tc Td 8s"])
    hand.bring_in()
    hand.bet_or_raise(2)  # seat 1 completes
    hand.bet_or_raise(4)
    hand.bet_or_raise(6)
    hand.bet_or_raise(8)  # a completion and three raises
    assert hand.bet_or_raise_range() is None
    assert "capped" in hand.can_bet_or_raise().reason


def test_can_bring_in_answers_with_reasons():
    holdem = State(no_limit_holdem(), [100, 100], seed=0)
    assert holdem.can_bring_in().reason == "No-limit Texas hold'em has no bring-in"
    hand = _hand(STUD, ["Ac Kd 2c 5h", "Qc Jd 9s 5c", "Tc Td 8s 5d"])
    assert hand.can_bring_in(seat=1).reason == "it is seat 0's turn, not seat 1's"
    assert "seat number" in hand.can_bring_in(seat=7).reason
    hand.bring_in()
    assert "already been posted" in hand.can_bring_in().reason
    hand.call()
    hand.call()
    assert hand.can_bring_in().reason == "the bring-in is posted on third street only"
    with pytest.raises(IllegalActionError, match="third street only"):
        hand.bring_in()


def test_a_player_all_in_on_the_ante_does_not_bring_in():
    # Seat 0 has the lowest door card but only its ante: the next lowest door card (seat 2's 8s) brings in.
    hand = _hand(STUD, ["Ac Kd 2c", "Qc Jd 9s", "Tc Td 8s"], stacks=[1, 100, 100])
    assert hand.stacks[0] == 0 and hand.actor == 2 and hand.can_bring_in().ok


def test_short_stack_brings_in_all_in():
    hand = _hand(STUD, ["Ac Kd 2c", "Qc Jd 9s", "Tc Td 8s"], stacks=[2, 100, 100])
    hand.bring_in()  # one chip left after the ante
    assert hand.stacks[0] == 0 and hand.history[-1] == ("bring-in", 0, 1)


# ------------------------------------------------------------------ 13.3 who acts first after third street
def test_best_showing_hand_acts_first_after_third_street():
    hand = _hand(STUD, ["Ac Kd 2c 2h", "Qc Jd 9s Ks", "Tc Td 8s As"])
    hand.bring_in()
    hand.call()
    hand.call()
    # Fourth street: 2-2 (a pair) beats A-8 and K-9.
    assert hand.street == 1 and hand.actor == 0
    assert hand.can_check().ok


def test_razz_lowest_showing_hand_acts_first():
    hand = _hand(RAZZ, ["Kc Kd 7c 2h", "Qc Jd 5s 4s", "Tc Td 8s As"])
    assert hand.actor == 2  # the 8 is the razz bring-in
    hand.bring_in()
    hand.call()
    hand.call()
    # 5-4 is a better low than 7-2 and A-8 (the highest card is compared first).
    assert hand.actor == 1


def test_showing_tie_goes_to_the_seat_nearest_the_dealers_left():
    # Button 0: seat 1 is nearest the dealer's left, then seat 2; both show A-K.
    hand = _hand(STUD, ["2c 3d 4c 5h", "Qc Jd Ah Ks", "Tc Td As Kh"], button=0)
    assert hand.actor == 0
    hand.bring_in()
    hand.call()
    hand.call()
    assert showing_key(up_cards(hand, 1), "high") == showing_key(up_cards(hand, 2), "high")
    assert hand.actor == 1


def test_best_showing_hand_all_in_passes_the_first_action_clockwise():
    hand = _hand(STUD, ["Ac Kd 2c 2h", "Qc Jd 9s Ks", "Tc Td 8s As"], stacks=[3, 100, 100])
    hand.bring_in()
    hand.bet_or_raise(2)  # seat 1 completes
    hand.call()
    hand.call()  # seat 0 calls all-in
    assert hand.stacks[0] == 0 and hand.street == 1
    assert hand.actor == 1  # seat 0 shows the pair but cannot act


# ------------------------------------------------------------------ 13.4 bet sizes
def test_small_bets_on_third_and_fourth_street_big_bets_on_fifth_to_seventh():
    hand = _hand(HILO, ["Ac Kd 2c 5h 6h 7h 8d", "Qc Jd 9s 5c 6c 7c 9d"], button=1)
    hand.bring_in()
    hand.call()
    sizes = []
    while hand.phase == "bet":
        sizes.append(hand.bet_or_raise_range())
        hand.bet_or_raise(hand.bet_or_raise_range()[0])
        hand.call()
    assert sizes == [(2, 2), (4, 4), (4, 4), (4, 4)]


def test_open_pair_on_fourth_street_allows_the_big_bet_in_stud_high():
    hand = _hand(STUD, ["Ac Kd 2c 2h", "Qc Jd 9s Ks", "Tc Td 8s As"])
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.bet_or_raise_range() == (2, 4)
    assert hand.can_bet_or_raise(4).ok
    assert hand.can_bet_or_raise(3).reason == "a fixed-limit bet or raise is to 2 or to 4 this round, not 3"
    hand.bet_or_raise(2)
    assert hand.bet_or_raise_range() == (4, 6)  # a small bet can be raised by a small or a big bet
    hand.bet_or_raise(6)
    # Once the big bet is in, every raise is a big bet.
    assert hand.bet_or_raise_range() == (10, 10)


def test_open_pair_option_holds_for_every_player_not_only_the_pair():
    hand = _hand(STUD, ["Ac Kd 2c 2h", "Qc Jd 9s Ks", "Tc Td 8s As"])
    hand.bring_in()
    hand.call()
    hand.call()
    hand.check()  # the pair checks
    assert hand.actor == 1 and hand.bet_or_raise_range() == (2, 4)


def test_no_open_pair_no_big_bet_on_fourth_street():
    hand = _hand(STUD, ["Ac Kd 2c 3h", "Qc Jd 9s Ks", "Tc Td 8s As"])
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.bet_or_raise_range() == (2, 2)


def test_without_the_open_pair_rule_fourth_street_is_bet_at_the_small_bet_only():
    deck = parse("Ac Qc Tc Kd Jd Td 2c 9s 8s 3d 2h Ks As")  # seat 0 pairs its deuces on fourth street
    variant = seven_card_stud(ante=1, bring_in=1, small_bet=2, big_bet=4, open_pair=False)  # the house option
    hand = State(variant, [100] * 3, button=2, deck=deck, seed=0)
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.street == 1 and hand.bet_or_raise_range() == (2, 2)
    assert "exactly 2" in hand.can_bet_or_raise(4).reason


@pytest.mark.parametrize("variant", [HILO, RAZZ], ids=["stud-hilo", "razz"])
def test_open_pair_gives_no_big_bet_in_hilo_and_razz(variant):
    hand = _hand(variant, ["Ac Kd Qc Qh", "Qs Jd 9s Ks", "Tc Td 8s As"])
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.bet_or_raise_range() == (2, 2)


# ------------------------------------------------------------------ 13.5 players and the short deck
def test_stud_takes_two_to_eight_players():
    assert State(STUD, [50] * 8, seed=1).n == 8
    with pytest.raises(InputError, match="2 to 8 players, got 9"):
        State(STUD, [50] * 9, seed=1)


def test_deck_running_out_deals_one_community_card_on_seventh_street():
    hand = State(STUD, [100] * 8, seed=5)
    hand.bring_in()
    check_down(hand)
    assert hand.phase == "done" and hand.ended_by == "showdown"
    assert [len(h) for h in hand.hole] == [6] * 8
    assert len(hand.board) == 1 and ("board", tuple(hand.board)) in hand.history
    seen = [c for h in hand.hole for c in h] + hand.board + [c for _, c in hand.dead_cards]
    assert len(set(seen)) == len(seen) == 52  # the last card is the community card, not a burn


def test_seven_players_get_their_own_seventh_card_without_a_burn():
    hand = State(STUD, [100] * 7, seed=5)
    hand.bring_in()
    check_down(hand)
    assert [len(h) for h in hand.hole] == [7] * 7 and hand.board == []
    assert len(hand.dead_cards) == 3  # 49 cards dealt: the seventh-street burn would leave one player short


# ------------------------------------------------------------------ 13.6 showdown
def test_nobody_bet_seventh_street_the_best_showing_hand_shows_first():
    # Seat 2 shows A-A-K-Q on board and acts first on seventh street; everyone checks.
    hands = ["2c 3d 4c 5h 9h Jd 7s", "Qc Jc 9s 8d 6d 5s 3h", "Tc Td As Ah Kh Qd 2s"]
    hand = State(STUD, [100] * 3, button=0, deck=stud_deck(hands, 0), seed=0, auto_showdown=False)
    hand.bring_in()
    check_down(hand)
    assert hand.phase == "showdown" and hand.showdown_order() == [2, 0, 1]
    bettor = _hand(STUD, hands, button=0)
    bettor.bring_in()
    while bettor.street < 4:
        __check_down_one(bettor)
    bettor.check()
    bettor.bet_or_raise(4)  # seat 0 bets seventh street: the last aggressor shows first
    bettor.call()
    bettor.call()
    assert [e[1] for e in bettor.history if e[0] == "show"][0] == 0


def __check_down_one(hand):
    if "check" in hand.legal_actions():
        hand.check()
    else:
        hand.call()


def test_stud_hand_is_the_best_five_of_seven():
    # Seat 0: a flush in hearts (from 2h 5h 6h 7h 9h); seat 1: a straight 5-6-7-8-9.
    hand = _hand(STUD, ["Ac 9h 2h 5h 6h 7h Kd", "8c Jd 9s 5c 6c 7c 3d"], button=1)
    hand.bring_in()
    hand.call()
    check_down(hand)
    assert hand.net == [2, -2]


def test_razz_best_ace_to_five_low_of_seven():
    # Seat 0: 7-5-4-2-A (pairs ignored); seat 1: 8-5-4-3-2, a worse low despite holding a wheel-free draw.
    hand = _hand(RAZZ, ["Ac Ad 2c 4h 5h 7h Kd", "8c 3d Ks 5c 4c 2d Kh"], button=1)
    assert hand.actor == 1  # the king brings in
    hand.bring_in()
    hand.call()
    check_down(hand)
    assert hand.net == [2, -2]


def test_hilo_pot_split_between_best_high_and_best_qualifying_low():
    # Seat 0: a pair of kings, no low; seat 1: 8-6-5-3-2 low; seat 2: queen high, no low (9-high at best).
    hands = ["Kc Kd 9c Th Jh Qd 4s", "2c 3d 5s 6c 8h Jc Qc", "Qs Js 9h Tc 7d 4h As"]
    hand = _hand(HILO, hands, button=2)
    hand.bring_in()
    check_down(hand)  # the two calls of the bring-in, then checks
    # Pot 6: 3 to the high, 3 to the low.
    assert hand.net == [1, 1, -2]
    assert hand.pots[0].winners == (0, 1) and hand.pots[0].shares == (3, 3)


def test_hilo_no_qualifying_low_high_scoops():
    hands = ["Kc Kd 9c Th Jh Qd 4s", "2c 3d 9s Tc 9h Jc Qc", "Qs Js 9d 6c 7d 4h As"]
    hand = _hand(HILO, hands, button=2)
    hand.bring_in()
    check_down(hand)  # the two calls of the bring-in, then checks
    assert hand.net == [4, -2, -2]


def test_hilo_one_hand_can_scoop_high_and_low():
    # Seat 1's wheel is both the best high (a straight) and the best low.
    hands = ["Kc Kd 9c Th 2h Qd 8s", "Ac 2d 3s 4c 5h Jc Qc", "Qs Js 9d 6c 7d 4h As"]
    hand = _hand(HILO, hands, button=2)
    hand.bring_in()
    check_down(hand)  # the two calls of the bring-in, then checks
    assert hand.net == [-2, 4, -2]


def test_hilo_quartering_when_two_tie_for_the_low():
    # Seats 1 and 2 both make 7-5-4-3-A: each wins a quarter; seat 0's straight takes the high half.
    hands = ["Kc Kd Ks Th Jh Qd 9s", "Ac 3d 4s 5c 7h Jc Qc", "Ad 3c 4h 5d 7c Qh Js"]
    hand = _hand(HILO, hands, button=2)
    hand.bring_in()
    hand.call()
    hand.call()
    hand.bet_or_raise(2)  # fourth street: the best showing hand bets the small bet
    hand.call()
    hand.call()
    check_down(hand)
    # Pot 12: 6 to the high, 3 and 3 to the tied lows.
    assert hand.net == [2, -1, -1]


def test_hilo_splits_each_pot_on_its_own_side_pots_included():
    # Seat 0 (all-in on third street) has the only low; seat 1's queens win both high halves and scoop the side pot.
    hands = ["Ac 3d 4c 5h 7d Kh Ks", "Qc Qd Qs Jh 9c 8d 6h", "Tc 9d 2c Jc 3h 6c 4s"]
    hand = _hand(HILO, hands, button=2, stacks=[3, 100, 100])
    hand.bring_in()  # seat 2's 2c
    hand.bet_or_raise(2)  # seat 0 completes, all-in
    hand.call()
    hand.call()
    hand.check()
    hand.check()
    hand.bet_or_raise(4)  # fifth street: seat 1 (Q-J-9 showing) bets
    hand.call()
    check_down(hand)
    main, side = hand.pots
    assert (main.amount, main.winners, main.shares) == (9, (1, 0), (5, 4))  # the odd chip to the high half
    assert (side.amount, side.winners, side.shares) == (8, (1,), (8,))  # no low between seats 1 and 2
    assert hand.net == [1, 6, -7]


def test_hilo_odd_chip_goes_to_the_high_half():
    hands = ["Kc Kd 2s Th Jh Qd 4s", "2c 3d 5s 6c 8h Jc Qc", "Qs Js 9h"]
    hand = _hand(HILO, hands, button=2)
    hand.bring_in()  # seat 0
    hand.call()
    hand.fold()
    check_down(hand)
    # Pot 5 (three antes, the bring-in, a call): 3 to the high, 2 to the low.
    assert hand.net == [1, 0, -1]


@pytest.mark.parametrize(
    "rules, hands",
    [
        # Two nine-high straights tie; seat 0 is nearest the dealer's left, but seat 1 holds the highest card (9s).
        (STUD, ["5c 6d 2d 8s 9c 7h 3h", "5d 6c 7s 8h 9s 2c 3c", "Ks Kd Qh"]),
        # Two 8-6-4-3-2 lows tie; seat 1 holds the lowest card (2c against seat 0's 2d).
        (RAZZ, ["8c 6d Kc 3s 2d 4h Kd", "8d 6c Qs 3h 2c 4s Qh", "Ac 2s 5h"]),
    ],
    ids=["stud-highest-card", "razz-lowest-card"],
)
def test_odd_chip_goes_to_the_best_card_by_suit(rules, hands):
    hand = _hand(rules, hands, button=2)
    hand.bring_in()  # seat 0: stud's lowest door card (2d), razz's highest (the king)
    hand.call()
    hand.fold()
    check_down(hand)
    # Pot 5 (three antes, the bring-in, a call): 3 to seat 1 (the best card by suit), 2 to seat 0.
    assert hand.payouts == [2, 3, 0] and hand.net == [0, 1, -1]


def test_hilo_odd_chips_of_tied_halves_go_to_the_highest_and_the_lowest_card():
    # Both wheels: a tie for the high (a five-high straight) and for the low (5-4-3-2-A). The pot of 10 splits
    # 5 and 5; the high half's odd chip goes to seat 0 (the As, the highest card), the low half's to seat 1
    # (the Ac, the lowest card: the ace is low and clubs the lowest suit).
    hands = ["As 2d 3h 4c 5s Kd Qc", "Ac 2c 3d 4s 5h Kh Qd", "Kc Ks Qs Jh"]
    hand = _hand(HILO, hands, button=2)
    while hand.phase == "bet":
        seat = hand.actor
        if hand.street == 1 and seat == 0 and hand.level == 0:
            hand.bet_or_raise(2)
        elif hand.street == 1 and seat == 2 and hand.level > 0:
            hand.fold()
        elif "bring_in" in hand.legal_actions():
            hand.bring_in()
        else:
            __check_down_one(hand)
    assert hand.ended_by == "showdown" and sum(hand.payouts) == 10
    assert hand.payouts == [5, 5, 0]  # by seat from the dealer's left, seat 0 would have taken both odd chips


# ------------------------------------------------------------------ declarations
def test_stud_declarations_are_refused_with_reasons():
    with pytest.raises(InputError, match="bring-in must be positive"):
        replace(STUD, forced=ForcedBets(ante=1))
    with pytest.raises(InputError, match="at most the small bet"):
        replace(STUD, forced=ForcedBets(ante=1, bring_in=3))
    with pytest.raises(InputError, match="fixed limit"):
        replace(STUD, betting=make_betting(NO_LIMIT, 2))
    with pytest.raises(InputError, match="no blinds"):
        replace(STUD, forced=ForcedBets(small_blind=1, big_blind=2, bring_in=1))
    with pytest.raises(InputError, match="'high' or 'ace-five'"):
        replace(STUD, showing="deuce-seven")
    with pytest.raises(InputError, match="door card"):
        replace(STUD, streets=(replace(STUD.streets[0], up=0), *STUD.streets[1:]))
    with pytest.raises(InputError, match="whole numbers of chips"):
        ForcedBets(ante=1, bring_in=-1)
