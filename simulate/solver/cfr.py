"""Discounted CFR with alternating updates over a :class:`~.tree.Game`, and its exploitability by best responses.

Each iteration updates player 0 then player 1 in one depth-first pass each: at every node the current strategy
comes from the regrets by regret matching, reach probabilities flow down, counterfactual values flow back, and
the traverser's regrets and average strategy are updated as the pass leaves each of its decisions, every hand of
the node at once. The regrets and strategy sums are stored per decision, sized to the acting player's hands; the
subtrees below the first cards dealt run on ``threads`` threads, with the same results whatever the threads. DCFR
(Brown and Sandholm, 2019) discounts, before iteration ``t`` adds its own, the accumulated positive regrets by
``(t-1)^alpha / ((t-1)^alpha + 1)``, the negative ones by ``(t-1)^beta / ((t-1)^beta + 1)`` and the average
strategy by ``((t-1) / t)^gamma``; the defaults are alpha 1.5, beta 0 (the paper's) and gamma 3 (fewer iterations
than the paper's 2 on the race's spots, as postflop-solver found).

Values are chips: a player's value is what they win less what they put in (less the rake it pays, when the game
is raked), averaged over the deals (both hands, weighted by the players' weights, sharing no card). The
exploitability is the mean of the two players' gains from a best response to the other's average strategy (its
value less the value of its own average strategy), computed by a pass of its own that takes, for each hand at
each of the responder's decisions, the best action.

A lock fixes the strategy of some or all of the acting player's hands at a decision: those hands play the
locked frequencies in every pass, their regrets and strategy sums are never updated, and a best response keeps
them too (it chooses only where the player is free), so the exploitability measures what each player could
gain at its free decisions.

>>> from pokerlab.simulate.solver.toy_games import kuhn_game
>>> solver = CfrSolver(kuhn_game())
>>> solver.solve(max_iterations=300) <= 300
True
>>> round(solver.expected_value(0), 3), solver.exploitability() < 1e-3
(-0.056, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing  # noqa: F401  (np.typing in annotations)

from ...threads import MAX_JOBS, on_threads
from .errors import SolverError
from .tree import DECISION, Game, TreeShape, tree_levels


@dataclass(frozen=True)
class Discounting:
    """DCFR's discount exponents: positive regrets (``alpha``), negative regrets (``beta``), average (``gamma``);
    ``restart`` (0: never) starts the average strategy afresh after ``restart``, ``restart**2``, ... iterations.

    >>> Discounting().factors(3)
    (0.7387961250362586, 0.5, 0.2962962962962962)
    >>> [Discounting(restart=4).factors(t)[2] for t in (2, 5, 17)]  # after 1, 4 and 16 iterations done
    [0.0, 0.0, 0.0]
    """

    alpha: float = 1.5
    beta: float = 0.0
    gamma: float = 3.0
    restart: int = 0

    def factors(self, iteration: int) -> tuple[float, float, float]:
        """What iteration ``iteration`` (from 1) multiplies the accumulated regrets (+, -) and strategy by."""
        done = iteration - 1
        if done == 0:
            return 0.0, 0.0, 0.0
        positive = done**self.alpha / (done**self.alpha + 1.0)
        negative = done**self.beta / (done**self.beta + 1.0)
        since = done - self._last_restart(done)  # the average's iterations since it last started afresh
        return positive, negative, (since / (since + 1)) ** self.gamma

    def _last_restart(self, done: int) -> int:
        """The last of ``restart``'s powers (1 included) at most ``done``; 0 when the average never restarts."""
        if self.restart < 2:
            return 0
        power = 1
        while power * self.restart <= done:
            power *= self.restart
        return power


