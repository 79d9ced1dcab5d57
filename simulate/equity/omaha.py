"""Omaha equity (high, and hi/lo eight or better): exact enumeration and Monte Carlo, 2 to 10 players.

A player is a hand (``"AsKsQdJd"``), ``"random"`` or an Omaha range
(``"AA**"``, ``"AAxxds, KKQQ"``: see :mod:`pokerlab.simulate.ranges.omaha`).
Hands hold 4, 5 or 6 cards (inferred from the players, all the same).

Equity is the expected share of the pot. In hi/lo the pot is split between
the best high and the best eight-or-better low (each half shared by tied
players, so a two-way tie for one half with nothing else is a quarter); with
no qualifying low the high takes it all. Reported separately per player:
the high half won alone or tied, the low half won alone or tied, scoops
(the whole pot alone) and quarters (exactly a quarter), and per result the
fraction of boards with no low.

Monte Carlo deals each ranged player a hand drawn uniformly from its range
and draws the whole deal again when two hands share a card, so every deal
that fits is equally likely. Hands holding a card another player must hold
(a specific hand's cards, a card in every hand of a range) are first dropped
from the ranges: that leaves the law unchanged and keeps a blocked spot from
throwing most deals away (``rejected`` counts the deals drawn again). When
whole deals nearly always collide (ten ``AA**``-style ranges), ranged hands
are dealt player by player from the hands the earlier players leave, and each
deal is weighted by the product of the fractions of hands left, which keeps
the same law (``rejected`` is then None).

>>> r = omaha_equity(["AsAhKsKh", "QdQcJdJc"], board="2s7d9c")
>>> r.method, r.boards, round(r.players[0].equity, 4)
('exact', 820, 0.7244)
>>> r = omaha_equity(["As2s3dKh", "KdKcQsJh"], board="4c5h9d", game="omaha-hilo")
>>> round(r.players[0].equity, 4), round(r.players[0].scoop, 4), round(r.no_low, 4)
(0.6537, 0.539, 0.2317)
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...compiles import computing_seconds
from ...evaluator.cards import CardError, card_str, format_cards, parse_cards
from ...evaluator.omaha import omaha_rules, omaha_tables
from ..ranges.omaha import HOLE_SIZES, OmahaRange, every_hand, parse_omaha_range, split_condition
from ..ranges.parse import RangeError
from .options import BOARD_SIZES, DEFAULT_STDERR, MAX_PLAYERS, EquityError, check_options, fresh_seed
from .pot_stats import N_STATS, STAT_SHARE, share_errors, stats_player
from .result import EquityResult, PlayerEquity
from .sampling import BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, map_on_threads, run_blocks
from .spot_cards import DEAD_SIZES, CardOwners, check_player_count, read_cards

#: method="auto" enumerates when players x boards x deals is at most this (about a second).
EXACT_AUTO_WORK = 8_000_000
#: method="exact" refuses more work than this (minutes).
EXACT_MAX_WORK = 4_000_000_000
MAX_EXACT_DEALS = 2_000_000
MAX_DEFAULT_TRIALS = 50_000_000
#: completions scored per deal of ranged hands when they are dealt player by player (a pass over every
#: ranged row each deal): on ten pattern players, 16 reach a given standard error about 5x sooner than 1
BOARDS_PER_WEIGHTED_DEAL = 16


#: The Omaha names of the one result type (:mod:`pokerlab.simulate.equity.result`).
OmahaEquityResult = EquityResult
OmahaPlayerEquity = PlayerEquity


def _hole_cards(players: Sequence[str]) -> int:
    """The hand size every non-random player's text implies (4 when all are random)."""
    sizes = set()
    for i, text in enumerate(players):
        items = [item.strip().replace(" ", "") for item in text.split(",") if item.strip()]
        if any(item.lower() in ("random", "*") for item in items):
            continue
        for item in items:
            fits = []
            for h in HOLE_SIZES:
                try:
                    split_condition(item, h)
                    fits.append(h)
                except RangeError:
                    pass
            if not fits:
                raise RangeError(f"player {i + 1}: {item!r} is not an Omaha hand or pattern of 4, 5 or 6 cards")
            sizes.add(fits[0])
    if len(sizes) > 1:
        raise EquityError(f"every Omaha hand must hold the same number of cards, got {sorted(sizes)}")
    return sizes.pop() if sizes else 4


