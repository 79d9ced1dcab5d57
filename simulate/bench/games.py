"""The game-engine rows of ``pokerlab bench``: random hands played deal to payout, pokerlab against pokerkit.

Each row is one game declared twice, once per engine, with the same table: the
players, the stacks, the blinds or antes and bring-in, the limits. Each engine
shuffles its own decks, from the same seed every run (pokerkit shuffles with the
``random`` module's generator: it is seeded for the run and restored after), and
both play the same policy, every decision drawn from a seeded ``random.Random``,
legal moves only:

- with a free check, check or bet (never fold);
- facing a bet, fold, call or raise;
- a stud player to bring in posts the bring-in or completes;
- a bet or raise amount uniform over the legal range.

pokerlab's side is :func:`~pokerlab.simulate.game.random_play.random_action` on a
:class:`~pokerlab.simulate.game.State`; pokerkit's is the same policy on its
``State`` with every dealer step automated. Stud is played without the open-pair
big bet on fourth street (pokerlab's option, a rule pokerkit does not have:
docs/rules.md 13.7), so both engines play one game. A run records, per hand, the
decisions made and the chips on the table at the end; :func:`check_game` then
checks (untimed) that every hand finished with the chips it started with, and
that the two engines made about as many decisions a hand, the sign that they
played the same game with the same policy. ``benchmarks/game_speed.py`` plays
the no-limit row's hands through the same functions.

>>> played = play_pokerlab(GAMES["game-nlhe"], 3, seed=1)
>>> len(played), {chips for _, chips in played}
(3, {1200})
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .cases import BenchConfig, Case, Contender, Hands

Played = list[tuple[int, int]]  # per hand: (decisions, chips on the table at the end)


@dataclass(frozen=True)
class Game:
    """One game-engine row: the table, pokerlab's variant, and pokerkit's game class and arguments.

    ``pokerkit_args`` are what ``create_state`` takes between the automations
    and the starting stacks (ante trimming, antes, then blinds and minimum bet,
    or bring-in and the two limits), in pokerkit's order.
    """

    id: str
    title: str
    players: int
    stack: int
    variant: Callable[[], Any]  # () -> pokerlab Variant (imported lazily: kept out of bench's import)
    pokerkit_class: str
    pokerkit_args: tuple
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
    from ..game.variants import stud_streets

    # pokerkit plays fourth street at the small bet even with an open pair: the same streets without that option.
    game = seven_card_stud(ante=1, bring_in=1, small_bet=2, big_bet=4)
    return replace(game, name=game.name + ", no open-pair big bet", streets=stud_streets(False))


GAMES = {
    g.id: g
    for g in (
        Game("game-nlhe", "6-max no-limit hold'em, random play", 6, 200, _nlhe, "NoLimitTexasHoldem",
             (True, 0, (1, 2), 2), "blinds 1/2, 100 big blinds"),
        Game("game-plo", "6-max pot-limit Omaha, random play", 6, 200, _plo, "PotLimitOmahaHoldem",
             (True, 0, (1, 2), 2), "blinds 1/2, 100 big blinds"),
        Game("game-stud", "6-player seven-card stud, random play", 6, 200, _stud, "FixedLimitSevenCardStud",
             (True, 1, 1, 2, 4), "ante 1, bring-in 1, limits 2/4, 50 big bets"),
    )
}  # fmt: skip


def play_pokerlab(game: Game, hands: int, seed: int) -> Played:
    """``hands`` random hands on pokerlab's ``State``, the button moving round; per hand (decisions, chips).

    >>> [chips for _, chips in play_pokerlab(GAMES["game-stud"], 2, seed=3)]
    [1200, 1200]
    """
    from ..game import State
    from ..game.random_play import random_action

    variant = game.pokerlab_variant()
    stacks = [game.stack] * game.players
    rng = random.Random(seed)
    played = []
    for h in range(hands):
        hand = State(variant, stacks, button=h % game.players, seed=rng.getrandbits(62))
        decisions = 0
        while hand.phase != "done":
            random_action(hand, rng)
            decisions += 1
        played.append((decisions, sum(hand.stacks)))
    return played


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


def play_pokerkit(game: Game, hands: int, seed: int, new_state: Callable[[], Any] | None = None) -> Played:
    """``hands`` random hands on pokerkit's ``State`` with pokerlab's policy; per hand (decisions, chips).

    ``new_state`` is :func:`pokerkit_factory`'s function, built once by a caller that times the hands.
    """
    new_state = new_state or pokerkit_factory(game)
    rng = random.Random(seed)
    played = []
    saved = random.getstate()
    random.seed(seed)  # pokerkit shuffles with the random module's own generator: the same decks every run
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit warns on some legal moves it finds pointless
            _pokerkit_hands(new_state, hands, rng, played)
    finally:
        random.setstate(saved)  # the caller's generator as it was
    return played


def _pokerkit_hands(new_state: Callable[[], Any], hands: int, rng: random.Random, played: Played) -> None:
    """The loop of :func:`play_pokerkit`: the policy on pokerkit's ``State``, one hand after another."""
    for _ in range(hands):
        state = new_state()
        decisions = 0
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
                state.complete_bet_or_raise_to(rng.randint(low, high))
            elif choice == "bring_in":
                state.post_bring_in()
            elif choice == "fold":
                state.fold()
            else:
                state.check_or_call()
            decisions += 1
        played.append((decisions, sum(state.stacks)))


