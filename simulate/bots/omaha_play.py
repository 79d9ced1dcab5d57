"""Rule-bot hand reading for Omaha (high and hi/lo, 4 to 6 hole cards), and the equity bot's Omaha equity.

Before the flop a hand is scored by rules of thumb (pairs, suited aces and kings, connected ranks, high
cards; in hi/lo low cards, an ace with a deuce above all) and the score is read as a percentile among
random hands of the same size, so the rule bots' hold'em thresholds (:meth:`RuleBot._preflop`) apply
unchanged. After the flop the made hand (exactly two hole cards and three board cards, through the
Omaha evaluator) gives the same tiers as :func:`~pokerlab.simulate.bots.strength.holdem_tier`.

The equity bot's Omaha estimate (:func:`omaha_seat_equity`) puts each opponent on a range read from
what they did this hand, as it does in hold'em, written as the equity engine's Omaha patterns
(:mod:`pokerlab.simulate.ranges.omaha`; :data:`OMAHA_RANGES`, by hole cards; the share of all hands of the
size in brackets):

=======  ====================  ==============================================  =====================================
hole     opponent this hand    Omaha high                                      hi/lo eight or better
=======  ====================  ==============================================  =====================================
4 cards  bet or raised twice+  ``AA**, KK**`` (5 %)                            ``A2**, AA**`` (9 %)
         bet or raised once    ``AA**, KK**, QQ**, JJ**, AKxxds`` (11 %)       ``A2**, A3**, AA**, KK**`` (16 %)
5 cards  bet or raised twice+  ``AA***, KK***`` (8 %)                          ``A2***, AA***`` (13 %)
         bet or raised once    ``AA***, KK***, QQ***, JJ***, AK***ds`` (20 %)  ``A2***, A3***, AA***, KK***`` (24 %)
6 cards  bet or raised twice+  ``AA****`` (6 %)                                ``A2A***, A23***`` (6 %)
         bet or raised once    ``AA****, KK****`` (12 %)                       ``A2****`` (14 %)
any      called or checked     ``random``                                      ``random``
=======  ====================  ==============================================  =====================================

Why these: big pairs (and in hi/lo an ace with a deuce or a trey) are what Omaha players raise
with, and a double-suited ace-king is among the strongest unpaired holdings. More cards hold more
pairs, so the same patterns cover more hands; six-card ranges are one pattern narrower, as the
four-card lists widened to six cards list over the 3 million hands a range may hold
(:data:`~pokerlab.simulate.ranges.omaha.MAX_COMBOS`; ``AA****, KK****`` is 2.4 million). A call
narrows nothing: Omaha hands run close together before the flop (aces are about 65 % against a random
hand), so callers play most hands, and a wide pattern lists many hands (``xxxxds`` 36,504 four-card
hands of 270,725 read, about 30 ms).

What a range costs a decision (``benchmarks/omaha_ranges.py``; CPU time on a loaded two-core machine):
a range is parsed once per process and kept (:func:`~pokerlab.simulate.ranges.omaha.parse_omaha_range`
caches by text, hole cards and dead cards); with a board it is the cached parse less the hands that
hold a board card, and the equity engine reads it less the hands holding one of the hero's cards too
(kept the same way, so once per decision). The first parse of the ranges above takes under 5 ms for
four cards, 15 to 50 ms for five and 70 to 180 ms for six, each new board or hero hand 1 to 25 ms, a
repeat well under a millisecond. One Monte Carlo block against a range costs about what it costs
against ``random`` for four cards, a few ms more for five and 10 to 20 ms more for six (the engine
copies the listed hands each call). Equity bots at the default budget of 0.05 s facing raisers, ranges
parsed: median decisions of 55 to 65 ms against 55 to 63 ms when every opponent is ``random`` (12 hands
a game, five and six cards, high and hi/lo; the budget is checked between blocks, so both overrun it a
little; measured before the hero's cards were taken out of the ranges). A hand that blocks most of a
range (two aces and a deuce against two ``A2****`` opponents) no longer makes Monte Carlo throw most
deals away: a block takes about 30 ms, not 0.3 to 0.6 s (``benchmarks/omaha_blocked.py``).
A range that the board or the hero's cards leave empty (or that collides on nearly every deal) falls
back to ``random`` for that decision.

>>> from pokerlab.simulate.game.cards import parse
>>> omaha_percentile(parse("As Ad Ks Kd"), False) < 0.02, omaha_percentile(parse("2c 7d 9h Qs"), False) > 0.5
(True, True)
>>> omaha_tier(parse("As Ad Kc 2h"), parse("Ah 7c 2s"), False)   # top set
3
>>> omaha_tier(parse("Kh Qh 3c 3d"), parse("Ah 7h 2s"), False)   # a flush draw
1
>>> OMAHA_RANGES[4][False][0], OMAHA_RANGES[6][True][1]
('AA**, KK**', 'A2****')
"""

