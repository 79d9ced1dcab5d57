"""Rule-bot play for the stud family: a strength from the seat's own cards, read against the up cards it faces.

The strength (0..1) is a rule of thumb, not an equity: high games count made hands (trips, two pair,
a pair by its rank, three or more to a flush or straight early), razz counts distinct cards eight or
lower (the ace low), stud high-low takes the better of the two. An opponent showing a pair on board
lowers it. The equity bot uses :func:`stud_equity`, a Monte Carlo deal of the unseen cards. The
decision follows the same advice as the other games (docs/rules.md 8): bet and raise
strong hands, call medium ones, fold weak ones to a bet; a strong bring-in completes.

>>> from pokerlab.simulate.game.cards import parse
>>> high_strength(parse("Kc Kd Ks")) > high_strength(parse("Ac Kd 2s")), low_strength(parse("Ac 2d 4s"))
(True, 1.0)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...equity_games import EQUITY_GAMES
from ..equity.sampling import BLOCK_TRIALS
from ..game.declarations import LowHalf
from ..game.showdown import hand_value
from ..game.stud import qualifying_low
from .view import Action, SeatView

if TYPE_CHECKING:
    from .players import Style


def high_strength(cards: Sequence[int]) -> float:
    """Rule-of-thumb strength of a high stud hand (3 to 7 cards).

    >>> from pokerlab.simulate.game.cards import parse
    >>> round(high_strength(parse("2c 2d 9s")), 2), round(high_strength(parse("Ac Ad 9s")), 2)
    (0.55, 0.79)
    """
    if len(cards) >= 5 and hand_value(list(cards), "high") >> 12 >= 4:
        return 0.97  # a straight or better
    counts = sorted(Counter(c >> 2 for c in cards).items(), key=lambda item: (item[1], item[0]), reverse=True)
    top_rank, top_count = counts[0]
    if top_count >= 3:
        return 0.95
    if top_count == 2 and len(counts) > 1 and counts[1][1] == 2:
        return 0.8
    if top_count == 2:
        return 0.55 + 0.02 * top_rank
    suits = Counter(c & 3 for c in cards).most_common(1)[0][1]
    if len(cards) <= 4 and suits >= 3:
        return 0.6  # three or four to a flush
    return 0.2 + 0.02 * max(c >> 2 for c in cards)


def low_strength(cards: Sequence[int]) -> float:
    """Rule-of-thumb strength of an ace-to-five low (razz, or the low half), from distinct cards eight or lower.

    >>> from pokerlab.simulate.game.cards import parse
    >>> low_strength(parse("Ac 2d 4s 5h 7c")), low_strength(parse("Kc Qd 4s"))
    (1.0, 0.2889)
    """
    low = {((c >> 2) + 1) % 13 for c in cards if ((c >> 2) + 1) % 13 <= 7}  # A=0 .. 8=7
    good = min(len(low), 5)
    needed = min(len(cards), 5)  # every card so far, at most five, should be a different low card
    if good >= needed:
        return 1.0
    return round(0.2 + 0.8 * (good / needed) ** 2, 4)


def stud_strength(view: SeatView) -> float:
    """The seat's strength in its stud game, lowered when an opponent shows a pair (a made hand on board)."""
    cards = list(view.hole) + list(view.board)
    if view.ranking == "ace-five":
        strength = low_strength(cards)
    else:
        strength = high_strength(cards)
        if view.low_half is not None:
            strength = max(strength, low_strength(cards))
    for seat in view.opponents:
        ranks = [c >> 2 for c in view.up_cards(seat)]
        if view.ranking != "ace-five" and len(set(ranks)) < len(ranks):
            strength -= 0.1
    return strength


def stud_decision(view: SeatView, style: Style, rng: random.Random) -> Action:
    """A rule bot's move in a stud betting round (``style``: how tight, how often it bluffs)."""
    strength = stud_strength(view)
    loose = style.call_frac > 0.6
    bounds = view.raise_range
    if "bring_in" in view.legal:
        if strength >= 0.8 and bounds is not None:
            return Action.raise_to(bounds[0])
        return Action("bring_in")
    if view.to_call == 0:
        if bounds is not None and (strength >= 0.7 or rng.random() < style.bluff * 0.5):
            return Action.raise_to(bounds[1] if strength >= 0.9 else bounds[0])
        return Action.check()
    if bounds is not None and strength >= 0.85 and view.round_raises() < 3:
        return Action.raise_to(bounds[0])
    need = 0.35 if loose else 0.5
    if view.street == 0 and view.to_call * 4 <= view.pot:
        need -= 0.1  # a cheap look at fourth street
    if strength >= need:
        return Action.call()
    return Action.fold()


