"""Records that once replayed "ok" (or as a mere unknown outcome) although the record itself is wrong."""

from __future__ import annotations

import pytest

from pokerlab.simulate.histories import PHHError, loads, replay

HEAD = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
"""
POSTFLOP = "'d db Qs7h2c', 'p1 cc', 'p2 cc', 'd db 3d', 'p1 cc', 'p2 cc', 'd db 4h', 'p1 cc', 'p2 cc'"
TO_THE_RIVER = "'p2 cc', 'p1 cc', " + POSTFLOP


def _replay(actions: str, finishing: str, extra: str = ""):
    return replay(loads(HEAD + extra + f"actions = [{actions}]\nfinishing_stacks = {finishing}\n"))


def test_shown_cards_that_were_not_dealt_are_a_problem():
    dealt = "'d dh p1 AsAh', 'd dh p2 7c2d', "
    result = _replay(dealt + TO_THE_RIVER + ", 'p1 sm AsAh', 'p2 sm KcKh'", "[102, 98]")
    assert result.status == "illegal" and "p2 shows cards it was not dealt (it was dealt 7c 2d)" in result.problems[0]
    honest = _replay(dealt + TO_THE_RIVER + ", 'p1 sm AsAh', 'p2 sm 7c2d'", "[98, 102]")
    assert honest.ok, honest.problems


def test_a_show_after_folding_or_without_a_showdown_is_a_problem():
    folded = _replay("'d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f', 'p2 sm 7c2d'", "[101, 99]")
    assert folded.status == "illegal" and "after folding" in folded.problems[0]
    uncontested = _replay("'d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f', 'p1 sm AsAh'", "[101, 99]")
    assert uncontested.status == "illegal" and "without a showdown" in uncontested.problems[0]


@pytest.mark.parametrize(
    ("finishing", "reason"),
    [
        ("[150, 50]", "p2 ends with less than it held"),
        ("[103, 98]", "more than the pot of 4"),
    ],
)
def test_unknown_cards_with_a_result_no_pot_could_give_are_a_problem(finishing, reason):
    unseen = "'d dh p1 ????', 'd dh p2 ????', "
    result = _replay(unseen + TO_THE_RIVER, finishing)
    assert result.status == "differs" and reason in " ".join(result.problems), result.problems
    possible = _replay(unseen + TO_THE_RIVER, "[102, 98]")
    assert possible.status == "unknown outcome" and possible.problems == []


def test_a_folded_player_given_chips_is_a_problem():
    head = HEAD.replace("[0, 0]", "[0, 0, 0]").replace("[1, 2]", "[1, 2, 0]").replace("[100, 100]", "[100, 100, 100]")
    actions = "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cc', 'p2 cc', " + POSTFLOP
    result = replay(loads(head + f"actions = [{actions}]\nfinishing_stacks = [98, 98, 104]\n"))
    assert result.status == "differs" and "p3 folded" in " ".join(result.problems), result.problems


@pytest.mark.parametrize("players", ["5", "['a', 'b', 'c']", "['a', 2]"])
def test_a_players_field_that_is_not_their_names_is_refused(players):
    with pytest.raises(PHHError, match="players"):
        loads(HEAD + f"players = {players}\nactions = []\n")
