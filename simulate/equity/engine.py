"""Hold'em equity: exact enumeration and Monte Carlo over hands and ranges.

>>> r = equity(["AsAh", "KsKh"])
>>> r.method, r.boards, round(r.players[0].equity, 6)
('exact', 1712304, 0.826366)
>>> r.players[0].wins, r.players[1].wins, r.players[0].ties
(1410336, 292660, 9308)

A player is a specific hand (``"AsAh"``), a range (``"QQ+,AKs"``,
``"random"``; see :mod:`pokerlab.simulate.ranges.parse`) or a :class:`~pokerlab.simulate.ranges.parse.Range`.
Ties are credited ``1/k`` for a ``k``-way split. Card removal is exact: the
board, dead cards and the other players' cards remove combos, and a deal is
weighted by the product of its combos' weights.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeGuard, TypeVar

import numpy as np

from ...errors import PokerlabError
from ...evaluator.api import high_tables
from ...evaluator.cards import CardError, cards_to_mask, format_cards, parse_cards, to_card_ids
from ...evaluator.layout import board_state
from ..ranges.classes import class_combos, hand_class
from ..ranges.headsup_table import BOARDS as HEADSUP_BOARDS, lookup as lookup_headsup
from ..ranges.parse import Range, RangeError, parse_range
from ..ranges.table import load_preflop_table
from .postflop import postflop_work, run_exact_postflop
from .result import EquityResult, PlayerEquity
from .sampling import MIN_TRIALS_FOR_STDERR, fresh_seed, predicted_trials, standard_errors

PlayerLike = str | Range | Sequence[int]
CardsLike = str | Sequence[int] | None
Progress = Callable[[float], None]
_T = TypeVar("_T")

MAX_PLAYERS = 10
EXACT_BUDGET_SECONDS = 1.0  # method="auto" enumerates when the estimate is below this
_NS_PER_PLAYER_BOARD = 4.0  # measured cost of one player on one board, for the estimate
_NS_PER_PREFLOP = 40_000.0  # Python and allocation cost of one unique deal
_NS_PER_DEAL_GROUPED = 15_000.0  # Python cost of listing and grouping one deal
_GROUP_FIRST_DEALS = 20_000  # below this many deals, group them before choosing the method
_NS_PER_POSTFLOP_STEP = 5.0  # one combo ranked or one deal scored on one board, after the flop
# After the flop, below this estimate (one thread) the count runs on one thread: on 2 cores the turn spot
# AhKh vs QQ+,AQs+,KQs took 32 us on one thread and 500 us on two, AhKh vs random on Qh7h2c3s 112 and 617 us.
_POSTFLOP_PARALLEL_SECONDS = 1e-3
DEFAULT_STDERR = 5e-4
MAX_DEFAULT_TRIALS = 200_000_000
#: The smallest standard-error target: 0.5 / sqrt(MAX_TRIALS) rounded up (an equity's spread is at most 0.5).
MIN_STDERR = 2e-6
MAX_TRIALS = 10**11  # hours of Monte Carlo on one machine: a larger request is a typo
MAX_SEED = 2**64 - 1  # seeds are 64-bit (xoshiro streams)
MAX_EXACT_SECONDS = 600.0  # method="exact" refuses a job estimated to take longer
MAX_EXACT_DEALS = 2_000_000  # and one listing more deals (their grouping is held in memory)
HEADSUP_TABLE_MAX_DEALS = 250_000  # heads-up preflop: pairs of combos summed from the shipped table (a few ms)


class EquityError(PokerlabError, ValueError):
    """Impossible or inconsistent equity input (overlapping cards, empty ranges, ...)."""


class EquityInterrupted(KeyboardInterrupt):
    """Ctrl-C during a Monte Carlo run: a ``KeyboardInterrupt`` that carries the result so far.

    ``partial`` is the result of the trials finished before the interrupt, with their standard
    error, or None when none had finished. Code that only catches ``KeyboardInterrupt`` is unaffected.

    >>> issubclass(EquityInterrupted, KeyboardInterrupt), EquityInterrupted(None).partial
    (True, None)
    """

    def __init__(self, partial: EquityResult | None) -> None:
        super().__init__("interrupted")
        self.partial = partial


class _StoppedEarly(Exception):
    """Internal: a local Monte Carlo run was interrupted; carries the last finished block's totals."""

    def __init__(self, counts: np.ndarray, done: int, errors: np.ndarray) -> None:
        super().__init__("interrupted")
        self.counts, self.done, self.errors = counts, done, errors


@dataclass(frozen=True, eq=False)  # eq=False: hashed by identity, a key of the stacked-input cache
class _Player:
    text: str
    combos: np.ndarray  # (M, 2) uint8, read-only, after removing board and dead cards
    weights: np.ndarray  # (M,) float64, read-only
    hole: tuple[int, ...] | None  # the cards of a one-combo player, else None
    whole: bool  # every weight a whole number: counts are reported as ints


