"""Exhaustive enumeration of every 5-, 6- and 7-card hand against published counts."""

import pytest

from pokerlab.evaluator.verify import PUBLISHED, VARIANT_TABLES, verify


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


def _swapped_tables(first_mask: int, second_mask: int):
    """The high tables with two flush values swapped (every category count stays the same for 5 cards)."""
    from pokerlab.evaluator import api

    tables = api.high_tables()
    flush_values = tables.flush_values.copy()
    flush_values[[first_mask, second_mask]] = flush_values[[second_mask, first_mask]]
    return tables._replace(flush_values=flush_values)


def test_verify_sees_values_swapped_inside_a_category(monkeypatch):
    from pokerlab.evaluator import api
    from pokerlab.evaluator.verify import verify

    royal, king_high = 0b1_1111_0000_0000, 0b0_1111_1000_0000
    swapped = _swapped_tables(royal, king_high)
    monkeypatch.setattr(api, "high_tables", lambda: swapped)
    result = verify("5card")
    assert [r["ok"] for r in result["rows"][:-1]] == [True] * 11  # the counts cannot tell
    assert not result["ok"] and not result["rows"][-1]["ok"]
    assert "AKQJT suited" in result["problem"] or "KQJT9 suited" in result["problem"]


def test_order_check_sees_a_wrong_seven_card_value(monkeypatch):
    from pokerlab.evaluator import api
    from pokerlab.evaluator.verify_order import check_order

    tables = api.high_tables()
    values = tables.rank7_values.copy()
    values[values.argmax()] -= 1  # the best unsuited 7-card class loses one step
    monkeypatch.setattr(api, "high_tables", lambda: tables._replace(rank7_values=values))
    assert check_order(5)["ok"]
    result = check_order(7)
    assert not result["ok"] and "unsuited" in result["problem"]
