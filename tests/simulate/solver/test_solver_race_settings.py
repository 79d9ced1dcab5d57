"""The solver's settings raced against postflop-solver: the discounting that reaches the race's targets in no more
iterations than the peer, and one thread's run allocating no per-subtree buffers."""

from __future__ import annotations

import numpy as np

from pokerlab.simulate.bench.solver_cases import WARM_SPOTS
from pokerlab.simulate.solver.cfr import _STACK_PAD, CfrSolver, Discounting
from pokerlab.simulate.solver.spot import Spot

# postflop-solver's turn-small spot (its spots/turn-small.json, the turn spot of its basic example).
TURN_SMALL = dict(
    board="Td9d6hQc",
    oop_range="66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s",
    ip_range="QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+",
    pot=200,
    stack=900,
    bet_sizes={"turn": "60%, e, a", "river": "60%, e, a"},
    raise_sizes={"turn": "2.5x", "river": "2.5x"},
    donk_sizes={"river": "50%"},
    allin=False,
    raise_cap=1000,
    add_allin=1.5,
    force_allin=0.15,
    merge=0.1,
)


def test_the_default_discounting_reaches_the_race_target_in_the_peers_iterations():
    spot = Spot.parse(**TURN_SMALL)
    solver = CfrSolver(spot.game(), dtype=np.float32)
    iterations = solver.solve(300, 0.3 / 100 * spot.betting.pot)
    assert iterations <= 130  # postflop-solver's iterations to 0.3 % on this spot, checking every 10 as it does
    assert Discounting() == Discounting(alpha=1.5, beta=0.0, gamma=3.0, restart=0)


def test_one_thread_allocates_no_buffers_for_the_subtrees_threads_share():
    spot = Spot.parse(**TURN_SMALL)
    shape, hands = spot.shape(), tuple(len(c) for c in spot.combos)
    one, two = (CfrSolver.memory_bytes(shape, hands, np.float32, threads) for threads in (1, 2))
    items = 8 * (shape.items + 2 * shape.splits) * max(hands)  # each item's values, each top chance node's reach
    stack = 4 * (shape.depth + 1 + _STACK_PAD)  # the pass's node, next child and reach rows per depth, padded
    work = 8 * ((shape.depth + 1) * max(hands) * (3 + 2 * shape.actions) + 3 * max(hands) + 53 + stack)  # a work area
    assert two - one == items + work
    solver = CfrSolver(spot.game(), dtype=np.float32, threads=1)
    solver.iterate(1)
    assert solver.allocated_bytes() == one


def test_the_race_loads_the_kernels_two_threads_run_before_it_measures():
    """The race's warm-up runs the kernels a timed solve runs, on two threads those that share the dealt cards: the
    solve's memory and time then hold no kernel loading."""
    used = {CfrSolver(Spot.parse(**spot).game(), threads=2)._threads_used() for spot in WARM_SPOTS}
    assert used == {1, 2}


def test_a_tree_keeps_one_object_per_distinct_label():
    labels = Spot.parse(**TURN_SMALL).game().tree.labels
    assert len({id(label) for label in labels}) == len(set(labels)) < len(labels) // 100
