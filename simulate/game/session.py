"""A table that runs many hands: first dealer by high card, the button rotates, stacks carry over.

Busted players leave (or re-buy when ``rebuy`` is set), blinds rise on a
schedule counted in hands or in minutes of play (a clock you can inject), a
pot left by a check-around (or a carried odd chip) goes to the next deal, with a
fresh ante or not by option, and a misdealt hand is dealt again with the same
button.

>>> import random
>>> from pokerlab.simulate.game import no_limit_holdem
>>> from pokerlab.simulate.game.random_play import play_random_hand
>>> table = Session(no_limit_holdem(1, 2), [100, 100, 100], seed=7)
>>> for _ in range(5):
...     table.finish_hand(play_random_hand(table.start_hand(), random.Random(1)))
>>> table.hands_played, sum(table.stacks) + table.carried_pot
(5, 300)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerlab.errors import InputError

from .cards import names, new_deck
from .declarations import Variant
from .phases import DONE
from .state import State


@dataclass(frozen=True)
class BlindLevel:
    """Forced bets from hand number ``from_hand`` on (hands counted from 0), or from ``from_minute``
    minutes after the session began (docs/rules.md 5.11: "every twenty minutes"). Give exactly one;
    a schedule counts all its levels the same way.

    >>> BlindLevel(from_hand=20, small_blind=2, big_blind=4).big_blind
    4
    >>> BlindLevel(from_minute=20, small_blind=2, big_blind=4).from_minute
    20
    """

    from_hand: int | None = None
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    from_minute: float | None = None

    def __post_init__(self) -> None:
        if (self.from_hand is None) == (self.from_minute is None):
            raise InputError("a blind level starts either from a hand number (from_hand) or a minute (from_minute)")
        start = self.from_hand if self.from_minute is None else self.from_minute
        if isinstance(start, bool) or not isinstance(start, int | float) or not start >= 0:
            raise InputError(f"a blind level's start must be a number, 0 or more; got {start!r}")

    @property
    def start(self) -> float:
        """Where the level starts: a hand number or a minute."""
        if self.from_minute is not None:
            return self.from_minute
        assert self.from_hand is not None  # checked in __post_init__: one of the two is set
        return self.from_hand


def doubling_schedule(variant: Variant, minutes: float, levels: int = 20) -> list[BlindLevel]:
    """Blind levels by time: the variant's antes and blinds double every ``minutes`` minutes, ``levels`` times.

    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> [(level.from_minute, level.big_blind) for level in doubling_schedule(no_limit_holdem(1, 2), 20, 3)]
    [(20, 4), (40, 8), (60, 16)]
    """
    if isinstance(minutes, bool) or not isinstance(minutes, int | float) or not minutes > 0:
        raise InputError(f"blind levels need a positive number of minutes, got {minutes!r}")
    forced = variant.forced
    return [
        BlindLevel(
            from_minute=minutes * k,
            small_blind=forced.small_blind << k,
            big_blind=forced.big_blind << k,
            ante=forced.ante << k,
        )
        for k in range(1, levels + 1)
    ]


class SessionOver(RuntimeError):
    """Fewer than two players have chips: no more hands can be dealt.

    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> try:
    ...     Session(no_limit_holdem(1, 2), [100, 0]).start_hand()
    ... except SessionOver as over:
    ...     print(over)
    only 1 player has chips left
    """


class Session:
    """Seats keep their numbers for the whole session; each hand is a :class:`State` over the seats with chips.

    ``button``: the first dealer's seat, or None to draw for it by high card (suits do not
    rank; ties draw again). ``rebuy``: chips a busted player buys back in with (None: they leave).
    ``schedule``: blind levels by hand number or by minute (``clock``: seconds, ``time.monotonic`` by
    default; the level is read when each hand starts). ``fresh_ante_after_check_around`` (True,
    docs/rules.md 4.5): everyone antes again on top of a pot carried from a deal nobody opened.
    ``equal_stacks`` (False): refuse unequal starting stacks (docs/rules.md 4.1, 7).

    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> Session(no_limit_holdem(), [100, 90], equal_stacks=True)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InputError: equal_stacks is on: every player must start with the same stack, got [100, 90]
    """

    def __init__(  # noqa: PLR0913 (the session's documented keywords)
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        seed: int | None = None,
        button: int | None = None,
        rebuy: int | None = None,
        schedule: Sequence[BlindLevel] = (),
        fresh_ante_after_check_around: bool = True,
        equal_stacks: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(stacks) < 2:
            raise InputError("a session needs at least two players")
        if equal_stacks and len(set(stacks)) > 1:
            raise InputError(f"equal_stacks is on: every player must start with the same stack, got {list(stacks)}")
        if len({level.from_minute is None for level in schedule}) > 1:
            raise InputError("a blind schedule counts either hands or minutes, not both")
        self.variant = variant
        self.stacks = [int(s) for s in stacks]
        self.rng = random.Random(seed)
        self.rebuy = rebuy
        self.rebuys = [0] * len(stacks)
        self.schedule = sorted(schedule, key=lambda level: level.start)
        self.fresh_ante_after_check_around = fresh_ante_after_check_around
        self.equal_stacks = equal_stacks
        self.clock = clock
        self.started_at = clock()
        self.hands_played = 0
        self.misdeals = 0
        self.carried_pot = 0
        self.antes_due = True
        self.first_dealer_draw: list[list[tuple[int, int]]] = []
        self.button = self.draw_for_dealer() if button is None else button
        self.seats_in_hand: list[int] = []
        # The hand number in which each seat last posted the big blind (-1: never), for the button heads-up.
        self.big_blind_hand = [-1] * len(stacks)

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.stacks)

    def draw_for_dealer(self) -> int:
        """Each player draws a card; the highest rank deals first (tied ranks draw again).

        The draws are kept in ``first_dealer_draw``, one list of (seat, card) per round of drawing.
        """
        contenders = [seat for seat in range(self.seats) if self.stacks[seat] > 0]
        while True:
            deck = new_deck(52, self.rng.randrange(1 << 62))
            draws = list(zip(contenders, deck))
            self.first_dealer_draw.append(draws)
            best = max(card >> 2 for _, card in draws)
            contenders = [seat for seat, card in draws if card >> 2 == best]
            if len(contenders) == 1:
                return contenders[0]

    @property
    def minutes_played(self) -> float:
        """Minutes since the session began, by its clock."""
        return (self.clock() - self.started_at) / 60

    def variant_now(self) -> Variant:
        """The variant with the forced bets of the current blind level (by hands played or minutes played)."""
        level = None
        for candidate in self.schedule:
            reached = self.hands_played if candidate.from_minute is None else self.minutes_played
            if candidate.start <= reached:
                level = candidate
        if level is None:
            return self.variant
        return self.variant.with_forced(small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante)

    def start_hand(self, deck: Sequence[int] = (), **options: Any) -> State:
        """Deal the next hand over the seats with chips; ``options`` pass on to :class:`State`
        (``automatic``, ``auto_showdown``, ``reshuffle_order``)."""
        seats = [seat for seat in range(self.seats) if self.stacks[seat] > 0]
        if len(seats) < 2:
            raise SessionOver(f"only {len(seats)} player has chips left")
        if self.button not in seats:
            self.button = self._next_seat_with_chips(self.button)
        self.seats_in_hand = seats
        return State(
            self.variant_now(),
            [self.stacks[s] for s in seats],
            button=seats.index(self.button),
            seed=self.rng.randrange(1 << 62),
            deck=deck,
            carried_pot=self.carried_pot,
            antes=self.antes_due,
            **options,
        )

    def finish_hand(self, hand: State) -> None:
        """Take a finished hand's stacks and carried chips, handle busted players, move the button."""
        if hand.phase != DONE:
            raise InputError(f"the hand is not over: it is in the {hand.phase} phase")
        for index, seat in enumerate(self.seats_in_hand):
            self.stacks[seat] = hand.stacks[index]
        self.carried_pot = hand.carry_out
        if hand.ended_by == "misdeal":
            # docs/rules.md 4.3: dealt again, the button and the antes or blinds where they were.
            self.misdeals += 1
            return
        self.antes_due = hand.ended_by != "check-around" or self.fresh_ante_after_check_around
        for seat in range(self.seats):
            if self.stacks[seat] == 0 and self.rebuy:
                self.stacks[seat] = self.rebuy
                self.rebuys[seat] += 1
        for event in hand.history:  # the forced bets open the history
            if event[0] != "post":
                break
            if event.forced == "big blind":
                self.big_blind_hand[self.seats_in_hand[event.seat]] = self.hands_played
        self.hands_played += 1
        self.button = self._next_button()

    def _next_button(self) -> int:
        """The next hand's button: the next seat with chips; when two players are left, the one who had the big
        blind most recently (docs/rules.md 5.1: Robert's Rules, button and blind use, 3; TDA rule 34), so that
        nobody posts it twice in a row."""
        seats = [seat for seat in range(self.seats) if self.stacks[seat] > 0]
        if len(seats) == 2:
            latest = max(seats, key=self.big_blind_hand.__getitem__)
            if self.big_blind_hand[latest] >= 0:
                return latest
        return self._next_seat_with_chips(self.button)

    def _next_seat_with_chips(self, seat: int) -> int:
        for k in range(1, self.seats + 1):
            candidate = (seat + k) % self.seats
            if self.stacks[candidate] > 0:
                return candidate
        return seat

    def play(self, hands: int, act: Callable[[State], None]) -> int:
        """Play up to ``hands`` hands, calling ``act(state)`` for every move; returns hands played.

        Stops early when fewer than two players have chips.
        """
        played = 0
        for _ in range(hands):
            if sum(1 for s in self.stacks if s > 0) < 2:
                break
            hand = self.start_hand()
            while hand.phase != DONE:
                act(hand)
            self.finish_hand(hand)
            played += 1
        return played

    def describe_first_draw(self) -> str:
        """The draw for the first dealer, e.g. ``'seat 0: 7c, seat 1: As'`` (rounds separated by ``;``)."""
        return "; ".join(
            ", ".join(f"seat {seat}: {names([card])}" for seat, card in draws) for draws in self.first_dealer_draw
        )
