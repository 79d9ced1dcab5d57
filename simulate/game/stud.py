"""Stud mechanics (docs/rules.md 13): up cards, the bring-in, who acts first, the open pair, the short deck.

The variant declares the stud street layout (:class:`~pokerlab.simulate.game.declarations.Street` ``up``),
the bring-in (``ForcedBets.bring_in``), how up cards are read (``Variant.showing``) and the low half
(``Variant.low``); the functions here apply those declarations for
:class:`~pokerlab.simulate.game.state.State`, which calls them through small hooks.

Up cards are read as poker hands of one to four cards: only pairs, trips and quads count, then
ranks (no straights or flushes). Under ``"high"`` higher is better; under ``"ace-five"`` (razz) the
ace is the lowest card and lower is better. The weakest door card brings in, a tie broken by suit
(clubs lowest, then diamonds, hearts, spades: in stud high the 2c is the weakest card, in razz the
Ks); the best showing hand acts first, a tie going to the seat nearest the dealer's left.

>>> from pokerlab.simulate.game.cards import parse
>>> showing_key(parse("Kc Kd"), "high") > showing_key(parse("As Qs"), "high")
True
>>> showing_key(parse("Ac 2d"), "ace-five") > showing_key(parse("3c 2d"), "ace-five")   # A-2 is the better low
True
>>> weakest_card(parse("2s 2c 3d"), "high"), weakest_card(parse("Kc Ks Qd"), "ace-five")
(0, 47)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import LEGAL, IllegalActionError, Legality
from .events import Bet, Board, BringIn, Deal, Raise, new_event
from .fields import HandFields
from .hilo import award_high_low, qualifying_low  # re-exported: the split began with stud
from .phases import BET

if TYPE_CHECKING:
    from .declarations import Street, Variant  # noqa: F401 (Street: the cache's annotation)

BRING_IN_FIRST = "you bring in: post the bring-in of {amount} or complete to {complete}"
#: What :func:`showing_key` returns: the group sizes, then the grouped ranks (each read so that larger is better).
ShowingKey = tuple[tuple[int, ...], tuple[int, ...]]


# ------------------------------------------------------------------ reading up cards
def _low_rank(card: int) -> int:
    """Rank with the ace lowest: A=0, 2=1, ..., K=12."""
    return ((card >> 2) + 1) % 13


def card_key(card: int, showing: str) -> tuple[int, int]:
    """How strong one up card is under ``showing`` (larger is stronger), suit breaking ties.

    In razz the suits run the other way round, so that the highest card of the highest suit is the weakest.

    >>> card_key(51, "high") > card_key(48, "high"), card_key(0, "ace-five") > card_key(48, "ace-five")
    (True, False)
    """
    if showing == "high":
        return card >> 2, card & 3
    return -_low_rank(card), -(card & 3)


def weakest_card(cards: Sequence[int], showing: str) -> int:
    """The weakest of ``cards`` under ``showing`` (the bring-in card among door cards).

    >>> from pokerlab.simulate.game.cards import card_name, parse
    >>> card_name(weakest_card(parse("5h 5d 9c"), "high"))
    '5d'
    """
    return min(cards, key=lambda card: card_key(card, showing))


def showing_key(cards: Sequence[int], showing: str) -> ShowingKey:
    """A comparable key of an up-card hand (1-4 cards): larger is the better showing hand.

    Groups count first (quads, trips, two pair, a pair, no pair), then their ranks; suits never count.

    >>> from pokerlab.simulate.game.cards import parse
    >>> showing_key(parse("9c 9d 2h"), "high") > showing_key(parse("Ac Kd Qh"), "high")
    True
    >>> showing_key(parse("7c 5d 2h"), "ace-five") > showing_key(parse("8c 3d 2h"), "ace-five")
    True
    >>> showing_key(parse("Kc Kd 2h 2s"), "ace-five") > showing_key(parse("3c 3d 3h 4s"), "ace-five")
    True
    """
    high = showing == "high"
    # The key depends on the ranks alone, in any order: each multiset of ranks is worked out once.
    ranks = tuple(sorted([card >> 2 for card in cards] if high else [((card >> 2) + 1) % 13 for card in cards]))
    known = _SHOWING_KEYS.get((high, ranks))
    if known is None:
        if len(_SHOWING_KEYS) >= 8192:
            _SHOWING_KEYS.clear()
        known = _SHOWING_KEYS[high, ranks] = _showing_key(ranks, high)
    return known


_SHOWING_KEYS: dict[tuple[bool, tuple[int, ...]], ShowingKey] = {}


def _showing_key(ranks: tuple[int, ...], high: bool) -> ShowingKey:
    """:func:`showing_key` of up cards of these ranks (ace lowest unless ``high``)."""
    groups = sorted(((ranks.count(rank), rank) for rank in set(ranks)), reverse=True)
    if high:
        return tuple(count for count, _ in groups), tuple(rank for _, rank in groups)
    # Ace-to-five: fewer and smaller groups are better (no pair, a pair, two pair, trips, quads), then the
    # grouped ranks from the top, each lower being better (read as 12 - rank, so larger is better again).
    return tuple(-count for count, _ in groups), tuple(12 - rank for _, rank in groups)


def up_indices(variant: Variant) -> tuple[int, ...]:
    """Positions in a player's hole cards that are dealt face up (each street's last ``up`` cards).

    >>> from pokerlab.simulate.game import seven_card_stud
    >>> up_indices(seven_card_stud())
    (2, 3, 4, 5)
    """
    streets = variant.streets
    known = _UP_POSITIONS.get(id(streets))
    if known is None or known[0] is not streets:  # keyed by identity: hashing the declaration costs more
        if len(_UP_POSITIONS) >= 64:
            _UP_POSITIONS.clear()
        known = _UP_POSITIONS[id(streets)] = (streets, _up_positions(streets))
    return known[1]


_UP_POSITIONS: dict[int, tuple[tuple[Street, ...], tuple[int, ...]]] = {}


def _up_positions(streets: tuple[Street, ...]) -> tuple[int, ...]:
    out: list[int] = []
    position = 0
    for street in streets:
        out.extend(range(position + street.hole - street.up, position + street.hole))
        position += street.hole
    return tuple(out)


def up_cards(state: HandFields, seat: int) -> list[int]:
    """The face-up cards of ``seat`` so far, in the order dealt.

    >>> from pokerlab.simulate.game.state import State
    >>> from pokerlab.simulate.game import seven_card_stud
    >>> hand = State(seven_card_stud(), [50, 50], seed=3)
    >>> len(up_cards(hand, 0)), len(hand.hole[0])
    (1, 3)
    """
    hole = state.hole[seat]
    return [hole[i] for i in up_indices(state.variant) if i < len(hole)]


def shows_open_pair(state: HandFields) -> bool:
    """Whether a player still in shows a pair among the up cards (fourth street's big-bet option)."""
    for seat in state.in_hand:
        ranks = [card >> 2 for card in up_cards(state, seat)]
        if len(set(ranks)) < len(ranks):
            return True
    return False


# ------------------------------------------------------------------ order of play
def bring_in_seat(state: HandFields) -> int | None:
    """The seat that brings in: the weakest door card among players with chips (docs/rules.md 13.2).

    >>> from pokerlab.simulate.game.state import State
    >>> from pokerlab.simulate.game import seven_card_stud
    >>> hand = State(seven_card_stud(), [50, 50, 50], seed=3)
    >>> bring_in_seat(hand) == hand.actor
    True
    """
    showing = state.variant.showing or "high"
    seats = [seat for seat in state.in_hand if (state.stacks[seat] or 0) > 0]
    if not seats:
        return None
    return min(seats, key=lambda seat: card_key(up_cards(state, seat)[0], showing))


def best_showing_seat(state: HandFields) -> int:
    """The seat still in with the best up cards; a tie goes to the seat nearest the dealer's left."""
    showing = state.variant.showing or "high"
    n = state.n
    order = [(state.button + 1 + k) % n for k in range(n)]
    best, best_key = -1, None
    for seat in order:
        if state.folded[seat]:
            continue
        key = showing_key(up_cards(state, seat), showing)
        if best_key is None or key > best_key:
            best, best_key = seat, key
    return best


def first_to_act(state: HandFields) -> int:
    """Where the round's action starts: the bring-in on third street, the best showing hand later."""
    if state.street == 0:
        seat = bring_in_seat(state)
        return state.left_of(state.button) if seat is None else seat
    return best_showing_seat(state)


def bring_in_due(state: HandFields) -> bool:
    """Whether the actor owes the bring-in (third street before anyone bet: post it or complete)."""
    return state.phase == BET and state.street == 0 and state.level == 0 and state.variant.is_stud


def bring_in_refusal(state: HandFields) -> str:
    """The reason given for folding, checking or calling while the bring-in is due."""
    betting = state.variant.betting
    actor: int = state.actor  # type: ignore[assignment]
    amount = min(state.variant.forced.bring_in, state.stacks[actor] or 0)
    return BRING_IN_FIRST.format(amount=amount, complete=betting.small_bet)


class StudMixin(HandFields):
    """The stud player operation: ``bring_in`` (completing is ``bet_or_raise`` to the small bet)."""

    if not TYPE_CHECKING:
        __slots__ = ()  # as HandFields: no instance dict, hidden from mypy

    def _why_not_bring_in(self, seat: int | None) -> str | None:
        reason = self._seat_refusal(seat)
        if reason:
            return reason
        if not self.variant.is_stud:
            return f"{self.variant.name} has no bring-in"
        if self.phase != BET:
            return f"cannot bring in now: the hand is in the {self.phase} phase"
        if seat is not None and seat != self.actor:
            return f"it is seat {self.actor}'s turn, not seat {seat}'s"
        if not bring_in_due(self):
            if self.street > 0:
                return "the bring-in is posted on third street only"
            return "the bring-in has already been posted (or completed); fold, call or raise"
        return None

    def can_bring_in(self, seat: int | None = None) -> Legality:
        """Whether the actor may post the bring-in now, and why not.

        >>> from pokerlab.simulate.game.state import State
        >>> from pokerlab.simulate.game import seven_card_stud
        >>> hand = State(seven_card_stud(ante=1, bring_in=1, small_bet=2), [50, 50], seed=3)
        >>> hand.can_bring_in().ok, hand.can_fold().reason
        (True, 'you bring in: post the bring-in of 1 or complete to 2')
        """
        reason = self._why_not_bring_in(seat)
        return LEGAL if reason is None else Legality(reason)

    def bring_in(self, seat: int | None = None) -> None:
        """Post the bring-in: a live bet of the bring-in amount (all-in if the stack is shorter).

        >>> from pokerlab.simulate.game.state import State
        >>> from pokerlab.simulate.game import seven_card_stud
        >>> hand = State(seven_card_stud(ante=1, bring_in=1, small_bet=2), [50, 50], seed=3)
        >>> hand.bring_in(); hand.call_amount, hand.bet_or_raise_range()
        (1, (2, 2))
        """
        reason = self._why_not_bring_in(seat)
        if reason:
            raise IllegalActionError(reason)
        actor = self.actor
        assert actor is not None  # checked by _why_not_bring_in
        amount = min(self.variant.forced.bring_in, self.stacks[actor] or 0)
        self._commit(actor, amount)
        # A live bet but not a full one: completing to the small bet is the round's first full bet.
        self.level = amount
        self.acted_at[actor] = amount
        self.history.append(new_event(BringIn, ("bring-in", actor, amount)))
        self._after_bet_action(actor)


# ------------------------------------------------------------------ dealing
def cards_needed(variant: Variant, n: int) -> int:
    """The fewest cards a full deal needs: every street dealt, but the last one may be one community card.

    >>> from pokerlab.simulate.game import seven_card_stud
    >>> cards_needed(seven_card_stud(), 8), cards_needed(seven_card_stud(), 9)
    (52, 58)
    """
    *early, last = variant.streets
    return sum(n * s.hole + s.burn for s in early) + 1


def deal_street(state: HandFields, street: Street) -> None:
    """Burn, then one card at a time to each player still in; one face-up community card if the deck runs short.

    With eight players still in, seventh street needs more cards than are left: the dealer turns one
    card face up in the middle instead, and it plays in every hand (docs/rules.md 13.5). The burn is
    skipped when the deck is short by the burn alone (seven players on seventh street) or when it would
    leave no card to turn.
    """
    deck = state.deck
    n = state.n
    order = [seat for seat in ((state.button + 1 + k) % n for k in range(n)) if not state.folded[seat]]
    left = len(deck) - state.deck_pos
    burn = street.burn if street.burn + street.hole * len(order) <= left else 0  # short by the burn: no burn
    if street.hole * len(order) > left:
        if left > 1 and street.burn:
            state.dead_cards.append((-1, deck[state.deck_pos]))
            state.deck_pos += 1
        card = deck[state.deck_pos]
        state.deck_pos += 1
        state.board.append(card)
        state.history.append(new_event(Board, ("board", (card,))))
        return
    for _ in range(burn):
        state.dead_cards.append((-1, deck[state.deck_pos]))
        state.deck_pos += 1
    pos = state.deck_pos
    for _ in range(street.hole):
        for seat in order:
            state.hole[seat].append(deck[pos])
            pos += 1
    state.deck_pos = pos
    state.history.append(new_event(Deal, ("deal", tuple(tuple(state.hole[seat]) for seat in range(n)))))


# ------------------------------------------------------------------ betting: the open pair on fourth street
def _big_bet_made(state: HandFields) -> bool:
    """Whether a bet or raise of this round already went up by more than the small bet."""
    history = state.history
    start = len(history)
    while start > 0 and not isinstance(history[start - 1], Deal | Board):
        start -= 1
    level, small = 0, state.variant.betting.small_bet
    for event in history[start:]:
        if isinstance(event, Bet | Raise):
            if event.to - level > small:
                return True
            level = event.to
    return False


def open_pair_bounds(state: HandFields, min_to: int) -> tuple[int, int]:
    """The fixed-limit raise-to range on a street that declares ``open_pair_big_bet``.

    With an open pair showing anyone may bet or raise the small or the big bet; once someone has bet or
    raised the big bet, every later bet and raise of the round is a big bet (docs/rules.md 13.4).
    """
    if not shows_open_pair(state):
        return min_to, min_to
    betting = state.variant.betting
    big_to = state.full_level + betting.big_bet
    if _big_bet_made(state):
        return big_to, big_to
    return min_to, big_to


__all__ = [
    "StudMixin",
    "award_high_low",
    "best_showing_seat",
    "bring_in_due",
    "bring_in_seat",
    "card_key",
    "cards_needed",
    "deal_street",
    "first_to_act",
    "open_pair_bounds",
    "qualifying_low",
    "showing_key",
    "up_cards",
    "up_indices",
    "weakest_card",
]
