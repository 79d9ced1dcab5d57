"""Betting-structure arithmetic: the legal "raise to" range of the player to act, or why there is none.

Kept apart from the state machine so each structure's rule reads in one
place (docs/rules.md sections 5.6 and 6). Amounts are "raise to" totals for the
round, as in PHH.

Round bookkeeping the functions read from the state:

- ``level``: the current bet to match in this round.
- ``full_level``: the bet level set by the last *full* bet or raise (fixed limit completes to it plus a unit).
- ``last_raise``: the size of the last full bet or raise (no limit, pot limit, spread limit, last-bet limit).
- ``bets_made``: the opening bet (or the big blind, by option) plus full raises, for the raise cap.
- ``acted_at[seat]``: the level the seat last matched when it acted, -1 if it has not acted this round.

>>> from pokerlab.simulate.game import no_limit_holdem
>>> from pokerlab.simulate.game.state import State
>>> state = State(no_limit_holdem(5, 10), [1000] * 3, seed=1)
>>> raise_bounds(state, state.actor)
(20, 1000)
"""

from __future__ import annotations

from .declarations import FIXED_LIMIT, LAST_BET_LIMIT, NO_LIMIT, POT_LIMIT, SPREAD_LIMIT
from .events import Bet, Board, Call, Deal, Fold, Raise
from .fields import HandFields
from .seating import CLOCKWISE


def street_unit(state: HandFields) -> int:
    """The bet unit of the current round (small or big bet).

    >>> from pokerlab.simulate.game import fixed_limit_holdem
    >>> from pokerlab.simulate.game.state import State
    >>> street_unit(State(fixed_limit_holdem(1, 2), [100, 100], seed=0))
    2
    """
    return state.variant.street_units[state.street]


def reopened_for(state: HandFields, seat: int) -> bool:
    """Whether the seat may raise given what happened since it last acted.

    A seat that has not acted may always raise. Otherwise the raises since it
    acted must add up to a full raise (several short all-ins can, docs/rules.md 5.6);
    in fixed limit an all-in of at least half a bet counts as a full raise.
    """
    acted = state.acted_at[seat]
    if acted < 0:
        return True
    kind = state.variant.betting.kind
    if kind == FIXED_LIMIT:
        return state.full_level > acted
    if kind == LAST_BET_LIMIT:
        return state.level - acted >= street_unit(state)
    return state.level - acted >= state.last_raise


def full_raise_to(state: HandFields) -> int:
    """The smallest total that is a full bet or raise this round (a short all-in may be less).

    Fixed limit completes to the last full level plus a unit; the other structures add the
    last full bet or raise (at least the minimum bet) to the current level.
    """
    kind = state.variant.betting.kind
    unit = street_unit(state)
    if kind == FIXED_LIMIT:
        return state.full_level + unit
    if kind == LAST_BET_LIMIT:
        return state.level + unit
    return state.level + (state.last_raise if state.last_raise > unit else unit)


def capped_before_heads_up(state: HandFields) -> bool:
    """Whether the round's cap was reached in a pot of three or more players not all-in: it then stays
    reached when a fold or an all-in call leaves two (docs/rules.md 6.1, Robert's Rules, betting and raising 4).

    Read only when the cap is reached, two players not all-in are left and ``cap_heads_up`` is off. The
    round's events are walked back to the bet or raise that reached the cap (or the deal, when the big blind
    was the bet), adding back every player who folded or called all-in since; the raiser counts as not
    all-in when it raised, even if the raise took all its chips.

    >>> from pokerlab.simulate.game import FIXED_LIMIT, texas_holdem
    >>> from pokerlab.simulate.game.state import State
    >>> hand = State(texas_holdem(FIXED_LIMIT, 1, 2, cap_heads_up=False), [100] * 3, button=0, seed=0)
    >>> for to in (4, 6, 8):
    ...     hand.raise_to(to)
    >>> hand.fold()
    >>> capped_before_heads_up(hand)
    True
    """
    history, stacks = state.history, state.stacks
    players = sum(1 for seat, out in enumerate(state.folded) if not out and stacks[seat])
    if players > 2:
        return True
    for k in range(len(history) - 1, -1, -1):
        event = history[k]
        if isinstance(event, Fold) or (isinstance(event, Call) and not stacks[event.seat]):
            players += 1
        elif isinstance(event, Bet | Raise):
            return players + (not stacks[event.seat]) >= 3
        elif isinstance(event, Deal | Board):
            break
    return players >= 3


