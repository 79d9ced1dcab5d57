"""``pokerlab play``/``simulate`` forced-bet options: straddles, big-blind and button antes, antes by seat."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import read, replay


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_simulated_straddles_and_big_blind_antes_are_written_and_replay(tmp_path):
    args = ("simulate", "holdem", "--hands", "60", "--players", "5", "--seed", "2", "--phh-out", str(tmp_path))
    result = run(*args, "--straddles", "4", "--bb-ante", "2")
    assert result.exit_code == 0, result.output
    hands = [hand for path in sorted(tmp_path.glob("*.phh*")) for _, hand in read(path)]
    assert len(hands) == 60
    assert all(h.blinds_or_straddles == [1, 2, 4, 0, 0] and h.antes == [0, 2, 0, 0, 0] for h in hands)
    assert all(replay(h).ok for h in hands)
    assert run("replay", str(tmp_path)).exit_code == 0


def test_antes_by_seat_and_a_button_ante_add_up(tmp_path):
    args = ("simulate", "holdem", "--hands", "20", "--players", "4", "--seed", "3", "--phh-out", str(tmp_path))
    result = run(*args, "--antes", "1,0,0,3", "--button-ante", "2", "--no-ante-trimming")
    assert result.exit_code == 0, result.output
    hands = [hand for path in sorted(tmp_path.glob("*.phh*")) for _, hand in read(path)]
    assert {tuple(h.antes) for h in hands} == {(1, 0, 0, 5)}
    assert all(h.optional["ante_trimming_status"] is False and replay(h).ok for h in hands)


@pytest.mark.parametrize(
    "args,message",
    [
        (("--straddles", "4,x"), "--straddles takes whole numbers"),
        (("--straddles", "4,8", "--players", "3"), "2 straddles need more than 3 players"),
        (("--antes", "-1"), "--antes amounts must be from 0"),
        (("--antes", "1,2,3,4,5", "--players", "3"), "5 per-seat antes for 3 players"),
    ],
)
def test_bad_forced_bet_options_are_one_line(args, message):
    result = run("simulate", "holdem", "--hands", "5", *args)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_straddles_need_a_blind_game():
    result = run("simulate", "draw", "--hands", "5", "--straddles", "2")
    assert result.exit_code == 2 and "has no blinds" in result.output
