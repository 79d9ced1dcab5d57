# Card strings read in C, shared by _fast.pyx and _omaha.pyx (each includes this file).
# Characters map to ranks and suits as in evaluator.cards; anything else is "unusual" (-1),
# and the caller then hands the input to the Python parser, which names the problem.

cdef signed char RANK_OF_CHAR[128]
cdef signed char SUIT_OF_CHAR[128]
cdef enum:
    END_OF_CARDS = -3  # _next_card: no card left in the string


cdef void _init_card_chars():
    """Fill the character tables (run by each extension's init)."""
    cdef int i
    for i in range(128):
        RANK_OF_CHAR[i] = -1
        SUIT_OF_CHAR[i] = -1
    for i, ch in enumerate("23456789TJQKA"):
        RANK_OF_CHAR[ord(ch)] = i
        RANK_OF_CHAR[ord(ch.lower())] = i
    for i, ch in enumerate("cdhs"):
        SUIT_OF_CHAR[ord(ch)] = i
        SUIT_OF_CHAR[ord(ch.upper())] = i


cdef inline int _next_card(str text, Py_ssize_t n, Py_ssize_t* i) noexcept:
    """The id of the card at ``i[0]`` of a plain card string (spaces and commas skipped), moving ``i`` past it.

    END_OF_CARDS when only separators are left; -1 when the text is unusual.
    """
    cdef Py_UCS4 ch
    cdef int rank, suit
    while i[0] < n:
        ch = PyUnicode_READ_CHAR(text, i[0])
        if ch == ' ' or ch == ',':
            i[0] += 1
            continue
        if ch >= 128 or i[0] + 1 >= n:
            return -1
        rank = RANK_OF_CHAR[ch]
        ch = PyUnicode_READ_CHAR(text, i[0] + 1)
        if rank < 0 or ch >= 128:
            return -1
        suit = SUIT_OF_CHAR[ch]
        if suit < 0:
            return -1
        i[0] += 2
        return 4 * rank + suit
    return END_OF_CARDS
