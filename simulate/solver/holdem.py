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
what they put in from the start of the subgame, so the two players' EVs add up to the starting pot. A range's EV
and its action frequencies weigh each combo by its weight times the weight of the opponent's combos it does not
block.

>>> solution = solve("2s3h4d6c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=200)
>>> solution.actions(), solution.actions(["check", "check"])[:3]
(('check', 'allin 10'), ('2c', '2d', '2h'))
>>> round(solution.oop_ev + solution.ip_ev, 6)
20.0
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, NamedTuple

import numpy as np

from ...evaluator import CardError, cards_to_mask, evaluate_batch, format_cards, to_card_ids
from ..ranges.parse import Range, RangeError, parse_range
from .cfr import CfrSolver, Discounting
from .errors import SolverError
from .tree import CHANCE, DECISION, FOLD, SHOWDOWN, FlatTree, Game, Hands

PLAYERS = ("oop", "ip")
"""The players' names, player 0 (out of position, first to act) first."""

STREETS = ("flop", "turn", "river")
"""The streets by board size: 3, 4 and 5 cards."""

_DECK = 52
_IDENTITY = (0, 1, 2, 3)
_HELD = 4  # both players' hole cards: never dealt to the board


class _Spec(NamedTuple):
    """A node before it is numbered: what it is, the chips in, the board cards, and how the betting stands."""

    kind: int
    player: int
    committed: tuple[float, float]
    cards: tuple[int, ...]
    label: str
    factor: float = 1.0
    raises: int = 0
    checked: bool = False
    images: tuple[int, ...] = ()  # at a chance outcome: the suit swaps (by index) of the outcomes it stands for


@dataclass(frozen=True)
class _Betting:
    """The betting rules of one subgame: starting pot and stack, sizes per street, all-in and raise cap."""

    pot: float
    stack: float
    sizes_by_street: Mapping[str, tuple[float, ...]]
    allin: bool
    raise_cap: int
    dead: tuple[int, ...] = ()
    swaps: tuple[tuple[int, ...], ...] = (_IDENTITY,)

    def behind(self, committed: tuple[float, float], player: int) -> float:
        return self.stack - (committed[player] - self.pot / 2)

    def sizes(self, spec: _Spec) -> list[tuple[float, str]]:
        """The bets or raises open to the player at ``spec``: (new commitment, label), smallest first, no repeats."""
        committed, to_act, raises = spec.committed, spec.player, spec.raises
        other = committed[1 - to_act]
        facing = other - committed[to_act]
        behind = self.behind(committed, to_act)
        if behind <= facing or (facing > 0 and raises > self.raise_cap):
            return []
        all_in = committed[to_act] + behind
        targets = []
        for fraction in self.sizes_by_street[STREETS[len(spec.cards) - 3]]:
            target = other + max(fraction * (2 * other), facing) if facing > 0 else fraction * sum(committed)
            if facing == 0:
                target += committed[to_act]
            targets.append(min(target, all_in))
        if self.allin:
            targets.append(all_in)
        base = spec.factor  # a decision carries the commitment both players had when the street started
        chosen: list[tuple[float, str]] = []
        for target in sorted(set(round(t, 9) for t in targets)):
            kind = "allin" if target >= all_in - 1e-9 else ("raise" if facing > 0 else "bet")
            chosen.append((target, f"{kind} {_chips(target - base)}"))
        return chosen

    def children(self, spec: _Spec) -> list[_Spec]:
        """The children of a node, in action (or card) order."""
        if spec.kind == DECISION:
            return self._decision_children(spec)
        if spec.kind == CHANCE:
            return [
                self._street_start(spec.committed, tuple(sorted(spec.cards + (card,))), _card(card))._replace(
                    images=images
                )
                for card, images in self.outcomes(spec)
            ]
        return []

    def outcomes(self, spec: _Spec) -> list[tuple[int, tuple[int, ...]]]:
        """The cards a chance node keeps, each with the swaps (indices into ``swaps``) taking it to the cards it
        stands for: the swaps that fix the board group the deck into classes, and the smallest card is kept."""
        board = set(spec.cards)
        fixing = [i for i, swap in enumerate(self.swaps) if {_swap_card(c, swap) for c in board} == board]
        taken: set[int] = set()
        kept = []
        for card in self.deck(spec):
            if card in taken:
                continue
            images = []
            for i in fixing:
                image = _swap_card(card, self.swaps[i])
                if image not in taken and image != card:
                    taken.add(image)
                    images.append(i)
            kept.append((card, tuple(images)))
        return kept

    def deck(self, spec: _Spec) -> list[int]:
        """The cards a chance node deals: neither on the board nor dead."""
        gone = set(spec.cards) | set(self.dead)
        return [c for c in range(_DECK) if c not in gone]

    def _decision_children(self, spec: _Spec) -> list[_Spec]:
        committed, to_act, base = spec.committed, spec.player, spec.factor
        children = []
        if committed[1 - to_act] > committed[to_act]:
            children.append(_Spec(FOLD, to_act, committed, spec.cards, "fold"))
            children.append(self._round_end((committed[1 - to_act],) * 2, spec.cards, "call"))
        elif spec.checked:
            children.append(self._round_end(committed, spec.cards, "check"))
        else:
            children.append(_Spec(DECISION, 1 - to_act, committed, spec.cards, "check", base, spec.raises, True))
        for target, label in self.sizes(spec):
            after = (target, committed[1]) if to_act == 0 else (committed[0], target)
            children.append(_Spec(DECISION, 1 - to_act, after, spec.cards, label, base, spec.raises + 1, False))
        return children

    def _round_end(self, committed: tuple[float, float], cards: tuple[int, ...], label: str) -> _Spec:
        if len(cards) == 5:
            return _Spec(SHOWDOWN, -1, committed, cards, label)
        left = _DECK - len(cards) - len(self.dead) - _HELD
        return _Spec(CHANCE, -1, committed, cards, label, 1.0 / left)

    def _street_start(self, committed: tuple[float, float], cards: tuple[int, ...], label: str) -> _Spec:
        if self.behind(committed, 0) <= 0:  # all-in: the rest of the board is dealt with no betting
            return self._round_end(committed, cards, label)
        return _Spec(DECISION, 0, committed, cards, label, committed[0])

    def root(self, cards: tuple[int, ...]) -> _Spec:
        half = self.pot / 2
        return _Spec(DECISION, 0, (half, half), tuple(sorted(cards)), "", half)


def _swap_card(card: int, swap: tuple[int, ...]) -> int:
    """The card with its suit (``card % 4``) renamed by ``swap``."""
    return card - card % 4 + swap[card % 4]


def _symmetries(fixed: Sequence[Sequence[int]], combos: Sequence[np.ndarray], weights: Sequence[np.ndarray]) -> tuple:
    """The suit permutations that map each card set of ``fixed`` onto itself and both ranges (with weights) onto
    themselves, the identity first."""
    ranges = [
        {frozenset(c): w for c, w in zip(cards.tolist(), values.tolist())} for cards, values in zip(combos, weights)
    ]
    found = []
    for swap in itertools.permutations(range(4)):
        if any({_swap_card(c, swap) for c in cards} != set(cards) for cards in fixed):
            continue
        if all(
            held.get(frozenset(_swap_card(c, swap) for c in hand)) == w for held in ranges for hand, w in held.items()
        ):
            found.append(swap)
    return tuple(found)


def _chips(amount: float) -> str:
    return f"{round(amount, 2):g}"


@cache
def _card(card: int) -> str:
    return format_cards([card])


class _FlatBuilder:
    """Numbers the nodes of a betting tree straight into typed arrays: a node's children get a contiguous block
    when the node is expanded, so parents come before children without holding the tree as objects."""

    def __init__(self, betting: _Betting) -> None:
        self.betting = betting
        self.ints = {name: array("q") for name in ("kind", "player", "first_child", "n_children", "parent", "board")}
        self.committed = array("d")
        self.factor = array("d")
        self.image_first = array("q")
        self.image_count = array("q")
        self.image_swap = array("q")
        self.labels: list[str] = []
        self.rows: dict[tuple[int, ...], int] = {}

    def add(self, spec: _Spec, parent: int) -> None:
        row = self.rows.setdefault(spec.cards, len(self.rows))
        for name, value in (("kind", spec.kind), ("player", spec.player), ("parent", parent), ("board", row)):
            self.ints[name].append(value)
        self.ints["first_child"].append(0)
        self.ints["n_children"].append(0)
        self.committed.extend(spec.committed)
        self.factor.append(spec.factor if spec.kind == CHANCE else 1.0)
        self.image_first.append(len(self.image_swap))
        self.image_count.append(len(spec.images))
        self.image_swap.extend(spec.images)
        self.labels.append(spec.label)

    def build(self, root: _Spec) -> FlatTree:
        self.add(root, -1)
        stack = [(0, root)]
        while stack:
            index, spec = stack.pop()
            children = self.betting.children(spec)
            if not children:
                continue
            first = len(self.labels)
            for child in children:
                self.add(child, index)
            self.ints["first_child"][index] = first
            self.ints["n_children"][index] = len(children)
            stack.extend(zip(range(first + len(children) - 1, first - 1, -1), reversed(children)))
        arrays = {name: np.frombuffer(values, dtype=np.int64).copy() for name, values in self.ints.items()}
        return FlatTree(
            committed=np.frombuffer(self.committed, dtype=np.float64).reshape(-1, 2).copy(),
            chance_factor=np.frombuffer(self.factor, dtype=np.float64).copy(),
            labels=tuple(self.labels),
            **arrays,
        )


def count_nodes(betting: _Betting, root: _Spec) -> int:
    """The nodes of the tree below ``root`` without building it: every card a chance node deals leads to the
    same betting, so one subtree per chance node is counted, times the cards (each card kept, with suit swaps)."""
    memo: dict[tuple, int] = {}
    symmetric = len(betting.swaps) > 1  # then the cards kept depend on the board, not only on its size

    def count(spec: _Spec) -> int:
        board = spec.cards if symmetric else len(spec.cards)
        key = (spec.kind, spec.player, spec.committed, board, spec.raises, spec.checked, spec.factor)
        if key not in memo:
            if spec.kind == CHANCE and not symmetric:
                deck = betting.deck(spec)
                child = betting._street_start(spec.committed, spec.cards + (deck[0],), "")
                memo[key] = 1 + len(deck) * count(child)
            else:
                memo[key] = 1 + sum(count(c) for c in betting.children(spec))
        return memo[key]

    return count(root)


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


def _street_sizes(bet_sizes: Sequence[float] | Mapping[str, Sequence[float]]) -> dict[str, tuple[float, ...]]:
    if isinstance(bet_sizes, Mapping):
        unknown = sorted(set(bet_sizes) - set(STREETS))
        if unknown:
            raise SolverError(f"bet_sizes: unknown street {unknown[0]!r}; the streets are flop, turn, river")
        sizes = {street: tuple(bet_sizes.get(street, ())) for street in STREETS}
    else:
        sizes = {street: tuple(bet_sizes) for street in STREETS}
    for values in sizes.values():
        for size in values:
            if isinstance(size, bool) or not isinstance(size, (int, float)) or not math.isfinite(size) or size <= 0:
                raise SolverError(f"bet sizes are positive fractions of the pot; got {size!r}")
    return sizes


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
    betting: _Betting

    @classmethod
    def parse(
        cls,
        board: str | Sequence[int],
        oop_range: str | Range,
        ip_range: str | Range,
        pot: float,
        stack: float,
        bet_sizes: Sequence[float] | Mapping[str, Sequence[float]] = (0.5, 1.0),
        allin: bool = True,
        raise_cap: int = 2,
        dead: str | Sequence[int] = (),
        board_sizes: tuple[int, ...] = (3, 4, 5),
        isomorphism: bool = True,
    ) -> Spot:
        """Check every argument (see :func:`solve`); one-line :class:`SolverError` on the first bad one."""
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
            raise SolverError(f"dead: card {_card(clash[0])!r} is on the board")
        for name, value in (("pot", pot), ("stack", stack)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise SolverError(f"{name} must be a finite number of chips, at least 0; got {value!r}")
        if pot == 0:
            raise SolverError("pot must be more than 0 chips (EVs and exploitability are measured against it)")
        if isinstance(raise_cap, bool) or not isinstance(raise_cap, int) or raise_cap < 0:
            raise SolverError(f"raise_cap must be a whole number of raises, at least 0; got {raise_cap!r}")
        betting = _Betting(float(pot), float(stack), _street_sizes(bet_sizes), bool(allin), raise_cap, tuple(gone))
        mask = cards_to_mask(cards + gone)
        parsed = [_parse_range(text, name, mask) for text, name in ((oop_range, "oop"), (ip_range, "ip"))]
        combos, weights = (parsed[0][0], parsed[1][0]), (parsed[0][1], parsed[1][1])
        if isomorphism and len(cards) < 5:
            betting = replace(betting, swaps=_symmetries((cards, gone), combos, weights))
        return cls(board=tuple(cards), combos=combos, weights=weights, betting=betting)

    @property
    def street(self) -> str:
        """``flop``, ``turn`` or ``river``: the street the subgame starts on."""
        return STREETS[len(self.board) - 3]

    def nodes(self) -> int:
        """The number of nodes of the tree, counted without building it."""
        return count_nodes(self.betting, self.betting.root(self.board))

    def board_rows(self) -> int:
        """The number of distinct boards the tree reaches (rows of the strength tables)."""
        left = _DECK - len(self.board) - len(self.betting.dead)
        return sum(math.comb(left, k) for k in range(5 - len(self.board) + 1))

    def estimate_memory(self, dtype: Any = np.float32) -> int:
        """Bytes the solve allocates: the solver's per-node arrays, the flat tree and both strength tables.

        >>> Spot.parse("2s3h4d6c7c", "AA", "KK", pot=10, stack=10).estimate_memory() > 0
        True
        """
        width = max(len(c) for c in self.combos)
        nodes = self.nodes()
        hands = sum(len(c) for c in self.combos)
        tables = self.board_rows() * hands * 16  # strength and order, int64
        return CfrSolver.memory_bytes(nodes, width, dtype) + nodes * _TREE_BYTES_PER_NODE + tables

    def game(self) -> Game:
        """The spot's :class:`~.tree.Game`: the flat tree and both players' hands with their strength tables."""
        builder = _FlatBuilder(self.betting)
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
        return Game(tree, (hands[0], hands[1]), n_cards=_DECK, symmetry=self._symmetry(builder))

    def _symmetry(self, builder: _FlatBuilder) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
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
                    where[frozenset(_swap_card(c, inverse) for c in hand)] for hand in combos.tolist()
                ]
        first, count, image_swap = (
            np.frombuffer(a, dtype=np.int64).copy()
            for a in (builder.image_first, builder.image_count, builder.image_swap)
        )
        return first, count, image_swap, hand_map


# Per node: six int64 and three float64 tree arrays, and one label reference.
_TREE_BYTES_PER_NODE = 6 * 8 + 3 * 8 + 8


@dataclass(frozen=True)
class Solution:
    """A solved spot: each player's EV, the exploitability, and the average strategy at any node.

    ``oop_ev`` and ``ip_ev`` are in PioSOLVER's convention (they add up to ``pot``); ``exploitability`` is the
    mean of the two players' best-response gains in chips, ``exploitability_pct`` the same in % of ``pot``.

    >>> solution = solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, max_iterations=10)
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
        from . import cfr_kernels

        reach = self.solver.average_reach().astype(np.float64)
        mine, theirs = self.game.hands[player], self.game.hands[1 - player]
        mass = np.zeros(len(mine))
        cfr_kernels.opponent_mass(
            mine.cards, mine.strength[self.game.tree.board[node]], self.game.same[player], theirs.cards,
            np.ascontiguousarray(reach[node, 1 - player, : len(theirs)]), self.game.n_cards, mass,
        )  # fmt: skip
        return reach[node, player, : len(mine)] * mass

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
        """The solution as plain JSON-ready data: the spot, the EVs, the exploitability and the root strategy.

        >>> sorted(solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=0, max_iterations=1).to_dict())
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


