"""The solver's entry points share one set of keywords (:mod:`pokerlab.simulate.solver.options`): each takes the
ones that bear on it, by name, and refuses any other as Python refuses a keyword a function does not take."""

from __future__ import annotations

import pytest

from pokerlab.simulate.solver import estimate_memory, river_game, solve, solve_river
from pokerlab.simulate.solver.holdem import solve_spot
from pokerlab.simulate.solver.report import flop_report
from pokerlab.simulate.solver.spot import Spot

RIVER = ("2s3h4d6c7c", "AsAh, QsQh", "KsKh")
SPOT = {"pot": 20, "stack": 10, "bet_sizes": ()}


@pytest.mark.parametrize(
    "call",
    [
        lambda **extra: solve(*RIVER, **SPOT, max_iterations=1, **extra),
        lambda **extra: solve_river(*RIVER, **SPOT, max_iterations=1, **extra),
        lambda **extra: estimate_memory(*RIVER, **SPOT, **extra),
        lambda **extra: river_game(*RIVER, **SPOT, **extra),
        lambda **extra: Spot.parse(*RIVER, **SPOT, **extra),
        lambda **extra: solve_spot(Spot.parse(*RIVER, **SPOT), max_iterations=1, **extra),
        lambda **extra: flop_report(["2c2d2h"], "AA", "KK", pot=10, stack=10, max_iterations=1, **extra),
    ],
    ids=["solve", "solve_river", "estimate_memory", "river_game", "Spot.parse", "solve_spot", "flop_report"],
)
def test_a_misspelled_keyword_is_refused_not_dropped(call):
    call()  # the spelled keywords work
    with pytest.raises(TypeError, match="unexpected keyword argument 'compresed'"):
        call(compresed=True)


def test_a_keyword_of_another_entry_point_is_refused():
    with pytest.raises(TypeError, match="unexpected keyword argument 'processes'"):
        solve(*RIVER, **SPOT, processes=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'max_iterations'"):
        estimate_memory(*RIVER, **SPOT, max_iterations=10)


def test_the_solve_keywords_reach_the_spot_and_the_run():
    solution = solve(*RIVER, **SPOT, dead="Kd", rake=0.05, locks=["=check:1"], max_iterations=3, compressed=True)
    assert solution.iterations == 3 and solution.solver.compressed
    assert solution.spot is not None and solution.spot.betting.dead and solution.spot.rake == 0.05
    assert len(solution.locks) == 1
    assert solve_river(*RIVER, **SPOT, max_iterations=1).solver.dtype == "float64"
