"""Session rules: blind levels by time (RULES.md 5.11) and equal starting stacks (4.1, 7)."""

from __future__ import annotations

import pytest

from pokerlab.errors import InputError
from pokerlab.simulate.game import Session, no_limit_holdem
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
