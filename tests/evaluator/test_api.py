"""The evaluator API: per call, batch, describe, best_five, errors, lazy compilation."""

import subprocess
import sys

import numpy as np
import pytest

from pokerlab import evaluator
from pokerlab.evaluator import api
from pokerlab.evaluator.cards import CardError, format_cards, parse_cards


def random_hands(n, k, seed=7):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize(
    ("cards", "description", "best"),
    [
        ("As Ks Qs Js Ts 2c 3d", "Royal flush", "AsKsQsJsTs"),
        ("2c Kh Kd 3s Kc 3h 9d", "Full house, kings over threes", "KhKdKc3s3h"),
        ("Ah 2c 3d 4s 5h Kd", "Straight, five high", "5h4s3d2cAh"),
        ("9h 8h 7h 6h 5h 4h", "Straight flush, nine high", "9h8h7h6h5h"),
        ("Qc Qd Qh Qs 2c 3c 4c", "Four of a kind, queens (4 kicker)", "QcQdQhQs4c"),
        ("Ac Jc 9c 6c 4c Kd", "Flush, ace high (A-J-9-6-4)", "AcJc9c6c4c"),
        ("7c 7d 7h Ks 2c", "Three of a kind, sevens (K-2 kickers)", "7c7d7hKs2c"),
        ("9c 9d 5h 5s 4c 4d 2h", "Two pair, nines and fives (4 kicker)", "9c9d5h5s4c"),
        ("Qc Qd Ah 6s 3c", "One pair, queens (A-6-3 kickers)", "QcQdAh6s3c"),
        ("Ah Kd Qc 9s 4h 3d 2c", "High card, ace high (A-K-Q-9-4)", "AhKdQc9s4h"),
    ],
)
def test_describe_and_best_five(cards, description, best):
    rank = evaluator.evaluate(cards)
    assert evaluator.describe(rank) == description
    assert format_cards(evaluator.best_five(cards)) == best
    assert evaluator.evaluate(evaluator.best_five(cards)) == rank


def test_category_recoverable_and_royal_separate():
    assert evaluator.category(evaluator.evaluate("AsKsQsJsTs")) == 9
    assert evaluator.category(evaluator.evaluate("KsQsJsTs9s")) == 8
    assert evaluator.CATEGORY_NAMES[9] == "Royal flush"


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_input_form_agrees(k):
    hands = random_hands(3000, k)
    batch = evaluator.evaluate_batch(hands)
    assert np.array_equal(batch, evaluator.evaluate_batch(hands, parallel=True))
    assert np.array_equal(batch, evaluator.evaluate_batch(hands.astype(np.int64)))
    for row, rank in zip(hands[:500].tolist(), batch[:500].tolist()):
        assert evaluator.evaluate(row) == rank
        assert evaluator.evaluate(tuple(row)) == rank
        assert evaluator.evaluate(format_cards(row, " ")) == rank
        assert evaluator.evaluate(format_cards(row).lower()) == rank
        assert api._value_py(row) == rank
        mask = sum(1 << c for c in row)
        if api._fast is not None:
            assert api._fast.evaluate_mask(mask) == rank


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("AsKs", ["expected 5 or 6 or 7 cards, got 2"]),
        ("AsKsQsJsTs9s8s7s", ["got 8"]),
        ("AsKsQsJsAs", ["duplicate", "'As'", "position 5"]),
        ("AsKsQsJsTz", ["suit", "'z'", "position 5"]),
        ([0, 1, 2, 3, 60], ["60", "position 5"]),
        ([0, 1, 2, 3, 3], ["duplicate", "position 5"]),
        ([0, 1, 2, 3, "4"], ["'4'", "position 5"]),
        (None, ["NoneType"]),
    ],
)
def test_bad_hands_raise_clear_errors(cards, words):
    with pytest.raises(CardError) as info:
        evaluator.evaluate(cards)
    for word in words:
        assert word in str(info.value)


def test_batch_errors():
    with pytest.raises(CardError, match="shape"):
        evaluator.evaluate_batch(np.zeros((3, 4), dtype=np.uint8))
    bad = random_hands(10, 7)
    bad[4, 2] = 52
    with pytest.raises(CardError, match="row 4, position 3"):
        evaluator.evaluate_batch(bad)
    with pytest.raises(CardError, match="0..51"):
        evaluator.evaluate_batch(np.full((2, 5), -1))


