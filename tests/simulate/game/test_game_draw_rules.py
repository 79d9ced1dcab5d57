"""Five-card draw rules from docs/rules.md section 4, one test per rule."""

from __future__ import annotations

import pytest
from game_helpers import draw_deck

from pokerlab.simulate.game import (
    IllegalActionError,
    Opening,
    State,
    badugi,
    deuce_to_seven_triple_draw,
    five_card_draw,
    jacks_or_better,
)
from pokerlab.simulate.game.cards import parse

DRAW = five_card_draw(ante=1, small_bet=2, big_bet=4)
JACKS = jacks_or_better(ante=1, small_bet=2, big_bet=4)

# Four hands without jacks or better and one with a pair of kings.
WEAK = ["2c 5d 7h 9s Jc", "3c 6d 8h Ts Qc", "2d 4h 7s 9c Kh", "3d 5h 8s Tc Ad"]
KINGS = "Kc Kd 4c 6s 8d"


def heads_up_at_the_draw() -> State:
    """Five-card draw for two, the first round bet and called: seat 1, left of the button, draws first."""
    hand = State(DRAW, [20] * 2, button=0, seed=0)
    hand.bet(2)
    hand.call()
    return hand


def test_ante_posted_by_every_player_clockwise_from_dealer_left():
    hand = State(DRAW, [20] * 4, button=1, seed=0)
    posts = [h for h in hand.history if h[0] == "post"]
    assert posts == [("post", seat, "ante", 1) for seat in (2, 3, 0, 1)]
    assert hand.pot_total == 4 and hand.bets == [0] * 4 and hand.stacks == [19] * 4


def test_deal_order_one_card_at_a_time_clockwise_from_dealer_left():
    deck = list(range(15))
    hand = State(DRAW, [20] * 3, button=0, deck=deck, seed=0)
    assert hand.hole[1] == [0, 3, 6, 9, 12]
    assert hand.hole[2] == [1, 4, 7, 10, 13]
    assert hand.hole[0] == [2, 5, 8, 11, 14]


def test_first_round_starts_left_of_dealer():
    hand = State(DRAW, [20] * 4, button=2, seed=0)
    assert hand.actor == 3


def test_check_around_throws_in_the_cards_and_the_pot_carries():
    hand = State(DRAW, [20] * 3, button=0, seed=0, carried_pot=3)
    for _ in range(3):
        hand.check()
    assert hand.phase == "done" and hand.ended_by == "check-around"
    assert hand.carry_out == 6  # the carried 3 and three fresh antes
    assert hand.stacks == [19] * 3 and hand.payouts == [0] * 3


def test_check_in_second_round_goes_to_showdown_not_check_around():
    hand = heads_up_at_the_draw()
    hand.stand_pat()
    hand.stand_pat()
    hand.check()
    hand.check()
    assert hand.ended_by == "showdown"


def test_jacks_or_better_needed_to_open():
    deck = draw_deck([WEAK[0], WEAK[1], KINGS], button=0)
    hand = State(JACKS, [20] * 3, button=0, deck=deck, seed=0)
    assert hand.actor == 1
    verdict = hand.can_bet_or_raise()
    assert not verdict and "jacks or better" in verdict.reason
    with pytest.raises(IllegalActionError, match="jacks or better to open"):
        hand.bet(2)
    hand.check()
    assert hand.actor == 2 and hand.can_bet_or_raise(2)
    hand.bet(2)
    # Once opened, anyone may call or raise with anything.
    assert hand.actor == 0 and hand.bet_or_raise_range() == (4, 4)
    hand.raise_to(4)
    assert hand.actor == 1 and hand.can_call() and hand.bet_or_raise_range() == (6, 6)


def test_jacks_or_better_nobody_opens_hand_is_thrown_in():
    deck = draw_deck(WEAK[:3], button=0)
    hand = State(JACKS, [20] * 3, button=0, deck=deck, seed=0)
    for _ in range(3):
        hand.check()
    assert hand.ended_by == "check-around" and hand.carry_out == 3


