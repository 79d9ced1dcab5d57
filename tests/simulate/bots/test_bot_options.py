"""Bot and simulation options are checked: finite, in their documented range, a ValueError otherwise."""

from __future__ import annotations

import math

import pytest

from pokerlab.simulate.bots import EquityBot, make_bot, simulate_bots
from pokerlab.simulate.game import no_limit_holdem


@pytest.mark.parametrize("budget", [math.nan, math.inf, -math.inf, -1, 0, 0.0001, 61, 1e300, True, "0.1", None])
def test_equity_budget_outside_its_range_is_refused(budget):
    with pytest.raises(ValueError, match="seconds per decision"):
        EquityBot(budget)


@pytest.mark.parametrize("chunk", [0, -1, 10**7, 1.5, True, math.nan])
def test_equity_chunk_outside_its_range_is_refused(chunk):
    with pytest.raises(ValueError, match="chunk"):
        EquityBot(0.01, chunk=chunk)


@pytest.mark.parametrize("spec", ["equity:nan", "equity:inf", "equity:-inf", "equity:0", "equity:1e9", "equity:x"])
def test_make_bot_refuses_bad_equity_budgets(spec):
    with pytest.raises(ValueError):
        make_bot(spec)


@pytest.mark.parametrize("spec", ["tight:3", "random:1", "station:x"])
def test_options_for_bots_without_options_are_refused(spec):
    with pytest.raises(ValueError, match="only the equity bot takes an option"):
        make_bot(spec)


def test_equity_bounds_are_accepted():
    assert EquityBot(0.001).budget == 0.001 and EquityBot(60).budget == 60


@pytest.mark.parametrize(
    "options",
    [
        {"hands": 0},
        {"hands": 1.5},
        {"hands": True},
        {"hands": 10**10},
        {"hands": 5, "stack": 0},
        {"hands": 5, "stack": math.nan},
        {"hands": 5, "stack": 10**13},
        {"hands": 5, "seed": 2**64},
        {"hands": 5, "seed": -1},
        {"hands": 5, "seed": 1.5},
    ],
)
def test_simulation_numbers_are_checked(options):
    with pytest.raises(ValueError):
        simulate_bots(no_limit_holdem(1, 2), ["station", "station"], **options)