# --------------------------------------------------------------------------- the bench's contenders


def pokerlab_game(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerlab: ``config.game_hands`` hands on ``State`` per run, the same seed every run."""
    game = GAMES[case.id]
    last: dict[str, Played] = {}

    def run() -> None:
        last["v"] = play_pokerlab(game, config.game_hands, config.seed)

    call = "State(variant, stacks, button, seed) + random_action(state, rng) until done"
    return Contender(call, run, lambda: last["v"], config.game_hands)


def pokerkit_game(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerkit: ``config.game_peer_hands`` hands on its ``State`` per run (it is much slower)."""
    game = GAMES[case.id]
    new_state = pokerkit_factory(game)
    last: dict[str, Played] = {}

    def run() -> None:
        last["v"] = play_pokerkit(game, config.game_peer_hands, config.seed, new_state)

    call = f"{game.pokerkit_class}.create_state(...) + the same policy until state.status is False"
    return Contender(call, run, lambda: last["v"], config.game_peer_hands)


SIGMAS = 5.0  # how far apart the two engines' mean decisions a hand may be, in standard errors


def _mean_and_error(values: list[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, math.sqrt(variance / n)


def check_game(case: Case, result: Played, reference: Played | None) -> tuple[bool, str]:
    """Every hand ended with the chips it started with; against pokerlab, about as many decisions a hand.

    >>> from pokerlab.simulate.bench.cases import select_cases
    >>> nlhe = select_cases(["game-nlhe"])[0]
    >>> check_game(nlhe, [(9, 1200), (12, 1200)], None)
    (True, 'chips conserved in all 2 hands, 10.5 decisions a hand')
    >>> check_game(nlhe, [(9, 1200), (3, 1190)], None)[1]
    '1 of 2 hands ended with other than the 1,200 chips dealt'
    """
    game = GAMES[case.id]
    total = game.players * game.stack
    if not result:
        return False, "no hands played"
    lost = sum(1 for _, chips in result if chips != total)
    if lost:
        return False, f"{lost:,} of {len(result):,} hands ended with other than the {total:,} chips dealt"
    mean, error = _mean_and_error([d for d, _ in result])
    what = f"chips conserved in all {len(result):,} hands, {mean:.1f} decisions a hand"
    if reference is None:
        return True, what
    ours, our_error = _mean_and_error([d for d, _ in reference])
    z = abs(mean - ours) / max(math.hypot(error, our_error), 1e-9)
    ok = z <= SIGMAS
    return ok, f"{what} (pokerlab {ours:.1f}, {z:.1f} standard errors apart)" + (
        "" if ok else f": NOT the same game or policy (limit {SIGMAS:g})"
    )
