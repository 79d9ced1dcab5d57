"""``pokerlab equity --game stud|stud-hilo|razz``: the table, --json, --batch lines, one-line errors exit 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.equity.stud import stud_equity

SIXTH = ["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"]


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize("game", ["stud", "razz"])
def test_table_shows_each_player_and_the_exact_footer(game):
    result = run("equity", "--game", game, *SIXTH, "--dead", "2c")
    assert result.exit_code == 0, result.output
    direct = stud_equity(SIXTH, "2c", game=game)
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["player", "hand", "win", "%", "tie", "%", "equity", "%"]
    assert lines[2].split()[-1] == f"{100 * direct.players[0].equity:.3f}"
    assert "As Ah Kd 7c 2s 3h" in lines[2]
    assert lines[-1].startswith(f"exact: {direct.deals:,} deals in ")


def test_hilo_table_has_the_split_columns_and_no_low():
    result = run("equity", "--game", "stud-hilo", *SIXTH)
    assert result.exit_code == 0, result.output
    assert "low win %" in result.stdout and "scoop %" in result.stdout and "quarter %" in result.stdout
    assert "; no low on " in result.stdout.splitlines()[-1]


def test_json_is_the_library_result():
    result = run("equity", "--game", "stud-hilo", *SIXTH, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    direct = stud_equity(SIXTH, game="stud-hilo").to_dict()
    assert data["players"] == direct["players"] and data["deals"] == direct["deals"]


def test_monte_carlo_footer_names_the_seed_and_the_shared_card():
    players = ["AsAh Kd", "QcQd 9h", "2c3c 4c", "KsQs Js", "8s8h 8d", "5c6s 7s", "TcTh Td", "9d6h 7h"]
    result = run("equity", "--game", "razz", *players, "--mc", "--trials", "20000", "--seed", "4")
    assert result.exit_code == 0, result.output
    footer = result.stdout.splitlines()[-1]
    assert footer.startswith("Monte Carlo: 20,000 trials") and "seed 4" in footer
    assert "community card" in footer  # eight players: seventh street is one shared card


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["AsAh Kd", "AsQd 9h"], "error: players 1 and 2 both hold As"),
        (["AsAh Kd", "QcQd 9h", "--board", "2c3c4c"], "error: the community card is one card"),
        (["AsAh Kd 2c 3c 4c 5c 6c", "QcQd 9h"], "error: player 1 has 8 cards"),
        (["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s", "--exact"], "use Monte Carlo"),
        (["AsAh Kd", "QcQd 9h", "--scheduler", "tcp://localhost:1"], "error: --scheduler runs hold'em equity only"),
    ],
)
def test_errors_are_one_line_exit_2(args, message):
    result = run("equity", "--game", "stud", *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_batch_lines_take_game_stud():
    lines = '"AsAh Kd 7c 2s 3h" "QcQd 9h 9c 4d 5s" --game stud\n"AsAh Kd" "AsQd 9h" --game razz\n'
    result = run("equity", "--batch", "-", stdin=lines)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers[0]["game"] == "stud" and answers[0]["deals"] == stud_equity(SIXTH).deals
    assert answers[1] == {"line": 2, "error": "players 1 and 2 both hold As"}
    assert result.exit_code == 2


def test_board_is_the_community_card_once_a_short_deck_dealt_it():
    players = ["AsAh Kd 2c 3c 4c", "QcQd 9h 5d 6d 7d", "Kc Ks Kh", "8s 8h 8d", "Js Jh Jd", "Ts Th Td", "9s 9c 9d"]
    result = run("equity", "--game", "razz", *players, "--board", "2d", "--json")
    assert result.exit_code == 0, result.output
    direct = stud_equity(players, community="2d", game="razz")
    assert json.loads(result.stdout)["players"][0]["equity"] == direct.players[0].equity
    assert direct.players[0].equity != stud_equity(players, game="razz").players[0].equity
