"""The bots in Omaha: starting-hand percentiles, made-hand tiers, legal play by every bot (docs/rules.md 14)."""

from __future__ import annotations

import random

import pytest
from pokerlab.simulate.bots import make_bot
from pokerlab.simulate.bots.games import make_game
from pokerlab.simulate.bots.omaha_play import omaha_percentile, omaha_seat_equity, omaha_tier
from pokerlab.simulate.bots.view import SeatView, apply_action
from pokerlab.simulate.game import State
from pokerlab.simulate.game.cards import parse
from pokerlab.simulate.game.variants import omaha

from pokerlab.errors import InputError


@pytest.mark.parametrize("cards", [4, 5, 6])
def test_percentile_ranks_premium_hands_above_trash(cards):
    premium = parse("As Ad Ks Kd Qh Jh"[: 3 * cards - 1])
    trash = parse("2c 7d 9h Qs 4d 8c"[: 3 * cards - 1])
    assert omaha_percentile(premium, False) < 0.05 < 0.5 < omaha_percentile(trash, False)


def test_hilo_percentile_prizes_an_ace_with_a_deuce():
    hand = parse("Ac 2c 3d Kd")
    assert omaha_percentile(hand, True) < omaha_percentile(hand, False)


def test_tier_reads_two_plus_three_not_the_board():
    # A flush on the board but one spade in hand: no flush, nothing.
    assert omaha_tier(parse("As Kd 7c 2h"), parse("Qs Js 9s 4s 3s"), False) == 0
    assert omaha_tier(parse("As Ks 7c 2h"), parse("Qs Js 9s 4d 3c"), False) == 4  # the nut flush
    assert omaha_tier(parse("Ac 2d 9h 9s"), parse("3c 5d 7h Kc Ks"), True) == 3  # the nut low


def test_equity_estimate_is_a_share_of_the_pot():
    hand = State(omaha(), [100, 100], seed=3)
    share = omaha_seat_equity(SeatView(hand), 0.0, random.Random(1))
    assert 0.0 < share < 1.0


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
@pytest.mark.parametrize("structure", ["pot-limit", "fixed-limit"])
def test_every_bot_plays_only_legal_moves(game, structure):
    variant = make_game(game, structure)
    bots = [make_bot(name, seed=k) for k, name in enumerate(["tight", "loose", "station", "random", "equity:0.001"])]
    for seed in range(6):
        hand = State(variant, [60 + 10 * k for k in range(5)], button=seed % 5, seed=seed)
        while hand.phase != "done":
            action = bots[hand.actor](SeatView(hand))
            assert SeatView(hand).can(action), action
            apply_action(hand, action)
        assert sum(hand.stacks) == sum(60 + 10 * k for k in range(5))


def test_omaha_takes_no_spread():
    with pytest.raises(InputError, match="pot-limit, no-limit or fixed-limit"):
        make_game("omaha", "spread-limit")
