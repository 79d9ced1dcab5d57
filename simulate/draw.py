"""Five-card draw odds: what a draw makes, which cards to throw, and draw-versus-draw equity.

Every draw is enumerated exactly: the unseen cards are the deck of the
ruleset minus the whole hand (discards stay out of play, docs/rules.md 4.6) and
any dead cards, and each way of drawing from them is equally likely.

>>> odds = draw_odds("Jh Jd 9c 6s 2h", discard="9c 6s 2h")
>>> round(odds.improve, 3)    # a pair drawing three improves 28.7 % of the time
0.287
>>> from fractions import Fraction
>>> Fraction(draw_odds("Ah Kh 7h 4h 2c", discard="2c").count("Flush"), 47)
Fraction(9, 47)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

import numpy as np

from ..evaluator import enumerate_values, evaluate_batch
from ..evaluator.cards import format_cards, to_card_ids
from ..evaluator.hand_values import CATEGORY_SHIFT
from ..evaluator.rules import get_rules
from ..evaluator.variants import enumerate_variant_values
from .equity.draw import (
    DrawError,
    combinations,
    draw_equity,
    final_values,
    max_draw_for,
    parse_discard,
    parse_hand,
    unseen_cards,
)

__all__ = ["DiscardOption", "DrawError", "DrawOdds", "best_discard", "draw_equity", "draw_odds", "max_draw_for"]

OBJECTIVES = ("strength", "category", "equity")
EXACT_PER_OPTION = 2e7  # best_discard by equity: joint draws enumerated per option before Monte Carlo takes over


@dataclass(frozen=True)
class DrawOdds:
    """Exact distribution of the final hand after one draw.

    >>> odds = draw_odds("Ah Kh 7h 4h 2c", discard="2c")  # four to a flush
    >>> odds.outcomes, odds.count("Flush"), round(odds.probability("Flush"), 4), odds.count("Five of a kind")
    (47, 9, 0.1915, 0)
    """

    hand: str
    discard: str
    rules: str
    outcomes: int  # equally likely draws enumerated
    counts: dict[str, int]  # final category -> draws, best category first
    improve: float  # chance the final category is better than the hand's category before the draw
    strength: float  # expected share of all five-card hands the final hand beats (ties count half)

    def count(self, category: str) -> int:
        """Draws that end in ``category`` (0 when it cannot happen)."""
        return self.counts.get(category, 0)

    def probability(self, category: str) -> float:
        """Chance of ending in ``category``."""
        return self.count(category) / self.outcomes

    def at_least(self, category: str) -> float:
        """Chance of ending in ``category`` or better."""
        names = list(self.counts)
        if category not in names:
            raise DrawError(f"unknown category {category!r} for rules {self.rules!r}; choose from {', '.join(names)}")
        return sum(self.counts[n] for n in names[: names.index(category) + 1]) / self.outcomes

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, with probabilities next to the counts."""
        data = asdict(self)
        data["probabilities"] = {k: v / self.outcomes for k, v in self.counts.items()}
        return data


@cache
def strength_table(rules_name: str) -> np.ndarray:
    """For each value, the share of all five-card hands of the deck it beats (ties count half); badugi's
    four-card hands.

    >>> from pokerlab.evaluator import evaluate
    >>> round(float(strength_table("badugi")[evaluate("4c 3d 2h As", rules="badugi")]), 4)
    1.0
    """

    rules = get_rules(rules_name)
    n = 5 if 5 in rules.hand_sizes else rules.hand_sizes[0]
    counts = enumerate_values(5) if rules.kernel == "high" else enumerate_variant_values(rules, n)
    hist = np.zeros(1 << 16)
    hist[: len(counts)] = counts
    below = np.cumsum(hist) - hist
    return (below + hist / 2) / hist.sum()


