"""The dealer's side of a hand: forced bets, dealing, betting-round transitions, uncalled bets, the end.

A mixin of :class:`pokerlab.simulate.game.state.State` (which owns every field). The
state moves POST -> DEAL -> (DRAW) -> BET -> DEAL ... -> SHOWDOWN -> DONE; with
``automatic=True`` the dealer's steps run by themselves.

>>> from pokerlab.simulate.game import five_card_draw
>>> from pokerlab.simulate.game.state import State
>>> hand = State(five_card_draw(ante=1, small_bet=2), [20, 20, 20], automatic=False, seed=4)
>>> hand.phase, hand.can_post().ok
('post', True)
>>> for _ in range(3): hand.post()
>>> hand.phase; hand.deal(); [len(cards) for cards in hand.hole]
'deal'
[5, 5, 5]
"""

from __future__ import annotations

from .draw_showdown import DrawShowdownMixin
from .errors import LEGAL, IllegalActionError, Legality
from .events import Board, Deal, PassedOut, Post, Return, ShowOpeners, Win, new_event
from .phases import BET, DEAL, DONE, POST
from .pots import Pot, build_pots
from .seating import CLOCKWISE
from .stud import deal_street, first_to_act

# The forced bets posted in full, by the (seat, kind, amount) the variant's posting order holds: a hand
# posts the ones of its seating, so the events are kept rather than built twice a hand.
_POSTED: dict[tuple[int, str, int], Post] = {}


def _posted(due: tuple[int, str, int]) -> Post:
    if len(_POSTED) >= 4096:
        _POSTED.clear()
    event = _POSTED[due] = Post("post", *due)
    return event


