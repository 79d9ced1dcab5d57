"""PHH files: the :class:`HandHistory` record, reading and writing ``.phh`` (one hand) and ``.phhs`` (many).

PHH is a subset of TOML (spec: the ``phh-std`` repository, arXiv:2312.11753). Reading uses the
standard library's ``tomllib``; writing is our own small TOML writer. A ``.phhs`` file is a TOML
document whose tables ``[1]``, ``[2]``... each hold one hand.

>>> text = '''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAh", "d dh p2 7c2d", "p2 f"]
... '''
>>> hand = loads(text)
>>> hand.variant, hand.starting_stacks, hand.actions[-1]
('NT', [100, 100], 'p2 f')
>>> loads(dumps(hand)) == hand
True
"""

from __future__ import annotations

import datetime
import errno
import io
import json
import math
import os
import re
import stat
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import repeat
from pathlib import Path
from typing import IO, Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, packaged as tomli
    import tomli as tomllib  # type: ignore[no-redef]

from pokerlab.evaluator.cards import CardError, card_str, parse_cards
from pokerlab.simulate.game.variants import Variant

from .codes import STUD_CODES, PHHError, variant_from_phh
from .money import Amount, CheckedAmounts, amount, amounts, places_of, to_chips

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
JOKER = 52


@dataclass
class HandHistory:
    """One hand in PHH terms: the required fields, the optional ones we know, and the ``_`` user fields.

    Players are PHH players ``p1..pN``: ``p1`` sits left of the button (the small blind), ``pN`` on it.
    Amounts are kept as recorded: ints, or :class:`~decimal.Decimal` for decimals such as cents (written
    back digit for digit). Optional fields PHH does not define are kept in ``optional`` too.

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

        >>> HandHistory("NT", [0, 0], [Decimal("0.5"), 1], [Decimal("200.30"), 81], []).money_places()
        2
        """
        values: list[Any] = [*self.antes, *self.blinds_or_straddles, *self.starting_stacks]
        values += [self.small_bet, self.big_bet, self.min_bet, self.bring_in]
        for name in CHIP_LISTS:
            values.extend(self.optional.get(name) or ())
        return places_of(values)

    def game(self, places: int | None = None) -> Variant:
        """The game declaration this history is played under (:class:`PHHError` if pokerlab cannot play it).

        Amounts are in chips of ``10**-places`` of the recorded unit (default: the hand's finest amount).
        """
        if places is None:
            places = self.money_places()
        trimming = self.optional.get("ante_trimming_status")
        try:  # a dataset repeats its blinds and antes hand after hand: the declaration is looked up by them
            key: tuple | None = (
                self.variant,
                places,
                tuple(self.antes),
                tuple(self.blinds_or_straddles),
                *((type(v), v) for v in (self.small_bet, self.big_bet, self.min_bet, self.bring_in, trimming)),
                tuple((k, type(v), v) for k, v in self.user.items()),
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

        fields = {
            "antes": [chips(a) for a in self.antes],
            "blinds_or_straddles": [chips(b) for b in self.blinds_or_straddles],
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


_GAMES: dict[tuple, Variant] = {}  # HandHistory.game's declarations by the fields they are made of


# ---------------------------------------------------------------------- cards
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

# ---------------------------------------------------------------------- reading
MAX_NESTING = 32  # arrays/inline tables nested deeper than this are refused (tomllib recurses per level)
MAX_CHIPS = 1 << 62
CHIP_LISTS = ("finishing_stacks", "winnings")  # optional fields replay compares, one amount per player
NOT_OPTIONAL = ("starting_stacks", "actions")
_NOT_OPTIONAL_SET = frozenset(REQUIRED + NOT_OPTIONAL)


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _whole_list(value: Any, name: str, minimum: int = 0) -> list[int]:
    """Whole numbers from ``minimum`` to below 2**62 (seat numbers, ``_carried_pot``); whole floats read as ints."""
    if not isinstance(value, list):
        raise PHHError(f"must be an array of whole numbers, got {_short(value)}", field=name)
    out = []
    for item in value:
        if isinstance(item, (float, Decimal)) and math.isfinite(item) and item == int(item):
            item = int(item)
        if isinstance(item, bool) or not isinstance(item, int):
            raise PHHError(f"must hold whole numbers, got {_short(item)}", field=name)
        if not minimum <= item < MAX_CHIPS:
            raise PHHError(f"must hold whole numbers from {minimum} to below 2**62, got {_short(item)}", field=name)
        out.append(item)
    return out


def _checked_optional(data: dict[str, Any], n: int) -> dict[str, Any]:
    """The optional fields (PHH's and unknown ones), with the ones pokerlab reads checked."""
    optional = {
        k: list(v) if type(v) is CheckedAmounts else v  # the reader's marker stays inside the reader
        for k, v in data.items()
        if k not in _NOT_OPTIONAL_SET and k[:1] != "_"
    }
    for name in CHIP_LISTS:
        if optional.get(name) is not None:
            optional[name] = amounts(data[name], name)  # data's: the reader's marker spares a check per amount
            if len(optional[name]) != n:
                raise PHHError(f"has {len(optional[name])} entries for {n} players", field=name)
    if optional.get("seats") is not None:
        seats = _whole_list(optional["seats"], "seats", minimum=1)
        if len(seats) != n:
            raise PHHError(f"has {len(seats)} entries for {n} players", field="seats")
        optional["seats"] = seats
    names = optional.get("players")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise PHHError(f"must be an array of the players' names, got {_short(names)}", field="players")
        if len(names) != n:
            raise PHHError(f"has {len(names)} names for {n} players", field="players")
    trimming = optional.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise PHHError(f"must be true or false, got {_short(trimming)}", field="ante_trimming_status")
    return optional


def unknown_fields(hand: HandHistory) -> list[str]:
    """Fields of ``hand`` that PHH does not define (kept and written back; readers warn about them).

    >>> unknown_fields(HandHistory("NT", [0, 0], [1, 2], [9, 9], [], optional={"rake": 1, "day": 3}))
    ['rake']
    """
    return [name for name in hand.optional if name not in OPTIONAL]


def _checked_user(data: dict[str, Any]) -> dict[str, Any]:
    user = {k: list(v) if type(v) is CheckedAmounts else v for k, v in data.items() if k.startswith("_")}
    for name in ("_carried_pot", "_carry_out"):
        if user.get(name) is not None:
            user[name] = amount(user[name], name)
    return user


def from_dict(data: dict[str, Any]) -> HandHistory:
    """A :class:`HandHistory` from parsed TOML, checking the fields' types (:class:`PHHError` naming the field).

    >>> from_dict({"variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2,
    ...            "starting_stacks": [9, 9], "actions": []}).min_bet
    2
    """
    return _from_dict(data)[0]


def _from_dict(data: dict[str, Any]) -> tuple[HandHistory, int | None]:
    """:func:`from_dict`, and the hand's :meth:`~HandHistory.money_places` when the reader found it in the
    amounts' text (None otherwise). Decimal by Decimal, money_places() was 9% of a replay's time (cProfile)."""
    if not isinstance(data, dict):
        raise PHHError(f"a hand is a TOML table, got {_short(data)}")
    missing = [name for name in ("variant", "antes", "starting_stacks", "actions") if name not in data]
    if missing:
        raise PHHError(f"required field(s) missing: {', '.join(missing)}", field=missing[0])
    if not isinstance(data["variant"], str):
        raise PHHError(f'must be a string such as "NT", got {_short(data["variant"])}', field="variant")
    stacks = amounts(data["starting_stacks"], "starting_stacks")
    n = len(stacks)
    if n < 2:
        raise PHHError("must list at least two players", field="starting_stacks")
    lists = {}
    for name in ("antes", "blinds_or_straddles"):
        value = amounts(data.get(name, [0] * n), name)
        if len(value) != n:
            raise PHHError(f"has {len(value)} entries for {n} players", field=name)
        lists[name] = value
    actions = data["actions"]
    if not isinstance(actions, list) or not all(map(isinstance, actions, repeat(str))):  # map: 3x a generator
        raise PHHError("must be an array of strings", field="actions")
    scalars = {}
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if data.get(name) is not None:
            scalars[name] = amount(data[name], name)
    hand = HandHistory(
        data["variant"],
        lists["antes"],
        lists["blinds_or_straddles"],
        stacks,
        list(actions),
        optional=_checked_optional(data, n),
        user=_checked_user(data),
        **scalars,
    )
    places = places_of(scalars.values())
    for name in ("antes", "blinds_or_straddles", "starting_stacks", *CHIP_LISTS):
        read = data.get(name)
        if type(read) is CheckedAmounts:
            places = max(places, read.places)
        elif read is not None:
            return hand, None  # not read from plain text: money_places() finds it
    return hand, places


def check_history(hand: HandHistory) -> HandHistory:
    """The same checks as reading a file, for a :class:`HandHistory` built in code (returns a checked copy)."""
    return from_dict(hand.to_dict())


# A TOML lexer just good enough to find where each hand's table starts and how deeply values nest,
# without parsing: strings (one-line and multi-line), comments and brackets.
_TOKEN = re.compile(r'"""|\'\'\'|"(?:[^"\\]|\\.)*"|\'[^\']*\'|#|[\[\]{}]|["\']')
_ONE_LINE_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')
_BRACKET = re.compile(r"[\[\]{}]")
_HEADER_KEY = re.compile(r'\s*\[\[?\s*("(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_-]+)')


class _Scanner:
    """Feeds lines; tells which start a top-level table, and refuses nesting deeper than ``MAX_NESTING``."""

    def __init__(self) -> None:
        self.closing: str | None = None  # inside a multi-line string: its closing quotes
        self.depth = 0
        self.line = 0

    def header_key(self, line: str) -> str | None:
        """The first key of the table header ``line`` starts (``"1"`` for ``[1]`` or ``[1.x]``), else None."""
        self.line += 1
        if self.closing is None and self.depth == 0 and line.lstrip().startswith("["):
            match = _HEADER_KEY.match(line)
            if match is not None:
                key = match.group(1)
                if key[0] == '"':
                    try:
                        return str(json.loads(key))
                    except ValueError:
                        return key
                return key.strip("'")
        self._scan(line)
        return None

    def _scan(self, line: str) -> None:
        if self.closing is None and '"""' not in line and "'''" not in line:
            if "[" not in line and "]" not in line and "{" not in line and "}" not in line:
                return  # nothing here can open or close a value, or a multi-line string
            # The usual line: drop its one-line strings and comment, then follow the brackets left.
            bare = _ONE_LINE_STRING.sub("", line)
            if '"' not in bare and "'" not in bare:
                for token in _BRACKET.findall(bare.split("#", 1)[0]):
                    if token in "[{":
                        self.depth += 1
                        if self.depth > MAX_NESTING:
                            raise PHHError(f"values nested more than {MAX_NESTING} deep (at line {self.line})")
                    elif self.depth:
                        self.depth -= 1
                return
        pos = 0
        if self.closing is not None:
            end = line.find(self.closing)
            if end < 0:
                return
            pos, self.closing = end + 3, None
        for match in _TOKEN.finditer(line, pos):
            if match.start() < pos:
                continue
            token = match.group()
            if token == "#" or token in "\"'":
                return
            if token in ('"""', "'''"):
                end = line.find(token, match.end())
                if end < 0:
                    self.closing = token
                    return
                pos = end + 3
            elif token in "[{":
                self.depth += 1
                if self.depth > MAX_NESTING:
                    raise PHHError(f"values nested more than {MAX_NESTING} deep (at line {self.line})")
            elif token in "]}":
                self.depth = max(0, self.depth - 1)


# A fast reader for the plain TOML PHH files are made of: "key = value" lines and "[n]" headers, values
# that are strings without escapes, whole or decimal numbers, booleans, times, and arrays of those (one
# or several lines). Anything else (escapes, comments after values, inline tables, dates, inf...) is left
# to tomllib, which also reports every error; for what it accepts, it gives what tomllib gives.
_FAST_KEY = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*?)[ \t]*")  # TOML whitespace: space and tab
_FAST_HEADER = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\]")
_FAST_ITEM = re.compile(
    r"[ \t]*('[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\"|[+\-.:0-9A-Za-z]+)[ \t]*(,|\Z)"
)
_FAST_ITEM_TEXT = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\"|[+\-.:0-9A-Za-z]+"
_FAST_ARRAY = re.compile(rf"[ \t]*(?:(?:{_FAST_ITEM_TEXT})[ \t]*,[ \t]*)*(?:(?:{_FAST_ITEM_TEXT})[ \t]*)?")
_FAST_ARRAY_ITEM = re.compile(_FAST_ITEM_TEXT)
_FAST_NUMBER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(\.[0-9]+)?")  # a whole number, or a decimal (group 1)
_FAST_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])")
_NO = object()


