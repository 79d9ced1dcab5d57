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

import time
from collections.abc import Sequence
from functools import cache
from math import comb

import numpy as np

from ...compiles import computing_seconds
from ...errors import PokerlabError
from ...evaluator import evaluate_batch
from ...evaluator.cards import CardError, format_cards, to_card_ids
from ...evaluator.rules import Ruleset, get_rules
from .options import (
    DEFAULT_STDERR,
    MAX_DEFAULT_TRIALS,
    EquityError,
    EquityInterrupted,
    Progress,
    check_options,
    fresh_seed,
)
from .outcomes import outcome_shares
from .result import EquityResult, PlayerEquity, draw_game
from .sampling import BLOCK_TRIALS, MIN_TRIALS_FOR_STDERR, map_on_threads, run_blocks, standard_errors
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


def _parse_player(player: str | tuple, rules: Ruleset) -> tuple[list[int], list[int]]:
    """``"HAND/DISCARD"`` or ``(hand, discard)`` -> (hand ids, discard ids)."""
    if isinstance(player, str):
        hand, _, discard = player.partition("/")
    else:
        hand, discard = player
    ids = parse_hand(hand, rules)
    thrown = to_card_ids(discard, deck_size=rules.deck_size) if discard else []
    return ids, thrown


def draw_equity(
    players: Sequence[str | tuple],
    rules: str = "high",
    dead: str | Sequence[int] | None = None,
    *,
    method: str = "auto",
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    max_draw: int | None = None,
    four_with_ace: bool = False,
    max_exact: float = 3e8,
) -> EquityResult:
    """Equity of two or more draw hands (five cards; badugi: four), each with its discard, after one draw.

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
    r = get_rules(rules)
    check_player_count(players, r.deck_size // hand_size(r), "draw")  # as many hands as the deck holds
    check_options(trials, stderr, seed, threads)
    if method not in ("auto", "exact", "mc"):
        raise EquityError(f"unknown method {method!r}; choose auto, exact or mc")
    parsed, unseen = _check_spot(players, r, dead, max_draw, four_with_ace)
    texts = [f"{format_cards(ids)}/{format_cards(t) or '-'}" for ids, t in parsed]
    start = time.perf_counter()
    if method == "exact" or (method == "auto" and _joint_draws(parsed, unseen) <= max_exact):
        wins, ties, share, total = _exact_draw_equity(parsed, unseen, r)
        result_players = [
            PlayerEquity(texts[i], 1, wins[i] / total, ties[i] / total, (wins[i] + share[i]) / total, wins[i], ties[i])
            for i in range(len(parsed))
        ]
        if progress is not None:
            progress(1.0)
        return EquityResult(result_players, "exact", float(total), computing_seconds(start), boards=int(total),
                            game=draw_game(r.name))  # fmt: skip
    run = _DrawRun(parsed, unseen, r, threads)
    return run.result(texts, trials, stderr, fresh_seed() if seed is None else seed, progress, start)


def _check_spot(
    players: Sequence[str | tuple], r: Ruleset, dead: str | Sequence[int] | None, max_draw: int | None,
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


def _joint_draws(parsed: list[tuple[list[int], list[int]]], unseen: np.ndarray) -> float:
    """How many joint draws (one draw per player, no card twice) the exact enumeration would walk."""
    joint = 1.0
    left = len(unseen)
    for _, thrown in parsed:
        joint *= comb(left, len(thrown))
        left -= len(thrown)
    return joint


def _exact_draw_equity(parsed, unseen, rules):
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

    def __init__(self, parsed: list[tuple[list[int], list[int]]], unseen: np.ndarray, rules: Ruleset,
                 threads: int | None) -> None:  # fmt: skip
        from numba import get_num_threads

        size = len(parsed[0][0])
        self.rules, self.unseen, self.threads = rules, unseen, int(threads) if threads else get_num_threads()
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

    def shares(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's pot shares summed over the deals (a k-way split: 1/k) and their squares."""
        return self.counts @ (1 / self.split), self.counts @ (1 / self.split**2)

    def errors(self) -> np.ndarray:
        if self.done < MIN_TRIALS_FOR_STDERR:
            return np.array([np.nan])
        shares, squares = self.shares()
        return standard_errors(shares / self.done, squares / self.done, self.done)

    def result(self, texts: list[str], trials: int | None, stderr: float | None, seed: int,
               progress: Progress | None, start: float) -> EquityResult:  # fmt: skip
        """Run to ``trials`` deals or the standard-error target, the blocks of a round shared by ``threads``."""
        target = stderr if stderr is not None else (None if trials is not None else DEFAULT_STDERR)
        try:
            run_blocks(self, seed, BLOCK_TRIALS, trials or MAX_DEFAULT_TRIALS, target, progress, _ROUND_BLOCKS)
        except KeyboardInterrupt:
            # Ctrl-C: the rounds finished so far are a result, as in every game's Monte Carlo.
            raise EquityInterrupted(self.summary(texts, seed, start) if self.done else None) from None
        return self.summary(texts, seed, start)

    def summary(self, texts: list[str], seed: int, start: float) -> EquityResult:
        """The result of the deals so far."""
        done, shares = self.done, self.shares()[0]
        errors: list[float | None] = [None] * len(texts)  # under MIN_TRIALS_FOR_STDERR deals: not estimable
        if done >= MIN_TRIALS_FOR_STDERR:
            errors = [float(e) for e in self.errors()]
        players = []
        for i, text in enumerate(texts):
            wins, ties = float(self.counts[i, 1]), float(self.counts[i, 2:].sum())
            players.append(
                PlayerEquity(text, 1, wins / done, ties / done, float(shares[i] / done), wins, ties, errors[i])
            )
        worst = None if errors[0] is None else max(e for e in errors if e is not None)
        return EquityResult(players, "mc", float(done), computing_seconds(start), trials=done, stderr=worst,
                            seed=seed, game=draw_game(self.rules.name), threads=self.threads)  # fmt: skip


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
