"""Heads-up hold'em subgames from the flop, turn or river: betting trees dealing the next cards, solved by DCFR.

OOP (player 0) acts first on every street. Bets are fractions of the pot; a raise is a fraction of the pot after
calling, added to the call, and at least as large as the bet or raise it answers. An all-in is offered when
``allin`` is set, and any size reaching the stack becomes the all-in. ``raise_cap`` is the number of raises
allowed after the first bet of a street. Once a player is all-in, the remaining cards are dealt with no betting.

A betting round closed before the river leads to a chance node that deals each card left (not on the board,
not dead) with probability 1 / (the cards left less the four both players hold): given both hands, every other
card is equally likely, and the hands holding the dealt card get reach 0 below it.

Action labels, used to follow a line: ``check``, ``call``, ``fold``, ``bet X``, ``raise X`` and ``allin X``,
where ``X`` is what the player has put in on the current street after the action; a dealt card is labelled by
its text (``"Kd"``).

EVs follow PioSOLVER's convention: a player's EV is their share of the starting pot plus what they win less
what they put in from the start of the subgame (less the rake they pay), so the two players' EVs add up to the
starting pot less the expected rake. A range's EV and its action frequencies weigh each combo by its weight times
the weight of the opponent's combos it does not block.

Rake, as PioSOLVER and postflop-solver take it: ``rake`` (a fraction: 0.05 is 5 %) of the pot when the hand
ends, by a fold or a showdown, at most ``rake_cap`` chips, paid by the winner (half each on a split). The pot is
the chips both players have matched, the starting pot included: at a fold the uncalled part of the last bet goes
back to the bettor and is not raked. Locks (:mod:`.locks`) fix a player's strategy at a decision.

>>> solution = solve("2s3h4d6c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=200)
>>> solution.actions(), solution.actions(["check", "check"])[:3]
(('check', 'allin 10'), ('2c', '2d', '2h'))
>>> round(solution.oop_ev + solution.ip_ev, 6)
20.0
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from ...evaluator import format_cards, to_card_ids
from ..ranges.cells import COMBO_CELL, combo_index
from .betting import IDENTITY
from .cfr import CfrSolver
from .errors import SolverError
from .locks import Lock, make_lock, resolve_locks
from .options import (
    RUN_DEFAULTS,
    Board,
    MemoryOptions,
    RangeText,
    RunOptions,
    SolveOptions,
    SpotOptions,
    StorageOptions,
    known,
    pick,
)
from .sizes import tree_sizes
from .spot import PLAYERS, Spot
from .tree import CHANCE, DECISION, KIND_NAMES, Game

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too


@dataclass(frozen=True)
class Solution:
    """A solved spot: each player's EV, the exploitability, and the average strategy at any node.

    ``oop_ev`` and ``ip_ev`` are in PioSOLVER's convention (they add up to ``pot`` less :attr:`expected_rake`);
    ``exploitability`` is the mean of the two players' best-response gains in chips (a locked combo keeps its
    locked frequencies in a best response), ``exploitability_pct`` the same in % of ``pot``.

    ``spot`` is the solved :class:`Spot`, ``seconds`` the solve's wall time, ``interrupted`` whether the run
    was stopped (by its callback) before its target or ``max_iterations``. :meth:`node` follows a line,
    :func:`.saved.save_solution` writes the solution to a file that :func:`.saved.load_solution` reads back.

    >>> solution = solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, max_iterations=10)
    >>> solution.ip_ev, solution.to_dict()["root"]["actions"]
    (0.0, [{'action': 'check', 'frequency': 1.0}])
    """

    board: str
    pot: float
    stack: float
    oop_ev: float
    ip_ev: float
    exploitability: float
    exploitability_pct: float
    iterations: int
    solver: CfrSolver = field(repr=False, compare=False)
    spot: Spot | None = field(default=None, repr=False, compare=False)
    seconds: float = 0.0
    interrupted: bool = False

    @classmethod
    def of(cls, solver: CfrSolver, spot: Spot, seconds: float, interrupted: bool = False) -> Solution:
        """The solution ``solver`` holds for ``spot``: the EVs in PioSOLVER's convention and the exploitability
        measured now.

        >>> spot = Spot.parse("2s3h4d6c7c", "AA", "KK", pot=10, stack=10, bet_sizes=(), allin=False)
        >>> Solution.of(CfrSolver(spot.game()), spot, 0.0).oop_ev  # checked down, AA wins the pot
        10.0
        """
        pot = spot.betting.pot
        exploitability = solver.exploitability()
        return cls(
            board=format_cards(list(spot.board)),
            pot=pot,
            stack=spot.betting.stack,
            oop_ev=solver.expected_value(0) + pot / 2,
            ip_ev=solver.expected_value(1) + pot / 2,
            exploitability=exploitability,
            exploitability_pct=100 * exploitability / pot,
            iterations=solver.iterations,
            solver=solver,
            spot=spot,
            seconds=seconds,
            interrupted=interrupted,
        )

    def node(self, *line: str) -> SolutionNode:
        """The node reached by the actions (and dealt cards) of ``line``, by their labels.

        >>> solution = solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=10, bet_sizes=(), max_iterations=1)
        >>> node = solution.node("check")
        >>> node.kind, node.player, node.actions, node.node("allin 10").actions
        ('decision', 'ip', ('check', 'allin 10'), ('fold', 'call'))
        """
        return SolutionNode(self, tuple(line), self.game.tree.follow(line))

    @cached_property
    def equities(self) -> tuple[float, float]:
        """Each player's share of the pot if both check every street down: its showdown equity over every
        runout, averaged over its range as the EVs are (combo weight times compatible opponent weight).

        >>> solve("2s3h4d6c7c", "AsAh", "KsKh", pot=10, stack=10, max_iterations=1).equities
        (1.0, 0.0)
        """
        if self.spot is None:
            raise SolverError("this solution carries no spot to measure equities on")
        checked = replace(self.spot.betting, rules=tree_sizes((), allin=False))
        down = CfrSolver(replace(self.spot, betting=checked, rake=0.0, locks=()).game(), dtype=np.float64)
        oop = down.expected_value(0) / self.pot + 0.5
        return oop, 1.0 - oop

    @property
    def expected_rake(self) -> float:
        """The rake the house takes on average, in chips: the starting pot less both players' EVs (0 unraked).

        >>> solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, rake=0.05, max_iterations=1).expected_rake
        0.5
        """
        return self.pot - self.oop_ev - self.ip_ev if self.solver.raked else 0.0

    @property
    def locks(self) -> tuple[Lock, ...]:
        """The spot's locks (:class:`.locks.Lock`), in the order they apply.

        >>> solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=10, locks=["=check:1"], max_iterations=1).locks
        (Lock(line=(), frequencies=(('check', 1.0),), combos=None),)
        """
        return self.spot.locks if self.spot is not None else ()

    def lock(
        self,
        line: str | Sequence[str],
        strategy: Mapping[str, Any],
        max_iterations: int = 1000,
        target_exploitability_pct: float = 0.3,
        **run: Any,
    ) -> Solution:
        """The spot solved again with one more lock: at the decision reached by ``line``, the acting player
        plays ``strategy``, ``{action: frequency}`` for the whole range or ``{combos: {action: frequency}}`` for
        the combos each key names (:func:`.locks.make_lock`); everything else is solved anew around the locks.
        ``run`` takes :func:`solve_spot`'s other arguments (the dtype, threads and storage default to this
        solution's).

        >>> solution = solve("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=1)
        >>> locked = solution.lock("allin 10", {"fold": 0.25, "call": 0.75}, max_iterations=1000)
        >>> abs(locked.ip_ev - 6.25) < 0.05, locked.strategy(["allin 10"])["frequencies"]
        (True, [0.25, 0.75])
        """
        if self.spot is None:
            raise SolverError("this solution carries no spot to solve again")
        run.setdefault("dtype", self.solver.dtype)
        run.setdefault("threads", self.solver.threads)
        run.setdefault("compressed", self.solver.compressed)
        spot = replace(self.spot, locks=self.spot.locks + make_lock(line, strategy))
        return solve_spot(
            spot, max_iterations=max_iterations, target_exploitability_pct=target_exploitability_pct, **run
        )

    @property
    def memory_bytes(self) -> int:
        """Bytes of the spot's estimate (:meth:`Spot.estimate_memory`) for the storage solved with, the solver's
        storage when no spot is kept.

        >>> solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=10, max_iterations=1).memory_bytes > 0
        True
        """
        if self.spot is not None:
            return int(self.spot.estimate_memory(self.solver.dtype, compressed=self.solver.compressed))
        return int(self.solver.regrets.nbytes + self.solver.strategy_sums.nbytes)

    @property
    def game(self) -> Game:
        """The solved game (tree and hands)."""
        return self.solver.game

    def actions(self, line: Sequence[str] = ()) -> tuple[str, ...]:
        """The actions (or cards) open at the node reached by ``line`` (empty at a terminal node).

        >>> solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=10, bet_sizes=(0.5,), max_iterations=1).actions(
        ...     ["bet 5"])
        ('fold', 'call', 'allin 10')
        """
        tree = self.game.tree
        return tuple(tree.labels[c] for c in tree.children(tree.follow(line)))

    def strategy(self, line: Sequence[str] = ()) -> dict[str, Any]:
        """The average strategy at the decision reached by ``line``: the acting player, the actions, their
        frequencies over the player's range there, and each combo's frequencies.

        >>> solution = solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, max_iterations=1)
        >>> solution.strategy()["frequencies"], solution.strategy()["combos"]["AsAh"]
        ([1.0], [1.0])
        """
        tree = self.game.tree
        node = tree.follow(line)
        if tree.kind[node] != DECISION:
            where = "a terminal node" if tree.kind[node] != CHANCE else "a chance node (a card is dealt)"
            raise SolverError(f"the line {list(line)!r} ends at {where}, where nobody acts")
        player = int(tree.player[node])
        hands = self.game.hands[player]
        children = list(tree.children(node))
        table = self.solver.average_strategy()[children, : len(hands)].astype(np.float64)
        weight = self._range_at(node, player)
        total = weight.sum()
        frequencies = table @ weight / total if total > 0 else table.mean(axis=1)
        return {
            "player": PLAYERS[player],
            "actions": [tree.labels[c] for c in children],
            "frequencies": [float(f) for f in frequencies],
            "combos": {label: [float(f) for f in table[:, i]] for i, label in enumerate(hands.labels)},
        }

    def _range_at(self, node: int, player: int) -> np.ndarray:
        """Each combo's weight in ``player``'s range at ``node``: its reach times the opponent's compatible reach."""
        reach = self.solver.average_reach().astype(np.float64)
        combos = len(self.game.hands[player])
        weights: np.ndarray = reach[node, player, :combos] * self._opponent_mass(node, player, reach)
        return weights

    def _opponent_mass(self, node: int, player: int, reach: np.ndarray) -> np.ndarray:
        """For each combo of ``player``, the opponent's reach at ``node`` (``reach`` of :meth:`.cfr.CfrSolver.
        average_reach`) over the combos sharing no card with it (0 for a combo the node's board blocks)."""
        from . import cfr_kernels  # numba-compiled: imported on first use

        mine, theirs = self.game.hands[player], self.game.hands[1 - player]
        mass = np.zeros(len(mine))
        cfr_kernels.opponent_mass(
            mine.cards, mine.strength[self.game.tree.board[node]], self.game.same[player], theirs.cards,
            np.ascontiguousarray(reach[node, 1 - player, : len(theirs)]), self.game.n_cards, mass,
        )  # fmt: skip
        return mass

    def combo_values(self, line: Sequence[str], player: str) -> dict[str, dict[str, float | None]]:
        """Each combo's EV, equity and EQR for ``"oop"`` or ``"ip"`` at the node reached by ``line``, both players
        on their average strategies.

        The EV is PioSOLVER's at a node: the chips the combo takes from the pot at the end of the hand less what it
        puts in from the node on (less the rake it pays), averaged over the opponent's combos weighted by their
        reach at the node and compatible with it; that is the root's EV (:meth:`combo_evs`) measured from the node,
        plus what the player has put in since the root, so at the root it is :meth:`combo_evs`. The equity is the
        combo's share of the pot at a check-down of every card still to come, against the opponent's range
        reaching the node (betting ignored); the EQR is the EV over the equity times the pot at the node. None
        where undefined: the opponent's range there is empty or blocked (EV, equity), or the equity is 0 (EQR).

        >>> solution = solve("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(),
        ...                  target_exploitability_pct=0.01)
        >>> values = solution.combo_values(["allin 10"], "ip")["KsKh"]  # calling 10 to win 30: indifferent
        >>> abs(values["ev"]) < 0.1, round(values["equity"], 2)
        (True, 0.25)
        """
        if player not in PLAYERS:
            raise SolverError(f"player must be 'oop' or 'ip', got {player!r}")
        p, tree = PLAYERS.index(player), self.game.tree
        node = tree.follow(line)
        reach = self.solver.average_reach().astype(np.float64)
        mass = self._opponent_mass(node, p, reach)
        values = self.solver.node_values(p, [node])[0].astype(np.float64)
        pot = float(tree.committed[node].sum())
        evs = np.where(mass > 0, values / np.where(mass > 0, mass, 1.0) + tree.committed[node, p], np.nan)
        equity = self._node_equities(node, p, reach, mass)
        with np.errstate(invalid="ignore", divide="ignore"):
            eqr = np.where(equity > 0, evs / (equity * pot), np.nan)
        return {
            label: {key: _number(column[i]) for key, column in (("ev", evs), ("equity", equity), ("eqr", eqr))}
            for i, label in enumerate(self.game.hands[p].labels)
        }

    def _node_equities(self, node: int, player: int, reach: np.ndarray, mass: np.ndarray) -> np.ndarray:
        """Each combo's check-down equity at ``node`` against the opponent's reach there (NaN where ``mass``, its
        compatible part, is 0): the check-down game of the node's board solved with the player's combos all
        weighing 1 and the opponent's weighing their reach, with no suit isomorphism (the reach need not be
        symmetric)."""
        if self.spot is None:
            raise SolverError("this solution carries no spot to measure equities on")
        n = [len(h) for h in self.game.hands]
        if not np.any(mass > 0):  # nothing of the opponent's range reaches the node
            return np.full(n[player], np.nan)
        tree, dealt, at = self.game.tree, [], node
        while at > 0:
            if tree.kind[tree.parent[at]] == CHANCE:
                dealt += to_card_ids(tree.labels[at])
            at = int(tree.parent[at])
        weights = [np.ones(n[player]), np.ascontiguousarray(reach[node, 1 - player, : n[1 - player]])]
        checked = replace(self.spot.betting, pot=1.0, stack=0.0, rules=tree_sizes((), allin=False), swaps=(IDENTITY,))
        spot = replace(
            self.spot, board=self.spot.board + tuple(dealt), weights=(weights[player], weights[1 - player]),
            betting=checked, rake=0.0, rake_cap=None, locks=(),
        )  # fmt: skip
        values = CfrSolver(spot.game(), dtype=np.float64).root_values(player)
        shares = np.clip(values / np.where(mass > 0, mass, 1.0) + 0.5, 0.0, 1.0)  # clipped: rounding only
        return np.where(mass > 0, shares, np.nan)

    def combo_evs(self, player: str) -> dict[str, float | None]:
        """Each combo's EV (PioSOLVER's convention) for ``"oop"`` or ``"ip"``; None for a combo that every
        combo of the opponent's range blocks.

        >>> solve("2s3h4d6c7c", "AsAh", "KK", pot=10, stack=0, max_iterations=1).combo_evs("ip")["KsKh"]
        0.0
        """
        if player not in PLAYERS:
            raise SolverError(f"player must be 'oop' or 'ip', got {player!r}")
        p = PLAYERS.index(player)
        values = self.solver.root_values(p).astype(np.float64)
        mass = self._range_at(0, p) / np.where(self.game.hands[p].weights > 0, self.game.hands[p].weights, 1.0)
        return {
            label: (float(values[i] / mass[i] + self.pot / 2) if mass[i] > 0 else None)
            for i, label in enumerate(self.game.hands[p].labels)
        }

    def to_dict(self) -> dict[str, Any]:
        """The solution as plain JSON-ready data: the spot, the run, each player's EV and equity, the root's
        strategy over the range and each combo's EV (the layout of ``pokerlab solve --json``).

        >>> data = solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, max_iterations=1).to_dict()
        >>> data["oop"], data["root"]["player"]
        ({'ev': 10.0, 'equity': 1.0}, 'oop')
        """
        root = self.strategy()
        equities = self.equities if self.spot is not None else (None, None)
        return {
            "board": self.board,
            "pot": self.pot,
            "stack": self.stack,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
            "exploitability": self.exploitability,
            "exploitability_pct": self.exploitability_pct,
            "memory_bytes": self.memory_bytes,
            "compressed": self.solver.compressed,
            "oop_ev": self.oop_ev,
            "ip_ev": self.ip_ev,
            "oop": {"ev": self.oop_ev, "equity": equities[0]},
            "ip": {"ev": self.ip_ev, "equity": equities[1]},
            "root": {
                "player": root["player"],
                "actions": [{"action": a, "frequency": f} for a, f in zip(root["actions"], root["frequencies"])],
            },
            "combo_evs": {player: self.combo_evs(player) for player in PLAYERS},
            "rake": {
                "rate": self.spot.rake if self.spot is not None else 0.0,
                "cap": self.spot.rake_cap if self.spot is not None else None,
                "expected": self.expected_rake,
            },
            "locks": [lock.to_dict() for lock in self.locks],
        }


