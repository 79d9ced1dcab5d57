"""The public ``reshuffle_order`` hook of the engine: the order of a stub rebuilt from the discards."""

from __future__ import annotations

import pytest

from pokerlab.errors import InputError
from pokerlab.simulate.game import State, five_card_draw
from pokerlab.simulate.game.events import Reshuffle

DRAW = five_card_draw(ante=1, small_bet=2, big_bet=4)


def _to_the_reshuffle(**options) -> tuple[State, list[int]]:
    """Seven players, each discarding three: the sixth to draw runs the 17-card stub out (as in
    test_game_draw_rules). Returns the hand after the draw and the stub each hook call was given."""
    given: list[list[int]] = []
    order = options.pop("order", None)

    def hook(stub: list[int]) -> list[int]:
        given.append(list(stub))
        return order(stub) if order else stub

    hand = State(DRAW, [20] * 7, button=0, seed=11, reshuffle_order=hook if options.pop("hooked", True) else None)
    hand.bet(2)
    for _ in range(6):
        hand.call()
    for _ in range(7):
        hand.draw(hand.hole[hand.actor][:3])
    return hand, given


def test_without_a_hook_the_stub_is_dealt_as_shuffled_and_an_identity_hook_changes_nothing():
    plain, _ = _to_the_reshuffle(hooked=False)
    same, given = _to_the_reshuffle()
    assert same.history == plain.history and same.deck == plain.deck
    assert len(given) == 1 and Reshuffle("reshuffle", len(given[0])) in same.history


def test_the_hook_orders_the_new_stub():
    plain, _ = _to_the_reshuffle(hooked=False)
    turned, given = _to_the_reshuffle(order=lambda stub: stub[::-1])
    stub = given[0]
    start = len(plain.deck) - len(stub)
    assert plain.deck[start:] == stub and turned.deck[start:] == stub[::-1]
    # The sixth player drew two stub cards and the first card of the new stub; the seventh the next three.
    assert turned.history[-2].drawn[2] == stub[-1] and turned.history[-1].drawn == tuple(stub[-2:-5:-1])


def test_a_hook_that_changes_the_cards_is_refused():
    with pytest.raises(InputError, match="must return the 15 cards of the new stub"):
        _to_the_reshuffle(order=lambda stub: stub[1:])
    with pytest.raises(InputError, match="reshuffle_order must be a function"):
        State(DRAW, [20, 20], seed=1, reshuffle_order=[1, 2, 3])


def test_a_copy_keeps_the_hook():
    hook = list.copy
    hand = State(DRAW, [20, 20], seed=1, reshuffle_order=hook)
    assert hand.copy().reshuffle_order is hook
