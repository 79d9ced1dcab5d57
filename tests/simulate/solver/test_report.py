"""A spot over many flops (``flop_report``): the 1,755 flop classes, rows equal to solving each flop alone, in
worker processes or not, resuming from a file (and refusing one of other settings), and the CSV and JSON shapes."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import os
import re
import sys

import pytest

from pokerlab import schemas
from pokerlab.simulate.solver import SolverError, report as report_module, solve
from pokerlab.simulate.solver.report import (
    ROW_KEYS,
    action_column,
    flop_report,
    flop_weight,
    strategically_different_flops,
)

FLOPS = ["QsJh2h", "Td9d6h", "2c2d2h"]
# Tiny ranges and one flop bet: a flop solve of a few thousand nodes.
SPOT = dict(oop_range="AA,KK", ip_range="QQ,JJ", pot=10, stack=20, bet_sizes={"flop": "50%"}, allin=False, raise_cap=0)
RUN = dict(max_iterations=20)


def test_the_1755_classes_weigh_the_22100_flops():
    flops = strategically_different_flops()
    assert len(flops) == 1755 and sum(f.weight for f in flops) == 22100 == math.comb(52, 3)
    assert len({f.board for f in flops}) == 1755 and {f.weight for f in flops} == {4, 12, 24}
    # Each class's weight is the count of flops that map onto its board: brute force over every flop.
    classes: dict[tuple[int, ...], int] = {}
    for cards in itertools.combinations(range(52), 3):
        key = min(
            tuple(sorted(4 * (c // 4) + order[c % 4] for c in cards)) for order in itertools.permutations(range(4))
        )
        classes[key] = classes.get(key, 0) + 1
    assert sorted(classes.values()) == sorted(f.weight for f in flops)
    assert flop_weight("AsKsQs") == 4 and flop_weight("AsKhQh") == 12 and flop_weight("8s8h2d") == 12


@pytest.fixture(scope="module")
def alone():
    """Each flop solved on its own, as :func:`solve` does."""
    return {board: solve(board, **SPOT, **RUN) for board in FLOPS}


def _expected(solution) -> dict:
    root = solution.strategy()
    return {
        "oop_ev": solution.oop_ev,
        "ip_ev": solution.ip_ev,
        "oop_equity": solution.equities[0],
        "exploitability_pct": solution.exploitability_pct,
        "iterations": solution.iterations,
        "frequencies": {action_column(a, 10): f for a, f in zip(root["actions"], root["frequencies"])},
    }


@pytest.mark.parametrize("processes", [1, 2])
def test_each_row_is_the_flop_solved_alone(alone, processes):
    report = flop_report(FLOPS, **SPOT, **RUN, processes=processes)
    assert [row["board"] for row in report.rows] == ["QsJh2h", "Td9d6h", "2h2d2c"]
    assert [row["weight"] for row in report.rows] == [12, 12, 4]
    for row, board in zip(report.rows, FLOPS):
        expected = _expected(alone[board])
        assert {k: row[k] for k in expected} == expected  # the same arithmetic: the same numbers
    assert report.columns == ["check", "bet 50%"] and report.solved == 3 and report.resumed == 0
    mean = report.average()
    assert mean["weight"] == 28
    assert mean["oop_ev"] == pytest.approx(sum(r["weight"] * r["oop_ev"] for r in report.rows) / 28)
    assert sum(mean["frequencies"].values()) == pytest.approx(1.0)


def _counting(monkeypatch) -> list[str]:
    solved: list[str] = []
    real = report_module._solve_row

    def counted(board, weight, spot):
        solved.append(board)
        return real(board, weight, spot)

    monkeypatch.setattr(report_module, "_solve_row", counted)
    return solved


def test_a_rerun_skips_the_flops_its_resume_file_holds(tmp_path, monkeypatch):
    path = tmp_path / "rows.jsonl"
    solved = _counting(monkeypatch)
    first = flop_report(FLOPS[:2], **SPOT, **RUN, resume=path)
    assert solved == ["QsJh2h", "Td9d6h"] and len(path.read_text().splitlines()) == 2
    calls = []
    second = flop_report(FLOPS, **SPOT, **RUN, resume=path, progress=lambda done, total: calls.append((done, total)))
    assert solved == ["QsJh2h", "Td9d6h", "2h2d2c"] and calls == [(1, 1)]
    assert second.resumed == 2 and second.solved == 1 and second.rows[:2] == first.rows
    assert len(path.read_text().splitlines()) == 3
    third = flop_report(list(reversed(FLOPS)), **SPOT, **RUN, resume=path)
    assert len(solved) == 3 and third.solved == 0 and third.rows == second.rows[::-1]


def test_a_row_cut_short_is_dropped_and_solved_again(tmp_path, monkeypatch):
    path = tmp_path / "rows.jsonl"
    flop_report(FLOPS[:2], **SPOT, **RUN, resume=path)
    whole = path.read_text()
    path.write_text(whole[: len(whole) - 40])  # the second row cut mid-write
    solved = _counting(monkeypatch)
    report = flop_report(FLOPS[:2], **SPOT, **RUN, resume=path)
    assert solved == ["Td9d6h"] and report.resumed == 1
    assert [json.loads(line)["board"] for line in path.read_text().splitlines()] == ["QsJh2h", "Td9d6h"]


def test_a_resume_file_of_other_settings_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "rows.jsonl"
    flop_report(FLOPS[:1], **SPOT, **RUN, resume=path)
    solved = _counting(monkeypatch)
    with pytest.raises(SolverError, match=r"line 1 \(QsJh2h\) was solved with pot 10, this run has 12") as error:
        flop_report(FLOPS, **{**SPOT, "pot": 12}, **RUN, resume=path)
    assert "\n" not in str(error.value) and solved == []
    with pytest.raises(SolverError, match="max_iterations 20, this run has 30"):
        flop_report(FLOPS, **SPOT, max_iterations=30, resume=path)
    path.write_text("not json\n")
    with pytest.raises(SolverError, match="line 1 is not a row of a flop report"):
        flop_report(FLOPS, **SPOT, **RUN, resume=path)


def test_the_csv_and_the_json_shapes(tmp_path):
    report = flop_report(FLOPS, **SPOT, **RUN)
    table = list(csv.reader(io.StringIO(report.to_csv())))
    assert table[0] == [*ROW_KEYS, "check", "bet 50%"]
    assert [line[0] for line in table[1:]] == ["QsJh2h", "Td9d6h", "2h2d2c", "average"]
    assert all(len(line) == len(table[0]) for line in table) and table[-1][1] == "28"
    assert float(table[1][ROW_KEYS.index("oop_ev")]) == report.rows[0]["oop_ev"]
    data = json.loads(json.dumps(report.to_dict()))
    import jsonschema

    jsonschema.validate(data, schemas.load("solve report"))
    assert data["flops"] == 3 and data["columns"] == ["check", "bet 50%"] and data["settings"]["pot"] == 10
    assert report.table().splitlines()[-1].startswith("average")


@pytest.mark.parametrize(
    ("flops", "message"),
    [
        (["QsJh"], "flop 1 'QsJh'"),
        (["QsJh2h", "2hJhQs"], "flop 2 '2hJhQs': the flop QsJh2h is listed twice"),
        ([], "no flop to solve"),
        ([("QsJh2h", 0)], "weight must be a positive number"),
        ([("QsJh2h", 1, 2)], "a board text or a (board, weight) pair"),
        (["AsAhKd"], "flop AsAhKd: oop range 'AsAh' has no combo left"),
    ],
)
def test_bad_flops_are_one_line(flops, message):
    spot = {**SPOT, "oop_range": "AsAh"} if message.startswith("flop AsAhKd") else SPOT
    with pytest.raises(SolverError, match=re.escape(message)) as error:
        flop_report(flops, **spot, **RUN)
    assert "\n" not in str(error.value)


def test_bad_run_settings_are_refused_before_any_solve():
    with pytest.raises(SolverError, match="processes must be a whole number"):
        flop_report(FLOPS, **SPOT, processes=-1)
    with pytest.raises(SolverError, match="max_iterations must be a whole number"):
        flop_report(FLOPS, **SPOT, max_iterations=0)


def test_action_columns_name_the_size_in_percent_of_the_pot():
    assert [action_column(label, 8) for label in ("check", "bet 4", "bet 12", "allin 100")] == [
        "check",
        "bet 50%",
        "bet 150%",
        "allin",
    ]


_SOLVE_ROW = report_module._solve_row


def _noting_the_process(board, weight, spot):
    """``_solve_row`` writing its process id to the file ``PIDS`` names (module level: a worker is sent it)."""
    with open(os.environ["PIDS"], "a") as out:
        out.write(f"{os.getpid()}\n")
    return _SOLVE_ROW(board, weight, spot)


def test_several_processes_solve_the_flops_in_forked_workers(tmp_path, monkeypatch):
    """On Linux with no other thread the flops go to worker processes; their rows are the same as solved here."""
    monkeypatch.setenv("PIDS", str(tmp_path / "pids"))
    monkeypatch.setattr(report_module, "_solve_row", _noting_the_process)
    forks = sys.platform == "linux"
    monkeypatch.setattr(report_module, "can_fork", lambda: forks)  # whatever threads earlier tests left idle
    report = flop_report(FLOPS, **SPOT, **RUN, processes=2)
    pids = (tmp_path / "pids").read_text().split()
    assert len(pids) == 3 and (str(os.getpid()) not in pids) == forks
    assert report.rows == flop_report(FLOPS, **SPOT, **RUN).rows
