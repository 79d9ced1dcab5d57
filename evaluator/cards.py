"""Cards: ids, parsing, formatting and 64-bit masks.

A card id is ``4 * rank + suit`` with rank 0..12 for 2..A and suit 0..3 for
c, d, h, s, so ``2c`` is 0, ``2d`` is 1 and ``As`` is 51. This numbering is a
stable public contract: tables, kernels and other tools rely on it.

A card mask is a Python ``int`` (or ``uint64``) with bit ``id`` set for each
card, for set operations such as dead-card removal.

>>> parse_cards("AsKh")
[51, 46]
>>> format_cards([51, 46])
'AsKh'
>>> mask_to_cards(cards_to_mask([0, 51]))
[0, 51]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..errors import PokerlabError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
DECK_SIZE = 52
#: The jokers of wild-card decks: 53 cards hold ``JOKER``, 54 cards both. Both are written "Jk".
JOKER = 52
SECOND_JOKER = 53
JOKER_TEXT = "Jk"
#: The short deck of short-deck hold'em: 36 cards, 6 to A, ids 16..51 (its ``deck_size`` names it).
SHORT_DECK_SIZE = 36
SHORT_DECK_FIRST = 16

__all__ = [
    "CardError",
    "card_id",
    "card_rank",
    "card_suit",
    "card_str",
    "parse_card",
    "parse_cards",
    "format_cards",
    "to_card_ids",
    "cards_to_mask",
    "mask_to_cards",
    "RANK_CHARS",
    "SUIT_CHARS",
    "DECK_SIZE",
    "JOKER",
    "SECOND_JOKER",
    "SHORT_DECK_SIZE",
    "deck_ids",
]


class CardError(PokerlabError, ValueError):
    """Bad card input; the message names the token and its position.

    >>> parse_cards("As Kx")
    Traceback (most recent call last):
    ...
    pokerlab.evaluator.cards.CardError: ...'Kx'...
    """


_TOKEN = re.compile(r"10|[^\s,]")


def card_id(rank: int, suit: int) -> int:
    """Card id for rank 0..12 (2..A) and suit 0..3 (c, d, h, s).

    >>> card_id(12, 3)
    51
    """
    return 4 * rank + suit


def card_rank(card: int) -> int:
    """Rank 0..12 (2..A) of a card id.

    >>> card_rank(51)
    12
    """
    return card >> 2


def card_suit(card: int) -> int:
    """Suit 0..3 (c, d, h, s) of a card id.

    >>> card_suit(51)
    3
    """
    return card & 3


def card_str(card: int) -> str:
    """Two-character name of a card id; both jokers (52, 53) are "Jk".

    >>> card_str(0), card_str(52)
    ('2c', 'Jk')
    """
    if card in (JOKER, SECOND_JOKER):
        return JOKER_TEXT
    if not 0 <= card < DECK_SIZE:
        raise CardError(f"card id {card} is out of range 0..53")
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def deck_ids(deck_size: int = DECK_SIZE) -> range:
    """The card ids of the deck of ``deck_size`` cards: 52, 53 and 54 from 0 (the jokers last), 36 the short deck.

    >>> deck_ids(53), deck_ids(SHORT_DECK_SIZE)
    (range(0, 53), range(16, 52))
    """
    if deck_size == SHORT_DECK_SIZE:
        return range(SHORT_DECK_FIRST, DECK_SIZE)
    return range(deck_size)


def _short_deck_error(card: int, position: int) -> CardError:
    return CardError(f"card {card_str(card)!r} at position {position} is not in the 36-card short deck (ranks 6 to A)")


def _deck_error(card: int, position: int, deck_size: int, from_id: bool = False) -> CardError:
    what = f"card id {card} (a joker)" if from_id else "joker 'Jk'"
    if card >= DECK_SIZE and deck_size in (DECK_SIZE, SHORT_DECK_SIZE):
        return CardError(
            f"{what} at position {position} is not in the {deck_size}-card deck "
            "(jokers belong to the rules joker, bug, two-jokers and ace-five-joker)"
        )
    if card == SECOND_JOKER:
        what = "card id 53 (a second joker)" if from_id else "second joker"
        return CardError(f"{what} at position {position}: the {deck_size}-card deck has one joker")
    return CardError(f"card id {card} at position {position} is out of range 0..{deck_size - 1}")


def _rank_index(char: str, token: str, position: int) -> int:
    index = RANK_CHARS.find(char.upper())
    if index < 0:
        raise CardError(
            f"unknown rank {char!r} in card {token!r} at position {position} (ranks are {' '.join(RANK_CHARS)}, or 10)"
        )
    return index


def parse_card(text: str) -> int:
    """Parse one card such as ``"As"``, ``"as"`` or ``"10h"``.

    >>> parse_card("10h")
    34
    """
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardError(f"expected one card, got {len(cards)} in {text!r}")
    return cards[0]


def parse_cards(text: str, count: int | Sequence[int] | None = None, deck_size: int = DECK_SIZE) -> list[int]:
    """Parse cards written together or apart: ``"AsKh"``, ``"As Kh"``, ``"as,kh"``.

    ``count`` (an int or a collection of allowed ints) checks the number of
    cards. Duplicates are an error. Positions in messages count cards from 1.
    With ``deck_size`` 53 or 54 the joker ``Jk`` is a card (id 52; a second
    ``Jk`` is id 53 in a 54-card deck).

    >>> parse_cards("As Kh 10d")
    [51, 46, 33]
    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    pokerlab.evaluator.cards.CardError: duplicate card 'As' at position 2 (also at position 1)
    """
    if not isinstance(text, str):
        raise CardError(f"expected a string of cards, got {type(text).__name__}")
    tokens = _TOKEN.findall(text)
    cards: list[int] = []
    seen: dict[int, int] = {}
    i = 0
    while i < len(tokens):
        position = len(cards) + 1
        rank_token = tokens[i]
        if i + 1 >= len(tokens):
            raise CardError(
                f"incomplete card {rank_token!r} at position {position}: a card is a rank and a suit, e.g. 'As'"
            )
        suit_token = tokens[i + 1]
        token = rank_token + suit_token
        if token.lower() == JOKER_TEXT.lower():
            card = JOKER if JOKER not in seen else SECOND_JOKER
            if card == SECOND_JOKER and SECOND_JOKER in seen:
                raise CardError(f"third joker at position {position}: a deck holds at most two")
            if card >= deck_size:
                raise _deck_error(card, position, deck_size)
            seen[card] = position
            cards.append(card)
            i += 2
            continue
        rank = 8 if rank_token == "10" else _rank_index(rank_token, token, position)
        suit = SUIT_CHARS.find(suit_token.lower())
        if suit < 0:
            raise CardError(f"unknown suit {suit_token!r} in card {token!r} at position {position} (suits are c d h s)")
        card = 4 * rank + suit
        if deck_size == SHORT_DECK_SIZE and card < SHORT_DECK_FIRST:
            raise _short_deck_error(card, position)
        if card in seen:
            raise CardError(f"duplicate card {card_str(card)!r} at position {position} (also at position {seen[card]})")
        seen[card] = position
        cards.append(card)
        i += 2
    _check_count(cards, count, text)
    return cards


def _check_count(cards: Sequence[int], count: int | Sequence[int] | None, what: object) -> None:
    if count is None:
        return
    allowed = (count,) if isinstance(count, int) else tuple(count)
    if len(cards) not in allowed:
        want = " or ".join(str(n) for n in allowed)
        raise CardError(f"expected {want} cards, got {len(cards)} in {what!r}")


def to_card_ids(
    cards: str | Iterable[int], count: int | Sequence[int] | None = None, deck_size: int = DECK_SIZE
) -> list[int]:
    """Card ids from a string, an iterable of ids or of card names, checked for range and duplicates.

    Ids run from 0 to ``deck_size - 1`` (52 and 53 are the jokers of 53- and 54-card decks); the
    36-card short deck's are 16..51 (:func:`deck_ids`).

    >>> to_card_ids([51, 46])
    [51, 46]
    >>> to_card_ids("Ts9s")
    [35, 31]
    >>> to_card_ids(["As", "Kh"])
    [51, 46]
    """
    if isinstance(cards, str):
        return parse_cards(cards, count, deck_size)
    if not isinstance(cards, Iterable):
        raise CardError(f"expected cards as a string or a sequence of ids, got {type(cards).__name__}")
    ids: list[int] = []
    seen: dict[int, int] = {}
    for position, card in enumerate(cards, start=1):
        if isinstance(card, str):  # a list of card names, ["As", "Ks", ...]
            try:
                (value,) = parse_cards(card, 1, deck_size)
            except CardError as exc:
                raise CardError(f"card {card!r} at position {position} is not a card ({exc})") from None
            card = value
        try:
            value = int(card)
        except (TypeError, ValueError):
            raise CardError(f"card {card!r} at position {position} is not a card id") from None
        if value == card and deck_size == SHORT_DECK_SIZE and 0 <= value < SHORT_DECK_FIRST:
            raise _short_deck_error(value, position)
        top = DECK_SIZE if deck_size == SHORT_DECK_SIZE else deck_size  # one past the highest id
        if value != card or not 0 <= value < top:
            if value == card and DECK_SIZE <= value <= SECOND_JOKER:
                raise _deck_error(value, position, deck_size, from_id=True)
            raise CardError(f"card id {card!r} at position {position} is out of range 0..{top - 1}")
        if value in seen:
            raise CardError(
                f"duplicate card {card_str(value)!r} at position {position} (also at position {seen[value]})"
            )
        seen[value] = position
        ids.append(value)
    _check_count(ids, count, format_cards(ids))
    return ids


def format_cards(cards: Iterable[int], sep: str = "") -> str:
    """Format card ids as text.

    >>> format_cards([51, 46], sep=" ")
    'As Kh'
    """
    return sep.join(card_str(int(c)) for c in cards)


def cards_to_mask(cards: str | Iterable[int], deck_size: int = DECK_SIZE) -> int:
    """64-bit mask with bit ``id`` set for each card (bits 52 and 53 for the jokers).

    >>> cards_to_mask("3c2c")
    17
    """
    mask = 0
    for card in to_card_ids(cards, deck_size=deck_size):
        mask |= 1 << card
    return mask


def mask_to_cards(mask: int) -> list[int]:
    """Card ids in a mask, ascending.

    >>> mask_to_cards(17)
    [0, 4]
    """
    mask = int(mask)
    if mask < 0 or mask >> (SECOND_JOKER + 1):
        raise CardError(f"card mask {mask:#x} has bits outside 0..53")
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards
