"""equity_many: many queries in one process, answered in order, a wrong query an error answer that names why."""

import json

import pytest

from pokerlab.errors import InputError
from pokerlab.simulate.cli.equity import equity_command
from pokerlab.simulate.equity.batch import OPTIONS, QUERY_KEYS, equity_many, parse_query
from pokerlab.simulate.equity.engine import equity
from pokerlab.simulate.equity.result import GAMES


def _same(answer, result):
    """An answer equals a direct call's result but for the time taken."""
    expected = result.to_dict()
    return {k: v for k, v in answer.items() if k not in ("line", "id", "seconds")} == {
        k: v for k, v in expected.items() if k != "seconds"
    }


def test_answers_come_in_order_with_their_line_numbers():
    queries = ["AsAh KsKh", "AhKh QQ+ --board Qs7h2c", "AA KK", "7c2d AhKh", "AKs random", "9s8s TT --board 2c3d4h5s"]
    answers = list(equity_many(queries))
    assert [a["line"] for a in answers] == [1, 2, 3, 4, 5, 6]
    for query, answer in zip(queries, answers):
        words = query.split()
        board = words[words.index("--board") + 1] if "--board" in words else None
        assert _same(answer, equity(words[:2], board=board))


def test_a_wrong_line_is_an_error_answer_and_the_run_goes_on():
    lines = ["AsAh KsKh", "AsAh AsKd", "Xx KK", "AA KK --trials x", "{oops", "AA", "AA KK --frob 1", "AA KK"]
    answers = list(equity_many(lines))
    assert len(answers) == len(lines)
    errors = {a["line"]: a["error"] for a in answers if "error" in a}
    assert sorted(errors) == [2, 3, 4, 5, 6, 7]
    assert errors[2] == "players 1 and 2 both hold As"
    assert "Xx" in errors[3]
    assert errors[4] == "option --trials needs a whole number, got 'x'"
    assert errors[5].startswith("not a JSON object")
    assert errors[6] == "equity needs 2 to 10 players, got 1"
    assert errors[7].startswith("unknown option '--frob'")
    assert answers[-1]["method"] == "exact" and "error" not in answers[0]


def test_blank_and_comment_lines_are_skipped_but_counted():
    answers = list(equity_many(["# heads-up", "", "AsAh KsKh", "   ", "AA KK"]))
    assert [a["line"] for a in answers] == [3, 5]


def test_json_and_argument_forms_give_the_same_answers():
    args = ["AhKh 'QQ+,AKs' --board Qh7h2c --dead 3s", "AKs QQ --mc --trials 20000 --seed 5 --threads 1", "AA KK -t 1"]
    objects = [
        {"players": ["AhKh", "QQ+,AKs"], "board": "Qh7h2c", "dead": ["3s"]},
        {"players": "AKs QQ", "method": "mc", "trials": 20000, "seed": 5, "threads": 1},
        {"players": ["AA", "KK"], "threads": 1},
    ]
    by_args = list(equity_many(args))
    by_json = list(equity_many(json.dumps(o) for o in objects))
    by_mapping = list(equity_many(objects))
    for a, b, c in zip(by_args, by_json, by_mapping):
        a.pop("seconds"), b.pop("seconds"), c.pop("seconds")
        assert a == b == c and "error" not in a
    assert by_args[1]["method"] == "mc" and by_args[1]["seed"] == 5


def test_a_query_id_is_echoed_and_bad_keys_and_types_are_named():
    answers = list(
        equity_many(
            [
                {"players": ["AA", "KK"], "id": "q1"},
                {"players": ["AA", "KK"], "bord": "2c3c4c"},
                {"players": ["AA", "KK"], "trials": True},
                {"players": ["AA", 7]},
                {"board": "2c3c4c"},
                '["AA", "KK"]',
                '{"players": ["AA", "KK"], "method": "fast"}',
            ]
        )
    )
    assert answers[0]["id"] == "q1" and "error" not in answers[0]
    assert answers[1]["error"].startswith("unknown key 'bord'")
    assert answers[2]["error"] == "trials must be int, got true"
    assert "players must be hands or ranges" in answers[3]["error"]
    assert answers[4]["error"].startswith("no players")
    assert answers[5]["error"].startswith("a JSON query must be an object")
    assert answers[6]["error"] == "method must be exact, mc or auto, got 'fast'"