def raise_bounds(state: HandFields, seat: int) -> tuple[int, int] | str:
    """``(min_to, max_to)`` for the seat's bet or raise this round, or the reason it may not bet or raise.

    A stack too short for the minimum can still go all-in: then ``min_to == max_to == all-in``.
    """
    # Runs at every betting decision, so the helpers above are inlined where they are short (street_unit
    # and Betting.unit, full_raise_to, the not-acted case of reopened_for): under cProfile, half the time per call.
    variant = state.variant
    betting = variant.betting
    kind = betting.kind
    bets = state.bets
    stacks = state.stacks
    folded = state.folded
    level = state.level
    all_in_to = bets[seat] + stacks[seat]
    if all_in_to <= level:
        return "calling already puts all your chips in; you may call or fold"
    # A raise needs someone who could put in more than the current bet (pokerkit and cardrooms agree).
    # Looked for clockwise from the seat: the next player is usually one, so the loop mostly stops at once.
    for j in CLOCKWISE[state.n][seat]:
        if not folded[j] and bets[j] + stacks[j] > level and j != seat:
            break
    else:
        return (
            "every other player still in is all-in or cannot put in more than the current bet, "
            "so nobody could call a raise; you may call or check"
        )
    cap = betting.raise_cap
    if cap is not None and level > 0 and state.bets_made >= 1 + cap:
        # docs/rules.md 6.1: by option the cap is lifted for two players not all-in (an all-in player does not
        # count), only if the round was heads-up when it was reached (a fold after it leaves the betting capped).
        # Only the player to act folds, so a folded seat has chips: the difference counts the players left who
        # are not all-in, without the walk back through the round.
        if betting.cap_heads_up or folded.count(False) - stacks.count(0) > 2 or capped_before_heads_up(state):
            return f"the betting is capped: a bet and {cap} raises have been made this round"
    acted = state.acted_at[seat]
    # reopened_for(state, seat), inlined for the structures that read the last full raise (the call only otherwise)
    if acted >= 0 and (
        level - acted < state.last_raise
        if kind != FIXED_LIMIT and kind != LAST_BET_LIMIT
        else not reopened_for(state, seat)
    ):
        return (
            "the raises since you acted were all-in for less than a full raise and do not reopen "
            "the betting; you may call or fold"
        )
    # The call only where openers are asked for: most games never do.
    if variant.jacks_to_open and (reason := state.opening_refusal(seat)):
        return reason
    min_to, max_to = _structure_bounds(state, seat, all_in_to)
    if all_in_to < min_to:
        return all_in_to, all_in_to
    return min_to, max_to if max_to < all_in_to else all_in_to


def _structure_bounds(state: HandFields, seat: int, all_in_to: int) -> tuple[int, int]:
    """``(min_to, max_to)`` of the betting structure, before the seat's stack caps them (``all_in_to``)."""
    variant = state.variant
    betting = variant.betting
    kind = betting.kind
    level = state.level
    unit = variant.street_units[state.street]
    # One branch per structure, the commonest first: min_to is full_raise_to(state).
    if kind == NO_LIMIT or kind == POT_LIMIT or kind == SPREAD_LIMIT:
        last = state.last_raise
        min_to = level + (last if last > unit else unit)
        if kind == POT_LIMIT:
            # Pot plus all bets on the table plus the call (docs/rules.md 6): raise-to = level + that.
            max_to = level + state.pot_total + (level - state.bets[seat])
        else:
            max_to = all_in_to
        if betting.max_bet is not None:
            max_to = min(max_to, level + betting.max_bet)
        return min_to, max_to if max_to > min_to else min_to  # a short pot or a low maximum still allows the minimum
    if kind == FIXED_LIMIT:
        min_to = state.full_level + unit
        if variant.streets[state.street].open_pair_big_bet:
            from .stud import open_pair_bounds  # stud only; stud imports this module's neighbours

            return open_pair_bounds(state, min_to)
        return min_to, min_to
    # last-bet limit
    min_to = level + unit
    max_to = level + max(unit, state.last_raise) if level > 0 else level + (betting.max_bet or all_in_to)
    return min_to, max_to if max_to > min_to else min_to
