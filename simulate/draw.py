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

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from math import comb
from typing import Any

import numpy as np

from ..compiles import computing_seconds
from ..errors import PokerlabError
from ..evaluator import enumerate_values, evaluate_batch
from ..evaluator.cards import CardError, format_cards, to_card_ids
from ..evaluator.hand_values import CATEGORY_SHIFT
from ..evaluator.rules import Ruleset, get_rules
from ..evaluator.variants import enumerate_variant_values
from .equity.holdem_exact import outcome_shares
from .equity.options import EquityError, check_options
from .equity.result import EquityResult, PlayerEquity
from .equity.sampling import fresh_seed, standard_errors

ACE_RANK = 12
OBJECTIVES = ("strength", "category", "equity")
EXACT_PER_OPTION = 2e7  # best_discard by equity: joint draws enumerated per option before Monte Carlo takes over


class DrawError(PokerlabError, ValueError):
    """A draw that the hand or the rules do not allow; the message says which card and why."""


def max_draw_for(rules: Ruleset) -> int:
    """Default most cards a player may draw: 3 in high and wild-card draw (docs/rules.md 4.6), 5 in lowball."""
    return 5 if rules.kernel in ("ace-five", "deuce-seven", "ace-five-joker") else 3


@dataclass(frozen=True)
class DrawOdds:
    """Exact distribution of the final hand after one draw."""

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


def _parse_hand(hand: str | Sequence[int], rules: Ruleset) -> list[int]:
    try:
        return to_card_ids(hand, count=5, deck_size=rules.deck_size)
    except CardError as exc:
        raise DrawError(f"a draw hand is five cards: {exc}") from None


def _parse_discard(
    ids: list[int], discard: str | Sequence[int] | None, rules: Ruleset, max_draw: int | None, four_with_ace: bool
) -> list[int]:
    if discard is None or (isinstance(discard, str) and not discard.strip()):
        thrown: list[int] = []
    else:
        thrown = to_card_ids(discard, deck_size=rules.deck_size)
    for position, card in enumerate(thrown, start=1):
        if card not in ids:
            raise DrawError(
                f"discard {format_cards([card])} (position {position}) is not in the hand {format_cards(ids, ' ')}"
            )
    limit = max_draw_for(rules) if max_draw is None else max_draw
    kept = [c for c in ids if c not in thrown]
    keeps_ace = any(c < 52 and c >> 2 == ACE_RANK for c in kept)
    allowed = limit + 1 if four_with_ace and keeps_ace and limit == 3 else limit
    if len(thrown) > allowed:
        why = f"at most {limit}"
        if limit == 3:
            why += (
                ", or 4 when keeping an ace" if four_with_ace else "; the house rule four_with_ace allows 4 with an ace"
            )
        raise DrawError(f"drawing {len(thrown)} cards is more than the rules allow ({why})")
    return thrown


