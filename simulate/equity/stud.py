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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ...compiles import computing_seconds
from ...equity_games import EQUITY_GAMES, family_games
from ...evaluator.cards import format_cards
from .options import EquityError, run_options
from .pot_stats import N_STATS, share_errors, stats_player
from .result import EquityResult, PlayerEquity
from .sampling import BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, numba_thread_limit, run_blocks
from .spot import Spot

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too

    from .options import EquityOptions
    from .plan import Plan
from .spot_cards import CardOwners, check_player_count, read_cards

GAMES = family_games("stud")
#: Every name of a stud game (:data:`pokerlab.equity_games.EQUITY_GAMES`) -> the game.
GAME_ALIASES = {alias: name for name in GAMES for alias in EQUITY_GAMES[name].names}
MAX_STUD_PLAYERS = 8
HAND_CARDS = 7
EXACT_SLICES = 128  # the first player's completions are cut in this many slices (threads, progress)

Progress = Callable[[float], None]


#: The stud names of the one result type (:mod:`pokerlab.simulate.equity.result`).
StudEquityResult = EquityResult
StudPlayerEquity = PlayerEquity


@dataclass(frozen=True)
class StudDetail:
    """A stud spot as read: known cards per player, the unseen pool, what each player still gets."""

    game: str
    known: list[list[int]]
    texts: list[str]
    pool: list[int]
    missing: list[int]  # own cards each player gets
    community: bool  # one shared card is still to be dealt
    shared: list[int]  # the community card already dealt (none, or one card): in every hand

    def exact_walk(self) -> tuple[list[int], int, float]:
        """:func:`exact_walk` of this spot: the walk's player order, its deals and its work."""
        return exact_walk(self)

    def with_shared(self) -> list[list[int]]:
        """Each player's known cards and the community card dealt, the cards its hand starts from."""
        return [k + self.shared for k in self.known]


def read_stud(players: Sequence[Any], board: Any, dead: Any, game: str = "stud",
              options: dict[str, Any] | None = None) -> Spot:  # fmt: skip
    """The stud family's part of :func:`~.spot.read_spot`: each player's known cards, the community card dealt (the
    board: seventh street's shared card from a short deck) and the dead cards, with the unseen pool (a
    :class:`StudDetail`).

    >>> spot = read_stud(["AsAh Kd", "QcQd 9h"], None, "2c")
    >>> spot.detail.missing, len(spot.detail.pool)
    ([4, 4], 45)
    """
    detail = _check_spot(players, dead, game, board)
    dead_ids = tuple(read_cards(dead, "dead cards"))
    return Spot(detail.game, "stud", tuple(detail.known), tuple(detail.shared), dead_ids, detail=detail)


def _check_spot(players: Sequence[Any], dead: object, game: str, community: object = None) -> StudDetail:
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
    return StudDetail(name, known, texts, pool, missing, community, [])


def _dealt_community(name: str, known: list[list[int]], owners: CardOwners, shared: list[int]) -> StudDetail:
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
    return StudDetail(name, known, [format_cards(k, " ") for k in known], pool, missing, False, shared)


def exact_walk(spot: StudDetail) -> tuple[list[int], int, float]:
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
    return exact_walk(_check_spot(players, dead, "stud", community))[1]


def _tables() -> tuple[Any, ...]:
    """(card keys, rank-hash offsets, high values, flush values, ace-to-five values, shift): the evaluator's."""
    from ...evaluator.api import high_tables  # the evaluator's tables' modules load on the first deal
    from ...evaluator.variants import variant_tables  # as high_tables above

    high = high_tables()
    low = variant_tables("ace-five")  # its rank hash is the high one's: one slot gives both values
    assert low.offsets is high.offsets and low.shift == high.shift
    return (high.card_keys, high.offsets, high.rank_values, high.flush_values, low.values, np.int64(high.shift))


def _game_code(game: str, sk: Any) -> int:
    return int({"stud": sk.GAME_STUD, "stud-hilo": sk.GAME_HILO, "razz": sk.GAME_RAZZ}[game])


