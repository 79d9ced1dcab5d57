"""The game-engine rows of ``pokerlab bench``: random hands played deal to payout, pokerlab against pokerkit.

Each row is one game declared twice, once per engine, with the same table: the
players, the stacks, the blinds or antes and bring-in, the limits. Both engines
play the same policy, legal moves only:

- with a free check, check or bet (never fold);
- facing a bet, fold, call or raise;
- a stud player to bring in posts the bring-in or completes;
- a bet or raise amount uniform over the legal range.

pokerlab's side is :func:`~pokerlab.simulate.game.random_play.random_action` on a
:class:`~pokerlab.simulate.game.State`; pokerkit's is the same policy on its
``State`` with every dealer step automated. Stud is played without the open-pair
big bet on fourth street (pokerlab's option, a rule pokerkit does not have:
docs/rules.md 13.7), so both engines play one game.

The policy never looks at the cards, and both sides draw its choices from one
seeded ``random.Random`` in the same way (``randrange`` over the legal moves,
``randint`` over the legal amounts; pokerlab's deck seeds come from a second
generator). So the two engines make the same moves, amounts included, hand after
hand, as long as they agree on what is legal: who may raise, the bounds of a bet,
the cap. Each shuffles its own decks (pokerkit with the ``random`` module's
generator, seeded for the run and restored after): the cards differ, the betting
does not. :func:`check_game` checks, untimed, that every hand ended with the chips
it started with and that pokerkit made pokerlab's moves in every hand it played.
``benchmarks/game_speed.py`` plays the no-limit row's hands through the same
functions.

>>> run = play_pokerlab(GAMES["game-nlhe"], 3, seed=1, traced=1)
>>> run.chips, len(run.moves)
([1200, 1200, 1200], 1)
"""

# Imports inside functions: a case's library loads only when its case is built, so a bench of some cases
# (--only) never loads the others'.
from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .cases import BenchConfig, Case, Contender, Hands

if TYPE_CHECKING:
    from ..game.events import Event

Move = str | int  # "f" fold, "c" check or call, "b" bring-in, a number: bet, raise or complete to that total


@dataclass
class GameRun:
    """What a run of hands did: the chips on the table at the end of each hand, the decisions over all
    hands, and the moves of the hands traced (the first ones), in order."""

    chips: list[int] = field(default_factory=list)
    decisions: int = 0
    moves: list[tuple[Move, ...]] = field(default_factory=list)


@dataclass(frozen=True)
class Game:
    """One game-engine row: the table, pokerlab's variant, and pokerkit's game class and arguments.

    ``pokerkit_args`` are what ``create_state`` takes between the automations
    and the starting stacks (ante trimming, antes, then blinds and minimum bet,
    or bring-in and the two limits), in pokerkit's order.
    """

    id: str  # the bench case it answers (cases.py: title and note)
    players: int
    stack: int
    variant: Callable[[], Any]  # () -> pokerlab Variant (imported lazily: kept out of bench's import)
    pokerkit_class: str
    pokerkit_args: tuple[Any, ...]

    table: str  # the stakes, for the report

    def pokerlab_variant(self) -> Any:
        return self.variant()


def _nlhe() -> Any:
    from ..game import no_limit_holdem

    return no_limit_holdem(1, 2)


def _plo() -> Any:
    from ..game import pot_limit_omaha

    return pot_limit_omaha(1, 2)


def _stud() -> Any:
    from ..game import seven_card_stud
    from ..game.stud_variants import stud_streets

    # pokerkit plays fourth street at the small bet even with an open pair: the same streets without that option.
    game = seven_card_stud(ante=1, bring_in=1, small_bet=2, big_bet=4)
    return replace(game, name=game.name + ", no open-pair big bet", streets=stud_streets(False))


GAMES = {
    g.id: g
    for g in (
        Game("game-nlhe", 6, 200, _nlhe, "NoLimitTexasHoldem", (True, 0, (1, 2), 2), "blinds 1/2, 100 big blinds"),
        Game("game-plo", 6, 200, _plo, "PotLimitOmahaHoldem", (True, 0, (1, 2), 2), "blinds 1/2, 100 big blinds"),
        Game("game-stud", 6, 200, _stud, "FixedLimitSevenCardStud", (True, 1, 1, 2, 4),
             "ante 1, bring-in 1, limits 2/4, 50 big bets"),
    )
}  # fmt: skip


