"""From parsed TOML to a :class:`~pokerlab.simulate.histories.hand.HandHistory`: every field's type and size checked.

A problem is a :class:`PHHError` naming the field.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable
from decimal import Decimal
from itertools import repeat
from typing import Any

from .codes import PHHError
from .hand import CHIP_LISTS, OPTIONAL, REQUIRED, HandHistory
from .money import (
    LEAST_POST,
    MAX_CHIPS,
    CheckedAmounts,
    CheckedPosts,
    amount,
    amounts,
    is_unknown,
    places_of,
    unknown_at,
)

NOT_OPTIONAL = ("starting_stacks", "actions")
_NOT_OPTIONAL_SET = frozenset(REQUIRED + NOT_OPTIONAL)
_OPTIONAL_SET = frozenset(OPTIONAL)
_ARRAYS = (
    CheckedAmounts,
    CheckedPosts,
    list,
)  # the arrays a hand copies from what it is made of (the fast reader shares its own)


def short_repr(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for an error message that quotes a bad value."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_string(value: Any) -> bool:
    return type(value) is str


def _is_integer(value: Any) -> bool:
    return type(value) is int  # a bool is not one (TOML's true is no hand number)


def _is_string_or_integer(value: Any) -> bool:
    return type(value) is str or type(value) is int


def _is_local_time(value: Any) -> bool:
    return type(value) is datetime.time and value.tzinfo is None


def _is_duration(value: Any, unlimited: bool = True) -> bool:
    """Seconds: a whole or decimal number, 0 or more, finite; ``inf`` (no limit) when ``unlimited``."""
    kind = type(value)
    if kind is int:
        return bool(value >= 0)
    if kind is float:
        nan, finite = math.isnan(value), math.isfinite(value)
    elif kind is Decimal:
        nan, finite = value.is_nan(), value.is_finite()  # a Decimal NaN is not compared: that raises
    else:
        return False
    return not nan and value >= 0 and (finite or unlimited)


def _is_durations(value: Any) -> bool:
    return isinstance(value, list) and all(_is_duration(item, unlimited=False) for item in value)


#: The optional fields of the PHH standard and the TOML type each takes: (what it must be, the check). None: the
#: field's value is read with its size and meaning below (seats, players, finishing_stacks, winnings,
#: ante_trimming_status). A value of another type makes the hand unreadable, as a required field's does.
STANDARD_TYPES: dict[str, tuple[str, Callable[[Any], bool]] | None] = {
    **dict.fromkeys(
        ("author", "event", "url", "venue", "address", "city", "region", "postal_code", "country", "time_zone",
         "time_zone_abbreviation", "currency", "currency_symbol"),
        ("a string", _is_string),
    ),
    **dict.fromkeys(("day", "month", "year", "level", "seat_count"), ("an integer", _is_integer)),
    **dict.fromkeys(("hand", "table"), ("a string or an integer", _is_string_or_integer)),
    "time": ("a local time such as 21:04:09", _is_local_time),
    "time_limit": ("a number of seconds, 0 or more, or inf for none", _is_duration),
    "time_banks": ("an array of numbers of seconds, 0 or more", _is_durations),
    **dict.fromkeys(("seats", "players", "finishing_stacks", "winnings", "ante_trimming_status")),
}  # fmt: skip
_TYPED = frozenset(name for name, kind in STANDARD_TYPES.items() if kind is not None)


def _check_standard_types(optional: dict[str, Any]) -> None:
    """:class:`PHHError` naming the first standard field of ``optional`` whose value is not of the standard's type."""
    for name in _TYPED.intersection(optional):  # in C: the few standard fields a hand has (a dataset's: its number)
        value = optional[name]
        if value is not None and not STANDARD_TYPES[name][1](value):  # type: ignore[index]  # _TYPED: with a check
            _refuse_wrong_type(optional)


def _refuse_wrong_type(optional: dict[str, Any]) -> None:
    """The :class:`PHHError` of the first field, in the file's order, of a type other than the standard's."""
    for name, value in optional.items():
        kind = STANDARD_TYPES.get(name)
        if kind is not None and value is not None and not kind[1](value):
            shown = str(value) if type(value) is Decimal else short_repr(value)  # 1E+400, -Infinity: as TOML wrote it
            raise PHHError(f"must be {kind[0]} (the PHH standard's type), got {shown}", field=name, malformed=True)


def _is_nan(value: float | Decimal) -> bool:
    """Whether ``value`` is a NaN (a signalling Decimal NaN included, which math.isfinite cannot take)."""
    return value.is_nan() if isinstance(value, Decimal) else value != value


def _whole_list(value: Any, name: str, minimum: int = 0) -> list[int]:
    """Whole numbers from ``minimum`` to below 2**62 (seat numbers, ``_carried_pot``); whole floats read as ints."""
    if not isinstance(value, list):
        raise PHHError(f"must be an array of whole numbers, got {short_repr(value)}", field=name)
    out = []
    for item in value:
        if isinstance(item, (float, Decimal)) and not _is_nan(item) and math.isfinite(item) and item == int(item):
            item = int(item)
        if isinstance(item, bool) or not isinstance(item, int):
            raise PHHError(f"must hold whole numbers, got {short_repr(item)}", field=name)
        if not minimum <= item < MAX_CHIPS:
            raise PHHError(f"must hold whole numbers from {minimum} to below 2**62, got {short_repr(item)}", field=name)
        out.append(item)
    return out


