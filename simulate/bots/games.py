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
from ..game.variants import (
    BETTING_KINDS,
    FIXED_LIMIT,
    LAST_BET_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    SPREAD_LIMIT,
    Variant,
    ace_to_five_draw,
    deuce_to_seven_single_draw,
    deuces_wild_draw,
    draw_with_bug,
    five_card_draw,
    jacks_or_better,
    omaha,
    razz,
    seven_card_stud,
    seven_card_stud_hilo,
    shipped_variants,
    texas_holdem,
)
from ..histories.codes import deuce_to_seven_triple_draw

GAMES = {
    "holdem": "Texas hold'em (blinds)",
    "draw": "five-card draw, California (antes)",
    "jacks": "five-card draw, jacks or better to open (antes)",
    "bug": "five-card draw with the bug (antes)",
    "deuces": "five-card draw, deuces wild (antes)",
    "2-7": "deuce-to-seven single draw (blinds)",
    "2-7-joker": "deuce-to-seven single draw with the joker (blinds)",
    "triple": "deuce-to-seven triple draw (blinds, fixed limit)",
    "a-5": "ace-to-five draw (blinds)",
    "stud": "seven-card stud (antes, bring-in, fixed limit)",
    "stud-hilo": "seven-card stud high-low, eight or better (antes, bring-in, fixed limit)",
    "razz": "razz, seven-card stud for the low (antes, bring-in, fixed limit)",
    "omaha": "Omaha high, four hole cards (blinds, pot-limit)",
    "omaha-hilo": "Omaha high-low, eight or better, four hole cards (blinds, pot-limit)",
}
STUD_GAMES = {"stud": seven_card_stud, "stud-hilo": seven_card_stud_hilo, "razz": razz}
ALIASES = {
    "hold'em": "holdem",
    "texas": "holdem",
    "california": "draw",
    "five-card-draw": "draw",
    "jacks-or-better": "jacks",
    "deuce-seven": "2-7",
    "27": "2-7",
    "ace-five": "a-5",
    "a5": "a-5",
    "7-stud": "stud",
    "stud8": "stud-hilo",
    "stud-8": "stud-hilo",
    "plo": "omaha",
    "plo8": "omaha-hilo",
    "omaha8": "omaha-hilo",
}


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
) -> Variant:
    """The variant for a short game name (or a :func:`~pokerlab.simulate.game.shipped_variants` key).

    ``structure``: fixed-limit, no-limit, pot-limit, spread-limit, last-bet-limit (default: no-limit
    for hold'em and 2-7, fixed-limit for the others). ``blinds``: small/big blind of blind games;
    ``ante`` and ``bets`` (small/big bet) for ante games (default bets: twice and four times the ante).
    ``spread``: (minimum, maximum) bet of spread limit (the structure then defaults to spread limit);
    in blind games the minimum is the big blind. Stud games (fixed limit only) take the ante and bets;
    their bring-in is half the small bet (at least 1), changed with ``with_forced(bring_in=...)``.
    ``hole_cards``: 4 (default), 5 or 6 in Omaha; refused for the other games.
    """
    key = ALIASES.get(game.lower(), game.lower())
    if hole_cards is not None and key not in ("omaha", "omaha-hilo"):
        raise InputError(f"only Omaha (omaha, omaha-hilo) is dealt a choice of hole cards, not {game}")
    if key not in GAMES:
        shipped = shipped_variants()
        if key in shipped and structure is None:
            return shipped[key]
        raise InputError(f"unknown game {game!r}; choose from {', '.join(GAMES)} or {', '.join(shipped)}")
    default = SPREAD_LIMIT if spread else NO_LIMIT if key in ("holdem", "2-7", "2-7-joker") else FIXED_LIMIT
    if key in ("omaha", "omaha-hilo") and not spread:
        default = POT_LIMIT
    kind = (structure or default).lower()
    if kind in ("nl", "no", "nolimit"):
        kind = NO_LIMIT
    if kind not in BETTING_KINDS:
        raise InputError(f"unknown structure {structure!r}; choose from {', '.join(BETTING_KINDS)}")
    if spread and kind != SPREAD_LIMIT:
        raise InputError(f"a spread (--spread) is the betting of spread limit, not of {kind}")
    small_blind, big_blind = blinds
    max_bet = spread[1] if spread else None
    if spread and key not in ("holdem", "draw", "jacks", "bug", "deuces") and spread[0] != big_blind:
        raise InputError(f"in {GAMES[key]} the spread's minimum is the big blind ({big_blind}), got {spread[0]}")
    if key in ("omaha", "omaha-hilo"):
        if spread or kind in (SPREAD_LIMIT, LAST_BET_LIMIT):
            raise InputError(f"Omaha is played pot-limit, no-limit or fixed-limit here, not {kind}")
        return omaha(kind, small_blind, big_blind, hole_cards=hole_cards or 4, hilo=key == "omaha-hilo")
    if key == "holdem":
        return texas_holdem(kind, small_blind, big_blind, small_bet=spread[0] if spread else None, max_bet=max_bet)
    if key in ("2-7", "2-7-joker"):
        jokers = 1 if key == "2-7-joker" else 0
        return deuce_to_seven_single_draw(small_blind, big_blind, kind=kind, jokers=jokers, max_bet=max_bet)
    if key == "a-5":
        return ace_to_five_draw(small_blind, big_blind, kind=kind, max_bet=max_bet)
    if key in STUD_GAMES:
        if kind != FIXED_LIMIT:
            raise InputError(f"{GAMES[key]} is played fixed-limit only")
        if ante <= 0:
            raise InputError("stud games need a positive ante")
        small, big = bets or (2 * ante, 4 * ante)
        return STUD_GAMES[key](ante, max(1, small // 2), small, big)
    if key == "triple":
        if kind != FIXED_LIMIT:
            raise InputError("triple draw is played fixed-limit only")

        return deuce_to_seven_triple_draw(small_blind, big_blind)
    if ante <= 0:
        raise InputError("draw games need a positive ante")
    small, big = bets or (2 * ante, 4 * ante)
    if spread:
        small, big = spread[0], spread[0]
    factory = {"draw": five_card_draw, "jacks": jacks_or_better, "bug": draw_with_bug, "deuces": deuces_wild_draw}[key]
    return factory(ante, small, big, kind=kind, max_bet=max_bet)  # type: ignore[operator]
