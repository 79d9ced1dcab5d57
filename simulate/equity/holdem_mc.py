"""Hold'em's Monte Carlo: the kernel's inputs (alias tables of the ranges' weights), the run's tally of
blocks (each dealt from its own seed, on this machine's threads or a cluster's workers, by the one
stopping rule of :func:`.sampling.run_blocks`), and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...compiles import computing_seconds
from ...evaluator.api import high_tables
from ...evaluator.cards import cards_to_mask
from ...evaluator.layout import board_state
from .holdem_spot import HoldemPlayer
from .options import DEFAULT_STDERR, MAX_DEFAULT_TRIALS, NO_DEAL_FOUND, NoDealError, Progress
from .outcomes import outcome_shares, result_players
from .result import EquityResult
from .sampling import (
    LARGE_BLOCK_TRIALS,
    MAX_ROUND_BLOCKS,
    MIN_TRIALS_FOR_STDERR,
    map_on_threads,
    run_blocks,
    standard_errors,
)


class StoppedEarly(Exception):
    """Internal: a local Monte Carlo run was interrupted; carries the last finished round's totals."""

    def __init__(self, counts: np.ndarray, done: int, errors: np.ndarray) -> None:
        super().__init__("interrupted")
        self.counts, self.done, self.errors = counts, done, errors


def alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table (probability, alias) for sampling index i with chance weights[i] / sum.

    >>> prob, alias = alias_table(np.array([1.0, 3.0]))
    >>> prob.tolist(), alias.tolist()
    ([0.5, 1.0], [1, 1])
    """
    n = len(weights)
    scaled = np.asarray(weights, dtype=np.float64) * n / float(np.sum(weights))
    prob = np.ones(n)
    alias = np.arange(n, dtype=np.int64)
    small = [i for i in range(n) if scaled[i] < 1.0]
    large = [i for i in range(n) if scaled[i] >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob[s], alias[s] = scaled[s], g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return prob, alias


#: The Monte Carlo kernels' ``ranges``: every combo's cards, its alias table, and each range's start and length.
Ranges = tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]
#: Their ``board``: the board's key sum, suited ranks, the mask of cards out of the deck and the cards to come.
Board = tuple[Any, Any, np.uint64, int]


def mc_inputs(parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_mask: int) -> tuple[Ranges, Board]:
    """The Monte Carlo kernels' ``ranges`` (combos with alias tables) and ``board`` tuples."""
    combo_cards = np.concatenate([p.combos for p in parsed]).astype(np.int64)
    tables_alias = [alias_table(p.weights) for p in parsed]
    alias_prob = np.concatenate([t[0] for t in tables_alias])
    alias_index = np.concatenate([t[1] for t in tables_alias])
    range_len = np.array([len(p.combos) for p in parsed], dtype=np.int64)
    range_start = np.concatenate([[0], np.cumsum(range_len)[:-1]]).astype(np.int64)
    board_key, board_suited = board_state(board_ids, high_tables().card_keys)
    board_mask = np.uint64(cards_to_mask(board_ids) | dead_mask)
    ranges = (combo_cards, alias_prob, alias_index, range_start, range_len)
    board = (board_key, board_suited, board_mask, 5 - len(board_ids))
    return ranges, board


def mc_errors(counts: np.ndarray, done: int, share_m: np.ndarray) -> np.ndarray:
    """Standard error of every player's equity after ``done`` deals (NaN under ``MIN_TRIALS_FOR_STDERR``)."""
    if done < MIN_TRIALS_FOR_STDERR:
        return np.full(share_m.shape[1], np.nan)
    return standard_errors((counts @ share_m) / done, (counts @ (share_m**2)) / done, done)


def deal_blocks(seeds: NDArray[np.uint64], trials: int, ranges: Ranges, board: Board) -> tuple[NDArray[np.int64]]:
    """Counts by winner mask of a block of ``trials`` deals per seed, one row a block."""
    from . import mc_kernels as kernels  # numba-compiled: imported on first use

    counts = np.zeros((len(seeds), 1 << len(ranges[3])), dtype=np.int64)
    kernels.mc_blocks(seeds, trials, ranges, board, high_tables(), counts)
    return (counts,)


class HoldemTally:
    """A hold'em Monte Carlo run's counts by winner mask (see :func:`.sampling.run_blocks`). ``deal`` gets
    the blocks' seeds and their deals each, and returns the counts, one row a block."""

    def __init__(self, players: int, deal: Callable[[np.ndarray, int], np.ndarray]) -> None:
        self.share_m = outcome_shares(players)[2]
        self.deal = deal
        # One tuple, so that Ctrl-C never sees the counts and the deals out of step.
        self.totals: tuple[np.ndarray, int] = (np.zeros(1 << players, dtype=np.int64), 0)

    @property
    def done(self) -> int:
        return self.totals[1]

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        rows = self.deal(seeds, trials)
        if int(rows.sum()) < trials * len(seeds):  # a block gave up after a run of rejected deals
            raise NoDealError("no deal found: the players' hands or ranges (nearly) always share a card", NO_DEAL_FOUND)
        counts, done = self.totals
        self.totals = (counts + rows.sum(axis=0), done + trials * len(seeds))
        return True

    def errors(self) -> np.ndarray:
        return mc_errors(*self.totals, self.share_m)


def run_blocks_to_result(
    tally: HoldemTally, seed: int, trials: int | None, stderr: float | None, progress: Progress | None,
    max_round_blocks: int,
) -> tuple[NDArray[np.float64], float, int, NDArray[np.float64]]:  # fmt: skip
    """Run ``tally`` to the trials or the standard error asked: (counts, outcomes, deals, standard errors)."""
    limit = trials if trials is not None else MAX_DEFAULT_TRIALS
    target = stderr if stderr is not None else (DEFAULT_STDERR if trials is None else None)
    run_blocks(tally, seed, LARGE_BLOCK_TRIALS, limit, target, progress, max_round_blocks)
    counts, done = tally.totals
    return counts.astype(np.float64), float(done), done, tally.errors()


def run_monte_carlo(
    parsed: Sequence[HoldemPlayer], board_ids: Sequence[int], dead_mask: int, trials: int | None, stderr: float | None,
    seed: int, threads: int, progress: Progress | None,
) -> tuple[NDArray[np.float64], float, int, NDArray[np.float64]]:  # fmt: skip
    """Monte Carlo on this machine's ``threads``: (counts, outcomes, deals, standard errors)."""
    ranges, board = mc_inputs(parsed, board_ids, dead_mask)
    tally = HoldemTally(len(parsed), lambda seeds, n: map_on_threads(deal_blocks, seeds, threads, n, ranges, board)[0])
    try:
        return run_blocks_to_result(tally, seed, trials, stderr, progress, MAX_ROUND_BLOCKS)
    except KeyboardInterrupt:
        counts, done = tally.totals
        raise StoppedEarly(counts, done, tally.errors()) from None


def mc_result(
    parsed: Sequence[HoldemPlayer], counts: NDArray[np.float64], done: int, errors: NDArray[np.float64], start: float,
    seed: int, threads: int,
) -> EquityResult:  # fmt: skip
    return EquityResult(
        players=result_players(parsed, counts, float(done), errors),
        method="mc",
        outcomes=float(done),
        seconds=computing_seconds(start),
        trials=done,
        stderr=None if np.isnan(errors).any() else float(errors.max()),
        seed=seed,
        threads=threads,
    )
