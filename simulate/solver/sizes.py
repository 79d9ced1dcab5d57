"""Bet and raise sizes as PioSOLVER, GTO+ and postflop-solver write them, and the tree's size options per street.

A size list is comma-separated; each size is one of:

- ``52%``: a fraction of the pot. A bet adds 52 % of the pot; a raise adds, on top of the call, 52 % of the pot
  after the call;
- ``2.5x`` (raises only): a multiple of the bet or raise faced: raise to 2.5 times what the opponent has put in on
  the street;
- ``100c``: a constant amount: a bet of 100 chips; a raise of 100 chips on top of the call;
- ``e``, ``2e``, ``3e200%``: geometric. ``Ne`` is the pot fraction that, bet and called ``N`` times, puts the
  stack in exactly: with pot ``P`` and ``S`` behind, ``f = ((1 + 2S/P) ** (1/N) - 1) / 2``. ``e`` alone takes
  ``N`` as the streets left (3 on the flop, 2 on the turn, 1 on the river); for a raise, ``N`` less the raises
  already made on the street (at least 1), with the pot and the stack counted after the call. ``3e200%`` caps
  the fraction at 200 % of the pot;
- ``a``: all-in.

Every size is at least a minimum raise (the size of the bet or raise it answers) and at most all-in.

>>> [str(s) for s in parse_sizes("52%, 2.5x, 100c, e, 3e200%, a", raises=True)]
['52%', '2.5x', '100c', 'e', '3e200%', 'a']
>>> round(parse_sizes("2e")[0].pot_fraction(pot=100, behind=400, streets_left=3), 6)  # (1+8)**(1/2) = 3
1.0
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import SolverError

STREETS = ("flop", "turn", "river")
"""The streets by board size: 3, 4 and 5 cards."""

SIZE_KINDS = ("pot", "prev", "chips", "geometric", "allin")
"""What a size counts in: pot fraction, multiple of the bet faced, chips, geometric, all-in."""

_NUMBER = r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_FORMS = {
    "pot": re.compile(_NUMBER + "%"),
    "prev": re.compile(_NUMBER + "x"),
    "chips": re.compile(_NUMBER + "c"),
    "geometric": re.compile(r"([0-9]*)e(?:" + _NUMBER + "%)?"),
    "allin": re.compile("a"),
}
_MAX_TEXT = 1000  # a size list longer than this is not a list of sizes
_MAX_STREETS = 100  # geometric counts beyond this are all the same tiny bet


@dataclass(frozen=True)
class BetSize:
    """One size: its kind (:data:`SIZE_KINDS`), its number and, for a geometric size, its cap (a pot fraction).

    ``value`` is the pot fraction (``pot``), the multiple (``prev``), the chips (``chips``) or the number of bets
    (``geometric``, 0 for the streets left).

    >>> BetSize("pot", 0.75), str(BetSize("geometric", 2, 1.5))
    (BetSize(kind='pot', value=0.75, cap=inf), '2e150%')
    """

    kind: str
    value: float = 0.0
    cap: float = math.inf

    def __str__(self) -> str:
        if self.kind == "pot":
            return f"{_number(self.value * 100)}%"
        if self.kind == "prev":
            return f"{_number(self.value)}x"
        if self.kind == "chips":
            return f"{_number(self.value)}c"
        if self.kind == "geometric":
            count = str(int(self.value)) if self.value else ""
            return count + "e" + (f"{_number(self.cap * 100)}%" if math.isfinite(self.cap) else "")
        return "a"

    def pot_fraction(self, pot: float, behind: float, streets_left: int, raises_before: int = 0) -> float:
        """A geometric size as a fraction of ``pot``, with ``behind`` chips left to bet (see the module).

        >>> round(BetSize("geometric", 3).pot_fraction(pot=10, behind=130, streets_left=2), 6)  # 27 ** (1/3) = 3
        1.0
        >>> BetSize("geometric", 3, 0.5).pot_fraction(pot=10, behind=130, streets_left=2)
        0.5
        """
        bets = max((int(self.value) or streets_left) - raises_before, 1)
        fraction: float = ((1 + 2 * behind / pot) ** (1 / bets) - 1) / 2  # typeshed reads float ** float as Any
        return min(fraction, self.cap)


def _number(value: float) -> str:
    return f"{round(value, 6):g}"


def _token(text: str, raises: bool, what: str) -> BetSize:
    token = text.strip().lower()
    for kind, pattern in _FORMS.items():
        found = pattern.fullmatch(token)
        if found is None:
            continue
        if kind == "allin":
            return BetSize("allin")
        if kind == "geometric":
            count = int(found.group(1)) if found.group(1) else 0
            if found.group(1) and not 1 <= count <= _MAX_STREETS:
                raise SolverError(f"{what}: {text.strip()!r}: the number of bets of a geometric size is 1 to 100")
            cap = float(found.group(2)) / 100 if found.group(2) else math.inf
            if cap <= 0:
                raise SolverError(f"{what}: {text.strip()!r}: the cap of a geometric size must be above 0%")
            return BetSize("geometric", count, cap)
        value = float(found.group(1))
        if kind == "prev" and not raises:
            raise SolverError(f"{what}: {text.strip()!r}: a multiple of the bet faced ('x') is for raises only")
        if kind == "prev" and value <= 1:
            raise SolverError(f"{what}: {text.strip()!r}: a raise must be more than 1x the bet it answers")
        if value <= 0 or not math.isfinite(value):
            raise SolverError(f"{what}: {text.strip()!r}: a size must be above 0")
        return BetSize(kind, value / 100 if kind == "pot" else value)
    raise SolverError(
        f"{what}: {text.strip()!r} is not a size; sizes are like 52%, 2.5x (raises), 100c, e, 2e, 3e200%, a"
    )


SizeText = str | float | Sequence[str | float]


def parse_sizes(text: SizeText, raises: bool = False, what: str = "sizes") -> tuple[BetSize, ...]:
    """A size list: comma-separated text (``"33%, 75%, a"``; ``""`` for none), or a sequence of sizes, each text
    or a number (a pot fraction: ``0.5`` is ``50%``). ``raises`` allows ``x``; ``what`` names the list in errors.

    >>> parse_sizes("33%, 2.5x", raises=True)
    (BetSize(kind='pot', value=0.33, cap=inf), BetSize(kind='prev', value=2.5, cap=inf))
    >>> parse_sizes([0.5, "a"])
    (BetSize(kind='pot', value=0.5, cap=inf), BetSize(kind='allin', value=0.0, cap=inf))
    >>> parse_sizes("2.5x", what="flop bet")
    Traceback (most recent call last):
    ...
    pokerlab.simulate.solver.errors.SolverError: flop bet: '2.5x': a multiple of the bet faced ('x') is for raises only
    """
    if isinstance(text, str):
        if len(text) > _MAX_TEXT:
            raise SolverError(f"{what}: a size list of {len(text)} characters; at most {_MAX_TEXT}")
        items: list[Any] = [part for part in text.split(",") if part.strip()]
        if not items and text.strip():
            raise SolverError(f"{what}: {text!r} is not a size list")
    elif isinstance(text, (int, float)) and not isinstance(text, bool):
        items = [text]
    elif isinstance(text, Sequence):
        items = list(text)
    else:
        raise SolverError(f"{what}: sizes are text like '50%, a' or a list of pot fractions; got {text!r}")
    sizes = []
    for item in items:
        if isinstance(item, str):
            if "," in item:
                raise SolverError(f"{what}: {item!r}: one size per item of a list")
            sizes.append(_token(item, raises, what))
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            if not math.isfinite(item) or item <= 0:
                raise SolverError(f"{what}: bet sizes are positive fractions of the pot; got {item!r}")
            sizes.append(BetSize("pot", float(item)))
        else:
            raise SolverError(f"{what}: {item!r} is not a size")
    return tuple(sizes)


def format_sizes(sizes: Sequence[BetSize]) -> str:
    """The text :func:`parse_sizes` reads back.

    >>> format_sizes(parse_sizes("0.5c, 75%,A"))
    '0.5c, 75%, a'
    """
    return ", ".join(str(s) for s in sizes)


@dataclass(frozen=True)
class StreetSizes:
    """One street's options: each player's bet and raise sizes (OOP first), OOP's donk sizes (None: its bet sizes)
    and the raises allowed after the street's first bet.

    >>> StreetSizes().raise_cap
    2
    """

    bet: tuple[tuple[BetSize, ...], tuple[BetSize, ...]] = ((), ())
    raise_: tuple[tuple[BetSize, ...], tuple[BetSize, ...]] = ((), ())
    donk: tuple[BetSize, ...] | None = None
    raise_cap: int = 2


@dataclass(frozen=True)
class TreeSizes:
    """The sizes of every street and the rules that add, force or merge sizes.

    - ``allin``: the all-in is open at every bet and raise;
    - ``add_allin``: where a player has at least one size, the all-in is added when it is at most this many times
      the pot (for a raise: what it adds on top of the call, over the pot after the call); 0: never;
    - ``force_allin``: a size is replaced by the all-in when, once called, the stack left behind is at most this
      many times the pot (the stack-to-pot ratio after the call); 0: never;
    - ``merge``: sizes closer than this are merged: taking the largest first (as a pot fraction ``X``, the all-in
      included), every smaller ``Y`` with ``(1 + X) / (1 + Y) < 1 + merge`` is dropped, then the next largest
      left is taken; 0: never.

    >>> tree = tree_sizes("50%", raise_sizes="2.5x", donk_sizes="33%")
    >>> format_sizes(tree.street("turn").raise_[1]), format_sizes(tree.street("turn").donk)
    ('2.5x', '33%')
    """

    streets: tuple[StreetSizes, StreetSizes, StreetSizes] = field(default=(StreetSizes(),) * 3)
    allin: bool = True
    add_allin: float = 0.0
    force_allin: float = 0.0
    merge: float = 0.0

    def street(self, name: str) -> StreetSizes:
        """The options of ``"flop"``, ``"turn"`` or ``"river"``."""
        return self.streets[STREETS.index(name)]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (size lists as text) that :func:`tree_sizes` reads back.

        >>> tree_sizes(**tree_sizes("50%, e", raise_cap=1).to_dict()) == tree_sizes("50%, e", raise_cap=1)
        True
        """

        def players(pair: tuple[tuple[BetSize, ...], tuple[BetSize, ...]]) -> dict[str, str]:
            return {"oop": format_sizes(pair[0]), "ip": format_sizes(pair[1])}

        return {
            "bet_sizes": {name: players(s.bet) for name, s in zip(STREETS, self.streets)},
            "raise_sizes": {name: players(s.raise_) for name, s in zip(STREETS, self.streets)},
            "donk_sizes": {name: format_sizes(s.donk) for name, s in zip(STREETS, self.streets) if s.donk is not None},
            "raise_cap": {name: s.raise_cap for name, s in zip(STREETS, self.streets)},
            "allin": self.allin,
            "add_allin": self.add_allin,
            "force_allin": self.force_allin,
            "merge": self.merge,
        }


