"""numba kernels of draw equity's Monte Carlo (five-card draws, badugi): the draws dealt, the showdowns tallied.

A block of deals is dealt from its own seed (:func:`~.sampling.block_seeds`) by a partial Fisher-Yates shuffle
of the unseen cards (:mod:`.rng_kernels`): each player's hand is its kept cards and the cards it draws. The
evaluator values the hands (any ruleset, outside these kernels); :func:`tally_showdowns` counts, per player, the
deals it won alone or shared with k - 1 others, as whole numbers, so a run's sums are the same in any order.
"""

from __future__ import annotations

from ...evaluator.jit import njit
from .rng_kernels import deal_next, seeded_state


@njit(cache=True, nogil=True)
def deal_draws(seeds, trials, unseen, kept, n_kept, draws, hands):
    """Deal ``trials`` deals per seed into ``hands`` (players, len(seeds) * trials, hand size): player ``p``'s row
    is its ``n_kept[p]`` kept cards (``kept[p]``) then ``draws[p]`` cards from ``unseen``, no card twice."""
    players = kept.shape[0]
    n = unseen.shape[0]
    deck = unseen.copy()
    row = 0
    for b in range(seeds.shape[0]):
        deck[:] = unseen  # a block's deals depend on its seed only, whichever blocks a thread dealt before it
        state = seeded_state(seeds[b])
        for _ in range(trials):
            top = 0
            for p in range(players):
                for j in range(n_kept[p]):
                    hands[p, row, j] = kept[p, j]
                for j in range(draws[p]):
                    state, c = deal_next(state, deck, top, n)
                    top += 1
                    hands[p, row, n_kept[p] + j] = c
            row += 1


@njit(cache=True, nogil=True)
def tally_showdowns(values, counts):
    """Add each deal of ``values`` (players, deals) to ``counts`` (players, players + 1): column 0 the deals,
    column k the deals the player won with k - 1 others tied (the best value, shared k ways)."""
    players, deals = values.shape
    for d in range(deals):
        best = values[0, d]
        for p in range(1, players):
            if values[p, d] > best:
                best = values[p, d]
        k = 0
        for p in range(players):
            if values[p, d] == best:
                k += 1
        for p in range(players):
            counts[p, 0] += 1
            if values[p, d] == best:
                counts[p, k] += 1
