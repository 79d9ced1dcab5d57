"""Random legal play: a policy that picks uniformly among legal actions, for tests and benchmarks.

The betting policy is the one the speed benchmark gives every engine: with a
free check, check or bet (never fold); facing a bet, fold, call or raise; a
bet or raise amount uniform over the legal range.

>>> import random
>>> from pokerlab.simulate.game.state import State
>>> from pokerlab.simulate.game.variants import no_limit_holdem
>>> hand = play_random_hand(State(no_limit_holdem(1, 2), [200] * 6, seed=5), random.Random(5))
>>> hand.phase, sum(hand.stacks)
('done', 1200)
"""

from __future__ import annotations

import random

from pokerlab.errors import InputError

from .state import BET, DEAL, DONE, DRAW, POST, SHOWDOWN, State
from .variants import FIXED_LIMIT


def random_action(state: State, rng: random.Random, *, muck_rate: float = 0.3) -> None:
    """Make one random legal move for whoever must act (dealer steps included).

    >>> from pokerlab.simulate.game.variants import five_card_draw
    >>> hand = State(five_card_draw(), [20, 20], seed=1)
    >>> random_action(hand, random.Random(0)); len(hand.history) > 2
    True
    """
    phase = state.phase
    if phase == BET:
        bounds = state.bet_or_raise_range()
        if state.can_check():
            choices = ["check"]
        else:
            choices = ["fold", "call"] if state.can_call() else ["fold"]
        if bounds is not None:
            choices.append("raise")
        if state.variant.is_stud and state.can_bring_in():
            choices = ["bring_in", "raise"]  # the bring-in is forced: post it or complete
        if state.can_fold() and "fold" not in choices and not state.can_check():
            choices.append("fold")  # bet or drop: no check, fold allowed
        choice = choices[rng.randrange(len(choices))]
        if choice == "raise":
            if state.variant.betting.kind == FIXED_LIMIT:  # one unit or the other (stud's open pair)
                state.bet_or_raise(bounds[rng.randrange(2)])  # type: ignore[index]
            else:
                state.bet_or_raise(rng.randint(bounds[0], bounds[1]))  # type: ignore[index]
        else:
            getattr(state, choice)()
    elif phase == DRAW:
        hand = state.hole[state.actor]  # type: ignore[index]
        rule = state.variant.streets[state.street].draw
        count = rng.randint(0, min(rule.max_discards, len(hand)))  # type: ignore[union-attr]
        discards = rng.sample(hand, count)
        if not state.can_draw(discards):
            discards = []
        state.draw(discards)
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


def play_random_hand(state: State, rng: random.Random, *, max_steps: int = 10_000) -> State:
    """Play random legal moves until the hand is over; return the state.

    ``max_steps`` guards against a hand that never ends (a bug the property tests would catch).
    """
    for _ in range(max_steps):
        if state.phase == DONE:
            return state
        random_action(state, rng)
    raise RuntimeError(f"hand not finished after {max_steps} steps: {state!r}")