def _fast_scalar(raw: str) -> Any:
    first = raw[:1]
    if first == "'" or first == '"':
        return raw[1:-1] if len(raw) >= 2 and raw[-1] == first and _FAST_ITEM.fullmatch(raw) else _NO
    if raw == "true" or raw == "false":
        return raw == "true"
    number = _FAST_NUMBER.fullmatch(raw)
    if number is not None:
        return Decimal(raw) if number.group(1) else int(raw)
    match = _FAST_TIME.fullmatch(raw)
    if match:
        hour, minute, second = (int(part) for part in match.groups())
        return datetime.time(hour, minute, second)
    return _NO


# The arrays every hand has, read by one regex each (measured on the bench's files: the general item loop
# below took 40% of the fast reader's time; these take half as long for the same arrays).
_FAST_STRING_TEXT = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'
_FAST_STRINGS = re.compile(rf"\[[ \t]*(?:{_FAST_STRING_TEXT}[ \t]*,[ \t]*)*(?:{_FAST_STRING_TEXT}[ \t]*)?\]")
_FAST_STRING_ITEM = re.compile(r'"([^"]*)"')
# Amounts of money that are valid as they stand (whole or up to 9 decimals, below 10**18 < 2**62): the reader
# hands them over as CheckedAmounts and from_dict does not check them again one by one.
_FAST_AMOUNTS_SHAPE = re.compile(r"\[[0-9., \t]*\]")
_FAST_AMOUNT = re.compile(r"(?:0|[1-9][0-9]{0,17})(\.[0-9]{1,9})?")
# Each written amount (" 0.00", " 1.00"...) read once: (value, decimal places). Amounts repeat across a
# dataset's hands; a lookup instead of a regex and a Decimal per amount took an array of six from about
# 10 to 3 us (timeit).
_AMOUNT_TEXTS: dict[str, tuple[Amount, int]] = {}


