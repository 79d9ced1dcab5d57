"""``pokerlab solve report --compressed`` and ``flop_report(compressed=True)``: every flop solved with 16-bit storage,
as ``solve(..., compressed=True)`` solves it alone, the setting kept with the rows for resuming."""

from __future__ import annotations

import json

import jsonschema
from click.testing import CliRunner

from pokerlab import schemas
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.solver import solve
from pokerlab.simulate.solver.report import flop_report

SPOT = dict(oop_range="AA,KK", ip_range="QQ,JJ", pot=10, stack=20, allin=False, raise_cap=0, max_iterations=20)
SIZES = {"flop": "50%", "turn": "", "river": ""}
OPTIONS = [
    "--oop", "AA,KK", "--ip", "QQ,JJ", "--pot", "10", "--stack", "20", "--flop-bet", "50%", "--turn-bet", "",
    "--river-bet", "", "--no-allin", "--raise-cap", "0", "--max-iterations", "20",
]  # fmt: skip


def test_each_row_is_the_flop_solved_alone_compressed():
    report = flop_report(["QsJh2h"], **SPOT, bet_sizes=SIZES, compressed=True)
    alone = solve("QsJh2h", **SPOT, bet_sizes=SIZES, compressed=True)
    assert report.rows[0]["oop_ev"] == alone.oop_ev and report.rows[0]["iterations"] == alone.iterations
    assert report.settings["compressed"] is True
    plain = flop_report(["QsJh2h"], **SPOT, bet_sizes=SIZES)
    assert "compressed" not in plain.settings  # resume files of uncompressed runs read as before


def test_the_command_takes_compressed_and_a_resume_file_keeps_it_apart(tmp_path):
    resume = tmp_path / "rows.jsonl"
    runner = CliRunner()
    done = runner.invoke(main, ["solve", "report", "--flops", "QsJh2h", *OPTIONS, "--compressed", "--json",
                                "--resume", str(resume)], prog_name="pokerlab")  # fmt: skip
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    jsonschema.validate(data, schemas.load("solve-report"))
    assert data["settings"]["compressed"] is True
    alone = solve("QsJh2h", **SPOT, bet_sizes=SIZES, compressed=True)
    assert abs(data["rows"][0]["oop_ev"] - alone.oop_ev) < 1e-9
    other = runner.invoke(main, ["solve", "report", "--flops", "QsJh2h", *OPTIONS, "--resume", str(resume)],
                          prog_name="pokerlab")  # fmt: skip
    assert other.exit_code == 2 and "compressed" in other.output, other.output