def _parse_players(players: Sequence[str], hole_cards: int, removed: int) -> list[OmahaRange]:
    parsed = []
    for i, text in enumerate(players):
        if not isinstance(text, str):
            raise EquityError(f"player {i + 1}: an Omaha player is text (a hand, a pattern or 'random')")
        try:
            ids = parse_cards(text)
        except CardError:
            ids = None
        if ids is not None and len(ids) == hole_cards:
            bad = [c for c in ids if removed >> c & 1]
            if bad:
                raise EquityError(
                    f"player {i + 1}'s hand {text} uses {format_cards(bad)}, which is on the board or dead"
                )
        try:
            parsed.append(parse_omaha_range(text, hole_cards, removed))
        except RangeError as exc:
            raise RangeError(f"player {i + 1}: {exc}") from None
    owners = CardOwners()
    for i, r in enumerate(parsed):
        if len(r.combos) == 1:
            owners.claim(r.combos[0].tolist(), i)
    return parsed


def _list_deals(combos: list[np.ndarray]) -> np.ndarray:
    """Every choice of one combo per player with no card twice, as rows of combo indices."""
    masks = [(np.int64(1) << c.astype(np.int64)).sum(axis=1) if len(c) else np.zeros(0, dtype=np.int64) for c in combos]
    deals = np.arange(len(combos[0]), dtype=np.int64)[:, None]
    used = masks[0].copy()
    for p in range(1, len(combos)):
        m = masks[p]
        if len(deals) * len(m) > 4 * MAX_EXACT_DEALS:
            raise EquityError(
                f"exact enumeration would list over {MAX_EXACT_DEALS:,} deals of the players' hands; "
                "use Monte Carlo (method='mc', --mc)"
            )
        left, right = np.divmod(np.arange(len(deals) * len(m), dtype=np.int64), len(m))
        keep = (used[left] & m[right]) == 0
        deals = np.concatenate([deals[left[keep]], right[keep, None]], axis=1)
        used = used[left[keep]] | m[right[keep]]
    if len(deals) > MAX_EXACT_DEALS:
        raise EquityError(f"exact enumeration would list {len(deals):,} deals (the limit is {MAX_EXACT_DEALS:,})")
    return deals


def _without_blocked(
    ranges: list[OmahaRange], texts: list[str], h: int, removed: int, ok: Any
) -> tuple[list[np.ndarray], list[int]]:
    """Each player's hands less those holding a card another player must hold, and the masks of the cards each
    player must hold (every hand left holds them: all of a specific hand's cards, ``As`` of ``AsKs**``).

    Such a hand is in no deal that deals every card once, so dropping it leaves the deals exact enumeration
    lists, and the law of Monte Carlo's accepted deals (every sharing-free choice of hands equally likely),
    as they were; it only stops Monte Carlo drawing deals it must throw away (a hand holding two aces and a
    deuce blocks two thirds of an ``A2**`` range). A range less those cards is parsed with them dead, which
    the parse cache keeps: a bot pays it once per decision, not once per call. Repeated while a cut-down
    range comes to hold a card in every hand; a random player is never cut down (its hands are dealt from
    the cards left).
    """
    parts = [r.combos for r in ranges]
    forced = [0 if r.is_random else int(ok.common_cards(r.combos)) for r in ranges]
    applied = [0] * len(ranges)
    changed = True
    while changed:
        _check_forced(ranges, forced)
        changed = False
        for p, r in enumerate(ranges):
            others = 0
            for q, mask in enumerate(forced):
                if q != p:
                    others |= mask
            if r.is_random or not others & ~applied[p]:
                continue
            applied[p] = others
            try:
                kept = parse_omaha_range(texts[p], h, removed | others).combos
            except RangeError:  # no hand left
                holders = "; ".join(f"player {q + 1}: {_names(m)}" for q, m in enumerate(forced) if q != p and m)
                raise EquityError(
                    f"player {p + 1}: every hand of {r.text!r} holds a card another player must hold ({holders})"
                ) from None
            if len(kept) == len(parts[p]):
                continue
            parts[p] = kept
            common = int(ok.common_cards(kept))
            if common != forced[p]:
                forced[p] = common
                changed = True
    return parts, forced


