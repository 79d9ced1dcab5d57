"""The per-call peers' contenders: pkrbot, eval7, phevaluator and treys one hand per call, eval7's Monte Carlo.

phevaluator and treys rank smaller as stronger: their values are negated into pokerlab's higher-is-better.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .adapters import Builder, EquityOutcome, per_call
from .cases import CARD_STRINGS, BenchConfig, Case, Contender, Hands, dealt


def card_list_call(module: str, config_hands: Callable[[BenchConfig], int] = lambda c: c.call_hands) -> Builder:
    """``module.evaluate(list of module.Card)`` per hand, in a Python loop: pkrbot's and eval7's call."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        lib = __import__(module)
        deck = [lib.Card(s) for s in CARD_STRINGS]
        native = [[deck[c] for c in h] for h in dealt(hands).ids[: config_hands(config)]]
        return per_call(f"{module}.evaluate(list of {case.n_cards} Card)", lib.evaluate, native)

    return build


def _check_phevaluator_ids(card: Any) -> None:
    """phevaluator is given pokerlab's card ids as they are: refuse it if its ids ever differ."""
    if card("As").id_ != CARD_STRINGS.index("As") or card("2d").id_ != CARD_STRINGS.index("2d"):
        raise RuntimeError("phevaluator's card ids differ from pokerlab's")


def phevaluator_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``evaluate_cards(*ids)`` per hand, in a Python loop."""
    from phevaluator import Card, evaluate_cards

    _check_phevaluator_ids(Card)
    native = [tuple(h) for h in dealt(hands).ids[: config.call_hands]]

    def loop() -> None:
        for h in native:
            evaluate_cards(*h)

    # phevaluator: smaller is stronger
    return Contender(
        f"evaluate_cards(*{case.n_cards} ids)", loop, lambda: [-evaluate_cards(*h) for h in native], len(native)
    )


def phevaluator_omaha(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``evaluate_omaha_cards(*board, *hole)`` per hand, in a Python loop."""
    from phevaluator import Card, evaluate_omaha_cards

    _check_phevaluator_ids(Card)
    # phevaluator takes the five board cards first, then the four hole cards.
    native = [tuple(h[4:] + h[:4]) for h in dealt(hands).ids[: config.call_hands]]

    def loop() -> None:
        for h in native:
            evaluate_omaha_cards(*h)

    # phevaluator: smaller is stronger
    return Contender(
        "evaluate_omaha_cards(*5 board ids, *4 hole ids)",
        loop,
        lambda: [-evaluate_omaha_cards(*h) for h in native],
        len(native),
    )


def treys_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``Evaluator().evaluate(hole, board)`` per hand, in a Python loop (on ``slow_hands`` hands)."""
    from treys import Card, Evaluator

    f = Evaluator().evaluate
    deck = [Card.new(s) for s in CARD_STRINGS]
    native = [([deck[c] for c in h[:2]], [deck[c] for c in h[2:]]) for h in dealt(hands).ids[: config.slow_hands]]

    def loop() -> None:
        for hole, board in native:
            f(hole, board)

    # treys: smaller is stronger
    return Contender(
        f"Evaluator().evaluate(2 hole, {case.n_cards - 2} board ints)",
        loop,
        lambda: [-f(hole, board) for hole, board in native],
        len(native),
    )


def eval7_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``eval7.py_hand_vs_range_monte_carlo(hero, villain, board, trials)``: heads-up, a hand against a range.

    eval7 deals the villain's combos in turn (not at random) and the board at random; it reports the
    hero's equity only.
    """
    import eval7

    hero_text, villain_text = case.players
    if villain_text != "random":
        raise NotImplementedError("only a hand against 'random' is set up for eval7")
    deck = [eval7.Card(s) for s in CARD_STRINGS]
    hero = [eval7.Card(hero_text[:2]), eval7.Card(hero_text[2:])]
    board = [eval7.Card(case.board[i : i + 2]) for i in range(0, len(case.board), 2)]
    dead = {str(c) for c in hero + board}
    villain = [
        ((deck[a], deck[b]), 1.0)
        for b in range(52)
        for a in range(b)
        if CARD_STRINGS[a] not in dead and CARD_STRINGS[b] not in dead
    ]
    trials = config.hu_trials
    last: dict[str, Any] = {}

    def run() -> None:
        e = float(eval7.py_hand_vs_range_monte_carlo(hero, villain, board, trials))
        last["v"] = EquityOutcome([e, 1.0 - e], trials)

    call = f"py_hand_vs_range_monte_carlo(hero, {len(villain):,} combos, board, {trials:,})"
    return Contender(call, run, lambda: last["v"], trials)
