"""Equity engines: published results, card removal, errors, Monte Carlo honesty."""

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab.evaluator.cards import card_str, format_cards
from pokerlab.simulate.equity.engine import EquityError, equity
from pokerlab.simulate.equity.result import PLAYER_KEYS
from pokerlab.simulate.ranges.parse import RangeError, parse_range


def test_aces_vs_kings_specific_hands_exact():
    r = equity(["AsAh", "KsKh"], method="exact")
    assert r.method == "exact" and r.boards == 1_712_304
    aa, kk = r.players
    assert (aa.wins, kk.wins, aa.ties, kk.ties) == (1_410_336, 292_660, 9_308, 9_308)
    assert aa.equity == pytest.approx(0.826366, abs=5e-7)
    assert aa.equity + kk.equity == pytest.approx(1.0)


def test_aces_vs_kings_ranges_exact():
    r = equity(["AA", "KK"])
    aa, kk = r.players
    assert r.method == "exact"
    assert (aa.wins, kk.wins, aa.ties) == (50_371_344, 10_986_372, 285_228)
    assert r.outcomes == 61_642_944
    assert aa.equity == pytest.approx(0.81946, abs=5e-6)
    assert aa.combos == kk.combos == 6


def brute_force_equity(hands, board):
    """Equity of each hand over every completion of the board, through the evaluator alone."""
    import itertools

    from pokerlab import evaluator

    used = set(sum(hands, board))
    deck = [c for c in range(52) if c not in used]
    totals = np.zeros(len(hands))
    n = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        ranks = [evaluator.evaluate(h + board + list(rest)) for h in hands]
        winners = [i for i, v in enumerate(ranks) if v == max(ranks)]
        for i in winners:
            totals[i] += 1 / len(winners)
        n += 1
    return totals / n, n


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AsAh", "KsQs", "3d2h"], "2c3c8hTh"),  # river only
        (["AsAh", "KsQs", "3d2h"], "2c3c8h"),  # turn and river
        (["AhKh", "QhJd", "9c8c"], "Th7h2c"),  # flush draws: the relevant-suit paths
        (["7s6s", "AcKd"], "5s4s9d"),  # straight-flush draws
        (["AsAh", "KsQs", "3d2h"], "2c3c"),  # a two-card board: three cards to come
        (["AhKh", "9c8c"], "Th"),  # a one-card board: four to come
    ],
)
def test_exact_matches_brute_force(hands, board):
    expected, n = brute_force_equity([parse(h) for h in hands], parse(board))
    r = equity(hands, board=board)
    assert r.method == "exact" and r.boards == n
    assert [p.equity for p in r.players] == pytest.approx(expected)


@pytest.mark.parametrize("board", ["", "Td", "Td4s"])
def test_a_partial_board_averages_the_boards_one_card_longer(board):
    # Every completion of the board is as likely as every other, so the equity is the mean over the next card.
    hands = ["AhKh", "QQ", "9c8c"]
    used = set(parse("".join(h for h in hands if len(h) == 4) + board))
    longer = [equity(hands, board=board + card_str(c), method="exact") for c in range(52) if c not in used]
    longer = [r for r in longer if r.boards]
    r = equity(hands, board=board, method="exact")
    weights = np.array([r2.players[1].combos for r2 in longer], dtype=float)  # QQ's combos left by the card
    mean = [np.average([r2.players[i].equity for r2 in longer], weights=weights) for i in range(3)]
    assert [p.equity for p in r.players] == pytest.approx(mean, abs=1e-12)


@pytest.mark.parametrize("board", ["Td", "Td4s"])
def test_monte_carlo_on_a_partial_board_agrees_with_exact(board):
    hands = ["AhKh", "QQ", "random"]
    exact = equity(hands, board=board, method="exact")
    mc = equity(hands, board=board, method="mc", trials=300_000, seed=11)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr


def parse(text):
    from pokerlab.evaluator.cards import parse_cards

    return parse_cards(text)


def test_card_removal_by_board_dead_and_other_players():
    r = equity(["AA", "KK"], board="As2c3d", dead="Kd", method="exact")
    assert r.players[0].combos == 3  # AA without As
    assert r.players[1].combos == 3  # KK without Kd
    r = equity(["AsAh", "AA"], method="exact")
    # Only AdAc is left for player 2 once player 1 holds As and Ah.
    assert r.players[0].equity == pytest.approx(0.5, abs=0.01)


