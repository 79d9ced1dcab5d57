"""Bots: legal moves in every shipped game, what the view hides, rule-based styles, the equity budget."""

from __future__ import annotations

import time

import pytest

from pokerlab.simulate.bots import (
    Action,
    CallingStation,
    EquityBot,
    RandomBot,
    RuleBot,
    SeatView,
    make_bot,
    make_game,
    play_hand,
)
from pokerlab.simulate.bots.strength import draw_strength, heuristic_discard, holdem_tier, preflop_percentile
from pokerlab.simulate.game import State, five_card_draw, no_limit_holdem, shipped_variants
from pokerlab.simulate.game.cards import parse
from pokerlab.simulate.histories import deuce_to_seven_triple_draw

VARIANTS = {**shipped_variants(), "triple-draw": deuce_to_seven_triple_draw(1, 2)}


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_rule_and_simple_bots_only_make_legal_moves(key):
    variant = VARIANTS[key]
    bots = [RuleBot("tight", 1), RuleBot("loose", 2), CallingStation(), RandomBot(3), RuleBot("loose", 4)]
    for i in range(25):
        n = 2 + i % 4
        illegal = [0] * n
        state = play_hand(State(variant, [40 + 7 * k for k in range(n)], button=i % n, seed=i), bots[:n], illegal)
        assert state.phase == "done" and illegal == [0] * n
        assert sum(state.stacks) + state.carry_out == sum(state.starting_stacks) + state.carried_in


@pytest.mark.parametrize("key", ["no-limit-holdem", "california-draw", "deuce-seven-single-draw"])
def test_equity_bot_makes_legal_moves(key):
    bots = [EquityBot(budget=0.003, seed=1), RuleBot("loose", 2), EquityBot(budget=0.003, seed=3)]
    for i in range(4):
        illegal = [0, 0, 0]
        play_hand(State(VARIANTS[key], [100, 100, 100], button=i % 3, seed=i), bots, illegal)
        assert illegal == [0, 0, 0]


def test_equity_bot_keeps_to_its_time_budget():
    bot = EquityBot(budget=0.02, seed=1)
    state = State(no_limit_holdem(5, 10), [1000] * 4, button=0, seed=3)
    bot(SeatView(state))  # warm the Monte Carlo kernels
    start = time.perf_counter()
    bot(SeatView(state))
    assert time.perf_counter() - start < 0.02 + 0.15


def test_equity_bot_bets_aces_and_folds_trash_to_a_big_raise():
    from pokerlab.simulate.game.cards import parse as cards

    aces = State(no_limit_holdem(5, 10), [1000, 1000], button=0, seed=1, deck=cards("7c As 2d Ah"))
    bot = EquityBot(budget=0.01, seed=1)
    assert bot(SeatView(aces)).kind == "bet_or_raise" and bot.last_equity > 0.8
    trash = State(no_limit_holdem(5, 10), [1000, 1000], button=0, seed=1, deck=cards("As 7c Ah 2d"))
    trash.call()
    trash.raise_to(600)
    assert EquityBot(budget=0.01, seed=2)(SeatView(trash)).kind == "fold"


def test_view_hides_other_players_cards():
    state = State(five_card_draw(1, 2), [50, 50, 50], button=0, seed=4)
    state.bet(2)
    state.call()
    state.call()
    state.draw(state.hole[1][:2])
    view = SeatView(state, seat=0)
    assert view.hole == tuple(state.hole[0]) and isinstance(view.stacks, tuple)
    deal = next(e for e in view.public_history() if e[0] == "deal")
    assert deal == ("deal", tuple(state.hole[0]))
    draw = next(e for e in view.public_history() if e[0] == "draw")
    assert draw[:3] == ("draw", 1, 2) and draw[3:] == ((), ())
    assert view.draw_counts() == {1: 2} and view.legal == ()


def test_view_reports_legal_actions_and_ranges():
    view = SeatView(State(no_limit_holdem(5, 10), [1000] * 3, seed=1))
    assert view.legal == ("fold", "call", "bet_or_raise") and view.raise_range == (20, 1000) and view.to_call == 10
    assert view.can(Action.raise_to(20)) and not view.can(Action.raise_to(19))
    assert "between 20 and 1000" in view.why_not(Action.raise_to(5))


def _voluntary_share(style: str) -> float:
    bots = [RuleBot(style, k) for k in range(6)]
    played = seen = 0
    for i in range(150):
        state = State(no_limit_holdem(1, 2), [200] * 6, button=i % 6, seed=i)
        play_hand(state, bots)
        first = {}
        for entry in state.history:
            if entry[0] == "board":
                break
            if entry[0] in ("call", "raise", "fold", "check") and entry[1] not in first:
                first[entry[1]] = entry[0] in ("call", "raise")
        played += sum(first.values())
        seen += len(first)
    return played / seen


def test_loose_plays_more_hands_than_tight_and_tight_follows_the_seeds():
    tight, loose = _voluntary_share("tight"), _voluntary_share("loose")
    assert tight < loose
    assert 0.08 < tight < 0.35  # RULES.md 8: about one hand in five early, one in three late


def test_strength_helpers():
    assert preflop_percentile(parse("As Ah")) < preflop_percentile(parse("Ks Qs")) < preflop_percentile(parse("7c 2d"))
    assert holdem_tier(parse("As Ad"), parse("Ah 7c 2s")) == 4
    assert holdem_tier(parse("9s 8s"), parse("Ah 7s 2s")) == 1
    assert holdem_tier(parse("3c 4d"), parse("Ah Kc Qs")) == 0
    assert heuristic_discard(parse("Ah Kh Qh Jh 3c"), "high", 3) == tuple(parse("3c"))
    assert heuristic_discard(parse("7c 8d 9h Tc Js"), "high", 3) == ()
    assert set(heuristic_discard(parse("Ah 2d 3c Kd Kc"), "ace-five", 5)) == set(parse("Kd Kc"))
    assert draw_strength(parse("7s 5h 4d 3c 2s"), "deuce-seven") > 0.99


def test_make_bot_and_games():
    assert [make_bot(name, 1).name for name in ("random", "station", "tight", "loose", "equity:0.01")] == [
        "random",
        "station",
        "tight",
        "loose",
        "equity",
    ]
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("shark")
    assert make_game("holdem", "pot-limit", blinds=(5, 10)).betting.kind == "pot-limit"
    assert make_game("triple").name == "Deuce-to-seven triple draw"
    with pytest.raises(ValueError, match="unknown game"):
        make_game("pineapple")
    assert make_game("stud-hilo", ante=2).forced.bring_in == 2  # half the small bet (twice the ante)
