"""Replay a PHH hand through pokerlab's engine: every action checked by the rules, stacks compared.

The dealer's cards come from the history: the deck is stacked so the engine deals exactly the
recorded hole cards, boards and draws (burns and unknown ``??`` cards are filled with unused
cards). A rule-breaking action stops the replay with the action, its index and the engine's reason.

>>> from pokerlab.simulate.histories import loads
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

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from pokerlab.simulate.game.cards import names
from pokerlab.simulate.game.declarations import Variant
from pokerlab.simulate.game.errors import IllegalActionError
from pokerlab.simulate.game.state import BET, DONE, POST, SHOWDOWN, ReshuffleOrder, State

from .actions import ActionProblem, MalformedAction, ParsedAction, parse_actions
from .codes import PHHError
from .deck import stack_deck, stack_stud_deck
from .fields import check_history
from .hand import HandHistory
from .money import MAX_CHIPS, UNKNOWN as UNKNOWN, Amount, from_chips, is_unknown, places_of, to_chips, unknown_at
from .outcome import check_outcome, named_cards
from .rake import NO_MORE_THAN_10_PERCENT, RakeLimit
from .results import ReplayBreak, ReplayResult, Step, format_replay
from .statuses import DIFFERS, ILLEGAL, NOT_RECORDED, OK, OUT_OF_TURN, UNFINISHED, UNKNOWN_OUTCOME

__all__ = [
    "DIFFERS",
    "ILLEGAL",
    "OK",
    "UNFINISHED",
    "UNKNOWN_OUTCOME",
    "NOT_RECORDED",
    "OUT_OF_TURN",
    "RakeLimit",
    "ReplayBreak",
    "ReplayResult",
    "Step",
    "format_replay",
    "planned_first",
    "replay",
    "replay_read",
]


def planned_first(planned: Sequence[int]) -> ReshuffleOrder:
    """The engine's ``reshuffle_order`` that deals the recorded draws: a reshuffled stub puts the cards of
    ``planned`` (the recorded cards of the draws after the stub ran out, in dealing order) on top, in that
    order, and keeps the rest as shuffled.

    >>> planned_first([9, 4])([1, 4, 7, 9])
    [9, 4, 1, 7]
    """

    def order(stub: list[int]) -> list[int]:
        wanted = [c for c in planned if c in stub]
        return wanted + [c for c in stub if c not in wanted]

    return order


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
    history: HandHistory,
    *,
    fill_skipped: bool = False,
    checked: bool = False,
    steps: bool = True,
    rake: RakeLimit = NO_MORE_THAN_10_PERCENT,
) -> ReplayResult:
    """Replay ``history`` through the engine; the result says how far it got and why it stopped.

    ``fill_skipped``: real records often leave out the folds of players nobody watched. With it, a
    player's action recorded while another player is to act takes the players in between as having
    checked (when free) or folded, as pokerkit's reader does; each such step is listed in
    ``result.filled``. Without it (the default) the action is out of turn. ``checked``: the history
    comes straight from this package's reader, unchanged, so its fields need no second check.
    ``steps=False`` leaves ``result.steps`` empty (a dataset needs only the verdicts). ``rake``: how far
    recorded winnings may fall short of the pot and still be the house's cut (a larger shortfall is a
    mismatch; winnings all zero are not recorded). See the module example.

    >>> from pokerlab.simulate.histories.hand import HandHistory
    >>> record = HandHistory("NT", [0, 0], [1, 2], [100, 100], ["d dh p1 ????", "d dh p2 ????", "p2 f"], min_bet=2)
    >>> result = replay(record, steps=False)
    >>> result.ok, result.stacks
    (True, [101, 99])
    """
    return replay_read(history, None, fill_skipped=fill_skipped, checked=checked, steps=steps, rake=rake)


def replay_read(
    history: HandHistory,
    places_read: int | None,
    *,
    fill_skipped: bool = False,
    checked: bool = False,
    steps: bool = True,
    rake: RakeLimit = NO_MORE_THAN_10_PERCENT,
) -> ReplayResult:
    """:func:`replay`, given the hand's :meth:`~HandHistory.money_places` as the reader found it (None: not
    known), as :func:`~pokerlab.simulate.histories.reading.read` gives it (``money_places=True``).

    >>> from pokerlab.simulate.histories import read
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nmin_bet = 1\\nblinds_or_straddles = [0.50, 1]\\n'
    >>> [(label, hand, places)] = read(text + 'starting_stacks = [9, 9]\\nactions = ["p2 f"]\\n', money_places=True)
    >>> result = replay_read(hand, places, checked=True)
    >>> places, result.ok, result.stacks
    (2, True, [Decimal('9.50'), Decimal('8.50')])
    """
    result = ReplayResult(history, history.names())
    try:
        if not checked:
            history = check_history(history)  # a HandHistory built in code gets the checks a file gets
    except PHHError as exc:
        result.error = ReplayBreak(-1, "", exc.reason, exc.field, kind="phh")
        return result
    plan = _plan(history, places_read, result)
    if plan is None:
        return result
    seat_of, button = _seat_map(history)
    all_in: dict[int, int] = {}  # unknown stacks the record shows went all in: player -> chips
    while True:
        state = _start(history, plan, seat_of, button, result, all_in)
        if state is None:
            return result
        _Replayer(state, result, seat_of, fill_skipped, steps, rake).play(plan.parsed, history)
        implied = _implied_all_in(result, state, seat_of, all_in)
        if implied is None:
            return result
        all_in[implied] = state.contributions[seat_of[implied]]
        result = ReplayResult(history, history.names(), places=result.places)


def _implied_all_in(result: ReplayResult, state: State, seat_of: list[int], all_in: dict[int, int]) -> int | None:
    """The player whose unknown stack the record shows went all in, or None: the engine waits for that player
    (its stand-in stack still has chips) while the record goes on without it (deals, other players act, the
    hands are shown) and never has it act again. Its stack is then what it had put in. A record that merely
    stops while the player is to act says nothing: it stays unfinished."""
    if state.phase != BET or state.actor is None or result.finished:
        return None
    player = seat_of.index(state.actor)
    if not is_unknown(result.history.starting_stacks[player]) or player in all_in:
        return None
    actions = result.history.actions
    if result.error is None:
        # Every action was played, and the engine still waits: all in only if the record shows the hands down.
        return player if any(text.split()[1:2] == ["sm"] for text in actions) else None
    later = actions[result.error.index :]
    label = f"p{player + 1}"
    if any(text.split()[:1] == [label] and text.split()[1:2] != ["sm"] for text in later):
        return None  # the player acts later in the record: it had chips left
    return player


@dataclass(slots=True)
class _Plan:
    """What a replay needs before the first action: the actions read, the game and the stacked deck."""

    parsed: list[ParsedAction]
    variant: Variant
    deck: list[int]
    planned: list[int]  # the recorded cards of the draws after the stub runs out
    muck: bool  # someone mucks: the engine waits for each showdown's decisions instead of showing all


def _plan(history: HandHistory, places_read: int | None, result: ReplayResult) -> _Plan | None:
    """The hand's actions, unit, game and deck; None (with ``result.error`` set) when the record cannot be played."""
    n = history.players
    try:
        try:
            parsed = parse_actions(history.actions, n)
        except MalformedAction as exc:
            result.error = ReplayBreak(exc.index, exc.text, exc.reason, kind="phh")
            return None
        result.places = places = _places(history, parsed, places_read)
        muck = False  # someone mucks (a showdown action without cards)
        for p in parsed:
            if p.written is not None:
                p.amount = to_chips(p.written, places)
            elif p.amount == 0 and p.verb == "sm":
                muck = True
        variant = history.game(places)
        top, planned = stack_stud_deck(variant, parsed, n) if variant.is_stud else stack_deck(variant, parsed, n)
    except ActionProblem as exc:
        result.error = ReplayBreak(exc.parsed.index, exc.parsed.text, exc.reason)
        return None
    except PHHError as exc:
        kind = "phh" if exc.malformed else "rule"
        result.error = ReplayBreak(-1, "", exc.reason, exc.field or "variant", kind=kind)
        return None
    except ValueError as exc:
        result.error = ReplayBreak(-1, "", str(exc), "variant")
        return None
    return _Plan(parsed, variant, top, planned, muck)