def test_weighted_ranges_weight_the_deals():
    full = equity(["AA", "KK,QQ"], method="exact")
    weighted = equity(["AA", "KK,QQ@50"], method="exact")
    only_kings = equity(["AA", "KK"], method="exact")
    only_queens = equity(["AA", "QQ"], method="exact")
    expected = (only_kings.players[0].equity * 2 + only_queens.players[0].equity) / 3
    assert weighted.players[0].equity == pytest.approx(expected, abs=1e-12)
    assert full.players[0].equity == pytest.approx(
        (only_kings.players[0].equity + only_queens.players[0].equity) / 2, abs=1e-12
    )


@pytest.mark.parametrize(
    ("players", "kwargs", "error", "words"),
    [
        (["AsAh", "AsKd"], {}, EquityError, ["players 1 and 2", "As"]),
        (["AsAh"], {}, EquityError, ["2 to 10 players"]),
        (["AsAh"] * 11, {}, EquityError, ["2 to 10 players, got 11"]),
        (["AsAh", "KK"], {"board": "KcKdKh2c"}, EquityError, []),
        (["AsAh", "KK"], {"board": "AsKd2c"}, EquityError, ["player 1", "As", "board"]),
        (["AA", "KK"], {"board": "AsAhAd", "dead": "Ac"}, EquityError, ["player 1", "AA", "no combos left"]),
        (["AA", "KK"], {"board": "As2c3c4c5c6c"}, EquityError, ["board must have 0 or 1 or 2 or 3 or 4 or 5 cards"]),
        (["AA", "KK"], {"board": "As2c3c", "dead": "2c"}, EquityError, ["2c", "both on the board and dead"]),
        (["AA", "KQx"], {}, RangeError, ["player 2", "KQx"]),
        (["AA", "KK"], {"board": "Xx2c3c"}, ValueError, ["board", "'X'"]),
        (["AA", "KK"], {"method": "fast"}, EquityError, ["method"]),
        (["AA", "KK"], {"trials": 0}, EquityError, ["trials"]),
    ],
)
def test_impossible_inputs_raise_clear_errors(players, kwargs, error, words):
    with pytest.raises(error) as info:
        equity(players, **kwargs)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize("method", ["exact", "mc"])
def test_colliding_ranges_with_no_possible_deal(method):
    with pytest.raises(EquityError, match="share a card"):
        equity(["AsAh", parse_range("AsKs,AhKh")], method=method, trials=1000)


def test_auto_picks_exact_for_small_and_mc_for_large():
    assert equity(["AsAh", "KsKh"]).method == "exact"
    assert equity(["AA", "random", "random"], trials=20_000, seed=1).method == "mc"


def test_monte_carlo_is_reproducible_with_seed_and_threads():
    a = equity(["QQ+,AKs", "random"], method="mc", trials=200_000, seed=42, threads=2)
    b = equity(["QQ+,AKs", "random"], method="mc", trials=200_000, seed=42, threads=2)
    c = equity(["QQ+,AKs", "random"], method="mc", trials=200_000, seed=43, threads=2)
    assert a.players == b.players and a.trials == b.trials == 200_000
    assert a.players != c.players


def test_monte_carlo_stops_at_the_standard_error():
    r = equity(["AKs", "QQ"], method="mc", stderr=2e-3, seed=5)
    assert r.stderr <= 2e-3
    assert all(p.stderr <= 2e-3 for p in r.players)
    assert r.trials < 1_000_000


def test_monte_carlo_confidence_intervals_cover_exact_answers():
    """Over 40 seeds the exact equity must fall inside 2 standard errors about 95 % of the time."""
    cases = [(["AsAh", "KsKh"], None), (["AKs", "QQ"], None), (["JTs", "22"], "2c7d9h")]
    exact = [equity(p, board=b, method="exact").players[0].equity for p, b in cases]
    inside = total = 0
    for seed in range(40):
        for (players, board), truth in zip(cases, exact):
            r = equity(players, board=board, method="mc", trials=20_000, seed=seed, threads=1)
            inside += abs(r.players[0].equity - truth) <= 2 * r.players[0].stderr
            total += 1
    # 95.4 % expected; 120 draws: below 88 % happens with probability well under 0.1 %.
    assert inside / total >= 0.88


def test_monte_carlo_is_unbiased_with_overlapping_ranges():
    """Joint sampling: Monte Carlo must agree with exact enumeration when ranges share cards."""
    players = ["AA,AKs", "AA,KK", "AKo"]
    exact = equity(players, method="exact")
    mc = equity(players, method="mc", trials=400_000, seed=3)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) <= 4 * m.stderr + 1e-9


