"""Kuhn poker and Leduc hold'em as :class:`~.tree.Game` objects: small games with known values that test the CFR core.

Kuhn poker: three cards (J, Q, K), one to each player, an ante of 1 each, one round in which player 0 may check
or bet 1; a bet is called or folded. Its value to player 0 is -1/18.

Leduc hold'em: six cards (J, Q, K in two suits), one to each player, an ante of 1 each; a betting round, one
public card, a second betting round; bets of 2 then 4, at most two bets or raises a round, player 0 first in
both. A pair with the public card wins, else the higher card; equal ranks split. Its value to player 0 is about
-0.0856.

>>> game = leduc_game()
>>> len(game.tree), game.n_cards
(465, 6)
"""

from __future__ import annotations

from collections.abc import Callable

from .tree import CHANCE, DECISION, FOLD, SHOWDOWN, Game, Hands, Node, flatten

KUHN_VALUE = -1.0 / 18.0
"""Player 0's value of Kuhn poker."""

LEDUC_VALUE = -0.0856
"""Player 0's value of Leduc hold'em, to four decimals."""

_LEDUC_RANKS = "JQK"


def _limit_round(
    committed: tuple[float, float],
    bet: float,
    cap: int,
    after_call: Callable[[tuple[float, float]], Node],
    board: int = 0,
) -> Node:
    """A limit betting round, player 0 first: check or bet, then fold, call or raise while under ``cap``."""

    def act(committed: tuple[float, float], to_act: int, raises: int, checked: bool) -> Node:
        facing = committed[1 - to_act] - committed[to_act]
        node = Node(DECISION, player=to_act, committed=committed, board=board)
        if facing > 0:
            called = (committed[1 - to_act],) * 2
            node.children.append(Node(FOLD, player=to_act, label="f", committed=committed, board=board))
            node.children.append(_labelled(after_call(called), "c"))
        elif checked:
            node.children.append(_labelled(after_call(committed), "c"))
        else:
            node.children.append(_labelled(act(committed, 1 - to_act, raises, True), "c"))
        if raises < cap:
            raised = list(committed)
            raised[to_act] = committed[1 - to_act] + bet
            node.children.append(_labelled(act((raised[0], raised[1]), 1 - to_act, raises + 1, False), "r"))
        return node

    return act(committed, 0, 0, False)


def _labelled(node: Node, label: str) -> Node:
    node.label = label
    return node


def kuhn_game() -> Game:
    """Kuhn poker (see the module); player 0's value is :data:`KUHN_VALUE`.

    >>> [len(h) for h in kuhn_game().hands]
    [3, 3]
    """

    def showdown(committed: tuple[float, float]) -> Node:
        return Node(SHOWDOWN, committed=committed)

    root = _limit_round((1.0, 1.0), bet=1.0, cap=1, after_call=showdown)
    hands = Hands.one_card([0, 1, 2], strength=[[0, 1, 2]], labels=["J", "Q", "K"])
    return Game(flatten(root), (hands, hands), n_cards=3)


def leduc_game() -> Game:
    """Leduc hold'em (see the module); player 0's value is :data:`LEDUC_VALUE`.

    Card ``c`` (0..5) has rank ``c // 2``. Board row 0 is the first round (no public card), row ``1 + c`` the
    second round after public card ``c``.

    >>> game = leduc_game()
    >>> game.hands[0].labels
    ('J1', 'J2', 'Q1', 'Q2', 'K1', 'K2')
    >>> game.hands[0].strength[1 + 0].tolist()  # public J1: J1 is dead, J2 pairs it
    [-1, 10, 1, 1, 2, 2]
    """
    cards = list(range(6))

    def second_round(public: int) -> Callable[[tuple[float, float]], Node]:
        def deal(committed: tuple[float, float]) -> Node:
            return _limit_round(committed, 4.0, 2, lambda c: Node(SHOWDOWN, committed=c, board=1 + public), 1 + public)

        return deal

    def chance(committed: tuple[float, float]) -> Node:
        # Given both private cards, each of the four cards left is equally likely.
        node = Node(CHANCE, committed=committed, chance_factor=0.25)
        for public in cards:
            child = second_round(public)(committed)
            node.children.append(_labelled(child, _leduc_label(public)))
        return node

    root = _limit_round((1.0, 1.0), bet=2.0, cap=2, after_call=chance)
    strength = [[c // 2 for c in cards]]
    for public in cards:
        strength.append([-1 if c == public else (10 + c // 2 if c // 2 == public // 2 else c // 2) for c in cards])
    hands = Hands.one_card(cards, strength=strength, labels=[_leduc_label(c) for c in cards])
    return Game(flatten(root), (hands, hands), n_cards=6)


def _leduc_label(card: int) -> str:
    return f"{_LEDUC_RANKS[card // 2]}{card % 2 + 1}"