def draw_odds(
    hand: str | Sequence[int],
    discard: str | Sequence[int] | None = None,
    rules: str = "high",
    dead: str | Sequence[int] | None = None,
    *,
    max_draw: int | None = None,
    four_with_ace: bool = False,
) -> DrawOdds:
    """Exact distribution of the final hand's category after discarding ``discard`` and drawing.

    ``max_draw`` defaults to 3 (5 in lowball); ``four_with_ace`` allows four
    when the kept cards include an ace (the docs/rules.md house rule). ``dead``
    cards are known to be out of the stub.

    >>> odds = draw_odds("Ah Kh 7h 4h 2c", "2c")
    >>> odds.outcomes, odds.count("Flush")
    (47, 9)
    """
    r = get_rules(rules)
    ids = parse_hand(hand, r)
    thrown = parse_discard(ids, discard, r, max_draw, four_with_ace)
    dead_ids = to_card_ids(dead, deck_size=r.deck_size) if dead else []
    clash = [c for c in dead_ids if c in ids]
    if clash:
        raise DrawError(f"dead card {format_cards(clash[:1])} is in the hand")
    kept = [c for c in ids if c not in thrown]
    unseen = unseen_cards(r, set(ids) | set(dead_ids))
    if len(thrown) > len(unseen):
        raise DrawError(f"drawing {len(thrown)} cards needs more than the {len(unseen)} unseen cards")
    values, _ = final_values(kept, unseen, len(thrown), r)
    per_category = np.bincount(values >> CATEGORY_SHIFT, minlength=len(r.categories))
    counts = {r.categories[c]: int(per_category[c]) for c in range(len(r.categories) - 1, -1, -1)}
    before = int(evaluate_batch(np.array([ids], dtype=np.uint8), rules=r.name)[0]) >> CATEGORY_SHIFT
    improve = float((values >> CATEGORY_SHIFT > before).mean())
    strength = float(strength_table(r.name)[values].mean())
    return DrawOdds(format_cards(ids, " "), format_cards(thrown, " "), r.name, len(values), counts, improve, strength)


@dataclass(frozen=True)
class DiscardOption:
    """One way to discard, scored by an objective (higher is better).

    >>> best = best_discard("Jh Jd 9c 6s 2h")[0]  # by expected strength: keep the pair
    >>> best.discard, best.keep, round(best.score, 4), best.odds.outcomes
    ('9c 6s 2h', 'Jh Jd', 0.8558, 16215)
    """

    discard: str
    keep: str
    score: float
    odds: DrawOdds


def best_discard(
    hand: str | Sequence[int],
    rules: str = "high",
    objective: str = "strength",
    *,
    target: str | None = None,
    opponent: tuple[str, str] | None = None,
    dead: str | Sequence[int] | None = None,
    max_draw: int | None = None,
    four_with_ace: bool = False,
    trials: int = 20_000,
    seed: int | None = 0,
) -> list[DiscardOption]:
    """Every legal discard (up to 32) ranked by ``objective``, best first.

    Objectives: ``strength`` (expected share of all five-card hands the final
    hand beats), ``category`` (chance of reaching ``target`` or better), and
    ``equity`` (draw-versus-draw equity against ``opponent`` = (hand,
    discard); exact when small, else Monte Carlo with ``trials`` and ``seed``).

    >>> best_discard("Ah Kh Qh Jh 3c")[0].discard
    '3c'
    """
    if objective not in OBJECTIVES:
        raise DrawError(f"unknown objective {objective!r}; choose from {', '.join(OBJECTIVES)}")
    if objective == "category" and not target:
        raise DrawError("objective 'category' needs a target category, e.g. target='Flush'")
    if objective == "equity" and not opponent:
        raise DrawError("objective 'equity' needs an opponent: (hand, discard)")
    versus = [opponent] if opponent else []  # the equity objective's opponent
    r = get_rules(rules)
    ids = parse_hand(hand, r)
    limit = max_draw_for(r) if max_draw is None else max_draw
    options = []
    for n in range(0, 6):
        for picks in combinations(5, n):
            thrown = [ids[i] for i in picks]
            try:
                parse_discard(ids, thrown, r, limit, four_with_ace)
            except DrawError:
                continue
            odds = draw_odds(ids, thrown, r.name, dead, max_draw=limit, four_with_ace=four_with_ace)
            if objective == "strength":
                score = odds.strength
            elif objective == "category":
                score = odds.at_least(str(target))
            else:
                result = draw_equity(
                    [(ids, thrown), *versus], rules=r.name, dead=dead, trials=trials, seed=seed, max_draw=limit,
                    four_with_ace=four_with_ace, max_exact=EXACT_PER_OPTION,
                )  # fmt: skip
                score = result.players[0].equity
            kept = [c for c in ids if c not in thrown]
            options.append(DiscardOption(format_cards(thrown, " "), format_cards(kept, " "), score, odds))
    options.sort(key=lambda o: -o.score)
    return options