def _fast_amounts(raw: str) -> CheckedAmounts | None:
    """An array of amounts each valid as written, else None."""
    if _FAST_AMOUNTS_SHAPE.fullmatch(raw) is None:
        return None
    words = raw[1:-1].split(",")
    if len(words) > 1 and not words[-1].strip(" \t"):
        words.pop()  # a trailing comma
    out: list[Amount] = []
    places = 0
    for word in words:
        known = _AMOUNT_TEXTS.get(word)
        if known is None:
            text = word.strip(" \t")
            match = _FAST_AMOUNT.fullmatch(text)
            if match is None:
                return None
            fraction = match.group(1)
            known = (Decimal(text), len(fraction) - 1) if fraction else (int(text), 0)
            if len(_AMOUNT_TEXTS) < 4096:
                _AMOUNT_TEXTS[word] = known
        out.append(known[0])
        if known[1] > places:
            places = known[1]
    return CheckedAmounts(out, places)


def _fast_value(raw: str) -> Any:
    if not raw.startswith("["):
        return _fast_scalar(raw)
    if _FAST_STRINGS.fullmatch(raw) is not None:
        return _FAST_STRING_ITEM.findall(raw)
    checked = _fast_amounts(raw)
    if checked is not None:
        return checked
    inner = raw[1:-1]
    if _FAST_ARRAY.fullmatch(inner) is None:
        return _NO
    out = []
    for item in _FAST_ARRAY_ITEM.findall(inner):
        first = item[0]
        value = item[1:-1] if first == "'" or first == '"' else _fast_scalar(item)
        if value is _NO:
            return _NO
        out.append(value)
    return out


