"""``run_bench`` and ``run_case`` on a tiny configuration: the report's shape, never its timings."""

from __future__ import annotations

import json
import math
import sys

import numpy as np
import pytest

from pokerlab.simulate.bench import BenchReport, run_bench, run_case
from pokerlab.simulate.bench.cases import BenchConfig, select_cases
from pokerlab.simulate.bench.contenders import PEERS, Contender, EquityOutcome, Spec, specs_for
from pokerlab.simulate.bench.format import figure
from pokerlab.simulate.bench.report import FAILED, MISSING, OK, WRONG
from pokerlab.simulate.bench.runner import cpu_rounds, measure_startup, plan_rounds, round_orders

TINY = BenchConfig.named("tiny")
CHEAP = ["batch-7", "call-5", "enum-5", "eq-hands", "eq-turn", "mc-hu"]


@pytest.fixture(scope="module")
def report() -> BenchReport:
    seen = []
    r = run_bench(config="tiny", only=CHEAP, progress=lambda f, label: seen.append((f, label)))
    r.progress_seen = seen  # for the progress test only
    return r


def test_report_is_well_formed(report):
    assert [c.id for c in report.cases] == CHEAP
    for key in ("cpu", "cores", "python", "numpy", "numba", "numba_threads"):
        assert report.machine[key]
    assert report.config["name"] == "tiny"
    assert set(report.peers) == set(PEERS)
    assert report.date[:2] == "20"
    for case in report.cases:
        assert case.rounds == TINY.repeat
        assert case.entries[0].key == "pokerlab" and case.entries[0].status == OK
        for e in case.entries:
            if e.status == OK:
                assert len(e.seconds) == len(e.work) == case.rounds
                assert all(s > 0 for s in e.seconds) and e.warmup_seconds > 0
                lo, hi = e.rate_range
                assert lo <= e.median_rate <= hi
                assert (e.ratio is None) == (e.key == "pokerlab")
                if e.key != "pokerlab":
                    assert len(e.ratios) == case.rounds and e.ratio > 0
            else:
                assert e.seconds == [] and e.note  # untimed, and says why
    assert not report.wrong


def test_ratio_is_from_the_same_rounds(report):
    case = report.case("call-5")
    lab = case.entry("pokerlab")
    for e in case.entries[1:]:
        if e.status == OK:
            expected = [(s / w) / (ls / lw) for s, w, ls, lw in zip(e.seconds, e.work, lab.seconds, lab.work)]
            assert e.ratios == pytest.approx(expected)


def test_all_threads_variant_and_monte_carlo_trials(report):
    batch = report.case("batch-7")
    assert batch.entry("pokerlab-threads").status == OK
    assert batch.entry("pokerlab-threads").call == "evaluator.evaluate_batch(a, parallel=True, out=buf)"
    hu = report.case("mc-hu")
    assert hu.unit == "trials" and hu.entry("pokerlab").work == [TINY.hu_trials] * TINY.repeat


def test_startup_costs_are_reported_separately(report):
    pokerlab = [s for s in report.startup if s.library == "pokerlab"]
    assert len(pokerlab) == 3 and all(s.seconds is not None for s in pokerlab)
    assert {s.library for s in report.startup} == {"pokerlab", *PEERS}


def test_progress_goes_from_zero_to_one(report):
    fractions = [f for f, _ in report.progress_seen]
    assert fractions[0] == 0.0 and fractions[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in fractions)
    assert {label for _, label in report.progress_seen} >= set(CHEAP)


def test_json_round_trip(report):
    text = report.to_json()
    data = json.loads(text)
    assert BenchReport.from_json(text) == report
    entry = data["cases"][0]["entries"][0]
    assert entry["summary"]["median_rate"] == pytest.approx(report.cases[0].entries[0].median_rate)
    assert BenchReport.from_json(text).to_markdown() == report.to_markdown()


def test_markdown_has_a_row_per_case_and_a_column_per_library(report):
    md = report.to_markdown()
    lines = md.splitlines()
    assert lines[0].startswith("_`pokerlab bench` on " + report.date[:10])
    assert report.machine["cpu"] in lines[0] and "numba" in lines[0]
    header = next(line for line in lines if line.startswith("| case |"))
    assert header.split("|")[2].strip() == "pokerlab"
    columns = [c.strip() for c in header.strip("|").split("|")]
    rows = [line for line in lines if line.startswith("| ") and not line.startswith("| case")]
    assert all(len(r.strip("|").split("|")) == len(columns) for r in rows)
    labels = [r.split("|")[1].strip() for r in rows]
    for case in report.cases:
        assert any(label.startswith(f"{case.title}: {case.spot}") for label in labels)
    assert any(label.endswith("all threads") for label in labels)
    assert any("slower" in r or "faster" in r for r in rows)


def test_text_report_lists_every_contender(report):
    text = report.to_text()
    for case in report.cases:
        assert f"[{case.id}, {case.rounds} rounds]" in text
        for e in case.entries:
            assert e.library in text


def test_missing_peers_are_listed_not_skipped(monkeypatch):
    monkeypatch.setitem(sys.modules, "treys", None)  # import treys -> ImportError
    monkeypatch.setitem(sys.modules, "pokerkit", None)
    _, peers = measure_startup()
    assert peers["treys"].startswith("not installed") and peers["pokerkit"].startswith("not installed")
    case = run_case(select_cases(["call-5"])[0], TINY)
    assert case.entry("treys").status == MISSING and case.entry("pokerkit").status == MISSING
    assert case.entry("treys").seconds == []
    assert case.entry("pokerlab").status == OK
    r = BenchReport(machine={}, config={"name": "tiny"}, date="2025-01-01", peers=peers, cases=[case])
    md = r.to_markdown()
    row = next(line for line in md.splitlines() if line.startswith("| 5-card"))
    assert row.count("| not installed") == 2
    assert "_Not installed: treys, pokerkit._" in md