from __future__ import annotations

import bisect
import random
import time
from collections import Counter
from collections.abc import Sequence
from functools import cache

from ...evaluator.omaha import evaluate_omaha
from ..equity.api import equity
from ..equity.sampling import BLOCK_TRIALS
from ..game.cards import names
from .view import SeatView

SAMPLE_HANDS = 4000  # random hands per size that turn a score into a percentile

#: Omaha opponents' ranges by hole cards, then hi/lo: (bet or raised twice or more, bet or raised once).
OMAHA_RANGES: dict[int, dict[bool, tuple[str, str]]] = {
    4: {
        False: ("AA**, KK**", "AA**, KK**, QQ**, JJ**, AKxxds"),
        True: ("A2**, AA**", "A2**, A3**, AA**, KK**"),
    },
    5: {
        False: ("AA***, KK***", "AA***, KK***, QQ***, JJ***, AK***ds"),
        True: ("A2***, AA***", "A2***, A3***, AA***, KK***"),
    },
    6: {  # one pattern narrower: the four-card lists widened to six cards hold too many hands (module doc)
        False: ("AA****", "AA****, KK****"),
        True: ("A2A***, A23***", "A2****"),
    },
}


def omaha_points(hole: Sequence[int], hilo: bool) -> float:
    """A rule-of-thumb starting-hand score (larger is better): pairs, suits, connected and high ranks, lows.

    >>> from pokerlab.simulate.game.cards import parse
    >>> omaha_points(parse("Ac 2c 3d Kd"), True) > omaha_points(parse("Ac 2c 3d Kd"), False)
    True
    """
    ranks = [c >> 2 for c in hole]
    counts = Counter(ranks)
    points = 0.0
    for rank, count in counts.items():
        if count == 2:
            points += 4 + rank * 0.6  # a pair makes sets; trips and quads in hand are dead weight
        elif count > 2:
            points -= 2
    for suit, count in Counter(c & 3 for c in hole).items():
        if count >= 2:
            top = max(r for c, r in zip(hole, ranks) if c & 3 == suit)
            points += 2 + (3 if top == 12 else 1.5 if top == 11 else 0) - (1 if count > 2 else 0)
    distinct = sorted(counts)
    points += sum(1.5 for a, b in zip(distinct, distinct[1:]) if b - a <= 2)
    points += sum(r for r in ranks if r >= 8) * 0.25
    if hilo:
        lows = {(r + 1) % 13 for r in distinct if r <= 6 or r == 12}  # ace = 0, deuce = 1... eight = 7
        points += 1.5 * len(lows) + (6 if {0, 1} <= lows else 2 if 0 in lows else 0)
    return points


@cache
def _sample_points(cards: int, hilo: bool) -> list[float]:
    rng = random.Random(cards * 2 + hilo)  # the same table every run
    deck = list(range(52))
    return sorted(omaha_points(rng.sample(deck, cards), hilo) for _ in range(SAMPLE_HANDS))


def omaha_percentile(hole: Sequence[int], hilo: bool) -> float:
    """Where an Omaha starting hand ranks among random hands of its size: near 0 the best, near 1 the worst."""
    table = _sample_points(len(hole), hilo)
    better = len(table) - bisect.bisect_right(table, omaha_points(hole, hilo))
    return (better + 0.5) / (len(table) + 1)


