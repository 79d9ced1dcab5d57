"""numba kernels of the CFR core: a depth-first pass over a flat tree, per-node arithmetic over ``(actions, hands)``
blocks, and linear-time terminal values.

A tree is the arrays of :meth:`.tree.FlatTree.arrays` (a node's children contiguous). The regrets and strategy
sums are flat arrays holding, for each decision node, an ``(actions, hands)`` block of its acting player's hands
from ``offset[node]``: nothing is stored for chance or terminal nodes, nor for the other player's hands.

:func:`visit` walks the tree depth first; the reach, the strategy and the counterfactual values of the node
being visited live in per-depth rows of a small work area (``(depth, 2, hands)`` and ``(depth, actions, hands)``
float64), so one pass holds no per-node values and the regrets are updated as the pass leaves each node. The
subtrees below the top chance nodes (the first cards dealt) are independent *items*: a pass first carries the
reach down to those chance nodes (stage ``_REACH``), the items then run on any number of threads, each with a
work area of its own (stage ``_FULL``), and a last pass (stage ``_TOP``) sums each chance node's items in card
order, so the values are the same whatever the threads.

Terminal values take linear time in the hands: a fold sums the opponent's reach once, a showdown sweeps
both players' hands in strength order; card removal subtracts per-card sums of the opponent's reach and adds
back the identical hand (inclusion-exclusion), never pairing hands one by one.
"""

from __future__ import annotations

import numpy as np

from ...evaluator.jit import njit

_DECISION, _CHANCE, _FOLD, _SHOWDOWN = 0, 1, 2, 3
# Pass modes: train (regret matching, then the DCFR update), the average strategy, a best response to it.
TRAIN, AVERAGE, BEST_RESPONSE = 0, 1, 2
# Pass stages: the whole subtree; only the reach down to the top chance nodes; the top with the items' values.
_FULL, _REACH, _TOP = 0, 1, 2


@njit(cache=True)
def propagate_reach(tree, hands, weights0, weights1, table, reach):
    """Forward pass: ``reach[node, p, h]``, the prior weight of ``p`` holding ``h`` times ``p``'s own action
    probabilities on the way to ``node`` (0 where a dealt card removes ``h``)."""
    kind, player, first_child, n_children, board, _, _, _ = tree
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


@njit(cache=True, nogil=True)
def opponent_mass(my_cards, my_strength, same, their_cards, their_reach, n_cards, out):
    """For each of my hands, the opponent's reach over the hands that share no card with it (0 if mine is dead)."""
    _opponent_mass(my_cards, my_strength, same, their_cards, their_reach, np.zeros(n_cards), out)


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
def _player(hands, p):
    """Player ``p``'s cards, strength, order and same arrays (a tuple of mixed arrays takes no runtime index)."""
    if p == 0:
        return hands[0], hands[1], hands[2], hands[3]
    return hands[4], hands[5], hands[6], hands[7]


@njit(cache=True, nogil=True)
def terminal_values(node, tree, hands, traverser, their_reach, scratch, by_card, out):
    """The traverser's counterfactual value of each hand at a fold or showdown node (chips won less chips put
    in; the winner pays the node's rake, half each on a split); ``scratch`` is a ``(3, hands)`` buffer and
    ``by_card`` one per card, reused from node to node."""
    kind, player, _, _, board, committed, _, rake = tree
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
        payoff = -mine if player[node] == traverser else pot - mine - rake[node]
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
    win, tie = pot - mine - rake[node], 0.5 * (pot - rake[node]) - mine
    for h in range(n):
        tied = mass[h] - weaker[h] - stronger[h]
        out[h] = weaker[h] * win - stronger[h] * mine + tied * tie


@njit(cache=True, nogil=True)
def node_strategy(source, start, n_actions, n_hands, average, out):
    """Write into ``out[:n_actions, :n_hands]`` a node's strategy from its block of ``source`` at ``start``:
    proportional to the positive regrets, or (``average``) the normalised strategy sums; uniform without any."""
    uniform = 1.0 / n_actions
    for h in range(n_hands):
        total = 0.0
        for a in range(n_actions):
            x = source[start + a * n_hands + h]
            if average or x > 0.0:
                total += x
        for a in range(n_actions):
            x = source[start + a * n_hands + h]
            if total > 0.0:
                out[a, h] = x / total if (average or x > 0.0) else 0.0
            else:
                out[a, h] = uniform


@njit(cache=True)
def dense_average(kind, player, first_child, n_children, offset, n_hands, sums, table):
    """The average strategy as an ``(nodes, hands)`` table: row ``child`` holds the probability of the action
    leading to ``child`` for each hand of the acting player (rows of other nodes untouched)."""
    for node in range(len(kind)):
        if kind[node] == _DECISION:
            first, count, n = first_child[node], n_children[node], n_hands[player[node]]
            node_strategy(sums, offset[node], count, n, True, table[first : first + count])


