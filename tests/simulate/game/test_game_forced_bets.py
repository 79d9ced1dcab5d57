"""Forced bets as variant options: per-seat antes, straddles, ante trimming (docs/rules.md 4.2, 5.2)."""

from __future__ import annotations

import pytest

from pokerlab.errors import InputError
from pokerlab.simulate.game import ForcedBets, State, fixed_limit_holdem, no_limit_holdem


def holdem(**forced) -> object:
    base = no_limit_holdem(1, 2)
    return base.with_forced(**forced)


def posts(state: State) -> list[tuple]:
    return [entry[1:] for entry in state.history if entry[0] == "post"]


def test_the_old_fields_keep_working():
    forced = ForcedBets(1, 2, 4)
    assert (forced.ante, forced.small_blind, forced.big_blind, forced.straddles) == (1, 2, 4, ())
    state = State(no_limit_holdem(1, 2, ante=1), [100] * 3, button=0, seed=1)
    assert posts(state) == [(1, "ante", 1), (2, "ante", 1), (0, "ante", 1), (1, "small blind", 1), (2, "big blind", 2)]


def test_a_big_blind_ante_is_posted_by_the_big_blind_alone():
    state = State(holdem(big_blind_ante=2), [100] * 4, button=3, seed=1)
    assert posts(state) == [(1, "ante", 2), (0, "small blind", 1), (1, "big blind", 2)]
    assert state.pot_total == 5 and state.actor == 2 and state.call_amount == 2


def test_a_button_ante_heads_up_is_posted_by_the_button():
    state = State(holdem(button_ante=3), [100, 100], button=1, seed=1)
    assert posts(state)[0] == (1, "ante", 3)


def test_antes_by_position_add_up():
    forced = ForcedBets(ante=1, small_blind=1, big_blind=2, antes=(0, 0, 5), button_ante=2)
    assert forced.position_antes(4) == [1, 1, 6, 3]
    state = State(no_limit_holdem(1, 2).with_forced(ante=1, antes=(0, 0, 5), button_ante=2), [50] * 4, seed=1)
    assert sorted((seat, amount) for seat, kind, amount in posts(state) if kind == "ante") == [
        (0, 3),
        (1, 1),
        (2, 1),
        (3, 6),
    ]


def test_a_straddle_is_the_bet_to_match_and_its_poster_acts_last():
    state = State(holdem(straddles=(4,)), [100] * 5, button=0, seed=1)
    assert posts(state)[-1] == (3, "straddle", 4)
    assert state.actor == 4 and state.call_amount == 4 and state.bet_or_raise_range() == (8, 100)
    for _ in range(4):
        state.call()  # seats 4, 0, 1, 2 call the straddle
    assert state.actor == 3 and state.can_check().ok and state.street == 0  # the straddler's option


def test_a_button_straddle_makes_the_small_blind_act_first():
    state = State(holdem(straddles=(0, 4)), [100] * 4, button=3, seed=1)
    assert posts(state)[-1] == (3, "straddle", 4)
    assert state.actor == 0


@pytest.mark.parametrize(
    "options,message",
    [
        ({"straddles": (4,), "big_blind": 0}, "straddle needs a big blind"),
        ({"ante": -1}, "whole numbers of chips"),
        ({"antes": (1, 2.5)}, "whole numbers of chips"),
        ({"big_blind_ante": 2, "big_blind": 0, "small_blind": 0}, "big-blind ante needs a big blind"),
    ],
)
def test_bad_forced_bets_are_refused_by_name(options, message):
    fields = {"small_blind": 1, "big_blind": 2} | options
    with pytest.raises(InputError, match=message):
        ForcedBets(**fields)


def test_more_straddles_than_seats_is_an_error():
    with pytest.raises(InputError, match="straddles need more than 3 players"):
        State(holdem(straddles=(4, 8)), [100] * 3, seed=1)


def test_a_lone_big_blind_ante_is_dead_money_even_with_trimming():
    # The big blind (seat 2) antes 2 on top of its blind; the button raises, the small blind folds.
    for trimming in (True, False):
        state = State(holdem(big_blind_ante=2, ante_trimming=trimming), [100] * 3, button=0, seed=1)
        assert state.pots == [] and state.pot_total == 5
        state.raise_to(10)
        state.fold()
        state.call()
        assert state.pot_total == 23
        assert [(p.amount, p.eligible) for p in state._pots_now()] == [(23, (0, 2))]


def test_a_short_ante_is_trimmed_only_with_ante_trimming():
    # The button (seat 0) can post only 1 of the 5-chip ante and is all-in; the blinds post 1 and 2.
    for trimming, expected in (
        (True, [(3, (0, 1, 2)), (10, (1, 2)), (1, (2,))]),
        (False, [(11, (0, 1, 2)), (2, (1, 2)), (1, (2,))]),
    ):
        forced = no_limit_holdem(1, 2).with_forced(ante=5, ante_trimming=trimming)
        state = State(forced, [1, 100, 100], button=0, seed=1)
        assert [(seat, amount) for seat, kind, amount in posts(state) if kind == "ante"] == [(1, 5), (2, 5), (0, 1)]
        assert [(p.amount, p.eligible) for p in state._pots_now()] == expected


def test_a_lone_blind_is_the_bet_to_match_and_the_next_player_opens():
    # PHH's blinds_or_straddles = [2, 0, 0, 0] (fixed limit): the small blind's seat posts the only blind, which
    # plays the big blind's part (docs/rules.md 5.2). Button 3: seat 0 posts it, seat 1 opens.
    variant = fixed_limit_holdem(1, 2).with_forced(small_blind=2, big_blind=0)
    state = State(variant, [100] * 4, button=3, seed=1)
    assert posts(state) == [(0, "blind", 2)]
    assert state.actor == 1 and state.call_amount == 2 and state.bet_or_raise_range() == (4, 4)
    state.call()
    state.call()
    state.call()
    assert state.street == 0 and state.actor == 0  # the blind is live: its poster may still check or raise
    assert state.can_check() and state.bet_or_raise_range() == (4, 4)
    state.check()
    assert state.street == 1 and state.actor == 0  # after the flop, the first player left of the button


def test_a_lone_blind_heads_up_is_posted_by_the_button_and_the_other_player_opens():
    variant = fixed_limit_holdem(1, 2).with_forced(small_blind=2, big_blind=0)
    state = State(variant, [100, 100], button=1, seed=1)
    assert posts(state) == [(1, "blind", 2)] and state.actor == 0
    state.fold()
    assert state.net == [0, 0] and state.ended_by == "fold"  # the blind is returned: nobody called it
