"""The State API: legality queries, messages, exact no-change on illegal moves, copies, manual dealer, variants."""

from __future__ import annotations

import pytest
from game_helpers import draw_deck, holdem_deck

from pokerlab.simulate.game import (
    IllegalActionError,
    State,
    ace_to_five_draw,
    deuce_to_seven_single_draw,
    deuces_wild_draw,
    draw_with_bug,
    five_card_draw,
    no_limit_holdem,
    shipped_variants,
)
from pokerlab.simulate.game.cards import parse


def test_illegal_move_raises_value_error_subclass_with_message_and_changes_nothing():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    before = hand.snapshot()
    with pytest.raises(ValueError, match="there is a bet of 10 to you; call 10, raise or fold"):
        hand.check()
    with pytest.raises(IllegalActionError, match="it is seat 0's turn, not seat 2's"):
        hand.call(seat=2)
    with pytest.raises(IllegalActionError, match="nothing to deal"):
        hand.deal()
    assert hand.snapshot() == before


def test_queries_answer_legal_and_illegal_with_reasons():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    assert hand.legal_actions() == ["fold", "call", "bet_or_raise"]
    assert hand.can_bet_or_raise(20) and hand.can_bet_or_raise(1000)
    verdict = hand.can_bet_or_raise(15)
    assert not verdict.ok and "between 20 and 1000" in verdict.reason
    assert "Legality(illegal" in repr(verdict)


def test_bet_and_raise_to_name_the_right_operation():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    with pytest.raises(IllegalActionError, match="use raise_to"):
        hand.bet(20)
    hand.call()
    hand.call()
    hand.check()
    with pytest.raises(IllegalActionError, match="no bet to raise; use bet"):
        hand.raise_to(20)


def test_copy_is_independent():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0)
    branch = hand.copy()
    branch.raise_to(100)
    branch.fold()
    assert hand.snapshot() != branch.snapshot()
    assert hand.bets == [0, 5, 10] and hand.actor == 0
    assert hand.hole == branch.hole and hand.hole is not branch.hole and hand.hole[0] is not branch.hole[0]


def test_same_seed_same_deal():
    a = State(no_limit_holdem(), [100] * 6, seed=42)
    b = State(no_limit_holdem(), [100] * 6, seed=42)
    assert a.hole == b.hole and a.deck == b.deck
    assert State(no_limit_holdem(), [100] * 6, seed=43).deck != a.deck


def test_manual_dealer_posts_and_deals_as_operations():
    hand = State(no_limit_holdem(5, 10), [1000] * 3, button=0, seed=0, automatic=False)
    assert hand.phase == "post" and hand.legal_actions() == ["post"]
    assert not hand.can_fold() and "post phase" in hand.can_fold().reason
    hand.post()
    hand.post()
    assert hand.phase == "deal" and hand.bets == [0, 5, 10]
    hand.deal()
    assert hand.phase == "bet" and all(len(h) == 2 for h in hand.hole)
    hand.call()
    hand.call()
    hand.check()
    assert hand.phase == "deal" and hand.board == []
    hand.deal()
    assert len(hand.board) == 3


def test_short_forced_bet_posts_all_in():
    hand = State(five_card_draw(ante=5, small_bet=10), [3, 50], button=0, seed=0)
    assert hand.stacks[0] == 0 and hand.contributions == [3, 5]


def test_draw_accepts_card_text():
    deck = draw_deck(["2c 5d 7h 9s Jc", "3c 6d 8h Ts Qc"], button=0)
    hand = State(five_card_draw(), [20, 20], button=0, deck=deck, seed=0)
    hand.bet(2)
    hand.call()
    assert hand.can_draw("3c 6d")
    hand.draw("3c 6d")
    assert parse("3c")[0] not in hand.hole[1] and len(hand.hole[1]) == 5


