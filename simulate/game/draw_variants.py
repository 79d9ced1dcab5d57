"""Draw games: five-card draw and its house-rule relatives (antes), and lowball draws (blinds)."""

from __future__ import annotations

from typing import Any

from .declarations import (
    DEFAULT_CAP,
    FIXED_LIMIT,
    NO_LIMIT,
    Betting,
    DrawRule,
    ForcedBets,
    HouseRules,
    Opening,
    Street,
    Variant,
    make_betting,
)


def draw_streets(hole_cards: int, draws: int, max_discards: int, four_with_ace: bool = False) -> tuple[Street, ...]:
    """A draw game's streets: the deal, then ``draws`` draws of up to ``max_discards`` cards, each with its betting
    round. The big bet comes after the draw in a single draw, after the second and third in a triple draw.

    >>> [(s.hole, s.draw is not None, s.big_bet) for s in draw_streets(5, 3, 5)]
    [(5, False, False), (0, True, False), (0, True, True), (0, True, True)]
    """
    draw = DrawRule(max_discards, four_with_ace)
    after_draw = Street(draw=draw, big_bet=True)
    if draws == 1:
        return (Street(hole=hole_cards), after_draw)
    return (Street(hole=hole_cards), Street(draw=draw), *(after_draw,) * (draws - 1))


def five_card_draw(  # noqa: PLR0913 (each keyword is a documented house rule or stake)
    ante: int = 1,
    small_bet: int = 2,
    big_bet: int | None = None,
    *,
    kind: str = FIXED_LIMIT,
    opening: Opening | None = None,
    ranking: str = "high",
    jokers: int = 0,
    max_discards: int = 3,
    four_with_ace: bool = False,
    raise_cap: int | None | str = DEFAULT_CAP,
    max_bet: int | None = None,
    cap_heads_up: bool = True,
    rules: HouseRules | None = None,
    name: str = "Five-card draw (California)",
) -> Variant:
    """Five-card draw with antes (docs/rules.md section 4): deal five, bet, draw 0-3, bet, show down.

    Fixed limit by default, big bet double the small one after the draw, three raises cap.

    >>> five_card_draw(ante=1, small_bet=2).streets[1].draw.max_discards
    3
    """
    return Variant(
        name=name,
        hole_cards=5,
        streets=draw_streets(5, 1, max_discards, four_with_ace),
        forced=ForcedBets(ante=ante),
        betting=make_betting(kind, small_bet, big_bet, raise_cap, max_bet, cap_heads_up),
        ranking=ranking,
        jokers=jokers,
        opening=opening or Opening(),
        rules=rules or HouseRules(),
        max_players=7,
    )


def jacks_or_better(ante: int = 1, small_bet: int = 2, big_bet: int | None = None, **kwargs: Any) -> Variant:
    """Jackpots: five-card draw where opening needs a pair of jacks or better.

    >>> jacks_or_better().opening.requirement
    'jacks'
    """
    return five_card_draw(
        ante, small_bet, big_bet, opening=Opening(requirement="jacks"), name="Five-card draw, jacks or better", **kwargs
    )


def draw_with_bug(ante: int = 1, small_bet: int = 2, big_bet: int | None = None, **kwargs: Any) -> Variant:
    """Five-card draw with the bug: 53 cards, the joker is an ace or completes a straight/flush.

    >>> draw_with_bug().deck_size
    53
    """
    return five_card_draw(
        ante, small_bet, big_bet, ranking="bug", jokers=1, name="Five-card draw with the bug", **kwargs
    )


def deuces_wild_draw(ante: int = 1, small_bet: int = 2, big_bet: int | None = None, **kwargs: Any) -> Variant:
    """Five-card draw, deuces wild.

    >>> deuces_wild_draw().ranking
    'deuces-wild'
    """
    return five_card_draw(ante, small_bet, big_bet, ranking="deuces-wild", name="Five-card draw, deuces wild", **kwargs)


def _lowball_draw(name: str, ranking: str, jokers: int, forced: ForcedBets, betting: Betting) -> Variant:
    """A single-draw lowball game with blinds (``forced``): draw up to five, with or without the joker."""
    return Variant(
        name=name + (" with the joker" if jokers else ""),
        hole_cards=5,
        streets=draw_streets(5, 1, 5),
        forced=forced,
        betting=betting,
        ranking=ranking + ("-joker" if jokers else ""),
        jokers=jokers,
        max_players=7,
    )


