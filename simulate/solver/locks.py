"""Node locks: a player's strategy fixed at a decision, for the whole range or for some combos, the rest solved.

As PioSOLVER's node lock: at the decision reached by a line, the acting player's combos (all of them, or those a
range text names) play fixed frequencies of the actions there. Those combos never update their regrets or
strategy at that node; every other decision, and the combos the lock leaves free, are solved around it. An
action left out of a lock has frequency 0; the frequencies of a lock add up to 1. Locks are applied in order, so
a later lock of the same combos at the same node wins.

A line is a sequence of action labels (``("check", "allin 10")``) or one text with ``/`` between them
(``"check/allin 10"``; ``""`` is the root). On the command line a lock is ``LINE=ACTION:FREQ,...`` and, for some
combos only, ``LINE=ACTION:FREQ,...|COMBOS`` (range text); a frequency is a fraction (``0.25``) or a percentage
(``25%``).

>>> lock = parse_lock("allin 10=fold:25%,call:0.75")
>>> lock.line, lock.frequencies, lock.combos
(('allin 10',), (('fold', 0.25), ('call', 0.75)), None)
>>> parse_lock("check/allin 10=fold:1|KK").to_dict()
{'line': ['check', 'allin 10'], 'frequencies': {'fold': 1.0}, 'combos': 'KK'}
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..ranges.parse import RangeError, parse_range
from .errors import SolverError
from .tree import CHANCE, DECISION, Game

_TOLERANCE = 1e-6  # how far from 1 the frequencies of a lock may add up (rounded percentages)


@dataclass(frozen=True)
class Lock:
    """One lock: the line to the decision, each action's frequency, and the combos locked (range text; None: the
    acting player's whole range).

    >>> Lock(("allin 10",), (("fold", 0.25), ("call", 0.75))).describe()
    'allin 10: fold 25%, call 75%'
    """

    line: tuple[str, ...]
    frequencies: tuple[tuple[str, float], ...]
    combos: str | None = None

    def describe(self) -> str:
        """The lock in one line: where, what, and for which combos."""
        where = "/".join(self.line) or "the root"
        what = ", ".join(f"{action} {100 * f:g}%" for action, f in self.frequencies)
        return f"{where}: {what}" + (f" ({self.combos})" if self.combos is not None else "")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (:func:`lock_from_dict` reads it back).

        >>> lock_from_dict(parse_lock("=check:1").to_dict())
        Lock(line=(), frequencies=(('check', 1.0),), combos=None)
        """
        return {"line": list(self.line), "frequencies": dict(self.frequencies), "combos": self.combos}


def _line(line: str | Sequence[str]) -> tuple[str, ...]:
    if isinstance(line, str):
        return tuple(step.strip() for step in line.split("/")) if line.strip() else ()
    if not all(isinstance(step, str) for step in line):
        raise SolverError(f"lock: a line is action labels; got {list(line)!r}")
    return tuple(line)


def _frequencies(strategy: Mapping[str, Any], where: str) -> tuple[tuple[str, float], ...]:
    if not isinstance(strategy, Mapping) or not strategy:
        raise SolverError(f"lock at {where}: the frequencies are a mapping of actions to numbers; got {strategy!r}")
    found = []
    for action, value in strategy.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise SolverError(f"lock at {where}: the frequency of {action!r} must be between 0 and 1; got {value!r}")
        found.append((str(action), float(value)))
    total = sum(f for _, f in found)
    if not math.isfinite(total) or abs(total - 1) > _TOLERANCE:
        raise SolverError(f"lock at {where}: the frequencies add up to {total:g}, not 1")
    return tuple((action, f / total) for action, f in found)


def make_lock(line: str | Sequence[str], strategy: Mapping[str, Any]) -> tuple[Lock, ...]:
    """The locks of a line and a strategy: ``{action: frequency}`` for the whole range, or ``{combos: {action:
    frequency}}`` (each key range text: ``"KsKh"``, ``"QQ"``) for the combos it names.

    >>> [lock.combos for lock in make_lock("allin 10", {"KsKh": {"call": 1}, "QQ": {"fold": 1}})]
    ['KsKh', 'QQ']
    """
    steps = _line(line)
    where = repr("/".join(steps))
    if isinstance(strategy, Mapping) and strategy and all(isinstance(v, Mapping) for v in strategy.values()):
        return tuple(Lock(steps, _frequencies(v, where), str(combos)) for combos, v in strategy.items())
    return (Lock(steps, _frequencies(strategy, where)),)


def as_locks(items: Iterable[Any]) -> tuple[Lock, ...]:
    """Locks from :class:`Lock` objects, ``(line, strategy)`` pairs (:func:`make_lock`) or command-line text
    (:func:`parse_lock`).

    >>> len(as_locks([("allin 10", {"fold": 0.25, "call": 0.75}), "check=check:1"]))
    2
    """
    if isinstance(items, (str, Mapping)):
        raise SolverError(f"locks must be a list of locks; got {items!r}")
    found: list[Lock] = []
    for item in items:
        if isinstance(item, Lock):
            found.append(item)
        elif isinstance(item, str):
            found.append(parse_lock(item))
        elif isinstance(item, Sequence) and len(item) == 2:
            found.extend(make_lock(item[0], item[1]))
        else:
            raise SolverError(f"a lock is (line, strategy), a Lock or 'LINE=ACTION:FREQ,...'; got {item!r}")
    return tuple(found)


