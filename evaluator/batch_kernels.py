"""numba kernels that rank arrays of 5-, 6- or 7-card hands (``evaluate_batch``).

One kernel per hand size (``evaluate_rows5`` .. ``7``, one body inlined
into each): with the number of cards a constant, the loop reads exactly k bytes per row and keeps its
pointers in registers, which is worth a fifth of the speed. Like every
kernel here each is compiled on first call and cached on disk, so a process
pays only for the sizes it ranks.

The first pass reads two cards at a time: one unaligned 16-bit load indexes
a table of the summed keys of every pair of byte values (``pair_keys``), so a
7-card row costs four table loads instead of seven. The rank hash is read as
``values[(key + disp[row]) & mask]``, the row's offset folded into one
displacement, which saves two instructions a row. That pass has no branch on
the data: a branch per row on the flush would be mispredicted on every flush
(3 % of random 7-card hands). The rows that need a second look, a flush or an
id of 52 or more (bit 3 of a suit counter, or of the poison counter), get it
in a later pass over the block, in one of two ways:

- marked (hosts with a fast BMI2 ``pext``, as for the Monte Carlo kernel):
  the displacement is read at ``pext(key, row bits | flag bits)``, so a flagged
  row's index lands past the 4,096 rows, on a displacement that points its
  value read at one of five blocks of marks appended to the hash: ``MARK``
  plus the row's flush suit, or ``MARK + ID_MARK`` for an id of 52 or more
  (512 KB of displacements per hand size, of which flagged rows alone read
  past the hash's 16 KB). A scan of the block's values, 64 at a time, lists
  the marked rows, four per 64 without a branch; the second look takes the
  suit from the mark, so it reads the row's suited-rank masks but not its key;
- listed (any other CPU): each row stores its index in a list and advances
  the list's end by its flag, four instructions a row.

7-card rows, 2,000,000 random hands, one thread, CPU time, each call timed
right after an untimed one of itself (``python benchmarks/kernel_floors.py``)
on a 2-core AMD EPYC shared with other jobs (load 1): a loop doing only the
table loads 705 to 830 M hands/s, the marked kernel 0.83 to 0.88 of it, the
listed one 0.75 to 0.80. The marked kernel's flagged rows (3 %) cost 3 to 4 %
in the first pass (their displacement and mark reads), 3 % in the scan and 4
to 5 % in the second look; a second look that sums the row's key again to
find the suit costs 6 %.

Each kernel reads a hash of its hand size's keys only (7 cards: 130 KB with
16 KB of displacements; 5 cards: 24 KB; against 194 KB for the hash of 5 to 7
cards): more of a batch's random lookups stay in cache, 5 to 10 % faster.

The first pass reads the arrays itself: an array-taking helper, even inlined,
makes numba count references on every row. Indices are unsigned so that
numba adds no negative-index wraparound.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import prange, types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from .bmi2 import FAST_BMI2, pext
from .jit import njit
from .kernel_core import RANK_KEY_MASK, next_subset
from .kernels import VALUE_SLOTS
from .layout import FLUSH_CHECK, RANK_KEY_BITS, SUIT_INIT, SUIT_RANKS, SUIT_SHIFT, suited_bit
from .tables import SIZED_RANK_SHIFT

BLOCK = 4096  # rows per block: the block's values and list of rows to revisit stay in L1
PARALLEL_BLOCK = 1 << 14  # rows per task of the parallel kernels
POISON = np.uint64(1 << 48)  # batch_keys of ids 52..255: counted in bits 48..51 of a row's key
# Each row's key starts from the suit counters' 3s and a poison counter at 7, so that bit 51 (bit 3 of the
# poison counter) is set exactly when the row holds an id of 52 or more (at most 7 + 7 = 14: no carry out).
ROW_INIT = SUIT_INIT | (7 << 48)
POISONED = 1 << 51
FLAGS = FLUSH_CHECK | POISONED  # of a row's key: a flush or an id of 52 or more
_U1 = np.uint64(1)
_FLAGS = np.uint64(FLAGS)
_POISONED = np.uint64(POISONED)
_FLUSH_CHECK = np.uint64(FLUSH_CHECK)
_SUIT_RANKS = np.uint64(SUIT_RANKS)
_SIX_BITS = np.uint64(63)
# Bit 35 + 4 * suit of a key is the suit's flush bit; (bit - 35) * 4 is the suit's shift in a suited-rank mask.
_FIRST_FLUSH_BIT = np.uint64(SUIT_SHIFT + 3)
_TWO = np.uint64(2)
SINGLES = 1 << 16  # pair_keys[SINGLES + c]: card c's key plus ROW_INIT, after the 65,536 pairs
_SINGLES = np.uint64(SINGLES)
_ROW_INIT = np.uint64(ROW_INIT)
_ROW_SHIFT = np.uint64(SIZED_RANK_SHIFT)
ROW_BITS = RANK_KEY_BITS - SIZED_RANK_SHIFT  # 4,096 rows in each sized rank hash
_LAST_ROW = np.uint64((1 << ROW_BITS) - 1)
MARK = 0x8000  # a flagged row reads MARK + its flush suit in the marked kernels; every hand's value is below it
ID_MARK = 4  # MARK + ID_MARK: a row holding an id of 52 or more
MARK_BLOCKS = ID_MARK + 1
_ID_MARK = np.uint64(ID_MARK)
_SUIT_OF_MARK = np.uint64(3)
_LANE_SHIFT = np.uint64(4)  # a suit's lane in a suited-rank mask starts at bit 16 * suit
MARK_INDEX_BITS = ROW_BITS + 5  # pext of the row bits, the four flush bits and the poison bit
_MARK_SELECT = np.uint64(((1 << ROW_BITS) - 1) << SIZED_RANK_SHIFT | FLAGS)
_SCAN = 64  # values per scan word
_SCAN_SLOTS = 4  # listed per word without a branch: a word holds two flagged rows on average, more than 4 at 4 %


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


def pair_table(per_card: np.ndarray, single_start: int = ROW_INIT, combine=np.add) -> np.ndarray:
    """``pairs[a | b << 8]`` is ``per_card[a]`` combined with ``per_card[b]``, for the kernels' two-card loads,
    followed by the 256 single cards, each combined with ``single_start`` (added once per row).

    The keys combine by sum, the row starting at ``ROW_INIT``; the suited-rank masks by OR, from 0.

    >>> from pokerlab.evaluator.api import high_tables
    >>> keys = high_tables().batch_keys
    >>> pairs = pair_table(keys)
    >>> int(pairs[7 | 51 << 8]) == int(keys[7] + keys[51]), int(pairs[SINGLES + 3]) == int(keys[3] + ROW_INIT)
    (True, True)
    """
    byte_values = np.arange(SINGLES)
    singles = combine(per_card, np.uint64(single_start))
    pairs = np.concatenate([combine(per_card[byte_values & 0xFF], per_card[byte_values >> 8]), singles])
    pairs.setflags(write=False)
    return pairs


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


def marked_tables(offsets: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The marked kernels' displacements and values: a flagged row's value read lands on ``MARK`` + its flush suit.

    The displacements are indexed by ``pext(key, row bits | FLAGS)``: the
    first 4,096 are the hash's own; every other points the row's value read
    at one of ``MARK_BLOCKS`` blocks of 8,192 (one per column) appended to
    ``values``, block s holding ``MARK + s``: the lowest flush suit of the
    flags, or ``ID_MARK`` when the poison bit is among them. (Two flush suits
    need ten cards.)

    >>> from pokerlab.evaluator.api import high_tables
    >>> t = high_tables()
    >>> disp, marked = marked_tables(t.rank7_offsets, t.rank7_values)
    >>> key, row = 0x1234567, 0x1234567 >> SIZED_RANK_SHIFT
    >>> [int(marked[(key + int(disp[row | flags << ROW_BITS])) & int(RANK_KEY_MASK)]) - MARK for flags in (1, 4, 17)]
    [0, 2, 4]
    """
    index = np.arange(1 << MARK_INDEX_BITS, dtype=np.int64)
    rows, flags = index & int(_LAST_ROW), index >> ROW_BITS
    lowest_suit = np.zeros_like(flags)
    for suit in (3, 2, 1, 0):
        lowest_suit[(flags >> suit) & 1 == 1] = suit
    block = np.where(flags >> 4 != 0, ID_MARK, lowest_suit)  # bit 4 of the flags: the poison bit
    disp = (len(values) + ((block - rows) << SIZED_RANK_SHIFT)) % (int(RANK_KEY_MASK) + 1)
    disp = disp.astype(np.uint32)
    disp[: len(offsets)] = hash_displacements(offsets)
    marks = np.repeat(np.arange(MARK, MARK + MARK_BLOCKS, dtype=values.dtype), 1 << SIZED_RANK_SHIFT)
    marked = np.concatenate([values, marks])
    disp.setflags(write=False)
    marked.setflags(write=False)
    return disp, marked


