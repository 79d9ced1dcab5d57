"""The :class:`HandHistory` record: one hand in PHH terms, and the game declaration it is played under."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pokerlab.simulate.game.declarations import Variant

from .codes import STUD_CODES, PHHError, variant_from_phh
from .money import Amount, places_of, to_chips

REQUIRED = ("variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet")
OPTIONAL = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "ante_trimming_status",
    "time_limit",
    "time_banks",
)
CHIP_LISTS = ("finishing_stacks", "winnings")  # optional fields replay compares, one amount per player


@dataclass
class HandHistory:
    """One hand in PHH terms: the required fields, the optional ones we know, and the ``_`` user fields.

    Players are PHH players ``p1..pN``: ``p1`` sits left of the button (the small blind), ``pN`` on it.
    Amounts are kept as recorded: ints, or :class:`~decimal.Decimal` for decimals such as cents (written
    back digit for digit). Optional fields PHH does not define are kept in ``optional`` too. A negative
    entry of ``blinds_or_straddles`` is a player's post (:meth:`posts`).

    >>> HandHistory("NT", [0, 0], [1, 2], [50, 50], [], min_bet=2).game().name
    "No-limit Texas hold'em"
    """

    variant: str
    antes: list[Amount]
    blinds_or_straddles: list[Amount]
    starting_stacks: list[Amount]
    actions: list[str]
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    bring_in: Amount | None = None
    optional: dict[str, Any] = field(default_factory=dict)
    user: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.starting_stacks)

    def money_places(self) -> int:
        """Decimal places of the hand's finest recorded amount outside the actions (0: whole units).

        >>> from decimal import Decimal
        >>> HandHistory("NT", [0, 0], [Decimal("0.5"), 1], [Decimal("200.30"), 81], []).money_places()
        2
        """
        values: list[Any] = [*self.antes, *self.blinds_or_straddles, *self.starting_stacks]
        values += [self.small_bet, self.big_bet, self.min_bet, self.bring_in]
        for name in CHIP_LISTS:
            values.extend(self.optional.get(name) or ())
        return places_of(values)

    def posts(self) -> list[tuple[int, Amount]]:
        """``(player, amount)`` of each post: a negative entry of ``blinds_or_straddles``, as pokerkit reads it.

        A post is what a player who has just sat down pays to play at once rather than wait for the big blind:
        a live bet of the entry's size, put in after the blinds, that counts towards what the player calls and
        does not move the first to act (the player after the last blind or straddle still acts first).
        Heads-up the entries are reversed, as the blinds are (entry 0 is the button's).

        >>> HandHistory("NT", [0, 0, 0, 0], [1, 2, 0, -2], [50] * 4, []).posts()
        [(3, 2)]
        """
        entries = self.blinds_or_straddles
        heads_up = len(entries) == 2
        return [(1 - k if heads_up else k, -entry) for k, entry in enumerate(entries) if entry < 0]

    def game(self, places: int | None = None) -> Variant:
        """The game declaration this history is played under (:class:`PHHError` if pokerlab cannot play it).

        Amounts are in chips of ``10**-places`` of the recorded unit (default: the hand's finest amount).
        """
        if places is None:
            places = self.money_places()
        trimming = self.optional.get("ante_trimming_status")
        try:  # a dataset repeats its blinds and antes hand after hand: the declaration is looked up by them
            scalars = (self.small_bet, self.big_bet, self.min_bet, self.bring_in, trimming)
            key: tuple[Any, ...] | None = (
                self.variant,
                places,
                tuple(self.antes),
                tuple(self.blinds_or_straddles),
                scalars,
                tuple(map(type, scalars)),
                tuple((k, type(v), v) for k, v in self.user.items()) if self.user else (),
            )
            hit = _GAMES.get(key)  # type: ignore[arg-type]
        except TypeError:  # an unhashable "_" field: no cache
            key = hit = None
        if hit is not None:
            return hit
        game = self._game(places, trimming)
        if key is not None:
            if len(_GAMES) >= 256:
                _GAMES.clear()
            _GAMES[key] = game
        return game

    def _game(self, places: int, trimming: Any) -> Variant:
        # Turning each amount into chips and building the key of codes.variant_from_phh was 7% of a
        # replay's time on the bench's files (cProfile); the lookup above skips both for a known game.
        def chips(value: Any) -> Any:
            return None if value is None else to_chips(value, places)

        _check_posts(self.blinds_or_straddles)
        blinds = [chips(b) if b > 0 else 0 for b in self.blinds_or_straddles]  # posts (< 0) are not the game's
        fields = {
            "antes": [chips(a) for a in self.antes],
            "blinds_or_straddles": blinds,
            "small_bet": chips(self.small_bet),
            "big_bet": chips(self.big_bet),
            "min_bet": chips(self.min_bet),
            "ante_trimming_status": trimming,
            "bring_in": chips(self.bring_in),
        }
        if self.bring_in and self.variant not in STUD_CODES:
            raise PHHError(f"{self.variant} has no bring-in (only the stud games F7S, F7S/8 and FR have one)")
        return variant_from_phh(self.variant, fields, self.user)

    def names(self) -> list[str]:
        """The players' names (the ``players`` field) or ``p1``, ``p2``...

        >>> HandHistory("NT", [0, 0], [1, 2], [50, 50], []).names()
        ['p1', 'p2']
        """
        given = self.optional.get("players")
        if isinstance(given, list) and len(given) == self.players and all(given):
            return [str(name) for name in given]
        return [f"p{k + 1}" for k in range(self.players)]

    def to_dict(self) -> dict[str, Any]:
        """Every field by its PHH name, required fields first (``None`` ones left out)."""
        out: dict[str, Any] = {"variant": self.variant}
        for name in ("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet"):
            value = getattr(self, name)
            if name == "blinds_or_straddles" and self.variant in STUD_CODES and not any(value):
                continue  # stud has no blinds: the standard's stud fields leave the array out
            if value is not None:
                out[name] = value
        out["starting_stacks"] = self.starting_stacks
        out["actions"] = self.actions
        out.update({k: v for k, v in self.optional.items() if v is not None})
        out.update({k: v for k, v in self.user.items() if v is not None})
        return out


def _check_posts(entries: list[Amount]) -> None:
    """:class:`PHHError` for posts pokerlab cannot play: beside no blind, or above the largest blind.

    The posts are put in after the blinds, and the largest blind stays the bet to match (the engine's
    ``live_top``): a larger post would be a bet to match that the game's declaration does not know.
    """
    posts = [-entry for entry in entries if entry < 0]
    if not posts:
        return
    top = max(entries)
    if top <= 0:
        raise PHHError(
            "a post (a negative entry) needs a blind to be posted beside: there is none", field="blinds_or_straddles"
        )
    if max(posts) > top:
        raise PHHError(
            f"a post of {max(posts)} (a negative entry) is more than the largest blind, {top}: "
            "pokerlab plays posts of at most the largest blind",
            field="blinds_or_straddles",
        )


_GAMES: dict[tuple[Any, ...], Variant] = {}  # HandHistory.game's declarations by the fields they are made of
