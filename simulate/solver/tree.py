"""Game trees for the CFR core: public betting trees with chance nodes, flattened into arrays, and each player's hands.

A game is solved in *vector form*: a node of the tree is a public state (the actions so far and the public
cards), and each player holds one of a list of private hands. Every per-node quantity (regrets, strategy,
reach, counterfactual values) is an array over the acting player's hands, so one pass over the tree updates
every hand at once.

- :class:`Node`: one node while a tree is being built (decision, chance, fold or showdown);
- :class:`FlatTree`: the tree with parents before children, a node's children contiguous, as arrays the kernels read;
- :class:`Hands`: one player's private hands: their cards, weights and strength on each board;
- :class:`Game`: a flat tree and both players' hands, checked to fit together.

Chips are counted as each player's total commitment to the pot (``committed``), the starting pot included, so
a terminal node's payoff to a player is what they win less what they put in: the game is zero-sum.

>>> root = Node(DECISION, player=0, children=[
...     Node(FOLD, player=0, label="fold", committed=(1.0, 1.0)),
...     Node(SHOWDOWN, label="call", committed=(1.0, 1.0))])
>>> tree = flatten(root)
>>> tree.labels, tree.first_child.tolist(), tree.n_children.tolist()
(('', 'fold', 'call'), [1, 0, 0], [2, 0, 0])
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .errors import SolverError

#: Node kinds: a player's decision, a public card dealt, a fold, a showdown.
DECISION, CHANCE, FOLD, SHOWDOWN = 0, 1, 2, 3
KIND_NAMES = ("decision", "chance", "fold", "showdown")


@dataclass
class Node:
    """One node of a tree under construction.

    ``player`` is the acting player at a decision node and the player who folded at a fold node.
    ``committed`` is each player's total in the pot (read at terminal nodes). ``board`` is the row of the
    hands' strength table that holds below this node (a chance node's children each name their own).
    ``chance_factor`` is, at a chance node, the probability of each of its outcomes given both hands.

    >>> Node(SHOWDOWN, committed=(2.0, 2.0)).committed
    (2.0, 2.0)
    """

    kind: int
    player: int = -1
    label: str = ""
    committed: tuple[float, float] = (0.0, 0.0)
    board: int = 0
    chance_factor: float = 1.0
    children: list[Node] = field(default_factory=list)


@dataclass(frozen=True)
class FlatTree:
    """A tree with parents before children and each node's children at consecutive indices (breadth-first from
    :func:`flatten`; :mod:`.holdem` numbers a node's children when it expands the node).

    Every array has one entry per node: ``kind``, ``player``, ``first_child`` and ``n_children`` (0 at a
    terminal), ``parent`` (-1 at the root), ``board``, ``committed`` (shape ``(nodes, 2)``) and
    ``chance_factor``; ``labels`` are the actions (or cards) leading to each node.

    >>> tree = flatten(Node(SHOWDOWN, committed=(1.0, 1.0)))
    >>> len(tree), tree.kind.tolist()
    (1, [3])
    """

    kind: np.ndarray
    player: np.ndarray
    first_child: np.ndarray
    n_children: np.ndarray
    parent: np.ndarray
    board: np.ndarray
    committed: np.ndarray
    chance_factor: np.ndarray
    labels: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.kind)

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays the kernels take, in their order.

        >>> len(flatten(Node(SHOWDOWN)).arrays())
        7
        """
        return (
            self.kind,
            self.player,
            self.first_child,
            self.n_children,
            self.board,
            self.committed,
            self.chance_factor,
        )

    def children(self, node: int) -> range:
        """The indices of a node's children.

        >>> list(flatten(Node(DECISION, player=0, children=[Node(FOLD), Node(SHOWDOWN)])).children(0))
        [1, 2]
        """
        start = int(self.first_child[node])
        return range(start, start + int(self.n_children[node]))

    def follow(self, line: Sequence[str]) -> int:
        """The node reached by following action labels from the root.

        >>> tree = flatten(Node(DECISION, player=0, children=[Node(FOLD, label="fold")]))
        >>> tree.follow(["fold"])
        1
        """
        node = 0
        for step, label in enumerate(line, start=1):
            found = [child for child in self.children(node) if self.labels[child] == label]
            if not found:
                offered = ", ".join(repr(self.labels[c]) for c in self.children(node)) or "none (a terminal node)"
                raise SolverError(f"action {label!r} at step {step} is not in the tree; the actions there: {offered}")
            node = found[0]
        return node


