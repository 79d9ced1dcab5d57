"""The cards of an equity spot, read the same way for every game: one card reader, one player count, one check
that no card is in two places.

Every family's reader of :func:`~.spot.read_spot` (hold'em :mod:`.holdem_spot`, Omaha :mod:`.omaha`, the stud
family :mod:`.stud`, the draw games :mod:`.draw`, short deck :mod:`.short_deck`) reads its board, dead cards and
fixed hands here, so a bad card, a wrong count or a card held twice is refused with the same words whatever the
game.

>>> read_cards("Kd7c2h", "board", sizes=(0, 3, 4, 5))
[45, 20, 2]
>>> owners = CardOwners()
>>> hex(owners.claim([51], 0))   # player 1
'0x8000000000000'
>>> try:
...     owners.claim([51, 50], "player 2")
... except EquityError as error:
...     print(error)
players 1 and 2 both hold As
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ...evaluator.cards import DECK_SIZE, CardError, format_cards, to_card_ids
from .options import EquityError

#: How many dead cards a spot may name: every card but two players' hands and a flop.
DEAD_SIZES = tuple(range(0, 45))


@lru_cache(maxsize=1024)
def _text_ids(text: str, deck_size: int) -> tuple[int, ...]:
    """A text's card ids, parsed once: hold'em's per-call path reads the same boards again and again."""
    return tuple(to_card_ids(text, deck_size=deck_size))


def read_cards(cards: Any, what: str, *, sizes: Sequence[int] | None = None, deck_size: int = DECK_SIZE) -> list[int]:
    """Card ids of ``cards`` (text such as ``"AsKs"``, card ids or card names; None or ``""`` is no card), each
    error naming ``what``; with ``sizes``, the number of cards must be one of them.

    >>> read_cards(None, "dead cards")
    []
    >>> try:
    ...     read_cards("AsKsQsJsTs9s", "board", sizes=(0, 3, 4, 5))
    ... except EquityError as error:
    ...     print(error)
    board must have 0 or 3 or 4 or 5 cards, got 6
    """
    if cards is None or cards == "":
        ids: list[int] = []
    elif not isinstance(cards, (str, Sequence)):
        raise EquityError(f"{what} must be cards as text (e.g. 'AsKs') or card ids, got {type(cards).__name__}")
    else:
        try:
            text = isinstance(cards, str)
            ids = list(_text_ids(cards, deck_size)) if text else to_card_ids(cards, deck_size=deck_size)
        except CardError as exc:
            raise CardError(f"{what}: {exc}") from None
    if sizes is not None and len(ids) not in sizes:
        raise EquityError(f"{what} must have {' or '.join(map(str, sizes))} cards, got {len(ids)}")
    return ids


def check_player_count(players: Any, most: int, game: str = "") -> int:
    """The number of players, refused unless ``players`` is a sequence of 2 to ``most`` (one text is one player).

    >>> check_player_count(["AsAh", "KK"], 10)
    2
    >>> try:
    ...     check_player_count("AsAh", 8, "stud")
    ... except EquityError as error:
    ...     print(error)
    stud equity needs 2 to 8 players, got 1
    """
    # Anything but a sequence (one text, one Range) is one player given alone.
    many = isinstance(players, (list, tuple)) or isinstance(players, Sequence) and not isinstance(players, str)
    count = len(players) if many else 1
    if not 2 <= count <= most:
        raise EquityError(f"{f'{game} ' if game else ''}equity needs 2 to {most} players, got {count}")
    return count


class CardOwners:
    """Who holds each card of a spot ("player 1", "the board", "the dead cards", ...): a card claimed twice is
    refused, naming both places."""

    __slots__ = ("claims", "mask")

    def __init__(self) -> None:
        # Each claim as (who, its cards' bit mask): hold'em's per-call path claims a few cards in microseconds,
        # so names are looked up only when two claims meet.
        self.claims: list[tuple[str | int, int]] = []
        self.mask = 0

    def claim(self, cards: Iterable[int], who: str | int) -> int:
        """Give ``cards`` to ``who`` (a place, or a player's index from 0) and return their bit mask; an error if
        one already has an owner."""
        mask = 0
        for card in cards:
            mask |= 1 << card
        if mask & self.mask:
            card = (mask & self.mask).bit_length() - 1
            first = next(name for name, held in self.claims if held >> card & 1)
            raise EquityError(_twice(format_cards([card]), _place(first), _place(who)))
        self.claims.append((who, mask))
        self.mask |= mask
        return mask

    def holds(self, card: int) -> bool:
        """Whether some place holds ``card``."""
        return bool(self.mask >> card & 1)


def _place(who: str | int) -> str:
    return who if isinstance(who, str) else f"player {who + 1}"


#: How a place holds a card, in an error that names two places.
_ROLES = {"the board": "on the board", "the dead cards": "dead", "the community card": "the community card"}


def _twice(card: str, first: str, second: str) -> str:
    players = [who.removeprefix("player ") for who in (first, second) if who.startswith("player ")]
    if len(players) == 2:
        return f"players {players[0]} and {players[1]} both hold {card}"
    return f"{card} is both {_role(first)} and {_role(second)}"


def _role(who: str) -> str:
    return f"held by {who}" if who.startswith("player ") else _ROLES.get(who, f"in {who}")
