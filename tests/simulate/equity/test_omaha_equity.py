"""Omaha equity: exact against a brute force over every board, Monte Carlo against exact, pokerkit cross-checks.

The brute force scores each board with the independent reference evaluator
(``tests/reference_omaha.py``) and splits the pot by the rules: the high
half and the eight-or-better low half, each shared by tied players; no low,
the high takes all.
"""

from __future__ import annotations

import itertools
import math

import pytest
from reference import parse
from reference_omaha import omaha_high_key, omaha_low_key

from pokerlab.errors import PokerlabError
from pokerlab.evaluator.cards import card_str
from pokerlab.simulate.equity.omaha import omaha_equity
from pokerlab.simulate.ranges.omaha import parse_omaha_range


def brute_force(hands: list[list[int]], board: list[int], hilo: bool, dead: list[int] = ()) -> dict:
    """Per player: equity, high win/tie, low win/tie, scoop, quarter, over every completion of ``board``."""
    used = set(board) | set(dead) | {c for h in hands for c in h}
    rest = [c for c in range(52) if c not in used]
    n = len(hands)
    totals = {k: [0.0] * n for k in ("equity", "win", "tie", "low_win", "low_tie", "scoop", "quarter")}
    boards = 0
    for extra in itertools.combinations(rest, 5 - len(board)):
        full = board + list(extra)
        highs = [omaha_high_key(h, full) for h in hands]
        lows = [omaha_low_key(h, full) for h in hands] if hilo else [None] * n
        top = max(highs)
        winners = [i for i in range(n) if highs[i] == top]
        qualified = [lo for lo in lows if lo is not None]
        low_winners = [i for i in range(n) if qualified and lows[i] == min(qualified)]
        for i in range(n):
            share = 0.0
            if low_winners:
                share += 0.5 / len(winners) if i in winners else 0.0
                share += 0.5 / len(low_winners) if i in low_winners else 0.0
                if i in low_winners:
                    totals["low_win" if len(low_winners) == 1 else "low_tie"][i] += 1
            elif i in winners:
                share = 1.0 / len(winners)
            if i in winners:
                totals["win" if len(winners) == 1 else "tie"][i] += 1
            totals["equity"][i] += share
            totals["scoop"][i] += share == 1.0
            totals["quarter"][i] += share == 0.25
        boards += 1
    return {k: [x / boards for x in v] for k, v in totals.items()} | {"boards": boards}


def assert_matches(result, expected: dict, hilo: bool) -> None:
    fields = ("equity", "win", "tie") + (("low_win", "low_tie", "scoop", "quarter") if hilo else ())
    for i, player in enumerate(result.players):
        for field in fields:
            assert getattr(player, field) == pytest.approx(expected[field][i], abs=1e-12), (i, field)


@pytest.mark.parametrize(
    ("hands", "board", "game"),
    [
        (["AsAhKsKh", "QdQcJdJc"], "2s7d9c", "omaha"),
        (["As2s3dKh", "KdKcQsJh"], "4c5h9d", "omaha-hilo"),
        (["Ah2h3c4c", "Ad2d5s6s", "KcKdQhJh"], "7h8d9s", "omaha-hilo"),  # shared lows: quarters
        (["AsKsQsJs9d", "2c3c4d5d6h"], "Ts8h7c", "omaha"),  # five hole cards
        (["AhKh2c3d4s5s", "QcQdJcJd9h8h"], "6c7dKs2h", "omaha-hilo"),  # six hole cards, the turn
    ],
)
def test_exact_equals_brute_force_over_every_board(hands, board, game):
    hilo = game == "omaha-hilo"
    result = omaha_equity(hands, board=board, game=game, method="exact")
    expected = brute_force([parse(h) for h in hands], parse(board), hilo)
    assert result.method == "exact" and result.boards == expected["boards"]
    assert_matches(result, expected, hilo)


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
@pytest.mark.parametrize("board", ["7h", "7h8d"])
def test_a_partial_board_averages_the_boards_one_card_longer(board, game):
    # Every completion is as likely as every other, so the equity is the mean over the next card; the
    # three-card boards are proven against the brute force above.
    hands = ["Ah2h3c4c", "KdKcQhJh"]
    used = set(parse("".join(hands) + board))
    longer = [omaha_equity(hands, board=board + card_str(c), game=game, method="exact") for c in range(52)
              if c not in used]  # fmt: skip
    result = omaha_equity(hands, board=board, game=game, method="exact")
    assert result.boards == math.comb(52 - len(used), 5 - len(parse(board)))
    for i in range(2):
        assert result.players[i].equity == pytest.approx(sum(r.players[i].equity for r in longer) / len(longer))


def test_exact_with_dead_cards_equals_brute_force():
    result = omaha_equity(["Ah2h3c4c", "KdKcQhJh"], board="7h8d9s", dead="5c6d", game="omaha-hilo", method="exact")
    expected = brute_force([parse("Ah2h3c4c"), parse("KdKcQhJh")], parse("7h8d9s"), True, parse("5c6d"))
    assert_matches(result, expected, True)


