"""``pokerlab play`` and ``simulate`` take the house-rule options; the PHH they write keeps them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import read


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_spread_limit_requires_the_spread_on_the_command_line():
    result = run("simulate", "holdem", "--structure", "spread-limit", "--hands", "10")
    assert result.exit_code == 2 and "spread limit needs a maximum bet" in result.output
    result = run("simulate", "holdem", "--spread", "2-10", "--structure", "no-limit", "--hands", "10")
    assert result.exit_code == 2 and "betting of spread limit" in result.output
    result = run("simulate", "holdem", "--spread", "10-2", "--hands", "10")
    assert result.exit_code == 2 and "--spread must be" in result.output


def test_spread_and_rule_options_reach_the_hand_histories(tmp_path: Path):
    args = ["simulate", "draw", "--hands", "40", "--players", "3", "--seed", "2", "--phh-out", str(tmp_path)]
    args += ["--spread", "2-6", "--raise-cap", "1", "--no-heads-up-cap", "--bet-or-drop-second-round"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    hands = [hand for path in sorted(tmp_path.glob("*.phhs")) for _, hand in read(path)]
    variant = hands[0].game()
    assert variant.betting.kind == "spread-limit" and variant.betting.max_bet == 6
    assert variant.betting.raise_cap == 1 and not variant.betting.cap_heads_up
    assert variant.opening.bet_or_drop_second_round
    replayed = run("replay", "--quiet", str(sorted(tmp_path.glob("*.phhs"))[0]))
    assert replayed.exit_code == 0, replayed.output


def test_raise_cap_option_refuses_a_word():
    result = run("simulate", "draw", "--raise-cap", "three", "--hands", "5")
    assert result.exit_code == 2 and "--raise-cap is a number of raises or 'none'" in result.output


def test_play_takes_the_rule_options():
    args = ["play", "holdem", "--spread", "2-10", "--blind-minutes", "20", "--no-heads-up-cap", "--seed", "1"]
    result = run(*args, stdin="q\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Spread-limit Texas hold'em: you are seat 1")


def test_play_deuce_to_seven_with_the_joker():
    result = run("play", "2-7-joker", "--seed", "1", stdin="q\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Deuce-to-seven single draw with the joker")


def test_stud_plays_with_or_without_the_open_pair_rule(tmp_path: Path):
    args = ["simulate", "stud", "--hands", "30", "--players", "3", "--seed", "4", "--no-open-pair"]
    result = run(*args, "--phh-out", str(tmp_path))
    assert result.exit_code == 0, result.output
    hands = [hand for path in sorted(tmp_path.glob("*.phhs")) for _, hand in read(path)]
    assert all(hand.user["_open_pair_big_bet"] is False for hand in hands)
    assert not any(street.open_pair_big_bet for street in hands[0].game().streets)
    played = run("play", "stud", "--no-open-pair", "--seed", "1", stdin="q\n")
    assert played.exit_code == 0 and played.output.startswith("Seven-card stud: you are seat 1"), played.output


def test_the_open_pair_options_are_refused_where_there_is_no_such_rule():
    result = run("simulate", "holdem", "--no-open-pair", "--hands", "5")
    assert result.exit_code == 2 and "--open-pair and --no-open-pair are for stud" in result.output
    result = run("simulate", "razz", "--open-pair", "--hands", "5")
    assert result.exit_code == 2 and "Razz has no open-pair rule" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert run("simulate", "razz", "--no-open-pair", "--hands", "5").exit_code == 0  # razz never had it