def _number(x: float) -> float | None:
    """A finite number as a float, None for NaN (an undefined value)."""
    return None if math.isnan(x) else float(x)


@dataclass(frozen=True)
class SolutionNode:
    """A node of a solved tree: the line leading to it, what it is, who acts and what they can do.

    >>> solution = solve("2s3h4d6c", "AA", "KK", pot=10, stack=10, bet_sizes=(), max_iterations=1)
    >>> node = solution.node("check", "check")
    >>> node.kind, node.player, node.actions[:2], node.pot
    ('chance', None, ('2c', '2d'), 10.0)
    """

    solution: Solution = field(repr=False)
    line: tuple[str, ...]
    index: int

    @property
    def kind(self) -> str:
        """``decision``, ``chance``, ``fold`` or ``showdown``."""
        return KIND_NAMES[int(self.solution.game.tree.kind[self.index])]

    @property
    def player(self) -> str | None:
        """``oop`` or ``ip`` at a decision, else None."""
        tree = self.solution.game.tree
        return PLAYERS[int(tree.player[self.index])] if tree.kind[self.index] == DECISION else None

    @property
    def actions(self) -> tuple[str, ...]:
        """The actions (or cards) open here; empty at a fold or showdown."""
        tree = self.solution.game.tree
        return tuple(tree.labels[c] for c in tree.children(self.index))

    @property
    def pot(self) -> float:
        """The chips both players have in the pot here."""
        return float(self.solution.game.tree.committed[self.index].sum())

    def node(self, *more: str) -> SolutionNode:
        """The node reached from here by ``more``."""
        return self.solution.node(*self.line, *more)

    def strategy(self) -> dict[str, Any]:
        """The average strategy here (:meth:`Solution.strategy`)."""
        return self.solution.strategy(self.line)

    def combo_values(self, player: str | None = None) -> dict[str, dict[str, float | None]]:
        """Each combo's ``ev``, ``equity`` and ``eqr`` here for ``player`` (``"oop"`` or ``"ip"``; None: the
        player to act) (:meth:`Solution.combo_values`).

        >>> node = solve("2s3h4d6c7c", "AsAh", "KsKh", pot=10, stack=0, max_iterations=1).node()
        >>> node.combo_values()["AsAh"]
        {'ev': 10.0, 'equity': 1.0, 'eqr': 1.0}
        """
        chosen = player or self.player
        if chosen is None:
            raise SolverError(f"nobody acts at {self.kind} node {list(self.line)!r}: name the player")
        return self.solution.combo_values(self.line, chosen)

    def range_weights(self) -> np.ndarray:
        """Each combo's weight in the acting player's range here: its weight times its own reach times the
        compatible weight of the opponent's range."""
        tree = self.solution.game.tree
        return self.solution._range_at(self.index, int(tree.player[self.index]))

    def class_strategy(self) -> np.ndarray:
        """Per hand class of the 13x13 grid (169 rows, in the grid's order) the acting player's frequency of each
        action here, over the class's combos weighted by their range weight (:meth:`range_weights`); NaN where
        no combo of the class is in the range.

        >>> node = solve("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=10).node()
        >>> node.class_strategy().shape, int(np.isnan(node.class_strategy()[:, 0]).sum())
        ((169, 2), 167)
        """
        hands = self.solution.game.hands[0 if self.player == "oop" else 1]
        weights = self.range_weights()
        strategy = self.strategy()
        cards = hands.cards
        cells = COMBO_CELL[combo_index(np.maximum(cards[:, 0], cards[:, 1]), np.minimum(cards[:, 0], cards[:, 1]))]
        table = np.array([strategy["combos"][label] for label in hands.labels], dtype=np.float64)
        mass = np.bincount(cells, weights=weights, minlength=169)
        taken = np.stack(
            [np.bincount(cells, weights=weights * table[:, a], minlength=169) for a in range(table.shape[1])]
        )
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(mass > 0, taken / mass, np.nan).T


