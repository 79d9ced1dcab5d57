"""``pokerlab simulate``, ``play``, ``equity`` and ``eval`` with short-deck hold'em (docs/rules.md 15)."""

from __future__ import annotations

import json

from helpers_cli import output, refusal

from pokerlab.simulate.histories import read, replay


def test_simulate_plays_short_deck_and_writes_ns(tmp_path):
    printed = output("simulate", "short-deck", "-n", "30", "-p", "6", "--ante", "2", "--button-blind", "4",
                     "--seed", "3", "--phh-out", str(tmp_path))  # fmt: skip
    assert printed.startswith("No-limit short-deck hold'em:")
    [written] = list(tmp_path.glob("*.phhs"))
    hands = [hand for _, hand in read(written)]
    assert len(hands) == 30 and all(h.variant == "NS" for h in hands) and all(replay(h).ok for h in hands)
    assert hands[0].antes == [2] * 6 and hands[0].blinds_or_straddles == [0, 0, 0, 0, 0, 4]


def test_play_short_deck_in_the_terminal():
    assert "short-deck" in output(
        "play", "short-deck", "-p", "3", "--seed", "1", "--hands", "1", stdin="f\n" * 4 + "q\n"
    )


def test_a_button_blind_is_for_the_short_deck_only():
    assert "only short-deck hold'em has a button blind" in refusal(
        "simulate", "holdem", "-n", "5", "--button-blind", "2"
    )


def test_equity_and_eval_take_the_short_deck():
    data = json.loads(output("equity", "--game", "short-deck", "AhKh", "QcQd", "--board", "Th9h6c", "--json"))
    assert data["game"] == "short-deck" and data["boards"] == 406
    assert round(data["players"][0]["equity"], 4) == 0.6022
    described = output("eval", "--rules", "short-deck", "Ah", "9h", "8h", "7h", "6h", "Kc", "Kd")
    assert "Straight flush, nine high" in described
    assert "not in the 36-card short deck" in refusal("eval", "--rules", "short-deck", "5h", "9h", "8h", "7h", "6h")
