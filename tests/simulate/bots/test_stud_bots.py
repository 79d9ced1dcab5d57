"""Every shipped bot plays the stud family legally: the bring-in, completion, the open pair's two bet sizes."""

from __future__ import annotations

import pytest
from pokerlab.simulate.bots import make_bot
from pokerlab.simulate.bots.stud_play import high_strength, low_strength, stud_equity
from pokerlab.simulate.bots.view import Action, SeatView, apply_action, passive_default
from pokerlab.simulate.game import State, razz, seven_card_stud, seven_card_stud_hilo
from pokerlab.simulate.game.cards import parse

GAMES = [seven_card_stud(), seven_card_stud_hilo(), razz()]


@pytest.mark.parametrize("variant", GAMES, ids=["stud", "stud-hilo", "razz"])
def test_every_bot_plays_stud_legally(variant):
    import random

    specs = ["tight", "loose", "station", "random", "equity:0.002"]
    for seed in range(12):
        n = 2 + seed % 7
        bots = [make_bot(specs[(seed + k) % len(specs)], seed + k) for k in range(n)]
        hand = State(variant, [random.Random(seed).randint(20, 120)] * n, button=seed % n, seed=seed)
        while hand.phase != "done":
            view = SeatView(hand)
            action = bots[hand.actor](view)
            assert view.can(action), (action, view.why_not(action))
            apply_action(hand, action)
        assert sum(hand.stacks) == sum(hand.starting_stacks)


def test_the_bring_in_is_the_passive_move_and_a_legal_action():
    hand = State(seven_card_stud(), [50, 50, 50], seed=3)
    view = SeatView(hand)
    assert view.legal == ("bring_in", "bet_or_raise")
    assert passive_default(view) == Action("bring_in") and view.can(Action("bring_in"))
    assert view.why_not(Action.fold()) == "you bring in: post the bring-in of 1 or complete to 2"
    assert make_bot("station")(view) == Action("bring_in")


def test_up_cards_are_public_to_every_seat():
    hand = State(seven_card_stud(), [50, 50, 50], seed=3)
    view = SeatView(hand, seat=0)
    assert [len(view.up_cards(seat)) for seat in range(3)] == [1, 1, 1]
    assert view.is_stud and SeatView(State(razz(), [50, 50], seed=1)).low_half is None


def test_strength_rules_of_thumb():
    assert high_strength(parse("Kc Kd Ks")) > high_strength(parse("Qc Qd 2s")) > high_strength(parse("Ac Kd 2s"))
    assert high_strength(parse("5c 6d 7h 8s 9c")) == 0.97  # a straight
    assert low_strength(parse("Ac 2d 4s")) == 1.0 > low_strength(parse("Ac 2d Ks"))


def test_stud_equity_favours_the_made_hand():
    import random

    # Seat 0 holds three aces on third street; seat 1 shows a deuce.
    deck = parse("Ac 3c Ad 4d Ah 2s")
    hand = State(seven_card_stud(), [100, 100], button=1, deck=deck, seed=0)
    share = stud_equity(SeatView(hand, seat=0), 0.05, random.Random(1))
    assert share > 0.7
