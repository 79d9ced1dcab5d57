"""The short-deck contenders (cases ``sd-batch``, ``sd-call``, ``sd-mc``): pokerlab's evaluator and equity under the
short deck's rules, and pokerkit's ``ShortDeckHoldemHand`` and ``calculate_equities`` on its 36-card deck.

pokerkit's hand objects compare by strength, so they are the values checked against pokerlab's order; its
Monte Carlo equities are checked within a few standard errors of pokerlab's.

>>> from pokerlab.simulate.bench.cases import BenchConfig, deal, select_cases
>>> case = select_cases(["sd-call"])[0]
>>> pokerlab_call(case, deal(case, BenchConfig.named("tiny")), BenchConfig.named("tiny")).call
"evaluate(list of 7 ids, rules='short-deck')"
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .adapters import EquityOutcome, keep, ruled_batch, ruled_call
from .cases import CARD_STRINGS, BenchConfig, Case, Contender, Hands, dealt

RULES = "short-deck"


#: pokerlab's ``evaluate_batch(rules="short-deck")`` builder, on one thread or all of them (``pokerlab_batch(True)``).
pokerlab_batch = partial(ruled_batch, RULES)
#: pokerlab's ``evaluate(ids, rules="short-deck")`` of one hand per call, in a Python loop.
pokerlab_call = ruled_call(RULES)


def pokerkit_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``ShortDeckHoldemHand.from_game(hole, board)`` per hand, in a Python loop (on ``pokerkit_hands`` hands)."""
    from pokerkit import Card, ShortDeckHoldemHand

    deck = [next(iter(Card.parse(s))) for s in CARD_STRINGS]
    native = [(tuple(deck[c] for c in h[:2]), tuple(deck[c] for c in h[2:])) for h in dealt(hands).ids]
    native = native[: config.pokerkit_hands]

    def loop() -> None:
        for hole, board in native:
            ShortDeckHoldemHand.from_game(hole, board)

    return Contender(
        "ShortDeckHoldemHand.from_game(2 hole Card, 5 board Card)",
        loop,
        lambda: [ShortDeckHoldemHand.from_game(hole, board) for hole, board in native],
        len(native),
    )


def pokerlab_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``equity(game="short-deck", method="mc")`` of ``pokerkit_hands`` trials (as many as pokerkit gets samples)."""
    from ..equity.short_deck import short_deck_equity  # timed by measure_startup: kept out of bench's import

    players, trials = list(case.players), config.pokerkit_hands
    last: dict[str, Any] = {}

    def run() -> None:
        r = short_deck_equity(players, case.board, method="mc", trials=trials, seed=1, threads=1)
        stderrs = [p.stderr for p in r.players if p.stderr is not None]
        keep(last, "v", EquityOutcome([p.equity for p in r.players], r.trials or 0, stderrs or None))

    call = f"equity({players!r}, {case.board!r}, game={RULES!r}, method='mc', trials={trials}, threads=1)"
    return Contender(call, run, lambda: last["v"], trials)  # its last block is short: exactly ``trials`` deals


def pokerkit_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``calculate_equities`` on pokerkit's short deck: two hole cards, the board, ``pokerkit_hands`` samples."""
    from pokerkit import Card, Deck, ShortDeckHoldemHand, calculate_equities

    ranges = [[tuple(Card.parse(p))] for p in case.players]
    board = tuple(Card.parse(case.board))
    samples = config.pokerkit_hands
    last: dict[str, Any] = {}

    def run() -> None:
        eq = calculate_equities(ranges, board, 2, 5, Deck.SHORT_DECK_HOLDEM, (ShortDeckHoldemHand,),
                                sample_count=samples)  # fmt: skip
        keep(last, "v", EquityOutcome(list(eq), samples))

    call = f"calculate_equities(..., 2, 5, Deck.SHORT_DECK_HOLDEM, (ShortDeckHoldemHand,), sample_count={samples})"
    return Contender(call, run, lambda: last["v"], samples)
