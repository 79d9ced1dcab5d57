# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Omaha evaluator (built by setup.py): per call from Python with minimal overhead, and rows of
a batch without the GIL.

The algorithm is evaluator.omaha's (see there), the lookups cimported from _core.pxd.
evaluate_omaha() hands anything unusual (bad ids, duplicates, odd types, wrong counts, other
rules) to evaluator.omaha's pure-Python evaluate, so that the errors are the same precise ones;
rank_rows() takes arrays its caller has checked.
"""

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR
from libc.stdint cimport uint8_t, uint16_t, uint64_t

from _core cimport (
    SIZED_RANK_SHIFT, card_rank, card_suit, check_layout, lowest_suit, rank_bit, rank_value, suits_holding,
)

cdef uint64_t CARD_KEYS[52]
cdef int LOW_BIT[52]
# The tables: memoryviews hold the buffers, and the lookups read through plain pointers (a global
# memoryview is checked for initialisation at each read: 20.2 against 18.5 ns a batch row).
cdef const uint16_t[::1] OFFSETS_VIEW
cdef const uint16_t[::1] VALUES_VIEW
cdef const uint16_t[::1] FLUSH_VIEW
cdef const uint16_t[::1] BOARD_ROW_VIEW
cdef const uint16_t[::1] HIGH_VIEW
cdef const uint16_t[::1] LOW_VIEW
cdef const uint16_t* OFFSETS
cdef const uint16_t* VALUES
cdef const uint16_t* FLUSH
cdef const uint16_t* BOARD_ROW
cdef const uint16_t* HIGH
cdef const uint16_t* LOW
cdef bint READY = False
cdef object FALLBACK = None  # evaluator.omaha's pure-Python evaluate: precise errors, odd inputs
cdef object LOADER = None  # evaluator.omaha's table loader, which calls init: run on the first evaluation

include "card_chars.pxi"


def defer_init(loader, fallback):
    """Register the function that reads the tables and calls init, run on the first evaluation.

    A process that never ranks an Omaha hand (most command-line calls) then
    never reads and checks the Omaha tables (1.3 MB).
    """
    global LOADER, FALLBACK
    LOADER = loader
    FALLBACK = fallback


def init(card_keys, offsets, values, flush, board_row, high, low, int shift, uint64_t key_mask, fallback):
    """Point the extension at the loaded tables (called once by evaluator.omaha).

    Raises ImportError when this build's key layout is not evaluator/layout.py's: rebuild the extension.
    """
    global OFFSETS_VIEW, VALUES_VIEW, FLUSH_VIEW, BOARD_ROW_VIEW, HIGH_VIEW, LOW_VIEW
    global OFFSETS, VALUES, FLUSH, BOARD_ROW, HIGH, LOW, READY, FALLBACK
    cdef int i, r
    check_layout("_omaha", key_mask)
    if shift != SIZED_RANK_SHIFT:  # a constant here, so that the compiler folds it into every lookup
        raise ImportError(f"evaluator/_omaha.pyx was built for rank rows of {SIZED_RANK_SHIFT} bits, not {shift}")
    FALLBACK = fallback
    for i in range(52):
        CARD_KEYS[i] = card_keys[i]
        r = card_rank(i)
        LOW_BIT[i] = (1 << ((r + 1) % 13)) if (r <= 6 or r == 12) else 0
    OFFSETS_VIEW, VALUES_VIEW, FLUSH_VIEW = offsets, values, flush
    BOARD_ROW_VIEW, HIGH_VIEW, LOW_VIEW = board_row, high, low
    OFFSETS, VALUES, FLUSH = &OFFSETS_VIEW[0], &VALUES_VIEW[0], &FLUSH_VIEW[0]
    BOARD_ROW, HIGH, LOW = &BOARD_ROW_VIEW[0], &HIGH_VIEW[0], &LOW_VIEW[0]
    _init_card_chars()
    READY = True


cdef int _read(object cards, int* out, uint64_t* seen) except -2:
    """Ids of a list/tuple of ints or a plain card string into out; their count, or -1 when unusual."""
    cdef Py_ssize_t n, i
    cdef long c
    cdef int overflow = 0, count = 0
    cdef object item
    cdef str text
    cdef bint is_list = type(cards) is list
    if is_list or type(cards) is tuple:
        n = PyList_GET_SIZE(cards) if is_list else PyTuple_GET_SIZE(cards)
        if n > 6:
            return -1
        for i in range(n):
            item = <object>(PyList_GET_ITEM(cards, i) if is_list else PyTuple_GET_ITEM(cards, i))
            if type(item) is not int:
                return -1
            c = PyLong_AsLongAndOverflow(item, &overflow)
            if overflow or c < 0 or c > 51 or seen[0] & (1ULL << c):
                return -1
            seen[0] |= 1ULL << c
            out[i] = <int>c
        return <int>n
    if type(cards) is not str:
        return -1
    text = <str>cards
    n = PyUnicode_GET_LENGTH(text)
    i = 0
    while True:
        c = _next_card(text, n, &i)
        if c == END_OF_CARDS:
            return count
        if c < 0 or count >= 6 or seen[0] & (1ULL << c):
            return -1
        seen[0] |= 1ULL << c
        out[count] = <int>c
        count += 1


cdef inline uint16_t _rank5(uint64_t key) noexcept nogil:
    return rank_value(key, OFFSETS, VALUES, (1 << SIZED_RANK_SHIFT) - 1, SIZED_RANK_SHIFT)


# written out again on purpose: the Cython twin of omaha_kernels.best_flush (one per kernel language), its nested loops
# over the set bits unrolled
cdef uint16_t _best_flush(int board_mask, int hole_mask) noexcept nogil:
    cdef int a_left = hole_mask, b_left, x_left, y_left, z_left, a, b, x, y, z
    cdef uint16_t best = 0, v
    while a_left:
        a = a_left & -a_left
        a_left ^= a
        b_left = a_left
        while b_left:
            b = b_left & -b_left
            b_left ^= b
            x_left = board_mask
            while x_left:
                x = x_left & -x_left
                x_left ^= x
                y_left = x_left
                while y_left:
                    y = y_left & -y_left
                    y_left ^= y
                    z_left = y_left
                    while z_left:
                        z = z_left & -z_left
                        z_left ^= z
                        v = FLUSH[a | b | x | y | z]
                        if v > best:
                            best = v
    return best


cdef inline uint16_t _max2(uint16_t a, uint16_t b) noexcept nogil:
    return a if a > b else b


cdef inline uint16_t _pair(const uint16_t* cells, int a, int b) noexcept nogil:
    """A full board's row at the pair of hole ranks ``a`` and ``b`` (either order)."""
    cdef int hi = a if a > b else b
    cdef int lo = a + b - hi
    return cells[hi * (hi + 1) // 2 + lo]


# Card ids as the per-call path reads them (int) and as a batch holds them (uint8, read in place: copying
# each row to ints cost 18.3 against 16.7 ns a row).
ctypedef fused card_t:
    int
    uint8_t


cdef inline uint16_t _high(const card_t* hole, int h, const card_t* board, int nb) noexcept nogil:
    cdef uint64_t key = 0, k
    cdef int i, j, p, q, r, s, suit, b_mask, h_mask, r0, r1, r2, r3
    cdef uint16_t best = 0, v
    cdef uint64_t h_key = 0, flushing
    cdef const uint16_t* cells
    if nb == 5:
        for j in range(5):
            key += CARD_KEYS[board[j]]
        cells = &HIGH[<Py_ssize_t>BOARD_ROW[_rank5(key)] * 91]
        if h == 4:  # the usual hand, its six pairs spelled out (a loop: 22.8 against 19.2 ns a batch row)
            r0, r1, r2, r3 = card_rank(hole[0]), card_rank(hole[1]), card_rank(hole[2]), card_rank(hole[3])
            best = _max2(_max2(_max2(_pair(cells, r0, r1), _pair(cells, r0, r2)),
                               _max2(_pair(cells, r0, r3), _pair(cells, r1, r2))),
                         _max2(_pair(cells, r1, r3), _pair(cells, r2, r3)))
            h_key = CARD_KEYS[hole[0]] + CARD_KEYS[hole[1]] + CARD_KEYS[hole[2]] + CARD_KEYS[hole[3]]
        else:
            for i in range(h):
                h_key += CARD_KEYS[hole[i]]
                for j in range(i + 1, h):
                    v = _pair(cells, card_rank(hole[i]), card_rank(hole[j]))
                    if v > best:
                        best = v
        # A flush needs a suit with three board cards and two hole cards: the suit counters say so.
        flushing = suits_holding(key, 3) & suits_holding(h_key, 2)
        if flushing:
            suit = lowest_suit(flushing)
            b_mask = 0
            for j in range(5):
                if card_suit(board[j]) == suit:
                    b_mask |= rank_bit(board[j])
            h_mask = 0
            for i in range(h):
                if card_suit(hole[i]) == suit:
                    h_mask |= rank_bit(hole[i])
            v = _best_flush(b_mask, h_mask)
            if v > best:
                best = v
        return best
    for i in range(h):
        for j in range(i + 1, h):
            for p in range(nb):
                for q in range(p + 1, nb):
                    for r in range(q + 1, nb):
                        s = card_suit(hole[i])
                        if (card_suit(hole[j]) == s and card_suit(board[p]) == s and card_suit(board[q]) == s
                                and card_suit(board[r]) == s):
                            v = FLUSH[rank_bit(hole[i]) | rank_bit(hole[j]) | rank_bit(board[p])
                                      | rank_bit(board[q]) | rank_bit(board[r])]
                        else:
                            k = CARD_KEYS[hole[i]] + CARD_KEYS[hole[j]] + CARD_KEYS[board[p]]
                            v = _rank5(k + CARD_KEYS[board[q]] + CARD_KEYS[board[r]])
                        if v > best:
                            best = v
    return best


cdef inline uint16_t _low(const card_t* hole, int h, const card_t* board, int nb) noexcept nogil:
    cdef int i, b_low = 0, h_low = 0
    if h == 4 and nb == 5:  # the usual hand spelled out, as in _high (loops: 22.3 against 20.6 ns a hi/lo row)
        b_low = LOW_BIT[board[0]] | LOW_BIT[board[1]] | LOW_BIT[board[2]] | LOW_BIT[board[3]] | LOW_BIT[board[4]]
        h_low = LOW_BIT[hole[0]] | LOW_BIT[hole[1]] | LOW_BIT[hole[2]] | LOW_BIT[hole[3]]
        return LOW[(b_low << 8) | h_low]
    for i in range(nb):
        b_low |= LOW_BIT[board[i]]
    for i in range(h):
        h_low |= LOW_BIT[hole[i]]
    return LOW[(b_low << 8) | h_low]


cdef int _ready() except -1:
    if not READY:
        if LOADER is None:
            raise RuntimeError("evaluator._omaha.init was not called")
        LOADER()
    return 0


def rank_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards, int b0, int nb,
              uint16_t[::1] out_high, uint16_t[::1] out_low, Py_ssize_t lo, Py_ssize_t hi):
    """Rank rows lo..hi-1 without the GIL: the hole cards ``holes[i, :h]`` (h columns, or the first
    ``b0`` when the boards are the same array) with the board ``boards[i, b0:b0 + nb]`` (row 0 for
    every hand when ``boards`` has one row). Lows go to ``out_low`` when it is not empty."""
    cdef Py_ssize_t i
    cdef int h = b0 if b0 else holes.shape[1]
    cdef bint shared = boards.shape[0] == 1 and holes.shape[0] != 1
    cdef bint hilo = out_low.shape[0] > 0
    _ready()
    cdef const uint8_t* hole_row
    cdef const uint8_t* board_row
    with nogil:
        for i in range(lo, hi):
            hole_row = &holes[i, 0]
            board_row = &boards[0 if shared else i, b0]
            out_high[i] = _high(hole_row, h, board_row, nb)
            if hilo:
                out_low[i] = _low(hole_row, h, board_row, nb)


def evaluate_omaha(hole, board, rules="omaha"):
    """Value of an Omaha hand (see evaluator.omaha.evaluate_omaha, which this is when the extension is built)."""
    cdef int hole_ids[6]
    cdef int board_ids[6]
    cdef uint64_t seen = 0
    cdef int h, nb
    cdef uint16_t high
    cdef bint hilo
    if rules == "omaha":
        hilo = False
    elif rules == "omaha-hilo":
        hilo = True
    else:
        return FALLBACK(hole, board, rules)
    _ready()
    h = _read(hole, hole_ids, &seen)
    if h < 4:
        return FALLBACK(hole, board, rules)
    nb = _read(board, board_ids, &seen)
    if nb < 3 or nb > 5:
        return FALLBACK(hole, board, rules)
    high = _high(hole_ids, h, board_ids, nb)
    if not hilo:
        return high
    return (high, _low(hole_ids, h, board_ids, nb))
