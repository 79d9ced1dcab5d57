# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Per-call evaluation from Python with minimal overhead (built by setup.py).

Reads the same tables as the numba kernels (see evaluator.kernels for the
algorithm) through the same steps, cimported from _core.pxd. Anything unusual
(bad ids, duplicates, odd types) is handed to the Python parser in
evaluator.cards so that errors read the same everywhere.
"""

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR
from libc.stdint cimport uint16_t, uint32_t, uint64_t

from _core cimport check_layout, hand_value, suit_init, suited_bit

cdef uint64_t CARD_KEYS[52]
cdef const uint32_t[::1] OFFSETS
cdef const uint16_t[::1] RANK_VALUES
cdef const uint16_t[::1] FLUSH_VALUES
cdef unsigned int SHIFT = 0
cdef uint64_t COL_MASK = 0
cdef bint READY = False

include "card_chars.pxi"


def init(card_keys, offsets, rank_values, flush_values, int shift, uint64_t rank_key_mask):
    """Point the extension at the loaded tables (called once by evaluator.api).

    Raises ImportError (the API then ranks in pure Python) when this build's
    key layout is not evaluator/layout.py's: the extension is out of date.
    """
    global OFFSETS, RANK_VALUES, FLUSH_VALUES, SHIFT, COL_MASK, READY
    cdef int i
    check_layout("_fast", rank_key_mask)
    for i in range(52):
        CARD_KEYS[i] = card_keys[i]
    OFFSETS = offsets
    RANK_VALUES = rank_values
    FLUSH_VALUES = flush_values
    SHIFT = shift
    COL_MASK = (1 << shift) - 1
    _init_card_chars()
    READY = True


cdef inline uint16_t value_of(uint64_t key, uint64_t suited) noexcept nogil:
    return hand_value(key, suited, &OFFSETS[0], &RANK_VALUES[0], &FLUSH_VALUES[0], COL_MASK, SHIFT)


cdef object _slow(object cards):
    # Let the Python parser raise its precise error, or evaluate odd inputs.
    from pokerlab.evaluator.cards import to_card_ids
    ids = to_card_ids(cards, count=(5, 6, 7))
    return evaluate_checked(ids)


cdef inline bint _add_card(int c, uint64_t* seen, uint64_t* key, uint64_t* suited) noexcept nogil:
    """Fold card ``c`` into a hand's key and suited ranks; False when the hand already holds it."""
    cdef uint64_t bit = 1ULL << c
    if seen[0] & bit:
        return False
    seen[0] |= bit
    key[0] += CARD_KEYS[c]
    suited[0] |= suited_bit(c)
    return True


cdef int _value_of_ids(object seq, Py_ssize_t n, bint is_list) except -2:
    """Value of n ids in a list/tuple, or -1 when anything looks wrong."""
    cdef uint64_t key = suit_init()
    cdef uint64_t suited = 0, seen = 0
    cdef Py_ssize_t i
    cdef long c
    cdef int overflow = 0
    cdef object item
    if n < 5 or n > 7:
        return -1
    for i in range(n):
        item = <object>(PyList_GET_ITEM(seq, i) if is_list else PyTuple_GET_ITEM(seq, i))
        if type(item) is not int:
            return -1
        # Ids past a C long (2**63 and up) overflow: hand them to the parser, which names them.
        c = PyLong_AsLongAndOverflow(item, &overflow)
        if overflow or c < 0 or c > 51 or not _add_card(<int>c, &seen, &key, &suited):
            return -1
    return value_of(key, suited)


cdef int _value_of_str(str text) except -2:
    """Value of a plain card string such as 'AsKh Qd...' or -1 when unusual."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0
    cdef int count = 0, c
    cdef uint64_t key = suit_init()
    cdef uint64_t suited = 0, seen = 0
    while True:
        c = _next_card(text, n, &i)
        if c == END_OF_CARDS:
            break
        if c < 0 or not _add_card(c, &seen, &key, &suited):
            return -1
        count += 1
    if count < 5 or count > 7:
        return -1
    return value_of(key, suited)


def evaluate(cards, rules=None):
    """Rank of the best five of 5, 6 or 7 cards: higher is better, equal exactly on a tie.

    ``cards`` is a string ("AsKs...") or a list/tuple of card ids. ``rules``
    picks another ruleset (evaluator.rules: ace-five, deuce-seven,
    ace-five-joker, joker, bug, two-jokers, deuces-wild); the default ranks
    high hands. This is evaluator.evaluate itself when the extension is built,
    so a call from Python pays for no wrapper.

    >>> evaluate("AsKsQsJsTs") >> 12   # category 9: a royal flush
    9
    >>> evaluate([0, 4, 8, 12, 17]) == evaluate("2c3c4c5c6d")
    True
    >>> evaluate("8s 7h 6d 5c 3s", rules="ace-five") > evaluate("9s 5h 4d 3c 2s", rules="ace-five")
    True
    """
    cdef int v
    if rules is not None and rules != "high":
        from pokerlab.evaluator.variants import evaluate_variant
        return evaluate_variant(cards, rules)
    if not READY:
        raise RuntimeError("evaluator._fast.init was not called")
    if type(cards) is list:
        v = _value_of_ids(cards, PyList_GET_SIZE(cards), True)
    elif type(cards) is tuple:
        v = _value_of_ids(cards, PyTuple_GET_SIZE(cards), False)
    elif type(cards) is str:
        v = _value_of_str(cards)
    else:
        v = -1
    if v < 0:
        return _slow(cards)
    return v


def evaluate_checked(list ids):
    """Rank of a list of ids already checked to be 5-7 distinct cards in range."""
    cdef uint64_t key = suit_init()
    cdef uint64_t suited = 0
    cdef long c
    for item in ids:
        c = item
        key += CARD_KEYS[c]
        suited |= suited_bit(c)
    return value_of(key, suited)


def evaluate_mask(object mask_value):
    """Rank of the 5-7 cards in a 64-bit card mask (bit id set per card)."""
    cdef uint64_t key = suit_init()
    cdef uint64_t suited = 0
    cdef uint64_t mask
    cdef int c, n = 0
    from pokerlab.evaluator.cards import CardError
    try:
        mask_value = mask_value.__index__()
    except AttributeError:
        raise CardError(f"a card mask is an integer, got {type(mask_value).__name__}") from None
    if mask_value < 0 or mask_value >> 52:
        raise CardError(f"card mask {mask_value:#x} has bits outside 0..51")
    mask = mask_value
    while mask:
        c = __builtin_ctzll(mask)
        mask &= mask - 1
        key += CARD_KEYS[c]
        suited |= suited_bit(c)
        n += 1
    if n < 5 or n > 7:
        raise CardError(f"expected 5, 6 or 7 cards, got {n} in the mask")
    return value_of(key, suited)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
