"""The tournament cases of ``pokerlab bench``: every contender passes its check before it is timed, and a wrong
answer is refused."""

from __future__ import annotations

import pytest

from pokerlab.simulate.bench.cases import BenchConfig, select_cases
from pokerlab.simulate.bench.final_table_cases import _icm_value, _settle, check_final_table
from pokerlab.simulate.bench.report import OK
from pokerlab.simulate.bench.runner import run_case
from pokerlab.simulate.bench.tournament_cases import check_tournament, harville_orders, icm_field
from pokerlab.simulate.tournament import icm

TINY = BenchConfig.named("tiny")


@pytest.mark.parametrize(
    ("case_id", "keys"),
    [
        ("icm-9", ["pokerlab", "pokerlab-orders", "pokerlab-mc"]),
        ("icm-20", ["pokerlab", "pokerlab-mc"]),
        ("pushfold-chart", ["pokerlab", "pokerlab-cold"]),
        ("pushfold-icm-3", ["pokerlab", "pokerlab-plain"]),
    ],
)
def test_every_contender_passes_its_check(case_id, keys):
    result = run_case(select_cases([case_id])[0], TINY)
    assert [e.key for e in result.entries] == keys
    assert all(e.status == OK for e in result.entries), [(e.key, e.note) for e in result.entries]


def test_the_brute_force_is_the_definition():
    stacks, payouts = icm_field(6)
    assert harville_orders(stacks, payouts).tolist() == pytest.approx(icm(stacks, payouts).equities, rel=1e-12)


def test_wrong_answers_are_refused():
    case = select_cases(["icm-9"])[0]
    exact = ([50.0, 30.0, 20.0], None)
    assert check_tournament(case, ([50.0, 30.0, 20.001], None), exact)[0] is False
    assert check_tournament(case, ([50.0, 30.0, 21.0], [0.1, 0.1, 0.1]), exact)[0] is False
    chart = select_cases(["pushfold-chart"])[0]
    assert check_tournament(chart, (["7.7"], 1e-3), None)[0] is False  # not an equilibrium
    assert check_tournament(chart, (["7.8"], 0.0), (["7.7"], 0.0))[0] is False


def test_the_final_table_brute_force_settles_side_pots_and_busts():
    stacks, posted = [3000.0, 2000.0, 1500.0], [10.0, 60.0, 110.0]
    # all three in, seat 2 best, seat 0 second: seat 2 takes 3 x 1,500, seat 0 the 2 x 500 side pot
    assert _settle(stacks, posted, [0, 1, 2], [[2], [0], [1]]) == (2000.0, 0.0, 4500.0)
    assert _settle(stacks, posted, [0, 2], [[0, 2]]) == (3030.0, 1940.0, 1530.0)  # a tie: halves of 3,060
    value = _icm_value((5000.0, 0.0, 1500.0), stacks, [50.0, 30.0, 20.0])
    assert value[1] == 20.0 and sum(value) == pytest.approx(100.0)
    case = ([[1.0, 0.0]], [60.0, 40.0], [0.0, 0.0])
    assert check_final_table(case, None)[0] is True
    assert check_final_table(([[1.0, 1e-6]], [60.0, 40.0], [0.0, 0.0]), case)[0] is False
