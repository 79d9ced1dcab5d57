"""The heads-up hold'em river: a betting tree over a five-card board, two weighted ranges, solved by DCFR.

OOP (player 0) acts first. Bets are fractions of the pot; a raise is a fraction of the pot after calling,
added to the call, and at least as large as the bet or raise it answers. An all-in is offered when ``allin``
is set, and any size reaching the stack becomes the all-in. ``raise_cap`` is the number of raises allowed
after the first bet.

Action labels, used to follow a line: ``check``, ``call``, ``fold``, ``bet X``, ``raise X`` and ``allin X``,
where ``X`` is what the player has put in on the river after the action.

EVs follow PioSOLVER's convention: a player's EV is their share of the starting pot plus what they win less
what they put in on the river, so the two players' EVs add up to the starting pot. A range's EV and its action
frequencies weigh each combo by its weight times the weight of the opponent's combos it does not block.

>>> solution = solve_river("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(),
...                        max_iterations=1000, target_exploitability_pct=0)
>>> solution.actions()
('check', 'allin 10')
>>> round(solution.oop_ev, 2), solution.exploitability_pct < 0.1
(13.33, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...evaluator import CardError, cards_to_mask, evaluate_batch, format_cards, to_card_ids
from ..ranges.parse import Range, RangeError, parse_range
from .cfr import CfrSolver, Discounting
from .errors import SolverError
from .tree import DECISION, FOLD, SHOWDOWN, Game, Hands, Node, flatten

PLAYERS = ("oop", "ip")
"""The players' names, player 0 (out of position, first to act) first."""


@dataclass(frozen=True)
class _Betting:
    pot: float
    stack: float
    bet_sizes: tuple[float, ...]
    allin: bool
    raise_cap: int

    def behind(self, committed: tuple[float, float], player: int) -> float:
        return self.stack - (committed[player] - self.pot / 2)

    def put_in(self, committed: tuple[float, float], player: int) -> float:
        return committed[player] - self.pot / 2

    def sizes(self, committed: tuple[float, float], to_act: int, raises: int) -> list[tuple[float, str]]:
        """The bets or raises open to ``to_act``: (new commitment, label), smallest first, without repeats."""
        other = committed[1 - to_act]
        facing = other - committed[to_act]
        all_in = committed[to_act] + self.behind(committed, to_act)
        if self.behind(committed, to_act) <= facing or (facing > 0 and raises > self.raise_cap):
            return []
        targets = []
        for fraction in self.bet_sizes:
            target = other + max(fraction * (2 * other), facing) if facing > 0 else fraction * sum(committed)
            if facing == 0:
                target += committed[to_act]
            targets.append(min(target, all_in))
        if self.allin:
            targets.append(all_in)
        chosen: list[tuple[float, str]] = []
        for target in sorted(set(round(t, 9) for t in targets)):
            amount = _chips(target - self.pot / 2)
            kind = "allin" if target >= all_in - 1e-9 else ("raise" if facing > 0 else "bet")
            chosen.append((target, f"{kind} {amount}"))
        return chosen

    def tree(self) -> Node:
        return self._act((self.pot / 2, self.pot / 2), 0, 0, False)

    def _act(self, committed: tuple[float, float], to_act: int, raises: int, checked: bool) -> Node:
        node = Node(DECISION, player=to_act, committed=committed)
        facing = committed[1 - to_act] - committed[to_act]
        if facing > 0:
            node.children.append(Node(FOLD, player=to_act, label="fold", committed=committed))
            called = (committed[1 - to_act],) * 2
            node.children.append(Node(SHOWDOWN, label="call", committed=called))
        elif checked:
            node.children.append(Node(SHOWDOWN, label="check", committed=committed))
        else:
            child = self._act(committed, 1 - to_act, raises, True)
            child.label = "check"
            node.children.append(child)
        for target, label in self.sizes(committed, to_act, raises):
            after = (target, committed[1]) if to_act == 0 else (committed[0], target)
            child = self._act(after, 1 - to_act, raises + 1, False)
            child.label = label
            node.children.append(child)
        return node


def _chips(amount: float) -> str:
    return f"{round(amount, 2):g}"


