"""``pokerlab verify omaha``: Omaha high on the flop, suit-reduced, against the five-card evaluator."""

from math import comb

import numpy as np
import pytest

from pokerlab.evaluator.verify import table_names, verify
from pokerlab.evaluator.verify_omaha import DEALS, canonical_flops, count_flops


def test_canonical_flops_stand_for_every_flop():
    flops, weights = canonical_flops()
    assert len(flops) == 1755 and int(weights.sum()) == comb(52, 3)
    # Three of a suit (monotone) flops: 286 rank sets, each standing for 4 flops.
    suits = flops & 3
    monotone = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    assert int(monotone.sum()) == 286 and set(weights[monotone].tolist()) == {4}


def test_a_sample_of_flops_agrees_with_the_five_card_evaluator():
    flops, weights = canonical_flops()
    pick = np.random.default_rng(19).choice(len(flops), 6, replace=False)
    histogram, differing = count_flops(flops[pick], weights[pick])
    assert differing == 0
    assert int(histogram.sum()) == int(weights[pick].sum()) * comb(49, 4)


def test_omaha_is_a_verify_table():
    assert "omaha" in table_names()


@pytest.mark.slow
def test_every_omaha_flop_deal():
    result = verify("omaha", parallel=True)
    assert result["ok"] and result["total"] == DEALS
    counts = {r["label"]: r["count"] for r in result["rows"]}
    assert counts["Royal flush"] == 43_240  # 4 suits x C(5,3) x C(47,2): three royal cards on the flop, two in the hole