def _player(text: str, combos: np.ndarray, weights: np.ndarray) -> _Player:
    """A parsed player, its arrays read-only: cached players are shared by every call."""
    combos.setflags(write=False)
    weights.setflags(write=False)
    hole = tuple(combos[0].tolist()) if len(combos) == 1 else None
    return _Player(text, combos, weights, hole, bool(np.all(np.mod(weights, 1) == 0)))


def _specific_hand(index: int, cards: list[int], removed: int) -> _Player:
    """One fixed two-card hand (no Range needed), checked against the board and dead cards."""
    hand = sorted(cards, reverse=True)
    text = format_cards(hand)
    bad = [c for c in hand if removed >> c & 1]
    if bad:
        raise EquityError(f"player {index + 1}'s hand {text} uses {format_cards(bad)}, which is on the board or dead")
    return _player(text, np.array([hand], dtype=np.uint8), np.ones(1))


def _as_player(index: int, player: PlayerLike, removed: int) -> _Player:
    """Parse one player and drop combos that touch the board or dead cards."""
    if isinstance(player, str):
        text = player.strip()
        # A percentage reads the class order from another module every time, as parse_range does.
        return (_parse_text_player if "%" in text else _text_player)(index, text, removed)
    if isinstance(player, Range):
        return _range_player(index, player, str(player), removed)
    return _specific_hand(index, to_card_ids(player, count=2), removed)


def _parse_text_player(index: int, text: str, removed: int) -> _Player:
    try:
        cards = parse_cards(text)
    except CardError:
        cards = None
    if cards is not None and len(cards) == 2:
        return _specific_hand(index, cards, removed)
    try:
        rng = parse_range(text)
    except RangeError as exc:
        raise RangeError(f"player {index + 1}: {exc}") from None
    return _range_player(index, rng, text, removed)


# A player's text with the removed cards always gives the same (immutable) player: parsed once.
# Measured on the exact turn spot (AhKh vs QQ+,AQs+,KQs): 35 us of parsing, removal and copies -> 0.3 us.
# Errors are not cached (lru_cache keeps only returns): a bad player is parsed, and reported, every time.
_text_player = lru_cache(maxsize=1024)(_parse_text_player)


def _range_player(index: int, rng: Range, text: str, removed: int) -> _Player:
    kept = rng.remove(removed)
    if len(kept) == 0:
        if len(rng) == 1:
            bad = format_cards(c for c in rng.combos[0] if removed >> int(c) & 1)
            raise EquityError(f"player {index + 1}'s hand {text} uses {bad}, which is on the board or dead")
        raise EquityError(
            f"player {index + 1}'s range {text!r} has no combos left once the board and dead cards are removed"
        )
    return _player(text, kept.combos.astype(np.uint8), kept.weights.astype(np.float64))


@lru_cache(maxsize=1024)
def _text_cards(text: str) -> tuple[tuple[int, ...], int]:
    """Card ids and mask of a board or dead-card text, parsed once (errors are raised every time)."""
    ids = to_card_ids(text)
    return tuple(ids), cards_to_mask(ids)


_BOARD_SIZES = (0, 3, 4, 5)
_DEAD_SIZES = tuple(range(0, 45))


def _cards_mask(cards: CardsLike, what: str, allowed: tuple[int, ...]) -> tuple[list[int], int]:
    if cards is None or cards == "":
        ids: list[int] = []
        mask = 0
    else:
        try:
            if isinstance(cards, str):
                cached, mask = _text_cards(cards)
                ids = list(cached)
            else:
                ids = to_card_ids(cards)
                mask = cards_to_mask(ids)
        except CardError as exc:
            raise CardError(f"{what}: {exc}") from None
    if len(ids) not in allowed:
        raise EquityError(f"{what} must have {' or '.join(map(str, allowed))} cards, got {len(ids)}")
    return ids, mask


def _prepare(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike):
    if isinstance(players, (str, Range)) or not 2 <= len(players) <= MAX_PLAYERS:
        count = 1 if isinstance(players, (str, Range)) else len(players)
        raise EquityError(f"equity needs 2 to {MAX_PLAYERS} players, got {count}")
    board_ids, board_mask = _cards_mask(board, "board", _BOARD_SIZES)
    dead_ids, dead_mask = _cards_mask(dead, "dead cards", _DEAD_SIZES)
    if board_mask & dead_mask:
        both = format_cards(c for c in board_ids if dead_mask >> c & 1)
        raise EquityError(f"{both} is both on the board and dead")
    removed = board_mask | dead_mask
    parsed = [_as_player(i, p, removed) for i, p in enumerate(players)]
    # Two players holding the same fixed card can never be dealt.
    seen: dict[int, int] = {}
    for i, p in enumerate(parsed):
        if p.hole is None:
            continue
        for c in p.hole:
            if c in seen:
                raise EquityError(f"players {seen[c] + 1} and {i + 1} both hold {format_cards([c])}")
            seen[c] = i
    unseen = 52 - len(board_ids) - len(dead_ids) - 2 * len(parsed)
    if unseen < 5 - len(board_ids):
        raise EquityError("not enough cards left in the deck for the board")
    return parsed, board_ids, dead_ids, board_mask, dead_mask


