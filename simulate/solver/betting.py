"""The betting of a heads-up hold'em subgame: the sizes open at each node, the tree's nodes in order, and the count
of nodes before building.

OOP (player 0) acts first on every street. A betting round closed before the river leads to a chance node dealing
each card left; once a player is all-in, the rest of the board is dealt with no betting.

>>> from pokerlab.simulate.solver.sizes import tree_sizes
>>> betting = Betting(pot=10.0, stack=10.0, rules=tree_sizes((), raise_cap=0))
>>> count_nodes(betting, betting.root(tuple(range(5))))
9
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

import numpy as np

from ...evaluator import format_cards
from .sizes import BetSize, TreeSizes
from .tree import CHANCE, DECISION, FOLD, SHOWDOWN, FlatTree

DECK = 52
IDENTITY = (0, 1, 2, 3)
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
    aggressor: int = -1  # the last to bet or raise: on this street once it has a bet, else on the street before


@dataclass(frozen=True)
class Betting:
    """The betting rules of one subgame: starting pot and stack, the size options (:class:`.sizes.TreeSizes`),
    dead cards and the suit swaps of the isomorphism."""

    pot: float
    stack: float
    rules: TreeSizes
    dead: tuple[int, ...] = ()
    swaps: tuple[tuple[int, ...], ...] = (IDENTITY,)

    def behind(self, committed: tuple[float, float], player: int) -> float:
        return self.stack - (committed[player] - self.pot / 2)

    def options(self, spec: _Spec) -> tuple[BetSize, ...]:
        """The size list open to the player at ``spec``: donk, bet or raise sizes of the street."""
        street = self.rules.streets[len(spec.cards) - 3]
        to_act = spec.player
        if spec.committed[1 - to_act] > spec.committed[to_act]:
            return street.raise_[to_act]
        donk = to_act == 0 and spec.raises == 0 and not spec.checked and spec.aggressor == 1
        if donk and street.donk is not None:
            return street.donk
        return street.bet[to_act]

    def sizes(self, spec: _Spec) -> list[tuple[float, str]]:
        """The bets or raises open to the player at ``spec``: (new commitment, label), smallest first, no repeats."""
        committed, to_act = spec.committed, spec.player
        other = committed[1 - to_act]
        facing = other - committed[to_act]
        behind = self.behind(committed, to_act)
        cap = self.rules.streets[len(spec.cards) - 3].raise_cap
        if behind <= facing or (facing > 0 and spec.raises > cap):
            return []
        all_in = committed[to_act] + behind
        # What a size is measured against: the pot now (a bet), or the pot after the call (a raise).
        pot = 2 * other if facing > 0 else sum(committed)
        start = other if facing > 0 else committed[to_act]
        options = self.options(spec)
        targets = [min(self._target(size, spec, pot, start, behind - facing), all_in) for size in options]
        if facing > 0:
            targets = [max(t, other + facing) if t < all_in else t for t in targets]
        rules = self.rules
        if rules.force_allin > 0:
            targets = [all_in if (all_in - t) <= rules.force_allin * 2 * t else t for t in targets]
        if rules.allin or (options and 0 < rules.add_allin and (all_in - start) <= rules.add_allin * pot):
            targets.append(all_in)
        targets = sorted(set(round(min(t, all_in), 9) for t in targets))
        if rules.merge > 0:
            targets = _merged(targets, start, pot, rules.merge)
        base = spec.factor  # a decision carries the commitment both players had when the street started
        chosen: list[tuple[float, str]] = []
        for target in targets:
            kind = "allin" if target >= all_in - 1e-9 else ("raise" if facing > 0 else "bet")
            chosen.append((target, f"{kind} {_chips(target - base)}"))
        return chosen

    def _target(self, size: BetSize, spec: _Spec, pot: float, start: float, behind: float) -> float:
        """The commitment ``size`` leads to, before the minimum raise and the all-in bound it."""
        if size.kind == "allin":
            return math.inf
        if size.kind == "chips":
            return start + size.value
        if size.kind == "prev":  # a multiple of what the opponent has put in on the street
            return spec.factor + size.value * (spec.committed[1 - spec.player] - spec.factor)
        fraction = size.value
        if size.kind == "geometric":
            streets_left = 6 - len(spec.cards)  # the flop (3 cards) has 3, the river 1
            fraction = size.pot_fraction(pot, max(behind, 0.0), streets_left, max(spec.raises - 1, 0))
        return start + fraction * pot

    def children(self, spec: _Spec) -> list[_Spec]:
        """The children of a node, in action (or card) order."""
        if spec.kind == DECISION:
            return self._decision_children(spec)
        if spec.kind == CHANCE:
            return [
                self._street_start(
                    spec.committed, tuple(sorted(spec.cards + (card,))), card_name(card), spec.aggressor
                )._replace(images=images)
                for card, images in self.outcomes(spec)
            ]
        return []

    def outcomes(self, spec: _Spec) -> list[tuple[int, tuple[int, ...]]]:
        """The cards a chance node keeps, each with the swaps (indices into ``swaps``) taking it to the cards it
        stands for: the swaps that fix the board group the deck into classes, and the smallest card is kept."""
        board = set(spec.cards)
        fixing = [i for i, swap in enumerate(self.swaps) if {swap_card(c, swap) for c in board} == board]
        taken: set[int] = set()
        kept = []
        for card in self.deck(spec):
            if card in taken:
                continue
            images = []
            for i in fixing:
                image = swap_card(card, self.swaps[i])
                if image not in taken and image != card:
                    taken.add(image)
                    images.append(i)
            kept.append((card, tuple(images)))
        return kept

    def deck(self, spec: _Spec) -> list[int]:
        """The cards a chance node deals: neither on the board nor dead."""
        gone = set(spec.cards) | set(self.dead)
        return [c for c in range(DECK) if c not in gone]

    def _decision_children(self, spec: _Spec) -> list[_Spec]:
        committed, to_act, base = spec.committed, spec.player, spec.factor
        children = []
        if committed[1 - to_act] > committed[to_act]:
            children.append(_Spec(FOLD, to_act, committed, spec.cards, "fold"))
            children.append(self._round_end((committed[1 - to_act],) * 2, spec.cards, "call", spec.aggressor))
        elif spec.checked:
            children.append(self._round_end(committed, spec.cards, "check"))
        else:
            children.append(
                _Spec(DECISION, 1 - to_act, committed, spec.cards, "check", base, spec.raises, True, (), spec.aggressor)
            )
        for target, label in self.sizes(spec):
            after = (target, committed[1]) if to_act == 0 else (committed[0], target)
            children.append(
                _Spec(DECISION, 1 - to_act, after, spec.cards, label, base, spec.raises + 1, False, (), to_act)
            )
        return children

    def _round_end(
        self, committed: tuple[float, float], cards: tuple[int, ...], label: str, aggressor: int = -1
    ) -> _Spec:
        """The end of a betting round; ``aggressor`` made its last bet or raise (-1: it was checked through)."""
        if len(cards) == 5:
            return _Spec(SHOWDOWN, -1, committed, cards, label)
        left = DECK - len(cards) - len(self.dead) - _HELD
        return _Spec(CHANCE, -1, committed, cards, label, 1.0 / left, aggressor=aggressor)

    def _street_start(
        self, committed: tuple[float, float], cards: tuple[int, ...], label: str, aggressor: int = -1
    ) -> _Spec:
        if self.behind(committed, 0) <= 0:  # all-in: the rest of the board is dealt with no betting
            return self._round_end(committed, cards, label)
        return _Spec(DECISION, 0, committed, cards, label, committed[0], aggressor=aggressor)

    def root(self, cards: tuple[int, ...]) -> _Spec:
        half = self.pot / 2
        return _Spec(DECISION, 0, (half, half), tuple(sorted(cards)), "", half)


def swap_card(card: int, swap: tuple[int, ...]) -> int:
    """The card with its suit (``card % 4``) renamed by ``swap``."""
    return card - card % 4 + swap[card % 4]


def symmetries(
    fixed: Sequence[Sequence[int]], combos: Sequence[np.ndarray], weights: Sequence[np.ndarray]
) -> tuple[tuple[int, ...], ...]:
    """The suit permutations that map each card set of ``fixed`` onto itself and both ranges (with weights) onto
    themselves, the identity first."""
    ranges = [
        {frozenset(c): w for c, w in zip(cards.tolist(), values.tolist())} for cards, values in zip(combos, weights)
    ]
    found = []
    for swap in itertools.permutations(range(4)):
        if any({swap_card(c, swap) for c in cards} != set(cards) for cards in fixed):
            continue
        if all(
            held.get(frozenset(swap_card(c, swap) for c in hand)) == w for held in ranges for hand, w in held.items()
        ):
            found.append(swap)
    return tuple(found)


def _chips(amount: float) -> str:
    return f"{round(amount, 2):g}"


@cache
def card_name(card: int) -> str:
    return format_cards([card])


class FlatBuilder:
    """Numbers the nodes of a betting tree straight into typed arrays: a node's children get a contiguous block
    when the node is expanded, so parents come before children without holding the tree as objects."""

    def __init__(self, betting: Betting) -> None:
        self.betting = betting
        self.ints = {name: array("q") for name in ("kind", "player", "first_child", "n_children", "parent", "board")}
        self.committed = array("d")
        self.factor = array("d")
        self.image_first = array("q")
        self.image_count = array("q")
        self.image_swap = array("q")
        self.labels: list[str] = []
        self.names: dict[str, str] = {}  # one object per distinct label: a flop's tree repeats a few dozen
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
        self.labels.append(self.names.setdefault(spec.label, spec.label))

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


def count_nodes(betting: Betting, root: _Spec) -> int:
    """The nodes of the tree below ``root`` without building it: every card a chance node deals leads to the
    same betting, so one subtree per chance node is counted, times the cards (each card kept, with suit swaps)."""
    memo: dict[tuple[object, ...], int] = {}
    symmetric = len(betting.swaps) > 1  # then the cards kept depend on the board, not only on its size

    def count(spec: _Spec) -> int:
        board = spec.cards if symmetric else len(spec.cards)
        key = (spec.kind, spec.player, spec.committed, board, spec.raises, spec.checked, spec.factor, spec.aggressor)
        if key not in memo:
            if spec.kind == CHANCE and not symmetric:
                deck = betting.deck(spec)
                child = betting._street_start(spec.committed, spec.cards + (deck[0],), "", spec.aggressor)
                memo[key] = 1 + len(deck) * count(child)
            else:
                memo[key] = 1 + sum(count(c) for c in betting.children(spec))
        return memo[key]

    return count(root)


def _merged(targets: list[float], start: float, pot: float, merge: float) -> list[float]:
    """``targets`` (ascending) less the sizes merged into a larger one: the largest kept first, every smaller
    pot fraction ``Y`` with ``(1 + X) / (1 + Y) < 1 + merge`` dropped, then the next largest left kept."""
    kept: list[float] = []
    for target in reversed(targets):
        fraction = (target - start) / pot
        if kept and (1 + (kept[-1] - start) / pot) / (1 + fraction) < 1 + merge:
            continue
        kept.append(target)
    return kept[::-1]
