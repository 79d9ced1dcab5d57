"""Game declarations <-> PHH variant codes and fields, with pokerlab's documented extension.

Standard PHH codes we write and read (the game is the same one PHH and pokerkit play):

- ``NT`` no-limit Texas hold'em, ``FT`` fixed-limit Texas hold'em,
- ``N2L1D`` no-limit deuce-to-seven single draw, ``F2L3D`` fixed-limit deuce-to-seven triple draw,
- ``F7S`` fixed-limit seven-card stud, ``F7S/8`` seven-card stud high-low eight or better, ``FR`` razz:
  ``antes``, ``bring_in``, ``small_bet``, ``big_bet``, and no ``blinds_or_straddles``,
- ``PO`` pot-limit Omaha (four hole cards), ``FO/8`` fixed-limit Omaha high-low eight or better,
- ``NS`` no-limit short-deck hold'em (36 cards, 6 to A): its ante-and-button format writes uniform
  ``antes`` and one blind, the button's, last in ``blinds_or_straddles`` (``[0, 0, 0, 3000]``).

PHH has no code for the other games pokerlab plays. They get an *extension code* built the way PHH
builds its codes, a structure letter (``F`` fixed, ``N`` no, ``P`` pot, ``S`` spread, ``L`` last-bet
limit) and a game (``T`` Texas hold'em, ``S`` short-deck hold'em, ``5CD`` five-card draw,
``2L1D``/``2L3D`` deuce-to-seven single/triple draw, ``A5L1D`` ace-to-five single draw, ``B`` badugi, ``O`` Omaha,
``O/8`` Omaha high-low eight or better), e.g. ``PT``, ``F5CD`` or ``PO/8``. The required fields
stay standard (``antes``, ``blinds_or_straddles``, ``small_bet``/``big_bet`` in fixed limit, else
``min_bet``). Every house option that differs from the code's default is a user-defined ``_`` field
(PHH's mechanism for extra data, ignored by other readers):

``_game`` (display name), ``_ranking``, ``_jokers``, ``_max_discards``, ``_four_with_ace``, ``_raise_cap``
(an integer or ``"unlimited"``), ``_blind_counts_as_bet``, ``_max_bet``, ``_opening`` (``"any"``/``"jacks"``),
``_bet_or_drop``, ``_fold_when_check_free``, ``_odd_chip``, ``_after_draw_first``, ``_show_first``,
``_max_players``, ``_cap_heads_up``, ``_bet_or_drop_second_round``, ``_hole_cards`` (Omaha's 5 or 6).
Spread limit (``S``) always writes ``_max_bet``: a spread is a minimum (``min_bet``) and a maximum, and
seven-card stud (``F7S``) always writes ``_open_pair_big_bet``: pokerkit has no open-pair rule, so the
history says whether fourth street was played by it (a ``F7S`` history without the field is read with it).

A standard code is still used when our house options only *restrict* the standard game (e.g. our
fixed-limit hold'em, triple draw and badugi count the big blind as the first bet: ``FT``, ``F2L3D`` or ``FB``
plus ``_blind_counts_as_bet = true``);
every such hand is a legal hand of the standard game with the same result, so pokerkit replays it.

>>> from pokerlab.simulate.game import no_limit_holdem, jacks_or_better
>>> phh_fields(no_limit_holdem(5, 10), 3)
('NT', {'antes': [0, 0, 0], 'blinds_or_straddles': [5, 10, 0], 'min_bet': 10}, {})
>>> code, fields, extras = phh_fields(jacks_or_better(), 4)
>>> code, extras['_opening']
('F5CD', 'jacks')
>>> variant_from_phh(code, fields, extras) == jacks_or_better()
True

>>> STANDARD_CODES[:4]
('NT', 'FT', 'N2L1D', 'F2L3D')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pokerlab.simulate.game import registry
from pokerlab.simulate.game.declarations import (
    BETTING_KINDS,
    FIXED_LIMIT,
    Betting,
    ForcedBets,
    HouseRules,
    Opening,
    Street,
    Variant,
)
from pokerlab.simulate.game.draw_variants import (
    deuce_to_seven_triple_draw as deuce_to_seven_triple_draw,  # part of this module's interface
    draw_streets,
)
from pokerlab.simulate.game.flop_variants import HOLDEM_STREETS, omaha

from .errors import PHHError as PHHError  # the package's error, imported from here by every reader

#: The standard PHH codes pokerlab reads and writes, in the game registry's order.
STANDARD_CODES = tuple(registry.phh_games())
#: The stud games' factories, by standard code.
STUD_FACTORIES = {code: game.factory for code, game in registry.phh_games().items() if game.is_stud}
#: The stud codes and their factories' ranking and low half: (ranking, high-low).
STUD_CODES = {code: (stud().ranking, stud().low is not None) for code, stud in STUD_FACTORIES.items()}
#: The structure letter of a code: the structure's initial (F, S, P, N, L).
STRUCTURES = {kind[0].upper(): kind for kind in BETTING_KINDS}
LETTERS = {kind: letter for letter, kind in STRUCTURES.items()}
#: The game part of every code, standard or extension (after the structure letter).
GAMES = tuple(dict.fromkeys(game.phh_family for game in registry.GAMES.values() if game.phh_family))
OMAHA_GAMES = tuple(game.phh_family for game in registry.GAMES.values() if game.hole_card_choice and game.phh_family)
UNLIMITED = "unlimited"
#: The hold'em games: two hole cards and a board (the short deck's ``S`` plays with 36 cards).
BOARD_GAMES = ("T", "S")


def _streets(game: str, max_discards: int, four_with_ace: bool) -> tuple[Street, ...]:
    if game in BOARD_GAMES:
        return HOLDEM_STREETS
    triple = game in ("B", "2L3D")
    return draw_streets(4 if game == "B" else 5, 3 if triple else 1, max_discards, four_with_ace)


#: The codes whose big blind is not the round's first bet (a bet and three raises on top of it), as pokerkit plays them.
BLIND_NOT_A_BET = ("FT", "F2L3D", "FB", "FO/8")


def _build(letter: str, family: str, forced: ForcedBets, small: int, big: int, **extra: Any) -> Variant:
    """The variant of a code, standard fields and ``_`` options (without the underscore)."""
    kind = STRUCTURES[letter]
    _check_options(extra)
    cap = extra.get("raise_cap", 3 if kind == FIXED_LIMIT else UNLIMITED)
    betting = Betting(
        kind,
        small,
        big if kind == FIXED_LIMIT else small,
        max_bet=extra.get("max_bet"),
        raise_cap=None if cap == UNLIMITED else int(cap),
        blind_counts_as_bet=bool(extra.get("blind_counts_as_bet", letter + family not in BLIND_NOT_A_BET)),
        cap_heads_up=bool(extra.get("cap_heads_up", True)),
    )
    game = family
    rules = HouseRules(
        fold_when_check_free=bool(extra.get("fold_when_check_free", True)),
        odd_chip=str(extra.get("odd_chip", "left-of-button")),
        after_draw_first=str(extra.get("after_draw_first", "opener")),
        show_first=str(extra.get("show_first", "last-aggressor")),
    )
    if game in OMAHA_GAMES:
        return _omaha(kind, forced, betting, rules, game == "O/8", extra)
    if "hole_cards" in extra:
        raise PHHError(f"only Omaha takes a hole-card count; {letter + game} deals a fixed number", field="_hole_cards")
    draw_default = {"5CD": 3, "B": 4}.get(game, 5)
    ranking = {"T": "high", "S": "short-deck", "5CD": "high", "2L1D": "deuce-seven", "2L3D": "deuce-seven",
               "A5L1D": "ace-five", "B": "badugi"}[game]  # fmt: skip
    names = {
        "T": f"{kind.capitalize()} Texas hold'em",  # the structure titles the game, as the factories name it
        "S": f"{kind.capitalize()} short-deck hold'em",
        "5CD": "Five-card draw (California)",
        "2L1D": "Deuce-to-seven single draw",
        "2L3D": "Deuce-to-seven triple draw",
        "A5L1D": "Ace-to-five draw",
        "B": "Badugi",
    }
    return Variant(
        name=str(extra.get("game", names[game])),
        hole_cards={"B": 4}.get(game, 2 if game in BOARD_GAMES else 5),
        streets=_streets(game, int(extra.get("max_discards", draw_default)), bool(extra.get("four_with_ace", False))),
        forced=forced,
        betting=betting,
        ranking=str(extra.get("ranking", ranking)),
        jokers=int(extra.get("jokers", 0)),
        opening=Opening(
            str(extra.get("opening", "any")),
            bool(extra.get("bet_or_drop", False)),
            bool(extra.get("bet_or_drop_second_round", False)),
        ),
        rules=rules,
        uses_board=game in BOARD_GAMES,
        max_players=int(extra.get("max_players", 10 if game in BOARD_GAMES else {"B": 8}.get(game, 7))),
    )


def _omaha(
    kind: str, forced: ForcedBets, betting: Betting, rules: HouseRules, hilo: bool, extra: Mapping[str, Any]
) -> Variant:
    """The Omaha game of an ``O`` or ``O/8`` code: the factory's declaration with the file's stakes and options."""
    base = omaha(kind, hole_cards=int(extra.get("hole_cards", 4)), hilo=hilo)
    options = {key: extra[key] for key in ("ranking", "jokers") if key in extra}
    return replace(
        base,
        name=str(extra.get("game", base.name)),
        forced=forced,
        betting=betting,
        rules=rules,
        max_players=int(extra.get("max_players", base.max_players)),
        **options,
    )


def _family(variant: Variant) -> str:
    streets = variant.streets
    if variant.hole_used:
        return "O/8" if variant.low is not None else "O"
    if variant.uses_board and streets == HOLDEM_STREETS:
        return "S" if variant.ranking == "short-deck" else "T"
    draws = [s.draw for s in streets[1:]]
    if variant.ranking == "badugi" and variant.hole_cards == 4 and len(draws) == 3 and len(set(draws)) == 1:
        return "B"
    if variant.hole_cards != 5 or not draws or any(d is None for d in draws) or len(set(draws)) != 1:
        raise PHHError(f"{variant.name}: PHH (and pokerlab's extension) has no code for these streets")
    if len(draws) == 3 and variant.ranking == "deuce-seven":
        return "2L3D"
    if len(draws) != 1:
        raise PHHError(f"{variant.name}: only single draws and deuce-to-seven triple draw have codes")
    if variant.ranking.startswith("deuce-seven"):
        return "2L1D"
    if variant.ranking.startswith("ace-five"):
        return "A5L1D"
    return "5CD"


# The "_" options' types and ranges (checked before use: a PHH file is untrusted input).
OPTION_RANGES = {"jokers": (0, 1), "max_discards": (0, 5), "raise_cap": (0, 1000), "max_players": (2, 52)}
OPTION_RANGES |= {"hole_cards": (4, 6)}
OPTION_RANGES |= {"max_bet": (1, 1 << 62)}
BOOL_OPTIONS = (
    "open_pair_big_bet",
    "four_with_ace",
    "blind_counts_as_bet",
    "bet_or_drop",
    "fold_when_check_free",
    "cap_heads_up",
    "bet_or_drop_second_round",
)
TEXT_OPTIONS = ("game", "ranking", "opening", "odd_chip", "after_draw_first", "show_first")


def _check_options(extra: Mapping[str, Any]) -> None:
    for key, value in extra.items():
        field = f"_{key}"
        if key in OPTION_RANGES:
            if key == "raise_cap" and value == UNLIMITED:
                continue
            if key == "max_bet" and value is None:
                continue
            low, high = OPTION_RANGES[key]
            number = _whole(value, field)
            if not low <= number <= high:
                raise PHHError(f"must be between {low} and {high}, got {number}", field=field, malformed=True)
        elif key in BOOL_OPTIONS and not isinstance(value, bool):
            raise PHHError(f"must be true or false, got {_short(value)}", field=field, malformed=True)
        elif key in TEXT_OPTIONS and not isinstance(value, str):
            raise PHHError(f"must be a string, got {_short(value)}", field=field, malformed=True)


def _short(value: Any, limit: int = 40) -> str:
    """``repr`` cut to ``limit`` characters (a hostile file's values can be huge)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


OPTIONS = (
    "game",
    "ranking",
    "jokers",
    "max_discards",
    "four_with_ace",
    "raise_cap",
    "blind_counts_as_bet",
    "max_bet",
    "opening",
    "bet_or_drop",
    "fold_when_check_free",
    "odd_chip",
    "after_draw_first",
    "show_first",
    "max_players",
    "cap_heads_up",
    "bet_or_drop_second_round",
    "hole_cards",
)


def _options_of(variant: Variant) -> dict[str, Any]:
    draw = next((s.draw for s in variant.streets if s.draw is not None), None)
    betting, rules = variant.betting, variant.rules
    return {
        "game": variant.name,
        "ranking": variant.ranking,
        "jokers": variant.jokers,
        "max_discards": draw.max_discards if draw else None,
        "four_with_ace": draw.four_with_ace if draw else None,
        "raise_cap": UNLIMITED if betting.raise_cap is None else betting.raise_cap,
        "blind_counts_as_bet": betting.blind_counts_as_bet,
        "max_bet": betting.max_bet,
        "opening": variant.opening.requirement,
        "bet_or_drop": variant.opening.bet_or_drop,
        "fold_when_check_free": rules.fold_when_check_free,
        "odd_chip": rules.odd_chip,
        "after_draw_first": rules.after_draw_first,
        "show_first": rules.show_first,
        "max_players": variant.max_players,
        "cap_heads_up": betting.cap_heads_up,
        "bet_or_drop_second_round": variant.opening.bet_or_drop_second_round,
        "hole_cards": variant.hole_cards,
        "open_pair_big_bet": any(street.open_pair_big_bet for street in variant.streets),
    }


def phh_fields(variant: Variant, players: int, antes_posted: bool = True) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """``(code, required fields except stacks/actions, "_" fields)`` that describe ``variant`` for ``players``.

    Raises :class:`PHHError` when the game cannot be written (no code and no extension for it).

    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> phh_fields(no_limit_holdem(1, 2), 2)[1]['blinds_or_straddles']
    [1, 2]
    """
    if variant.is_stud:
        return _stud_fields(variant, players, antes_posted)
    game = _family(variant)
    if variant.min_players != 2:
        raise PHHError(f"{variant.name}: a minimum of {variant.min_players} players has no PHH field")
    if variant.jokers > 1:
        raise PHHError(f"{variant.name}: PHH card notation has no way to tell two jokers apart")
    letter = LETTERS[variant.betting.kind]
    forced = variant.forced
    fields: dict[str, Any] = {}
    try:
        antes, blinds = forced.position_antes(players), forced.position_blinds(players)
    except ValueError as exc:
        raise PHHError(f"{variant.name}: {exc}") from None
    uniform = forced.ante and not (forced.big_blind_ante or forced.button_ante or any(forced.antes))
    if not antes_posted and forced.has_antes and not uniform:
        raise PHHError(f"{variant.name}: a hand without its per-seat antes has no PHH fields")
    fields["antes"] = _phh_order(antes if antes_posted else [0] * players)
    fields["blinds_or_straddles"] = _phh_order(blinds)
    if forced.has_antes:
        fields["ante_trimming_status"] = forced.ante_trimming
    if letter == "F":
        fields["small_bet"] = variant.betting.small_bet
        fields["big_bet"] = variant.betting.unit(True)
    else:
        fields["min_bet"] = variant.betting.small_bet
    spread = {"max_bet": variant.betting.max_bet} if letter == "S" else {}  # a spread has no default maximum
    base = _build(letter, game, forced, variant.betting.small_bet, variant.betting.unit(True), **spread)
    mine, default = _options_of(variant), _options_of(base)
    extras = {f"_{key}": mine[key] for key in OPTIONS if mine[key] != default[key] or key in spread}
    if not antes_posted and forced.ante:
        extras["_ante"] = forced.ante
    code = letter + game
    rebuilt = variant_from_phh(code, fields, extras)
    if _same_forced(rebuilt.forced, forced, players):
        rebuilt = replace(rebuilt, forced=forced)  # one table's antes can be declared more than one way
    if rebuilt != variant:
        raise PHHError(f"{variant.name}: this declaration cannot be described by PHH fields")
    return code, fields, extras


STUD_OPTIONS = (
    "game",
    "raise_cap",
    "fold_when_check_free",
    "odd_chip",
    "show_first",
    "after_draw_first",
    "open_pair_big_bet",
)
#: The stud code with an open-pair rule (docs/rules.md 13.4): its hands always say whether it was played.
OPEN_PAIR_CODE = "F7S"


def _stud_fields(variant: Variant, players: int, antes_posted: bool) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The standard stud fields (``antes``, ``bring_in``, ``small_bet``, ``big_bet``) and the ``_`` options.

    A hand dealt without its antes (``State(antes=False)``) writes zero antes and the ante due as ``_ante``.
    """
    code = next(
        (c for c, (ranking, split) in STUD_CODES.items() if (ranking, split) == (variant.ranking, bool(variant.low))),
        None,
    )
    if code is None:
        raise PHHError(f"{variant.name}: PHH has no code for this stud game")
    forced = variant.forced
    fields: dict[str, Any] = {
        "antes": forced.position_antes(players) if antes_posted else [0] * players,
        "blinds_or_straddles": [0] * players,
        "bring_in": forced.bring_in,
        "small_bet": variant.betting.small_bet,
        "big_bet": variant.betting.unit(True),
    }
    if forced.has_antes:
        fields["ante_trimming_status"] = forced.ante_trimming
    base, mine = _options_of(_stud_variant(code, fields, {})), _options_of(variant)
    extras = {f"_{key}": mine[key] for key in STUD_OPTIONS if mine[key] != base[key]}
    if code == OPEN_PAIR_CODE:  # pokerkit has no open-pair rule: the history says which rule the hand was played by
        extras["_open_pair_big_bet"] = mine["open_pair_big_bet"]
    if not antes_posted and forced.has_antes:
        if forced.antes or forced.button_ante:
            raise PHHError(f"{variant.name}: a hand without its per-seat antes has no PHH fields")
        extras["_ante"] = forced.ante
    rebuilt = _stud_variant(code, fields, extras)
    if _same_forced(rebuilt.forced, forced, players):
        rebuilt = replace(rebuilt, forced=forced)
    if rebuilt != variant:
        raise PHHError(f"{variant.name}: this declaration cannot be described by PHH fields")
    return code, fields, extras


def _stud_variant(code: str, fields: Mapping[str, Any], extras: Mapping[str, Any]) -> Variant:
    """The stud game of a PHH stud code: antes, ``bring_in``, small and big bet, and the ``_`` options."""
    unknown = [key for key in extras if key[1:] not in STUD_OPTIONS and key[1:] in OPTIONS]  # a draw's options
    if unknown:
        raise PHHError(f"{code} takes no {unknown[0]} option", field=unknown[0])
    options = {key[1:]: value for key, value in extras.items() if key[1:] in STUD_OPTIONS}
    _check_options(options)
    blinds = [_whole(b, "blinds_or_straddles") for b in fields.get("blinds_or_straddles") or []]
    if any(blinds):
        raise PHHError(f"{code} has no blinds or straddles", field="blinds_or_straddles")
    antes = [_whole(a, "antes") for a in fields.get("antes") or []]
    trimming = fields.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise PHHError(f"must be true or false, got {_short(trimming)}", field="ante_trimming_status", malformed=True)
    forced = forced_from_phh(antes or [0, 0], [0] * max(len(antes), 2), trimming)
    if "_ante" in extras:  # antes due but not posted this hand
        forced = replace(forced, ante=_whole(extras["_ante"], "_ante"), ante_trimming=trimming is not False)
    bring_in = _number(fields, "bring_in")
    small, big = _number(fields, "small_bet"), _number(fields, "big_bet")
    factory = STUD_FACTORIES[code]
    cap = options.get("raise_cap", 3)
    open_pair = options.get("open_pair_big_bet", code == OPEN_PAIR_CODE)
    if open_pair and code != OPEN_PAIR_CODE:
        raise PHHError(f"{code} has no open-pair rule (only {OPEN_PAIR_CODE} has)", field="_open_pair_big_bet")
    pair = {"open_pair": open_pair} if code == OPEN_PAIR_CODE else {}
    rules = HouseRules(
        fold_when_check_free=bool(options.get("fold_when_check_free", True)),
        odd_chip=str(options.get("odd_chip", "left-of-button")),
        after_draw_first=str(options.get("after_draw_first", "opener")),
        show_first=str(options.get("show_first", "last-aggressor")),
    )
    try:
        variant = factory(
            1, bring_in, small, big, raise_cap=None if cap == UNLIMITED else int(cap), rules=rules, **pair
        )
        variant = replace(variant, forced=replace(forced, bring_in=bring_in))
    except (TypeError, ValueError) as exc:
        raise PHHError(f"variant {code!r}: {exc}", field="variant") from exc
    return replace(variant, name=str(options["game"])) if "game" in options else variant


def _phh_order(by_position: list[int]) -> list[int]:
    """PHH's ``antes`` and ``blinds_or_straddles`` arrays are by position: small blind first, then the big
    blind... Heads-up, where the button posts the small blind, the standard hands them to the players
    reversed (the engine does the same through ``State.seat_at``), so the arrays themselves are unchanged.
    """
    return list(by_position)


def _same_forced(a: ForcedBets, b: ForcedBets, players: int) -> bool:
    return (
        a.position_antes(players) == b.position_antes(players)
        and a.position_blinds(players) == b.position_blinds(players)
        and (a.ante_trimming == b.ante_trimming or not a.has_antes)
    )


def forced_from_phh(antes: list[int], blinds: list[int], ante_trimming: bool | None = None) -> ForcedBets:
    """The :class:`ForcedBets` of PHH ``antes`` and ``blinds_or_straddles`` (PHH player order, whole chips).

    ``ante_trimming``: the ``ante_trimming_status`` field (PHH's default is false).

    >>> forced_from_phh([0, 500, 0], [250, 500, 0]).big_blind_ante
    500
    >>> forced_from_phh([0, 0], [1, 2]).small_blind      # heads-up: p2, the button, posts it
    1
    >>> forced_from_phh([1, 1, 1], [0, 0, 2]).button_blind   # the short deck's ante-and-button format
    2
    """
    n = len(antes)
    by_ante, by_blind = _phh_order(antes), _phh_order(blinds)
    small, big = (by_blind + [0, 0])[:2]
    straddles = list(by_blind[2:])
    while straddles and not straddles[-1]:
        straddles.pop()
    options: dict[str, Any] = {"small_blind": small, "big_blind": big, "straddles": tuple(straddles)}
    if n > 2 and not small and not big and len(straddles) == n - 2 and not any(straddles[:-1]):
        options = {"button_blind": straddles[-1]}  # the ante-and-button format: the button's blind alone
    nonzero = [k for k, a in enumerate(by_ante) if a]
    button = 0 if n == 2 else n - 1
    if not nonzero:
        pass
    elif len(set(by_ante)) == 1:
        options["ante"] = by_ante[0]
    elif nonzero == [1] and big:
        options["big_blind_ante"] = by_ante[1]
    elif nonzero == [button]:
        options["button_ante"] = by_ante[button]
    else:
        options["antes"] = tuple(by_ante)
    if nonzero:
        options["ante_trimming"] = bool(ante_trimming)
    try:
        return ForcedBets(**options)
    except ValueError as exc:
        raise PHHError(str(exc), field="blinds_or_straddles") from None


def _number(fields: Mapping[str, Any], name: str) -> int:
    value = fields.get(name)
    if value is None:
        raise PHHError("the field is required for this variant", field=name)
    number = _whole(value, name)
    if number <= 0:
        raise PHHError(f"must be a positive whole number of chips, got {number}", field=name, malformed=True)
    return number


def _whole(value: Any, name: str) -> int:
    """A whole number (ints, whole finite floats), 0 or more and below 2**62; else :class:`PHHError` naming ``name``."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PHHError(f"must be a whole number of chips, got {_short(value)}", field=name, malformed=True)
    if not 0 <= value < 1 << 62:
        raise PHHError(f"must be between 0 and 2**62 chips, got {_short(value)}", field=name, malformed=True)
    return value


def variant_from_phh(code: str, fields: Mapping[str, Any], extras: Mapping[str, Any] = {}) -> Variant:  # noqa: B006
    """The game declaration of a PHH code, its required fields and the ``_`` options.

    >>> variant_from_phh("NT", {"antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2}).name
    "No-limit Texas hold'em"
    """
    try:
        key = (
            code,
            tuple(fields.get("antes") or ()),
            tuple(fields.get("blinds_or_straddles") or ()),
            *(
                (type(v), v)
                for v in map(fields.get, ("small_bet", "big_bet", "min_bet", "ante_trimming_status", "bring_in"))
            ),
            tuple(sorted((k, type(v).__name__, v) for k, v in extras.items())),  # True and 1 are different options
        )
        hash(key)
    except TypeError:  # unhashable or unsortable values (a list in a "_" field...): no cache, the checks say why
        return _variant_from_phh(code, fields, extras)
    return _cached_variant(key, code, fields, extras)


def _cached_variant(key: tuple[Any, ...], code: str, fields: Mapping[str, Any], extras: Mapping[str, Any]) -> Variant:
    """Histories of one game repeat its fields hand after hand: the declaration is built once per key."""
    hit = _VARIANTS.get(key)
    if hit is None:
        hit = _variant_from_phh(code, fields, extras)
        if len(_VARIANTS) >= 256:
            _VARIANTS.clear()
        _VARIANTS[key] = hit
    return hit


_VARIANTS: dict[tuple[Any, ...], Variant] = {}


def _variant_from_phh(code: str, fields: Mapping[str, Any], extras: Mapping[str, Any]) -> Variant:
    if code in STUD_CODES:
        return _stud_variant(code, fields, extras)
    if not isinstance(code, str) or not code or code[0] not in STRUCTURES or code[1:] not in GAMES:
        raise PHHError(
            f"{_short(code)} is not one pokerlab plays: standard codes {', '.join(STANDARD_CODES)}; "
            "extension codes are F/N/P/S/L + T, S, 5CD, 2L1D, 2L3D, A5L1D, O or O/8",
            field="variant",
        )
    antes = [_whole(a, "antes") for a in fields.get("antes") or []]
    blinds = [_whole(b, "blinds_or_straddles") for b in fields.get("blinds_or_straddles") or []]
    n = max(len(antes), len(blinds), 2)
    antes, blinds = (antes or [0] * n), (blinds or [0] * n)
    if len(antes) != len(blinds):
        raise PHHError(f"has {len(blinds)} entries for {len(antes)} antes", field="blinds_or_straddles")
    trimming = fields.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise PHHError(f"must be true or false, got {_short(trimming)}", field="ante_trimming_status", malformed=True)
    forced = forced_from_phh(antes, blinds, trimming)
    if "_ante" in extras:  # pokerlab's extension: antes due but not posted this hand (after a check-around)
        forced = replace(forced, ante=_whole(extras["_ante"], "_ante"), ante_trimming=trimming is not False)
    letter, game = code[0], code[1:]
    if game == "S" and blinds == [0, forced.big_blind] and forced.big_blind:
        # Heads-up the standard reverses the positions: the short deck's button blind is position 1's.
        forced = replace(forced, big_blind=0, button_blind=forced.big_blind)
    if letter == "F":
        small, big = _number(fields, "small_bet"), _number(fields, "big_bet")
    else:
        small = big = _number(fields, "min_bet")
    options = {key[1:]: value for key, value in extras.items() if key[1:] in OPTIONS}
    try:
        return _build(letter, game, forced, small, big, **options)
    except PHHError:
        raise
    except (TypeError, ValueError, OverflowError) as exc:
        raise PHHError(f"variant {code!r}: {exc}", field="variant") from exc
