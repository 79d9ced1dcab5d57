"""``pokerlab play`` (driven through a pseudo terminal), ``simulate`` and ``replay`` as a user runs them."""

from __future__ import annotations

import json
import re
import sys

import pexpect
import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.game import GAME_NAMES
from pokerlab.simulate.cli.main import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_simulate_prints_results_per_bot():
    result = run("simulate", "holdem", "--hands", "300", "--players", "4", "--bots", "tight,loose", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("No-limit Texas hold'em: 300 hands, 4 players, seed 1")
    assert "bb/100" in lines[1] and "95% CI" in lines[1]
    assert [line.split()[1] for line in lines[3:7]] == ["tight", "loose", "tight-2", "loose-2"]
    assert lines[-1].endswith("s)") and "hands/s" in lines[-1]


def test_simulate_json_is_reproducible():
    args = ("simulate", "draw", "--hands", "200", "--players", "3", "--bots", "tight,loose,random", "--json")
    first = json.loads(run(*args).output)  # a random seed, printed in the JSON
    second = json.loads(run(*args, "--seed", str(first["seed"])).output)
    assert first["unit_name"] == "antes" and len(first["seats"]) == 3
    assert [s["chips"] for s in first["seats"]] == [s["chips"] for s in second["seats"]]
    other = json.loads(run(*args, "--seed", str((first["seed"] + 1) % 2**64)).output)
    assert [s["chips"] for s in other["seats"]] != [s["chips"] for s in first["seats"]]


@pytest.mark.parametrize(
    "args,message",
    [
        (("simulate", "pineapple"), "'pineapple' is not one of 'holdem'"),
        (("simulate", "holdem", "--bots", "shark"), "unknown bot"),
        (("simulate", "holdem", "--blinds", "10/5"), "--blinds"),
        (("simulate", "draw", "--players", "9"), "players"),
    ],
)
def test_simulate_bad_input_is_one_line(args, message):
    result = run(*args)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_simulate_phh_out_then_replay(tmp_path):
    out = tmp_path / "hands"
    assert run("simulate", "2-7", "--hands", "40", "--players", "3", "--phh-out", str(out)).exit_code == 0
    [path] = list(out.glob("*.phhs"))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "40 hand(s) replayed, 40 ok, 0 with problems" in result.output
    assert "N2L1D - Deuce-to-seven single draw" in result.output and "recorded finishing stacks: match" in result.output
    data = json.loads(run("replay", str(path), "--json").output)
    assert len(data) == 40 and all(h["ok"] and h["stacks_match"] for h in data)


def test_replay_reports_a_rule_breaking_action(tmp_path):
    path = tmp_path / "bad.phh"
    path.write_text(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n'
        'actions = ["d dh p1 AsAh", "d dh p2 KcKd", "p2 cbr 3"]\n'
    )
    result = run("replay", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "ILLEGAL: action 3 'p2 cbr 3': you may raise to between 4 and 100" in result.output
    bad = run("replay", str(path), "--json")
    assert json.loads(bad.output)[0]["error"]["action"] == "p2 cbr 3"
    path.write_text("variant = [")
    broken = run("replay", str(path))
    assert broken.exit_code == 2 and "not valid TOML" in broken.output


def test_play_in_a_pseudo_terminal(tmp_path):
    save = tmp_path / "session.phhs"
    command = [
        sys.executable,
        "-m",
        "pokerlab.simulate.cli",
        "play",
        "holdem",
        "--players",
        "3",
        "--structure",
        "no-limit",
        "--blinds",
        "5/10",
        "--stack",
        "300",
        "--bots",
        "station,tight",
        "--seed",
        "3",
        "--hands",
        "3",
        "--save",
        str(save),
    ]
    child = pexpect.spawn(command[0], command[1:], encoding="utf-8", timeout=60, dimensions=(40, 200))
    child.expect("you are seat 1")
    moves = 0
    invalid_checked = False
    while True:
        index = child.expect([r"your move: (.*)\r\n", "session over after"])
        if index == 1:
            break
        legal = child.match.group(1)
        child.expect("> ")
        if not invalid_checked:
            child.sendline("raise lots")
            child.expect("invalid: 'lots' is not a whole number of chips")
            child.expect("> ")
            child.sendline("r 1")
            child.expect("not allowed: ")
            child.expect("> ")
            invalid_checked = True
        child.sendline("c" if "call" in legal else "k")
        moves += 1
    child.expect(pexpect.EOF)
    text = child.before
    assert "You " in text and "saved 3 hand(s)" in text
    assert moves >= 3
    from pokerlab.simulate.histories import read, replay

    hands = [hand for _, hand in read(save)]
    assert len(hands) == 3 and all(replay(h).ok for h in hands)


# ---------------------------------------------------------------------- unwritable outputs, numeric options
@pytest.fixture
def a_file(tmp_path):
    """A regular file: paths under it cannot be written, even by root."""
    path = tmp_path / "a-file"
    path.write_text("")
    return path


def test_play_save_to_an_unwritable_path_fails_at_once(a_file, monkeypatch):
    def must_not_play(*args, **kwargs):
        raise AssertionError("the session was played before the save path was checked")

    monkeypatch.setattr("pokerlab.simulate.bots.TableGame.play", must_not_play)
    result = CliRunner().invoke(main, ["play", "holdem", "--save", str(a_file / "x.phhs")], input="q\n")
    assert result.exit_code == 2 and "Traceback" not in result.output
    [line] = result.output.splitlines()
    assert line.startswith("error: cannot write") and "x.phhs" in line


def test_a_save_that_fails_at_the_end_goes_to_a_temp_file(tmp_path, monkeypatch):
    from pokerlab.simulate.cli import game as cli_game
    from pokerlab.simulate.game import State, no_limit_holdem
    from pokerlab.simulate.histories import history_from_state, read

    hand = State(no_limit_holdem(1, 2), [10, 10], seed=1)
    hand.fold()
    histories = [history_from_state(hand)] * 2
    target = tmp_path / "gone" / "x.phhs"  # the folder does not exist when the session ends
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    with pytest.raises(SystemExit) as caught:
        cli_game._save_session(histories, str(target))
    assert caught.value.code == 2
    [spare] = list(tmp_path.glob("pokerlab-session-*.phhs"))
    assert len(list(read(spare))) == 2


def test_play_save_message_names_the_temp_file(tmp_path, capsys, monkeypatch):
    from pokerlab.simulate.cli import game as cli_game
    from pokerlab.simulate.game import State, no_limit_holdem
    from pokerlab.simulate.histories import history_from_state

    hand = State(no_limit_holdem(1, 2), [10, 10], seed=1)
    hand.fold()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    with pytest.raises(SystemExit):
        cli_game._save_session([history_from_state(hand)], str(tmp_path / "no" / "x.phh"))
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the 1 hand(s) are saved in" in err and str(tmp_path) in err


def test_simulate_phh_out_to_an_unwritable_folder_is_one_line(a_file):
    result = run("simulate", "holdem", "--hands", "3", "--phh-out", str(a_file / "dir"))
    assert result.exit_code == 2 and "Traceback" not in result.output
    [line] = result.output.splitlines()
    assert line.startswith("error: cannot write hand histories into")


@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "-1", "0", "1e9", "abc", ""])
def test_equity_bot_options_are_checked(budget):
    spec = f"equity:{budget}" if budget else "tight:3"
    result = run("simulate", "holdem", "--hands", "3", "--players", "2", "--bots", spec)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.startswith("error:") and result.output.count("\n") == 1


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "holdem", "--seed", str(2**64)),
        ("simulate", "holdem", "--seed", "-1"),
        ("simulate", "holdem", "--hands", str(10**30)),
        ("simulate", "holdem", "--stack", str(10**30)),
        ("simulate", "holdem", "--players", "0"),
        ("play", "holdem", "--seed", str(2**64)),
        ("play", "holdem", "--seed", "-5"),
        ("play", "holdem", "--hands", "0"),
        ("play", "holdem", "--stack", str(10**30)),
    ],
)
def test_numeric_options_out_of_range_are_clear_errors(args):
    result = run(*args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Invalid value" in result.output and "OverflowError" not in result.output


def test_largest_seed_is_accepted():
    assert run("simulate", "holdem", "--hands", "5", "--seed", str(2**64 - 1)).exit_code == 0


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_help_names_every_game_the_command_takes(command):
    shown = CliRunner().invoke(main, [command, "--help"]).output
    assert "{games}" not in shown
    names = set(re.findall(r"[a-z0-9-]+", shown.split("GAME:", 1)[1].split("Examples:", 1)[0]))
    assert set(GAME_NAMES) <= names
