"""The shipped heads-up preflop table: its key, its check against the enumeration, and equity() answering from it."""

import itertools
import json
import os
import random
import shutil

import numpy as np
import pytest

from pokerlab.evaluator.cards import format_cards
from pokerlab.evaluator.tables import tables_dir
from pokerlab.simulate.equity.engine import HEADSUP_TABLE_MAX_DEALS, EquityError, equity
from pokerlab.simulate.precomputed import matchups
from pokerlab.simulate.precomputed.headsup_build import check_table, table_rows, write_table
from pokerlab.simulate.ranges.headsup_counts import shipped_rows
from pokerlab.simulate.ranges.headsup_table import (
    BOARDS,
    FILE,
    META,
    HeadsupTableError,
    checksum,
    deal_keys,
    headsup_counts,
    load_headsup_table,
    lookup,
)


def _rename(cards, perm):
    return [4 * (c >> 2) + perm[c & 3] for c in cards]


def test_keys_are_equal_exactly_for_suit_renamings():
    rng = random.Random(3)
    for _ in range(300):
        cards = rng.sample(range(52), 4)
        h1, h2 = cards[:2], cards[2:]
        key = deal_keys([h1], [h2])[0]
        for perm in itertools.permutations(range(4)):
            assert deal_keys([_rename(h1, perm)], [_rename(h2, perm)])[0] == key
            assert deal_keys([h1[::-1]], [h2[::-1]])[0] == key  # the order inside a hand does not count
        other = rng.sample(range(52), 4)
        renamings = {
            tuple(sorted(_rename(other[:2], p))) + tuple(sorted(_rename(other[2:], p)))
            for p in itertools.permutations(range(4))
        }
        same = tuple(sorted(h1)) + tuple(sorted(h2)) in renamings
        assert (deal_keys([other[:2]], [other[2:]])[0] == key) == same


def test_the_shipped_table_holds_every_planned_pattern_and_a_sample_matches_the_enumeration():
    rows = load_headsup_table()
    assert rows.shape == (47086, 4)
    assert bool(np.all(rows[:, 1:].sum(axis=1) == BOARDS))
    assert check_table(rows, sample=12, seed=5) == []


def test_a_rebuild_of_some_classes_gives_the_shipped_rows():
    rebuilt = table_rows(matchups(["AA", "KK", "AKs", "72o"], threads=1))
    shipped = load_headsup_table()
    at = np.searchsorted(shipped[:, 0], rebuilt[:, 0])
    assert np.array_equal(shipped[at], rebuilt)


def test_the_check_finds_a_wrong_count():
    rows = load_headsup_table().copy()
    assert check_table(rows, sample=100, seed=0, classes=["AA", "KK"]) == []
    key = deal_keys([[51, 50]], [[47, 46]])[0]  # AsAh vs KsKh: in the AA/KK plan, whose units are all sampled
    at = int(np.searchsorted(rows[:, 0], key))
    rows[at, 1] += 1
    problems = check_table(rows, sample=100, seed=0, classes=["AA", "KK"])
    assert len(problems) == 1 and "AsAh vs KsKh" in problems[0]


def test_lookup_matches_the_engine_on_random_deals():
    rng = random.Random(11)
    for _ in range(4):
        cards = rng.sample(range(52), 4)
        h1, h2 = format_cards(cards[:2]), format_cards(cards[2:])
        computed = equity([h1, h2], use_tables=False)
        assert headsup_counts(cards[:2], cards[2:]) == (
            computed.players[0].wins,
            computed.players[1].wins,
            computed.players[0].ties,
        )


@pytest.mark.parametrize(
    "players",
    [["AsAh", "KsKh"], ["7c2d", "AhKh"], ["AA", "KK"], ["QQ+,AKs", "JJ-99,AQo"], ["22", "AKo,KQs"], ["KhQh", "AK"]],
)
def test_equity_from_the_table_equals_the_enumeration(players):
    table, computed = equity(players), equity(players, use_tables=False)
    assert table.players == computed.players
    assert (table.boards, table.outcomes, table.method) == (computed.boards, computed.outcomes, "exact")


def test_weighted_ranges_agree_to_rounding_and_big_ranges_are_computed():
    table, computed = equity(["AA@50,KK", "AKs:0.3,QQ"]), equity(["AA@50,KK", "AKs:0.3,QQ"], use_tables=False)
    for a, b in zip(table.players, computed.players):
        assert a.equity == pytest.approx(b.equity, abs=1e-12)
    assert 1326 * 1326 > HEADSUP_TABLE_MAX_DEALS  # random vs random is not summed from the table


