"""pokerkit's contenders: its hand classes one hand per call, and its Monte Carlo ``calculate_equities``.

pokerkit's hand objects compare by strength, so they are the values checked against pokerlab's order.
"""

from __future__ import annotations

from typing import Any

from .adapters import EquityOutcome, per_call
from .cases import CARD_STRINGS, BenchConfig, Case, Contender, Hands, dealt


def _deck() -> list[Any]:
    """pokerkit's ``Card`` of every pokerlab card id."""
    from pokerkit import Card

    return [next(iter(Card.parse(s))) for s in CARD_STRINGS]


def pokerkit_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``StandardHighHand.from_game`` per hand, in a Python loop (on ``pokerkit_hands`` hands)."""
    from pokerkit import StandardHighHand

    deck = _deck()
    native = [tuple(deck[c] for c in h) for h in dealt(hands).ids[: config.pokerkit_hands]]
    return per_call(f"StandardHighHand.from_game(tuple of {case.n_cards} Card)", StandardHighHand.from_game, native)


def pokerkit_omaha(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``OmahaHoldemHand.from_game(hole, board)`` per hand, in a Python loop (on ``pokerkit_hands`` hands)."""
    from pokerkit import OmahaHoldemHand

    deck = _deck()
    native = [(tuple(deck[c] for c in h[:4]), tuple(deck[c] for c in h[4:])) for h in dealt(hands).ids]
    native = native[: config.pokerkit_hands]

    def loop() -> None:
        for hole, board in native:
            OmahaHoldemHand.from_game(hole, board)

    return Contender(
        "OmahaHoldemHand.from_game(4 hole Card, 5 board Card)",
        loop,
        lambda: [OmahaHoldemHand.from_game(hole, board) for hole, board in native],
        len(native),
    )


def _calculate_equities(
    ranges: list[Any],
    board: tuple[Any, ...],
    hole_count: int,
    board_count: int,
    types: tuple[Any, ...],
    samples: int,
    shown: str,
) -> Contender:
    """``calculate_equities`` of ``samples`` samples; ``shown``: the arguments the report names before the types."""
    from pokerkit import Deck, calculate_equities

    last: dict[str, Any] = {}

    def run() -> None:
        eq = calculate_equities(ranges, board, hole_count, board_count, Deck.STANDARD, types, sample_count=samples)
        last["v"] = EquityOutcome(list(eq), samples)

    names = ", ".join(t.__name__ for t in types)
    return Contender(
        f"calculate_equities(..., {shown}({names}), sample_count={samples})", run, lambda: last["v"], samples
    )


def pokerkit_omaha_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """Omaha by ``calculate_equities``: four hole cards, a five-card board, ``pokerkit_hands`` samples."""
    from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand

    types = (OmahaHoldemHand, OmahaEightOrBetterLowHand) if case.rules == "omaha-hilo" else (OmahaHoldemHand,)
    ranges = [[tuple(Card.parse(p))] for p in case.players]
    board = tuple(Card.parse(case.board))
    return _calculate_equities(ranges, board, 4, 5, types, config.pokerkit_hands, "")


def pokerkit_stud_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """Stud by ``calculate_equities``: seven hole cards and no board, ``pokerkit_hands`` samples."""
    from pokerkit import Card, EightOrBetterLowHand, RegularLowHand, StandardHighHand

    types = {"stud": (StandardHighHand,), "stud-hilo": (StandardHighHand, EightOrBetterLowHand),
             "razz": (RegularLowHand,)}[case.rules]  # fmt: skip
    ranges = [[tuple(Card.parse(p.replace(" ", "")))] for p in case.players]
    return _calculate_equities(ranges, (), 7, 0, types, config.pokerkit_hands, "7, 0, ..., ")
