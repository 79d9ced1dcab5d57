"""What a variant derives once from its declaration (read at every decision) always matches the declaration."""

from __future__ import annotations

import pickle
from dataclasses import replace

import numpy as np
import pytest

from pokerlab.simulate.game import State, Variant, no_limit_holdem, shipped_variants


def _expected(variant: Variant) -> dict:
    blinds = variant.forced.position_blinds(10)
    return {
        "is_stud": variant.showing is not None,
        "deck_size": 36 if variant.ranking == "short-deck" else 52 + variant.jokers,
        "has_blinds": variant.forced.live_top > 0,  # a lone blind and a button blind count
        "jacks_to_open": variant.opening.requirement == "jacks" and variant.forced.live_top == 0,
        "bet_or_drop": variant.opening.bet_or_drop or variant.opening.bet_or_drop_second_round,
        "deals_deep": variant.showing is not None or any(s.draw is not None for s in variant.streets),
        "table_cards": sum(s.burn + s.board for s in variant.streets),
        "street_units": tuple(variant.betting.unit(s.big_bet) for s in variant.streets),
        "last_blind": -1  # the button blind: the last position at any table
        if variant.forced.button_blind
        else max(k for k, amount in enumerate(blinds) if amount)
        if variant.forced.live_top
        else 1,
    }


@pytest.mark.parametrize("key", sorted(shipped_variants()))
def test_derived_attributes_match_the_declaration(key):
    variant = shipped_variants()[key]
    assert {name: getattr(variant, name) for name in _expected(variant)} == _expected(variant)


def test_derived_attributes_follow_replace_and_survive_pickling():
    base = no_limit_holdem(1, 2)
    deeper = base.with_forced(small_blind=2, big_blind=4, straddles=(8, 0, 16))
    assert deeper.street_units == (4, 4, 4, 4) and deeper.last_blind == 4
    assert {name: getattr(deeper, name) for name in _expected(deeper)} == _expected(deeper)
    ante_game = replace(base, forced=replace(base.forced, small_blind=0, big_blind=0, ante=1))
    assert not ante_game.has_blinds
    lone = base.with_forced(small_blind=2, big_blind=0)  # a lone blind: position 0 is the last blind
    assert lone.has_blinds and lone.last_blind == 0
    assert {name: getattr(lone, name) for name in _expected(lone)} == _expected(lone)
    again = pickle.loads(pickle.dumps(deeper))
    assert again == deeper and again.street_units == deeper.street_units and again.last_blind == 4
    assert "street_units" not in repr(deeper)  # derived, not declared


def test_the_forced_bet_order_is_worked_out_once_per_seating_and_matches():
    variant = no_limit_holdem(1, 2).with_forced(ante=1)
    for n in (2, 3, 6):
        for button in range(n):
            hand = State(variant, [100] * n, button=button, seed=1, automatic=False)
            assert variant.forced_order(n, button) == tuple(variant.forced.posting_order(n, button))
            assert hand.forced_queue == list(variant.forced_orders[n, button, True])  # the order kept
    State(variant, [100] * 3, seed=1, antes=False)
    assert all(kind != "ante" for _, kind, _ in variant.forced_orders[3, 0, False])


def test_a_hold_em_deal_shuffles_the_cards_it_can_deal_and_a_draw_game_all_of_them():
    variants = shipped_variants()
    holdem = State(variants["no-limit-holdem"], [100] * 6, seed=9)
    assert holdem.deck[20:] == sorted(holdem.deck[20:])  # 12 hole cards, 3 burns, 5 board cards
    draw = State(variants["california-draw"], [100] * 3, seed=9)
    assert draw.deck[20:] != sorted(draw.deck[20:])  # a draw may reach the bottom of the deck
    assert sorted(holdem.deck) == sorted(draw.deck) == list(range(52))


def test_a_numpy_seed_is_a_whole_number_and_deals_like_the_int():
    variant = no_limit_holdem(1, 2)
    a = State(variant, [100] * 3, seed=np.int64(77))
    b = State(variant, [100] * 3, seed=77)
    assert a.seed == 77 and type(a.seed) is int and a.hole == b.hole
