"""PHH for short-deck hold'em (docs/rules.md 15.5): the standard's ``NS``, pokerlab's extension codes, round trips,
and pokerkit's replay to the same finishing stacks, both ways."""

from __future__ import annotations

import pytest
from phh_helpers import (
    check_pokerkit_stacks,
    check_round_trip,
    pokerkit_stacks,
    random_hands,
    replay_what_pokerkit_writes,
)

from pokerlab.simulate.game import FIXED_LIMIT, POT_LIMIT, State, short_deck_holdem
from pokerlab.simulate.histories import loads
from pokerlab.simulate.histories.codes import PHHError, phh_fields, variant_from_phh
from pokerlab.simulate.histories.replay import replay

NS = short_deck_holdem(ante=1, button_blind=2)
EXTENDED = {"PS": short_deck_holdem(POT_LIMIT, 1, 2), "FS": short_deck_holdem(FIXED_LIMIT, 2, 2)}

# The hand of pokerkit's NoLimitShortDeckHoldem example (Xuan against Phua), as the PHH standard writes it.
XUAN_PHUA = """variant = "NS"
antes = [3000, 3000, 3000, 3000, 3000, 3000]
blinds_or_straddles = [0, 0, 0, 0, 0, 3000]
min_bet = 3000
ante_trimming_status = true
starting_stacks = [495000, 232000, 362000, 403000, 301000, 204000]
actions = ["d dh p1 Th8h", "d dh p2 QsJd", "d dh p3 QhQd", "d dh p4 8d7c", "d dh p5 KhKs", "d dh p6 8c7h",
  "p1 cc", "p2 cc", "p3 cbr 35000", "p4 f", "p5 cbr 298000", "p6 f", "p1 f", "p2 f", "p3 cc",
  "p3 sm QhQd", "p5 sm KhKs", "d db 9h6cKc", "d db Jh", "d db Ts"]
"""


def test_the_standard_code_and_its_fields():
    code, fields, extras = phh_fields(NS, 4)
    assert (code, extras) == ("NS", {})
    assert fields == {"antes": [1, 1, 1, 1], "blinds_or_straddles": [0, 0, 0, 2], "ante_trimming_status": True,
                      "min_bet": 2}  # fmt: skip
    assert variant_from_phh(code, fields, extras) == NS
    heads_up = phh_fields(NS, 2)[1]  # the standard reverses heads-up: the player who is not the button posts it
    assert heads_up["blinds_or_straddles"] == [0, 2]


@pytest.mark.parametrize("key", list(EXTENDED))
def test_extension_codes_rebuild_the_same_game(key):
    code, fields, extras = phh_fields(EXTENDED[key], 5)
    assert code == key
    assert variant_from_phh(code, fields, extras) == EXTENDED[key]


def test_a_card_outside_the_short_deck_is_the_dealing_action_s_fault():
    text = XUAN_PHUA.replace("Th8h", "Th2h")
    result = replay(loads(text))
    assert not result.ok and "2h" in str(result.error) and "not in this game's deck" in str(result.error)


def test_pokerkit_s_own_example_replays_to_its_stacks():
    ours = replay(loads(XUAN_PHUA))
    assert ours.error is None
    assert ours.stacks == pokerkit_stacks(XUAN_PHUA)
    assert ours.stacks == [489000, 226000, 684000, 400000, 0, 198000]  # Xuan's queens make a straight


@pytest.mark.parametrize("variant", [NS, *EXTENDED.values()], ids=["NS", *EXTENDED])
def test_round_trips_write_read_replay_identical(variant):
    for hand in random_hands(variant, 40, (2, 10)):
        check_round_trip(hand)
        assert min(hand.board + [c for hole in hand.hole for c in hole]) >= 16  # 6c, the short deck's lowest


def _odd_chip_split(hand: State) -> bool:
    """Odd chips pokerkit pays otherwise (docs/rules.md 10.1): a pot split three or more ways with two or more odd
    chips (pokerkit gives them all to the first winner), or two split pots with odd chips (pokerkit pays pots with
    the same players left as one, so their odd chips can add up to none). Antes make odd pots common here."""
    odd = [p for p in hand.pots if len(p.winners) >= 2 and p.amount % len(p.winners)]
    return len(odd) >= 2 or any(len(p.winners) >= 3 and p.amount % len(p.winners) >= 2 for p in odd)


def test_pokerkit_replays_our_hands_to_the_same_stacks():
    hands = check_pokerkit_stacks(random_hands(NS, 300, (2, 8), salt=1), skip=_odd_chip_split)
    showdowns = sum(hand.ended_by == "showdown" for hand in hands)
    splits = sum(any(len(pot.winners) > 1 for pot in hand.pots) for hand in hands)
    assert showdowns >= 40 and splits >= 2 and sum(hand.n == 2 for hand in hands) >= 20  # and heads-up compared


def test_we_replay_the_hands_pokerkit_writes():
    import pokerkit

    assert replay_what_pokerkit_writes(pokerkit, random_hands(NS, 60, (2, 8), salt=2), skip=_odd_chip_split) >= 50


def _button_blind_state(n: int) -> State:
    return State(NS, [100] * n, button=n - 1, seed=5)


def test_the_button_blind_and_who_acts_first():
    state = _button_blind_state(4)
    assert [e for e in state.history if e[0] == "post"][-1] == ("post", 3, "button blind", 2)
    assert state.actor == 0 and state.bets == [0, 0, 0, 2]  # left of the button first; the blind is the bet
    heads_up = _button_blind_state(2)
    assert heads_up.bets == [2, 0] and heads_up.actor == 1  # heads-up the button acts first


def test_a_button_blind_is_the_only_blind():
    with pytest.raises(PHHError):
        variant_from_phh("NS", {"antes": [1, 1, 1], "blinds_or_straddles": [1, 0, 2], "min_bet": 2})


def test_a_lone_button_blind_reads_the_same_in_hold_em():
    text = """variant = "NT"
antes = [1, 1, 1, 1]
blinds_or_straddles = [0, 0, 0, 4]
min_bet = 4
starting_stacks = [100, 100, 100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "p1 cbr 10", "p2 f", "p3 f", "p4 f"]
"""
    result = replay(loads(text))
    assert result.error is None and result.stacks == pokerkit_stacks(text) == [107, 99, 99, 95]
