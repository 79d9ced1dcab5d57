"""Texas hold'em rules from docs/rules.md section 5, one test per rule."""

from __future__ import annotations

import pytest
from game_helpers import holdem_deck

from pokerlab.simulate.game import (
    FIXED_LIMIT,
    HouseRules,
    IllegalActionError,
    State,
    fixed_limit_holdem,
    no_limit_holdem,
    pot_limit_holdem,
    texas_holdem,
)
from pokerlab.simulate.game.cards import parse


def test_blinds_posted_by_the_two_seats_left_of_the_button_and_action_starts_left_of_big_blind():
    hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000, 1000], button=1, seed=0)
    assert hand.bets == [0, 0, 5, 10]
    assert hand.actor == 0
    assert [h for h in hand.history if h[0] == "post"] == [("post", 2, "small blind", 5), ("post", 3, "big blind", 10)]


def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_afterwards():
    hand = State(no_limit_holdem(5, 10), [1000, 1000], button=1, seed=0)
    assert hand.bets == [10, 5]
    assert hand.actor == 1  # the button, small blind, acts first before the flop
    hand.call()
    hand.check()
    assert hand.street == 1
    assert hand.actor == 0  # the big blind acts first after the flop
    hand.check()
    assert hand.actor == 1  # the button acts last
    hand.check()
    assert hand.street == 2 and hand.actor == 0


def test_big_blind_option_to_check_or_raise_when_nobody_raised():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    hand.call()
    hand.call()
    assert hand.actor == 2 and hand.street == 0  # the big blind still acts
    assert hand.can_check() and hand.bet_or_raise_range() == (20, 1000)
    hand.check()
    assert hand.street == 1


def test_min_bet_is_one_big_blind():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    hand.call()
    hand.call()
    hand.check()
    assert hand.bet_or_raise_range() == (10, 990)
    with pytest.raises(IllegalActionError, match="between 10 and 990"):
        hand.bet(9)


def test_min_raise_equals_last_full_bet_or_raise():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    assert hand.bet_or_raise_range()[0] == 20  # big blind 10: first raise to at least 20
    hand.raise_to(35)  # a raise of 25
    assert hand.bet_or_raise_range()[0] == 60  # the next raise adds at least 25
    hand.raise_to(60)
    assert hand.bet_or_raise_range()[0] == 85


def _short_all_in_after_raise(variant, raise_to, short_stack):
    # Seat 0 raises, the small blind is all-in for a short raise, the big blind calls.
    hand = State(variant, [1000, short_stack, 1000], button=0, seed=0)
    hand.raise_to(raise_to)
    hand.raise_to(short_stack)  # all-in: a raise smaller than seat 0's
    assert hand.stacks[1] == 0
    assert hand.bet_or_raise_range() is not None  # the big blind has not acted: it may raise
    hand.call()
    return hand


@pytest.mark.parametrize(
    ("variant", "raise_to", "short_stack"),
    [(no_limit_holdem(5, 10), 100, 150), (pot_limit_holdem(5, 10), 35, 50)],
    ids=["no-limit", "pot-limit"],
)
def test_short_all_in_does_not_reopen_betting_no_limit_and_pot_limit(variant, raise_to, short_stack):
    hand = _short_all_in_after_raise(variant, raise_to, short_stack)
    assert hand.actor == 0
    assert hand.bet_or_raise_range() is None
    verdict = hand.can_bet_or_raise()
    assert not verdict and "do not reopen" in verdict.reason
    assert hand.can_call() and hand.can_fold()


def test_several_short_all_ins_adding_up_to_a_full_raise_reopen_betting():
    # Seat 3 raises to 100 (a raise of 90); seats 0 and 1 go all-in for 150 and 220 (raises of 50 and 70,
    # each short); together they add 120 to what seat 3 faced, more than a full raise of 90.
    hand = State(no_limit_holdem(5, 10), [150, 220, 1000, 1000], button=0, seed=0)
    assert hand.actor == 3
    hand.raise_to(100)
    hand.raise_to(150)
    hand.raise_to(220)
    hand.call()
    assert hand.actor == 3
    assert hand.bet_or_raise_range() == (310, 1000)  # reopened; the minimum adds the last full raise (90)


def test_fixed_limit_all_in_of_half_a_bet_or_more_reopens():
    hand = State(fixed_limit_holdem(5, 10), [1000, 27, 1000], button=0, seed=0)
    hand.raise_to(20)
    hand.raise_to(27)  # all-in: 7 more, at least half of the 10 bet
    hand.call()
    assert hand.actor == 0
    assert hand.bet_or_raise_range() == (37, 37)


def test_fixed_limit_all_in_under_half_a_bet_does_not_reopen_and_can_be_completed():
    hand = State(fixed_limit_holdem(5, 10), [1000, 24, 1000], button=0, seed=0)
    hand.raise_to(20)
    hand.raise_to(24)  # all-in: 4 more, under half a bet
    assert hand.bet_or_raise_range() == (30, 30)  # the big blind completes the raise
    hand.call()
    assert hand.actor == 0 and hand.bet_or_raise_range() is None


