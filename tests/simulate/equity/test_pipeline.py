"""The equity pipeline as types: every game read into one Spot, planned into one Plan, run by its family's Scorer,
and the public entries all going through :func:`pokerlab.simulate.equity.api.equity`."""

from __future__ import annotations

import pkgutil

import pytest

import pokerlab.simulate.equity as equity_package
from pokerlab.equity_games import FAMILIES
from pokerlab.simulate.equity import api
from pokerlab.simulate.equity.draw import DrawError
from pokerlab.simulate.equity.options import EquityError
from pokerlab.simulate.equity.plan import DEFAULT_TRIALS, Plan, check_request, make_plan
from pokerlab.simulate.equity.scorer import SCORERS, Scorer, score, scorer
from pokerlab.simulate.equity.spot import Spot, read_spot

# One spot per family: (players, board, dead, game), each with a seeded Monte Carlo answer to compare.
SPOTS = {
    "holdem": (["AsAh", "QQ+,AKs"], "Kd7c2h", "5s", "texas"),
    "omaha": (["AsAhKsKh", "QdQcJdJc"], "2s7d9c", "3c", "plo8"),
    "stud": (["AsAh Kd 7c", "QcQd 9h"], None, "2c", "razz"),
    "draw": (["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d"], None, "2s", "2-7"),
    "short-deck": (["AsAh", "random"], "6c7d8h", "9s", "6+"),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_read_spot_reads_every_family_into_one_spot(family):
    players, board, dead, game = SPOTS[family]
    spot = read_spot(players, board, dead, game)
    assert isinstance(spot, Spot) and spot.family == family
    assert spot.game == api.game_name(game) and len(spot.players) == 2
    assert isinstance(spot.board, tuple) and isinstance(spot.dead, tuple)  # a spot is immutable
    assert len(spot.dead) == 1


@pytest.mark.parametrize(
    ("players", "board", "game"),
    [
        (["AsAh", "AsKd"], None, "holdem"),
        (["AsAhKsKh", "AsQdQcJd"], None, "omaha"),
        (["AsAh Kd", "As 9h"], None, "stud"),
        (["As Ah Kh Qh 3c/3c", "As 9d 5c 4h 2d/"], None, "draw"),
        (["AsAh", "AsKd"], None, "short-deck"),
    ],
)
def test_a_card_held_twice_is_refused_in_the_same_words_in_every_game(players, board, game):
    with pytest.raises(EquityError, match="^players 1 and 2 both hold As$"):
        read_spot(players, board, None, game)


def test_an_unknown_game_and_house_rules_outside_the_draw_games_are_refused():
    with pytest.raises(EquityError, match="^unknown game 'go-fish'; choose from holdem, omaha"):
        read_spot(["AsAh", "KsKh"], None, None, "go-fish")
    with pytest.raises(EquityError, match=r"^house rules \(max_draw\) are the draw games'; holdem takes none$"):
        api.equity(["AsAh", "KsKh"], house_rules={"max_draw": 2})


def test_the_draw_games_house_rules_go_through_the_one_entry():
    players = ["Ah Kh Qh Jh 3c/Jh Qh 3c", "9s 9d 5c 4h 2d/5c 4h 2d"]
    assert api.equity(players, game="draw").boards > 0
    with pytest.raises(DrawError, match="more than the rules allow"):
        api.equity(players, game="draw", house_rules={"max_draw": 2})
    with pytest.raises(EquityError, match="^unknown draw house rule 'jokers'"):
        api.equity(players, game="draw", house_rules={"jokers": 1})


@pytest.mark.parametrize(
    ("players", "board", "shortcut"),
    [
        (["AhKh", "QQ+"], None, "headsup-table"),  # two small ranges before the flop
        (["AKs", "random"], None, "preflop-table"),  # a class against a random hand
        (["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s", "postflop"),  # every board counted once per combo
        (["AhKh", "QsQd", "JcTc"], None, None),  # three hands: the enumeration of deals
    ],
)
def test_the_plan_picks_holdem_s_table_and_count_shortcuts(players, board, shortcut):
    plan = make_plan(read_spot(players, board, None, "holdem"), threads=1)
    assert (plan.method, plan.shortcut) == ("exact", shortcut)
    assert plan.seed is None and plan.target is None


def test_without_tables_the_plan_enumerates():
    plan = make_plan(read_spot(["AhKh", "QQ+"], None, None, "holdem"), threads=1, use_tables=False)
    assert (plan.method, plan.shortcut) == ("exact", None) and plan.work  # the deals grouped once, for the run


@pytest.mark.parametrize("family", FAMILIES)
def test_a_monte_carlo_plan_carries_its_seed_limit_and_target(family):
    players, board, dead, game = SPOTS[family]
    spot = read_spot(players, board, dead, game)
    plan = make_plan(spot, "mc", threads=1)
    assert plan.method == "mc" and plan.seed is not None  # drawn here, so the result reports it
    assert (plan.limit, plan.target) == (DEFAULT_TRIALS[family], 5e-4)
    plan = make_plan(spot, "mc", trials=1000, seed=3, threads=2)
    assert (plan.seed, plan.limit, plan.target, plan.threads) == (3, 1000, None, 2)


def test_the_plan_refuses_what_a_family_cannot_run():
    with pytest.raises(EquityError, match="^a Dask client runs hold'em equity only; omaha-hilo runs on this machine$"):
        make_plan(read_spot(*SPOTS["omaha"]), client=object())
    with pytest.raises(EquityError, match="^exact short-deck equity needs every hand"):
        make_plan(read_spot(*SPOTS["short-deck"]), "exact")
    with pytest.raises(EquityError, match="^exact enumeration would walk .* use Monte Carlo"):
        make_plan(read_spot(["As", "Kd"], None, None, "stud"), "exact")
    with pytest.raises(EquityError, match="^method must be 'auto', 'exact' or 'mc', got 'fast'$"):
        check_request("fast", None, None, None, None)


def test_every_family_has_one_scorer_with_the_protocol():
    assert sorted(SCORERS) == sorted(FAMILIES)
    for family in FAMILIES:
        found = scorer(family)
        assert all(callable(getattr(found, name, None)) for name in ("exact", "monte_carlo", "players"))
        _: Scorer = found  # the protocol, as mypy checks it


@pytest.mark.parametrize("family", FAMILIES)
def test_the_pipeline_s_steps_give_equity_s_answer(family):
    players, board, dead, game = SPOTS[family]
    spot = read_spot(players, board, dead, game)
    stepped = score(spot, make_plan(spot, "mc", trials=20_000, seed=11, threads=1))
    whole = api.equity(players, board, dead, game=game, method="mc", trials=20_000, seed=11, threads=1)
    assert stepped.to_dict() | {"seconds": 0} == whole.to_dict() | {"seconds": 0}
    assert isinstance(make_plan(spot, "mc", seed=1), Plan)


@pytest.mark.parametrize(
    ("module", "name", "call"),
    [
        ("engine", "equity", lambda f: f(["AsAh", "KsKh"], "2c3d4h")),
        ("omaha", "omaha_equity", lambda f: f(["AsAhKsKh", "QdQcJdJc"], game="omaha-hilo")),
        ("stud", "stud_equity", lambda f: f(["AsAh Kd", "QcQd 9h"], "2s", community="3c")),
        ("draw", "draw_equity", lambda f: f(["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/"], "deuce-seven", max_draw=3)),
        ("short_deck", "short_deck_equity", lambda f: f(["AsAh", "KsKh"], "6c7d8h")),
    ],
)
def test_each_game_s_public_function_is_the_one_entry_with_its_game(monkeypatch, module, name, call):
    calls = []
    monkeypatch.setattr(api, "equity", lambda *args, **kwargs: calls.append((args, kwargs)) or "answer")
    function = getattr(__import__(f"pokerlab.simulate.equity.{module}", fromlist=[name]), name)
    assert call(function) == "answer"
    ((args, kwargs),) = calls
    assert api.game_name(kwargs["game"]) is not None


def test_the_package_map_names_every_module():
    names = [info.name for info in pkgutil.iter_modules(equity_package.__path__)]
    doc = equity_package.__doc__ or ""
    assert [name for name in names if f":mod:`.{name}`" not in doc] == []
    # The pipeline's steps, drawn in the order of the calls.
    steps = [doc.index(f"**{step}** (:mod:`.{step}`)") for step in ("spot", "plan", "scorer", "result")]
    assert steps == sorted(steps)
