"""The tournament cases of ``pokerlab bench``: every contender passes its check before it is timed, and a wrong
answer is refused."""

from __future__ import annotations

import pytest

from pokerlab.simulate.bench.cases import BenchConfig, select_cases
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
