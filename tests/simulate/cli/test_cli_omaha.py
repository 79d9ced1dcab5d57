"""``pokerlab simulate`` and ``pokerlab play`` with Omaha (omaha, omaha-hilo)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import read, replay


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize(
    "args,title,code",
    [
        (["omaha"], "Pot-limit Omaha:", "PO"),
        (["omaha-hilo"], "Pot-limit Omaha high-low eight or better:", "PO/8"),
        (["omaha-hilo", "-s", "fixed-limit"], "Fixed-limit Omaha high-low eight or better:", "FO/8"),
        (["plo8"], "Pot-limit Omaha high-low eight or better:", "PO/8"),
    ],
)
def test_simulate_plays_the_omaha_games(args, title, code, tmp_path):
    result = run("simulate", *args, "-n", "20", "-p", "10", "--seed", "3", "--phh-out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output.startswith(title) and "bb/100" in result.output
    [written] = list(tmp_path.glob("*.phhs"))
    hands = [hand for _, hand in read(written)]
    assert len(hands) == 20 and all(hand.variant == code for hand in hands) and all(replay(h).ok for h in hands)


def test_omaha_errors_are_one_line_exit_2():
    spread = run("simulate", "omaha", "-n", "5", "--spread", "2-10")
    assert spread.exit_code == 2 and "pot-limit, no-limit or fixed-limit" in spread.output
    bring_in = run("simulate", "omaha-hilo", "-n", "5", "--bring-in", "2")
    assert bring_in.exit_code == 2 and "has no bring-in" in bring_in.output


def test_play_omaha_hilo_calls_down(tmp_path):
    save = tmp_path / "plo8.phh"
    moves = "c\n" + "k\n" * 12 + "q\n"
    result = run(
        "play", "omaha-hilo", "-p", "3", "--seed", "2", "--bots", "station", "-n", "1", "--save", str(save), stdin=moves
    )
    assert result.exit_code == 0, result.output
    [(_, hand)] = read(save)
    assert hand.variant == "PO/8" and replay(hand).ok
    assert len(hand.actions[0].split()[-1]) == 8  # four hole cards


@pytest.mark.parametrize("cards,title", [(5, "Pot-limit five-card Omaha:"), (6, "Pot-limit six-card Omaha:")])
def test_hole_cards_option_deals_five_and_six_card_omaha(cards, title, tmp_path):
    result = run("simulate", "omaha", "--hole-cards", str(cards), "-n", "10", "-p", "3", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(title)
    played = run("simulate", "omaha", "--hole-cards", str(cards), "-n", "3", "--seed", "1", "--phh-out", str(tmp_path))
    [written] = list(tmp_path.glob("*.phhs"))
    assert played.exit_code == 0 and f"_hole_cards = {cards}" in written.read_text()
    assert all(replay(hand).ok for _, hand in read(written))


def test_hole_cards_option_errors():
    holdem = run("simulate", "holdem", "-n", "3", "--hole-cards", "5")
    assert holdem.exit_code == 2 and "only Omaha" in holdem.output
    seven = run("simulate", "omaha", "-n", "3", "--hole-cards", "7")
    assert seven.exit_code == 2 and "4<=x<=6" in seven.output
    crowded = run("simulate", "omaha", "-n", "3", "--hole-cards", "6", "-p", "8")
    assert crowded.exit_code == 2 and "takes 2 to 7 players, got 8" in crowded.output
