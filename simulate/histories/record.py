"""Write a finished (or unfinished) engine hand as a PHH :class:`~pokerlab.simulate.histories.hand.HandHistory`.

PHH players run clockwise from the button's left: seat ``button + 1`` is ``p1`` and the button is
``pN``. The optional ``seats`` field keeps pokerlab's seat numbers (1-based), so a replay puts
everyone back in the same seat. The dealer's automatic steps (antes, blinds, burns, returned bets,
pushing chips) are not written, as PHH wants; engine events PHH has no action for are written as
commentary no-ops (``# ...``). A misdealt hand (docs/rules.md 4.3) keeps its deal, a commentary
line and the field ``_misdeal`` (the cause), which replay uses to end the hand the same way.

Showdown actions are placed where pokerkit expects them: when everyone is all-in before the last
board, hands are shown before the rest of the board is dealt; in a draw, all discards of a round
come first, then the dealer's replacement cards.

>>> from pokerlab.simulate.game import State, no_limit_holdem
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=1)
>>> hand.raise_to(30); hand.fold(); hand.fold()
>>> record = history_from_state(hand)
>>> record.variant, record.actions[3:], record.optional["finishing_stacks"]
('NT', ['p3 cbr 30', 'p1 f', 'p2 f'], [995, 990, 1015])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerlab.simulate.game.events import (
    Bet,
    Board,
    BringIn,
    Call,
    Check,
    Deal,
    Draw,
    Event,
    Fold,
    Misdeal,
    Muck,
    Post,
    Raise,
    Return,
    Show,
)
from pokerlab.simulate.game.state import DONE, State

from .cards import format_cards
from .codes import phh_fields
from .hand import HandHistory

BETTING = ("fold", "check", "call", "bet", "raise")
#: The events written as a PHH betting decision: the betting actions and stud's bring-in.
DECISIONS = (Fold, Check, Call, Bet, Raise, BringIn)


def phh_winnings(state: State) -> list[int]:
    """Chips each seat collected, as PHH counts them: a blind nobody called is part of the pot its poster wins.

    (The engine hands an uncalled bet back before the award; PHH's ``winnings`` and pokerkit keep an
    uncalled *blind* in the pot.)

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> hand = State(no_limit_holdem(1, 2), [50, 50], button=0, seed=1)
    >>> hand.fold()
    >>> hand.payouts, phh_winnings(hand)
    ([0, 2], [0, 3])
    """
    won = list(state.payouts)
    if state.ended_by == "fold":
        returned = [entry for entry in state.history if isinstance(entry, Return)]
        if returned:
            raised = {entry.seat for entry in state.history if isinstance(entry, _RAISES)}
            for entry in returned:
                if entry.seat not in raised:
                    won[entry.seat] += entry.amount
    return won


_RAISES = (Bet, Raise)  # a tuple: ``Bet | Raise`` in the loop built a union type an entry


def phh_order(state: State) -> list[int]:
    """Engine seats in PHH order (``p1`` first): clockwise from the button's left, the button last.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> phh_order(State(no_limit_holdem(), [9, 9, 9], button=1, seed=0))
    [2, 0, 1]
    """
    return [(state.button + 1 + k) % state.n for k in range(state.n)]


def history_from_state(
    state: State,
    *,
    players: Sequence[str] | None = None,
    hand: int | str | None = None,
    extra: dict[str, Any] | None = None,
) -> HandHistory:
    """The PHH record of ``state`` (its actions so far; final stacks when the hand is over).

    ``players``: names by engine seat; ``hand``: the hand number; ``extra``: more optional or ``_`` fields.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> state = State(no_limit_holdem(1, 2), [100, 100], button=0, seed=1)
    >>> state.fold()  # the button, the small blind heads-up, folds
    >>> record = history_from_state(state, players=["Ann", "Bob"])
    >>> record.variant, record.actions, record.names()
    ('NT', ['d dh p1 Tc3s', 'd dh p2 8h9c', 'p2 f'], ['Bob', 'Ann'])
    """
    order = phh_order(state)
    antes_posted = any(isinstance(entry, Post) and entry.forced == "ante" for entry in state.history)
    antes_posted = antes_posted or not state.variant.forced.has_antes
    code, fields, extras = phh_fields(state.variant, state.n, antes_posted)
    writer = _ActionWriter(state, order)
    for entry in state.history:
        writer.add(entry)
    optional = _optional_fields(state, order, fields, players, hand)
    user = _user_fields(state, extras)
    for key, value in (extra or {}).items():
        (user if key.startswith("_") else optional)[key] = value
    return HandHistory(
        code,
        fields["antes"],
        fields["blinds_or_straddles"],
        [state.starting_stacks[seat] for seat in order],
        writer.finish(),
        small_bet=fields.get("small_bet"),
        big_bet=fields.get("big_bet"),
        min_bet=fields.get("min_bet"),
        bring_in=fields.get("bring_in"),
        optional=optional,
        user=user,
    )


class _ActionWriter:
    """PHH actions from the engine's history entries, fed one at a time in the order they happened."""

    def __init__(self, state: State, order: list[int]) -> None:
        self.order = order
        self.label = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
        self.actions: list[str] = []
        self.pending_deals: list[str] = []  # replacement cards, dealt once every discard of the round is made
        self.last_betting = -1  # index in ``actions`` after the last player decision of a betting round or draw
        self.shows: list[str] = []
        self.dealt = [0] * state.n
        self.drew: set[int] = set()  # seats that discarded in the draw round being written

    def add(self, entry: Event) -> None:
        same_draw_round = isinstance(entry, Draw) and entry.seat not in self.drew
        if not same_draw_round:
            if self.pending_deals:
                self.actions.extend(self.pending_deals)
                self.pending_deals = []
                self.last_betting = len(self.actions)
            self.drew = set()
        label = self.label
        if isinstance(entry, Deal):
            self._deal(entry.hole)
        elif isinstance(entry, Board):
            self.actions.append(f"d db {format_cards(entry.cards)}")
        elif isinstance(entry, DECISIONS):
            self.actions.append(_decision(entry, label))
            self.last_betting = len(self.actions)
        elif isinstance(entry, Draw):
            self._draw(entry)
        elif isinstance(entry, Show):
            self.shows.append(f"{label[entry.seat]} sm {format_cards(entry.cards)}")
        elif isinstance(entry, Muck):
            self.shows.append(f"{label[entry.seat]} sm")
        else:
            comment = _commentary(entry, label)
            if comment is not None:
                self.actions.append(comment)

    def _deal(self, hole: Sequence[Sequence[int]]) -> None:
        for seat in self.order:
            cards = hole[seat][self.dealt[seat] :]
            self.dealt[seat] = len(hole[seat])
            if cards:
                self.actions.append(f"d dh {self.label[seat]} {format_cards(cards)}")

    def _draw(self, entry: Draw) -> None:
        seat, discards, new = entry.seat, entry.discards, entry.drawn
        self.drew.add(seat)
        self.actions.append(f"{self.label[seat]} sd {format_cards(discards)}".rstrip())
        self.last_betting = len(self.actions)
        if new:
            self.pending_deals.append(f"d dh {self.label[seat]} {format_cards(new)}")

    def finish(self) -> list[str]:
        """The actions, with the replacement cards still owed and the showdown put in place."""
        actions = self.actions + self.pending_deals
        if self.shows:
            # Boards dealt after the last decision were an all-in run-out: pokerkit shows the hands first.
            last = self.last_betting
            runout = last >= 0 and all(a.startswith("d db") for a in actions[last:])
            at = last if runout else len(actions)
            actions[at:at] = self.shows
        return actions


