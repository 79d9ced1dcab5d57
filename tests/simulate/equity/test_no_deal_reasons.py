"""A spot no deal fits raises :class:`NoDealError` with a reason code, and ``equity_by_combo`` reacts to the code,
not to the wording of the message."""

from __future__ import annotations

import pickle

import pytest

from pokerlab import equity
from pokerlab.evaluator.cards import to_card_ids
from pokerlab.simulate.equity import distribution
from pokerlab.simulate.equity.distribution import equity_by_combo
from pokerlab.simulate.equity.options import NO_DEAL_EXISTS, NO_DEAL_FOUND, EquityError, NoDealError

# With this flop, player 1's AsAh is never dealt: player 2 must then hold AdKd and player 3 AdKc.
SPOT = (["AsAh,KsKh", "AsQd,AdKd", "AhJc,AdKc"], "2c3c4h")


@pytest.mark.parametrize(
    ("method", "reason"), [("exact", NO_DEAL_EXISTS), ("auto", NO_DEAL_EXISTS), ("mc", NO_DEAL_FOUND)]
)
def test_ranges_that_always_share_a_card_raise_the_reason(method, reason):
    with pytest.raises(NoDealError) as caught:
        equity(["AsAh", "AsAd,AhAd"], method=method, trials=1000)
    assert caught.value.reason == reason and isinstance(caught.value, EquityError)
    copied = pickle.loads(pickle.dumps(caught.value))  # a worker process's error keeps its reason
    assert copied.reason == reason and str(copied) == str(caught.value)


def test_a_combo_no_deal_holds_is_left_out():
    ranges, board = SPOT
    d = equity_by_combo(ranges, board=board, method="exact")
    assert [c.combo for c in d.players[0].combos] == ["KsKh"]


def _equity_refusing(monkeypatch, error: Exception) -> None:
    """``equity_by_combo``'s per-combo call, raising ``error`` for player 1's KsKh."""
    real = distribution.equity
    kings = set(to_card_ids("KsKh", 2))

    def refusing(players, **options):
        if isinstance(players[0], list) and set(players[0]) == kings:
            raise error
        return real(players, **options)

    monkeypatch.setattr(distribution, "equity", refusing)


def test_the_reason_not_the_wording_leaves_a_combo_out(monkeypatch):
    _equity_refusing(monkeypatch, NoDealError("worded otherwise", NO_DEAL_EXISTS))
    ranges, board = SPOT
    with pytest.raises(NoDealError, match="no deal is possible for player 1") as caught:
        equity_by_combo(ranges, board=board, method="exact")  # both of player 1's combos left out
    assert caught.value.reason == NO_DEAL_EXISTS


def test_an_error_worded_like_a_missing_deal_without_the_reason_is_not_taken_for_one(monkeypatch):
    _equity_refusing(monkeypatch, EquityError("no deal is possible: the players' hands or ranges always share a card"))
    ranges, board = SPOT
    with pytest.raises(EquityError, match="no deal is possible: the players'"):
        equity_by_combo(ranges, board=board, method="exact")


def test_a_deal_monte_carlo_could_not_find_sends_auto_to_monte_carlo(monkeypatch):
    _equity_refusing(monkeypatch, NoDealError("worded otherwise", NO_DEAL_FOUND))
    ranges, board = SPOT
    d = equity_by_combo(ranges, board=board, method="auto", trials=2000, seed=1)
    assert d.method == "mc"
    with pytest.raises(NoDealError, match="worded otherwise"):
        equity_by_combo(ranges, board=board, method="exact")  # exact asked for: nothing to fall back on
