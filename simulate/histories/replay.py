"""Replay a PHH hand through pokerlab's engine: every action checked by the rules, stacks compared.

The dealer's cards come from the history: the deck is stacked so the engine deals exactly the
recorded hole cards, boards and draws (burns and unknown ``??`` cards are filled with unused
cards). A rule-breaking action stops the replay with the action, its index and the engine's reason.

>>> from pokerlab.simulate.histories.phh import loads
>>> result = replay(loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAh", "d dh p2 7c2d", "p2 cbr 6", "p1 f"]
... finishing_stacks = [98, 102]'''))
>>> result.ok, result.stacks, result.stacks_match
(True, [98, 102], True)
>>> bad = replay(loads(result.history_text.replace("cbr 6", "cbr 3")))
>>> bad.ok, bad.error.action, bad.error.reason
(False, 'p2 cbr 3', 'you may raise to between 4 and 100 (a total for this round), not 3')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any

from pokerlab.simulate.game.cards import names
from pokerlab.simulate.game.errors import IllegalActionError
from pokerlab.simulate.game.showdown import describe_value
from pokerlab.simulate.game.state import BET, DONE, SHOWDOWN, State
from pokerlab.simulate.game.variants import Variant

from .cards import parse_phh_cards
from .codes import PHHError
from .fields import check_history
from .hand import HandHistory
from .money import Amount, from_chips, parse_amount, places_of, to_chips
from .record import phh_winnings
from .writing import dumps

_PLAYER = re.compile(r"p([1-9][0-9]{0,3})")


class _ReplayState(State):
    """The engine's state with one change: a reshuffled stub puts the recorded draws on top."""

    __slots__ = ("planned",)
    planned: list[int]  # the recorded cards of the draws after the stub ran out, in dealing order

    def _reshuffle(self, drawer: int) -> None:
        super()._reshuffle(drawer)
        start = self.deck_pos
        rest = self.deck[start:]
        wanted = [c for c in self.planned if c in rest]
        self.deck[start:] = wanted + [c for c in rest if c not in wanted]


@dataclass
class ReplayBreak:
    """Where a history breaks a rule (or PHH): the action's index and text, or the field, and the reason.

    ``index`` is -1 when the problem is in a field (``field``: starting_stacks, variant...), not an action.
    ``kind``: ``"rule"`` (the hand breaks a rule, or pokerlab cannot play it) or ``"phh"`` (the history is
    not well-formed PHH: an action that cannot be read, a field of the wrong type; the command line
    reports those like any bad file, exit status 2).
    """

    index: int
    action: str
    reason: str
    field: str | None = None
    kind: str = "rule"

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


class _ActionProblem(PHHError):
    """A PHH problem found in one action (a card dealt twice...): the replay names that action."""

    def __init__(self, parsed: _Parsed, reason: str) -> None:
        super().__init__(reason, field="actions")
        self.parsed = parsed


@dataclass
class Step:
    """One replayed action: the street it belongs to, a description, the pot and stacks after it.

    ``pot`` and ``stacks`` are chips of the hand's smallest unit (``10**-places`` of the recorded unit,
    see :attr:`ReplayResult.places`).
    """

    street: str
    actor: str
    text: str
    pot: int
    stacks: list[int]


OK, UNKNOWN_OUTCOME, DIFFERS, UNFINISHED, ILLEGAL = "ok", "unknown outcome", "differs", "unfinished", "illegal"


@dataclass
class ReplayResult:
    """What a replay found: the steps, the final state, the error (if any) and the result checks.

    Amounts (``stacks``, ``expected``, ``checks``, ``rake``) are in the recorded unit: ints for a hand
    recorded in whole chips, :class:`~decimal.Decimal` for one in cents (``places`` decimal places).
    ``unknown_outcome`` says why the record cannot tell who won (cards nobody saw at a showdown); then
    the recorded ``finishing_stacks`` or ``winnings`` are the outcome, never a guess.
    """

    history: HandHistory
    names: list[str]
    steps: list[Step] = field(default_factory=list)
    state: State | None = None
    error: ReplayBreak | None = None
    stacks: list[Amount] | None = None
    expected: list[Amount] | None = None
    checks: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # field -> (recorded, replayed)
    places: int = 0
    unknown_outcome: str | None = None
    rake: Amount = 0
    filled: list[str] = field(default_factory=list)  # actions the record left out, taken as checks or folds
    impossible: str | None = None  # why the recorded result is one no pot of this hand could give
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
            for name, (recorded, replayed) in self.checks.items()
            if recorded != replayed
        ] + ([self.impossible] if self.impossible else [])

    @property
    def status(self) -> str:
        """``"ok"``, ``"unknown outcome"`` (nothing wrong, but the record cannot tell who won),
        ``"differs"`` (a recorded result disagrees), ``"unfinished"`` or ``"illegal"`` (a rule or PHH broken).
        """
        if self.error is not None:
            return ILLEGAL
        if not self.finished:
            return UNFINISHED
        if self.problems:
            return DIFFERS
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
    """Decimals as their digits (a JSON string), lists element by element; anything else as it is."""
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
    return str(value)


