"""The numba fast path plays by the main engine's rules: recorded hands replay move by move."""

from __future__ import annotations

import pytest

from pokerlab.simulate.game import State, no_limit_holdem
from pokerlab.simulate.game.fast_nlhe import simulate_random_nlhe

KINDS = {0: "fold", 1: "check", 2: "call"}


def _replay(result, players, stacks, small_blind, big_blind):
    variant = no_limit_holdem(small_blind, big_blind)
    showdowns = side_pots = 0
    for h in range(result.hands):
        hand = State(variant, stacks, button=h % players, deck=[int(c) for c in result.decks[h]], seed=0)
        for seat, kind, to, low, high in result.moves[h, : result.move_counts[h]].tolist():
            assert hand.actor == seat
            assert hand.bet_or_raise_range() == (None if low < 0 else (low, high))
            if kind == 3:
                hand.bet_or_raise(to)
            else:
                getattr(hand, KINDS[kind])()
        assert hand.phase == "done", f"hand {h} not finished after the recorded moves"
        assert hand.net == result.nets[h].tolist(), f"hand {h}: {hand.history}"
        showdowns += hand.ended_by == "showdown"
        side_pots += len(hand.pots) > 1
    return showdowns, side_pots


@pytest.mark.parametrize("players", [2, 3, 6])
def test_fast_path_matches_main_engine_equal_stacks(players):
    result = simulate_random_nlhe(
        300, players=players, stack=200, small_blind=1, big_blind=2, seed=players, record=True
    )
    showdowns, _ = _replay(result, players, [200] * players, 1, 2)
    assert showdowns > 0


def test_fast_path_matches_main_engine_with_side_pots_and_odd_chips():
    stacks = [7, 40, 13, 200, 25, 60]
    result = simulate_random_nlhe(600, players=6, stack=stacks, small_blind=1, big_blind=3, seed=9, record=True)
    showdowns, side_pots = _replay(result, 6, stacks, 1, 3)
    assert showdowns > 0 and side_pots > 0


def test_fast_path_conserves_chips():
    result = simulate_random_nlhe(20_000, players=6, seed=4)
    assert result.hands == 20_000 and int(result.nets.sum()) == 0


def test_fast_path_refuses_bad_tables():
    with pytest.raises(ValueError, match="players must be 2..10"):
        simulate_random_nlhe(1, players=11)
    with pytest.raises(ValueError, match="one per seat"):
        simulate_random_nlhe(1, players=3, stack=[10, 10])


def test_importing_the_game_package_compiles_nothing():
    import subprocess
    import sys

    code = "import sys, pokerlab.simulate.game; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
