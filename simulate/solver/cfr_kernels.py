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
back the identical hand (inclusion-exclusion), never pairing hands one by one. Without rake a split pays
nothing, so a showdown sums only the weaker and the stronger reach.

The pass takes no array view and calls only functions that call nothing: numba counts references to arrays
atomically on every view and on every call that passes arrays on, and the threads would share those counters.
The regrets and strategy sums may be compressed: int16 and uint16 over a float32 scale per decision
(:func:`_update`, :func:`_encode`).
"""

from __future__ import annotations

import numpy as np

from ...evaluator.jit import njit

_DECISION, _CHANCE, _FOLD, _SHOWDOWN = 0, 1, 2, 3
# Pass modes: train (regret matching, then the DCFR update), the average strategy, a best response to it.
TRAIN, AVERAGE, BEST_RESPONSE = 0, 1, 2
# Pass stages: the whole subtree; only the reach down to the top chance nodes; the top with the items' values.
_FULL, _REACH, _TOP = 0, 1, 2
# Compressed storage: regrets as int16 in [-32767, 32767], strategy sums as uint16 in [0, 65535].
_SIGNED_LEVELS, _UNSIGNED_LEVELS = 32767.0, 65535.0


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
def _weaker(mine, theirs, reach, row, opponent, b, by_card, scratch):
    """For each of my hands on board row ``b``, the opponent's card-compatible reach (``reach[row, opponent]``)
    strictly weaker, into ``scratch[1]``: both players' hands read in ascending strength from their ranked keys
    (``mine`` and ``theirs``: strength, hand and cards in one int64, :class:`~.tree.Game`), each card's reach so
    far in ``by_card`` (one slot past the deck, kept 0, for a one-card hand's missing card); a dead hand
    (strength -1, a negative key) gets 0."""
    by_card[:] = 0.0
    total, dummy = 0.0, len(by_card) - 1
    j, n_theirs = 0, theirs.shape[1]
    for i in range(mine.shape[1]):
        key = mine[b, i]
        s, h = key >> 32, key >> 16 & 0xFFFF
        if s < 0:
            scratch[1, h] = 0.0
            continue
        while j < n_theirs and theirs[b, j] >> 32 < s:
            other = theirs[b, j]
            if other >= 0:
                r = reach[row, opponent, other >> 16 & 0xFFFF]
                total += r
                by_card[other >> 8 & 0xFF] += r
                by_card[other & 0xFF] += r
            j += 1
        by_card[dummy] = 0.0  # a one-card hand of the opponent added to it
        scratch[1, h] = total - by_card[key >> 8 & 0xFF] - by_card[key & 0xFF]


@njit(cache=True, nogil=True)
def _stronger(mine, theirs, reach, row, opponent, b, by_card, scratch):
    """:func:`_weaker` the other way: the opponent's compatible reach strictly stronger, into ``scratch[2]``,
    both players' hands read in descending strength (a dead hand, strength -1, is never stronger)."""
    by_card[:] = 0.0
    total, dummy = 0.0, len(by_card) - 1
    j = theirs.shape[1] - 1
    for i in range(mine.shape[1] - 1, -1, -1):
        key = mine[b, i]
        s, h = key >> 32, key >> 16 & 0xFFFF
        if s < 0:
            scratch[2, h] = 0.0
            continue
        while j >= 0 and theirs[b, j] >> 32 > s:
            other = theirs[b, j]
            r = reach[row, opponent, other >> 16 & 0xFFFF]
            total += r
            by_card[other >> 8 & 0xFF] += r
            by_card[other & 0xFF] += r
            j -= 1
        by_card[dummy] = 0.0
        scratch[2, h] = total - by_card[key >> 8 & 0xFF] - by_card[key & 0xFF]


@njit(cache=True, nogil=True)
def _mass_at(mine, b, same, their_cards, reach, row, opponent, m, by_card, scratch):
    """:func:`_opponent_mass` of my hands on board row ``b`` against ``reach[row, opponent]``, into ``scratch[0]``,
    my hands read from their ranked keys (:func:`_weaker`), the opponent's in their own order (the sums' order
    fixes their rounding); the work area's rows, never a view (a view costs a reference count per node)."""
    by_card[:] = 0.0
    total = 0.0
    for o in range(m):
        r = reach[row, opponent, o]
        total += r
        by_card[their_cards[o, 0]] += r
        if their_cards[o, 1] >= 0:
            by_card[their_cards[o, 1]] += r
    for i in range(mine.shape[1]):
        key = mine[b, i]
        h = key >> 16 & 0xFFFF
        if key < 0:
            scratch[0, h] = 0.0
            continue
        mass = total - by_card[key >> 8 & 0xFF] - by_card[key & 0xFF]
        if same[h] >= 0:  # the identical hand holds both my cards: subtracted twice above
            mass += reach[row, opponent, same[h]]
        scratch[0, h] = mass


@njit(cache=True, nogil=True)
def _fold_values(node, folder, committed, rake, traverser, scratch, values, depth, n):
    """The traverser's counterfactual values at a fold (``folder`` the player who folded) into ``values[depth]``:
    the opponent's compatible reach (``scratch[0]``) times the chips won less the chips put in (the winner pays
    the node's rake)."""
    mine = committed[node, traverser]
    pot = committed[node, 0] + committed[node, 1]
    payoff = -mine if folder == traverser else pot - mine - rake[node]
    for h in range(n):
        values[depth, h] = payoff * scratch[0, h]


@njit(cache=True, nogil=True)
def _tie_payoff(node, committed, rake, traverser):
    """What the traverser wins on a split at a showdown: its half of the pot less its half of the rake, less what
    it put in; 0 without rake, where the tied reach then needs no sum."""
    return 0.5 * (committed[node, 0] + committed[node, 1] - rake[node]) - committed[node, traverser]


@njit(cache=True, nogil=True)
def _showdown_values(node, committed, rake, traverser, scratch, values, depth, n):
    """The traverser's counterfactual values at a showdown into ``values[depth]``, from the part of the opponent's
    compatible reach weaker (``scratch[1]``) and stronger (``scratch[2]``), and when a split pays anything
    (:func:`_tie_payoff`) all of it (``scratch[0]``): the winner pays the node's rake, half each on a split."""
    mine = committed[node, traverser]
    pot = committed[node, 0] + committed[node, 1]
    win, tie = pot - mine - rake[node], _tie_payoff(node, committed, rake, traverser)
    if tie == 0.0:  # a tie adds exactly nothing: the same values without the sum of the tied reach
        for h in range(n):
            values[depth, h] = scratch[1, h] * win - scratch[2, h] * mine
        return
    for h in range(n):
        weaker, stronger = scratch[1, h], scratch[2, h]
        tied = scratch[0, h] - weaker - stronger
        values[depth, h] = weaker * win - stronger * mine + tied * tie


@njit(cache=True, nogil=True)
def node_strategy(source, start, n_actions, n_hands, average, out, depth, first, totals):
    """Write into ``out[depth, first + a, h]`` (``a`` below ``n_actions``, ``h`` below ``n_hands``) a node's
    strategy from its block of ``source`` at ``start``: proportional to the positive regrets, or (``average``)
    the normalised strategy sums; uniform without any. The scale of a compressed block cancels out. Row 0 of
    ``totals`` takes each hand's total, so both loops run along the block's rows."""
    for h in range(n_hands):
        totals[0, h] = 0.0
    for a in range(n_actions):
        row = start + a * n_hands
        if average:
            for h in range(n_hands):
                totals[0, h] += source[np.uint64(row + h)]
        else:
            for h in range(n_hands):
                x = source[np.uint64(row + h)]
                totals[0, h] += x if x > 0 else 0.0
    uniform = 1.0 / n_actions
    for a in range(n_actions):
        row = start + a * n_hands
        for h in range(n_hands):
            x = source[np.uint64(row + h)]
            total = totals[0, h]
            kept = x if (average or x > 0) else 0.0
            out[depth, first + a, h] = kept / total if total > 0.0 else uniform


@njit(cache=True)
def dense_average(kind, player, first_child, n_children, offset, n_hands, sums, table):
    """The average strategy as an ``(nodes, hands)`` table: row ``child`` holds the probability of the action
    leading to ``child`` for each hand of the acting player (rows of other nodes untouched)."""
    layer = table.reshape((1, table.shape[0], table.shape[1]))
    totals = np.zeros((1, table.shape[1]))
    for node in range(len(kind)):
        if kind[node] == _DECISION:
            node_strategy(sums, offset[node], n_children[node], n_hands[player[node]], True, layer, 0,
                          first_child[node], totals)  # fmt: skip


@njit(cache=True, nogil=True)
def _update_float(regrets, sums, start, n_actions, n_hands, strat, kept, values, reach, own, depth, traverser, positive,
                  negative, average):  # fmt: skip
    """:func:`_update` at a node with no lock, stored as floats: the loop the solve spends its time in."""
    for a in range(n_actions):
        row = start + a * n_hands
        for h in range(n_hands):
            i = np.uint64(row + h)  # unsigned: no negative-index wraparound, so the loop vectorizes
            x = regrets[i]
            x *= positive if x > 0.0 else negative
            regrets[i] = x + kept[depth, a, h] - values[depth, h]
        for h in range(n_hands):
            i = np.uint64(row + h)
            sums[i] = sums[i] * average + reach[own, traverser, h] * strat[depth, a, h]


@njit(cache=True, nogil=True)
def _update(regrets, sums, scales, node, start, n_actions, n_hands, strat, kept, values, reach, own, depth, traverser,
            discounts, locks, lock):  # fmt: skip
    """The DCFR update at a decision of the traverser (its values in ``values[depth]``, each action's in
    ``kept[depth]``, the strategy in ``strat[depth]``): discount the regrets by sign and add each action's
    instantaneous regret; discount the strategy sums and add this iteration's strategy times the reach (row ``own``
    of ``reach``). A hand a
    lock fixes (``lock >= 0`` and a number in the lock's first row) keeps its regrets and sums.

    Compressed storage (``scales`` of one column per node, else none) holds the node's block as 16-bit integers
    times the node's scale (row 0 the regrets, row 1 the sums): the block is decoded and updated in float64 into
    ``kept`` and ``strat`` (free once the values are taken), and the largest regret magnitude and strategy sum
    come back for :func:`_encode` (a call from here would cost reference counts per node)."""
    positive, negative, average = discounts
    compressed = scales.shape[1] > 0
    regret_scale = scales[0, node] if compressed else 1.0
    sum_scale = scales[1, node] if compressed else 1.0
    top_regret, top_sum = 0.0, 0.0
    for a in range(n_actions):
        for h in range(n_hands):
            i = np.uint64(start + a * n_hands + h)
            if lock >= 0 and not np.isnan(locks[lock + h]):
                if compressed:  # a locked hand plays its lock: nothing of its own is kept
                    kept[depth, a, h], strat[depth, a, h] = 0.0, 0.0
                continue
            x = regrets[i] * regret_scale
            x *= positive if x > 0.0 else negative
            x = x + kept[depth, a, h] - values[depth, h]
            y = sums[i] * sum_scale * average + reach[own, traverser, h] * strat[depth, a, h]
            if compressed:
                kept[depth, a, h], strat[depth, a, h] = x, y
                top_regret, top_sum = max(top_regret, abs(x)), max(top_sum, y)
            else:
                regrets[i], sums[i] = x, y
    return top_regret, top_sum


@njit(cache=True, nogil=True)
def _encode(store, scales, row, node, start, block, depth, n_actions, n_hands, top, levels):
    """Store ``block[depth]`` as integers of ``levels`` steps (rounded to nearest, clamped to the type) over the
    scale ``top / levels``, kept as float32 in ``scales[row, node]``; a block of zeros has scale 0."""
    scales[row, node] = top / levels
    scale = float(scales[row, node])  # the stored float32, which decoding will use
    inverse = 1.0 / scale if scale > 0.0 else 0.0
    for a in range(n_actions):
        for h in range(n_hands):
            q = np.floor(block[depth, a, h] * inverse + 0.5)
            store[np.uint64(start + a * n_hands + h)] = min(max(q, -levels), levels)


@njit(cache=True, nogil=True)
def _apply_lock(strat, depth, locks, start, n_actions, n_hands):
    """Overwrite the locked hands' rows of a node's strategy with their locked frequencies (a NaN in the lock's
    first row marks a hand left free)."""
    for h in range(n_hands):
        if not np.isnan(locks[start + h]):
            for a in range(n_actions):
                strat[depth, a, h] = locks[start + a * n_hands + h]


@njit(cache=True, nogil=True)
def _locked_values(values, strat, kept, depth, n_actions, n_hands, locks, lock):
    """In a best response, the locked hands' values: their locked mix of the actions, not the best action."""
    for h in range(n_hands):
        if not np.isnan(locks[lock + h]):
            v = 0.0
            for a in range(n_actions):
                v += strat[depth, a, h] * kept[depth, a, h]
            values[depth, h] = v


@njit(cache=True, nogil=True)
def _node_values(values, strat, kept, depth, n_actions, n_hands, best):
    """The traverser's values at its decision: the strategy's mix of its actions' values, or the best action's."""
    for h in range(n_hands):
        v = -np.inf if best else 0.0
        for a in range(n_actions):
            v = max(v, kept[depth, a, h]) if best else v + strat[depth, a, h] * kept[depth, a, h]
        values[depth, h] = v


@njit(cache=True, nogil=True)
def _reach_down(reach, rows, depth, acting, strat, i, strength0, strength1, b, n0, n1, dealt, skip):
    """The reach below action ``i`` (or dealt card: board row ``b``) of the node at ``depth``. ``rows[d, 2 + p]`` is
    the row of ``reach`` holding player ``p``'s reach at depth ``d``: a player's reach is written to row ``depth + 1``
    only where it changes (the acting player's, times its action probability; below a dealt card, 0 for a hand
    holding it), else the row above is shared, so a decision copies no reach of the player not acting. Player
    ``skip`` (-1: none) has a reach nobody reads in this pass and is never written."""
    for p in range(2):
        source = rows[depth, 2 + p]
        if p == skip or not (p == acting or dealt):
            rows[depth + 1, 2 + p] = source
            continue
        rows[depth + 1, 2 + p] = depth + 1
        count, strength = (n0, strength0) if p == 0 else (n1, strength1)
        if p == acting:
            for h in range(count):
                reach[depth + 1, p, h] = reach[source, p, h] * strat[depth, i, h]
        else:
            for h in range(count):
                reach[depth + 1, p, h] = reach[source, p, h] if strength[b, h] >= 0 else 0.0


@njit(cache=True, nogil=True)
def _add_outcome(values, depth, source, row, first, count, image_swap, hand_map, traverser, n):
    """Add a dealt card's values (``source[row]``) to ``values[depth]``, and those of the cards it stands for
    (each hand read as its swap)."""
    for h in range(n):
        v = values[depth, h] + source[row, h]
        for j in range(first, first + count):
            v += source[row, hand_map[image_swap[j], traverser, h]]
        values[depth, h] = v


@njit(cache=True, nogil=True)
def _scale_row(values, depth, n, factor):
    """Multiply ``values[depth, :n]`` by ``factor`` (a chance node's card probability)."""
    for h in range(n):
        values[depth, h] *= factor


@njit(cache=True, nogil=True)
def visit(start, game, work, state, top, stage):
    """The pass below ``start`` (its reach already in ``work``'s row 0), depth first with a stack of (node, next
    child) per depth: its values for the traverser into ``work[3][0]``; in training, the traverser's regrets and
    strategy sums updated as the pass leaves each of its decisions. Every per-node step indexes the work area's
    rows (no views: each would cost an atomic reference count, shared by the threads).

    ``game`` is ``(tree, hands, symmetry, offset, n_hands, split, item_first, lock_at, locks)``, ``work`` is
    ``(reach, strat, kept, values, scratch, by_card, stack)`` (``stack[depth]``: the node, its next child and each
    player's reach row, :func:`_reach_down`; the work area's, so a pass allocates nothing), ``state`` is
    ``(traverser, mode, regrets, sums, scales, discounts, slot, node_values)`` (``scales``: the compressed storage's
    per-node scales, no column when uncompressed; ``slot``: empty, or per node the row of ``node_values`` that takes
    the node's values for the traverser as the pass leaves it, -1 for a node not asked for) and ``top`` is
    ``(chance_reach, item_values)``: at a top chance node (``split[node] >= 0``) the ``_REACH`` stage keeps the reach
    and the ``_TOP`` stage sums the items' values. ``lock_at[node]`` (an empty array: no lock anywhere) is where a
    locked node's ``(actions, hands)`` block of fixed frequencies starts in ``locks``, -1 at a free node: the locked
    hands play it in every mode, never update, and a best response keeps it."""
    tree, hands, symmetry, offset, n_hands, split, item_first, lock_at, locks = game
    kind, player, first_child, n_children, board, committed, chance_factor, rake = tree
    image_first, image_count, image_swap, hand_map = symmetry
    reach, strat, kept, values, scratch, by_card, stack = work
    traverser, mode, regrets, sums, scales, discounts, slot, node_values = state
    chance_reach, item_values = top
    strength0, strength1 = hands[1], hands[5]
    if traverser == 0:  # a tuple of mixed arrays takes no runtime index
        my_keys, same, their_keys, their_cards = hands[2], hands[3], hands[6], hands[4]
    else:
        my_keys, same, their_keys, their_cards = hands[6], hands[7], hands[2], hands[0]
    n, m = n_hands[traverser], n_hands[1 - traverser]
    n0, n1 = n_hands[0], n_hands[1]
    locked, compressed, storing = len(lock_at) > 0, scales.shape[1] > 0, len(slot) > 0
    # Only training reads the traverser's own reach (the strategy sums): the other modes never write it.
    skip = -1 if mode == TRAIN else traverser
    depth, stack[0, 0], entering = 0, start, True
    while True:
        node = stack[depth, 0]
        k = kind[node]
        if entering:
            entering = False
            stack[depth, 1] = 0
            if k == _FOLD or k == _SHOWDOWN:
                if stage != _REACH:
                    b = board[node]
                    if k == _FOLD or _tie_payoff(node, committed, rake, traverser) != 0.0:
                        _mass_at(my_keys, b, same, their_cards, reach, stack[depth, 2 + 1 - traverser], 1 - traverser,
                                 m, by_card, scratch)  # fmt: skip
                    if k == _FOLD:
                        _fold_values(node, player[node], committed, rake, traverser, scratch, values, depth, n)
                    else:
                        row = stack[depth, 2 + 1 - traverser]
                        _weaker(my_keys, their_keys, reach, row, 1 - traverser, b, by_card, scratch)
                        _stronger(my_keys, their_keys, reach, row, 1 - traverser, b, by_card, scratch)
                        _showdown_values(node, committed, rake, traverser, scratch, values, depth, n)
            elif stage != _FULL and split[node] >= 0:
                if stage == _REACH:
                    for p in range(2):
                        for h in range(n0 if p == 0 else n1):
                            chance_reach[split[node], p, h] = reach[stack[depth, 2 + p], p, h]
                else:
                    values[depth, :n] = 0.0
                    first = item_first[split[node]]
                    for i in range(n_children[node]):
                        child = first_child[node] + i
                        _add_outcome(values, depth, item_values, first + i, image_first[child], image_count[child],
                                     image_swap, hand_map, traverser, n)  # fmt: skip
                    _scale_row(values, depth, n, chance_factor[node])
            else:
                mine = k == _DECISION and player[node] == traverser
                is_locked = locked and lock_at[node] >= 0
                # A best response takes the best action at the traverser's free decisions: no strategy there.
                if k == _DECISION and not (mine and mode == BEST_RESPONSE and not is_locked):
                    count, hands_here = n_children[node], n_hands[player[node]]
                    if mode == TRAIN:  # two calls: compressed regrets and sums are different integer types
                        node_strategy(regrets, offset[node], count, hands_here, False, strat, depth, 0, scratch)
                    else:
                        node_strategy(sums, offset[node], count, hands_here, True, strat, depth, 0, scratch)
                    if is_locked:
                        _apply_lock(strat, depth, locks, lock_at[node], count, hands_here)
                if not mine:  # the traverser's decision writes all its values as the pass leaves it
                    for h in range(n):
                        values[depth, h] = 0.0
                if n_children[node]:
                    entering = True
        elif stack[depth, 1] < n_children[node]:
            entering = True
        if entering:  # down to the next child
            i = stack[depth, 1]
            child = first_child[node] + i
            acting = player[node] if k == _DECISION else -1
            _reach_down(reach, stack, depth, acting, strat, i, strength0, strength1, board[child], n0, n1, k == _CHANCE,
                        skip)  # fmt: skip
            depth += 1
            stack[depth, 0] = child
            continue
        if stage != _REACH and stack[depth, 1] and k == _CHANCE:
            _scale_row(values, depth, n, chance_factor[node])
        elif stage != _REACH and stack[depth, 1] and player[node] == traverser:
            count = n_children[node]
            _node_values(values, strat, kept, depth, count, n, mode == BEST_RESPONSE)
            lock = lock_at[node] if locked else -1
            if lock >= 0 and mode == BEST_RESPONSE:
                _locked_values(values, strat, kept, depth, count, n, locks, lock)
            if mode == TRAIN and lock < 0 and not compressed:
                _update_float(regrets, sums, offset[node], count, n, strat, kept, values, reach,
                              stack[depth, 2 + traverser], depth, traverser,
                              discounts[0], discounts[1], discounts[2])  # fmt: skip
            elif mode == TRAIN:
                top_regret, top_sum = _update(regrets, sums, scales, node, offset[node], count, n, strat, kept,
                                              values, reach, stack[depth, 2 + traverser], depth, traverser, discounts,
                                              locks, lock)  # fmt: skip
                if compressed:
                    _encode(regrets, scales, 0, node, offset[node], kept, depth, count, n, top_regret, _SIGNED_LEVELS)
                    _encode(sums, scales, 1, node, offset[node], strat, depth, count, n, top_sum, _UNSIGNED_LEVELS)
        if storing and stage != _REACH and slot[node] >= 0:
            for h in range(n):
                node_values[slot[node], h] = values[depth, h]
        if depth == 0:
            return
        depth -= 1
        parent = stack[depth, 0]
        i = stack[depth, 1]
        if stage != _REACH:
            if kind[parent] == _CHANCE:
                child = first_child[parent] + i
                _add_outcome(values, depth, values, depth + 1, image_first[child], image_count[child], image_swap,
                             hand_map, traverser, n)  # fmt: skip
            elif player[parent] == traverser:
                for h in range(n):
                    kept[depth, i, h] = values[depth + 1, h]
            else:
                for h in range(n):
                    values[depth, h] += values[depth + 1, h]
        stack[depth, 1] = i + 1


@njit(cache=True, nogil=True)
def root_reach(tree, hands, weights0, weights1, reach):
    """The reach at the root into row 0 of a work area's ``reach``: each hand's weight, 0 for a hand holding a board
    card."""
    _fill_root(reach, tree[4][0], hands[1], hands[5], weights0, weights1)


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


@njit(cache=True, nogil=True)
def discount_factors(iteration, alpha, beta, gamma, restart):
    """DCFR's discounts before iteration ``iteration`` (from 1) adds its own: positive regrets, negative regrets,
    average strategy (:meth:`.cfr.Discounting.factors`, the same arithmetic); ``restart`` (0 or 1: never) starts the
    average afresh after ``restart``, ``restart**2``, ... iterations.

    >>> discount_factors(3, 1.5, 0.0, 3.0, 0)
    (0.7387961250362586, 0.5, 0.2962962962962962)
    """
    done = iteration - 1
    if done == 0:
        return 0.0, 0.0, 0.0
    positive = done**alpha / (done**alpha + 1.0)
    negative = done**beta / (done**beta + 1.0)
    power = 0
    if restart >= 2:  # the last of restart's powers (1 included) at most done
        power = 1
        while power * restart <= done:
            power *= restart
    since = done - power
    return positive, negative, (since / (since + 1)) ** gamma


@njit(cache=True, nogil=True)
def _fill_root(reach, board, strength0, strength1, weights0, weights1):
    """:func:`root_reach` into row 0 of a work area's reach, from arrays alone: a tuple passed to a kernel costs a
    reference count per array in it on every call, and a pass's call is made thousands of times a second."""
    for h in range(len(weights0)):
        reach[0, 0, h] = weights0[h] if strength0[board, h] >= 0 else 0.0
    for h in range(len(weights1)):
        reach[0, 1, h] = weights1[h] if strength1[board, h] >= 0 else 0.0


@njit(cache=True, nogil=True)
def _no_keep():
    """The ``slot`` and ``node_values`` of a pass whose nodes leave no values."""
    return np.zeros(0, dtype=np.int64), np.zeros((0, 0))


@njit(cache=True, nogil=True)
def range_value(weights, values, deal_weight):
    """A player's expected value over the deals from its hands' root values (in hand order): every caller sums
    in this order, so the figures agree to the last bit whatever path computed them.

    >>> range_value(np.array([1.0, 3.0]), np.array([2.0, 1.0]), 5.0)
    1.0
    """
    total = 0.0
    for h in range(len(weights)):
        total += weights[h] * values[h]
    return total / deal_weight


@njit(cache=True, nogil=True)
def exploitability(game, work, top, weights0, weights1, regrets, sums, scales, deal_weight, raked):
    """The mean of both players' best-response gains over the average strategies, whole passes on this thread;
    raked (not zero-sum), each gain is measured from the player's own value and never falls below 0."""
    return _exploitability(game, work, top, weights0, weights1, regrets, sums, scales, deal_weight, raked,
                           _no_keep())  # fmt: skip


@njit(cache=True, nogil=True)
def _exploitability(game, work, top, weights0, weights1, regrets, sums, scales, deal_weight, raked, keep):
    """:func:`exploitability` with :func:`_no_keep` allocated by the caller; each pass from the root's weights."""
    reach, values, board, strength0, strength1 = work[0], work[3], game[0][4][0], game[1][1], game[1][5]
    slot, node_values = keep
    none = (0.0, 0.0, 0.0)
    gains = 0.0
    for p in range(2):
        weights = weights0 if p == 0 else weights1
        _fill_root(reach, board, strength0, strength1, weights0, weights1)
        visit(0, game, work, (p, BEST_RESPONSE, regrets, sums, scales, none, slot, node_values), top, _FULL)
        gain = range_value(weights, values[0], deal_weight)
        if raked:
            _fill_root(reach, board, strength0, strength1, weights0, weights1)
            visit(0, game, work, (p, AVERAGE, regrets, sums, scales, none, slot, node_values), top, _FULL)
            gain = max(gain - range_value(weights, values[0], deal_weight), 0.0)
        gains += gain
    return 0.5 * gains


@njit(cache=True, nogil=True)
def train(game, work, top, weights0, weights1, regrets, sums, scales, first, count, discounting, check, target,
          deal_weight, raked):  # fmt: skip
    """Iterations ``first`` to ``first + count - 1`` of DCFR on this thread (player 0's pass, then player 1's), the
    discounts ``discounting`` (alpha, beta, gamma, restart) computed per iteration; after every ``check``-th
    iteration of the call and after its last (``check`` 0: never) the exploitability, stopping once it is at most
    ``target``. Returns the iterations run and the last exploitability checked (-1.0: none)."""
    alpha, beta, gamma, restart = discounting
    checked = -1.0
    keep = _no_keep()
    slot, node_values = keep
    reach, board, strength0, strength1 = work[0], game[0][4][0], game[1][1], game[1][5]
    for t in range(first, first + count):
        factors = discount_factors(t, alpha, beta, gamma, restart)
        for p in range(2):  # each pass from the root's weights, the kernels called with no tuple built in between
            _fill_root(reach, board, strength0, strength1, weights0, weights1)
            visit(0, game, work, (p, TRAIN, regrets, sums, scales, factors, slot, node_values), top, _FULL)
        if check > 0 and ((t - first + 1) % check == 0 or t == first + count - 1):
            checked = _exploitability(
                game, work, top, weights0, weights1, regrets, sums, scales, deal_weight, raked, keep
            )
            if checked <= target:
                return t - first + 1, checked
    return count, checked
