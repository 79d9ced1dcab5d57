"""``pokerlab simulate`` and ``pokerlab play`` with the stud family (stud, stud-hilo, razz)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import read, replay


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize(
    "game,title", [("stud", "Seven-card stud"), ("stud-hilo", "Seven-card stud high-low"), ("razz", "Razz")]
)
def test_simulate_plays_the_stud_games(game, title, tmp_path):
    result = run("simulate", game, "-n", "20", "-p", "8", "--seed", "3", "--phh-out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{title}") and "antes/100" in result.output
    [written] = list(tmp_path.glob("*.phhs"))
    hands = [hand for _, hand in read(written)]
    assert len(hands) == 20 and all(replay(hand).ok for hand in hands)


def test_bring_in_option_and_its_errors():
    ok = run("simulate", "stud", "-n", "5", "-p", "3", "--ante", "1", "--bets", "4/8", "--bring-in", "3", "--json")
    assert ok.exit_code == 0, ok.output
    too_big = run("simulate", "razz", "-n", "5", "--bets", "4/8", "--bring-in", "5")
    assert too_big.exit_code == 2 and "at most the small bet 4, got 5" in too_big.output
    not_stud = run("simulate", "holdem", "-n", "5", "--bring-in", "2")
    assert not_stud.exit_code == 2 and "has no bring-in" in not_stud.output
    no_limit = run("simulate", "stud", "-n", "5", "-s", "no-limit")
    assert no_limit.exit_code == 2 and "fixed-limit only" in no_limit.output
    nine = run("simulate", "stud", "-n", "5", "-p", "9")
    assert nine.exit_code == 2 and "2 to 8 players, got 9" in nine.output.splitlines()[-1]


def test_play_stud_brings_in_with_i(tmp_path):
    save = tmp_path / "stud.phh"
    # Seed 6: you hold the lowest door card and bring in; then call and check to the end, and quit.
    moves = "i\n" + "c\n" * 3 + "k\n" * 12 + "q\n"
    result = run(
        "play", "stud", "-p", "3", "--seed", "6", "--bots", "station", "-n", "1", "--save", str(save), stdin=moves
    )
    assert result.exit_code == 0, result.output
    assert "bring_in ('i')" in result.output and "You bring in for 1" in result.output
    assert "up cards: You " in result.output
    [(_, hand)] = read(save)
    assert hand.variant == "F7S" and "p1 pb" in hand.actions and replay(hand).ok


STUD_TOKENS = ["--ante", "--bets", "--bring-in", "-p", "-s", "--raise-cap", "--straddles", "--bb-ante", "--spread"]
STUD_TOKENS += ["0", "1", "2", "3", "9", "-1", "4/2", "2/4", "x/y", "none", "no-limit", "fixed-limit", "2-10", "nan"]


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(["stud", "stud-hilo", "razz"]), args=st.lists(st.sampled_from(STUD_TOKENS), max_size=6))
def test_stud_options_answer_or_exit_2(game, args):
    result = run("simulate", game, "-n", "2", "--seed", "1", *args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 2), (result.exit_code, result.output)
    if result.exit_code == 2:
        assert "Traceback" not in result.output and result.output.strip()
