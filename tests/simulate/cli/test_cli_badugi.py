"""``pokerlab simulate``, ``play`` and ``eval`` with badugi (docs/rules.md 16)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import read, replay


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_simulate_plays_badugi_and_writes_fb(tmp_path):
    result = run("simulate", "badugi", "-n", "30", "-p", "6", "--seed", "3", "--phh-out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Badugi:")
    [written] = list(tmp_path.glob("*.phhs"))
    hands = [hand for _, hand in read(written)]
    assert len(hands) == 30 and all(h.variant == "FB" for h in hands) and all(replay(h).ok for h in hands)


def test_play_badugi_in_the_terminal():
    result = run("play", "badugi", "-p", "3", "--seed", "1", "--hands", "1", stdin="f\n" * 4 + "q\n")
    assert result.exit_code == 0, result.output
    assert "session over" in result.output


def test_badugi_is_fixed_limit_only():
    result = run("simulate", "badugi", "-n", "5", "-s", "no-limit")
    assert result.exit_code == 2 and "badugi is played fixed-limit only" in result.output


def test_eval_takes_badugi():
    result = run("eval", "--rules", "badugi", "4c", "3d", "2h", "As", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["category"] == "Badugi" and data["description"] == "Badugi, four high (4-3-2-A)"
    refused = run("eval", "--rules", "badugi", "4c", "3d", "2h", "As", "Ks")
    assert refused.exit_code == 2 and "expected 4 cards, got 5" in refused.output
