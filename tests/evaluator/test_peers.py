"""Cross-checks against peer evaluators where the `peers` extra is installed."""

import numpy as np
import pytest

from pokerlab import evaluator
from pokerlab.evaluator.cards import format_cards


def random_hands(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def same_order(ours, theirs):
    """Pairs of hands compare the same way (<, =, >) under both evaluators."""
    ours, theirs = np.asarray(ours), np.asarray(theirs)
    a, b = ours[0::2], ours[1::2]
    x, y = theirs[0::2], theirs[1::2]
    return np.array_equal(np.sign(a.astype(np.int64) - b), np.sign(x.astype(np.int64) - y))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_phevaluator_orders_random_pairs_the_same(k):
    import phevaluator

    hands = random_hands(20_000, k, seed=k)
    ours = evaluator.evaluate_batch(hands)
    # phevaluator: smaller is better; it takes card strings.
    theirs = [-phevaluator.evaluate_cards(*[format_cards([c]) for c in row]) for row in hands.tolist()]
    assert same_order(ours, theirs)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_eval7_orders_random_pairs_the_same(k):
    import eval7

    hands = random_hands(20_000, k, seed=10 + k)
    ours = evaluator.evaluate_batch(hands)
    theirs = [eval7.evaluate([eval7.Card(format_cards([c])) for c in row]) for row in hands.tolist()]
    assert same_order(ours, theirs)