def test_fixed_limit_raise_cap_counts_the_big_blind_as_the_bet():
    hand = State(fixed_limit_holdem(1, 2), [100] * 4, button=0, seed=0)
    for to in (4, 6, 8):  # the blind is the bet, then three raises
        hand.raise_to(to)
    assert hand.bet_or_raise_range() is None
    assert "capped" in hand.can_bet_or_raise().reason
    hand.call()


def test_fixed_limit_raise_cap_option_blind_not_counted_allows_one_more_raise():
    variant = fixed_limit_holdem(1, 2)
    from dataclasses import replace

    variant = replace(variant, betting=replace(variant.betting, blind_counts_as_bet=False))
    hand = State(variant, [100] * 4, button=0, seed=0)
    for to in (4, 6, 8, 10):
        hand.raise_to(to)
    assert hand.bet_or_raise_range() is None


def test_fixed_limit_uses_big_bet_on_turn_and_river():
    hand = State(fixed_limit_holdem(1, 2), [100] * 2, button=0, seed=0)
    hand.call()
    hand.check()
    assert hand.bet_or_raise_range() == (2, 2)
    hand.check()
    hand.check()
    assert hand.street == 2 and hand.bet_or_raise_range() == (4, 4)


def test_pot_limit_maximum_is_pot_plus_bets_on_table_plus_call():
    hand = State(pot_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    assert hand.bet_or_raise_range() == (20, 35)  # 10 + (15 on the table + 10 to call)
    hand.raise_to(35)
    # Small blind: call 30 makes the pot 80, then raise 80: to 115.
    assert hand.bet_or_raise_range() == (60, 115)


def test_pot_limit_opening_bet_is_at_most_the_pot():
    hand = State(pot_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    hand.call()
    hand.call()
    hand.check()
    assert hand.bet_or_raise_range() == (10, 30)


def test_burns_before_flop_turn_and_river():
    holes = ["AsKs", "QdQc", "7h2c"]
    deck = holdem_deck(holes, "Ah Kh 3d 9c 5s", button=0)
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, deck=deck, seed=0)
    for _ in range(3):
        hand.call() if hand.can_call() else hand.check()
    while hand.phase == "bet":
        hand.check()
    assert hand.board == parse("Ah Kh 3d 9c 5s")
    burns = [card for owner, card in hand.dead_cards if owner == -1]
    assert burns == [deck[6], deck[10], deck[12]]
    assert hand.hole == [parse(h) for h in holes]


def test_uncalled_bet_returned():
    hand = State(no_limit_holdem(5, 10), [1000, 100, 1000], button=2, seed=0)
    # Seat 0 is the small blind, seat 1 the big blind (100 chips), seat 2 acts first.
    hand.fold()
    hand.raise_to(1000)  # seat 0 all-in for 1000
    hand.call()  # seat 1 calls all-in for 100
    assert ("return", 0, 900) in hand.history
    assert hand.contributions == [100, 100, 0]
    assert sum(hand.stacks) == 2100


def test_uncalled_bet_returned_when_everyone_folds():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    hand.raise_to(300)
    hand.fold()
    hand.fold()
    assert ("return", 0, 290) in hand.history
    assert hand.net == [15, -5, -10]
    assert hand.ended_by == "fold"


def test_side_pots_built_by_layers_seed_example_main_15_side_20():
    # The seed's example: a player with 5 chips is all-in and two opponents put in 15 each.
    holes = ["AsAd", "KsKd", "QsQd"]
    deck = holdem_deck(holes, "2c 7h 9d Jc 3s", button=0)
    hand = State(no_limit_holdem(2, 5), [5, 1000, 1000], button=0, deck=deck, seed=0)
    hand.call()  # seat 0: all-in for 5
    hand.raise_to(15)
    hand.call()
    while hand.phase == "bet":
        hand.check()
    assert [(p.amount, p.eligible) for p in hand.pots] == [(15, (0, 1, 2)), (20, (1, 2))]
    assert [(p.winners, p.shares) for p in hand.pots] == [((0,), (15,)), ((1,), (20,))]
    assert hand.net == [10, 5, -15]
    assert sum(hand.stacks) == 2005


def test_split_pot_with_side_pot():
    # The board plays for seats 1 and 2 (straight on board); seat 0 (all-in, short) has a flush.
    holes = ["AhKh", "2c3d", "2d3c"]
    deck = holdem_deck(holes, "4h 5h 6h 7d 8c", button=0)
    hand = State(no_limit_holdem(2, 5), [5, 1000, 1000], button=0, deck=deck, seed=0)
    hand.call()
    hand.raise_to(16)
    hand.call()
    while hand.phase == "bet":
        hand.check()
    main, side = hand.pots
    assert (main.amount, main.winners) == (15, (0,))
    # Side pot 22 split by seats 1 and 2, an even split.
    assert (side.amount, side.winners, side.shares) == (22, (1, 2), (11, 11))


def test_odd_chip_goes_to_first_winner_left_of_button():
    holes = ["2c3d", "4c5d", "2d3c"]
    deck = holdem_deck(holes, "As Ks Qs Js Ts", button=0)
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, deck=deck, seed=0)
    hand.call()  # seat 0
    hand.fold()  # seat 1, the small blind: 5 dead
    hand.check()
    while hand.phase == "bet":
        hand.check()
    (pot,) = hand.pots
    assert pot.amount == 25 and pot.winners == (2, 0)  # seat 2 is nearer the button's left
    assert pot.shares == (13, 12)


