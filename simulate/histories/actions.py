"""The actions of a PHH record, read one by one into what the replay plays (players, verbs, cards, amounts)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cards import parse_phh_cards
from .codes import PHHError
from .money import Amount, parse_amount

_PLAYER = re.compile(r"p([1-9][0-9]{0,3})")


@dataclass(slots=True)
class ParsedAction:
    index: int
    text: str
    actor: str  # "d" or "pK"
    verb: str
    cards: Sequence[int | None] | None = None  # the cached tuple of _action_fields: never changed
    amount: int | None = None  # cbr: chips (of the hand's unit); sm: 1 shows, 0 mucks
    player: int | None = None  # PHH index (0-based)
    written: Amount | None = None  # cbr: the amount as recorded
    replacement: Sequence[int | None] | None = None  # sd: the cards the dealer gave for the discards

    @property
    def seat(self) -> int:
        """The player's PHH index: every action but the dealer's board names one (``_action_fields``)."""
        assert self.player is not None, self.text
        return self.player


def parse_action(index: int, text: str, n: int) -> ParsedAction | None:
    """Action ``index`` of a hand of ``n`` players, read (None for a no-op or commentary); a PHHError if malformed."""
    fields = _action_fields(text, n)
    if fields is None:
        return None
    actor, verb, cards, player, written, amount = fields
    # Positional and the cards tuple shared, not copied: 21,000 actions per 1,000 hands, cProfile.
    return ParsedAction(index, text, actor, verb, cards, amount, player, written)


@lru_cache(maxsize=8192)
def _action_fields(text: str, n: int) -> tuple | None:
    """``(actor, verb, cards, player, written amount, amount)`` of one action (cached: records repeat them)."""
    body = text.split("#", 1)[0].split()
    if not body:
        return None  # a no-op or a commentary
    actor, verb, args = body[0], (body[1] if len(body) > 1 else ""), body[2:]

    def player(word: str) -> int:
        match = _PLAYER.fullmatch(word)
        if match is None or not 1 <= int(match.group(1)) <= n:
            raise PHHError(f"{word[:20]!r} is not a player p1..p{n}")
        return int(match.group(1)) - 1

    if actor == "d":
        if verb == "db" and len(args) == 1:
            return actor, verb, tuple(parse_phh_cards(args[0])), None, None, None
        if verb == "dh" and len(args) == 2:
            return actor, verb, tuple(parse_phh_cards(args[1])), player(args[0]), None, None
        raise PHHError("the dealer's actions are 'd db CARDS' and 'd dh pN CARDS'")
    seat = player(actor)
    if verb in ("f", "cc", "pb") and not args:
        return actor, verb, None, seat, None, None
    if verb == "cbr" and len(args) == 1:
        return actor, verb, None, seat, parse_amount(args[0]), None
    if verb in ("sd", "sm") and len(args) <= 1:
        cards = None if not args or args[0] == "-" else tuple(parse_phh_cards(args[0]))
        return actor, verb, cards, seat, None, 1 if args else 0  # sm: 1 shows, 0 mucks
    raise PHHError("unknown action; PHH actions are f, cc, cbr AMOUNT, sd [CARDS], sm [CARDS|-], pb")


class ActionProblem(PHHError):
    """A PHH problem found in one action (a card dealt twice...): the replay names that action."""

    def __init__(self, parsed: ParsedAction, reason: str) -> None:
        super().__init__(reason, field="actions")
        self.parsed = parsed