def _known_array(known: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    array = np.zeros((len(known), HAND_CARDS), dtype=np.uint8)
    for p, ids in enumerate(known):
        array[p, : len(ids)] = ids
    return array, np.array([len(k) for k in known], dtype=np.int64)


def _run_exact(
    spot: StudDetail, order: list[int], progress: Progress | None, sk: Any
) -> tuple[NDArray[np.float64], int, int]:
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


def _players(spot: StudDetail, stats: np.ndarray, total: float, errors: np.ndarray | None) -> list[PlayerEquity]:
    hilo = spot.game == "stud-hilo"
    return [
        stats_player(text, 1, stats[p], total, hilo, None if errors is None else float(errors[p]), len(spot.known[p]))
        for p, text in enumerate(spot.texts)
    ]


class StudScorer:
    """The stud family's :class:`~.scorer.Scorer`: the walk of every deal of the missing cards, or Monte Carlo;
    both on numba's threads (``prange`` kernels), as many as the plan says."""

    def exact(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Every deal of the missing cards, in the plan's walk order."""
        from . import stud_kernels as sk  # numba: a process that never computes stud does without it

        detail: StudDetail = spot.detail
        with numba_thread_limit(plan.threads):
            stats, deals, no_low = _run_exact(detail, plan.work, progress, sk)
        return self._result(spot, plan, "exact", (stats, deals, no_low), np.zeros(len(detail.known)), deals=deals)

    def monte_carlo(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Blocks of deals of the missing cards from the plan's seed."""
        from . import stud_kernels as sk  # numba: a process that never computes stud does without it

        detail: StudDetail = spot.detail
        seed = int(plan.seed or 0)
        t = _tables()
        known, counts = _known_array(detail.with_shared())
        with numba_thread_limit(plan.threads):
            keys, suited = sk.base_keys(known, counts, t[0])
            missing, pool = np.array(detail.missing, dtype=np.int64), np.array(detail.pool, dtype=np.int64)
            inputs = (keys, suited, missing, detail.community, pool, _game_code(detail.game, sk), t)
            tally = _StudTally(sk.mc_blocks, inputs)
            run_blocks(tally, seed, BLOCK_TRIALS, plan.limit, plan.target, progress)
        done, stats, no_low = tally.done, tally.stats, tally.no_low
        errors = tally.errors()
        errs = errors if done >= MIN_TRIALS_FOR_STDERR else None
        stderr = float(errors.max()) if errs is not None else None
        return self._result(spot, plan, "mc", (stats, done, no_low), errs, trials=done, stderr=stderr, seed=seed)

    def _result(
        self, spot: Spot, plan: Plan, method: str, sums: tuple[Any, int, float], errors: Any, **run: Any
    ) -> EquityResult:
        """The result of ``sums`` (pot statistics, deals, deals with no low) by ``method``, with ``run``: the exact
        walk's ``deals`` or Monte Carlo's ``trials``, ``stderr`` and ``seed``."""
        detail: StudDetail = spot.detail
        stats, total, no_low = sums
        return EquityResult(
            self.players(spot, stats, total, errors),
            method,
            0.0,
            computing_seconds(plan.start),
            game=detail.game,
            community=detail.community or bool(detail.shared),
            no_low=no_low / total if detail.game == "stud-hilo" else None,
            threads=plan.threads,
            **run,
        )

    def players(self, spot: Spot, sums: Any, total: float, errors: Any) -> list[PlayerEquity]:
        """Each player's row from the pot statistics (:mod:`.pot_stats`) over ``total`` deals."""
        return _players(spot.detail, sums, total, errors)


SCORER = StudScorer()


def stud_equity(
    players: Sequence[str | Sequence[int]],
    dead: str | Sequence[int] | None = None,
    *,
    community: str | Sequence[int] | None = None,
    game: str = "stud",
    **options: Unpack[EquityOptions],
) -> EquityResult:
    """Equity of 2 to 8 stud hands (``game`` ``"stud"``, ``"stud-hilo"`` or ``"razz"``), each the cards known so far:
    :func:`pokerlab.simulate.equity.api.equity` with a stud game, the community card as its board.

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
    if (GAME_ALIASES.get(game) if isinstance(game, str) else None) is None:
        raise EquityError(f"unknown stud game {game!r}; choose {', '.join(GAMES)}")
    from .api import equity  # the entry imports this module's scorer: looked up at call time

    return equity(players, community, dead, game=game, **run_options("stud_equity", options))


class _StudTally:
    """A stud Monte Carlo run's sums (see :func:`pokerlab.simulate.equity.sampling.run_blocks`)."""

    def __init__(self, blocks: Callable[..., tuple[NDArray[np.float64], NDArray[np.int64]]],
                 inputs: tuple[Any, ...]) -> None:  # fmt: skip
        self.blocks = blocks  # stud_kernels.mc_blocks
        self.inputs = inputs  # keys, suited ranks, missing cards, community, pool, game code, tables
        self.stats: NDArray[np.float64] = np.zeros((inputs[0].shape[0], N_STATS))
        self.done = 0
        self.no_low = 0

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        keys, suited, missing, community, pool, code, tables = self.inputs
        s, nl = self.blocks(seeds, trials, keys, suited, missing, community, pool, code, tables)
        self.stats += s.sum(axis=0)
        self.done += len(seeds) * trials
        self.no_low += int(nl.sum())
        return True

    def errors(self) -> NDArray[np.float64]:
        return share_errors(self.stats, self.done)