def _check_run(max_iterations: int, target: float, max_memory: float | None, dtype: Any) -> np.dtype:
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, int) or max_iterations < 1:
        raise SolverError(f"max_iterations must be a whole number, at least 1; got {max_iterations!r}")
    if isinstance(target, bool) or not isinstance(target, (int, float)) or not math.isfinite(target) or target < 0:
        raise SolverError(f"target_exploitability_pct must be at least 0; got {target!r}")
    if max_memory is not None and (not isinstance(max_memory, (int, float)) or not max_memory > 0):
        raise SolverError(f"max_memory must be a positive number of bytes; got {max_memory!r}")
    try:
        kind = np.dtype(dtype)
    except TypeError:
        kind = None
    if kind not in (np.dtype(np.float32), np.dtype(np.float64)):
        raise SolverError(f"dtype must be float32 or float64; got {dtype!r}")
    return kind


def solve_spot(
    spot: Spot,
    max_iterations: int = 1000,
    target_exploitability_pct: float = 0.3,
    discounting: Discounting | None = None,
    dtype: Any = np.float32,
    max_memory: float | None = None,
) -> Solution:
    """Solve a checked :class:`Spot` (see :func:`solve` for the arguments).

    >>> spot = Spot.parse("2s3h4d6c7c", "AA", "KK", pot=10, stack=10)
    >>> solve_spot(spot, max_iterations=10).iterations
    10
    """
    kind = _check_run(max_iterations, target_exploitability_pct, max_memory, dtype)
    if max_memory is not None:
        need = spot.estimate_memory(kind)
        if need > max_memory:
            raise SolverError(
                f"the {spot.street} tree needs about {need / 2**20:.1f} MiB ({spot.nodes()} nodes), "
                f"over max_memory {max_memory / 2**20:.1f} MiB: fewer bet sizes, a lower raise cap or narrower ranges"
            )
    solver = CfrSolver(spot.game(), discounting, dtype=kind)
    pot = spot.betting.pot
    solver.solve(max_iterations, target_exploitability_pct / 100 * pot)
    exploitability = solver.exploitability()
    return Solution(
        board=format_cards(list(spot.board)),
        pot=pot,
        stack=spot.betting.stack,
        oop_ev=solver.expected_value(0) + pot / 2,
        ip_ev=solver.expected_value(1) + pot / 2,
        exploitability=exploitability,
        exploitability_pct=100 * exploitability / pot,
        iterations=solver.iterations,
        solver=solver,
    )


