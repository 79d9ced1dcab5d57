"""Omaha high and hi/lo: the evaluator against the brute-force reference, phevaluator and the rules.

The reference (``tests/reference_omaha.py``) tries every two hole cards with
every three board cards using only ``tests/reference.py``; values agree when
they order every sample of hands exactly as the reference keys do.
"""

from __future__ import annotations

import numpy as np
import pytest
from reference_omaha import omaha_high_key, omaha_low_key

from pokerlab.errors import InputError, PokerlabError
from pokerlab.evaluator import best_five, category_name, describe, evaluate, evaluate_batch
from pokerlab.evaluator.api import best_low_five
from pokerlab.evaluator.cards import CardError, format_cards
from pokerlab.evaluator.omaha import evaluate_omaha, evaluate_omaha_batch, value_of_ids

SEED = 19


def deal(n: int, hole: int, board: int, seed: int) -> np.ndarray:
    """n random deals of ``hole + board`` distinct cards (uint8), hole cards first."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, : hole + board].astype(np.uint8)


def assert_same_order(values, keys) -> None:
    """``values`` order the hands exactly as ``keys`` do: equal on ties, strictly larger when better."""
    values = [v if isinstance(v, int) else int(v) for v in values]
    order = sorted(range(len(values)), key=lambda i: values[i])
    for a, b in zip(order, order[1:]):
        if values[a] == values[b]:
            assert keys[a] == keys[b], (a, b, values[a], keys[a], keys[b])
        else:
            assert keys[a] < keys[b], (a, b, values[a], values[b], keys[a], keys[b])


def _low_order_key(key):
    # No low is worst; among lows a smaller reference key is better, so negate it for "larger is better".
    return (0,) if key is None else (1, *(-x for x in key))


@pytest.mark.parametrize("hole", [4, 5, 6])
@pytest.mark.parametrize("board", [3, 4, 5])
def test_every_path_agrees_with_the_reference(hole, board):
    rows = deal(1500, hole, board, SEED * 100 + hole * 10 + board)
    batch = evaluate_omaha_batch(rows[:, :hole], rows[:, hole:], rules="omaha-hilo")
    parallel = evaluate_omaha_batch(rows[:, :hole], rows[:, hole:], rules="omaha-hilo", parallel=True)
    assert np.array_equal(batch, parallel)
    highs, lows, high_keys, low_keys = [], [], [], []
    for row, (high, low) in zip(rows.tolist(), batch.tolist()):
        h, b = row[:hole], row[hole:]
        assert evaluate_omaha(h, b, rules="omaha-hilo") == (high, low)  # the Cython path when built
        assert value_of_ids(h, b, True) == (high, low)  # the pure-Python path
        assert evaluate((h, b), rules="omaha") == high
        highs.append(high)
        lows.append(low)
        high_keys.append(omaha_high_key(h, b))
        low_key = omaha_low_key(h, b)
        low_keys.append(_low_order_key(low_key))
        assert (low == 0) == (low_key is None)
    assert_same_order(highs, high_keys)
    assert_same_order(lows, low_keys)


@pytest.mark.parametrize("rules", ["omaha", "omaha-hilo"])
def test_a_batch_without_the_extension_gives_the_extensions_values(rules, monkeypatch):
    from pokerlab.evaluator import omaha

    assert omaha.COMPILED, "the Cython extension is not built: pip install -e . builds it"
    rows = deal(400, 4, 5, SEED)
    one_board = rows[:, 4:][0]
    built = (evaluate_omaha_batch(rows, rules=rules), evaluate_omaha_batch(rows[:, :4], one_board, rules=rules))
    monkeypatch.setattr(omaha, "COMPILED", False)  # a source tree without a build
    plain = (evaluate_omaha_batch(rows, rules=rules), evaluate_omaha_batch(rows[:, :4], one_board, rules=rules))
    assert all(np.array_equal(a, b) for a, b in zip(built, plain))


def test_values_are_on_the_high_and_ace_five_scales():
    # An Omaha high value is the value of its best five cards; a low is their ace-to-five value.
    for row in deal(300, 4, 5, SEED).tolist():
        h, b = row[:4], row[4:]
        high, low = evaluate_omaha(h, b, rules="omaha-hilo")
        assert evaluate(best_five((h, b), rules="omaha")) == high
        five = best_low_five((h, b))
        assert (five is None) == (low == 0)
        if five is not None:
            assert evaluate(five, rules="ace-five") == low
            assert sum(c in h for c in five) == 2


def test_rows_with_their_board_and_one_shared_board_agree():
    rows = deal(2000, 4, 5, SEED + 1)
    whole = evaluate_batch(rows, rules="omaha")
    split = evaluate_batch(rows[:, :4], rules="omaha", board=rows[:, 4:])
    assert np.array_equal(whole, split)
    board = rows[0, 4:]
    holes = rows[:1, :4]
    assert evaluate_batch(holes, rules="omaha", board=board)[0] == whole[0]
    out = np.empty(len(rows), dtype=np.uint16)
    assert evaluate_batch(rows, rules="omaha", out=out) is out and np.array_equal(out, whole)


# The rules, one test each (exactly two hole cards and exactly three board cards).


def test_exactly_two_hole_cards_four_suited_in_the_hole_is_no_flush():
    assert category_name(evaluate("AhKhQhJh | 2h3h9c8d5s", rules="omaha"), rules="omaha") == "High card"


def test_exactly_three_board_cards_a_board_flush_needs_two_suited_hole_cards():
    assert evaluate("As2c3d4c | KsQsJs9s7s", rules="omaha") >> 12 != 5
    assert evaluate("As2s3d4c | KsQsJs9s7h", rules="omaha") >> 12 == 5


def test_a_straight_on_the_board_does_not_play():
    assert category_name(evaluate("2c2d7h7s | 9sTdJcQhKd", rules="omaha"), rules="omaha") == "One pair"


def test_one_hole_card_cannot_fill_a_full_house_from_board_trips():
    # Hold'em would make kings full; in Omaha two hole cards must play.
    assert describe(evaluate("KhAcQd2s | KsKd9c9h3c", rules="omaha")).startswith("Three of a kind, kings")


def test_straight_flush_with_two_hole_cards():
    assert describe(evaluate("9h8h2c2d | 7h6h5hKsAd", rules="omaha")) == "Straight flush, nine high"


def test_low_needs_two_hole_cards_of_eight_or_lower_and_distinct_from_the_three_board_ones():
    assert evaluate("As9d9c9h | 3h4h5c6s7d", rules="omaha-hilo")[1] == 0
    assert evaluate("AsAd9c9h | 3h4h5cKsKd", rules="omaha-hilo")[1] == 0  # two aces are one low rank
    assert evaluate("As2d9c9h | 3h4h5cKsKd", rules="omaha-hilo")[1] > 0


def test_no_low_without_three_board_cards_of_eight_or_lower():
    assert evaluate("As2d3c4h | 5h9hTcKsKd", rules="omaha-hilo")[1] == 0


def test_low_ignores_straights_and_flushes():
    high, low = evaluate("As2s9c9h | 3s4s5sKsKd", rules="omaha-hilo")
    assert describe(high) == "Straight flush, five high"
    assert low == evaluate("As2s3s4s5s", rules="ace-five")


def test_counterfeited_low_uses_the_next_hole_card():
    # A2 with a deuce on the board: the low plays A3 or 23 from the hole; here A-3 with 2-4-5.
    low = evaluate("As3dKcKh | 2h4h5cQsJd", rules="omaha-hilo")[1]
    assert low == evaluate("5c4h3d2hAs", rules="ace-five")


def test_five_and_six_hole_cards_choose_the_best_pair():
    assert describe(evaluate("AsAd2c3c9h | AhKh7d8s2d", rules="omaha")) == "Three of a kind, aces (K-8 kickers)"
    # Three aces in the hole are a pair: only two of them can play.
    assert describe(evaluate("AsAd2c3c9hAc | 4hKh7d8s2d", rules="omaha")) == "One pair, aces (K-8-7 kickers)"


def test_describe_and_best_five_read_an_omaha_hand():
    value = evaluate(("AsKsQdJd", "Ts9s2c"), rules="omaha")
    assert describe(value, rules="omaha") == "High card, ace high (A-K-T-9-2)"
    assert format_cards(best_five("AsKsQdJd|Ts9s2c", rules="omaha")) == "AsKsTs9s2c"
    hilo = evaluate("As2d9c9h / 3h4h5cKsKd", rules="omaha-hilo")
    assert describe(hilo, rules="omaha-hilo") == "Straight, five high; low: Five-four low (5-4-3-2-A)"
    assert describe((hilo[0], 0), rules="omaha-hilo").endswith("; no low")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AsKsQd | Ts9s2c", "Omaha hole cards: expected 4 or 5 or 6 cards, got 3"),
        ("AsKsQdJd | Ts9s", "Omaha board: expected 3 or 4 or 5 cards, got 2"),
        ("AsKsQdJd | Ts9s2c3c4c5c", "Omaha board: expected 3 or 4 or 5 cards, got 6"),
        ("AsKsQdJd | AsTs9s", "card As is both in the hole and on the board"),
        ("AsKsQdJd Ts9s2c", "an Omaha hand is (hole, board)"),
        ("AsKsQdJd | Ts9s2x", "unknown suit 'x'"),
    ],
)
def test_bad_hands_are_named(cards, message):
    for rules in ("omaha", "omaha-hilo"):
        with pytest.raises(PokerlabError, match=message.replace("(", r"\(").replace(")", r"\)")):
            evaluate(cards, rules=rules)


def test_bad_batches_are_named():
    with pytest.raises(CardError, match="expected an \\(N, k\\) array of card ids with k = 9 or 10 or 11"):
        evaluate_batch(np.zeros((2, 7), dtype=np.uint8), rules="omaha")
    with pytest.raises(CardError, match="card id 60 at row 1, position 2"):
        evaluate_batch(np.array([[0, 1, 2, 3], [4, 60, 6, 7]]), rules="omaha", board=np.array([8, 9, 10]))
    with pytest.raises(CardError, match="2 boards for 1 hands"):
        evaluate_batch(np.array([[0, 1, 2, 3]]), rules="omaha", board=np.array([[8, 9, 10], [11, 12, 13]]))
    with pytest.raises(InputError, match="omaha-hilo' give two"):
        evaluate_batch(deal(2, 4, 5, 1), rules="omaha-hilo", out=np.empty(2, dtype=np.uint16))
    with pytest.raises(InputError, match="board= is for Omaha rules"):
        evaluate_batch(deal(2, 7, 0, 1), board=np.array([1, 2, 3]))
    with pytest.raises(InputError, match="unknown Omaha rules"):
        evaluate_omaha("AsKsQdJd", "Ts9s2c", rules="razz")


def _phevaluator_agrees(n: int, seed: int) -> None:
    import phevaluator

    ranks = []
    values = []
    for start in range(0, n, 100_000):
        rows = deal(min(100_000, n - start), 4, 5, seed + start)
        values.extend(evaluate_batch(rows, rules="omaha").tolist())
        # phevaluator takes the board first, then the four hole cards; its rank is smaller for better hands.
        ranks.extend(-phevaluator.evaluate_omaha_cards(*r[4:], *r[:4]) for r in rows.tolist())
    assert_same_order(values, ranks)


def test_order_agrees_with_phevaluator():
    _phevaluator_agrees(30_000, SEED)


@pytest.mark.slow
def test_order_agrees_with_phevaluator_on_a_million_hands():
    _phevaluator_agrees(1_000_000, SEED + 7)
