"""Cards in PHH notation: two characters each (rank and suit), ``??`` for a card nobody saw, ``Jk`` a joker."""

from __future__ import annotations

from collections.abc import Iterable

from pokerlab.evaluator.cards import CardError, card_str, parse_cards

from .codes import PHHError

JOKER = 52


def format_cards(cards: Iterable[int | None]) -> str:
    """PHH card notation: concatenated two-character cards, ``??`` unknown, ``Jk`` the joker (extension).

    >>> format_cards([51, 46, None])
    'AsKh??'
    """
    out = []
    for card in cards:
        if card is None:
            out.append("??")
        elif card >= JOKER:
            out.append("Jk")
        else:
            out.append(card_str(card))
    return "".join(out)


def parse_phh_cards(text: str) -> list[int | None]:
    """Card ids from PHH notation (``None`` for ``??``).

    >>> parse_phh_cards("AsKh??")
    [51, 46, None]
    """
    if len(text) % 2:
        raise PHHError(f"cards {text!r}: every card is two characters (rank and suit)")
    try:  # the usual spelling (As, Td, ??) straight from a table; anything else below, with its error
        return [_CARD_IDS[text[k : k + 2]] for k in range(0, len(text), 2)]
    except KeyError:
        pass
    out: list[int | None] = []
    for k in range(0, len(text), 2):
        token = text[k : k + 2]
        if token == "??":
            out.append(None)
        elif token.lower() == "jk":
            out.append(JOKER)
        else:
            try:
                out.extend(parse_cards(token))
            except CardError as exc:
                raise PHHError(f"cards {text!r}: {exc}") from exc
    return out


_CARD_IDS: dict[str, int | None] = {**{card_str(card): card for card in range(52)}, "??": None, "Jk": JOKER}