PerStreet = SizeText | Mapping[str, Any]


def _per_street(value: Any, what: str, streets: Sequence[str] = STREETS) -> dict[str, Any]:
    """``value`` for every street, or a mapping from street names (a street left out: None)."""
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - set(streets))
        if unknown:
            raise SolverError(f"{what}: unknown street {unknown[0]!r}; the streets are {', '.join(streets)}")
        return {street: value.get(street) for street in streets}
    return {street: value for street in streets}


def _per_player(value: Any, raises: bool, what: str) -> tuple[tuple[BetSize, ...], tuple[BetSize, ...]]:
    """Both players' sizes: one list for both, or a mapping ``{"oop": ..., "ip": ...}``."""
    if value is None:
        return (), ()
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - {"oop", "ip"})
        if unknown:
            raise SolverError(f"{what}: unknown player {unknown[0]!r}; the players are oop, ip")
        oop, ip = value.get("oop"), value.get("ip")
        return (
            parse_sizes(oop if oop is not None else (), raises, f"{what} (oop)"),
            parse_sizes(ip if ip is not None else (), raises, f"{what} (ip)"),
        )
    sizes = parse_sizes(value, raises, what)
    return sizes, sizes


def _threshold(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise SolverError(f"{name} must be a number, at least 0 (0: off); got {value!r}")
    return float(value)


def _raise_cap(value: Any, street: str | None = None) -> int:
    if value is None:
        return 2
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        where = f" on the {street}" if street else ""
        raise SolverError(f"raise_cap must be a whole number of raises, at least 0; got {value!r}{where}")
    return value


def tree_sizes(
    bet_sizes: PerStreet = (0.5, 1.0),
    raise_sizes: PerStreet | None = None,
    donk_sizes: PerStreet | None = None,
    raise_cap: int | Mapping[str, int] = 2,
    allin: bool = True,
    add_allin: float = 0.0,
    force_allin: float = 0.0,
    merge: float = 0.0,
) -> TreeSizes:
    """Checked :class:`TreeSizes` from sizes given loosely.

    ``bet_sizes`` and ``raise_sizes`` are one size list for every street and both players, or a mapping from
    ``"flop"``, ``"turn"``, ``"river"`` (a street left out has none) to a size list or to ``{"oop": ..., "ip":
    ...}``; ``raise_sizes`` None takes the bet sizes. ``donk_sizes`` (OOP's first bet of the turn or river into
    the player who made the previous street's last bet or raise) is a size list for both streets or a mapping
    from ``"turn"``, ``"river"``; None, or a street left out, takes OOP's bet sizes. ``raise_cap`` is a number
    or a mapping from street names (a street left out: 2).

    >>> tree = tree_sizes({"river": {"oop": "50%", "ip": "e, a"}}, raise_cap={"river": 1})
    >>> format_sizes(tree.street("river").bet[1]), tree.street("flop").bet, tree.street("river").raise_cap
    ('e, a', ((), ()), 1)
    """
    bets = _per_street(bet_sizes, "bet_sizes")
    raises = bets if raise_sizes is None else _per_street(raise_sizes, "raise_sizes")
    donks = _per_street(donk_sizes, "donk_sizes", ("turn", "river")) if donk_sizes is not None else {}
    if not isinstance(raise_cap, Mapping):
        _raise_cap(raise_cap)
    caps = _per_street(raise_cap, "raise_cap")
    streets = []
    for street in STREETS:
        donk = donks.get(street)
        streets.append(
            StreetSizes(
                bet=_per_player(bets[street], False, f"{street} bet"),
                raise_=_per_player(raises[street], True, f"{street} raise"),
                donk=parse_sizes(donk, False, f"{street} donk") if donk is not None else None,
                raise_cap=_raise_cap(caps[street], street),
            )
        )
    return TreeSizes(
        streets=(streets[0], streets[1], streets[2]),
        allin=bool(allin),
        add_allin=_threshold(add_allin, "add_allin"),
        force_allin=_threshold(force_allin, "force_allin"),
        merge=_threshold(merge, "merge"),
    )
