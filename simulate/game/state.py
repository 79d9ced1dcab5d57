"""One hand of poker as a state machine: forced bets, dealing, betting, draws, showdown, payout.

Every operation has a query (``can_fold``, ``can_bet_or_raise``...) that
answers whether it is legal now and, if not, why. An illegal operation raises
:class:`IllegalActionError` before touching anything, so the state stays
exactly as it was. ``copy()`` is a flat copy of lists, cheap enough for tree
search. Seats are 0..n-1 in clockwise order; ``button`` is the dealer's seat.

>>> from pokerlab.simulate.game import no_limit_holdem
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=3)
>>> hand.actor, hand.call_amount, hand.bet_or_raise_range()
(0, 10, (20, 1000))
>>> MISDEAL_CAUSES   # what ``misdeal(cause)`` takes
('exposed-card', 'wrong-count')
>>> hand.fold(); hand.call(); hand.check()   # button folds, small blind calls, big blind checks
>>> hand.street, len(hand.board)
(1, 3)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from pokerlab.errors import InputError

from .betting_actions import BettingMixin
from .cards import new_deck
from .declarations import Variant
from .errors import LEGAL, MAX_CHIPS, IllegalActionError, Legality, describe_argument, whole_number
from .events import PLAYER_ACTION_TYPES, Event, Misdeal, new_event
from .flow import FlowMixin
from .phases import (  # the phases are importable from here too
    BET as BET,
    DEAL as DEAL,
    DONE as DONE,
    DRAW as DRAW,
    POST as POST,
    SHOWDOWN as SHOWDOWN,
)
from .pots import Pot
from .seating import CLOCKWISE, clockwise
from .stud import StudMixin, cards_needed

#: Misdeal causes (docs/rules.md 4.3): a card dealt face up,
MISDEAL_EXPOSED_CARD = "exposed-card"
#: or a player dealt the wrong number of cards.
MISDEAL_WRONG_COUNT = "wrong-count"
#: Every cause :meth:`State.misdeal` takes.
MISDEAL_CAUSES = (MISDEAL_EXPOSED_CARD, MISDEAL_WRONG_COUNT)
PLAYER_ACTIONS = ("fold", "check", "call", "bet", "raise", "draw", "bring-in")

#: The ``reshuffle_order`` hook of :class:`State`: when a draw finds the stub empty, the dealer shuffles the
#: earlier discards into a new stub (docs/rules.md 4.6) and passes it, as shuffled, to the hook, which returns
#: the same cards in the order they are to be dealt. Replaying a recorded hand puts the recorded draws on top.
ReshuffleOrder = Callable[[list[int]], Sequence[int]]
_INT_ONLY = {int}


class State(FlowMixin, StudMixin, BettingMixin):
    """A hand in progress. Construct it, then act for ``actor`` until ``phase == "done"``.

    Parameters: ``stacks`` per seat (clockwise), ``button`` seat, ``seed`` of the shuffle
    (random if None), ``deck`` cards to put on top of the deck in dealing order (tests),
    ``carried_pot`` chips left from the previous deal, ``antes`` (False skips the antes,
    e.g. after a check-around without a fresh ante), ``automatic`` (the dealer posts and
    deals by itself; False makes ``post()``/``deal()`` explicit operations),
    ``auto_showdown`` (every contender's hand is shown; False asks each to ``show()`` or ``muck()``),
    ``reshuffle_order`` (the order of a reshuffled stub, see :data:`ReshuffleOrder`; None: as shuffled).

    >>> from pokerlab.simulate.game import five_card_draw
    >>> hand = State(five_card_draw(ante=1, small_bet=2), [50, 50], seed=1)
    >>> hand.phase, hand.pot_total, hand.actor
    ('bet', 2, 1)
    """

    __slots__ = (
        "variant",
        "n",
        "button",
        "seed",
        "automatic",
        "auto_showdown",
        "starting_stacks",
        "stacks",
        "bets",
        "contributions",
        "antes_paid",
        "folded",
        "hole",
        "board",
        "deck",
        "deck_pos",
        "dead_cards",
        "reshuffles",
        "reshuffle_order",
        "carried_in",
        "pot_total",
        "phase",
        "street",
        "actor",
        "forced_queue",
        "level",
        "full_level",
        "last_raise",
        "bets_made",
        "acted_at",
        "last_aggressor",
        "last_caller",
        "opener",
        "opening_hand",
        "draw_queue",
        "shown",
        "mucked",
        "muck_order",
        "show_queue",
        "values",
        "pots",
        "payouts",
        "carry_out",
        "ended_by",
        "history",
        "_memo_at",
        "_memo_bounds",
    )

    def __init__(  # noqa: PLR0913 (the hand's documented keywords)
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        button: int = 0,
        seed: int | None = None,
        deck: Sequence[int] = (),
        carried_pot: int = 0,
        antes: bool = True,
        automatic: bool = True,
        auto_showdown: bool = True,
        reshuffle_order: ReshuffleOrder | None = None,
    ) -> None:
        n = len(stacks)
        if not variant.min_players <= n <= variant.max_players:
            raise InputError(f"{variant.name} takes {variant.min_players} to {variant.max_players} players, got {n}")
        chips = list(stacks)
        # Plain ints in range (the usual case) are proved in C, without a Python loop over the seats.
        if set(map(type, chips)) != _INT_ONLY or min(chips) <= 0 or max(chips) >= MAX_CHIPS:
            chips = _stack_chips(stacks)
        seat = button if type(button) is int else whole_number(button)
        if seat is None or not 0 <= seat < n:
            raise InputError(f"button seat {describe_argument(button)} is not one of the seats 0..{n - 1}")
        carried = carried_pot if type(carried_pot) is int else _whole_chips(carried_pot)
        if carried is None or not 0 <= carried < MAX_CHIPS:
            raise InputError(f"the carried pot must be a whole number of chips, 0 or more; got {carried_pot!r}")
        if type(seed) is not int:
            seed = _seed_number(seed)
        button, carried_pot = seat, carried
        needed = n * variant.hole_cards + variant.table_cards
        if variant.is_stud:  # a short deck turns the last street into one community card (docs/rules.md 13.5)
            needed = cards_needed(variant, n)
        if needed > variant.deck_size:
            raise InputError(f"{n} players need {needed} cards, the deck has {variant.deck_size}")
        if n not in CLOCKWISE:
            clockwise(n)  # the table's seat orders, which the dealer and the betting read from seating.CLOCKWISE
        forced = variant.forced_order(n, button, antes)
        self.variant = variant
        self.n = n
        self.button = button
        self.seed = seed
        self.automatic = automatic
        self.auto_showdown = auto_showdown
        self.starting_stacks = chips
        self.stacks = chips[:]
        zeros = [0] * n
        self.bets = zeros[:]
        self.contributions = zeros[:]
        self.antes_paid = zeros[:]
        self.payouts = zeros
        self.folded = [False] * n
        self.shown = [False] * n
        self.mucked = [False] * n
        self.hole: list[list[int]] = [[] for _ in range(n)]
        self.board: list[int] = []
        # Only the cards a hand can deal are shuffled: every card when a draw or stud's short deck may reach
        # the bottom. A 6-max hold'em hand draws 20 cards, not 51 (cards.new_deck).
        self.deck = new_deck(variant.deck_size, seed, deck, None if variant.deals_deep else needed)
        self.deck_pos = 0
        self.dead_cards: list[tuple[int, int]] = []  # (owner seat or -1 for burns, card): the reshuffle pool
        self.reshuffles = 0
        if reshuffle_order is not None and not callable(reshuffle_order):
            shown = describe_argument(reshuffle_order)
            raise InputError(f"reshuffle_order must be a function of the new stub, got {shown}")
        self.reshuffle_order = reshuffle_order
        self.carried_in = carried_pot
        self.pot_total = carried_pot
        self.street = 0
        self.actor: int | None = None
        self.level = self.full_level = self.last_raise = self.bets_made = 0
        self.acted_at = [-1] * n
        self.last_aggressor: int | None = None
        self.last_caller: int | None = None
        self.opener: int | None = None
        self.opening_hand: list[int] | None = None
        self.draw_queue: list[int] = []
        self.muck_order: list[int] = []
        self.show_queue: list[int] = []
        self.values: list[int | None] = [None] * n
        self.pots: list[Pot] = []
        self.carry_out = 0
        self.ended_by: str | None = None
        self.history: list[Event] = []
        self._memo_at = -1  # the history length of the decision _memo_bounds is for: none has length -1
        self._memo_bounds: tuple[int, int] | str = ""
        self.forced_queue = list(forced)
        self.phase = POST if forced else DEAL
        self._run_dealer()

    # ------------------------------------------------------------------ seats and queries
    def left_of(self, seat: int) -> int:
        """The next seat clockwise.

        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> State(no_limit_holdem(), [10, 10, 10], seed=0).left_of(2)
        0
        """
        return (seat + 1) % self.n

    def seat_at(self, position: int) -> int:
        """The seat of a forced-bet position: 0 the small blind, 1 the big blind, 2 under the gun...

        Heads-up the button is position 0 (it posts the small blind), as PHH reverses the blinds.

        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> State(no_limit_holdem(), [10, 10, 10], button=2, seed=0).seat_at(1)
        1
        """
        if self.n == 2:
            return (self.button + position) % 2
        return (self.button + 1 + position) % self.n

    def position_of(self, seat: int) -> int:
        """The forced-bet position of ``seat`` (the inverse of :meth:`seat_at`).

        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> State(no_limit_holdem(), [10, 10], button=1, seed=0).position_of(1)   # heads-up: the button
        0
        """
        if self.n == 2:
            return (seat - self.button) % 2
        return (seat - self.button - 1) % self.n

    def blind_seats(self) -> tuple[int, int]:
        """(small blind seat, big blind seat): heads-up the button posts the small blind.

        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> State(no_limit_holdem(), [10, 10], button=1, seed=0).blind_seats()
        (1, 0)
        """
        if self.n == 2:
            return self.button, (self.button + 1) % 2
        return (self.button + 1) % self.n, (self.button + 2) % self.n

    @property
    def call_amount(self) -> int:
        """Chips the actor needs to call (0 when a check is free), capped by the actor's stack."""
        if self.actor is None or self.phase != BET:
            return 0
        owed = self.level - self.bets[self.actor]
        stack = self.stacks[self.actor]
        return owed if owed < stack else stack

    @property
    def net(self) -> list[int]:
        """Each seat's chips won or lost so far this hand (final once ``phase == "done"``)."""
        return [s - t for s, t in zip(self.stacks, self.starting_stacks)]

    @property
    def in_hand(self) -> list[int]:
        """Seats that have not folded."""
        return [i for i in range(self.n) if not self.folded[i]]

    # ------------------------------------------------------------------ misdeal
    def _why_not_misdeal(self, cause: object) -> str | None:
        if cause not in MISDEAL_CAUSES:
            return f"a misdeal's cause is one of {', '.join(MISDEAL_CAUSES)}, got {describe_argument(cause)}"
        if self.phase == DONE:
            return "the hand is over; a misdeal can only be called while the cards are being dealt"
        if not any(self.hole):
            return "no card has been dealt yet, so there is nothing to deal again"
        # Robert's Rules: the deal stands once two players have acted; stud's bring-in is a forced bet, not action.
        acted = [event for event in self.history if isinstance(event, PLAYER_ACTION_TYPES) and event.kind != "bring-in"]
        seats = list(dict.fromkeys(event.seat for event in acted))
        if len(seats) >= 2:
            return (
                f"seats {seats[0]} and {seats[1]} have already acted: a misdeal is called before two players "
                "have acted; after that the hand stands"
            )
        return None

    def can_misdeal(self, cause: str = MISDEAL_EXPOSED_CARD) -> Legality:
        """Whether the dealer may call a misdeal now (cards dealt, fewer than two players acted), and why not.

        >>> from pokerlab.simulate.game import five_card_draw
        >>> hand = State(five_card_draw(), [20, 20, 20], seed=1)
        >>> hand.check(); hand.can_misdeal().ok
        True
        >>> hand.check(); hand.can_misdeal().reason[:40]
        'seats 1 and 2 have already acted: a misd'
        """
        return _legality(self._why_not_misdeal(cause))

    def misdeal(self, cause: str = MISDEAL_EXPOSED_CARD) -> None:
        """A card dealt face up or a wrong card count (docs/rules.md 4.3): the hand ends and is dealt again.

        Nothing changes hands: antes and blinds go back to their owners and a carried pot stays for the
        new deal (``carry_out``); ``ended_by`` is ``"misdeal"``. :class:`~pokerlab.simulate.game.session.Session`
        deals again with the same button, so the same players post the same blinds.

        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> hand = State(no_limit_holdem(5, 10), [100, 100, 100], seed=2)
        >>> hand.misdeal("wrong-count"); hand.phase, hand.ended_by, hand.stacks
        ('done', 'misdeal', [100, 100, 100])
        """
        reason = self._why_not_misdeal(cause)
        if reason:
            raise IllegalActionError(reason)
        n = self.n
        self.history.append(new_event(Misdeal, ("misdeal", cause)))
        self.stacks = list(self.starting_stacks)
        self.bets, self.contributions = [0] * n, [0] * n
        self.pot_total = 0
        self.carry_out = self.carried_in
        self.forced_queue = []
        self.ended_by = "misdeal"
        self.actor = None
        self.phase = DONE

    # ------------------------------------------------------------------ copying and comparing
    def copy(self) -> State:
        """An independent copy (lists copied, immutable parts shared), for search.

        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> a = State(no_limit_holdem(), [100, 100], seed=1); b = a.copy(); b.fold()
        >>> a.phase, b.phase
        ('bet', 'done')
        """
        other = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = [list(v) if type(v) is list else v for v in value] if name == "hole" else list(value)
            setattr(other, name, value)
        other.pots = list(self.pots)
        return other

    def snapshot(self) -> tuple[Any, ...]:
        """Every field as nested tuples: equal snapshots mean equal states (tests use it)."""
        out: list[Any] = []
        for name in State.__slots__:
            if name == "_memo_at" or name == "_memo_bounds":
                continue
            value = getattr(self, name)
            if name == "pots":
                value = tuple((p.amount, p.eligible, p.winners, p.shares) for p in value)
            elif type(value) is list:
                value = tuple(tuple(v) if type(v) is list else v for v in value)
            out.append(value)
        return tuple(out)

    def __repr__(self) -> str:
        return (
            f"<State {self.variant.name}: phase={self.phase} street={self.street} actor={self.actor} "
            f"stacks={self.stacks} bets={self.bets} pot={self.pot_total}>"
        )


def _whole_chips(value: object) -> int | None:
    """A chip count as an int: whole numbers, and whole finite floats (``100.0``); else None."""
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    return whole_number(value)


def _stack_chips(stacks: Sequence[int]) -> list[int]:
    """The starting stacks as chip counts, each a whole number of chips from 1 to below 2**62."""
    chips = []
    for stack in stacks:
        chip = stack if type(stack) is int else _whole_chips(stack)
        if chip is None or not 0 < chip < MAX_CHIPS:
            shown = describe_argument(list(stacks), 80)
            raise InputError(f"every stack must be a positive whole number of chips below 2**62, got {shown}")
        chips.append(chip)
    return chips


def _seed_number(seed: object) -> int:
    """A seed given as other than an int: a random one for None, else the whole number it is."""
    if seed is None:
        return random.randrange(1 << 62)
    number = whole_number(seed)
    if number is None:
        raise InputError(f"the seed must be a whole number or None, got {describe_argument(seed)}")
    return number


def _legality(reason: str | None) -> Legality:
    return LEGAL if reason is None else Legality(reason)