def _names(mask: int) -> str:
    return " ".join(card_str(c) for c in range(51, -1, -1) if mask >> c & 1)


def _check_forced(ranges: list[OmahaRange], forced: list[int]) -> None:
    """EquityError when two players must both hold a card (every hand of each holds it): no deal fits."""
    for p, q in itertools.combinations(range(len(ranges)), 2):
        if forced[p] & forced[q]:
            raise EquityError(
                f"players {p + 1} and {q + 1} must both hold {_names(forced[p] & forced[q])} "
                f"(every hand of {ranges[p].text!r} and of {ranges[q].text!r} does)"
            )


def _player_results(stats: np.ndarray, total: float, hilo: bool, ranges: list[OmahaRange], live: int,
                    stderr: np.ndarray | None) -> list[PlayerEquity]:  # fmt: skip
    return [
        stats_player(
            r.text,
            math.comb(live, r.hole_cards) if r.is_random else len(r.combos),
            stats[p],
            total,
            hilo,
            None if stderr is None else float(stderr[p]),
        )
        for p, r in enumerate(ranges)
    ]


def omaha_equity(
    players: Sequence[str],
    board: str | Sequence[int] | None = None,
    dead: str | Sequence[int] | None = None,
    *,
    game: str = "omaha",
    method: str = "auto",
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityResult:
    """Equity of 2 to 10 Omaha hands or ranges (``game`` ``"omaha"`` or ``"omaha-hilo"``).

    ``method``: ``"exact"`` (every deal of the ranges and every board),
    ``"mc"`` (Monte Carlo: stops after ``trials`` deals or once every player's standard error is at
    most ``stderr``, default 5e-4), or
    ``"auto"`` (exact when that takes about a second). The same ``seed``
    gives the same result whatever ``threads`` is. Monte Carlo calls
    ``progress`` with the fraction done (0..1) as it goes.

    >>> r = omaha_equity(["AsAhKsKh", "random"], method="mc", trials=50_000, seed=1)
    >>> 0.65 < r.players[0].equity < 0.75, r.trials
    (True, 50000)
    """
    start = time.perf_counter()
    name = omaha_rules(game)
    if name is None:
        raise EquityError(f"unknown Omaha game {game!r}; choose omaha or omaha-hilo")
    hilo = name == "omaha-hilo"
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"method must be 'auto', 'exact' or 'mc', got {method!r}")
    check_options(trials, stderr, seed, threads)
    check_player_count(players, MAX_PLAYERS)
    board_ids = read_cards(board, "board", sizes=BOARD_SIZES)
    dead_ids = read_cards(dead, "dead cards", sizes=DEAD_SIZES)
    owners = CardOwners()
    board_mask = owners.claim(board_ids, "the board")
    dead_mask = owners.claim(dead_ids, "the dead cards")
    removed = board_mask | dead_mask
    h = _hole_cards(list(players))
    live = 52 - len(board_ids) - len(dead_ids)
    if live - len(players) * h < 5 - len(board_ids):
        raise EquityError(f"{len(players)} hands of {h} cards and a board do not fit in the {live} live cards")
    ranges = _parse_players(list(players), h, removed)
    # numba and the kernels once the input is checked, here only (passed on as ``ok``): a refused call, and a
    # process that never computes Omaha, do without them.
    from numba import get_num_threads

    from . import omaha_kernels as ok

    parts, forced = _without_blocked(ranges, list(players), h, removed, ok)
    tables = omaha_tables()
    need = 5 - len(board_ids)
    after_hands = live - len(players) * h

    deals = None
    work = math.inf
    if method != "mc":
        held = 0  # the cards some player must hold: no random hand holds one
        for mask in forced:
            held |= mask
        free = live - held.bit_count()
        combos_each = [math.comb(free, h) if r.is_random else len(c) for r, c in zip(ranges, parts)]
        if math.prod(combos_each) <= 4 * MAX_EXACT_DEALS:
            every = every_hand(h, removed | held)
            deals_combos = [every if r.is_random else c for r, c in zip(ranges, parts)]
            deals = _list_deals(deals_combos)
            if not len(deals):
                raise EquityError("no deal gives every player a hand: the ranges always collide")
            work = len(deals) * math.comb(after_hands, need) * len(players)
        elif method == "exact":
            raise EquityError(
                f"exact enumeration would list about {math.prod(combos_each):.3g} deals of the players' hands "
                f"(the limit is {MAX_EXACT_DEALS:,}); use Monte Carlo (method='mc', --mc) or method='auto'"
            )
        if method == "exact" and work > EXACT_MAX_WORK:
            raise EquityError(
                f"exact enumeration would score {work:.3g} hands (the limit is {EXACT_MAX_WORK:,}); "
                "use Monte Carlo (method='mc', --mc) or method='auto'"
            )
    n_threads = int(threads) if threads else get_num_threads()
    if deals is not None and (method == "exact" or work <= EXACT_AUTO_WORK):
        stacked = np.ascontiguousarray(np.concatenate(deals_combos), dtype=np.uint8)
        offsets = np.cumsum([0] + [len(c) for c in deals_combos[:-1]]).astype(np.int64)
        stats, n_boards, no_low = ok.exact_deals(
            stacked, offsets, deals, np.array(board_ids, dtype=np.uint8), np.int64(removed), hilo, tables
        )
        return EquityResult(
            _player_results(stats, n_boards, hilo, ranges, live, np.zeros(len(ranges))),
            "exact",
            0.0,
            computing_seconds(start),
            game=name,
            hole_cards=h,
            boards=int(n_boards),
            no_low=no_low / n_boards if hilo else None,
            threads=1,
        )
    return _monte_carlo(
        ranges, parts, board_ids, removed, h, hilo, name, trials, stderr, seed, n_threads, live, start, progress, ok
    )


