"""The game options of ``pokerlab play`` and ``pokerlab simulate``: the structure, stakes, house rules and forced bets
of the game to play, and the game declaration they make (:func:`variant_from_options`)."""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click

from pokerlab.errors import InputError

if TYPE_CHECKING:
    from pokerlab.simulate.game.declarations import Variant

MAX_STACK = 10**12
STRUCTURES = ["fixed-limit", "no-limit", "pot-limit", "spread-limit", "last-bet-limit"]


def variant_from_options(
    game: str,
    structure: str | None,
    blinds: str,
    ante: int,
    bets: str | None,
    rules: dict[str, Any],
    forced: dict[str, Any],
) -> Variant:
    """The game a command plays: the short name, structure and stakes, the house rules (:func:`rule_options`) and
    the forced-bet options (:func:`with_forced`); :class:`InputError` names a bad option."""
    from dataclasses import replace  # dataclasses imports inspect: kept out of every command's start-up

    from pokerlab.simulate.bots import make_game, parse_pair
    from pokerlab.simulate.bots.games import parse_spread

    variant = make_game(
        game,
        structure,
        blinds=parse_pair(blinds, "--blinds"),
        ante=ante,
        bets=parse_pair(bets, "--bets") if bets else None,
        spread=parse_spread(rules["spread"]) if rules["spread"] else None,
        hole_cards=rules["hole_cards"],
        button_blind=rules["button_blind"],
    )
    betting = variant.betting
    if rules["raise_cap"] is not None:
        cap = rules["raise_cap"].strip().lower()
        if cap != "none" and not cap.isdigit():
            raise InputError(f"--raise-cap is a number of raises or 'none', got {rules['raise_cap']!r}")
        betting = replace(betting, raise_cap=None if cap == "none" else int(cap))
    if not rules["heads_up_cap"]:
        betting = replace(betting, cap_heads_up=False)
    opening = variant.opening
    if rules["bet_or_drop_second_round"]:
        opening = replace(opening, bet_or_drop_second_round=True)
    variant = with_open_pair(variant, rules["open_pair"])
    return with_forced(replace(variant, betting=betting, opening=opening), **forced)


def with_open_pair(variant: Variant, open_pair: bool | None) -> Variant:
    """The stud game with or without the open-pair rule of fourth street (``--open-pair/--no-open-pair``)."""
    from pokerlab.simulate.game.stud_variants import stud_streets

    if open_pair is None:
        return variant
    if not variant.is_stud:
        raise InputError(f"{variant.name} is not stud: --open-pair and --no-open-pair are for stud")
    has_it = any(street.open_pair_big_bet for street in variant.streets)
    if open_pair and not has_it:
        raise InputError(f"{variant.name} has no open-pair rule (seven-card stud high has): drop --open-pair")
    return variant if open_pair == has_it else replace(variant, streets=stud_streets(open_pair))


def rule_options(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The game-rule options (house rules) out of a command's keyword arguments."""
    names = (
        "spread",
        "raise_cap",
        "heads_up_cap",
        "bet_or_drop_second_round",
        "hole_cards",
        "open_pair",
        "button_blind",
    )
    return {name: kwargs.pop(name) for name in names}


def amounts(text: str | None, option: str) -> tuple[int, ...]:
    """``"4,8"`` -> ``(4, 8)``: whole numbers of chips, 0 or more (:class:`InputError` naming the option)."""
    if not text:
        return ()
    try:
        numbers = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise InputError(f"{option} takes whole numbers of chips separated by commas, e.g. 4,8; got {text!r}") from None
    if any(n < 0 or n > MAX_STACK for n in numbers):
        raise InputError(f"{option} amounts must be from 0 to {MAX_STACK}, got {text!r}")
    return numbers


def with_forced(
    variant: Variant,
    straddles: str | None = None,
    bb_ante: int = 0,
    button_ante: int = 0,
    antes: str | None = None,
    ante_trimming: bool | None = None,
    bring_in: int | None = None,
) -> Variant:
    """The variant with the forced-bet options of ``play``/``simulate`` (straddles, per-seat antes...)."""
    options: dict[str, object] = {}
    if straddles:
        options["straddles"] = amounts(straddles, "--straddles")
    if antes:
        options["antes"] = amounts(antes, "--antes")
    if bb_ante:
        options["big_blind_ante"] = bb_ante
    if button_ante:
        options["button_ante"] = button_ante
    if ante_trimming is not None:
        options["ante_trimming"] = ante_trimming
    if bring_in is not None:
        if not variant.is_stud:
            raise InputError(f"{variant.name} has no bring-in: --bring-in is for stud, stud-hilo and razz")
        options["bring_in"] = bring_in
    if not variant.has_blinds and (options.get("straddles") or bb_ante):
        raise InputError(f"{variant.name} has no blinds: --straddles and --bb-ante are for blind games")
    return variant.with_forced(**options) if options else variant


GAME_OPTIONS = [
    click.option(
        "--structure",
        "-s",
        type=click.Choice(STRUCTURES, case_sensitive=False),
        help="Betting structure (default: no-limit for holdem and 2-7, pot-limit for Omaha, else fixed-limit).",
    ),
    click.option("--blinds", default="1/2", show_default=True, help="Small/big blind of blind games, e.g. 5/10."),
    click.option("--ante", type=click.IntRange(min=1), default=1, show_default=True, help="Ante of ante games."),
    click.option(
        "--button-blind",
        type=click.IntRange(1, MAX_STACK),
        help="Short deck's button blind, its minimum bet too (default: the ante).",
    ),
    click.option("--bets", help="Small/big bet of ante games (default: 2 and 4 antes)."),
    click.option(
        "--bring-in",
        type=click.IntRange(1, MAX_STACK),
        help="Stud's bring-in, at most the small bet (default: half the small bet, at least 1).",
    ),
    click.option(
        "--hole-cards", type=click.IntRange(4, 6), help="Omaha's hole cards: 4 (default), 5 or 6 (omaha, omaha-hilo)."
    ),
    click.option("--spread", metavar="MIN-MAX", help="Spread limit's minimum and maximum bet, e.g. 2-10."),
    click.option("--raise-cap", help="Raises after the bet in a round, or 'none' (default: 3 in fixed limit only)."),
    click.option(
        "--heads-up-cap/--no-heads-up-cap", default=True, show_default=True, help="Keep the raise cap heads-up."
    ),
    click.option(
        "--bet-or-drop-second-round", is_flag=True, help="No checking after the draw until someone bets (off)."
    ),
    click.option(
        "--open-pair/--no-open-pair",
        default=None,
        help="Stud: an open pair on fourth street allows the big bet (default), or never (as pokerkit plays).",
    ),
    click.option("--straddles", help="Straddles after the big blind, seat by seat: 4 (under the gun) or 4,8."),
    click.option("--bb-ante", type=click.IntRange(0, MAX_STACK), default=0, help="An ante from the big blind alone."),
    click.option("--button-ante", type=click.IntRange(0, MAX_STACK), default=0, help="An ante from the button alone."),
    click.option("--antes", help="Antes by seat, the small blind's first, e.g. 0,2,0,1 (added to the others)."),
    click.option(
        "--ante-trimming/--no-ante-trimming",
        default=None,
        help="A short ante caps what the others' antes can win it (default), or every ante is dead money.",
    ),
]


def game_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Every option of :data:`GAME_OPTIONS` on ``command`` (a click command function)."""
    for option in reversed(GAME_OPTIONS):
        command = option(command)
    return command
