"""A heads-up hold'em spot checked before its tree is built: the board, dead cards, both ranges, the betting
rules and the run's limits (:class:`Spot`), and what building and solving it will cost, counted first.

>>> spot = Spot.parse("Td9d6hQc", "AA", "KK", pot=10, stack=10, bet_sizes=())
>>> spot.street, spot.board_rows() > 0
('turn', True)
"""

from __future__ import annotations

import ctypes
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ...evaluator import CardError, cards_to_mask, evaluate_batch, format_cards, to_card_ids
from ..ranges.parse import Range, RangeError, parse_range
from .betting import (
    DECK,
    Betting,
    FlatBuilder,
    card_name,
    count_nodes,
    swap_card,
    symmetries,
)
from .cfr import CfrSolver
from .errors import SolverError
from .locks import Lock, as_locks
from .options import SPOT_DEFAULTS, Board, RangeText, SpotOptions, known
from .sizes import STREETS, tree_sizes
from .tree import Game, Hands, TreeShape, check_rake

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too

PLAYERS = ("oop", "ip")
"""The players' names, player 0 (out of position, first to act) first."""


def _strength_table(combos: np.ndarray, rows: Sequence[tuple[int, ...]]) -> np.ndarray:
    """``(rows, hands)`` strengths: -1 where the hand shares a card with the row's board, the hand's rank on a
    five-card board, else 0 (no showdown happens before the river)."""
    n = len(combos)
    hand_masks = (np.uint64(1) << combos[:, 0].astype(np.uint64)) | (np.uint64(1) << combos[:, 1].astype(np.uint64))
    board_masks = np.array([cards_to_mask(list(cards)) for cards in rows], dtype=np.uint64)
    blocked = (board_masks[:, None] & hand_masks[None, :]) != 0
    table = np.zeros((len(rows), n), dtype=np.int64)
    river = np.array([i for i, cards in enumerate(rows) if len(cards) == 5], dtype=np.int64)
    if len(river):
        boards = np.array([rows[i] for i in river], dtype=np.int64)
        full = np.concatenate(
            [
                np.broadcast_to(combos[None, :, :], (len(river), n, 2)),
                np.broadcast_to(boards[:, None, :], (len(river), n, 5)),
            ],
            axis=2,
        )
        live = ~blocked[river]
        ranks = evaluate_batch(np.ascontiguousarray(full[live], dtype=np.uint8)).astype(np.int64)
        sub = np.zeros((len(river), n), dtype=np.int64)
        sub[live] = ranks
        table[river] = sub
    table[blocked] = -1
    return table


def _parse_range(spec: str | Range, name: str, dead: int) -> tuple[np.ndarray, np.ndarray]:
    try:
        parsed = spec if isinstance(spec, Range) else parse_range(spec)
    except RangeError as error:
        raise SolverError(f"{name} range: {error}") from None
    live = parsed.remove(dead)
    if len(live) == 0:
        raise SolverError(f"{name} range {str(parsed)!r} has no combo left once the board's and dead cards are removed")
    return np.asarray(live.combos, dtype=np.int64), np.asarray(live.weights, dtype=np.float64)


#: The most chips a pot or a stack may hold: far beyond any game, and small enough that every sum of the tree's
#: amounts and its float32 regrets stay finite (1e308 chips overflowed the rake's products).
MAX_CHIPS = 1e15