def test_folding_when_check_is_free_allowed_by_default():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    hand.call()
    hand.call()
    assert hand.can_fold()
    hand.fold()
    assert hand.folded[2]


def test_folding_when_check_is_free_refused_by_option():
    variant = no_limit_holdem(5, 10).with_rules(fold_when_check_free=False)
    hand = State(variant, [1000] * 3, button=0, seed=0)
    hand.call()
    hand.call()
    verdict = hand.can_fold()
    assert not verdict and "check for free" in verdict.reason
    with pytest.raises(IllegalActionError, match="fold_when_check_free"):
        hand.fold()


def test_all_in_players_hands_are_shown():
    holes = ["AsAd", "KsKd", "7c2d"]
    deck = holdem_deck(holes, "2c 7h 9d Jc 3s", button=0)
    hand = State(no_limit_holdem(5, 10), [50, 1000, 1000], button=0, deck=deck, seed=0, auto_showdown=False)
    hand.raise_to(50)  # all-in
    hand.call()
    hand.call()
    while hand.phase == "bet":
        hand.check()
    assert hand.phase == "showdown"
    assert hand.shown[0]  # turned up without being asked
    assert not hand.can_muck(seat=0)
    assert hand.actor in (1, 2)
    hand.muck()
    hand.muck()
    # Both mucked: the all-in player takes the main pot, the last to muck the (empty) side pot.
    assert hand.pots[0].winners == (0,)
    assert hand.net[0] == 100


def test_last_aggressor_shows_first():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0, auto_showdown=False)
    hand.call()
    hand.call()
    hand.check()
    for _ in range(2):
        for _ in range(3):
            hand.check()
    hand.check()
    hand.bet(10)  # seat 2 bets the river
    hand.call()
    hand.call()
    assert hand.phase == "showdown" and hand.actor == 2
    assert hand.showdown_order() == [2, 0, 1]


def test_nobody_bet_last_round_first_left_of_button_shows_first():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0, auto_showdown=False)
    hand.call()
    hand.call()
    hand.check()
    while hand.phase == "bet":
        hand.check()
    assert hand.actor == 1


def test_lone_remaining_player_wins_without_showing():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    hand.raise_to(30)
    hand.fold()
    hand.fold()
    assert not any(hand.shown)
    assert not any(event[0] == "show" for event in hand.history)


def test_short_big_blind_still_sets_the_full_bet_to_call():
    hand = State(no_limit_holdem(5, 10), [1000, 1000, 4], button=0, seed=0)
    assert hand.bets == [0, 5, 4] and hand.call_amount == 10


def test_spread_limit_bets_between_minimum_and_maximum():
    variant = texas_holdem("spread-limit", 1, 2, max_bet=5)
    hand = State(variant, [100] * 3, button=0, seed=0)
    assert hand.bet_or_raise_range() == (4, 7)  # raise of 2..5 on top of the big blind
    hand.raise_to(7)
    assert hand.bet_or_raise_range() == (12, 12)  # at least the previous raise (5), at most 5


def test_last_bet_limit_raise_at_most_the_last_bet_or_raise():
    hand = State(texas_holdem("last-bet-limit", 1, 2), [100] * 3, button=0, seed=0)
    hand.call()
    hand.call()
    hand.check()
    assert hand.bet_or_raise_range() == (2, 98)  # opening bet: minimum to stack (no table limit)
    hand.bet(6)
    assert hand.bet_or_raise_range() == (8, 12)  # raise from one minimum bet up to the last bet (6)


def test_fixed_limit_variant_structure():
    variant = texas_holdem(FIXED_LIMIT, 1, 2)
    assert (variant.betting.small_bet, variant.betting.big_bet, variant.betting.raise_cap) == (2, 4, 3)
    assert HouseRules().fold_when_check_free


def test_no_raise_when_nobody_could_put_in_more_than_the_current_bet():
    """A raise must be contestable: here the small blind is all-in and under the gun cannot even call."""
    state = State(no_limit_holdem(1, 2), [100, 6, 100, 3], button=0, seed=5)
    state.call()  # under the gun: 1 chip left behind
    state.fold()  # button
    state.call()  # small blind
    state.check()  # big blind
    state.bet(4)  # small blind, all-in on the flop
    assert state.actor == 2 and state.stacks[3] == 1 and state.stacks[1] == 0
    assert state.bet_or_raise_range() is None
    assert "nobody could call a raise" in state.can_bet_or_raise().reason
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="nobody could call a raise"):
        state.bet_or_raise(10)
    assert state.snapshot() == before
    state.call()  # what is left: call (or fold)
    assert state.phase == "done" or state.actor == 3
