"""Money in a hand history: amounts as recorded (whole numbers or decimals such as cents), and chips.

pokerlab's engine counts whole chips. A history recorded in dollars and cents is played in its
smallest recorded unit: the finest decimal precision found in the hand (``200.30`` -> cents) scales
every amount to a whole number exactly (:class:`~decimal.Decimal`, never binary floats), and results
are turned back into the recorded unit.

>>> places_of([Decimal("200.30"), 81, Decimal("0.5")])
2
>>> to_chips(Decimal("200.30"), 2), from_chips(20030, 2), from_chips(7, 0)
(20030, Decimal('200.30'), 7)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from typing import Any

from .codes import PHHError

MAX_PLACES = 9  # finer than a billionth of the unit is refused (a hostile file could ask for 10**-1000)
MAX_CHIPS = 1 << 62
#: The least entry of ``blinds_or_straddles``: a negative entry is a player's post (pokerkit's reading), of at most
#: as many chips as any amount.
LEAST_POST = 1 - MAX_CHIPS
Amount = int | Decimal
_AMOUNT = re.compile(r"[0-9]{1,19}(\.[0-9]{1,9})?")  # at most MAX_PLACES decimals


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: An unknown amount: PHH writes ``inf`` for a starting stack nobody recorded. It is kept and written back as
#: ``inf``, never played as chips (the replay reports such a stack as unknown, docs/rules.md 12.3).
UNKNOWN = Decimal("Infinity")


def is_unknown(value: Any) -> bool:
    """Whether ``value`` is the unknown amount ``inf`` (a Decimal or a float).

    >>> is_unknown(UNKNOWN), is_unknown(float("inf")), is_unknown(100), is_unknown(Decimal("-Infinity"))
    (True, True, False, False)
    """
    return isinstance(value, (Decimal, float)) and value == UNKNOWN


def unknown_at(values: Iterable[Any]) -> list[int]:
    """The positions of the unknown amounts (``inf``) among ``values``.

    >>> unknown_at([100, UNKNOWN, Decimal("2.50")])
    [1]
    """
    if type(values) is list and UNKNOWN not in values:  # the usual stacks: one comparison each, in C
        return []
    return [k for k, value in enumerate(values) if type(value) is not int and is_unknown(value)]


def amount(value: Any, name: str, minimum: int = 0, unknown: bool = False) -> Amount:
    """``value`` as a recorded amount (an int, or a Decimal as written), checked; :class:`PHHError` naming ``name``.

    Python floats (a history built in code) are read by their shortest text, ``0.1`` as ``Decimal("0.1")``.
    ``unknown``: ``inf`` is allowed, as :data:`UNKNOWN` (PHH's unknown starting stack).

    >>> amount(Decimal("0.50"), "min_bet"), amount(2, "min_bet"), amount(0.25, "antes")
    (Decimal('0.50'), 2, Decimal('0.25'))
    >>> amount(float("inf"), "starting_stacks", unknown=True)
    Decimal('Infinity')
    """
    kind = type(value)
    if kind is int:  # the common cases first: a file's whole numbers and decimals
        if minimum <= value < MAX_CHIPS:
            whole: int = value  # a typed local, not a cast call: this runs for every amount read
            return whole
    elif kind is Decimal and value.is_finite():
        exponent = value.as_tuple().exponent  # finite, so an int
        if exponent >= -MAX_PLACES and minimum <= value < MAX_CHIPS:
            decimal: Decimal = value
            return decimal
    return _checked_amount(value, name, minimum, unknown)


def _checked_amount(value: Any, name: str, minimum: int, unknown: bool) -> Amount:
    """:func:`amount` for what is not a plain int or Decimal in range: ``inf``, floats, and what is refused."""
    if unknown and is_unknown(value):
        return UNKNOWN
    if isinstance(value, float):
        if not math.isfinite(value):
            raise PHHError(_not_finite("nan" if math.isnan(value) else str(value)), field=name, malformed=True)
        value = Decimal(repr(value))
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise PHHError(f"must hold amounts of money (numbers), got {_short(value)}", field=name, malformed=True)
    if isinstance(value, Decimal):
        if not value.is_finite():
            shown = "nan" if value.is_nan() else ("-inf" if value < 0 else "inf")
            raise PHHError(_not_finite(shown), field=name, malformed=True)
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and exponent < -MAX_PLACES:
            raise PHHError(f"more than {MAX_PLACES} decimal places: {_short(value)}", field=name, malformed=True)
    if not minimum <= value < MAX_CHIPS:
        bounds = "above -2**62" if minimum == LEAST_POST else f"from {minimum}"
        raise PHHError(f"must hold amounts {bounds} to below 2**62, got {_short(value)}", field=name)
    return value


def _not_finite(shown: str) -> str:
    if shown == "inf":
        return "inf (unknown) is not an amount here: only a starting stack may be unknown"
    return f"{shown} is not an amount"


class CheckedAmounts(list[Amount]):
    """A list of amounts the PHH reader found valid as written (digits, at most 9 decimals, below 10**18).

    Checking 31 amounts a hand one by one took a fifth of the time of turning parsed TOML into a history
    (cProfile on the bench's files); the reader's regex has already made sure of every one of them.
    ``places``: the most decimal places written among them; ``unknown``: some of them are ``inf``
    (:data:`UNKNOWN`), which only the fields that allow it take.
    """

    def __init__(self, values: Iterable[Amount], places: int, unknown: bool = False) -> None:
        super().__init__(values)
        self.places = places
        self.unknown = unknown


class CheckedPosts(CheckedAmounts):
    """:class:`CheckedAmounts` some of which are written with a minus sign: only ``blinds_or_straddles`` takes a
    negative amount (a post), so :func:`amounts` checks each of them as it checks a plain list."""


def amounts(value: Any, name: str, minimum: int = 0, unknown: bool = False) -> list[Amount]:
    """An array of amounts (:func:`amount` each; ``unknown``: ``inf`` entries allowed).

    >>> amounts([Decimal("0.50"), 1], "blinds_or_straddles")
    [Decimal('0.50'), 1]
    """
    if type(value) is CheckedAmounts and minimum <= 0 and (unknown or not value.unknown):
        return list(value)
    if not isinstance(value, list):
        raise PHHError(f"must be an array of amounts, got {_short(value)}", field=name, malformed=True)
    return [amount(item, name, minimum, unknown) for item in value]


def places_of(values: Iterable[Any]) -> int:
    """The most decimal places among ``values`` as written (``Decimal("3.00")`` has 2; ints 0)."""
    most = 0
    for value in values:
        if type(value) is Decimal:
            text = str(value)  # faster than as_tuple(); plain notation in all but rare cases
            if "E" in text or "e" in text or not value.is_finite():
                exponent = value.as_tuple().exponent
                places = -exponent if type(exponent) is int and exponent < 0 else 0
            else:
                dot = text.find(".")
                places = len(text) - dot - 1 if dot >= 0 else 0
            if places > most:
                most = places
    return most


def to_chips(value: Amount, places: int) -> int:
    """``value`` in units of ``10**-places`` (exact; :class:`PHHError` if it is finer than that).

    >>> from decimal import Decimal
    >>> to_chips(Decimal("3.50"), 2), to_chips(7, 2)
    (350, 700)
    >>> try:
    ...     to_chips(Decimal("0.005"), 2)
    ... except PHHError as exc:
    ...     print(exc)
    0.005 is finer than the hand's unit 10**-2
    """
    if isinstance(value, int):
        chips: int = value * 10**places  # typeshed reads int ** int as Any (a negative power is a float)
        return chips
    try:
        scaled = value.scaleb(places)
        chips = int(scaled)
    except (InvalidOperation, OverflowError, ValueError):
        raise PHHError(f"{_short(value)} is not an amount") from None
    if chips != scaled:
        raise PHHError(f"{value} is finer than the hand's unit 10**-{places}")
    return chips


def from_chips(chips: int, places: int) -> Amount:
    """Chips back in the recorded unit: the int itself when the hand is in whole units, else a Decimal.

    >>> from_chips(350, 2), from_chips(7, 0)
    (Decimal('3.50'), 7)
    """
    if not places:
        return chips
    return Decimal(chips).scaleb(-places)


def parse_amount(text: str) -> Decimal | int:
    """An amount written in an action (``cbr 3.50``): an int or a Decimal; :class:`PHHError` if it is not one.

    >>> parse_amount("3.50"), parse_amount("12")
    (Decimal('3.50'), 12)
    """
    if _AMOUNT.fullmatch(text) is None:
        raise PHHError(f"{text[:30]!r} is not an amount (digits, with an optional decimal point)")
    return Decimal(text) if "." in text else int(text)
