"""Betting options of docs/rules.md section 6, one test per rule: the spread's maximum, one raise cap
for every structure, the cap heads-up, and bet-or-drop in the second round."""

from __future__ import annotations

import pytest

from pokerlab.errors import InputError
from pokerlab.simulate.game import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    SPREAD_LIMIT,
    Betting,
    IllegalActionError,
    Opening,
    State,
    ace_to_five_draw,
    deuce_to_seven_single_draw,
    five_card_draw,
    make_betting,
    texas_holdem,
)


def test_spread_limit_without_a_maximum_is_refused():
    with pytest.raises(InputError, match="spread limit needs a maximum bet"):
        texas_holdem(SPREAD_LIMIT, 1, 2)
    with pytest.raises(InputError, match="spread limit needs a maximum bet"):
        five_card_draw(kind=SPREAD_LIMIT)
    with pytest.raises(InputError, match="spread limit needs a maximum bet"):
        Betting(SPREAD_LIMIT, 2)
    with pytest.raises(InputError, match="below the minimum bet"):
        texas_holdem(SPREAD_LIMIT, 1, 2, max_bet=1)


def test_spread_limit_every_factory_takes_the_maximum():
    games = [
        texas_holdem(SPREAD_LIMIT, 1, 2, max_bet=10),
        five_card_draw(kind=SPREAD_LIMIT, max_bet=10),
        deuce_to_seven_single_draw(kind=SPREAD_LIMIT, max_bet=10),
        ace_to_five_draw(kind=SPREAD_LIMIT, max_bet=10),
    ]
    assert [game.betting.max_bet for game in games] == [10] * 4


def test_spread_limit_maximum_bounds_every_bet_and_raise():
    hand = State(texas_holdem(SPREAD_LIMIT, 1, 2, max_bet=10), [1000] * 3, button=0, seed=0)
    assert hand.bet_or_raise_range() == (4, 12)  # raise by 2..10 over the big blind
    with pytest.raises(IllegalActionError, match="between 4 and 12"):
        hand.raise_to(13)
    hand.raise_to(12)
    assert hand.bet_or_raise_range() == (22, 22)  # at least the last raise (10), at most 10
    hand.call()
    hand.call()
    assert hand.street == 1 and hand.bet_or_raise_range() == (2, 10)  # the opening bet of the flop
    hand.bet(10)
    assert hand.bet_or_raise_range() == (20, 20)


def test_spread_limit_maximum_bounds_the_draw_games_too():
    hand = State(five_card_draw(ante=1, small_bet=2, kind=SPREAD_LIMIT, max_bet=6), [100] * 3, seed=0)
    assert hand.bet_or_raise_range() == (2, 6)
    hand.bet(3)
    assert hand.bet_or_raise_range() == (6, 9)  # raise by 3 (the last bet) to 6


def test_spread_limit_maximum_grows_with_the_blinds():
    variant = texas_holdem(SPREAD_LIMIT, 1, 2, max_bet=10).with_forced(small_blind=2, big_blind=4)
    assert (variant.betting.small_bet, variant.betting.max_bet) == (4, 20)


def test_raise_cap_default_three_in_fixed_limit_only():
    assert make_betting(FIXED_LIMIT, 2).raise_cap == 3
    for kind in (NO_LIMIT, POT_LIMIT):
        assert make_betting(kind, 2).raise_cap is None
    assert make_betting(SPREAD_LIMIT, 2, max_bet=10).raise_cap is None


@pytest.mark.parametrize(
    ("variant", "raises"),
    [
        (five_card_draw(ante=1, small_bet=2, raise_cap=2), (4, 6)),
        (five_card_draw(ante=1, small_bet=2, kind=NO_LIMIT, raise_cap=2), (4, 6)),
        (five_card_draw(ante=1, small_bet=2, kind=POT_LIMIT, raise_cap=2), (4, 6)),
        (five_card_draw(ante=1, small_bet=2, kind=SPREAD_LIMIT, max_bet=2, raise_cap=2), (4, 6)),
    ],
    ids=["fixed", "no-limit", "pot-limit", "spread"],
)
def test_raise_cap_works_the_same_in_every_structure(variant, raises):
    hand = State(variant, [100] * 4, button=0, seed=0)
    hand.bet(2)
    for to in raises:
        hand.raise_to(to)
    verdict = hand.can_bet_or_raise()
    assert not verdict and "a bet and 2 raises" in verdict.reason
    hand.call()


def test_raise_cap_none_lifts_the_fixed_limit_cap():
    hand = State(five_card_draw(ante=1, small_bet=2, raise_cap=None), [100] * 3, button=0, seed=0)
    hand.bet(2)
    for to in (4, 6, 8, 10, 12):
        hand.raise_to(to)
    assert hand.bet_or_raise_range() == (14, 14)


def test_raise_cap_refuses_a_malformed_cap():
    with pytest.raises(InputError, match="raise_cap"):
        Betting(FIXED_LIMIT, 2, raise_cap=-1)
    with pytest.raises(InputError, match="raise_cap"):
        Betting(FIXED_LIMIT, 2, raise_cap="3")  # type: ignore[arg-type]