def test_parse_query_forms():
    assert parse_query("AsAh KsKh -b Qs7h2c -d 2c --exact") == {
        "players": ["AsAh", "KsKh"],
        "board": "Qs7h2c",
        "dead": "2c",
        "method": "exact",
    }
    assert parse_query("AA KK --stderr=1e-3 --mc") == {"players": ["AA", "KK"], "stderr": 1e-3, "method": "mc"}
    with pytest.raises(InputError, match="--exact and --method"):
        parse_query("AA KK --exact --method mc")
    with pytest.raises(InputError, match="needs a value"):
        parse_query("AA KK --board")
    with pytest.raises(InputError, match="takes no value"):
        parse_query("AA KK --mc=yes")
    with pytest.raises(InputError, match="JSON query must be an object"):
        parse_query('["AA", "KK"]')
    assert set(QUERY_KEYS) >= {key for key, _ in OPTIONS.values() if key}


def test_the_lines_take_the_same_options_as_the_command():
    command = {opt for param in equity_command.params for opt in param.opts if opt.startswith("-")}
    # --breakdown and --by-combo answer other questions (tables per class or combo): not batch lines.
    command -= {"--batch", "--scheduler", "--help", "-h", "--breakdown", "--by-combo"}
    assert set(OPTIONS) == command


def test_an_omaha_line_is_answered_by_omaha_equity():
    from pokerlab.simulate.equity.omaha import omaha_equity

    line = "AsAhKsKh QdQcJdJc --board 2s7d9c --game omaha"
    json_form = {"players": ["AsAhKsKh", "QdQcJdJc"], "board": "2s7d9c", "game": "omaha"}
    answers = list(equity_many([line, json_form, "AsAh KsKh --game bridge", "AsAh KsKh --game badugi"]))
    direct = omaha_equity(["AsAhKsKh", "QdQcJdJc"], board="2s7d9c", threads=1)
    assert answers[0]["players"][0]["equity"] == answers[1]["players"][0]["equity"] == direct.players[0].equity
    assert answers[2]["error"] == f"game must be {', '.join(GAMES)}, got 'bridge'"
    assert answers[3]["error"] == "a badugi hand is four cards: expected 4 cards, got 2 in 'AsAh'"  # a game's alias
    assert "draw-deuce-seven" in GAMES  # every game of the one entry, five-card draw's too


def test_a_stud_line_is_answered_by_stud_equity():
    from pokerlab.simulate.equity.stud import stud_equity

    line = '"AsAh Kd 7c 2s 3h" "QcQd 9h 9c 4d 5s" --game stud-hilo --dead 2c'
    json_form = {"players": ["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"], "game": "stud-hilo", "dead": "2c"}
    answers = list(equity_many([line, json_form, '"AsAh Kd" "QcQd 9h" --game razz -b 2d3d4d', SHORT_DECK]))
    direct = stud_equity(["AsAh Kd 7c 2s 3h", "QcQd 9h 9c 4d 5s"], "2c", game="stud-hilo")
    assert answers[0]["players"][0]["equity"] == answers[1]["players"][0]["equity"] == direct.players[0].equity
    assert answers[0]["game"] == "stud-hilo" and answers[0]["deals"] == direct.deals
    assert answers[2]["error"] == "the community card is one card (seventh street from a short deck), got 3"
    # A stud line's board is seventh street's community card, as stud_equity's community=.
    players, community = SHORT_DECK_SPOT
    direct = stud_equity(players, community=community, game="razz")
    assert answers[3]["players"][0]["equity"] == direct.players[0].equity


# Eight razz players: the deck ran short and seventh street's community card is out.
SHORT_DECK_SPOT = (["AsAh Kd 2c 3c 4c", "QcQd 9h 5d 6d 7d", "Kc Ks Kh", "8s 8h 8d", "Js Jh Jd", "Ts Th Td", "9s 9c 9d",
                    "7s 7h 7c"], "2d")  # fmt: skip
SHORT_DECK = {"players": SHORT_DECK_SPOT[0], "board": SHORT_DECK_SPOT[1], "game": "razz"}
