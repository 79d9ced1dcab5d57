"""The benchmark's cases, hands, order check and contender registry (no timing involved)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pokerlab.simulate.bench.cases import (
    CASES,
    SECTIONS,
    BenchConfig,
    all_hands,
    random_hands,
    same_order,
    select_cases,
)
from pokerlab.simulate.bench.contenders import CONTENDERS, PEERS, specs_for


def test_every_benchmark_target_has_a_case():
    ids = {c.id for c in CASES}
    assert {"batch-5", "batch-6", "batch-7", "call-5", "call-6", "call-7", "enum-5", "enum-7"} <= ids
    kinds = {c.kind for c in CASES if c.section == "equity"}
    assert kinds == {"exact", "mc-stderr", "mc-trials", "many", "process"}
    exact = [c for c in CASES if c.kind == "exact"]
    assert any(not c.board and all(len(p) == 4 for p in c.players) for c in exact)  # specific hands preflop
    assert any(not c.board and any(p in ("AA", "KK", "QQ") for p in c.players) for c in exact)  # ranges
    assert any("random" in c.players and not c.board for c in exact)  # a hand against a random hand
    assert {len(c.board) for c in exact if c.board} == {6, 8}  # a flop and a turn spot
    three_way = next(c for c in CASES if c.kind == "mc-stderr")
    assert len(three_way.players) == 3
    assert {c.section for c in CASES} == set(SECTIONS)


def test_every_case_has_pokerlab_first_and_all_threads_for_evaluation():
    for case in CASES:
        keys = [s.key for s in specs_for(case)]
        assert keys[0] == "pokerlab"
        assert len(keys) == len(set(keys))
        if case.kind in ("batch", "enum"):
            assert "pokerlab-threads" in keys
    call_libraries = {s.library for s in specs_for(select_cases(["call-7"])[0])}
    assert call_libraries == {"pokerlab", *PEERS}


def test_the_contender_table_lists_every_kind_of_case_and_no_other():
    assert set(CONTENDERS) == {c.kind for c in CASES}
    with pytest.raises(ValueError, match="unknown case kind 'nope'"):
        specs_for(replace(CASES[0], kind="nope"))


def test_quick_config_leaves_out_the_all_threads_equity_variant():
    case = select_cases(["eq-random"])[0]
    assert "pokerlab-threads" in [s.key for s in specs_for(case, BenchConfig.named("full"))]
    assert "pokerlab-threads" not in [s.key for s in specs_for(case, BenchConfig.named("quick"))]


def test_select_cases_by_section_and_id_keeps_report_order():
    assert [c.id for c in select_cases(["eq-flop", "enumerate"])] == ["enum-5", "enum-7", "eq-flop"]
    assert [c.id for c in select_cases(["batch,eq-turn"])] == ["batch-5", "batch-6", "batch-7", "eq-turn"]
    assert select_cases(None) == CASES
    with pytest.raises(ValueError, match="unknown section or case nope"):
        select_cases(["nope"])


def test_config_names():
    assert BenchConfig.named("full").repeat > BenchConfig.named("quick").repeat
    with pytest.raises(ValueError):
        BenchConfig.named("huge")


def test_random_hands_are_distinct_cards_and_reproducible():
    h = random_hands(5000, seed=3)
    assert h.dtype == np.uint8 and h.shape == (5000, 7) and h.max() <= 51
    s = np.sort(h, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all()
    assert np.array_equal(h, random_hands(5000, seed=3))
    assert not np.array_equal(h, random_hands(5000, seed=4))


def test_all_hands_lists_every_five_card_hand_once():
    a = all_hands(5)
    assert a.shape == (2_598_960, 5)
    assert a[0].tolist() == [0, 1, 2, 3, 4] and a[-1].tolist() == [47, 48, 49, 50, 51]
    assert (np.diff(a.astype(np.int16), axis=1) > 0).all()  # strictly increasing within a row: no repeats
    codes = (a.astype(np.int64) * np.array([52**4, 52**3, 52**2, 52, 1])).sum(axis=1)
    assert (np.diff(codes) > 0).all()  # lexicographic, hence all distinct


def test_same_order_checks_every_pair_and_ties():
    ref = np.array([5, 1, 9, 5, 3])
    assert same_order(ref, ref * 10 - 7)
    assert same_order(ref, [50, 10, 90, 50, 30])
    assert not same_order(ref, [50, 10, 90, 51, 30])  # a tie broken
    assert not same_order(ref, [50, 10, 90, 50, 60])  # two hands swapped (not neighbours in deal order)
    assert not same_order(ref, [1, 2])  # length


def test_same_order_on_objects_that_only_compare():
    class Strength:
        def __init__(self, v):
            self.v = v

        def __lt__(self, other):
            return self.v < other.v

        def __gt__(self, other):
            return self.v > other.v

        def __eq__(self, other):
            return self.v == other.v

        __hash__ = None

    ref = [3, 1, 3, 2]
    assert same_order(ref, [Strength(v) for v in ref])
    assert not same_order(ref, [Strength(v) for v in (3, 1, 2, 2)])