@dataclass(slots=True)
class _Parsed:
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


def _parse_action(index: int, text: str, n: int) -> _Parsed | None:
    fields = _action_fields(text, n)
    if fields is None:
        return None
    actor, verb, cards, player, written, amount = fields
    # Positional and the cards tuple shared, not copied: 21,000 actions per 1,000 hands, cProfile.
    return _Parsed(index, text, actor, verb, cards, amount, player, written)


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


def _stack_deck(state_variant: Variant, parsed: list[_Parsed], n: int) -> tuple[list[int], list[int]]:
    """(deck in dealing order, cards expected after the stub runs out) from the recorded cards."""
    holes: list[list[int | None]] = [[] for _ in range(n)]
    hole_from: list[list[_Parsed | None]] = [[] for _ in range(n)]  # the action that dealt each hole card
    later: list[int | None | str] = []  # board/draw cards in dealing order; "burn" marks a burn
    later_from: list[_Parsed | None] = []
    board_streets = [s for s in state_variant.streets if s.board]
    boards_seen = 0
    pending: dict[int, _Parsed] = {}  # player -> the discard still waiting for its cards
    started = False
    for p in parsed:
        if p.actor != "d":
            started = True
            if p.verb == "sd" and p.cards:
                pending[p.seat] = p
            continue
        cards = p.cards or []
        if p.verb == "db":
            if boards_seen < len(board_streets):
                burns = board_streets[boards_seen].burn
                later.extend(["burn"] * burns)
                later_from.extend([None] * burns)
            boards_seen += 1
            later.extend(cards)
            later_from.extend([p] * len(cards))
        elif not started and not pending:
            holes[p.seat].extend(cards)
            hole_from[p.seat].extend([p] * len(cards))
        else:
            discard = pending.pop(p.seat, None)
            if discard is None or len(discard.cards or []) != len(cards):
                thrown = 0 if discard is None else len(discard.cards or [])
                raise _ActionProblem(p, f"the dealer deals {len(cards)} card(s), but the player discarded {thrown}")
            discard.replacement = cards
            later.extend(cards)
            later_from.extend([p] * len(cards))
    # Shown cards reveal unknown hole cards.
    for p in parsed:
        if p.verb == "sm" and p.cards and any(c is None for c in holes[p.seat]):
            hole = holes[p.seat]
            known = [c for c in p.cards if c is not None and c not in hole]
            for k, card in enumerate(hole):
                if card is None and known:
                    hole[k] = known.pop(0)
                    hole_from[p.seat][k] = p
    _check_shown(parsed, holes)
    if not any(holes):  # no hole cards recorded at all: everyone got cards nobody saw (pokerkit deals "??")
        holes = [[None] * state_variant.hole_cards for _ in range(n)]
        hole_from = [[None] * state_variant.hole_cards for _ in range(n)]
    per = max((len(h) for h in holes), default=0)
    if any(len(h) != per for h in holes) or per != state_variant.hole_cards:
        raise PHHError(
            f"every player must be dealt {state_variant.hole_cards} hole cards before the first action", field="actions"
        )
    sequence: list[int | None | str] = [holes[seat][k] for k in range(per) for seat in range(n)]
    sequence += later
    size = state_variant.deck_size
    known = [c for c in sequence if type(c) is int]
    seen = set(known)
    if len(seen) != len(known) or (known and max(known) >= size):  # find the action at fault, for its error
        _check_dealt(sequence, [hole_from[seat][k] for k in range(per) for seat in range(n)] + later_from, size)
    # The cards are checked above in one pass through a set (the action at fault is looked for only when
    # one is wrong), and burns and unseen cards take the unused cards through an iterator, not list.pop(0):
    # 25.5 -> 21.5 ms per 1,000 of the bench's hands (CPU time).
    spare = [c for c in range(size) if c not in seen]
    fill = iter(spare)
    deck = [item if type(item) is int else next(fill, -1) for item in sequence]
    spare = list(fill)
    top = [c for c in deck[:size] if c >= 0]
    if len(top) + len(spare) == size:
        top += spare  # the whole deck in order: nothing left for the engine to shuffle
    return top, [c for c in deck[size:] if c >= 0]