def test_every_shipped_variant_declares_its_game():
    variants = shipped_variants()
    assert variants["california-draw"].opening.requirement == "any"
    assert variants["jacks-or-better"].opening.requirement == "jacks"
    assert variants["draw-with-bug"].deck_size == 53
    assert variants["deuces-wild-draw"].ranking == "deuces-wild"
    assert {variants[k].betting.kind for k in ("fixed-limit-holdem", "pot-limit-holdem", "no-limit-holdem")} == {
        "fixed-limit",
        "pot-limit",
        "no-limit",
    }
    assert variants["deuce-seven-single-draw"].ranking == "deuce-seven"
    assert variants["ace-five-draw"].ranking == "ace-five"


def test_bad_declarations_and_tables_are_refused_with_reasons():
    with pytest.raises(ValueError, match="takes 2 to 7 players"):
        State(five_card_draw(), [10] * 8)
    with pytest.raises(ValueError, match="positive whole number"):
        State(no_limit_holdem(), [10, 0])
    with pytest.raises(ValueError, match="unknown betting structure"):
        from pokerlab.simulate.game import Betting

        Betting("table-stakes", 2)


def _draw_showdown(variant, hands):
    deck = draw_deck(hands, button=0)
    hand = State(variant, [50, 50], button=0, deck=deck, seed=0)
    if hand.level == 0:  # ante games: open, so the hand is not thrown in
        hand.bet(hand.bet_or_raise_range()[0])
    while hand.phase != "done":
        if hand.phase == "draw":
            hand.stand_pat()
        elif hand.can_call():
            hand.call()
        else:
            hand.check()
    return hand


def test_deuce_to_seven_lowball_best_low_wins():
    hand = _draw_showdown(deuce_to_seven_single_draw(1, 2), ["7c 5d 4h 3s 2c", "As 2d 3h 4c 5s"])
    assert hand.pots[0].winners == (0,)  # 7-5-4-3-2 beats A-5 (ace high, no wheel in deuce-to-seven)


def test_ace_to_five_lowball_wheel_wins():
    hand = _draw_showdown(ace_to_five_draw(1, 2), ["7c 5d 4h 3s 2c", "As 2d 3h 4c 5s"])
    assert hand.pots[0].winners == (1,)


def test_bug_makes_five_aces():
    hand = _draw_showdown(draw_with_bug(), ["Ac Ad Ah As Jk", "Kh Qh Jh Th 9h"])
    assert hand.pots[0].winners == (0,)  # five aces beat a straight flush


def test_deuces_wild_draw_ranks_wild_hands():
    hand = _draw_showdown(deuces_wild_draw(), ["2c 2d Ah As Kd", "Kh Kc Ks Qd Qc"])
    assert hand.pots[0].winners == (0,)  # four aces beat a full house


def test_holdem_board_plays_split():
    deck = holdem_deck(["2c3d", "2d3c"], "Ah Ad Kh Kd Qc", button=0)
    hand = State(no_limit_holdem(5, 10), [100, 100], button=0, deck=deck, seed=0)
    while hand.phase != "done":
        hand.call() if hand.can_call() else hand.check()
    assert hand.pots[0].winners == (1, 0) and hand.net == [0, 0]


def test_raise_range_follows_every_action_and_queries_change_no_state():
    # The actor's raise bounds are memoised per decision: each action must give the next actor fresh bounds.
    hand = State(no_limit_holdem(5, 10), [1000, 300, 1000], button=0, seed=4)
    before = hand.snapshot()
    assert hand.bet_or_raise_range() == (20, 1000) and hand.can_bet_or_raise(1000)
    assert hand.snapshot() == before  # asking is not acting
    hand.bet_or_raise(50)
    assert hand.actor == 1 and hand.bet_or_raise_range() == (90, 300)  # seat 1 has 300
    twin = hand.copy()
    hand.call()
    assert hand.bet_or_raise_range() == (90, 1000)
    assert twin.bet_or_raise_range() == (90, 300) and not twin.can_bet_or_raise(301)
    with pytest.raises(IllegalActionError, match="between 90 and 1000"):
        hand.bet_or_raise(80)
