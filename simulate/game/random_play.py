"""Random legal play: a policy that picks uniformly among legal actions, for tests and benchmarks.

The betting policy is the one the speed benchmark gives every engine: with a
free check, check or bet (never fold); facing a bet, fold, call or raise; a
bet or raise amount uniform over the legal range.

>>> import random
>>> from pokerlab.simulate.game.state import State
>>> from pokerlab.simulate.game import no_limit_holdem
>>> hand = play_random_hand(State(no_limit_holdem(1, 2), [200] * 6, seed=5), random.Random(5))
>>> hand.phase, sum(hand.stacks)
('done', 1200)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pokerlab.errors import InputError

from .declarations import FIXED_LIMIT
from .phases import BET, DEAL, DONE, DRAW, POST, SHOWDOWN
from .state import State


def random_action(state: State, rng: random.Random, *, muck_rate: float = 0.3) -> None:
    """Make one random legal move for whoever must act (dealer steps included).

    >>> from pokerlab.simulate.game import five_card_draw
    >>> hand = State(five_card_draw(), [20, 20], seed=1)
    >>> random_action(hand, random.Random(0)); len(hand.history) > 2
    True
    """
    phase = state.phase
    if phase == BET:
        _random_bet(state, rng.getrandbits)
    elif phase == DRAW:
        _random_draw(state, rng)
    elif phase == SHOWDOWN:
        if rng.random() < muck_rate and state.can_muck():
            state.muck()
        else:
            state.show()
    elif phase == POST:
        state.post()
    elif phase == DEAL:
        state.deal()
    elif phase == DONE:
        raise InputError("the hand is over; nothing to do")


def _random_bet(state: State, bits: Callable[[int], int]) -> None:
    """One of the betting choices open to the actor, uniformly; a bet or raise amount uniform over the range."""
    bounds = state.bet_or_raise_range()
    # The actor to bet is never all-in, so chips owed mean a call is legal and a check is not; asking
    # can_check() there first built its refusal message on every decision facing a bet.
    choices: tuple[str, ...]
    variant = state.variant
    if variant.is_stud and state.can_bring_in():
        choices = _BRING_IN_COMPLETE if bounds else _BRING_IN  # forced: post the bring-in or complete
    elif state.level > state.bets[state.actor]:  # type: ignore[index]  # call_amount > 0, without the property
        choices = _FOLD_CALL_RAISE if bounds else _FOLD_CALL
    elif not (variant.is_stud or variant.bet_or_drop) or state.can_check():
        # Nothing owed: a check is legal unless a stud bring-in is due or the round is bet or drop.
        choices = _CHECK_RAISE if bounds else _CHECK
    else:  # bet or drop: nothing to call, no check
        choices = _FOLD_RAISE if bounds else _FOLD
    count = len(choices)  # _below(bits, count), inlined: one call less per decision
    width = _WIDTHS[count]
    pick = bits(width)
    while pick >= count:
        pick = bits(width)
    choice = choices[pick]
    if choice == "raise":
        assert bounds is not None  # "raise" is a choice only with bounds
        low, high = bounds
        if high > low and variant.betting.kind == FIXED_LIMIT:  # stud's open pair: one unit or the other
            state.bet_or_raise(high if _below(bits, 2) else low)
        else:
            state.bet_or_raise(low + _below(bits, high - low + 1))
    else:  # the other choices name the State method that makes them, with no argument
        getattr(state, choice)()


def _random_draw(state: State, rng: random.Random) -> None:
    """Discard a random number of random cards (none when the engine refuses them) for the drawer."""
    actor, rule = state.actor, state.variant.streets[state.street].draw
    assert actor is not None and rule is not None  # a draw phase has a drawer and a draw rule
    hand = state.hole[actor]
    count = rng.randint(0, min(rule.max_discards, len(hand)))
    discards = rng.sample(hand, count)
    if not state.can_draw(discards):
        discards = []
    state.draw(discards)


# The betting choices, by what is legal (a free check never comes with a fold: the policy checks instead).
_CHECK, _CHECK_RAISE = ("check",), ("check", "raise")
_FOLD, _FOLD_RAISE = ("fold",), ("fold", "raise")
_FOLD_CALL, _FOLD_CALL_RAISE = ("fold", "call"), ("fold", "call", "raise")
_BRING_IN, _BRING_IN_COMPLETE = ("bring_in",), ("bring_in", "raise")
_WIDTHS = (0, 1, 2, 2)  # bit_length() of 0..3 choices


def _below(bits: Callable[[int], int], n: int) -> int:
    """A uniform draw from ``range(n)``: the draws of ``rng.randrange(n)``, bit for bit, without its two calls.

    ``randrange`` and ``randint`` validate their arguments on every call; with the policy's known-good
    bounds that was 5 % of a random hand (``benchmarks/game_speed.py``). Same draws, so a seed plays the
    same moves as before.
    """
    width = n.bit_length()
    r = bits(width)
    while r >= n:
        r = bits(width)
    return r


def play_random_hand(state: State, rng: random.Random, *, max_steps: int = 10_000) -> State:
    """Play random legal moves until the hand is over; return the state.

    ``max_steps`` guards against a hand that never ends (a bug the property tests would catch).
    """
    for _ in range(max_steps):
        if state.phase == DONE:
            return state
        random_action(state, rng)
    raise RuntimeError(f"hand not finished after {max_steps} steps: {state!r}")