_FORTY_THOUSAND = random_hands(40_000, 7)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize(("row", "bad_id"), [(0, 52), (4_095, 200), (4_096, 255), (39_999, 99)])
@pytest.mark.parametrize("position", [0, 3, -1])
def test_batch_kernel_finds_every_out_of_range_id(k, parallel, row, bad_id, position):
    """The kernel itself checks uint8 ids: first row, the edges of its blocks, the last row, high ids.

    Positions 0 and 3 are the low and high byte of a two-card load; the last is a single card (5, 7)
    or the high byte of the third pair (6).
    """
    position %= k
    hands = _FORTY_THOUSAND[:, :k].copy()
    expected = evaluator.evaluate_batch(hands, parallel=parallel)
    hands[row, position] = bad_id
    with pytest.raises(CardError, match=f"card id {bad_id} at row {row}, position {position + 1} "):
        evaluator.evaluate_batch(hands, parallel=parallel)
    hands[row, position] = _FORTY_THOUSAND[row, position]
    assert np.array_equal(evaluator.evaluate_batch(hands, parallel=parallel), expected)


def test_check_duplicates():
    evaluator.check_duplicates(random_hands(100, 7))
    with pytest.raises(CardError, match="row 1 holds card 3d twice"):
        evaluator.check_duplicates(np.array([[0, 1, 2, 3, 4], [5, 6, 5, 8, 9]]))


def test_parallel_enumeration_matches_single():
    assert np.array_equal(evaluator.enumerate_values(6), evaluator.enumerate_values(6, parallel=True))


def test_plain_enumeration_matches_fast_one():
    """The enumerator's shortcut (one lookup per rank when no flush is possible) loses nothing."""
    from pokerlab.evaluator import batch_kernels

    t = api.high_tables()
    for n in (5, 6):
        plain = batch_kernels.enumerate_values_plain(n, t)
        assert np.array_equal(plain, evaluator.enumerate_values(n))


def test_per_call_path_does_not_import_numba():
    """A fresh process evaluating one hand must not pay for numba at all."""
    code = (
        "import sys; from pokerlab import evaluator; evaluator.evaluate('AsKsQsJsTs2c3d'); "
        "print('numba' in sys.modules, evaluator.api._fast is not None)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def test_parse_then_evaluate_worked_examples():
    assert evaluator.evaluate(parse_cards("as ks qs js 10s")) == evaluator.evaluate("AsKsQsJsTs")


def test_batch_into_a_given_buffer():
    hands = random_hands(5_000, 7)
    buf = np.zeros(len(hands), dtype=np.uint16)
    for parallel in (False, True):
        buf[:] = 0
        assert evaluator.evaluate_batch(hands, out=buf, parallel=parallel) is buf
        assert np.array_equal(buf, evaluator.evaluate_batch(hands))
    lows = np.ascontiguousarray(hands[:, :5])
    buf5 = np.zeros(len(lows), dtype=np.uint16)
    assert evaluator.evaluate_batch(lows, rules="ace-five", out=buf5) is buf5
    assert np.array_equal(buf5, evaluator.evaluate_batch(lows, rules="ace-five"))
    for bad in (np.zeros(len(hands), dtype=np.int32), np.zeros(len(hands) - 1, dtype=np.uint16), [0] * len(hands)):
        with pytest.raises(ValueError, match="out must be a C-contiguous uint16 array of shape"):
            evaluator.evaluate_batch(hands, out=bad)
    frozen = np.zeros(len(hands), dtype=np.uint16)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="out is read-only"):
        evaluator.evaluate_batch(hands, out=frozen)


@pytest.mark.parametrize("mask", [-1, 2**52, 2**64, 2**70, "x", 1.0, None])
def test_evaluate_mask_refuses_what_is_not_a_card_mask(mask):
    with pytest.raises(CardError, match="card mask"):
        api.evaluate_mask(mask)


@pytest.mark.parametrize("bad", [2**63, 2**64 + 3, -(2**63) - 1, 10**30])
def test_evaluate_names_an_id_too_large_for_a_machine_word(bad):
    with pytest.raises(CardError, match="out of range"):
        api.evaluate([bad, 1, 2, 3, 4])
