"""Slow exhaustive checks, left out of the default run: `python -m pytest -m slow`."""

import numpy as np
import pytest
from reference import reference_key

from pokerlab import evaluator
from pokerlab.evaluator import api, batch_kernels


@pytest.mark.slow
def test_plain_seven_card_enumeration_matches_fast_one():
    """Every 7-card hand evaluated from its own cards, without the enumerator's shortcut."""
    t = api.high_tables()
    plain = batch_kernels.enumerate_values_plain(7, t)
    assert np.array_equal(plain, evaluator.enumerate_values(7))


@pytest.mark.slow
@pytest.mark.parametrize("k", [6, 7])
def test_two_million_random_hands_against_reference(k):
    rng = np.random.default_rng(1000 + k)
    hands = np.argsort(rng.random((2_000_000, 52)), axis=1)[:, :k].astype(np.uint8)
    ranks = evaluator.evaluate_batch(hands)
    keys = [reference_key(row) for row in hands.tolist()]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    for a, b in zip(order, order[1:]):
        if keys[a] == keys[b]:
            assert ranks[a] == ranks[b]
        else:
            assert ranks[a] < ranks[b]
