"""Five-card draw odds, discard ranking and draw-versus-draw equity."""

import itertools
from fractions import Fraction

import pytest
from reference_variants import reference_category, reference_key

from pokerlab.evaluator import evaluate
from pokerlab.evaluator.cards import parse_cards
from pokerlab.evaluator.rules import get_rules
from pokerlab.simulate.draw import DrawError, best_discard, draw_equity, draw_odds
from pokerlab.simulate.equity.engine import EquityError


def test_pair_drawing_three_improves_28_7_percent():
    odds = draw_odds("Jh Jd 9c 6s 2h", discard="9c 6s 2h")
    assert odds.outcomes == 16_215  # C(47, 3)
    assert round(100 * odds.improve, 1) == 28.7
    assert odds.counts["One pair"] == 11_559
    assert odds.at_least("Two pair") == pytest.approx(odds.improve)


def test_four_flush_fills_nine_of_47_and_open_straight_eight():
    assert Fraction(draw_odds("Ah Kh 7h 4h 2c", "2c").count("Flush"), 47) == Fraction(9, 47)
    assert draw_odds("9c 8d 7h 6s 2c", "2c").count("Straight") == 8
    pat = draw_odds("9c 8d 7h 6s 2c", "")
    assert pat.outcomes == 1 and pat.counts["High card"] == 1


def test_dead_cards_leave_the_stub():
    odds = draw_odds("Ah Kh 7h 4h 2c", "2c", dead="3h 5h")
    assert (odds.outcomes, odds.count("Flush")) == (45, 7)


def _brute_force_counts(hand, discard, rules, dead=()):
    r = get_rules(rules)
    ids = parse_cards(hand, deck_size=r.deck_size)
    thrown = parse_cards(discard, deck_size=r.deck_size) if discard else []
    kept = [c for c in ids if c not in thrown]
    unseen = [c for c in range(r.deck_size) if c not in ids and c not in dead]
    counts = {}
    for drawn in itertools.combinations(unseen, len(thrown)):
        name = reference_category(kept + list(drawn), rules)
        counts[name] = counts.get(name, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("hand", "discard", "rules"),
    [
        ("Kh 7d 5c 4s 2d", "Kh", "deuce-seven"),
        ("Jk Ah Kh 9c 2s", "9c 2s", "bug"),
        ("2c 2d 9h 9s Kc", "Kc", "deuces-wild"),
        ("8s 7h 5d 3c Kd", "Kd 8s", "ace-five"),
        ("As Ad Kh 7c 2s", "Kh 7c", "joker"),
    ],
)
def test_counts_match_an_independent_enumeration(hand, discard, rules):
    odds = draw_odds(hand, discard, rules=rules)
    expected = _brute_force_counts(hand, discard, rules)
    assert {k: v for k, v in odds.counts.items() if v} == expected


def test_lowball_may_draw_five_but_high_draw_three_unless_keeping_an_ace():
    assert draw_odds("Kh Qd Jc 9s 8d", "Kh Qd Jc 9s 8d", rules="deuce-seven").outcomes == 1_533_939
    with pytest.raises(DrawError, match="drawing 4 cards is more than the rules allow .at most 3"):
        draw_odds("Ah 9d 7c 5s 2d", "9d 7c 5s 2d")
    assert draw_odds("Ah 9d 7c 5s 2d", "9d 7c 5s 2d", four_with_ace=True).outcomes == 178_365
    with pytest.raises(DrawError, match="or 4 when keeping an ace"):
        draw_odds("Kh 9d 7c 5s 2d", "Kh 9d 7c 5s", four_with_ace=True)


@pytest.mark.parametrize(
    ("hand", "discard", "words"),
    [
        ("Ah Kh Qh Jh Th 9h", "9h", ["five cards", "got 6"]),
        ("Ah Kh Qh Jh 3c", "2c", ["discard 2c", "not in the hand"]),
        ("Ah Kh Qh Jh 3c", "3x", ["'x'"]),
        ("Ah Kh Qh Jh Jk", "Jk", ["joker", "52-card deck"]),
    ],
)
def test_bad_draws_name_the_problem(hand, discard, words):
    with pytest.raises(ValueError) as info:
        draw_odds(hand, discard)
    for word in words:
        assert word in str(info.value)


def test_best_discard_ranks_every_legal_option():
    options = best_discard("Ah Kh Qh Jh 3c")
    assert options[0].discard == "3c"
    assert len(options) == 1 + 5 + 10 + 10  # discard 0 to 3 of five cards
    assert [o.score for o in options] == sorted((o.score for o in options), reverse=True)
    flush_first = best_discard("Ah Kh Qh Jh 3c", objective="category", target="Flush")
    # Nine hearts left: eight flushes and the royal.
    assert flush_first[0].discard == "3c" and flush_first[0].score == pytest.approx(9 / 47)
    assert len(best_discard("Ah Kd 9c 5s 2h", four_with_ace=True)) == 26 + 1  # or keep only the ace
    low = best_discard("7s 5h 4d 3c 3h", rules="deuce-seven")
    assert low[0].discard in ("3c", "3h")  # break the pair, draw one to 7-5-4-3


