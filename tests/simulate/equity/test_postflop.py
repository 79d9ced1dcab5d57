"""The exact postflop engine's one-call path (one thread) against its threaded path, spot by spot."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.evaluator.cards import format_cards
from pokerlab.simulate.equity.engine import prepare_spot
from pokerlab.simulate.equity.postflop import _every_deal


def test_one_call_path_matches_the_threaded_path():
    """exact_postflop (set-up inside the kernel) gives the counts of postflop_inputs + the parallel kernel."""
    rng = np.random.default_rng(18)
    ranges = ["random", "QQ+,AQs+,KQs", "AK@40,QQ@25,T9s", "JJ-66,AJs-A8s"]
    for i in range(12):
        cards = rng.permutation(52).tolist()
        n_board = 3 + i % 3
        board = format_cards(cards[:n_board])
        hero = format_cards(cards[n_board : n_board + 2])
        dead = format_cards(cards[n_board + 2 : n_board + 2 + i % 3])
        players = [hero, ranges[i % 4]] + ([ranges[(i + 1) % 4]] if i % 2 else [])
        try:
            parsed, board_ids, _, _, dead_mask = prepare_spot(players, board, dead or None)
        except ValueError:  # a range emptied by the board: not this test's subject
            continue
        one = _every_deal(parsed, board_ids, dead_mask, 1)
        two = _every_deal(parsed, board_ids, dead_mask, 2)
        assert one[2] == two[2], (players, board, dead)
        assert one[1] == pytest.approx(two[1], rel=1e-10)  # weights summed in another order
        assert one[0] == pytest.approx(two[0], rel=1e-10, abs=1e-6), (players, board, dead)


def test_turn_spot_counts():
    """AhKh against QQ+,AQs+,KQs on Qh7h2c3s: each combo clear of the hero's cards meets 44 rivers."""
    parsed, board_ids, _, _, dead_mask = prepare_spot(["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s", None)
    counts, weight, deals = _every_deal(parsed, board_ids, dead_mask, 1)
    clear = sum(1 for a, b in parsed[1].combos.tolist() if a not in (50, 46) and b not in (50, 46))
    assert clear == 18
    assert deals == clear * 44
    assert weight == deals and counts.sum() == deals