def _fast_toml(text: str) -> dict[str, Any] | None:
    """The table of a plain PHH text, or None when it needs the full TOML parser."""
    root: dict[str, Any] = {}
    table = root
    if "\r" in text:  # TOML lines end in \n or \r\n, nothing else (str.splitlines knows more)
        text = text.replace("\r\n", "\n")
    lines = iter(text.split("\n"))
    for line in lines:
        stripped = line.strip(" \t")
        if not stripped or stripped[0] == "#":
            continue
        if stripped[0] == "[":
            header = _FAST_HEADER.fullmatch(stripped)
            if header is None or header.group(1) in root or table is not root and not table:
                return None
            table = root[header.group(1)] = {}
            continue
        match = _FAST_KEY.fullmatch(line)
        if match is None:
            return None
        key, raw = match.groups()
        if raw.startswith("[") and not raw.endswith("]"):
            parts = [raw]
            for more in lines:  # an array over several lines, up to the line that closes it
                parts.append(more.strip(" \t"))
                if parts[-1].endswith("]"):
                    break
            raw = " ".join(parts)
            if not raw.endswith("]"):
                return None
        if key in table or not raw or raw.endswith(",]"):
            return None
        value = _fast_value(raw)
        if value is _NO:
            return None
        table[key] = value
    return root