def _pointer_at(context, builder, signature, args, pointee):
    """In an intrinsic's code generator on ``(array, index)``: the address of ``array[index]`` as a ``pointee``*."""
    data = context.make_array(signature.args[0])(context, builder, args[0]).data
    return builder.bitcast(builder.gep(data, [args[1]]), pointee.as_pointer())


@intrinsic
def _load_pair(typingctx, array, index):
    """The two bytes ``array[index]`` and ``array[index + 1]`` as one 16-bit number (an unaligned load)."""
    sig = types.uint64(array, types.uint64)

    def codegen(context, builder, signature, args):
        pointer = _pointer_at(context, builder, signature, args, ir.IntType(16))
        return builder.zext(builder.load(pointer, align=1), ir.IntType(64))

    return sig, codegen


@intrinsic
def _popcount(typingctx, word):
    """The set bits of a uint64 (``popcnt`` where the CPU has it)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def _marked_word(typingctx, array, index):
    """Bit k set when the uint16 ``array[index + k]`` is ``MARK`` or above, for k < 64 (one vector compare)."""
    sig = types.uint64(array, types.uint64)

    def codegen(context, builder, signature, args):
        vector = ir.VectorType(ir.IntType(16), _SCAN)
        pointer = _pointer_at(context, builder, signature, args, vector)
        negative = builder.icmp_signed("<", builder.load(pointer, align=2), ir.Constant(vector, None))
        return builder.bitcast(negative, ir.IntType(64))

    return sig, codegen


@njit(cache=True, inline="always")
def _revisit(flat, out, i, n_cards, pair_keys, suited_pairs, flush_values):
    """Give flagged row ``i`` its flush value; its key, whose bit 51 says an id is 52 or more."""
    j = i * n_cards
    first = _load_pair(flat, j)
    second = _load_pair(flat, j + _TWO)
    key = pair_keys[first] + pair_keys[second]
    suited = suited_pairs[first] | suited_pairs[second]
    if n_cards == 5:
        third = _SINGLES + flat[j + np.uint64(4)]
    else:
        third = _load_pair(flat, j + np.uint64(4))
    key += pair_keys[third]
    suited |= suited_pairs[third]
    if n_cards == 6:
        key += _ROW_INIT
    if n_cards == 7:
        fourth = _SINGLES + flat[j + np.uint64(6)]
        key += pair_keys[fourth]
        suited |= suited_pairs[fourth]
    # The flush suit's bit 35 + 4 * suit; a row flagged by its ids only reads any value (the call fails).
    shift = ((trailing_zeros(key & _FLUSH_CHECK) - _FIRST_FLUSH_BIT) << _TWO) & _SIX_BITS
    out[i] = flush_values[(suited >> shift) & _SUIT_RANKS]
    return key


@njit(cache=True, inline="always")
def _revisit_marked(flat, out, i, n_cards, suited_pairs, flush_values):
    """Give flagged row ``i`` its flush value, the suit read from its mark; the mark (``ID_MARK`` bit: an id >= 52)."""
    j = i * n_cards
    suited = suited_pairs[_load_pair(flat, j)] | suited_pairs[_load_pair(flat, j + _TWO)]
    if n_cards == 5:
        suited |= suited_pairs[_SINGLES + flat[j + np.uint64(4)]]
    else:
        suited |= suited_pairs[_load_pair(flat, j + np.uint64(4))]
    if n_cards == 7:
        suited |= suited_pairs[_SINGLES + flat[j + np.uint64(6)]]
    mark = np.uint64(out[i])
    # a row marked for its ids reads suit 0's lane: any value (the call fails)
    out[i] = flush_values[(suited >> ((mark & _SUIT_OF_MARK) << _LANE_SHIFT)) & _SUIT_RANKS]
    return mark


@njit(cache=True, inline="always")
def _rank_rows_listed(cards, out, n_cards, pair_keys, suited_pairs, disp, rank_values, flush_values):
    """Rank the (N, n_cards) C-contiguous uint8 ``cards`` into ``out``; nonzero when an id is 52 or more.

    Each row lists its index and advances the list by its flag. Inlined into one kernel per hand size, where
    ``n_cards`` is a constant.
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
            # Pairs of cards, then an odd last card from the singles that carry ROW_INIT.
            key = pair_keys[_load_pair(flat, b)] + pair_keys[_load_pair(flat, b + _TWO)]
            if n_cards == 5:
                key += pair_keys[_SINGLES + flat[b + np.uint64(4)]]
            else:
                key += pair_keys[_load_pair(flat, b + np.uint64(4))]
            if n_cards == 6:
                key += _ROW_INIT  # no odd card to carry it
            if n_cards == 7:
                key += pair_keys[_SINGLES + flat[b + np.uint64(6)]]
            b += n_cards
            out[i] = rank_values[(key + disp[(key >> _ROW_SHIFT) & _LAST_ROW]) & RANK_KEY_MASK]
            revisit[n_revisit] = i
            n_revisit += np.uint64((key & _FLAGS) != 0)
            i += _U1
        p = np.uint64(0)
        while p < n_revisit:
            bad |= _revisit(flat, out, revisit[p], n_cards, pair_keys, suited_pairs, flush_values)
            p += _U1
        lo = hi
    return bad & _POISONED