def test_cap_heads_up_holds_by_default():
    hand = State(texas_holdem(FIXED_LIMIT, 1, 2), [100] * 2, button=0, seed=0)
    for to in (4, 6, 8):
        hand.raise_to(to)
    assert "capped" in hand.can_bet_or_raise().reason


def test_cap_heads_up_option_lifts_the_cap_with_two_players_left():
    variant = texas_holdem(FIXED_LIMIT, 1, 2, cap_heads_up=False)
    hand = State(variant, [100] * 2, button=0, seed=0)
    for to in (4, 6, 8, 10, 12):
        hand.raise_to(to)
    assert hand.bet_or_raise_range() == (14, 14)
    # Three players, one folds before the cap is reached: heads-up from then on, the raising goes on.
    hand = State(variant, [100] * 3, button=0, seed=0)
    hand.fold()
    for to in (4, 6, 8, 10):
        hand.raise_to(to)
    assert hand.bet_or_raise_range() == (12, 12)


def test_a_cap_reached_three_handed_stays_reached_when_a_fold_leaves_two():
    variant = texas_holdem(FIXED_LIMIT, 1, 2, cap_heads_up=False)
    hand = State(variant, [100] * 3, button=0, seed=0)
    for to in (4, 6, 8):
        hand.raise_to(to)
    assert "capped" in hand.can_bet_or_raise().reason
    hand.fold()  # two players left, but the cap was reached while three were in
    assert hand.bet_or_raise_range() is None and "capped" in hand.can_bet_or_raise().reason
    hand.call()
    assert hand.street == 1  # the next round starts uncapped: heads-up from its start
    hand.bet(2)
    for to in (4, 6, 8, 10):
        hand.raise_to(to)
    assert hand.bet_or_raise_range() == (12, 12)


def test_two_live_players_and_an_all_in_player_are_uncapped_by_option():
    # Robert's Rules, betting and raising 3-4: the cap is for a pot of three or more players not all-in.
    for cap_heads_up, after_cap in ((False, (10, 10)), (True, None)):
        variant = texas_holdem(FIXED_LIMIT, 1, 2, cap_heads_up=cap_heads_up)
        hand = State(variant, [100, 3, 100], button=0, seed=0)  # seat 1, the small blind, has 2 chips behind
        hand.raise_to(4)  # the button
        hand.call()  # the small blind, all-in for 3
        hand.call()  # the big blind
        assert hand.street == 1 and hand.stacks[1] == 0 and hand.folded.count(False) == 3
        hand.bet(2)
        for to in (4, 6, 8):
            hand.raise_to(to)
        assert hand.bet_or_raise_range() == after_cap


def three_bets_in(stacks: list[int]) -> State:
    """Fixed-limit hold'em for three, uncapped once heads-up (``cap_heads_up=False``): the button raises, the small
    blind re-raises to the third bet and the big blind calls; the button acts next."""
    hand = State(texas_holdem(FIXED_LIMIT, 1, 2, cap_heads_up=False), stacks, button=0, seed=0)
    hand.raise_to(4)  # the button
    hand.raise_to(6)  # the small blind
    hand.call()  # the big blind
    return hand


def test_a_player_all_in_before_the_cap_leaves_the_round_heads_up():
    hand = three_bets_in([100, 100, 6])  # the big blind's call puts it all-in
    hand.raise_to(8)  # the fourth bet, made with two players not all-in
    assert hand.bet_or_raise_range() == (10, 10)
    hand.raise_to(10)
    assert hand.bet_or_raise_range() == (12, 12)


def test_a_cap_reached_with_three_not_all_in_stays_reached_when_one_calls_all_in():
    hand = three_bets_in([100, 8, 100])
    hand.raise_to(8)  # the cap, with three players not all-in
    hand.call()  # the small blind, all-in for 8: two players not all-in are left
    assert hand.actor == 2 and "capped" in hand.can_bet_or_raise().reason


def test_a_cap_reached_by_an_all_in_raise_stays_reached():
    hand = three_bets_in([8, 100, 100])
    hand.raise_to(8)  # the button's cap is all its chips: it was one of three players not all-in when it raised
    assert hand.stacks[0] == 0 and "capped" in hand.can_bet_or_raise().reason


def test_bet_or_drop_second_round_off_by_default():
    hand = State(five_card_draw(ante=1, small_bet=2), [20] * 2, button=0, seed=0)
    hand.bet(2)
    hand.call()
    hand.draw([])
    hand.draw([])
    assert hand.street == 1 and hand.can_check()


def test_bet_or_drop_second_round_option_refuses_checks_until_someone_bets():
    variant = five_card_draw(ante=1, small_bet=2, opening=Opening(bet_or_drop_second_round=True))
    hand = State(variant, [20] * 3, button=0, seed=0)
    hand.check()  # the first round is check-and-come-back
    hand.bet(2)
    hand.call()
    hand.call()
    for _ in range(3):
        hand.draw([])
    verdict = hand.can_check()
    assert not verdict and "bet or drop" in verdict.reason
    with pytest.raises(IllegalActionError, match="bet or drop"):
        hand.check()
    assert hand.can_fold() and hand.can_bet_or_raise(4)
    hand.fold()
    hand.bet(4)
    assert hand.can_call() and not hand.can_check()
    hand.call()
    assert hand.phase == "done" and hand.ended_by == "showdown"
