"""The card-key layout every evaluator path shares, defined once (tables, kernels, Cython, equity).

A card's key holds a rank part and a suit part; a hand's key is the sum of
its cards' keys plus :data:`SUIT_INIT`:

- bits 0..24 (:data:`RANK_KEY_MASK`, the sum taken modulo 2**25): the rank
  multiset, the row and column of the rank hash;
- bits 32..47: one 4-bit counter per suit, started at 3 so that bit 3 of a
  counter (:data:`FLUSH_NIBBLES`) is set exactly when that suit holds five or
  more cards;
- a hand's suited ranks, as a separate mask: bit ``16 * suit + rank``
  (:func:`suited_bit`), 13 bits per suit (:data:`SUIT_RANKS`).

>>> hex(SUIT_INIT), suited_bit(51) == 1 << (16 * 3 + 12)
('0x333300000000', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a command-line answer's start-up loads this
if TYPE_CHECKING:
    import numpy as np

RANK_KEY_BITS = 25
RANK_KEY_MASK = (1 << RANK_KEY_BITS) - 1
SUIT_SHIFT = 32  # suit counters live in bits 32..47 of a key
SUIT_COUNTER_START = 0x3333  # each suit's counter starts at 3
SUIT_INIT = SUIT_COUNTER_START << SUIT_SHIFT
FLUSH_NIBBLES = 0x8888  # bit 3 of a suit counter (after >> SUIT_SHIFT): five or more cards of that suit
FLUSH_CHECK = FLUSH_NIBBLES << SUIT_SHIFT
BITS_PER_SUIT = 16  # in the suited-rank mask
SUIT_RANKS = 0x1FFF  # the 13 rank bits of one suit in the suited-rank mask


MAX_CARDS = 7  # the most cards a hand holds


def rank_multisets(max_cards: int = MAX_CARDS) -> list[tuple[int, ...]]:
    """All count vectors (13 ranks, each count 0..4) with at most ``max_cards`` cards.

    >>> len(rank_multisets(1)), rank_multisets(1)[1]
    (14, (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    """
    result: list[tuple[int, ...]] = []

    def extend(prefix: list[int], left: int) -> None:
        if len(prefix) == 13:
            result.append(tuple(prefix))
            return
        for n in range(min(4, left) + 1):
            prefix.append(n)
            extend(prefix, left - n)
            prefix.pop()

    extend([], max_cards)
    return result


def plain_key(multiset: tuple[int, ...], rank_keys: list[int]) -> int:
    """Sum of the rank keys of a multiset (counts per rank), before the mask."""
    return sum(n * k for n, k in zip(multiset, rank_keys))


def rank_key_of(multiset: tuple[int, ...], rank_keys: list[int]) -> int:
    """The hashed rank key of a multiset of ranks (counts per rank), as the kernels compute it."""
    return plain_key(multiset, rank_keys) & RANK_KEY_MASK


def suited_bit(card: int) -> int:
    """Bit of a card (id ``4 * rank + suit``) in the suited-rank mask.

    >>> suited_bit(0), suited_bit(3) == 1 << 48
    (1, True)
    """
    return 1 << (BITS_PER_SUIT * (card & 3) + (card >> 2))


def rank_slot(key: int, offsets: Sequence[int] | memoryview | np.ndarray, shift: int) -> int:
    """A key's slot in a rank hash (``offsets`` of its rows, ``shift`` its row bits), in pure Python: the
    twin of ``kernel_core.rank_slot`` and of ``_core.pxd``'s, for the paths without a compiled kernel.

    >>> rank_slot((5 << 13) + 7, [0, 0, 0, 0, 0, 100], 13)   # row 5 starts at 100, column 7
    107
    """
    key &= RANK_KEY_MASK
    return offsets[key >> shift] + (key & ((1 << shift) - 1))


def flush_suit(key: int) -> int:
    """The suit holding five or more cards of a hand's key (summed from :data:`SUIT_INIT`), or -1.

    >>> flush_suit(SUIT_INIT + (5 << (SUIT_SHIFT + 8))), flush_suit(SUIT_INIT)   # five cards of suit 2
    (2, -1)
    """
    flush = (key >> SUIT_SHIFT) & FLUSH_NIBBLES
    return (flush & -flush).bit_length() // 4 - 1 if flush else -1


def board_state(cards: Iterable[int], card_keys: np.ndarray) -> tuple[np.uint64, np.uint64]:
    """Summed key (with :data:`SUIT_INIT`) and suited-rank mask of known cards, e.g. a board.

    >>> import numpy as np
    >>> key, suited = board_state([], np.zeros(52, dtype=np.uint64))
    >>> int(key) == SUIT_INIT, int(suited)
    (True, 0)
    """
    import numpy as np  # callers pass numpy keys (the batch and equity paths); the per-call evaluator does not

    key = np.uint64(SUIT_INIT)
    suited = 0
    for c in cards:
        key += card_keys[c]
        suited |= suited_bit(c)
    return key, np.uint64(suited)


def four_card_index(cards: Iterable[int]) -> int:
    """The colexicographic index of four distinct card ids among the C(52, 4) = 270,725 four-card sets.

    Badugi's value table is read at this index (the numba kernels compute the same in
    :func:`pokerlab.evaluator.kernel_core.four_card_index`).

    >>> four_card_index([0, 1, 2, 3]), four_card_index([51, 50, 49, 48])
    (0, 270724)
    """
    a, b, c, d = sorted(cards)
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6 + d * (d - 1) * (d - 2) * (d - 3) // 24