@njit(cache=True, nogil=True)
def _update(regrets, sums, start, n_actions, n_hands, strat, kept, node_values, reach, discounts):
    """The DCFR update at a decision of the traverser: discount the regrets by sign and add each action's
    instantaneous regret; discount the strategy sums and add this iteration's strategy times the reach."""
    positive, negative, average = discounts
    for a in range(n_actions):
        for h in range(n_hands):
            i = start + a * n_hands + h
            x = regrets[i]
            x *= positive if x > 0.0 else negative
            regrets[i] = x + kept[a, h] - node_values[h]
            sums[i] = sums[i] * average + reach[h] * strat[a, h]


@njit(cache=True, nogil=True)
def _apply_lock(strat, locks, start, n_actions, n_hands):
    """Overwrite the locked hands' rows of a node's strategy with their locked frequencies (a NaN in the lock's
    first row marks a hand left free)."""
    for h in range(n_hands):
        if not np.isnan(locks[start + h]):
            for a in range(n_actions):
                strat[a, h] = locks[start + a * n_hands + h]


@njit(cache=True, nogil=True)
def _update_free(regrets, sums, start, n_actions, n_hands, strat, kept, node_values, reach, discounts, locks, lock):
    """:func:`_update` for the hands a lock leaves free at a locked node; the locked hands' regrets and strategy
    sums (their locked frequencies) stay as they are."""
    positive, negative, average = discounts
    for h in range(n_hands):
        if not np.isnan(locks[lock + h]):
            continue
        for a in range(n_actions):
            i = start + a * n_hands + h
            x = regrets[i]
            x *= positive if x > 0.0 else negative
            regrets[i] = x + kept[a, h] - node_values[h]
            sums[i] = sums[i] * average + reach[h] * strat[a, h]


@njit(cache=True, nogil=True)
def _locked_values(out, strat, kept, n_actions, n_hands, locks, lock):
    """In a best response, the locked hands' values: their locked mix of the actions, not the best action."""
    for h in range(n_hands):
        if not np.isnan(locks[lock + h]):
            v = 0.0
            for a in range(n_actions):
                v += strat[a, h] * kept[a, h]
            out[h] = v


@njit(cache=True, nogil=True)
def _node_values(out, strat, kept, n_actions, n_hands, best):
    """The traverser's values at its decision: the strategy's mix of its actions' values, or the best action's."""
    for h in range(n_hands):
        v = -np.inf if best else 0.0
        for a in range(n_actions):
            v = max(v, kept[a, h]) if best else v + strat[a, h] * kept[a, h]
        out[h] = v


@njit(cache=True, nogil=True)
def _reach_down(parent, child, acting, strat, strength0, strength1, n0, n1, dealt):
    """The reach at a child: the acting player's times its action probability; below a dealt card, 0 for a hand
    holding it (``dealt``)."""
    for h in range(n0):
        r = parent[0, h]
        if acting == 0:
            r *= strat[h]
        elif dealt and strength0[h] < 0:
            r = 0.0
        child[0, h] = r
    for h in range(n1):
        r = parent[1, h]
        if acting == 1:
            r *= strat[h]
        elif dealt and strength1[h] < 0:
            r = 0.0
        child[1, h] = r


@njit(cache=True, nogil=True)
def _add_outcome(acc, child_values, first, count, image_swap, hand_map, n):
    """Add a dealt card's values, and those of the cards it stands for (each hand read as its swap)."""
    for h in range(n):
        v = acc[h] + child_values[h]
        for j in range(first, first + count):
            v += child_values[hand_map[image_swap[j], h]]
        acc[h] = v


