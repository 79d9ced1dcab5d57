"""One hand of poker as a state machine: forced bets, dealing, betting, draws, showdown, payout.

Every operation has a query (``can_fold``, ``can_bet_or_raise``...) that
answers whether it is legal now and, if not, why. An illegal operation raises
:class:`IllegalActionError` before touching anything, so the state stays
exactly as it was. ``copy()`` is a flat copy of lists, cheap enough for tree
search. Seats are 0..n-1 in clockwise order; ``button`` is the dealer's seat.

>>> from pokerlab.simulate.game.variants import no_limit_holdem
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=3)
>>> hand.actor, hand.call_amount, hand.bet_or_raise_range()
(0, 10, (20, 1000))
>>> hand.fold(); hand.call(); hand.check()   # button folds, small blind calls, big blind checks
>>> hand.street, len(hand.board)
(1, 3)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from pokerlab.errors import InputError

from .betting import raise_bounds
from .cards import new_deck
from .errors import LEGAL, MAX_CHIPS, IllegalActionError, Legality, describe_argument, whole_number
from .flow import FlowMixin
from .phases import BET, DEAL, DONE, DRAW, POST, SHOWDOWN
from .seating import clockwise
from .showdown import has_jacks_or_better
from .stud import StudMixin, bring_in_due, bring_in_refusal, cards_needed
from .variants import FIXED_LIMIT, LAST_BET_LIMIT, Variant

#: Misdeal causes (docs/rules.md 4.3): a card dealt face up, or a player dealt the wrong number of cards.
MISDEAL_EXPOSED_CARD = "exposed-card"
MISDEAL_WRONG_COUNT = "wrong-count"
MISDEAL_CAUSES = (MISDEAL_EXPOSED_CARD, MISDEAL_WRONG_COUNT)
PLAYER_ACTIONS = ("fold", "check", "call", "bet", "raise", "draw", "bring-in")
_INT_ONLY = {int}


class State(FlowMixin, StudMixin):
    """A hand in progress. Construct it, then act for ``actor`` until ``phase == "done"``.

    Parameters: ``stacks`` per seat (clockwise), ``button`` seat, ``seed`` of the shuffle
    (random if None), ``deck`` cards to put on top of the deck in dealing order (tests),
    ``carried_pot`` chips left from the previous deal, ``antes`` (False skips the antes,
    e.g. after a check-around without a fresh ante), ``automatic`` (the dealer posts and
    deals by itself; False makes ``post()``/``deal()`` explicit operations),
    ``auto_showdown`` (every contender's hand is shown; False asks each to ``show()`` or ``muck()``).

    >>> from pokerlab.simulate.game.variants import five_card_draw
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
        "_raise_memo",
    )

    def __init__(
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
    ) -> None:
        n = len(stacks)
        if not variant.min_players <= n <= variant.max_players:
            raise InputError(f"{variant.name} takes {variant.min_players} to {variant.max_players} players, got {n}")
        chips = list(stacks)
        # Plain ints in range (the usual case) are proved in C, without a Python loop over the seats.
        if set(map(type, chips)) != _INT_ONLY or min(chips) <= 0 or max(chips) >= MAX_CHIPS:
            for k, stack in enumerate(stacks):
                chip = stack if type(stack) is int else _whole_chips(stack)
                if chip is None or not 0 < chip < MAX_CHIPS:
                    shown = describe_argument(list(stacks), 80)
                    raise InputError(f"every stack must be a positive whole number of chips below 2**62, got {shown}")
                chips[k] = chip
        seat = button if type(button) is int else whole_number(button)
        if seat is None or not 0 <= seat < n:
            raise InputError(f"button seat {describe_argument(button)} is not one of the seats 0..{n - 1}")
        carried = carried_pot if type(carried_pot) is int else _whole_chips(carried_pot)
        if carried is None or not 0 <= carried < MAX_CHIPS:
            raise InputError(f"the carried pot must be a whole number of chips, 0 or more; got {carried_pot!r}")
        if seed is None:
            seed = random.randrange(1 << 62)
        elif type(seed) is not int:
            number = whole_number(seed)
            if number is None:
                raise InputError(f"the seed must be a whole number or None, got {describe_argument(seed)}")
            seed = number
        button, carried_pot = seat, carried
        needed = n * variant.hole_cards + variant.table_cards
        if variant.is_stud:  # a short deck turns the last street into one community card (docs/rules.md 13.5)
            needed = cards_needed(variant, n)
        if needed > variant.deck_size:
            raise InputError(f"{n} players need {needed} cards, the deck has {variant.deck_size}")
        clockwise(n)  # the table's seat orders, which the dealer and the betting read from seating.CLOCKWISE
        forced = variant.forced_orders.get((n, button, antes))
        if forced is None:  # the same for every hand with these seats: worked out once per variant
            forced = variant.forced_orders[n, button, antes] = tuple(_forced_bets(variant, n, button, antes))
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
        self.pots: list = []
        self.carry_out = 0
        self.ended_by: str | None = None
        self.history: list[tuple] = []
        self._raise_memo = (-1, "")  # (history length, bounds): no decision has length -1
        self.forced_queue = list(forced)
        self.phase = POST if forced else DEAL
        self._run_dealer()

    # ------------------------------------------------------------------ seats and queries
    def left_of(self, seat: int) -> int:
        """The next seat clockwise.

        >>> from pokerlab.simulate.game.variants import no_limit_holdem
        >>> State(no_limit_holdem(), [10, 10, 10], seed=0).left_of(2)
        0
        """
        return (seat + 1) % self.n

    def seat_at(self, position: int) -> int:
        """The seat of a forced-bet position: 0 the small blind, 1 the big blind, 2 under the gun...

        Heads-up the button is position 0 (it posts the small blind), as PHH reverses the blinds.

        >>> from pokerlab.simulate.game.variants import no_limit_holdem
        >>> State(no_limit_holdem(), [10, 10, 10], button=2, seed=0).seat_at(1)
        1
        """
        if self.n == 2:
            return (self.button + position) % 2
        return (self.button + 1 + position) % self.n

    def position_of(self, seat: int) -> int:
        """The forced-bet position of ``seat`` (the inverse of :meth:`seat_at`).

        >>> from pokerlab.simulate.game.variants import no_limit_holdem
        >>> State(no_limit_holdem(), [10, 10], button=1, seed=0).position_of(1)   # heads-up: the button
        0
        """
        if self.n == 2:
            return (seat - self.button) % 2
        return (seat - self.button - 1) % self.n

    def blind_seats(self) -> tuple[int, int]:
        """(small blind seat, big blind seat): heads-up the button posts the small blind.

        >>> from pokerlab.simulate.game.variants import no_limit_holdem
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
            if self.street == 0:
                return "bet or drop: nobody may check before the pot is opened; bet or fold"
            return "bet or drop in this round: nobody may check until someone bets; bet or fold"
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

    def _why_not_bet_or_raise(self, to: int | None, seat: int | None) -> str | None:
        if to is not None and type(to) is not int and whole_number(to) is None:
            return f"bet amounts are whole numbers of chips (a raise-to total), got {describe_argument(to)}"
        if seat is not None or self.phase != BET:
            reason = self._check_seat(seat, BET, "bet or raise")
            if reason:
                return reason
        memo = self._raise_memo  # the range asked for before the raise: one computation per decision
        bounds = memo[1] if memo[0] == len(self.history) else self._raise_bounds_now()
        if isinstance(bounds, str):
            return bounds
        if to is None:
            return None
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

    def can_bet_or_raise(self, to: int | None = None, seat: int | None = None) -> Legality:
        """Whether the actor may bet or raise (to ``to`` chips this round, if given), and why not."""
        reason = self._why_not_bet_or_raise(to, seat)
        return LEGAL if reason is None else Legality(reason)

    def bet_or_raise_range(self) -> tuple[int, int] | None:
        """``(min_to, max_to)`` of a legal bet or raise for the actor, or None if none is legal.

        >>> from pokerlab.simulate.game.variants import pot_limit_holdem
        >>> State(pot_limit_holdem(5, 10), [1000] * 3, seed=0).bet_or_raise_range()
        (20, 35)
        """
        if self.phase != BET:
            return None
        key = len(self.history)  # _raise_bounds_now(), inlined: asked at every decision
        memo = self._raise_memo
        if memo[0] == key:
            bounds = memo[1]
        else:
            actor = self.actor
            assert actor is not None  # a betting round always has a player to act
            bounds = raise_bounds(self, actor)
            self._raise_memo = (key, bounds)
        return None if isinstance(bounds, str) else bounds

    def _raise_bounds_now(self) -> tuple[int, int] | str:
        """``raise_bounds`` for the actor, computed once per decision.

        A player (or a bot) asks for the range and then raises, which checks the amount against the
        same range: the memo saves the second computation, one raise_bounds call in five, about 5 % of
        a random 6-max hand (``benchmarks/game_speed.py``). Every operation appends to ``history``, so
        its length names the decision; the memo is left out of ``snapshot()`` (a query changes nothing).
        """
        key = len(self.history)
        memo = self._raise_memo
        if memo[0] == key:
            return memo[1]
        actor = self.actor
        assert actor is not None  # asked in a betting round only
        bounds = raise_bounds(self, actor)
        self._raise_memo = (key, bounds)
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
    # Each action first tries the usual case, the player to act in a betting round without a seat argument
    # (no stud bring-in to settle): there one comparison proves it legal, and the _why_not_* call is saved
    # (about 3 % of a random 6-max hand). Any other case asks _why_not_*, which says what is wrong.
    def fold(self, seat: int | None = None) -> None:
        """Give up the hand; chips already in stay in the pot."""
        actor = self.actor
        if seat is not None or self.phase != BET or self.variant.is_stud or self.bets[actor] >= self.level:  # type: ignore[index]
            reason = self._why_not_fold(seat)  # not facing a bet, or not the plain case: the full check
            if reason:
                raise IllegalActionError(reason)
        assert actor is not None  # checked above
        self.folded[actor] = True
        self.history.append(("fold", actor))
        self._after_bet_action(actor)

    def check(self, seat: int | None = None) -> None:
        """Pass with nothing to call."""
        actor = self.actor
        if (
            seat is not None
            or self.phase != BET
            or self.variant.is_stud
            or self.variant.bet_or_drop
            or self.bets[actor] < self.level  # type: ignore[index]
        ):
            reason = self._why_not_check(seat)
            if reason:
                raise IllegalActionError(reason)
        assert actor is not None  # checked above
        self.acted_at[actor] = self.level
        self.history.append(("check", actor))
        self._after_bet_action(actor)

    def call(self, seat: int | None = None) -> None:
        """Match the current bet (all-in for less if the stack is short)."""
        actor = self.actor
        if seat is not None or self.phase != BET or self.variant.is_stud or self.bets[actor] >= self.level:  # type: ignore[index]
            reason = self._why_not_call(seat)
            if reason:
                raise IllegalActionError(reason)
        assert actor is not None  # checked above
        owed = self.level - self.bets[actor]
        stack = self.stacks[actor]
        amount = owed if owed < stack else stack  # call_amount, without the property's phase checks
        self.stacks[actor] = stack - amount  # _commit, inlined in the two commonest actions
        self.bets[actor] += amount
        self.contributions[actor] += amount
        self.pot_total += amount
        self.acted_at[actor] = self.level
        self.last_caller = actor
        self.history.append(("call", actor, amount))
        self._after_bet_action(actor)

    def bet_or_raise(self, to: int, seat: int | None = None) -> None:
        """Bet or raise to ``to`` chips in total this round ("raise to", as in PHH)."""
        if to is None:
            raise IllegalActionError("bet_or_raise needs the amount: a whole number of chips (a raise-to total)")
        memo = self._raise_memo
        bounds = memo[1]
        if (
            seat is not None
            or memo[0] != len(self.history)
            or type(to) is not int
            or isinstance(bounds, str)
            or not bounds[0] <= to <= bounds[1]
            or (bounds[0] < to < bounds[1] and self.variant.betting.kind == FIXED_LIMIT)
        ):
            # Not the range this decision was already asked for (bet_or_raise_range, then the raise): the full
            # check. With it, the amount inside the range proves the raise legal, and the call is saved.
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
        self.history.append(("bet" if increment == to else "raise", actor, to))
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

    # ------------------------------------------------------------------ misdeal
    def _why_not_misdeal(self, cause: object) -> str | None:
        if cause not in MISDEAL_CAUSES:
            return f"a misdeal's cause is one of {', '.join(MISDEAL_CAUSES)}, got {describe_argument(cause)}"
        if self.phase == DONE:
            return "the hand is over; a misdeal can only be called while the cards are being dealt"
        if not any(self.hole):
            return "no card has been dealt yet, so there is nothing to deal again"
        acted = next((event for event in self.history if event[0] in PLAYER_ACTIONS), None)
        if acted is not None:
            return (
                f"seat {acted[1]} has already acted ({acted[0]}): a misdeal is called during the deal, "
                "before the first action; after that the hand stands"
            )
        return None

    def can_misdeal(self, cause: str = MISDEAL_EXPOSED_CARD) -> Legality:
        """Whether the dealer may call a misdeal now (after the first cards, before any player acts), and why not.

        >>> from pokerlab.simulate.game.variants import five_card_draw
        >>> hand = State(five_card_draw(), [20, 20], seed=1)
        >>> hand.can_misdeal().ok
        True
        >>> hand.check(); hand.can_misdeal().reason[:40]
        'seat 1 has already acted (check): a misd'
        """
        return _legality(self._why_not_misdeal(cause))

    def misdeal(self, cause: str = MISDEAL_EXPOSED_CARD) -> None:
        """A card dealt face up or a wrong card count (docs/rules.md 4.3): the hand ends and is dealt again.

        Nothing changes hands: antes and blinds go back to their owners and a carried pot stays for the
        new deal (``carry_out``); ``ended_by`` is ``"misdeal"``. :class:`~pokerlab.simulate.game.session.Session`
        deals again with the same button, so the same players post the same blinds.

        >>> from pokerlab.simulate.game.variants import no_limit_holdem
        >>> hand = State(no_limit_holdem(5, 10), [100, 100, 100], seed=2)
        >>> hand.misdeal("wrong-count"); hand.phase, hand.ended_by, hand.stacks
        ('done', 'misdeal', [100, 100, 100])
        """
        reason = self._why_not_misdeal(cause)
        if reason:
            raise IllegalActionError(reason)
        n = self.n
        self.history.append(("misdeal", cause))
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

        >>> from pokerlab.simulate.game.variants import no_limit_holdem
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

    def snapshot(self) -> tuple:
        """Every field as nested tuples: equal snapshots mean equal states (tests use it)."""
        out = []
        for name in State.__slots__:
            if name == "_raise_memo":
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


def _forced_bets(variant: Variant, n: int, button: int, antes: bool) -> list[tuple[int, str, int]]:
    """The forced bets in posting order, ``(seat, kind, amount)``: antes clockwise from the dealer's left, then blinds.

    >>> from pokerlab.simulate.game.variants import no_limit_holdem
    >>> _forced_bets(no_limit_holdem(1, 2), 3, 0, True)
    [(1, 'small blind', 1), (2, 'big blind', 2)]
    """
    forced = variant.forced
    queue: list[tuple[int, str, int]] = []

    def seat_at(position: int) -> int:  # State.seat_at: heads-up the button posts the small blind
        return (button + position) % 2 if n == 2 else (button + 1 + position) % n

    if antes and forced.has_antes:
        owed = forced.position_antes(n)
        for k in range(n):  # clockwise from the dealer's left
            seat = (button + 1 + k) % n
            due = owed[(seat - button) % 2 if n == 2 else (seat - button - 1) % n]
            if due:
                queue.append((seat, "ante", due))
    if forced.big_blind:
        kinds = ("small blind", "big blind")
        for position, amount in enumerate(forced.position_blinds(n)):
            if amount:
                queue.append((seat_at(position), kinds[position] if position < 2 else "straddle", amount))
    return queue


def _whole_chips(value: object) -> int | None:
    """A chip count as an int: whole numbers, and whole finite floats (``100.0``); else None."""
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    return whole_number(value)


def _legality(reason: str | None) -> Legality:
    return LEGAL if reason is None else Legality(reason)
