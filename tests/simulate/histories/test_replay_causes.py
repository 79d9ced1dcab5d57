"""A replay's break carries a cause code (``ReplayBreak.cause``) that callers test, never the text of its reason:
the folder summary counts the causes, and ``pokerlab replay FOLDER`` names ``--fill-skipped`` from the count."""

from __future__ import annotations

from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.histories import ReplayBreak, loads, replay
from pokerlab.simulate.histories.dataset import ReplaySummary
from pokerlab.simulate.histories.results import OUT_OF_TURN

HINT = "records that leave out folds replay with --fill-skipped"


def _hand(actions: str) -> str:
    return (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        f"starting_stacks = [100, 100, 100]\nactions = [{actions}]\n"
    )


DEAL = '"d dh p1 ????", "d dh p2 ????", "d dh p3 ????", '
OUT_OF_TURN_HAND = _hand(DEAL + '"p1 f"')  # p3 is to act
BAD_RAISE_HAND = _hand(DEAL + '"p3 cbr 3"')  # below the minimum raise
AFTER_THE_END_HAND = _hand(DEAL + '"p3 f", "p1 f", "p2 f"')  # p2 won when p1 folded


def test_an_action_out_of_turn_has_its_cause_and_other_breaks_have_none():
    assert replay(loads(OUT_OF_TURN_HAND)).error.cause == OUT_OF_TURN
    assert replay(loads(BAD_RAISE_HAND)).error.cause is None
    ended = replay(loads(AFTER_THE_END_HAND)).error
    assert ended.cause is None and "over" in ended.reason
    # With fill_skipped a folded player acting again is still out of turn.
    refold = replay(loads(_hand(DEAL + '"p3 f", "p1 cc", "p3 f"')), fill_skipped=True).error
    assert refold.cause == OUT_OF_TURN


def test_the_summary_counts_causes_and_merges_them():
    whole, part = ReplaySummary("data"), ReplaySummary("data")
    whole.add("illegal", "a.phh: hand [1]", "reason", OUT_OF_TURN)
    part.add("illegal", "b.phh: hand [1]", "reason", OUT_OF_TURN)
    part.add("illegal", "c.phh: hand [1]", "reason")
    whole.merge(part)
    assert whole.causes == {OUT_OF_TURN: 2} and whole.counts["illegal"] == 3


def _folder(tmp_path, *texts: str):
    for k, text in enumerate(texts):
        (tmp_path / f"hand{k}.phh").write_text(text)
    return str(tmp_path)


def test_the_fill_skipped_hint_follows_out_of_turn_hands_beyond_the_examples_shown(tmp_path):
    # Five other breaks come first: the summary shows only their reasons, yet the sixth hand is out of turn.
    folder = _folder(tmp_path, *[BAD_RAISE_HAND] * 5, OUT_OF_TURN_HAND)
    result = CliRunner().invoke(main, ["replay", folder, "--jobs", "1"])
    assert result.exit_code == 1 and "'s turn, not" not in result.output
    assert HINT in result.output


def test_the_hint_reads_the_cause_not_the_reason_text(tmp_path, monkeypatch):
    folder = _folder(tmp_path, OUT_OF_TURN_HAND, BAD_RAISE_HAND)
    monkeypatch.setattr(ReplayBreak, "__str__", lambda self: "a reason worded otherwise")
    result = CliRunner().invoke(main, ["replay", folder, "--jobs", "1"])
    assert "a reason worded otherwise" in result.output and "turn" not in result.output
    assert HINT in result.output
    filled = CliRunner().invoke(main, ["replay", folder, "--jobs", "1", "--fill-skipped"])
    assert HINT not in filled.output


def test_no_hint_without_an_out_of_turn_hand(tmp_path):
    result = CliRunner().invoke(main, ["replay", _folder(tmp_path, BAD_RAISE_HAND), "--jobs", "1"])
    assert result.exit_code == 1 and HINT not in result.output
