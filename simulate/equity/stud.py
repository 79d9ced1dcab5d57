"""Stud equity (seven-card stud, stud hi/lo eight or better, razz): exact enumeration and Monte Carlo, 2 to 8 players.

A player is the cards known so far, written as one list (``"AsAh Kd"`` or
``"AsAhKd"``; spaces do not matter, up and down cards are not marked since
equity does not depend on which are which), 1 to 7 cards. Players may know
different numbers of cards: each player's missing cards, up to seven, are
dealt from the unseen deck (the 52 cards less every known and dead card),
so ``"AsAh Kd 7c"`` against an opponent's up cards ``"Qc 9d"`` deals the
opponent's two down cards too. Dead cards are cards out of play that were
seen (folded players' up cards).

When the unseen deck cannot give every player seven cards, the last card is
one community card that plays in every hand (docs/rules.md 13.5): each
player gets one own card less and the shared card. When even that does not
fit, the call is refused. A community card already dealt is given as
``community``: it plays in every hand, and players hold at most six cards of
their own.

Equity is the expected share of the pot. In stud hi/lo the pot is split
between the best high and the best eight-or-better low, each half shared by
tied players (a quarter), and with no qualifying low the high takes it all;
reported separately per player: high won alone or tied, low won alone or
tied, scoops and quarters, and the fraction of deals with no low. In razz
the best ace-to-five low of seven cards takes the pot (``win``, ``tie``).

>>> r = stud_equity(["AsAh Kd 7c 2s", "QcQd 9h 9c 4d"], game="stud")
>>> r.method, r.deals, round(r.players[0].equity, 4)
('exact', 671580, 0.4153)
>>> r = stud_equity(["As2s 3d 8h 8c", "4c5c 6c 7h Jd"], game="stud-hilo")
>>> round(r.players[1].low_win, 4), round(r.players[1].scoop, 4), round(r.no_low, 4)
(0.399, 0.2506, 0.2768)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...compiles import computing_seconds
from ...equity_games import EQUITY_GAMES, family_games
from ...evaluator.cards import format_cards
from .options import DEFAULT_STDERR, EquityError, check_options, fresh_seed
from .pot_stats import N_STATS, share_errors, stats_player
from .result import EquityResult, PlayerEquity
from .sampling import BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, run_blocks
from .spot_cards import CardOwners, check_player_count, read_cards

GAMES = family_games("stud")
#: Every name of a stud game (:data:`pokerlab.equity_games.EQUITY_GAMES`) -> the game.
GAME_ALIASES = {alias: name for name in GAMES for alias in EQUITY_GAMES[name].names}
MAX_STUD_PLAYERS = 8
HAND_CARDS = 7
#: method="auto" enumerates when the estimated work is at most this: about a second on one thread (units of
#: about 4 ns, see _exact_plan). It does not depend on threads, so auto picks one method whatever threads is.
EXACT_AUTO_WORK = 250_000_000
#: method="exact" refuses more work than this (about two minutes on one thread).
EXACT_MAX_WORK = 25_000_000_000
MAX_DEFAULT_TRIALS = 50_000_000
EXACT_SLICES = 128  # the first player's completions are cut in this many slices (threads, progress)

Progress = Callable[[float], None]


#: The stud names of the one result type (:mod:`pokerlab.simulate.equity.result`).
StudEquityResult = EquityResult
StudPlayerEquity = PlayerEquity


@dataclass(frozen=True)
class _Spot:
    """The checked input: known cards per player, the unseen pool, what each player still gets."""

    game: str
    known: list[list[int]]
    texts: list[str]
    pool: list[int]
    missing: list[int]  # own cards each player gets
    community: bool  # one shared card is still to be dealt
    shared: list[int]  # the community card already dealt (none, or one card): in every hand

    def with_shared(self) -> list[list[int]]:
        """Each player's known cards and the community card dealt, the cards its hand starts from."""
        return [k + self.shared for k in self.known]


