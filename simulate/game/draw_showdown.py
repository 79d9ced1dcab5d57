"""Draws (discard and replace, stub exhaustion) and the showdown (order, show or muck, award).

A mixin of :class:`pokerlab.simulate.game.state.State`.

>>> from pokerlab.simulate.game import five_card_draw
>>> from pokerlab.simulate.game.state import State
>>> hand = State(five_card_draw(ante=1, small_bet=2), [20, 20], seed=2)
>>> hand.bet_or_raise(2); hand.call()
>>> hand.phase, hand.actor
('draw', 1)
>>> hand.draw(hand.hole[1][:3]); hand.draw([])
>>> hand.phase
'bet'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from typing import cast

from pokerlab.errors import InputError
from pokerlab.evaluator import evaluate

from .cards import names, parse
from .errors import LEGAL, IllegalActionError, Legality, describe_argument, whole_number
from .events import Draw, Muck, Reshuffle, Show, ShowAce, new_event
from .fields import HandFields
from .phases import DRAW, SHOWDOWN
from .pots import award_pots, odd_chip_keys
from .seating import CLOCKWISE
from .showdown import showdown_value

ACE = 12


class DrawShowdownMixin(HandFields):
    """Player operations of the draw and the showdown."""

    __slots__ = ()

    # ------------------------------------------------------------------ draw
    def _start_draw(self) -> None:
        # Every player still in draws, all-in or not, clockwise from the dealer's left.
        order = [(self.button + 1 + k) % self.n for k in range(self.n)]
        self.draw_queue = [seat for seat in order if not self.folded[seat]]
        self.phase = DRAW
        self.actor = self.draw_queue.pop(0)

    def _kept_aside_owner(self) -> int | None:
        # Jackpots: the opener keeps split openers aside to show them, so they never go back in the stub.
        return self.opener if self.variant.opening.requirement == "jacks" else None

    def _reshuffle_pool_size(self, drawer: int) -> int:
        aside = self._kept_aside_owner()
        return sum(1 for owner, _ in self.dead_cards if owner != drawer and (aside is None or owner != aside))

    def _discard_argument(self, discards: object) -> tuple[list[int] | None, str | None]:
        """``(card ids, None)`` from a ``draw`` argument, or ``(None, why it is not a list of cards)``."""
        if isinstance(discards, str):
            try:
                return parse(discards), None
            except ValueError as exc:
                return None, f"cannot read the discards {describe_argument(discards)}: {exc}"
        wrong = (
            f"discards are card ids 0..{self.variant.deck_size - 1} (or text like '2c 7d'), "
            f"got {describe_argument(discards)}"
        )
        if isinstance(discards, bytes | bytearray | dict) or discards is None:
            return None, wrong
        size = self.variant.deck_size
        try:  # any object may come in: iter() refuses the ones that are not iterable
            items = list(itertools.islice(iter(cast(Iterable[object], discards)), size + 1))
        except TypeError:
            return None, wrong
        if len(items) > size:
            return None, wrong
        cards: list[int] = []
        for item in items:
            card = whole_number(item)
            if card is None or not 0 <= card < size:
                return None, wrong
            cards.append(card)
        return cards, None

    def _why_not_draw(self, discards: Sequence[int] | None, seat: int | None) -> str | None:
        reason = self._seat_refusal(seat)
        if reason:
            return reason
        if self.phase != DRAW:
            return f"cannot draw now: the hand is in the {self.phase} phase"
        if seat is not None and seat != self.actor:
            return f"it is seat {self.actor}'s turn to draw, not seat {seat}'s"
        if discards is None:
            return None
        actor = self.actor
        assert actor is not None  # the draw phase always has a player to draw
        hand = self.hole[actor]
        if len(set(discards)) != len(discards):
            return f"a card is discarded twice: {names(discards)}"
        missing = [c for c in discards if c not in hand]
        if missing:
            return f"you do not hold {names(missing)}; your hand is {names(hand)}"
        rule = self.variant.streets[self.street].draw
        assert rule is not None  # the draw phase comes from a draw street
        limit = rule.max_discards
        if len(discards) > limit:
            kept = [c for c in hand if c not in discards]
            with_ace = rule.four_with_ace and limit == 3 and len(discards) == 4
            if not (with_ace and any(c < 52 and c >> 2 == ACE for c in kept)):
                extra = " (four if you keep an ace and show it)" if rule.four_with_ace else ""
                return f"you may draw at most {limit} cards{extra}, not {len(discards)}"
        available = len(self.deck) - self.deck_pos + self._reshuffle_pool_size(actor)
        if len(discards) > available:
            return f"only {available} cards are left to draw from; discard at most {available}"
        return None

    def can_draw(self, discards: Sequence[int] | str | None = None, seat: int | None = None) -> Legality:
        """Whether the actor may discard these cards (or draw at all, if None) and draw as many, and why not."""
        cards, reason = (None, None) if discards is None else self._discard_argument(discards)
        reason = reason or self._why_not_draw(cards, seat)
        return LEGAL if reason is None else Legality(reason)

    def draw(self, discards: Sequence[int] | str = (), seat: int | None = None) -> None:
        """Discard ``discards`` (card ids or text like ``"2c 7d"``) and draw as many; ``()`` stands pat."""
        cards, reason = self._discard_argument(discards)
        reason = reason or self._why_not_draw(cards, seat)
        if reason or cards is None:
            raise IllegalActionError(reason)
        actor = self.actor
        rule = self.variant.streets[self.street].draw
        assert actor is not None and rule is not None  # checked by _why_not_draw
        hand = self.hole[actor]
        for card in cards:
            hand.remove(card)
        new = self._take(len(cards), actor)
        hand.extend(new)
        self.dead_cards.extend((actor, card) for card in cards)
        self.history.append(new_event(Draw, ("draw", actor, tuple(cards), tuple(new))))
        if len(cards) == 4 and rule.max_discards == 3:
            ace = next(c for c in hand if c < 52 and c >> 2 == ACE and c not in new)
            self.history.append(new_event(ShowAce, ("show ace", actor, ace)))
        if self.draw_queue:
            self.actor = self.draw_queue.pop(0)
        else:
            self.actor = None
            self._start_betting()

    def stand_pat(self, seat: int | None = None) -> None:
        """Keep all five cards (draw none)."""
        self.draw((), seat)

    def _take(self, count: int, drawer: int) -> list[int]:
        out = []
        for _ in range(count):
            if self.deck_pos == len(self.deck):
                self._reshuffle(drawer)
            out.append(self.deck[self.deck_pos])
            self.deck_pos += 1
        return out

    def _reshuffle(self, drawer: int) -> None:
        """The stub ran out: earlier discards become the new stub, never the drawing player's own.

        The state's ``reshuffle_order`` hook, if any, orders the shuffled stub (it must return the same cards).
        """
        aside = self._kept_aside_owner()
        pool = [card for owner, card in self.dead_cards if owner != drawer and (aside is None or owner != aside)]
        random.Random(self.seed * 1_000_003 + self.reshuffles + 1).shuffle(pool)
        order = self.reshuffle_order
        if order is not None:
            ordered = list(order(list(pool)))
            if sorted(ordered) != sorted(pool):
                raise InputError(f"reshuffle_order must return the {len(pool)} cards of the new stub in some order")
            pool = ordered
        self.dead_cards = [(o, c) for o, c in self.dead_cards if o == drawer or (aside is not None and o == aside)]
        self.reshuffles += 1
        self.deck = self.deck + pool
        self.history.append(new_event(Reshuffle, ("reshuffle", len(pool))))

    # ------------------------------------------------------------------ showdown
    def _first_to_show(self) -> int:
        rules = self.variant.rules
        if rules.show_first == "last-caller" and self.last_caller is not None and not self.folded[self.last_caller]:
            return self.last_caller
        if self.last_aggressor is not None and not self.folded[self.last_aggressor]:
            return self.last_aggressor
        # Nobody bet the last round: the opener (ante games, by option) or the first player left of the dealer.
        if self.variant.is_stud:
            from .stud import best_showing_seat  # stud: the player who acted first shows first (docs/rules.md 13.6)

            start = best_showing_seat(self)
        elif not self.variant.has_blinds and self.opener is not None and rules.after_draw_first == "opener":
            start = self.opener
        else:
            start = self.left_of(self.button)
        folded = self.folded
        return next(seat for seat in CLOCKWISE[self.n][start - 1] if not folded[seat])  # from start, clockwise

    def showdown_order(self) -> list[int]:
        """Seats still in, in the order they show: the first to show, then clockwise."""
        folded = self.folded
        # CLOCKWISE[n][seat] runs from the seat after ``seat`` round to it: from the first to show, here.
        return [seat for seat in CLOCKWISE[self.n][self._first_to_show() - 1] if not folded[seat]]

    def _start_showdown(self) -> None:
        self.phase = SHOWDOWN
        self.ended_by = "showdown"
        self.pots = self._pots_now()
        order = self.showdown_order()
        for seat in order:
            # Cards speak; all-in players' hands are always turned up.
            if self.auto_showdown or self.stacks[seat] == 0:
                self._reveal(seat)
        self.show_queue = [seat for seat in order if not self.shown[seat]]
        self._next_to_show()

    def _reveal(self, seat: int) -> None:
        self.shown[seat] = True
        variant = self.variant
        if variant.ranking == "high" and not variant.hole_used:
            # showdown_value's commonest case (hold'em), without its two calls: best five of all the cards.
            self.values[seat] = evaluate(self.hole[seat] + self.board)
        else:
            self.values[seat] = showdown_value(variant, self.hole[seat], self.board)
        self.history.append(new_event(Show, ("show", seat, tuple(self.hole[seat]))))

    def _uncontested(self, seat: int) -> bool:
        for pot in self.pots:
            if seat in pot.eligible and any(o != seat and not self.mucked[o] for o in pot.eligible):
                return False
        return True

    def _next_to_show(self) -> None:
        queue = self.show_queue
        while queue:
            seat = queue[0]
            if self._uncontested(seat):
                queue.pop(0)  # nobody left to beat: wins without showing
                continue
            self.actor = seat
            return
        self.actor = None
        self._award()

    def _why_not_showdown(self, seat: int | None, what: str) -> str | None:
        reason = self._seat_refusal(seat)
        if reason:
            return reason
        if self.phase != SHOWDOWN:
            return f"cannot {what} now: the hand is in the {self.phase} phase"
        if seat is not None and seat != self.actor:
            return f"it is seat {self.actor}'s turn at the showdown, not seat {seat}'s"
        return None

    def can_show(self, seat: int | None = None) -> Legality:
        """Whether the actor may show their hand now."""
        reason = self._why_not_showdown(seat, "show")
        return LEGAL if reason is None else Legality(reason)

    def can_muck(self, seat: int | None = None) -> Legality:
        """Whether the actor may throw the hand away unshown (giving up the pots it contests)."""
        reason = self._why_not_showdown(seat, "muck")
        return LEGAL if reason is None else Legality(reason)

    def show(self, seat: int | None = None) -> None:
        """Turn the hand face up; cards speak."""
        reason = self._why_not_showdown(seat, "show")
        if reason:
            raise IllegalActionError(reason)
        self._reveal(self.show_queue.pop(0))
        self._next_to_show()

    def muck(self, seat: int | None = None) -> None:
        """Throw the hand away unshown: it gives up every pot someone else still contests."""
        reason = self._why_not_showdown(seat, "muck")
        if reason:
            raise IllegalActionError(reason)
        mucker = self.show_queue.pop(0)
        self.mucked[mucker] = True
        self.muck_order.append(mucker)
        self.history.append(new_event(Muck, ("muck", mucker)))
        self._next_to_show()

    def _award(self) -> None:
        if self.shown.count(True) == self.folded.count(False):
            # Every player still in has shown (cards speak): the shown values, None for the folded seats.
            values = self.values[:]
        else:
            values = []
            for seat in range(self.n):
                if self.folded[seat] or self.mucked[seat]:
                    values.append(None)
                elif self.shown[seat]:
                    values.append(self.values[seat])
                else:
                    values.append(-1)  # unshown but uncontested: wins only pots nobody else contests
        carry = self.variant.rules.odd_chip == "carry"
        if self.variant.low is not None:
            from .hilo import award_high_low  # high-low split games only

            won, odd = award_high_low(self, values, carry)
            self._settle(won, odd)
            return
        keys = odd_chip_keys(self.hole, self.variant.ranking != "high") if self.variant.is_stud else None
        won, odd = award_pots(self.pots, values, self.button, carry, self.muck_order, keys)
        self._settle(won, odd)
