"""Reading PHH: fields, cards, errors reported as reasons (never tracebacks), replay checks."""

from __future__ import annotations

import pytest

from pokerlab.simulate.game import IllegalActionError, State, no_limit_holdem
from pokerlab.simulate.histories import (
    HandHistory,
    PHHError,
    dumps,
    format_cards,
    format_replay,
    history_from_state,
    loads,
    parse_phh_cards,
    read,
    replay,
)

HAND = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = [
  "d dh p1 AsAh",
  "d dh p2 KsKh",
  "d dh p3 7c2d # the button",
  "p3 f",
  "p1 cbr 30",
  "p2 cc",
  "d db Qs7h2c",
  "p1 cbr 40",
  "p2 f",
]
finishing_stacks = [1030, 970, 1000]
players = ["Ann", "Bob", "Cid"]
_note = "user field"
"""


def test_fields_are_read():
    hand = loads(HAND)
    assert hand.variant == "NT" and hand.min_bet == 10
    assert hand.names() == ["Ann", "Bob", "Cid"]
    assert hand.user == {"_note": "user field"}


def test_replay_checks_finishing_stacks():
    result = replay(loads(HAND))
    assert result.ok and result.stacks == [1030, 970, 1000] and result.stacks_match
    assert [s.street for s in result.steps][-1] == "flop"
    text = format_replay(result)
    assert "Ann raises to 30" in text and "flop:" in text and "match" in text


def test_wrong_finishing_stacks_are_reported():
    result = replay(loads(HAND.replace("[1030, 970, 1000]", "[1031, 969, 1000]")))
    assert result.error is None and result.stacks_match is False and not result.ok
    assert "DIFFER" in format_replay(result)


@pytest.mark.parametrize(
    "old,new,reason",
    [
        ("p1 cbr 30", "p1 cbr 15", "you may raise to between 20 and 1000"),
        ("p2 cc", "p3 cc", "it is Bob's turn, not Cid's"),
        ('"p3 f",', '"p3 f", "p3 f",', "it is Ann's turn, not Cid's"),
        ("p1 cbr 40", "p1 cbr 4000", "not 4000"),
    ],
)
def test_rule_breaking_action_is_named_with_the_reason(old, new, reason):
    result = replay(loads(HAND.replace(old, new, 1)))
    assert not result.ok and result.error is not None
    assert new.split(",")[-1].strip().strip('"') in result.error.action
    assert reason in result.error.reason
    assert "ILLEGAL" in format_replay(result)


def test_board_dealt_before_the_betting_ends():
    result = replay(loads(HAND.replace('"p2 cc",', "").replace('"d db Qs7h2c",', '"d db Qs7h2c", "p2 cc",')))
    assert result.error is not None and "board cannot be dealt now" in result.error.reason


@pytest.mark.parametrize(
    "text,message",
    [
        ("variant = ", "not valid TOML"),
        ('variant = "NT"\nantes = [0, 0]\nstarting_stacks = [5, 5]', "actions"),
        ('variant = "XX"\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [5, 5]\nactions = []', "not one pokerlab"),
        ('variant = "NT"\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [5, -5.5]\nactions = []', "from 0"),
        ('variant = "NT"\nantes = [0, 0, 0]\nmin_bet = 2\nstarting_stacks = [5, 5]\nactions = []', "3 entries"),
    ],
)
def test_bad_files_raise_phh_errors(text, message):
    with pytest.raises(PHHError, match=message):
        result = replay(loads(text))
        raise PHHError(str(result.error))


def test_unsupported_games_are_explained():
    stud = HandHistory("F7S", [1, 1], [0, 0], [50, 50], [], bring_in=1, small_bet=2, big_bet=4)
    assert replay(stud).error is None  # stud is played: dealt unseen cards, no action yet
    razz = HandHistory("FR", [1, 1], [0, 0], [50, 50], [], small_bet=2, big_bet=4)
    error = replay(razz).error
    assert error.field == "bring_in" and "required" in error.reason
    unknown = HandHistory("FX", [1, 1], [0, 0], [50, 50], [], small_bet=2, big_bet=4)
    assert "not one pokerlab plays" in replay(unknown).error.reason


def test_duplicate_card_is_reported():
    result = replay(loads(HAND.replace("d dh p2 KsKh", "d dh p2 AsKh")))
    assert "dealt twice" in result.error.reason


def test_unknown_hole_cards_are_filled_and_replay_runs():
    result = replay(loads(HAND.replace("d dh p3 7c2d", "d dh p3 ????")))
    assert result.ok and result.stacks_match


def test_cards_notation():
    assert format_cards([51, 46, None, 52]) == "AsKh??Jk"
    assert parse_phh_cards("AsKh??Jk") == [51, 46, None, 52]
    with pytest.raises(PHHError):
        parse_phh_cards("AsK")


def test_all_in_shows_come_before_the_run_out():
    deck_holes = "As Ah Ks Kh".split()
    from pokerlab.simulate.game.cards import parse

    deck = [parse(deck_holes[1])[0], parse(deck_holes[0])[0], parse(deck_holes[3])[0], parse(deck_holes[2])[0]]
    state = State(no_limit_holdem(1, 2), [100, 100], button=0, seed=4, deck=deck)
    state.bet_or_raise(100)
    state.call()
    actions = history_from_state(state).actions
    shows = [k for k, a in enumerate(actions) if " sm " in a]
    boards = [k for k, a in enumerate(actions) if a.startswith("d db")]
    assert len(shows) == 2 and len(boards) == 3 and max(shows) < min(boards)
    [(_, hand)] = read("[1]\n" + dumps(history_from_state(state)))
    assert replay(hand).ok


def test_illegal_action_error_is_the_engines():
    state = State(no_limit_holdem(5, 10), [100, 100], seed=1)
    with pytest.raises(IllegalActionError):
        state.check()


THREE = """[1]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
finishing_stacks = [99, 101, 100]

