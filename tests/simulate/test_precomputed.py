"""Precomputed preflop tables: the 169-class table against a random hand and heads-up matchups."""

import itertools
import json
from math import comb

import numpy as np
import pytest
from click.testing import CliRunner

from pokerlab.evaluator import evaluate_batch
from pokerlab.evaluator.api import high_tables
from pokerlab.evaluator.cards import parse_cards
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.equity.engine import equity
from pokerlab.simulate.precomputed import load_preflop_table, matchups, preflop_equity, preflop_vs_random
from pokerlab.simulate.precomputed.kernels import canonical_boards, preflop_vs_random_counts
from pokerlab.simulate.precomputed.preflop import hand_class_index
from pokerlab.simulate.ranges.classes import class_combos, example_hand, hand_class, hand_classes
from pokerlab.simulate.ranges.parse import parse_range
from pokerlab.simulate.ranges.table import OUTCOMES_PER_HAND, TableChecksumError

PUBLISHED = {"AA": 85.20, "KK": 82.40, "AKs": 67.04, "22": 50.33, "72o": 34.58, "32o": 32.30}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The whole table computed afresh on two threads, its shards kept in a work folder."""
    work = tmp_path_factory.mktemp("work")
    return preflop_vs_random(threads=2, shards=16, work_dir=work, keep_shards=True), work


def test_a_fresh_build_equals_the_shipped_table_exactly(built):
    table, _ = built
    shipped = load_preflop_table()
    assert [r.hand for r in table.rows] == hand_classes()
    assert table.rows == shipped.rows
    assert table.checksum() == shipped.meta["sha256"]
    assert shipped.meta["command"].startswith("pokerlab table preflop --vs random")
    for row in table.rows:
        assert row.wins + row.ties + row.losses == row.outcomes == OUTCOMES_PER_HAND == 1225 * comb(48, 5)


@pytest.mark.parametrize(("hand", "published"), PUBLISHED.items())
def test_published_equities(built, hand, published):
    assert 100 * built[0][hand].equity == pytest.approx(published, abs=0.006)
    assert preflop_equity(hand) == built[0][hand].equity


@pytest.mark.parametrize("hand", ["72o", "K9s"])
def test_counts_equal_the_exact_equity_engine(built, hand):
    """The board-centric count against the deal-by-deal engine: the same integers."""
    row = built[0][hand]
    result = equity([example_hand(hand), "random"], method="exact", use_tables=False)
    assert result.outcomes == row.outcomes
    assert (result.players[0].wins, result.players[0].ties) == (row.wins, row.ties)
    # By default equity() reads the same answer from the shipped table.
    read = equity([example_hand(hand), "random"])
    assert read.to_dict()["players"] == result.to_dict()["players"] and read.boards == result.boards


def test_the_kernel_matches_brute_force_on_a_few_boards():
    rng = np.random.default_rng(5)
    boards = np.array([np.sort(rng.choice(52, 5, replace=False)) for _ in range(3)], dtype=np.uint8)
    weights = np.array([1, 2, 3], dtype=np.int64)
    got = preflop_vs_random_counts(boards, weights, hand_class_index(), 169, high_tables())
    want = np.zeros((2, 169), dtype=np.int64)
    index = {name: i for i, name in enumerate(hand_classes())}
    for board, w in zip(boards, weights):
        rest = [c for c in range(52) if c not in set(board.tolist())]
        pairs = np.array(list(itertools.combinations(rest, 2)))
        values = evaluate_batch(np.hstack([np.tile(board, (len(pairs), 1)), pairs]).astype(np.uint8)).astype(int)
        disjoint = ~(
            (pairs[:, None, 0] == pairs[None, :, 0])
            | (pairs[:, None, 0] == pairs[None, :, 1])
            | (pairs[:, None, 1] == pairs[None, :, 0])
            | (pairs[:, None, 1] == pairs[None, :, 1])
        )
        beats = ((values[:, None] > values[None, :]) & disjoint).sum(axis=1)
        ties = ((values[:, None] == values[None, :]) & disjoint).sum(axis=1)
        for (a, b), win, tie in zip(pairs, beats, ties):
            want[0, index[hand_class(a, b)]] += w * win
            want[1, index[hand_class(a, b)]] += w * tie
    assert np.array_equal(got, want)


def test_board_classes_stand_for_every_board_once():
    boards, weights = canonical_boards()
    assert len(boards) == 134_459 and weights.sum() == comb(52, 5)
    assert set(np.unique(weights).tolist()) <= {4, 6, 12, 24}


def test_the_cli_resumes_from_kept_shards_and_writes_csv_and_json(built, tmp_path):
    table, work = built
    shard_files = sorted(p for p in work.rglob("shard-*.npz"))
    assert len(shard_files) == 16
    shard_files[3].unlink()  # as if interrupted before that shard finished
    out_json, out_csv = tmp_path / "t.json", tmp_path / "t.csv"
    result = CliRunner().invoke(
        main,
        [
            "table",
            "preflop",
            "--vs",
            "random",
            "--shards",
            "16",
            "--work-dir",
            str(work),
            "--threads",
            "2",
            "--out",
            str(out_json),
            "--out",
            str(out_csv),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "15 resumed" in result.output
    data = json.loads(out_json.read_text())
    assert data["sha256"] == table.checksum() and len(data["hands"]) == 169
    lines = out_csv.read_text().splitlines()
    assert lines[0].startswith("hand,combos,wins,ties,losses,outcomes") and len(lines) == 170
    assert lines[1].split(",")[:3] == ["AA", "6", str(table["AA"].wins)]
    assert not any(work.rglob("shard-*.npz"))  # cleared once complete


def test_a_tampered_table_is_refused(tmp_path):
    data = json.loads(load_preflop_table().to_json())
    data["hands"][0]["wins"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(TableChecksumError):
        load_preflop_table(bad)


def test_preflop_equity_takes_classes_and_hands():
    assert preflop_equity("7h2c") == preflop_equity("72o") == preflop_equity("72O")
    with pytest.raises(ValueError):
        preflop_equity("AKx")


@pytest.fixture(scope="module")
def small_matchups():
    return matchups(["AA", "KK", "AKs", "72o"], threads=2)


@pytest.mark.parametrize(("a", "b"), [("AA", "KK"), ("KK", "AKs"), ("72o", "AA"), ("AKs", "72o")])
def test_matchups_add_up_to_range_against_range_equity(small_matchups, a, b):
    m = small_matchups.class_matchup(a, b)
    r = equity([a, b], method="exact")
    assert (m.wins1, m.wins2, m.ties) == (r.players[0].wins, r.players[1].wins, r.players[0].ties)
    assert m.pairs * 1_712_304 == r.outcomes
    assert m.pairs == sum(
        1 for x in parse_range(a).combos for y in parse_range(b).combos if not set(x.tolist()) & set(y.tolist())
    )


def test_matchup_rows_are_suit_patterns(small_matchups):
    rows = [r for r in small_matchups.rows if (r.hand1, r.hand2) == ("AA", "72o")]
    assert len(rows) == 4 and sum(r.weight for r in rows) == 6 * 12
    assert small_matchups.class_equity("AKs", "AKs") == 0.5
    for r in small_matchups.rows:
        assert hand_class(*parse_cards(r.cards1)) == r.hand1 and hand_class(*parse_cards(r.cards2)) == r.hand2
        assert r.wins1 + r.wins2 + r.ties == r.boards
    one = next(r for r in small_matchups.rows if r.cards1 == "AsAh" and r.cards2 == "KsKh")
    assert (one.wins1, one.wins2, one.ties) == (1410336, 292660, 9308)


def test_matchups_cli_on_a_subset(tmp_path):
    out = tmp_path / "m.csv"
    result = CliRunner().invoke(
        main, ["table", "matchups", "--classes", "QQ,AKs", "--no-resume", "--out", str(out), "--format", "text"]
    )
    assert result.exit_code == 0, result.output
    assert "AKs" in result.output and "QQ" in result.output
    lines = out.read_text().splitlines()
    assert lines[0].startswith("hand1,hand2,cards1,cards2,weight") and len(lines) == 1 + 1 + 2 + 1
    weights = [int(line.split(",")[4]) for line in lines[1:] if line.startswith("AKs,QQ,")]
    assert len(weights) == 2 and sum(weights) == class_combos("QQ") * class_combos("AKs")


def test_bad_table_input_is_one_line_and_exit_2():
    result = CliRunner().invoke(main, ["table", "matchups", "--classes", "AKx"])
    assert result.exit_code == 2 and result.output.startswith("error:")
