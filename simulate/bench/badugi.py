"""The badugi contenders (cases ``bd-batch``, ``bd-call``, ``bd-draw``): pokerlab's ``badugi`` ruleset and its draw
odds, and pokerkit's ``BadugiHand``.

pokerkit's hand objects compare by strength, so they are the values checked against pokerlab's order. No peer
computes draw odds: on ``bd-draw`` pokerkit, like pokerlab's own per-call loop, ranks every replacement draw of
each spot one ``BadugiHand.from_game`` at a time, and its counts by class must equal :func:`draw_odds`'.

>>> from pokerlab.simulate.bench.cases import BenchConfig, select_cases
>>> case = select_cases(["bd-draw"])[0]
>>> draw_spots(case)
[('Ac 2d 3h Kh', 'Kh'), ('Ac 2d Kc Kd', 'Kc Kd')]
>>> found = pokerlab_draw(case, None, BenchConfig.named("tiny"))
>>> found.run(); found.result()[0]["Three-card hand"], found.work
(38, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import combinations
from math import comb
from typing import Any

from .adapters import keep, per_call, ruled_batch, ruled_call
from .cases import CARD_STRINGS, BenchConfig, Case, Contender, Hands, dealt

RULES = "badugi"
DrawCounts = list[dict[str, int]]  # per spot: final class -> draws (the nonzero ones)


def draw_spots(case: Case) -> list[tuple[str, str]]:
    """The (hand, discard) spots of ``bd-draw``: its one player text, ``"HAND/DISCARD; HAND/DISCARD"``."""
    return [(hand, discard) for hand, _, discard in (s.partition("/") for s in case.players[0].split("; "))]


#: pokerlab's ``evaluate_batch(rules="badugi")`` builder, on one thread or all of them (``pokerlab_batch(True)``).
pokerlab_batch = partial(ruled_batch, RULES)
#: pokerlab's ``evaluate(ids, rules="badugi")`` of one hand per call, in a Python loop.
pokerlab_call = ruled_call(RULES)


def pokerkit_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``BadugiHand.from_game(cards)`` per hand, in a Python loop (on ``pokerkit_hands`` hands)."""
    from pokerkit import BadugiHand

    native = [_pokerkit_cards(h) for h in dealt(hands).ids[: config.pokerkit_hands]]
    return per_call("BadugiHand.from_game(4 Card)", BadugiHand.from_game, native)


def _pokerkit_cards(ids: list[int]) -> list[Any]:
    from pokerkit import Card

    return [next(iter(Card.parse(CARD_STRINGS[c]))) for c in ids]


def _draws(hand: str, discard: str) -> tuple[list[int], list[tuple[int, ...]]]:
    """The kept cards of a spot and every draw of as many cards from the unseen 48."""
    from ...evaluator.cards import parse_cards  # timed by measure_startup: kept out of bench's import

    ids, thrown = parse_cards(hand), parse_cards(discard)
    unseen = [c for c in range(52) if c not in ids]
    return [c for c in ids if c not in thrown], list(combinations(unseen, len(thrown)))


def pokerlab_draw(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``draw_odds(hand, discard, rules="badugi")`` of every spot of the case (:func:`draw_spots`)."""
    from ..draw import draw_odds  # timed by measure_startup: kept out of bench's import

    last: dict[str, Any] = {}
    spots = draw_spots(case)

    def run() -> None:
        odds = [draw_odds(hand, discard, rules=RULES) for hand, discard in spots]
        keep(last, "v", [{k: v for k, v in o.counts.items() if v} for o in odds])

    return Contender(f"draw_odds(hand, discard, rules={RULES!r}) per spot", run, lambda: last["v"], len(spots))


def pokerlab_draw_plain(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``evaluate(kept + drawn, rules="badugi")`` of every replacement draw of each spot, in a Python loop."""
    from ... import evaluator  # timed by measure_startup: kept out of bench's import
    from ..draw import draw_classes  # timed by measure_startup: kept out of bench's import

    classes = draw_classes(RULES)
    spots = [_draws(hand, discard) for hand, discard in draw_spots(case)]

    def name(kept: list[int], drawn: tuple[int, ...]) -> str:
        return classes.names[int(classes.of_value[evaluator.evaluate([*kept, *drawn], rules=RULES)])]

    return _counting("evaluate(kept + drawn, rules='badugi') per draw", spots, name)


def pokerkit_draw(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``BadugiHand.from_game`` of every replacement draw of each spot, classed by its badugi's cards."""
    from pokerkit import BadugiHand

    spots = [(_pokerkit_cards(kept), [_pokerkit_cards(list(d)) for d in draws]) for kept, draws in
             (_draws(hand, discard) for hand, discard in draw_spots(case))]  # fmt: skip

    def name(kept: list[Any], drawn: list[Any]) -> str:
        cards = BadugiHand.from_game([*kept, *drawn]).cards
        if len(cards) < 4:
            return ("One-card hand", "Two-card hand", "Three-card hand")[len(cards) - 1]
        return f"{max((c.rank.value for c in cards), key='A23456789TJQK'.index)}-high badugi"

    return _counting("BadugiHand.from_game(kept + drawn) per draw", spots, name)


def _counting(call: str, spots: list[tuple[Any, Any]], name: Callable[[Any, Any], str]) -> Contender:
    """A contender that counts, per spot, the class ``name(kept, drawn)`` of every draw."""
    last: dict[str, Any] = {}

    def run() -> None:
        found: DrawCounts = []
        for kept, draws in spots:
            counts: dict[str, int] = {}
            for drawn in draws:
                key = name(kept, drawn)
                counts[key] = counts.get(key, 0) + 1
            found.append(counts)
        keep(last, "v", found)

    return Contender(call, run, lambda: last["v"], len(spots))


def check_draw(case: Case, result: DrawCounts, reference: DrawCounts | None) -> tuple[bool, str]:
    """pokerlab: every spot's draws counted once (C(48, discards)); a peer: pokerlab's counts, class by class.

    >>> from pokerlab.simulate.bench.cases import select_cases
    >>> check_draw(select_cases(["bd-draw"])[0], [{"Badugi": 1}], [{"Badugi": 2}])
    (False, 'OTHER counts than pokerlab')
    """
    if reference is None:
        expected = [comb(48, len(discard.split())) for _, discard in draw_spots(case)]
        ok = [sum(c.values()) for c in result] == expected
        what = f"{sum(expected):,} draws over {len(expected)} spots, each once"
        return ok, what if ok else f"WRONG number of draws: {[sum(c.values()) for c in result]}, not {expected}"
    ok = result == reference
    return ok, f"the same counts as pokerlab on {len(result)} spots" if ok else "OTHER counts than pokerlab"
