"""PHH for badugi (docs/rules.md 16): the standard's ``FB``, round trips, and pokerkit's replay to the same
finishing stacks, both ways."""

from __future__ import annotations

from phh_helpers import (
    check_pokerkit_stacks,
    check_round_trip,
    pokerkit_stacks,
    random_hands,
    replay_what_pokerkit_writes,
)

from pokerlab.simulate.game import State, badugi
from pokerlab.simulate.histories import loads
from pokerlab.simulate.histories.codes import phh_fields, variant_from_phh
from pokerlab.simulate.histories.replay import replay

FB = badugi(1, 2)

# A hand written for this test: three draws, and a three-card hand (K-2-A) losing to a rough badugi.
SHOWDOWN = """variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 Ac2d2cKh", "d dh p2 9s8h7d6c", "p2 cc", "p1 cc",
  "p1 sd 2c", "p2 sd", "d dh p1 3d", "p1 cc", "p2 cbr 2", "p1 cc",
  "p1 sd 3d", "p2 sd", "d dh p1 Qh", "p1 cc", "p2 cbr 4", "p1 cc",
  "p1 sd Qh", "p2 sd", "d dh p1 Qd", "p1 cc", "p2 cbr 4", "p1 cc", "p1 sm Ac2dKhQd", "p2 sm 9s8h7d6c"]
"""


def test_the_standard_code_and_its_fields():
    code, fields, extras = phh_fields(FB, 3)
    assert (code, extras) == ("FB", {"_blind_counts_as_bet": True})
    assert fields["blinds_or_straddles"] == [1, 2, 0] and (fields["small_bet"], fields["big_bet"]) == (2, 4)
    assert variant_from_phh(code, fields, extras) == FB


def test_a_hand_replays_to_pokerkit_s_stacks():
    ours = replay(loads(SHOWDOWN))
    assert ours.error is None, ours.error
    assert ours.stacks == pokerkit_stacks(SHOWDOWN) == [88, 112]  # a nine-high badugi beats K-2-A


def test_round_trips_write_read_replay_identical():
    for hand in random_hands(FB, 40, (2, 8)):
        check_round_trip(hand)
        assert all(len(hole) == 4 for hole in hand.hole)


def _pokerkit_differs(hand: State) -> bool:
    """The known rule differences with pokerkit: a stub that ran out (pokerkit reshuffles other discards, as in
    triple draw), and odd chips pokerkit pays otherwise (docs/rules.md 10.1): two or more split pots with odd
    chips, or a pot split three or more ways with two or more odd chips."""
    if any(event[0] == "reshuffle" for event in hand.history):
        return True
    odd = [p for p in hand.pots if len(p.winners) >= 2 and p.amount % len(p.winners)]
    return len(odd) >= 2 or any(len(p.winners) >= 3 and p.amount % len(p.winners) >= 2 for p in odd)


def test_pokerkit_replays_our_hands_to_the_same_stacks():
    hands = check_pokerkit_stacks(random_hands(FB, 300, (2, 8), salt=1), skip=_pokerkit_differs)
    assert sum(hand.ended_by == "showdown" for hand in hands) >= 40 and sum(hand.n == 2 for hand in hands) >= 20


def test_we_replay_the_hands_pokerkit_writes():
    import pokerkit

    assert replay_what_pokerkit_writes(pokerkit, random_hands(FB, 60, (2, 8), salt=2), skip=_pokerkit_differs) >= 50
