"""``pokerlab hits``: the table and the JSON print what the library returns; bad input is one line, exit 2."""

from __future__ import annotations

import json

from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.cli.printing import json_text
from pokerlab.simulate.ranges.hits import hit_frequencies


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pokerlab")


def test_json_is_the_library_result_in_the_one_layout():
    result = run("hits", "QQ,AQs,77@50", "-b", "Qs7h2c", "--json")
    assert result.exit_code == 0, result.output
    assert result.stdout == json_text(hit_frequencies("QQ,AQs,77@50", board="Qs7h2c").to_dict()) + "\n"
    data = json.loads(result.stdout)
    assert data["combos"] == 7.5 and data["board"] == "Qs7h2c"


def test_every_flop_is_the_default_and_flop_any_says_it():
    a, b = run("hits", "AKo", "--json"), run("hits", "AKo", "--flop", "any", "--json")
    assert a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert data["board"] == "any flop" and data["boards"] == 19_600
    hit = next(r for r in data["rows"] if r["category"] == "hits a hole rank")
    assert hit["combos"] == 12 * 6_356


def test_text_table_shows_every_row_with_its_percent():
    result = run("hits", "2s2h", "--flop", "any")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "range 2s2h on any flop: 19,600 combo-flops (19,600 flops per combo)"
    assert any(line.split() == ["hits", "a", "hole", "rank", "2,304", "11.76"] for line in lines)
    assert any(line.startswith("top pair, top kicker") for line in lines)
    assert any(line.startswith("combo draw") for line in lines)


def test_bad_input_is_one_line_exit_2():
    for args in (
        ["hits", "AA", "-b", "Qs7h2c", "--flop", "any"],
        ["hits", "AsKs", "-b", "As7h2c"],
        ["hits", "AZ"],
        ["hits", "AA", "-b", "Qs7h"],
    ):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert len(result.stderr.strip().splitlines()) == 1, (args, result.output)
