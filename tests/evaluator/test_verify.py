"""Exhaustive enumeration of every 5-, 6- and 7-card hand against published counts."""

import pytest

from evaluator.verify import PUBLISHED, VARIANT_TABLES, verify


@pytest.mark.parametrize("name", ["5card", "6card", "7card"])
def test_every_hand_matches_published_counts(name):
    result = verify(name)
    assert result["total"] == sum(PUBLISHED[name]["counts"])
    for row in result["rows"]:
        assert row["ok"], row
    assert result["ok"]
    assert set(result) >= {"name", "total", "distinct", "rows", "ok", "seconds"}


def test_distinct_values():
    assert verify("5card")["distinct"] == 7462
    assert verify("7card", parallel=True)["distinct"] == 4824


def test_unknown_table():
    with pytest.raises(ValueError, match="unknown table"):
        verify("8card")


@pytest.mark.parametrize("name", list(VARIANT_TABLES))
def test_variant_tables_match_every_published_count(name):
    result = verify(name, parallel=True)
    assert result["ok"], [r for r in result["rows"] if not r["ok"]]
    published = VARIANT_TABLES[name]["published"]
    checked = [r for r in result["rows"] if r["published"] is not None]
    assert len(checked) >= len(published)  # every published number became a checked row
    assert result["source"]


def test_variant_counts_known_by_construction():
    """Counts that follow from the high table (computed rows still have to be right)."""
    d27 = {r["label"]: r["count"] for r in verify("deuce-seven-5card")["rows"]}
    assert d27["Straight"] == 9 * 1020 and d27["Straight flush"] == 36 and d27["Flush"] == 5108 + 4
    assert d27["A-high"] == 494 * 1020 and d27["7-high"] == 4 * 1020
    bug = {r["label"]: r["count"] for r in verify("bug")["rows"]}
    assert bug["Five of a kind"] == 1  # four aces and the bug
    jacks = verify("jacks")
    assert jacks["rows"][0]["count"] == 4 * 84_480 + 123_552 + 54_912 + 10_200 + 5_108 + 3_744 + 624 + 36 + 4


def test_a_wrong_published_count_fails(monkeypatch):
    spec = dict(VARIANT_TABLES["deuces"], published={"Five of a kind": 671})
    monkeypatch.setitem(VARIANT_TABLES, "deuces", spec)
    result = verify("deuces")
    assert not result["ok"]
