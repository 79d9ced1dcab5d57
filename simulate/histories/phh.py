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
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, packaged as tomli
    import tomli as tomllib  # type: ignore[no-redef]

from evaluator.cards import CardError, card_str, parse_cards
from simulate.game.variants import Variant

from .codes import PHHError, variant_from_phh

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

    >>> HandHistory("NT", [0, 0], [1, 2], [50, 50], [], min_bet=2).game().name
    "No-limit Texas hold'em"
    """

    variant: str
    antes: list[int]
    blinds_or_straddles: list[int]
    starting_stacks: list[int]
    actions: list[str]
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    bring_in: int | None = None
    optional: dict[str, Any] = field(default_factory=dict)
    user: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.starting_stacks)

    def game(self) -> Variant:
        """The game declaration this history is played under (:class:`PHHError` if pokerlab cannot play it)."""
        fields = {
            "antes": self.antes,
            "blinds_or_straddles": self.blinds_or_straddles,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "min_bet": self.min_bet,
        }
        if self.bring_in:
            raise PHHError("bring-ins (stud games) are not played by pokerlab's engine")
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
            if value is not None:
                out[name] = value
        out["starting_stacks"] = self.starting_stacks
        out["actions"] = self.actions
        out.update({k: v for k, v in self.optional.items() if v is not None})
        out.update({k: v for k, v in self.user.items() if v is not None})
        return out


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


# ---------------------------------------------------------------------- reading
def _whole_list(value: Any, name: str) -> list[int]:
    if not isinstance(value, list):
        raise PHHError(f"{name} must be an array of numbers, got {value!r}")
    out = []
    for item in value:
        if isinstance(item, float) and math.isinf(item):
            raise PHHError(f"{name}: unknown (infinite) amounts cannot be replayed")
        if isinstance(item, bool) or not isinstance(item, int | float) or item != int(item):
            raise PHHError(f"{name} must hold whole numbers of chips, got {item!r}")
        out.append(int(item))
    return out


def from_dict(data: dict[str, Any]) -> HandHistory:
    """A :class:`HandHistory` from parsed TOML, checking the required fields' types.

    >>> from_dict({"variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2,
    ...            "starting_stacks": [9, 9], "actions": []}).min_bet
    2
    """
    missing = [name for name in ("variant", "antes", "starting_stacks", "actions") if name not in data]
    if missing:
        raise PHHError(f"required field(s) missing: {', '.join(missing)}")
    stacks = _whole_list(data["starting_stacks"], "starting_stacks")
    n = len(stacks)
    if n < 2:
        raise PHHError("starting_stacks must list at least two players")
    lists = {}
    for name in ("antes", "blinds_or_straddles"):
        value = _whole_list(data.get(name, [0] * n), name)
        if len(value) != n:
            raise PHHError(f"{name} has {len(value)} entries for {n} players")
        lists[name] = value
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PHHError("actions must be an array of strings")
    scalars = {}
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if data.get(name) is not None:
            scalars[name] = _whole_list([data[name]], name)[0]
    optional = {k: v for k, v in data.items() if k in OPTIONAL}
    user = {k: v for k, v in data.items() if k.startswith("_")}
    return HandHistory(
        str(data["variant"]),
        lists["antes"],
        lists["blinds_or_straddles"],
        stacks,
        list(actions),
        optional=optional,
        user=user,
        **scalars,
    )


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"not valid TOML: {exc}") from exc


def loads(text: str) -> HandHistory:
    """One hand from the text of a ``.phh`` file."""
    return from_dict(_toml(text))


def loads_all(text: str) -> list[HandHistory]:
    """Every hand of a ``.phhs`` file (tables ``[1]``, ``[2]``...) or the single hand of a ``.phh`` file.

    >>> len(loads_all('[1]\\nvariant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []'))
    1
    """
    data = _toml(text)
    if "variant" in data:
        return [from_dict(data)]
    hands = []
    for key, table in data.items():
        if not isinstance(table, dict):
            raise PHHError(f"a .phhs file holds one table per hand; {key!r} is not a table")
        try:
            hands.append(from_dict(table))
        except PHHError as exc:
            raise PHHError(f"hand [{key}]: {exc}") from exc
    return hands


def load_file(path: str | Path) -> list[HandHistory]:
    """The hands of a ``.phh`` or ``.phhs`` file."""
    return loads_all(Path(path).read_text(encoding="utf-8"))


# ---------------------------------------------------------------------- writing
def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "inf" if math.isinf(value) else repr(value)
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
