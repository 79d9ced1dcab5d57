"""The table's narration is total: every kind of history event has its line, a misdeal and an unknown kind too."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from pokerlab.simulate.bots.players import CallingStation
from pokerlab.simulate.bots.table import TableGame, describe_event
from pokerlab.simulate.game import State, five_card_draw, no_limit_holdem
from pokerlab.simulate.game.events import EVENT_TYPES

PLAYERS = ["You", "ann", "bob"]

# One event of every kind, with its line as seat 0 ("You") hears it before the second person is applied.
SAMPLES = {
    "post": (("post", 1, "big blind", 10), "ann posts big blind 10"),
    "deal": (("deal", ((0, 4), (8, 12), (16, 20))), "your cards: 2c 3c"),
    "board": (("board", (51, 47, 43)), "board: As Ks Qs"),
    "fold": (("fold", 2), "bob folds"),
    "check": (("check", 1), "ann checks"),
    "call": (("call", 2, 10), "bob calls 10"),
    "bet": (("bet", 1, 20), "ann bets 20"),
    "raise": (("raise", 2, 60), "bob raises to 60"),
    "bring-in": (("bring-in", 1, 2), "ann brings in for 2"),
    "draw": (("draw", 1, (3, 4), (9, 10)), "ann draws 2"),
    "show ace": (("show ace", 2, 51), "bob shows As to draw four"),
    "reshuffle": (("reshuffle", 12), "the stub ran out: the discards are shuffled into a new stub"),
    "show": (("show", 1, (51, 50, 49, 48, 47)), "ann shows As Ah Ad Ac Ks: Four of a kind, aces (K kicker)"),
    "muck": (("muck", 2), "bob mucks"),
    "return": (("return", 1, 40), "40 uncalled returned to ann"),
    "passed out": (("passed out", 6), "nobody opened: the pot of 6 stays for the next deal"),
    "win": (("win", 0, 30), "You wins 30"),
    "show openers": (("show openers", 1, (36, 37, 0, 4, 8)), "ann shows the openers Jc Jd 2c 3c 4c"),
    "misdeal": (("misdeal", "exposed-card"), "misdeal (exposed-card): no chips change hands, the hand is dealt again"),
}


def test_every_kind_of_event_is_narrated():
    assert set(SAMPLES) == set(EVENT_TYPES)
    state = State(five_card_draw(), [50, 50, 50], seed=4)
    for kind, (fields, line) in SAMPLES.items():
        assert describe_event(state, EVENT_TYPES[kind](*fields), PLAYERS, 0) == line, kind


def test_a_misdealt_hand_is_narrated():
    hand = State(no_limit_holdem(5, 10), [100, 100, 100], seed=2)
    hand.misdeal("wrong-count")
    lines = [describe_event(hand, event, PLAYERS, 0) for event in hand.history]
    assert lines[:2] == ["ann posts small blind 5", "bob posts big blind 10"]
    assert lines[-1] == "misdeal (wrong-count): no chips change hands, the hand is dealt again"


class Straddle(NamedTuple):  # a kind the table has no words for
    kind: str
    seat: int
    amount: int


class Pause(NamedTuple):
    kind: str


@pytest.mark.parametrize(
    ("event", "line"), [(Straddle("sleeper", 2, 20), "bob sleeper (seat 2, amount 20)"), (Pause("pause"), "pause")]
)
def test_an_unknown_kind_is_named_with_its_fields(event, line):
    state = State(no_limit_holdem(), [50, 50, 50], seed=1)
    assert describe_event(state, event, PLAYERS, 0) == line


def test_a_table_narrates_a_hand_that_ends_in_a_misdeal(monkeypatch):
    # The session deals a hand that the dealer then calls a misdeal: the table narrates it and deals again.
    out: list[str] = []
    answers = iter(["q"] * 50)
    game = no_limit_holdem(5, 10)
    table = TableGame(game, [CallingStation()], stacks=[100, 100], seed=3, ask=lambda p: next(answers), tell=out.append)
    start = table.session.start_hand
    dealt = []

    def misdealt():
        state = start()
        if not dealt:  # the first deal only: the session then deals the hand again
            state.misdeal("exposed-card")
        dealt.append(state)
        return state

    monkeypatch.setattr(table.session, "start_hand", misdealt)
    summary = table.play(max_hands=1)
    assert "  misdeal (exposed-card): no chips change hands, the hand is dealt again" in out
    assert len(dealt) == 2 and summary.hands == 1 and table.session.misdeals == 1