@njit(cache=True, inline="always")
def _rank_rows_marked(cards, out, n_cards, pair_keys, suited_pairs, disp, rank_values, flush_values):
    """Like :func:`_rank_rows_listed`, with ``marked_tables``: flagged rows read their mark, found by a scan."""
    flat = cards.reshape(-1)
    n = np.uint64(cards.shape[0])
    revisit = np.empty(BLOCK + _SCAN, dtype=np.uint64)
    bad = np.uint64(0)
    b = np.uint64(0)
    lo = np.uint64(0)
    while lo < n:
        hi = min(n, lo + np.uint64(BLOCK))
        i = lo
        while i < hi:
            # written out again on purpose: _rank_rows_listed's row key; an array-taking helper, even inlined, makes
            # numba count references on every row (see the module's docstring)
            key = pair_keys[_load_pair(flat, b)] + pair_keys[_load_pair(flat, b + _TWO)]
            if n_cards == 5:
                key += pair_keys[_SINGLES + flat[b + np.uint64(4)]]
            else:
                key += pair_keys[_load_pair(flat, b + np.uint64(4))]
            if n_cards == 6:
                key += _ROW_INIT
            if n_cards == 7:
                key += pair_keys[_SINGLES + flat[b + np.uint64(6)]]
            b += n_cards
            out[i] = rank_values[(key + disp[pext(key, _MARK_SELECT)]) & RANK_KEY_MASK]
            i += _U1
        n_revisit = np.uint64(0)
        i = lo
        while i + np.uint64(_SCAN) <= hi:
            word = _marked_word(out, i)
            # A fixed number of slots, each listing the lowest marked row left (row i + 64 once none is left),
            # the list advanced by the marked rows they hold; then a loop for a crowded word.
            listed = min(_popcount(word), np.uint64(_SCAN_SLOTS))
            for slot in range(_SCAN_SLOTS):
                revisit[n_revisit + np.uint64(slot)] = i + trailing_zeros(word)
                word &= word - _U1
            n_revisit += listed
            while word:
                revisit[n_revisit] = i + trailing_zeros(word)
                n_revisit += _U1
                word &= word - _U1
            i += np.uint64(_SCAN)
        while i < hi:
            revisit[n_revisit] = i
            n_revisit += np.uint64(out[i] >= MARK)
            i += _U1
        p = np.uint64(0)
        while p < n_revisit:
            bad |= _revisit_marked(flat, out, revisit[p], n_cards, suited_pairs, flush_values)
            p += _U1
        lo = hi
    return bad & _ID_MARK


