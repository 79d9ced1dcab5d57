"""The performance page is generated from the saved bench report, docs/performance/report.json, and only from it.

docs/_ext/bench_page.py turns the report into the page (the Sphinx directive in docs/_ext/bench_report.py renders
it at build time; the ``docs`` tier checks the built page in tests/test_docs.py). These tests need no Sphinx.
"""

from __future__ import annotations

import copy
import json
import re
import statistics
from pathlib import Path

from bench_page_module import bench_page

from pokerlab.simulate.bench import BenchReport
from pokerlab.simulate.bench.format import cell, machine_line

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "docs" / "performance" / "report.json"
PAGE = ROOT / "docs" / "performance.md"


def _page(report: BenchReport) -> str:
    return bench_page.page(report, "docs/performance/report.json", "/_generated/report.svg")


def test_the_page_source_holds_the_directive_and_no_figure():
    """Every figure comes from the report: the hand-written page has none."""
    source = PAGE.read_text(encoding="utf-8")
    assert "```{bench-report} performance/report.json\n```" in source
    figures = re.findall(r"\d[\d.,]* ?[kMG]? ?(?:hands|trials|deals|queries)/s|\d[\d.,]*x (?:slower|faster)", source)
    assert figures == [], f"docs/performance.md carries figures of its own: {figures}"


def test_the_report_is_a_full_run_with_every_peer_and_no_wrong_answer():
    report = bench_page.load(REPORT)
    assert report.config["name"] == "full" and report.cases
    assert all(not version.startswith("not installed") for version in report.peers.values()), report.peers
    assert report.wrong == []
    assert {"cpu", "cores", "os", "python", "numba", "pokerlab"} <= set(report.machine)


def test_every_figure_of_the_report_is_on_the_page():
    report = bench_page.load(REPORT)
    text = _page(report)
    assert machine_line(report) in text
    for case in report.cases:
        assert f"| {case.title}: {case.spot}" in text, case.id
        for entry in case.entries:
            assert cell(case, entry) in text, (case.id, entry.key)
    assert "```{figure} /_generated/report.svg" in text
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text), "the page carries the run's date (it is in the chart)"


def test_a_different_report_makes_a_different_page():
    """The table follows the report: halve pokerlab's seconds in one case and its figure on the page doubles."""
    report = bench_page.load(REPORT)
    data = copy.deepcopy(report.to_dict())
    case = next(c for c in data["cases"] if c["show"] == "rate" and c["entries"][0]["seconds"])
    entry = case["entries"][0]
    entry["seconds"] = [s / 2 for s in entry["seconds"]]
    changed = BenchReport.from_dict(json.loads(json.dumps(data)))
    before, after = _page(report), _page(changed)
    old_case, new_case = report.case(case["id"]), changed.case(case["id"])
    assert cell(old_case, old_case.entries[0]) in before and cell(new_case, new_case.entries[0]) in after
    assert cell(new_case, new_case.entries[0]) not in before


def test_every_case_note_says_how_its_cases_are_timed():
    report = bench_page.load(REPORT)
    text = _page(report)
    for case in report.cases:
        if case.note:
            assert case.note in text and f"`{case.id}`" in text, case.id


def test_the_chart_is_the_bench_plot_of_the_report(tmp_path):
    report = bench_page.load(REPORT)
    chart = tmp_path / "report.svg"
    report.plot(str(chart))
    svg = chart.read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert report.machine["cpu"] in svg  # the chart's title names the machine


README = ROOT / "README.md"


def test_the_readme_headline_figures_are_the_reports():
    """README's figures against the peers are the saved run's, as :func:`bench_page.headline` words them."""
    expected = bench_page.headline(bench_page.load(REPORT))
    readme = " ".join(README.read_text(encoding="utf-8").split())
    assert expected in readme, f"README's headline figures differ from the report; write:\n{expected}"


def test_the_headline_follows_the_report():
    """Double pkrbot's per-call ratio in a copy of the report and the headline's figure for it doubles."""
    data = copy.deepcopy(bench_page.load(REPORT).to_dict())
    case = next(c for c in data["cases"] if c["id"] == "call-7")
    entry = next(e for e in case["entries"] if e["key"] == "pkrbot")
    before = bench_page.headline(BenchReport.from_dict(json.loads(json.dumps(data))))
    entry["ratios"] = [2 * r for r in entry["ratios"]]
    after = bench_page.headline(BenchReport.from_dict(json.loads(json.dumps(data))))
    ratio = statistics.median(entry["ratios"]) / 2
    assert f"{ratio:.1f}x pkrbot" in before and f"{2 * ratio:.1f}x pkrbot" in after


def test_the_page_table_is_the_markdown_table():
    """The page draws its table with the renderer of ``pokerlab bench --markdown``, so the two cannot differ."""
    from pokerlab.simulate.bench.format import table

    report = bench_page.load(REPORT)
    rows = table(report)
    assert bench_page.table(report)[: len(rows)] == rows
    assert "\n".join(rows) in _page(report)
