"""The bench's folder of one-hand .phh files: its shapes, pokerlab's answer and the check a peer must pass
(no timing involved)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerlab.simulate.bench.cases import BenchConfig, select_cases
from pokerlab.simulate.bench.checks import check
from pokerlab.simulate.bench.contenders import specs_for
from pokerlab.simulate.bench.phh_folder import pokerkit_folder, pokerlab_folder, pokerlab_folder_jobs, write_folder

TINY = BenchConfig.named("tiny")
CASE = select_cases(["phh-folder"])[0]


def test_the_folder_holds_one_hand_a_file_in_the_datasets_shapes():
    texts = [path.read_text() for path in sorted(write_folder(TINY).glob("*.phh"))]
    assert len(texts) == TINY.phh_hands and all(text.count("variant =") == 1 for text in texts)
    variants = [text.split("\n", 1)[0] for text in texts]
    assert variants.count("variant = 'NT'") == TINY.phh_hands // 2  # the Pluribus shape, single quotes
    assert {'variant = "NT"', 'variant = "FT"', 'variant = "PO"', 'variant = "F7S"'} <= set(variants)
    assert any("????" in text and "currency_symbol" in text for text in texts)  # online cash hands in cents


def test_pokerlab_finds_every_hand_ok_and_the_case_lists_pokerkit():
    contender = pokerlab_folder(CASE, None, TINY)
    contender.run()
    stacks = contender.result()
    assert len(stacks) == TINY.phh_hands and check(CASE, None, stacks, None) == (True, "all 40 hands ok")
    assert any(isinstance(s[0], Decimal) for s in stacks) and any(isinstance(s[0], int) for s in stacks)
    assert [s.key for s in specs_for(CASE)] == ["pokerlab", "pokerlab-jobs", "pokerkit"]


def test_pokerkit_ends_every_hand_with_pokerlabs_stacks():
    pytest.importorskip("pokerkit")
    mine, theirs = pokerlab_folder(CASE, None, TINY), pokerkit_folder(CASE, None, TINY)
    mine.run()
    theirs.run()
    ok, what = check(CASE, None, theirs.result(), mine.result())
    assert ok, what
    wrong = [list(s) for s in theirs.result()]
    wrong[0][0] += 5
    assert not check(CASE, None, wrong, mine.result())[0]


def test_the_process_per_core_entry_is_checked_on_its_counts():
    mine, workers = pokerlab_folder(CASE, None, TINY), pokerlab_folder_jobs(CASE, None, TINY)
    mine.run()
    workers.run()
    assert check(CASE, None, workers.result(), mine.result()) == (True, "all 40 hands ok, as in one process")
    short = {**workers.result(), "ok": TINY.phh_hands - 1}
    assert not check(CASE, None, short, mine.result())[0]
    assert not check(CASE, None, {**workers.result(), "failed_files": 1}, mine.result())[0]
