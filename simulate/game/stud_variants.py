"""The stud family (docs/rules.md 13): seven-card stud, stud high-low eight or better, razz."""

from __future__ import annotations

from dataclasses import dataclass

from pokerlab.errors import InputError

from .declarations import DEFAULT_CAP, FIXED_LIMIT, ForcedBets, HouseRules, LowHalf, Street, Variant, make_betting

# Each street deals hole cards, some face up; ``showing`` reads the up cards to pick the bring-in (third
# street) and who acts first (later streets). Fixed limit: small bets on third and fourth street, big
# bets on fifth to seventh; in stud high an open pair on fourth street allows the big bet. Up to 8
# players: with 8 still in on seventh street the deck runs short and one community card is dealt instead.


def stud_streets(open_pair: bool) -> tuple[Street, ...]:
    """Third to seventh street: two down and one up, three single up cards, one down; burns before 4th-7th.

    ``open_pair``: fourth street lets an open pair bring the big bet (stud high only).

    >>> [s.big_bet for s in stud_streets(True)]
    [False, False, True, True, True]
    """
    return _STUD_STREETS[open_pair]


# One tuple per layout, shared by every stud declaration (the engine caches up-card positions by identity).
_STUD_STREETS = {
    open_pair: (
        Street(hole=3, up=1),
        Street(burn=1, hole=1, up=1, open_pair_big_bet=open_pair),
        Street(burn=1, hole=1, up=1, big_bet=True),
        Street(burn=1, hole=1, up=1, big_bet=True),
        Street(burn=1, hole=1, big_bet=True),
    )
    for open_pair in (False, True)
}


@dataclass(frozen=True)
class _StudGame:
    """What tells one stud game from another; the stakes are the factories' keywords."""

    name: str
    ranking: str
    showing: str
    low: LowHalf | None = None
    open_pair: bool = False


def _stud(
    game: _StudGame,
    ante: int,
    bring_in: int,
    small_bet: int,
    big_bet: int | None,
    raise_cap: int | None | str,
    rules: HouseRules | None,
) -> Variant:
    return Variant(
        name=game.name,
        hole_cards=7,
        streets=stud_streets(game.open_pair),
        forced=ForcedBets(ante=ante, bring_in=bring_in),
        betting=make_betting(FIXED_LIMIT, small_bet, big_bet, raise_cap),
        ranking=game.ranking,
        rules=rules or HouseRules(),
        max_players=8,
        showing=game.showing,
        low=game.low,
    )


def seven_card_stud(
    ante: int = 1,
    bring_in: int = 1,
    small_bet: int = 2,
    big_bet: int | None = None,
    *,
    raise_cap: int | None | str = DEFAULT_CAP,
    rules: HouseRules | None = None,
    open_pair: bool = True,
) -> Variant:
    """Fixed-limit seven-card stud: the lowest door card brings in, the best showing hand acts first.

    ``open_pair`` (house rule, on by default): an open pair on fourth street lets anyone bet the big bet
    (docs/rules.md 13.4); False plays fourth street at the small bet only, as pokerkit does.

    >>> seven_card_stud().streets[1].open_pair_big_bet, seven_card_stud(open_pair=False).streets[1].open_pair_big_bet
    (True, False)
    """
    if not isinstance(open_pair, bool):
        raise InputError(f"open_pair must be True or False, got {open_pair!r}")
    game = _StudGame("Seven-card stud", "high", "high", open_pair=open_pair)
    return _stud(game, ante, bring_in, small_bet, big_bet, raise_cap, rules)


# written out again on purpose: the three stud factories' public signatures, the same stakes in the same order (the
# registry calls them alike) typed and documented on each
def seven_card_stud_hilo(
    ante: int = 1,
    bring_in: int = 1,
    small_bet: int = 2,
    big_bet: int | None = None,
    *,
    raise_cap: int | None | str = DEFAULT_CAP,
    rules: HouseRules | None = None,
) -> Variant:
    """Seven-card stud high-low, eight or better: the pot splits between the best high and the best low.

    >>> game = seven_card_stud_hilo(); game.ranking, game.low.ranking, game.streets[1].open_pair_big_bet
    ('high', 'ace-five', False)
    """
    game = _StudGame("Seven-card stud high-low eight or better", "high", "high", low=LowHalf())
    return _stud(game, ante, bring_in, small_bet, big_bet, raise_cap, rules)


def razz(
    ante: int = 1,
    bring_in: int = 1,
    small_bet: int = 2,
    big_bet: int | None = None,
    *,
    raise_cap: int | None | str = DEFAULT_CAP,
    rules: HouseRules | None = None,
) -> Variant:
    """Razz: seven-card stud for the best ace-to-five low; the highest door card brings in.

    >>> razz().ranking
    'ace-five'
    """
    return _stud(_StudGame("Razz", "ace-five", "ace-five"), ante, bring_in, small_bet, big_bet, raise_cap, rules)