[2]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, {blind}]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']

[3]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 f']
finishing_stacks = [99, 98, 103]
"""
UNREADABLE = "blinds_or_straddles: must hold amounts of money (numbers), got 'x'"


def test_a_file_gives_every_hand_a_verdict_an_unreadable_one_included(tmp_path):
    import json

    from click.testing import CliRunner

    from pokerlab.simulate.cli.main import main
    from pokerlab.simulate.histories.dataset import iter_results

    path = tmp_path / "three.phhs"
    path.write_text(THREE.replace("{blind}", "'x'"))
    results = list(iter_results(path))
    assert [label for label, _ in results] == ["1", "2", "3"]
    assert isinstance(results[1][1], PHHError) and results[1][1].field == "blinds_or_straddles"
    runner = CliRunner()
    quiet = runner.invoke(main, ["replay", str(path), "-q"])
    assert quiet.exit_code == 2
    assert quiet.stdout.splitlines() == [
        "hand 1: ok",
        f"hand 2: unreadable: {UNREADABLE}",
        "hand 3: ok",
        "3 hand(s) replayed, 2 ok, 1 not PHH, 0 with problems",
    ]
    assert quiet.stderr == f"error: {path}: hand [2]: {UNREADABLE}\n"
    text = runner.invoke(main, ["replay", str(path)])
    assert text.exit_code == 2 and f"hand 2: UNREADABLE: {UNREADABLE}" in text.stdout.splitlines()
    assert text.stdout.count("recorded finishing stacks: match") == 2
    for flags in (["--json", "-q"], ["--json"]):
        listing = runner.invoke(main, ["replay", str(path), *flags])
        assert listing.exit_code == 2
        verdicts = json.loads(listing.stdout)
        assert [(v["status"], v["ok"]) for v in verdicts] == [("ok", True), ("unreadable", False), ("ok", True)]
        assert verdicts[1]["hand"] == "2" and verdicts[1]["problems"] == [UNREADABLE]
    assert verdicts[1]["error"] == {
        "index": -1,
        "action": "",
        "field": "blinds_or_straddles",
        "kind": "phh",
        "reason": "must hold amounts of money (numbers), got 'x'",
    }


def test_a_file_whose_middle_hand_has_a_post_replays_every_hand(tmp_path):
    from click.testing import CliRunner

    from pokerlab.simulate.cli.main import main

    path = tmp_path / "three.phhs"
    path.write_text(THREE.replace("{blind}", "-2"))
    quiet = CliRunner().invoke(main, ["replay", str(path), "-q"])
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stdout.splitlines()[:3] == ["hand 1: ok", "hand 2: ok", "hand 3: ok"]