_MOVES: dict[str, Move] = {"fold": "f", "check": "c", "call": "c", "bring-in": "b"}


def play_pokerlab(game: Game, hands: int, seed: int, traced: int = 0) -> GameRun:
    """``hands`` random hands on pokerlab's ``State``, the button moving round; the first ``traced`` traced.

    >>> play_pokerlab(GAMES["game-stud"], 2, seed=3).chips
    [1200, 1200]
    """
    from ..game import State
    from ..game.random_play import random_action

    variant = game.pokerlab_variant()
    stacks = [game.stack] * game.players
    rng = random.Random(seed)  # the policy's draws: the ones pokerkit's side makes
    decks = random.Random(seed + 1)  # the deck seeds, apart, so that they take none of the policy's draws
    run = GameRun()
    chips = run.chips
    decisions = 0
    for h in range(hands):
        hand = State(variant, stacks, button=h % game.players, seed=decks.getrandbits(62))
        while hand.phase != "done":
            random_action(hand, rng)
            decisions += 1
        chips.append(sum(hand.stacks))
        if h < traced:
            run.moves.append(_pokerlab_moves(hand.history))
    run.decisions = decisions
    return run


def _pokerlab_moves(history: list[Event]) -> tuple[Move, ...]:
    from ..game.events import Bet, Raise  # the game package, imported when a game row runs

    moves: list[Move] = []
    for entry in history:
        if entry.kind in _MOVES:
            moves.append(_MOVES[entry.kind])
        elif isinstance(entry, Bet | Raise):
            moves.append(entry.to)
    return tuple(moves)


# written out again on purpose: the bench names pokerkit's automations itself; the PHH tests keep their own list
POKERKIT_AUTOMATIONS = (
    "ANTE_POSTING",
    "BET_COLLECTION",
    "BLIND_OR_STRADDLE_POSTING",
    "CARD_BURNING",
    "HOLE_DEALING",
    "BOARD_DEALING",
    "RUNOUT_COUNT_SELECTION",
    "HOLE_CARDS_SHOWING_OR_MUCKING",
    "HAND_KILLING",
    "CHIPS_PUSHING",
    "CHIPS_PULLING",
)


def pokerkit_factory(game: Game) -> Callable[[], Any]:
    """A function that returns a new pokerkit ``State`` of the game, every dealer step automated."""
    import pokerkit

    automations = tuple(getattr(pokerkit.Automation, name) for name in POKERKIT_AUTOMATIONS)
    create = getattr(pokerkit, game.pokerkit_class).create_state
    args = (automations, *game.pokerkit_args, game.stack, game.players)
    cash = pokerkit.Mode.CASH_GAME
    return lambda: create(*args, mode=cash)


def play_pokerkit(game: Game, hands: int, seed: int, new_state: Callable[[], Any] | None = None) -> GameRun:
    """``hands`` random hands on pokerkit's ``State`` with pokerlab's policy, every hand traced.

    ``new_state`` is :func:`pokerkit_factory`'s function, built once by a caller that times the hands.
    The moves are recorded as they are made, where pokerlab's loop counts them: an append a move,
    against about a millisecond pokerkit takes to make one.
    """
    new_state = new_state or pokerkit_factory(game)
    rng = random.Random(seed)
    run = GameRun()
    saved = random.getstate()
    random.seed(seed)  # pokerkit shuffles with the random module's own generator: the same decks every run
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit warns on some legal moves it finds pointless
            _pokerkit_hands(new_state, hands, rng, run)
    finally:
        random.setstate(saved)  # the caller's generator as it was
    run.decisions = sum(len(m) for m in run.moves)
    return run


