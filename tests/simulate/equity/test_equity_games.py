"""One table of games (pokerlab.equity_games): every game the engine plays is asked for equity by its own name,
every copy of the names is derived from the table, and every game's equity JSON has the same keys."""

from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner
from helpers_fresh import fresh_python

from pokerlab import schemas
from pokerlab.equity_games import EQUITY_GAMES, EQUITY_NAMES, equity_game
from pokerlab.evaluator.rules import RULESETS
from pokerlab.simulate.equity import equity
from pokerlab.simulate.equity.result import (
    DRAW_GAMES,
    GAMES,
    PLAYER_COMMON_KEYS,
    PLAYER_KEYS,
    RESULT_KEYS,
)
from pokerlab.simulate.game.registry import GAMES as ENGINE, SHIPPED, Stakes

# One spot per family, in the cards its players take (draw: HAND/DISCARD; badugi: four cards).
SPOTS = {
    "holdem": (["AsAh", "KsKh"], "2c7d9h"),
    "short-deck": (["AsAh", "KsKh"], "6c7d9h"),
    "omaha": (["AsAhKsKh", "QdQcJdJc"], "2s7d9c"),
    "stud": (["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"], None),
    "draw": (["7h 5d 4c 3s Kh/Kh", "9s 8d 6c 4h 2d/"], None),
    "badugi": (["Ac 2d 3h Kh/Kh", "5c 4d 2h Ks/Ks"], None),
}


def _spot(game: str) -> tuple[list[str], str | None]:
    found = equity_game(game)
    assert found is not None
    return SPOTS["badugi" if found.rules == "badugi" else found.family]


def _variant(name: str):
    game = ENGINE[name]
    return game.variant(game.default_structure, Stakes())


@pytest.mark.parametrize("name", list(ENGINE))
def test_every_engine_game_is_asked_for_equity_by_its_own_names(name):
    """The engine's short names and aliases all name an equity game of the same ranking and low half."""
    game, variant = ENGINE[name], _variant(name)
    priced = game.equity
    assert priced is not None and priced.family in ("holdem", "omaha", "stud", "draw", "short-deck")
    for alias in (name, *game.aliases):
        assert equity_game(alias) is priced, alias
    if priced.family in ("draw", "stud", "short-deck") or priced.name == "holdem":
        assert priced.rules == variant.ranking
    assert (priced.low is not None) == (variant.low is not None)
    if variant.low is not None:
        assert priced.low == (variant.low.ranking, variant.low.qualifier)


@pytest.mark.parametrize("name", list(ENGINE))
def test_pokerlab_equity_answers_every_engine_game_under_its_name(name):
    players, board = _spot(name)
    data = json.loads(_run("equity", "--game", name, *players, *(["--board", board] if board else []), "--json"))
    assert data["game"] == ENGINE[name].equity.name
    assert abs(sum(p["equity"] for p in data["players"]) - 1.0) < 1e-9


def test_every_shipped_declaration_key_is_an_equity_name():
    for key, factory in SHIPPED.items():
        priced = equity_game(key)
        assert priced is not None, key
        assert priced.family in ("holdem", "omaha") or priced.rules == factory().ranking, key


def test_the_copies_of_the_names_are_derived_from_the_table():
    from pokerlab.simulate.bots.stud_play import ENGINE_GAMES
    from pokerlab.simulate.cli._common import EQUITY_GAMES as CLI_GAMES
    from pokerlab.simulate.equity.stud import GAME_ALIASES

    assert CLI_GAMES == list(GAMES) == list(EQUITY_GAMES)
    assert GAMES == {name: game.family for name, game in EQUITY_GAMES.items()}
    # One draw game per ruleset of the 52-card deck and its jokers.
    assert sorted(DRAW_GAMES.values()) == sorted(name for name, r in RULESETS.items() if r.deck_size >= 52)
    assert GAME_ALIASES == {alias: g.name for g in EQUITY_GAMES.values() if g.family == "stud" for alias in g.names}
    assert sorted(ENGINE_GAMES.values()) == ["razz", "stud", "stud-hilo"]
    assert {(variant.ranking, variant.low) for variant in map(_variant, ("stud", "stud-hilo", "razz"))} == set(
        ENGINE_GAMES
    )


def test_no_name_means_two_games():
    names = [alias for game in EQUITY_GAMES.values() for alias in game.names]
    assert len(names) == len(set(names)) == len(EQUITY_NAMES)
    assert all(name == name.lower() for name in names)


def test_a_name_is_read_in_any_case_and_an_unknown_one_refused():
    from pokerlab.simulate.equity.options import EquityError

    players, _ = SPOTS["badugi"]
    assert equity(players, game="BADUGI").game == "draw-badugi"
    for bad in ("go-fish", "", None, 7):
        with pytest.raises(EquityError, match="^unknown game .*; choose from holdem, omaha"):
            equity(players, game=bad)


@pytest.mark.parametrize("name", list(EQUITY_GAMES))
@pytest.mark.parametrize("method", ["exact", "mc"])
def test_every_game_has_the_same_json_keys(name, method):
    players, board = _spot(name)
    options = {"trials": 2_000, "seed": 5, "threads": 1} if method == "mc" else {}
    if EQUITY_GAMES[name].family == "stud" and method == "exact":
        players = ["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"]
    result = equity(players, board, game=name, method=method, **options)
    data = json.loads(json.dumps(result.to_dict()))
    assert list(data)[:2] == ["game", "method"] and set(RESULT_KEYS) <= set(data)
    assert data["game"] == name and data["method"] == method
    if method == "mc":
        assert data["trials"] == 2_000 and data["seed"] == 5
    else:
        assert data["trials"] is None and data["seed"] is None
    family = EQUITY_GAMES[name].family
    for player in data["players"]:
        assert list(player)[: len(PLAYER_COMMON_KEYS)] == list(PLAYER_COMMON_KEYS)
        assert list(player) == list(PLAYER_KEYS[family])
    jsonschema.Draft202012Validator(schemas.load("equity")).validate(data)


def test_the_schema_names_every_game_of_the_table():
    layouts = schemas.load("equity")["$defs"]
    named = [n for layout in ("holdem", "omaha", "stud") for n in layouts[layout]["properties"]["game"]["enum"]]
    assert sorted(named) == sorted(EQUITY_GAMES)
    for layout in ("holdem", "omaha", "stud"):
        assert set(RESULT_KEYS) <= set(layouts[layout]["required"])
        items = layouts[layout]["properties"]["players"]["items"]
        assert set(PLAYER_COMMON_KEYS) <= set(items["required"])


def test_equity_help_imports_neither_numpy_nor_numba():
    printed = fresh_python(
        """
        import sys
        from click.testing import CliRunner
        from pokerlab.simulate.cli.main import main
        out = CliRunner().invoke(main, ['equity', '--help'])
        assert out.exit_code == 0 and 'draw-badugi' in out.output
        print(sorted(m for m in ('numpy', 'numba') if m in sys.modules))
        """,
        timeout=300,
    )
    assert printed.strip().splitlines()[-1] == "[]"


def test_an_unknown_game_is_one_line_and_exit_status_2():
    from pokerlab.simulate.cli.main import main

    out = CliRunner().invoke(main, ["equity", "--game", "go-fish", "AsAh", "KsKh"])
    assert out.exit_code == 2 and "'go-fish' is not one of 'holdem'" in out.output


def _run(*args: str) -> str:
    from pokerlab.simulate.cli.main import main

    out = CliRunner().invoke(main, list(args))
    assert out.exit_code == 0, out.output
    return out.output