def _places(history: HandHistory, parsed: list[ParsedAction], places_read: int | None) -> int:
    """The hand's unit: its finest recorded amount (cents...); every amount becomes whole chips of it."""
    user_amounts = [history.user.get("_carried_pot"), history.user.get("_carry_out")]
    written = [p.written for p in parsed if type(p.written) is Decimal]
    found = history.money_places() if places_read is None else places_read
    return max(found, places_of(written), places_of(user_amounts))


def _start(
    history: HandHistory, plan: _Plan, seat_of: list[int], button: int, result: ReplayResult, all_in: dict[int, int]
) -> State | None:
    """The engine's state before the first action; None (with ``result.error`` set) when the stacks are refused.

    An unknown stack (``inf``) plays as a stack no recorded action can run out of (:func:`stand_in_stack`), or as
    the chips the record shows it put in when the record shows it went all in (``all_in``, by player).
    """
    places = result.places
    stacks = [0] * history.players
    unknown = unknown_at(history.starting_stacks)
    if unknown:
        deep = stand_in_stack(history, plan.parsed, places)
        for k, seat in enumerate(seat_of):
            stacks[seat] = all_in.get(k, deep) if k in unknown else to_chips(history.starting_stacks[k], places)
        result.unknown_stacks = [result.names[k] for k in unknown]
        result.all_in = [result.names[k] for k in sorted(all_in)]
    else:  # the usual record: every stack known, nobody's put in by the replay (all_in is for unknown stacks)
        for seat, stack in zip(seat_of, history.starting_stacks):
            stacks[seat] = to_chips(stack, places)
    antes_posted = not plan.variant.forced.has_antes or any(history.antes)
    posts = history.posts() if min(history.blinds_or_straddles, default=0) < 0 else None  # min: in C, the usual hand
    try:
        state = State(
            plan.variant,
            stacks,
            button=button,
            seed=0,
            deck=plan.deck,
            carried_pot=to_chips(history.user.get("_carried_pot") or 0, places),
            antes=antes_posted,
            auto_showdown=not plan.muck,
            reshuffle_order=planned_first(plan.planned) if plan.planned else None,
            automatic=not posts,  # with posts, the dealer waits for them (_post) before it deals
        )
    except ValueError as exc:
        result.error = ReplayBreak(-1, "", str(exc), "starting_stacks")
        return None
    if posts:
        _post(state, [(seat_of[player], to_chips(amount, places)) for player, amount in posts])
    result.state = state
    return state