def _check_shown(parsed: list[_Parsed], holes: list[list[int | None]]) -> None:
    """Without draws the cards a player shows are cards it was dealt; a record that says otherwise is at fault."""
    if any(p.verb == "sd" for p in parsed):
        return
    for p in parsed:
        if p.verb == "sm" and p.cards:
            dealt = holes[p.seat]
            if any(c is not None and c not in dealt for c in p.cards):
                dealt_text = names(c for c in dealt if c is not None) or "unseen cards"
                raise _ActionProblem(p, f"{p.actor} shows cards it was not dealt (it was dealt {dealt_text})")


def _check_dealt(sequence: list[int | None | str], source: list[_Parsed | None], size: int) -> None:
    """Raise for the first card of ``sequence`` (in dealing order) not in the deck or dealt twice, naming the
    action that dealt it (``source``). After the stub runs out (position ``size`` on) discards come back."""
    seen: dict[int, _Parsed | None] = {}
    for position, item in enumerate(sequence):
        if type(item) is not int:
            continue
        card = item
        dealer = source[position]
        assert dealer is not None  # a card (not a burn or an unseen hole card) comes from an action
        if card >= size:
            raise _ActionProblem(dealer, f"the card {names([card])} is not in this game's deck")
        if card in seen and position < size:
            first = seen[card]
            earlier = "" if first is None or first is dealer else f" (action {first.index + 1} {first.text!r} dealt it)"
            raise _ActionProblem(dealer, f"the card {names([card])} is dealt twice{earlier}")
        seen[card] = dealer


def _stack_stud_deck(variant, parsed: list[_Parsed], n: int) -> tuple[list[int], list[int]]:
    """(deck in dealing order, []) of a stud hand: each street's cards to the players who get them, with the
    burns and the short deck's community card where the engine deals them (docs/rules.md 13.5)."""
    holes: list[list[int | None]] = [[] for _ in range(n)]
    board: list[int | None] = []
    for p in parsed:
        if p.actor == "d" and p.verb == "dh":
            holes[p.player].extend(p.cards or [])  # type: ignore[index]
        elif p.actor == "d":
            board.extend(p.cards or [])
    size = variant.deck_size
    _check_shown(parsed, holes)
    if not any(holes):  # no hole cards recorded at all: everyone got cards nobody saw
        holes = [[None] * variant.hole_cards for _ in range(n)]
    sequence: list[int | None | str] = []
    first = variant.streets[0].hole
    if any(len(h) < first for h in holes):
        raise PHHError(f"every player must be dealt {first} cards on the first street", field="actions")
    sequence += [holes[p][k] for k in range(first) for p in range(n)]
    position = first
    for street in variant.streets[1:]:
        getting = [p for p in range(n) if len(holes[p]) >= position + street.hole]
        if not getting:
            if board:  # the deck ran short: one community card
                if size - len(sequence) > 1 and street.burn:
                    sequence.append("burn")
                sequence.append(board[0])
            break
        left = size - len(sequence)
        if street.burn + street.hole * len(getting) <= left:
            sequence += ["burn"] * street.burn
        sequence += [holes[p][position + k] for k in range(street.hole) for p in getting]
        position += street.hole
    known = [c for c in sequence if isinstance(c, int)]
    if len(set(known)) != len(known):
        twice = next(c for c in known if known.count(c) > 1)
        raise PHHError(f"the card {names([twice])} is dealt twice", field="actions")
    if any(c >= size for c in known):
        raise PHHError("a card is not in this game's deck", field="actions")
    spare = [c for c in range(size) if c not in set(known)]
    deck = [item if isinstance(item, int) else spare.pop(0) for item in sequence]
    return deck + spare, []


