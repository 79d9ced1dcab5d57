"""The typed events of a hand's history: one named tuple type a kind, each still the tuple it stands for."""

from __future__ import annotations

import json
import random
import typing

import pytest

from pokerlab.simulate.game import State, no_limit_holdem, shipped_variants
from pokerlab.simulate.game.events import (
    CHECK_EVENTS,
    EVENT_TYPES,
    FOLD_EVENTS,
    PLAYER_ACTION_TYPES,
    SEATS_KEPT,
    Call,
    Draw,
    Misdeal,
    Post,
    Raise,
)
from pokerlab.simulate.game.random_play import play_random_hand

# The fields of every kind, as the readers (PHH writing, the table's narration, the bots) name them.
FIELDS = {
    "post": ("kind", "seat", "forced", "amount"),
    "deal": ("kind", "hole"),
    "board": ("kind", "cards"),
    "fold": ("kind", "seat"),
    "check": ("kind", "seat"),
    "call": ("kind", "seat", "amount"),
    "bet": ("kind", "seat", "to"),
    "raise": ("kind", "seat", "to"),
    "bring-in": ("kind", "seat", "amount"),
    "draw": ("kind", "seat", "discards", "drawn"),
    "show ace": ("kind", "seat", "card"),
    "reshuffle": ("kind", "size"),
    "show": ("kind", "seat", "cards"),
    "muck": ("kind", "seat"),
    "return": ("kind", "seat", "amount"),
    "passed out": ("kind", "pot"),
    "win": ("kind", "seat", "amount"),
    "show openers": ("kind", "seat", "cards"),
    "misdeal": ("kind", "cause"),
}


def test_every_kind_has_a_type_with_named_fields_the_kind_first():
    assert {kind: cls._fields for kind, cls in EVENT_TYPES.items()} == FIELDS
    for kind, cls in EVENT_TYPES.items():
        # The kind field is typed as the one string it holds: a checker catches a type built with another.
        assert typing.get_args(typing.get_type_hints(cls)["kind"]) == (kind,)


def test_an_event_is_the_plain_tuple_it_stands_for():
    event = Call("call", 2, 10)
    assert event == ("call", 2, 10) and event[0] == event.kind == "call" and isinstance(event, tuple)
    assert json.dumps(event) == json.dumps(["call", 2, 10])
    assert Post("post", 1, "big blind", 2)[2:] == ("big blind", 2)


def _hands(variant, count: int):
    for seed in range(count):
        stacks = [40 + 7 * k for k in range(min(variant.max_players, 6))]
        yield play_random_hand(State(variant, stacks, button=seed % len(stacks), seed=seed), random.Random(seed))


@pytest.mark.parametrize("key", sorted(shipped_variants()))
def test_the_engine_appends_the_type_its_kind_names(key):
    variant = shipped_variants()[key]
    seen = set()
    for hand in _hands(variant, 25):
        for event in hand.history:
            cls = EVENT_TYPES[event.kind]
            assert type(event) is cls and len(event) == len(cls._fields), event
            assert cls(*event) == event  # built field by field, it is the same event
            seen.add(event.kind)
    assert {"post", "deal", "win"} <= seen


def test_the_fields_hold_what_their_names_say():
    hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=3)
    hand.bet_or_raise(30)
    hand.call()
    post = hand.history[0]
    assert (post.seat, post.forced, post.amount) == (1, "small blind", 5)
    deal = hand.history[2]
    assert deal.hole == tuple(map(tuple, hand.hole))
    assert hand.history[3] == Raise("raise", 0, 30) and hand.history[4] == Call("call", 1, 25)


def test_a_draw_names_its_discards_and_the_cards_drawn():
    variant = shipped_variants()["california-draw"]
    hand = State(variant, [50, 50], seed=2)
    hand.bet_or_raise(hand.bet_or_raise_range()[0])
    hand.call()
    seat, discards = hand.actor, hand.hole[hand.actor][:2]
    hand.draw(discards)
    draw = hand.history[-1]
    assert isinstance(draw, Draw) and draw.seat == seat and draw.discards == tuple(discards)
    assert draw.drawn == tuple(hand.hole[seat][-2:])


def test_folds_and_checks_are_kept_one_a_seat_and_a_larger_table_builds_its_own():
    assert all(FOLD_EVENTS[seat] == ("fold", seat) and CHECK_EVENTS[seat] == ("check", seat) for seat in range(9))
    hand = State(no_limit_holdem(1, 2), [100] * 3, seed=1)
    hand.fold()
    assert hand.history[-1] is FOLD_EVENTS[0]
    assert len(FOLD_EVENTS) == len(CHECK_EVENTS) == SEATS_KEPT


def test_a_misdeal_is_typed_and_names_the_players_whose_actions_block_it():
    hand = State(no_limit_holdem(5, 10), [100, 100, 100], seed=2)
    hand.call()
    hand.call()
    assert "seats 0 and 1 have already acted" in hand.can_misdeal().reason
    assert isinstance(hand.history[-1], PLAYER_ACTION_TYPES)
    other = State(no_limit_holdem(5, 10), [100, 100, 100], seed=2)
    other.misdeal("wrong-count")
    assert other.history[-1] == Misdeal("misdeal", "wrong-count") and other.history[-1].cause == "wrong-count"
