"""Malformed arguments to the engine's actions: IllegalActionError with the reason, state unchanged.

Every public action of :class:`State` (and its ``can_*`` query) gets non-ints, bools, floats (nan, inf,
whole ones), negative, out-of-range and huge ints; the refusal must be the engine's own error, the
query must give the same reason, and the state must be exactly as before. The property tests throw
random arguments at every action of hands in every phase.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pokerlab.simulate.game import IllegalActionError, State, five_card_draw, no_limit_holdem
from pokerlab.simulate.game.random_play import random_action

BAD_AMOUNTS = [math.nan, math.inf, -math.inf, None, "abc", "30", True, False, 30.0, -5, 0, 10**100, -(10**100), [30]]
BAD_SEATS = [True, False, -1, 3, 1.0, "x", 10**30, -(10**30), math.nan, [0]]
BAD_DISCARDS = [(-1,), (52,), (10**40,), None, 5, "zz", [1.0], ["a"], (True,), {1: 2}, b"\x01", [math.nan]]


def betting_hand() -> State:
    return State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=1)


def drawing_hand() -> State:
    hand = State(five_card_draw(ante=1, small_bet=2), [20, 20], seed=2)
    hand.bet_or_raise(2)
    hand.call()
    assert hand.phase == "draw"
    return hand


def refused(hand: State, action, query, *args) -> str:
    before = hand.snapshot()
    with pytest.raises(IllegalActionError) as caught:
        action(*args)
    assert hand.snapshot() == before
    if query is not None:
        verdict = query(*args)
        assert not verdict and verdict.reason == str(caught.value)
    return str(caught.value)


def refused_argument(hand: State, name: str, value) -> str:
    """The refusal of ``hand.<name>(value)``, checked against ``hand.can_<name>(value)`` but for None, with which the
    query asks another question (``can_bet_or_raise(None)``: any amount? ``can_draw(None)``: may I draw at all?)."""
    query = None if value is None else getattr(hand, f"can_{name}")
    return refused(hand, getattr(hand, name), query, value)


@pytest.mark.parametrize("amount", BAD_AMOUNTS, ids=repr)
def test_bet_or_raise_refuses_malformed_amounts(amount):
    hand = betting_hand()
    reason = refused_argument(hand, "bet_or_raise", amount)
    assert "whole number" in reason or "you may raise to between 20 and 1000" in reason
    for method in (hand.bet, hand.raise_to):
        with pytest.raises(IllegalActionError):
            method(amount)


def test_nan_and_inf_amounts_name_the_value():
    hand = betting_hand()
    assert "got nan" in refused(hand, hand.bet_or_raise, hand.can_bet_or_raise, math.nan)
    assert "got inf" in refused(hand, hand.bet_or_raise, hand.can_bet_or_raise, math.inf)
    huge = refused(hand, hand.bet_or_raise, hand.can_bet_or_raise, 10**100)
    assert len(huge) < 200  # the number is cut, the message stays one short line


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_betting_actions_refuse_malformed_seats(seat):
    hand = betting_hand()
    for action, query in (
        (hand.fold, hand.can_fold),
        (hand.check, hand.can_check),
        (hand.call, hand.can_call),
    ):
        assert "seat must be a seat number 0..2" in refused(hand, action, query, seat)
    reason = refused(hand, lambda s: hand.bet_or_raise(30, s), lambda s: hand.can_bet_or_raise(30, s), seat)
    assert "seat must be a seat number" in reason


@pytest.mark.parametrize("discards", BAD_DISCARDS, ids=repr)
def test_draw_refuses_malformed_discards(discards):
    reason = refused_argument(drawing_hand(), "draw", discards)
    assert "discards are card ids 0..51" in reason or "cannot read the discards" in reason


def test_draw_refuses_an_endless_iterator_without_hanging():
    hand = drawing_hand()
    refused(hand, hand.draw, hand.can_draw, iter(range(10**12)))


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_draw_and_showdown_refuse_malformed_seats(seat):
    hand = drawing_hand()
    refused(hand, hand.stand_pat, None, seat)
    refused(hand, lambda s: hand.draw((), s), lambda s: hand.can_draw((), s), seat)
    showdown = State(no_limit_holdem(1, 2), [10, 10], seed=3, auto_showdown=False)
    showdown.call()
    while showdown.phase == "bet":
        showdown.check()
    assert showdown.phase == "showdown"
    refused(showdown, showdown.show, showdown.can_show, seat)
    refused(showdown, showdown.muck, showdown.can_muck, seat)


@pytest.mark.parametrize(
    "stacks,options",
    [
        ([math.nan, 10], {}),
        ([math.inf, 10], {}),
        ([10, "10"], {}),
        ([10, True], {}),
        ([10, -10], {}),
        ([10, 2**62], {}),
        ([10, 10], {"button": True}),
        ([10, 10], {"button": 1.0}),
        ([10, 10], {"button": 10**30}),
        ([10, 10], {"carried_pot": math.nan}),
        ([10, 10], {"carried_pot": -1}),
        ([10, 10], {"seed": "x"}),
        ([10, 10], {"seed": 1.5}),
    ],
)
def test_constructor_refuses_malformed_arguments_with_value_error(stacks, options):
    from pokerlab.errors import InputError

    with pytest.raises(ValueError) as caught:
        State(no_limit_holdem(1, 2), stacks, **options)
    assert type(caught.value) is InputError and "\n" not in str(caught.value)


def test_whole_float_stacks_still_work():
    assert State(no_limit_holdem(1, 2), [10.0, 10], seed=1).starting_stacks == [10, 10]


# ---------------------------------------------------------------------- property tests
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.lists(st.integers(min_value=-5, max_value=60), max_size=6),
    st.tuples(st.floats(allow_nan=True)),
)
ARITY = {"fold": 1, "check": 1, "call": 1, "bet_or_raise": 2, "bet": 2, "raise_to": 2, "draw": 2, "stand_pat": 1}
ARITY |= {"show": 1, "muck": 1, "post": 0, "deal": 0}
ACTIONS = sorted(ARITY)
QUERIES = {"fold": "can_fold", "check": "can_check", "call": "can_call", "draw": "can_draw", "show": "can_show"}
QUERIES |= {"muck": "can_muck", "post": "can_post", "bet_or_raise": "can_bet_or_raise"}
PROPERTY = settings(max_examples=150, deadline=1000, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


def hand_after(moves: int, seed: int, game: str, automatic: bool) -> State:
    variant = no_limit_holdem(1, 2) if game == "holdem" else five_card_draw(ante=1, small_bet=2)
    hand = State(variant, [40, 40, 40], button=seed % 3, seed=seed, automatic=automatic, auto_showdown=seed % 2 == 0)
    rng = random.Random(seed)
    for _ in range(moves):
        if hand.phase == "done":
            break
        if hand.phase in ("post", "deal"):
            getattr(hand, hand.phase)()
        else:
            random_action(hand, rng)
    return hand


@PROPERTY
@given(
    moves=st.integers(0, 30),
    seed=st.integers(0, 10**6),
    game=st.sampled_from(["holdem", "draw"]),
    automatic=st.booleans(),
    action=st.sampled_from(ACTIONS),
    args=st.lists(ANYTHING, max_size=2),
)
def test_random_arguments_give_a_legal_move_or_illegal_action_error(moves, seed, game, automatic, action, args):
    hand = hand_after(moves, seed, game, automatic)
    args = args[: ARITY[action]]
    if action in ("bet_or_raise", "bet", "raise_to") and not args:
        args = [None]
    before = hand.snapshot()
    try:
        getattr(hand, action)(*args)
    except IllegalActionError as exc:
        assert hand.snapshot() == before, "a refused action changed the state"
        reason = str(exc)
        assert reason and "\n" not in reason
        query = QUERIES.get(action)
        if query and args and not (action in ("bet_or_raise", "draw") and args[0] is None):
            verdict = getattr(hand, query)(*args)
            assert not verdict and verdict.reason == reason
        return
    # Accepted: chips are conserved and every amount is still an int (no NaN crept in).
    assert all(type(s) is int for s in hand.stacks) and type(hand.pot_total) is int
    carried = hand.carry_out if hand.phase == "done" else 0
    assert sum(hand.stacks) + hand.pot_total + carried == 3 * 40 + hand.carried_in