def test_openers_kept_aside_and_shown():
    deck = draw_deck([WEAK[0], KINGS], button=0)
    hand = State(JACKS, [20] * 2, button=0, deck=deck, seed=0)
    hand.bet(2)  # seat 1 opens with kings
    hand.call()
    hand.draw(parse("4c 6s 8d"))  # seat 1 keeps the openers
    hand.stand_pat()
    # The opener's discards are kept aside: never in the reshuffle pool of anyone else.
    assert hand._reshuffle_pool_size(0) == 0
    hand.bet(4)
    hand.fold()
    assert hand.ended_by == "fold"
    assert ("show openers", 1, tuple(parse(KINGS))) in hand.history


def test_split_openers_still_shown_after_the_hand():
    deck = draw_deck([WEAK[0], "Jh Jd Th 9d 8c"], button=0)
    hand = State(JACKS, [20] * 2, button=0, deck=deck, seed=0)
    hand.bet(2)
    hand.call()
    hand.draw(parse("Jd"))  # splits the jacks to draw to a straight
    hand.stand_pat()
    hand.check()
    hand.check()
    assert ("show openers", 1, tuple(parse("Jh Jd Th 9d 8c"))) in hand.history


def test_bet_or_drop_refuses_check_before_the_pot_is_opened():
    variant = five_card_draw(ante=1, small_bet=2, opening=Opening(bet_or_drop=True))
    hand = State(variant, [20] * 3, button=0, seed=0)
    verdict = hand.can_check()
    assert not verdict and "bet or drop" in verdict.reason
    assert hand.can_fold() and hand.can_bet_or_raise(2)
    hand.fold()
    hand.fold()
    assert hand.ended_by == "fold" and hand.net == [2, -1, -1]  # the last player takes the antes


def test_check_and_come_back_in_is_the_default():
    hand = State(DRAW, [20] * 3, button=0, seed=0)
    hand.check()  # seat 1
    hand.bet(2)  # seat 2
    hand.call()  # seat 0
    assert hand.actor == 1 and hand.bet_or_raise_range() == (4, 4)  # comes back in, may raise


def test_raise_cap_three_raises_per_round():
    hand = State(DRAW, [50] * 3, button=0, seed=0)
    hand.bet(2)
    for to in (4, 6, 8):
        hand.raise_to(to)
    assert hand.bet_or_raise_range() is None
    assert "capped" in hand.can_bet_or_raise().reason
    with pytest.raises(IllegalActionError, match="capped"):
        hand.raise_to(10)


@pytest.mark.parametrize("factory", [deuce_to_seven_triple_draw, badugi])
def test_triple_draw_and_badugi_count_the_big_blind_as_the_bet(factory):
    # Robert's Rules, betting and raising 3: a game of three or more rounds allows a bet and three raises.
    hand = State(factory(1, 2), [100] * 4, button=0, seed=0)
    for to in (4, 6, 8):  # the big blind is the bet, then three raises
        hand.raise_to(to)
    assert hand.bet_or_raise_range() is None and "capped" in hand.can_bet_or_raise().reason
    with pytest.raises(IllegalActionError, match="capped"):
        hand.raise_to(10)


@pytest.mark.parametrize("factory", [deuce_to_seven_triple_draw, badugi])
def test_triple_draw_and_badugi_take_pokerkit_s_count_by_option(factory):
    variant = factory(1, 2, blind_counts_as_bet=False)
    assert not variant.betting.blind_counts_as_bet and factory(1, 2).betting.blind_counts_as_bet
    hand = State(variant, [100] * 4, button=0, seed=0)
    for to in (4, 6, 8, 10):  # a bet and three raises on top of the big blind
        hand.raise_to(to)
    assert hand.bet_or_raise_range() is None