def _checked(run: RunOptions) -> np.dtype:
    """:func:`check_run` over a run's options, each given (:data:`.options.RUN_DEFAULTS` merged in)."""
    return check_run(
        run["max_iterations"], run["target_exploitability_pct"], run["max_memory"], run["dtype"], run["compressed"]
    )


def check_run(
    max_iterations: int, target: float, max_memory: float | None, dtype: Any = np.float32, compressed: Any = False
) -> np.dtype:
    """The run's settings checked, one line on the first bad one: an iteration budget of at least one, a target
    exploitability (% of the pot) of at least 0, a positive memory limit (bytes) or None, the storage type
    (float32 or float64), which comes back as a numpy dtype, and ``compressed`` (True or False).

    >>> check_run(100, 0.3, None)
    dtype('float32')
    >>> check_run(0, 0.3, None)
    Traceback (most recent call last):
    ...
    pokerlab.simulate.solver.errors.SolverError: max_iterations must be a whole number, at least 1; got 0
    """
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, int) or max_iterations < 1:
        raise SolverError(f"max_iterations must be a whole number, at least 1; got {max_iterations!r}")
    if isinstance(target, bool) or not isinstance(target, (int, float)) or not math.isfinite(target) or target < 0:
        raise SolverError(f"target_exploitability_pct must be at least 0; got {target!r}")
    if max_memory is not None and (not isinstance(max_memory, (int, float)) or not max_memory > 0):
        raise SolverError(f"max_memory must be a positive number of bytes; got {max_memory!r}")
    try:
        kind: np.dtype[Any] | None = np.dtype(dtype)
    except TypeError:
        kind = None
    # `is None` first: numpy reads None as float64, so None would pass the membership test
    if kind is None or kind not in (np.dtype(np.float32), np.dtype(np.float64)):
        raise SolverError(f"dtype must be float32 or float64; got {dtype!r}")
    if not isinstance(compressed, (bool, np.bool_)):
        raise SolverError(f"compressed must be True or False; got {compressed!r}")
    return kind