def _monte_carlo(  # type: ignore[no-untyped-def]
    ranges, parts, board_ids, removed, h, hilo, name, trials, stderr, seed, n_threads, live, start, progress, kernels
):
    if seed is None:
        seed = fresh_seed()
    target = stderr if stderr is not None else (None if trials is not None else DEFAULT_STDERR)
    limit = trials if trials is not None else MAX_DEFAULT_TRIALS
    combos = [c if not r.is_random else np.zeros((1, h), dtype=np.uint8) for r, c in zip(ranges, parts)]
    spot = _McSpot(
        combos=np.ascontiguousarray(np.concatenate(combos), dtype=np.uint8),
        offsets=np.cumsum([0] + [len(c) for c in combos[:-1]]).astype(np.int64),
        counts=np.array([len(c) for c in combos], dtype=np.int64),
        is_random=np.array([r.is_random for r in ranges], dtype=np.bool_),
        h=h,
        board=np.array(board_ids, dtype=np.uint8),
        dead=np.int64(removed),
        hilo=hilo,
        tables=omaha_tables(),
        threads=n_threads,
        kernels=kernels,
    )
    tally: _Tally = _Redrawn(spot)
    if not run_blocks(tally, seed, BLOCK_TRIALS, limit, target, progress):
        tally = _Weighted(spot)  # whole-deal redraws nearly always collide: deal player by player
        run_blocks(tally, seed, BLOCK_TRIALS, limit, target, progress)
    means, errors, no_low = tally.means()
    errs = errors if tally.done >= MIN_TRIALS_FOR_STDERR else None
    return EquityResult(
        _player_results(means, 1.0, hilo, ranges, live, errs),
        "mc",
        0.0,
        computing_seconds(start),
        game=name,
        hole_cards=h,
        trials=tally.done,
        no_low=no_low if hilo else None,
        stderr=float(errors.max()) if errs is not None else None,
        seed=seed,
        threads=n_threads,
        rejected=tally.rejected,
    )