@dataclass(frozen=True)
class RiverSolution:
    """A solved river spot: each player's EV, the exploitability, and the average strategy at any node.

    ``oop_ev`` and ``ip_ev`` are in PioSOLVER's convention (they add up to ``pot``); ``exploitability`` is the
    mean of the two players' best-response gains in chips, ``exploitability_pct`` the same in % of ``pot``.

    >>> solution = solve_river("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, max_iterations=10)
    >>> solution.ip_ev, solution.to_dict()["root"]["actions"]
    (0.0, ['check'])
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

    @property
    def game(self) -> Game:
        """The solved game (tree and hands)."""
        return self.solver.game

    def actions(self, line: Sequence[str] = ()) -> tuple[str, ...]:
        """The actions open at the node reached by ``line`` (empty at a terminal node).

        >>> solve_river("2s3h4d6c7c", "AA", "KK", pot=10, stack=10, bet_sizes=(0.5,), max_iterations=1).actions(
        ...     ["bet 5"])
        ('fold', 'call', 'allin 10')
        """
        tree = self.game.tree
        return tuple(tree.labels[c] for c in tree.children(tree.follow(line)))

    def strategy(self, line: Sequence[str] = ()) -> dict[str, Any]:
        """The average strategy at the decision reached by ``line``: the acting player, the actions, their
        frequencies over the player's range there, and each combo's frequencies.

        >>> solution = solve_river("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, max_iterations=1)
        >>> solution.strategy()["frequencies"], solution.strategy()["combos"]["AsAh"]
        ([1.0], [1.0])
        """
        tree = self.game.tree
        node = tree.follow(line)
        if tree.kind[node] != DECISION:
            raise SolverError(f"the line {list(line)!r} ends at a terminal node, where nobody acts")
        player = int(tree.player[node])
        hands = self.game.hands[player]
        children = list(tree.children(node))
        table = self.solver.average_strategy()[children, : len(hands)]
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
        from . import cfr_kernels

        reach = self.solver.average_reach()
        mine, theirs = self.game.hands[player], self.game.hands[1 - player]
        mass = np.zeros(len(mine))
        cfr_kernels.opponent_mass(
            mine.cards, mine.strength[0], self.game.same[player], theirs.cards,
            np.ascontiguousarray(reach[node, 1 - player, : len(theirs)]), self.game.n_cards, mass,
        )  # fmt: skip
        return reach[node, player, : len(mine)] * mass

    def combo_evs(self, player: str) -> dict[str, float | None]:
        """Each combo's EV (PioSOLVER's convention) for ``"oop"`` or ``"ip"``; None for a combo that every
        combo of the opponent's range blocks.

        >>> solve_river("2s3h4d6c7c", "AsAh", "KK", pot=10, stack=0, max_iterations=1).combo_evs("ip")["KsKh"]
        0.0
        """
        if player not in PLAYERS:
            raise SolverError(f"player must be 'oop' or 'ip', got {player!r}")
        p = PLAYERS.index(player)
        values = self.solver.root_values(p)
        mass = self._range_at(0, p) / np.where(self.game.hands[p].weights > 0, self.game.hands[p].weights, 1.0)
        return {
            label: (float(values[i] / mass[i] + self.pot / 2) if mass[i] > 0 else None)
            for i, label in enumerate(self.game.hands[p].labels)
        }

    def to_dict(self) -> dict[str, Any]:
        """The solution as plain JSON-ready data: the spot, the EVs, the exploitability and the root strategy.

        >>> sorted(solve_river("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, max_iterations=1).to_dict())
        ['board', 'combo_evs', 'exploitability', 'exploitability_pct', 'ip_ev', 'iterations', 'oop_ev', 'pot', \
'root', 'stack']
        """
        return {
            "board": self.board,
            "pot": self.pot,
            "stack": self.stack,
            "iterations": self.iterations,
            "exploitability": self.exploitability,
            "exploitability_pct": self.exploitability_pct,
            "oop_ev": self.oop_ev,
            "ip_ev": self.ip_ev,
            "root": self.strategy(),
            "combo_evs": {player: self.combo_evs(player) for player in PLAYERS},
        }


def river_game(
    board: str | Sequence[int],
    oop_range: str | Range,
    ip_range: str | Range,
    pot: float,
    stack: float,
    bet_sizes: Sequence[float] = (0.5, 1.0),
    allin: bool = True,
    raise_cap: int = 2,
) -> Game:
    """The river spot as a :class:`~.tree.Game`, checked (see :func:`solve_river` for the arguments).

    >>> game = river_game("2s3h4d6c7c", "AA", "KK, QQ", pot=10, stack=10, bet_sizes=())
    >>> [len(h) for h in game.hands], game.tree.labels[:3]
    ([6, 12], ('', 'check', 'allin 10'))
    """
    try:
        cards = to_card_ids(board, count=5)
    except CardError as error:
        raise SolverError(f"board: {error}") from None
    betting = _check_betting(pot, stack, bet_sizes, allin, raise_cap)
    dead = cards_to_mask(cards)
    hands = tuple(_hands(text, name, cards, dead) for text, name in ((oop_range, "oop"), (ip_range, "ip")))
    return Game(flatten(betting.tree()), (hands[0], hands[1]), n_cards=52)


def _check_betting(pot: float, stack: float, bet_sizes: Sequence[float], allin: bool, raise_cap: int) -> _Betting:
    for name, value in (("pot", pot), ("stack", stack)):
        if not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
            raise SolverError(f"{name} must be a finite number of chips, at least 0; got {value!r}")
    if pot == 0:
        raise SolverError("pot must be more than 0 chips (EVs and exploitability are measured against it)")
    sizes = tuple(bet_sizes)
    for size in sizes:
        if not isinstance(size, (int, float)) or not math.isfinite(size) or size <= 0:
            raise SolverError(f"bet sizes are positive fractions of the pot; got {size!r}")
    if not isinstance(raise_cap, int) or raise_cap < 0:
        raise SolverError(f"raise_cap must be a whole number of raises, at least 0; got {raise_cap!r}")
    return _Betting(float(pot), float(stack), sizes, bool(allin), raise_cap)


def _hands(spec: str | Range, name: str, board: list[int], dead: int) -> Hands:
    try:
        parsed = spec if isinstance(spec, Range) else parse_range(spec)
    except RangeError as error:
        raise SolverError(f"{name} range: {error}") from None
    live = parsed.remove(dead)
    if len(live) == 0:
        raise SolverError(f"{name} range {str(parsed)!r} has no combo left once the board's cards are removed")
    combos = np.asarray(live.combos, dtype=np.int64)
    rows = np.column_stack([combos, np.tile(np.asarray(board, dtype=np.int64), (len(combos), 1))])
    strength = evaluate_batch(rows.astype(np.uint8)).astype(np.int64)
    return Hands(
        cards=combos,
        weights=np.asarray(live.weights, dtype=np.float64),
        strength=strength.reshape(1, -1),
        labels=tuple(format_cards(c) for c in combos.tolist()),
    )


def solve_river(
    board: str | Sequence[int],
    oop_range: str | Range,
    ip_range: str | Range,
    pot: float,
    stack: float,
    bet_sizes: Sequence[float] = (0.5, 1.0),
    allin: bool = True,
    raise_cap: int = 2,
    max_iterations: int = 1000,
    target_exploitability_pct: float = 0.3,
    discounting: Discounting | None = None,
) -> RiverSolution:
    """Solve a heads-up river spot by DCFR.

    ``board`` is five cards; ``oop_range`` and ``ip_range`` are range text (``parse_range``) or
    :class:`~pokerlab.simulate.ranges.parse.Range` objects, the board's cards removed; ``pot`` is the pot
    at the start of the river and ``stack`` the effective stack behind. ``bet_sizes`` are fractions of the
    pot for bets and raises, ``allin`` adds the all-in, ``raise_cap`` limits the raises after a bet. The run
    stops at ``max_iterations`` or at the first check (every 10 iterations) with the exploitability at most
    ``target_exploitability_pct`` % of the pot (0: run every iteration).

    >>> solution = solve_river("Ks7h2d9c4s", "AA, 65s", "KQ", pot=10, stack=10, bet_sizes=(1.0,))
    >>> solution.exploitability_pct <= 0.3, round(solution.oop_ev + solution.ip_ev, 6)
    (True, 10.0)
    """
    if not isinstance(max_iterations, int) or max_iterations < 1:
        raise SolverError(f"max_iterations must be a whole number, at least 1; got {max_iterations!r}")
    target = target_exploitability_pct
    if not isinstance(target, (int, float)) or not math.isfinite(target) or target < 0:
        raise SolverError(f"target_exploitability_pct must be at least 0; got {target_exploitability_pct!r}")
    game = river_game(board, oop_range, ip_range, pot, stack, bet_sizes, allin, raise_cap)
    solver = CfrSolver(game, discounting)
    pot = float(pot)
    solver.solve(max_iterations, target_exploitability_pct / 100 * pot)
    exploitability = solver.exploitability()
    return RiverSolution(
        board=format_cards(to_card_ids(board)),
        pot=pot,
        stack=float(stack),
        oop_ev=solver.expected_value(0) + pot / 2,
        ip_ev=solver.expected_value(1) + pot / 2,
        exploitability=exploitability,
        exploitability_pct=100 * exploitability / pot,
        iterations=solver.iterations,
        solver=solver,
    )