@dataclass(frozen=True)
class Spot:
    """A checked spot, before its tree is built: board and dead cards, both ranges, and the betting rules.

    >>> spot = Spot.parse("Td9d6hQc", "AA", "KK", pot=10, stack=10, bet_sizes=())
    >>> spot.street, spot.nodes(), [len(c) for c in spot.combos]
    ('turn', 537, [6, 6])
    """

    board: tuple[int, ...]
    combos: tuple[np.ndarray, np.ndarray]
    weights: tuple[np.ndarray, np.ndarray]
    betting: Betting
    rake: float = 0.0
    rake_cap: float | None = None
    locks: tuple[Lock, ...] = ()

    @classmethod
    def parse(
        cls,
        board: Board,
        oop_range: RangeText,
        ip_range: RangeText,
        pot: float,
        stack: float,
        board_sizes: tuple[int, ...] = (3, 4, 5),
        **options: Unpack[SpotOptions],
    ) -> Spot:
        """Check every argument (see :func:`solve`, the keywords :class:`.options.SpotOptions`); one-line
        :class:`SolverError` on the first bad one (a lock's line and actions are checked against the tree when it
        is built). ``board_sizes``: the board sizes taken.

        >>> Spot.parse("2s3h4d6c7c", "AA", "KK", pot=10, stack=10, merge=0.1).street
        'river'
        """
        spot: SpotOptions = {**SPOT_DEFAULTS, **known("Spot.parse", options, SpotOptions)}
        dead = spot["dead"]
        try:
            cards = to_card_ids(board, count=board_sizes if len(board_sizes) > 1 else board_sizes[0])
        except CardError as error:
            raise SolverError(f"board: {error}") from None
        try:
            gone = to_card_ids(dead) if dead else []
        except CardError as error:
            raise SolverError(f"dead: {error}") from None
        clash = sorted(set(cards) & set(gone))
        if clash:
            raise SolverError(f"dead: card {card_name(clash[0])!r} is on the board")
        for name, value in (("pot", pot), ("stack", stack)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_CHIPS:
                raise SolverError(f"{name} must be a number of chips from 0 to {MAX_CHIPS:g}; got {value!r}")
        if pot == 0:
            raise SolverError("pot must be more than 0 chips (EVs and exploitability are measured against it)")
        rules = tree_sizes(
            spot["bet_sizes"], spot["raise_sizes"], spot["donk_sizes"], spot["raise_cap"], spot["allin"],
            spot["add_allin"], spot["force_allin"], spot["merge"],
        )  # fmt: skip
        betting = Betting(float(pot), float(stack), rules, tuple(gone))
        mask = cards_to_mask(cards + gone)
        parsed = [_parse_range(text, name, mask) for text, name in ((oop_range, "oop"), (ip_range, "ip"))]
        combos, weights = (parsed[0][0], parsed[1][0]), (parsed[0][1], parsed[1][1])
        if spot["isomorphism"] and len(cards) < 5:
            betting = replace(betting, swaps=symmetries((cards, gone), combos, weights))
        rate, cap = check_rake(spot["rake"], spot["rake_cap"])
        return cls(tuple(cards), combos, weights, betting, rate, cap, as_locks(spot["locks"]))

    @property
    def street(self) -> str:
        """``flop``, ``turn`` or ``river``: the street the subgame starts on."""
        return STREETS[len(self.board) - 3]

    def nodes(self) -> int:
        """The number of nodes of the tree, counted without building it."""
        return count_nodes(self.betting, self.betting.root(self.board))

    def board_rows(self) -> int:
        """The number of distinct boards the tree reaches (rows of the strength tables)."""
        left = DECK - len(self.board) - len(self.betting.dead)
        return sum(math.comb(left, k) for k in range(5 - len(self.board) + 1))

    def estimate_memory(self, dtype: Any = np.float32, threads: int = 1, compressed: bool = False) -> int:
        """Bytes the solve allocates: the solver's arrays (:meth:`.cfr.CfrSolver.memory_bytes`, exact; 16-bit
        with ``compressed``), the flat tree and both strength tables, from the tree's shape counted without
        building it.

        >>> spot = Spot.parse("2s3h4d6c7c", "AA", "KK", pot=10, stack=10)
        >>> 0 < spot.estimate_memory(compressed=True) < spot.estimate_memory()
        True
        """
        shape = self.shape()
        hands = (len(self.combos[0]), len(self.combos[1]))
        tables = self.board_rows() * sum(hands) * (8 + 8)  # the strength table and the ranked keys (int64 each)
        solver = CfrSolver.memory_bytes(shape, hands, dtype, threads, DECK, compressed)
        return solver + shape.nodes * _TREE_BYTES_PER_NODE + tables

    def shape(self) -> TreeShape:
        """The :class:`~.tree.TreeShape` of the spot's tree, counted without building it: subtrees that differ
        only in the cards dealt (in their labels) are counted once.

        >>> Spot.parse("Td9d6hQc", "AA", "KK", pot=10, stack=10, bet_sizes=()).shape().nodes
        537
        """
        betting, memo = self.betting, {}
        symmetric = len(betting.swaps) > 1  # then the cards kept depend on the board, not only on its size

        def key(spec: Any) -> Any:
            return spec._replace(label="", images=(), cards=spec.cards if symmetric else len(spec.cards))

        def count(spec: Any) -> TreeShape:
            if key(spec) not in memo:
                children: dict[Any, list[Any]] = {}
                for child in betting.children(spec):
                    children.setdefault(key(child), [child, 0])[1] += 1
                joined = [(count(child), times) for child, times in children.values()]
                memo[key(spec)] = TreeShape.join(spec.kind, spec.player, joined) if joined else TreeShape.leaf()
            return memo[key(spec)]

        return count(betting.root(self.board))

    def game(self) -> Game:
        """The spot's :class:`~.tree.Game`: the flat tree and both players' hands with their strength tables."""
        builder = FlatBuilder(self.betting)
        tree = builder.build(self.betting.root(self.board))
        rows = [cards for cards, _ in sorted(builder.rows.items(), key=lambda item: item[1])]
        hands = tuple(
            Hands(
                cards=combos,
                weights=weights,
                strength=_strength_table(combos, rows),
                labels=tuple(format_cards(c) for c in combos.tolist()),
            )
            for combos, weights in zip(self.combos, self.weights)
        )
        game = Game(tree, (hands[0], hands[1]), DECK, self._symmetry(builder), self.rake, self.rake_cap)
        del builder
        release_freed_memory()
        return game

    def _symmetry(self, builder: FlatBuilder) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
        """:attr:`.tree.Game.symmetry` of the built tree: for each swap and player, the hand each hand is under
        the inverse swap (the one taking a card that stands for others back to it)."""
        swaps = self.betting.swaps
        if len(swaps) == 1:
            return None
        width = max(len(c) for c in self.combos)
        hand_map = np.tile(np.arange(width, dtype=np.int64), (len(swaps), 2, 1))
        for s, swap in enumerate(swaps):
            inverse = tuple(swap.index(suit) for suit in range(4))
            for p, combos in enumerate(self.combos):
                where = {frozenset(c): i for i, c in enumerate(combos.tolist())}
                hand_map[s, p, : len(combos)] = [
                    where[frozenset(swap_card(c, inverse) for c in hand)] for hand in combos.tolist()
                ]
        first, count, image_swap = (
            np.frombuffer(a, dtype=np.int64).copy()
            for a in (builder.image_first, builder.image_count, builder.image_swap)
        )
        return first, count, image_swap, hand_map


def release_freed_memory() -> bool:
    """Give the C heap's free pages back to the system (glibc's ``malloc_trim``), where the platform has it; True
    when it ran. Building a tree of many nodes frees about half of what it allocated (the betting's transient
    objects and the builder's growing buffers), in holes of the heap that the solve's large arrays, mapped apart,
    never reuse: without this they stay resident through the solve.

    >>> release_freed_memory() in (True, False)  # False off glibc
    True
    """
    trim = getattr(_LIBC, "malloc_trim", None) if _LIBC is not None else None
    if trim is None:
        return False
    trim(0)
    return True


# The C library of this process (its malloc), on Linux only: elsewhere the heap is left as the allocator keeps it.
_LIBC = ctypes.CDLL(None) if sys.platform.startswith("linux") else None

# Per node: six int64 and four float64 tree arrays (the rake's among them), and one label reference.
_TREE_BYTES_PER_NODE = 6 * 8 + 4 * 8 + 8
