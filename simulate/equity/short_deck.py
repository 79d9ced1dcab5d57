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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ...compiles import computing_seconds
from ...evaluator.cards import SHORT_DECK_SIZE, deck_ids, format_cards
from ...evaluator.layout import board_state
from .options import EquityError, Progress, run_options
from .pot_stats import N_STATS, STAT_HIGH_TIE, STAT_HIGH_WIN, STAT_SHARE, share_errors
from .result import EquityResult, PlayerEquity
from .sampling import BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, numba_thread_limit, run_blocks
from .spot import Spot

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too

    from .options import EquityOptions
    from .plan import Plan
from .spot_cards import CardOwners, check_player_count, read_cards

GAME = "short-deck"
MAX_PLAYERS = 10
#: What a player's unknown hand is written as.
RANDOM = "random"


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


def _tables() -> tuple[Any, ...]:
    from ...evaluator.variants import variant_tables  # the variant tables' module loads on the first deal

    t = variant_tables(GAME)
    return (t.card_keys, t.offsets, t.values, t.flush_values, np.int64(t.shift))


def _keys(hands: list[list[int] | None], board: Sequence[int], card_keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each player's key sum (``SUIT_INIT`` included) and suited-rank mask of its known cards and the board."""
    keys, suited = np.empty(len(hands), dtype=np.uint64), np.empty(len(hands), dtype=np.uint64)
    for p, hand in enumerate(hands):
        keys[p], suited[p] = board_state([*(hand or []), *board], card_keys)
    return keys, suited


def read_short_deck(players: Sequence[Any], board: Any, dead: Any, game: str = GAME,
                    options: dict[str, Any] | None = None) -> Spot:  # fmt: skip
    """Short deck's part of :func:`~.spot.read_spot`: each player's two cards (None for a random hand), the board,
    the dead cards and the cards left to deal (the detail).

    >>> spot = read_short_deck(["AsAh", "random"], "6c7d8h", None)
    >>> spot.players[1], len(spot.detail)
    (None, 31)
    """
    hands, board_ids, pool = _spot(players, board, dead)
    dead_ids = read_cards(dead, "dead cards", deck_size=SHORT_DECK_SIZE)
    return Spot(GAME, "short-deck", tuple(hands), tuple(board_ids), tuple(dead_ids), detail=pool)


class ShortDeckScorer:
    """Short deck's :class:`~.scorer.Scorer`: every board (every hand known) or Monte Carlo, on numba's threads."""

    def exact(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Every completion of the board."""
        from . import short_deck_kernels as sk  # numba: a process that never computes short deck does without it

        with numba_thread_limit(plan.threads):
            stats, boards = _exact(list(spot.players), spot.board, spot.detail, sk)
        if progress is not None:
            progress(1.0)
        return _result(self, spot, stats, boards, "exact", plan, errors=np.zeros(len(spot.players)))

    def monte_carlo(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Blocks of boards and random hands from the plan's seed."""
        from . import short_deck_kernels as sk  # numba: a process that never computes short deck does without it

        hands, board, pool = list(spot.players), spot.board, spot.detail
        t = _tables()
        with numba_thread_limit(plan.threads):
            keys, suited = _keys(hands, board, t[0])
            missing = np.array([2 if hand is None else 0 for hand in hands], dtype=np.int64)
            inputs = (keys, suited, missing, 5 - len(board), np.array(pool, dtype=np.int64), t)
            tally = _Tally(sk.mc_blocks, inputs)
            run_blocks(tally, int(plan.seed or 0), BLOCK_TRIALS, plan.limit, plan.target, progress)
        errors = tally.errors() if tally.done >= MIN_TRIALS_FOR_STDERR else None
        return _result(self, spot, tally.stats, tally.done, "mc", plan, errors)

    def players(self, spot: Spot, sums: Any, total: float, errors: Any) -> list[PlayerEquity]:
        """Each player's row from the pot statistics (:mod:`.pot_stats`) over ``total`` deals."""
        out = []
        for p, hand in enumerate(spot.players):
            wins, ties = int(round(sums[p, STAT_HIGH_WIN])), int(round(sums[p, STAT_HIGH_TIE]))
            out.append(
                PlayerEquity(
                    hand=RANDOM if hand is None else format_cards(hand),
                    combos=math.comb(len(spot.detail), 2) if hand is None else 1,
                    win=wins / total,
                    tie=ties / total,
                    equity=float(sums[p, STAT_SHARE]) / total,
                    wins=wins,
                    ties=ties,
                    stderr=None if errors is None else float(errors[p]),
                )
            )
        return out


SCORER = ShortDeckScorer()


def short_deck_equity(
    players: Sequence[Any],
    board: Any = None,
    dead: Any = None,
    **options: Unpack[EquityOptions],
) -> EquityResult:
    """Equity of 2 to 10 short-deck hands (or ``"random"`` players), exactly or by Monte Carlo:
    :func:`pokerlab.simulate.equity.api.equity` with ``game="short-deck"``.

    ``method``: ``"exact"`` (every board; every hand known), ``"mc"`` or ``"auto"``; Monte Carlo stops after
    ``trials`` deals or once every player's standard error is at most ``stderr`` (default 5e-4), and the
    same ``seed`` gives the same result whatever ``threads`` is.

    >>> r = short_deck_equity(["Ah Kh", "Qc Qd"], board="Th 9h 6c")
    >>> r.boards, [round(p.equity, 4) for p in r.players]
    (406, [0.6022, 0.3978])
    """
    from .api import equity  # the entry imports this module's scorer: looked up at call time

    return equity(players, board, dead, game=GAME, **run_options("short_deck_equity", options))


def _exact(
    hands: list[list[int] | None], board: Sequence[int], pool: list[int], sk: Any
) -> tuple[NDArray[np.float64], int]:
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

    def __init__(self, blocks: Callable[..., NDArray[np.float64]], inputs: tuple[Any, ...]) -> None:
        self.blocks = blocks  # short_deck_kernels.mc_blocks
        self.inputs = inputs  # keys, suited ranks, missing cards, board cards to come, pool, tables
        self.stats: NDArray[np.float64] = np.zeros((inputs[0].shape[0], N_STATS))
        self.done = 0

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        self.stats += self.blocks(seeds, trials, *self.inputs).sum(axis=0)
        self.done += len(seeds) * trials
        return True

    def errors(self) -> NDArray[np.float64]:
        return share_errors(self.stats, self.done)


def _result(scorer: ShortDeckScorer, spot: Spot, stats: NDArray[np.float64], deals: int, method: str, plan: Plan,
            errors: NDArray[np.float64] | None) -> EquityResult:  # fmt: skip
    exact = method == "exact"
    return EquityResult(
        scorer.players(spot, stats, deals, errors),
        method,
        float(deals),
        computing_seconds(plan.start),
        boards=deals if exact else None,
        trials=None if exact else deals,
        stderr=0.0 if exact else (None if errors is None else float(errors.max())),
        seed=plan.seed if not exact else None,
        threads=plan.threads,
        game=GAME,
    )