def flatten(root: Node) -> FlatTree:
    """The breadth-first :class:`FlatTree` of a tree of :class:`Node` (see the module's example)."""
    order: list[Node] = []
    parents: list[int] = []
    queue: deque[tuple[Node, int]] = deque([(root, -1)])
    while queue:
        node, parent = queue.popleft()
        parents.append(parent)
        order.append(node)
        queue.extend((child, len(order) - 1) for child in node.children)
    first_child = np.zeros(len(order), dtype=np.int64)
    next_free = 1
    for index, node in enumerate(order):  # breadth-first: children are numbered in the order they were queued
        if node.children:
            first_child[index] = next_free
            next_free += len(node.children)
    return FlatTree(
        kind=np.array([n.kind for n in order], dtype=np.int64),
        player=np.array([n.player for n in order], dtype=np.int64),
        first_child=first_child,
        n_children=np.array([len(n.children) for n in order], dtype=np.int64),
        parent=np.array(parents, dtype=np.int64),
        board=np.array([n.board for n in order], dtype=np.int64),
        committed=np.array([n.committed for n in order], dtype=np.float64).reshape(len(order), 2),
        chance_factor=np.array([n.chance_factor for n in order], dtype=np.float64),
        labels=tuple(n.label for n in order),
    )


@dataclass(frozen=True)
class TreeShape:
    """What the solver's memory depends on: ``nodes``; ``rows[p]``, the actions of player ``p``'s decisions (each
    a row of ``p``'s hands in the regrets and strategy sums); ``depth``, the longest path from the root in edges;
    ``actions``, the most actions of a decision; ``items``, the children of the top chance nodes (chance nodes
    with none above them) and ``splits``, those chance nodes.

    >>> root = Node(DECISION, player=0, children=[Node(FOLD), Node(CHANCE, children=[Node(SHOWDOWN)] * 3)])
    >>> TreeShape.of(flatten(root))
    TreeShape(nodes=6, rows=(2, 0), depth=2, actions=2, items=3, splits=1)
    """

    nodes: int
    rows: tuple[int, int]
    depth: int
    actions: int
    items: int
    splits: int

    @classmethod
    def leaf(cls) -> TreeShape:
        """A terminal node's shape.

        >>> TreeShape.leaf().nodes
        1
        """
        return cls(1, (0, 0), 0, 0, 0, 0)

    @classmethod
    def join(cls, kind: int, player: int, children: Sequence[tuple[TreeShape, int]]) -> TreeShape:
        """The shape of a node of ``kind`` over its children, each ``(shape, how many children have it)``.

        >>> TreeShape.join(CHANCE, -1, [(TreeShape.leaf(), 48)]).items
        48
        """
        count = sum(times for _, times in children)
        rows = [sum(c.rows[p] * times for c, times in children) for p in (0, 1)]
        depth = 1 + max((c.depth for c, _ in children), default=-1)
        actions = max((c.actions for c, _ in children), default=0)
        if kind == DECISION:
            rows[player] += count
            actions = max(actions, count)
        if kind == CHANCE:  # below a top chance node, no other chance node is one
            items, splits = count, 1
        else:
            items, splits = (sum(getattr(c, name) * times for c, times in children) for name in ("items", "splits"))
        nodes = 1 + sum(c.nodes * times for c, times in children)
        return cls(nodes, (rows[0], rows[1]), depth, actions, items, splits)

    @classmethod
    def of(cls, tree: FlatTree) -> TreeShape:
        """The shape of a built tree (see the class's example)."""
        depth, under, top = tree_levels(tree)
        decision = tree.kind == DECISION
        rows = tuple(int(tree.n_children[decision & (tree.player == p)].sum()) for p in (0, 1))
        return cls(
            nodes=len(tree),
            rows=(rows[0], rows[1]),
            depth=int(depth.max()),
            actions=int(tree.n_children[decision].max(initial=0)),
            items=int(tree.n_children[top].sum()),
            splits=int(top.sum()),
        )


