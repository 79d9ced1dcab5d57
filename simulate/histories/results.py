"""What a replay found (:class:`ReplayResult`: steps, state, error, the recorded results compared), and how it reads."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerlab.simulate.game.cards import names
from pokerlab.simulate.game.showdown import describe_value
from pokerlab.simulate.game.state import DONE, State

from .codes import PHHError
from .hand import HandHistory
from .money import Amount, from_chips, is_unknown
from .statuses import (
    DIFFERS,
    ILLEGAL,
    NOT_RECORDED,
    OK,
    OUT_OF_TURN as OUT_OF_TURN,  # the replay's break cause, imported from here too
    UNFINISHED,
    UNKNOWN_OUTCOME,
)
from .writing import dumps


@dataclass
class ReplayBreak:
    """Where a history breaks a rule (or PHH): the action's index and text, or the field, and the reason.

    ``index`` is -1 when the problem is in a field (``field``: starting_stacks, variant...), not an action.
    ``kind``: ``"rule"`` (the hand breaks a rule, or pokerlab cannot play it) or ``"phh"`` (the history is
    not well-formed PHH: an action that cannot be read, a field of the wrong type; the command line
    reports those like any bad file, exit status 2). ``cause``: a code for a break a caller reacts to
    (:data:`OUT_OF_TURN`), else None; ``reason`` is the text for people.

    >>> from pokerlab.simulate.histories import HandHistory, replay
    >>> hand = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...                    starting_stacks=[200, 200], actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"])
    >>> hand.actions[-1] = "p1 f"  # not p1's turn
    >>> error = replay(hand).error
    >>> error.index, error.kind, error.cause, str(error)[:40]
    (2, 'rule', 'out-of-turn', "action 3 'p1 f': it is p2's turn, not p1")
    """

    index: int
    action: str
    reason: str
    field: str | None = None
    kind: str = "rule"
    cause: str | None = None

    def as_phh_error(self, hand: str | None = None, file: str | None = None) -> PHHError:
        """This problem as the module's :class:`PHHError` (one line: file, hand, field, reason)."""
        if self.index < 0:
            return PHHError(self.reason, field=self.field, hand=hand, file=file)
        reason = f"action {self.index + 1} {self.action[:60]!r}: {self.reason}"
        return PHHError(reason, field="actions", hand=hand, file=file)

    def __str__(self) -> str:
        if self.index < 0:
            return f"{self.field or 'history'}: {self.reason}"
        return f"action {self.index + 1} {self.action!r}: {self.reason}"


@dataclass
class Step:
    """One replayed action: the street it belongs to, a description, the pot and stacks after it.

    ``pot`` and ``stacks`` are chips of the hand's smallest unit (``10**-places`` of the recorded unit,
    see :attr:`ReplayResult.places`).

    >>> from pokerlab.simulate.histories import HandHistory, replay
    >>> hand = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...                    starting_stacks=[200, 200], actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"])
    >>> replay(hand, steps=True).steps[-1]
    Step(street='preflop', actor='p2', text='folds', pot=2, stacks=[201, 199])
    """

    street: str
    actor: str
    text: str
    pot: int
    stacks: list[int]


