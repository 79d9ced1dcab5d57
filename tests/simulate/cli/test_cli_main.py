"""The pokerlab command line, driven as a user would."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_eval_text():
    result = run("eval", "As Ks Qs Js Ts 2c 3d")
    assert result.exit_code == 0
    assert "Royal flush" in result.output
    assert "As Ks Qs Js Ts" in result.output


def test_eval_json():
    result = run("eval", "Kh", "Kd", "Kc", "3s", "3h", "--json")
    data = json.loads(result.output)
    assert data["description"] == "Full house, kings over threes"
    assert data["category"] == "Full house"
    assert data["best_five"] == "Kh Kd Kc 3s 3h"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["eval", "As Ks Qs Js Xs"], ["'X'", "position 5"]),
        (["eval", "AsAs 2c 3c 4c"], ["duplicate"]),
        (["eval", "As"], ["got 1"]),
        (["range", "TT+,AKx"], ["'AKx'"]),
        (["range", "AA", "--dead", "Az"], ["'z'"]),
        (["range", "AA", "--dead", "AsAhAdAc"], ["no combos left"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words):
    result = run(*args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    for word in words:
        assert word in lines[0]


def test_verify_json_shape():
    result = run("verify", "5card", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["name"] == "5card" and data["ok"] and data["total"] == 2598960 and data["distinct"] == 7462
    assert [r["label"] for r in data["rows"]][:2] == ["Royal flush", "Straight flush"]
    assert all(set(r) - {"reference"} == {"label", "count", "published", "ok"} for r in data["rows"])
    assert data["rows"][-1]["reference"] == "independent ranking" and data["problem"] is None


def test_verify_text_says_pass():
    result = run("verify", "6card")
    assert result.exit_code == 0
    assert "PASS" in result.output and "Alspach" in result.output
    assert "computed, no published value" in result.output


def test_range_counts_and_json():
    result = run("range", "TT+,AKs", "--plain")
    assert result.exit_code == 0
    assert "34 combos" in result.output
    data = json.loads(run("range", "AA,KK", "--dead", "As", "--json").output)
    assert data["combos"] == 9


def test_installed_console_script_never_prints_a_traceback():
    script = Path(sys.executable).with_name("pokerlab")  # installed beside this python by the test command
    assert script.is_file(), f"no pokerlab console script beside {sys.executable}"
    out = subprocess.run([str(script), "eval", "Qx"], capture_output=True, text=True)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and out.stderr.startswith("error: ")


def test_module_entry_point():
    out = subprocess.run([sys.executable, "-m", "pokerlab.simulate.cli", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "pokerlab eval" in out.stdout


def test_equity_table_and_footer():
    result = run("equity", "AsAh", "KsKh")
    assert result.exit_code == 0, result.output
    assert "82.637" in result.output and "17.363" in result.output
    assert "exact: 1,712,304 boards" in result.output


def test_equity_json_monte_carlo_with_seed():
    args = [
        "equity",
        "QQ+,AKs",
        "random",
        "random",
        "--board",
        "Qs7h2c",
        "--dead",
        "5d",
        "--mc",
        "--trials",
        "50000",
        "--seed",
        "3",
        "--json",
    ]
    first = json.loads(run(*args).output)
    second = json.loads(run(*args).output)
    assert first["players"] == second["players"]
    assert first["method"] == "mc" and first["trials"] == 50000 and first["stderr"] > 0
    assert [p["combos"] for p in first["players"]] == [19, 1128, 1128]
    assert sum(p["equity"] for p in first["players"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["equity", "AsAh", "AsKd"], ["players 1 and 2 both hold As"]),
        (["equity", "AsAh"], ["2 to 10 players"]),
        (["equity", "AsAh", "KK", "--board", "Ks2c3c4c5c6c"], ["board must have"]),
        (["equity", "AA", "AKx"], ["player 2", "'AKx'"]),
    ],
)
def test_equity_bad_input(args, words):
    result = run(*args)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    for word in words:
        assert word in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["Kh 7d 5c 4s 3h 2d 2c", "--rules", "deuce-seven"],
            ["7-high", "Seven-five low (7-5-4-3-2)", "7d 5c 4s 3h 2d"],
        ),
        (["Jk As Ad Ac Ah", "--rules", "bug"], ["Five of a kind, aces"]),
        (["2c 2d As Ks Qs", "-r", "deuces-wild"], ["Royal flush"]),
        (["As 2d 3c 4h 6s", "--rules", "ace-five"], ["6-high", "Six-four low (6-4-3-2-A)"]),
    ],
)
def test_eval_with_rules(args, words):
    result = run("eval", *args)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["eval", "As Ks Qs Js Jk"], ["joker", "52-card deck"]),
        (["eval", "As Ks Qs Js Ts 9s", "--rules", "joker"], ["expected 5 cards, got 6"]),
        (["eval", "Jk Jk As Ks Qs", "--rules", "bug"], ["second joker", "53-card deck"]),
    ],
)
def test_eval_rules_errors(args, words):
    result = run(*args)
    assert result.exit_code == 2
    for word in words:
        assert word in result.output


def test_verify_wild_group_json():
    result = run("verify", "wild", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [d["name"] for d in data] == ["joker", "bug", "two-jokers", "deuces"]
    assert all(d["ok"] for d in data)


def test_draw_commands():
    result = run("draw", "Jh Jd 9c 6s 2h", "--discard", "9c 6s 2h")
    assert result.exit_code == 0 and "improves 28.714 %" in result.output
    result = run("draw", "9s 9d 5c 4h 2d", "--objective", "equity", "--vs", "Ah Kh Qh Jh 3c/3c", "--top", "2")
    assert result.exit_code == 0 and result.output.splitlines()[2].startswith("5c 4h 2d")
    result = run("draw", "8s 7h 5d 3c Kd", "-r", "ace-five", "-x", "Kd", "--vs", "9s 6d 4c 2h Jd/Jd", "--json")
    assert json.loads(result.output)["method"] == "exact"
    result = run("draw", "9s 9d 5c 4h 2d", "--vs", "Ah Kh Qh Jh 3c/3c")
    assert result.exit_code == 2 and "--vs needs --discard" in result.output
    data = json.loads(run("draw", "Ah Kh Qh Jh 3c", "--json", "--top", "3").output)
    assert len(data) == 3 and data[0]["discard"] == "3c"


def test_a_closed_pipe_ends_quietly(tmp_path):
    # `pokerlab ... | head`: the reader is gone before anything is written.
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pokerlab", "eval", "As Ks Qs Js Ts"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            cwd=tmp_path,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 0 and done.stderr == ""
