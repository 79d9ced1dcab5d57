"""``pokerlab solve report``: a spot over a list of flops as a table, JSON meeting its schema and CSV, resumed from
a file, and bad flops or settings as one line with exit status 2."""

from __future__ import annotations

import csv
import json

import jsonschema
import pytest
from click.testing import CliRunner

from pokerlab import schemas
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.solver import solve

SPOT = [
    "--oop", "AA,KK", "--ip", "QQ,JJ", "--pot", "10", "--stack", "20", "--flop-bet", "50%", "--turn-bet", "",
    "--river-bet", "", "--no-allin", "--raise-cap", "0", "--max-iterations", "20",
]  # fmt: skip


def run(*args: str):
    return CliRunner().invoke(main, ["solve", "report", *args], prog_name="pokerlab")


def one_line_error(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.output, result.output
    for word in words:
        assert word in lines[0], lines[0]


def test_a_report_prints_a_table_writes_csv_and_resumes(tmp_path):
    resume, table = tmp_path / "rows.jsonl", tmp_path / "rows.csv"
    first = run("--flops", "QsJh2h,Td9d6h", *SPOT, "--resume", str(resume), "--csv", str(table))
    assert first.exit_code == 0, first.output
    lines = first.stdout.splitlines()
    assert lines[0].split()[:2] == ["board", "weight"] and lines[0].endswith("check bet 50%")
    assert [line.split()[0] for line in lines[1:4]] == ["QsJh2h", "Td9d6h", "average"]
    assert lines[-1] == f"2 flops: 2 solved in {lines[-1].split(' in ')[1]}"
    rows = list(csv.DictReader(table.open()))
    assert [row["board"] for row in rows] == ["QsJh2h", "Td9d6h", "average"]
    assert float(rows[1]["oop_ev"]) == solve(
        "Td9d6h", "AA,KK", "QQ,JJ", pot=10, stack=20, bet_sizes={"flop": "50%"}, allin=False, raise_cap=0,
        max_iterations=20,
    ).oop_ev  # fmt: skip
    again = run("--flops", "QsJh2h,Td9d6h,2c2d2h", *SPOT, "--resume", str(resume), "--json")
    assert again.exit_code == 0, again.output
    data = json.loads(again.stdout)
    jsonschema.validate(data, schemas.load("solve report"))
    assert (data["resumed"], data["solved"], data["flops"]) == (2, 1, 3)
    assert [row["board"] for row in data["rows"]] == ["QsJh2h", "Td9d6h", "2h2d2c"]
    assert data["average"]["weight"] == 28 and data["columns"] == ["check", "bet 50%"]


def test_a_resume_file_of_other_settings_is_one_line(tmp_path):
    resume = tmp_path / "rows.jsonl"
    assert run("--flops", "QsJh2h", *SPOT, "--resume", str(resume)).exit_code == 0
    other = [*SPOT[:5], "12", *SPOT[6:]]  # --pot 12
    one_line_error(run("--flops", "QsJh2h", *other, "--resume", str(resume)), "solved with pot 10.0", "has 12.0")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--flops", "QsJh2x"], ["flop 1 'QsJh2x'"]),
        (["--flops", "QsJh"], ["flop 1 'QsJh'"]),
        (["--flops", "QsJh2h,2hQsJh"], ["listed twice"]),
        (["--flops", " , "], ["no flop to solve"]),
        ([], ["give the flops one way"]),
        (["--flops", "QsJh2h", "--all-flops"], ["give the flops one way"]),
        (["--all-flops", "--dead", "2c"], ["dead cards"]),
        (["--flops", "QsJh2h", "--dead", "Qs"], ["holds a dead card"]),
        (["--flops-file", "no/such/file"], ["no such file"]),
        (["--flops", "AsAh2c"], ["flop AsAh2c: oop range", "no combo left"]),
    ],
)
def test_bad_flops_are_one_line_and_exit_2(args, words):
    spot = [*SPOT[:1], "AsAh", *SPOT[2:]] if args == ["--flops", "AsAh2c"] else SPOT
    one_line_error(run(*args, *spot), *words)


def test_a_flops_file_and_a_spot_file(tmp_path):
    flops = tmp_path / "flops.txt"
    flops.write_text("# two flops\nQsJh2h\nTd9d6h  # two-tone\n")
    result = run("--flops-file", str(flops), *SPOT, "--json")
    assert result.exit_code == 0, result.output
    assert [row["board"] for row in json.loads(result.stdout)["rows"]] == ["QsJh2h", "Td9d6h"]
    spot = tmp_path / "spot.toml"
    spot.write_text('board = "QsJh2h"\noop = "AA"\nip = "KK"\npot = 10\nstack = 10\n')
    one_line_error(run("--flops", "Td9d6h", "--spot", str(spot)), "not 'board'")
    one_line_error(run("--flops", "Td9d6h", "--oop", "AA", "--ip", "KK", "--pot", "10"), "--stack is needed")