def test_raise_only_called_cannot_raise_again():
    hand = State(DRAW, [50] * 3, button=0, seed=0)
    hand.bet(2)  # seat 1
    hand.raise_to(4)  # seat 2
    hand.call()  # seat 0
    hand.call()  # seat 1 only calls: the round is over, seat 2 does not act again
    assert hand.phase == "draw"
    assert [e for e in hand.history if e[0] in ("bet", "raise", "call")][-1] == ("call", 1, 2)


def test_raise_only_called_cannot_raise_again_after_short_all_in():
    hand = State(DRAW, [50, 50, 5], button=0, seed=0)
    hand.bet(2)  # seat 1
    hand.call()  # seat 2 (4 chips left)
    hand.raise_to(4)  # seat 0
    hand.call()  # seat 1
    hand.call()  # seat 2: all-in for 4, exactly a call
    assert hand.phase == "draw"


def test_draw_order_from_dealer_left_skipping_folded_players():
    hand = State(DRAW, [20] * 4, button=1, seed=0)
    hand.bet(2)  # seat 2
    hand.fold()  # seat 3
    hand.call()  # seat 0
    hand.call()  # seat 1
    assert hand.phase == "draw" and hand.actor == 2
    hand.stand_pat()
    assert hand.actor == 0
    hand.stand_pat()
    assert hand.actor == 1


def test_at_most_three_cards_drawn():
    hand = heads_up_at_the_draw()
    verdict = hand.can_draw(hand.hole[1][:4])
    assert not verdict and "at most 3" in verdict.reason


def test_four_cards_with_an_ace_option():
    variant = five_card_draw(ante=1, small_bet=2, four_with_ace=True)
    deck = draw_deck(["2c 5d 7h 9s Ac", "3c 6d 8h Ts Qc"], button=0)
    hand = State(variant, [20] * 2, button=0, deck=deck, seed=0)
    hand.bet(2)
    hand.call()
    assert hand.actor == 1 and not hand.can_draw(parse("3c 6d 8h Ts"))  # no ace kept
    hand.stand_pat()
    hand.draw(parse("2c 5d 7h 9s"))
    assert ("show ace", 0, parse("Ac")[0]) in hand.history


def test_draw_refuses_a_card_not_held():
    hand = heads_up_at_the_draw()
    other = hand.hole[0][0]
    verdict = hand.can_draw([other])
    assert not verdict and "you do not hold" in verdict.reason


def test_stub_exhaustion_reshuffles_discards_but_never_the_drawing_players_own():
    hand = State(DRAW, [20] * 7, button=0, seed=11)
    hand.bet(2)
    for _ in range(6):
        hand.call()
    assert hand.phase == "draw" and len(hand.deck) - hand.deck_pos == 17
    discarded: dict[int, list[int]] = {}
    for _ in range(7):
        seat = hand.actor
        discarded[seat] = list(hand.hole[seat][:3])
        hand.draw(discarded[seat])
        assert not set(hand.hole[seat]) & set(discarded[seat])
    assert any(e[0] == "reshuffle" for e in hand.history)
    # Seat 6 drew the last two stub cards and one from the reshuffled discards of the five before it.
    sixth = [s % 7 for s in range(1, 8)][5]
    assert ("reshuffle", 15) in hand.history
    new_cards = next(e[3] for e in hand.history if e[0] == "draw" and e[1] == sixth)
    assert new_cards[2] in {c for s, cards in discarded.items() if s != sixth for c in cards}
    held = [c for h in hand.hole for c in h]
    assert len(held) == len(set(held)) == 35


@pytest.mark.parametrize(
    "after_draw_first, first",
    [("opener", 2), ("left-of-dealer", 1)],
    ids=["the-opener", "left-of-dealer-option"],
)
def test_second_round_first_actor(after_draw_first, first):
    variant = DRAW if after_draw_first == "opener" else DRAW.with_rules(after_draw_first=after_draw_first)
    hand = State(variant, [20] * 4, button=0, seed=0)
    hand.check()  # seat 1
    hand.bet(2)  # seat 2 opens
    hand.call()
    hand.call()
    hand.call()
    for _ in range(4):
        hand.stand_pat()
    assert hand.actor == first