def test_result_to_dict_shape():
    d = equity(["AsAh", "KsKh"]).to_dict()
    assert d["method"] == "exact" and d["boards"] == 1_712_304
    assert set(d["players"][0]) >= {"hand", "combos", "win", "tie", "equity"}
    d = equity(["AsAh", "KsKh"], method="mc", trials=10_000, seed=1).to_dict()
    assert d["trials"] >= 10_000 and d["seed"] == 1 and d["stderr"] > 0


def test_progress_callback_reaches_one():
    seen = []
    equity(["AA", "KK"], method="exact", progress=seen.append)
    equity(["AA", "KK"], method="mc", trials=50_000, seed=1, progress=seen.append)
    assert seen and all(0 <= x <= 1 for x in seen)


@pytest.mark.parametrize(("hand", "published"), [("AsAh", 0.852037), ("7c2d", 0.3458)])
def test_hand_against_a_random_hand_exact(hand, published):
    """Published all-in equities against one random hand (AA 85.2037 %, 72o 34.58 %)."""
    r = equity([hand, "random"], method="exact")
    assert r.boards == 1225 * 1_712_304
    assert r.players[0].equity == pytest.approx(published, abs=5e-5 if hand == "7c2d" else 5e-7)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_equity_invariants_on_random_river_and_turn_spots(data):
    """Equities sum to one, wins and ties are consistent, and player order does not matter."""
    n_players = data.draw(st.integers(2, 4))
    board_size = data.draw(st.sampled_from([4, 5]))
    cards = data.draw(st.permutations(range(52)))[: 2 * n_players + board_size]
    hands = [format_cards(cards[2 * i : 2 * i + 2]) for i in range(n_players)]
    board = cards[2 * n_players :]
    r = equity(hands, board=board, method="exact", threads=1)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)
    for p in r.players:
        assert p.win + p.tie <= 1 + 1e-12
        assert p.win <= p.equity + 1e-12 <= p.win + p.tie + 1e-12
    flipped = equity(hands[::-1], board=board, method="exact", threads=1)
    assert [p.equity for p in flipped.players] == pytest.approx([p.equity for p in r.players][::-1])


def test_counts_are_fractional_when_any_range_is_weighted():
    r = equity(["AA", "KK@50"], method="exact")
    assert isinstance(r.players[0].wins, float) and isinstance(r.players[1].wins, float)
    assert r.players[0].wins == pytest.approx(50_371_344 / 2)


@pytest.mark.parametrize(("trials", "threads"), [(5, 2), (1001, 2), (7, 1)])
def test_monte_carlo_runs_exactly_the_requested_trials(trials, threads):
    r = equity(["AKs", "QQ"], method="mc", trials=trials, seed=9, threads=threads)
    assert r.trials == trials


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AhKh", "random"], "Qh7h2c", ""),
        (["AA@50,KK", "QQ+,AKs:0.3", "JhTh"], "Qh7h2c", "3d"),
        (["AsAd", "KK", "22-55"], "Kh7h2c4d", ""),
        (["88+,A9s+", "random"], "9s8s2c5d", "Ac"),
        (["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s5d", ""),
        (["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s", ""),
        (["KK,QQ@30", "AhKh@50"], "Qh7h2c", "Ad"),
        (["AhKh", "QsQd"], "Qh7h2c3s", ""),
    ],
)
def test_postflop_engine_matches_the_deal_by_deal_engine(players, board, dead):
    """After the flop equity() ranks every combo per board; the preflop engine walks boards per deal."""
    from pokerlab.simulate.equity.engine import prepare_spot, run_exact
    from pokerlab.simulate.equity.outcomes import result_players

    fast = equity(players, board=board, dead=dead or None, method="exact")
    parsed, board_ids, dead_ids, _, dead_mask = prepare_spot(players, board, dead or None)
    counts, outcomes, boards = run_exact(parsed, board_ids, dead_ids, dead_mask, 1, None, None)
    slow = result_players(parsed, counts, outcomes)
    assert fast.boards == boards
    assert fast.outcomes == pytest.approx(outcomes)
    for a, b in zip(fast.players, slow):
        assert (a.win, a.tie, a.equity) == pytest.approx((b.win, b.tie, b.equity), abs=1e-12)
        assert a.wins == pytest.approx(b.wins) and a.ties == pytest.approx(b.ties)


