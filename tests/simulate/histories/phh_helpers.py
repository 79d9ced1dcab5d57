"""Helpers shared by the PHH tests of new games (Omaha, stud): random hands and pokerkit round trips."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterable, Iterator

from pokerlab.simulate.game import State, Variant
from pokerlab.simulate.game.random_play import play_random_hand
from pokerlab.simulate.histories import dumps, loads
from pokerlab.simulate.histories.record import history_from_state, phh_order
from pokerlab.simulate.histories.replay import replay


def random_hands(
    variant: Variant, count: int, players: tuple[int, int], salt: int = 0, max_stack: int = 120
) -> Iterator[State]:
    """``count`` random hands, played out with random legal moves, reproducible by seed and ``salt``."""
    for seed in range(count):
        rng = random.Random(seed * 7919 + salt)
        n = rng.randint(players[0], min(players[1], variant.max_players))
        stacks = [rng.randint(5, max_stack) for _ in range(n)]
        yield play_random_hand(State(variant, stacks, button=rng.randrange(n), seed=seed), rng)


def check_round_trip(hand: State) -> None:
    """Write the hand, read it back and write it again (the same text), and replay it to the hand's stacks and board."""
    text = dumps(history_from_state(hand))
    again = loads(text)
    assert dumps(again) == text
    result = replay(again)
    assert result.ok, (result.error, result.problems, text)
    assert result.state.stacks == hand.stacks and result.state.board == hand.board


def pokerkit_stacks(text: str) -> list[int]:
    """The final stacks pokerkit reaches replaying a PHH text."""
    from pokerkit import HandHistory as PokerkitHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(list(PokerkitHistory.loads(text))[-1].stacks)


def check_pokerkit_stacks(hands: Iterable[State], skip: Callable[[State], bool]) -> list[State]:
    """Write each hand and check that pokerkit replays it to the hand's final stacks (in PHH's seat order).

    Hands for which ``skip`` is true (a known rule difference) are left out; returns the hands checked.
    """
    checked = []
    for hand in hands:
        if skip(hand):
            continue
        text = dumps(history_from_state(hand))
        assert pokerkit_stacks(text) == [hand.stacks[seat] for seat in phh_order(hand)], text
        checked.append(hand)
    return checked


def replay_what_pokerkit_writes(pokerkit, hands: Iterator[State], skip: Callable[[State], bool]) -> int:
    """Write each hand, let pokerkit replay it and write it back, and replay that to pokerkit's stacks.

    Hands for which ``skip`` is true (a known rule difference) are left out; returns how many were checked.
    """
    checked = 0
    for hand in hands:
        if skip(hand):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = pokerkit.HandHistory.loads(dumps(history_from_state(hand)))
            final = list(theirs)[-1]
            written = pokerkit.HandHistory.from_game_state(theirs.create_game(), final).dumps()
        result = replay(loads(written))
        assert result.error is None, written
        assert result.stacks == list(final.stacks)
        checked += 1
    return checked
