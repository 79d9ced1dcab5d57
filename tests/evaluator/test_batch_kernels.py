"""The batch kernels' two ways to find the rows that need a second look (a flush, an id of 52 or more).

The marked kernels (hosts with a fast ``pext``) and the listed ones (any other CPU) must give the per-call
evaluator's values and report every out-of-range id, wherever the flagged rows fall: crowded together (more
than the scan's fixed slots in one word of 64 rows), at a block's edge, in a tail of fewer than 64 rows.
"""

import numpy as np
import pytest
from numba import njit

from pokerlab import evaluator
from pokerlab.evaluator import batch_kernels
from pokerlab.evaluator.api import high_tables
from pokerlab.evaluator.tables import SIZED_RANK_SHIFT

_listed = njit(lambda c, o, n, p, s, d, v, f: batch_kernels._rank_rows_listed(c, o, n, p, s, d, v, f))
_marked = njit(lambda c, o, n, p, s, d, v, f: batch_kernels._rank_rows_marked(c, o, n, p, s, d, v, f))
# Every design this machine can run: the marked one needs a fast pext, the listed one runs anywhere.
DESIGNS = {"listed": (_listed, False), **({"marked": (_marked, True)} if batch_kernels.FAST_BMI2 else {})}


def _rank(design: str, hands: np.ndarray) -> tuple[np.ndarray, int]:
    kernel, marked = DESIGNS[design]
    out = np.empty(len(hands), dtype=np.uint16)
    k = hands.shape[1]
    bad = kernel(hands, out, np.uint64(k), *batch_kernels.kernel_inputs(k, high_tables(), marked=marked))
    return out, int(bad)


def _hands(rng: np.random.Generator, n: int, k: int, suits: int) -> np.ndarray:
    """``n`` rows of ``k`` distinct cards drawn from ``suits`` suits (two suits: most rows hold a flush)."""
    deck = np.array([c for c in range(52) if c % 4 < suits], dtype=np.uint8)
    return np.ascontiguousarray(rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, :k])


def _expected(hands: np.ndarray) -> np.ndarray:
    return np.array([evaluator.evaluate(row) for row in hands.tolist()], dtype=np.uint16)


@pytest.mark.parametrize("design", list(DESIGNS))
@pytest.mark.parametrize("k", [5, 6, 7])
def test_each_design_gives_the_per_call_values(design, k):
    rng = np.random.default_rng(k)
    # Random rows (3 % flushes), then rows nearly all flushes: words of 64 rows with far more than four to list;
    # 4,096 + 4,100 + 1,000 rows cross a block's edge and end in a tail of 40 rows.
    hands = np.concatenate([_hands(rng, 4096, k, 4), _hands(rng, 4100, k, 2), _hands(rng, 1000, k, 1)])
    values, bad = _rank(design, hands)
    assert bad == 0
    assert np.array_equal(values, _expected(hands))
    assert np.array_equal(values, evaluator.evaluate_batch(hands))


@pytest.mark.parametrize("design", list(DESIGNS))
@pytest.mark.parametrize("k", [5, 6, 7])
def test_each_design_reports_any_number_of_out_of_range_ids_anywhere(design, k):
    rng = np.random.default_rng(100 + k)
    clean = _hands(rng, 5000, k, 2)  # mostly flushes: a flag from an id must not hide among them
    for row in (0, 63, 64, 4095, 4096, 4999):
        for how_many in range(1, k + 1):
            hands = clean.copy()
            hands[row, rng.choice(k, how_many, replace=False)] = rng.integers(52, 256, how_many)
            assert _rank(design, hands)[1] != 0, (row, how_many)
    assert _rank(design, clean)[1] == 0


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_flagged_index_of_the_marked_tables_reads_its_mark(k):
    """A flagged row reads MARK plus its flush suit (the lowest flagged one), or MARK + 4 for an id of 52 or more,
    so the second pass needs neither the row's key nor a search for the suit."""
    t = high_tables()
    offsets, values = getattr(t, f"rank{k}_offsets"), getattr(t, f"rank{k}_values")
    disp, marked = batch_kernels.marked_tables(offsets, values)
    assert int(values.max()) < batch_kernels.MARK  # no hand's value can pass for a mark
    assert np.array_equal(marked[: len(values)], values)
    index = np.arange(len(disp), dtype=np.int64)
    rows, flags = index & ((1 << batch_kernels.ROW_BITS) - 1), index >> batch_kernels.ROW_BITS
    lowest_suit = np.array([(f & -f).bit_length() - 1 for f in range(32)])[flags & 15]
    mark = batch_kernels.MARK + np.where(flags >= 16, batch_kernels.ID_MARK, lowest_suit)
    mask = (1 << 25) - 1
    for column in (0, 1, 4095, (1 << SIZED_RANK_SHIFT) - 1):
        keys = (rows << SIZED_RANK_SHIFT) + column
        slots = (keys + disp.astype(np.int64)) & mask
        row_count = len(offsets)
        assert np.array_equal(slots[:row_count], offsets.astype(np.int64) + column)  # the hash's own slots
        assert np.array_equal(marked[slots[row_count:]], mark[row_count:])


def test_the_listed_kernel_ranks_right_from_the_marked_tables():
    """A shipped kernel is compiled for a portable CPU (the listed design); on a host with a fast pext it is
    handed the marked tables, whose first rows are the hash's own."""
    rng = np.random.default_rng(7)
    hands = np.concatenate([_hands(rng, 3000, 7, 4), _hands(rng, 1000, 7, 2)])
    out = np.empty(len(hands), dtype=np.uint16)
    bad = _listed(hands, out, np.uint64(7), *batch_kernels.kernel_inputs(7, high_tables(), marked=True))
    assert bad == 0
    assert np.array_equal(out, _expected(hands))
