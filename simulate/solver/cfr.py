"""Discounted CFR with alternating updates over a :class:`~.tree.Game`, and its exploitability by best responses.

Each iteration updates player 0 then player 1: the current strategy comes from the regrets by regret matching,
reach probabilities flow forward through the tree, counterfactual values flow back, and the traverser's
regrets and average strategy are updated at each of its decisions, every hand of the node at once. DCFR
(Brown and Sandholm, 2019) discounts, before iteration ``t`` adds its own, the accumulated positive regrets by
``(t-1)^alpha / ((t-1)^alpha + 1)``, the negative ones by ``(t-1)^beta / ((t-1)^beta + 1)`` and the average
strategy by ``((t-1) / t)^gamma``; the defaults are the paper's alpha 1.5, beta 0, gamma 2.

Values are zero-sum chips: a player's value is what they win less what they put in, averaged over the deals
(both hands, weighted by the players' weights, sharing no card). The exploitability is the mean of the two
players' gains from a best response to the other's average strategy, computed by a pass of its own that takes,
for each hand at each of the responder's decisions, the best action.

>>> from pokerlab.simulate.solver.toy_games import kuhn_game
>>> solver = CfrSolver(kuhn_game())
>>> solver.solve(max_iterations=300) <= 300
True
>>> round(solver.expected_value(0), 3), solver.exploitability() < 1e-3
(-0.056, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing  # noqa: F401  (np.typing in annotations)

from .errors import SolverError
from .tree import Game


@dataclass(frozen=True)
class Discounting:
    """DCFR's discount exponents: positive regrets (``alpha``), negative regrets (``beta``), average (``gamma``).

    >>> Discounting().factors(3)
    (0.7387961250362586, 0.5, 0.4444444444444444)
    """

    alpha: float = 1.5
    beta: float = 0.0
    gamma: float = 2.0

    def factors(self, iteration: int) -> tuple[float, float, float]:
        """What iteration ``iteration`` (from 1) multiplies the accumulated regrets (+, -) and strategy by."""
        done = iteration - 1
        if done == 0:
            return 0.0, 0.0, 0.0
        positive = done**self.alpha / (done**self.alpha + 1.0)
        negative = done**self.beta / (done**self.beta + 1.0)
        return positive, negative, (done / iteration) ** self.gamma


class CfrSolver:
    """A DCFR run over one game; its regrets and average strategy are arrays indexed by the tree's child nodes.

    >>> from pokerlab.simulate.solver.toy_games import kuhn_game
    >>> solver = CfrSolver(kuhn_game())
    >>> solver.iterate(10)
    >>> solver.iterations, solver.average_strategy().shape
    (10, (9, 3))
    """

    #: Per node and hand: regrets, strategy sums, the strategy table, counterfactual values and both reaches.
    ARRAYS_PER_NODE = 6

    def __init__(
        self, game: Game, discounting: Discounting | None = None, dtype: np.typing.DTypeLike = np.float64
    ) -> None:
        self.game = game
        self.discounting = discounting or Discounting()
        nodes, width = len(game.tree), max(len(h) for h in game.hands)
        self.dtype = np.dtype(dtype)
        self.regrets = np.zeros((nodes, width), dtype=self.dtype)
        self.strategy_sums = np.zeros((nodes, width), dtype=self.dtype)
        self.iterations = 0
        self._table = np.zeros((nodes, width), dtype=self.dtype)
        self._reach = np.zeros((nodes, 2, width), dtype=self.dtype)
        self._values = np.zeros((nodes, width), dtype=self.dtype)
        self._n_hands = np.array([len(h) for h in game.hands], dtype=np.int64)
        self._tree = game.tree.arrays()
        self._hands = game.kernel_hands()
        self._symmetry = game.kernel_symmetry()
        self._weights = tuple(np.ascontiguousarray(h.weights, dtype=np.float64) for h in game.hands)
        self.deal_weight = self._deal_weight()
        if self.deal_weight <= 0:
            raise SolverError(
                "no deal is possible: every hand of one player shares a card with every hand of the other"
            )

    @classmethod
    def memory_bytes(cls, nodes: int, width: int, dtype: np.typing.DTypeLike = np.float64) -> int:
        """Bytes of the per-node arrays for a tree of ``nodes`` nodes and ``width`` hands (the larger range).

        >>> CfrSolver.memory_bytes(1000, 20, np.float32)
        480000
        """
        return cls.ARRAYS_PER_NODE * nodes * width * np.dtype(dtype).itemsize

    def _kernels(self):
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

    def _fill_table(self, average: bool) -> np.ndarray:
        tree = self.game.tree
        source = self.strategy_sums if average else self.regrets
        self._kernels().strategy_table(
            tree.kind, tree.n_children, tree.first_child, tree.player, self._n_hands, source, average, self._table
        )
        return self._table

    def iterate(self, count: int = 1) -> None:
        """Run ``count`` DCFR iterations (each updates player 0, then player 1)."""
        kernels = self._kernels()
        for _ in range(count):
            factors = self.discounting.factors(self.iterations + 1)
            for player in (0, 1):
                table = self._fill_table(average=False)
                kernels.propagate_reach(self._tree, self._hands, *self._weights, table, self._reach)
                kernels.counterfactual_values(
                    self._tree,
                    self._hands,
                    self._symmetry,
                    player,
                    table,
                    self._reach,
                    self.game.n_cards,
                    False,
                    self._values,
                )
                kernels.update_traverser(
                    self._tree,
                    player,
                    self._n_hands[player],
                    table,
                    self._reach,
                    self._values,
                    self.regrets,
                    self.strategy_sums,
                    factors,
                )
            self.iterations += 1

    def average_strategy(self) -> np.ndarray:
        """The average strategy: row ``child`` holds, for each hand of the acting player, the probability of
        the action leading to ``child`` (rows of non-decision children are 0)."""
        return self._fill_table(average=True).copy()

    def average_reach(self) -> np.ndarray:
        """``reach[node, p, h]`` under the average strategies: ``p``'s weight of ``h`` times ``p``'s own
        probability of the actions leading to ``node``."""
        table = self._fill_table(average=True)
        self._kernels().propagate_reach(self._tree, self._hands, *self._weights, table, self._reach)
        return self._reach.copy()

    def root_values(self, player: int, best_response: bool = False) -> np.ndarray:
        """``player``'s counterfactual value of each hand at the root against the other's average strategy:
        playing its own average strategy, or a best response. Divide by the hand's compatible opponent weight
        for its expected value, or sum weighted and divide by the deals' weight for the range's."""
        kernels = self._kernels()
        table = self._fill_table(average=True)
        kernels.propagate_reach(self._tree, self._hands, *self._weights, table, self._reach)
        kernels.counterfactual_values(
            self._tree,
            self._hands,
            self._symmetry,
            player,
            table,
            self._reach,
            self.game.n_cards,
            best_response,
            self._values,
        )
        return self._values[0, : self._n_hands[player]].copy()

    def expected_value(self, player: int, best_response: bool = False) -> float:
        """``player``'s expected zero-sum value over the deals, both players on their average strategy (or
        ``player`` best-responding)."""
        values = self.root_values(player, best_response)
        return float(np.dot(self._weights[player], values) / self.deal_weight)

    def exploitability(self) -> float:
        """The mean of the two players' best-response gains, in chips (0 at a Nash equilibrium)."""
        return 0.5 * (self.expected_value(0, True) + self.expected_value(1, True))

    def solve(self, max_iterations: int, target_exploitability: float = 0.0, check_every: int = 10) -> int:
        """Iterate until the exploitability (checked every ``check_every`` iterations) is at most the target, or
        ``max_iterations`` in all; returns the iterations run."""
        while self.iterations < max_iterations:
            self.iterate(min(check_every, max_iterations - self.iterations))
            if target_exploitability > 0 and self.exploitability() <= target_exploitability:
                break
        return self.iterations
