"""A folder replay's fast path: a one-hand ``.phh`` file of no-limit hold'em confirmed ok from its text alone.

Most hands of a real dataset are plain ring-game hands (the public dataset's Pluribus hands: six players, blinds,
every stack known, whole chips). For such a text, :func:`certainly_ok` reads it into flat lists
(:func:`.fast_reading.read_hand`) and plays the actions over them (stacks, bets, who acted at which level), with
every rule the engine checks for them: whose turn it is, the minimum and maximum raise, short all-ins that do not
reopen the betting, uncalled bets returned, the board dealt before it is recorded, side pots, the showdown's hands
and the odd chips. It answers True only when the hand is certainly ok: finished, legal, its winner known and its
recorded ``finishing_stacks`` and ``winnings`` equal to the replay's. Anything else (another game, a field or an
action it does not read, a rule broken, a result that differs, a rake, cards nobody saw at a showdown) is False,
and the engine replays the hand and gives the verdict and the reasons: the fast path never writes an error of its
own. It imports nothing of the engine, so a folder of such hands replays without loading it.

>>> text = '''variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'd dh p3 KdKh', 'p3 cbr 6', 'p1 f', 'p2 f']
... finishing_stacks = [99, 98, 103]'''
>>> certainly_ok(text), certainly_ok(text.replace("103", "104"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

# read_small: the fast path's two entries in one place, for callers that time it (benchmarks/replay_folder.py)
from .fast_reading import FlatHand, read_hand, read_small as read_small

#: ``_CLOCKWISE[n][seat]``: the players after ``seat`` round an n-handed table, ending with it (-1: the last seat's,
#: from the first player on).
_CLOCKWISE = {n: [tuple((seat + k) % n for k in range(1, n + 1)) for seat in range(n)] for n in range(3, 11)}


def certainly_ok(text: str) -> bool:
    """Whether the one-hand PHH ``text`` replays ok for certain (see the module); False: the engine must say.

    >>> certainly_ok("variant = 'FT'")
    False
    """
    hand = read_hand(text)
    return hand is not None and _Table(hand).play()


class _Table:
    """The state of one hand: stacks, this round's bets, what each player put in, folds, levels, the showdown."""

    __slots__ = ("hand", "n", "stacks", "bets", "put", "folded", "acted", "level", "last_raise", "street", "actor",
                 "dealt", "ended", "returns", "raised", "aggressor", "auto", "queue", "shown", "mucked",
                 "decisions", "zeros", "unacted", "live")  # fmt: skip

    def __init__(self, hand: FlatHand) -> None:
        n = self.n = hand.n
        self.hand = hand
        self.stacks = list(hand.stacks)
        self.bets = [0] * n
        self.put = [0] * n
        self.folded = [False] * n
        self.acted = [-1] * n  # the level a player last matched this round, -1 before it acts
        self.zeros, self.unacted = (0,) * n, (-1,) * n
        self.live = n  # players who have not folded
        self.returns: list[tuple[int, int]] = []
        self.raised: set[int] = set()
        self.ended = ""  # "fold", "showdown" (waiting for decisions while queue holds seats) or ""
        self.street = self.dealt = 0  # dealt: board cards dealt
        self.aggressor: int | None = None
        # Without a muck in the record the engine shows every hand at once (cards speak); with one it asks each
        # player in turn, and a player nobody else contests wins unshown.
        self.auto = not hand.mucks
        self.queue: list[int] = []
        self.shown: list[bool] = []
        self.mucked: list[int] = []  # in muck order
        self.decisions: dict[int, int] = {}
        for seat, blind in ((0, hand.small), (1, hand.big)):
            self.stacks[seat] -= blind
            self.bets[seat] = self.put[seat] = blind
        self.level = self.last_raise = hand.big
        self.actor = self._next_needing(2 % n - 1)  # from the big blind's left (the button is the last player)
        if self.actor is None:
            self._end_round()

    def _next_needing(self, after: int) -> int | None:
        """The first player after ``after`` who must act, as the engine looks for it; None: the round is over."""
        # written out again on purpose: the engine's rule (State._next_needing) over this table's lists; the engine's
        # is a State method, and any module of the game package loads the engine, the start-up this path saves
        folded, stacks, bets, acted, level = self.folded, self.stacks, self.bets, self.acted, self.level
        others = None  # whether two players could still bet: asked only of a player who has not acted
        for seat in _CLOCKWISE[self.n][after]:
            if folded[seat] or stacks[seat] == 0:
                continue
            if bets[seat] < level:
                return seat
            if acted[seat] >= 0:
                continue
            if others is None:  # another player in with chips left, who could answer a bet
                others = False
                for other in _CLOCKWISE[self.n][seat]:
                    if other != seat and not folded[other] and stacks[other] > 0:
                        others = True
                        break
            if others:
                return seat
        return None

    def play(self) -> bool:
        """Every recorded move; True when the hand ends legally with the recorded results."""
        decisions: dict[int, int] = {}
        self.decisions = decisions
        board_seen = 0
        for player, verb, amount, places in self.hand.moves:
            if player < 0:  # the board, which must have been dealt
                board_seen += amount
                if board_seen > self.dealt:
                    return False
                continue
            if verb == "sm":
                if self.folded[player] or self.ended == "fold":
                    return False
                decisions[player] = amount
            elif self.actor != player or not self._bet(player, verb, amount, places):
                return False
            if self.queue:
                self._decide()
        return self.ended != "" and not self.queue and self._results_match()

    def _bet(self, player: int, verb: str, amount: int, places: int) -> bool:
        """A betting move of the player to act (the engine's fold, check_or_call, bet_or_raise); False when the
        engine refuses it."""
        if verb == "f":
            self.folded[player] = True
            self.live -= 1
        elif verb == "cc":
            bets, stacks, level = self.bets, self.stacks, self.level
            owed = level - bets[player]
            if owed > 0:
                if owed > stacks[player]:
                    owed = stacks[player]
                stacks[player] -= owed
                bets[player] += owed
                self.put[player] += owed
            self.acted[player] = level
        elif not self._raise(player, amount, places):
            return False
        if self.live == 1:  # everyone else folded: the last player wins without a showdown
            self._return_uncalled()
            self.ended = "fold"
            self.actor = None
        else:
            self.actor = self._next_needing(player)
            if self.actor is None:
                self._end_round()
        return True

    def _raise(self, seat: int, to: int, own: int) -> bool:
        """A bet or raise to ``to`` units of ``10**-own`` of the player to act; False when the engine refuses the
        amount."""
        if own != self.hand.places:
            to *= 10 ** (self.hand.places - own)
        low, high = self._raise_bounds(seat)
        if not low <= to <= high:
            return False
        level, unit = self.level, self.hand.big
        if to >= level + (self.last_raise if self.last_raise > unit else unit):  # a full raise reopens the betting
            self.last_raise = to - level
        amount = to - self.bets[seat]
        self.stacks[seat] -= amount
        self.bets[seat] = to
        self.put[seat] += amount
        self.level = self.acted[seat] = to
        self.raised.add(seat)
        self.aggressor = seat
        return True

    def _raise_bounds(self, seat: int) -> tuple[int, int]:
        """The engine's ``(min_to, max_to)`` for a no-limit bet or raise; (1, 0) when none is allowed."""
        bets, stacks, folded, level = self.bets, self.stacks, self.folded, self.level
        all_in_to = bets[seat] + stacks[seat]
        if all_in_to <= level:
            return 1, 0
        for other in _CLOCKWISE[self.n][seat]:  # the next player usually could: the loop mostly stops at once
            if other != seat and not folded[other] and bets[other] + stacks[other] > level:
                break
        else:
            return 1, 0  # nobody could call a raise
        acted = self.acted[seat]
        if acted >= 0 and level - acted < self.last_raise:
            return 1, 0  # only short all-ins since it acted: the betting is not reopened for it
        unit = self.hand.big
        min_to = level + (self.last_raise if self.last_raise > unit else unit)
        if all_in_to < min_to:
            return all_in_to, all_in_to
        return min_to, all_in_to

    def _return_uncalled(self) -> None:
        bets = self.bets
        top = max(bets)
        if top == 0 or bets.count(top) > 1:
            return
        seat = bets.index(top)
        excess = top - sorted(bets)[-2]
        self.stacks[seat] += excess
        bets[seat] -= excess
        self.put[seat] -= excess
        self.returns.append((seat, excess))

    def _end_round(self) -> None:
        """The round is over: the uncalled bet back, then the next street dealt and bet, or the showdown."""
        while True:
            self.actor = None
            self._return_uncalled()
            self.bets[:] = self.zeros  # in place: the play loop holds the lists
            self.level = self.last_raise = 0
            if self.street == 3:
                self._start_showdown()
                return
            self.street += 1
            self.dealt = 2 + self.street  # 3, 4, 5 board cards
            self.acted[:] = self.unacted
            self.actor = self._next_needing(-1)  # from the button's left
            if self.actor is not None:
                self.aggressor = None  # the engine forgets it only on a street someone bets
                return

    def _start_showdown(self) -> None:
        """The players still in, in the engine's order from the first to show; the all-in ones shown at once."""
        n, folded = self.n, self.folded
        self.ended = "showdown"
        first = self.aggressor
        if first is None or folded[first]:
            first = next(seat for seat in range(n) if not folded[seat])  # from the button's left
        order = [seat for seat in ((first + k) % n for k in range(n)) if not folded[seat]]
        self.shown = [False] * n
        for seat in order:
            if self.auto or self.stacks[seat] == 0:
                self.shown[seat] = True
        self.queue = [seat for seat in order if not self.shown[seat]]
        self._next_to_show()

    def _next_to_show(self) -> None:
        """Drop from the queue the players nobody else contests (they win unshown), as the engine does."""
        queue, pots, mucked = self.queue, _pots(self.put, self.folded), self.mucked
        while queue:
            seat = queue[0]
            if any(seat in eligible and any(o != seat and o not in mucked for o in eligible) for _, eligible in pots):
                return
            queue.pop(0)

    def _decide(self) -> None:
        """The recorded showdown decisions, as the engine asks for them."""
        queue, decisions = self.queue, self.decisions
        while queue and queue[0] in decisions:
            seat = queue.pop(0)
            if decisions.pop(seat):
                self.shown[seat] = True
            else:
                self.mucked.append(seat)
            self._next_to_show()

    def _results_match(self) -> bool:
        """The award (the engine's pots and odd chips) against the recorded finishing stacks and winnings."""
        hand = self.hand
        if self.ended == "fold":
            won = [0] * self.n
            won[self.folded.index(False)] = sum(self.put)
            stacks = [s + w for s, w in zip(self.stacks, won)]
            for seat, chips in self.returns:  # PHH keeps an uncalled blind in the pot its poster wins
                if seat not in self.raised:
                    won[seat] += chips
        else:
            award = self._showdown()
            if award is None:
                return False
            won = award
            stacks = [s + w for s, w in zip(self.stacks, won)]
        if hand.winnings is not None and hand.winnings != won:
            return False  # a rake, winnings not recorded or a mismatch: the engine says which
        return hand.finishing is None or hand.finishing == stacks

    def _showdown(self) -> list[int] | None:
        """Chips won by each player at the showdown; None when a contender's cards or the board are unknown."""
        hand, n, mucked = self.hand, self.n, self.mucked
        if len(hand.board) < 5:
            return None  # the board was not recorded to the end
        won = [0] * n
        for amount, eligible in _pots(self.put, self.folded):
            contenders = [seat for seat in eligible if seat not in mucked]
            if len(eligible) == 1 or len(contenders) == 1:
                won[contenders[0] if contenders else eligible[0]] += amount
                continue
            if not contenders:  # everyone eligible mucked: the last of them to muck takes it
                won[[seat for seat in mucked if seat in eligible][-1]] += amount
                continue
            values: dict[int, tuple[int, ...]] = {}
            for seat in contenders:
                cards = hand.holes[seat]
                if cards is None:
                    return None  # the record cannot tell who won: an unknown outcome
                values[seat] = hand_value([*cards, *hand.board])
            best = max(values.values())
            # Odd chips go one at a time to the winners from the button's (the last player's) left.
            winners = sorted(seat for seat in contenders if values[seat] == best)
            share, odd = divmod(amount, len(winners))
            for k, seat in enumerate(winners):
                won[seat] += share + (k < odd)
        return won