class CfrSolver:
    """A DCFR run over one game: its regrets and strategy sums are flat arrays holding, per decision node, an
    ``(actions, hands)`` block of the acting player's hands (``offset[node]`` its start).

    >>> from pokerlab.simulate.solver.toy_games import kuhn_game
    >>> solver = CfrSolver(kuhn_game())
    >>> solver.iterate(10)
    >>> solver.iterations, solver.average_strategy().shape, solver.regrets.shape
    (10, (9, 3), (24,))
    """

    def __init__(
        self,
        game: Game,
        discounting: Discounting | None = None,
        dtype: np.typing.DTypeLike = np.float64,
        threads: int = 1,
        locks: Sequence[tuple[int, np.ndarray]] = (),
        compressed: bool = False,
    ) -> None:
        """``locks`` are ``(node, frequencies)`` pairs: at decision ``node``, an ``(actions, hands)`` array of
        the acting player's locked frequencies, NaN in every row for a hand left free. ``compressed`` stores the
        regrets as int16 and the strategy sums as uint16, each decision's block over a float32 scale of its own
        (``scales[0]`` and ``scales[1]``, by node): half the memory of float32; ``dtype`` is then float32."""
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= MAX_JOBS:
            raise SolverError(f"threads must be a whole number from 1 to {MAX_JOBS}; got {threads!r}")
        self.game = game
        self.discounting = discounting or Discounting()
        self.compressed = bool(compressed)
        self.dtype = np.dtype(np.float32 if self.compressed else dtype)
        self.threads = threads
        self.shape = TreeShape.of(game.tree)
        self._n_hands = np.array([len(h) for h in game.hands], dtype=np.int64)
        tree = game.tree
        block = np.where(tree.kind == 0, tree.n_children * self._n_hands[np.maximum(tree.player, 0)], 0)
        self.offset = np.concatenate([[0], np.cumsum(block)[:-1]]).astype(np.int64)
        self.regrets = np.zeros(int(block.sum()), dtype=np.int16 if self.compressed else self.dtype)
        self.strategy_sums = np.zeros(int(block.sum()), dtype=np.uint16 if self.compressed else self.dtype)
        self.scales = np.zeros((2, len(tree) if self.compressed else 0), dtype=np.float32)
        self.iterations = 0
        self._tree = game.kernel_tree()
        self.raked = bool(game.rake > 0 and (game.rake_cap is None or game.rake_cap > 0))
        self._hands = game.kernel_hands()
        self._weights = tuple(np.ascontiguousarray(h.weights, dtype=np.float64) for h in game.hands)
        self._set_locks(locks)
        self._split_items()
        # The items' reach and values exist only to share the items over threads: one thread walks the whole tree.
        splits, items = (self.shape.splits, self.shape.items) if self._threads_used() > 1 else (0, 0)
        self._top = (np.zeros((splits, 2, self._width)), np.zeros((items, self._width)))
        self._work: list[tuple[np.ndarray, ...]] = []
        self.deal_weight = self._deal_weight()
        if self.deal_weight <= 0:
            raise SolverError(
                "no deal is possible: every hand of one player shares a card with every hand of the other"
            )

    def _set_locks(self, locks: Sequence[tuple[int, np.ndarray]]) -> None:
        """Lay the locks out for the kernels (no array at all without locks) and write the locked frequencies
        into the strategy sums, where the average strategy reads them."""
        tree = self.game.tree
        self.lock_at = np.full(len(tree) if locks else 0, -1, dtype=np.int64)
        blocks = []
        used = 0
        for node, table in locks:
            node = int(node)
            n = int(self._n_hands[tree.player[node]])
            if tree.kind[node] != DECISION or table.shape != (tree.n_children[node], n):
                raise SolverError(f"a lock at node {node} needs a decision's (actions, hands) table")
            self.lock_at[node] = used
            blocks.append(np.ascontiguousarray(table, dtype=np.float64).ravel())
            used += table.size
        self.lock_values = np.concatenate(blocks) if blocks else np.zeros(0, dtype=np.float64)
        self.lock_strategy_sums()

    def lock_strategy_sums(self) -> None:
        """Write the locked frequencies into the strategy sums of the locked hands (the average strategy); compressed
        sums keep nothing for a locked hand (a block's scale follows its free hands), and the average strategy
        reads the locks themselves.

        >>> from pokerlab.simulate.solver.toy_games import kuhn_game
        >>> solver = CfrSolver(kuhn_game(), locks=[(0, np.array([[1.0, np.nan, np.nan], [0.0, np.nan, np.nan]]))])
        >>> solver.strategy_sums[:] = 0.0
        >>> solver.lock_strategy_sums()
        >>> solver.average_strategy()[1:3, 0].tolist()
        [1.0, 0.0]
        """
        for node, table, locked in self._lock_tables():
            block = self.strategy_sums[self.offset[node] : self.offset[node] + table.size].reshape(table.shape)
            block[:, locked] = 0 if self.compressed else table[:, locked]

    def _lock_tables(self) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """Each locked node, its ``(actions, hands)`` table of locked frequencies and which hands are locked."""
        tree, tables = self.game.tree, []
        for node in np.flatnonzero(self.lock_at >= 0):
            shape = (int(tree.n_children[node]), int(self._n_hands[tree.player[node]]))
            start = self.lock_at[node]
            table = self.lock_values[start : start + shape[0] * shape[1]].reshape(shape)
            tables.append((int(node), table, ~np.isnan(table[0])))
        return tables

    @property
    def _width(self) -> int:
        return int(self._n_hands.max())

    def _split_items(self) -> None:
        """Number the top chance nodes and their children (the items the threads share), balanced by size."""
        tree = self.game.tree
        _, _, top = tree_levels(tree)
        chances = np.flatnonzero(top)
        self._split = np.full(len(tree), -1, dtype=np.int64)
        self._split[chances] = np.arange(len(chances))
        counts = tree.n_children[chances]
        self._item_first = (np.cumsum(counts) - counts).astype(np.int64)
        self._item_chance = np.repeat(np.arange(len(chances), dtype=np.int64), counts)
        self._item_node = np.repeat(tree.first_child[chances] - self._item_first, counts) + np.arange(counts.sum())
        self._item_node = self._item_node.astype(np.int64)
        self._game = (self._tree, self._hands, self.game.kernel_symmetry(), self.offset, self._n_hands, self._split,
                      self._item_first, self.lock_at, self.lock_values)  # fmt: skip

    @classmethod
    def memory_bytes(
        cls, shape: TreeShape, hands: tuple[int, int], dtype: np.typing.DTypeLike = np.float64, threads: int = 1,
        n_cards: int = 52, compressed: bool = False,
    ) -> int:  # fmt: skip
        """Bytes the solver allocates for a tree of ``shape`` and ``hands`` hands per player: the regrets and
        strategy sums (two bytes each and two float32 scales per node when ``compressed``), the offsets and item
        indices, the float64 work areas (one per thread used) and, on more than one thread, the items' reach and
        values.

        >>> from pokerlab.simulate.solver.toy_games import kuhn_game
        >>> solver = CfrSolver(kuhn_game(), compressed=True)
        >>> CfrSolver.memory_bytes(solver.shape, (3, 3), n_cards=3, compressed=True) == solver.allocated_bytes()
        True
        """
        entries = shape.rows[0] * hands[0] + shape.rows[1] * hands[1]
        storage = entries * (2 + 2) + 2 * 4 * shape.nodes if compressed else 2 * entries * np.dtype(dtype).itemsize
        width, levels = max(hands), shape.depth + 1
        work = 8 * (
            levels * width * (3 + 2 * max(shape.actions, 1)) + 3 * width + n_cards + 1 + 4 * (levels + _STACK_PAD)
        )
        used = max(1, min(threads, shape.items))
        indices = 8 * (2 * shape.nodes + shape.splits + 2 * shape.items)
        top = 8 * (shape.splits * 2 * width + shape.items * width) if used > 1 else 0
        return storage + indices + top + used * work

    def allocated_bytes(self) -> int:
        """The bytes of the solver's arrays once its threads' work areas exist (:meth:`memory_bytes`)."""
        self._work_areas()
        indices = [self.offset, self._split, self._item_first, self._item_chance, self._item_node]
        arrays = [self.regrets, self.strategy_sums, self.scales, *indices, *self._top]
        arrays += [a for work in self._work for a in work]
        return sum(a.nbytes for a in arrays)

    def _threads_used(self) -> int:
        """The threads a pass runs on: at most one per item (:meth:`_split_items`)."""
        return max(1, min(self.threads, self.shape.items))

    def _work_areas(self) -> list[tuple[np.ndarray, ...]]:
        """One work area per thread used: the per-depth reach, strategy, child values and values, scratch, and the
        pass's stack."""
        used = self._threads_used()
        levels, width, actions = self.shape.depth + 1, self._width, max(self.shape.actions, 1)
        while len(self._work) < used:
            self._work.append(
                (
                    np.zeros((levels, 2, width)),
                    np.zeros((levels, actions, width)),
                    np.zeros((levels, actions, width)),
                    np.zeros((levels, width)),
                    np.zeros((3, width)),
                    np.zeros(self.game.n_cards + 1),  # a slot for a one-card hand's missing card
                    # the pass's stack; rows past the deepest keep another thread's stack off its cache lines
                    np.zeros((levels + _STACK_PAD, 4), dtype=np.int64),
                )
            )
        return self._work[:used]

    def _kernels(self) -> ModuleType:
        from . import cfr_kernels  # numba-compiled: imported on first use

        return cfr_kernels

    def _deal_weight(self) -> float:
        """The total weight of the deals: both hands' weights multiplied, over the pairs sharing no card."""
        kernels = self._kernels()
        mass = np.zeros(len(self._weights[0]))
        board = int(self.game.tree.board[0])
        h0, h1 = self.game.hands
        alive1 = np.where(h1.strength[board] >= 0, self._weights[1], 0.0)
        kernels.opponent_mass(
            h0.cards, h0.strength[board], self.game.same[0], h1.cards, alive1, self.game.n_cards, mass
        )
        return float(np.dot(np.where(h0.strength[board] >= 0, self._weights[0], 0.0), mass))

    def _pass(
        self,
        traverser: int,
        mode: int,
        factors: tuple[float, float, float] = (0.0, 0.0, 0.0),
        keep: tuple[np.ndarray, np.ndarray] | tuple[()] = (),
    ) -> np.ndarray:
        """One depth-first pass for ``traverser`` (train, average or best response); the root's values. ``keep``
        is ``(slot, node_values)``: each node with ``slot[node] >= 0`` leaves its values in that row."""
        kernels = self._kernels()
        works = self._work_areas()
        slot, node_values = keep or (np.zeros(0, dtype=np.int64), np.zeros((0, 0)))
        state = (traverser, mode, self.regrets, self.strategy_sums, self.scales, factors, slot, node_values)
        main = works[0]
        kernels.root_reach(self._tree, self._hands, *self._weights, main[0])
        split = len(works) > 1  # one thread: one pass over the whole tree, the same sums in the same order
        if split:
            kernels.visit(0, self._game, main, state, self._top, 1)
            # Interleaved: a chance node's items are alike in size, so each thread gets its share of every one.
            parts = [np.arange(t, self.shape.items, len(works), dtype=np.int64) for t in range(len(works))]
            on_threads(
                [
                    partial(
                        kernels.visit_items,
                        part,
                        self._item_node,
                        self._item_chance,
                        self._game,
                        work,
                        state,
                        *self._top,
                    )  # fmt: skip
                    for part, work in zip(parts, works)
                ]
            )
            kernels.root_reach(self._tree, self._hands, *self._weights, main[0])
        kernels.visit(0, self._game, main, state, self._top, 2 if split else 0)
        return main[3][0, : self._n_hands[traverser]]

    def _single_args(self) -> tuple[Any, ...]:
        """The arguments every whole-tree kernel call on one thread starts with."""
        main = self._work_areas()[0]
        return (self._game, main, self._top, *self._weights, self.regrets, self.strategy_sums, self.scales)

    def _train(self, count: int, check: int = 0, target: float = 0.0) -> float | None:
        """``count`` iterations on one thread in one compiled call (a call from Python costs more than a small
        spot's iteration), checking the exploitability as :func:`.cfr_kernels.train` does; the last checked."""
        d = self.discounting
        done, checked = self._kernels().train(*self._single_args(), self.iterations + 1, count,
                                              (float(d.alpha), float(d.beta), float(d.gamma), int(d.restart)), check,
                                              float(target), self.deal_weight, self.raked)  # fmt: skip
        self.iterations += int(done)
        return None if checked < 0 else float(checked)

    def iterate(self, count: int = 1) -> None:
        """Run ``count`` DCFR iterations (each updates player 0, then player 1)."""
        if self._threads_used() == 1:
            self._train(count)
            return
        kernels = self._kernels()
        for _ in range(count):
            factors = self.discounting.factors(self.iterations + 1)
            for player in (0, 1):
                self._pass(player, kernels.TRAIN, factors)
            self.iterations += 1

    def average_strategy(self) -> np.ndarray:
        """The average strategy: row ``child`` holds, for each hand of the acting player, the probability of
        the action leading to ``child`` (rows of non-decision children are 0)."""
        tree = self.game.tree
        table = np.zeros((len(tree), self._width), dtype=self.dtype)
        self._kernels().dense_average(tree.kind, tree.player, tree.first_child, tree.n_children, self.offset,
                                      self._n_hands, self.strategy_sums, table)  # fmt: skip
        for node, lock, locked in self._lock_tables() if self.compressed else ():  # float sums hold the locks
            first = tree.first_child[node]
            table[first : first + lock.shape[0], : lock.shape[1]][:, locked] = lock[:, locked]
        return table

    def average_reach(self) -> np.ndarray:
        """``reach[node, p, h]`` under the average strategies: ``p``'s weight of ``h`` times ``p``'s own
        probability of the actions leading to ``node``."""
        reach = np.zeros((len(self.game.tree), 2, self._width), dtype=self.dtype)
        self._kernels().propagate_reach(self._tree, self._hands, *self._weights, self.average_strategy(), reach)
        return reach

    def root_values(self, player: int, best_response: bool = False) -> np.ndarray:
        """``player``'s counterfactual value of each hand at the root against the other's average strategy:
        playing its own average strategy, or a best response. Divide by the hand's compatible opponent weight
        for its expected value, or sum weighted and divide by the deals' weight for the range's."""
        kernels = self._kernels()
        return self._pass(player, kernels.BEST_RESPONSE if best_response else kernels.AVERAGE).copy()

    def node_values(self, player: int, nodes: Sequence[int] | None = None) -> np.ndarray:
        """``player``'s counterfactual value of each hand at each of ``nodes`` (all of them when None: mind the
        memory, nodes times hands float64), both players on their average strategies: row ``i`` for ``nodes[i]``.
        A node's value of a hand is what the hand wins less what it puts in from the start of the subgame, summed
        over the opponent's hands weighted by their reach at the node (card probabilities below the node
        included, those above it not): divide by that reach compatible with the hand for its expected value.

        >>> from pokerlab.simulate.solver.toy_games import kuhn_game
        >>> solver = CfrSolver(kuhn_game())
        >>> solver.iterate(10)
        >>> bool(np.allclose(solver.node_values(0, [0])[0], solver.root_values(0)))
        True
        """
        tree = self.game.tree
        chosen = np.arange(len(tree), dtype=np.int64) if nodes is None else np.asarray(nodes, dtype=np.int64)
        if chosen.ndim != 1 or (len(chosen) and (chosen.min() < 0 or chosen.max() >= len(tree))):
            raise SolverError(f"nodes must be node numbers from 0 to {len(tree) - 1}")
        slot = np.full(len(tree), -1, dtype=np.int64)
        slot[chosen] = np.arange(len(chosen))
        out = np.zeros((len(chosen), self._width))
        self._pass(player, self._kernels().AVERAGE, keep=(slot, out))
        # A node asked for twice shares one row: copy it to every place it was asked for.
        return out[slot[chosen], : self._n_hands[player]]

    def expected_value(self, player: int, best_response: bool = False) -> float:
        """``player``'s expected zero-sum value over the deals, both players on their average strategy (or
        ``player`` best-responding)."""
        values = self.root_values(player, best_response)
        return float(self._kernels().range_value(self._weights[player], values, self.deal_weight))

    def exploitability(self) -> float:
        """The mean of the two players' best-response gains, in chips (0 at a Nash equilibrium); a locked
        hand keeps its locked frequencies in the best response."""
        if self._threads_used() == 1:  # the passes in one compiled call
            return float(self._kernels().exploitability(*self._single_args(), self.deal_weight, self.raked))
        gains = [self.expected_value(p, True) for p in (0, 1)]
        if self.raked:  # not zero-sum: each gain is measured from the player's own value (never below 0 by rounding)
            gains = [max(gain - self.expected_value(p), 0.0) for p, gain in enumerate(gains)]
        return 0.5 * (gains[0] + gains[1])

    def solve(self, max_iterations: int, target_exploitability: float = 0.0, check_every: int = 10) -> int:
        """Iterate until the exploitability (checked every ``check_every`` iterations) is at most the target, or
        ``max_iterations`` in all; returns the iterations run."""
        if self._threads_used() == 1:
            return self._solve_single(max_iterations, target_exploitability, check_every)
        while self.iterations < max_iterations:
            self.iterate(min(check_every, max_iterations - self.iterations))
            if target_exploitability > 0 and self.exploitability() <= target_exploitability:
                break
        return self.iterations

    def _solve_single(self, max_iterations: int, target: float, check_every: int) -> int:
        """:meth:`solve` on one thread: iterations and checks in compiled calls of a few tenths of a second each
        (whole multiples of ``check_every``, so the checks fall where :meth:`solve` checks), returning to Python
        between calls so that Ctrl-C stops the run there."""
        # The first call's length from a generous bound on an iteration's cost: a tiny tree runs whole in one call
        # (each call costs about as much as its iterations), a large one starts at one check's worth.
        bound = _SECONDS_PER_NODE_HAND * len(self.game.tree) * self._width
        chunk = check_every * max(1, int(_CALL_SECONDS / bound) // check_every)
        while self.iterations < max_iterations:
            started = time.perf_counter()
            left = max_iterations - self.iterations
            before = self.iterations
            checked = self._train(min(chunk, left), check_every if target > 0 else 0, target)
            if checked is not None and checked <= target:
                break
            spent = max(time.perf_counter() - started, 1e-6) / max(self.iterations - before, 1)
            chunk = check_every * max(1, int(_CALL_SECONDS / spent) // check_every)
        return self.iterations


_STACK_PAD = 16  # rows of 32 bytes: 512 bytes between one thread's stack and memory allocated after it
_SECONDS_PER_NODE_HAND = 1e-6  # an iteration's cost per node and hand: far above any measured (tens of ns)
_CALL_SECONDS = 0.2  # about how long one compiled call of :meth:`CfrSolver.solve` runs before Python sees Ctrl-C