def test_exact_ranges_average_every_deal():
    hands = parse_omaha_range("AAKKds", dead=0).combos.tolist()[:3]
    text = ", ".join("".join("23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in h) for h in hands)
    board = "2s7d9c4h"
    result = omaha_equity([text, "QdQcJdJc"], board=board, method="exact")
    deals = [h for h in hands if not set(h) & set(parse("QdQcJdJc" + board))]
    per_deal = [brute_force([h, parse("QdQcJdJc")], parse(board), False) for h in deals]
    assert result.players[0].combos == len(hands)
    assert result.players[0].equity == pytest.approx(sum(d["equity"][0] for d in per_deal) / len(deals), abs=1e-12)


def test_quartered_pot_on_the_river():
    # Both A2 hands make the same 8-4-3-2-A low; the kings take the high: a quarter each for the lows.
    result = omaha_equity(["Ah2hQcJd", "Ad2dTcTh", "KcKsQh9s"], board="3s4c8hKd7s", game="omaha-hilo")
    low1, low2, high = result.players
    assert (low1.quarter, low2.quarter, high.equity) == (1.0, 1.0, 0.5)
    assert high.scoop == 0.0 and high.win == 1.0 and low1.low_tie == 1.0


def test_no_low_the_high_scoops():
    result = omaha_equity(["Ah2h3c4c", "KcKsQh9s"], board="9c9dTsKdJs", game="omaha-hilo")
    assert result.no_low == 1.0 and result.players[1].scoop == 1.0 and result.players[1].equity == 1.0


def test_monte_carlo_agrees_with_exact_and_repeats_with_a_seed():
    exact = omaha_equity(["Ah2h3c4c", "KdKcQhJh", "random"], board="7h8d9s2c", game="omaha-hilo", method="exact")
    mc = omaha_equity(["Ah2h3c4c", "KdKcQhJh", "random"], board="7h8d9s2c", game="omaha-hilo", method="mc",
                      trials=200_000, seed=11, threads=1)  # fmt: skip
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 5 * m.stderr
    again = omaha_equity(["Ah2h3c4c", "KdKcQhJh", "random"], board="7h8d9s2c", game="omaha-hilo", method="mc",
                         trials=200_000, seed=11, threads=2)  # fmt: skip
    assert [p.equity for p in again.players] == [p.equity for p in mc.players]


def test_monte_carlo_ranges_and_random_preflop():
    result = omaha_equity(["AA**ds", "random", "random"], method="mc", stderr=2e-3, seed=5)
    assert result.stderr <= 2e-3 and 0.45 < result.players[0].equity < 0.56  # double-suited aces, three ways
    assert result.players[1].combos == 270725 and result.players[0].combos == len(parse_omaha_range("AA**ds"))


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (["AsAhKsKh"], {}, "2 to 10 players"),
        (["AsAhKsKh", "AsQdJdTd"], {}, "both hold As"),
        (["AsAhKsKh", "QdQcJdJc"], {"game": "razz"}, "unknown Omaha game"),
        (["AsAhKsKh", "QQQ"], {}, "player 2"),
        (["AsAhKsKh", "QdQcJdJcTc"], {}, "same number of cards"),
        (["AsAhKsKh", "QdQcJdJc"], {"board": "As2c3c"}, "on the board or dead"),
        (["random"] * 3, {"method": "exact"}, "exact enumeration would"),
        (["AsAhKsKhQs2c"] + ["random"] * 8, {}, "do not fit"),
    ],
)
def test_bad_input_is_named(args, kwargs, message):
    with pytest.raises(PokerlabError, match=message):
        omaha_equity(args, **kwargs)


def test_flop_spot_agrees_with_pokerkit():
    import pokerkit
    from pokerkit import Card, Deck, OmahaEightOrBetterLowHand, OmahaHoldemHand

    spots = [
        (["AsAhKsKh", "QdQcJdJc"], "2s7d9c", (OmahaHoldemHand,), "omaha"),
        (["As2s3dKh", "KdKcQsJh"], "4c5h9d", (OmahaHoldemHand, OmahaEightOrBetterLowHand), "omaha-hilo"),
    ]
    for hands, board, types, game in spots:
        ours = omaha_equity(hands, board=board, game=game, method="exact")
        n = 400
        theirs = pokerkit.calculate_equities(
            [[tuple(Card.parse(h))] for h in hands], tuple(Card.parse(board)), 4, 5, Deck.STANDARD, types,
            sample_count=n,
        )  # fmt: skip
        for p, q in zip(ours.players, theirs):
            sigma = (p.equity * (1 - p.equity) / n) ** 0.5
            assert abs(p.equity - q) < 5 * sigma + 0.01


def test_river_splits_agree_with_pokerkit():
    # On the river pokerkit's equity is exact: its pot split must be ours on every deal, quarters included.
    import random

    from pokerkit import Card, Deck, OmahaEightOrBetterLowHand, OmahaHoldemHand, calculate_equities

    rng = random.Random(19)
    for _ in range(60):
        cards = rng.sample(range(52), 17)
        hands = ["".join("23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in cards[4 * i : 4 * i + 4]) for i in range(3)]
        board = "".join("23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in cards[12:])
        ours = omaha_equity(hands, board=board, game="omaha-hilo")
        theirs = calculate_equities(
            [[tuple(Card.parse(h))] for h in hands], tuple(Card.parse(board)), 4, 5, Deck.STANDARD,
            (OmahaHoldemHand, OmahaEightOrBetterLowHand), sample_count=1,
        )  # fmt: skip
        assert [p.equity for p in ours.players] == pytest.approx(theirs, abs=1e-12)


def test_a_pattern_of_every_hand_is_dealt_as_random():
    """Nine '*****' players use 45 of the 52 cards: listed and dealt by rejection they were refused."""
    stars = omaha_equity(["*****"] * 9, game="omaha-hilo", method="mc", trials=20_000, seed=3, threads=1)
    assert sum(p.equity for p in stars.players) == pytest.approx(1.0)
    assert all(abs(p.equity - 1 / 9) < 5 * stars.stderr for p in stars.players)  # nine alike seats
    assert stars.players[0].combos == 2_598_960
    ten = omaha_equity(["****"] * 10, method="mc", trials=5_000, seed=3, threads=1)  # 40 hole cards and a board
    assert sum(p.equity for p in ten.players) == pytest.approx(1.0)