def _street_name(state: State) -> str:
    variant = state.variant
    if state.phase == DONE:
        return "end"
    if state.phase == SHOWDOWN:
        return "showdown"
    if variant.is_stud:
        return ("third", "fourth", "fifth", "sixth", "seventh")[min(state.street, 4)] + " street"
    if variant.uses_board:
        return (
            ("preflop", "flop", "turn", "river")[min(state.street, 3)]
            if len(variant.streets) == 4
            else str(state.street)
        )
    draws = sum(1 for s in variant.streets[: state.street + 1] if s.draw is not None)
    return (
        "before the draw" if draws == 0 else ("after the draw" if len(variant.streets) == 2 else f"after draw {draws}")
    )


def _seat_map(history: HandHistory) -> tuple[list[int], int]:
    """Engine seat of each PHH player, and the button seat (restored from ``seats`` when it is a rotation)."""
    n = history.players
    seats = history.optional.get("seats")
    if isinstance(seats, list) and sorted(seats) == list(range(1, n + 1)):
        mapped = [int(s) - 1 for s in seats]
        if all(mapped[(k + 1) % n] == (mapped[k] + 1) % n for k in range(n)):
            return mapped, mapped[-1]
    return list(range(n)), n - 1


def replay(
    history: HandHistory, *, fill_skipped: bool = False, checked: bool = False, steps: bool = True
) -> ReplayResult:
    """Replay ``history`` through the engine; the result says how far it got and why it stopped.

    ``fill_skipped``: real records often leave out the folds of players nobody watched. With it, a
    player's action recorded while another player is to act takes the players in between as having
    checked (when free) or folded, as pokerkit's reader does; each such step is listed in
    ``result.filled``. Without it (the default) the action is out of turn. ``checked``: the history
    comes straight from this package's reader, unchanged, so its fields need no second check.
    ``steps=False`` leaves ``result.steps`` empty (a dataset needs only the verdicts). See the module example.
    """
    return replay_read(history, None, fill_skipped=fill_skipped, checked=checked, steps=steps)