def _check_spot(players: Sequence[Any], dead: object, game: str, community: object = None) -> _Spot:
    name = GAME_ALIASES.get(game) if isinstance(game, str) else None
    if name is None:
        raise EquityError(f"unknown stud game {game!r}; choose {', '.join(GAMES)}")
    check_player_count(players, MAX_STUD_PLAYERS, "stud")
    known: list[list[int]] = []
    owners = CardOwners()
    for i, cards in enumerate(players):
        ids = read_cards(cards, f"player {i + 1}")
        if not 1 <= len(ids) <= HAND_CARDS:
            raise EquityError(
                f"player {i + 1} has {len(ids)} cards; a stud player is the 1 to {HAND_CARDS} cards known so far"
            )
        owners.claim(ids, i)
        known.append(ids)
    owners.claim(read_cards(dead, "dead cards"), "the dead cards")
    shared = read_cards(community, "community card")
    if shared:
        return _dealt_community(name, known, owners, shared)
    pool = [c for c in range(52) if not owners.holds(c)]
    missing = [HAND_CARDS - len(k) for k in known]
    community = sum(missing) > len(pool)
    if community:
        # Seventh street from a short deck: one shared card instead of one card each (docs/rules.md 13.5).
        if min(missing) < 1 or sum(missing) - len(missing) + 1 > len(pool):
            raise EquityError(
                f"the {len(pool)} unseen cards cannot give every player seven cards ({sum(missing)} needed), "
                "even with one community card on seventh street"
            )
        missing = [m - 1 for m in missing]
    texts = [format_cards(k, " ") for k in known]
    return _Spot(name, known, texts, pool, missing, community, [])


def _dealt_community(name: str, known: list[list[int]], owners: CardOwners, shared: list[int]) -> _Spot:
    """The spot when seventh street's community card is out (docs/rules.md 13.5): six own cards a player at most."""
    if len(shared) != 1:
        raise EquityError(f"the community card is one card (seventh street from a short deck), got {len(shared)}")
    owners.claim(shared, "the community card")
    for i, ids in enumerate(known):
        if len(ids) > HAND_CARDS - 1:
            raise EquityError(
                f"player {i + 1} has {len(ids)} cards; with a community card out a player holds at most six"
            )
    pool = [c for c in range(52) if not owners.holds(c)]
    missing = [HAND_CARDS - 1 - len(k) for k in known]
    if sum(missing) > len(pool):
        raise EquityError(
            f"the {len(pool)} unseen cards cannot give every player six cards of their own ({sum(missing)} needed)"
        )
    return _Spot(name, known, [format_cards(k, " ") for k in known], pool, missing, False, shared)


def _exact_plan(spot: _Spot) -> tuple[list[int], int, float]:
    """(player order for the walk, deals, work): work counts completions valued, masks tested and awards made.

    The walk tests each completion of player p against every deal of the players before it; the last
    player's are only counted per class, and each prefix of the others makes a few awards.
    """
    order = sorted(range(len(spot.known)), key=lambda p: -spot.missing[p])  # most completions first: even slices
    pool = len(spot.pool) - (1 if spot.community else 0)
    prefixes, used, work = 1, 0, 0.0
    for i, p in enumerate(order):
        size = math.comb(pool, spot.missing[p])
        work += size * 20 + prefixes * size  # valuing a completion costs about 20 mask tests
        if i == len(order) - 1:
            work += prefixes * len(order) * 8
        prefixes *= math.comb(pool - used, spot.missing[p])
        used += spot.missing[p]
    times = len(spot.pool) if spot.community else 1
    return order, prefixes * times, work * times


def count_deals(
    players: Sequence[str | Sequence[int]],
    dead: str | Sequence[int] | None = None,
    community: str | Sequence[int] | None = None,
) -> int:
    """How many deals exact enumeration walks for these players (the same in every stud game), without running it.

    >>> count_deals(["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"]), count_deals(["AsAh Kd 7c", "QcQd 9h 9s"])
    (1560, 141181040)
    """
    return _exact_plan(_check_spot(players, dead, "stud", community))[1]


def _tables() -> tuple:
    """(card keys, rank-hash offsets, high values, flush values, ace-to-five values, shift): the evaluator's."""
    from ...evaluator.api import high_tables
    from ...evaluator.variants import variant_tables

    high = high_tables()
    low = variant_tables("ace-five")  # its rank hash is the high one's: one slot gives both values
    assert low.offsets is high.offsets and low.shift == high.shift
    return (high.card_keys, high.offsets, high.rank_values, high.flush_values, low.values, np.int64(high.shift))


