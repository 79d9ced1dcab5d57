"""Short-deck equity through the one entry (``pokerlab.equity(game="short-deck")``): exact counts against the slow
reference's brute force, Monte Carlo against exact, and pokerkit's own short-deck equities."""

from __future__ import annotations

import itertools
import json
import math

import pytest
from reference_short_deck import DECK, parse, reference_key

from pokerlab import equity
from pokerlab.evaluator.cards import CardError
from pokerlab.simulate.equity.options import EquityError

GAME = "short-deck"


def reference_equity(hands: list[str], board: str = "", dead: str = "") -> tuple[list[float], int]:
    """Every completion of the board scored by the reference: (each player's share, boards)."""
    held = [parse(h) for h in hands]
    known = parse(board) if board else []
    used = {c for h in held for c in h} | set(known) | set(parse(dead) if dead else [])
    pool = [c for c in DECK if c not in used]
    shares = [0.0] * len(held)
    boards = 0
    for rest in itertools.combinations(pool, 5 - len(known)):
        keys = [reference_key(h + known + list(rest)) for h in held]
        best = max(keys)
        winners = [i for i, k in enumerate(keys) if k == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        boards += 1
    return [s / boards for s in shares], boards


SPOTS = [
    (["AhKh", "QcQd"], "Th9h6c", ""),
    (["AsKs", "7c8c", "JdJh"], "6s9dTs", ""),
    (["Ac9c", "KdQd"], "6h7h8dJs", ""),
    (["AsAh", "KsKh"], "", "6c 6d 7c 7d 8c 8d 9c 9d Tc Td Jc Jd Qc Qd 6h 7h 8h 9h Th Jh"),  # preflop, 12 cards left
    (["7s6s", "7h6h"], "8s9hTd", ""),  # the same hand on most boards: ties
]


@pytest.mark.parametrize(("hands", "board", "dead"), SPOTS)
def test_exact_equity_is_the_reference_s_brute_force(hands, board, dead):
    result = equity(hands, board or None, dead or None, game=GAME)
    shares, boards = reference_equity(hands, board, dead)
    assert result.method == "exact" and result.boards == boards
    assert [p.equity for p in result.players] == pytest.approx(shares, abs=1e-12)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


def test_a_whole_board_is_one_deal():
    result = equity(["Ah Kh", "6c 6d"], board="6h Th Jh Qh 9c", game=GAME)
    assert result.boards == 1 and [p.equity for p in result.players] == [1.0, 0.0]  # a flush beats the full house


def test_heads_up_preflop_every_board():
    result = equity(["AsAh", "KsKh"], game=GAME, method="exact")
    assert result.boards == math.comb(32, 5)
    assert (result.players[0].wins, result.players[1].wins, result.players[0].ties) == (149_576, 48_790, 3_010)


def test_monte_carlo_is_seeded_and_within_its_standard_error_of_exact():
    hands, board = ["AsKs", "7c8c", "JdJh"], "6s9dTs"
    exact = equity(hands, board, game=GAME)
    mc = equity(hands, board, game=GAME, method="mc", trials=200_000, seed=11)
    assert mc.method == "mc" and mc.trials == 200_000 and mc.seed == 11
    for ours, truth in zip(mc.players, exact.players):
        assert abs(ours.equity - truth.equity) < 5 * ours.stderr
    again = equity(hands, board, game=GAME, method="mc", trials=200_000, seed=11, threads=1)
    assert [p.equity for p in again.players] == [p.equity for p in mc.players]  # the seed, not the threads
    target = equity(hands, board, game=GAME, method="mc", stderr=2e-3, seed=3)
    assert target.stderr <= 2e-3 and target.trials < 200_000


def test_random_players_are_dealt_by_monte_carlo():
    result = equity(["AsAh", "random", "random"], game=GAME, seed=5, trials=100_000)
    assert result.method == "mc" and result.players[1].hand == "random" and result.players[1].combos == math.comb(34, 2)
    assert result.players[1].equity == pytest.approx(result.players[2].equity, abs=0.01)
    with pytest.raises(EquityError, match="exact short-deck equity needs every hand"):
        equity(["AsAh", "random"], game=GAME, method="exact")


def test_pokerkit_computes_the_same_equities():
    from pokerkit import Card, Deck, ShortDeckHoldemHand, calculate_equities, parse_range

    hands, board = ["AhKh", "QcQd"], "Th9h6c"
    samples = 6_000
    theirs = calculate_equities(
        tuple(parse_range(h) for h in hands), tuple(Card.parse(board)), 2, 5, Deck.SHORT_DECK_HOLDEM,
        (ShortDeckHoldemHand,), sample_count=samples,
    )  # fmt: skip
    ours = equity(hands, board, game=GAME)
    for share, player in zip(theirs, ours.players):
        assert abs(share - player.equity) < 5 * math.sqrt(player.equity * (1 - player.equity) / samples)


def test_the_result_is_hold_em_shaped_with_its_game():
    data = equity(["AhKh", "QcQd"], "Th9h6c", game=GAME).to_dict()
    assert data["game"] == GAME and data["boards"] == 406
    assert list(data["players"][0]) == ["hand", "combos", "win", "tie", "equity", "stderr", "wins", "ties"]
    json.dumps(data)


@pytest.mark.parametrize(
    ("players", "board", "error", "words"),
    [
        (["AsAh", "5c5d"], None, CardError, "not in the 36-card short deck"),
        (["AsAh", "KsKh"], "2c7d8h", CardError, "not in the 36-card short deck"),
        (["AsAh", "AsKh"], None, EquityError, "players 1 and 2 both hold As"),
        (["AsAh"], None, EquityError, "2 to 10 players"),
        (["AsAhKd", "KsKh"], None, EquityError, "two cards"),
        (["AsAh", "KsKh"], "6c7d8h9sTsJs", EquityError, "at most 5 cards"),
    ],
)
def test_bad_input_is_refused(players, board, error, words):
    with pytest.raises(error, match=words):
        equity(players, board, game=GAME)