def replay_read(
    history: HandHistory,
    places_read: int | None,
    *,
    fill_skipped: bool = False,
    checked: bool = False,
    steps: bool = True,
) -> ReplayResult:
    """:func:`replay`, given the hand's :meth:`~HandHistory.money_places` as the reader found it (None: not
    known), as :func:`~pokerlab.simulate.histories.phh.read_hands_and_places` gives it.

    >>> from pokerlab.simulate.histories.phh import read_hands_and_places
    >>> [(label, hand, places)] = read_hands_and_places(['variant = "NT"\\n', 'antes = [0, 0]\\n', 'min_bet = 1\\n',
    ...     'blinds_or_straddles = [0.50, 1]\\n', 'starting_stacks = [9, 9]\\n', 'actions = ["p2 f"]\\n'])
    >>> result = replay_read(hand, places, checked=True)
    >>> places, result.ok, result.stacks
    (2, True, [Decimal('9.50'), Decimal('8.50')])
    """
    result = ReplayResult(history, history.names())
    n = history.players
    try:
        if not checked:
            history = check_history(history)  # a HandHistory built in code gets the checks a file gets
    except PHHError as exc:
        result.error = ReplayBreak(-1, "", exc.reason, exc.field, kind="phh")
        return result
    try:
        parsed: list[_Parsed] = []
        for index, text in enumerate(history.actions):
            try:
                item = _parse_action(index, text, n)
            except PHHError as exc:
                result.error = ReplayBreak(index, text, exc.reason, kind="phh")
                return result
            if item is not None:
                parsed.append(item)
        # The hand's unit: its finest recorded amount (cents...); every amount becomes whole chips of it.
        user_amounts = [history.user.get("_carried_pot"), history.user.get("_carry_out")]
        written = [p.written for p in parsed if type(p.written) is Decimal]
        found = history.money_places() if places_read is None else places_read
        places = max(found, places_of(written), places_of(user_amounts))
        result.places = places
        muck = False
        for p in parsed:
            if p.written is not None:
                p.amount = to_chips(p.written, places)
            elif p.verb == "sm" and p.amount == 0:
                muck = True
        variant = history.game(places)
        top, planned = _stack_stud_deck(variant, parsed, n) if variant.is_stud else _stack_deck(variant, parsed, n)
    except _ActionProblem as exc:
        result.error = ReplayBreak(exc.parsed.index, exc.parsed.text, exc.reason)
        return result
    except PHHError as exc:
        kind = "phh" if exc.malformed else "rule"
        result.error = ReplayBreak(-1, "", exc.reason, exc.field or "variant", kind=kind)
        return result
    except ValueError as exc:
        result.error = ReplayBreak(-1, "", str(exc), "variant")
        return result
    seat_of, button = _seat_map(history)
    player_of = {seat: k for k, seat in enumerate(seat_of)}
    stacks = [0] * n
    for k, seat in enumerate(seat_of):
        stacks[seat] = to_chips(history.starting_stacks[k], places)
    antes_posted = not variant.forced.has_antes or any(history.antes)
    try:
        state = _ReplayState(
            variant,
            stacks,
            button=button,
            seed=0,
            deck=top,
            carried_pot=to_chips(history.user.get("_carried_pot") or 0, places),
            antes=antes_posted,
            auto_showdown=not muck,
        )
    except ValueError as exc:
        result.error = ReplayBreak(-1, "", str(exc), "starting_stacks")
        return result
    state.planned = planned
    result.state = state
    decisions: dict[int, bool] = {}
    board_seen = 0
    names_ = result.names
    for p in parsed:
        street = _street_name(state) if steps else ""
        try:
            if p.actor == "d":
                if p.verb == "db":
                    cards: list[int | None] = list(p.cards or [])
                    got = state.board[board_seen : board_seen + len(cards)]
                    if len(got) < len(cards):
                        raise IllegalActionError(
                            f"the board cannot be dealt now: the hand is in the {state.phase} phase"
                            + (f" and {names_[player_of[state.actor]]} is to act" if state.actor is not None else "")
                        )
                    board_seen += len(cards)
                    if steps:
                        result.steps.append(
                            Step(
                                _street_name(state) if state.phase != DONE else street,
                                "dealer",
                                f"board {names(got)}",
                                state.pot_total,
                                list(state.stacks),
                            )
                        )
                continue
            seat = seat_of[p.player]  # type: ignore[index]  # every action but the board's names a player
            who = names_[p.player]  # type: ignore[index]
            if p.verb == "sm":
                if state.folded[seat]:
                    raise IllegalActionError(f"{who} shows or mucks after folding")
                if state.phase == DONE and state.ended_by != "showdown":
                    raise IllegalActionError(f"{who} shows or mucks, but the hand ended without a showdown")
                decisions[seat] = bool(p.amount)
            elif (state.actor != seat or state.phase == DONE) and (
                problem := _turn_problem(state, seat, fill_skipped, result, street, player_of)
            ) is not None:
                raise IllegalActionError(problem)
            elif p.verb == "f":
                state.fold()
                text = "folds"
            elif p.verb == "cc":
                if state.can_check():
                    state.check()
                    text = "checks"
                else:
                    amount = state.call_amount
                    state.call()
                    text = f"calls {from_chips(amount, places)}" if steps else ""
            elif p.verb == "pb":
                state.bring_in()
                text = "brings in"
            elif p.verb == "cbr":
                word = "bets" if state.level == 0 else "raises to"
                if state.variant.is_stud and state.can_bring_in():
                    word = "completes to"
                assert p.amount is not None  # a cbr's written amount, in chips (set before the replay)
                state.bet_or_raise(p.amount)
                text = f"{word} {p.written}"
            elif p.verb == "sd":
                cards = list(p.cards or [])
                if cards and all(c is None for c in cards):  # unseen discards: the first cards held
                    cards = [*state.hole[seat][: len(cards)]]
                state.draw(cards)  # type: ignore[arg-type]
                new = state.hole[seat][len(state.hole[seat]) - len(cards) :]
                recorded = p.replacement or []
                if any(c is not None and c != d for c, d in zip(recorded, new)):
                    raise IllegalActionError(
                        f"the history deals {names(c for c in recorded if c is not None)} "
                        f"for the discards, which cannot come from the stub"
                    )
                shown = names(c for c in cards if c is not None)  # all cards: draw() refused a None
                text = f"discards {shown} and draws {len(cards)}" if cards else "stands pat"
            else:
                raise IllegalActionError(f"the action {p.verb!r} is not played by pokerlab's engine")
            if steps and p.verb != "sm":
                result.steps.append(Step(street, who, text, _pot(state), list(state.stacks)))
            if state.phase == SHOWDOWN:
                _settle_showdown(state, decisions, result, player_of)
        except IllegalActionError as exc:
            result.error = ReplayBreak(p.index, p.text, str(exc))
            break
    if result.error is None and history.user.get("_misdeal") is not None:
        # docs/rules.md 4.3: the recorded deal ends in a misdeal (the engine checks it is still allowed).
        try:
            street = _street_name(state)
            state.misdeal(history.user["_misdeal"])
            text = f"misdeal ({history.user['_misdeal']}): no chips change hands, the hand is dealt again"
            result.steps.append(Step(street, "dealer", text, state.pot_total, list(state.stacks)))
        except IllegalActionError as exc:
            result.error = ReplayBreak(-1, "", str(exc), "_misdeal")
    if result.error is None:
        _settle_showdown(state, decisions, result, player_of)
    expected = history.optional.get("finishing_stacks")
    result.expected = expected
    if state.phase == DONE:
        _outcome(result, state, history, parsed, seat_of, player_of)
    return result


