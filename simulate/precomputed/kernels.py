"""numba kernels of the precomputed tables: boards up to suit renaming, and all hands on one board.

The preflop-versus-random table turns the enumeration around: instead of
dealing boards to each pair of hands, it takes each five-card board once (up
to a renaming of suits, with the number of boards it stands for), ranks the
1,081 two-card hands the 47 unseen cards can make, and for every one of
those hands counts the hands it beats and ties among the ones that share no
card with it. In ascending order of value, the hands of lower value than
``h = {a, b}`` that share no card with it are all lower hands minus those
holding ``a`` minus those holding ``b``; the equal ones likewise, plus ``h``
itself, which was removed twice. Per-card counters make that O(1) per hand.
"""

from __future__ import annotations

import numpy as np

from ...evaluator.jit import njit
from ...evaluator.kernel_core import SUIT_INIT, flush_ranks, flush_suit, rank_value, suited_bit
from ...evaluator.tables import SIZED_RANK_SHIFT

N_BOARD_CLASSES = 134_459  # five-card boards up to suit renaming
N_HOLES = 1081  # two-card hands from the 47 cards off a board


@njit(cache=True)
def _suit_permutations():
    perms = np.empty((24, 4), dtype=np.int64)
    k = 0
    for a in range(4):
        for b in range(4):
            for c in range(4):
                for d in range(4):
                    if a != b and a != c and a != d and b != c and b != d and c != d:
                        perms[k, 0], perms[k, 1], perms[k, 2], perms[k, 3] = a, b, c, d
                        k += 1
    return perms


@njit(cache=True)
def canonical_boards():
    """Every five-card board up to suit renaming: ``(boards (n, 5) uint8, weights (n,) int64)``.

    A board is kept when its card mask is the smallest among the 24 suit
    renamings of it; its weight is the number of distinct boards among those
    renamings (24 over the size of its stabiliser), so the weights sum to
    C(52, 5) = 2,598,960.
    """
    perms = _suit_permutations()
    out = np.empty((N_BOARD_CLASSES, 5), dtype=np.uint8)
    weights = np.empty(N_BOARD_CLASSES, dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    n = 0
    for c0 in range(52):
        for c1 in range(c0 + 1, 52):
            for c2 in range(c1 + 1, 52):
                for c3 in range(c2 + 1, 52):
                    for c4 in range(c3 + 1, 52):
                        cards[0], cards[1], cards[2], cards[3], cards[4] = c0, c1, c2, c3, c4
                        mask = np.uint64(0)
                        for i in range(5):
                            mask |= np.uint64(1) << np.uint64(cards[i])
                        smallest = True
                        same = 0
                        for p in range(24):
                            renamed = np.uint64(0)
                            for i in range(5):
                                c = cards[i]
                                renamed |= np.uint64(1) << np.uint64((c & ~3) + perms[p, c & 3])
                            if renamed < mask:
                                smallest = False
                                break
                            if renamed == mask:
                                same += 1
                        if smallest:
                            for i in range(5):
                                out[n, i] = cards[i]
                            weights[n] = 24 // same
                            n += 1
    return out[:n], weights[:n]


@njit(cache=True, nogil=True)
def preflop_vs_random_counts(boards, weights, hand_class, n_classes, tables):
    """Wins and ties ``(2, n_classes)`` of every hand against every other hand, over the given boards.

    For each board (with its weight) and each two-card hand ``h`` off it,
    adds to row 0 of ``h``'s class (``hand_class[52 * a + b]``) the number of
    hands sharing no card with ``h`` or the board that ``h`` beats, and to
    row 1 the number it ties; both times the board's weight. ``tables`` is
    :class:`pokerlab.evaluator.kernels.HighTables`.
    """
    # Seven cards every time: the hash of 7-card keys only, smaller than the shared one.
    card_keys, offsets, rank_values = tables.card_keys, tables.rank7_offsets, tables.rank7_values
    flush_values = tables.flush_values
    shift = SIZED_RANK_SHIFT
    col_mask = np.uint64((1 << shift) - 1)
    sh = np.uint64(shift)
    counts = np.zeros((2, n_classes), dtype=np.int64)
    deck = np.empty(47, dtype=np.int64)
    values = np.empty(N_HOLES, dtype=np.int64)
    first = np.empty(N_HOLES, dtype=np.int64)  # deck index of each hand's cards
    second = np.empty(N_HOLES, dtype=np.int64)
    lower = np.zeros(47, dtype=np.int64)  # per card: hands holding it ranked below the current value
    equal = np.zeros(47, dtype=np.int64)  # per card: hands holding it at the current value
    for bi in range(boards.shape[0]):
        key = SUIT_INIT
        suited = np.uint64(0)
        used = np.uint64(0)
        for i in range(5):
            c = np.int64(boards[bi, i])
            key += card_keys[c]
            suited |= suited_bit(c)
            used |= np.uint64(1) << np.uint64(c)
        n = 0
        for c in range(52):
            if not (used >> np.uint64(c)) & np.uint64(1):
                deck[n] = c
                n += 1
        p = 0
        for i in range(47):
            a = deck[i]
            key_a = key + card_keys[a]
            suited_a = suited | suited_bit(a)
            for j in range(i + 1, 47):
                b = deck[j]
                k = key_a + card_keys[b]
                # The suited mask only for the 3 % that flush: hand_value on every hand measured 50 % slower here.
                s = flush_suit(k)
                if s >= 0:
                    values[p] = flush_values[flush_ranks(suited_a | suited_bit(b), s)]
                else:
                    values[p] = rank_value(k, offsets, rank_values, col_mask, sh)
                first[p] = i
                second[p] = j
                p += 1
        order = np.argsort(values)
        lower[:] = 0
        equal[:] = 0
        w = weights[bi]
        start = 0
        while start < N_HOLES:
            value = values[order[start]]
            end = start
            while end < N_HOLES and values[order[end]] == value:
                q = order[end]
                equal[first[q]] += 1
                equal[second[q]] += 1
                end += 1
            tied = end - start
            for t in range(start, end):
                q = order[t]
                i = first[q]
                j = second[q]
                cls = hand_class[52 * deck[i] + deck[j]]
                counts[0, cls] += w * (start - lower[i] - lower[j])
                counts[1, cls] += w * (tied - equal[i] - equal[j] + 1)
            for t in range(start, end):
                q = order[t]
                lower[first[q]] += 1
                lower[second[q]] += 1
                equal[first[q]] = 0
                equal[second[q]] = 0
            start = end
    return counts
