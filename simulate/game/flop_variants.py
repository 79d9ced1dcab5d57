"""Board games: Texas hold'em (docs/rules.md 5), Omaha (docs/rules.md 14) and short-deck hold'em (docs/rules.md 15),
at any stakes and structure."""

from __future__ import annotations

from dataclasses import replace

from pokerlab.errors import InputError

from .declarations import (
    DEFAULT_CAP,
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    ForcedBets,
    HouseRules,
    LowHalf,
    Street,
    Variant,
    make_betting,
)

HOLDEM_STREETS = (
    Street(hole=2),
    Street(burn=1, board=3),
    Street(burn=1, board=1, big_bet=True),
    Street(burn=1, board=1, big_bet=True),
)


def texas_holdem(  # noqa: PLR0913 (each keyword is a documented stake or house rule)
    kind: str = NO_LIMIT,
    small_blind: int = 1,
    big_blind: int = 2,
    *,
    ante: int = 0,
    small_bet: int | None = None,
    big_bet: int | None = None,
    raise_cap: int | None | str = DEFAULT_CAP,
    max_bet: int | None = None,
    cap_heads_up: bool = True,
    rules: HouseRules | None = None,
) -> Variant:
    """Texas hold'em with any betting structure (docs/rules.md section 5).

    Fixed limit: ``small_bet`` defaults to the big blind and ``big_bet`` to twice it, three raises cap
    (``raise_cap``, see :data:`DEFAULT_CAP`). Spread limit needs ``max_bet``: the spread is ``small_bet``
    (default the big blind) to ``max_bet``.

    >>> texas_holdem(FIXED_LIMIT, 1, 2).betting.big_bet
    4
    >>> from pokerlab.simulate.game import SPREAD_LIMIT
    >>> texas_holdem(SPREAD_LIMIT, 1, 2, max_bet=10).betting.max_bet
    10
    """
    betting = make_betting(kind, small_bet or big_blind, big_bet, raise_cap, max_bet, cap_heads_up)
    return Variant(
        name=f"{betting.kind.capitalize()} Texas hold'em",  # the structure's name titles the game: "No-limit ..."
        hole_cards=2,
        streets=HOLDEM_STREETS,
        forced=ForcedBets(ante=ante, small_blind=small_blind, big_blind=big_blind),
        betting=betting,
        uses_board=True,
        rules=rules or HouseRules(),
    )


def no_limit_holdem(small_blind: int = 1, big_blind: int = 2, *, ante: int = 0) -> Variant:
    """No-limit Texas hold'em.

    >>> no_limit_holdem(5, 10).forced.small_blind
    5
    """
    return texas_holdem(NO_LIMIT, small_blind, big_blind, ante=ante)


def pot_limit_holdem(small_blind: int = 1, big_blind: int = 2) -> Variant:
    """Pot-limit Texas hold'em.

    >>> pot_limit_holdem().betting.kind
    'pot-limit'
    """
    return texas_holdem(POT_LIMIT, small_blind, big_blind)


def fixed_limit_holdem(small_blind: int = 1, big_blind: int = 2) -> Variant:
    """Fixed-limit Texas hold'em: small bet = big blind, big bet double, a bet and three raises.

    >>> fixed_limit_holdem().betting.raise_cap
    3
    """
    return texas_holdem(FIXED_LIMIT, small_blind, big_blind)


def short_deck_holdem(
    kind: str = NO_LIMIT,
    ante: int = 1,
    button_blind: int | None = None,
    *,
    min_bet: int | None = None,
    big_bet: int | None = None,
    raise_cap: int | None | str = DEFAULT_CAP,
    max_bet: int | None = None,
    rules: HouseRules | None = None,
) -> Variant:
    """Short-deck hold'em (docs/rules.md 15): hold'em with the 36-card deck (6 to A) and its ranking, in the
    ante-and-button format: every player antes and the button posts the one blind (``button_blind``, by
    default the ante), which is the bet to match; the player left of the button acts first. The minimum bet
    (``min_bet``) is the button blind; PHH writes the no-limit game as ``NS``.

    >>> game = short_deck_holdem(ante=3000)
    >>> game.name, game.deck_size, game.forced.button_blind, game.betting.small_bet, game.forced_order(3, 2)
    ("No-limit short-deck hold'em", 36, 3000, 3000, ((0, 'ante', 3000), (1, 'ante', 3000), (2, 'ante', 3000), \
(2, 'button blind', 3000)))
    """
    blind = ante if button_blind is None else button_blind
    holdem = texas_holdem(kind, 1, 2, small_bet=min_bet or blind, big_bet=big_bet, raise_cap=raise_cap,
                          max_bet=max_bet, rules=rules)  # fmt: skip
    return replace(
        holdem,
        name=holdem.name.replace("Texas hold'em", "short-deck hold'em"),
        forced=ForcedBets(ante=ante, button_blind=blind),
        ranking="short-deck",
    )


