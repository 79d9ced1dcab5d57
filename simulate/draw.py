"""Draw odds (five-card draw and four-card badugi): what a draw makes, which cards to throw, and
draw-versus-draw equity.

Every draw is enumerated exactly: the unseen cards are the deck of the
ruleset minus the whole hand (discards stay out of play, docs/rules.md 4.6) and
any dead cards, and each way of drawing from them is equally likely. A draw is
one draw: the distribution of the hand after it, not of the hand after the
draws still to come.

>>> odds = draw_odds("Jh Jd 9c 6s 2h", discard="9c 6s 2h")
>>> round(odds.improve, 3)    # a pair drawing three improves 28.7 % of the time
0.287
>>> from fractions import Fraction
>>> Fraction(draw_odds("Ah Kh 7h 4h 2c", discard="2c").count("Flush"), 47)
Fraction(9, 47)
>>> Fraction(draw_odds("Ac 2d 3h 3s", discard="3s", rules="badugi").count("Badugi"), 48)   # ten spades, 4s to Ks
Fraction(5, 24)
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
from ..evaluator.variants import enumerate_variant_values, low_ranks
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

__all__ = [
    "DiscardOption",
    "DrawClasses",
    "DrawError",
    "DrawOdds",
    "best_discard",
    "draw_classes",
    "draw_equity",
    "draw_odds",
    "max_draw_for",
]

OBJECTIVES = ("strength", "category", "equity")
EXACT_PER_OPTION = 2e7  # best_discard by equity: joint draws enumerated per option before Monte Carlo takes over


@dataclass(frozen=True)
class DrawOdds:
    """Exact distribution of the final hand after one draw, by the classes of :func:`draw_classes`.

    >>> odds = draw_odds("Ah Kh 7h 4h 2c", discard="2c")  # four to a flush
    >>> odds.outcomes, odds.count("Flush"), round(odds.probability("Flush"), 4), odds.count("Five of a kind")
    (47, 9, 0.1915, 0)
    >>> odds = draw_odds("Ac 2d 3h Ks", discard="Ks", rules="badugi")   # 4s to 8s: five of 48 make 8-high or better
    >>> odds.count("8-high badugi"), odds.count("Badugi"), odds.at_least("8-high badugi") == 5 / 48
    (1, 9, True)
    """

    hand: str
    discard: str
    rules: str
    outcomes: int  # equally likely draws enumerated
    counts: dict[str, int]  # final class (draw_classes) -> draws, best class first
    improve: float  # chance the final class is better than the hand's class before the draw
    strength: float  # expected share of all five-card hands the final hand beats (ties count half)

    def _names(self, category: str) -> list[str]:
        """The classes of ``category``: itself, or the classes of a ruleset category (badugi's ``Badugi``)."""
        classes = draw_classes(self.rules)
        if category in self.counts:
            return [category]
        names = [n for n, c in zip(classes.names, classes.categories) if c == category]
        if not names:
            choices = ", ".join(dict.fromkeys([*self.counts, *classes.categories[::-1]]))
            raise DrawError(f"unknown category {category!r} for rules {self.rules!r}; choose from {choices}")
        return names

    def count(self, category: str) -> int:
        """Draws that end in ``category``: a class of :attr:`counts` or a ruleset category (0 when it cannot
        happen)."""
        if category not in self.counts and category not in draw_classes(self.rules).categories:
            return 0
        return sum(self.counts[n] for n in self._names(category))

    def probability(self, category: str) -> float:
        """Chance of ending in ``category``."""
        return self.count(category) / self.outcomes

    def at_least(self, category: str) -> float:
        """Chance of ending in ``category`` or better (a ruleset category: its worst class or better)."""
        names = list(self.counts)
        last = max(names.index(n) for n in self._names(category))
        return sum(self.counts[n] for n in names[: last + 1]) / self.outcomes

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, with probabilities next to the counts."""
        data = asdict(self)
        data["probabilities"] = {k: v / self.outcomes for k, v in self.counts.items()}
        return data


@dataclass(frozen=True)
class DrawClasses:
    """The classes a draw's final hands are counted in, worst first, and the class of every value.

    A ruleset's categories (``value >> 12``), except badugi, whose four-card badugis are split by their top
    card (aces low): ``K-high badugi`` up to ``4-high badugi``, above the three-, two- and one-card hands.

    >>> classes = draw_classes("badugi")
    >>> classes.names[2:4], classes.names[-1], classes.categories[-1], len(classes.names)
    (('Three-card hand', 'K-high badugi'), '4-high badugi', 'Badugi', 13)
    """

    names: tuple[str, ...]
    categories: tuple[str, ...]  # each class's ruleset category
    of_value: np.ndarray  # value -> index into names


@cache
def draw_classes(rules_name: str) -> DrawClasses:
    """The :class:`DrawClasses` of a ruleset (cached).

    >>> from pokerlab.evaluator import evaluate
    >>> classes = draw_classes("badugi")
    >>> classes.names[classes.of_value[evaluate("8c 5d 2h As", rules="badugi")]]
    '8-high badugi'
    >>> draw_classes("high").names == get_rules("high").categories
    True
    """
    r = get_rules(rules_name)
    of_value = np.arange(1 << 16, dtype=np.int64) >> CATEGORY_SHIFT
    if 5 in r.hand_sizes:  # only four-card badugi splits its top category by the top card
        return DrawClasses(r.categories, r.categories, of_value)
    badugi = len(r.categories) - 1  # the top category: four cards; its values split by the top card
    tops = range(11, 1, -1)  # card ranks K (11) down to 4 (2): a four-card badugi's top card, aces low
    names = (*r.categories[:badugi], *(f"{'23456789TJQKA'[t]}-high badugi" for t in tops))
    values = np.nonzero(enumerate_variant_values(r, 4))[0]
    for v in values[values >> CATEGORY_SHIFT == badugi]:
        of_value[v] = badugi + 11 - low_ranks(int(v), r)[0]
    categories = (*r.categories[:badugi], *[r.categories[badugi]] * len(tops))
    return DrawClasses(names, categories, of_value)


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
    counts = enumerate_values(5) if not rules.spec.variant else enumerate_variant_values(rules, n)
    hist = np.zeros(1 << 16)
    hist[: len(counts)] = counts
    below = np.cumsum(hist) - hist
    strength: np.ndarray = (below + hist / 2) / hist.sum()
    return strength


def draw_odds(
    hand: str | Sequence[int],
    discard: str | Sequence[int] | None = None,
    rules: str = "high",
    dead: str | Sequence[int] | None = None,
    *,
    max_draw: int | None = None,
    four_with_ace: bool = False,
) -> DrawOdds:
    """Exact distribution of the final hand's class (:func:`draw_classes`) after discarding ``discard`` and
    drawing once.

    ``hand`` is five cards, four under ``badugi``. ``max_draw`` defaults to 3 (5 in lowball, 4 in badugi);
    ``four_with_ace`` allows four
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
    values, _ = final_values(kept, unseen, len(thrown), r, with_masks=False)
    classes = draw_classes(r.name)
    final = classes.of_value[values]
    per_class = np.bincount(final, minlength=len(classes.names))
    counts = {classes.names[c]: int(per_class[c]) for c in range(len(classes.names) - 1, -1, -1)}
    before = classes.of_value[int(evaluate_batch(np.array([ids], dtype=np.uint8), rules=r.name)[0])]
    improve = float((final > before).mean())
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


def best_discard(  # noqa: PLR0913  (public API: the documented keywords)
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
    """Every legal discard (up to 32; 16 of badugi's four cards) ranked by ``objective``, best first.

    Objectives: ``strength`` (expected share of all five-card hands the final
    hand beats; badugi: four-card hands), ``category`` (chance of reaching ``target`` or better), and
    ``equity`` (draw-versus-draw equity against ``opponent`` = (hand,
    discard); exact when small, else Monte Carlo with ``trials`` and ``seed``).

    >>> best_discard("Ah Kh Qh Jh 3c")[0].discard
    '3c'
    >>> best_discard("Ac 2d 3h Kh", rules="badugi")[0].discard   # keep the three-card A-2-3, draw one
    'Kh'
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
    for n in range(len(ids) + 1):
        for picks in combinations(len(ids), n):
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
                # One thread: the runs are many and small, and handing blocks to threads costs more than it saves.
                result = draw_equity(
                    [(ids, thrown), *versus], rules=r.name, dead=dead, trials=trials, seed=seed, threads=1,
                    max_draw=limit, four_with_ace=four_with_ace, max_exact=EXACT_PER_OPTION,
                )  # fmt: skip
                score = result.players[0].equity
            kept = [c for c in ids if c not in thrown]
            options.append(DiscardOption(format_cards(thrown, " "), format_cards(kept, " "), score, odds))
    options.sort(key=lambda o: -o.score)
    return options
