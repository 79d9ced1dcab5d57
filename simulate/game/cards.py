"""Decks for the engine: card names including jokers, seeded shuffles.

Card ids follow :mod:`pokerlab.evaluator.cards` (``4 * rank + suit``); ids 52 and 53 are
jokers, written ``Jk``.

>>> card_name(51), card_name(52)
('As', 'Jk')
>>> names([0, 52])
'2c Jk'
>>> len(new_deck(53, seed=1))
53
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from pokerlab.evaluator.cards import CardError, card_str, parse_cards

from pokerlab.errors import InputError

JOKER = 52


def card_name(card: int) -> str:
    """Two-character name of a card id; jokers are ``Jk``.

    >>> card_name(0)
    '2c'
    """
    if card >= JOKER:
        if card > JOKER + 1:
            raise CardError(f"card id {card} is out of range 0..53")
        return "Jk"
    return card_str(card)


def names(cards: Iterable[int]) -> str:
    """Space-separated card names.

    >>> names([51, 46])
    'As Kh'
    """
    return " ".join(card_name(c) for c in cards)


def parse(text: str) -> list[int]:
    """Card ids from text; ``Jk`` is the first joker (52), a second ``Jk`` the second one (53).

    >>> parse("As Jk 2c")
    [51, 52, 0]
    """
    out: list[int] = []
    jokers = 0
    for token in text.replace(",", " ").split():
        if token.lower() == "jk":
            out.append(JOKER + jokers)
            jokers += 1
        else:
            out.extend(parse_cards(token))
    return out


def new_deck(size: int, seed: int | None = None, top: Sequence[int] = ()) -> list[int]:
    """A shuffled deck of ``size`` cards (52, 53 or 54); ``top`` cards come first, in order.

    Tests inject a fixed deal through ``top``; the rest is shuffled with ``random.Random(seed)``.

    >>> new_deck(52, seed=7, top=[51, 50])[:2]
    [51, 50]
    """
    if size not in (52, 53, 54):
        raise InputError(f"deck size must be 52, 53 or 54, got {size}")
    chosen = list(top)
    if len(set(chosen)) != len(chosen):
        raise CardError(f"the injected deck order repeats a card: {names(chosen)}")
    for card in chosen:
        if not 0 <= card < size:
            raise CardError(f"card id {card} is not in a {size}-card deck")
    if chosen:
        taken = set(chosen)
        rest = [c for c in range(size) if c not in taken]
    else:
        rest = list(range(size))
    _shuffle(rest, random.Random(seed).getrandbits)
    return chosen + rest


# Bit widths of 1..54, for _shuffle's draws.
_WIDTHS = [0] + [k.bit_length() for k in range(1, 55)]


def _shuffle(cards: list[int], bits: Callable[[int], int]) -> None:
    """``random.Random.shuffle``'s Fisher-Yates, draw for draw, so every seed deals the cards it always dealt.

    Inlined because the library's version makes two Python calls per card (``_randbelow`` and its
    ``getrandbits`` loop): shuffling 52 cards this way takes about a third less time (12 against 18 us
    per deck, seeding included; ``benchmarks/game_speed.py`` plays one fresh deck per hand).
    """
    widths = _WIDTHS
    for i in range(len(cards) - 1, 0, -1):
        width = widths[i + 1]
        j = bits(width)
        while j > i:  # rejection, as _randbelow(i + 1) does
            j = bits(width)
        cards[i], cards[j] = cards[j], cards[i]
