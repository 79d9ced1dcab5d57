"""The shipped 169-class table of equity against a random hand, and percentage ranges."""

import pytest

from pokerlab.simulate.equity.engine import equity
from pokerlab.simulate.ranges.classes import class_combos, example_hand, hand_classes
from pokerlab.simulate.ranges.order import equities, ordered_classes, top_percent_classes
from pokerlab.simulate.ranges.parse import parse_range


def test_all_classes_present_and_sizes_add_up():
    assert len(hand_classes()) == 169 == len(equities())
    assert sum(class_combos(c) for c in hand_classes()) == 1326


@pytest.mark.parametrize(
    ("hand", "published"),
    [("AA", 85.20), ("KK", 82.40), ("AKs", 67.04), ("22", 50.33), ("72o", 34.58), ("32o", 32.30)],
)
def test_published_equities_against_a_random_hand(hand, published):
    assert 100 * equities()[hand] == pytest.approx(published, abs=0.006)


@pytest.mark.parametrize("hand", ["AA", "T9s"])
def test_table_matches_a_fresh_exact_computation(hand):
    assert equity([example_hand(hand), "random"], method="exact").players[0].equity == pytest.approx(
        equities()[hand], abs=1e-12
    )


def test_order_and_percent_ranges():
    order = ordered_classes()
    assert order[:3] == ["AA", "KK", "QQ"] and order[-1] == "32o"
    assert top_percent_classes(0.5) == ["AA"]
    assert len(parse_range("100%")) == 1326
    r = parse_range("15%")
    assert abs(len(r) - 0.15 * 1326) <= 6
    with pytest.raises(ValueError):
        top_percent_classes(0)
