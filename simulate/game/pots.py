"""Pots: layers by contribution (main pot, side pots) and their award, odd chips included.

An all-in player can win from each opponent only what they put in
themselves, so the pot is cut into layers at every player's total
contribution. Adjacent layers with the same eligible players are one pot.

>>> pots = build_pots([5, 15, 15], [False, False, False])
>>> [(p.amount, p.eligible) for p in pots]
[(15, (0, 1, 2)), (20, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Sequence


class Pot:
    """One pot: its chips, who may win it, and after the award the winners and their shares.

    >>> Pot(10, (0, 1)).amount
    10
    """

    __slots__ = ("amount", "eligible", "winners", "shares", "odd_chips")

    def __init__(self, amount: int, eligible: tuple[int, ...]) -> None:
        self.amount = amount
        self.eligible = eligible
        self.winners: tuple[int, ...] = ()
        self.shares: tuple[int, ...] = ()
        self.odd_chips = 0

    def __repr__(self) -> str:
        won = f", winners={self.winners}, shares={self.shares}" if self.winners else ""
        return f"Pot(amount={self.amount}, eligible={self.eligible}{won})"


def build_pots(contributions: Sequence[int], folded: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Main pot then side pots from each player's total contribution; ``dead`` money joins the main pot.

    Folded players' chips stay in the layers they reached but they are eligible for none.

    >>> [(p.amount, p.eligible) for p in build_pots([10, 10, 4], [False, True, False], dead=3)]
    [(15, (0, 2)), (12, (0,))]
    """
    n = len(contributions)
    contenders = tuple([i for i in range(n) if not folded[i]])  # a list first: cheaper than a generator
    if contenders:
        top = contributions[contenders[0]]
        if top > 0 and [contributions[i] for i in contenders].count(top) == len(contenders):
            # Nobody still in is short (most hands): the layers below would all merge into one pot for
            # these contenders, folded chips above them included. Half the time of the general walk.
            return [Pot(sum(contributions) + dead, contenders)]
    pots: list[Pot] = []
    previous = 0
    for level in sorted(set(contributions)):
        if level <= 0:
            continue
        amount = 0
        for c in contributions:
            if c > previous:
                amount += (c if c < level else level) - previous
        eligible = tuple(i for i in range(n) if not folded[i] and contributions[i] >= level)
        if pots and (not eligible or pots[-1].eligible == eligible):
            # Same contenders (or only folded money, which the pot below absorbs): one pot, one split.
            pots[-1].amount += amount
        elif eligible:
            pots.append(Pot(amount, eligible))
        else:
            dead += amount  # folded money below every contender's level: everyone still in contests it
        previous = level
    if dead:
        everyone = contenders
        if pots and pots[0].eligible == everyone:
            pots[0].amount += dead
        else:  # a player all-in on dead money alone (an ante) still contests it
            pots.insert(0, Pot(dead, everyone))
    return pots


def odd_chip_keys(holes: Sequence[Sequence[int]], low: bool) -> list[tuple[int, int]]:
    """Stud's order for odd chips, one key a seat (the smallest key first): the highest card by suit, or in a
    low game (razz, the low half) the lowest card by suit, the ace lowest. Every card of a hand counts, not only
    the five that make it; suits run clubs, diamonds, hearts, spades (docs/rules.md 13.6).

    >>> odd_chip_keys([[51, 0], [50, 4]], low=False), odd_chip_keys([[51, 0], [50, 4]], low=True)
    ([(-51, 0), (-50, 0)], [(0, 3), (0, 2)])
    """
    if low:
        return [min(((((c >> 2) + 1) % 13), c & 3) for c in cards) if cards else (13, 0) for cards in holes]
    return [(-max(cards), 0) if cards else (0, 0) for cards in holes]


def award_pots(
    pots: Sequence[Pot],
    values: Sequence[int | None],
    button: int,
    carry_odd: bool,
    last_mucker: Sequence[int] = (),
    odd_keys: Sequence[tuple[int, int]] | None = None,
) -> tuple[list[int], int]:
    """Award every pot to its best eligible hand(s); return (chips won per seat, odd chips carried).

    ``values[i]`` is seat i's hand value (higher wins) or None if the seat does not contest (mucked).
    A pot with a single contender goes to them unshown. Split pots give odd chips one at a time to
    the winners in seat order from the button's left (in stud, by ``odd_keys``: :func:`odd_chip_keys`),
    unless ``carry_odd`` keeps them for the next deal. A pot every eligible player mucked goes to the
    last of them to muck (``last_mucker``, in muck order). Side pots are awarded first (outermost
    first), the main pot last.

    >>> award_pots(build_pots([5, 5, 5], [False] * 3), [7, 7, 1], button=2, carry_odd=False)
    ([8, 7, 0], 0)
    >>> award_pots(build_pots([5, 5, 5], [False] * 3), [7, 7, 1], 2, False, odd_keys=[(0, 0), (-1, 0), (0, 0)])
    ([7, 8, 0], 0)
    """
    n = len(values)
    won = [0] * n
    carried = 0
    for pot in reversed(pots):
        eligible = pot.eligible
        if len(eligible) == 1:  # one player eligible (everyone else folded): the whole pot, no showdown
            won[eligible[0]] += pot.amount
            pot.winners, pot.shares = eligible, (pot.amount,)
            continue
        contenders = [i for i in eligible if values[i] is not None]
        if not contenders:
            muckers = [i for i in last_mucker if i in pot.eligible]
            contenders = [muckers[-1]] if muckers else list(pot.eligible)
            best_seats = contenders
        elif len(contenders) == 1:
            best_seats = contenders
        else:
            shown = [(value, i) for i in contenders if (value := values[i]) is not None]  # all of them
            best = max(shown)[0]  # the best value (ties broken by seat, which only the value is read for)
            best_seats = [i for value, i in shown if value == best]
        if len(best_seats) > 1:  # seat order starting at the button's left: the first winner gets the first odd chip
            if odd_keys is None:
                best_seats.sort(key=lambda seat: (seat - button - 1) % n)
            else:
                best_seats.sort(key=odd_keys.__getitem__)
        share, odd = divmod(pot.amount, len(best_seats))
        shares = [share] * len(best_seats)
        if carry_odd:
            carried += odd
            pot.odd_chips = odd
        else:
            for k in range(odd):
                shares[k] += 1
        for seat, chips in zip(best_seats, shares):
            won[seat] += chips
        pot.winners = tuple(best_seats)
        pot.shares = tuple(shares)
    return won, carried
