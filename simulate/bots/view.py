"""What one seat may see of a hand (:class:`SeatView`), the moves a bot returns (:class:`Action`), and applying them.

A bot is any callable ``bot(view) -> Action``. The view is read-only: it exposes the legal actions
with their amount ranges, the pot, stacks, bets, the seat's own cards, the board and the public
history (other players' hole cards and drawn cards stay hidden until shown).

>>> from pokerlab.simulate.game import State, no_limit_holdem
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=1)
>>> view = SeatView(hand)
>>> view.seat, view.legal, view.raise_range, view.to_call
(0, ('fold', 'call', 'bet_or_raise'), (20, 1000), 10)
>>> apply_action(hand, Action.raise_to(30)); hand.level
30
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, Protocol

from ..game.declarations import LowHalf
from ..game.errors import IllegalActionError, Legality
from ..game.events import Bet, Board, Deal, Draw, Event, Raise
from ..game.phases import BET, DRAW, SHOWDOWN
from ..game.state import State
from ..game.stud import up_cards


class SeenDeal(NamedTuple):
    """A deal as one seat sees it: its own hole cards so far (other seats' cards stay hidden)."""

    kind: Literal["deal"]
    cards: tuple[int, ...]


class SeenDraw(NamedTuple):
    """A draw as one seat sees it: how many cards ``seat`` drew; the cards only for the seat's own draw.

    >>> SeenDraw("draw", 2, 3, (), ()).number
    3
    """

    kind: Literal["draw"]
    seat: int
    number: int  # cards discarded and drawn
    discards: tuple[int, ...]
    drawn: tuple[int, ...]


#: An event of :meth:`SeatView.public_history`: the hand's event, or the seat's view of a deal or a draw.
SeenEvent = Event | SeenDeal | SeenDraw


@dataclass(frozen=True)
class Action:
    """A move: ``kind`` is fold, check, call, bet_or_raise (``amount``: raise-to total), draw (``cards``), show, muck,
    or bring_in (stud's forced bet on third street; completing is a bet_or_raise).

    >>> Action.draw_cards([0, 1]).cards
    (0, 1)
    """

    kind: str
    amount: int | None = None
    cards: tuple[int, ...] = ()

    @staticmethod
    def fold() -> Action:
        """Fold."""
        return Action("fold")

    @staticmethod
    def check() -> Action:
        """Check."""
        return Action("check")

    @staticmethod
    def call() -> Action:
        """Call."""
        return Action("call")

    @staticmethod
    def raise_to(amount: int) -> Action:
        """Bet or raise to ``amount`` in total this round."""
        return Action("bet_or_raise", int(amount))

    @staticmethod
    def draw_cards(cards: tuple[int, ...] | list[int] = ()) -> Action:
        """Discard ``cards`` and draw as many (none: stand pat)."""
        return Action("draw", cards=tuple(cards))

    def describe(self) -> str:
        """Short text, e.g. ``'raise to 30'``."""
        if self.kind == "bet_or_raise":
            return f"bet/raise to {self.amount}"
        if self.kind == "draw":
            return f"draw {len(self.cards)}"
        return self.kind


class Bot(Protocol):
    """Anything called with a :class:`SeatView` that returns a legal :class:`Action`.

    >>> from pokerlab.simulate.bots import simulate_bots
    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> def always_call(view: SeatView) -> Action:
    ...     return Action("check") if "check" in view.legal else Action("call")
    >>> [seat.name for seat in simulate_bots(no_limit_holdem(1, 2), [always_call, "station"], hands=10, seed=1).seats]
    ['bot', 'station']
    """

    def __call__(self, view: SeatView) -> Action: ...


class SeatView:
    """A read-only window on a hand for the seat to act (or ``seat``): only what that seat may know.

    Lists are returned as tuples, so nothing reaches back into the hand.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> view = SeatView(State(no_limit_holdem(), [50, 50], seed=0))  # the small blind, facing the big blind
    >>> view.seat, view.legal, view.to_call, view.raise_range
    (0, ('fold', 'call', 'bet_or_raise'), 1, (4, 50))
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int | None = None) -> None:
        self._state = state
        self.seat: int = state.actor if seat is None else seat  # type: ignore[assignment]

    # -- the game
    @property
    def game(self) -> str:
        """The variant's name."""
        return self._state.variant.name

    @property
    def structure(self) -> str:
        """Betting structure: fixed-limit, no-limit, pot-limit..."""
        return self._state.variant.betting.kind

    @property
    def ranking(self) -> str:
        """How hands rank: high, deuce-seven, ace-five, bug, deuces-wild..."""
        return self._state.variant.ranking

    @property
    def uses_board(self) -> bool:
        """True in hold'em (community cards)."""
        return self._state.variant.uses_board

    @property
    def big_blind(self) -> int:
        """The big blind, or the small bet in ante games: the unit bots size bets in."""
        forced = self._state.variant.forced
        return forced.big_blind or self._state.variant.betting.small_bet

    # written out again on purpose: one documented property a question a bot may ask
    # -- the hand
    @property
    def phase(self) -> str:
        """bet, draw or showdown (when asked to act)."""
        return self._state.phase

    @property
    def street(self) -> int:
        """Betting round index (0 = first)."""
        return self._state.street

    @property
    def players(self) -> int:
        """Seats in the hand."""
        return self._state.n

    @property
    def button(self) -> int:
        """The dealer's seat."""
        return self._state.button

    @property
    def position(self) -> int:
        """Seats after the button, 1 = first to act after the deal (small blind), n = button (acts last)."""
        return (self.seat - self._state.button - 1) % self._state.n + 1

    @property
    def hole(self) -> tuple[int, ...]:
        """This seat's own cards."""
        return tuple(self._state.hole[self.seat])

    @property
    def board(self) -> tuple[int, ...]:
        """Community cards."""
        return tuple(self._state.board)

    @property
    def pot(self) -> int:
        """Chips in the pot, the current round's bets included."""
        return self._state.pot_total

    @property
    def stacks(self) -> tuple[int, ...]:
        """Every seat's chips behind."""
        return tuple(self._state.stacks)

    @property
    def stack(self) -> int:
        """This seat's chips behind."""
        return self._state.stacks[self.seat]

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has bet this round."""
        return tuple(self._state.bets)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Who has folded."""
        return tuple(self._state.folded)

    @property
    def opponents(self) -> tuple[int, ...]:
        """Seats still in the hand other than this one."""
        return tuple(i for i in self._state.in_hand if i != self.seat)

    @property
    def to_call(self) -> int:
        """Chips needed to call (0 when checking is free)."""
        return self._state.call_amount if self._state.actor == self.seat else 0

    @property
    def legal(self) -> tuple[str, ...]:
        """Legal operations now: fold/check/call/bet_or_raise, draw, or show/muck."""
        return tuple(self._state.legal_actions()) if self._state.actor == self.seat else ()

    @property
    def raise_range(self) -> tuple[int, int] | None:
        """``(min_to, max_to)`` of a legal bet or raise, or None."""
        if self._state.actor != self.seat or self._state.phase != BET:
            return None
        return self._state.bet_or_raise_range()

    @property
    def is_stud(self) -> bool:
        """Whether the game is stud (up cards, a bring-in)."""
        return self._state.variant.is_stud

    @property
    def is_omaha(self) -> bool:
        """Whether hands are exactly two hole cards and three board cards (Omaha, 4 to 6 hole cards)."""
        return bool(self._state.variant.hole_used)

    @property
    def low_half(self) -> LowHalf | None:
        """The low half of a high-low split game (its ranking and qualifier), None in other games."""
        return self._state.variant.low

    def up_cards(self, seat: int) -> tuple[int, ...]:
        """The face-up cards of ``seat`` (stud; public to everyone), none in other games."""
        if not self._state.variant.is_stud:
            return ()
        return tuple(up_cards(self._state, seat))

    @property
    def max_discards(self) -> int:
        """Most cards this seat may draw now (0 outside a draw)."""
        if self._state.phase != DRAW:
            return 0
        rule = self._state.variant.streets[self._state.street].draw
        return rule.max_discards if rule else 0

    @property
    def draws_left(self) -> int:
        """Draw rounds still to come (counting the current one)."""
        streets = self._state.variant.streets
        start = self._state.street + (0 if self._state.phase == DRAW else 1)
        return sum(1 for s in streets[start:] if s.draw is not None)

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now (amount and cards included)."""
        if self._state.actor != self.seat:
            return False
        verdict = _legality(self._state, action)
        return verdict is not None and bool(verdict)

    def why_not(self, action: Action) -> str | None:
        """The engine's reason ``action`` is illegal, or None."""
        try:
            verdict = _legality(self._state, action)
        except (TypeError, ValueError) as exc:
            return str(exc)
        return f"unknown action {action.kind!r}" if verdict is None else verdict.reason

    def public_history(self) -> tuple[SeenEvent, ...]:
        """The hand's events as this seat may know them: other seats' cards only once shown, draws as counts.

        >>> from pokerlab.simulate.game import State, five_card_draw
        >>> hand = State(five_card_draw(), [20, 20], seed=1)
        >>> SeatView(hand).public_history()[-1]
        SeenDeal(kind='deal', cards=(32, 7, 3, 50, 0))
        """
        out: list[SeenEvent] = []
        for entry in self._state.history:
            if isinstance(entry, Deal):
                out.append(SeenDeal("deal", tuple(self._state.hole[self.seat][: len(entry.hole[self.seat])])))
            elif isinstance(entry, Draw):
                seat = entry.seat
                mine = seat == self.seat
                shown = (entry.discards, entry.drawn) if mine else ((), ())
                out.append(SeenDraw("draw", seat, len(entry.discards), *shown))
            else:
                out.append(entry)
        return tuple(out)

    def draw_counts(self) -> dict[int, int]:
        """Cards each seat drew in the latest draw so far (standing pat is 0)."""
        counts: dict[int, int] = {}
        for entry in self._state.history:
            if isinstance(entry, Draw):
                if entry.seat in counts:
                    counts = {}
                counts[entry.seat] = len(entry.discards)
        return counts

    def aggressors(self) -> tuple[int, ...]:
        """Seats that bet or raised this hand, in order (repeats kept)."""
        return tuple(e.seat for e in self._state.history if isinstance(e, Bet | Raise))

    def round_raises(self) -> int:
        """Bets and raises made in the current betting round."""
        count = 0
        for entry in reversed(self._state.history):
            if isinstance(entry, Board | Draw | Deal):
                break
            if isinstance(entry, Bet | Raise):
                count += 1
        return count


#: The actions that take no amount and no cards: the engine's method of the same name makes one, ``can_`` + the name
#: checks it.
_PLAIN_ACTIONS = ("fold", "check", "call", "show", "muck", "bring_in")


def _legality(state: State, action: Action) -> Legality | None:
    """The engine's verdict on ``action`` for the seat to act (true when legal, else its reason); None for an
    unknown kind."""
    if action.kind in _PLAIN_ACTIONS:
        verdict: Legality = getattr(state, "can_" + action.kind)()
        return verdict
    if action.kind == "bet_or_raise":
        return state.can_bet_or_raise(action.amount)
    if action.kind == "draw":
        return state.can_draw(list(action.cards))
    return None


def apply_action(state: State, action: Action) -> None:
    """Make ``action`` for the seat to act; raises :class:`~pokerlab.simulate.game.IllegalActionError` if illegal.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> state = State(no_limit_holdem(), [50, 50], seed=0)
    >>> apply_action(state, Action("call")); state.actor, SeatView(state).legal
    (1, ('fold', 'check', 'bet_or_raise'))
    """
    kind = action.kind
    if kind == "bet_or_raise":
        state.bet_or_raise(action.amount)  # type: ignore[arg-type]
    elif kind == "draw":
        state.draw(list(action.cards))
    elif kind in _PLAIN_ACTIONS:
        getattr(state, kind)()
    else:
        raise IllegalActionError(f"unknown action {kind!r}")


def passive_default(view: SeatView) -> Action:
    """The safe move: check if free, else fold (draws stand pat, showdowns show).

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> passive_default(SeatView(State(no_limit_holdem(), [50, 50], seed=0))).kind
    'fold'
    """
    if view.phase == DRAW:
        return Action.draw_cards()
    if view.phase == SHOWDOWN:
        return Action("show")
    if "bring_in" in view.legal:
        return Action("bring_in")
    return Action.check() if "check" in view.legal else Action.fold()
