"""The size grammar (pot %, multiples, chips, geometric, all-in), the add/force all-in and merging thresholds and
donk sizes, each on a node whose sizes are worked out by hand; and a fuzz of size text (parsed, or one clean error)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from pokerlab.evaluator import to_card_ids
from pokerlab.simulate.solver import SolverError
from pokerlab.simulate.solver.betting import FlatBuilder, _Spec
from pokerlab.simulate.solver.sizes import BetSize, format_sizes, parse_sizes, tree_sizes
from pokerlab.simulate.solver.spot import Spot
from pokerlab.simulate.solver.tree import DECISION

TURN = "Td9d6hQc"


def _labels(board, pot, stack, line=(), **sizes):
    """The actions at the end of ``line`` in the tree of a spot with these sizes (AA against KK)."""
    sizes.setdefault("allin", False)
    spot = Spot.parse(board, "AA", "KK", pot=pot, stack=stack, **sizes)
    tree = FlatBuilder(spot.betting).build(spot.betting.root(spot.board))
    node = tree.follow(list(line))
    return [tree.labels[c] for c in tree.children(node)]


def _opening(board, pot, stack, bet, **rules):
    """OOP's bets at the root (check left out)."""
    return _labels(board, pot, stack, bet_sizes=bet, **rules)[1:]


def _root_bets(board, pot, stack, bet):
    """OOP's bets at the root, read off the betting rules without building the tree (a flop tree is large)."""
    betting = Spot.parse(board, "AA", "KK", pot=pot, stack=stack, bet_sizes=bet, allin=False).betting
    return [label for _, label in betting.sizes(betting.root(tuple(to_card_ids(board))))]


def _raises(board, pot, stack, bet, raise_, **rules):
    """IP's raises facing OOP's single bet (fold and call left out)."""
    bet_label = _opening(board, pot, stack, bet, raise_sizes=raise_, **rules)[0]
    return _labels(board, pot, stack, [bet_label], bet_sizes=bet, raise_sizes=raise_, **rules)[2:]


def test_each_form_parses_and_prints_back():
    sizes = parse_sizes(" 52% ,2.5X, 100c, e, 2e, 3e200%, a,.5%", raises=True)
    assert [s.kind for s in sizes] == ["pot", "prev", "chips", "geometric", "geometric", "geometric", "allin", "pot"]
    assert sizes[0].value == pytest.approx(0.52) and sizes[5] == BetSize("geometric", 3, 2.0)
    assert format_sizes(sizes) == "52%, 2.5x, 100c, e, 2e, 3e200%, a, 0.5%"
    assert parse_sizes(format_sizes(sizes), raises=True) == sizes
    assert parse_sizes("") == () and parse_sizes([0.5, 1]) == (BetSize("pot", 0.5), BetSize("pot", 1.0))


def test_a_pot_fraction_bets_that_share_of_the_pot_and_raises_that_share_of_the_pot_after_the_call():
    assert _opening("2s3h4d6c7c", 100, 1000, "75%") == ["bet 75"]
    # Facing 100 into 100: the call makes the pot 300, half of it on top of the call is a raise to 250.
    assert _raises("2s3h4d6c7c", 100, 1000, "100%", "50%") == ["raise 250"]


def test_a_multiple_raises_to_that_many_times_the_bet_faced():
    assert _raises("2s3h4d6c7c", 100, 1000, "40%", "2.5x") == ["raise 100"]
    assert _raises("2s3h4d6c7c", 100, 1000, "100%", "3x") == ["raise 300"]


def test_a_constant_is_chips_and_a_raise_is_at_least_the_bet_it_answers():
    assert _opening("2s3h4d6c7c", 100, 1000, "30c") == ["bet 30"]
    assert _raises("2s3h4d6c7c", 100, 1000, "100%", "150c") == ["raise 250"]  # 100 called, 150 more
    assert _raises("2s3h4d6c7c", 100, 1000, "100%", "30c") == ["raise 200"]  # the minimum raise


def test_geometric_sizes_get_the_stack_in_over_the_bets_left():
    # Pot 100, 400 behind, two bets: (1 + 2*400/100) ** (1/2) = 3, so f = (3 - 1) / 2 = 1: a pot bet, called
    # (pot 300, 300 behind), then a pot bet is all-in.
    assert _root_bets("Qs9h5d", 100, 400, "2e") == ["bet 100"]
    assert _opening(TURN, 100, 400, "e") == ["bet 100"]  # e on the turn: two streets left
    # The flop's e: three bets; 1300 behind: (1 + 26) ** (1/3) = 3, f = 1 again; capped at 50 %.
    assert _root_bets("Qs9h5d", 100, 1300, "e") == ["bet 100"]
    assert _root_bets("Qs9h5d", 100, 1300, "3e50%") == ["bet 50"]
    assert _opening("2s3h4d6c7c", 100, 400, "e") == ["allin 400"]  # the river's e is the all-in
    # A raise counts the pot and stack after the call: facing 100 into 100 with 1300 behind, the pot is 300 and
    # 1200 behind after the call; 2e: (1 + 2400/300) ** (1/2) = 3, f = 1: 300 on top of the call, to 400.
    assert _raises(TURN, 100, 1300, "100%", "2e") == ["raise 400"]


def test_all_in_and_sizes_beyond_the_stack():
    assert _opening("2s3h4d6c7c", 100, 60, "a") == ["allin 60"]
    assert _opening("2s3h4d6c7c", 100, 60, "50%, 75%, 150%") == ["bet 50", "allin 60"]  # 75 and 150 reach it