class FlowMixin(DrawShowdownMixin):
    """Dealer operations and transitions shared by every variant."""

    __slots__ = ()

    # ------------------------------------------------------------------ forced bets
    def _pots_now(self) -> list[Pot]:
        """Main and side pots from what everyone put in: complete antes are dead money anyone still in can win.

        With ``ante_trimming`` a short ante caps the dead part at what the short player posted; the rest
        of each ante stays in its poster's layers (docs/rules.md 4.2).
        """
        paid = self.antes_paid
        if not any(paid):
            return build_pots(self.contributions, self.folded, self.carried_in)
        forced = self.variant.forced
        dead = list(paid)
        if forced.ante_trimming:
            owed = forced.position_antes(self.n)
            due = [owed[self.position_of(seat)] for seat in range(self.n)]
            if any(0 < paid[s] < due[s] for s in range(self.n)):
                cap = min(paid[s] for s in range(self.n) if due[s])
                dead = [min(a, cap) for a in paid]
        live = [c - d for c, d in zip(self.contributions, dead)]
        return build_pots(live, self.folded, self.carried_in + sum(dead))

    def can_post(self) -> Legality:
        """Whether a forced bet (ante or blind) is due now; ``post()`` posts the next one."""
        if self.phase != POST:
            return Legality(f"no forced bet is due: the hand is in the {self.phase} phase")
        return LEGAL

    def post(self) -> None:
        """Post the next forced bet (antes clockwise from the dealer's left, then small and big blind).

        A stack shorter than the forced bet posts all of it and is all-in.
        """
        reason = self.can_post().reason
        if reason:
            raise IllegalActionError(reason)
        self._post_next()
        self._run_dealer()

    def _post_next(self) -> None:
        due = self.forced_queue.pop(0)
        seat, kind, amount = due
        stack = self.stacks[seat]
        if amount > stack:
            amount = stack
            event = new_event(Post, ("post", seat, kind, amount))
        else:  # posted in full: the same event as every hand's at this seating
            event = _POSTED.get(due) or _posted(due)
        self.stacks[seat] = stack - amount
        self.contributions[seat] += amount
        self.pot_total += amount
        if kind == "ante":  # dead money: in the pot, not a bet of the round
            self.antes_paid[seat] += amount
        else:
            self.bets[seat] += amount
        self.history.append(event)
        if not self.forced_queue:
            variant = self.variant
            if variant.has_blinds:
                # The blinds are live: the largest blind or straddle is the bet to match (in full even if
                # its poster is short) and, by option, the round's opening bet for the raise cap.
                self.level = self.full_level = self.last_raise = variant.forced.live_top
                self.bets_made = 1 if self.variant.betting.blind_counts_as_bet else 0
            self.phase = DEAL

    # ------------------------------------------------------------------ dealing
    def can_deal(self) -> Legality:
        """Whether the dealer's next deal (hole cards, burn, board) is due now."""
        if self.phase != DEAL:
            return Legality(f"nothing to deal: the hand is in the {self.phase} phase")
        return LEGAL

    def deal(self) -> None:
        """Deal the current street: hole cards one at a time from the dealer's left, then burn and board."""
        reason = self.can_deal().reason
        if reason:
            raise IllegalActionError(reason)
        self._deal_street()

    def _run_dealer(self) -> None:
        if not self.automatic:
            return
        while self.phase == POST:
            self._post_next()
        if self.phase == DEAL:
            self._deal_street()

    def _deal_street(self) -> None:
        street = self.variant.streets[self.street]
        if self.variant.is_stud:
            deal_street(self, street)
            self._start_betting()
            return
        deck = self.deck
        pos = self.deck_pos
        if street.hole:
            n = self.n
            folded, hole = self.folded, self.hole
            order = CLOCKWISE[n][self.button]  # from the dealer's left
            if True in folded:
                order = tuple([seat for seat in order if not folded[seat]])
            # One card at a time round the table: seat i's cards are every len(order)-th card from pos + i
            # (one slice per seat instead of an append per card).
            step = len(order)
            end = pos + step * street.hole
            for seat, first in zip(order, range(pos, pos + step)):
                hole[seat].extend(deck[first:end:step])
            pos = end
            self.history.append(new_event(Deal, ("deal", tuple(map(tuple, hole)))))
        for _ in range(street.burn):
            self.dead_cards.append((-1, deck[pos]))
            pos += 1
        if street.board:
            cards = deck[pos : pos + street.board]
            pos += street.board
            self.board.extend(cards)
            self.history.append(new_event(Board, ("board", tuple(cards))))
        self.deck_pos = pos
        if street.draw is not None:
            self._start_draw()
        else:
            self._start_betting()

    # ------------------------------------------------------------------ betting rounds
    def _next_needing(self, after: int) -> int | None:
        """The first seat clockwise after ``after`` that must act, or None when the round is over.

        A seat acts when it is in, not all-in, and owes chips, or has not acted this round while
        someone else could still respond to a bet. One loop over plain lists: this runs after every
        betting action, and a method call per seat cost about 5 % of a random hand.
        """
        n = self.n
        folded, stacks, bets, acted_at, level = self.folded, self.stacks, self.bets, self.acted_at, self.level
        for seat in CLOCKWISE[n][after % n]:  # a stored order: no modulo per seat
            if folded[seat] or stacks[seat] == 0:
                continue
            if bets[seat] < level:
                return seat
            if acted_at[seat] >= 0:
                continue
            for j in range(n):
                if j != seat and not folded[j] and stacks[j] > 0:
                    return seat
        return None

    def _round_start_seat(self) -> int:
        variant = self.variant
        if variant.is_stud:
            return first_to_act(self)
        n = self.n
        if self.street == 0 and variant.has_blinds:
            # left_of(seat_at(the last blind or straddle)), as arithmetic: once a street, two calls fewer.
            last = variant.last_blind
            if last < 0:  # the button blind: the last position
                last = n - 1
            return (self.button + last + 1) % 2 if n == 2 else (self.button + last + 2) % n
        if (
            self.street > 0
            and not variant.has_blinds
            and self.opener is not None
            and variant.rules.after_draw_first == "opener"
        ):
            return self.opener  # or the nearest seat to the opener's left that can act
        return (self.button + 1) % n

    def _start_betting(self) -> None:
        self.phase = BET
        if not (self.street == 0 and self.variant.has_blinds):
            self.level = self.full_level = self.last_raise = self.bets_made = 0
        self.acted_at = [-1] * self.n
        start = self._round_start_seat()
        actor = self._next_needing(start - 1)
        if actor is None:
            self._end_round()
            return
        self.last_aggressor = self.last_caller = None
        self.actor = actor

    def _after_bet_action(self, actor: int) -> None:
        folded = self.folded
        if folded.count(False) == 1:
            self._finish_uncontested()
            return
        following = self._next_needing(actor)
        if following is None:
            self._end_round()
        else:
            self.actor = following

    def _return_uncalled(self) -> None:
        bets = self.bets
        top = max(bets)
        if top == 0 or bets.count(top) > 1:
            return
        seat = bets.index(top)
        second = sorted(bets)[-2]  # the top bet is one seat's alone: the next value is the most anyone matched
        excess = top - second
        self.stacks[seat] += excess
        bets[seat] -= excess
        self.contributions[seat] -= excess
        self.pot_total -= excess
        self.history.append(new_event(Return, ("return", seat, excess)))

    def _end_round(self) -> None:
        self.actor = None
        self._return_uncalled()
        if self.street == 0 and not self.variant.has_blinds and self.level == 0 and any(a >= 0 for a in self.acted_at):
            self._pass_out()
            return
        self.bets = [0] * self.n
        self.level = 0
        if self.street + 1 < len(self.variant.streets):
            self.street += 1
            self.phase = DEAL
            if self.automatic:  # _run_dealer(): between streets nothing is posted, the street is dealt
                self._deal_street()
        else:
            self._start_showdown()

    # ------------------------------------------------------------------ endings
    def _pass_out(self) -> None:
        """Nobody opened: the cards are thrown in and the whole pot waits for the next deal."""
        self.ended_by = "check-around"
        self.carry_out = self.pot_total
        self.pot_total = 0
        self.history.append(new_event(PassedOut, ("passed out", self.carry_out)))
        self._close()

    def _finish_uncontested(self) -> None:
        """Everyone else folded: the last player wins every pot without showing."""
        self.actor = None
        self._return_uncalled()
        self.ended_by = "fold"
        winner = self.folded.index(False)
        # With one player in, build_pots makes one pot of everything in it, which award_pots gives that player
        # (or no pot when nothing was put in): the answer of the two, without their walks over the seats.
        total = self.pot_total
        self.pots = []
        if total:
            pot = Pot(total, (winner,))
            pot.winners, pot.shares = pot.eligible, (total,)
            self.pots.append(pot)
        won = [0] * self.n
        won[winner] = total
        self._settle(won, 0)

    def _settle(self, won: list[int], carried_odd: int) -> None:
        stacks = self.stacks
        for seat, chips in enumerate(won):
            if chips:
                stacks[seat] += chips
                self.history.append(new_event(Win, ("win", seat, chips)))
        self.payouts = won
        self.carry_out = carried_odd
        self.pot_total = 0
        self._close()

    def _close(self) -> None:
        if self.opener is not None and self.variant.opening.requirement == "jacks":
            # Jackpots: the opener's openers are shown at the end, whatever happened (standard).
            openers = tuple(self.opening_hand or ())
            self.history.append(new_event(ShowOpeners, ("show openers", self.opener, openers)))
        self.actor = None
        self.phase = DONE
