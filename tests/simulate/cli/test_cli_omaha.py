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
