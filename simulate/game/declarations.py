"""The parts a game declaration is made of: streets, forced bets, betting, opening, house rules, the low half,
and :class:`Variant` itself, with the checks that refuse an inconsistent declaration.

The factories that fill these in for the shipped games are in :mod:`~pokerlab.simulate.game.flop_variants`,
:mod:`~pokerlab.simulate.game.draw_variants` and :mod:`~pokerlab.simulate.game.stud_variants`; all of it is
importable from :mod:`pokerlab.simulate.game`.

>>> from pokerlab.simulate.game.flop_variants import texas_holdem
>>> [texas_holdem(kind, 1, 2, max_bet=10).betting.kind for kind in (FIXED_LIMIT, SPREAD_LIMIT, POT_LIMIT, NO_LIMIT)]
['fixed-limit', 'spread-limit', 'pot-limit', 'no-limit']
>>> LAST_BET_LIMIT in BETTING_KINDS, texas_holdem(FIXED_LIMIT, 1, 2, raise_cap=DEFAULT_CAP).betting.raise_cap
(True, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final

from pokerlab.errors import InputError
from pokerlab.evaluator.cards import SHORT_DECK_SIZE
from pokerlab.evaluator.rules import get_rules

#: Fixed limit: every bet and raise is the street's small or big bet (docs/rules.md 6).
FIXED_LIMIT = "fixed-limit"
#: Spread limit: any amount from the small bet to ``max_bet``.
SPREAD_LIMIT = "spread-limit"
#: Pot limit: a raise up to the pot after the call.
POT_LIMIT = "pot-limit"
#: No limit: up to the whole stack.
NO_LIMIT = "no-limit"
#: A raise at most the size of the last bet or raise.
LAST_BET_LIMIT = "last-bet-limit"
BETTING_KINDS = (FIXED_LIMIT, SPREAD_LIMIT, POT_LIMIT, NO_LIMIT, LAST_BET_LIMIT)

RANKINGS = (
    "high",
    "short-deck",
    "ace-five",
    "deuce-seven",
    "joker",
    "bug",
    "two-jokers",
    "deuces-wild",
    "ace-five-joker",
    "deuce-seven-joker",
    "badugi",
)
#: Rankings valued on the high-hand scale (wild cards add five of a kind on top): the only ones
#: where "a pair of jacks or better" names a hand.
HIGH_RANKINGS = ("high", "joker", "bug", "two-jokers", "deuces-wild")

#: :attr:`Variant.last_blind` of a button blind: the last position, whatever the number of players.
BUTTON_POSITION = -1

#: The factories' ``raise_cap`` default: a bet and three raises in fixed limit, no cap in the other structures
#: (docs/rules.md 6.1). An explicit number caps every structure alike; an explicit None lifts the cap everywhere.
DEFAULT_CAP: Final = "default"

# Odd-chip options (docs/rules.md 4.9): to the winner nearest the dealer's left, or kept for the next deal.
ODD_CHIP_LEFT_OF_BUTTON = "left-of-button"
ODD_CHIP_CARRY = "carry"
# Who acts first after the draw in ante games (docs/rules.md 4.7).
AFTER_DRAW_OPENER = "opener"
AFTER_DRAW_LEFT_OF_DEALER = "left-of-dealer"
# Who shows first when the last round had a bet (docs/rules.md 5.9).
SHOW_LAST_AGGRESSOR = "last-aggressor"
SHOW_LAST_CALLER = "last-caller"


@dataclass(frozen=True)
class DrawRule:
    """One draw: each player still in discards up to ``max_discards`` cards and gets as many new ones.

    ``four_with_ace``: a player who keeps an ace (and shows it) may draw four (docs/rules.md 4.6 house rule).

    >>> DrawRule(max_discards=3, four_with_ace=True).max_discards
    3
    """

    max_discards: int = 3
    four_with_ace: bool = False


@dataclass(frozen=True)
class Street:
    """What the dealer does before a betting round, then which bet unit the round uses.

    ``hole``: cards dealt to each player, one at a time clockwise from the dealer's left;
    ``burn`` then ``board`` community cards; ``draw`` a draw before the betting;
    ``big_bet``: fixed limit uses the big bet in this round.
    Stud (docs/rules.md 13): ``up`` of the street's ``hole`` cards, the last ones dealt, are face up;
    ``open_pair_big_bet``: an open pair showing lets anyone bet or raise the big bet in this round.

    >>> Street(burn=1, board=3).board
    3
    >>> Street(hole=3, up=1).up
    1
    """

    hole: int = 0
    burn: int = 0
    board: int = 0
    draw: DrawRule | None = None
    big_bet: bool = False
    up: int = 0
    open_pair_big_bet: bool = False


@dataclass(frozen=True)
class ForcedBets:
    """Antes (dead money) and blinds/straddles (live bets), as the PHH standard writes them.

    - ``ante``: an ante from every player; ``big_blind_ante``: one ante from the big blind only;
      ``button_ante``: one ante from the dealer; ``antes``: antes by position (``antes[0]`` the small
      blind's seat, ``[1]`` the big blind's, ``[2]`` under the gun..., the last the button). A seat owes
      the sum of the ones that name it.
    - ``small_blind``, ``big_blind``, then ``straddles``: live forced bets of the positions after the big
      blind (``straddles[0]`` under the gun, ``[1]`` the next seat...; 0 for none). Heads-up the button
      posts the small blind (position 0), as the standard reverses the blinds.
    - A small blind without a big blind is a *lone blind* (PHH's ``[2, 0, 0, 0]``, fixed-limit and some
      tournament records): position 0 posts it and it plays the big blind's part, the bet to match, with
      the next player first to act (docs/rules.md 5.2).
    - ``ante_trimming`` (PHH ``ante_trimming_status``): when a player is too short to post the whole ante,
      the antes above what that player posted are live money only those who matched them can win
      (docs/rules.md 4.2). False: every ante is dead money anyone still in can win. Either way a
      complete ante is dead money, so a lone big-blind ante is never handed back.
    - ``bring_in`` (stud): a live forced bet the seat with the weakest up card posts on third street,
      unless it completes to the small bet (docs/rules.md 13.2).
    - ``button_blind``: the one live blind of the ante-and-button format (short-deck hold'em, PHH's
      ``[0, ..., 0, 3000]``), posted by the last position, the button, with no small or big blind; it is
      the bet to match and the player left of the button acts first. Heads-up the standard reverses the
      positions, so the player who is not the button posts it and the button acts first (docs/rules.md 15.3).

    >>> ForcedBets(small_blind=5, big_blind=10).big_blind
    10
    >>> ForcedBets(small_blind=1, big_blind=2, big_blind_ante=2).position_antes(4)
    [0, 2, 0, 0]
    >>> ForcedBets(small_blind=1, big_blind=2, straddles=(4,)).position_blinds(4)
    [1, 2, 4, 0]
    >>> ForcedBets(small_blind=2).posting_order(4, 3)   # a lone blind: p1 posts it
    [(0, 'blind', 2)]
    >>> ForcedBets(ante=1, button_blind=2).position_blinds(4)
    [0, 0, 0, 2]
    """

    ante: int = 0
    small_blind: int = 0
    big_blind: int = 0
    straddles: tuple[int, ...] = ()
    antes: tuple[int, ...] = ()
    big_blind_ante: int = 0
    button_ante: int = 0
    ante_trimming: bool = True
    bring_in: int = 0
    button_blind: int = 0

    def __post_init__(self) -> None:
        amounts = (self.ante, self.small_blind, self.big_blind, self.big_blind_ante, self.button_ante, self.bring_in,
                   self.button_blind)  # fmt: skip
        for value in (*amounts, *self.straddles, *self.antes):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InputError(f"forced bets are whole numbers of chips, 0 or more, got {value!r}")
        if any(self.straddles) and not self.big_blind:
            raise InputError("a straddle needs a big blind to straddle")
        if self.big_blind_ante and not self.big_blind:
            raise InputError("a big-blind ante needs a big blind")
        if self.button_blind and (self.small_blind or self.big_blind or any(self.straddles)):
            raise InputError("a button blind is the only blind of its format: no small or big blind, no straddle")

    @property
    def has_antes(self) -> bool:
        """Whether anyone owes an ante."""
        return bool(self.ante or self.big_blind_ante or self.button_ante or any(self.antes))

    def position_antes(self, n: int) -> list[int]:
        """The ante each position owes at an ``n``-handed table (0 the small blind's seat... the last the button).

        >>> ForcedBets(ante=1, button_ante=3).position_antes(3)
        [1, 1, 4]
        """
        if len(self.antes) > n:
            raise InputError(f"{len(self.antes)} per-seat antes for {n} players")
        out = [self.ante + (self.antes[k] if k < len(self.antes) else 0) for k in range(n)]
        if self.big_blind_ante:
            out[1] += self.big_blind_ante
        if self.button_ante:
            out[0 if n == 2 else n - 1] += self.button_ante
        return out

    def position_blinds(self, n: int) -> list[int]:
        """The live forced bet of each position at an ``n``-handed table: blinds, then straddles.

        >>> ForcedBets(small_blind=1, big_blind=2).position_blinds(3)
        [1, 2, 0]
        """
        if self.button_blind:
            return [0] * (n - 1) + [self.button_blind]
        if len(self.straddles) > n - 2 and any(self.straddles[max(0, n - 2) :]):
            raise InputError(f"{len(self.straddles)} straddles need more than {n} players")
        rest = [self.straddles[k] if k < len(self.straddles) else 0 for k in range(n - 2)]
        return [self.small_blind, self.big_blind, *rest]

    @property
    def live_top(self) -> int:
        """The largest live forced bet (the bet to match before the flop)."""
        return max((self.big_blind, self.small_blind, *self.straddles, self.button_blind))

    def posting_order(self, n: int, button: int, antes: bool = True) -> list[tuple[int, str, int]]:
        """The forced bets in posting order, ``(seat, kind, amount)``: antes clockwise from the dealer's left,
        then blinds and straddles (``antes`` False: the blinds only).

        >>> ForcedBets(small_blind=1, big_blind=2).posting_order(3, 0)
        [(1, 'small blind', 1), (2, 'big blind', 2)]
        """
        queue: list[tuple[int, str, int]] = []
        if antes and self.has_antes:
            owed = self.position_antes(n)
            for k in range(n):  # clockwise from the dealer's left
                seat = (button + 1 + k) % n
                due = owed[(seat - button) % 2 if n == 2 else (seat - button - 1) % n]
                if due:
                    queue.append((seat, "ante", due))
        if self.big_blind or self.small_blind or self.button_blind:  # a small blind alone is a lone blind
            kinds = ("small blind", "big blind") if self.big_blind else ("blind", "big blind")
            for position, amount in enumerate(self.position_blinds(n)):
                if amount:
                    # State.seat_at: heads-up the button posts the small blind
                    seat = (button + position) % 2 if n == 2 else (button + 1 + position) % n
                    kind = "button blind" if self.button_blind else kinds[position] if position < 2 else "straddle"
                    queue.append((seat, kind, amount))
        return queue


@dataclass(frozen=True)
class Betting:
    """The betting structure (docs/rules.md section 6).

    - ``fixed-limit``: every bet/raise is one unit, ``small_bet`` or ``big_bet`` by street; cap ``raise_cap``.
    - ``spread-limit``: bet from ``small_bet`` to ``max_bet``; a raise adds at least the previous bet/raise.
    - ``pot-limit``: raise-to at most pot + all bets on the table + the call.
    - ``no-limit``: up to the whole stack.
    - ``last-bet-limit`` (our reading of a name the seeds leave undefined): an opening bet from
      ``small_bet`` to ``max_bet`` (or the stack); a raise adds from ``small_bet`` up to the last bet
      or raise of the round, never more.

    ``small_bet`` is also the minimum opening bet of every structure (one big blind in hold'em).
    ``max_bet`` (optional) caps every bet or raise increment except in fixed limit ("ten chips a bet").
    ``raise_cap``: full raises allowed after the opening bet in a round (None: unlimited), the same
    rule in every structure.
    ``blind_counts_as_bet``: the big blind is the round's opening bet for the cap (the first
    raise before the flop is raise number one).
    ``cap_heads_up`` (True): the cap holds when only two players are left in the hand; False lifts
    it then, as many cardrooms do.

    >>> Betting(FIXED_LIMIT, small_bet=2, big_bet=4, raise_cap=3).unit(big=True)
    4
    """

    kind: str
    small_bet: int
    big_bet: int = 0
    max_bet: int | None = None
    raise_cap: int | None = None
    blind_counts_as_bet: bool = True
    cap_heads_up: bool = True

    def __post_init__(self) -> None:
        if self.kind not in BETTING_KINDS:
            raise InputError(f"unknown betting structure {self.kind!r}; choose one of {', '.join(BETTING_KINDS)}")
        if self.small_bet <= 0:
            raise InputError("the small bet (minimum bet) must be positive")
        if self.kind == SPREAD_LIMIT and self.max_bet is None:
            # docs/rules.md 6.3: a spread is a minimum and a maximum; without the maximum it is no limit.
            raise InputError(
                f"spread limit needs a maximum bet: give the spread as a minimum and a maximum "
                f"(max_bet, or --spread {self.small_bet}-{5 * self.small_bet})"
            )
        if self.raise_cap is not None and (isinstance(self.raise_cap, bool) or not isinstance(self.raise_cap, int)):
            raise InputError(f"raise_cap must be a whole number of raises or None (no cap), got {self.raise_cap!r}")
        if self.raise_cap is not None and self.raise_cap < 0:
            raise InputError(f"raise_cap must be 0 or more, got {self.raise_cap}")
        if self.max_bet is not None and self.max_bet < self.small_bet:
            raise InputError(f"the maximum bet {self.max_bet} is below the minimum bet {self.small_bet}")

    def unit(self, big: bool) -> int:
        """Bet unit of a street: the big bet on big-bet streets when one is set."""
        return self.big_bet if big and self.big_bet else self.small_bet


@dataclass(frozen=True)
class Opening:
    """Opening rules of the first betting round of ante games (docs/rules.md section 4).

    ``requirement``: ``"any"`` (California, free opening) or ``"jacks"`` (jacks or better to open;
    the opener keeps and shows the openers).
    ``bet_or_drop``: before the pot is opened a player may not check (pass-and-out);
    default check-and-come-back. It applies to the first round of ante games.
    ``bet_or_drop_second_round`` (False, "rarely applied" by the seeds): the same in every round after
    the first, until someone bets; a player may bet or fold, not check.

    >>> Opening(requirement="jacks").requirement
    'jacks'
    """

    requirement: str = "any"
    bet_or_drop: bool = False
    bet_or_drop_second_round: bool = False

    def __post_init__(self) -> None:
        if self.requirement not in ("any", "jacks"):
            raise InputError(f"opening requirement must be 'any' or 'jacks', got {self.requirement!r}")


@dataclass(frozen=True)
class HouseRules:
    """House-rule options, with the docs/rules.md defaults.

    - ``fold_when_check_free`` (True): folding with nothing to call is allowed (docs/rules.md 5.5);
      False refuses it, as pokerkit does.
    - ``odd_chip`` (``"left-of-button"``): the odd chip of a split goes to the winner nearest the
      dealer's left; ``"carry"`` keeps it in the pot for the next deal (draw games).
    - ``after_draw_first`` (``"opener"``): in ante games the opener acts first after the draw (or the
      nearest active player to the opener's left); ``"left-of-dealer"``: the first active player left
      of the dealer. The same choice names who shows first when nobody bet the last round.
    - ``show_first`` (``"last-aggressor"``): the last player to bet or raise shows first;
      ``"last-caller"`` is the reading of one seed.

    >>> HouseRules().odd_chip
    'left-of-button'
    """

    fold_when_check_free: bool = True
    odd_chip: str = ODD_CHIP_LEFT_OF_BUTTON
    after_draw_first: str = AFTER_DRAW_OPENER
    show_first: str = SHOW_LAST_AGGRESSOR

    def __post_init__(self) -> None:
        if self.odd_chip not in (ODD_CHIP_LEFT_OF_BUTTON, ODD_CHIP_CARRY):
            raise InputError(f"odd_chip must be {ODD_CHIP_LEFT_OF_BUTTON!r} or {ODD_CHIP_CARRY!r}")
        if self.after_draw_first not in (AFTER_DRAW_OPENER, AFTER_DRAW_LEFT_OF_DEALER):
            raise InputError(f"after_draw_first must be {AFTER_DRAW_OPENER!r} or {AFTER_DRAW_LEFT_OF_DEALER!r}")
        if self.show_first not in (SHOW_LAST_AGGRESSOR, SHOW_LAST_CALLER):
            raise InputError(f"show_first must be {SHOW_LAST_AGGRESSOR!r} or {SHOW_LAST_CALLER!r}")


@dataclass(frozen=True)
class LowHalf:
    """The low half of a high-low split game: the ``ranking`` of the low and its qualifier.

    ``qualifier``: the highest card a qualifying low may hold (8: "eight or better"). A pot with no
    qualifying low goes whole to the high hand (docs/rules.md 13.6).

    >>> LowHalf().qualifier
    8
    """

    ranking: str = "ace-five"
    qualifier: int = 8

    def __post_init__(self) -> None:
        if self.ranking != "ace-five":
            raise InputError(f"the low half of a split pot is ranked ace-five, not {self.ranking!r}")
        if not 5 <= self.qualifier <= 13:
            raise InputError(f"a low qualifier is a card from 5 to K (5..13), got {self.qualifier!r}")


@dataclass(frozen=True)
class Variant:
    """A poker game as data. ``jokers`` adds cards 52 (and 53) to the deck; the ``short-deck`` ranking is
    played with the 36-card short deck (6 to A, docs/rules.md 15).

    Stud games set ``showing``: the ranking ("high" or "ace-five") that reads the up cards; the
    weakest door card brings in and the best showing hand acts first on later streets. ``low``
    splits every pot with the best qualifying low (high-low games). ``hole_used``: a hand is exactly
    this many hole cards plus board cards to five (Omaha: 2, docs/rules.md 14); 0 the best five of all.

    >>> from pokerlab.simulate.game import texas_holdem
    >>> v = texas_holdem(POT_LIMIT, small_blind=1, big_blind=2)
    >>> v.name, v.deck_size
    ("Pot-limit Texas hold'em", 52)
    """

    name: str
    hole_cards: int
    streets: tuple[Street, ...]
    forced: ForcedBets
    betting: Betting
    ranking: str = "high"
    jokers: int = 0
    opening: Opening = field(default_factory=Opening)
    rules: HouseRules = field(default_factory=HouseRules)
    uses_board: bool = False
    min_players: int = 2
    max_players: int = 10
    showing: str | None = None
    low: LowHalf | None = None
    hole_used: int = 0
    # Derived from the declaration once, in __post_init__: plain attributes, because the state reads them
    # at every decision (as properties they were 2 calls of a random 6-max hand's ~30 per decision).
    #: Whether players' up cards order the betting (stud games: ``showing`` names their ranking).
    is_stud: bool = field(init=False, repr=False, compare=False)
    #: 52 plus the jokers.
    deck_size: int = field(init=False, repr=False, compare=False)
    #: Whether the first round starts with live blinds (no check-around, no openers); a lone blind counts.
    has_blinds: bool = field(init=False, repr=False, compare=False)
    #: Whether a bet needs openers (jacks or better) before the pot is open: ante games only.
    jacks_to_open: bool = field(init=False, repr=False, compare=False)
    #: Whether some round is bet or drop (no check before the first bet), by the opening rules.
    bet_or_drop: bool = field(init=False, repr=False, compare=False)
    #: Whether a hand may deal to the bottom of the deck (draws, stud's short deck), so every card is shuffled.
    deals_deep: bool = field(init=False, repr=False, compare=False)
    #: Burn and board cards of a whole deal.
    table_cards: int = field(init=False, repr=False, compare=False)
    #: The position (0 the small blind, 1 the big blind, 2... straddles) of the last live blind (0: a lone blind;
    #: :data:`BUTTON_POSITION`: the button blind, whose position is the table's last).
    last_blind: int = field(init=False, repr=False, compare=False)
    #: The bet unit of each street (``betting.unit`` of the street's ``big_bet``).
    street_units: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: :meth:`forced_order`'s answers by (players, button, antes due), kept as they are asked for.
    forced_orders: dict[tuple[int, int, bool], tuple[tuple[int, str, int], ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        derived = {
            "is_stud": self.showing is not None,
            "deck_size": SHORT_DECK_SIZE if self.ranking == "short-deck" else 52 + self.jokers,
            "has_blinds": self.forced.big_blind > 0 or self.forced.small_blind > 0 or self.forced.button_blind > 0,
            "jacks_to_open": self.opening.requirement == "jacks" and not self.forced.live_top,
            "bet_or_drop": self.opening.bet_or_drop or self.opening.bet_or_drop_second_round,
            "deals_deep": self.showing is not None or any(s.draw is not None for s in self.streets),
            "table_cards": sum(s.burn + s.board for s in self.streets),
            "last_blind": BUTTON_POSITION
            if self.forced.button_blind
            else 0
            if self.forced.small_blind and not self.forced.big_blind
            else 1 + max((k + 1 for k, amount in enumerate(self.forced.straddles) if amount), default=0),
            "street_units": tuple(self.betting.unit(s.big_bet) for s in self.streets),
            "forced_orders": {},
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)  # frozen: set once, here
        if self.showing is not None:
            _check_stud(self)
        if self.hole_used:
            _check_omaha(self)
        if self.ranking not in RANKINGS:
            raise InputError(f"unknown ranking {self.ranking!r}; choose one of {', '.join(RANKINGS)}")
        if sum(s.hole for s in self.streets) != self.hole_cards:
            raise InputError("the streets must deal exactly hole_cards cards to each player")
        if self.forced.big_blind and self.forced.small_blind > self.forced.big_blind:
            raise InputError("the small blind cannot exceed the big blind")
        spread_top = self.betting.max_bet
        if self.betting.kind == SPREAD_LIMIT and spread_top is not None and spread_top < self.forced.big_blind:
            raise InputError(
                f"the spread's maximum {self.betting.max_bet} is below the big blind {self.forced.big_blind}: "
                "nobody could raise it"
            )
        if self.jokers and self.uses_board:
            raise InputError(
                f"{self.name}: a hold'em deck has no joker (jokers={self.jokers}); each player's hand is the best "
                "five of seven cards with no wild card, so a joker could never be ranked"
            )
        rules = get_rules(self.ranking)
        if self.deck_size != rules.deck_size:
            raise InputError(
                f"{self.name}: the ranking {self.ranking!r} is played with a {rules.deck_size}-card deck, "
                f"but jokers={self.jokers} makes {self.deck_size} cards"
            )
        seen = self.hole_cards + sum(s.board for s in self.streets)
        if seen not in rules.hand_sizes and not self.hole_used:
            sizes = " or ".join(str(k) for k in rules.hand_sizes)
            raise InputError(f"{self.name}: the ranking {self.ranking!r} ranks {sizes} cards, a hand here has {seen}")
        if self.opening.requirement == "jacks" and self.ranking not in HIGH_RANKINGS:
            raise InputError(
                f"jacks or better to open needs a high ranking ({', '.join(HIGH_RANKINGS)}); "
                f"{self.ranking!r} ranks low hands"
            )

    def forced_order(self, n: int, button: int, antes: bool = True) -> tuple[tuple[int, str, int], ...]:
        """:meth:`ForcedBets.posting_order` for ``n`` players, worked out once per seating and kept.

        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> no_limit_holdem(1, 2).forced_order(2, 0)
        ((0, 'small blind', 1), (1, 'big blind', 2))
        """
        key = (n, button, antes)
        order = self.forced_orders.get(key)
        if order is None:  # the declaration never changes, so neither does its answer
            order = self.forced_orders[key] = tuple(self.forced.posting_order(n, button, antes))
        return order

    def with_rules(self, **options: Any) -> Variant:
        """The same game with some house rules changed.

        >>> from pokerlab.simulate.game import five_card_draw
        >>> five_card_draw().with_rules(odd_chip="carry").rules.odd_chip
        'carry'
        """
        return replace(self, rules=replace(self.rules, **options))

    def with_forced(self, **amounts: Any) -> Variant:
        """The same game with other forced bets (blind schedules and the command line's options use this).

        >>> from pokerlab.simulate.game import no_limit_holdem
        >>> no_limit_holdem(1, 2).with_forced(small_blind=2, big_blind=4).forced.big_blind
        4
        """
        forced = replace(self.forced, **amounts)
        betting = self.betting
        if self.has_blinds and forced.big_blind and forced.big_blind != self.forced.big_blind:
            # Bet sizes follow the big blind, keeping the big bet's ratio to the small bet.
            ratio = betting.big_bet // betting.small_bet if betting.big_bet else 1
            max_bet = betting.max_bet
            if max_bet is not None:  # a spread or table limit grows with the blinds, never below the new unit
                max_bet = max(forced.big_blind, max_bet * forced.big_blind // self.forced.big_blind)
            betting = replace(betting, small_bet=forced.big_blind, big_bet=forced.big_blind * ratio, max_bet=max_bet)
        return replace(self, forced=forced, betting=betting)


def _check_stud(variant: Variant) -> None:
    """The declarations a stud game needs (docs/rules.md 13): fixed limit, a bring-in, up cards, no blinds."""
    name = variant.name
    if variant.showing not in ("high", "ace-five"):
        raise InputError(f"{name}: up cards are read as 'high' or 'ace-five' hands, not {variant.showing!r}")
    if variant.betting.kind != FIXED_LIMIT:
        raise InputError(f"{name}: stud is played fixed limit here (bring-in, completion, small and big bets)")
    if variant.forced.live_top or variant.uses_board:
        raise InputError(f"{name}: stud has antes and a bring-in, no blinds and no shared board")
    if not 0 < variant.forced.bring_in <= variant.betting.small_bet:
        raise InputError(
            f"{name}: the bring-in must be positive and at most the small bet {variant.betting.small_bet}, "
            f"got {variant.forced.bring_in}"
        )
    if not variant.streets or variant.streets[0].up < 1 or variant.streets[0].draw is not None:
        raise InputError(f"{name}: the first stud street deals at least one card face up (the door card)")
    if any(s.up > s.hole or s.board or s.draw is not None for s in variant.streets):
        raise InputError(f"{name}: stud streets deal hole cards, some face up; no board cards and no draws")


def _check_omaha(variant: Variant) -> None:
    """The declarations an Omaha game needs (docs/rules.md 14): two of 4-6 hole cards, three of a five-card board."""
    name = variant.name
    if variant.hole_used != 2:
        raise InputError(f"{name}: a hand of exactly {variant.hole_used} hole cards is not ranked; Omaha uses 2")
    if not variant.uses_board or sum(s.board for s in variant.streets) != 5:
        raise InputError(f"{name}: Omaha hands take three cards of a five-card board")
    if variant.hole_cards not in (4, 5, 6) or variant.ranking != "high" or variant.jokers:
        raise InputError(f"{name}: Omaha is ranked high with 4, 5 or 6 hole cards and no joker")
    if variant.low is not None and variant.low.qualifier != 8:
        raise InputError(f"{name}: the Omaha low is eight or better, not {variant.low.qualifier}-or-better")


def make_betting(
    kind: str,
    small_bet: int,
    big_bet: int | None = None,
    raise_cap: int | None | str = DEFAULT_CAP,
    max_bet: int | None = None,
    cap_heads_up: bool = True,
) -> Betting:
    """The betting of a factory: fixed limit's big bet defaults to twice the small one, the others' to the
    small one; ``raise_cap`` :data:`DEFAULT_CAP` is 3 in fixed limit and no cap elsewhere.

    >>> make_betting(FIXED_LIMIT, 2).raise_cap, make_betting(NO_LIMIT, 2).raise_cap
    (3, None)
    >>> make_betting(FIXED_LIMIT, 2, raise_cap=None).raise_cap, make_betting(POT_LIMIT, 2, raise_cap=3).raise_cap
    (None, 3)
    """
    if raise_cap == DEFAULT_CAP:
        raise_cap = 3 if kind == FIXED_LIMIT else None
    elif isinstance(raise_cap, str):
        raise InputError(f"raise_cap must be a whole number of raises, None or {DEFAULT_CAP!r}, got {raise_cap!r}")
    big = big_bet or (2 * small_bet if kind == FIXED_LIMIT else small_bet)
    max_bet = None if kind == FIXED_LIMIT else max_bet  # fixed limit's units are its limits
    return Betting(kind, small_bet, big, max_bet=max_bet, raise_cap=raise_cap, cap_heads_up=cap_heads_up)
