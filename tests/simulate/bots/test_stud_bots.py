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


def play_to(hand: State, street: int, fold_seat: int | None = None) -> None:
    """Bring in, check or call until ``street`` (0 third street ... 4 seventh); ``fold_seat`` folds when it can."""
    while hand.phase == "bet" and hand.street < street:
        if hand.actor == fold_seat and hand.can_fold():
            hand.fold()
        elif hand.can_bring_in():
            hand.bring_in()
        elif hand.can_check():
            hand.check()
        else:
            hand.call()


def spy_on_engine(monkeypatch) -> list[dict]:
    """Record every call the bot makes to pokerlab.equity (and still compute it)."""
    from pokerlab.simulate.equity import api

    calls: list[dict] = []
    real = api.equity

    def spy(players, board=None, dead=None, **options):
        calls.append({"players": [list(p) for p in players], "community": list(board or []), "dead": list(dead or []),
                      **options})  # fmt: skip
        return real(players, board, dead, **options)

    monkeypatch.setattr(api, "equity", spy)
    return calls


def test_the_equity_bot_deals_the_community_card_as_the_engine_does(monkeypatch):
    import random

    from pokerlab.simulate.equity.stud import stud_equity as engine

    calls = spy_on_engine(monkeypatch)
    hand = State(seven_card_stud_hilo(), [100] * 8, seed=4)
    play_to(hand, 4)  # eight players on seventh street: the deck is short, one community card is out
    view = SeatView(hand)
    assert len(view.board) == 1 and len(view.hole) == 6
    share = stud_equity(view, 0.0, random.Random(1))
    call = calls[-1]
    assert call["players"] == [list(view.hole), *(list(view.up_cards(s)) for s in view.opponents)]
    assert call["community"] == list(view.board) and call["dead"] == [] and call["game"] == "stud-hilo"
    reference = engine(call["players"], community=call["community"], game="stud-hilo", method="mc", trials=400_000,
                       seed=9, threads=1)  # fmt: skip
    assert abs(share - reference.players[0].equity) < 0.02  # one block of 16,384 deals against 400,000


def test_the_equity_bot_counts_folded_up_cards_as_dead(monkeypatch):
    import random

    calls = spy_on_engine(monkeypatch)
    hand = State(razz(), [100] * 4, seed=2)
    out = (hand.actor + 1) % 4  # the seat after the bring-in folds on third street
    play_to(hand, 1, fold_seat=out)
    view = SeatView(hand)  # fourth street, the actor's view
    assert view.folded[out] and out not in view.opponents and view.seat != out
    stud_equity(view, 0.0, random.Random(2))
    assert calls[-1]["dead"] == list(view.up_cards(out)) and calls[-1]["game"] == "razz"
    assert len(calls[-1]["players"]) == 3 and calls[-1]["community"] == []


def test_a_declaration_the_engine_does_not_price_is_sampled_by_the_bot(monkeypatch):
    import dataclasses
    import random

    from pokerlab.simulate.game import LowHalf

    calls = spy_on_engine(monkeypatch)
    nine = dataclasses.replace(seven_card_stud_hilo(), low=LowHalf(qualifier=9))  # nine or better: not the engine's
    hand = State(nine, [100, 100, 100], seed=2)
    share = stud_equity(SeatView(hand), 0.0, random.Random(1))
    assert calls == [] and 0.0 <= share <= 1.0