# written out again on purpose: the two lowball draws' public signatures, the same stakes and keywords (the registry
# calls them alike) typed and documented on each; only the default structure differs
def deuce_to_seven_single_draw(
    small_blind: int = 1,
    big_blind: int = 2,
    *,
    kind: str = NO_LIMIT,
    ante: int = 0,
    jokers: int = 0,
    raise_cap: int | None | str = DEFAULT_CAP,
    max_bet: int | None = None,
    cap_heads_up: bool = True,
) -> Variant:
    """Deuce-to-seven ("Kansas City") lowball, one draw of up to five cards, blinds, no limit by default.

    ``jokers=1`` plays it with the joker as the best card the hand lacks (ranking ``deuce-seven-joker``).

    >>> deuce_to_seven_single_draw().streets[1].draw.max_discards
    5
    >>> deuce_to_seven_single_draw(jokers=1).ranking
    'deuce-seven-joker'
    """
    forced = ForcedBets(ante=ante, small_blind=small_blind, big_blind=big_blind)
    betting = make_betting(kind, big_blind, None, raise_cap, max_bet, cap_heads_up)  # the unit is the big blind
    return _lowball_draw("Deuce-to-seven single draw", "deuce-seven", jokers, forced, betting)


def ace_to_five_draw(
    small_blind: int = 1,
    big_blind: int = 2,
    *,
    kind: str = FIXED_LIMIT,
    ante: int = 0,
    jokers: int = 0,
    raise_cap: int | None | str = DEFAULT_CAP,
    max_bet: int | None = None,
    cap_heads_up: bool = True,
) -> Variant:
    """Ace-to-five lowball draw (California lowball), blinds, one draw of up to five, fixed limit by default.

    ``jokers=1`` plays it with the joker as the lowest card the hand lacks (ranking ``ace-five-joker``).

    >>> ace_to_five_draw().ranking
    'ace-five'
    """
    forced = ForcedBets(ante=ante, small_blind=small_blind, big_blind=big_blind)
    betting = make_betting(kind, big_blind, None, raise_cap, max_bet, cap_heads_up)  # the unit is the big blind
    return _lowball_draw("Ace-to-five draw", "ace-five", jokers, forced, betting)


def deuce_to_seven_triple_draw(
    small_blind: int = 1, big_blind: int = 2, *, blind_counts_as_bet: bool = True
) -> Variant:
    """Fixed-limit deuce-to-seven triple draw (PHH ``F2L3D``): blinds, three draws of 0-5.

    Small bet before the first draw and after it, big bet after the second and third draws; a bet and
    three raises a round, the big blind counted as the bet (docs/rules.md 4.11). ``blind_counts_as_bet=False``
    allows three raises on top of the big blind, as pokerkit plays the standard code.

    >>> deuce_to_seven_triple_draw(1, 2).streets[3].draw.max_discards
    5
    >>> deuce_to_seven_triple_draw(1, 2).betting.blind_counts_as_bet
    True
    """
    return _triple_draw("Deuce-to-seven triple draw", 5, "deuce-seven", 7, small_blind, big_blind, blind_counts_as_bet)


def badugi(small_blind: int = 1, big_blind: int = 2, *, blind_counts_as_bet: bool = True) -> Variant:
    """Fixed-limit badugi (PHH ``FB``): four cards, blinds, three draws of 0-4, ranked as badugis.

    Betting as in deuce-to-seven triple draw: small bet before the first draw and after it, big bet after
    the second and third; a bet and three raises a round, the big blind counted as the bet (docs/rules.md 16);
    ``blind_counts_as_bet=False`` is pokerkit's count.

    >>> game = badugi(1, 2)
    >>> game.hole_cards, game.streets[3].draw.max_discards, game.ranking
    (4, 4, 'badugi')
    """
    return _triple_draw("Badugi", 4, "badugi", 8, small_blind, big_blind, blind_counts_as_bet)


def _triple_draw(
    name: str, cards: int, ranking: str, max_players: int, small_blind: int, big_blind: int, blind_counts_as_bet: bool
) -> Variant:
    """A fixed-limit triple-draw game: ``cards`` dealt, three draws of 0 to all of them, blinds, the small bet
    before the first draw and after it, the big bet after the second and third, a bet and three raises a round."""
    betting = Betting(FIXED_LIMIT, big_blind, 2 * big_blind, raise_cap=3, blind_counts_as_bet=blind_counts_as_bet)
    return Variant(
        name=name,
        hole_cards=cards,
        streets=draw_streets(cards, 3, cards),
        forced=ForcedBets(ante=0, small_blind=small_blind, big_blind=big_blind),
        betting=betting,
        ranking=ranking,
        max_players=max_players,
    )
