"""numba kernels that rank arrays of 5-, 6- or 7-card hands (``evaluate_batch``).

One kernel per hand size (``evaluate_rows5`` .. ``7``, one body inlined
into each): with the number of cards a constant, the loop reads exactly k bytes per row and keeps its
pointers in registers, which is worth a fifth of the speed. Like every
kernel here each is compiled on first call and cached on disk, so a process
pays only for the sizes it ranks.

Each block of rows goes through the rank hash alone, with no branch on the
data (step 3 of :mod:`pokerlab.evaluator.kernels`), and notes the rows that need a
second look: a flush (3 % of random 7-card hands) or an id of 52 or more.
A second pass gives the flushes their value. A branch per row on the flush
would be mispredicted on every flush: a fifth of the time on an AMD EPYC, 8 %
on an Intel Xeon.

The first pass reads two cards at a time: one unaligned 16-bit load indexes
a table of the summed keys of every pair of byte values (``pair_keys``), so a
7-card row costs four table loads instead of seven. The rank hash is read as
``values[(key + disp[row]) & mask]``, the row's offset folded into one
displacement, which saves two instructions a row. Both together, against
single-card loads and row offsets (2,000,000 random hands, CPU time, best of
11 rounds alternating): 5 cards 482 -> 547 M hands/s, 6 cards 435 -> 447,
7 cards 355 -> 378. The 7-card loop is then bound by its table loads: a loop
doing only those runs at 487 M/s (``python benchmarks/kernel_floors.py``);
the flush flag and the second pass are the rest.

Each kernel reads a hash of its hand size's keys only (7 cards: 130 KB with
16 KB of displacements; 5 cards: 24 KB; against 194 KB for the hash of 5 to 7
cards): more of a batch's random lookups stay in cache, 5 to 10 % faster.

The loops read the arrays themselves: an array-taking helper, even inlined,
makes numba count references on every row. Indices are unsigned so that
numba adds no negative-index wraparound.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import prange, types
from numba.extending import intrinsic

from .jit import njit
from .kernel_core import RANK_KEY_MASK, flush_ranks, next_subset
from .kernels import VALUE_SLOTS
from .layout import FLUSH_NIBBLES, RANK_KEY_BITS, SUIT_COUNTER_START, SUIT_INIT, suited_bit
from .tables import SIZED_RANK_SHIFT

BLOCK = 4096  # rows per block: the block's list of rows to revisit stays in L1
PARALLEL_BLOCK = 1 << 14  # rows per task of the parallel kernels
POISON = np.uint64(1 << 48)  # batch_keys of ids 52..255: any such id shows in bits 48.. of a sum
_U1 = np.uint64(1)
_S32 = np.uint64(32)
_SUIT_BIAS = np.uint64(
    SUIT_COUNTER_START
)  # SUIT_INIT >> 32: with it, bit 3 of a suit's nibble means five or more cards
_REVISIT = np.uint64(0xFFFF8888)  # of a biased key >> 32: a flush (bit 3 of a suit counter), or POISON counted
_FLUSH = np.uint64(FLUSH_NIBBLES)
_POISONED = np.uint64(0xFFFF << 48)
SINGLES = 1 << 16  # pair_keys[SINGLES + c]: card c's key plus SUIT_INIT, after the 65,536 pairs
_SINGLES = np.uint64(SINGLES)
_SUIT_INIT = np.uint64(SUIT_INIT)


def batch_tables(card_keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two 256-entry tables of the batch kernels, indexed by any uint8 card id.

    ``batch_keys[c]`` is the card's key (``POISON`` for ids 52..255) and
    ``flush_bits[c]`` is ``1 << (16 * suit + rank)`` (0 for ids 52..255).

    >>> from pokerlab.evaluator.api import high_tables
    >>> keys, bits = batch_tables(high_tables().card_keys)
    >>> int(bits[51]) == 1 << (16 * 3 + 12), int(keys[52]) == int(POISON)
    (True, True)
    """
    batch_keys = np.full(256, POISON, dtype=np.uint64)
    batch_keys[:52] = card_keys
    flush_bits = np.zeros(256, dtype=np.uint64)
    flush_bits[:52] = [suited_bit(c) for c in range(52)]
    return batch_keys, flush_bits


def pair_table(batch_keys: np.ndarray) -> np.ndarray:
    """``pair_keys[a | b << 8]`` is ``batch_keys[a] + batch_keys[b]``, for the first pass's two-card loads,
    followed by 256 single-card keys that carry the suit counters' start (``SUIT_INIT``), added once per row.

    >>> from pokerlab.evaluator.api import high_tables
    >>> keys = high_tables().batch_keys
    >>> pairs = pair_table(keys)
    >>> int(pairs[7 | 51 << 8]) == int(keys[7] + keys[51]), int(pairs[SINGLES + 3]) == int(keys[3] + SUIT_INIT)
    (True, True)
    """
    byte_values = np.arange(SINGLES)
    pair_keys = np.concatenate([batch_keys[byte_values & 0xFF] + batch_keys[byte_values >> 8], batch_keys + SUIT_INIT])
    pair_keys.setflags(write=False)
    return pair_keys