def _checked_optional(data: dict[str, Any], n: int, unknown: list[bool]) -> dict[str, Any]:
    """The optional fields (PHH's and unknown ones), with the ones pokerlab reads checked.

    ``unknown``: which players' starting stacks are unknown (``inf``); their finishing stacks may be ``inf`` too.
    """
    optional = {
        k: list(v) if type(v) in _ARRAYS else v  # a copy: the reader's marker and its arrays stay inside it
        for k, v in data.items()
        if k not in _NOT_OPTIONAL_SET and k[:1] != "_"
    }
    _check_standard_types(optional)
    for name in CHIP_LISTS:
        if optional.get(name) is not None:
            # data's: the reader's marker spares a check per amount
            optional[name] = amounts(data[name], name, unknown=name == "finishing_stacks" and any(unknown))
            if len(optional[name]) != n:
                raise PHHError(f"has {len(optional[name])} entries for {n} players", field=name)
            read = data[name]
            if (type(read) is not CheckedAmounts or read.unknown) and any(
                is_unknown(v) and not u for v, u in zip(optional[name], unknown)
            ):
                reason = "inf (unknown) is only the finishing stack of a player whose starting stack is unknown"
                raise PHHError(reason, field=name, malformed=True)
    if optional.get("seats") is not None:
        seats = _whole_list(optional["seats"], "seats", minimum=1)
        if len(seats) != n:
            raise PHHError(f"has {len(seats)} entries for {n} players", field="seats")
        optional["seats"] = seats
    names = optional.get("players")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise PHHError(f"must be an array of the players' names, got {short_repr(names)}", field="players")
        if len(names) != n:
            raise PHHError(f"has {len(names)} names for {n} players", field="players")
    trimming = optional.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise PHHError(f"must be true or false, got {short_repr(trimming)}", field="ante_trimming_status")
    return optional


def unknown_fields(hand: HandHistory) -> list[str]:
    """Fields of ``hand`` that PHH does not define (kept and written back; readers warn about them).

    >>> unknown_fields(HandHistory("NT", [0, 0], [1, 2], [9, 9], [], optional={"rake": 1, "day": 3}))
    ['rake']
    """
    return [name for name in hand.optional if name not in _OPTIONAL_SET]


def _checked_user(data: dict[str, Any]) -> dict[str, Any]:
    if not data or min(data)[:1] > "_":  # no key starts with "_" (the usual record): one pass in C says so
        return {}
    user = {k: list(v) if type(v) in _ARRAYS else v for k, v in data.items() if k.startswith("_")}
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
    return hand_and_places(data)[0]


def hand_and_places(data: dict[str, Any]) -> tuple[HandHistory, int | None]:
    """:func:`from_dict`, and the hand's :meth:`~HandHistory.money_places` when the reader found it in the
    amounts' text (None otherwise). Decimal by Decimal, money_places() was 9% of a replay's time (cProfile)."""
    if not isinstance(data, dict):
        raise PHHError(f"a hand is a TOML table, got {short_repr(data)}")
    missing = [name for name in ("variant", "antes", "starting_stacks", "actions") if name not in data]
    if missing:
        raise PHHError(f"required field(s) missing: {', '.join(missing)}", field=missing[0])
    if not isinstance(data["variant"], str):
        raise PHHError(f'must be a string such as "NT", got {short_repr(data["variant"])}', field="variant")
    stacks = amounts(data["starting_stacks"], "starting_stacks", unknown=True)  # inf: unknown (PHH)
    n = len(stacks)
    if n < 2:
        raise PHHError("must list at least two players", field="starting_stacks")
    lists = {}
    for name, least in (("antes", 0), ("blinds_or_straddles", LEAST_POST)):  # a negative blind: a post (hand.py)
        value = amounts(data.get(name, [0] * n), name, least)
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
        optional=_checked_optional(data, n, _unknown_flags(stacks)),
        user=_checked_user(data),
        **scalars,
    )
    return hand, _places_as_read(data, places_of(scalars.values()))


def _places_as_read(data: dict[str, Any], places: int) -> int | None:
    """The most decimal places among the hand's amounts (``places`` those of its scalars) when the reader found
    them in the text of every array of amounts; None when some array was not read from plain text."""
    for name in ("antes", "blinds_or_straddles", "starting_stacks", *CHIP_LISTS):
        read = data.get(name)
        if type(read) is CheckedAmounts or type(read) is CheckedPosts:
            places = max(places, read.places)
        elif read is not None:
            return None  # not read from plain text: money_places() finds it
    return places


def _unknown_flags(stacks: list[Any]) -> list[bool]:
    """Which of the starting stacks are unknown (``inf``)."""
    flags = [False] * len(stacks)
    for k in unknown_at(stacks):
        flags[k] = True
    return flags


def check_history(hand: HandHistory) -> HandHistory:
    """The same checks as reading a file, for a :class:`HandHistory` built in code (returns a checked copy).

    >>> good = HandHistory("NT", [0, 0], [1, 2], [100, 100], [], min_bet=2)
    >>> check_history(good) == good
    True
    >>> try:
    ...     check_history(HandHistory("NT", [0, 0], [1, 2], [100], [], min_bet=2))
    ... except PHHError as exc:
    ...     print(exc)
    starting_stacks: must list at least two players
    """
    return from_dict(hand.to_dict())
