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

import hashlib
import operator
import random
import struct
from collections.abc import Iterable, Sequence

from pokerlab.errors import InputError
from pokerlab.evaluator.cards import SHORT_DECK_SIZE, CardError, card_str, deck_ids, parse_cards

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


def new_deck(size: int, seed: int | None = None, top: Sequence[int] = (), shuffled: int | None = None) -> list[int]:
    """A shuffled deck of ``size`` cards (52, 53 or 54; 36 the short deck, 6 to A); ``top`` cards come first,
    in order.

    Tests inject a fixed deal through ``top``; the rest is shuffled by the seed (a random one if None):
    the same seed always deals the same deck. ``shuffled`` (all of them if None) is how many cards,
    counted from the top, the hand can ever deal: only those are drawn at random, a uniformly random
    deal of that many cards, and the cards left below them stay in order.

    >>> new_deck(52, seed=7, top=[51, 50])[:2]
    [51, 50]
    >>> new_deck(52, seed=7, shuffled=20)[:20] == new_deck(52, seed=7)[:20]   # one seed, one deal
    True
    >>> min(new_deck(36, seed=7)), len(new_deck(36, seed=7))   # the short deck: its lowest card is 6c
    (16, 36)
    """
    if size not in _ORDERED:
        raise InputError(f"deck size must be 52, 53 or 54 (or {SHORT_DECK_SIZE}, the short deck), got {size}")
    if top:
        chosen = list(top)
        taken = set(chosen)
        if len(taken) != len(chosen):
            raise CardError(f"the injected deck order repeats a card: {names(chosen)}")
        if not taken <= _CARDS[size]:  # one pass in C; the first card at fault named
            card = next(card for card in chosen if card not in _CARDS[size])
            raise CardError(f"card id {card} is not in a {size}-card deck")
        # A whole deck given (as a replay gives it) leaves nothing to shuffle.
        rest = [] if len(taken) == size else [c for c in _ORDERED[size] if c not in taken]
    else:
        chosen, rest = [], list(_ORDERED[size])
    left = len(rest)
    draws = left - 1  # the last card left needs no draw
    if shuffled is not None:
        draws = min(draws, shuffled - len(chosen))
    if draws <= 0:
        return chosen + rest
    words = _seed_words(random.getrandbits(64) if seed is None else seed, draws)
    # Each card is drawn from the cards still in the stub, uniformly (one word modulo their number), and
    # taken out: a uniformly random deal of ``draws`` cards. Written as maps, the draws run without a
    # bytecode per card: about 5 operations a deal against 530 for Fisher-Yates swaps (counted with
    # sys.settrace), about 3 % of a random 6-max hand.
    dealt = list(map(rest.pop, map(operator.mod, words, range(left, left - draws, -1))))
    dealt += rest  # in place: one list built, not two
    return chosen + dealt if chosen else dealt


_ORDERED = {size: tuple(deck_ids(size)) for size in (52, 53, 54, SHORT_DECK_SIZE)}
_CARDS = {size: frozenset(deck) for size, deck in _ORDERED.items()}
_WORDS = [struct.Struct(f"<{k}Q").unpack for k in range(55)]


def _seed_words(seed: int, count: int) -> tuple[int, ...]:
    """``count`` random 64-bit words that depend on the seed alone: SHAKE-256 of the seed, read as words.

    Seeding a ``random.Random`` (a Mersenne twister of 624 words) for every hand cost about as much as
    the 51 draws of its shuffle; one hash call gives every word a deal needs in about 1 us. Seeds of
    0..2**64-1 hash their 8 bytes; any other whole number hashes a longer text, so no two seeds share input.
    A 64-bit word modulo at most 54 cards is uniform to within 54 / 2**64 (closer than the 53-bit floats
    ``random.shuffle`` used until Python 3.11). Only the cards a hand can deal are drawn: a 6-max hold'em
    hand draws 20, not 51 (``benchmarks/game_speed.py --breakdown``: about 4 against 16 us a deck).
    """
    if 0 <= seed < 1 << 64:
        data = seed.to_bytes(8, "little")
    else:
        data = b"seed " + str(seed).encode() + b" " * 4  # at least 10 bytes: never an 8-byte seed's input
    return _WORDS[count](hashlib.shake_256(data).digest(8 * count))
