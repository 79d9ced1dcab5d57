"""The draw equity scorer: the hands and discards of a spot, and every draw dealt after them.

Every draw is enumerated exactly when the joint draws are few enough, otherwise sampled on the Monte Carlo
sampler every game shares (:func:`~.sampling.run_blocks`: block seeds, the standard-error stop, threads and
progress; the blocks dealt by :mod:`.draw_kernels`): the unseen cards are the deck of the ruleset minus the whole
hands (discards stay out of play, docs/rules.md 4.6) and any dead cards. :mod:`pokerlab.simulate.draw` builds
the odds of one draw and the best discard on these pieces.

>>> result = draw_equity(["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d"])
>>> result.method, result.game, round(result.players[0].equity, 4)
('exact', 'draw', 0.4593)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ...compiles import computing_seconds
from ...errors import PokerlabError
from ...evaluator import evaluate_batch
from ...evaluator.cards import CardError, format_cards, to_card_ids
from ...evaluator.rules import Ruleset, get_rules
from .options import EquityError, EquityInterrupted, Progress, run_options
from .outcomes import outcome_shares
from .result import DRAW_GAMES, EquityResult, PlayerEquity, draw_game
from .sampling import BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, map_on_threads, run_blocks, standard_errors
from .spot import Spot

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11's: read by the type checker only, so 3.10 runs this too

    from .options import EquityOptions
    from .plan import Plan
from .spot_cards import CardOwners, check_player_count, read_cards

ACE_RANK = 12
#: Blocks in a round at most: a round's hands are held in memory at once (about 5 MB a player).
_ROUND_BLOCKS = 64


class DrawError(PokerlabError, ValueError):
    """A draw that the hand or the rules do not allow; the message says which card and why.

    >>> from pokerlab.simulate.draw import draw_odds
    >>> draw_odds("Jh Jd 9c 6s 2h", discard="Jh Jd 9c 6s")
    Traceback (most recent call last):
    ...
    pokerlab.simulate.equity.draw.DrawError: drawing 4 cards is more than the rules allow (at most 3; ...)
    """


def max_draw_for(rules: Ruleset) -> int:
    """Default most cards a player may draw: 3 in high and wild-card draw (docs/rules.md 4.6), 5 in lowball,
    the whole hand of 4 in badugi (docs/rules.md 16.2).

    >>> from pokerlab.evaluator import get_rules
    >>> max_draw_for(get_rules("high")), max_draw_for(get_rules("deuce-seven")), max_draw_for(get_rules("badugi"))
    (3, 5, 4)
    """
    if 5 not in rules.hand_sizes:  # badugi: the whole hand
        return hand_size(rules)
    return 5 if rules.spec.lowball else 3


def hand_size(rules: Ruleset) -> int:
    """Cards of a draw hand: five, or the one hand size of a ruleset that ranks no five (badugi's four).

    >>> from pokerlab.evaluator import get_rules
    >>> hand_size(get_rules("high")), hand_size(get_rules("badugi"))
    (5, 4)
    """
    return 5 if 5 in rules.hand_sizes else rules.hand_sizes[0]


def parse_hand(hand: str | Sequence[int], rules: Ruleset) -> list[int]:
    size = hand_size(rules)
    try:
        return to_card_ids(hand, count=size, deck_size=rules.deck_size)
    except CardError as exc:
        game = "a badugi hand" if size == 4 else "a draw hand"
        raise DrawError(f"{game} is {'four' if size == 4 else 'five'} cards: {exc}") from None


def parse_discard(
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
def combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of a (C(n, k), k) uint8 array (cached)."""
    from ...evaluator.variant_kernels import next_combinations  # numba-compiled: imported on first use

    block = np.empty((comb(n, k), k), dtype=np.uint8)
    if k:
        next_combinations(np.arange(k, dtype=np.int64), n, block)
    block.flags.writeable = False
    return block


def unseen_cards(rules: Ruleset, removed: set[int]) -> np.ndarray:
    return np.array([c for c in range(rules.deck_size) if c not in removed], dtype=np.uint8)


def final_values(
    kept: Sequence[int], unseen: np.ndarray, draws: int, rules: Ruleset, with_masks: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """Values of ``kept`` plus every draw of ``draws`` cards from ``unseen``, with each draw's card mask (none, an
    empty array, unless ``with_masks``)."""
    idx = combinations(len(unseen), draws)
    hands = np.empty((idx.shape[0], len(kept) + draws), dtype=np.uint8)
    hands[:, : len(kept)] = np.asarray(kept, dtype=np.uint8)
    drawn = unseen[idx]
    hands[:, len(kept) :] = drawn
    masks = np.zeros(idx.shape[0] if with_masks else 0, dtype=np.uint64)
    for j in range(draws if with_masks else 0):
        masks |= np.left_shift(np.uint64(1), drawn[:, j].astype(np.uint64))
    values = evaluate_batch(hands, rules=rules.name, check=False)
    return values, masks


def _parse_player(player: str | tuple[Any, Any], rules: Ruleset) -> tuple[list[int], list[int]]:
    """``"HAND/DISCARD"`` or ``(hand, discard)`` -> (hand ids, discard ids)."""
    if isinstance(player, str):
        hand, _, discard = player.partition("/")
    else:
        hand, discard = player
    ids = parse_hand(hand, rules)
    thrown = to_card_ids(discard, deck_size=rules.deck_size) if discard else []
    return ids, thrown


@dataclass(frozen=True)
class DrawDetail:
    """What reading a draw spot finds beyond the players' hands and discards: the ruleset and the unseen cards."""

    rules: Ruleset
    unseen: NDArray[np.uint8]

    def texts(self, players: Sequence[tuple[list[int], list[int]]]) -> list[str]:
        """Each player as ``HAND/DISCARD`` (``-``: stands pat)."""
        return [f"{format_cards(ids)}/{format_cards(t) or '-'}" for ids, t in players]


def read_draw(players: Sequence[Any], board: Any, dead: Any, game: str = "draw",
              options: dict[str, Any] | None = None) -> Spot:  # fmt: skip
    """The draw games' part of :func:`~.spot.read_spot`: each player's hand and discard (``"HAND/DISCARD"`` or a
    pair), the dead cards, and the ruleset of ``game`` with the unseen cards (a :class:`DrawDetail`). ``options``
    are the house rules ``max_draw`` (most cards a player may draw) and ``four_with_ace``.

    >>> spot = read_draw(["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d"], None, None)
    >>> spot.players[1][1], len(spot.detail.unseen)
    ([12, 10, 1], 42)
    """
    if board is not None:
        raise EquityError(f"draw equity ({game}) takes no board")
    house = dict(options or {})
    max_draw, four_with_ace = house.pop("max_draw", None), bool(house.pop("four_with_ace", False))
    if house:
        raise EquityError(f"unknown draw house rule {sorted(house)[0]!r}; choose max_draw, four_with_ace or max_exact")
    r = get_rules(DRAW_GAMES[game])
    check_player_count(players, r.deck_size // hand_size(r), "draw")  # as many hands as the deck holds
    parsed, unseen = _check_spot(players, r, dead, max_draw, four_with_ace)
    dead_ids = read_cards(dead, "dead cards", deck_size=r.deck_size)
    return Spot(game, "draw", tuple(parsed), (), tuple(dead_ids), detail=DrawDetail(r, unseen))


class DrawScorer:
    """The draw games' :class:`~.scorer.Scorer`: every joint draw, or Monte Carlo on the shared sampler."""

    def exact(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Every joint draw (one draw per player, no card twice)."""
        detail: DrawDetail = spot.detail
        wins, ties, share, total = _exact_draw_equity(list(spot.players), detail.unseen, detail.rules)
        texts = detail.texts(spot.players)
        result_players = [
            PlayerEquity(texts[i], 1, wins[i] / total, ties[i] / total, (wins[i] + share[i]) / total, wins[i], ties[i])
            for i in range(len(texts))
        ]
        if progress is not None:
            progress(1.0)
        return EquityResult(result_players, "exact", float(total), computing_seconds(plan.start), boards=int(total),
                            game=spot.game)  # fmt: skip

    def monte_carlo(self, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Blocks of draws from the plan's seed, a round's blocks shared by the plan's threads."""
        detail: DrawDetail = spot.detail
        run = _DrawRun(list(spot.players), detail.unseen, detail.rules, plan.threads)
        return run.result(self, spot, plan, progress)

    def players(self, spot: Spot, sums: Any, total: float, errors: Any) -> list[PlayerEquity]:
        """Each player's row from the showdown counts (per player: deals, then wins alone and k-way splits) over
        ``total`` deals."""
        counts = sums
        split = np.arange(counts.shape[1], dtype=np.float64)
        split[0] = np.inf  # column 0 counts the deals, not a share of the pot
        shares = counts @ (1 / split)
        rows = []
        for i, text in enumerate(spot.detail.texts(spot.players)):
            wins, ties = float(counts[i, 1]), float(counts[i, 2:].sum())
            error = None if errors is None else float(errors[i])
            rows.append(PlayerEquity(text, 1, wins / total, ties / total, float(shares[i] / total), wins, ties, error))
        return rows


SCORER = DrawScorer()


def draw_equity(
    players: Sequence[str | tuple[Any, Any]],
    rules: str = "high",
    dead: str | Sequence[int] | None = None,
    *,
    max_draw: int | None = None,
    four_with_ace: bool = False,
    max_exact: float = 3e8,
    **options: Unpack[EquityOptions],
) -> EquityResult:
    """Equity of two or more draw hands (five cards; badugi: four), each with its discard, after one draw:
    :func:`pokerlab.simulate.equity.api.equity` with the draw game of ``rules`` and its house rules.

    ``players`` are ``"HAND/DISCARD"`` strings or ``(hand, discard)`` pairs. Exact when the joint draws number
    at most ``max_exact`` (``method='auto'``), otherwise Monte Carlo on the shared sampler
    (:func:`~.sampling.run_blocks`): it stops after ``trials`` deals or once every player's standard error is at
    most ``stderr`` (default 5e-4 when no ``trials`` are given), and the same ``seed`` gives the same result
    whatever ``threads`` is (default: every core). ``progress`` is called with the fraction done. The result is
    the one :class:`~pokerlab.simulate.equity.result.EquityResult`, its ``game`` the draw game of ``rules``
    (``draw``, ``draw-deuce-seven``, ``draw-badugi``, ...).

    >>> result = draw_equity(["Ah Kh Qh Jh 3c/3c", "9s 9d 5c 4h 2d/5c 4h 2d"])
    >>> result.method, round(result.players[0].equity, 4)   # four to a royal against a pair of nines
    ('exact', 0.4593)
    >>> mc = draw_equity(["Ac 2d 3h Kh/Kh", "5c 4d 2h Ks/Ks"], "badugi", method="mc", trials=40_000, seed=1)
    >>> exact = draw_equity(["Ac 2d 3h Kh/Kh", "5c 4d 2h Ks/Ks"], "badugi")   # 1,892 joint draws
    >>> mc.trials, abs(mc.players[0].equity - exact.players[0].equity) < 5 * mc.stderr
    (40000, True)
    """
    from .api import equity  # the entry imports this module's scorer: looked up at call time

    ruleset = get_rules(rules).name
    if ruleset not in DRAW_GAMES.values():
        raise EquityError(f"no draw game is ranked by {ruleset}; choose from {', '.join(DRAW_GAMES.values())}")
    house = {"max_draw": max_draw, "four_with_ace": four_with_ace, "max_exact": max_exact}
    return equity(
        players, None, dead, game=draw_game(ruleset), house_rules=house, **run_options("draw_equity", options)
    )


def _check_spot(
    players: Sequence[str | tuple[Any, Any]], r: Ruleset, dead: str | Sequence[int] | None, max_draw: int | None,
    four_with_ace: bool,
) -> tuple[list[tuple[list[int], list[int]]], np.ndarray]:  # fmt: skip
    """Each player's (hand, discard) and the unseen cards; refused when a card is held twice or the draws cannot be
    dealt."""
    parsed = [_parse_player(p, r) for p in players]
    owners = CardOwners()
    for index, (ids, thrown) in enumerate(parsed):
        owners.claim(ids, index)
        parse_discard(ids, thrown, r, max_draw, four_with_ace)
    owners.claim(read_cards(dead, "dead cards", deck_size=r.deck_size), "the dead cards")
    unseen = unseen_cards(r, {c for c in range(r.deck_size) if owners.holds(c)})
    needed = sum(len(t) for _, t in parsed)
    if needed > len(unseen):
        raise EquityError(f"the draws need {needed} cards but only {len(unseen)} are unseen")
    return parsed, unseen


def _exact_draw_equity(
    parsed: Sequence[tuple[list[int], list[int]]], unseen: NDArray[np.uint8], rules: Ruleset
) -> tuple[list[int], list[int], list[float], int]:
    """Wins, ties, tie shares per player and the number of joint draws, every one enumerated."""
    from .postflop_kernels import score_deals  # numba-compiled: imported on first use

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


class _DrawRun:
    """A draw Monte Carlo run on the shared sampler: blocks of deals from their seeds (:mod:`.draw_kernels`), each
    hand valued by the evaluator, the showdowns tallied as whole numbers per player and split (the
    :class:`~.sampling.Tally` of :func:`~.sampling.run_blocks`)."""

    def __init__(self, parsed: list[tuple[list[int], list[int]]], unseen: NDArray[np.uint8], rules: Ruleset,
                 threads: int) -> None:  # fmt: skip
        size = len(parsed[0][0])
        self.rules, self.unseen, self.threads = rules, unseen, threads
        self.kept = np.zeros((len(parsed), size), dtype=np.uint8)
        self.n_kept = np.zeros(len(parsed), dtype=np.int64)
        for p, (ids, thrown) in enumerate(parsed):
            kept = [c for c in ids if c not in thrown]
            self.kept[p, : len(kept)] = kept
            self.n_kept[p] = len(kept)
        self.draws = size - self.n_kept
        self.counts = np.zeros((len(parsed), len(parsed) + 1), dtype=np.int64)
        self.done = 0
        self.split = np.arange(len(parsed) + 1, dtype=np.float64)
        self.split[0] = np.inf  # column 0 counts the deals, not a share of the pot

    def add(self, seeds: np.ndarray, trials: int) -> bool:
        args = (trials, self.unseen, self.kept, self.n_kept, self.draws, self.rules.name)
        (counts,) = map_on_threads(_deal_part, seeds, self.threads, *args)
        self.counts += counts.sum(axis=0)
        self.done += len(seeds) * trials
        return True

    def shares(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Each player's pot shares summed over the deals (a k-way split: 1/k) and their squares."""
        return self.counts @ (1 / self.split), self.counts @ (1 / self.split**2)

    def errors(self) -> NDArray[np.float64]:
        if self.done < MIN_TRIALS_FOR_STDERR:
            return np.array([np.nan])
        shares, squares = self.shares()
        return standard_errors(shares / self.done, squares / self.done, self.done)

    def result(self, scorer: DrawScorer, spot: Spot, plan: Plan, progress: Progress | None) -> EquityResult:
        """Run to the plan's trials or standard-error target, the blocks of a round shared by the threads."""
        seed = int(plan.seed or 0)
        try:
            run_blocks(self, seed, BLOCK_TRIALS, plan.limit, plan.target, progress, _ROUND_BLOCKS)
        except KeyboardInterrupt:
            # Ctrl-C: the rounds finished so far are a result, as in every game's Monte Carlo.
            raise EquityInterrupted(self.summary(scorer, spot, plan) if self.done else None) from None
        return self.summary(scorer, spot, plan)

    def summary(self, scorer: DrawScorer, spot: Spot, plan: Plan) -> EquityResult:
        """The result of the deals so far."""
        done = self.done
        errors = self.errors() if done >= MIN_TRIALS_FOR_STDERR else None  # fewer deals: not estimable
        players = scorer.players(spot, self.counts, float(done), errors)
        worst = None if errors is None else float(errors.max())
        return EquityResult(players, "mc", float(done), computing_seconds(plan.start), trials=done, stderr=worst,
                            seed=plan.seed, game=spot.game, threads=self.threads)  # fmt: skip


def _deal_part(seeds: np.ndarray, trials: int, unseen: np.ndarray, kept: np.ndarray, n_kept: np.ndarray,
               draws: np.ndarray, rules: str) -> tuple[np.ndarray]:  # fmt: skip
    """One thread's part of a round: its blocks dealt, valued and tallied (one row of counts)."""
    from .draw_kernels import deal_draws, tally_showdowns  # numba-compiled: imported on first use

    hands = np.empty((len(kept), len(seeds) * trials, kept.shape[1]), dtype=np.uint8)
    deal_draws(seeds, trials, unseen, kept, n_kept, draws, hands)  # nogil: the threads deal at once
    values = np.stack([evaluate_batch(h, rules=rules, check=False) for h in hands])
    counts = np.zeros((1, len(kept), len(kept) + 1), dtype=np.int64)
    tally_showdowns(values, counts[0])
    return (counts,)
