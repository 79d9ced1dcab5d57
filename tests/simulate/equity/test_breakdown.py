"""Equity breakdown by class: each row is the plain equity against that class, and the rows add up exactly."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pokerlab.errors import PokerlabError
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.cli.printing import json_text
from pokerlab.simulate.equity.breakdown import equity_breakdown
from pokerlab.simulate.equity.engine import EquityError, equity

CASES = [
    ("AsKs", "QQ+,AQs+", "Qh7c2d", None),
    ("Td9d", "22+,ATs+,KQo,76s@50", "8d7c2d", None),
    ("AhAd", "KK, AKs, 54s@25", None, None),
    ("7c7h", "random", "Ks8c4h2s", "Ad"),
]


@pytest.mark.parametrize(("hand", "villain", "board", "dead"), CASES)
def test_the_rows_add_up_to_the_plain_equity_exactly(hand, villain, board, dead):
    b = equity_breakdown(hand, villain, board=board, dead=dead, method="exact")
    plain = equity([hand, villain], board=board, dead=dead, method="exact")
    p = plain.players[0]
    assert sum(r.wins for r in b.rows) == pytest.approx(p.wins, rel=1e-12, abs=0)
    assert sum(r.ties for r in b.rows) == pytest.approx(p.ties, rel=1e-12, abs=0)
    assert sum(r.outcomes for r in b.rows) == pytest.approx(plain.outcomes, rel=1e-12, abs=0)
    assert b.equity == pytest.approx(p.equity, rel=1e-12)
    assert sum(r.share for r in b.rows) == pytest.approx(1.0)
    if all(float(w).is_integer() for w in (r.weight for r in b.rows)):
        assert sum(r.wins for r in b.rows) == p.wins  # integer weights: the very same integers


def test_each_row_is_the_plain_equity_against_that_class():
    b = equity_breakdown("Td9d", "22+,ATs+,KQo", board="8d7c2d", method="exact")
    for row in b.rows:
        alone = equity(["Td9d", row.hand_class], board="8d7c2d", method="exact")
        assert (row.wins, row.ties, row.outcomes) == (alone.players[0].wins, alone.players[0].ties, alone.outcomes)
        assert row.equity == alone.players[0].equity


def test_combos_and_shares_count_the_live_combos():
    b = equity_breakdown("AsKs", "QQ+,AQs+", board="Qh7c2d")
    got = {r.hand_class: (r.combos, r.share) for r in b.rows}
    assert got == {"AA": (3, 3 / 14), "AKs": (3, 3 / 14), "AQs": (2, 2 / 14), "KK": (3, 3 / 14), "QQ": (3, 3 / 14)}
    assert b.combos == 14
    assert [r.hand_class for r in b.rows] == ["AA", "AKs", "AQs", "KK", "QQ"]  # grid order


def test_bad_input_is_named():
    with pytest.raises(PokerlabError):
        equity_breakdown("AsKsQs", "QQ")
    with pytest.raises(EquityError, match="no combo left"):
        equity_breakdown("AsKs", "AsKs, AsQs")
    with pytest.raises(PokerlabError):
        equity_breakdown("AsKs", "QQ", board="Qh7c2c3c4c5c")


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pokerlab")


def test_cli_breakdown_json_is_the_library_result():
    result = run("equity", "AsKs", "QQ+,AQs+", "-b", "Qh7c2d", "--breakdown", "--json")
    assert result.exit_code == 0, result.output
    expected = equity_breakdown("AsKs", "QQ+,AQs+", board="Qh7c2d").to_dict()
    assert result.stdout == json_text(expected) + "\n"
    assert json.loads(result.stdout)["rows"][0]["class"] == "AA"


def test_cli_breakdown_table_and_its_total():
    result = run("equity", "AsKs", "QQ+,AQs+", "-b", "Qh7c2d", "--breakdown")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "AsKs against QQ+, AQs+ on Qh7c2d, by class"
    assert lines[-1] == "all: 14 combos, win 5.693 %, tie 20.455 %, equity 15.920 % (exact)"
    assert any(line.split() == ["AKs", "3", "21.43", "0.000", "95.455", "47.727"] for line in lines)


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AsKs", "QQ", "random", "--breakdown"],
        ["equity", "AsKs", "QQ", "--breakdown", "--game", "omaha"],
        ["equity", "AsKs", "QQ", "--breakdown", "--stderr", "1e-3"],
    ],
)
def test_cli_breakdown_refuses_what_it_cannot_do(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: --breakdown")