def _pots(put: list[int], folded: list[bool]) -> list[tuple[int, tuple[int, ...]]]:
    """The engine's pots: layers at each contribution, adjacent layers with the same contenders merged, money
    below every contender's level in the main pot."""
    n = len(put)
    contenders = tuple(k for k in range(n) if not folded[k])
    amounts: list[int] = []
    groups: list[tuple[int, ...]] = []  # each pot's eligible players
    previous = dead = 0
    for level in sorted(set(put)):
        if level <= 0:
            continue
        amount = sum((c if c < level else level) - previous for c in put if c > previous)
        eligible = tuple(k for k in contenders if put[k] >= level)
        if groups and (not eligible or groups[-1] == eligible):
            amounts[-1] += amount
        elif eligible:
            amounts.append(amount)
            groups.append(eligible)
        else:
            dead += amount
        previous = level
    if dead:
        if groups and groups[0] == contenders:
            amounts[0] += dead
        else:
            amounts.insert(0, dead)
            groups.insert(0, contenders)
    return list(zip(amounts, groups))


def hand_value(cards: Sequence[int]) -> tuple[int, ...]:
    """The best five of 5 to 7 cards (rank * 4 + suit, deuce 0 to ace 12) as a tuple: higher is better, equal on
    a tie (category, then the ranks that decide).

    >>> from pokerlab.simulate.histories.fast_reading import card_numbers as cards
    >>> hand_value(cards("AsKsQsJsTs2c3d")) > hand_value(cards("AhAdAcAs2c3d4h"))
    True
    >>> hand_value(cards("As2d3c4h5s9c9d"))
    (4, 3)
    """
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(c & 3, []).append(c >> 2)
    for suited in by_suit.values():
        if len(suited) >= 5:
            suited.sort(reverse=True)
            top = _straight_top(suited)
            return (8, top) if top is not None else (5, *suited[:5])
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((count, r) for r, count in counts.items()), reverse=True)
    (most, first), second = groups[0], groups[1] if len(groups) > 1 else (0, -1)
    if most == 4:
        return (7, first, max(r for r in ranks if r != first))
    if most == 3 and second[0] >= 2:
        return (6, first, second[1])
    top = _straight_top(ranks)
    if top is not None:
        return (4, top)
    if most == 3:
        return (3, first, *[r for r in ranks if r != first][:2])
    if most == 2 and second[0] == 2:
        return (2, first, second[1], max(r for r in ranks if r != first and r != second[1]))
    if most == 2:
        return (1, first, *[r for r in ranks if r != first][:3])
    return (0, *ranks[:5])


def _straight_top(ranks: list[int]) -> int | None:
    """The top rank of the highest straight among ``ranks`` (the wheel's is the five, 3), or None."""
    present = set(ranks)
    for top in range(12, 3, -1):
        if top in present and top - 1 in present and top - 2 in present and top - 3 in present and top - 4 in present:
            return top
    if {12, 0, 1, 2, 3} <= present:
        return 3
    return None
