"""``pokerlab icm`` and ``pokerlab pushfold``: what they print, their JSON, and bad input as one line, exit 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli._common import json_text
from pokerlab.simulate.cli.main import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pokerlab")


def test_icm_prints_each_share():
    out = run("icm", "5000", "3000", "2000", "--payouts", "50,30,20").stdout.splitlines()
    assert out[0] == "ICM (Malmuth-Harville, exact): 3 players, prize pool 100"
    assert out[3].split() == ["1", "5,000", "50.00", "38.3929", "38.39"]
    assert out[5].split() == ["3", "2,000", "20.00", "28.8571", "28.86"]


def test_icm_json_and_monte_carlo():
    exact = run("icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--model", "weitzman", "--json")
    data = json.loads(exact.stdout)
    assert exact.stdout == json_text(data) + "\n"
    assert data["model"] == "weitzman" and data["method"] == "exact" and data["seed"] is None
    assert [round(p["equity"], 4) for p in data["players"]] == [38.0645, 32.7742, 29.1613]
    args = ["icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--mc", "--trials", "50000", "--seed", "4"]
    sampled = json.loads(run(*args, "--json").stdout)
    assert sampled["method"] == "mc" and sampled["seed"] == 4 and sampled["trials"] == 50_000
    assert all(abs(p["equity"] - e) < 5 * p["stderr"] for p, e in zip(sampled["players"], [38.393, 32.75, 28.857]))
    text = run(*args).stdout
    assert "Monte Carlo: 50,000 finishes, seed 4" in text and "+/-" in text


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["5000", "-3000", "--payouts", "50,30"], "error: stack 2 is -3000.0: every stack must be positive"),
        (["5000", "3000", "--payouts", "50,30,20"], "error: 3 payouts for 2 players: at most one payout a player"),
        (["5000", "3000", "--payouts", "50,x"], "error: payout 2 is 'x': not a number"),
        (["5000", "3000", "--payouts", "30,50"], "error: payout 2 (50.0) is above payout 1 (30.0): list the places"),
    ],
)
def test_icm_bad_input_is_one_line_exit_2(args, line):
    result = run("icm", *args)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1
    assert result.output.startswith(line)


def test_pushfold_prints_both_ranges_on_the_grid():
    out = run("pushfold", "--stack", "10").stdout.splitlines()
    assert out[0] == (
        "heads-up push-or-fold at 10 bb (no ante): the small blind pushes 58.3% of hands, the big blind calls 37.4%"
    )
    assert out[1].startswith("value to the small blind -0.0454 bb a hand; exploitability below 1e-9 bb")
    assert out[3] == "small blind pushes (% of each hand):"
    assert out[4].split() == list("AKQJT98765432")
    assert out[5 + 10].split()[-2:] == ["71", "."]  # 43s pushed 71 % of the time
    assert out[18].startswith("range: 22+, A2+, K2+")
    assert "big blind calls (% of each hand):" in out and out[-1].endswith("Q6s@40.3")


def test_pushfold_json():
    result = run("pushfold", "--stack", "7.7", "--json")
    data = json.loads(result.stdout)
    assert result.stdout == json_text(data) + "\n"
    assert data["stack"] == 7.7 and data["exploitability"] < 1e-6 and len(data["hands"]) == 169
    t3s = next(h for h in data["hands"] if h["hand"] == "T3s")
    assert round(t3s["push"], 3) == 0.769 and t3s["push_ev"] == pytest.approx(t3s["fold_ev"], abs=1e-9)


def test_pushfold_chart_text_and_json():
    text = run("pushfold", "chart", "--max-stack", "8").stdout.splitlines()
    assert text[0].startswith("heads-up push-or-fold chart (no ante), 1 to 8 bb every 0.1 bb: 71 equilibria")
    assert text[2] == "small blind: push up to (bb):"
    assert text[8].split()[:1] + text[8].split()[-3:] == ["T", "8+", "7.7*", "6.5*"]
    assert "* 63s: at 1.0-2.3, 5.1-5.2, 5.7, 6.1-7.1 bb" in text
    data = json.loads(run("pushfold", "chart", "--max-stack", "3", "--json").stdout)
    assert data["max_stack"] == 3.0 and data["stacks"] == 21 and data["hands"][0]["push"] == "3+"


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["pushfold", "--stack", "0.5"], "error: stack 0.5 bb is below the big blind and ante (1 bb)"),
        (["pushfold", "--stack", "5", "--ante", "-1"], "error: ante is -1.0: give 0 to 10 big blinds"),
        (["pushfold"], "error: give --stack (pokerlab pushfold --stack 10) or draw the chart"),
        (["pushfold", "--stack", "5", "chart"], "error: --stack, --ante and --json go after 'chart'"),
        (["pushfold", "chart", "--max-stack", "99"], "error: max_stack is 99.0: give 1 to 50 bb"),
    ],
)
def test_pushfold_bad_input_is_one_line_exit_2(args, start):
    result = run(*args)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1
    assert result.output.startswith(start), result.output
