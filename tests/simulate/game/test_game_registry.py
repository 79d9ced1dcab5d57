"""The game registry: every entry builds, its aliases resolve to it, and its PHH codes are the ones written."""

from __future__ import annotations

import pytest

from pokerlab.simulate.game import registry
from pokerlab.simulate.game.variants import BETTING_KINDS, SPREAD_LIMIT
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