@dataclass
class ReplayResult:
    """What a replay found: the steps, the final state, the error (if any) and the result checks.

    Amounts (``stacks``, ``expected``, ``checks``, ``rake``) are in the recorded unit: ints for a hand
    recorded in whole chips, :class:`~decimal.Decimal` for one in cents (``places`` decimal places).
    ``unknown_outcome`` says why the record cannot tell who won (cards nobody saw at a showdown, a call
    that may have been all-in for less from a stack nobody recorded); then the recorded
    ``finishing_stacks`` or ``winnings`` are the outcome, never a guess. ``unknown_stacks`` names the
    players whose starting stacks are unknown (``inf``): their entries of ``stacks`` are None.

    >>> from pokerlab.simulate.histories import HandHistory, replay
    >>> hand = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...                    starting_stacks=[200, 200], actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"])
    >>> result = replay(hand)
    >>> result.status, result.stacks, result.error
    ('ok', [201, 199], None)
    """

    history: HandHistory
    names: list[str]
    steps: list[Step] = field(default_factory=list)
    state: State | None = None
    error: ReplayBreak | None = None
    stacks: list[Amount | None] | None = None
    expected: list[Amount | None] | None = None
    checks: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # field -> (recorded, replayed)
    places: int = 0
    unknown_outcome: str | None = None
    rake: Amount = 0
    filled: list[str] = field(default_factory=list)  # actions the record left out, taken as checks or folds
    impossible: str | None = None  # why the recorded result is one no pot of this hand could give
    winnings_missing: bool = False  # the recorded winnings are all zero though the pot was won: not compared
    unknown_stacks: list[str] = field(default_factory=list)  # players whose starting stacks are unknown (inf)
    all_in: list[str] = field(default_factory=list)  # of those, the ones the record shows went all in
    # What the showdown lines are made of: (engine seat to PHH player, chips each player won), set by the
    # replay when the outcome is known. The lines themselves are written only when asked for: describing
    # the shown hands (describe_value, card names) took 8% of a dataset replay's time (cProfile, bench files).
    _awarded: tuple[dict[int, int], list[int]] | None = field(default=None, repr=False)

    @property
    def showdown(self) -> list[str]:
        """The showdown as lines: each shown hand and its value, then what each player won and any rake."""
        if self._awarded is None or self.state is None:
            return []
        state, (player_of, won) = self.state, self._awarded
        lines = []
        for seat in range(state.n):
            shown_value = state.values[seat]
            if state.shown[seat] and shown_value is not None:
                value = describe_value(shown_value, state.variant.ranking)
                lines.append(f"{self.names[player_of[seat]]} shows {names(state.hole[seat])}: {value}")
        for k, amount in enumerate(won):
            if amount:
                lines.append(f"{self.names[k]} wins {from_chips(amount, self.places)}")
        if self.rake:
            lines.append(f"rake {self.rake} (the recorded winnings are after it)")
        return lines

    @property
    def finished(self) -> bool:
        """Whether the hand reached its end."""
        return self.state is not None and self.state.phase == DONE

    @property
    def stacks_match(self) -> bool | None:
        """True/False when the history records finishing stacks and the replay knows the outcome, else None."""
        if self.expected is None or not self.finished or self.stacks is None or self.unknown_outcome:
            return None
        return self.stacks == self.expected

    @property
    def problems(self) -> list[str]:
        """Why the replay is not ok, one reason each (empty when it is, or when only the outcome is unknown)."""
        if self.error is not None:
            return [str(self.error)]
        if not self.finished:
            return ["the history ends before the hand is over"]
        return [
            f"{name}: the history says {_shown(recorded)}, the replay gives {_shown(replayed)}"
            for name, recorded, replayed in self._differing()
        ] + ([self.impossible] if self.impossible else [])

    def _differing(self) -> Iterator[tuple[str, Any, Any]]:
        """Each check whose recorded and replayed results differ: ``(name, recorded, replayed)``."""
        checks = self.checks.items()
        return ((name, recorded, replayed) for name, (recorded, replayed) in checks if recorded != replayed)

    @property
    def status(self) -> str:
        """``"ok"``, ``"unknown outcome"`` (nothing wrong, but the record cannot tell who won),
        ``"winnings not recorded"`` (nothing wrong that the record shows, but its winnings are all zero),
        ``"differs"`` (a recorded result disagrees), ``"unfinished"`` or ``"illegal"`` (a rule or PHH broken).
        """
        if self.error is not None:
            return ILLEGAL
        if not self.finished:
            return UNFINISHED
        if self.impossible or next(self._differing(), None) is not None:
            return DIFFERS  # what makes problems non-empty, without writing its lines
        if self.winnings_missing:
            return NOT_RECORDED
        return UNKNOWN_OUTCOME if self.unknown_outcome else OK

    @property
    def ok(self) -> bool:
        """The hand finished, no rule was broken, the winner is known and every recorded result matches.

        The fields compared (when recorded): ``finishing_stacks``, ``winnings`` (chips each player
        took from the pots, after any rake) and ``_carry_out`` (chips left in the pot for the next deal).
        """
        return self.status == OK

    @property
    def history_text(self) -> str:
        """The replayed hand as PHH text."""
        return dumps(self.history)

    def amount(self, chips: int) -> Amount:
        """Chips of the hand's smallest unit in the recorded unit."""
        return from_chips(chips, self.places)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary of the replay (decimal amounts as strings, digit for digit)."""
        return {
            "variant": self.history.variant,
            "game": self.state.variant.name if self.state else None,
            "hand": _json(self.history.optional.get("hand")),
            "players": self.names,
            "status": self.status,
            "ok": self.ok,
            "finished": self.finished,
            "unknown_outcome": self.unknown_outcome,
            "problems": self.problems,
            "error": None
            if self.error is None
            else {
                "index": self.error.index,
                "action": self.error.action,
                "field": self.error.field,
                "kind": self.error.kind,
                "reason": self.error.reason,
            },
            "finishing_stacks": _json(self.stacks),
            "recorded_finishing_stacks": _json(self.expected),
            "stacks_match": self.stacks_match,
            "rake": _json(self.rake),
            "checked": {name: {"recorded": _json(r), "replayed": _json(p)} for name, (r, p) in self.checks.items()},
            "steps": [
                {"street": s.street, "actor": s.actor, "action": s.text, "pot": _json(self.amount(s.pot))}
                for s in self.steps
            ],
            "showdown": self.showdown,
        }


def _json(value: Any) -> Any:
    """Decimals as their digits (a JSON string), lists element by element, an unknown amount (inf) None; anything
    else as it is."""
    if is_unknown(value):
        return None
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list):
        return [_json(v) for v in value]
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return str(value)


def _shown(value: Any) -> str:
    """A recorded or replayed amount (or list) as the record writes it: ``[2.50, 0]``, not ``Decimal(...)``."""
    if isinstance(value, list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return "unknown" if value is None or is_unknown(value) else str(value)


def _head(result: ReplayResult) -> list[str]:
    """The first lines of :func:`format_replay`: the game, the starting stacks (``unknown`` for ``inf``), the button."""
    state = result.state
    head = f"{result.history.variant}"
    if state is not None:
        head += f" - {state.variant.name}"
    if result.history.optional.get("hand") is not None:
        head = f"hand {result.history.optional['hand']}: {head}"
    lines = [head]
    if state is not None:
        starting = result.history.starting_stacks
        lines.append("  " + ", ".join(f"{name} {_shown(stack)}" for name, stack in zip(result.names, starting)))
        lines.append(f"  button: {result.names[-1]}")
        posts = result.history.posts()
        if posts:  # negative blind entries: players' posts, live bets put in after the blinds
            lines.append("  posts: " + ", ".join(f"{result.names[player]} {amount}" for player, amount in posts))
    return lines


def format_replay(result: ReplayResult) -> str:
    """The replay as text, street by street, then the showdown, the stacks check and any error.

    >>> from pokerlab.simulate.histories import HandHistory
    >>> from pokerlab.simulate.histories.replay import replay
    >>> print(format_replay(replay(HandHistory("NT", [0, 0], [1, 2], [9, 9], ["d dh p1 AsAh", "d dh p2 7c2d",
    ...     "p2 f"], min_bet=2))).splitlines()[-3])
      p2 folds                                  pot 2
    """
    lines = _head(result)
    street = None
    for step in result.steps:
        if step.street != street:
            street = step.street
            lines.append(f" {street}:")
        lines.append(f"  {step.actor + ' ' + step.text:<40}  pot {result.amount(step.pot)}")
    lines += _outcome_lines(result)
    lines += _check_lines(result)
    return "\n".join(lines)


def _outcome_lines(result: ReplayResult) -> list[str]:
    """The showdown, the unknown stacks played all in, an unknown outcome and the finishing stacks."""
    lines = [f"  {line}" for line in result.showdown]
    for name in result.all_in:
        lines.append(f"  {name}'s stack is unknown: the record goes on without it, so it was all in")
    if result.unknown_outcome:
        taken = "the recorded result is taken as the outcome" if result.stacks is not None else "none is recorded"
        lines.append(f"  UNKNOWN OUTCOME: {result.unknown_outcome}; {taken}")
    if result.stacks is not None:
        lines.append(
            "  finishing stacks: " + ", ".join(f"{n} {_shown(s)}" for n, s in zip(result.names, result.stacks))
        )
    return lines


def _check_lines(result: ReplayResult) -> list[str]:
    """The recorded results set against the replay's, then whether the hand finished or stopped at an error."""
    lines = []
    if result.stacks_match is True:
        lines.append("  recorded finishing stacks: match")
    elif result.stacks_match is False:
        lines.append(f"  recorded finishing stacks DIFFER: the history says {_shown(result.expected)}")
    for name, (recorded, replayed) in result.checks.items():
        if name != "finishing_stacks" or result.unknown_outcome:
            verdict = (
                "match"
                if recorded == replayed
                else f"DIFFER: the history says {_shown(recorded)}, the replay {_shown(replayed)}"
            )
            lines.append(f"  recorded {name.strip('_').replace('_', ' ')}: {verdict}")
    if result.error is None and not result.finished:
        lines.append("  NOT FINISHED: the history ends before the hand is over")
    if result.error is not None:
        lines.append(f"  ILLEGAL: {result.error}")
    return lines
