"""The events of a hand's ``history``: one named tuple type a kind, the kind's name its first field.

:class:`~pokerlab.simulate.game.state.State` appends one event for every step of the hand (a forced
bet posted, cards dealt, a decision, a draw, a hand shown, chips won). Read them by name
(``event.kind``, ``event.seat``, ``event.amount``...). Each event is still the plain tuple it stands
for, so ``event[0]`` is the kind, an event equals its tuple and JSON writes it as a list:

>>> event = Call("call", 2, 10)
>>> event.kind, event.seat, event.amount, event == ("call", 2, 10)
('call', 2, 10, True)
>>> EVENT_TYPES["passed out"]._fields
('kind', 'pot')

The engine builds its events with :data:`new_event` (``tuple.__new__``): the same object as the
class call, without the named tuple's Python-level ``__new__``, half the cost of an event, and a
hand appends about twenty of them. Folds and checks are kept, one object a seat (:data:`FOLD_EVENTS`).

>>> new_event(Win, ("win", 1, 30)) == Win("win", 1, 30), FOLD_EVENTS[3]
(True, Fold(kind='fold', seat=3))
"""

from __future__ import annotations

from typing import Literal, NamedTuple


class Post(NamedTuple):
    """A forced bet posted: ``forced`` is ``"ante"``, ``"small blind"``, ``"big blind"`` or ``"straddle"``."""

    kind: Literal["post"]
    seat: int
    forced: str
    amount: int  # chips put in (all of a shorter stack)


class Deal(NamedTuple):
    """Hole cards dealt: ``hole`` holds every seat's hole cards so far, after this deal."""

    kind: Literal["deal"]
    hole: tuple[tuple[int, ...], ...]


class Board(NamedTuple):
    """Community cards turned (a flop, a turn, a river, or stud's one card for everyone)."""

    kind: Literal["board"]
    cards: tuple[int, ...]


class Fold(NamedTuple):
    """A player folds."""

    kind: Literal["fold"]
    seat: int


class Check(NamedTuple):
    """A player checks."""

    kind: Literal["check"]
    seat: int


class Call(NamedTuple):
    """A player calls ``amount`` chips (less than the bet when all-in)."""

    kind: Literal["call"]
    seat: int
    amount: int


class Bet(NamedTuple):
    """A player opens the betting of a round to ``to`` chips."""

    kind: Literal["bet"]
    seat: int
    to: int


class Raise(NamedTuple):
    """A player raises to ``to`` chips in total this round."""

    kind: Literal["raise"]
    seat: int
    to: int


class BringIn(NamedTuple):
    """Stud: a player posts the bring-in of ``amount`` chips."""

    kind: Literal["bring-in"]
    seat: int
    amount: int


class Draw(NamedTuple):
    """A player discards ``discards`` and is dealt ``drawn`` (both empty: standing pat)."""

    kind: Literal["draw"]
    seat: int
    discards: tuple[int, ...]
    drawn: tuple[int, ...]


class ShowAce(NamedTuple):
    """A player keeps and shows an ace (``card``) to draw four."""

    kind: Literal["show ace"]
    seat: int
    card: int


class Reshuffle(NamedTuple):
    """The stub ran out: ``size`` earlier discards were shuffled into a new stub."""

    kind: Literal["reshuffle"]
    size: int


class Show(NamedTuple):
    """A player's hand shown at the showdown."""

    kind: Literal["show"]
    seat: int
    cards: tuple[int, ...]


class Muck(NamedTuple):
    """A player throws the hand away unshown at the showdown."""

    kind: Literal["muck"]
    seat: int


class Return(NamedTuple):
    """An uncalled bet's ``amount`` goes back to its owner."""

    kind: Literal["return"]
    seat: int
    amount: int


class PassedOut(NamedTuple):
    """Nobody opened: the ``pot`` stays for the next deal."""

    kind: Literal["passed out"]
    pot: int


class Win(NamedTuple):
    """A player collects ``amount`` chips from the pots."""

    kind: Literal["win"]
    seat: int
    amount: int


class ShowOpeners(NamedTuple):
    """Jacks or better: the opener's openers are shown at the end of the hand."""

    kind: Literal["show openers"]
    seat: int
    cards: tuple[int, ...]


class Misdeal(NamedTuple):
    """The hand ends in a misdeal (``cause``: ``"exposed-card"`` or ``"wrong-count"``); it is dealt again."""

    kind: Literal["misdeal"]
    cause: str


#: Any event of a hand's history.
Event = (
    Post
    | Deal
    | Board
    | Fold
    | Check
    | Call
    | Bet
    | Raise
    | BringIn
    | Draw
    | ShowAce
    | Reshuffle
    | Show
    | Muck
    | Return
    | PassedOut
    | Win
    | ShowOpeners
    | Misdeal
)

#: Every event type by its kind, in the order a hand can produce them.
EVENT_TYPES: dict[str, type[Event]] = {
    "post": Post,
    "deal": Deal,
    "board": Board,
    "fold": Fold,
    "check": Check,
    "call": Call,
    "bet": Bet,
    "raise": Raise,
    "bring-in": BringIn,
    "draw": Draw,
    "show ace": ShowAce,
    "reshuffle": Reshuffle,
    "show": Show,
    "muck": Muck,
    "return": Return,
    "passed out": PassedOut,
    "win": Win,
    "show openers": ShowOpeners,
    "misdeal": Misdeal,
}

#: The events of a player's own decision (each names the ``seat`` that made it).
PlayerAction = Fold | Check | Call | Bet | Raise | BringIn | Draw
PLAYER_ACTION_TYPES: tuple[type[PlayerAction], ...] = (Fold, Check, Call, Bet, Raise, BringIn, Draw)

#: An event from its type and all its fields, the kind first: ``new_event(Call, ("call", seat, amount))``.
new_event = tuple.__new__

#: Folds and checks are the same object every time: ``FOLD_EVENTS[seat]`` for seats below
#: :data:`SEATS_KEPT` (a larger table builds its own).
SEATS_KEPT = 64
FOLD_EVENTS: tuple[Fold, ...] = tuple(Fold("fold", seat) for seat in range(SEATS_KEPT))
CHECK_EVENTS: tuple[Check, ...] = tuple(Check("check", seat) for seat in range(SEATS_KEPT))