def _game_code(game: str, sk: Any) -> int:
    return {"stud": sk.GAME_STUD, "stud-hilo": sk.GAME_HILO, "razz": sk.GAME_RAZZ}[game]


def _known_array(known: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    array = np.zeros((len(known), HAND_CARDS), dtype=np.uint8)
    for p, ids in enumerate(known):
        array[p, : len(ids)] = ids
    return array, np.array([len(k) for k in known], dtype=np.int64)


def _run_exact(spot: _Spot, order: list[int], progress: Progress | None, sk: Any):
    t = _tables()
    code = _game_code(spot.game, sk)
    hilo = spot.game == "stud-hilo"
    known, counts = _known_array([spot.with_shared()[p] for p in order])
    keys, suited = sk.base_keys(known, counts, t[0])
    missing = [spot.missing[p] for p in order]
    players = len(order)
    stats = np.zeros((players, N_STATS))
    deals = no_low = 0
    shared_cards = spot.pool if spot.community else [None]
    for step, shared in enumerate(shared_cards):
        pool = np.array([c for c in spot.pool if c != shared], dtype=np.int64)
        parts = []
        for p in range(players):
            key, suit = keys[p], suited[p]
            if shared is not None:
                key = key + t[0][shared]
                suit = suit | np.uint64(1 << (16 * (shared & 3) + (shared >> 2)))
            parts.append(sk.completions(pool, missing[p], key, suit, code, *t))
        sizes = np.array([len(m) for m, _, _ in parts], dtype=np.int64)
        offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        masks, mains, lows = (np.concatenate([part[i] for part in parts]) for i in range(3))
        cuts = np.unique(np.linspace(0, sizes[0], min(EXACT_SLICES, sizes[0]) + 1).astype(np.int64))
        bounds = np.stack([cuts[:-1], cuts[1:]], axis=1)
        rounds = 1 if spot.community else 8  # fixed, so that progress or not, the sums run in one order
        for chunk in np.array_split(bounds, rounds):
            if not len(chunk):
                continue
            s, d, nl = sk.exact_slices(np.ascontiguousarray(chunk), masks, mains, lows, offsets, sizes, hilo)
            stats += s.sum(axis=0)
            deals += int(d.sum())
            no_low += int(nl.sum())
            if progress is not None and not spot.community:
                progress(float(chunk[-1, 1]) / float(sizes[0]))
        if progress is not None and spot.community:
            progress((step + 1) / len(shared_cards))
    back = np.empty_like(stats)
    back[order] = stats
    return back, deals, no_low


def _players(spot: _Spot, stats: np.ndarray, total: float, errors: np.ndarray | None) -> list[PlayerEquity]:
    hilo = spot.game == "stud-hilo"
    return [
        stats_player(text, 1, stats[p], total, hilo, None if errors is None else float(errors[p]), len(spot.known[p]))
        for p, text in enumerate(spot.texts)
    ]


def stud_equity(
    players: Sequence[str | Sequence[int]],
    dead: str | Sequence[int] | None = None,
    *,
    community: str | Sequence[int] | None = None,
    game: str = "stud",
    method: str = "auto",
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
) -> EquityResult:
    """Equity of 2 to 8 stud hands (``game`` ``"stud"``, ``"stud-hilo"`` or ``"razz"``), each the cards known so far.

    ``method``: ``"exact"`` (every deal of the missing cards), ``"mc"``
    (Monte Carlo: stops after ``trials`` deals or once every player's
    standard error is at most ``stderr``, default 5e-4), or ``"auto"``
    (exact when that takes about a second).
    The same ``seed`` gives the same result whatever ``threads`` is.
    ``progress`` is called with the fraction done (0..1) as the run goes.
    ``community`` is seventh street's community card when a short deck has
    dealt it (docs/rules.md 13.5): it plays in every hand, and each player
    is the cards of their own (at most six).

    >>> r = stud_equity(["2c3d 4h 5s", "KcKd Kh 9s"], game="razz", method="mc", trials=20_000, seed=1)
    >>> 0.98 < r.players[0].equity < 1.0, r.trials
    (True, 20000)
    """
    start = time.perf_counter()
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"method must be 'auto', 'exact' or 'mc', got {method!r}")
    check_options(trials, stderr, seed, threads)
    if progress is not None and not callable(progress):
        raise EquityError(f"progress must be a function of the fraction done, got {type(progress).__name__}")
    spot = _check_spot(players, dead, game, community)
    # numba and the kernels once the spot is checked, here only (passed on as ``sk``): a refused call, and a
    # process that never computes stud, do without them.
    from numba import get_num_threads, set_num_threads

    from . import stud_kernels as sk

    n_threads = int(threads) if threads else get_num_threads()
    plan = None
    if method != "mc":
        order, n_deals, work = _exact_plan(spot)
        if method == "exact" and work > EXACT_MAX_WORK:
            raise EquityError(
                f"exact enumeration would walk {n_deals:.3g} deals (work {work:,.0f}, the limit is "
                f"{EXACT_MAX_WORK:,}); use Monte Carlo (method='mc', --mc) or method='auto'"
            )
        plan = order if method == "exact" or work <= EXACT_AUTO_WORK else None
    previous = get_num_threads()
    set_num_threads(min(n_threads, previous))  # the prange kernels' threads
    try:
        if plan is None:
            return _monte_carlo(spot, trials, stderr, seed, n_threads, progress, start, sk)
        stats, deals, no_low = _run_exact(spot, plan, progress, sk)
    finally:
        set_num_threads(previous)
    return EquityResult(
        _players(spot, stats, deals, np.zeros(len(spot.known))),
        "exact",
        0.0,
        computing_seconds(start),
        game=spot.game,
        community=spot.community or bool(spot.shared),
        deals=deals,
        no_low=no_low / deals if spot.game == "stud-hilo" else None,
        threads=n_threads,
    )