# ------------------------------------------------------------------ Omaha (docs/rules.md 14)
# Hold'em's blinds, streets and betting with 4, 5 or 6 hole cards; a hand is exactly two hole cards and
# three board cards. The deck holds 52 - 8 board and burn cards: 10 players with four cards, 8 with five, 7 with six.
OMAHA_MAX_PLAYERS = {4: 10, 5: 8, 6: 7}


def omaha(  # noqa: PLR0913 (each keyword is a documented stake or house rule)
    kind: str = POT_LIMIT,
    small_blind: int = 1,
    big_blind: int = 2,
    *,
    hole_cards: int = 4,
    hilo: bool = False,
    ante: int = 0,
    small_bet: int | None = None,
    big_bet: int | None = None,
    raise_cap: int | None | str = DEFAULT_CAP,
    rules: HouseRules | None = None,
) -> Variant:
    """Omaha with any betting structure, 4-6 hole cards, high or high-low eight or better.

    >>> game = omaha(hole_cards=5, hilo=True)
    >>> game.name, game.hole_used, game.max_players, game.low.qualifier
    ('Pot-limit five-card Omaha high-low eight or better', 2, 8, 8)
    """
    if hole_cards not in OMAHA_MAX_PLAYERS:
        raise InputError(f"Omaha is dealt 4, 5 or 6 hole cards, not {hole_cards!r}")
    holdem = texas_holdem(
        kind, small_blind, big_blind, ante=ante, small_bet=small_bet, big_bet=big_bet, raise_cap=raise_cap, rules=rules
    )
    cards = {4: "", 5: "five-card ", 6: "six-card "}[hole_cards]
    title = holdem.name.split(" Texas")[0]
    return replace(
        holdem,
        name=f"{title} {cards}Omaha" + (" high-low eight or better" if hilo else ""),
        hole_cards=hole_cards,
        streets=(Street(hole=hole_cards), *HOLDEM_STREETS[1:]),
        max_players=OMAHA_MAX_PLAYERS[hole_cards],
        low=LowHalf() if hilo else None,
        hole_used=2,
    )


def pot_limit_omaha(small_blind: int = 1, big_blind: int = 2, *, hole_cards: int = 4) -> Variant:
    """Pot-limit Omaha high (PLO).

    >>> pot_limit_omaha().name
    'Pot-limit Omaha'
    """
    return omaha(POT_LIMIT, small_blind, big_blind, hole_cards=hole_cards)


def pot_limit_omaha_hilo(small_blind: int = 1, big_blind: int = 2, *, hole_cards: int = 4) -> Variant:
    """Pot-limit Omaha high-low eight or better.

    >>> pot_limit_omaha_hilo().low.ranking
    'ace-five'
    """
    return omaha(POT_LIMIT, small_blind, big_blind, hole_cards=hole_cards, hilo=True)


def fixed_limit_omaha_hilo(small_blind: int = 1, big_blind: int = 2, *, hole_cards: int = 4) -> Variant:
    """Fixed-limit Omaha high-low eight or better: small bet the big blind, big bet double, a bet and three raises.

    >>> g = fixed_limit_omaha_hilo(); g.betting.small_bet, g.betting.big_bet, g.betting.raise_cap
    (2, 4, 3)
    """
    return omaha(FIXED_LIMIT, small_blind, big_blind, hole_cards=hole_cards, hilo=True)