def _turn_problem(
    state: State, seat: int, fill_skipped: bool, result: ReplayResult, street: str, player_of: dict
) -> str | None:
    """Why ``seat`` may not act now (after filling skipped checks and folds, by option), or None."""
    if state.phase != DONE and state.actor != seat and fill_skipped and not state.folded[seat]:
        _fill_skipped(state, seat, result, street, player_of)
    if state.phase == DONE:
        return "the hand is already over"
    if state.actor != seat:
        turn = "nobody" if state.actor is None else result.names[player_of[state.actor]]
        return f"it is {turn}'s turn, not {result.names[player_of[seat]]}'s"
    return None


def _fill_skipped(state: State, seat: int, result: ReplayResult, street: str, player_of: dict) -> None:
    """Check (when free) or fold for each player to act before ``seat`` in this betting round."""
    start = state.street
    for _ in range(state.n):
        actor = state.actor
        if state.phase != BET or actor is None or actor == seat or state.street != start:
            return
        who = result.names[player_of[actor]]
        if state.can_check():
            state.check()
            text = "checks (not recorded)"
        else:
            state.fold()
            text = "folds (not recorded)"
        result.filled.append(f"{who} {text.split()[0][:-1]}")
        if street:
            result.steps.append(Step(street, who, text, _pot(state), list(state.stacks)))


def _seen_cards(parsed: list[_Parsed]) -> set[int]:
    """Every card the record names (dealt, drawn or shown): the engine's other cards are stand-ins."""
    seen: set[int | None] = set()
    for p in parsed:
        for group in (p.cards, p.replacement):
            if group:
                seen.update(group)
    seen.discard(None)  # one discard, not a test per card
    return seen  # type: ignore[return-value]  # None is out


def _unknown_reason(state: State, parsed: list[_Parsed], names_: list[str], player_of: dict) -> str | None:
    """Why the record cannot tell who won a contested pot (a contender's cards or the board unseen), or None."""
    if state.ended_by != "showdown":
        return None
    seen = _seen_cards(parsed)
    if any(card not in seen for card in state.board):
        return "the board was not recorded to the end"
    for pot in state.pots:
        contenders = [s for s in pot.eligible if not state.mucked[s]]
        if len(contenders) < 2:
            continue
        for seat in contenders:
            if any(card not in seen for card in state.hole[seat]):
                return f"{names_[player_of[seat]]}'s cards at the showdown are unknown"
    return None


