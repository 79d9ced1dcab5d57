"""Badugi draw odds (docs/badugi.md, docs/rules.md 16): one draw of a four-card hand, exact.

The slow reference is ``tests/reference_badugi.py`` (plain Python, written from the rules alone): every draw of
the replacement cards from the unseen deck is dealt by ``itertools.combinations`` and ranked by it.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner
from reference_badugi import RANKS, parse, reference_cards

from pokerlab.evaluator import evaluate
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.draw import DrawError, best_discard, draw_classes, draw_equity, draw_odds

#: The draw classes, worst first: by badugi size, then four-card badugis by their top card, the lower better.
ORDER = ["One-card hand", "Two-card hand", "Three-card hand", *(f"{r}-high badugi" for r in "KQJT987654")]


def _reference_class(cards: list[int]) -> str:
    """The draw class of four cards by the reference: the badugi's size, and a four-card badugi's top card."""
    best = reference_cards(cards)
    if len(best) < 4:
        return ("One-card hand", "Two-card hand", "Three-card hand")[len(best) - 1]
    top = best[0] // 4  # the highest card first; a four-card badugi's top is a 4 or more, never the ace
    return f"{RANKS[top]}-high badugi"


def _reference_counts(hand: str, discard: str, dead: str = "") -> dict[str, int]:
    ids, thrown, gone = parse(hand), parse(discard), parse(dead)
    kept = [c for c in ids if c not in thrown]
    unseen = [c for c in range(52) if c not in ids and c not in gone]
    counts: dict[str, int] = {}
    for drawn in itertools.combinations(unseen, len(thrown)):
        name = _reference_class(kept + list(drawn))
        counts[name] = counts.get(name, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("hand", "discard", "dead"),
    [
        ("Ac 2d 3h Kh", "Kh", ""),
        ("Ac 2d 3h Kh", "Kh", "4s 5s 9s"),
        ("5c 4d 2h 2s", "2s", ""),
        ("Ac 2d Kc Kd", "Kc Kd", ""),
        ("7c 7d 3c 3d", "7d 3c", "As 2s"),
        ("Qs Jd 9c 8h", "Qs", ""),
        ("8c 8d 8h 2s", "8d 8h 2s", ""),
    ],
)
def test_counts_match_the_slow_reference(hand, discard, dead):
    odds = draw_odds(hand, discard, rules="badugi", dead=dead or None)
    assert {k: v for k, v in odds.counts.items() if v} == _reference_counts(hand, discard, dead)
    before = ORDER.index(_reference_class(parse(hand)))
    better = sum(v for k, v in _reference_counts(hand, discard, dead).items() if ORDER.index(k) > before)
    assert odds.improve == pytest.approx(better / odds.outcomes)


def test_one_card_to_a_three_card_badugi_hits_its_outs_over_the_unseen_cards():
    # A-2-3 of clubs, diamonds and hearts: the outs are the spades of the ten other ranks, 4s to Ks.
    odds = draw_odds("Ac 2d 3h Kh", "Kh", rules="badugi")
    assert odds.outcomes == 48 and Fraction(odds.count("Badugi"), odds.outcomes) == Fraction(10, 48)
    assert [odds.count(f"{r}-high badugi") for r in "456789TJQK"] == [1] * 10
    assert odds.at_least("8-high badugi") == pytest.approx(5 / 48)  # 4s 5s 6s 7s 8s
    # Two spades dead and the king of spades held: seven outs of 46.
    odds = draw_odds("Ac 2d 3h Ks", "Ks", rules="badugi", dead="4s 9s")
    assert (odds.outcomes, odds.count("Badugi")) == (46, 7)


def test_two_cards_to_a_two_card_badugi_by_hand():
    # Keep Ac 2d: a badugi needs a heart and a spade of two ranks other than A and 2, distinct: 11 x 10 pairs.
    odds = draw_odds("Ac 2d Kc Kd", "Kc Kd", rules="badugi")
    assert odds.outcomes == 1128 and odds.count("Badugi") == 110  # C(48, 2)


def test_probabilities_sum_to_one_on_every_discard_of_random_hands():
    rng = random.Random(32)
    for _ in range(6):
        hand = rng.sample(range(52), 4)
        options = best_discard(hand, rules="badugi")
        assert len(options) == 16  # every subset of four cards, pat to all four
        for option in options:
            odds = option.odds
            assert sum(odds.counts.values()) == odds.outcomes
            assert sum(odds.to_dict()["probabilities"].values()) == pytest.approx(1)
            assert 0 <= odds.improve <= 1 and 0 <= odds.strength <= 1


def test_a_made_badugi_standing_pat_stays_and_a_full_draw_covers_every_hand():
    odds = draw_odds("8c 5d 2h As", "", rules="badugi")
    assert odds.outcomes == 1 and odds.counts["8-high badugi"] == 1 and odds.improve == 0
    assert odds.probability("Badugi") == 1 and odds.at_least("Badugi") == 1
    every = draw_odds("Kc Kd Kh Ks", "Kc Kd Kh Ks", rules="badugi")
    # Drawing four from the 48 unseen cards (no king): the badugis of 12 ranks, 12 x 11 x 10 x 9 ways.
    assert every.outcomes == 194_580 and every.count("Badugi") == 12 * 11 * 10 * 9
    assert every.count("K-high badugi") == 0


def test_classes_follow_the_evaluator_order():
    classes = draw_classes("badugi")
    assert list(classes.names) == ORDER
    rng = random.Random(4)
    hands = [rng.sample(range(52), 4) for _ in range(3000)]
    values = [evaluate(h, rules="badugi") for h in hands]
    for v, w in zip(values, values[1:]):
        if v > w:
            assert classes.of_value[v] >= classes.of_value[w]
    for h, v in zip(hands, values):
        assert classes.names[classes.of_value[v]] == _reference_class(h)


def test_best_discard_keeps_the_three_card_badugi():
    best = best_discard("Ac 2d 3h Kh", rules="badugi")[0]
    assert best.discard == "Kh" and best.keep == "Ac 2d 3h"
    by_target = best_discard("Ac 2d 3h Kh", rules="badugi", objective="category", target="8-high badugi")
    assert by_target[0].discard == "Kh" and by_target[0].score == pytest.approx(5 / 48)
    pat = best_discard("4c 3d 2h As", rules="badugi")[0]
    # The best hand beats every other but the 4! = 24 ways to suit it, which tie (half each).
    assert pat.discard == "" and pat.score == pytest.approx(1 - 12 / 270_725, abs=1e-12)


def test_draw_equity_matches_the_reference():
    players = [("Ac 2d 3h Kh", "Kh"), ("5c 4d 2h Ks", "Ks")]
    result = draw_equity(players, rules="badugi")
    kept = [parse("Ac 2d 3h"), parse("5c 4d 2h")]
    unseen = [c for c in range(52) if c not in parse("Ac 2d 3h Kh 5c 4d 2h Ks")]
    wins = ties = total = 0
    for x, y in itertools.permutations(unseen, 2):
        a, b = _key(kept[0] + [x]), _key(kept[1] + [y])
        wins += a > b
        ties += a == b
        total += 1
    assert result.method == "exact" and result.game == "draw-badugi" and result.boards == total == 1892
    assert (result.players[0].wins, result.players[0].ties) == (wins, ties)


def test_draw_equity_monte_carlo_agrees_with_the_exact_count():
    players = [("Ac 2d 3h Kh", "Kh"), ("5c 4d 2h Ks", "Ks")]
    exact = draw_equity(players, rules="badugi")
    mc = draw_equity(players, rules="badugi", method="mc", trials=40_000, seed=9)
    assert mc.method == "mc" and mc.trials == 40_000
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 5 * m.stderr


def _key(cards):
    from reference_badugi import reference_key

    return reference_key(cards)


@pytest.mark.parametrize(
    ("hand", "discard", "words"),
    [
        ("Ac 2d 3h", "", ["four cards", "got 3"]),
        ("Ac 2d 3h Kh 5s", "Kh", ["four cards", "got 5"]),
        ("Ac 2d 3h Ac", "", ["duplicate card 'Ac'"]),
        ("Ac 2d 3h Kh", "Ks", ["discard Ks", "not in the hand"]),
        ("Ac 2d 3h Kh", "Kh Kh", ["duplicate card 'Kh'"]),
        ("Ac 2d 3h Kh", "Jk", ["joker", "52-card deck"]),
    ],
)
def test_bad_badugi_draws_name_the_problem(hand, discard, words):
    with pytest.raises(ValueError) as info:
        draw_odds(hand, discard, rules="badugi")
    for word in words:
        assert word in str(info.value)
    with pytest.raises(DrawError, match="dead card Ac is in the hand"):
        draw_odds("Ac 2d 3h Kh", "Kh", rules="badugi", dead="Ac")
    with pytest.raises(DrawError, match="unknown category 'Z'.*8-high badugi.*Badugi"):
        draw_odds("Ac 2d 3h Kh", "Kh", rules="badugi").at_least("Z")


def _run(*args):
    return CliRunner().invoke(main, list(args))


def test_the_draw_command_plays_badugi():
    result = _run("draw", "Ac 2d 3h Kh", "--rules", "badugi", "--discard", "Kh")
    assert result.exit_code == 0, result.output
    assert "48 equally likely draws" in result.output and "improves 20.833 %" in result.output
    data = json.loads(_run("draw", "Ac 2d 3h Kh", "-r", "badugi", "--json", "--top", "2").output)
    assert [d["discard"] for d in data] == ["Kh", ""] and data[0]["counts"]["Three-card hand"] == 38
    listing = _run("draw", "Ac 2d 3h Kh", "-r", "badugi", "--top", "3").output
    assert "B8 8-high badugi" in listing and "3C three-card hand" in listing
    help_text = _run("draw", "--help").output
    assert 'pokerlab draw "Ac 2d 3h Kh" --rules badugi' in help_text
    versus = _run("equity", "--game", "draw-badugi", "Ac 2d 3h Kh/Kh", "5c 4d 2h Ks/Ks")
    assert versus.exit_code == 0 and "1,892 joint draws" in versus.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["Ac 2d 3h"], "four cards: expected 4 cards, got 3"),
        (["Ac 2d 3h Ac"], "duplicate card 'Ac'"),
        (["Ac 2d 3h Kh", "--discard", "Ks"], "discard Ks (position 1) is not in the hand"),
        (["Ac 2d 3h Kh", "--objective", "category", "--target", "Z"], "unknown category 'Z'"),
    ],
)
def test_the_draw_command_refuses_bad_badugi_input_in_one_line(args, words):
    result = _run("draw", *args, "--rules", "badugi")
    assert result.exit_code == 2
    assert words in result.output and len(result.output.strip().splitlines()) == 1
