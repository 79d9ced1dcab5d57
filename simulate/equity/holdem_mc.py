"""Hold'em's Monte Carlo: the kernel's inputs (alias tables of the ranges' weights), blocks dealt on one
xoshiro stream a thread, a block size that doubles and then follows the standard error's prediction, and
the result."""

from __future__ import annotations

from functools import partial

import numpy as np

from ...compiles import computing_seconds
from ...evaluator.api import high_tables
from ...evaluator.cards import cards_to_mask
from ...evaluator.layout import board_state
from .holdem_exact import outcome_shares, result_players
from .options import DEFAULT_STDERR, MAX_DEFAULT_TRIALS, EquityError
from .result import EquityResult
from .sampling import MIN_TRIALS_FOR_STDERR, on_threads, predicted_trials, standard_errors


class StoppedEarly(Exception):
    """Internal: a local Monte Carlo run was interrupted; carries the last finished block's totals."""

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


def mc_inputs(parsed, board_ids, dead_mask) -> tuple[tuple, tuple]:
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


def run_monte_carlo(parsed, board_ids, dead_mask, trials, stderr, seed, threads, progress):
    from . import mc_kernels as kernels  # numba-compiled: imported on first use

    tables = high_tables()
    ranges, board = mc_inputs(parsed, board_ids, dead_mask)
    states = kernels.seed_streams(np.uint64(seed), threads)
    share_m = outcome_shares(len(parsed))[2]
    counts = np.zeros(1 << len(parsed), dtype=np.int64)
    limit = trials if trials is not None else MAX_DEFAULT_TRIALS
    target = stderr if stderr is not None else (DEFAULT_STDERR if trials is None else None)
    block = 1 << 15
    done = 0
    errors = np.full(len(parsed), np.inf)
    # The last finished block's totals as one tuple, so Ctrl-C never sees counts and trials out of step.
    finished = (counts, done, errors)  # _monte_carlo_block returns new arrays: no copy needed
    try:
        while done < limit:
            finished = _monte_carlo_block(
                kernels, tables, ranges, board, states, threads, share_m, counts, done, min(block, limit - done)
            )
            counts, done, errors = finished
            if progress is not None:
                needed = predicted_trials(done, float(errors.max()), target)
                progress(min(1.0, done / (limit if needed is None else min(limit, needed))))
            if target is not None and errors.max() <= target and done >= 10_000:
                break
            block = _next_mc_block(block, done, errors, target)
    except KeyboardInterrupt:
        raise StoppedEarly(*finished) from None
    return counts.astype(np.float64), float(done), done, errors


def _next_mc_block(block: int, done: int, errors: np.ndarray, target: float | None) -> int:
    """Deals in the next Monte Carlo block: double the last one, or once the standard error is
    estimated from 64k deals, just what it predicts the target needs (3 % spare, at least 32k).

    Doubling alone overshoots by up to half a run (QQ+,AKs vs random vs random to 2.5e-4 needs
    about 3.6 M deals and doubling stops at 4.2 M).

    >>> _next_mc_block(1 << 20, 1 << 20, np.array([1.5e-3, 1e-3]), 1e-3)  # needs 2.25 M, has 1 M
    1381498
    """
    doubled = min(block * 2, 1 << 22)
    predicted = predicted_trials(done, float(errors.max()), target)
    if predicted is None or done < 1 << 16:
        return doubled
    needed = int(predicted * 1.03) - done
    return min(max(needed, 1 << 15), doubled)


def _monte_carlo_block(kernels, tables, ranges, board, states, threads, share_m, counts, done, wanted):
    """Deal one block of ``wanted`` trials: the new ``(counts, done, errors)``, ``counts`` left untouched."""
    per_stream = wanted // threads
    block_counts = np.zeros((threads, len(counts)), dtype=np.int64)
    if per_stream == 0 or threads == 1:
        # One stream: no thread pool to wake (also for a last few deals, fewer than streams).
        kernels.mc_stream(states[0], wanted, ranges, board, tables, block_counts[0])
        requested = wanted
    else:
        on_threads([partial(kernels.mc_stream, states[s], per_stream, ranges, board, tables, block_counts[s])
                    for s in range(threads)])  # fmt: skip
        requested = per_stream * threads
    accepted = int(block_counts.sum())
    if accepted < requested:  # a stream gave up after a run of rejected deals
        raise EquityError("no deal found: the players' hands or ranges (nearly) always share a card")
    counts = counts + block_counts.sum(axis=0)
    return counts, done + accepted, mc_errors(counts, done + accepted, share_m)


def mc_result(parsed, counts, done: int, errors, start: float, seed: int, threads: int) -> EquityResult:
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