def test_hand_against_a_range_by_rank_pair_matches_every_deal():
    """After the flop a fixed hand against a range is scored per rank pair: the same counts as deal by deal."""
    from pokerlab.evaluator.cards import format_cards
    from pokerlab.simulate.equity.engine import prepare_spot
    from pokerlab.simulate.equity.postflop import _every_deal, _hand_vs_range

    rng = np.random.default_rng(77)
    ranges = ["random", "QQ+,AQs+,KQs", "22+,A2s+,KTo+", "AK@40,QQ@25,T9s,random@5", "JJ-66,AJs-A8s"]
    spots = [("AhKh", "Qh7h2c", ""), ("7s6s", "5s4s9s", ""), ("2c2d", "Ac3c4c5c", ""), ("8s8c", "Ts9s2s3s4s", "")]
    for _ in range(24):  # random spots: flops, turns and rivers, dead cards, suited boards
        cards = rng.permutation(52).tolist()
        if rng.random() < 0.5:
            suit = int(rng.integers(4))
            cards = sorted(cards, key=lambda c: c & 3 != suit)  # this suit's cards first: flushes on board
        n_board = int(rng.integers(3, 6))
        hero = format_cards(cards[n_board : n_board + 2])
        board = format_cards(cards[:n_board])
        dead = format_cards(cards[n_board + 2 : n_board + 2 + int(rng.integers(0, 3))])
        spots.append((hero, board, dead))
    for i, (hero, board, dead) in enumerate(spots):
        players = [hero, ranges[i % len(ranges)]] if i % 2 == 0 else [ranges[i % len(ranges)], hero]
        parsed, board_ids, _, _, dead_mask = prepare_spot(players, board, dead or None)
        by_pair = _hand_vs_range(parsed, players.index(hero), board_ids, dead_mask, 1 + i % 2)
        every = _every_deal(parsed, board_ids, dead_mask, 1)
        assert by_pair[2] == every[2], (players, board, dead)
        assert by_pair[1] == pytest.approx(every[1], rel=1e-10)  # fractional weights, summed in another order
        assert by_pair[0] == pytest.approx(every[0], rel=1e-10, abs=1e-9), (players, board, dead)


def test_too_few_trials_give_no_standard_error():
    result = equity(["AsAh", "KsKh"], method="mc", trials=1, seed=1, threads=1)
    assert result.stderr is None and all(p.stderr is None for p in result.players)
    assert result.to_dict()["stderr"] is None
    enough = equity(["AsAh", "KsKh"], method="mc", trials=1_000, seed=1, threads=1)
    assert enough.stderr is not None and 0 < enough.stderr < 0.05


@pytest.mark.parametrize(
    "options, message",
    [
        ({"trials": 0}, "trials must be"),
        ({"trials": 10**30}, "trials must be"),
        ({"trials": 2.5}, "trials must be"),
        ({"trials": True}, "trials must be"),
        ({"seed": -1}, "seed must be"),
        ({"seed": 2**64}, "seed must be"),
        ({"seed": "7"}, "seed must be"),
        ({"stderr": float("nan")}, "stderr must be"),
        ({"stderr": float("inf")}, "stderr must be"),
        ({"stderr": 0}, "stderr must be"),
        ({"threads": 0}, "threads must be"),
        ({"threads": 1.5}, "threads must be"),
    ],
)
def test_numeric_options_are_checked(options, message):
    with pytest.raises(EquityError, match=message):
        equity(["AsAh", "KsKh"], method="mc", **options)


def test_the_largest_seed_is_accepted():
    result = equity(["AsAh", "KsKh"], method="mc", trials=1_000, seed=2**64 - 1, threads=1)
    assert result.seed == 2**64 - 1


@pytest.mark.parametrize(
    "players", [["random"] * 6, ["random"] * 3, ["AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55"]]
)
def test_an_exact_run_too_large_is_refused_at_once(players):
    import time

    start = time.perf_counter()
    with pytest.raises(EquityError, match="exact enumeration would"):
        equity(players, method="exact")
    assert time.perf_counter() - start < 5


def test_a_postflop_exact_run_too_large_is_refused():
    with pytest.raises(EquityError, match="exact enumeration would take"):
        equity(["random"] * 9, board="2c3d4h", method="exact")


def test_tiny_weights_never_give_nan():
    result = equity(["AA@0.0001", "KK@0.0001"], method="exact")
    assert all(math.isfinite(p.equity) for p in result.players)
    assert abs(sum(p.equity for p in result.players) - 1) < 1e-9