@dataclass(frozen=True)
class _McSpot:
    """A Monte Carlo spot as the kernels take it: every ranged player's hands stacked, and the table."""

    combos: np.ndarray  # (sum of range sizes, h) uint8; a random player has one placeholder row
    offsets: np.ndarray
    counts: np.ndarray
    is_random: np.ndarray
    h: int
    board: np.ndarray
    dead: np.int64
    hilo: bool
    tables: Any
    threads: int  # the blocks of a round run on this many threads at once
    kernels: Any  # the module omaha_kernels (numba), imported by omaha_equity


class _Tally:
    """Monte Carlo sums over the blocks dealt so far; ``add`` deals one round of blocks."""

    done = 0

    @property
    def rejected(self) -> int | None:
        """Deals drawn and dealt again because two ranged hands shared a card (None: none is ever redrawn)."""
        return None

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        """Deal a block of ``trials`` deals per seed; False when no deal could be made."""
        raise NotImplementedError

    def means(self) -> tuple[np.ndarray, np.ndarray, float]:
        """(the stats per player as means, each player's standard error of the equity, the no-low fraction)."""
        raise NotImplementedError

    def errors(self) -> np.ndarray:
        """Each player's standard error of the equity so far."""
        return self.means()[1]


class _Redrawn(_Tally):
    """Deals kept only when no card is dealt twice, each weighing the same."""

    def __init__(self, spot: _McSpot) -> None:
        self.spot = spot
        self.stats = np.zeros((len(spot.counts), N_STATS))
        self.no_low = 0
        self.redraws = 0

    @property
    def rejected(self) -> int | None:
        return self.redraws

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        sp = self.spot
        s, d, nl, rej = map_on_threads(
            sp.kernels.mc_blocks, seeds, sp.threads, trials, sp.combos, sp.offsets, sp.counts, sp.is_random, sp.h,
            sp.board, sp.dead, sp.hilo, sp.tables,
        )  # fmt: skip
        if (d < 0).any():
            return False
        self.stats += s.sum(axis=0)
        self.done += int(d.sum())
        self.no_low += int(nl.sum())
        self.redraws += int(rej.sum())
        return True

    def means(self) -> tuple[np.ndarray, np.ndarray, float]:
        return self.stats / self.done, share_errors(self.stats, self.done), self.no_low / self.done


class _Weighted(_Tally):
    """Deals dealt player by player, each with its weight (see ``omaha_kernels.deal_sequential``)."""

    def __init__(self, spot: _McSpot) -> None:
        self.spot = spot
        self.row_masks = np.bitwise_or.reduce(np.left_shift(1, spot.combos.astype(np.int64)), axis=1)
        self.stats = np.zeros((len(spot.counts), N_STATS))
        self.spread = np.zeros((len(spot.counts), 2))
        self.sums = np.zeros(3)  # weighted no-low, weights, squared weights

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        sp = self.spot
        deals = -(-trials // BOARDS_PER_WEIGHTED_DEAL)  # a short last block rounds up to whole deals
        s, spread, sums = map_on_threads(
            sp.kernels.mc_blocks_weighted, seeds, sp.threads, deals, BOARDS_PER_WEIGHTED_DEAL, sp.combos,
            self.row_masks, sp.offsets, sp.counts, sp.is_random, sp.h, sp.board, sp.dead, sp.hilo, sp.tables,
        )  # fmt: skip
        self.stats += s.sum(axis=0)
        self.spread += spread.sum(axis=0)
        self.sums += sums.sum(axis=0)
        self.done += deals * BOARDS_PER_WEIGHTED_DEAL * len(seeds)
        if self.sums[1] == 0.0:
            raise EquityError("no deal could be made: the players' ranges collide on every deal tried")
        return True

    def means(self) -> tuple[np.ndarray, np.ndarray, float]:
        no_low, w, w_sq = self.sums
        means = self.stats / w
        mu = means[:, STAT_SHARE]
        # the weighted mean's variance, to first order: sum of w**2 (share - mu)**2 over (sum of w)**2
        var = (self.spread[:, 1] - 2 * mu * self.spread[:, 0] + mu**2 * w_sq) / w**2
        return means, np.sqrt(np.maximum(var, 0.0)), no_low / w
