"""The actions of a PHH record, read one by one into what the replay plays (players, verbs, cards, amounts)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
    """Action ``index`` of a hand of ``n`` players, read (None for a no-op or commentary); a PHHError if malformed.

    >>> parse_action(4, "p2 cbr 3.50", 6)
    ParsedAction(index=4, text='p2 cbr 3.50', actor='p2', verb='cbr', cards=None, amount=None, player=1, \
written=Decimal('3.50'), replacement=None)
    """
    fields = _fields(text, n)
    return None if fields is None else _parsed(index, text, fields)


class MalformedAction(PHHError):
    """An action that is not PHH, found by :func:`parse_actions`: its index and text, and the reason."""

    def __init__(self, index: int, text: str, reason: str) -> None:
        super().__init__(reason)
        self.index = index
        self.text = text


def parse_actions(actions: Sequence[str], n: int) -> list[ParsedAction]:
    """Every action of a hand of ``n`` players read, no-ops and commentary left out (what :func:`parse_action`
    gives each); the first malformed one raises :class:`MalformedAction`.

    >>> [(p.index, p.verb, p.player) for p in parse_actions(["d dh p1 ????", "# a comment", "p1 f"], 2)]
    [(0, 'dh', 0), (2, 'f', 0)]
    >>> parse_actions(["p1 f", "p3 f"], 2)
    Traceback (most recent call last):
    ...
    pokerlab.simulate.histories.actions.MalformedAction: 'p3' is not a player p1..p2
    """
    known = _FIELDS.get(n)
    if known is None:
        known = _FIELDS[n] = {}
    parsed = []
    for index, text in enumerate(actions):
        fields = known.get(text, _UNREAD)
        if fields is _UNREAD:
            try:
                fields = _action_fields(text, n)
            except PHHError as exc:
                raise MalformedAction(index, text, exc.reason) from None
            if fields is None or fields[1] != "db" or len(fields[2]) < 3:  # a flop is a hand's own: not kept
                if len(known) >= 16384:
                    known.clear()
                known[text] = fields
        if fields is not None:
            parsed.append(_parsed(index, text, fields))  # type: ignore[arg-type]  # a tuple once read
    return parsed


def _parsed(index: int, text: str, fields: tuple[Any, ...]) -> ParsedAction:
    """``ParsedAction(index, text, *fields)``, its fields set from the tuple in one step: the dataclass's own
    ``__init__`` binding nine arguments was most of the cost of reading a hand's actions."""
    action = _NEW(ParsedAction)
    action.index, action.text = index, text
    action.actor, action.verb, action.cards, action.amount, action.player, action.written = fields
    action.replacement = None
    return action


_NEW = object.__new__


# Each action's fields read once per number of players: the actions' texts repeat hand after hand ("p3 f", a deal
# of unseen cards, a turn card); a flop's 22,100 texts mostly do not. A lookup and the ParsedAction, in one loop
# a hand: 25 -> 7 us a hand on the bench's folder.
_FIELDS: dict[int, dict[str, tuple[Any, ...] | None]] = {}
_UNREAD = object()
_PLAYER_INDEX = {f"p{k}": k - 1 for k in range(1, 100)}


def _fields(text: str, n: int) -> tuple[Any, ...] | None:
    known = _FIELDS.get(n)
    fields = _UNREAD if known is None else known.get(text, _UNREAD)
    return _action_fields(text, n) if fields is _UNREAD else fields  # type: ignore[return-value]


def _player(word: str, n: int) -> int:
    """The PHH index of player ``word`` (``"p3"`` -> 2) of a hand of ``n`` players, else a PHHError."""
    index = _PLAYER_INDEX.get(word)
    if index is None:
        match = _PLAYER.fullmatch(word)
        index = -1 if match is None else int(match.group(1)) - 1
    if not 0 <= index < n:
        raise PHHError(f"{word[:20]!r} is not a player p1..p{n}")
    return index


def _action_fields(text: str, n: int) -> tuple[Any, ...] | None:
    """``(actor, verb, cards, amount, player, written amount)`` of one action (ParsedAction's order after the
    index and text), None for a no-op or a commentary."""
    body = (text.split("#", 1)[0] if "#" in text else text).split()
    if not body:
        return None  # a no-op or a commentary
    actor, verb, args = body[0], (body[1] if len(body) > 1 else ""), body[2:]
    if actor == "d":
        if verb == "db" and len(args) == 1:
            return actor, verb, _cards(args[0]), None, None, None
        if verb == "dh" and len(args) == 2:
            dealt = _cards(args[1])  # the cards first: their error comes before the player's
            return actor, verb, dealt, None, _player(args[0], n), None
        raise PHHError("the dealer's actions are 'd db CARDS' and 'd dh pN CARDS'")
    seat = _player(actor, n)
    if verb in ("f", "cc", "pb") and not args:
        return actor, verb, None, None, seat, None
    if verb == "cbr" and len(args) == 1:
        return actor, verb, None, None, seat, parse_amount(args[0])
    if verb in ("sd", "sm") and len(args) <= 1:
        cards = None if not args or args[0] == "-" else _cards(args[0])
        return actor, verb, cards, 1 if args else 0, seat, None  # sm: 1 shows, 0 mucks
    raise PHHError("unknown action; PHH actions are f, cc, cbr AMOUNT, sd [CARDS], sm [CARDS|-], pb")


def _cards(text: str) -> tuple[int | None, ...]:
    """``parse_phh_cards(text)`` as a tuple (never changed, so shared). A text of one or two cards (a hold'em
    deal, a turn) is read once: a dataset's texts of whole actions are too many to remember them all (every
    deal of every seat), their cards are not (2,652 two-card texts)."""
    known = _CARD_TEXTS.get(text)
    if known is None:
        known = tuple(parse_phh_cards(text))
        if len(text) <= 4 and len(_CARD_TEXTS) < 8192:  # the well-formed ones are fewer; odd spellings, a bound
            _CARD_TEXTS[text] = known
    return known


_CARD_TEXTS: dict[str, tuple[int | None, ...]] = {}


class ActionProblem(PHHError):
    """A PHH problem found in one action (a card dealt twice...): the replay names that action."""

    def __init__(self, parsed: ParsedAction, reason: str) -> None:
        super().__init__(reason, field="actions")
        self.parsed = parsed