def _post(state: State, posts: list[tuple[int, int]]) -> None:
    """Put in the posts (``(seat, chips)``) after the blinds, as pokerkit does, then deal: each a live bet, which
    the poster calls on top of, that does not move the first to act (:meth:`HandHistory.posts`). A stack shorter
    than its post puts in all it has, as for a blind."""
    state.forced_queue.extend((seat, "post", chips) for seat, chips in posts)
    while state.phase == POST:
        state.post()
    state.automatic = True
    state.deal()


def stand_in_stack(history: HandHistory, parsed: list[ParsedAction], places: int) -> int:
    """Chips for an unknown stack: more than every bet the record makes, every forced bet and every known stack
    together, so the record never runs it out (whether it did is what :func:`~.outcome.check_outcome` flags).

    >>> from pokerlab.simulate.histories import HandHistory
    >>> stand_in_stack(HandHistory("NT", [0, 0], [1, 2], [UNKNOWN, 50], []), [], 0)
    54
    """
    bets = sum(p.amount or 0 for p in parsed if p.verb == "cbr")
    posted: list[Amount] = [-entry if entry < 0 else entry for entry in history.blinds_or_straddles]  # a post is < 0
    forced: list[Amount] = [*history.antes, *posted, history.bring_in or 0]
    known = [stack for stack in history.starting_stacks if not is_unknown(stack)]
    total = bets + sum(to_chips(amount, places) for amount in [*forced, *known]) + 1
    return min(total, MAX_CHIPS - 1)


