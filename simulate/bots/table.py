"""A table where a person plays against bots: narration of every action, prompts, input parsing, session summary.

Input and output are functions (``ask(prompt) -> str`` and ``tell(text)``), so the same table runs in
a terminal, in tests, or anywhere else. Invalid input is explained and asked again; it never crashes.

>>> from pokerlab.simulate.game import no_limit_holdem
>>> from pokerlab.simulate.bots.players import CallingStation
>>> answers = iter(["raise 1", "f"] + ["q"] * 50)
>>> out = []
>>> table = TableGame(no_limit_holdem(5, 10), [CallingStation()], stacks=[1000, 1000], seed=3,
...                   ask=lambda prompt: next(answers), tell=out.append)
>>> summary = table.play(max_hands=1)
>>> any("you may raise to between" in line for line in out), summary.hands
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...errors import InputError
from ..game.cards import names, parse
from ..game.declarations import Variant
from ..game.errors import IllegalActionError
from ..game.events import Board, Deal, Draw, Event, Show, ShowAce, ShowOpeners
from ..game.hilo import low_value
from ..game.phases import BET, DONE, DRAW, SHOWDOWN
from ..game.session import BlindLevel, Session
from ..game.showdown import describe_value, showdown_value
from ..game.state import State
from ..game.stud import up_cards
from ..histories import HandHistory, history_from_state
from .view import Action, Bot, SeatView, apply_action, passive_default

HELP = (
    "commands: f (fold), k (check), c (call), b N / r N (bet or raise to N chips in total this round), "
    "a (all-in), d CARDS (discard, e.g. 'd 2c 7d'), p (stand pat), i (stud: post the bring-in), "
    "q (quit after this hand), ? (help)"
)


class QuitGame(Exception):
    """The person asked to stop.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> parse_command("q", SeatView(State(no_limit_holdem(), [50, 50], seed=0)))
    Traceback (most recent call last):
    ...
    pokerlab.simulate.bots.table.QuitGame
    """


def parse_command(text: str, view: SeatView) -> Action:
    """The person's typed move as an :class:`Action`; ``ValueError`` says what is wrong with the input.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> view = SeatView(State(no_limit_holdem(5, 10), [1000] * 3, seed=1))
    >>> parse_command("r 40", view), parse_command("call", view).kind
    (Action(kind='bet_or_raise', amount=40, cards=()), 'call')
    """
    words = text.strip().lower().split()
    if not words:
        raise InputError("type a move (? for help)")
    word, args = words[0], words[1:]
    if word in ("q", "quit", "exit"):
        raise QuitGame
    if word in _SIMPLE_MOVES and not args:
        kind = _SIMPLE_MOVES[word]
        if kind == "call" and "call" not in view.legal and "check" in view.legal:
            kind = "check"  # "call" with nothing to call is a check
        return Action(kind)
    if word in ("a", "allin", "all-in", "shove"):
        bounds = view.raise_range
        if bounds is None:
            return Action.call()
        return Action.raise_to(bounds[1])
    if word in ("b", "bet", "r", "raise", "raise-to"):
        return _raise_to(word, args)
    if word in ("p", "pat", "stand"):
        return Action.draw_cards()
    if word in ("d", "draw", "discard"):
        return _discard(args)
    raise InputError(f"unknown move {text.strip()!r}; {HELP}")


# The moves typed as one word with no argument, by what they are called in an Action.
_SIMPLE_MOVES = {
    "f": "fold",
    "fold": "fold",
    "k": "check",
    "check": "check",
    "x": "check",
    "c": "call",
    "call": "call",
    "show": "show",
    "s": "show",
    "muck": "muck",
    "m": "muck",
    "i": "bring_in",
    "bring-in": "bring_in",
}


def _raise_to(word: str, args: list[str]) -> Action:
    """A bet or raise typed as ``word N``: to N chips in total this round."""
    if len(args) != 1:
        raise InputError(f"say how much: '{word} 40' bets or raises to 40 chips in total this round")
    try:
        amount = int(args[0])
    except ValueError:
        raise InputError(f"{args[0]!r} is not a whole number of chips") from None
    return Action.raise_to(amount)


def _discard(args: list[str]) -> Action:
    """A draw typed as the cards to throw away."""
    try:
        cards = parse(" ".join(args))
    except ValueError as exc:
        raise InputError(f"cannot read the cards: {exc}") from None
    return Action.draw_cards(tuple(cards))


def legal_summary(view: SeatView) -> str:
    """The moves open to the seat, with amounts, and what to type for each.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> legal_summary(SeatView(State(no_limit_holdem(), [50, 50], seed=0)))
    "fold ('f'), call 1 ('c'), raise to 4..50 ('r N')"
    """
    if view.phase == DRAW:
        return f"discard up to {view.max_discards} cards ('d 2c 7d') or stand pat ('p')"
    if view.phase == SHOWDOWN:
        return "show ('s') or muck ('m')"
    parts = []
    for kind in view.legal:
        if kind == "call":
            parts.append(f"call {view.to_call} ('c')")
        elif kind == "bet_or_raise":
            bounds = view.raise_range
            assert bounds is not None  # "bet_or_raise" is legal, so there is a range
            low, high = bounds
            word = "raise to" if max(view.bets) else "bet"
            span = str(low) if low == high else f"{low}..{high}"
            if view.structure == "fixed-limit" and low != high:
                span = f"{low} or {high}"  # stud's open pair: the small or the big bet
            if "bring_in" in view.legal:
                word = "complete to"
            parts.append(f"{word} {span} ('{'r' if max(view.bets) else 'b'} N')")
        else:
            parts.append(f"{kind} ('{ {'fold': 'f', 'check': 'k', 'bring_in': 'i'}.get(kind, kind) }')")
    return ", ".join(parts)


class HumanPlayer:
    """Asks a person for each move; explains an invalid one and asks again.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> typed, told = iter(["x", "c"]), []  # a check facing a bet is refused, then a call
    >>> player = HumanPlayer(ask=lambda prompt: next(typed), tell=told.append)
    >>> player(SeatView(State(no_limit_holdem(), [50, 50], seed=0))).kind, told[1]
    ('call', '  not allowed: there is a bet of 2 to you; call 1, raise or fold')
    """

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None], name: str = "You") -> None:
        self.ask, self.tell, self.name = ask, tell, name
        self.quitting = False

    def __call__(self, view: SeatView) -> Action:
        """Prompt until a legal move is typed (after 'q', play passively to the end of the hand)."""
        if self.quitting:
            return passive_default(view)
        while True:
            self.tell(f"  your move: {legal_summary(view)}")
            try:
                text = self.ask("> ")
            except (EOFError, KeyboardInterrupt):
                text = "q"
            try:
                if text.strip() in ("?", "h", "help"):
                    self.tell("  " + HELP)
                    continue
                action = parse_command(text, view)
            except QuitGame:
                self.quitting = True
                self.tell("  you leave after this hand")
                return passive_default(view)
            except ValueError as exc:
                self.tell(f"  invalid: {exc}")
                continue
            reason = view.why_not(action)
            if reason is None:
                return action
            self.tell(f"  not allowed: {reason}")


@dataclass
class SessionSummary:
    """The session's end: hands played, each player's starting and final chips, the biggest pot.

    >>> print("\\n".join(SessionSummary(1, ["You", "station1"], [50, 50], [48, 52], biggest_pot=4).lines()))
    session over after 1 hand(s); biggest pot 4
      You               50 ->      48  (-2)
      station1          50 ->      52  (+2)
    """

    hands: int
    names: list[str]
    start: list[int]
    end: list[int]
    biggest_pot: int = 0
    histories: list[HandHistory] = field(default_factory=list)

    def lines(self) -> list[str]:
        """Text lines of the summary."""
        out = [f"session over after {self.hands} hand(s); biggest pot {self.biggest_pot}"]
        for name, a, b in zip(self.names, self.start, self.end):
            out.append(f"  {name:<12} {a:>7} -> {b:>7}  ({b - a:+d})")
        return out


class TableGame:
    """A person in seat 0 against ``bots`` in seats 1..n-1 for a session of hands (stacks carry over).

    ``ask`` reads a move and ``tell`` shows a line (``input`` and ``print`` at a terminal); here the person
    quits at once, folding the first hand:

    >>> from pokerlab.simulate.bots import CallingStation
    >>> from pokerlab.simulate.game import no_limit_holdem
    >>> game = TableGame(no_limit_holdem(), [CallingStation()], stacks=[50, 50], seed=1,
    ...                  ask=lambda prompt: "q", tell=lambda line: None)
    >>> summary = game.play(max_hands=3)
    >>> summary.hands, summary.names, summary.end
    (1, ['You', 'station1'], [48, 52])
    """

    def __init__(  # noqa: PLR0913  (public API: the table's documented keywords)
        self,
        variant: Variant,
        bots: Sequence[Bot],
        *,
        stacks: Sequence[int],
        seed: int | None = None,
        ask: Callable[[str], str] = input,
        tell: Callable[[str], None] = print,
        names_: Sequence[str] | None = None,
        record: bool = True,
        schedule: Sequence[BlindLevel] = (),
    ) -> None:
        self.variant = variant
        self.human = HumanPlayer(ask, tell)
        self.players: list[Bot] = [self.human, *bots]
        self.names = list(names_ or ["You"] + [f"{getattr(b, 'name', 'bot')}{k}" for k, b in enumerate(bots, 1)])
        self.tell = tell
        self.session = Session(variant, list(stacks), seed=seed, button=len(stacks) - 1, schedule=schedule)
        self.record = record
        self.histories: list[HandHistory] = []

    def play(self, max_hands: int = 1000) -> SessionSummary:
        """Play until the person quits or busts, one player is left, or ``max_hands`` hands are played."""
        start = list(self.session.stacks)
        biggest = 0
        while self.session.hands_played < max_hands and not self.human.quitting:
            if self.session.stacks[0] == 0 or sum(1 for s in self.session.stacks if s > 0) < 2:
                break
            state = self.session.start_hand()
            seats = self.session.seats_in_hand
            self._header(state, seats)
            seen = 0
            while state.phase != DONE:
                seen = self._narrate(state, seats, seen)
                local = state.actor
                assert local is not None  # a hand not done has a player to act
                bot = self.players[seats[local]]
                if bot is self.human and state.phase == BET:
                    self._table(state, seats)
                view = SeatView(state)
                try:
                    apply_action(state, bot(view))
                except (IllegalActionError, TypeError, ValueError) as exc:
                    self.tell(f"  ({self.names[seats[local]]} tried an illegal move: {exc}; checks or folds)")
                    apply_action(state, passive_default(view))
            self._narrate(state, seats, seen)
            biggest = max(biggest, sum(state.payouts))
            if self.record:
                self.histories.append(
                    history_from_state(
                        state, players=[self.names[s] for s in seats], hand=self.session.hands_played + 1
                    )
                )
            self.session.finish_hand(state)
            self.tell("  stacks: " + ", ".join(f"{n} {s}" for n, s in zip(self.names, self.session.stacks)))
        summary = SessionSummary(
            self.session.hands_played, self.names, start, list(self.session.stacks), biggest, self.histories
        )
        for line in summary.lines():
            self.tell(line)
        return summary

    # ------------------------------------------------------------------ narration
    def _header(self, state: State, seats: list[int]) -> None:
        button = self.names[seats[state.button]]
        self.tell("")
        self.tell(f"=== hand {self.session.hands_played + 1}: {state.variant.name}, button {button} ===")

    def _table(self, state: State, seats: list[int]) -> None:
        you = seats.index(0)
        rows = []
        for local, seat in enumerate(seats):
            mark = "*" if local == state.button else " "
            status = "folded" if state.folded[local] else f"bet {state.bets[local]}" if state.bets[local] else ""
            rows.append(f"{mark}{self.names[seat]} {state.stacks[local]}{' (' + status + ')' if status else ''}")
        self.tell("  table: " + " | ".join(rows))
        board = f"  board: {names(state.board)}" if state.variant.uses_board or state.board else ""
        self.tell(f"  pot {state.pot_total}{board}  your cards: {names(state.hole[you])}")
        if state.variant.is_stud:
            shown = [f"{self.names[seat]} {names(up_cards(state, local))}" for local, seat in enumerate(seats)]
            self.tell("  up cards: " + " | ".join(s for local, s in enumerate(shown) if not state.folded[local]))

    def _narrate(self, state: State, seats: list[int], seen: int) -> int:
        history = state.history
        players = [self.names[seat] for seat in seats]
        for index in range(seen, len(history)):
            entry = history[index]
            if isinstance(entry, Board):
                number = sum(1 for e in history[: index + 1] if isinstance(e, Board))
                street = ("flop", "turn", "river")[number - 1] if number <= 3 else "board"
                if state.variant.is_stud:  # the deck ran short: one card for everyone
                    self.tell(f"  community card: {names(entry.cards)}")
                    continue
                self.tell(f"  {street}: {names(entry.cards)}  (board {names(state.board[: 2 + number])})")
                continue
            line = _second_person(describe_event(state, entry, players, seats.index(0)))
            if line:
                self.tell("  " + line)
        return len(history)


def describe_event(state: State, event: Event, players: Sequence[str], you: int) -> str:
    """One line of narration of ``event``, a history event of ``state``, as the person in seat ``you`` sees it.

    ``players``: a name for each seat of the hand. Every kind of event has its line (an event of a kind
    this table does not know is named with its fields), so narrating a hand never fails.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> hand = State(no_limit_holdem(5, 10), [100, 100, 100], seed=2)
    >>> hand.misdeal("exposed-card")
    >>> [describe_event(hand, event, ["You", "ann", "bob"], 0) for event in hand.history[-2:]]
    ['your cards: 6h 4c', 'misdeal (exposed-card): no chips change hands, the hand is dealt again']
    """
    # written out again on purpose: the terminal's narration, in the second person; histories/record.py words the same
    # events for a log
    seat = getattr(event, "seat", None)
    who = players[seat] if isinstance(seat, int) else ""
    template = _NARRATION.get(event.kind)
    if template is not None:
        return template.format(**event._asdict(), who=who)
    if isinstance(event, Deal):
        return f"your cards: {names(event.hole[you])}"
    if isinstance(event, Board):
        return f"board: {names(event.cards)}"
    if isinstance(event, Draw):
        if event.seat == you:
            got = f", gets {names(event.drawn)}" if event.drawn else ""
            return f"you discard {names(event.discards) or 'nothing'}{got}; now {names(state.hole[you])}"
        return f"{who} {'stands pat' if not event.discards else f'draws {len(event.discards)}'}"
    if isinstance(event, Show):
        return f"{who} shows {names(event.cards)}: {_shown_value(state, event.cards)}"
    if isinstance(event, ShowOpeners):
        return f"{who} shows the openers {names(event.cards)}"
    if isinstance(event, ShowAce):
        return f"{who} shows {names([event.card])} to draw four"
    fields = ", ".join(f"{name} {value}" for name, value in zip(event._fields[1:], event[1:]))
    return f"{who} {event.kind} ({fields})".strip() if fields else f"{who} {event.kind}".strip()


def _shown_value(state: State, cards: Sequence[int]) -> str:
    """What a shown hand is worth, in words (high-low games: the low half too)."""
    variant = state.variant
    value = describe_value(showdown_value(variant, cards, state.board), variant.ranking)
    if variant.low is not None:
        low = low_value(variant, cards, state.board)
        value += f"; low: {describe_value(low, 'ace-five') if low is not None else 'none'}"
    return value


# The history events narrated as they are: ``{field}`` is the event's field, ``{who}`` the seat's name.
_NARRATION = {
    "post": "{who} posts {forced} {amount}",
    "bring-in": "{who} brings in for {amount}",
    "fold": "{who} folds",
    "check": "{who} checks",
    "call": "{who} calls {amount}",
    "bet": "{who} bets {to}",
    "raise": "{who} raises to {to}",
    "return": "{amount} uncalled returned to {who}",
    "muck": "{who} mucks",
    "win": "{who} wins {amount}",
    "passed out": "nobody opened: the pot of {pot} stays for the next deal",
    "reshuffle": "the stub ran out: the discards are shuffled into a new stub",
    "misdeal": "misdeal ({cause}): no chips change hands, the hand is dealt again",
}

_YOUR_VERBS = {"posts": "post", "folds": "fold", "checks": "check", "calls": "call", "bets": "bet", "raises": "raise"}
_YOUR_VERBS |= {"stands": "stand", "draws": "draw", "shows": "show", "mucks": "muck", "wins": "win", "brings": "bring"}


def _second_person(line: str | None) -> str | None:
    """A narrated line about seat 1 ("You") in the second person: "You posts" -> "You post".

    >>> _second_person("You posts small blind 1"), _second_person("10 uncalled returned to You")
    ('You post small blind 1', '10 uncalled returned to you')
    >>> _second_person("tight-2 folds")
    'tight-2 folds'
    """
    if line is None:
        return None
    if line.startswith("You "):
        verb, _, rest = line[4:].partition(" ")
        line = f"You {_YOUR_VERBS.get(verb, verb)}" + (f" {rest}" if rest else "")
    return line[: -len(" to You")] + " to you" if line.endswith(" to You") else line
