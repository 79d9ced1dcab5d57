"""Hand values that remember their ruleset, so that a value is never described under another one.

A value is an ``int`` (larger is better); the same integer means different
hands under different rulesets. :func:`pokerlab.evaluator.evaluate` returns,
for every ruleset but high and Omaha high, an ``int`` subclass that carries its
ruleset's name; a plain ``int`` is a high-hand value, and an Omaha hi/lo value is
a pair ``(high, low)``. :func:`checked_rules` is the one check the describing
functions make. Kernels and ``evaluate_batch`` keep plain integers (their
speed is the point); :func:`ruled_value` marks one of them with its ruleset.

>>> from pokerlab.evaluator import evaluate
>>> v = evaluate("7s 5h 4d 3c 2s", rules="deuce-seven")
>>> v.rules, checked_rules(v, None).name
('deuce-seven', 'deuce-seven')
>>> checked_rules(evaluate("As Ks Qs Js Ts"), "deuce-seven")
Traceback (most recent call last):
...
pokerlab.errors.InputError: ... is a high-hand value (a plain int): ...
"""

from __future__ import annotations

from ..errors import InputError
from .rules import ALL_RULESETS, Ruleset, find_rules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: ranking one hand's start-up loads this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import ClassVar


class HandValue(int):
    """A hand value that knows the ruleset it was ranked under (``rules``); an ``int`` in every other way.

    >>> v = ruled_value(5000, "ace-five")
    >>> v.rules, v + 1, isinstance(v, int)
    ('ace-five', 5001, True)
    """

    __slots__ = ()
    rules: ClassVar[str] = "high"

    def __reduce__(self) -> tuple[Callable[[int, str], int], tuple[int, str]]:

        return ruled_value, (int(self), self.rules)


# One subclass per ruleset that needs one: an int subclass cannot hold a field, so the name is the class's.
_VALUE_TYPES: dict[str, type[HandValue]] = {
    name: type(f"HandValue[{name}]", (HandValue,), {"__slots__": (), "rules": name})
    for name, r in ALL_RULESETS.items()
    if r.spec.variant  # the high-hand tables' values stay plain: a plain int is a high-hand value, hi/lo a pair
}


def ruled_value(value: int, rules: str | Ruleset) -> int:
    """``value`` (a plain integer, as ``evaluate_batch`` or a kernel gives it) marked as a value of ``rules``.

    High and Omaha high values stay plain integers (a plain integer is a high-hand value).

    >>> from pokerlab.evaluator import describe, evaluate_batch
    >>> import numpy as np
    >>> low = evaluate_batch(np.array([[0, 4, 8, 12, 21]], dtype=np.uint8), rules="deuce-seven")[0]
    >>> describe(ruled_value(int(low), "deuce-seven"))
    'Seven-five low (7-5-4-3-2)'
    """
    ruleset = find_rules(rules)
    kind = _VALUE_TYPES.get(ruleset.name)
    return int(value) if kind is None else kind(value)


def value_scale(value: object) -> tuple[str, str]:
    """The ruleset a value says it has, and its scale: a :class:`HandValue`'s own, a pair's omaha-hilo, else high.

    >>> value_scale(7), value_scale((7, 0))
    (('high', 'high'), ('omaha-hilo', 'omaha-hilo'))
    """
    if isinstance(value, tuple):
        return "omaha-hilo", "omaha-hilo"
    name = getattr(value, "rules", "high")
    return name, ALL_RULESETS[name].spec.scale


def checked_rules(value: object, rules: str | Ruleset | None) -> Ruleset:
    """The ruleset to describe ``value`` under: ``rules`` (None: the value's own) if the value belongs to it.

    Raises :class:`~pokerlab.errors.InputError` when the value was ranked on another scale (a high value
    described as a deuce-seven low, a lowball value as a high hand): the words would name another hand.

    >>> checked_rules(ruled_value(40, "joker"), "high").name   # wild cards rank on the high scale
    'high'
    """
    own, scale = value_scale(value)
    if rules is None:
        return find_rules(own)
    ruleset = find_rules(rules)
    if ruleset.spec.scale == scale:  # rulesets on one scale (each kernel's ``scale``) share a value's meaning
        return ruleset
    if scale == "high" and own == "high":
        raise InputError(
            f"{value!r} is a high-hand value (a plain int): describing it under {ruleset.name!r} would name "
            f"another hand; use the value evaluate(cards, rules={ruleset.name!r}) returns, or "
            f"ruled_value(value, {ruleset.name!r}) for one from evaluate_batch"
        )
    raise InputError(
        f"{value!r} was ranked under {own!r} rules: describing it under {ruleset.name!r} would name another hand; "
        f"describe it with rules={own!r} or without rules"
    )