def omaha_tier(hole: Sequence[int], board: Sequence[int], hilo: bool) -> int:
    """Made-hand tier after the flop: 4 monster, 3 strong, 2 medium, 1 weak pair or draw, 0 nothing.

    In hi/lo a qualifying low lifts the tier (a low with an ace and a deuce in hand is close to the nuts).
    """
    if hilo:
        high, low = evaluate_omaha(list(hole), list(board), rules="omaha-hilo")  # type: ignore[misc]
    else:
        high, low = evaluate_omaha(list(hole), list(board)), 0

    category = high >> 12
    board_ranks = Counter(c >> 2 for c in board)
    paired = max(board_ranks.values()) >= 2
    if category >= 6 or (category == 5 and not paired):
        tier = 4
    elif category in (4, 5) or (category == 3 and not paired):
        tier = 3
    elif category >= 2:
        tier = 2
    elif category == 1 and max(board_ranks) in {c >> 2 for c in hole}:
        tier = 1
    else:
        tier = 0
    if tier < 1 and len(board) < 5:
        suits = Counter(c & 3 for c in board)
        held = Counter(c & 3 for c in hole)
        if any(n >= 2 and held[s] >= 2 for s, n in suits.items()):
            tier = 1  # a flush draw with two of the suit in hand
    if hilo:
        hole_low = {(c >> 2) for c in hole if (c >> 2) <= 6 or (c >> 2) == 12}
        nut_low = {12, 0} <= hole_low  # an ace and a deuce
        if low:
            tier = max(tier, 3 if nut_low else 2)
        elif nut_low and len(board) < 5:
            tier = max(tier, 1)  # a low draw
    return tier


def omaha_ranges(view: SeatView) -> list[str]:
    """Each opponent's range from what they did this hand, as Omaha patterns (the table in the module doc).

    >>> from pokerlab.simulate.game import State, pot_limit_omaha
    >>> hand = State(pot_limit_omaha(1, 2), [100, 100, 100], button=0, seed=1)
    >>> hand.bet_or_raise(7)   # the button raises
    >>> omaha_ranges(SeatView(hand))   # the small blind's view: the raiser, then the big blind
    ['AA**, KK**, QQ**, JJ**, AKxxds', 'random']
    """
    by_game = OMAHA_RANGES.get(len(view.hole))
    if by_game is None:  # no Omaha game deals other sizes; a guess is better than an error mid-hand
        return ["random"] * len(view.opponents)
    twice, once = by_game[view.low_half is not None]
    raises = Counter(view.aggressors())
    return [twice if raises[seat] >= 2 else once if raises[seat] else "random" for seat in view.opponents]


def omaha_seat_equity(view: SeatView, budget: float, rng: random.Random) -> float:
    """The seat's Monte Carlo share of the pot against the opponents' ranges (:func:`omaha_ranges`).

    One block of deals (about 10 ms) at least, more while ``budget`` seconds last.
    """
    game = "omaha-hilo" if view.low_half is not None else "omaha"
    players = [names(view.hole).replace(" ", ""), *omaha_ranges(view)]
    board = names(view.board).replace(" ", "") or None
    deadline = time.perf_counter() + budget
    total = weight = 0.0
    while True:
        try:
            result = equity(
                players,
                board=board,
                game=game,
                method="mc",
                trials=BLOCK_TRIALS,
                seed=rng.randrange(1 << 30),
                threads=1,
            )
        except ValueError:
            if all(p == "random" for p in players[1:]):
                raise  # not a range's doing: a bug to see, not to hide
            players = [players[0]] + ["random"] * (len(players) - 1)  # a range emptied by the cards seen
            continue
        trials = result.trials or 1  # always set by Monte Carlo
        total += result.players[0].equity * trials
        weight += trials
        if time.perf_counter() >= deadline:
            return total / weight


__all__ = ["OMAHA_RANGES", "omaha_percentile", "omaha_points", "omaha_ranges", "omaha_seat_equity", "omaha_tier"]
