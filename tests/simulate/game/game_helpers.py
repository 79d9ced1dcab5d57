"""Helpers for the game-engine tests: stacked decks in dealing order, checks of a finished hand, random tables."""

from __future__ import annotations

from hypothesis import strategies as st

from pokerlab.simulate.game.cards import parse


def _fill(used: list[int], count: int) -> list[int]:
    """``count`` cards not in ``used`` (lowest ids first), for burns."""
    spare = [c for c in range(52) if c not in used]
    return spare[:count]


def holdem_deck(holes: list[str], board: str, button: int) -> list[int]:
    """A deck that deals ``holes[seat]`` to each seat and ``board`` (burns taken from unused cards).

    Cards go one at a time clockwise from the button's left, as the engine deals.
    """
    n = len(holes)
    hands = [parse(h) for h in holes]
    order = [(button + 1 + k) % n for k in range(n)]
    deck = [hands[s][0] for s in order] + [hands[s][1] for s in order]
    cards = parse(board)
    burns = _fill(deck + cards, 3)
    deck += [burns[0], *cards[:3], burns[1], cards[3], burns[2], cards[4]]
    return deck


def draw_deck(hands: list[str], button: int, stub: str = "") -> list[int]:
    """A deck that deals five cards ``hands[seat]`` to each seat, then ``stub`` on top of the rest."""
    n = len(hands)
    parsed = [parse(h) for h in hands]
    order = [(button + 1 + k) % n for k in range(n)]
    deck = [parsed[s][k] for k in range(5) for s in order]
    return deck + parse(stub)


def stud_deck(hands: list[str], button: int) -> list[int]:
    """A stud deck: ``hands[seat]`` lists the seat's cards in dealing order (down, down, up, up, up, up, down).

    A shorter hand means the seat folded before the next street: it is dealt no more cards. A burn
    (from unused cards) comes before fourth to seventh street, as the engine deals.
    """
    n = len(hands)
    parsed = [parse(h) for h in hands]
    order = [(button + 1 + k) % n for k in range(n)]
    deck = [parsed[s][k] for k in range(3) for s in order]
    everything = [c for hand in parsed for c in hand]
    burns = _fill(everything, 4)
    for street in range(1, 5):
        deck.append(burns[street - 1])
        deck += [parsed[s][2 + street] for s in order if len(parsed[s]) > 2 + street]
    return deck


def omaha_deck(holes: list[str], board: str, button: int) -> list[int]:
    """An Omaha deck: every seat's hole cards (4, 5 or 6), one at a time clockwise from the button's left,
    then burn, flop, burn, turn, burn, river (burns taken from unused cards)."""
    n = len(holes)
    hands = [parse(h) for h in holes]
    order = [(button + 1 + k) % n for k in range(n)]
    deck = [hands[s][k] for k in range(len(hands[0])) for s in order]
    cards = parse(board)
    burns = _fill(deck + cards, 3)
    return deck + [burns[0], *cards[:3], burns[1], cards[3], burns[2], cards[4]]


def check_pots_paid(hand, carried: int = 0) -> None:
    """Every pot awarded in full (odd chips carried aside) and nobody paid more than they could win.

    From each opponent a seat wins at most what it put in itself, plus a pot carried in from the last deal.
    """
    for pot in hand.pots:
        assert pot.winners and set(pot.winners) <= set(pot.eligible)
        assert sum(pot.shares) + pot.odd_chips == pot.amount
    contributions = hand.contributions
    for seat in range(len(contributions)):
        assert hand.payouts[seat] <= carried + sum(min(c, contributions[seat]) for c in contributions)


def cards_seen(hand) -> list[int]:
    """Every card the hand dealt (hole cards, board, cards discarded), each once if the deal was sound."""
    seen = [c for h in hand.hole for c in h] + hand.board + [c for _, c in hand.dead_cards]
    assert len(seen) == len(set(seen)) <= 52
    return seen


def check_down(hand) -> None:
    """Check every remaining round, calling first what is owed (a bet, a bring-in)."""
    while hand.phase == "bet":
        if "check" in hand.legal_actions():
            hand.check()
        else:
            hand.call()


def random_tables(games: dict, max_players: int, max_stack: int) -> dict[str, st.SearchStrategy]:
    """Hypothesis strategies of a random table, as keyword arguments of ``given``: a key of ``games``, from 2 to
    ``max_players`` players, a stack of 1 to ``max_stack`` chips for each possible seat (cut to the players by the
    test), a button seat and a seed."""
    return {
        "key": st.sampled_from(sorted(games)),
        "players": st.integers(2, max_players),
        "stacks": st.lists(st.integers(1, max_stack), min_size=max_players, max_size=max_players),
        "button": st.integers(0, max_players - 1),
        "seed": st.integers(0, 2**32),
    }