@njit(cache=True, nogil=True)
def visit(start, game, work, state, top, stage):
    """The pass below ``start`` (its reach already in ``work``'s row 0), depth first with a stack of (node, next
    child) per depth: its values for the traverser into ``work[3][0]``; in training, the traverser's regrets and
    strategy sums updated as the pass leaves each of its decisions.

    ``game`` is ``(tree, hands, symmetry, offset, n_hands, split, item_first, lock_at, locks)``, ``work`` is
    ``(reach, strat, kept, values, scratch, by_card)``, ``state`` is ``(traverser, mode, regrets, sums,
    discounts)`` and ``top`` is ``(chance_reach, item_values)``: at a top chance node (``split[node] >= 0``) the
    ``_REACH`` stage keeps the reach and the ``_TOP`` stage sums the items' values. ``lock_at[node]`` (an empty
    array: no lock anywhere) is where a locked node's ``(actions, hands)`` block of fixed frequencies starts in
    ``locks``, -1 at a free node: the locked hands play it in every mode, never update, and a best response
    keeps it."""
    tree, hands, symmetry, offset, n_hands, split, item_first, lock_at, locks = game
    kind, player, first_child, n_children, board, _, chance_factor, _ = tree
    image_first, image_count, image_swap, hand_map = symmetry
    reach, strat, kept, values, scratch, by_card = work
    traverser, mode, regrets, sums, discounts = state
    chance_reach, item_values = top
    strength0, strength1 = hands[1], hands[5]
    n, m = n_hands[traverser], n_hands[1 - traverser]
    swaps = hand_map[:, traverser]
    source = regrets if mode == TRAIN else sums
    path = np.empty(values.shape[0], dtype=np.int64)
    next_child = np.zeros(values.shape[0], dtype=np.int64)
    depth, path[0], entering = 0, start, True
    while True:
        node = path[depth]
        k = kind[node]
        if entering:
            entering = False
            next_child[depth] = 0
            if k == _FOLD or k == _SHOWDOWN:
                if stage != _REACH:
                    terminal_values(node, tree, hands, traverser, reach[depth, 1 - traverser, :m], scratch, by_card,
                                    values[depth, :n])  # fmt: skip
            elif stage != _FULL and split[node] >= 0:
                if stage == _REACH:
                    chance_reach[split[node]] = reach[depth]
                else:
                    values[depth, :n] = 0.0
                    for i in range(n_children[node]):
                        child = first_child[node] + i
                        _add_outcome(values[depth], item_values[item_first[split[node]] + i], image_first[child],
                                     image_count[child], image_swap, swaps, n)  # fmt: skip
                    values[depth, :n] *= chance_factor[node]
            else:
                if k == _DECISION:
                    node_strategy(source, offset[node], n_children[node], n_hands[player[node]], mode != TRAIN,
                                  strat[depth])  # fmt: skip
                    if len(lock_at) and lock_at[node] >= 0:
                        _apply_lock(strat[depth], locks, lock_at[node], n_children[node], n_hands[player[node]])
                values[depth, :n] = 0.0
                if n_children[node]:
                    entering = True
        elif next_child[depth] < n_children[node]:
            entering = True
        if entering:  # down to the next child
            i = next_child[depth]
            child = first_child[node] + i
            acting = player[node] if k == _DECISION else -1
            _reach_down(reach[depth], reach[depth + 1], acting, strat[depth, i], strength0[board[child]],
                        strength1[board[child]], n_hands[0], n_hands[1], k == _CHANCE)  # fmt: skip
            depth += 1
            path[depth] = child
            continue
        if stage != _REACH and next_child[depth] and k == _CHANCE:
            values[depth, :n] *= chance_factor[node]
        elif stage != _REACH and next_child[depth] and player[node] == traverser:
            _node_values(values[depth], strat[depth], kept[depth], n_children[node], n, mode == BEST_RESPONSE)
            lock = lock_at[node] if len(lock_at) else -1
            if lock >= 0 and mode == BEST_RESPONSE:
                _locked_values(values[depth], strat[depth], kept[depth], n_children[node], n, locks, lock)
            if mode == TRAIN and lock < 0:
                _update(regrets, sums, offset[node], n_children[node], n, strat[depth], kept[depth], values[depth],
                        reach[depth, traverser], discounts)  # fmt: skip
            elif mode == TRAIN:
                _update_free(regrets, sums, offset[node], n_children[node], n, strat[depth], kept[depth],
                             values[depth], reach[depth, traverser], discounts, locks, lock)  # fmt: skip
        if depth == 0:
            return
        depth -= 1
        parent = path[depth]
        i = next_child[depth]
        if stage != _REACH:
            if kind[parent] == _CHANCE:
                child = first_child[parent] + i
                _add_outcome(values[depth], values[depth + 1], image_first[child], image_count[child], image_swap,
                             swaps, n)  # fmt: skip
            elif player[parent] == traverser:
                kept[depth, i, :n] = values[depth + 1, :n]
            else:
                values[depth, :n] += values[depth + 1, :n]
        next_child[depth] = i + 1


@njit(cache=True, nogil=True)
def root_reach(tree, hands, weights0, weights1, reach):
    """The reach at the root: each hand's weight, 0 for a hand holding a board card."""
    board = tree[4][0]
    for h in range(len(weights0)):
        reach[0, h] = weights0[h] if hands[1][board, h] >= 0 else 0.0
    for h in range(len(weights1)):
        reach[1, h] = weights1[h] if hands[5][board, h] >= 0 else 0.0


@njit(cache=True, nogil=True)
def visit_items(items, item_node, item_chance, game, work, state, chance_reach, item_values):
    """The ``_FULL`` pass below each item (a child of a top chance node) from its chance node's reach, its values
    into ``item_values``: the work of one thread."""
    tree, hands, _, _, n_hands, _, _, _, _ = game
    board = tree[4]
    reach, values = work[0], work[3]
    n = n_hands[state[0]]
    for item in items:
        node = item_node[item]
        for p in range(2):
            strength = hands[1][board[node]] if p == 0 else hands[5][board[node]]
            for h in range(n_hands[p]):
                reach[0, p, h] = chance_reach[item_chance[item], p, h] if strength[h] >= 0 else 0.0
        visit(node, game, work, state, (chance_reach, item_values), _FULL)
        item_values[item, :n] = values[0, :n]