def solve_spot(spot: Spot, **options: Unpack[RunOptions]) -> Solution:
    """Solve a checked :class:`Spot` (see :func:`solve` for the arguments).

    ``callback(iterations, exploitability)`` is called after every iteration, with the exploitability (chips)
    at each check (every 10 iterations) and None in between; a true return stops the run there, and the
    solution so far comes back with ``interrupted`` set.

    >>> spot = Spot.parse("2s3h4d6c7c", "AA", "KK", pot=10, stack=10)
    >>> solve_spot(spot, max_iterations=10).iterations
    10
    >>> solve_spot(spot, max_iterations=10, callback=lambda done, exploitability: done == 3).iterations
    3
    """
    run: RunOptions = {**RUN_DEFAULTS, **known("solve_spot", options, RunOptions)}
    kind, max_memory, threads, compressed = _checked(run), run["max_memory"], run["threads"], run["compressed"]
    if max_memory is not None:
        need = spot.estimate_memory(kind, threads, compressed)
        if need > max_memory:
            storage = "compressed" if compressed else str(kind)
            raise SolverError(
                f"the {spot.street} tree needs about {need / 2**20:.1f} MiB {storage} ({spot.nodes()} nodes), "
                f"over max_memory {max_memory / 2**20:.1f} MiB: fewer bet sizes, a lower raise cap or narrower ranges"
            )
    started = time.perf_counter()
    game = spot.game()
    solver = CfrSolver(
        game, run["discounting"], dtype=kind, threads=threads, locks=resolve_locks(game, spot.locks),
        compressed=compressed,
    )  # fmt: skip
    target, callback = run["target_exploitability_pct"] / 100 * spot.betting.pot, run["callback"]
    interrupted = False
    if callback is None:
        solver.solve(run["max_iterations"], target)
    else:
        interrupted = _run(solver, run["max_iterations"], target, callback)
    return Solution.of(solver, spot, time.perf_counter() - started, interrupted)


