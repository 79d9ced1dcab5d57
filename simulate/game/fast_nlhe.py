"""Fast path: random-acting no-limit hold'em hands in a numba kernel, for simulation throughput.

Same rules and the same random policy as driving :class:`pokerlab.simulate.game.state.State`
with :func:`pokerlab.simulate.game.random_play.random_action`; a test replays recorded hands
through the main engine and compares every legal range and every payout. numba is
imported and the kernel compiled (then cached on disk) on the first call only.

>>> result = simulate_random_nlhe(1000, players=6, stack=200, small_blind=1, big_blind=2, seed=1)
>>> result.hands, int(result.nets.sum())
(1000, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.errors import InputError
from pokerlab.evaluator.api import high_tables
from pokerlab.evaluator.tables import SIZED_RANK_SHIFT

MAX_MOVES = 512  # per recorded hand; random play never comes close with 100-big-blind stacks


@dataclass
class FastResult:
    """Totals of a fast simulation; with ``record`` also every hand's deck and moves.

    ``nets``: chips won or lost per seat (summed over hands, or one row per hand when recorded).
    ``moves[h, k]``: (seat, kind 0 fold / 1 check / 2 call / 3 raise, raise-to, min-to, max-to).
    """

    hands: int
    nets: np.ndarray
    decks: np.ndarray | None = None
    moves: np.ndarray | None = None
    move_counts: np.ndarray | None = None


def simulate_random_nlhe(
    hands: int,
    players: int = 6,
    stack: int | Sequence[int] = 200,
    small_blind: int = 1,
    big_blind: int = 2,
    seed: int = 0,
    record: bool = False,
) -> FastResult:
    """Play ``hands`` hands of no-limit hold'em with random legal actions; every hand starts from ``stack``.

    ``stack`` is one stack for every seat or a stack per seat (unequal stacks make side pots).

    The button moves one seat per hand (hand h has the button at seat ``h % players``).

    >>> simulate_random_nlhe(10, players=2, seed=3, record=True).nets.shape
    (10, 2)
    """
    if not 2 <= players <= 10:
        raise InputError(f"players must be 2..10, got {players}")
    stacks = np.array([stack] * players if isinstance(stack, int) else list(stack), dtype=np.int64)
    if stacks.shape != (players,) or stacks.min() <= 0 or big_blind <= 0 or small_blind < 0 or small_blind > big_blind:
        raise InputError(
            "stacks (one per seat) and big blind must be positive and the small blind at most the big blind"
        )
    from .fast_nlhe_kernels import simulate  # numba: imported (and compiled or loaded) on the first call

    tables = high_tables()
    rows = hands if record else 1
    nets = np.zeros((rows, players), np.int64)
    decks = np.zeros((hands if record else 1, 52), np.int64)
    moves = np.zeros((hands if record else 1, MAX_MOVES if record else 1, 5), np.int64)
    counts = np.zeros(hands if record else 1, np.int64)
    simulate(
        hands,
        players,
        stacks,
        small_blind,
        big_blind,
        seed,
        tables.card_keys,
        tables.rank7_offsets,  # showdowns rank seven cards: the hash of 7-card keys only
        tables.rank7_values,
        tables.flush_values,
        SIZED_RANK_SHIFT,
        record,
        moves,
        counts,
        decks,
        nets,
    )
    if not record:
        return FastResult(hands, nets[0])
    return FastResult(hands, nets, decks, moves, counts)
