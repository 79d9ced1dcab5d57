"""``pokerlab simulate``, ``play``, ``equity`` and ``eval`` with short-deck hold'em (docs/rules.md 15)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import read, replay


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_simulate_plays_short_deck_and_writes_ns(tmp_path):
    result = run("simulate", "short-deck", "-n", "30", "-p", "6", "--ante", "2", "--button-blind", "4",
                 "--seed", "3", "--phh-out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.startswith("No-limit short-deck hold'em:")
    [written] = list(tmp_path.glob("*.phhs"))
    hands = [hand for _, hand in read(written)]
    assert len(hands) == 30 and all(h.variant == "NS" for h in hands) and all(replay(h).ok for h in hands)
    assert hands[0].antes == [2] * 6 and hands[0].blinds_or_straddles == [0, 0, 0, 0, 0, 4]


# written out again on purpose: test_cli_badugi.py checks its game the same way; each game's tests stand alone
def test_play_short_deck_in_the_terminal():
    result = run("play", "short-deck", "-p", "3", "--seed", "1", "--hands", "1", stdin="f\n" * 4 + "q\n")
    assert result.exit_code == 0, result.output
    assert "short-deck" in result.output


def test_a_button_blind_is_for_the_short_deck_only():
    result = run("simulate", "holdem", "-n", "5", "--button-blind", "2")
    assert result.exit_code == 2 and "only short-deck hold'em has a button blind" in result.output


def test_equity_and_eval_take_the_short_deck():
    result = run("equity", "--game", "short-deck", "AhKh", "QcQd", "--board", "Th9h6c", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "short-deck" and data["boards"] == 406
    assert round(data["players"][0]["equity"], 4) == 0.6022
    described = run("eval", "--rules", "short-deck", "Ah", "9h", "8h", "7h", "6h", "Kc", "Kd")
    assert described.exit_code == 0 and "Straight flush, nine high" in described.output
    refused = run("eval", "--rules", "short-deck", "5h", "9h", "8h", "7h", "6h")
    assert refused.exit_code == 2 and "not in the 36-card short deck" in refused.output
