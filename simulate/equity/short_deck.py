"""Short-deck hold'em equity (docs/rules.md 15): exact enumeration of every board and Monte Carlo, 2 to 10 players.

Hold'em with the 36-card deck (6 to A) and its ranking: a flush beats a full house and A-6-7-8-9 is the
lowest straight. A player is a hand (``"AsKs"``) or ``"random"``, a hand nobody knows, dealt from the cards
left; ``board`` is 0 to 5 cards of the board and ``dead`` cards out of play. Every card is a short-deck card.

Exact enumeration scores every completion of the board (at most C(32, 5) = 201,376 boards, heads-up before
the flop) and needs every hand known; Monte Carlo deals the board and the random players' hands, seeded,
and stops after ``trials`` deals or at a standard-error target. ``method="auto"`` is exact unless a player
is random. Ties are credited ``1/k`` for a ``k``-way split, as in hold'em.

>>> r = short_deck_equity(["AsAh", "KsKh"])
>>> r.method, r.boards, round(r.players[0].equity, 4), r.game
('exact', 201376, 0.7502, 'short-deck')
>>> r = short_deck_equity(["AsKs", "random"], board="6c7d8h", method="mc", trials=20_000, seed=1)
>>> r.trials, 0.4 < r.players[0].equity < 0.6, r.stderr < 0.01
(20000, True, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ...compiles import computing_seconds
from ...evaluator.cards import SHORT_DECK_SIZE, deck_ids, format_cards
from .options import DEFAULT_STDERR, EquityError, check_options, fresh_seed
from .pot_stats import N_STATS, STAT_HIGH_TIE, STAT_HIGH_WIN, STAT_SHARE, share_errors
from .result import EquityResult, PlayerEquity
from .sampling import BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, run_blocks
from .spot_cards import CardOwners, check_player_count, read_cards

GAME = "short-deck"
MAX_PLAYERS = 10
#: What a player's unknown hand is written as.
RANDOM = "random"
#: Monte Carlo's deals at most when only a standard-error target stops it.
MAX_DEFAULT_TRIALS = 50_000_000

Progress = Callable[[float], None]


def _spot(players: Sequence[Any], board: Any, dead: Any) -> tuple[list[list[int] | None], list[int], list[int]]:
    """(each player's two cards, or None for a random one; the board; the cards left), checked."""
    check_player_count(players, MAX_PLAYERS, "short-deck")
    owners = CardOwners()
    hands: list[list[int] | None] = []
    for i, given in enumerate(players):
        if isinstance(given, str) and given.strip().lower() == RANDOM:
            hands.append(None)
            continue
        ids = read_cards(given, f"player {i + 1}", deck_size=SHORT_DECK_SIZE)
        if len(ids) != 2:
            raise EquityError(f"player {i + 1} has {len(ids)} cards; a short-deck hand is two cards, or 'random'")
        hands.append(ids)
        owners.claim(ids, i)
    board_ids = read_cards(board, "board", deck_size=SHORT_DECK_SIZE)
    if len(board_ids) > 5:
        raise EquityError(f"a board is at most 5 cards, got {len(board_ids)}")
    owners.claim(board_ids, "the board")
    owners.claim(read_cards(dead, "dead cards", deck_size=SHORT_DECK_SIZE), "the dead cards")
    pool = [c for c in deck_ids(SHORT_DECK_SIZE) if not owners.holds(c)]
    needed = 5 - len(board_ids) + 2 * sum(hand is None for hand in hands)
    if needed > len(pool):
        raise EquityError(f"the {len(pool)} cards left cannot deal the {needed} cards this deal needs")
    return hands, board_ids, pool


def _tables() -> tuple:
    from ...evaluator.variants import variant_tables

    t = variant_tables(GAME)
    return (t.card_keys, t.offsets, t.values, t.flush_values, np.int64(t.shift))


def _keys(hands: list[list[int] | None], board: list[int], card_keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each player's key sum (``SUIT_INIT`` included) and suited-rank mask of its known cards and the board."""
    from ...evaluator.layout import board_state

    keys, suited = np.empty(len(hands), dtype=np.uint64), np.empty(len(hands), dtype=np.uint64)
    for p, hand in enumerate(hands):
        keys[p], suited[p] = board_state([*(hand or []), *board], card_keys)
    return keys, suited


def short_deck_equity(
    players: Sequence[Any],
    board: Any = None,
    dead: Any = None,
    *,
    method: str = "auto",
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
) -> EquityResult:
    """Equity of 2 to 10 short-deck hands (or ``"random"`` players), exactly or by Monte Carlo.

    ``method``: ``"exact"`` (every board; every hand known), ``"mc"`` or ``"auto"``; Monte Carlo stops after
    ``trials`` deals or once every player's standard error is at most ``stderr`` (default 5e-4), and the
    same ``seed`` gives the same result whatever ``threads`` is.

    >>> r = short_deck_equity(["Ah Kh", "Qc Qd"], board="Th 9h 6c")
    >>> r.boards, [round(p.equity, 4) for p in r.players]
    (406, [0.6022, 0.3978])
    """
    start = time.perf_counter()
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"method must be 'auto', 'exact' or 'mc', got {method!r}")
    check_options(trials, stderr, seed, threads)
    if progress is not None and not callable(progress):
        raise EquityError(f"progress must be a function of the fraction done, got {type(progress).__name__}")
    hands, board_ids, pool = _spot(players, board, dead)
    # numba and the kernels once the spot is checked, here only (passed on as ``sk``): a refused call, and a
    # process that never computes short deck, do without them.
    from numba import get_num_threads, set_num_threads

    from . import short_deck_kernels as sk

    n_threads = int(threads) if threads else get_num_threads()
    unknown = any(hand is None for hand in hands)
    if method == "exact" and unknown:
        raise EquityError("exact short-deck equity needs every hand; 'random' players are dealt by method='mc'")
    previous = get_num_threads()
    set_num_threads(min(n_threads, previous))
    try:
        if method == "mc" or unknown:
            return _monte_carlo(hands, board_ids, pool, trials, stderr, seed, n_threads, progress, start, sk)
        stats, boards = _exact(hands, board_ids, pool, sk)
    finally:
        set_num_threads(previous)
    if progress is not None:
        progress(1.0)
    return _result(hands, pool, stats, boards, "exact", start, n_threads, errors=np.zeros(len(hands)))


def _exact(hands: list, board: list[int], pool: list[int], sk: Any) -> tuple[np.ndarray, int]:
    t = _tables()
    keys, suited = _keys(hands, board, t[0])
    k = 5 - len(board)
    if k == 0:
        stats, boards = sk.exact_dealt(keys, suited, t)
        return stats, boards
    parts, counts = sk.exact_all(keys, suited, np.array(pool, dtype=np.int64), k, t)
    return parts.sum(axis=0), int(counts.sum())


class _Tally:
    """A Monte Carlo run's sums (see :func:`pokerlab.simulate.equity.sampling.run_blocks`)."""

    def __init__(self, blocks, keys, suited, missing, k, pool, tables) -> None:  # type: ignore[no-untyped-def]
        self.blocks = blocks  # short_deck_kernels.mc_blocks
        self.inputs = (keys, suited, missing, k, pool, tables)
        self.stats = np.zeros((keys.shape[0], N_STATS))
        self.done = 0

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        self.stats += self.blocks(seeds, trials, *self.inputs).sum(axis=0)
        self.done += len(seeds) * trials
        return True

    def errors(self) -> np.ndarray:
        return share_errors(self.stats, self.done)


def _monte_carlo(hands, board, pool, trials, stderr, seed, n_threads, progress, start, sk) -> EquityResult:  # type: ignore[no-untyped-def]
    seed = fresh_seed() if seed is None else seed
    target = stderr if stderr is not None else (None if trials is not None else DEFAULT_STDERR)
    limit = trials if trials is not None else MAX_DEFAULT_TRIALS
    t = _tables()
    keys, suited = _keys(hands, board, t[0])
    missing = np.array([2 if hand is None else 0 for hand in hands], dtype=np.int64)
    tally = _Tally(sk.mc_blocks, keys, suited, missing, 5 - len(board), np.array(pool, dtype=np.int64), t)
    run_blocks(tally, seed, BLOCK_TRIALS, limit, target, progress)
    errors = tally.errors() if tally.done >= MIN_TRIALS_FOR_STDERR else None
    return _result(hands, pool, tally.stats, tally.done, "mc", start, n_threads, errors, seed)


def _result(hands, pool, stats, deals, method, start, n_threads, errors, seed=None) -> EquityResult:  # type: ignore[no-untyped-def]
    out = []
    for p, hand in enumerate(hands):
        wins, ties = int(round(stats[p, STAT_HIGH_WIN])), int(round(stats[p, STAT_HIGH_TIE]))
        out.append(
            PlayerEquity(
                hand=RANDOM if hand is None else format_cards(hand),
                combos=math.comb(len(pool), 2) if hand is None else 1,
                win=wins / deals,
                tie=ties / deals,
                equity=float(stats[p, STAT_SHARE]) / deals,
                wins=wins,
                ties=ties,
                stderr=None if errors is None else float(errors[p]),
            )
        )
    exact = method == "exact"
    return EquityResult(
        out,
        method,
        float(deals),
        computing_seconds(start),
        boards=deals if exact else None,
        trials=None if exact else deals,
        stderr=0.0 if exact else (None if errors is None else float(errors.max())),
        seed=seed,
        threads=n_threads,
        game=GAME,
    )
