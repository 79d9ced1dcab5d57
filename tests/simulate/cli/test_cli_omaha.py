"""``pokerlab eval --rules omaha|omaha-hilo`` and ``pokerlab equity --game omaha``, driven as a user would."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pokerlab.simulate.cli.main import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pokerlab")


def test_eval_omaha_text():
    result = run("eval", "--rules", "omaha", "AsKsQdJd", "--board", "Ts9s2c")
    assert result.exit_code == 0, result.output
    assert "High card, ace high (A-K-T-9-2)" in result.output
    assert "As Ks Ts 9s 2c" in result.output


def test_eval_omaha_hilo_json():
    result = run("eval", "-r", "omaha-hilo", "As 2d 9c 9h", "-b", "3h4h5cKsKd", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["description"] == "Straight, five high"
    assert data["low_description"] == "Five-four low (5-4-3-2-A)"
    assert data["best_low"] == "5c 4h 3h 2d As"
    assert data["board"] == "3h 4h 5c Ks Kd"


def test_eval_omaha_hilo_without_a_low():
    result = run("eval", "-r", "omaha-hilo", "AsKdQcJh", "-b", "3h4h5c6s7d", "--json")
    data = json.loads(result.stdout)
    assert data["low"] is None and data["best_low"] is None and data["low_description"] == "no low"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["eval", "-r", "omaha", "AsKsQdJd"], ["needs the board"]),
        (["eval", "-r", "omaha", "AsKsQd", "-b", "Ts9s2c"], ["hole cards", "got 3"]),
        (["eval", "-r", "omaha", "AsKsQdJd", "-b", "AsTs9s"], ["As is both in the hole and on the board"]),
        (["eval", "AsKsQdJdTs", "-b", "2c3c4c"], ["--board is for Omaha"]),
    ],
)
def test_eval_omaha_errors(args, words):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    for word in words:
        assert word in result.output


def test_equity_omaha_exact_text():
    result = run("equity", "--game", "omaha", "AsAhKsKh", "QdQcJdJc", "--board", "2s7d9c")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["player", "hand", "combos", "win", "%", "tie", "%", "equity", "%"]
    assert "72.439" in lines[2] and "27.561" in lines[3]
    assert lines[-1].startswith("exact: 820 boards in ")


def test_equity_omaha_hilo_json_reports_scoops_and_quarters():
    result = run("equity", "--game", "omaha-hilo", "Ah2hQcJd", "Ad2dTcTh", "KcKsQh9s", "-b", "3s4c8hKd7s", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "omaha-hilo" and data["no_low"] == 0.0
    assert [p["quarter"] for p in data["players"]] == [1.0, 1.0, 0.0]
    assert [p["equity"] for p in data["players"]] == [0.25, 0.25, 0.5]


def test_equity_omaha_monte_carlo_repeats_with_its_seed():
    args = ["equity", "--game", "omaha", "AA**", "random", "--mc", "--trials", "20000", "--seed", "4", "--json"]
    first, second = run(*args), run(*args, "-t", "1")
    assert first.exit_code == 0, first.output
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert a["seed"] == 4 and a["trials"] == 32768
    assert [p["equity"] for p in a["players"]] == [p["equity"] for p in b["players"]]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["AsAhKsKh", "AsQcJdJc"], ["players 1 and 2 both hold As"]),
        (["AsAhKsKh", "QQQ"], ["player 2", "QQQ"]),
        (["random", "random", "random", "--exact"], ["exact enumeration would"]),
        (["AsAhKsKh", "random", "--scheduler", "tcp://x:1"], ["--scheduler runs hold'em equity only"]),
    ],
)
def test_equity_omaha_errors(args, words):
    result = run("equity", "--game", "omaha", *args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    for word in words:
        assert word in result.output