@cache
def _combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of a (C(n, k), k) uint8 array (cached)."""
    from ..evaluator.variant_kernels import next_combinations  # numba-compiled: imported on first use

    block = np.empty((comb(n, k), k), dtype=np.uint8)
    if k:
        next_combinations(np.arange(k, dtype=np.int64), n, block)
    block.flags.writeable = False
    return block


@cache
def strength_table(rules_name: str) -> np.ndarray:
    """For each value, the share of all five-card hands of the deck it beats (ties count half)."""

    rules = get_rules(rules_name)
    counts = enumerate_values(5) if rules.kernel == "high" else enumerate_variant_values(rules, 5)
    hist = np.zeros(1 << 16)
    hist[: len(counts)] = counts
    below = np.cumsum(hist) - hist
    return (below + hist / 2) / hist.sum()


def _unseen(rules: Ruleset, removed: set[int]) -> np.ndarray:
    return np.array([c for c in range(rules.deck_size) if c not in removed], dtype=np.uint8)


def final_values(kept: Sequence[int], unseen: np.ndarray, draws: int, rules: Ruleset) -> tuple[np.ndarray, np.ndarray]:
    """Values of ``kept`` plus every draw of ``draws`` cards from ``unseen``, with each draw's card mask."""
    idx = _combinations(len(unseen), draws)
    hands = np.empty((idx.shape[0], 5), dtype=np.uint8)
    hands[:, : len(kept)] = np.asarray(kept, dtype=np.uint8)
    drawn = unseen[idx]
    hands[:, len(kept) :] = drawn
    masks = np.zeros(idx.shape[0], dtype=np.uint64)
    for j in range(draws):
        masks |= np.left_shift(np.uint64(1), drawn[:, j].astype(np.uint64))
    values = evaluate_batch(hands, rules=rules.name, check=False)
    return values, masks


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
    ids = _parse_hand(hand, r)
    thrown = _parse_discard(ids, discard, r, max_draw, four_with_ace)
    dead_ids = to_card_ids(dead, deck_size=r.deck_size) if dead else []
    clash = [c for c in dead_ids if c in ids]
    if clash:
        raise DrawError(f"dead card {format_cards(clash[:1])} is in the hand")
    kept = [c for c in ids if c not in thrown]
    unseen = _unseen(r, set(ids) | set(dead_ids))
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
    """One way to discard, scored by an objective (higher is better)."""

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
    ids = _parse_hand(hand, r)
    limit = max_draw_for(r) if max_draw is None else max_draw
    options = []
    for n in range(0, 6):
        for picks in _combinations(5, n):
            thrown = [ids[i] for i in picks]
            try:
                _parse_discard(ids, thrown, r, limit, four_with_ace)
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


def _parse_player(player: str | tuple, rules: Ruleset) -> tuple[list[int], list[int]]:
    """``"HAND/DISCARD"`` or ``(hand, discard)`` -> (hand ids, discard ids)."""
    if isinstance(player, str):
        hand, _, discard = player.partition("/")
    else:
        hand, discard = player
    ids = _parse_hand(hand, rules)
    thrown = to_card_ids(discard, deck_size=rules.deck_size) if discard else []
    return ids, thrown


def draw_equity(
    players: Sequence[str | tuple],
    rules: str = "high",
    dead: str | Sequence[int] | None = None,
    *,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    max_draw: int | None = None,
    four_with_ace: bool = False,
    max_exact: float = 3e8,
) -> EquityResult:
    """Equity of two or more five-card draw hands, each with its discard, after one draw.

    ``players`` are ``"HAND/DISCARD"`` strings or ``(hand, discard)`` pairs.
    Exact when the joint draws number at most ``max_exact`` (``method='auto'``),
    otherwise Monte Carlo (``trials``, default 200,000, reproducible by ``seed``;
    under ``auto`` they apply only when the run is Monte Carlo).
    The result is the hold'em engine's :class:`~pokerlab.simulate.equity.engine.EquityResult`.

    >>> result = draw_equity(["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d"])
    >>> result.method, round(result.players[0].equity, 4)   # four to a royal against a pair of nines
    ('exact', 0.4593)
    """
    r = get_rules(rules)
    if len(players) < 2:
        raise EquityError(f"draw equity needs at least two players, got {len(players)}")
    check_options(trials, None, seed, None)
    parsed = [_parse_player(p, r) for p in players]
    seen: dict[int, int] = {}
    for index, (ids, thrown) in enumerate(parsed):
        for c in ids:
            if c in seen:
                raise EquityError(f"players {seen[c] + 1} and {index + 1} both hold {format_cards([c])}")
            seen[c] = index
        _parse_discard(ids, thrown, r, max_draw, four_with_ace)
    dead_ids = to_card_ids(dead, deck_size=r.deck_size) if dead else []
    for c in dead_ids:
        if c in seen:
            raise EquityError(f"dead card {format_cards([c])} is in player {seen[c] + 1}'s hand")
    unseen = _unseen(r, set(seen) | set(dead_ids))
    draws = [len(t) for _, t in parsed]
    if sum(draws) > len(unseen):
        raise EquityError(f"the draws need {sum(draws)} cards but only {len(unseen)} are unseen")
    joint = 1.0
    left = len(unseen)
    for k in draws:
        joint *= comb(left, k)
        left -= k
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"unknown method {method!r}; choose auto, exact or mc")
    exact = method == "exact" or (method == "auto" and joint <= max_exact)
    texts = [f"{format_cards(ids)}/{format_cards(t) or '-'}" for ids, t in parsed]
    start = time.perf_counter()
    if exact:
        wins, ties, share, total = _exact_draw_equity(parsed, unseen, r)
        result_players = [
            PlayerEquity(texts[i], 1, wins[i] / total, ties[i] / total, (wins[i] + share[i]) / total, wins[i], ties[i])
            for i in range(len(parsed))
        ]
        return EquityResult(result_players, "exact", float(total), computing_seconds(start), boards=int(total))
    return _mc_draw_equity(parsed, unseen, r, texts, trials or 200_000, seed, start)


