# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Per-call Omaha evaluation from Python with minimal overhead (built by setup.py).

The algorithm and tables of evaluator.omaha_kernels (see there), the lookups
cimported from _core.pxd. evaluate_omaha() hands anything unusual (bad ids,
duplicates, odd types, wrong counts, other rules) to evaluator.omaha's
pure-Python evaluate, so that the errors are the same precise ones.
"""

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR
from libc.stdint cimport uint16_t, uint64_t

from _core cimport card_rank, card_suit, check_layout, lowest_suit, rank_bit, rank_value, suits_holding

cdef uint64_t CARD_KEYS[52]
cdef int LOW_BIT[52]
cdef int PAIR_COLUMN[169]  # 13 * rank + rank -> the pair's column in a row of HIGH (no branch on which is higher)
cdef const uint16_t[::1] OFFSETS
cdef const uint16_t[::1] VALUES
cdef const uint16_t[::1] FLUSH
cdef const uint16_t[::1] BOARD_ROW
cdef const uint16_t[::1] HIGH
cdef const uint16_t[::1] LOW
cdef unsigned int SHIFT = 0
cdef uint64_t COL_MASK = 0
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
    global OFFSETS, VALUES, FLUSH, BOARD_ROW, HIGH, LOW, SHIFT, COL_MASK, READY, FALLBACK
    cdef int i, r
    check_layout("_omaha", key_mask)
    FALLBACK = fallback
    for i in range(169):
        r = max(i // 13, i % 13)
        PAIR_COLUMN[i] = r * (r + 1) // 2 + min(i // 13, i % 13)
    for i in range(52):
        CARD_KEYS[i] = card_keys[i]
        r = card_rank(i)
        LOW_BIT[i] = (1 << ((r + 1) % 13)) if (r <= 6 or r == 12) else 0
    OFFSETS = offsets
    VALUES = values
    FLUSH = flush
    BOARD_ROW = board_row
    HIGH = high
    LOW = low
    SHIFT = shift
    COL_MASK = (1 << shift) - 1
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
    return rank_value(key, &OFFSETS[0], &VALUES[0], COL_MASK, SHIFT)


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


cdef uint16_t _high(int* hole, int h, int* board, int nb) noexcept nogil:
    cdef uint64_t key = 0, k
    cdef int i, j, p, q, r, rx, ry, s, suit, b_mask, h_mask
    cdef uint16_t best = 0, v
    cdef uint64_t h_key = 0, flushing
    cdef const uint16_t* cells
    if nb == 5:
        for j in range(5):
            key += CARD_KEYS[board[j]]
        cells = &HIGH[<Py_ssize_t>BOARD_ROW[_rank5(key)] * 91]
        for i in range(h):
            rx = 13 * card_rank(hole[i])
            h_key += CARD_KEYS[hole[i]]
            for j in range(i + 1, h):
                v = cells[PAIR_COLUMN[rx + card_rank(hole[j])]]
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


def evaluate_omaha(hole, board, rules="omaha"):
    """Value of an Omaha hand (see evaluator.omaha.evaluate_omaha, which this is when the extension is built)."""
    cdef int hole_ids[6]
    cdef int board_ids[6]
    cdef uint64_t seen = 0
    cdef int h, nb, i, b_low = 0, h_low = 0
    cdef uint16_t high
    cdef bint hilo
    if rules == "omaha":
        hilo = False
    elif rules == "omaha-hilo":
        hilo = True
    else:
        return FALLBACK(hole, board, rules)
    if not READY:
        if LOADER is None:
            raise RuntimeError("evaluator._omaha.init was not called")
        LOADER()
    h = _read(hole, hole_ids, &seen)
    if h < 4:
        return FALLBACK(hole, board, rules)
    nb = _read(board, board_ids, &seen)
    if nb < 3 or nb > 5:
        return FALLBACK(hole, board, rules)
    high = _high(hole_ids, h, board_ids, nb)
    if not hilo:
        return high
    for i in range(nb):
        b_low |= LOW_BIT[board_ids[i]]
    for i in range(h):
        h_low |= LOW_BIT[hole_ids[i]]
    return (high, LOW[(b_low << 8) | h_low])