def hash_displacements(offsets: np.ndarray) -> np.ndarray:
    """Each row's offset in a k-card rank hash as one displacement: ``values[(key + disp[row]) & RANK_KEY_MASK]``.

    ``disp[row]`` is ``offsets[row] - (row << SIZED_RANK_SHIFT)`` modulo the
    key's 25 bits, so adding it to the whole rank key lands on the row's
    offset plus the column, without masking the column out first.

    >>> from pokerlab.evaluator.api import high_tables
    >>> t = high_tables()
    >>> disp, key = hash_displacements(t.rank7_offsets), 0x1234567
    >>> row = key >> SIZED_RANK_SHIFT
    >>> (key + int(disp[row])) & int(RANK_KEY_MASK) == int(t.rank7_offsets[row]) + (key & 0x1FFF)
    True
    """
    rows = np.arange(len(offsets), dtype=np.int64)
    disp = (offsets.astype(np.int64) - (rows << SIZED_RANK_SHIFT)) % (int(RANK_KEY_MASK) + 1)
    disp = disp.astype(np.uint32)
    disp.setflags(write=False)
    return disp


@intrinsic
def _load_pair(typingctx, array, index):
    """The two bytes ``array[index]`` and ``array[index + 1]`` as one 16-bit number (an unaligned load)."""
    sig = types.uint64(array, types.uint64)

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        pointer = builder.bitcast(builder.gep(data, [args[1]]), ir.IntType(16).as_pointer())
        return builder.zext(builder.load(pointer, align=1), ir.IntType(64))

    return sig, codegen


@njit(cache=True, inline="always")
def _flush_value_of(key, suited, flush_values):
    """Flush value of a hand known to hold a flush, from its key and suit-major rank bits; branch-free."""
    flush = ((key >> _S32) + _SUIT_BIAS) & _FLUSH
    # One suit nibble has bit 3 set; 1, 2, 4, 8 -> suit 0, 1, 2, 3.
    one_hot = (
        ((flush >> np.uint64(3)) & np.uint64(1))
        | ((flush >> np.uint64(6)) & np.uint64(2))
        | ((flush >> np.uint64(9)) & np.uint64(4))
        | ((flush >> np.uint64(12)) & np.uint64(8))
    )
    suit = (one_hot >> _U1) - (one_hot >> np.uint64(3))
    return flush_values[flush_ranks(suited, suit)]


_ROW_SHIFT = np.uint64(SIZED_RANK_SHIFT)
_LAST_ROW = np.uint64((1 << (RANK_KEY_BITS - SIZED_RANK_SHIFT)) - 1)


@njit(cache=True, inline="always")
def _rank_rows(cards, out, n_cards, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values):
    """Rank the (N, n_cards) C-contiguous uint8 ``cards`` into ``out``; nonzero when an id is 52 or more.

    Inlined into one kernel per hand size, where ``n_cards`` is a constant.
    """
    flat = cards.reshape(-1)
    n = np.uint64(cards.shape[0])
    revisit = np.empty(BLOCK, dtype=np.uint64)
    bad = np.uint64(0)
    b = np.uint64(0)
    lo = np.uint64(0)
    while lo < n:
        hi = min(n, lo + np.uint64(BLOCK))
        n_revisit = np.uint64(0)
        i = lo
        while i < hi:
            # Pairs of cards, then an odd last card from the singles that carry SUIT_INIT.
            key = pair_keys[_load_pair(flat, b)] + pair_keys[_load_pair(flat, b + np.uint64(2))]
            if n_cards == 5:
                key += pair_keys[_SINGLES + flat[b + np.uint64(4)]]
            else:
                key += pair_keys[_load_pair(flat, b + np.uint64(4))]
            if n_cards == 6:
                key += _SUIT_INIT  # no odd card to carry it
            if n_cards == 7:
                key += pair_keys[_SINGLES + flat[b + np.uint64(6)]]
            b += n_cards
            out[i] = rank_values[(key + disp[(key >> _ROW_SHIFT) & _LAST_ROW]) & RANK_KEY_MASK]
            revisit[n_revisit] = i
            n_revisit += np.uint64(((key >> _S32) & _REVISIT) != 0)
            i += _U1
        p = np.uint64(0)
        while p < n_revisit:
            i = revisit[p]
            key = np.uint64(0)
            suited = np.uint64(0)
            j = i * n_cards
            while j < (i + _U1) * n_cards:
                key += batch_keys[flat[j]]
                suited |= flush_bits[flat[j]]
                j += _U1
            bad |= key & _POISONED
            out[i] = _flush_value_of(key, suited, flush_values)
            p += _U1
        lo = hi
    return bad