def _outcome(
    result: ReplayResult, state: State, history: HandHistory, parsed: list[_Parsed], seat_of: list[int], player_of: dict
) -> None:
    """Final stacks and the checks against the recorded results (which are the outcome when the replay cannot be)."""
    places = result.places
    names_ = result.names
    by_seat = phh_winnings(state)
    won = [by_seat[seat] for seat in seat_of]
    stacks = [state.stacks[seat] for seat in seat_of]
    recorded_w = history.optional.get("winnings")
    recorded_f = history.optional.get("finishing_stacks")
    w_chips = None if recorded_w is None else [to_chips(v, places) for v in recorded_w]
    reason = _unknown_reason(state, parsed, names_, player_of)
    if reason is not None:
        result.unknown_outcome = reason
        before = [s - w for s, w in zip(stacks, won)]  # stacks before the award
        outcome: list[int] | None = None
        if recorded_f is not None:
            outcome = [to_chips(v, places) for v in recorded_f]
        elif w_chips is not None:
            outcome = [b + w for b, w in zip(before, w_chips)]
        if recorded_f is not None and w_chips is not None:
            implied = [b + w for b, w in zip(before, w_chips)]
            result.checks["finishing_stacks"] = (recorded_f, [from_chips(c, places) for c in implied])
        result.stacks = None if outcome is None else [from_chips(c, places) for c in outcome]
        if outcome is not None:
            result.impossible = _impossible_outcome(before, outcome, sum(won), state, seat_of, result)
        return
    rake = 0
    if w_chips is not None and w_chips != won:
        taken = [p - w for p, w in zip(won, w_chips)]
        if all(t >= 0 for t in taken) and all(w == 0 for w, p in zip(w_chips, won) if p == 0):
            # Winnings are recorded after the house's cut (PHH): the difference is the rake.
            rake = sum(taken)
            stacks = [s - t for s, t in zip(stacks, taken)]
            won = w_chips
    result.rake = from_chips(rake, places)
    result.stacks = [from_chips(c, places) for c in stacks]
    result._awarded = (player_of, won)
    replayed = {
        "finishing_stacks": result.stacks,
        "winnings": [from_chips(c, places) for c in won],
        "_carry_out": from_chips(state.carry_out, places),
    }
    for name, replayed_value in replayed.items():
        recorded = (history.user if name.startswith("_") else history.optional).get(name)
        if recorded is not None:
            result.checks[name] = (recorded, replayed_value)


def _impossible_outcome(
    before: list[int], outcome: list[int], pot: int, state: State, seat_of: list[int], result: ReplayResult
) -> str | None:
    """Why a recorded result (when the cards cannot tell who won) is one no award of the pot could give, or None."""
    gains = [after - had for after, had in zip(outcome, before)]
    for k, gain in enumerate(gains):
        if gain < 0:
            return f"finishing_stacks: {result.names[k]} ends with less than it held when the pot was awarded"
        if gain > 0 and state.folded[seat_of[k]]:
            return f"finishing_stacks: {result.names[k]} folded, yet the record gives it chips from the pot"
    if sum(gains) > pot:
        given, held = from_chips(sum(gains), result.places), from_chips(pot, result.places)
        return f"finishing_stacks: the record gives out {given}, more than the pot of {held}"
    return None


def _pot(state: State) -> int:
    """Chips in the pot; once the hand is over, the chips it held (awarded or carried)."""
    return state.pot_total if state.phase != DONE else sum(state.payouts) + state.carry_out


def _settle_showdown(state: State, decisions: dict[int, bool], result: ReplayResult, player_of: dict) -> None:
    while state.phase == SHOWDOWN and state.actor in decisions:
        seat = state.actor
        if decisions.pop(seat):
            state.show()
        else:
            state.muck()
            result.steps.append(
                Step("showdown", result.names[player_of[seat]], "mucks", state.pot_total, list(state.stacks))
            )


def format_replay(result: ReplayResult) -> str:
    """The replay as text, street by street, then the showdown, the stacks check and any error.

    >>> from pokerlab.simulate.histories.phh import HandHistory
    >>> print(format_replay(replay(HandHistory("NT", [0, 0], [1, 2], [9, 9], ["d dh p1 AsAh", "d dh p2 7c2d",
    ...     "p2 f"], min_bet=2))).splitlines()[-3])
      p2 folds                                  pot 2
    """
    lines = []
    state = result.state
    head = f"{result.history.variant}"
    if state is not None:
        head += f" - {state.variant.name}"
    if result.history.optional.get("hand") is not None:
        head = f"hand {result.history.optional['hand']}: {head}"
    lines.append(head)
    if state is not None:
        lines.append(
            "  " + ", ".join(f"{name} {stack}" for name, stack in zip(result.names, result.history.starting_stacks))
        )
        lines.append(f"  button: {result.names[-1]}")
    street = None
    for step in result.steps:
        if step.street != street:
            street = step.street
            lines.append(f" {street}:")
        lines.append(f"  {step.actor + ' ' + step.text:<40}  pot {result.amount(step.pot)}")
    for line in result.showdown:
        lines.append(f"  {line}")
    if result.unknown_outcome:
        taken = "the recorded result is taken as the outcome" if result.stacks is not None else "none is recorded"
        lines.append(f"  UNKNOWN OUTCOME: {result.unknown_outcome}; {taken}")
    if result.stacks is not None:
        lines.append("  finishing stacks: " + ", ".join(f"{n} {s}" for n, s in zip(result.names, result.stacks)))
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
    return "\n".join(lines)
