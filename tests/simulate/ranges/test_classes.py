"""The 169 hand classes: names, sizes, and the class of two cards agreeing with the range grid."""

from itertools import combinations

import pytest

from pokerlab.errors import InputError
from pokerlab.simulate.ranges.classes import class_combos, example_hand, hand_class, hand_classes
from pokerlab.simulate.ranges.parse import GRID_LABELS, parse_range


def test_hand_class() -> None:
    assert hand_class(51, 47) == "AKs"
    assert hand_class(46, 51) == "AKo"
    assert hand_class(0, 1) == "22"


@pytest.mark.parametrize(("card1", "card2"), [(3, 3), (-1, 4), (0, 52)])
def test_hand_class_refuses_a_bad_pair(card1: int, card2: int) -> None:
    with pytest.raises(InputError, match=f"{card1}, {card2}"):
        hand_class(card1, card2)


def test_every_pair_lands_in_its_grid_cell() -> None:
    # The range parser's grid is built independently of hand_class: both must name each combo alike.
    for a, b in combinations(range(52), 2):
        name = hand_class(a, b)
        assert (max(a, b), min(a, b)) in {tuple(c) for c in parse_range(name).combos.tolist()}


def test_classes_cover_the_grid_and_every_combo() -> None:
    assert sorted(hand_classes()) == sorted(label for row in GRID_LABELS for label in row)
    assert sum(class_combos(name) for name in hand_classes()) == 1326
    for name in hand_classes():
        assert len(parse_range(name)) == class_combos(name)
        assert hand_class(*parse_range(example_hand(name)).combos[0].tolist()) == name