def _monte_carlo(spot: _Spot, trials, stderr, seed, n_threads, progress, start, sk) -> EquityResult:  # type: ignore[no-untyped-def]
    if seed is None:
        seed = fresh_seed()
    target = stderr if stderr is not None else (None if trials is not None else DEFAULT_STDERR)
    limit = trials if trials is not None else MAX_DEFAULT_TRIALS
    t = _tables()
    known, counts = _known_array(spot.with_shared())
    keys, suited = sk.base_keys(known, counts, t[0])
    tally = _StudTally(
        sk.mc_blocks, keys, suited, np.array(spot.missing, dtype=np.int64), spot.community,
        np.array(spot.pool, dtype=np.int64), _game_code(spot.game, sk), t,
    )  # fmt: skip
    run_blocks(tally, seed, BLOCK_TRIALS, limit, target, progress)
    done, stats, no_low = tally.done, tally.stats, tally.no_low
    errors = tally.errors()
    errs = errors if done >= MIN_TRIALS_FOR_STDERR else None
    return EquityResult(
        _players(spot, stats, done, errs),
        "mc",
        0.0,
        computing_seconds(start),
        game=spot.game,
        community=spot.community or bool(spot.shared),
        trials=done,
        no_low=no_low / done if spot.game == "stud-hilo" else None,
        stderr=float(errors.max()) if errs is not None else None,
        seed=seed,
        threads=n_threads,
    )


class _StudTally:
    """A stud Monte Carlo run's sums (see :func:`pokerlab.simulate.equity.sampling.run_blocks`)."""

    def __init__(self, blocks, keys, suited, missing, community, pool, code, tables) -> None:  # type: ignore[no-untyped-def]
        self.blocks = blocks  # stud_kernels.mc_blocks
        self.inputs = (keys, suited, missing, community, pool, code, tables)
        self.stats = np.zeros((keys.shape[0], N_STATS))
        self.done = 0
        self.no_low = 0

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        keys, suited, missing, community, pool, code, tables = self.inputs
        s, nl = self.blocks(seeds, trials, keys, suited, missing, community, pool, code, tables)
        self.stats += s.sum(axis=0)
        self.done += len(seeds) * trials
        self.no_low += int(nl.sum())
        return True

    def errors(self) -> np.ndarray:
        return share_errors(self.stats, self.done)
