"""Where pokerlab's reading differs from pokerkit's (docs/rules.md 10.1), the rules not pinned elsewhere."""

from __future__ import annotations

from game_helpers import holdem_deck

from pokerlab.simulate.game import State, no_limit_holdem


def test_short_all_in_does_not_reopen_the_betting_for_the_limpers():
    # Seat 3 limps for the big blind (10); seat 0 is all-in for 15, a raise of 5, short of a full raise (10).
    hand = State(no_limit_holdem(5, 10), [15, 1000, 1000, 1000], button=0, seed=0)
    hand.call()  # seat 3 limps
    hand.raise_to(15)  # seat 0, all-in
    assert hand.bet_or_raise_range() is not None  # the blinds have not acted: they may raise
    hand.call()  # small blind
    hand.call()  # big blind
    assert hand.actor == 3
    verdict = hand.can_bet_or_raise()
    assert not verdict and "do not reopen" in verdict.reason
    assert hand.can_call() and hand.can_fold()


def test_odd_chips_paid_pot_by_pot():
    # The board is a royal flush: every hand still in ties, so each pot is split among its contenders.
    holes = ["2c3d", "4c5d", "2d3c", "4d5c"]
    deck = holdem_deck(holes, "As Ks Qs Js Ts", button=0)
    hand = State(no_limit_holdem(1, 2), [1000, 5, 1000, 1000], button=0, deck=deck, seed=0)
    hand.raise_to(6)  # seat 3
    hand.call()  # seat 0
    hand.call()  # seat 1, all-in for 5
    hand.call()  # seat 2
    hand.check()  # flop: seat 2
    hand.bet(4)  # seat 3
    hand.call()  # seat 0
    hand.call()  # seat 2
    hand.bet(10)  # turn: seat 2
    hand.fold()  # seat 3: its 10 chips stay in the pots
    hand.call()  # seat 0
    hand.check()
    hand.check()
    main, side = hand.pots
    # Main pot 20 among seats 1, 2, 0: two odd chips, one each from the dealer's left.
    assert (main.amount, main.winners, main.shares) == (20, (1, 2, 0), (7, 7, 6))
    # Side pot 35 (seat 3's dead chips make it odd) among seats 2 and 0: its own odd chip to seat 2.
    assert (side.amount, side.winners, side.shares) == (35, (2, 0), (18, 17))
