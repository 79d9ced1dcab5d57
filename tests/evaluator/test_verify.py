"""Exhaustive enumeration of every 5-, 6- and 7-card hand against published counts."""

import pytest

from evaluator.verify import PUBLISHED, verify


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
