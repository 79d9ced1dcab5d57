"""Jacks or better with wild cards (docs/rules.md 4.4): the opener check and the showdown agree.

The engine decides openers with the showdown's own value; these tests check it against the slow,
independent reference ranking of tests/reference_variants.py and against worked examples.
"""

from __future__ import annotations

import random

import pytest
from reference_variants import ONE_PAIR, TWO_PAIR, reference_key

from pokerlab.errors import InputError
from pokerlab.simulate.game import IllegalActionError, State, jacks_or_better
from pokerlab.simulate.game.cards import parse
from pokerlab.simulate.game.showdown import has_jacks_or_better

JACK = 9
# ranking -> jokers in the deck
WILD_RULESETS = {"high": 0, "joker": 1, "bug": 1, "two-jokers": 2, "deuces-wild": 0}


def reference_openers(cards: list[int], ranking: str) -> bool:
    """A pair of jacks or better by the reference ranking of the same five cards."""
    key = reference_key(cards, ranking)
    return key[0] >= TWO_PAIR or (key[0] == ONE_PAIR and key[1] >= JACK)


@pytest.mark.parametrize("ranking", list(WILD_RULESETS))
def test_jacks_or_better_openers_agree_with_the_showdown_ranking(ranking: str) -> None:
    rng = random.Random(16)
    deck = list(range(52 + WILD_RULESETS[ranking]))
    wild = [c for c in deck if c >= 52 or (ranking == "deuces-wild" and c < 4)]
    hands = [rng.sample(deck, 5) for _ in range(1500)]
    if wild:  # and hands holding exactly one wild card, where the old check gave up
        naturals = [c for c in deck if c not in wild]
        hands += [[rng.choice(wild), *rng.sample(naturals, 4)] for _ in range(1500)]
    disagreements = [h for h in hands if has_jacks_or_better(h, ranking) != reference_openers(h, ranking)]
    assert not disagreements, disagreements[:5]
    assert any(has_jacks_or_better(h, ranking) for h in hands)
    assert not all(has_jacks_or_better(h, ranking) for h in hands)


@pytest.mark.parametrize(
    ("ranking", "cards", "opens"),
    [
        ("bug", "Jk As 7d 5h 3c", True),  # the bug is an ace: a pair of aces
        ("bug", "Jk Kc 7d 5h 3c", False),  # ace high only: the bug is no king
        ("bug", "Jk 9c 9d 5h 5c", True),  # a natural two pair plus the bug
        ("bug", "Jk 8s 7s 5s 2s", True),  # the bug completes a flush
        ("deuces-wild", "Jc 2d 8h 6s 4c", True),  # a deuce is any card: a pair of jacks
        ("deuces-wild", "Tc 2d 8h 6s 4c", False),  # a pair of tens at best
        ("joker", "Jk Qc 8h 6s 4d", True),  # the joker is any card: a pair of queens
        ("joker", "Jk Tc 8h 6s 3d", False),
        ("two-jokers", "Jk Jk 5c 8h 3d", True),  # trips
    ],
)
def test_jacks_or_better_wild_card_counts_as_the_rules_define(ranking: str, cards: str, opens: bool) -> None:
    variant = jacks_or_better(ranking=ranking, jokers=WILD_RULESETS[ranking])
    held = parse(cards)
    spare = [c for c in range(4, 52) if c not in held]  # the other seats' cards do not matter here
    deck = held + spare[:10]
    hand = State(variant, [20] * 2, button=0, deck=[deck[k // 2 + 5 * (k % 2)] for k in range(10)], seed=0)
    assert hand.actor == 1
    verdict = hand.can_bet_or_raise(2)
    assert bool(verdict) is opens, verdict.reason
    if not opens:
        with pytest.raises(IllegalActionError, match="jacks or better"):
            hand.bet(2)


def test_jacks_or_better_needs_a_high_ranking() -> None:
    with pytest.raises(InputError, match="jacks or better to open needs a high ranking"):
        jacks_or_better(ranking="ace-five")


def test_jacks_or_better_natural_hands_unchanged() -> None:
    assert has_jacks_or_better(parse("Jc Jd 2h 5s 9c"))
    assert not has_jacks_or_better(parse("Tc Td Ah Ks 9c"))
    assert has_jacks_or_better(parse("3c 3d 2h 2s 9c"))  # any two pair beats a pair of jacks
