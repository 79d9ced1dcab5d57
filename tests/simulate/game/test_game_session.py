"""Sessions: first dealer by high card, button rotation, stacks carried, busts, re-buys, blind schedule."""

from __future__ import annotations

import random

import pytest
from game_helpers import holdem_deck

from pokerlab.simulate.game import five_card_draw, fixed_limit_holdem, no_limit_holdem
from pokerlab.simulate.game.random_play import play_random_hand
from pokerlab.simulate.game.session import BlindLevel, Session, SessionOver


def test_first_dealer_drawn_by_high_card():
    for seed in range(30):
        table = Session(no_limit_holdem(1, 2), [100] * 4, seed=seed)
        final = table.first_dealer_draw[-1]
        best = max(card >> 2 for _, card in final)
        assert [seat for seat, card in final if card >> 2 == best] == [table.button]
        assert "seat" in table.describe_first_draw()


def test_first_dealer_tied_high_cards_draw_again():
    redraws = 0
    for seed in range(200):
        table = Session(no_limit_holdem(1, 2), [100] * 6, seed=seed)
        for earlier, later in zip(table.first_dealer_draw, table.first_dealer_draw[1:]):
            best = max(card >> 2 for _, card in earlier)
            # Only the players tied on the top rank draw again; suits never break the tie.
            assert sorted(seat for seat, _ in later) == sorted(s for s, c in earlier if c >> 2 == best)
            redraws += 1
    assert redraws > 0


def test_button_rotates_one_seat_left_each_hand():
    table = Session(no_limit_holdem(1, 2), [100] * 3, seed=1, button=0)
    buttons = []
    for _ in range(4):
        hand = table.start_hand()
        buttons.append(table.seats_in_hand[hand.button])
        hand.fold()
        hand.fold()
        table.finish_hand(hand)
    assert buttons == [0, 1, 2, 0]


def test_stacks_carry_over_between_hands():
    table = Session(no_limit_holdem(5, 10), [100, 100, 100], seed=1, button=0)
    hand = table.start_hand()
    hand.raise_to(30)
    hand.fold()
    hand.fold()
    table.finish_hand(hand)
    assert table.stacks == [115, 95, 90]
    assert table.start_hand().starting_stacks == [115, 95, 90]


def test_busted_players_leave():
    table = Session(no_limit_holdem(5, 10), [10, 100, 100], seed=3, button=2)
    deck = holdem_deck(["7c2d", "8c3d", "AsAd"], "Kh Qd 9s 5c 4h", button=2)
    hand = table.start_hand(deck=deck)  # seat 0 posts the small blind, seat 1 the big blind
    hand.raise_to(100)  # seat 2 all-in
    hand.call()  # seat 0 all-in for 10
    hand.fold()
    table.finish_hand(hand)
    assert table.stacks == [0, 90, 120]
    nxt = table.start_hand()
    assert nxt.n == 2 and table.seats_in_hand == [1, 2] and table.button == 1


def test_busted_players_rebuy_when_allowed():
    table = Session(no_limit_holdem(5, 10), [10, 100], seed=3, button=0, rebuy=50)
    deck = holdem_deck(["7c2d", "AsAd"], "Kh Qd 9s 5c 4h", button=0)
    hand = table.start_hand(deck=deck)  # heads-up: seat 0 is the button and small blind
    hand.call()  # all-in for 10
    assert hand.phase == "done"  # nobody can act: the board runs out
    table.finish_hand(hand)
    assert table.stacks == [50, 110] and table.rebuys == [1, 0]
    assert table.start_hand().n == 2


def test_session_over_when_one_player_has_chips():
    table = Session(no_limit_holdem(5, 10), [10, 100], seed=3, button=0)
    deck = holdem_deck(["7c2d", "AsAd"], "Kh Qd 9s 5c 4h", button=0)
    hand = table.start_hand(deck=deck)
    hand.call()
    table.finish_hand(hand)
    assert table.stacks == [0, 110]
    with pytest.raises(SessionOver, match="only 1 player"):
        table.start_hand()
    assert table.play(5, lambda state: None) == 0


def test_blinds_rise_on_a_schedule():
    schedule = [BlindLevel(0, 1, 2), BlindLevel(2, 2, 4), BlindLevel(4, 5, 10)]
    table = Session(no_limit_holdem(1, 2), [1000] * 3, seed=1, schedule=schedule)
    seen = []
    for _ in range(5):
        hand = table.start_hand()
        seen.append(hand.variant.forced.big_blind)
        assert hand.variant.betting.small_bet == hand.variant.forced.big_blind
        while hand.phase != "done":
            hand.fold() if hand.can_call() else hand.check()
        table.finish_hand(hand)
    assert seen == [2, 2, 4, 4, 10]


def test_blind_schedule_scales_fixed_limit_bets():
    variant = fixed_limit_holdem(1, 2).with_forced(small_blind=2, big_blind=4)
    assert (variant.betting.small_bet, variant.betting.big_bet) == (4, 8)


def _check_around(table):
    hand = table.start_hand()
    while hand.phase == "bet":
        hand.check()
    table.finish_hand(hand)
    return hand


def test_check_around_pot_carries_with_fresh_ante_by_default():
    table = Session(five_card_draw(ante=1, small_bet=2), [20] * 3, seed=1, button=0)
    first = _check_around(table)
    assert first.ended_by == "check-around" and table.carried_pot == 3
    second = table.start_hand()
    assert second.pot_total == 6 and second.stacks == [18, 18, 18]


def test_check_around_without_fresh_ante_by_option():
    table = Session(
        five_card_draw(ante=1, small_bet=2), [20] * 3, seed=1, button=0, fresh_ante_after_check_around=False
    )
    _check_around(table)
    second = table.start_hand()
    assert second.pot_total == 3 and second.stacks == [19, 19, 19]
    assert table.button == 1  # the deal still passes left


def test_chips_conserved_over_a_long_session():
    rng = random.Random(5)
    table = Session(five_card_draw(ante=1, small_bet=2).with_rules(odd_chip="carry"), [30] * 5, seed=5, rebuy=30)
    for _ in range(200):
        table.finish_hand(play_random_hand(table.start_hand(), rng))
        assert sum(table.stacks) + table.carried_pot == 150 + 30 * sum(table.rebuys)
