# What the per-call extensions (_fast.pyx, _omaha.pyx) share: the key layout as C constants and the
# hand-value lookups, the Cython side of evaluator/kernel_core.py (same names, same steps).
#
# Only constants and inline functions: each extension compiles its own copy, so cimporting this
# file adds no module to import at run time and no call per lookup. The helpers take the tables
# as pointers (``&view[0]`` of an extension's typed memoryviews): a memoryview argument is a
# struct, and each read through it is checked for initialisation.

from libc.stdint cimport uint16_t, uint32_t, uint64_t

# evaluator/layout.py, under its names: a C compiler folds these into the lookups.
# check_layout() compares them with layout.py when an extension is initialised.
cdef enum:
    RANK_KEY_BITS = 25
    RANK_KEY_MASK = (1 << RANK_KEY_BITS) - 1
    SUIT_SHIFT = 32
    SUIT_COUNTER_START = 0x3333
    FLUSH_NIBBLES = 0x8888
    BITS_PER_SUIT = 16
    SUIT_RANKS = 0x1FFF
    # evaluator/tables.py's SIZED_RANK_SHIFT: the rows of the sized rank hashes (rank5, rank6, rank7).
    SIZED_RANK_SHIFT = 13

# The rank hash's offsets: uint32 for the 5-7 card hash, uint16 for the five-card one.
ctypedef fused offset_t:
    uint16_t
    uint32_t


cdef inline uint64_t suit_init() noexcept nogil:
    """The key of no cards (layout.SUIT_INIT): a C enum holds an int, this takes 48 bits."""
    return (<uint64_t>SUIT_COUNTER_START) << SUIT_SHIFT


cdef inline check_layout(str extension, uint64_t rank_key_mask):
    """Raise ImportError when this build's constants are not layout.py's or the tables' mask.

    The caller then ranks in pure Python: the extension is out of date, not wrong answers.
    """
    from pokerlab.evaluator import layout
    built = (RANK_KEY_BITS, RANK_KEY_MASK, SUIT_SHIFT, SUIT_COUNTER_START, FLUSH_NIBBLES, BITS_PER_SUIT,
             SUIT_RANKS)
    expected = (layout.RANK_KEY_BITS, layout.RANK_KEY_MASK, layout.SUIT_SHIFT, layout.SUIT_COUNTER_START,
                layout.FLUSH_NIBBLES, layout.BITS_PER_SUIT, layout.SUIT_RANKS)
    if built != expected or suit_init() != layout.SUIT_INIT or rank_key_mask != RANK_KEY_MASK:
        raise ImportError(f"evaluator/{extension}.pyx was built for another key layout: rebuild it (pip install -e .)")


cdef inline int card_rank(int card) noexcept nogil:
    """Rank 0..12 (deuce to ace) of a card id ``4 * rank + suit``."""
    return card >> 2


cdef inline int card_suit(int card) noexcept nogil:
    """Suit 0..3 of a card id."""
    return card & 3


cdef inline int rank_bit(int card) noexcept nogil:
    """The card's bit in a 13-bit rank mask (the index of the flush table within one suit)."""
    return 1 << card_rank(card)


cdef inline uint64_t suited_bit(int card) noexcept nogil:
    """The card's bit in a hand's suited-rank mask: ``BITS_PER_SUIT * suit + rank``."""
    return (<uint64_t>1) << (BITS_PER_SUIT * card_suit(card) + card_rank(card))


cdef inline uint64_t flush_ranks(uint64_t suited, int suit) noexcept nogil:
    """The 13-bit rank mask of one suit of a suited-rank mask."""
    return (suited >> (BITS_PER_SUIT * suit)) & SUIT_RANKS


cdef inline int lowest_suit(uint64_t nibbles) noexcept nogil:
    """The lowest suit whose counter bit is set in ``nibbles`` (FLUSH_NIBBLES bits, below SUIT_SHIFT), or -1."""
    if not nibbles:
        return -1
    if nibbles & 0x8:
        return 0
    if nibbles & 0x80:
        return 1
    if nibbles & 0x800:
        return 2
    return 3


cdef inline int flush_suit(uint64_t key) noexcept nogil:
    """Suit 0..3 holding five or more cards of a hand's key (started at suit_init()), or -1."""
    return lowest_suit((key >> SUIT_SHIFT) & FLUSH_NIBBLES)


cdef inline uint64_t suits_holding(uint64_t key, int n) noexcept nogil:
    """FLUSH_NIBBLES bits of the suits holding ``n`` or more cards of a key summed from zero, not suit_init().

    Adding ``8 - n`` to every counter at once sets bit 3 of those that reach ``n`` (for n up to 8 and
    at most 7 cards a suit no counter carries into the next).
    """
    return ((key >> SUIT_SHIFT) + <uint64_t>(8 - n) * (FLUSH_NIBBLES >> 3)) & FLUSH_NIBBLES


cdef inline uint64_t rank_slot(uint64_t key, const offset_t* offsets, uint64_t col_mask,
                               unsigned int shift) noexcept nogil:
    """A key's slot in a rank hash: the row's offset plus the column (``col_mask = (1 << shift) - 1``)."""
    cdef uint64_t rk = key & RANK_KEY_MASK
    return offsets[rk >> shift] + (rk & col_mask)


cdef inline uint16_t rank_value(uint64_t key, const offset_t* offsets, const uint16_t* rank_values,
                                uint64_t col_mask, unsigned int shift) noexcept nogil:
    """The value of a key as if it held no flush: the rank hash alone."""
    return rank_values[rank_slot(key, offsets, col_mask, shift)]


cdef inline uint16_t hand_value(uint64_t key, uint64_t suited, const offset_t* offsets,
                                const uint16_t* rank_values, const uint16_t* flush_values,
                                uint64_t col_mask, unsigned int shift) noexcept nogil:
    """The value of a hand given by its key (from suit_init()) and its suited-rank mask."""
    cdef int suit = flush_suit(key)
    if suit >= 0:
        return flush_values[flush_ranks(suited, suit)]
    return rank_value(key, offsets, rank_values, col_mask, shift)
