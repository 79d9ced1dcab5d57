"""numba kernels of the CFR core: per-node arithmetic over ``(actions, hands)`` blocks and the passes over a tree.

A tree is the arrays of :meth:`.tree.FlatTree.arrays` (parents first, a node's children contiguous), so a
forward pass in index order sees parents first and a backward pass in reverse order sees children first;
neither recurses. Per-action quantities live in rows indexed by the child node the action leads to: the rows
``first_child .. first_child + n_children`` of ``regrets``, ``strategy_sums`` or a strategy ``table`` are a
decision node's ``(actions, hands)`` block, columns ``0 .. hands`` of its acting player.

Terminal values take linear time in the hands: a fold sums the opponent's reach once, a showdown sweeps
both players' hands in strength order; card removal subtracts per-card sums of the opponent's reach and adds
back the identical hand (inclusion-exclusion), never pairing hands one by one.
"""

from __future__ import annotations

import numpy as np

from ...evaluator.jit import njit

_DECISION, _CHANCE, _FOLD, _SHOWDOWN = 0, 1, 2, 3


@njit(cache=True)
def regret_matching(regrets, first, n_actions, n_hands, out):
    """Write into ``out[first:first+n_actions, :n_hands]`` the strategy proportional to positive regrets
    (uniform for a hand with none)."""
    uniform = 1.0 / n_actions
    for h in range(n_hands):
        total = 0.0
        for a in range(first, first + n_actions):
            if regrets[a, h] > 0.0:
                total += regrets[a, h]
        for a in range(first, first + n_actions):
            if total > 0.0:
                out[a, h] = regrets[a, h] / total if regrets[a, h] > 0.0 else 0.0
            else:
                out[a, h] = uniform


@njit(cache=True)
def normalized_sums(sums, first, n_actions, n_hands, out):
    """The average strategy: each hand's accumulated strategy normalised (uniform for a hand never reached)."""
    uniform = 1.0 / n_actions
    for h in range(n_hands):
        total = 0.0
        for a in range(first, first + n_actions):
            total += sums[a, h]
        for a in range(first, first + n_actions):
            out[a, h] = sums[a, h] / total if total > 0.0 else uniform


@njit(cache=True)
def update_regrets(regrets, first, n_actions, n_hands, values, node_values, positive_discount, negative_discount):
    """Discount the accumulated regrets (by sign, DCFR) and add each action's instantaneous regret."""
    for a in range(first, first + n_actions):
        for h in range(n_hands):
            kept = regrets[a, h]
            kept *= positive_discount if kept > 0.0 else negative_discount
            regrets[a, h] = kept + values[a, h] - node_values[h]


@njit(cache=True)
def accumulate_average(sums, first, n_actions, n_hands, table, reach, discount):
    """Discount the accumulated strategy and add this iteration's, weighted by the player's own reach."""
    for a in range(first, first + n_actions):
        for h in range(n_hands):
            sums[a, h] = sums[a, h] * discount + reach[h] * table[a, h]


@njit(cache=True)
def strategy_table(kind, n_children, first_child, player, n_hands, source, average, table):
    """Every decision node's strategy block: from regrets (``average`` false) or from strategy sums."""
    for node in range(len(kind)):
        if kind[node] != _DECISION:
            continue
        hands = n_hands[player[node]]
        if average:
            normalized_sums(source, first_child[node], n_children[node], hands, table)
        else:
            regret_matching(source, first_child[node], n_children[node], hands, table)


@njit(cache=True)
def propagate_reach(tree, hands, weights0, weights1, table, reach):
    """Forward pass: ``reach[node, p, h]``, the prior weight of ``p`` holding ``h`` times ``p``'s own action
    probabilities on the way to ``node`` (0 where a dealt card removes ``h``)."""
    kind, player, first_child, n_children, board, _, _ = tree
    strength = (hands[1], hands[5])
    n = (len(weights0), len(weights1))
    for h in range(n[0]):
        reach[0, 0, h] = weights0[h] if strength[0][board[0], h] >= 0 else 0.0
    for h in range(n[1]):
        reach[0, 1, h] = weights1[h] if strength[1][board[0], h] >= 0 else 0.0
    for node in range(len(kind)):
        for child in range(first_child[node], first_child[node] + n_children[node]):
            for p in range(2):
                acts = kind[node] == _DECISION and player[node] == p
                for h in range(n[p]):
                    r = reach[node, p, h]
                    if acts:
                        r *= table[child, h]
                    elif kind[node] == _CHANCE and strength[p][board[child], h] < 0:
                        r = 0.0
                    reach[child, p, h] = r


@njit(cache=True)
def opponent_mass(my_cards, my_strength, same, their_cards, their_reach, n_cards, out):
    """For each of my hands, the opponent's reach over the hands that share no card with it (0 if mine is dead)."""
    _opponent_mass(my_cards, my_strength, same, their_cards, their_reach, np.zeros(n_cards), out)


@njit(cache=True)
def _opponent_mass(my_cards, my_strength, same, their_cards, their_reach, by_card, out):
    """:func:`opponent_mass` into a caller's zeroed per-card buffer (a terminal node allocates nothing)."""
    total = 0.0
    for o in range(len(their_reach)):
        r = their_reach[o]
        total += r
        by_card[their_cards[o, 0]] += r
        if their_cards[o, 1] >= 0:
            by_card[their_cards[o, 1]] += r
    for h in range(len(out)):
        if my_strength[h] < 0:
            out[h] = 0.0
            continue
        mass = total - by_card[my_cards[h, 0]]
        if my_cards[h, 1] >= 0:
            mass -= by_card[my_cards[h, 1]]
        if same[h] >= 0:  # the identical hand holds both my cards: subtracted twice above
            mass += their_reach[same[h]]
        out[h] = mass


