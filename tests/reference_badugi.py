"""Reference evaluator for badugi: slow, independent and brute force.

Written from ``docs/rules.md`` section 16 only, never from the fast evaluator's code, and it imports
nothing outside the standard library. A hand is four cards (ids ``4 * rank + suit``, rank 0..12 for
2..A); its value is its best badugi: the most cards of distinct ranks and distinct suits, then the
lowest of them compared from the highest card down, aces low.

Unlike the table build (every subset, largest first), the reference deals the hand's cards in every
order and keeps each card that clashes with none kept before: every badugi is what some order keeps.

``reference_key(cards)`` returns a tuple: larger is better, equal exactly when the badugis tie.

>>> reference_key(parse("4c 3d 2h As")) > reference_key(parse("Kc Qd Jh Ts")) > reference_key(parse("Ac 2c 3d 4h"))
True
>>> reference_size(parse("Ac 2c 3c 4c")), reference_size(parse("Kc Kd Kh Ks"))
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def parse(text: str) -> list[int]:
    """Card ids of a text such as ``"As 2d 3c 4h"``."""
    text = text.replace(" ", "")
    return [4 * RANKS.index(text[i]) + SUITS.index(text[i + 1]) for i in range(0, len(text), 2)]


def _ace_low(rank: int) -> int:
    return 1 if rank == 12 else rank + 2  # the ace counts one, the deuce two, the king thirteen


def reference_cards(cards: Sequence[int]) -> list[int]:
    """The cards of the best badugi, the highest first."""
    best: list[int] = []
    for order in permutations(cards):
        kept: list[int] = []
        for c in order:
            if all(c // 4 != k // 4 and c % 4 != k % 4 for k in kept):
                kept.append(c)
        kept.sort(key=lambda c: -_ace_low(c // 4))
        if not best or _key_of(kept) > _key_of(best):
            best = kept
    return best


def _key_of(kept: list[int]) -> tuple[int, ...]:
    return (len(kept), *(-_ace_low(c // 4) for c in kept))


def reference_key(cards: Sequence[int]) -> tuple[int, ...]:
    """(badugi size, ace-low ranks negated from the highest down): larger is better."""
    return _key_of(reference_cards(cards))


def reference_size(cards: Sequence[int]) -> int:
    """How many cards the best badugi holds (1 to 4)."""
    return len(reference_cards(cards))
