"""``pokerlab simulate``, ``play`` and ``eval`` with badugi (docs/rules.md 16)."""

from __future__ import annotations

import json

from helpers_cli import output, refusal

from pokerlab.simulate.histories import read, replay


def test_simulate_plays_badugi_and_writes_fb(tmp_path):
    printed = output("simulate", "badugi", "-n", "30", "-p", "6", "--seed", "3", "--phh-out", str(tmp_path))
    assert printed.startswith("Badugi:")
    [written] = list(tmp_path.glob("*.phhs"))
    hands = [hand for _, hand in read(written)]
    assert len(hands) == 30 and all(h.variant == "FB" for h in hands) and all(replay(h).ok for h in hands)


def test_play_badugi_in_the_terminal():
    assert "session over" in output("play", "badugi", "-p", "3", "--seed", "1", "--hands", "1", stdin="f\n" * 4 + "q\n")


def test_badugi_is_fixed_limit_only():
    assert "badugi is played fixed-limit only" in refusal("simulate", "badugi", "-n", "5", "-s", "no-limit")


def test_eval_takes_badugi():
    data = json.loads(output("eval", "--rules", "badugi", "4c", "3d", "2h", "As", "--json"))
    assert data["category"] == "Badugi" and data["description"] == "Badugi, four high (4-3-2-A)"
    assert "expected 4 cards, got 5" in refusal("eval", "--rules", "badugi", "4c", "3d", "2h", "As", "Ks")