def _toml(text: str, first_line: int = 1, scanned: bool = False) -> dict[str, Any]:
    """Parse TOML text that starts at line ``first_line`` of its file (error positions are the file's).

    ``scanned``: the nesting depth was already checked line by line (by :func:`_chunks`).
    """
    if not scanned:
        scanner = _Scanner()
        scanner.line = first_line - 1
        for line in text.splitlines():
            scanner.header_key(line)
    fast = _fast_toml(text)
    if fast is not None:
        return fast
    try:
        return tomllib.loads(text, parse_float=Decimal)  # amounts exactly as written: 200.30, never a float
    except tomllib.TOMLDecodeError as exc:
        message = re.sub(r"at line (\d+)", lambda m: f"at line {int(m.group(1)) + first_line - 1}", str(exc))
        raise PHHError(f"not valid TOML: {message}") from None
    except RecursionError:
        raise PHHError(f"not valid TOML: values nested too deep (near line {first_line})") from None


def _content(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _chunks(lines: Iterable[str]) -> Iterator[tuple[str | None, int, str]]:
    """``(table key, first line, text)`` of each hand: one table of a ``.phhs`` file at a time.

    A file with top-level fields before any table is one ``.phh`` hand: key None, the whole text.
    Memory holds one hand's lines at a time.
    """
    scanner = _Scanner()
    key: str | None = None
    buffer: list[str] = []
    first = 1
    single = False
    for number, line in enumerate(lines, start=1):
        if scanner.closing is None and not (
            "[" in line or "]" in line or "{" in line or "}" in line or '"""' in line or "'''" in line
        ):
            # Most lines (an action, a scalar field) can neither start a table nor open or close a value:
            # skipping the scanner's two calls for them halved this loop's time (bench files, cProfile).
            scanner.line += 1
            buffer.append(line)
            continue
        try:
            header = scanner.header_key(line)
        except PHHError as exc:
            raise exc.located(hand=key or "1") from None
        if header is not None and not single:
            if key is None and any(_content(b) for b in buffer):
                single = True  # fields before the first table: the whole file is one hand
            elif header != key:
                if key is not None:
                    yield key, first, "".join(buffer)
                key, buffer, first = header, [], number
        buffer.append(line)
    if single or (key is None and any(_content(b) for b in buffer)):
        yield None, 1, "".join(buffer)
    elif key is not None:
        yield key, first, "".join(buffer)


class PHHWarning(UserWarning):
    """Something in a PHH file pokerlab keeps but does not use (a field the standard does not define)."""


def iter_hands(
    lines: Iterable[str], source: str | None = None, warn: Callable[[str], None] | None = None
) -> Iterator[tuple[str, HandHistory]]:
    """``(label, hand)`` for each hand of a ``.phh``/``.phhs`` text given line by line, parsed as it is read.

    ``label`` is the hand's table key in a ``.phhs`` file (``"1"``...), ``"1"`` for a ``.phh`` file.
    Any problem is a :class:`PHHError` naming ``source`` (the file), the hand and the field; a text with
    no hand at all is one too. Fields PHH does not define are kept; each is reported once per text,
    to ``warn`` (default: a :class:`PHHWarning`).

    >>> [label for label, _ in iter_hands(['[1]\\n', 'variant = "NT"\\n', 'antes = [0, 0]\\n', 'min_bet = 2\\n',
    ...  'starting_stacks = [9, 9]\\n', 'actions = []\\n'])]
    ['1']
    """
    for label, hand, _ in _hands(lines, source, warn, recover=False):
        yield label, hand  # type: ignore[misc]


def iter_hands_recovering(
    lines: Iterable[str], source: str | None = None, warn: Callable[[str], None] | None = None
) -> Iterator[tuple[str, HandHistory | PHHError]]:
    """As :func:`iter_hands`, but a bad hand of a ``.phhs`` text is yielded as its :class:`PHHError` and
    reading goes on with the next hand. Problems with the text as a whole (not UTF-8, nesting too deep,
    no hands, a bad ``.phh`` file) are still raised.

    >>> text = ['[1]\\n', 'variant = 7\\n', '[2]\\n', 'variant = "NT"\\n', 'antes = [0, 0]\\n', 'min_bet = 2\\n',
    ...         'starting_stacks = [9, 9]\\n', 'actions = []\\n']
    >>> [(label, type(hand).__name__) for label, hand in iter_hands_recovering(text)]
    [('1', 'PHHError'), ('2', 'HandHistory')]
    """
    for label, hand, _ in _hands(lines, source, warn, recover=True):
        yield label, hand


def read_hands_and_places(
    lines: Iterable[str], source: str | None = None, warn: Callable[[str], None] | None = None
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]:
    """As :func:`iter_hands_recovering`, with each hand's :meth:`~HandHistory.money_places` when the reader
    found it in the amounts' text (else None), for a replay straight from the reader.

    >>> [places for _, _, places in read_hands_and_places(['[1]\\n', 'variant = "NT"\\n', 'antes = [0, 0]\\n',
    ...  'min_bet = 1.00\\n', 'starting_stacks = [9.5, 9]\\n', 'actions = []\\n'])]
    [2]
    """
    yield from _hands(lines, source, warn, recover=True)


def _hands(
    lines: Iterable[str], source: str | None, warn: Callable[[str], None] | None, recover: bool
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]:
    seen = False
    key: str | None = None
    reported: set[str] = set()

    def checked(label: str, read: tuple[HandHistory, int | None]) -> tuple[str, HandHistory, int | None]:
        hand = read[0]
        new = [name for name in unknown_fields(hand) if name not in reported]
        if new:
            reported.update(new)
            where = f"{source}: " if source else ""
            message = f"{where}hand [{label}]: field(s) the PHH standard does not define, kept: {', '.join(new)}"
            if warn is None:
                warnings.warn(message, PHHWarning, stacklevel=4)
            else:
                warn(message)
        return label, hand, read[1]

    try:
        for key, first, text in _chunks(lines):
            seen = True
            if key is None:
                data = _toml(text, first, scanned=True)
                key = "1"
                yield checked(key, _from_dict(data))
                continue
            try:
                data = _toml(text, first, scanned=True)
                hands = []
                for name, table in data.items():
                    if not isinstance(table, dict):
                        raise PHHError(f"a .phhs file holds one table per hand; {_short(name)} is not a table")
                    hands.append(checked(str(name), _located(table, str(name))))
            except PHHError as exc:
                if not recover:
                    raise
                yield key, exc.located(hand=key, file=source), None
                continue
            yield from hands
    except PHHError as exc:
        raise exc.located(hand=key, file=source) from None
    except UnicodeDecodeError as exc:
        raise PHHError(f"not UTF-8 text: {exc}", hand=key, file=source) from None
    if not seen:
        raise PHHError("holds no hands (an empty file, or only comments)", file=source)


def _located(table: dict[str, Any], key: str) -> tuple[HandHistory, int | None]:
    try:
        return _from_dict(table)
    except PHHError as exc:
        raise exc.located(hand=key) from None


def loads(text: str) -> HandHistory:
    """One hand from the text of a ``.phh`` file."""
    try:
        return from_dict(_toml(text))
    except PHHError as exc:
        raise exc.located(hand="1") from None


def loads_all(text: str) -> list[HandHistory]:
    """Every hand of a ``.phhs`` file (tables ``[1]``, ``[2]``...) or the single hand of a ``.phh`` file.

    >>> len(loads_all('[1]\\nvariant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []'))
    1
    """
    return [hand for _, hand in iter_hands(text.splitlines(keepends=True))]


#: The largest history file read (a .phhs of about two million hands); a larger one is refused unread.
MAX_FILE_BYTES = 1 << 30


def open_history(path: str | Path, newline: str | None = "") -> IO[str]:
    """Open a history file for reading: only a regular file of at most ``MAX_FILE_BYTES``, else an OSError.

    A FIFO would block the read forever and a device such as /dev/zero never ends: both are refused before
    they are opened, with the reason, and a reader lists them as unreadable.

    >>> open_history("/dev/null")
    Traceback (most recent call last):
    ...
    OSError: [Errno 22] not a regular file (a FIFO, device or socket), not read: '/dev/null'
    """
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, "not a regular file (a FIFO, device or socket), not read", str(path))
    if info.st_size > MAX_FILE_BYTES:
        limit = f"{MAX_FILE_BYTES >> 20:,} MiB"
        raise OSError(errno.EFBIG, f"{info.st_size:,} bytes, more than the {limit} a history file may hold", str(path))
    return open(path, encoding="utf-8", newline=newline)