def test_ranges_that_always_share_a_card_are_refused():
    with pytest.raises(EquityError, match="always share a card"):
        equity(["AsAh", "AsAd,AhAd"])


def test_a_missing_or_tampered_table_is_a_table_error(tmp_path):
    for name in (FILE, META):
        shutil.copy(os.path.join(tables_dir(), name), tmp_path / name)
    assert load_headsup_table(tmp_path).shape == (47086, 4)
    data = bytearray((tmp_path / FILE).read_bytes())
    data[-1] ^= 1
    (tmp_path / FILE).write_bytes(bytes(data))
    with pytest.raises(HeadsupTableError, match="sha256"):
        load_headsup_table(tmp_path)
    (tmp_path / FILE).unlink()
    with pytest.raises(HeadsupTableError, match="missing"):
        load_headsup_table(tmp_path)


def test_a_written_table_reads_back_and_a_missing_deal_is_named(tmp_path):
    rows = table_rows(matchups(["AA", "KK"], threads=1))
    write_table(rows, tmp_path)
    meta = json.loads((tmp_path / META).read_text())
    assert meta["shape"] == [len(rows), 4] and meta["command"].startswith("python -m pokerlab")
    small = load_headsup_table(tmp_path)
    assert lookup(np.array([[51, 50]]), np.array([[47, 46]]), small).tolist() == [[1410336, 292660, 9308]]
    assert lookup(np.array([[47, 46]]), np.array([[51, 50]]), small).tolist() == [[292660, 1410336, 9308]]
    with pytest.raises(HeadsupTableError, match="not in the heads-up table"):
        lookup(np.array([[51, 47]]), np.array([[46, 42]]), small)


def _swapped_rows():
    rows = load_headsup_table()[:100].copy()
    rows[[10, 11]] = rows[[11, 10]]  # two rows out of key order
    return rows


def test_the_build_refuses_rows_out_of_key_order(tmp_path):
    with pytest.raises(ValueError, match="sorted by key"):
        write_table(_swapped_rows(), tmp_path)
    assert not (tmp_path / FILE).exists() and not (tmp_path / META).exists()
    duplicated = load_headsup_table()[:100].copy()
    duplicated[11] = duplicated[10]
    with pytest.raises(ValueError, match="each key once"):
        write_table(duplicated, tmp_path)


def test_the_check_reports_keys_out_of_order():
    rows = load_headsup_table()
    shuffled = rows[::-1].copy()
    assert not any("strictly increasing" in p for p in check_table(rows, sample=1, classes=["AA", "KK"]))
    assert any("not strictly increasing" in p for p in check_table(shuffled, sample=1, classes=["AA", "KK"]))


def _hand_written(rows, folder):
    """A table out of key order whose metadata's SHA-256 matches it: what no build writes."""
    np.save(folder / FILE, rows, allow_pickle=False)
    (folder / META).write_text(json.dumps({"shape": list(rows.shape), "sha256": checksum(rows)}))
    return folder


def test_a_table_out_of_key_order_is_refused_though_its_checksum_matches(tmp_path):
    with pytest.raises(HeadsupTableError, match="not strictly increasing"):
        load_headsup_table(_hand_written(_swapped_rows(), tmp_path))


def test_a_two_hand_answer_from_a_table_out_of_order_is_its_deal_or_names_the_order(tmp_path, monkeypatch):
    # The two-hand path trusts a table whose SHA-256 matches: a row found under a deal's key holds that deal's
    # counts in any order, and a deal the search misses is blamed on the order, never reported absent or wrong.
    shipped = load_headsup_table()
    deals = [random.Random(seed).sample(range(52), 4) for seed in range(40)]
    expected = [tuple(lookup(np.array([d[:2]]), np.array([d[2:]]), shipped)[0].tolist()) for d in deals]
    keys = shipped[:, 0]
    far = sorted({int(np.searchsorted(keys, deal_keys([d[:2]], [d[2:]])[0])) for d in deals})
    disordered = shipped.copy()
    disordered[[far[0], far[-1]]] = disordered[[far[-1], far[0]]]  # the smallest and largest of the deals' rows
    monkeypatch.setenv("POKERLAB_TABLES", str(_hand_written(disordered, tmp_path)))
    shipped_rows.cache_clear()
    answers = []
    try:
        for deal, counts in zip(deals, expected):
            try:
                answers.append(headsup_counts(deal[:2], deal[2:]) == counts)
            except HeadsupTableError as exc:
                assert "not strictly increasing" in str(exc)
                answers.append(None)
    finally:
        shipped_rows.cache_clear()
    assert None in answers and True in answers and False not in answers