def test_a_second_entry_of_a_library_gets_a_row_of_its_own():
    case = select_cases(["range-hits"])[0]
    result = run_case(case, TINY)
    main, plain = result.entry("pokerlab"), result.entry("pokerlab-plain")
    assert main.library == plain.library == "pokerlab" and main.status == plain.status == OK
    md = BenchReport(machine={}, config={}, date="2025-01-01", cases=[result]).to_markdown()
    rows = [line for line in md.splitlines() if line.startswith(f"| {case.title}")]
    assert len(rows) == 2 and rows[1].startswith(f"| {case.title}: {case.spot}, plain calls")
    assert figure(result, main) in rows[0] and figure(result, plain) in rows[1]


def _liar(values):
    """A batch contender that answers the case's hands with ``values(pokerlab's values)``."""

    def build(case, hands, config):
        from pokerlab import evaluator

        a = hands.array
        return Contender("liar(a)", lambda: None, lambda: values(evaluator.evaluate_batch(a)), len(a))

    return Spec("liar", "liar", "", build)


def test_a_wrong_order_is_refused_and_not_timed():
    case = select_cases(["batch-5"])[0]
    swap = _liar(lambda v: np.where(v == v.max(), v.min(), v))  # the best hands now lose to every other
    honest = _liar(lambda v: v.astype(np.int64) * 3 - 5)  # other numbers, same order: fine
    result = run_case(case, TINY, specs=[specs_for(case)[0], swap, Spec("honest", "honest", "", honest.build)])
    liar, fine = result.entry("liar"), result.entry("honest")
    assert liar.status == WRONG and liar.seconds == [] and "UNLIKE pokerlab" in liar.note
    assert fine.status == OK and len(fine.seconds) == TINY.repeat
    report = BenchReport(machine={}, config={}, date="2025-01-01", cases=[result])
    assert report.wrong == [("batch-5", "liar")]
    assert "Refused (wrong answer, not timed): liar in batch-5" in report.to_markdown()


def test_a_wrong_equity_is_refused():
    case = select_cases(["eq-turn"])[0]

    def build(case, hands, config):
        return Contender("off()", lambda: None, lambda: EquityOutcome([0.30, 0.70]))

    result = run_case(case, TINY, specs=[specs_for(case)[0], Spec("off", "off", "", build)])
    assert result.entry("off").status == WRONG and result.entry("off").seconds == []
    assert result.entry("pokerlab").status == OK


def test_a_contender_failing_mid_run_is_dropped_and_the_others_finish():
    case = select_cases(["batch-5"])[0]
    calls = []

    def build(case, hands, config):
        from pokerlab import evaluator

        a = hands.array

        def run():
            calls.append(1)
            if len(calls) == 3:  # the warm-up and the first timed round pass
                raise RuntimeError("out of memory")

        return Contender("flaky(a)", run, lambda: evaluator.evaluate_batch(a), len(a))

    honest = _liar(lambda v: v)
    config = BenchConfig.named("tiny")
    result = run_case(case, config, specs=[specs_for(case)[0], Spec("flaky", "flaky", "", build), honest], rounds=4)
    flaky = result.entry("flaky")
    assert flaky.status == FAILED and "out of memory" in flaky.note and len(flaky.seconds) == 1
    assert result.entry("liar").status == OK and len(result.entry("liar").seconds) == 4
    assert len(result.entry("pokerlab").seconds) == 4


def test_round_orders_alternate_who_goes_first():
    orders = round_orders(3, 6)
    assert all(sorted(o) == [0, 1, 2] for o in orders)
    assert {o[0] for o in orders} == {0, 1, 2}
    assert round_orders(0, 2) == [[], []]


def test_cpu_rounds_warm_each_entry_then_call_them_in_the_round_orders():
    called = []
    calls = {name: (lambda name=name: called.append(name)) for name in "abc"}
    seconds = cpu_rounds(calls, rounds=4, repeat=2, warm=3)
    assert called[:9] == list("aaabbbccc")
    expected = [2 * "abc"[i] for order in round_orders(3, 4) for i in order]
    assert "".join(called[9:]) == "".join(expected)
    assert {name: len(s) for name, s in seconds.items()} == {"a": 4, "b": 4, "c": 4}


def test_plan_rounds_respects_budget_and_bounds():
    full = BenchConfig.named("full")
    assert plan_rounds([0.001, 0.001], full) == full.repeat
    assert plan_rounds([10.0, 10.0], full) == full.min_rounds
    assert full.min_rounds <= plan_rounds([0.4, 0.4], full) <= full.repeat
    assert plan_rounds([10.0], TINY) == TINY.repeat  # no budget: always repeat


def test_repeat_must_be_positive():
    with pytest.raises(ValueError, match="repeat"):
        run_bench(config="tiny", only=["eq-hands"], repeat=0)


def test_spread_is_half_the_range_over_the_median(report):
    e = report.case("eq-hands").entry("pokerlab")
    lo, hi = e.rate_range
    assert math.isclose(e.spread, (hi - lo) / 2 / e.median_rate)
