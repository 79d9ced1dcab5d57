"""A value remembers its ruleset: describing it under a ruleset of another scale is an error, not a wrong word."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

from pokerlab.errors import InputError
from pokerlab.evaluator import (
    RULESETS,
    HandValue,
    category_name,
    class_ranks,
    describe,
    evaluate,
    evaluate_batch,
    get_rules,
    parse_cards,
    ruled_value,
)

# A five-card hand every 52-card deck holds, and a second one of another shape; and two the short deck holds.
HANDS = ("7s 5h 4d 3c 2s", "Kh Kd 9c 9s 3h")
SHORT_DECK_HANDS = ("9s 7h 6d 8c Qs", "Kh Kd 9c 9s 6h")


def hand_of(hand: str, rules: str) -> str:
    """``hand`` or, under the short deck's rules, the short-deck hand in its place; badugi's first four cards."""
    if get_rules(rules).hand_sizes == (4,):
        return hand[: 4 * 3 - 1]
    return SHORT_DECK_HANDS[HANDS.index(hand)] if get_rules(rules).deck_size == 36 else hand


LOW_RULES = [name for name, r in RULESETS.items() if r.spec.scale != "high"]
WILD_RULES = [name for name, r in RULESETS.items() if r.spec.variant and r.spec.scale == "high"]


def test_the_high_value_of_a_royal_flush_is_not_a_deuce_seven_low() -> None:
    royal = evaluate("As Ks Qs Js Ts")
    with pytest.raises(InputError, match="high-hand value"):
        describe(royal, rules="deuce-seven")
    with pytest.raises(InputError, match="high-hand value"):
        category_name(royal, rules="ace-five")


@pytest.mark.parametrize("rules", [name for name in RULESETS if name != "high"])
@pytest.mark.parametrize("hand", HANDS)
def test_a_value_describes_itself_as_its_ruleset_names_it(rules: str, hand: str) -> None:
    value = evaluate(hand_of(hand, rules), rules=rules)
    assert isinstance(value, HandValue) and value.rules == rules
    assert describe(value) == describe(value, rules=rules)
    assert category_name(value) == get_rules(rules).categories[value >> 12]


@pytest.mark.parametrize("rules", LOW_RULES)
def test_a_lowball_value_is_not_described_as_high(rules: str) -> None:
    value = evaluate(hand_of(HANDS[0], rules), rules=rules)
    for other in ("high", "joker", "omaha"):
        with pytest.raises(InputError, match=f"ranked under '{rules}'"):
            describe(value, rules=other)
    with pytest.raises(InputError, match=f"ranked under '{rules}'"):
        class_ranks(value)
    across = "deuce-seven" if rules.startswith("ace-five") else "ace-five"
    with pytest.raises(InputError):
        describe(value, rules=across)


@pytest.mark.parametrize("rules", WILD_RULES)
def test_wild_card_values_share_the_high_scale(rules: str) -> None:
    natural = "Kh Kd 9c 9s 3h"  # no wild card in any of these decks
    value = evaluate(natural, rules=rules)
    assert describe(value, rules="high") == describe(evaluate(natural)) == describe(value)


def test_the_omaha_hilo_pair_describes_itself_and_refuses_high() -> None:
    pair = evaluate("As2d9c9h | 3h4h5cKsKd", rules="omaha-hilo")
    assert describe(pair) == describe(pair, rules="omaha-hilo")
    with pytest.raises(InputError, match="ranked under 'omaha-hilo'"):
        describe(pair, rules="high")
    with pytest.raises(InputError, match="high-hand value"):
        describe(pair[0], rules="omaha-hilo")


def test_a_batch_value_is_marked_with_ruled_value() -> None:
    hand = parse_cards(HANDS[0])
    plain = int(evaluate_batch(np.array([hand], dtype=np.uint8), rules="deuce-seven")[0])
    with pytest.raises(InputError, match="ruled_value"):
        describe(plain, rules="deuce-seven")
    assert describe(ruled_value(plain, "deuce-seven")) == describe(evaluate(hand, rules="deuce-seven"))
    assert type(ruled_value(plain, "high")) is int and type(ruled_value(plain, "omaha")) is int


def test_a_value_survives_pickle_and_json_as_itself() -> None:
    value = evaluate(HANDS[0], rules="ace-five")
    back = pickle.loads(pickle.dumps(value))
    assert back == value and back.rules == "ace-five"
    assert json.loads(json.dumps({"v": value})) == {"v": int(value)}
    assert repr(value) == repr(int(value))