def estimate_memory(
    board: str | Sequence[int],
    oop_range: str | Range,
    ip_range: str | Range,
    pot: float,
    stack: float,
    bet_sizes: Sequence[float] | Mapping[str, Sequence[float]] = (0.5, 1.0),
    allin: bool = True,
    raise_cap: int = 2,
    dead: str | Sequence[int] = (),
    dtype: Any = np.float32,
    isomorphism: bool = True,
) -> int:
    """Bytes :func:`solve` would allocate for this spot (per-node arrays, tree, strength tables), from a count
    of the tree's nodes, without building it.

    >>> small = estimate_memory("Td9d6hQc", "AA", "KK", pot=10, stack=10, bet_sizes=())
    >>> wide = estimate_memory("Td9d6hQc", "22+", "22+", pot=10, stack=10)
    >>> 0 < small < wide
    True
    """
    spot = Spot.parse(
        board, oop_range, ip_range, pot, stack, bet_sizes, allin, raise_cap, dead, isomorphism=isomorphism
    )
    return spot.estimate_memory(_check_run(1, 0.0, None, dtype))


def solve(
    board: str | Sequence[int],
    oop_range: str | Range,
    ip_range: str | Range,
    pot: float,
    stack: float,
    bet_sizes: Sequence[float] | Mapping[str, Sequence[float]] = (0.5, 1.0),
    allin: bool = True,
    raise_cap: int = 2,
    dead: str | Sequence[int] = (),
    max_iterations: int = 1000,
    target_exploitability_pct: float = 0.3,
    discounting: Discounting | None = None,
    dtype: Any = np.float32,
    max_memory: float | None = None,
    isomorphism: bool = True,
) -> Solution:
    """Solve a heads-up spot from the flop (3 board cards), the turn (4) or the river (5) by DCFR.

    ``oop_range`` and ``ip_range`` are range text (``parse_range``) or
    :class:`~pokerlab.simulate.ranges.parse.Range` objects; combos sharing a card with the board or ``dead``
    are dropped, and ``dead`` cards are never dealt. ``pot`` is the pot at the start and ``stack`` the
    effective stack behind. ``bet_sizes`` are fractions of the pot for bets and raises: one sequence for every
    street, or a mapping from ``"flop"``, ``"turn"``, ``"river"`` to a sequence (a street left out has none);
    ``allin`` adds the all-in, ``raise_cap`` limits the raises after a street's first bet. The run stops at
    ``max_iterations`` or at the first check (every 10 iterations) with the exploitability at most
    ``target_exploitability_pct`` % of the pot. ``dtype`` is the solver's storage (float32 or float64);
    ``max_memory`` (bytes) refuses a spot whose estimate (:func:`estimate_memory`) is over it. With
    ``isomorphism``, when a suit swap maps the board, the dead cards and both ranges (with their weights) onto
    themselves, a chance node keeps one card of each class of swapped cards (the smallest id) and counts the
    others through it; a line then names the kept card.

    >>> solution = solve("Td9d6hQc", "AA, KK", "QQ, JTs", pot=10, stack=20, bet_sizes={"turn": (1.0,), "river": (1.0,)})
    >>> solution.exploitability_pct <= 0.3, round(solution.oop_ev + solution.ip_ev, 4)
    (True, 10.0)
    """
    _check_run(max_iterations, target_exploitability_pct, max_memory, dtype)
    spot = Spot.parse(
        board, oop_range, ip_range, pot, stack, bet_sizes, allin, raise_cap, dead, isomorphism=isomorphism
    )
    return solve_spot(spot, max_iterations, target_exploitability_pct, discounting, dtype, max_memory)