def test_second_round_first_actor_left_of_folded_opener():
    hand = State(DRAW, [20] * 4, button=0, seed=0)
    hand.check()  # seat 1
    hand.bet(2)  # seat 2 opens
    hand.raise_to(4)  # seat 3
    hand.call()  # seat 0
    hand.call()  # seat 1
    hand.fold()  # the opener folds
    for _ in range(3):
        hand.stand_pat()
    assert hand.actor == 3


def test_second_round_uses_the_big_bet():
    hand = heads_up_at_the_draw()
    hand.stand_pat()
    hand.stand_pat()
    assert hand.bet_or_raise_range() == (4, 4)


def _to_showdown(variant, last_round_bettor=None):
    hand = State(variant, [20] * 3, button=0, seed=0, auto_showdown=False)
    hand.check()  # seat 1
    hand.bet(2)  # seat 2 opens
    hand.call()
    hand.call()
    for _ in range(3):
        hand.stand_pat()
    if last_round_bettor is None:
        for _ in range(3):
            hand.check()
    else:
        while hand.actor != last_round_bettor:
            hand.check()
        hand.bet(4)
        while hand.phase == "bet":
            hand.call()
    return hand


def test_showdown_order_last_bettor_shows_first():
    hand = _to_showdown(DRAW, last_round_bettor=0)
    assert hand.phase == "showdown" and hand.actor == 0
    assert hand.showdown_order() == [0, 1, 2]


def test_showdown_order_opener_first_when_nobody_bet():
    hand = _to_showdown(DRAW)
    assert hand.actor == 2 and hand.showdown_order() == [2, 0, 1]


def test_showdown_order_left_of_dealer_when_nobody_bet_by_option():
    hand = _to_showdown(DRAW.with_rules(after_draw_first="left-of-dealer"))
    assert hand.actor == 1


def _split_pot_hand(variant, button=0):
    # Seats 1 and 2 hold equal ace-high straights; seat 0 folds. Pot: 3 antes + 2 + 2 = 7.
    deck = draw_deck(["2c 4d 7h 9s 3c", "As Kd Qh Jc Ts", "Ah Kc Qd Js Td"], button=button)
    hand = State(variant, [20] * 3, button=button, deck=deck, seed=0)
    while hand.actor != 1:
        hand.check()
    hand.bet(2)
    while hand.phase == "bet":
        hand.call() if hand.actor != 0 else hand.fold()
    while hand.phase == "draw":
        hand.stand_pat()
    while hand.phase == "bet":
        hand.check()
    return hand


def test_odd_chip_to_winner_nearest_dealer_left():
    hand = _split_pot_hand(DRAW, button=1)
    (pot,) = hand.pots
    assert pot.amount == 7 and pot.winners == (2, 1) and pot.shares == (4, 3)


def test_odd_chip_carried_to_next_pot_by_option():
    hand = _split_pot_hand(DRAW.with_rules(odd_chip="carry"))
    (pot,) = hand.pots
    assert pot.shares == (3, 3) and hand.carry_out == 1
    assert sum(hand.stacks) + hand.carry_out == 60


def test_lone_remaining_player_wins_without_showing():
    hand = State(DRAW, [20] * 3, button=0, seed=0)
    hand.bet(2)
    hand.fold()
    hand.fold()
    assert hand.ended_by == "fold" and not any(hand.shown)
    assert hand.net == [-1, 2, -1]


def test_player_may_muck_at_showdown_and_gives_up_the_pot():
    hand = _to_showdown(DRAW, last_round_bettor=0)
    hand.show()  # seat 0
    hand.muck()  # seat 1
    hand.muck()  # seat 2
    assert hand.phase == "done"
    assert hand.pots[0].winners == (0,)


def test_last_player_left_at_showdown_wins_unshown():
    hand = _to_showdown(DRAW, last_round_bettor=0)
    hand.muck()
    hand.muck()
    assert hand.phase == "done" and not hand.shown[2] and hand.pots[0].winners == (2,)