def _preflops(parsed: list[_Player]):
    """Every deal of one combo per player with no shared card: (combo indices, weight)."""
    n = len(parsed)
    bits = [
        (np.uint64(1) << p.combos[:, 0].astype(np.uint64)) | (np.uint64(1) << p.combos[:, 1].astype(np.uint64))
        for p in parsed
    ]
    masks = [[int(m) for m in arr] for arr in bits]  # Python ints: the walk tests and ors them one at a time
    choice = [0] * n

    def walk(p: int, used: int, weight: float):
        if p == n:
            yield tuple(choice), weight
            return
        for j, m in enumerate(masks[p]):
            if used & m:
                continue
            choice[p] = j
            yield from walk(p + 1, used | m, weight * parsed[p].weights[j])

    yield from walk(0, 0, 1.0)


def _canonical(board: list[int], dead: list[int], holes: list[tuple[int, int]]) -> tuple:
    """A key equal for two deals exactly when a renaming of suits maps one onto the other.

    Each suit is described by the ranks it holds (as 13-bit masks) on the
    board, among the dead cards and in each player's hand; the deal's key is
    those four descriptions sorted. Renaming suits only reorders them, and
    the sorted descriptions determine the deal up to such a renaming.
    """
    groups = [board, dead, *holes]
    described = [[0] * len(groups) for _ in range(4)]
    for g, cards in enumerate(groups):
        for c in cards:
            described[c & 3][g] |= 1 << (c >> 2)
    return tuple(sorted(map(tuple, described)))