def _pokerkit_hands(new_state: Callable[[], Any], hands: int, rng: random.Random, run: GameRun) -> None:
    """The loop of :func:`play_pokerkit`: the policy on pokerkit's ``State``, one hand after another."""
    for _ in range(hands):
        state = new_state()
        moves: list[Move] = []
        while state.status:
            if state.can_post_bring_in():
                choices = ["bring_in"]
            elif state.checking_or_calling_amount == 0:
                choices = ["check_or_call"]
            else:
                choices = ["fold", "check_or_call"]
            if state.can_complete_bet_or_raise_to():
                choices.append("raise")
            choice = choices[rng.randrange(len(choices))]
            if choice == "raise":
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                to = rng.randint(low, high)
                state.complete_bet_or_raise_to(to)
                moves.append(to)
            elif choice == "bring_in":
                state.post_bring_in()
                moves.append("b")
            elif choice == "fold":
                state.fold()
                moves.append("f")
            else:
                state.check_or_call()
                moves.append("c")
        run.chips.append(sum(state.stacks))
        run.moves.append(tuple(moves))


# --------------------------------------------------------------------------- the bench's contenders


def pokerlab_game(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerlab: ``config.game_hands`` hands on ``State`` per run, the same seed every run.

    Its result adds the moves of the hands pokerkit plays, from an untimed replay of the same seed.
    """
    game = GAMES[case.id]
    last: dict[str, GameRun] = {}

    def run() -> None:
        last["v"] = play_pokerlab(game, config.game_hands, config.seed)

    def result() -> GameRun:
        traced = play_pokerlab(game, config.game_peer_hands, config.seed, traced=config.game_peer_hands)
        return GameRun(last["v"].chips, last["v"].decisions, traced.moves)

    call = "State(variant, stacks, button, seed) + random_action(state, rng) until done"
    return Contender(call, run, result, config.game_hands)


def pokerkit_game(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerkit: ``config.game_peer_hands`` hands on its ``State`` per run (it is much slower)."""
    game = GAMES[case.id]
    new_state = pokerkit_factory(game)
    last: dict[str, GameRun] = {}

    def run() -> None:
        last["v"] = play_pokerkit(game, config.game_peer_hands, config.seed, new_state)

    call = f"{game.pokerkit_class}.create_state(...) + the same policy until state.status is False"
    return Contender(call, run, lambda: last["v"], config.game_peer_hands)


def _describe(moves: tuple[Move, ...], k: int) -> str:
    if k >= len(moves):
        return "the hand over"
    move = moves[k]
    return f"to {move}" if isinstance(move, int) else {"f": "fold", "c": "check or call", "b": "bring-in"}[move]


def check_game(case: Case, result: GameRun, reference: GameRun | None) -> tuple[bool, str]:
    """Every hand ended with the chips dealt; against pokerlab, pokerlab's moves in every hand.

    >>> from pokerlab.simulate.bench.cases import select_cases
    >>> nlhe = select_cases(["game-nlhe"])[0]
    >>> check_game(nlhe, GameRun([1200, 1200], 21), None)
    (True, 'chips conserved in all 2 hands, 10.5 decisions a hand')
    >>> check_game(nlhe, GameRun([1200, 1190], 12), None)[1]
    '1 of 2 hands ended with other than the 1,200 chips dealt'
    >>> check_game(nlhe, GameRun([1200], 3, [("c", 6, "f")]), GameRun([1200], 3, [("c", 8, "f")]))[1]
    "hand 1, move 2: to 6, pokerlab's to 8: NOT the same game or policy"
    """
    game = GAMES[case.id]
    total = game.players * game.stack
    hands = len(result.chips)
    if not hands:
        return False, "no hands played"
    lost = sum(1 for chips in result.chips if chips != total)
    if lost:
        return False, f"{lost:,} of {hands:,} hands ended with other than the {total:,} chips dealt"
    what = f"chips conserved in all {hands:,} hands, {result.decisions / hands:.1f} decisions a hand"
    if reference is None:
        return True, what
    if len(result.moves) != hands or len(reference.moves) < hands:
        return False, f"{len(result.moves):,} of {hands:,} hands traced, pokerlab {len(reference.moves):,}: no check"
    for number, (theirs, ours) in enumerate(zip(result.moves, reference.moves), 1):
        if theirs != ours:
            k = next((i for i, (a, b) in enumerate(zip(theirs, ours)) if a != b), min(len(theirs), len(ours)))
            mine, other = _describe(theirs, k), _describe(ours, k)
            return False, f"hand {number}, move {k + 1}: {mine}, pokerlab's {other}: NOT the same game or policy"
    return True, f"{what}, pokerlab's moves in every one (amounts included)"