def test_force_allin_replaces_a_size_leaving_a_small_stack_to_pot_ratio():
    # Pot 100, 120 behind: a pot bet called leaves 20 behind against a pot of 300, a ratio of 0.067.
    assert _opening("2s3h4d6c7c", 100, 120, "100%", force_allin=0.1) == ["allin 120"]
    assert _opening("2s3h4d6c7c", 100, 120, "100%", force_allin=0.05) == ["bet 100"]
    assert _opening("2s3h4d6c7c", 100, 120, "100%") == ["bet 100"]


def test_add_allin_adds_the_all_in_when_it_is_at_most_that_many_pots():
    assert _opening("2s3h4d6c7c", 100, 120, "50%", add_allin=1.5) == ["bet 50", "allin 120"]  # 1.2 pots
    assert _opening("2s3h4d6c7c", 100, 120, "50%", add_allin=1.0) == ["bet 50"]
    assert _opening("2s3h4d6c7c", 100, 120, "", add_allin=1.5) == []  # only where a size is given


def test_merging_drops_sizes_close_below_a_kept_one():
    # Kept first: 100 %. 66 %: (1 + 1) / (1 + 0.66) = 1.20, not under 1.1: kept. 60 %: 1.66 / 1.6 = 1.04: merged.
    assert _opening("2s3h4d6c7c", 100, 1000, "60%, 66%, 100%", merge=0.1) == ["bet 66", "bet 100"]
    assert _opening("2s3h4d6c7c", 100, 1000, "60%, 66%, 100%") == ["bet 60", "bet 66", "bet 100"]


def test_donk_sizes_lead_into_the_previous_streets_aggressor():
    sizes = {"turn": {"oop": "", "ip": "50%"}, "river": "75%"}
    rules = dict(bet_sizes=sizes, donk_sizes={"river": "33%"}, raise_cap=0)
    # IP bet the turn and OOP called: OOP's river lead is a donk (33 % of 200); after a checked turn, a bet (75 %).
    assert _labels(TURN, 100, 1000, ["check", "bet 50", "call", "2c"], **rules) == ["check", "bet 66"]
    assert _labels(TURN, 100, 1000, ["check", "check", "2c"], **rules) == ["check", "bet 75"]
    # No donk sizes: OOP's bet sizes; an empty list: no lead at all.
    assert _labels(TURN, 100, 1000, ["check", "bet 50", "call", "2c"], bet_sizes=sizes) == ["check", "bet 150"]
    no_lead = dict(bet_sizes=sizes, donk_sizes="", raise_cap=0)
    assert _labels(TURN, 100, 1000, ["check", "bet 50", "call", "2c"], **no_lead) == ["check"]


def test_each_street_and_player_has_its_own_sizes_and_raise_cap():
    rules = tree_sizes({"river": {"oop": "50%", "ip": "e"}}, raise_sizes={"river": "3x"}, raise_cap={"river": 0})
    assert format_sizes(rules.street("river").bet[0]) == "50%" and format_sizes(rules.street("river").bet[1]) == "e"
    assert rules.street("flop").bet == ((), ()) and rules.street("river").raise_cap == 0
    assert _labels("2s3h4d6c7c", 100, 1000, ["bet 50"], bet_sizes="50%", raise_sizes="3x", raise_cap=0) == [
        "fold",
        "call",
    ]
    assert _labels("2s3h4d6c7c", 100, 1000, ["check"], bet_sizes={"river": {"oop": "50%", "ip": "25%"}}) == [
        "check",
        "bet 25",
    ]


@pytest.mark.parametrize(
    "text, message",
    [
        ("52", "'52' is not a size"),
        ("2.5x", "for raises only"),
        ("0%", "above 0"),
        ("1x", "more than 1x"),
        ("0e", "number of bets"),
        ("2e0%", "cap of a geometric size"),
        ("50%%", "is not a size"),
        ("inf%", "is not a size"),
        (",", "is not a size list"),
    ],
)
def test_a_size_that_does_not_parse_is_one_line(text, message):
    raises = text == "1x"
    with pytest.raises(SolverError, match=message) as caught:
        parse_sizes(text, raises=raises, what="river bet")
    assert "\n" not in str(caught.value) and str(caught.value).startswith("river bet: ")


def test_bad_thresholds_and_streets_are_one_line():
    for kwargs, message in [
        ({"merge": -0.1}, "merge must be a number"),
        ({"force_allin": float("nan")}, "force_allin must be"),
        ({"bet_sizes": {"preflop": "50%"}}, "unknown street 'preflop'"),
        ({"bet_sizes": {"river": {"btn": "50%"}}}, "unknown player 'btn'"),
        ({"donk_sizes": {"flop": "50%"}}, "unknown street 'flop'"),
        ({"raise_cap": {"turn": -1}}, "raise_cap must be a whole number .* on the turn"),
    ]:
        with pytest.raises(SolverError, match=message):
            tree_sizes(**kwargs)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet="0123456789.,%xcea -|X\u0663\n", max_size=30))
def test_any_size_text_parses_or_is_one_clean_error(text):
    try:
        sizes = parse_sizes(text, raises=True)
    except SolverError as error:
        assert "\n" not in str(error).strip("\n").replace(repr(text), "")
        return
    assert parse_sizes(format_sizes(sizes), raises=True) == sizes


def test_a_decision_spec_carries_the_last_aggressor():
    betting = Spot.parse(TURN, "AA", "KK", pot=100, stack=1000, bet_sizes="50%", allin=False).betting
    root = betting.root(tuple(to_card_ids(TURN)))
    bet = [c for c in betting.children(root) if c.label == "bet 50"][0]
    assert isinstance(bet, _Spec) and bet.kind == DECISION and bet.aggressor == 0 and root.aggressor == -1