class _Replayer:
    """Plays a record's actions on the engine's state, one by one, into the replay's result."""

    def __init__(
        self, state: State, result: ReplayResult, seat_of: list[int], fill_skipped: bool, steps: bool, rake: RakeLimit
    ) -> None:
        self.state = state
        self.rake = rake
        self.result = result
        self.seat_of = seat_of
        self.player_of = {seat: k for k, seat in enumerate(seat_of)}
        self.fill_skipped = fill_skipped
        self.steps = steps
        self.decisions: dict[int, bool] = {}  # seat -> shows (True) or mucks, as recorded
        self.board_seen = 0
        self.parsed: list[ParsedAction] = []
        self.named: set[int] | None = None  # every card the record names, once a draw needs them
        self.guessed: set[int] = set()  # seats that threw a seen card for an unseen discard: their hands are guesses

    def play(self, parsed: list[ParsedAction], history: HandHistory) -> None:
        """Every action until one breaks a rule, then the recorded misdeal, the showdown and the outcome."""
        state, result = self.state, self.result
        self.parsed = parsed
        steps = self.steps
        for p in parsed:
            street = _street_name(state) if steps else ""
            try:
                if p.actor == "d":
                    if p.verb == "db":
                        self._board(p, street)
                    continue
                self._player_action(p, street)
            except IllegalActionError as exc:
                cause = OUT_OF_TURN if isinstance(exc, _OutOfTurn) else None
                result.error = ReplayBreak(p.index, p.text, str(exc), cause=cause)
                break
        if result.error is None and history.user.get("_misdeal") is not None:
            self._misdeal(history.user["_misdeal"])
        if result.error is None:
            _settle_showdown(state, self.decisions, result, self.player_of)
        expected = history.optional.get("finishing_stacks")
        result.expected = expected
        if state.phase == DONE:
            check_outcome(result, state, history, parsed, self.seat_of, self.player_of, self.rake, self.guessed)

    def _board(self, p: ParsedAction, street: str) -> None:
        """The engine dealt the board already: the recorded cards are the ones it dealt (the deck is stacked)."""
        state = self.state
        cards: list[int | None] = list(p.cards or [])
        got = state.board[self.board_seen : self.board_seen + len(cards)]
        if len(got) < len(cards):
            to_act = "" if state.actor is None else f" and {self.result.names[self.player_of[state.actor]]} is to act"
            raise IllegalActionError(f"the board cannot be dealt now: the hand is in the {state.phase} phase{to_act}")
        self.board_seen += len(cards)
        if self.steps:
            shown_street = _street_name(state) if state.phase != DONE else street
            self.result.steps.append(
                Step(shown_street, "dealer", f"board {names(got)}", state.pot_total, list(state.stacks))
            )

    def _player_action(self, p: ParsedAction, street: str) -> None:
        state, result = self.state, self.result
        seat = self.seat_of[p.player]  # type: ignore[index]  # every action but the board's names a player
        if p.verb == "sm":
            self._show_or_muck(p, seat, result.names[p.player])  # type: ignore[index]
        else:
            if (state.actor != seat or state.phase == DONE) and (
                problem := _turn_problem(state, seat, self.fill_skipped, result, street, self.player_of)
            ) is not None:
                raise problem
            text = self._draw(p, seat) if p.verb == "sd" else self._bet(p)
            if self.steps:
                who = result.names[p.player]  # type: ignore[index]
                result.steps.append(Step(street, who, text, _pot(state), list(state.stacks)))
        if state.phase == SHOWDOWN:
            _settle_showdown(state, self.decisions, result, self.player_of)

    def _show_or_muck(self, p: ParsedAction, seat: int, who: str) -> None:
        """A recorded showdown decision, kept until the engine asks for it."""
        state = self.state
        if state.folded[seat]:
            raise IllegalActionError(f"{who} shows or mucks after folding")
        if state.phase == DONE and state.ended_by != "showdown":
            raise IllegalActionError(f"{who} shows or mucks, but the hand ended without a showdown")
        self.decisions[seat] = bool(p.amount)

    def _bet(self, p: ParsedAction) -> str:
        """A betting decision played; its description (when the steps are kept, else "")."""
        state = self.state
        verb = p.verb
        if verb == "f":
            state.fold()
            return "folds"
        if verb == "cc":
            amount = state.call_amount
            state.check_or_call()
            if not amount:
                return "checks"
            return f"calls {from_chips(amount, self.result.places)}" if self.steps else ""
        if verb == "pb":
            state.bring_in()
            return "brings in"
        if verb == "cbr":
            assert p.amount is not None  # a cbr's written amount, in chips (set before the replay)
            if not self.steps:
                state.bet_or_raise(p.amount)
                return ""
            word = "bets" if state.level == 0 else "raises to"
            if state.variant.is_stud and state.can_bring_in():
                word = "completes to"
            state.bet_or_raise(p.amount)
            return f"{word} {p.written}"
        raise IllegalActionError(f"the action {p.verb!r} is not played by pokerlab's engine")

    def _draw(self, p: ParsedAction, seat: int) -> str:
        """A recorded discard played; the engine must deal the replacement cards the record gives."""
        state = self.state
        cards = list(p.cards or [])
        if None in cards:  # some discards unseen (PHH allows "??" in any card list): cards held stand for them
            cards = self._unseen_discards(cards, seat)
        state.draw(cards)  # type: ignore[arg-type]
        new = state.hole[seat][len(state.hole[seat]) - len(cards) :]
        recorded = p.replacement or []
        if any(c is not None and c != d for c, d in zip(recorded, new)):
            raise IllegalActionError(
                f"the history deals {names(c for c in recorded if c is not None)} "
                f"for the discards, which cannot come from the stub"
            )
        shown = names(c for c in cards if c is not None)  # all cards: draw() refused a None
        return f"discards {shown} and draws {len(cards)}" if cards else "stands pat"

    def _unseen_discards(self, cards: list[int | None], seat: int) -> list[int | None]:
        """The discards with each unseen one (``??``) taken from the cards the seat holds: first the cards nobody
        saw (stand-ins for its own unseen cards, as the standard has it), then seen cards it never shows. Taking a
        seen card is a guess at which one it threw: the seat's hand is then not known at the showdown unless it
        shows it (:attr:`guessed`)."""
        named = self.named
        if named is None:
            named = self.named = named_cards(self.parsed)
        shows = {c for p in self.parsed if p.verb == "sm" and p.seat == self.player_of[seat] for c in p.cards or ()}
        known = [c for c in cards if c is not None]
        free = sorted((c for c in self.state.hole[seat] if c not in known), key=lambda c: (c in named, c in shows))
        picks = free[: cards.count(None)]
        if any(c in named for c in picks):
            self.guessed.add(seat)
        fill = iter(picks)
        return [next(fill, None) if c is None else c for c in cards]

    def _misdeal(self, cause: str) -> None:
        """docs/rules.md 4.3: the recorded deal ends in a misdeal (the engine checks it is still allowed)."""
        state, result = self.state, self.result
        try:
            street = _street_name(state)
            state.misdeal(cause)
            text = f"misdeal ({cause}): no chips change hands, the hand is dealt again"
            result.steps.append(Step(street, "dealer", text, state.pot_total, list(state.stacks)))
        except IllegalActionError as exc:
            result.error = ReplayBreak(-1, "", str(exc), "_misdeal")