def _decision(entry: Fold | Check | Call | Bet | Raise | BringIn, label: dict[int, str]) -> str:
    """A player's betting decision (or bring-in) as a PHH action."""
    seat = entry.seat
    if isinstance(entry, Fold):
        return f"{label[seat]} f"
    if isinstance(entry, Check | Call):
        return f"{label[seat]} cc"
    if isinstance(entry, BringIn):
        return f"{label[seat]} pb"
    return f"{label[seat]} cbr {entry.to}"


#: The engine events PHH has no action for, by kind, as commentary no-ops: the event's fields filled in, ``who``
#: the player's PHH label and ``cards`` the card or cards as PHH writes them.
_COMMENTARY = {
    "show ace": "# {who} keeps and shows {cards} to draw four",
    "reshuffle": "# the stub ran out: {size} discards reshuffled into a new stub",
    "passed out": "# nobody opened: {pot} chips stay in the pot for the next deal",
    "show openers": "# {who} shows the openers {cards}",
    "misdeal": "# misdeal ({cause}): no chips change hands, the hand is dealt again",
}


def _commentary(entry: Event, label: dict[int, str]) -> str | None:
    """An engine event PHH has no action for, as a commentary no-op; None for the dealer's automatic steps."""
    template = _COMMENTARY.get(entry.kind)
    if template is None:
        return None
    fields = entry._asdict()
    fields["cards"] = format_cards(fields.get("cards", (fields["card"],) if "card" in fields else ()))
    fields["who"] = label.get(fields.get("seat", -1), "")
    return template.format(**fields)


def _optional_fields(
    state: State, order: list[int], fields: dict[str, Any], players: Sequence[str] | None, hand: int | str | None
) -> dict[str, Any]:
    """The record's optional PHH fields: seats, ante trimming, names, hand number and the results."""
    optional: dict[str, Any] = {"seats": [seat + 1 for seat in order]}
    if "ante_trimming_status" in fields:
        optional["ante_trimming_status"] = _ante_trimming(state, fields["ante_trimming_status"])
    if players is not None:
        optional["players"] = [str(players[seat]) for seat in order]
    if hand is not None:
        optional["hand"] = hand
    if state.phase == DONE:
        optional["finishing_stacks"] = [state.stacks[seat] for seat in order]
        won = phh_winnings(state)
        optional["winnings"] = [won[seat] for seat in order]
    return optional


def _ante_trimming(state: State, trimming: Any) -> Any:
    owed = state.variant.forced.position_antes(state.n)
    short = any(0 < state.antes_paid[seat] < owed[state.position_of(seat)] for seat in range(state.n))
    if trimming and len(set(owed)) > 1 and not short:
        # PHH keeps the status false for uneven antes (a big-blind ante...); trimming changes nothing
        # when every ante was paid in full, and pokerkit would hand a lone big-blind ante back.
        return False
    return trimming


def _user_fields(state: State, extras: dict[str, Any]) -> dict[str, Any]:
    """The ``_`` fields: the game's options PHH has no field for, pots carried in and out, a misdeal's cause."""
    user = dict(extras)
    if state.carried_in:
        user["_carried_pot"] = state.carried_in
    if state.phase == DONE and state.carry_out:
        user["_carry_out"] = state.carry_out
    if state.ended_by == "misdeal":
        user["_misdeal"] = next(entry.cause for entry in state.history if isinstance(entry, Misdeal))
    return user