def _exact_draw_equity(parsed, unseen, rules):
    """Wins, ties, tie shares per player and the number of joint draws, every one enumerated."""
    from .equity.postflop_kernels import score_deals  # numba-compiled: imported on first use

    values, masks, offsets = [], [], [0]
    for ids, thrown in parsed:
        kept = [c for c in ids if c not in thrown]
        v, m = final_values(kept, unseen, len(thrown), rules)
        values.append(v.astype(np.int64))
        masks.append(m)
        offsets.append(offsets[-1] + len(v))
    all_values = np.concatenate(values)
    # The joint draws are the deals of one draw per player with no card drawn twice.
    counts = np.zeros(1 << len(parsed), dtype=np.float64)
    total, _ = score_deals(
        np.array(offsets, dtype=np.int64), np.concatenate(masks), all_values, np.ones(len(all_values)), len(parsed),
        counts,
    )  # fmt: skip
    win_m, tie_m, share_m = outcome_shares(len(parsed))
    wins, ties, shares = counts @ win_m, counts @ tie_m, counts @ share_m
    return [int(w) for w in wins], [int(t) for t in ties], (shares - wins).tolist(), int(total)


def _mc_draw_equity(parsed, unseen, rules, texts, trials, seed, start) -> EquityResult:
    seed = fresh_seed() if seed is None else seed
    rng = np.random.default_rng(seed)
    n_players = len(parsed)
    wins = np.zeros(n_players)
    ties = np.zeros(n_players)
    share_sum = np.zeros(n_players)
    share_sq = np.zeros(n_players)
    block = 100_000
    done = 0
    while done < trials:
        size = min(block, trials - done)
        order = np.argsort(rng.random((size, len(unseen))), axis=1)
        stub = unseen[order]
        values = np.empty((n_players, size), dtype=np.int64)
        used = 0
        for p, (ids, thrown) in enumerate(parsed):
            kept = [c for c in ids if c not in thrown]
            hands = np.empty((size, 5), dtype=np.uint8)
            hands[:, : len(kept)] = np.asarray(kept, dtype=np.uint8)
            hands[:, len(kept) :] = stub[:, used : used + len(thrown)]
            used += len(thrown)
            values[p] = evaluate_batch(hands, rules=rules.name, check=False)
        best = values.max(axis=0)
        top = values == best
        n_top = top.sum(axis=0)
        share = top / n_top
        wins += (top & (n_top == 1)).sum(axis=1)
        ties += (top & (n_top > 1)).sum(axis=1)
        share_sum += share.sum(axis=1)
        share_sq += (share**2).sum(axis=1)
        done += size
    mean = share_sum / done
    stderr = standard_errors(mean, share_sq / done, done)
    result_players = [
        PlayerEquity(texts[i], 1, wins[i] / done, ties[i] / done, float(mean[i]), float(wins[i]), float(ties[i]),
                     float(stderr[i]))
        for i in range(n_players)
    ]  # fmt: skip
    return EquityResult(
        result_players, "mc", float(done), computing_seconds(start), trials=done, stderr=float(stderr.max()),
        seed=seed,
    )  # fmt: skip


__all__ = ["DiscardOption", "DrawError", "DrawOdds", "best_discard", "draw_equity", "draw_odds"]
