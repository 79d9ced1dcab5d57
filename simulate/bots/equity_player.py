"""The equity player: bets by Monte Carlo equity against plausible ranges, within a time budget per decision.

Hold'em: each opponent gets a range from what they did this hand (raised twice: top 6 %, raised: top
15 %, called: top 40 %, otherwise any hand); :func:`pokerlab.simulate.equity.engine.equity` runs Monte Carlo rounds
until the budget is spent. Draw games: the draw is :func:`pokerlab.simulate.draw.best_discard`; equity is
sampled against opponents' hands that fit their play (a raiser's hand is strong, a pat hand very
strong, a three-card draw at best a pair). Stud: the unseen cards are dealt at random around every
player's up cards (:func:`pokerlab.simulate.bots.stud_play.stud_equity`). Omaha: four-card opponents
who bet or raised get Omaha patterns (raised twice: ``AA**, KK**``; once: big pairs and ``AKxxds``;
hi/lo: hands with an ace and a deuce or trey), the others any hand
(:func:`pokerlab.simulate.bots.omaha_play.omaha_ranges`, whose module says why).

The decision: fold when equity is below the pot odds, call in between, bet or raise when equity is
well above a fair share (1 / players in the hand), sized by how far above.

>>> from pokerlab.simulate.game import State, no_limit_holdem
>>> from pokerlab.simulate.bots.view import SeatView
>>> bot = EquityBot(budget=0.02, seed=1)
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000], button=0, seed=2)
>>> bot(SeatView(hand)).kind in ("fold", "call", "bet_or_raise")
True
"""

from __future__ import annotations

import random
import time

from ...errors import InputError
from ..draw import DiscardOption, best_discard
from ..equity.api import equity
from ..game.cards import names, parse
from ..game.events import Bet, Call, Raise
from ..game.showdown import hand_value
from ..game.state import DRAW, SHOWDOWN
from .players import raise_to_fraction
from .strength import draw_strength, heuristic_discard
from .view import Action, SeatView, passive_default

MIN_BUDGET, MAX_BUDGET = 0.001, 60.0  # seconds per decision (a finite, documented range: nan/inf never end)
MAX_CHUNK = 1_000_000
DRAW_FLOOR = {0: 0.985, 1: 0.9, 2: 0.95, 3: 0.55, 4: 0.5, 5: 0.0}