@lru_cache(maxsize=16)
def outcome_shares(n_players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per winner mask: outright-win, tie and equity-share matrices (2**n, n)."""
    masks = np.arange(1 << n_players)
    member = ((masks[:, None] >> np.arange(n_players)) & 1).astype(np.float64)
    size = member.sum(axis=1)
    win = member * (size == 1)[:, None]
    tie = member * (size > 1)[:, None]
    share = np.divide(member, size[:, None], out=np.zeros_like(member), where=size[:, None] > 0)
    for matrix in (win, tie, share):
        matrix.flags.writeable = False  # cached: shared by every call
    return win, tie, share


def _count_units(holes: np.ndarray, firsts: np.ndarray, board_ids, dead_mask, workers: int = 1):
    """Counts by winner mask (n, 2**players) and boards (n,) of deals ``holes`` (n, players, 2) split by ``firsts``.

    ``firsts[i] = -1`` takes every board; ``f >= 0`` only the boards whose first
    card (in the unseen cards' order, highest first) is the f-th: the splits
    ``0 .. unseen - cards to come`` partition the boards of a deal.
    """
    from .rank_boards import count_deals, count_deals_parallel, rank_multisets  # numba-compiled: imported on first use

    counts = np.zeros((len(holes), 1 << holes.shape[1]), dtype=np.int64)
    boards = np.zeros(len(holes), dtype=np.int64)
    args = (holes, firsts, np.array(board_ids, dtype=np.int64), np.uint64(dead_mask), rank_multisets(), high_tables())
    if workers > 1 and len(holes) > 1:
        count_deals_parallel(*args, counts, boards, min(workers, len(holes)))
    else:
        count_deals(*args, counts, boards)
    return counts, boards


def _group_deals(parsed, board_ids, dead_ids) -> dict[tuple, list]:
    """Deals grouped by suit-isomorphic form: canonical key -> [hole cards, total weight, deals]."""
    groups: dict[tuple, list] = {}
    combos = [[(int(a), int(b)) for a, b in p.combos.tolist()] for p in parsed]
    for choice, weight in _preflops(parsed):
        holes = [combos[p][j] for p, j in enumerate(choice)]
        key = _canonical(board_ids, dead_ids, holes)
        group = groups.get(key)
        if group is None:
            groups[key] = [holes, weight, 1]
        else:
            group[1] += weight
            group[2] += 1
    return groups


def _estimate_exact_seconds(parsed, board_ids, dead_ids, threads: int, groups: dict | None) -> float:
    """Rough time of an exact run; known groups of isomorphic deals make it sharper."""
    n_deals = math.prod(len(p.combos) for p in parsed)
    unique = n_deals if groups is None else len(groups)
    unseen = 52 - len(board_ids) - len(dead_ids) - 2 * len(parsed)
    boards = math.comb(unseen, 5 - len(board_ids))
    # Scoring rank multisets and only the flush boards one by one cuts the boards by about 30x.
    per_deal = boards * len(parsed) * _NS_PER_PLAYER_BOARD / 30 / threads + _NS_PER_PREFLOP
    return (unique * per_deal + n_deals * _NS_PER_DEAL_GROUPED) * 1e-9


@lru_cache(maxsize=16)
def _outcome_matrix(n_players: int) -> np.ndarray:
    """:func:`outcome_shares`' three matrices side by side (2**n, 3n): wins, ties and shares in one product."""
    matrix = np.hstack(outcome_shares(n_players))
    matrix.flags.writeable = False
    return matrix


def _result_players(parsed, counts, outcomes, stderrs=None) -> list[PlayerEquity]:
    if not (math.isfinite(outcomes) and outcomes > 0):
        raise EquityError("no deal with a nonzero weight is possible: the players' ranges always share a card")
    n = len(parsed)
    outcomes = float(outcomes)  # a numpy float from some engines: the fields are plain floats
    # One product (none heads-up) and plain floats: three products and numpy scalar arithmetic per
    # field took 35 us of the exact turn spot's call, now 5 us.
    if n == 2:  # counts by winner mask: nobody, player 1, player 2, both; the same sums the product makes
        _, first, second, both = counts.tolist()
        wins, ties, shares = [first, second], [both, both], [first + both * 0.5, second + both * 0.5]
    else:
        totals = (counts @ _outcome_matrix(n)).tolist()
        wins, ties, shares = totals[:n], totals[n : 2 * n], totals[2 * n :]
    errors = None if stderrs is None else stderrs.tolist()
    # A deal counts with the product of its combos' weights: whole numbers only when every weight is.
    as_int = all(p.whole for p in parsed)
    result = []
    for i, p in enumerate(parsed):
        win, tie = wins[i], ties[i]
        result.append(
            _frozen(
                PlayerEquity,
                hand=p.text,
                combos=len(p.combos),
                win=win / outcomes,
                tie=tie / outcomes,
                equity=shares[i] / outcomes,
                wins=int(round(win)) if as_int else win,
                ties=int(round(tie)) if as_int else tie,
                stderr=0.0 if errors is None else (None if math.isnan(errors[i]) else errors[i]),
            )
        )
    return result


def _frozen(cls: type[_T], **fields: Any) -> _T:
    """An instance of the frozen dataclass ``cls`` (no ``__post_init__``) from every one of its fields.

    The generated ``__init__`` of a frozen dataclass sets each field through ``object.__setattr__``:
    measured 1.4-3.4 us per PlayerEquity against 0.4-1.1 us filling the instance's dict at once, and a
    small exact spot builds three such objects. The instance stays frozen.

    >>> p = _frozen(PlayerEquity, hand="AA", combos=6, win=1.0, tie=0.0, equity=1.0, wins=6, ties=0, stderr=0.0)
    >>> p == PlayerEquity("AA", 6, 1.0, 0.0, 1.0, 6, 0, 0.0)
    True
    """
    obj: _T = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def _exact_units(groups: list, board_ids, dead_ids, n_players: int, split: bool) -> list[tuple[int, int]]:
    """(group, first board card) units of work; with ``split`` each deal is split by its first board card."""
    cards_left = 5 - len(board_ids)
    unseen = 52 - len(board_ids) - len(dead_ids) - 2 * n_players
    firsts = list(range(unseen - cards_left + 1)) if split and cards_left >= 2 else [-1]
    return [(g, f) for g in range(len(groups)) for f in firsts]


def _run_exact(parsed, board_ids, dead_ids, dead_mask, threads: int, progress: Progress | None, by_key: dict | None):
    """Exact counts by winner mask (weighted), total weighted outcomes and boards enumerated."""
    groups = list((_group_deals(parsed, board_ids, dead_ids) if by_key is None else by_key).values())
    if not groups:
        raise EquityError("no deal is possible: the players' hands or ranges always share a card")
    # A deal takes well under a millisecond: threads pay off only over many deals.
    threads = threads if len(groups) >= 16 * threads else 1
    holes = np.array([group[0] for group in groups], dtype=np.int64)
    firsts = np.full(len(groups), -1, dtype=np.int64)
    per_group = np.zeros((len(groups), 1 << len(parsed)), dtype=np.int64)
    boards_per_group = np.zeros(len(groups), dtype=np.int64)
    # Chunks only to report progress: a few per second of work, each worth many deals per thread.
    chunk = max(64 * threads, len(groups) // 20)
    for lo in range(0, len(groups), chunk):
        hi = min(len(groups), lo + chunk)
        per_group[lo:hi], boards_per_group[lo:hi] = _count_units(
            holes[lo:hi], firsts[lo:hi], board_ids, dead_mask, threads
        )
        if progress is not None:
            progress(hi / len(groups))
    total = np.zeros(1 << len(parsed), dtype=np.float64)
    outcomes = 0.0
    boards = 0
    for group, group_counts, group_boards in zip(groups, per_group, boards_per_group):
        total += group[1] * group_counts
        outcomes += group[1] * int(group_boards)
        boards += group[2] * int(group_boards)
    return total, outcomes, boards


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


def _mc_inputs(parsed, board_ids, dead_mask) -> tuple[tuple, tuple]:
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


def _mc_errors(counts: np.ndarray, done: int, share_m: np.ndarray) -> np.ndarray:
    """Standard error of every player's equity after ``done`` deals (NaN under ``MIN_TRIALS_FOR_STDERR``)."""
    if done < MIN_TRIALS_FOR_STDERR:
        return np.full(share_m.shape[1], np.nan)
    return standard_errors((counts @ share_m) / done, (counts @ (share_m**2)) / done, done)


def _run_monte_carlo(parsed, board_ids, dead_mask, trials, stderr, seed, threads, progress):
    from . import mc_kernels as kernels  # numba-compiled: imported on first use

    tables = high_tables()
    ranges, board = _mc_inputs(parsed, board_ids, dead_mask)
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
        raise _StoppedEarly(*finished) from None
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
        kernels.mc_streams_parallel(states, per_stream, ranges, board, tables, block_counts)
        requested = per_stream * threads
    accepted = int(block_counts.sum())
    if accepted < requested:  # a stream gave up after a run of rejected deals
        raise EquityError("no deal found: the players' hands or ranges (nearly) always share a card")
    counts = counts + block_counts.sum(axis=0)
    return counts, done + accepted, _mc_errors(counts, done + accepted, share_m)


# --- sharded runs (a Dask client) ---------------------------------------------
#
# The exact engine's shards are lists of (unique deal, first board card) units,
# each returning exact integer counts; they are summed per deal and merged in
# deal order exactly as the local run merges them, so the result is identical.
# Monte Carlo shards are blocks of MC_SHARD_TRIALS deals, shard i drawing from
# xoshiro stream i of the seed; with a standard-error target they run in waves
# of MC_WAVE shards and the run stops after the first wave that meets it, so the
# result depends only on the seed and this plan.

EXACT_SPLIT_BELOW = 64  # fewer unique deals than this: split each by its first board card
EXACT_SHARDS_PER_THREAD = 8
MC_SHARD_TRIALS = 1 << 18
MC_WAVE = 8


def exact_shard(units: list[tuple[list[tuple[int, int]], int | None]], board_ids: list[int], dead_mask: int):
    """One exact shard: a row (counts by winner mask..., boards) per (hole cards, first board card) unit."""
    holes = np.array([h for h, _ in units], dtype=np.int64)
    firsts = np.array([-1 if f is None else f for _, f in units], dtype=np.int64)
    counts, boards = _count_units(holes, firsts, board_ids, dead_mask)
    return np.hstack([counts, boards[:, None]])


def _run_exact_sharded(parsed, board_ids, dead_ids, dead_mask, client, progress, by_key, threads=None):
    """Like :func:`_run_exact`, in shards on ``client`` (or on ``threads`` local threads when it is None)."""
    from ..distributed import cluster_threads, run_shards  # sharded runs only: a table answer never loads it

    groups = list((_group_deals(parsed, board_ids, dead_ids) if by_key is None else by_key).values())
    if not groups:
        raise EquityError("no deal is possible: the players' hands or ranges always share a card")
    units = _exact_units(groups, board_ids, dead_ids, len(parsed), len(groups) < EXACT_SPLIT_BELOW)
    workers = cluster_threads(client) if client is not None else (threads or 1)
    n_shards = min(len(units), max(16, EXACT_SHARDS_PER_THREAD * workers))
    plan = [units[s::n_shards] for s in range(n_shards)]  # interleaved: shards of similar cost
    shards = [([(groups[g][0], f) for g, f in part], board_ids, dead_mask) for part in plan]
    results = run_shards(exact_shard, shards, client=client, threads=threads, progress=progress)
    per_group = np.zeros((len(groups), (1 << len(parsed)) + 1), dtype=np.int64)
    for part, rows in zip(plan, results):
        for (g, _), row in zip(part, rows):
            per_group[g] += row
    total = np.zeros(1 << len(parsed), dtype=np.float64)
    outcomes = 0.0
    boards = 0
    for group, row in zip(groups, per_group):  # the local run's merge, in the same order
        counts, n_boards = row[:-1], int(row[-1])
        total += group[1] * counts
        outcomes += group[1] * n_boards
        boards += group[2] * n_boards
    return total, outcomes, boards


def _mc_shard(ranges: tuple, board: tuple, seed: int, index: int, n_trials: int) -> np.ndarray:
    """One Monte Carlo shard: counts by winner mask of ``n_trials`` deals from stream ``index`` of ``seed``."""
    from . import mc_kernels as kernels  # numba-compiled: imported on first use

    state = kernels.seed_streams(np.uint64(seed), index + 1)[index].copy()
    counts = np.zeros(1 << len(ranges[3]), dtype=np.int64)
    kernels.mc_stream(state, n_trials, ranges, board, high_tables(), counts)
    return counts


def _run_mc_sharded(parsed, board_ids, dead_mask, trials, stderr, seed, client, progress, threads=None):
    """Monte Carlo in shards of independent streams (see the plan above); same outputs as the local run."""
    from ..distributed import run_shards  # sharded runs only: a table answer never loads it

    ranges, board = _mc_inputs(parsed, board_ids, dead_mask)
    _, _, share_m = outcome_shares(len(parsed))
    limit = trials if trials is not None else MAX_DEFAULT_TRIALS
    target = stderr if stderr is not None else (DEFAULT_STDERR if trials is None else None)
    counts = np.zeros(1 << len(parsed), dtype=np.int64)
    done = 0
    planned = 0
    errors = np.full(len(parsed), np.inf)
    while planned < limit:
        wave = []
        while planned < limit and (target is None or len(wave) < MC_WAVE):
            n = min(MC_SHARD_TRIALS, limit - planned)
            index = planned // MC_SHARD_TRIALS
            wave.append((ranges, board, seed, index, n))
            planned += n
        goal = limit
        if target is not None and np.isfinite(errors).all() and errors.max() > 0:
            goal = min(limit, max(planned, int(done * (errors.max() / target) ** 2)))
        wave_trials = planned - done

        def wave_progress(fraction: float, done=done, wave_trials=wave_trials, goal=goal) -> None:
            if progress is not None:
                progress(min(1.0, (done + fraction * wave_trials) / goal))

        results = run_shards(_mc_shard, wave, client=client, threads=threads, progress=wave_progress)
        for shard, c in zip(wave, results):
            if int(c.sum()) < shard[4]:  # the stream gave up after a run of rejected deals
                raise EquityError("no deal found: the players' hands or ranges (nearly) always share a card")
            counts += c
        done = planned
        errors = _mc_errors(counts, done, share_m)
        if target is not None and errors.max() <= target and done >= 10_000:
            break
    return counts.astype(np.float64), float(done), done, errors


def _exact_result(parsed, counts, outcomes: float, boards: int, start: float, threads: int) -> EquityResult:
    """An exact run's result from its counts by winner mask."""
    players = _result_players(parsed, counts, outcomes)
    return _frozen(
        EquityResult,
        players=players,
        method="exact",
        outcomes=float(outcomes),
        seconds=time.perf_counter() - start,
        boards=boards,
        trials=None,
        stderr=0.0,
        seed=None,
        threads=threads,
    )


def _from_preflop_table(parsed: list[_Player], start: float, threads: int) -> EquityResult | None:
    """A hand or a whole class against one random hand, preflop: the exact counts from the shipped table."""
    if len(parsed) != 2:
        return None

    for hero, villain in ((0, 1), (1, 0)):
        h, v = parsed[hero], parsed[villain]
        if len(v.combos) != 1326 or not np.all(v.weights == 1) or not np.all(h.weights == 1):
            continue
        names = {hand_class(int(a), int(b)) for a, b in h.combos}
        if len(names) != 1:
            continue
        name = names.pop()
        if len(h.combos) not in (1, class_combos(name)):
            continue

        row = load_preflop_table()[name]
        n = len(h.combos)
        outcomes = row.outcomes * n
        counts = {hero: (row.wins * n, row.ties * n), villain: (row.losses * n, row.ties * n)}
        players = []
        for i, p in enumerate(parsed):
            wins, ties = counts[i]
            players.append(
                PlayerEquity(
                    hand=p.text, combos=len(p.combos), win=wins / outcomes, tie=ties / outcomes,
                    equity=(wins + ties / 2) / outcomes, wins=wins, ties=ties,
                )
            )  # fmt: skip
        seconds = time.perf_counter() - start
        return EquityResult(players, "exact", float(outcomes), seconds, boards=outcomes, threads=threads)
    return None


def _from_headsup_table(parsed: list[_Player], start: float, threads: int) -> EquityResult | None:
    """Two hands or small ranges before the flop: every deal's exact counts from the shipped heads-up table.

    The counts, and so the result, are those the enumeration gives (the table is that enumeration, checked
    against it); ranges of up to ``HEADSUP_TABLE_MAX_DEALS`` pairs of combos are summed with their weights.
    """
    if len(parsed) != 2:
        return None
    first, second = parsed
    n1, n2 = len(first.combos), len(second.combos)
    if n1 * n2 > HEADSUP_TABLE_MAX_DEALS:
        return None
    i, j = np.divmod(np.arange(n1 * n2), n2)
    hands1, hands2 = first.combos[i].astype(np.int64), second.combos[j].astype(np.int64)
    one = np.int64(1)
    apart = ((one << hands1[:, 0]) | (one << hands1[:, 1])) & ((one << hands2[:, 0]) | (one << hands2[:, 1])) == 0
    if not apart.any():
        raise EquityError("no deal is possible: the players' hands or ranges always share a card")
    found = lookup_headsup(hands1[apart], hands2[apart])
    weights = first.weights[i[apart]] * second.weights[j[apart]]
    counts = np.zeros(4, dtype=np.float64)  # by winner mask: nobody, player 1, player 2, both (a tie)
    counts[1:] = weights @ found
    deals = int(apart.sum())
    return _exact_result(parsed, counts, float(weights.sum()) * HEADSUP_BOARDS, deals * HEADSUP_BOARDS, start, threads)


def _check_exact_size(seconds: float, deals: int | None) -> None:
    """Refuse an exact run estimated past ``MAX_EXACT_SECONDS`` or listing over ``MAX_EXACT_DEALS`` deals."""
    if deals is not None and deals > MAX_EXACT_DEALS:
        raise EquityError(
            f"exact enumeration would list {deals:.3g} deals (the limit is {MAX_EXACT_DEALS:,}); "
            "use Monte Carlo (method='mc', --mc) or method='auto'"
        )
    if seconds > MAX_EXACT_SECONDS:
        raise EquityError(
            f"exact enumeration would take about {_duration(seconds)} (the limit is {MAX_EXACT_SECONDS:.0f} s); "
            "use Monte Carlo (method='mc', --mc) or method='auto'"
        )


def _duration(seconds: float) -> str:
    if seconds < 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 86400 * 365:
        return f"{seconds / 3600:.3g} hours"
    return f"{seconds / (86400 * 365):.3g} years"


def _is_int(value: object) -> TypeGuard[int | np.integer]:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def check_options(trials: object, stderr: object, seed: object, threads: object) -> None:
    """Refuse (:class:`EquityError`, with the reason) a numeric option of the wrong kind or range; None is fine.

    >>> check_options(1_000, 1e-3, 7, 2)
    >>> check_options(None, None, -1, None)
    Traceback (most recent call last):
    ...
    pokerlab.simulate.equity.engine.EquityError: seed must be a whole number from 0 to 2**64 - 1, got -1
    """
    if trials is not None and not (_is_int(trials) and 1 <= trials <= MAX_TRIALS):
        raise EquityError(f"trials must be a whole number from 1 to {MAX_TRIALS:,}, got {trials!r}")
    if stderr is not None:
        if isinstance(stderr, bool) or not isinstance(stderr, (int, float, np.floating, np.integer)):
            raise EquityError(f"stderr must be a number, got {stderr!r}")
        if not (math.isfinite(stderr) and 0 < stderr < 1):
            raise EquityError(f"stderr must be a fraction in (0, 1), e.g. 1e-3, got {stderr!r}")
        if stderr < MIN_STDERR:
            raise EquityError(
                f"stderr must be at least {MIN_STDERR:g}, got {stderr!r}: a smaller target needs more than "
                f"{MAX_TRIALS:,} trials"
            )
    if seed is not None and not (_is_int(seed) and 0 <= seed <= MAX_SEED):
        raise EquityError(f"seed must be a whole number from 0 to 2**64 - 1, got {seed!r}")
    if threads is not None and not (_is_int(threads) and threads >= 1):
        raise EquityError(f"threads must be a whole number of at least 1, got {threads!r}")


def equity(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    method: str = "auto",
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    client: Any = None,
    use_tables: bool = True,
) -> EquityResult:
    """Equity of 2 to 10 hands or ranges, exactly or by Monte Carlo.

    ``method`` is ``"exact"``, ``"mc"`` (Monte Carlo) or ``"auto"`` (exact
    when the enumeration is estimated to take under about a second).
    Monte Carlo stops after ``trials`` deals or once every player's standard
    error is at most ``stderr`` (default 5e-4 when neither is given); the
    same ``seed`` and ``threads`` give the same result. ``progress`` is
    called with the fraction done.

    Heads-up before the flop with no dead cards, the exact counts are read
    from shipped tables unless ``use_tables`` is False: a hand or a whole
    class against one ``random`` hand (:mod:`pokerlab.simulate.ranges.table`),
    and two hands or ranges of up to ``HEADSUP_TABLE_MAX_DEALS`` pairs of
    combos (:mod:`pokerlab.simulate.ranges.headsup_table`). The counts are
    those the enumeration would give; such answers need no numba.

    ``client``: a ``dask.distributed.Client`` to run the job on its
    workers, in shards (see :func:`pokerlab.simulate.distributed.connect`). An exact
    result is identical to the local one; a Monte Carlo one depends only on
    the seed and the shard plan (``MC_SHARD_TRIALS`` deals per shard, shard
    ``i`` on stream ``i``), not on the workers. Without a client nothing
    imports Dask.

    >>> r = equity(["AA", "KK"])
    >>> r.players[0].wins, r.players[1].wins, r.players[0].ties
    (50371344, 10986372, 285228)
    >>> r = equity(["AsAh", "random"], method="mc", trials=100_000, seed=1)
    >>> abs(r.players[0].equity - 0.852) < 0.01
    True
    """
    start = time.perf_counter()
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"method must be 'auto', 'exact' or 'mc', got {method!r}")
    check_options(trials, stderr, seed, threads)
    parsed, board_ids, dead_ids, _, dead_mask = _prepare(players, board, dead)
    if client is not None:
        from ..distributed import cluster_threads  # with a cluster only: a local run never loads it

    if use_tables and method != "mc" and not board_ids and not dead_ids:
        # Table answers need neither numba nor its threads: they use one thread (or report the cluster's).
        table_threads = cluster_threads(client) if client is not None else int(threads or 1)
        answer = _from_preflop_table(parsed, start, table_threads) or _from_headsup_table(parsed, start, table_threads)
        if answer is not None:
            return answer
    if threads:  # checked by check_options
        n_threads = int(threads)
    else:
        from numba import get_num_threads  # imported only when something is computed: it costs a third of a second

        n_threads = get_num_threads()
    if client is not None:
        n_threads = cluster_threads(client)
    if method != "mc" and len(board_ids) >= 3:
        # After the flop: every board is ranked once per combo (pokerlab.simulate.equity.postflop).

        one_thread = postflop_work(parsed, board_ids, dead_ids) * _NS_PER_POSTFLOP_STEP * 1e-9
        seconds = one_thread / n_threads
        if method == "exact":
            _check_exact_size(seconds, None)
        if method == "exact" or seconds <= EXACT_BUDGET_SECONDS:
            if client is None and one_thread < _POSTFLOP_PARALLEL_SECONDS:
                n_threads = 1  # waking a thread pool costs more than the whole count
            counts, outcomes, boards = run_exact_postflop(parsed, board_ids, dead_mask, n_threads)
            if progress is not None:
                progress(1.0)
            if boards == 0:
                raise EquityError("no deal is possible: the players' hands or ranges always share a card")
            return _exact_result(parsed, counts, outcomes, boards, start, n_threads)
        method = "mc"
    groups = None
    if method != "mc" and math.prod(len(p.combos) for p in parsed) <= _GROUP_FIRST_DEALS:
        groups = _group_deals(parsed, board_ids, dead_ids)  # reused by the exact run
    if method == "auto":
        estimate = _estimate_exact_seconds(parsed, board_ids, dead_ids, n_threads, groups)
        method = "exact" if estimate <= EXACT_BUDGET_SECONDS else "mc"
    elif method == "exact" and groups is None:
        deals = math.prod(len(p.combos) for p in parsed)
        _check_exact_size(_estimate_exact_seconds(parsed, board_ids, dead_ids, n_threads, None), deals)
    if method == "exact":
        if client is not None:
            counts, outcomes, boards = _run_exact_sharded(
                parsed, board_ids, dead_ids, dead_mask, client, progress, groups
            )
        else:
            counts, outcomes, boards = _run_exact(parsed, board_ids, dead_ids, dead_mask, n_threads, progress, groups)
        return _exact_result(parsed, counts, outcomes, boards, start, n_threads)
    if seed is None:
        seed = fresh_seed()
    mc_args = (parsed, board_ids, dead_mask, trials, stderr, seed)
    if client is None:
        try:
            counts, outcomes, done, errors = _run_monte_carlo(*mc_args, n_threads, progress)
        except _StoppedEarly as stop:
            partial = None
            if stop.done:
                partial = _mc_result(
                    parsed, stop.counts.astype(np.float64), stop.done, stop.errors, start, seed, n_threads
                )
            raise EquityInterrupted(partial) from None
    else:
        counts, outcomes, done, errors = _run_mc_sharded(*mc_args, client, progress)
    return _mc_result(parsed, counts, done, errors, start, seed, n_threads)


def _mc_result(parsed, counts, done: int, errors, start: float, seed: int, threads: int) -> EquityResult:
    return EquityResult(
        players=_result_players(parsed, counts, float(done), errors),
        method="mc",
        outcomes=float(done),
        seconds=time.perf_counter() - start,
        trials=done,
        stderr=None if np.isnan(errors).any() else float(errors.max()),
        seed=seed,
        threads=threads,
    )
