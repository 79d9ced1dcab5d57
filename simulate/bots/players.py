"""The shipped bots: random-legal, calling station, rule-based (tight and loose), and the equity player.

Every bot is a callable ``bot(view) -> Action`` with a ``name``; bots that use chance take a ``seed``.

>>> from pokerlab.simulate.game import State, no_limit_holdem
>>> from pokerlab.simulate.bots.view import SeatView
>>> hand = State(no_limit_holdem(5, 10), [1000, 1000, 1000], button=0, seed=1)
>>> CallingStation()(SeatView(hand))
Action(kind='call', amount=None, cards=())
>>> RuleBot("tight", seed=1)(SeatView(hand)).kind in ("fold", "call", "bet_or_raise")
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...errors import InputError
from ..game.declarations import FIXED_LIMIT
from ..game.state import DRAW, SHOWDOWN
from .strength import draw_strength, heuristic_discard, holdem_tier, preflop_percentile
from .view import Action, SeatView, passive_default


def raise_to_fraction(view: SeatView, fraction: float) -> Action | None:
    """A bet or raise of ``fraction`` of the pot (after calling), clamped to the legal range; None if none is legal.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> raise_to_fraction(SeatView(State(no_limit_holdem(5, 10), [1000] * 3, seed=1)), 1.0)
    Action(kind='bet_or_raise', amount=35, cards=())
    """
    bounds = view.raise_range
    if bounds is None:
        return None
    level = max(view.bets)
    target = level + int(round(fraction * (view.pot + view.to_call)))
    if view.structure == FIXED_LIMIT:  # one unit or the other (stud's open pair), nothing between
        return Action.raise_to(bounds[1] if 2 * target >= bounds[0] + bounds[1] else bounds[0])
    return Action.raise_to(min(max(target, bounds[0]), bounds[1]))


def _continue(view: SeatView) -> Action:
    """Check if free, otherwise call (stud's bring-in is posted, not completed)."""
    if "bring_in" in view.legal:
        return Action("bring_in")
    return Action.check() if "check" in view.legal else Action.call()


def _show_or_draw(view: SeatView) -> Action | None:
    if view.phase == SHOWDOWN:
        return Action("show")
    if view.phase == DRAW:
        return Action.draw_cards(heuristic_discard(view.hole, view.ranking, view.max_discards))
    return None


class RandomBot:
    """Uniform over the legal kinds of action (never folds when checking is free); amounts uniform in range.

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> view = SeatView(State(no_limit_holdem(), [50, 50], seed=0))  # the small blind, facing the big blind
    >>> RandomBot(seed=1)(view).kind in view.legal
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, view: SeatView) -> Action:
        """One random legal move."""
        if view.phase == SHOWDOWN:
            return Action("show")
        if view.phase == DRAW:
            hand = list(view.hole)
            count = self.rng.randint(0, min(view.max_discards, len(hand)))
            return Action.draw_cards(tuple(self.rng.sample(hand, count)))
        kinds = [k for k in view.legal if not (k == "fold" and "check" in view.legal)]
        kind = self.rng.choice(kinds)
        if kind == "bet_or_raise":
            bounds = view.raise_range
            assert bounds is not None  # "bet_or_raise" is legal, so there is a range
            low, high = bounds
            if view.structure == FIXED_LIMIT:  # one unit or the other (stud's open pair), nothing between
                return Action.raise_to(self.rng.choice((low, high)))
            return Action.raise_to(self.rng.randint(low, high))
        return Action(kind)


class CallingStation:
    """Never raises, never folds: checks or calls everything (a beginner's mistake, docs/rules.md section 8).

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> view = SeatView(State(no_limit_holdem(), [50, 50], seed=0))  # the small blind, facing the big blind
    >>> CallingStation()(view)
    Action(kind='call', amount=None, cards=())
    """

    name = "station"

    def __call__(self, view: SeatView) -> Action:
        """Check or call; in a draw keep made hands (heuristic discard)."""
        return _show_or_draw(view) or _continue(view)


@dataclass(frozen=True)
class Style:
    """How a :class:`RuleBot` plays: the share of hands played early / late in the order (docs/rules.md 8: one in
    five early, one in three late), how often it bluffs, how much of the pot a medium hand calls, and the
    draw-game opening strength early / late."""

    early: float
    late: float
    bluff: float
    call_frac: float
    open_draw: tuple[float, float]


STYLES = {
    "tight": Style(early=0.14, late=0.24, bluff=0.05, call_frac=0.5, open_draw=(0.86, 0.80)),
    "loose": Style(early=0.30, late=0.50, bluff=0.25, call_frac=0.9, open_draw=(0.70, 0.55)),
}
# What another player's draw signals (docs/rules.md 8): standing pat is strength, three cards a pair at best.
DRAW_SIGNAL = {0: 0.985, 1: 0.93, 2: 0.96, 3: 0.82, 4: 0.75, 5: 0.6}
BET_SIZE = {4: 0.75, 3: 0.66, 2: 0.5, 1: 0.33, 0: 0.33}


class RuleBot:
    """The seeds' advice as rules (docs/rules.md section 8), in a ``"tight"`` or ``"loose"`` setting.

    Hold'em: plays a share of starting hands by position (fewer early and at a full table), raises the
    best of them, then bets by made-hand strength (bigger bets with stronger hands) and folds beaten
    hands to big bets. Draw games: opens by strength and position, draws by the hand, and reads the
    other players' draw counts (pat = strength, three cards = a pair at best).

    >>> from pokerlab.simulate.game import State, no_limit_holdem
    >>> view = SeatView(State(no_limit_holdem(), [50, 50], seed=0))  # the small blind, facing the big blind
    >>> RuleBot("tight", seed=1)(view)  # ace-seven offsuit, heads-up: a raise
    Action(kind='bet_or_raise', amount=6, cards=())
    """

    def __init__(self, style: str = "tight", seed: int | None = None) -> None:
        if style not in STYLES:
            raise InputError(f"style must be one of {', '.join(STYLES)}, got {style!r}")
        self.style = style
        self.name = style
        self.params = STYLES[style]
        self.rng = random.Random(seed)

    def __call__(self, view: SeatView) -> Action:
        """The rule-based move for the seat to act."""
        action = _show_or_draw(view)
        if action is not None:
            return action
        if view.is_stud:
            from .stud_play import stud_decision  # stud games only

            action = stud_decision(view, self.params, self.rng)
        elif view.uses_board:
            action = self._preflop(view) if view.street == 0 else self._postflop(view)
        else:
            action = self._draw_game(view)
        return action if view.can(action) else passive_default(view)

    # ------------------------------------------------------------------ hold'em
    def _play_share(self, view: SeatView) -> float:
        n = view.players
        order = (view.position - 3) % n  # 0 = first to act before the flop (left of the big blind)
        late = order / max(n - 1, 1)
        share = self.params.early + (self.params.late - self.params.early) * late
        return share * min(1.0, 6 / n) if n > 6 else share * (1.0 + 0.08 * (6 - n))

    def _preflop(self, view: SeatView) -> Action:
        if view.is_omaha:
            from .omaha_play import omaha_percentile  # Omaha games only

            pct = omaha_percentile(view.hole, view.low_half is not None)
        else:
            pct = preflop_percentile(view.hole)
        share = self._play_share(view)
        raises = view.round_raises()
        if raises == 0:  # unopened (or limped)
            if pct <= share * 0.6:
                return raise_to_fraction(view, 0.75 + 0.25 * len(view.opponents) / view.players) or _continue(view)
            if pct <= share or "check" in view.legal:
                return _continue(view)
            return Action.fold()
        big_call = view.to_call > 0.35 * (view.stack + view.to_call)
        if pct <= share * (0.12 if raises == 1 else 0.05):
            return raise_to_fraction(view, 1.0) or _continue(view)
        if pct <= share * (0.45 if raises == 1 else 0.2) and not (big_call and pct > 0.03):
            return _continue(view)
        return Action.check() if "check" in view.legal else Action.fold()

    def _postflop(self, view: SeatView) -> Action:
        if view.is_omaha:
            from .omaha_play import omaha_tier  # Omaha games only

            tier = omaha_tier(view.hole, view.board, view.low_half is not None)
        else:
            tier = holdem_tier(view.hole, view.board, view.ranking)
        to_call = view.to_call
        if to_call == 0:
            bluff = self.rng.random() < self.params.bluff * (1.5 if tier == 1 else 0.5)
            if tier >= 2 or bluff:
                return raise_to_fraction(view, BET_SIZE[tier]) or Action.check()
            return Action.check()
        share = to_call / max(view.pot, 1)
        if tier == 4 or (tier == 3 and share < 0.5):
            return raise_to_fraction(view, 0.8) or Action.call()
        if tier == 3 or (tier == 2 and share <= self.params.call_frac):
            return Action.call()
        if tier == 1 and share <= self.params.call_frac * 0.4 and len(view.board) < 5:
            return Action.call()
        return Action.fold()

    # ------------------------------------------------------------------ draw games
    def _draw_game(self, view: SeatView) -> Action:
        strength = draw_strength(view.hole, view.ranking)
        to_call = view.to_call
        if view.draws_left > 0:  # before the (last) draw: position and strength
            early, late = self.params.open_draw
            order = view.position / view.players
            need = early + (late - early) * order
            if to_call == 0:
                if strength >= need:
                    return raise_to_fraction(view, 0.5 + (strength - need)) or Action.check()
                return Action.check()
            raises = view.round_raises()
            if strength >= max(0.93, need + 0.05 * raises):
                return raise_to_fraction(view, 0.8) or Action.call()
            if strength >= need + 0.02 * raises or (
                view.structure == FIXED_LIMIT and to_call * 6 <= view.pot and strength >= need - 0.1
            ):
                return Action.call()
            return Action.check() if "check" in view.legal else Action.fold()
        counts = view.draw_counts()
        threat = max((DRAW_SIGNAL.get(counts.get(seat, 3), 0.6) for seat in view.opponents), default=0.5)
        margin = 0.0 if self.style == "tight" else -0.04
        if to_call == 0:
            if strength > threat + margin or self.rng.random() < self.params.bluff * 0.5:
                return raise_to_fraction(view, 0.4 + strength - threat) or Action.check()
            return Action.check()
        pot_odds = to_call / (view.pot + to_call)
        if strength > threat + 0.03 + margin and strength > 0.95:
            return raise_to_fraction(view, 0.8) or Action.call()
        if strength > threat - 0.05 + margin or strength > 1 - pot_odds * 0.3:
            return Action.call()
        return Action.fold()