class EquityBot:
    """Monte Carlo equity against plausible ranges with ``budget`` seconds per decision.

    ``budget``: 0.001 to 60 seconds (anything else, nan and inf included, is a ValueError);
    ``chunk``: Monte Carlo trials per round, 1 to 1,000,000.

    >>> from pokerlab.simulate.bots import SeatView
    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> view = SeatView(State(no_limit_holdem(), [50, 50], seed=0))  # the small blind, facing the big blind
    >>> bot = EquityBot(budget=0.01, seed=1)
    >>> bot(view).kind in view.legal, 0 <= bot.last_equity <= 1
    (True, True)
    """

    name = "equity"

    def __init__(self, budget: float = 0.05, seed: int | None = None, chunk: int = 400) -> None:
        if isinstance(budget, bool) or not isinstance(budget, int | float) or not MIN_BUDGET <= budget <= MAX_BUDGET:
            raise InputError(
                f"the equity bot's budget is seconds per decision, from {MIN_BUDGET} to {MAX_BUDGET}; got {budget!r}"
            )
        if isinstance(chunk, bool) or not isinstance(chunk, int) or not 1 <= chunk <= MAX_CHUNK:
            raise InputError(f"the equity bot's chunk is Monte Carlo trials per round, 1 to {MAX_CHUNK}; got {chunk!r}")
        self.budget = budget
        self.chunk = chunk
        self.rng = random.Random(seed)
        self.last_equity: float | None = None
        self._discards: dict[tuple[tuple[int, ...], str, int], list[DiscardOption]] = {}

    def __call__(self, view: SeatView) -> Action:
        """The equity-based move."""
        if view.phase == SHOWDOWN:
            return Action("show")
        if view.phase == DRAW:
            return Action.draw_cards(self._discard(view))
        equity = self.equity(view)
        self.last_equity = equity
        action = self._decide(view, equity)
        return action if view.can(action) else passive_default(view)

    # ------------------------------------------------------------------ equity
    def _ranges(self, view: SeatView) -> list[str]:
        raised: dict[int, int] = {}
        called: set[int] = set()
        for entry in view.public_history():
            if isinstance(entry, Bet | Raise):
                raised[entry.seat] = raised.get(entry.seat, 0) + 1
            elif isinstance(entry, Call):
                called.add(entry.seat)
        out = []
        for seat in view.opponents:
            if raised.get(seat, 0) >= 2:
                out.append("6%")
            elif seat in raised:
                out.append("15%")
            elif seat in called:
                out.append("40%")
            else:
                out.append("random")
        return out

    def equity(self, view: SeatView) -> float:
        """This seat's estimated share of the pot at showdown."""
        if not view.opponents:
            return 1.0
        if view.is_stud:
            from .stud_play import stud_equity  # stud games only

            return stud_equity(view, self.budget, self.rng)
        if view.is_omaha:
            from .omaha_play import omaha_seat_equity  # Omaha games only

            return omaha_seat_equity(view, self.budget, self.rng)
        if view.uses_board and view.ranking == "short-deck":
            return self._short_deck_equity(view)
        if view.uses_board:
            return self._holdem_equity(view)
        return self._draw_equity(view)

    def _short_deck_equity(self, view: SeatView) -> float:
        """Against random hands of the 36-card deck (short-deck equity takes hands, not ranges), in one chunk."""
        players = [names(view.hole).replace(" ", ""), *["random"] * len(view.opponents)]
        board = names(view.board).replace(" ", "") or None
        trials = max(self.chunk, int(self.budget * 2e6))  # a few million deals a second: the budget's worth
        result = equity(players, board, game="short-deck", method="mc", trials=trials,
                        seed=self.rng.randrange(1 << 30), threads=1)  # fmt: skip
        return result.players[0].equity

    def _holdem_equity(self, view: SeatView) -> float:
        players = [names(view.hole).replace(" ", ""), *self._ranges(view)]
        board = names(view.board).replace(" ", "") or None
        deadline = time.perf_counter() + self.budget
        total = weight = 0.0
        while True:
            try:
                result = equity(
                    players, board=board, method="mc", trials=self.chunk, seed=self.rng.randrange(1 << 30), threads=1
                )
            except ValueError:
                players = [players[0]] + ["random"] * (len(players) - 1)  # a range emptied by the board
                continue
            total += result.players[0].equity * self.chunk
            weight += self.chunk
            if time.perf_counter() >= deadline:
                return total / weight

    def _draw_equity(self, view: SeatView) -> float:
        hand = list(view.hole)
        ranking = view.ranking
        if view.draws_left > 0:
            options = self._options(view)
            share = options[0].score if options else draw_strength(hand, ranking)
            return share ** len(view.opponents)  # against that many hands drawn at random
        deck_size = (
            53
            if ranking in ("bug", "joker", "ace-five-joker", "deuce-seven-joker")
            else 54
            if ranking == "two-jokers"
            else 52
        )
        unseen = [c for c in range(deck_size) if c not in hand]
        counts = view.draw_counts()
        raisers = set(view.aggressors())
        floors = [max(DRAW_FLOOR.get(counts.get(s, 3), 0.0), 0.85 if s in raisers else 0.0) for s in view.opponents]
        mine = hand_value(hand, ranking)
        deadline = time.perf_counter() + self.budget
        wins = trials = 0.0
        while time.perf_counter() < deadline or trials == 0:
            for _ in range(100):
                pool = list(unseen)
                self.rng.shuffle(pool)
                share, best, pos = 1.0, True, 0
                for floor in floors:
                    value = None
                    for _attempt in range(30):  # rejection sampling of a hand that fits the play
                        cards = pool[pos : pos + 5]
                        pos += 5
                        if pos + 5 > len(pool):
                            pos = 0
                        if draw_strength(cards, ranking) >= floor:
                            value = hand_value(cards, ranking)
                            break
                    if value is None:
                        value = hand_value(cards, ranking)
                    if value > mine:
                        best = False
                        break
                    if value == mine:
                        share /= 2
                wins += share if best else 0.0
                trials += 1
        return wins / trials

    def _options(self, view: SeatView) -> list[DiscardOption]:
        key = (view.hole, view.ranking, view.max_discards)
        if key not in self._discards:
            self._discards = {key: self._rank_discards(view)}  # one hand's worth of memory
        return self._discards[key]

    def _rank_discards(self, view: SeatView) -> list[DiscardOption]:
        rule_max = max(view.max_discards, 3 if view.ranking in ("high", "bug", "deuces-wild", "joker") else 5)
        try:
            return best_discard(list(view.hole), rules=view.ranking, max_draw=rule_max)
        except ValueError:
            return []

    def _discard(self, view: SeatView) -> tuple[int, ...]:
        options = self._options(view)
        for option in options:
            cards = tuple(parse(option.discard)) if option.discard else ()
            if len(cards) <= view.max_discards:
                return cards
        return heuristic_discard(view.hole, view.ranking, view.max_discards)

    # ------------------------------------------------------------------ decision
    def _decide(self, view: SeatView, equity: float) -> Action:
        players = len(view.opponents) + 1
        fair = 1.0 / players
        edge = (equity - fair) / (1 - fair)
        to_call = view.to_call
        if to_call == 0:
            if edge > 0.2:
                return raise_to_fraction(view, min(1.0, 0.4 + edge)) or Action.check()
            return Action.check()
        pot_odds = to_call / (view.pot + to_call)
        if equity < pot_odds:
            return Action.fold()
        if edge > 0.45:
            return raise_to_fraction(view, min(1.2, 0.5 + edge)) or Action.call()
        return Action.call()
