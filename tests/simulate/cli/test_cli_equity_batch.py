"""pokerlab equity --batch: one JSON line per query line, in order; wrong lines answered with an error."""

import json

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main

LINES = [
    "AsAh KsKh",
    '{"players": ["AhKh", "QQ+,AKs"], "board": "Qh7h2c", "id": 9}',
    "",
    "AsAh AsKd",
    "AKs QQ --mc --trials 5000 --seed 3 --threads 1",
]


def _answers(output):
    return [json.loads(line) for line in output.splitlines()]


def test_stdin_lines_are_answered_in_order_as_json_lines():
    result = CliRunner().invoke(main, ["equity", "--batch", "-"], input="\n".join(LINES) + "\n")
    answers = _answers(result.stdout)
    assert [a["line"] for a in answers] == [1, 2, 4, 5]
    assert round(answers[0]["players"][0]["equity"], 6) == 0.826366
    assert answers[1]["id"] == 9 and answers[1]["method"] == "exact"
    assert answers[2] == {"line": 4, "error": "players 1 and 2 both hold As"}
    assert answers[3]["method"] == "mc" and answers[3]["trials"] == 5000 and answers[3]["seed"] == 3
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: 1 of 4 queries failed (their lines say why)"


def test_a_file_of_good_lines_exits_0(tmp_path):
    path = tmp_path / "queries.txt"
    path.write_text("AA KK\n# a comment\n7c2d AhKh --exact\n")
    result = CliRunner().invoke(main, ["equity", "--batch", str(path), "--threads", "1"])
    assert result.exit_code == 0, result.output
    answers = _answers(result.stdout)
    assert [a["line"] for a in answers] == [1, 3] and all(a["threads"] == 1 for a in answers)


def test_query_arguments_beside_batch_are_refused_in_one_line():
    for extra in (["AsAh", "KsKh"], ["--board", "Qs7h2c"], ["--mc"], ["--seed", "1"]):
        result = CliRunner().invoke(main, ["equity", "--batch", "-", *extra], input="AA KK\n")
        assert result.exit_code == 2
        assert result.stderr.startswith("error: --batch takes each query from its lines")
        assert len(result.stderr.strip().splitlines()) == 1


def test_no_players_and_no_batch_is_a_usage_error():
    result = CliRunner().invoke(main, ["equity"])
    assert result.exit_code == 2 and "Missing argument 'PLAYERS...'" in result.stderr


def test_a_missing_batch_file_is_one_line():
    result = CliRunner().invoke(main, ["equity", "--batch", "/nonexistent/queries.txt"])
    assert result.exit_code == 2 and "No such file" in result.stderr


def _batch_answers(tmp_path, content: bytes) -> list[dict]:
    import subprocess
    import sys

    path = tmp_path / "queries.txt"
    path.write_bytes(content)
    command = [sys.executable, "-m", "pokerlab", "equity", "--batch", str(path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (b'{"players": ["AsAh", "KsKh"], "id": NaN}', "must be finite, got NaN"),
        (b'{"players": ["AsAh", "KsKh"], "id": Infinity}', "must be finite, got Infinity"),
        (b'{"players": ["AsAh", "KsKh"], "id": 1e400}', "must be finite, got 1e400"),
        (b"[" * 1000 + b"]" * 1000, "nested too deeply"),
        (b"AsAh K\xffKh", "not UTF-8 text (byte 0xff at column 7)"),
        (b"AsAh '" + b"x" * 5_000_000 + b"'", "longer than 65,536 bytes"),
    ],
    ids=["NaN id", "Infinity id", "1e400 id", "deep JSON", "not UTF-8", "5 MB token"],
)
def test_a_bad_line_is_an_error_line_and_the_run_goes_on(tmp_path, line, error):
    answers = _batch_answers(tmp_path, b"AsAh KsKh\n" + line + b"\nQQ KK\n")
    assert [a["line"] for a in answers] == [1, 2, 3]
    assert error in answers[1]["error"], answers[1]
    assert "error" not in answers[0] and "error" not in answers[2]


def test_an_endless_line_is_refused_at_once():
    import subprocess
    import sys

    command = [sys.executable, "-m", "pokerlab", "equity", "--batch", "/dev/zero"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 2 and len(answers) == 2, done.stdout
    assert "longer than" in answers[0]["error"] and "not read" in answers[1]["error"]


def test_a_line_that_meets_a_bug_is_answered_and_the_run_goes_on(monkeypatch):
    from pokerlab.simulate.equity import batch

    real = batch.equity

    def broken(players, board=None, dead=None, *, game="holdem", **options):
        if game == "holdem":
            raise ZeroDivisionError("on purpose")
        return real(players, board, dead, game=game, **options)

    monkeypatch.setattr(batch, "equity", broken)
    answers = list(batch.equity_many(["AsAh KsKh", "AhAd2c3s KhKdQcJs --game omaha"]))
    assert "internal error (ZeroDivisionError: on purpose)" in answers[0]["error"]
    assert "error" not in answers[1]