def parse_lock(text: str) -> Lock:
    """A lock from ``LINE=ACTION:FREQ,...[|COMBOS]`` (see the module).

    >>> parse_lock("=check:50%,allin 10:50%|AA").describe()
    'the root: check 50%, allin 10 50% (AA)'
    """
    line, sep, rest = text.partition("=")
    if not sep:
        raise SolverError(f"lock {text!r}: expected LINE=ACTION:FREQ,... ('=' missing)")
    actions, bar, combos = rest.partition("|")
    strategy: dict[str, float] = {}
    for part in actions.split(","):
        action, colon, value = part.strip().rpartition(":")
        if not colon or not action.strip():
            raise SolverError(f"lock {text!r}: {part.strip()!r} is not ACTION:FREQ")
        strategy[action.strip()] = _number(value.strip(), text)
    lock = make_lock(line.strip(), strategy)[0]
    if bar:
        if not combos.strip():
            raise SolverError(f"lock {text!r}: no combos after '|'")
        lock = Lock(lock.line, lock.frequencies, combos.strip())
    return lock


def _number(value: str, text: str) -> float:
    try:
        number = float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        raise SolverError(f"lock {text!r}: frequency {value!r} is not a number") from None
    if not math.isfinite(number):
        raise SolverError(f"lock {text!r}: frequency {value!r} is not a number")
    return number


def lock_from_dict(data: Any) -> Lock:
    """A lock from :meth:`Lock.to_dict`'s data (a saved file's), checked.

    >>> lock_from_dict({"line": ["allin 10"], "frequencies": {"call": 1}, "combos": "KK"}).describe()
    'allin 10: call 100% (KK)'
    """
    if not isinstance(data, Mapping) or set(data) != {"line", "frequencies", "combos"}:
        raise SolverError(f"a lock is line, frequencies and combos; got {data!r}")
    combos = data["combos"]
    if (combos is not None and not isinstance(combos, str)) or not isinstance(data["line"], list):
        raise SolverError(f"a lock's line is a list of labels and its combos range text; got {data!r}")
    lock = make_lock(data["line"], data["frequencies"])[0]
    return Lock(lock.line, lock.frequencies, combos)


def resolve_locks(game: Game, locks: Sequence[Lock]) -> list[tuple[int, np.ndarray]]:
    """Each locked node and its ``(actions, hands)`` frequencies (NaN for a hand left free), for
    :class:`.cfr.CfrSolver`; one-line :class:`SolverError` for a line off the tree, a node where nobody acts, an
    action not open there, or combos not in the acting player's range.

    >>> from pokerlab.simulate.solver.river import river_game
    >>> game = river_game("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=())
    >>> [(node, table.tolist()) for node, table in resolve_locks(game, [parse_lock("allin 10=fold:0.25,call:0.75")])]
    [(2, [[0.25], [0.75]])]
    """
    tree = game.tree
    tables: dict[int, np.ndarray] = {}
    for lock in locks:
        node = tree.follow(lock.line)
        where = repr("/".join(lock.line))
        if tree.kind[node] != DECISION:
            what = "a chance node (a card is dealt)" if tree.kind[node] == CHANCE else "a terminal node"
            raise SolverError(f"lock at {where}: the line ends at {what}, where nobody acts")
        labels = [tree.labels[c] for c in tree.children(node)]
        player = int(tree.player[node])
        hands = game.hands[player]
        row = np.zeros(len(labels))
        for action, frequency in lock.frequencies:
            if action not in labels:
                offered = ", ".join(repr(label) for label in labels)
                raise SolverError(f"lock at {where}: action {action!r} is not open there; the actions: {offered}")
            row[labels.index(action)] += frequency
        chosen = _locked_hands(hands.cards, lock, player, where)
        table = tables.setdefault(node, np.full((len(labels), len(hands)), np.nan))
        table[:, chosen] = row[:, None]
    return sorted(tables.items())


def _locked_hands(cards: np.ndarray, lock: Lock, player: int, where: str) -> np.ndarray:
    """The hands a lock fixes: all of them, or those of the player's range its range text names."""
    if lock.combos is None:
        return np.ones(len(cards), dtype=bool)
    try:
        named = parse_range(lock.combos)
    except RangeError as error:
        raise SolverError(f"lock at {where}: combos: {error}") from None
    wanted = {frozenset(c) for c in np.asarray(named.combos).tolist()}
    chosen = np.array([frozenset(c) in wanted for c in cards.tolist()], dtype=bool)
    if not chosen.any():
        who = ("oop", "ip")[player]
        raise SolverError(f"lock at {where}: no combo of {lock.combos!r} is in {who}'s range")
    return chosen
