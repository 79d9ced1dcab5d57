"""numba kernel for exact draw-versus-draw equity (see :func:`simulate.draw.draw_equity`)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def enumerate_joint_draws(offsets, masks, values, n_players):  # pragma: no cover - numba
    """Walk every joint draw with no card drawn twice; count wins, ties and tie shares per player.

    Player ``p``'s possible draws are rows ``offsets[p]:offsets[p + 1]`` of
    ``masks`` (the drawn cards) and ``values`` (the final hand). Players draw
    in order from one stub, so every disjoint combination is equally likely.
    """
    wins = np.zeros(n_players, dtype=np.int64)
    ties = np.zeros(n_players, dtype=np.int64)
    share = np.zeros(n_players, dtype=np.float64)
    idx = np.zeros(n_players, dtype=np.int64)
    used = np.zeros(n_players + 1, dtype=np.uint64)
    total = 0
    last = n_players - 1
    p = 0
    idx[0] = offsets[0]
    while p >= 0:
        if p == last:
            # The last player's draws, scanned in one tight loop.
            best_before = 0
            for q in range(last):
                if values[idx[q]] > best_before:
                    best_before = values[idx[q]]
            for j in range(offsets[last], offsets[last + 1]):
                if masks[j] & used[last]:
                    continue
                v = values[j]
                best = max(v, best_before)
                count = 0
                for q in range(last):
                    if values[idx[q]] == best:
                        count += 1
                if v == best:
                    count += 1
                for q in range(last):
                    if values[idx[q]] == best:
                        if count == 1:
                            wins[q] += 1
                        else:
                            ties[q] += 1
                            share[q] += 1.0 / count
                if v == best:
                    if count == 1:
                        wins[last] += 1
                    else:
                        ties[last] += 1
                        share[last] += 1.0 / count
                total += 1
            p -= 1
            if p >= 0:
                idx[p] += 1
            continue
        j = idx[p]
        end = offsets[p + 1]
        while j < end and masks[j] & used[p]:
            j += 1
        if j == end:
            p -= 1
            if p >= 0:
                idx[p] += 1
            continue
        idx[p] = j
        used[p + 1] = used[p] | masks[j]
        p += 1
        idx[p] = offsets[p]
    return wins, ties, share, total
