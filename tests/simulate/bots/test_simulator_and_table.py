"""The bot-versus-bot simulator and the person-versus-bots table (scripted input)."""

from __future__ import annotations

import pytest

from pokerlab.simulate.bots import CallingStation, RuleBot, SeatView, TableGame, parse_command, simulate_bots
from pokerlab.simulate.game import State, five_card_draw, jacks_or_better, no_limit_holdem
from pokerlab.simulate.histories import read, replay


def test_simulation_shape_and_zero_sum():
    result = simulate_bots(no_limit_holdem(1, 2), ["tight", "loose", "station", "random"], 300, seed=4)
    assert [s.name for s in result.seats] == ["tight", "loose", "station", "random"]
    assert result.hands == 300 and result.unit == 2 and result.hands_per_second > 0
    assert sum(s.chips for s in result.seats) == 0
    assert all(s.ci95 > 0 for s in result.seats)
    assert set(result.to_dict()) >= {"game", "hands", "seats", "hands_per_second", "unit_name"}
    assert "bb/100" in result.table()


def test_simulation_is_reproducible_with_a_seed():
    a = simulate_bots(five_card_draw(1, 2), ["tight", "loose", "random"], 200, seed=9)
    b = simulate_bots(five_card_draw(1, 2), ["tight", "loose", "random"], 200, seed=9)
    c = simulate_bots(five_card_draw(1, 2), ["tight", "loose", "random"], 200, seed=10)
    assert [s.chips for s in a.seats] == [s.chips for s in b.seats]
    assert [s.chips for s in a.seats] != [s.chips for s in c.seats]
    assert a.unit_name == "antes"


def test_stations_lose_to_rule_bots_over_many_hands():
    result = simulate_bots(no_limit_holdem(1, 2), ["tight", "station", "tight", "station"], 1500, seed=2)
    tight = result.seats[0].per_100 + result.seats[2].per_100
    station = result.seats[1].per_100 + result.seats[3].per_100
    assert tight > station


def test_phh_out_writes_replayable_hands(tmp_path):
    simulate_bots(jacks_or_better(), ["tight", "loose", "station"], 30, seed=1, phh_out=tmp_path, hands_per_file=20)
    files = sorted(tmp_path.glob("*.phhs"))
    assert [f.name for f in files] == ["hands-0000001.phhs", "hands-0000021.phhs"]
    hands = [h for f in files for _, h in read(f)]
    assert len(hands) == 30 and all(replay(h).ok for h in hands)
    assert hands[0].variant == "F5CD" and hands[0].user["_opening"] == "jacks"


def test_bad_simulation_arguments():
    with pytest.raises(ValueError, match="players"):
        simulate_bots(five_card_draw(), ["tight"] * 8, 10)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate_bots(five_card_draw(), ["tight", "shark"], 10)


def test_parse_command():
    view = SeatView(State(no_limit_holdem(5, 10), [1000] * 3, seed=1))
    assert parse_command("a", view).amount == 1000
    assert parse_command("c", view).kind == "call"
    for text, message in [
        ("", "type a move"),
        ("r", "say how much"),
        ("r ten", "not a whole number"),
        ("dance", "unknown move"),
        ("d Zz", "cannot read"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_command(text, view)


def _scripted(answers):
    queue = list(answers)
    return lambda prompt: queue.pop(0) if queue else "q"


def test_table_reprompts_and_plays_to_the_end():
    out: list[str] = []
    answers = ["raise 3", "hello", "k", "c"] + ["c"] * 40
    table = TableGame(
        no_limit_holdem(5, 10),
        [CallingStation(), RuleBot("tight", 1)],
        stacks=[500] * 3,
        seed=2,
        ask=_scripted(answers),
        tell=out.append,
    )
    summary = table.play(max_hands=3)
    text = "\n".join(out)
    assert "not allowed: you may raise to between" in text
    assert "invalid: unknown move 'hello'" in text
    assert summary.hands == 3 and sum(summary.end) == 1500
    assert "session over after 3 hand(s)" in text
    assert len(summary.histories) == 3 and all(replay(h).ok for h in summary.histories)


def test_table_draw_game_and_showdown_names():
    out: list[str] = []
    table = TableGame(
        five_card_draw(1, 2),
        [CallingStation()],
        stacks=[100, 100],
        seed=5,
        ask=_scripted(["b 2", "d 2c 2c", "p", "k", "c", "p"] + ["c", "p", "k"] * 20),
        tell=out.append,
    )
    table.play(max_hands=4)
    text = "\n".join(out)
    assert "your cards:" in text and "shows" in text
    assert any(word in text for word in ("pair", "High card", "Two pair", "Three of a kind", "Flush", "Straight"))