def _run(
    solver: CfrSolver, max_iterations: int, target: float, callback: Callable[[int, float | None], object]
) -> bool:
    """:meth:`.cfr.CfrSolver.solve` one iteration at a time, telling ``callback``; True when it stopped the run."""
    while solver.iterations < max_iterations:
        solver.iterate(1)
        checked = solver.iterations % _CHECK_EVERY == 0 or solver.iterations == max_iterations
        exploitability = solver.exploitability() if checked else None
        if callback(solver.iterations, exploitability):
            return solver.iterations < max_iterations
        if exploitability is not None and target > 0 and exploitability <= target:
            break
    return False


_CHECK_EVERY = 10  # iterations between exploitability checks, as CfrSolver.solve checks


def estimate_memory(
    board: Board, oop_range: RangeText, ip_range: RangeText, pot: float, stack: float, **options: Unpack[MemoryOptions]
) -> int:
    """Bytes :func:`solve` would allocate for this spot (per-node arrays, tree, strength tables), from a count
    of the tree's nodes, without building it; ``compressed`` for the 16-bit storage.

    >>> small = estimate_memory("Td9d6hQc", "AA", "KK", pot=10, stack=10, bet_sizes=())
    >>> wide = estimate_memory("Td9d6hQc", "22+", "22+", pot=10, stack=10)
    >>> 0 < small < wide, estimate_memory("Td9d6hQc", "22+", "22+", pot=10, stack=10, compressed=True) < wide
    (True, True)
    """
    known("estimate_memory", options, MemoryOptions)
    storage: StorageOptions = {**pick(RUN_DEFAULTS, StorageOptions), **pick(options, StorageOptions)}
    kind = check_run(1, 0.0, None, storage["dtype"], storage["compressed"])
    spot = Spot.parse(board, oop_range, ip_range, pot, stack, **pick(options, SpotOptions))
    return spot.estimate_memory(kind, storage["threads"], storage["compressed"])


