"""The rake has a bound, all-zero winnings are not recorded, a skipped fold is named with its cure, and one bad
hand does not stop a file's replay."""

from __future__ import annotations

from decimal import Decimal

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import loads
from pokerlab.simulate.histories.replay import RakeLimit, replay

# p2 raises, p1 folds: p2 takes a pot of 4 (2 in whole chips, 2.00 in cents: see the tests).
HAND = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = {blinds}
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"]
winnings = {winnings}
"""


def _hand(winnings: str, blinds: str = "[1, 2]"):
    return loads(HAND.format(winnings=winnings, blinds=blinds))


@pytest.mark.parametrize(
    ("blinds", "winnings", "status", "rake"),
    [
        ("[1, 2]", "[0, 4]", "ok", 0),  # the whole pot
        ("[0.50, 1.00]", "[0, 1.90]", "ok", Decimal("0.10")),  # 5 % of the pot short: the rake
        ("[0.50, 1.00]", "[0, 1.80]", "ok", Decimal("0.20")),  # 10 %: still the rake
        ("[0.50, 1.00]", "[0, 1.70]", "differs", 0),  # 15 %: a mismatch, not a rake
        ("[1, 2]", "[0, 1]", "differs", 0),  # three quarters of the pot "raked" replayed ok before the bound
        ("[1, 2]", "[0, 0]", "winnings not recorded", 0),  # all zero: not a pot raked whole
    ],
)
def test_recorded_winnings_against_the_rake_bound(blinds, winnings, status, rake):
    result = replay(_hand(winnings, blinds))
    assert result.status == status, result.problems
    assert result.rake == rake


def test_a_larger_bound_or_a_cap_decide_the_same_shortfall():
    assert replay(_hand("[0, 3]"), rake=RakeLimit(0.5)).status == "ok"
    assert replay(_hand("[0, 3]"), rake=RakeLimit(0.5)).rake == 1
    assert replay(_hand("[0, 3]"), rake=RakeLimit(0.5, cap=Decimal("0.5"))).status == "differs"
    assert replay(_hand("[0, 3]"), rake=RakeLimit(0.5, cap=1)).status == "ok"


def test_an_action_out_of_turn_names_the_fill_skipped_option():
    hand = loads(HAND.format(winnings="[0, 4]", blinds="[1, 2]").replace('"p2 cbr 6", "p1 f"', '"p1 f"'))
    result = replay(hand)
    assert result.status == "illegal"
    assert "--fill-skipped" in str(result.error) and "checks when checking is free, else folds" in str(result.error)
    assert "--fill-skipped" not in str(replay(hand, fill_skipped=True).error or "")


def test_a_file_replays_every_hand_past_one_that_is_not_phh(tmp_path):
    good = HAND.format(winnings="[0, 4]", blinds="[1, 2]")
    bad = good.replace("min_bet = 2", 'min_bet = "two"')
    path = tmp_path / "night.phhs"
    path.write_text("".join(f"[{i}]\n{text}\n" for i, text in enumerate([good, bad, good], start=1)))
    result = CliRunner().invoke(main, ["replay", str(path), "--quiet"])
    assert result.exit_code == 2, result.output
    assert result.stdout.splitlines() == [
        "hand 1: ok",
        "hand 2: unreadable: min_bet: must hold amounts of money (numbers), got 'two'",
        "hand 3: ok",
        "3 hand(s) replayed, 2 ok, 1 not PHH, 0 with problems",
    ]
    [error] = result.stderr.splitlines()
    assert error.startswith("error: ") and "hand [2]" in error and "min_bet" in error


def test_the_rake_options_of_the_command(tmp_path):
    path = tmp_path / "short.phh"
    path.write_text(HAND.format(winnings="[0, 3]", blinds="[1, 2]"))
    assert CliRunner().invoke(main, ["replay", str(path), "-q"]).exit_code == 1
    assert CliRunner().invoke(main, ["replay", str(path), "-q", "--max-rake", "0.5"]).exit_code == 0
    capped = CliRunner().invoke(main, ["replay", str(path), "-q", "--max-rake", "0.5", "--rake-cap", "0.5"])
    assert capped.exit_code == 1
    bad = CliRunner().invoke(main, ["replay", str(path), "--rake-cap", "lots"])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and "--rake-cap" in bad.output
