"""The badugi section of ``pokerlab bench``: pokerkit orders the sample as pokerlab does, the draw odds counts agree
with pokerkit's and with a per-call loop, and a wrong answer is refused."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.simulate.bench.badugi import check_draw, draw_spots, pokerkit_call, pokerkit_draw, pokerlab_draw
from pokerlab.simulate.bench.cases import BenchConfig, deal, same_order, select_cases
from pokerlab.simulate.bench.checks import check
from pokerlab.simulate.bench.report import OK
from pokerlab.simulate.bench.runner import run_case

TINY = BenchConfig.named("tiny")


@pytest.mark.parametrize(
    ("case_id", "keys"),
    [
        ("bd-batch", ["pokerlab", "pokerlab-threads"]),
        ("bd-call", ["pokerlab", "pokerkit"]),
        ("bd-draw", ["pokerlab", "pokerlab-plain", "pokerkit"]),
    ],
)
def test_every_contender_passes_its_check(case_id, keys):
    result = run_case(select_cases([case_id])[0], TINY)
    assert [e.key for e in result.entries] == keys
    assert all(e.status == OK for e in result.entries), [(e.key, e.note) for e in result.entries]


def test_the_section_is_in_quick_and_by_name():
    assert [c.id for c in select_cases(["badugi"])] == ["bd-batch", "bd-call", "bd-draw"]


def test_pokerkit_orders_the_bench_sample_as_pokerlab_does():
    case = select_cases(["bd-call"])[0]
    config = BenchConfig.named("quick")
    hands = deal(case, config)
    assert hands.array.shape == (config.call_hands, 4)
    contender = pokerkit_call(case, hands, config)
    contender.run()
    theirs = contender.result()
    assert len(theirs) == config.pokerkit_hands and same_order(hands.reference[: len(theirs)], theirs)
    assert check(case, hands, theirs, None)[0]
    reversed_order = list(-hands.reference[: len(theirs)].astype(np.int64))
    assert check(case, hands, reversed_order, None) == (False, f"orders its {len(theirs)} hands UNLIKE pokerlab")


def test_draw_counts_agree_with_pokerkit_and_wrong_ones_are_refused():
    case = select_cases(["bd-draw"])[0]
    assert draw_spots(case) == [("Ac 2d 3h Kh", "Kh"), ("Ac 2d Kc Kd", "Kc Kd")]
    ours, theirs = pokerlab_draw(case, None, TINY), pokerkit_draw(case, None, TINY)
    ours.run()
    theirs.run()
    assert ours.result() == theirs.result()
    # Ac 2d drawing two: a heart and a spade of two ranks other than A and 2 make a badugi, 11 x 10 ways.
    assert sum(v for k, v in ours.result()[1].items() if k.endswith("badugi")) == 110
    assert check_draw(case, ours.result(), None)[0]
    short = [dict(ours.result()[0]), ours.result()[1]]
    short[0]["Three-card hand"] -= 1
    assert check_draw(case, short, None)[0] is False  # 47 draws, not 48
    assert check_draw(case, short, ours.result()) == (False, "OTHER counts than pokerlab")
