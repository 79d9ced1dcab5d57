"""Property tests over every shipped variant: random legal play keeps the engine's invariants.

Chips are never created or lost; nobody wins more than they were eligible for; every pot is
awarded; every hand ends; every illegal action raises and changes nothing.
"""

from __future__ import annotations

import random

import pytest
from game_helpers import check_pots_paid, random_tables
from hypothesis import given, settings, strategies as st

from pokerlab.simulate.game import IllegalActionError, State, shipped_variants
from pokerlab.simulate.game.random_play import random_action

VARIANTS = shipped_variants()


def _illegal_attempts(hand: State, rng: random.Random) -> list[tuple[str, tuple]]:
    """Operations the queries call illegal right now (with arguments), to be tried and refused."""
    attempts = []
    checks = [
        ("fold", hand.can_fold, ()),
        ("check", hand.can_check, ()),
        ("call", hand.can_call, ()),
        ("show", hand.can_show, ()),
        ("muck", hand.can_muck, ()),
        ("post", hand.can_post, ()),
        ("deal", hand.can_deal, ()),
    ]
    for name, query, args in checks:
        if not query():
            attempts.append((name, args))
    bounds = hand.bet_or_raise_range()
    if bounds is None:
        attempts.append(("bet_or_raise", (rng.randint(1, 500),)))
    else:
        attempts.append(("bet_or_raise", (bounds[0] - 1,)))
        attempts.append(("bet_or_raise", (bounds[1] + 1,)))
    if hand.actor is not None:
        other = (hand.actor + 1) % hand.n
        attempts.append(("check" if hand.can_check() else "fold", ()))  # legal op, wrong seat below
        attempts[-1] = (attempts[-1][0], ("seat", other))
    if hand.phase == "draw":
        not_held = next(c for c in range(hand.variant.deck_size) if c not in hand.hole[hand.actor])
        attempts.append(("draw", ([not_held],)))
        attempts.append(("draw", (list(hand.hole[hand.actor]) + [not_held],)))
    else:
        attempts.append(("draw", ([],)))
    return attempts


def _try_illegal(hand: State, name: str, args: tuple) -> None:
    before = hand.snapshot()
    with pytest.raises(IllegalActionError) as info:
        if args[:1] == ("seat",):
            getattr(hand, name)(seat=args[1])
        else:
            getattr(hand, name)(*args)
    assert str(info.value)  # a message a person can act on
    assert hand.snapshot() == before, f"{name}{args} changed the state"


@settings(max_examples=120, deadline=None)
@given(
    **random_tables(VARIANTS, max_players=7, max_stack=80),
    carried=st.sampled_from([0, 0, 5]),
    automatic=st.booleans(),
    auto_showdown=st.booleans(),
)
def test_random_legal_play_keeps_every_invariant(key, players, stacks, button, seed, carried, automatic, auto_showdown):
    variant = VARIANTS[key]
    players = min(players, variant.max_players)
    stacks = stacks[:players]
    hand = State(
        variant,
        stacks,
        button=button % players,
        seed=seed,
        carried_pot=carried,
        automatic=automatic,
        auto_showdown=auto_showdown,
    )
    total = sum(stacks) + carried
    rng = random.Random(seed)
    for step in range(2000):
        assert sum(hand.stacks) + hand.pot_total + hand.carry_out == total
        assert min(hand.stacks) >= 0
        if hand.phase == "done":
            break
        if step % 3 == 0:
            for name, args in _illegal_attempts(hand, rng):
                _try_illegal(hand, name, args)
        copy = hand.copy()
        random_action(hand, rng)
        assert copy.snapshot() != hand.snapshot()
    else:
        pytest.fail("the hand did not end")

    check_pots_paid(hand, carried)
    assert sum(hand.payouts) + hand.carry_out == sum(hand.contributions) + carried
    assert all(hand.payouts[seat] == 0 for seat in range(players) if hand.folded[seat])
