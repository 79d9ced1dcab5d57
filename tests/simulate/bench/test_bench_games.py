"""The game-engine rows of ``pokerlab bench``: both engines play the declared game, and the check can fail."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from pokerlab.simulate.bench import run_case
from pokerlab.simulate.bench.cases import CASES, BenchConfig, select_cases
from pokerlab.simulate.bench.contenders import specs_for
from pokerlab.simulate.bench.games import GAMES, GameRun, check_game, play_pokerkit, play_pokerlab
from pokerlab.simulate.bench.report import OK, WRONG
from pokerlab.simulate.game import FIXED_LIMIT, NO_LIMIT, POT_LIMIT

TINY = BenchConfig.named("tiny")
ROOT = Path(__file__).resolve().parents[3]


def test_every_game_row_is_a_case_of_the_game_section_with_pokerkit():
    game_cases = [c for c in CASES if c.section == "game"]
    assert [c.id for c in game_cases] == ["game-nlhe", "game-plo", "game-stud"] == list(GAMES)
    for case in game_cases:
        assert [s.key for s in specs_for(case)] == ["pokerlab", "pokerkit"]
        assert case.unit == "hands" and case.show == "rate"


def test_the_declared_games_are_the_benchmarked_games():
    nlhe, plo, stud = (GAMES[k].pokerlab_variant() for k in ("game-nlhe", "game-plo", "game-stud"))
    assert nlhe.betting.kind == NO_LIMIT and nlhe.hole_cards == 2
    assert plo.betting.kind == POT_LIMIT and plo.hole_cards == 4 and plo.hole_used == 2
    assert stud.is_stud and stud.betting.kind == FIXED_LIMIT
    assert (stud.forced.ante, stud.forced.bring_in, stud.betting.small_bet, stud.betting.big_bet) == (1, 1, 2, 4)
    # pokerkit has no open-pair big bet on fourth street (docs/rules.md 13.7): the row's stud leaves it out
    assert not any(street.open_pair_big_bet for street in stud.streets)
    for game in GAMES.values():
        assert game.players == 6 and game.stack == 200


@pytest.mark.parametrize("game_id", list(GAMES))
def test_pokerlab_plays_every_hand_out_with_the_chips_it_dealt(game_id):
    game = GAMES[game_id]
    run = play_pokerlab(game, 40, seed=7, traced=40)
    assert run.chips == [game.players * game.stack] * 40
    assert run.decisions == sum(len(moves) for moves in run.moves) >= 40
    again = play_pokerlab(game, 40, seed=7, traced=40)
    assert again.moves == run.moves  # the same seed plays the same hands
    assert play_pokerlab(game, 40, seed=8, traced=40).moves != run.moves
    assert play_pokerlab(game, 40, seed=7).moves == []  # untraced: the timed runs record no moves


@pytest.mark.parametrize("game_id", list(GAMES))
def test_pokerkit_makes_pokerlabs_moves_hand_after_hand(game_id):
    game = GAMES[game_id]
    case = select_cases([game_id])[0]
    theirs = play_pokerkit(game, 40, seed=3)
    ours = play_pokerlab(game, 40, seed=3, traced=40)
    assert theirs.moves == ours.moves  # every fold, call, bring-in and raise-to amount
    assert any(isinstance(move, int) for moves in ours.moves for move in moves)  # raises among them
    ok, what = check_game(case, theirs, ours)
    assert ok and what.endswith("pokerlab's moves in every one (amounts included)"), what


def test_pokerkit_plays_the_same_hands_every_run_and_leaves_the_random_module_alone():
    game = GAMES["game-plo"]
    random.seed(11)
    expected_next = random.random()
    random.seed(11)
    first = play_pokerkit(game, 12, seed=5)
    assert random.random() == expected_next  # the caller's generator, as it was
    assert play_pokerkit(game, 12, seed=5) == first
    assert play_pokerkit(game, 12, seed=6) != first


def test_lost_chips_and_other_moves_are_refused():
    case = select_cases(["game-nlhe"])[0]
    ours = play_pokerlab(GAMES["game-nlhe"], 20, seed=1, traced=20)
    ok, what = check_game(case, GameRun([1200, 1201], 18), None)
    assert not ok and "1 of 2 hands ended with other than the 1,200 chips dealt" in what
    assert check_game(case, GameRun(), None) == (False, "no hands played")
    folding = GameRun([1200] * 20, 100, [("f",) * 5] * 20)  # everyone folds round to the big blind
    ok, what = check_game(case, folding, ours)
    assert not ok and what.startswith("hand 1, move ") and "NOT the same game or policy" in what
    shorter = GameRun([1200], len(ours.moves[0]) - 1, [ours.moves[0][:-1]])
    ok, what = check_game(case, shorter, ours)
    assert not ok and "the hand over, pokerlab's" in what
    untraced = GameRun([1200] * 20, 200)
    assert check_game(case, untraced, ours)[0] is False


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_bench_times_both_engines_after_the_check(game_id):
    result = run_case(select_cases([game_id])[0], TINY)
    pokerlab, pokerkit = result.entry("pokerlab"), result.entry("pokerkit")
    assert pokerlab.status == OK and pokerkit.status == OK, (pokerlab.note, pokerkit.note)
    assert pokerlab.work == [TINY.game_hands] * result.rounds
    assert pokerkit.work == [TINY.game_peer_hands] * result.rounds
    assert len(pokerkit.ratios) == result.rounds
    assert "chips conserved" in pokerkit.note and "pokerlab's moves in every one" in pokerkit.note
    assert f"{TINY.game_hands:,} hands" in result.spot


def test_a_peer_that_loses_chips_is_not_timed(monkeypatch):
    from pokerlab.simulate.bench import games

    real = games.play_pokerkit

    def leaky(game, hands, seed, new_state=None):
        run = real(game, hands, seed, new_state)
        run.chips[-1] -= 1
        return run

    monkeypatch.setattr(games, "play_pokerkit", leaky)
    result = run_case(select_cases(["game-stud"])[0], TINY)
    assert result.entry("pokerkit").status == WRONG and result.entry("pokerkit").seconds == []


def _game_speed_script():
    spec = importlib.util.spec_from_file_location("game_speed", ROOT / "benchmarks" / "game_speed.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_game_speed_script_runs_on_the_shared_loops(capsys, monkeypatch):
    from pokerlab.simulate.bench import games

    played: list[tuple[str, int]] = []
    for name in ("play_pokerlab", "play_pokerkit"):
        real = getattr(games, name)

        def spy(game, hands, seed, *rest, real=real, name=name):
            played.append((name, hands))
            return real(game, hands, seed, *rest)

        monkeypatch.setattr(games, name, spy)
    script = _game_speed_script()
    script.main(["--hands", "20", "--rounds", "1", "--breakdown", "--json"])
    parts = json.loads(capsys.readouterr().out)
    assert parts["decisions per hand"] > 1 and parts["State hand"] > 0
    assert {name for name, _ in played} == {"play_pokerlab", "play_pokerkit"}  # the bench's loops, not copies
    assert ("play_pokerkit", 20) in played
