"""``pokerlab bench`` on the command line, and the chart (skipped without matplotlib)."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerlab import simulate
from pokerlab.simulate.bench import BenchReport, run_case
from pokerlab.simulate.bench.cases import BenchConfig, select_cases
from pokerlab.simulate.bench.report import WRONG
from pokerlab.simulate.cli.bench import bench_command


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> tuple[BenchReport, str]:
    """A small report, saved as JSON (two cases, two libraries each)."""
    config = BenchConfig.named("tiny")
    cases = [run_case(c, config) for c in select_cases(["eq-hands", "batch-5"])]
    report = BenchReport(
        machine={"cpu": "test CPU", "cores": 2}, config=config.to_dict(), date="2025-01-02 03:04:05", cases=cases
    )
    path = tmp_path_factory.mktemp("bench") / "bench.json"
    path.write_text(report.to_json())
    return report, str(path)


def test_importing_the_command_stays_light():
    code = "import sys, pokerlab.simulate.cli.bench; print(sorted({'numpy', 'numba', 'matplotlib'} & set(sys.modules)))"
    root = str(Path(simulate.__file__).resolve().parent.parent)  # wherever simulate is imported from
    env = {**os.environ, "PYTHONPATH": root}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.strip() == "[]"


def test_help_has_examples():
    result = CliRunner().invoke(bench_command, ["--help"])
    assert result.exit_code == 0
    assert "Examples:" in result.output and "pokerlab bench --quick" in result.output


def test_list():
    result = CliRunner().invoke(bench_command, ["--list"])
    assert result.exit_code == 0
    assert "eq-flop" in result.output and "batch-7" in result.output
    # the section column lines up however long an id is
    columns = {line.index(" batch ") for line in result.output.splitlines() if line.split()[1:2] == ["batch"]}
    columns |= {line.index(" rules ") for line in result.output.splitlines() if line.split()[1:2] == ["rules"]}
    assert len(columns) == 1


def test_runs_and_prints_markdown():
    result = CliRunner().invoke(bench_command, ["--only", "eq-turn", "--repeat", "2", "--markdown"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("_`pokerlab bench` on ")
    assert "| exact turn: AhKh vs QQ+,AQs+,KQs on Qh7h2c3s | " in result.output


def test_bad_input():
    runner = CliRunner()
    result = runner.invoke(bench_command, ["--only", "nope"])
    assert result.exit_code == 2 and "unknown section or case nope" in result.output
    assert runner.invoke(bench_command, ["--json", "--markdown", "--list"]).exit_code == 2
    assert runner.invoke(bench_command, ["--plot", "chart.gif", "--list"]).exit_code == 2
    assert runner.invoke(bench_command, ["--repeat", "0"]).exit_code == 2


def test_from_json_prints_json_text_and_markdown(saved):
    report, path = saved
    runner = CliRunner()
    as_json = runner.invoke(bench_command, ["--from-json", path, "--json"])
    assert as_json.exit_code == 0 and BenchReport.from_dict(json.loads(as_json.output)) == report
    as_md = runner.invoke(bench_command, ["--from-json", path, "--markdown"])
    assert as_md.output.strip() == report.to_markdown()
    as_text = runner.invoke(bench_command, ["--from-json", path])
    assert "[eq-hands, 2 rounds]" in as_text.output


def test_each_case_records_the_load_it_ran_beside(saved):
    report, _ = saved
    loads = [case.load for case in report.cases]
    assert all(isinstance(load, float) and load >= 0 for load in loads), loads
    header, *_ = report.to_markdown().split("\n")[2:3]
    assert header.endswith("| load |")


def test_a_wrong_answer_exits_1(saved, tmp_path):
    report, _ = saved
    data = report.to_dict()
    data["cases"][0]["entries"][1]["status"] = WRONG
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(bench_command, ["--from-json", str(path), "--markdown"])
    assert result.exit_code == 1 and "refused for a wrong answer" in result.output


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_plot_writes_png_and_svg(saved, tmp_path):
    from pokerlab.simulate.bench.plot import DPI, figure_inches

    report, path = saved
    png = tmp_path / "bench.png"
    assert report.plot(png) == str(png)
    width, height = figure_inches(report)
    assert png_size(png) == (round(width * DPI), round(height * DPI))
    result = CliRunner().invoke(bench_command, ["--from-json", path, "--plot", str(tmp_path / "bench.svg")])
    assert result.exit_code == 0
    assert (tmp_path / "bench.svg").read_text().lstrip().startswith("<?xml")


def test_plot_without_matplotlib_says_so(saved, monkeypatch, tmp_path):
    from pokerlab.simulate.bench.plot import PlotUnavailable

    report, path = saved
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(PlotUnavailable, match="pip install"):
        report.plot(tmp_path / "x.png")
    result = CliRunner().invoke(bench_command, ["--from-json", path, "--plot", str(tmp_path / "x.png")])
    assert result.exit_code == 2 and "needs matplotlib" in result.output


def test_a_run_without_the_compiled_per_call_evaluator_says_so(monkeypatch):
    from pokerlab.evaluator import api
    from pokerlab.simulate.bench.format import NOT_COMPILED, machine_line
    from pokerlab.simulate.bench.machine import machine_info

    assert machine_info()["compiled_per_call"] is True  # the test command installs the package, built
    monkeypatch.setattr(api, "HAS_COMPILED_EVALUATOR", False)
    result = CliRunner().invoke(bench_command, ["--only", "eq-turn", "--repeat", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("warning: the compiled per-call evaluator is not built")
    report = BenchReport.from_json(result.stdout)
    assert report.machine["compiled_per_call"] is False and machine_line(report).endswith(NOT_COMPILED)
    report.machine["compiled_per_call"] = True
    assert NOT_COMPILED not in machine_line(report)