def test_best_discard_equity_objective():
    options = best_discard("9s 9d 5c 4h 2d", objective="equity", opponent=("Ah Kh Qh Jh 3c", "3c"), trials=4000)
    assert options[0].keep.count("9") == 2  # keep the nines


def test_best_discard_errors():
    with pytest.raises(DrawError, match="needs a target"):
        best_discard("Ah Kh Qh Jh 3c", objective="category")
    with pytest.raises(DrawError, match="unknown objective"):
        best_discard("Ah Kh Qh Jh 3c", objective="money")


def test_draw_equity_exact_matches_brute_force():
    players = [("Ah Kh Qh Jh 3c", "3c"), ("9s 9d 5c 4h 2d", "2d")]
    result = draw_equity(players)
    assert result.method == "exact"
    a, b = parse_cards("Ah Kh Qh Jh"), parse_cards("9s 9d 5c 4h")
    unseen = [c for c in range(52) if c not in parse_cards("Ah Kh Qh Jh 3c 9s 9d 5c 4h 2d")]
    wins = ties = total = 0
    for x, y in itertools.permutations(unseen, 2):
        va, vb = evaluate(a + [x]), evaluate(b + [y])
        wins += va > vb
        ties += va == vb
        total += 1
    assert result.boards == total
    assert result.players[0].wins == wins and result.players[0].ties == ties
    assert result.players[0].equity + result.players[1].equity == pytest.approx(1)


def test_three_way_lowball_exact_against_reference_and_mc():
    players = ["8s 7h 5d 3c Kd/Kd", "9s 6d 4c 2h Jd/Jd", "7c 6c 4d 2d Qs/Qs"]
    exact = draw_equity(players, rules="ace-five")
    hands = [parse_cards(p.split("/")[0]) for p in players]
    kept = [h[:4] for h in hands]
    unseen = [c for c in range(52) if all(c not in h for h in hands)]
    shares = [Fraction(0)] * 3
    n = 0
    for drawn in itertools.permutations(unseen, 3):
        keys = [reference_key(k + [d], "ace-five") for k, d in zip(kept, drawn)]
        best = max(keys)
        top = [i for i in range(3) if keys[i] == best]
        for i in top:
            shares[i] += Fraction(1, len(top))
        n += 1
    assert exact.boards == n
    assert [p.equity for p in exact.players] == pytest.approx([float(s / n) for s in shares])
    mc = draw_equity(players, rules="ace-five", method="mc", trials=60_000, seed=5)
    again = draw_equity(players, rules="ace-five", method="mc", trials=60_000, seed=5)
    assert mc.to_dict()["players"] == again.to_dict()["players"]
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 5 * m.stderr + 1e-9


def test_draw_equity_errors():
    with pytest.raises(EquityError, match="both hold As"):
        draw_equity(["As Ks Qs Js Ts/", "As 2c 3c 4c 5c/"])
    with pytest.raises(EquityError, match="draw equity needs 2 to 10 players, got 1"):
        draw_equity(["As Ks Qs Js Ts/"])
    with pytest.raises(EquityError, match="draw equity needs 2 to 10 players, got 1"):
        draw_equity("As Ks Qs Js Ts/")  # one text is one player, not a sequence of characters
    with pytest.raises(EquityError, match="Kd is both held by player 1 and dead"):
        draw_equity(["Ks Kd Qs Js Ts/", "As 2c 3c 4c 5c/"], dead="Kd")
    with pytest.raises(DrawError, match="not in the hand"):
        draw_equity(["As Ks Qs Js Ts/2c", "Ah 2h 3c 4c 5c/"])


@pytest.mark.parametrize("seed", [-1, 2**64, "7", 1.5])
def test_draw_equity_checks_its_seed(seed):
    from pokerlab.simulate.equity.engine import EquityError

    with pytest.raises(EquityError, match="seed must be"):
        draw_equity(["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d"], method="mc", trials=1_000, seed=seed)


@pytest.mark.parametrize("rules", ["high", "deuce-seven", "ace-five"])
def test_draw_equity_is_on_the_one_equity_entry(rules):
    from pokerlab import equity
    from pokerlab.simulate.equity.result import draw_game

    players = ["7h 5d 4c 3s Kh/Kh", "9s 8d 6c 4h 2d/"]
    direct = draw_equity(players, rules=rules)
    entry = equity(players, game=draw_game(rules))
    assert entry.game == direct.game == draw_game(rules) and entry.family == "draw"
    assert [p.equity for p in entry.players] == [p.equity for p in direct.players]
    assert entry.to_dict()["game"] == draw_game(rules)


def test_draw_on_the_entry_refuses_a_board():
    from pokerlab import equity
    from pokerlab.simulate.equity.options import EquityError

    with pytest.raises(EquityError, match=r"^draw equity \(draw\) takes no board$"):
        equity(["7h 5d 4c 3s Kh/Kh", "9s 8d 6c 4h 2d/"], game="draw", board="Ks")


def test_draw_from_the_equity_command():
    from click.testing import CliRunner

    from pokerlab.simulate.cli.main import main

    result = CliRunner().invoke(main, ["equity", "--game", "draw-deuce-seven", "7h 5d 4c 3s Kh/Kh", "9s 8d 6c 4h 2d/"])
    assert result.exit_code == 0, result.output
    assert "78.571" in result.output and "42 joint draws" in result.output