def test_repeated_queries_give_equal_results_and_parsed_players_stay_read_only():
    """Players are parsed once per text and removed cards: the cached arrays cannot be written."""
    from pokerlab.simulate.equity.engine import prepare_spot

    first = equity(["AhKh", "QQ+,AQs+,KQs"], board="Qh7h2c3s", method="exact")
    again = equity(["AhKh", "QQ+,AQs+,KQs"], board="Qh7h2c3s", method="exact")
    assert [p.wins for p in first.players] == [p.wins for p in again.players] == [183, 504]
    other_board = equity(["AhKh", "QQ+,AQs+,KQs"], board="8h7h2c3s", method="exact")
    assert (other_board.players[1].combos, first.players[1].combos) == (30, 25)  # keyed by the removed cards too
    parsed = prepare_spot(["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s", None)[0]
    for player in parsed:
        with pytest.raises(ValueError):
            player.combos[0, 0] = 0
        with pytest.raises(ValueError):
            player.weights[0] = 0.5


def test_result_objects_stay_frozen():
    import dataclasses

    r = equity(["AhKh", "QQ+,AQs+,KQs"], board="Qh7h2c3s", method="exact", threads=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.players[0].win = 1.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.method = "mc"  # type: ignore[misc]
    assert r.players[0] == dataclasses.replace(r.players[0])
    fields = dataclasses.asdict(r.players[0])
    assert r.to_dict()["players"][0] == {k: fields[k] for k in PLAYER_KEYS["holdem"]}
    assert all(fields[k] is None for k in fields.keys() - set(PLAYER_KEYS["holdem"]))  # no hi/lo field in hold'em


@pytest.mark.parametrize(
    ("players", "board", "words"),
    [
        (["AhKh", "QQ+,AQx"], "Qh7h2c3s", "player 2: unknown token 'AQx'"),
        (["AhKh", "QhQd"], "Qh7h2c3s", "player 2's hand QhQd uses Qh"),
        (["AhKh", "AhQc"], "Qd7h2c3s", "players 1 and 2 both hold Ah"),
        (["AhKh", "QQ"], "Qh7h2x", "board: unknown suit"),
    ],
)
def test_errors_are_raised_on_every_call_with_the_same_text(players, board, words):
    """Parsing is cached, errors are not: a bad query fails the same way each time."""
    messages = []
    for _ in range(2):
        with pytest.raises(ValueError) as info:
            equity(players, board=board, method="exact")
        messages.append(str(info.value))
    assert messages[0] == messages[1] and words in messages[0]


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (["AA", "KK"], {"use_tables": False}),
        (["AA@50", "KK", "QQ"], {}),
        (["AhKh", "QQ+,AQs+,KQs"], {"board": "Qh7h2c3s"}),
        (["AhKh", "QQ", "JJ"], {"board": "Qh7h2c3s5d"}),
        (["AsAh", "random"], {"method": "mc", "trials": 1_000, "seed": 1}),
    ],
)
def test_result_fields_are_plain_python_numbers(players, options):
    """Every engine reports ints, floats and strings, never numpy scalars (their repr differs)."""
    r = equity(players, **options)
    fields = [*(v for p in r.players for v in vars(p).values()), *(v for k, v in vars(r).items() if k != "players")]
    assert all(type(v) in (str, int, float, type(None)) for v in fields), [type(v) for v in fields]


def test_one_entry_answers_every_game_with_one_result_type():
    from pokerlab.simulate.cli._common import EQUITY_GAMES
    from pokerlab.simulate.equity import GAMES, EquityResult
    from pokerlab.simulate.equity.api import equity as any_game

    assert EQUITY_GAMES == list(GAMES)
    spots = {
        "holdem": (["AsAh", "KsKh"], None),
        "omaha-hilo": (["As2s3dKh", "KdKcQsJh"], "4c5h9d"),
        "razz": (["2c3d 4h 5s", "KcKd Kh 9s"], None),
    }
    for game, (players, board) in spots.items():
        result = any_game(players, board, game=game, method="mc", trials=20_000, seed=1)
        assert isinstance(result, EquityResult) and result.game == game and result.trials >= 20_000
        assert abs(sum(p.equity for p in result.players) - 1.0) < 1e-9
    with pytest.raises(EquityError, match="^a Dask client runs hold'em equity only; omaha runs on this machine$"):
        any_game(["AsAhKsKh", "QdQcJdJc"], game="omaha", client=object())
    with pytest.raises(EquityError, match="^unknown game 'go-fish'; choose from holdem, omaha"):
        any_game(["AsAh", "KsKh"], game="go-fish")
