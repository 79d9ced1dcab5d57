"""The house-rule game options and misdeals survive PHH: write, read, replay (and pokerkit loads what it can)."""

from __future__ import annotations

import random
import warnings

import pytest

from pokerlab.simulate.game import (
    FIXED_LIMIT,
    SPREAD_LIMIT,
    Opening,
    State,
    deuce_to_seven_single_draw,
    five_card_draw,
    texas_holdem,
)
from pokerlab.simulate.game.random_play import play_random_hand
from pokerlab.simulate.histories import dumps, history_from_state, loads, replay
from pokerlab.simulate.histories.codes import phh_fields, variant_from_phh

OPTION_GAMES = {
    "cap-heads-up-off": texas_holdem(FIXED_LIMIT, 1, 2, cap_heads_up=False),
    "spread-holdem": texas_holdem(SPREAD_LIMIT, 1, 2, max_bet=10),
    "spread-draw": five_card_draw(kind=SPREAD_LIMIT, max_bet=8),
    "bet-or-drop-second-round": five_card_draw(opening=Opening(bet_or_drop_second_round=True)),
    "raise-cap-lifted": five_card_draw(raise_cap=None),
    "pot-limit-capped": texas_holdem("pot-limit", 1, 2, raise_cap=2),
    "deuce-seven-joker": deuce_to_seven_single_draw(1, 2, jokers=1),
}


@pytest.mark.parametrize("key", sorted(OPTION_GAMES))
def test_phh_keeps_the_game_options(key):
    variant = OPTION_GAMES[key]
    code, fields, extras = phh_fields(variant, 3)
    assert variant_from_phh(code, fields, extras) == variant
    for i in range(25):
        rng = random.Random(i)
        state = play_random_hand(State(variant, [rng.randint(10, 60) for _ in range(3)], button=i % 3, seed=i), rng)
        result = replay(loads(dumps(history_from_state(state))))
        assert result.error is None, result.error
        assert result.state.history == state.history and result.stacks_match is True


def test_phh_spread_limit_always_writes_its_maximum():
    code, _, extras = phh_fields(texas_holdem(SPREAD_LIMIT, 1, 2, max_bet=10), 2)
    assert code == "ST" and extras["_max_bet"] == 10


@pytest.mark.parametrize("variant", [texas_holdem(), five_card_draw()], ids=["NT", "F5CD"])
def test_phh_misdeal_round_trip(variant):
    state = State(variant, [50, 60, 70], button=2, seed=5, carried_pot=0)
    state.misdeal("exposed-card")
    record = history_from_state(state)
    text = dumps(record)
    assert "_misdeal" in text and "# misdeal (exposed-card)" in text
    result = replay(loads(text))
    assert result.error is None and result.ok
    assert result.state.ended_by == "misdeal" and result.state.history == state.history
    assert result.stacks == [record.starting_stacks[k] for k in range(3)]


def test_phh_misdeal_after_one_action_replays():
    state = State(texas_holdem(), [50, 60, 70], seed=5)
    state.fold()  # one player has acted: the misdeal may still be called (docs/rules.md 4.3)
    state.misdeal("wrong-count")
    text = dumps(history_from_state(state))
    assert "p3 f" in text and '_misdeal = "wrong-count"' in text
    result = replay(loads(text))
    assert result.ok and result.state.ended_by == "misdeal" and result.stacks == [60, 70, 50]  # p1: left of the button


def test_phh_misdeal_replay_refuses_a_misdeal_after_the_action():
    state = State(texas_holdem(), [50, 60, 70], seed=5)
    state.fold()
    state.fold()
    text = dumps(history_from_state(state)) + '_misdeal = "exposed-card"\n'
    result = replay(loads(text))
    assert result.error is not None and result.error.field == "_misdeal"
    assert "the hand is over" in result.error.reason


def test_pokerkit_loads_a_misdealt_hand():
    import pokerkit

    state = State(texas_holdem(), [50, 60, 70], button=0, seed=5)
    state.misdeal()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        final = list(pokerkit.HandHistory.loads(dumps(history_from_state(state))))[-1]
    assert sum(final.stacks) + sum(final.bets) == 180  # the blinds are still out: pokerkit has no misdeal


def test_pokerkit_reads_these_rules_differently():
    """pokerkit's side of docs/rules.md 10.1 (pokerlab's side is pinned by the tests the table names)."""
    from pokerkit import Automation, FixedLimitTexasHoldem, NoLimitTexasHoldem

    # Every dealer step automated but the choice of the runout count.
    auto = tuple(step for step in Automation if step is not Automation.RUNOUT_COUNT_SELECTION)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # Fixed-limit preflop: a fourth raise after the blind.
        game = FixedLimitTexasHoldem.create_state(auto, True, 0, (1, 2), 2, 4, (1000, 1000, 1000), 3)
        for to in (4, 6, 8):
            game.complete_bet_or_raise_to(to)
        assert game.can_complete_bet_or_raise_to()
        # A short no-limit all-in reopens the betting for the limper (p3).
        game = NoLimitTexasHoldem.create_state(auto, True, 0, (5, 10), 10, (1000, 1000, 1000, 15), 4)
        game.check_or_call()
        game.complete_bet_or_raise_to(15)
        game.check_or_call()
        game.check_or_call()
        assert game.actor_index == 2 and game.can_complete_bet_or_raise_to()
        # Fixed limit: an all-in raise of 1 on a bet of 4 (under half) reopens it too.
        game = FixedLimitTexasHoldem.create_state(auto, True, 0, (2, 4), 4, 8, (1000, 1000, 1000, 5), 4)
        game.check_or_call()
        game.complete_bet_or_raise_to(5)
        game.check_or_call()
        game.check_or_call()
        assert game.actor_index == 2 and game.can_complete_bet_or_raise_to()
        # Folding when a check is free is refused.
        game = NoLimitTexasHoldem.create_state(auto, True, 0, (1, 2), 2, (100, 100), 2)
        game.check_or_call()
        assert not game.can_fold()
        # A big blind short of the blind: the bet to call is the largest blind posted (the small blind's 5).
        game = NoLimitTexasHoldem.create_state(auto, True, 0, (5, 10), 10, (1000, 4, 1000), 3)
        assert game.checking_or_calling_amount == 5