def iter_file(path: str | Path, warn: Callable[[str], None] | None = None) -> Iterator[tuple[str, HandHistory]]:
    """``(label, hand)`` for each hand of a ``.phh``/``.phhs`` file, read and parsed one hand at a time.

    Errors are :class:`PHHError` naming the file; an unreadable file is an OSError. ``warn``: as in
    :func:`iter_hands`.
    """
    with open_history(path) as handle:
        yield from iter_hands(handle, source=str(path), warn=warn)


def load_file(path: str | Path) -> list[HandHistory]:
    """The hands of a ``.phh`` or ``.phhs`` file."""
    return [hand for _, hand in iter_file(path)]


# ---------------------------------------------------------------------- writing
def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return ("-inf" if value < 0 else "inf") if math.isinf(value) else "nan" if math.isnan(value) else repr(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            return "nan" if value.is_nan() else ("-inf" if value < 0 else "inf")
        text = str(value)
        return text if "E" not in text and "." in text else f"{value:f}" + ("" if "." in f"{value:f}" else ".0")
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a valid TOML basic string
    if isinstance(value, datetime.time | datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, Sequence):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise PHHError(f"cannot write {value!r} in a PHH file")


def dumps(hand: HandHistory) -> str:
    """The text of a ``.phh`` file (actions one per line)."""
    lines = []
    for key, value in hand.to_dict().items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_value(action)}," for action in value)
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """The text of a ``.phhs`` file: each hand under a table ``[1]``, ``[2]``..."""
    return "\n".join(f"[{k}]\n{dumps(hand)}" for k, hand in enumerate(hands, start=1))


