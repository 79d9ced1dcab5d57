"""Session rules: blind levels by time (RULES.md 5.11), equal starting stacks (4.1, 7) and the button when play
becomes heads-up (docs/rules.md 5.1)."""

from __future__ import annotations

import random

import pytest
from game_helpers import holdem_deck

from pokerlab.errors import InputError
from pokerlab.simulate.game import Session, ace_to_five_draw, fixed_limit_holdem, no_limit_holdem
from pokerlab.simulate.game.random_play import play_random_hand
from pokerlab.simulate.game.session import BlindLevel


class FakeClock:
    """Seconds that only move when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_blind_levels_by_time_every_twenty_minutes():
    clock = FakeClock()
    schedule = [
        BlindLevel(from_minute=20, small_blind=2, big_blind=4),
        BlindLevel(from_minute=40, small_blind=5, big_blind=10),
    ]
    table = Session(no_limit_holdem(1, 2), [500] * 3, seed=1, schedule=schedule, clock=clock)
    seen = []
    for minute in (0, 5, 19.9, 20, 39, 40, 90):
        clock.now = 1000.0 + 60 * minute
        hand = table.start_hand()
        seen.append((hand.variant.forced.small_blind, hand.variant.forced.big_blind))
        while hand.phase != "done":  # everyone folds to the big blind: nobody busts whatever the deal
            hand.fold()
        table.finish_hand(hand)
    assert seen == [(1, 2), (1, 2), (1, 2), (2, 4), (2, 4), (5, 10), (5, 10)]
    assert table.minutes_played == 90


def test_blind_levels_by_time_ignore_the_hand_count():
    clock = FakeClock()
    table = Session(no_limit_holdem(1, 2), [500] * 2, schedule=[BlindLevel(from_minute=20, big_blind=4)], clock=clock)
    table.hands_played = 1000
    assert table.variant_now().forced.big_blind == 2


def test_blind_levels_by_hands_still_work():
    table = Session(no_limit_holdem(1, 2), [500] * 2, schedule=[BlindLevel(2, 2, 4)])
    table.hands_played = 2
    assert table.variant_now().forced.big_blind == 4


def test_blind_levels_refuse_a_mixed_or_unclear_schedule():
    with pytest.raises(InputError, match="either hands or minutes"):
        Session(no_limit_holdem(), [9, 9], schedule=[BlindLevel(from_hand=3), BlindLevel(from_minute=20)])
    with pytest.raises(InputError, match="either from a hand number"):
        BlindLevel(from_hand=3, from_minute=20)
    with pytest.raises(InputError, match="either from a hand number"):
        BlindLevel()
    with pytest.raises(InputError, match="0 or more"):
        BlindLevel(from_minute=-5)


def test_equal_starting_stacks_refused_when_unequal():
    with pytest.raises(InputError, match="equal_stacks is on.*\\[100, 100, 90\\]"):
        Session(no_limit_holdem(), [100, 100, 90], equal_stacks=True)
    assert Session(no_limit_holdem(), [100, 100, 100], equal_stacks=True).stacks == [100, 100, 100]
    assert Session(no_limit_holdem(), [100, 90]).stacks == [100, 90]  # off by default


def _bust(table: Session, losers: set[int], winner: int) -> int | None:
    """Play one hand in which every seat of ``losers`` goes all-in and loses to ``winner``'s aces; returns the
    seat that posted the big blind."""
    seats = table.seats_in_hand if table.seats_in_hand else [s for s in range(table.seats) if table.stacks[s] > 0]
    junk = iter(["7c2d", "8c3d", "9c6d", "Tc2h"])
    holes = ["AsAh" if seat == winner else next(junk) for seat in seats]
    hand = table.start_hand(deck=holdem_deck(holes, "Kh Qd Js 5c 4h", button=table.seats_in_hand.index(table.button)))
    while hand.phase != "done":
        seat = table.seats_in_hand[hand.actor]
        bounds = hand.bet_or_raise_range()
        if seat in losers and bounds:
            hand.bet_or_raise(bounds[1])
        elif seat in losers or seat == winner:
            hand.call() if hand.call_amount else hand.check()
        else:
            hand.fold()
    table.finish_hand(hand)
    assert all(table.stacks[seat] == 0 for seat in losers)
    return _big_blind_seat(table, hand)


def _big_blind_seat(table: Session, hand) -> int | None:
    posted = [e.seat for e in hand.history if e[0] == "post" and e.forced == "big blind"]
    return table.seats_in_hand[posted[0]] if posted else None


@pytest.mark.parametrize(
    ("busted", "button"),
    [
        ({0}, 2),  # the button busts: the big blind gets the button
        ({1}, 2),  # the small blind busts: the big blind gets the button
        ({2}, 1),  # the big blind busts: the small blind had the big blind the hand before
        ({0, 1}, 2),  # the button and the small blind bust: the big blind gets the button
        ({0, 3}, 2),  # the button and the player after the big blind bust: the big blind gets the button
    ],
)
def test_going_heads_up_the_last_big_blind_gets_the_button(busted, button):
    # Robert's Rules, button and blind use, 3; TDA rule 34: nobody posts the big blind twice in a row.
    stacks = [100] * (3 + (len(busted) > 1))
    for seat in busted:
        stacks[seat] = 10
    table = Session(no_limit_holdem(1, 2), stacks, seed=0, button=len(stacks) - 1)
    hand = table.start_hand()  # a first hand, so every player has had a blind before the busts
    while hand.phase != "done":
        hand.fold() if hand.call_amount else hand.check()
    table.finish_hand(hand)
    assert table.button == 0 and table.stacks[0] > 0
    last = _bust(table, busted, winner=max(set(range(len(stacks))) - busted))
    hand = table.start_hand()
    assert table.button == button and hand.n == 2
    assert _big_blind_seat(table, hand) != last


def _next_with_chips(table: Session, seat: int) -> int:
    return next((seat + k) % table.seats for k in range(1, table.seats + 1) if table.stacks[(seat + k) % table.seats])


@pytest.mark.parametrize("game", [no_limit_holdem(1, 2), fixed_limit_holdem(1, 2), ace_to_five_draw(1, 2)])
def test_nobody_posts_the_big_blind_twice_in_a_row_over_random_sessions(game):
    # Random stacks and random play bust players in every order. In counted hands the big blind never falls to
    # the same player twice in a row (a misdealt hand is dealt again with the same blinds and is not counted),
    # and with three or more players the button still moves to the next seat with chips.
    heads_up_starts = 0
    for k in range(60):
        rng = random.Random(k)
        players = rng.randint(3, 6)
        table = Session(game, [rng.randint(2, 40) for _ in range(players)], seed=k)
        last_big_blind = last_button = None
        last_n = players
        while sum(1 for s in table.stacks if s > 0) >= 2:
            expected_button = None if last_button is None else _next_with_chips(table, last_button)
            hand = table.start_hand()
            if hand.n >= 3 and expected_button is not None:
                assert table.button == expected_button
            heads_up_starts += hand.n == 2 and last_n >= 3
            big_blind = _big_blind_seat(table, play_random_hand(hand, rng))
            assert big_blind is not None and big_blind != last_big_blind
            last_big_blind, last_button, last_n = big_blind, table.button, hand.n
            table.finish_hand(hand)
    assert heads_up_starts >= 40