#: The stud games the equity engine prices (:data:`pokerlab.equity_games.EQUITY_GAMES`), by (ranking, low half):
#: stud, stud hi/lo eight or better, razz.
ENGINE_GAMES = {
    (game.rules, LowHalf(*game.low) if game.low else None): name
    for name, game in EQUITY_GAMES.items()
    if game.family == "stud"
}


def stud_equity(view: SeatView, budget: float, rng: random.Random) -> float:
    """Monte Carlo share of the pot for the seat: every unseen card (opponents' down cards and the cards to
    come) dealt at random around the known ones (the seat's cards, the up cards of everyone still in, the
    community card when a short deck dealt one), for ``budget`` seconds, at least one block of deals.

    Folded seats' up cards are out of play (dead). For the three stud games it prices, the equity engine
    (:func:`pokerlab.simulate.equity.stud.stud_equity`) deals and values the cards, 16,384 deals a block in a
    few ms; another declaration (a low qualifier other than eight, say) is sampled here, a deal at a time.
    When the unseen cards cannot give everyone a seventh card, the last card is one shared card (docs/rules.md 13.5).
    """
    game = ENGINE_GAMES.get((view.ranking, view.low_half))
    if game is None:
        return _sampled_share(view, budget, rng)
    from ..equity.api import equity  # looked up at call time: tests patch equity.api.equity

    players = [list(view.hole), *(list(view.up_cards(seat)) for seat in view.opponents)]
    dead = [c for seat, out in enumerate(view.folded) if out for c in view.up_cards(seat)]
    deadline = time.perf_counter() + budget
    total = weight = 0.0
    while True:
        result = equity(
            players, list(view.board), dead, game=game, method="mc", trials=BLOCK_TRIALS,
            seed=rng.randrange(1 << 30), threads=1,
        )  # fmt: skip
        trials = result.trials or 1  # always set by Monte Carlo
        total += result.players[0].equity * trials
        weight += trials
        if time.perf_counter() >= deadline:
            return total / weight


def _share(cards: list[list[int]], ranking: str, low: LowHalf | None) -> float:
    """Seat 0's share of a pot among these final hands (high-low: half each way, the high scooping without a low)."""
    highs = [hand_value(hand, ranking) for hand in cards]
    best = max(highs)
    high_share = (highs[0] == best) / highs.count(best)
    if low is None:
        return high_share
    lows = [qualifying_low(hand, low) for hand in cards]
    qualified = [v for v in lows if v is not None]
    if not qualified:
        return high_share
    best_low = max(qualified)
    low_share = (lows[0] == best_low) / lows.count(best_low)
    return 0.5 * high_share + 0.5 * low_share


def _sampled_share(view: SeatView, budget: float, rng: random.Random, chunk: int = 50) -> float:
    """:func:`stud_equity` for a declaration the equity engine does not price: ``chunk`` deals at a time in Python,
    each valued by the game's own showdown (:func:`_share`), until ``budget`` seconds have passed."""
    mine = list(view.hole) + list(view.board)
    opponents = [list(view.up_cards(seat)) for seat in view.opponents]
    known = set(mine).union(*map(set, opponents))
    unseen = [c for c in range(52) if c not in known]
    final = 7 - len(view.board)  # hole cards each player still in will hold
    held = len(view.hole)
    wants = [final - held] + [final - len(up) for up in opponents]
    shared = 0
    if sum(wants) > len(unseen):
        wants = [w - 1 for w in wants]
        shared = 1
    low = view.low_half
    deadline = time.perf_counter() + budget
    total, trials = 0.0, 0
    while True:
        for _ in range(chunk):
            rng.shuffle(unseen)
            pos = 0
            hands = []
            for base, want in zip([mine, *opponents], wants):
                hands.append(base + unseen[pos : pos + want])
                pos += want
            if shared:
                board = unseen[pos : pos + 1]
                hands = [hand + board for hand in hands]
            hands[1:] = [hand + list(view.board) for hand in hands[1:]]
            total += _share(hands, view.ranking, low)
            trials += 1
        if time.perf_counter() >= deadline:
            return total / trials