def solve(
    board: Board, oop_range: RangeText, ip_range: RangeText, pot: float, stack: float, **options: Unpack[SolveOptions]
) -> Solution:
    """Solve a heads-up spot from the flop (3 board cards), the turn (4) or the river (5) by DCFR.

    Every argument after ``stack`` is a keyword (:class:`.options.SolveOptions`); the defaults: ``bet_sizes``
    ``(0.5, 1.0)``, ``allin`` True, ``raise_cap`` 2, ``dead`` none, ``max_iterations`` 1000,
    ``target_exploitability_pct`` 0.3, ``dtype`` float32, ``isomorphism`` True, ``threads`` 1, the thresholds,
    ``rake`` and ``compressed`` off, no ``locks``, ``max_memory`` or ``callback``.

    ``oop_range`` and ``ip_range`` are range text (``parse_range``) or
    :class:`~pokerlab.simulate.ranges.parse.Range` objects; combos sharing a card with the board or ``dead``
    are dropped, and ``dead`` cards are never dealt. ``pot`` is the pot at the start and ``stack`` the
    effective stack behind. ``bet_sizes``, ``raise_sizes`` and ``donk_sizes`` are size lists (:mod:`.sizes`:
    ``"33%, 75%, a"``, ``"2.5x"``, ``"100c"``, ``"2e"``; a number is a pot fraction) for every street and both
    players, or per street (``{"flop": ..., "turn": ..., "river": ...}``, a street left out has none) and per
    player (``{"oop": ..., "ip": ...}``); ``raise_sizes`` None takes the bet sizes; ``donk_sizes`` (OOP leading
    into the player who made the previous street's last bet or raise, on the turn and the river) None takes
    OOP's bet sizes. ``allin`` adds the all-in everywhere; ``raise_cap`` (a number, or per street) limits the
    raises after a street's first bet. ``add_allin``, ``force_allin`` and ``merge`` are the thresholds of
    :class:`.sizes.TreeSizes` (0: off). The run stops at ``max_iterations`` or at the first check (every 10
    iterations) with the exploitability at most ``target_exploitability_pct`` % of the pot; ``callback`` is
    :func:`solve_spot`'s. ``dtype`` is the solver's storage (float32 or float64); ``compressed`` stores the
    regrets and strategy sums as 16-bit integers with a scale per decision instead (half of float32's memory,
    the answers within a few thousandths of the pot's exploitability of it); ``threads`` share the
    subtrees below the first cards dealt (the answer is the same whatever their number);
    ``max_memory`` (bytes) refuses a spot whose estimate (:func:`estimate_memory`) is over it. With
    ``isomorphism``, when a suit swap maps the board, the dead cards and both ranges (with their weights) onto
    themselves, a chance node keeps one card of each class of swapped cards (the smallest id) and counts the
    others through it; a line then names the kept card.

    ``rake`` is the fraction of the pot taken when the hand ends (0.05: 5 %), at most ``rake_cap`` chips (None:
    no cap), from the chips both players have matched, the starting pot included, and paid by the winner (half
    each on a split); the EVs then add up to the pot less the expected rake. ``locks`` fix a player's strategy
    at decisions: each a ``(line, strategy)`` pair, with ``strategy`` ``{action: frequency}`` for the acting
    player's whole range or ``{combos: {action: frequency}}`` per combos (range text), a
    :class:`.locks.Lock`, or the command line's ``"LINE=ACTION:FREQ,...[|COMBOS]"`` (:mod:`.locks`).

    >>> solution = solve("Td9d6hQc", "AA, KK", "QQ, JTs", pot=10, stack=20, bet_sizes={"turn": (1.0,), "river": (1.0,)})
    >>> solution.exploitability_pct <= 0.3, round(solution.oop_ev + solution.ip_ev, 4)
    (True, 10.0)
    """
    known("solve", options, SolveOptions)
    run = pick(options, RunOptions)
    _checked({**RUN_DEFAULTS, **run})  # the run's settings refused before the spot is read
    return solve_spot(Spot.parse(board, oop_range, ip_range, pot, stack, **pick(options, SpotOptions)), **run)
