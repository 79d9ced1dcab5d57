"""The bots in Omaha: starting-hand percentiles, made-hand tiers, legal play by every bot (docs/rules.md 14)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from pokerlab.errors import InputError
from pokerlab.simulate.bots import make_bot, omaha_play
from pokerlab.simulate.bots.equity_player import EquityBot
from pokerlab.simulate.bots.games import make_game
from pokerlab.simulate.bots.omaha_play import (
    OMAHA_RANGES,
    omaha_percentile,
    omaha_ranges,
    omaha_seat_equity,
    omaha_tier,
)
from pokerlab.simulate.bots.view import SeatView, apply_action
from pokerlab.simulate.game import State, omaha, pot_limit_omaha, pot_limit_omaha_hilo
from pokerlab.simulate.game.cards import names, parse


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


# ---------------------------------------------------------------- the equity bot's ranges from actions

HIGH_TWICE, HIGH_ONCE = OMAHA_RANGES[4][False]
HILO_TWICE, HILO_ONCE = OMAHA_RANGES[4][True]


def spy_on_equity(monkeypatch) -> list[list[str]]:
    """Record the players of every Omaha equity call the bots make (and still compute it)."""
    calls: list[list[str]] = []
    real = omaha_play.equity

    def spy(players, **options):
        calls.append(list(players))
        return real(players, **options)

    monkeypatch.setattr(omaha_play, "equity", spy)
    return calls


def test_the_equity_call_gets_ranges_that_narrow_with_each_raise(monkeypatch):
    calls = spy_on_equity(monkeypatch)
    bot = EquityBot(budget=0.001, seed=1)
    hand = State(pot_limit_omaha(1, 2), [200, 200, 200], button=0, seed=4)  # the button acts first
    view = SeatView(hand)
    assert omaha_ranges(view) == ["random", "random"]
    hand.bet_or_raise(7)  # the button raises
    bot(SeatView(hand))  # the small blind's decision
    assert calls[-1][1:] == [HIGH_ONCE, "random"]
    hand.bet_or_raise(20)  # the small blind re-raises
    bot(SeatView(hand))  # the big blind's decision: the button raised once, the small blind once
    assert calls[-1][1:] == [HIGH_ONCE, HIGH_ONCE]
    hand.fold()
    hand.bet_or_raise(hand.bet_or_raise_range()[1])  # the button raises again, the pot
    bot(SeatView(hand))  # the small blind faces a player who raised twice
    assert calls[-1][1:] == [HIGH_TWICE]
    assert calls[-1][0] == "".join(names(hand.hole[1]).split())  # the hero's own hand comes first


def test_hilo_ranges_are_low_hands_and_calls_narrow_nothing():
    hand = State(pot_limit_omaha_hilo(1, 2), [200, 200, 200], button=0, seed=5)
    hand.call()  # the button calls (limps)
    hand.bet_or_raise(8)  # the small blind raises
    assert omaha_ranges(SeatView(hand)) == ["random", HILO_ONCE]  # the big blind's view
    hand.call()
    hand.bet_or_raise(hand.bet_or_raise_range()[0])  # the button raises after limping
    hand.bet_or_raise(hand.bet_or_raise_range()[0])  # the small blind raises again
    assert omaha_ranges(SeatView(hand)) == [HILO_ONCE, HILO_TWICE]


@pytest.mark.parametrize("hilo", [False, True])
@pytest.mark.parametrize("cards", [5, 6])
def test_five_and_six_card_opponents_get_ranges_of_their_size(cards, hilo, monkeypatch):
    calls = spy_on_equity(monkeypatch)
    twice, once = OMAHA_RANGES[cards][hilo]
    hand = State(omaha(hole_cards=cards, hilo=hilo), [200, 200, 200], button=0, seed=6)
    hand.bet_or_raise(7)  # the button raises
    assert omaha_ranges(SeatView(hand)) == [once, "random"]
    hand.bet_or_raise(hand.bet_or_raise_range()[0])  # the small blind raises
    hand.fold()
    hand.bet_or_raise(hand.bet_or_raise_range()[0])  # the button raises again
    view = SeatView(hand)
    assert omaha_ranges(view) == [twice]
    share = omaha_seat_equity(view, 0.0, random.Random(3))
    assert calls[-1][1:] == [twice] and 0.0 < share < 1.0  # the range was read, not dropped for random


@pytest.mark.parametrize("cards", [4, 5, 6])
def test_every_range_is_patterns_of_its_size_within_the_hand_limit(cards):
    from pokerlab.simulate.ranges.omaha import parse_omaha_range

    for hilo in (False, True):
        twice, once = OMAHA_RANGES[cards][hilo]
        narrow, wide = parse_omaha_range(twice, cards), parse_omaha_range(once, cards)
        assert narrow.combos.shape[1] == cards and 0 < len(narrow) < len(wide)
        packed = [(r.combos.astype(np.int64) << (6 * np.arange(cards))).sum(axis=1) for r in (narrow, wide)]
        assert np.isin(packed[0], packed[1]).all()  # raising twice narrows what raising once allows


def test_a_range_the_cards_seen_rule_out_falls_back_to_random(monkeypatch):
    calls = spy_on_equity(monkeypatch)
    # Seat 1 holds Ac Kd 7h 8h; the board comes As Ah Ad, then Ks, then Kh: no pair of aces or kings is left.
    deck = parse("Ac 2c Kd 3c 7h 4c 8h 5c 9d As Ah Ad 6d Ks 6h Kh")
    hand = State(pot_limit_omaha(1, 2), [500, 500], button=0, deck=deck)
    hand.bet_or_raise(6)
    hand.call()
    for _street in range(3):  # flop, turn, river: seat 1 checks, the button bets, seat 1 calls
        hand.check()
        hand.bet_or_raise(4)
        if hand.board and len(hand.board) == 5:
            break
        hand.call()
    assert names(hand.board) == "As Ah Ad Ks Kh" and hand.actor == 1
    assert omaha_ranges(SeatView(hand)) == [HIGH_TWICE]
    share = omaha_seat_equity(SeatView(hand), 0.0, random.Random(2))
    assert calls[0][1:] == [HIGH_TWICE] and calls[-1][1:] == ["random"]
    assert 0.0 <= share <= 1.0


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_the_equity_bot_plays_legal_moves_with_narrowed_ranges(game, monkeypatch):
    calls = spy_on_equity(monkeypatch)
    variant = make_game(game, "pot-limit")
    bots = [make_bot(name, seed=k) for k, name in enumerate(["equity:0.001", "loose", "equity:0.001", "random"])]
    for seed in range(5):
        hand = State(variant, [100] * 4, button=seed % 4, seed=seed)
        while hand.phase != "done":
            action = bots[hand.actor](SeatView(hand))
            assert SeatView(hand).can(action), action
            apply_action(hand, action)
        assert sum(hand.stacks) == 400
    assert any(p != "random" for players in calls for p in players[1:])  # the narrowing was exercised


@pytest.mark.parametrize("hilo", [False, True])
@pytest.mark.parametrize("cards", [5, 6])
def test_the_equity_bot_plays_five_and_six_card_omaha_with_ranges(cards, hilo, monkeypatch):
    calls = spy_on_equity(monkeypatch)
    bots = [make_bot(name, seed=k) for k, name in enumerate(["equity:0.001", "loose", "equity:0.001", "tight"])]
    for seed in range(3):
        hand = State(omaha(hole_cards=cards, hilo=hilo), [100] * 4, button=seed % 4, seed=seed)
        while hand.phase != "done":
            action = bots[hand.actor](SeatView(hand))
            assert SeatView(hand).can(action), action
            apply_action(hand, action)
        assert sum(hand.stacks) == 400
    ranges = set(OMAHA_RANGES[cards][hilo])
    assert any(p in ranges for players in calls for p in players[1:])  # the narrowing was exercised


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_simulate_with_the_equity_bot_makes_no_illegal_move(game):
    from click.testing import CliRunner

    from pokerlab.simulate.cli.main import main

    args = ["simulate", game, "--bots", "equity:0.001,loose,tight", "-p", "3", "-n", "8", "--seed", "2", "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["hands"] == 8 and [seat["illegal"] for seat in report["seats"]] == [0, 0, 0]


def test_a_hand_that_blocks_the_raisers_ranges_is_read_without_most_deals_thrown_away(monkeypatch):
    # Six-card hi/lo: the button and the small blind raise once (A2**** each); the big blind holds two aces and
    # a deuce. Dealt from the whole ranges, about 90 deals were thrown away per kept one (the block took 0.3 s).
    results = []
    real = omaha_play.equity

    def spy(players, **options):
        results.append((list(players), real(players, **options)))
        return results[-1][1]

    monkeypatch.setattr(omaha_play, "equity", spy)
    hero = parse("As Ad 2c 3h 5d 6s")
    rest = [c for c in range(52) if c not in hero]
    deck = [hero[i // 3] if i % 3 == 1 else rest.pop() for i in range(18)] + rest
    hand = State(omaha(hole_cards=6, hilo=True), [200, 200, 200], button=0, deck=deck)
    hand.bet_or_raise(7)
    hand.bet_or_raise(hand.bet_or_raise_range()[0])
    view = SeatView(hand)
    assert sorted(view.hole) == sorted(hero) and omaha_ranges(view) == ["A2****", "A2****"]
    share = omaha_seat_equity(view, 0.0, random.Random(4))
    (players, result), *_ = results
    assert players[1:] == ["A2****", "A2****"] and len(results) == 1  # read against the ranges, one block
    assert result.rejected < 10 * result.trials and 0.2 < share < 0.6
