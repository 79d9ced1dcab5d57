"""The betting operations of a hand: fold, check, call, bet or raise, each with its query and its reason.

A mixin of :class:`pokerlab.simulate.game.state.State` (which owns every field). Every ``can_*`` query
says whether the operation is legal now and, if not, why; the operation itself raises
:class:`~pokerlab.simulate.game.errors.IllegalActionError` with that reason before changing anything.

>>> from pokerlab.simulate.game.state import State
>>> from pokerlab.simulate.game import no_limit_holdem
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=3)
>>> hand.can_check().reason
'there is a bet of 10 to you; call 10, raise or fold'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .betting import raise_bounds
from .declarations import FIXED_LIMIT, LAST_BET_LIMIT
from .errors import LEGAL, IllegalActionError, Legality, describe_argument, whole_number
from .events import CHECK_EVENTS, FOLD_EVENTS, SEATS_KEPT, Bet, Call, Check, Fold, Raise, new_event
from .fields import HandFields
from .phases import BET, DEAL, DONE, DRAW, POST, SHOWDOWN
from .showdown import has_jacks_or_better
from .stud import bring_in_due, bring_in_refusal


class BettingMixin(HandFields):
    """Player operations of a betting round, with their ``can_*`` queries and ``legal_actions``."""

    if not TYPE_CHECKING:
        __slots__ = ()  # as HandFields: no instance dict, hidden from mypy

    def _seat_refusal(self, seat: object) -> str | None:
        """Why ``seat`` is not a usable seat argument (None is: it means the player to act)."""
        if seat is None:
            return None
        number = whole_number(seat)
        if number is None or not 0 <= number < self.n:
            shown = describe_argument(seat)
            return f"seat must be a seat number 0..{self.n - 1} (or None for the player to act), got {shown}"
        return None

    def _check_seat(self, seat: int | None, phase: str, what: str) -> str | None:
        reason = self._seat_refusal(seat)
        if reason:
            return reason
        if self.phase != phase:
            return f"cannot {what} now: the hand is in the {self.phase} phase"
        if seat is not None and seat != self.actor:
            return f"it is seat {self.actor}'s turn, not seat {seat}'s"
        if what != "bet or raise" and self.variant.is_stud and bring_in_due(self):
            return bring_in_refusal(self)
        return None

    def opening_refusal(self, seat: int) -> str | None:
        """Why the seat may not open the pot (jacks or better), or None."""
        if (
            self.street == 0
            and self.level == 0
            and self.variant.opening.requirement == "jacks"
            and not self.variant.has_blinds
            and not has_jacks_or_better(self.hole[seat], self.variant.ranking)
        ):
            return "you need a pair of jacks or better to open; check or fold"
        return None

    def _why_not_fold(self, seat: int | None) -> str | None:
        # The player to act in a betting round (the usual case) needs no seat check: a call saved per query.
        if seat is not None or self.phase != BET or self.variant.showing is not None:  # stud: a bring-in due
            reason = self._check_seat(seat, BET, "fold")
            if reason:
                return reason
        actor = self.actor
        assert actor is not None  # a betting round always has a player to act
        if self.bets[actor] >= self.level and not self._bet_or_drop_now():
            if not self.variant.rules.fold_when_check_free:
                return "you can check for free; folding is refused by the fold_when_check_free house rule"
        return None

    def _bet_or_drop_now(self) -> bool:
        if self.level > 0:
            return False
        opening = self.variant.opening
        if self.street == 0:
            return opening.bet_or_drop and not self.variant.has_blinds
        return opening.bet_or_drop_second_round

    def _why_not_check(self, seat: int | None) -> str | None:
        if seat is not None or self.phase != BET or self.variant.showing is not None:  # stud: a bring-in due
            reason = self._check_seat(seat, BET, "check")
            if reason:
                return reason
        actor = self.actor
        assert actor is not None  # a betting round always has a player to act
        owed = self.level - self.bets[actor]
        if owed > 0:
            return f"there is a bet of {self.level} to you; call {self.call_amount}, raise or fold"
        if self.level == 0 and self._bet_or_drop_now():  # with a bet level it is never bet-or-drop
            return _bet_or_drop_refusal(self.street)
        return None

    def _why_not_call(self, seat: int | None) -> str | None:
        if seat is not None or self.phase != BET or self.variant.showing is not None:  # stud: a bring-in due
            reason = self._check_seat(seat, BET, "call")
            if reason:
                return reason
        actor = self.actor
        assert actor is not None  # a betting round always has a player to act
        if self.bets[actor] >= self.level:
            return "there is nothing to call; check or bet"
        return None

    def _why_not_check_or_call(self, seat: int | None) -> str | None:
        # Chips owed make it a call, else a check: a refusal is the one of the operation it would be.
        if seat is not None or self.phase != BET or self.variant.showing is not None:  # stud: a bring-in due
            reason = self._check_seat(seat, BET, "check or call")
            if reason:
                return reason
        actor = self.actor
        assert actor is not None  # a betting round always has a player to act
        if self.bets[actor] < self.level:
            return None  # a call: the player to act always has chips, so one owing chips may call
        if self.level == 0 and self._bet_or_drop_now():
            return _bet_or_drop_refusal(self.street)
        return None

    def _why_not_bet_or_raise(self, to: int | None, seat: int | None) -> str | None:
        """Why the actor (or ``seat``) may not bet or raise to ``to`` (None: to any amount), or None when legal.

        The one legality check of ``can_bet_or_raise`` and ``bet_or_raise``. Its first test settles the usual
        case, a bet or raise of the player to act after the range was asked for this decision (the policy
        and the bots ask ``bet_or_raise_range`` first): the range is the memo's, and only the amount is
        compared with it. A memo of this decision means the hand is in a betting round, as every operation
        appends to ``history``.
        """
        # The range asked for before the raise: one computation per decision.
        if seat is None and type(to) is int and self._memo_at == len(self.history):
            bounds = self._memo_bounds
        else:
            if to is not None and type(to) is not int and whole_number(to) is None:
                return f"bet amounts are whole numbers of chips (a raise-to total), got {describe_argument(to)}"
            if seat is not None or self.phase != BET:
                reason = self._check_seat(seat, BET, "bet or raise")
                if reason:
                    return reason
            bounds = self._raise_bounds_now()
            if to is None:
                return bounds if isinstance(bounds, str) else None
        if isinstance(bounds, str):
            return bounds
        low, high = bounds
        if not low <= to <= high:
            word = "bet" if self.level == 0 else "raise"
            span = f"exactly {low}" if low == high else f"between {low} and {high}"
            return f"you may {word} to {span} (a total for this round), not {describe_argument(to)}"
        if low < to < high and self.variant.betting.kind == FIXED_LIMIT:
            # Fixed limit with two units (an open pair on fourth street in stud): one unit or the other.
            return f"a fixed-limit bet or raise is to {low} or to {high} this round, not {to}"
        return None

    # The can_* queries run on every decision of a bot or a random player: _legality is inlined.
    def can_fold(self, seat: int | None = None) -> Legality:
        """Whether the actor (or the given seat) may fold now, and why not."""
        reason = self._why_not_fold(seat)
        return LEGAL if reason is None else Legality(reason)

    def can_check(self, seat: int | None = None) -> Legality:
        """Whether the actor may check now, and why not."""
        reason = self._why_not_check(seat)
        return LEGAL if reason is None else Legality(reason)

    def can_call(self, seat: int | None = None) -> Legality:
        """Whether the actor may call now, and why not."""
        reason = self._why_not_call(seat)
        return LEGAL if reason is None else Legality(reason)

    def can_check_or_call(self, seat: int | None = None) -> Legality:
        """Whether the actor may check or call now, and why not: PHH's ``cc``, a call when chips are owed, else a check.

        >>> from pokerlab.simulate.game.state import State
        >>> from pokerlab.simulate.game import Opening, five_card_draw
        >>> hand = State(five_card_draw(opening=Opening(bet_or_drop=True)), [20, 20], seed=1)
        >>> hand.can_check_or_call().reason
        'bet or drop: nobody may check before the pot is opened; bet or fold'
        """
        reason = self._why_not_check_or_call(seat)
        return LEGAL if reason is None else Legality(reason)

    def can_bet_or_raise(self, to: int | None = None, seat: int | None = None) -> Legality:
        """Whether the actor may bet or raise (to ``to`` chips this round, if given), and why not."""
        reason = self._why_not_bet_or_raise(to, seat)
        return LEGAL if reason is None else Legality(reason)

    def bet_or_raise_range(self) -> tuple[int, int] | None:
        """``(min_to, max_to)`` of a legal bet or raise for the actor, or None if none is legal.

        >>> from pokerlab.simulate.game.state import State
        >>> from pokerlab.simulate.game import pot_limit_holdem
        >>> State(pot_limit_holdem(5, 10), [1000] * 3, seed=0).bet_or_raise_range()
        (20, 35)
        """
        if self.phase != BET:
            return None
        key = len(self.history)  # _raise_bounds_now(), inlined: asked at every decision
        if self._memo_at == key:
            bounds = self._memo_bounds
        else:
            actor = self.actor
            assert actor is not None  # a betting round always has a player to act
            bounds = self._memo_bounds = raise_bounds(self, actor)
            self._memo_at = key
        return None if isinstance(bounds, str) else bounds

    def _raise_bounds_now(self) -> tuple[int, int] | str:
        """``raise_bounds`` for the actor, computed once per decision.

        A player (or a bot) asks for the range and then raises, which checks the amount against the
        same range: the memo saves the second computation, one raise_bounds call in five, about 5 % of
        a random 6-max hand (``benchmarks/game_speed.py``). Every operation appends to ``history``, so
        its length names the decision; the memo is left out of ``snapshot()`` (a query changes nothing).
        """
        key = len(self.history)
        if self._memo_at == key:
            return self._memo_bounds
        actor = self.actor
        assert actor is not None  # asked in a betting round only
        bounds = self._memo_bounds = raise_bounds(self, actor)
        self._memo_at = key
        return bounds

    def legal_actions(self) -> list[str]:
        """Names of the operations legal now, e.g. ``['fold', 'call', 'bet_or_raise']``."""
        if self.phase == BET:
            out = [
                name
                for name, why in (
                    ("fold", self._why_not_fold(None)),
                    ("check", self._why_not_check(None)),
                    ("call", self._why_not_call(None)),
                )
                if why is None
            ]
            if self.bet_or_raise_range() is not None:
                out.append("bet_or_raise")
            if self.variant.is_stud and bring_in_due(self):
                out.insert(0, "bring_in")
            return out
        return {POST: ["post"], DEAL: ["deal"], DRAW: ["draw"], SHOWDOWN: ["show", "muck"], DONE: []}[self.phase]

    # ------------------------------------------------------------------ betting operations
    # Every operation asks the _why_not_* its can_* query asks, the one place its legality is written; it
    # settles the usual case (the player to act in a betting round, no seat argument, no stud bring-in due)
    # in a few comparisons before any seat check.
    def fold(self, seat: int | None = None) -> None:
        """Give up the hand; chips already in stay in the pot."""
        reason = self._why_not_fold(seat)
        if reason:
            raise IllegalActionError(reason)
        actor = self.actor
        assert actor is not None  # _why_not_fold checked it
        self.folded[actor] = True
        self.history.append(FOLD_EVENTS[actor] if actor < SEATS_KEPT else new_event(Fold, ("fold", actor)))
        self._after_bet_action(actor)

    def check(self, seat: int | None = None) -> None:
        """Pass with nothing to call."""
        reason = self._why_not_check(seat)
        if reason:
            raise IllegalActionError(reason)
        actor = self.actor
        assert actor is not None  # _why_not_check checked it
        self.acted_at[actor] = self.level
        self.history.append(CHECK_EVENTS[actor] if actor < SEATS_KEPT else new_event(Check, ("check", actor)))
        self._after_bet_action(actor)

    def call(self, seat: int | None = None) -> None:
        """Match the current bet (all-in for less if the stack is short)."""
        reason = self._why_not_call(seat)
        if reason:
            raise IllegalActionError(reason)
        actor = self.actor
        assert actor is not None  # _why_not_call checked it
        owed = self.level - self.bets[actor]
        stack = self.stacks[actor]
        amount = owed if owed < stack else stack  # call_amount, without the property's phase checks
        self.stacks[actor] = stack - amount  # _commit, inlined in the two commonest actions
        self.bets[actor] += amount
        self.contributions[actor] += amount
        self.pot_total += amount
        self.acted_at[actor] = self.level
        self.last_caller = actor
        self.history.append(new_event(Call, ("call", actor, amount)))
        self._after_bet_action(actor)

    def check_or_call(self, seat: int | None = None) -> None:
        """Call when chips are owed, else check: PHH's ``cc`` action (pokerkit's ``check_or_call``).

        >>> from pokerlab.simulate.game.state import State
        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=3)
        >>> hand.check_or_call(); hand.check_or_call(); hand.check_or_call()   # two calls, the big blind's check
        >>> [event.kind for event in hand.history if event.kind in ("call", "check")], hand.street
        (['call', 'call', 'check'], 1)
        """
        reason = self._why_not_check_or_call(seat)
        if reason:
            raise IllegalActionError(reason)
        actor = self.actor
        assert actor is not None  # _why_not_check_or_call checked it
        if self.bets[actor] < self.level:
            self.call()
        else:
            self.check()

    def bet_or_raise(self, to: int, seat: int | None = None) -> None:
        """Bet or raise to ``to`` chips in total this round ("raise to", as in PHH)."""
        if to is None:
            raise IllegalActionError("bet_or_raise needs the amount: a whole number of chips (a raise-to total)")
        reason = self._why_not_bet_or_raise(to, seat)
        if reason:
            raise IllegalActionError(reason)
        actor, total = self.actor, to if type(to) is int else whole_number(to)
        assert actor is not None and total is not None  # checked by _why_not_bet_or_raise
        to = total
        level = self.level
        increment = to - level
        variant = self.variant
        kind = variant.betting.kind
        unit = variant.street_units[self.street]
        # full_raise_to(self) and street_unit(self), inlined: three calls fewer a raise.
        if kind == FIXED_LIMIT:
            # In fixed limit an all-in of at least half a bet counts as a full raise and reopens the betting.
            full = to >= self.full_level + unit or 2 * increment >= unit
        elif kind == LAST_BET_LIMIT:
            full = to >= level + unit
        else:
            last = self.last_raise
            full = to >= level + (last if last > unit else unit)
        amount = to - self.bets[actor]
        self.stacks[actor] -= amount  # _commit, inlined
        self.bets[actor] = to
        self.contributions[actor] += amount
        self.pot_total += amount
        if full:
            self.full_level = to
            self.last_raise = increment
            self.bets_made += 1
        if self.street == 0 and self.opener is None and level == 0 and not variant.has_blinds:
            self.opener = actor
            self.opening_hand = list(self.hole[actor])
        self.level = to
        self.acted_at[actor] = to
        self.last_aggressor = actor
        if increment == to:
            self.history.append(new_event(Bet, ("bet", actor, to)))
        else:
            self.history.append(new_event(Raise, ("raise", actor, to)))
        self._after_bet_action(actor)

    def bet(self, to: int, seat: int | None = None) -> None:
        """Open the betting of a round with ``to`` chips (``bet_or_raise`` when nobody has bet)."""
        if self.phase == BET and self.level > 0:
            raise IllegalActionError(f"there is already a bet of {self.level}; use raise_to() or call()")
        self.bet_or_raise(to, seat)

    def raise_to(self, to: int, seat: int | None = None) -> None:
        """Raise the current bet to ``to`` chips in total this round."""
        if self.phase == BET and self.level == 0:
            raise IllegalActionError("there is no bet to raise; use bet()")
        self.bet_or_raise(to, seat)

    def _commit(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.contributions[seat] += amount
        self.pot_total += amount


def _bet_or_drop_refusal(street: int) -> str:
    """Why nobody may check in a bet-or-drop round that nobody has opened."""
    if street == 0:
        return "bet or drop: nobody may check before the pot is opened; bet or fold"
    return "bet or drop in this round: nobody may check until someone bets; bet or fold"