class _OutOfTurn(IllegalActionError):
    """An action recorded while another player is to act (:data:`OUT_OF_TURN`)."""


def _turn_problem(
    state: State, seat: int, fill_skipped: bool, result: ReplayResult, street: str, player_of: dict[int, int]
) -> IllegalActionError | None:
    """Why ``seat`` may not act now (after filling skipped checks and folds, by option), or None."""
    if state.phase != DONE and state.actor != seat and fill_skipped and not state.folded[seat]:
        _fill_skipped(state, seat, result, street, player_of)
    if state.phase == DONE:
        return IllegalActionError("the hand is already over")
    if state.actor is None:
        return IllegalActionError(f"it is nobody's turn, not {result.names[player_of[seat]]}'s")
    if state.actor != seat:
        turn = result.names[player_of[state.actor]]
        hint = "" if fill_skipped else SKIPPED_HINT
        return _OutOfTurn(f"it is {turn}'s turn, not {result.names[player_of[seat]]}'s{hint}")
    return None


#: Said when an action comes out of turn: records often leave out the folds of players nobody watched.
SKIPPED_HINT = (
    " (if the record leaves out players' folds, replay it with --fill-skipped, fill_skipped=True: each player "
    "skipped checks when checking is free, else folds)"
)


def _fill_skipped(state: State, seat: int, result: ReplayResult, street: str, player_of: dict[int, int]) -> None:
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


def _pot(state: State) -> int:
    """Chips in the pot; once the hand is over, the chips it held (awarded or carried)."""
    return state.pot_total if state.phase != DONE else sum(state.payouts) + state.carry_out


def _settle_showdown(state: State, decisions: dict[int, bool], result: ReplayResult, player_of: dict[int, int]) -> None:
    while state.phase == SHOWDOWN and state.actor in decisions:
        seat = state.actor
        if decisions.pop(seat):
            state.show()
        else:
            state.muck()
            result.steps.append(
                Step("showdown", result.names[player_of[seat]], "mucks", state.pot_total, list(state.stacks))
            )
