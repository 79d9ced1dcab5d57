"""A stud replay's unseen cards: stand-ins the record's own actions agree with.

In stud the up cards order the play: the weakest door card brings in, the best showing hand acts first
on later streets (docs/rules.md 13.2, 13.3). A card nobody recorded (``??``) must never decide that: the
record's actions do. So an unseen up card is given a stand-in that makes the engine pick the player the
record has acting first: the weakest unused card for that player's door when it brings in, the card
that makes its showing hand best on a later street; every other unseen up card of the street a card
that keeps its hand from being first (a door just stronger than the bring-in, the weakest showing
hand). Known cards still decide: when they put another player first, the replay says whose turn it is.
Unseen cards never decide who wins either: a showdown with a stand-in is an unknown outcome.

>>> from pokerlab.simulate.game import seven_card_stud
>>> from pokerlab.simulate.histories.actions import parse_action
>>> record = ["d dh p1 AsKs3c", "d dh p2 ??????", "p1 pb", "p2 f"]
>>> parsed = [parse_action(k, text, 2) for k, text in enumerate(record)]
>>> holes = [[51, 47, 4], [None, None, None]]
>>> choose_up_stand_ins(seven_card_stud(), parsed, holes)
>>> holes[1][2]   # p2's door is the weakest card stronger than p1's 3c: the 3d, so p1 brings in
5
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from pokerlab.simulate.game.declarations import Variant
from pokerlab.simulate.game.stud import card_key, showing_key, up_indices

from .actions import ParsedAction

PLAYER_VERBS = ("f", "cc", "cbr", "pb")


def reveal_shown_stud(parsed: list[ParsedAction], holes: list[list[int | None]]) -> None:
    """Cards shown at the showdown reveal the unseen cards of the player's hand: position by position when the
    shown cards are the hand in dealing order, else each unseen card takes the next shown card not yet held."""
    for p in parsed:
        if p.verb != "sm" or not p.cards or None not in holes[p.seat]:
            continue
        hole = holes[p.seat]
        shown = list(p.cards)
        if len(shown) == len(hole) and all(h is None or h == c for h, c in zip(hole, shown)):
            hole[:] = shown
            continue
        known = [c for c in shown if c is not None and c not in hole]
        for k, card in enumerate(hole):
            if card is None and known:
                hole[k] = known.pop(0)


def first_actors(variant: Variant, parsed: list[ParsedAction]) -> dict[int, int]:
    """The PHH player who acts first on each street the record bets, by street index (0: third street).

    A deal's street is read from how many cards its player already holds; the first betting action after
    a street's deals is that street's first.
    """
    ends = list(accumulate(declared.hole for declared in variant.streets))  # cards held after each street
    last = len(ends) - 1
    held: dict[int, int] = {}
    street = -1  # the street of the latest deal
    first: dict[int, int] = {}
    for p in parsed:
        if p.actor == "d":
            if p.verb == "dh" and p.cards:
                had = held.get(p.seat, 0)
                held[p.seat] = had + len(p.cards)
                dealt_on = min(bisect_right(ends, had), last)  # the first street that ends above what it held
                if dealt_on > street:
                    street = dealt_on
            elif p.verb == "db":
                street = last  # the short deck's community card: seventh street
        elif p.verb in PLAYER_VERBS and street >= 0 and street not in first:
            first[street] = p.seat
    return first


def choose_up_stand_ins(variant: Variant, parsed: list[ParsedAction], holes: list[list[int | None]]) -> None:
    """Fill the unseen up cards of ``holes`` (PHH players' cards in dealing order, None unseen) with stand-ins
    that agree with the record's order of play; the unseen down cards stay None (any unused card will do)."""
    if all(None not in hole for hole in holes):
        return  # every card seen: no stand-in to choose
    up = up_indices(variant)
    showing = variant.showing or "high"
    named = {c for p in parsed for group in (p.cards, p.replacement) if group for c in group if c is not None}
    named.update(c for hole in holes for c in hole if c is not None)
    pool = [c for c in range(variant.deck_size) if c not in named]
    first = first_actors(variant, parsed)
    start = 0
    for street_index, street in enumerate(variant.streets):
        slots = [k for k in range(start, start + street.hole) if k in up]
        start += street.hole
        unseen = [(p, k) for p, hole in enumerate(holes) for k in slots if k < len(hole) and hole[k] is None]
        if not unseen:
            continue
        leader = first.get(street_index)
        if street_index == 0:
            _doors(holes, unseen, leader, pool, showing)
        else:
            _later_up_cards(holes, unseen, leader, pool, showing, up)


def _doors(
    holes: list[list[int | None]], unseen: list[tuple[int, int]], leader: int | None, pool: list[int], showing: str
) -> None:
    """Door cards: the recorded bring-in gets the weakest unused card; the others the weakest above its door."""
    ordered = sorted(pool, key=lambda card: card_key(card, showing))
    floor = None
    for player, slot in unseen:
        if player == leader:
            holes[player][slot] = ordered.pop(0)
    if leader is not None and unseen:
        door = holes[leader][unseen[0][1]] if len(holes[leader]) > unseen[0][1] else None
        floor = None if door is None else card_key(door, showing)
    for player, slot in unseen:
        if player != leader:
            card = next((c for c in ordered if floor is None or card_key(c, showing) > floor), ordered[-1])
            ordered.remove(card)
            holes[player][slot] = card
    left = set(ordered)
    pool[:] = [c for c in pool if c in left]


def _later_up_cards(
    holes: list[list[int | None]],
    unseen: list[tuple[int, int]],
    leader: int | None,
    pool: list[int],
    showing: str,
    up: tuple[int, ...],
) -> None:
    """Up cards after third street: the recorded first player's make its showing hand its best, the others' their
    weakest (suits never count: the first card of the best or worst rank)."""
    for player, slot in sorted(unseen, key=lambda item: item[0] != leader):
        hole = holes[player]
        shown: list[int] = [c for k in up if k < slot and (c := hole[k]) is not None]
        strength = {card: showing_key([*shown, card], showing) for card in pool}
        card = max(pool, key=strength.__getitem__) if player == leader else min(pool, key=strength.__getitem__)
        pool.remove(card)
        hole[slot] = card
