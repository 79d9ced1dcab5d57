"""The performance page's solver rows: one saved ``pokerlab bench --only solver`` run, docs/performance/solver.json,
drawn by the bench's own table code, and the published times it quotes named by their source."""

from __future__ import annotations

from pathlib import Path

from bench_page_module import bench_page

from pokerlab.simulate.bench.cases import OPT_IN_CASES
from pokerlab.simulate.bench.format import cell
from pokerlab.simulate.bench.report import OK

ROOT = Path(__file__).resolve().parents[3]
REPORT = ROOT / "docs" / "performance" / "solver.json"
PAGE = ROOT / "docs" / "performance.md"


def test_the_page_renders_the_solver_report_without_a_chart():
    source = PAGE.read_text(encoding="utf-8")
    assert "```{bench-report} performance/solver.json\n:no-chart:\n```" in source
    text = bench_page.page(bench_page.load(REPORT), "docs/performance/solver.json", None)
    assert "{figure}" not in text


def test_the_solver_report_races_every_spot_on_both_thread_counts_with_the_peer():
    report = bench_page.load(REPORT)
    assert all(c.section == "solver" for c in report.cases)
    assert {c.spot for c in report.cases} == {c.players[0] for c in OPT_IN_CASES}  # every spot, at some target
    assert not report.peers["postflop-solver"].startswith("not installed")
    for case in report.cases:
        keys = [(e.key, e.status) for e in case.entries]
        assert keys == [
            ("pokerlab", OK), ("pokerlab-2-threads", OK), ("postflop-solver", OK), ("postflop-solver-2-threads", OK)
        ], case.id  # fmt: skip
        assert all(e.details for e in case.entries)  # iterations, peak memory, OOP's EV


def test_every_solver_figure_is_on_the_page():
    report = bench_page.load(REPORT)
    text = bench_page.page(report, "docs/performance/solver.json", None)
    for case in report.cases:
        for entry in case.entries:
            assert cell(case, entry) in text, (case.id, entry.key)


def test_the_published_times_name_their_source_and_spot():
    source = PAGE.read_text(encoding="utf-8")
    quoted = source[source.index("Published times on PioSOLVER's 3betpotFAST preset") :]
    assert "bupticybee/TexasSolver" in quoted and "pot 10 and 95 behind" in quoted
    assert "| PioSOLVER 1.0 | 6 | 492Mb | 0.29% | 242s |" in quoted
    assert "| TexasSolver 0.1.0 | 6 | 1600Mb | 0.288% | 172s |" in quoted
    assert "GTO+ publishes no time" in quoted
