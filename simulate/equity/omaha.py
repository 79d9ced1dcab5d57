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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ...compiles import computing_seconds
from ...equity_games import family_games
from ...evaluator.cards import CardError, card_str, format_cards, parse_cards
from ...evaluator.omaha import omaha_tables
from ..ranges.omaha import HOLE_SIZES, OmahaRange, every_hand, parse_omaha_range, split_condition
from ..ranges.parse import RangeError
from .options import BOARD_SIZES, MAX_PLAYERS, EquityError, Progress, run_options
from .pot_stats import N_STATS, STAT_SHARE, share_errors, stats_player
from .result import EquityResult, PlayerEquity, game_name
from .sampling import BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, map_on_threads, run_blocks
from .spot import Spot

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too

    from .options import EquityOptions
    from .plan import Plan
from .spot_cards import DEAD_SIZES, CardOwners, check_player_count, read_cards

MAX_EXACT_DEALS = 2_000_000
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


def _player_results(stats: np.ndarray, total: float, hilo: bool, ranges: Sequence[OmahaRange], live: int,
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


@dataclass(frozen=True)
class OmahaDetail:
    """What reading an Omaha spot finds beyond the players' ranges: the hand size ``h``, whether the game is hi/lo,
    the ``live`` cards (the deck less the board and the dead cards), each player's hands less those holding a card
    another player must hold (``parts``) and the cards each player must hold (``forced``)."""

    h: int
    hilo: bool
    live: int
    parts: list[NDArray[np.uint8]]
    forced: list[int]
    boards_per_deal: int  # the completions of the board behind each deal of the hands

    def list_deals(self, spot: Spot, refuse: bool) -> tuple[NDArray[np.int64], list[NDArray[np.uint8]]] | None:
        """:func:`list_spot_deals` of ``spot``: what the plan weighs and the exact run walks."""
        return list_spot_deals(spot, refuse)


def read_omaha(players: Sequence[Any], board: Any, dead: Any, game: str = "omaha",
               options: dict[str, Any] | None = None) -> Spot:  # fmt: skip
    """Omaha's part of :func:`~.spot.read_spot`: each player's :class:`~pokerlab.simulate.ranges.omaha.OmahaRange`,
    the board, the dead cards and the :class:`OmahaDetail`.

    >>> spot = read_omaha(["AsAhKsKh", "AA**"], "2s7d9c", None)
    >>> spot.detail.h, len(spot.detail.parts[1]), bin(spot.detail.forced[0]).count("1")   # AdAc and two of 43
    (4, 903, 4)
    """
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
    # The kernels once the input is checked: a refused call, and a process that never computes Omaha, do without.
    from . import omaha_kernels as ok

    parts, forced = _without_blocked(ranges, list(players), h, removed, ok)
    boards = math.comb(live - len(players) * h, 5 - len(board_ids))
    detail = OmahaDetail(h, game == "omaha-hilo", live, parts, forced, boards)
    return Spot(game, "omaha", tuple(ranges), tuple(board_ids), tuple(dead_ids), board_mask, dead_mask, detail)


def list_spot_deals(spot: Spot, refuse: bool) -> tuple[NDArray[np.int64], list[NDArray[np.uint8]]] | None:
    """Every deal of the players' hands (rows of combo indices) and the hands each index is of, or None when they
    are too many to list (an error instead when ``refuse``, for ``method="exact"``)."""
    detail: OmahaDetail = spot.detail
    held = 0  # the cards some player must hold: no random hand holds one
    for mask in detail.forced:
        held |= mask
    free = detail.live - held.bit_count()
    ranges = spot.players
    combos_each = [math.comb(free, detail.h) if r.is_random else len(c) for r, c in zip(ranges, detail.parts)]
    if math.prod(combos_each) > 4 * MAX_EXACT_DEALS:
        if refuse:
            raise EquityError(
                f"exact enumeration would list about {math.prod(combos_each):.3g} deals of the players' hands "
                f"(the limit is {MAX_EXACT_DEALS:,}); use Monte Carlo (method='mc', --mc) or method='auto'"
            )
        return None
    every = every_hand(detail.h, spot.removed | held)
    deals_combos = [every if r.is_random else c for r, c in zip(ranges, detail.parts)]
    deals = _list_deals(deals_combos)
    if not len(deals):
        raise EquityError("no deal gives every player a hand: the ranges always collide")
    return deals, deals_combos


class OmahaScorer:
    """Omaha's :class:`~.scorer.Scorer`: every listed deal of the hands and every board, or Monte Carlo (whole deals
    redrawn when two hands collide, else hands dealt player by player with weights)."""

    def exact(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Every deal the plan listed, every board behind it."""
        from . import omaha_kernels as ok  # loaded by the reader: a lookup here

        detail: OmahaDetail = spot.detail
        deals, deals_combos = plan.work
        stacked = np.ascontiguousarray(np.concatenate(deals_combos), dtype=np.uint8)
        offsets = np.cumsum([0] + [len(c) for c in deals_combos[:-1]]).astype(np.int64)
        board = np.array(spot.board, dtype=np.uint8)
        stats, n_boards, no_low = ok.exact_deals(
            stacked, offsets, deals, board, np.int64(spot.removed), detail.hilo, omaha_tables()
        )
        return EquityResult(
            self.players(spot, stats, n_boards, np.zeros(len(spot.players))),
            "exact",
            0.0,
            computing_seconds(plan.start),
            game=spot.game,
            hole_cards=detail.h,
            boards=int(n_boards),
            no_low=no_low / n_boards if detail.hilo else None,
            threads=1,
        )

    def monte_carlo(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Blocks of deals from the plan's seed; player by player when whole deals nearly always collide."""
        from . import omaha_kernels as ok  # loaded by the reader: a lookup here

        detail: OmahaDetail = spot.detail
        h, hilo = detail.h, detail.hilo
        combos = [c if not r.is_random else np.zeros((1, h), dtype=np.uint8) for r, c in zip(spot.players,
                                                                                           detail.parts)]  # fmt: skip
        mc = _McSpot(
            combos=np.ascontiguousarray(np.concatenate(combos), dtype=np.uint8),
            offsets=np.cumsum([0] + [len(c) for c in combos[:-1]]).astype(np.int64),
            counts=np.array([len(c) for c in combos], dtype=np.int64),
            is_random=np.array([r.is_random for r in spot.players], dtype=np.bool_),
            h=h,
            board=np.array(spot.board, dtype=np.uint8),
            dead=np.int64(spot.removed),
            hilo=hilo,
            tables=omaha_tables(),
            threads=plan.threads,
            kernels=ok,
        )
        seed = int(plan.seed or 0)
        tally: _Tally = _Redrawn(mc)
        if not run_blocks(tally, seed, BLOCK_TRIALS, plan.limit, plan.target, progress):
            tally = _Weighted(mc)  # whole-deal redraws nearly always collide: deal player by player
            run_blocks(tally, seed, BLOCK_TRIALS, plan.limit, plan.target, progress)
        means, errors, no_low = tally.means()
        errs = errors if tally.done >= MIN_TRIALS_FOR_STDERR else None
        return EquityResult(
            self.players(spot, means, 1.0, errs),
            "mc",
            0.0,
            computing_seconds(plan.start),
            game=spot.game,
            hole_cards=h,
            trials=tally.done,
            no_low=no_low if hilo else None,
            stderr=float(errors.max()) if errs is not None else None,
            seed=seed,
            threads=plan.threads,
            rejected=tally.rejected,
        )

    def players(self, spot: Spot, sums: Any, total: float, errors: Any) -> list[PlayerEquity]:
        """Each player's row from the pot statistics (:mod:`.pot_stats`) over ``total``."""
        detail: OmahaDetail = spot.detail
        return _player_results(sums, total, detail.hilo, spot.players, detail.live, errors)


SCORER = OmahaScorer()


def omaha_equity(
    players: Sequence[str],
    board: str | Sequence[int] | None = None,
    dead: str | Sequence[int] | None = None,
    *,
    game: str = "omaha",
    **options: Unpack[EquityOptions],
) -> EquityResult:
    """Equity of 2 to 10 Omaha hands or ranges (``game`` ``"omaha"`` or ``"omaha-hilo"``):
    :func:`pokerlab.simulate.equity.api.equity` with an Omaha game.

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
    if game_name(game) not in family_games("omaha"):
        raise EquityError(f"unknown Omaha game {game!r}; choose omaha or omaha-hilo")
    from .api import equity  # the entry imports this module's scorer: looked up at call time

    return equity(players, board, dead, game=game, **run_options("omaha_equity", options))


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
