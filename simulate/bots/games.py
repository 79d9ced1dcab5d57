"""Games by the short names the command line uses (holdem, omaha, draw, jacks, bug, deuces, 2-7, triple, stud...).

>>> make_game("holdem", "no-limit", blinds=(5, 10)).name
"No-limit Texas hold'em"
>>> make_game("jacks", ante=1, bets=(2, 4)).opening.requirement
'jacks'
>>> make_game("razz", ante=1, bets=(4, 8)).forced.bring_in
2
>>> make_game("omaha-hilo", "fixed-limit").name
'Fixed-limit Omaha high-low eight or better'
"""

from __future__ import annotations

from ...errors import InputError
from ..game import registry
from ..game.declarations import BETTING_KINDS, NO_LIMIT, SPREAD_LIMIT, Variant
from ..game.registry import Stakes, resolve, shipped_variants

#: The short game names and what each is (the command line lists them in this order).
GAMES = {name: game.description for name, game in registry.GAMES.items()}
#: The stud games' factories, by short name.
STUD_GAMES = {name: game.factory for name, game in registry.GAMES.items() if game.is_stud}
#: Other spellings of the short names.
ALIASES = dict(registry.ALIASES)
#: The structure's short spellings.
STRUCTURE_ALIASES = {"nl": NO_LIMIT, "no": NO_LIMIT, "nolimit": NO_LIMIT}


def parse_spread(text: str) -> tuple[int, int]:
    """``"2-10"`` -> ``(2, 10)``: a spread limit's minimum and maximum bet.

    >>> parse_spread("2-10")
    (2, 10)
    """
    parts = text.split("-")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise InputError(f"--spread must look like 2-10 (minimum-maximum bet), got {text!r}") from None
    if len(numbers) != 2 or numbers[0] <= 0 or numbers[0] > numbers[1]:
        raise InputError(f"--spread must be two positive whole numbers, minimum first, e.g. 2-10; got {text!r}")
    return numbers[0], numbers[1]


def parse_pair(text: str, what: str) -> tuple[int, int]:
    """``"5/10"`` -> ``(5, 10)``.

    >>> parse_pair("1/2", "blinds")
    (1, 2)
    """
    parts = text.replace(",", "/").split("/")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise InputError(f"{what} must look like 5/10, got {text!r}") from None
    if len(numbers) != 2 or min(numbers) <= 0 or numbers[0] > numbers[1]:
        raise InputError(f"{what} must be two positive whole numbers, the first not larger, e.g. 5/10; got {text!r}")
    return numbers[0], numbers[1]


def make_game(
    game: str,
    structure: str | None = None,
    *,
    blinds: tuple[int, int] = (1, 2),
    ante: int = 1,
    bets: tuple[int, int] | None = None,
    spread: tuple[int, int] | None = None,
    hole_cards: int | None = None,
    button_blind: int | None = None,
) -> Variant:
    """The variant for a short game name (or a :func:`~pokerlab.simulate.game.shipped_variants` key).

    ``structure``: fixed-limit, no-limit, pot-limit, spread-limit, last-bet-limit (default: no-limit
    for hold'em and 2-7, fixed-limit for the others). ``blinds``: small/big blind of blind games;
    ``ante`` and ``bets`` (small/big bet) for ante games (default bets: twice and four times the ante).
    ``spread``: (minimum, maximum) bet of spread limit (the structure then defaults to spread limit);
    in blind games the minimum is the big blind. Stud games (fixed limit only) take the ante and bets;
    their bring-in is half the small bet (at least 1), changed with ``with_forced(bring_in=...)``.
    ``hole_cards``: 4 (default), 5 or 6 in Omaha; refused for the other games. ``button_blind``: the short
    deck's (default: the ante), which plays from the ante and the button blind; refused for the other games.

    >>> make_game("razz").name, make_game("holdem", "pot-limit").name, make_game("omaha", hole_cards=5).name
    ('Razz', "Pot-limit Texas hold'em", 'Pot-limit five-card Omaha')
    >>> make_game("short-deck", ante=100, button_blind=200).forced.button_blind
    200
    >>> list(GAMES)[:4]
    ['holdem', 'draw', 'jacks', 'bug']
    """
    key = resolve(game)
    if hole_cards is not None and not (key in registry.GAMES and registry.GAMES[key].hole_card_choice):
        choice = ", ".join(name for name, entry in registry.GAMES.items() if entry.hole_card_choice)
        raise InputError(f"only Omaha ({choice}) is dealt a choice of hole cards, not {game}")
    if key not in registry.GAMES:
        shipped = shipped_variants()
        if key in shipped and structure is None:
            return shipped[key]
        raise InputError(f"unknown game {game!r}; choose from {', '.join(GAMES)} or {', '.join(shipped)}")
    entry = registry.GAMES[key]
    if button_blind is not None and entry.stake_form != "ante-button":
        raise InputError(f"only short-deck hold'em has a button blind, not {game}")
    kind = (structure or (SPREAD_LIMIT if spread else entry.default_structure)).lower()
    kind = STRUCTURE_ALIASES.get(kind, kind)
    if kind not in BETTING_KINDS:
        raise InputError(f"unknown structure {structure!r}; choose from {', '.join(BETTING_KINDS)}")
    if spread and kind != SPREAD_LIMIT:
        raise InputError(f"a spread (--spread) is the betting of spread limit, not of {kind}")
    big_blind = blinds[1]
    if spread and not entry.own_spread_minimum and spread[0] != big_blind:
        raise InputError(f"in {entry.description} the spread's minimum is the big blind ({big_blind}), got {spread[0]}")
    return entry.variant(kind, Stakes(blinds, ante, bets, spread, hole_cards, button_blind))