# The marked kernels where pext is fast; numba compiles only the body chosen here.
_rank_rows = _rank_rows_marked if FAST_BMI2 else _rank_rows_listed


# One kernel per hand size, each a module-level function (numba's cache tells closures apart badly).
@njit(cache=True)
def evaluate_rows5(cards, out, pair_keys, suited_pairs, disp, rank_values, flush_values):
    """Rank (N, 5) rows into ``out``; nonzero when an id is 52 or more."""
    return _rank_rows(cards, out, np.uint64(5), pair_keys, suited_pairs, disp, rank_values, flush_values)


@njit(cache=True)
def evaluate_rows6(cards, out, pair_keys, suited_pairs, disp, rank_values, flush_values):
    """Rank (N, 6) rows into ``out``; nonzero when an id is 52 or more."""
    return _rank_rows(cards, out, np.uint64(6), pair_keys, suited_pairs, disp, rank_values, flush_values)


@njit(cache=True)
def evaluate_rows7(cards, out, pair_keys, suited_pairs, disp, rank_values, flush_values):
    """Rank (N, 7) rows into ``out``; nonzero when an id is 52 or more."""
    return _rank_rows(cards, out, np.uint64(7), pair_keys, suited_pairs, disp, rank_values, flush_values)


@njit(cache=True, inline="always")
def _rank_sized(cards, out, pair_keys, suited_pairs, disp, rank_values, flush_values):
    """The sized kernel for ``cards.shape[1]`` (a branch per call, not per row)."""
    k = cards.shape[1]
    if k == 5:
        return evaluate_rows5(cards, out, pair_keys, suited_pairs, disp, rank_values, flush_values)
    if k == 6:
        return evaluate_rows6(cards, out, pair_keys, suited_pairs, disp, rank_values, flush_values)
    return evaluate_rows7(cards, out, pair_keys, suited_pairs, disp, rank_values, flush_values)