def save(hands: Sequence[HandHistory], path: str | Path) -> Path:
    """Write ``hands`` to ``path``: a ``.phh`` file must hold exactly one hand, anything else is ``.phhs``."""
    target = Path(path)
    if target.suffix == ".phh":
        if len(hands) != 1:
            raise PHHError(f"a .phh file holds one hand, got {len(hands)}; use .phhs")
        target.write_text(dumps(hands[0]), encoding="utf-8")
    else:
        target.write_text(dumps_all(hands), encoding="utf-8")
    return target


# ------------------------------------------------- pokerkit-style file functions
def _text_of(file: str | Path | IO[str] | IO[bytes]) -> str:
    if isinstance(file, (str, Path)):
        with open_history(file, newline=None) as handle:
            return handle.read()
    data = file.read()
    return data.decode("utf-8") if isinstance(data, bytes) else data


def load(file: str | Path | IO[str] | IO[bytes]) -> HandHistory:
    """One hand from a ``.phh`` file, given as a path or an open (text or binary) file, as pokerkit's ``load``.

    >>> import io
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []'
    >>> load(io.StringIO(text)).variant
    'NT'
    """
    return loads(_text_of(file))


def load_all(file: str | Path | IO[str] | IO[bytes]) -> list[HandHistory]:
    """Every hand of a ``.phhs`` (or ``.phh``) file, given as a path or an open file."""
    if isinstance(file, (str, Path)):
        return load_file(file)
    return loads_all(_text_of(file))


def _write(text: str, file: str | Path | IO[str] | IO[bytes]) -> None:
    if isinstance(file, (str, Path)):
        Path(file).write_text(text, encoding="utf-8")
    elif isinstance(file, io.TextIOBase):
        file.write(text)
    else:
        file.write(text.encode("utf-8"))  # type: ignore[arg-type]


def dump(hand: HandHistory, file: str | Path | IO[str] | IO[bytes]) -> None:
    """Write one hand as a ``.phh`` file to a path or an open file, as pokerkit's ``dump``."""
    _write(dumps(hand), file)


def dump_all(hands: Iterable[HandHistory], file: str | Path | IO[str] | IO[bytes]) -> None:
    """Write hands as a ``.phhs`` file (tables ``[1]``, ``[2]``...) to a path or an open file."""
    _write(dumps_all(hands), file)