# One kernel per hand size, each a module-level function (numba's cache tells closures apart badly).
@njit(cache=True)
def evaluate_rows5(cards, out, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values):
    """Rank (N, 5) rows into ``out``; nonzero when an id is 52 or more."""
    return _rank_rows(cards, out, np.uint64(5), batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values)


@njit(cache=True)
def evaluate_rows6(cards, out, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values):
    """Rank (N, 6) rows into ``out``; nonzero when an id is 52 or more."""
    return _rank_rows(cards, out, np.uint64(6), batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values)


@njit(cache=True)
def evaluate_rows7(cards, out, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values):
    """Rank (N, 7) rows into ``out``; nonzero when an id is 52 or more."""
    return _rank_rows(cards, out, np.uint64(7), batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values)


@njit(cache=True, inline="always")
def _rank_sized(cards, out, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values):
    """The sized kernel for ``cards.shape[1]`` (a branch per call, not per row)."""
    k = cards.shape[1]
    if k == 5:
        return evaluate_rows5(cards, out, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values)
    if k == 6:
        return evaluate_rows6(cards, out, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values)
    return evaluate_rows7(cards, out, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values)


@njit(cache=True, parallel=True)
def evaluate_rows_parallel(cards, out, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values):
    """Like the sized serial kernels, in blocks spread over numba's threads."""
    n_blocks = (cards.shape[0] + PARALLEL_BLOCK - 1) // PARALLEL_BLOCK
    bad = 0
    for t in prange(n_blocks):
        lo = t * PARALLEL_BLOCK
        hi = min(cards.shape[0], lo + PARALLEL_BLOCK)
        block = cards[lo:hi]
        bad += _rank_sized(block, out[lo:hi], batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values) != 0
    return bad


SERIAL = {5: evaluate_rows5, 6: evaluate_rows6, 7: evaluate_rows7}


def evaluate_rows(cards: np.ndarray, out: np.ndarray, tables, parallel: bool = False) -> bool:
    """Rank the rows of a C-contiguous uint8 ``(N, k)`` array into ``out``; False when an id is >= 52.

    ``tables`` is :class:`pokerlab.evaluator.kernels.HighTables`.

    >>> from pokerlab.evaluator.api import high_tables
    >>> out = np.empty(1, dtype=np.uint16)
    >>> evaluate_rows(np.array([[51, 47, 43, 39, 35]], dtype=np.uint8), out, high_tables()), int(out[0]) >> 12
    (True, 9)
    """
    k = cards.shape[1]
    kernel = evaluate_rows_parallel if parallel else SERIAL[k]
    return not kernel(cards, out, *kernel_inputs(k, tables))


_DERIVED: list = []  # [(the tables they come from, (pair_keys, {k: displacements}))]: built on the first batch


def kernel_inputs(k: int, tables) -> tuple:
    """The k-card kernels' table arguments: (batch_keys, flush_bits, pair_keys, displacements, values, flush_values).

    The pair table and the displacements derive from ``tables`` once per process, on the first batch, so that
    a process that never ranks a batch (an equity call, a game) does not build them.
    """
    if not _DERIVED or _DERIVED[0][0] is not tables:
        disp = {n: hash_displacements(getattr(tables, f"rank{n}_offsets")) for n in (5, 6, 7)}
        _DERIVED[:] = [(tables, (pair_table(tables.batch_keys), disp))]
    pair_keys, disp = _DERIVED[0][1]
    values = getattr(tables, f"rank{k}_values")
    return tables.batch_keys, tables.flush_bits, pair_keys, disp[k], values, tables.flush_values


@njit(cache=True)
def _enumerate_plain(n_cards, batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values):
    """Histogram of all C(52, n) hands, each ranked from its own cards by the batch kernel."""
    hist = np.zeros(VALUE_SLOTS, dtype=np.int64)
    hands = np.zeros((BLOCK, n_cards), dtype=np.uint8)
    out = np.zeros(BLOCK, dtype=np.uint16)
    idx = np.arange(n_cards)
    filled = 0
    while True:
        for j in range(n_cards):
            hands[filled, j] = idx[j]
        filled += 1
        moved = next_subset(idx, 0, n_cards, 52)
        if filled == BLOCK or moved < 0:
            _rank_sized(
                hands[:filled], out[:filled], batch_keys, flush_bits, pair_keys, disp, rank_values, flush_values
            )
            for m in range(filled):
                hist[out[m]] += 1
            filled = 0
        if moved < 0:
            return hist


def enumerate_values_plain(n_cards: int, tables) -> np.ndarray:
    """Histogram of all C(52, n) hands ranked one by one by the batch kernel (slow: for tests).

    Unlike :func:`pokerlab.evaluator.kernels.enumerate_values` it takes no shortcut,
    so the two check each other.
    """
    return _enumerate_plain(n_cards, *kernel_inputs(n_cards, tables))