@njit(cache=True, parallel=True)
def evaluate_rows_parallel(cards, out, pair_keys, suited_pairs, disp, rank_values, flush_values):
    """Like the sized serial kernels, in blocks spread over numba's threads."""
    n_blocks = (cards.shape[0] + PARALLEL_BLOCK - 1) // PARALLEL_BLOCK
    bad = 0
    for t in prange(n_blocks):
        lo = t * PARALLEL_BLOCK
        hi = min(cards.shape[0], lo + PARALLEL_BLOCK)
        block = cards[lo:hi]
        bad += _rank_sized(block, out[lo:hi], pair_keys, suited_pairs, disp, rank_values, flush_values) != 0
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


# The tables under None, the pair tables they give, and per (k, marked) the displacements and values.
_DERIVED: dict = {}


def kernel_inputs(k: int, tables, marked: bool = FAST_BMI2) -> tuple:
    """The k-card kernels' table arguments: (pair_keys, suited_pairs, displacements, values, flush_values).

    ``marked`` gives the arguments of the marked kernels (:func:`marked_tables`), else of the listed ones.
    The pair tables and the displacements derive from ``tables`` once per process, on the first batch of each
    hand size, so that a process that never ranks a batch (an equity call, a game) does not build them.

    >>> from pokerlab.evaluator.api import high_tables
    >>> pairs, suited, disp, values, _ = kernel_inputs(7, high_tables(), marked=False)
    >>> len(pairs) == len(suited) == SINGLES + 256, len(disp), len(values) == len(high_tables().rank7_values)
    (True, 4096, True)
    """
    if _DERIVED.get(None) is not tables:
        _DERIVED.clear()
        _DERIVED[None] = tables
        _DERIVED["pairs"] = pair_table(tables.batch_keys)
        _DERIVED["suited"] = pair_table(tables.flush_bits, 0, np.bitwise_or)
    offsets, values = getattr(tables, f"rank{k}_offsets"), getattr(tables, f"rank{k}_values")
    if (k, marked) not in _DERIVED:
        _DERIVED[k, marked] = marked_tables(offsets, values) if marked else (hash_displacements(offsets), values)
    disp, values = _DERIVED[k, marked]
    return _DERIVED["pairs"], _DERIVED["suited"], disp, values, tables.flush_values


@njit(cache=True)
def _enumerate_plain(n_cards, pair_keys, suited_pairs, disp, rank_values, flush_values):
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
            _rank_sized(hands[:filled], out[:filled], pair_keys, suited_pairs, disp, rank_values, flush_values)
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