@njit(cache=True)
def _sweep(my_cards, my_strength, my_order, their_cards, their_strength, their_order, their_reach, by_card, out, up):
    """For each of my hands, the opponent's card-compatible reach strictly weaker (``up``) or strictly stronger.
    ``by_card`` is a zeroed per-card buffer."""
    total = 0.0
    n_mine, n_theirs = len(my_order), len(their_order)
    j = 0
    for i in range(n_mine):
        h = my_order[i] if up else my_order[n_mine - 1 - i]
        s = my_strength[h]
        if s < 0:
            out[h] = 0.0
            continue
        while j < n_theirs:
            o = their_order[j] if up else their_order[n_theirs - 1 - j]
            t = their_strength[o]
            if (up and t >= s) or (not up and t <= s):
                break
            r = their_reach[o] if t >= 0 else 0.0
            total += r
            by_card[their_cards[o, 0]] += r
            if their_cards[o, 1] >= 0:
                by_card[their_cards[o, 1]] += r
            j += 1
        mass = total - by_card[my_cards[h, 0]]
        if my_cards[h, 1] >= 0:
            mass -= by_card[my_cards[h, 1]]
        out[h] = mass  # the identical hand has my strength: never strictly weaker or stronger


@njit(cache=True)
def _player(hands, p):
    """Player ``p``'s cards, strength, order and same arrays (a tuple of mixed arrays takes no runtime index)."""
    if p == 0:
        return hands[0], hands[1], hands[2], hands[3]
    return hands[4], hands[5], hands[6], hands[7]


@njit(cache=True)
def terminal_values(node, tree, hands, traverser, their_reach, scratch, by_card, out):
    """The traverser's counterfactual value of each hand at a fold or showdown node (zero-sum chips); ``scratch``
    is a ``(3, hands)`` buffer and ``by_card`` one per card, reused from node to node."""
    kind, player, _, _, board, committed, _ = tree
    b = board[node]
    my_cards, my_strength, my_order, same = _player(hands, traverser)
    their_cards, their_strength, their_order, _ = _player(hands, 1 - traverser)
    my_strength, my_order, their_strength, their_order = my_strength[b], my_order[b], their_strength[b], their_order[b]
    mine = committed[node, traverser]
    pot = committed[node, 0] + committed[node, 1]
    n = len(out)
    mass, weaker, stronger = scratch[0, :n], scratch[1, :n], scratch[2, :n]
    by_card[:] = 0.0
    _opponent_mass(my_cards, my_strength, same, their_cards, their_reach, by_card, mass)
    if kind[node] == _FOLD:
        payoff = -mine if player[node] == traverser else pot - mine
        for h in range(n):
            out[h] = payoff * mass[h]
        return
    by_card[:] = 0.0
    _sweep(
        my_cards, my_strength, my_order, their_cards, their_strength, their_order, their_reach, by_card, weaker, True
    )
    by_card[:] = 0.0
    _sweep(
        my_cards, my_strength, my_order, their_cards, their_strength, their_order, their_reach, by_card, stronger, False
    )
    for h in range(n):
        tied = mass[h] - weaker[h] - stronger[h]
        out[h] = weaker[h] * (pot - mine) - stronger[h] * mine + tied * (0.5 * pot - mine)


@njit(cache=True)
def counterfactual_values(tree, hands, symmetry, traverser, table, reach, n_cards, best_response, values):
    """Backward pass: ``values[node, h]``, the traverser's counterfactual value of hand ``h`` at every node.

    At the traverser's decisions the hand plays ``table`` (its strategy) or, with ``best_response``, its best
    action; the opponent's play is already in ``reach``; a chance node weighs each outcome by its factor, an
    outcome left out as a suit swap of a kept one (``symmetry``, see :class:`.tree.Game`) by the kept one's
    value of the swapped hand."""
    kind, player, first_child, n_children, _, _, chance_factor = tree
    image_first, image_count, image_swap, hand_map = symmetry
    n = len(_player(hands, traverser)[3])
    m = len(_player(hands, 1 - traverser)[3])
    scratch = np.empty((3, n))
    by_card = np.empty(n_cards)
    for node in range(len(kind) - 1, -1, -1):
        k = kind[node]
        if k == _FOLD or k == _SHOWDOWN:
            terminal_values(
                node, tree, hands, traverser, reach[node, 1 - traverser, :m], scratch, by_card, values[node, :n]
            )
            continue
        first, last = first_child[node], first_child[node] + n_children[node]
        mine = k == _DECISION and player[node] == traverser
        for h in range(n):
            v = -np.inf if (mine and best_response) else 0.0
            for child in range(first, last):
                if not mine:
                    v += values[child, h]
                    for i in range(image_first[child], image_first[child] + image_count[child]):
                        v += values[child, hand_map[image_swap[i], traverser, h]]
                elif best_response:
                    v = max(v, values[child, h])
                else:
                    v += table[child, h] * values[child, h]
            values[node, h] = v * chance_factor[node] if k == _CHANCE else v


@njit(cache=True)
def update_traverser(tree, traverser, n_hands, table, reach, values, regrets, sums, discounts):
    """At every decision of the traverser: DCFR regret update and average-strategy accumulation."""
    kind, player, first_child, n_children, _, _, _ = tree
    positive, negative, average = discounts
    for node in range(len(kind)):
        if kind[node] != _DECISION or player[node] != traverser:
            continue
        first, count = first_child[node], n_children[node]
        update_regrets(regrets, first, count, n_hands, values, values[node], positive, negative)
        accumulate_average(sums, first, count, n_hands, table, reach[node, traverser], average)
