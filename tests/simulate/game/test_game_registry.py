"""The game registry: every entry builds, its aliases resolve to it, and its PHH codes are the ones written."""

from __future__ import annotations

import pytest

from pokerlab.simulate.game import SPREAD_LIMIT, registry
from pokerlab.simulate.game.declarations import BETTING_KINDS
from pokerlab.simulate.histories.codes import LETTERS, phh_fields


@pytest.mark.parametrize("name", list(registry.GAMES))
def test_every_game_builds_in_each_of_its_structures(name):
    game = registry.GAMES[name]
    assert game.default_structure in game.structures
    for kind in game.structures:
        spread = (2, 10) if kind == SPREAD_LIMIT else None
        assert game.variant(kind, registry.Stakes(spread=spread)).betting.kind == kind
    for kind in set(BETTING_KINDS) - set(game.structures):
        with pytest.raises(ValueError, match="played"):
            game.variant(kind, registry.Stakes())


def test_names_are_unique_and_aliases_name_short_games():
    names = [*registry.GAMES, *registry.SHIPPED]
    assert len(set(names)) == len(names) == len(registry.GAME_NAMES)
    assert not set(registry.ALIASES) & set(registry.GAMES)
    assert set(registry.ALIASES.values()) <= set(registry.GAMES)
    assert all(registry.resolve(alias.upper()) == name for alias, name in registry.ALIASES.items())


@pytest.mark.parametrize("code", list(registry.phh_games()))
def test_a_standard_code_is_what_its_game_writes(code):
    game = registry.phh_games()[code]
    kind = next(kind for kind, letter in LETTERS.items() if code.startswith(letter))
    written, _, _ = phh_fields(game.variant(kind, registry.Stakes()), 3)
    assert written == code
    assert game.phh_family is None or code[1:] == game.phh_family


def test_no_alias_hides_a_shipped_key():
    assert not set(registry.ALIASES) & set(registry.SHIPPED)
    assert registry.resolve("Jacks-Or-Better") == "jacks-or-better"


def test_jacks_or_better_is_the_shipped_declaration_as_every_shipped_key_is():
    from pokerlab.simulate.bots.games import make_game

    shipped = registry.shipped_variants()
    # A shipped key plays its declaration as shipped, whatever the stakes options say (as california-draw).
    assert make_game("jacks-or-better", ante=5) == shipped["jacks-or-better"]
    assert make_game("california-draw", ante=5) == shipped["california-draw"]
    assert make_game("jacks", ante=5).forced.ante == 5  # the short name takes the stakes