def tree_levels(tree: FlatTree) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each node's depth, whether a chance node is above it, and whether it is a top chance node.

    >>> root = Node(CHANCE, children=[Node(CHANCE, children=[Node(SHOWDOWN)])])
    >>> [a.tolist() for a in tree_levels(flatten(root))]
    [[0, 1, 2], [False, True, True], [True, False, False]]
    """
    depth = np.zeros(len(tree), dtype=np.int64)
    under = np.zeros(len(tree), dtype=bool)
    frontier = np.zeros(1, dtype=np.int64)
    level = 0
    while len(frontier):
        depth[frontier] = level
        counts = tree.n_children[frontier]
        parents = np.repeat(frontier, counts)
        starts = np.repeat(tree.first_child[frontier] - np.cumsum(counts) + counts, counts)
        children = starts + np.arange(len(parents))
        under[children] = under[parents] | (tree.kind[parents] == CHANCE)
        frontier, level = children, level + 1
    return depth, under, (tree.kind == CHANCE) & ~under


@dataclass(frozen=True)
class Hands:
    """One player's private hands.

    ``cards`` is ``(N, 2)`` int64 card ids (the second -1 in one-card games), ``weights`` their prior weights,
    ``strength`` an ``(boards, N)`` int64 table: the hand's showdown strength on each board row, larger is
    better, equal on a tie, and -1 where the hand shares a card with that board (it cannot be held there).
    ``labels`` name the hands.

    >>> hands = Hands.one_card([0, 1], strength=[[0, 1]], labels=["J", "Q"])
    >>> hands.cards.tolist(), len(hands)
    ([[0, -1], [1, -1]], 2)
    """

    cards: np.ndarray
    weights: np.ndarray
    strength: np.ndarray
    labels: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.weights)

    @classmethod
    def one_card(cls, cards: Sequence[int], strength: Sequence[Sequence[int]], labels: Sequence[str]) -> Hands:
        """Hands of one card each, all of weight 1 (the toy games).

        >>> len(Hands.one_card([0, 1, 2], strength=[[0, 1, 2]], labels="JQK"))
        3
        """
        ids = np.asarray(cards, dtype=np.int64)
        return cls(
            cards=np.column_stack([ids, np.full(len(ids), -1, dtype=np.int64)]),
            weights=np.ones(len(ids)),
            strength=np.asarray(strength, dtype=np.int64).reshape(-1, len(ids)),
            labels=tuple(labels),
        )


@dataclass(frozen=True)
class Game:
    """A flat tree, both players' hands and the number of distinct cards; player 0 acts first.

    ``order[p]`` sorts player ``p``'s hands by strength on each board (ascending) and ``same[p]`` gives, for each
    two-card hand of ``p``, the index of the identical hand among the other player's (-1 when absent), so that
    card removal is inclusion-exclusion over per-card sums. ``ranked[p]`` holds the strengths in that order
    (int32) and ``ranked_cards[p]`` the hands' cards (int16, ``n_cards`` for a one-card hand's missing card).
    All three are read from ``ranked_keys[p]``, which is what is stored: each hand in that order as one int64, its
    strength in the high 32 bits, then the hand (16 bits) and its two cards (8 bits each), so that a showdown reads
    one number per hand in a row.

    ``symmetry`` stands for chance outcomes left out of the tree as images of one kept (a suit swap that fixes
    the board and both ranges): ``(first, count, swap, hand_map)``, where a chance node's child ``c`` also
    stands for the outcomes ``swap[first[c] : first[c] + count[c]]``, and ``hand_map[s, p, h]`` is the hand of
    ``p`` that ``h`` is in the kept subtree under swap ``s``. None: every outcome has its own subtree.

    ``rake`` is the fraction of the pot the house takes when the hand ends, at most ``rake_cap`` chips (None: no
    cap); the pot it is taken from is the chips both players have matched, the starting pot included (an
    uncalled bet goes back to its bettor), and the winner pays it, half each on a split (:meth:`terminal_rake`).

    >>> from pokerlab.simulate.solver.toy_games import kuhn_game
    >>> game = kuhn_game()
    >>> len(game.tree), [len(h) for h in game.hands], game.n_cards
    (9, [3, 3], 3)
    """

    tree: FlatTree
    hands: tuple[Hands, Hands]
    n_cards: int
    symmetry: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
    rake: float = 0.0
    rake_cap: float | None = None
    same: tuple[np.ndarray, np.ndarray] = field(init=False)
    ranked_keys: tuple[np.ndarray, np.ndarray] = field(init=False)

    def __post_init__(self) -> None:
        boards = int(self.tree.board.max()) + 1
        for player, hands in enumerate(self.hands):
            if hands.strength.shape != (boards, len(hands)):
                raise SolverError(
                    f"player {player}'s strength table is {hands.strength.shape}; "
                    f"the tree needs ({boards}, {len(hands)})"
                )
            if hands.strength.size and not -1 <= hands.strength.min() <= hands.strength.max() < 2**31:
                raise SolverError(f"player {player}'s strengths must be from -1 to 2**31 - 1")
        if max(len(h) for h in self.hands) > _KEY_HANDS or self.n_cards >= _KEY_CARDS:
            raise SolverError(f"a game takes at most {_KEY_HANDS} hands a player and {_KEY_CARDS - 1} cards")
        object.__setattr__(self, "same", (_same(*self.hands), _same(*self.hands[::-1])))
        object.__setattr__(self, "ranked_keys", tuple(_ranked_keys(h, self.n_cards) for h in self.hands))

    @property
    def order(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's hands by ascending strength on each board (int64), read from :attr:`ranked_keys`."""
        k0, k1 = self.ranked_keys
        return (k0 >> 16 & 0xFFFF).astype(np.int64), (k1 >> 16 & 0xFFFF).astype(np.int64)

    @property
    def ranked(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's strengths in :attr:`order` (int32), read from :attr:`ranked_keys`."""
        k0, k1 = self.ranked_keys
        return (k0 >> 32).astype(np.int32), (k1 >> 32).astype(np.int32)

    @property
    def ranked_cards(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's hands' cards in :attr:`order` (int16, ``n_cards`` for a missing card), from the keys."""
        k0, k1 = self.ranked_keys
        return _key_cards(k0), _key_cards(k1)

    def kernel_symmetry(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """:attr:`symmetry` as the kernels take it: no images at all when it is None.

        >>> from pokerlab.simulate.solver.toy_games import kuhn_game
        >>> [a.shape for a in kuhn_game().kernel_symmetry()]
        [(9,), (9,), (0,), (1, 2, 3)]
        """
        if self.symmetry is not None:
            return self.symmetry
        nodes, width = len(self.tree), max(len(h) for h in self.hands)
        none = np.zeros(nodes, dtype=np.int64)
        identity = np.tile(np.arange(width, dtype=np.int64), (1, 2, 1))
        return none, none.copy(), np.zeros(0, dtype=np.int64), identity

    def terminal_rake(self) -> np.ndarray:
        """The rake taken at each fold or showdown node (0 elsewhere): ``rake`` times the matched pot (twice the
        smaller commitment), at most ``rake_cap``.

        >>> from dataclasses import replace
        >>> from pokerlab.simulate.solver.toy_games import kuhn_game
        >>> game = replace(kuhn_game(), rake=0.1, rake_cap=0.3)
        >>> game.terminal_rake()[game.tree.kind >= FOLD].round(2).tolist()
        [0.2, 0.2, 0.3, 0.2, 0.3]
        """
        tree = self.tree
        matched = 2.0 * tree.committed.min(axis=1)
        rake = np.where(tree.kind >= FOLD, self.rake * matched, 0.0)
        if self.rake_cap is not None:
            rake = np.minimum(rake, self.rake_cap)
        return np.ascontiguousarray(rake, dtype=np.float64)

    def kernel_tree(self) -> tuple[np.ndarray, ...]:
        """The tree arrays the kernels take: :meth:`FlatTree.arrays` and :meth:`terminal_rake`.

        >>> from pokerlab.simulate.solver.toy_games import kuhn_game
        >>> len(kuhn_game().kernel_tree())
        8
        """
        return (*self.tree.arrays(), self.terminal_rake())

    def kernel_hands(self) -> tuple[np.ndarray, ...]:
        """The hand arrays the kernels take: cards, strength, ranked keys and same of player 0, then of player 1.

        >>> from pokerlab.simulate.solver.toy_games import kuhn_game
        >>> len(kuhn_game().kernel_hands())
        8
        """
        (h0, h1), (k0, k1), (s0, s1) = self.hands, self.ranked_keys, self.same
        return (h0.cards, h0.strength, k0, s0, h1.cards, h1.strength, k1, s1)


def check_rake(rake: object, rake_cap: object) -> tuple[float, float | None]:
    """The rake rate (a fraction of the pot, at least 0 and under 1) and its cap (chips, at least 0; None: no cap),
    checked: one-line :class:`SolverError` otherwise.

    >>> check_rake(0.05, 3)
    (0.05, 3.0)
    """
    if isinstance(rake, bool) or not isinstance(rake, (int, float)) or not 0 <= rake < 1:
        raise SolverError(f"rake is a fraction of the pot, at least 0 and under 1 (0.05 is 5 %); got {rake!r}")
    if rake_cap is not None and (
        isinstance(rake_cap, bool) or not isinstance(rake_cap, (int, float)) or not 0 <= rake_cap < math.inf
    ):
        raise SolverError(f"rake_cap must be a finite number of chips, at least 0; got {rake_cap!r}")
    return float(rake), None if rake_cap is None else float(rake_cap)


# A ranked key packs a hand's strength (32 bits), its index (16) and its two cards (8 each) into one int64.
_KEY_HANDS, _KEY_CARDS = 1 << 16, 1 << 8


def _ranked_keys(hands: Hands, n_cards: int) -> np.ndarray:
    """The hands of each board row by ascending strength, each as its ranked key (:class:`Game`)."""
    order = np.argsort(hands.strength, axis=1, kind="stable")
    cards = np.where(hands.cards >= 0, hands.cards, n_cards).astype(np.int64)[order]
    strength = np.take_along_axis(hands.strength, order, axis=1).astype(np.int64)
    return strength << 32 | order.astype(np.int64) << 16 | cards[..., 0] << 8 | cards[..., 1]


def _key_cards(keys: np.ndarray) -> np.ndarray:
    """The two cards of each ranked key, ``(..., 2)`` int16."""
    return np.stack([keys >> 8 & 0xFF, keys & 0xFF], axis=-1).astype(np.int16)


def _same(mine: Hands, theirs: Hands) -> np.ndarray:
    """For each two-card hand of ``mine``, the index of the same two cards in ``theirs`` (-1 if none)."""
    where = {tuple(sorted(c)): i for i, c in enumerate(theirs.cards.tolist()) if c[1] >= 0}
    return np.array([where.get(tuple(sorted(c)), -1) if c[1] >= 0 else -1 for c in mine.cards.tolist()], dtype=np.int64)
