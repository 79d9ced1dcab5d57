"""The kernels' shared core: suited bits, hand values, flush suit and next subset agree with the evaluator.

The compiled per-call extensions share theirs too (evaluator/_core.pxd): no .pyx restates it.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerlab.evaluator import api, kernel_core, layout
from pokerlab.evaluator.cards import CardError

ROOT = Path(__file__).resolve().parents[2]
KERNEL_SOURCES = sorted(
    p
    for package in (ROOT / "evaluator", ROOT / "simulate")
    for p in package.rglob("*.py")
    if p.name != "kernel_core.py" and b"@njit(" in p.read_bytes()
)
EXTENSION_SOURCES = sorted([*(ROOT / "evaluator").glob("*.pyx"), *(ROOT / "evaluator").glob("*.pxi")])


def _hash_args(tables):
    return np.uint64((1 << tables.shift) - 1), np.uint64(tables.shift)


def _key_and_suited(cards, card_keys):
    key = kernel_core.SUIT_INIT
    suited = np.uint64(0)
    for c in cards:
        key += card_keys[c]
        suited |= kernel_core.suited_bit(c)
    return key, suited


def test_suited_bit_is_the_layouts_and_the_batch_tables():
    flush_bits = api.high_tables().flush_bits
    for card in range(52):
        bit = kernel_core.suited_bit(card)
        assert int(bit) == layout.suited_bit(card) == int(flush_bits[card])
        assert int(bit) == int(kernel_core.suited_bit(np.uint8(card)))


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_hand_value_is_the_evaluators(n_cards):
    tables = api.high_tables()
    col_mask, sh = _hash_args(tables)
    rng = np.random.default_rng(n_cards)
    hands = [rng.choice(52, n_cards, replace=False) for _ in range(300)]
    hands += [[4 * r + 1 for r in (0, 3, 5, 8, 11, 12, 2)][:n_cards]]  # a flush, suit 1
    for cards in hands:
        key, suited = _key_and_suited(cards, tables.card_keys)
        value = kernel_core.hand_value(
            key, suited, tables.offsets, tables.rank_values, tables.flush_values, col_mask, sh
        )
        assert value == api.evaluate([int(c) for c in cards])


def test_rank_value_ignores_flushes_and_reads_rank_slot():
    tables = api.high_tables()
    col_mask, sh = _hash_args(tables)
    suited_cards = [0, 4, 8, 12, 20]  # 2 3 4 5 7 of one suit
    offsuit = [0, 5, 8, 12, 20]
    key, _ = _key_and_suited(suited_cards, tables.card_keys)
    plain = kernel_core.rank_value(key, tables.offsets, tables.rank_values, col_mask, sh)
    assert plain == api.evaluate(offsuit)
    assert plain == tables.rank_values[kernel_core.rank_slot(key, tables.offsets, col_mask, sh)]


def test_flush_suit_and_flush_ranks():
    card_keys = api.high_tables().card_keys
    assert kernel_core.flush_suit(kernel_core.SUIT_INIT) == -1
    for suit in range(4):
        cards = [4 * r + suit for r in (1, 4, 6, 9, 12)] + [(4 * 2 + suit + 1) % 52]
        key, suited = _key_and_suited(cards, card_keys)
        assert kernel_core.flush_suit(key) == suit
        assert int(kernel_core.flush_ranks(suited, suit)) == sum(1 << r for r in (1, 4, 6, 9, 12))
        key4, _ = _key_and_suited(cards[1:], card_keys)
        assert kernel_core.flush_suit(key4) == -1


def test_suits_holding_counts_each_suits_cards():
    card_keys = api.high_tables().card_keys
    rng = np.random.default_rng(7)
    for n_cards in (3, 4, 5, 6, 7):
        for _ in range(200):
            cards = rng.choice(52, n_cards, replace=False).tolist()
            key = int(sum(int(card_keys[c]) for c in cards))  # summed from zero, as Omaha's boards are
            per_suit = [sum(1 for c in cards if c & 3 == s) for s in range(4)]
            for n in (2, 3):
                expected = sum(0x8 << (4 * s) for s in range(4) if per_suit[s] >= n)
                assert int(kernel_core.suits_holding(np.uint64(key), n)) == expected


def test_the_pure_python_lookups_are_the_kernels():
    from pokerlab.evaluator.tables import SIZED_RANK_SHIFT

    t = api.high_tables()
    offsets = t.rank7_offsets.tolist()
    col, sh = np.uint64((1 << SIZED_RANK_SHIFT) - 1), np.uint64(SIZED_RANK_SHIFT)
    rng = np.random.default_rng(8)
    for _ in range(300):
        key, _ = _key_and_suited(rng.choice(52, 7, replace=False).tolist(), t.card_keys)
        assert layout.flush_suit(int(key)) == kernel_core.flush_suit(key)
        in_python = layout.rank_slot(int(key), offsets, SIZED_RANK_SHIFT)
        assert in_python == kernel_core.rank_slot(key, t.rank7_offsets, col, sh)


@pytest.mark.parametrize(("n", "k", "first"), [(7, 3, 0), (6, 6, 0), (5, 1, 0), (6, 0, 0), (9, 4, 2)])
def test_next_subset_walks_the_subsets_in_lexicographic_order(n, k, first):
    idx = np.arange(max(k, 1), dtype=np.int64)
    held = tuple(range(first))
    expected = [held + rest for rest in itertools.combinations(range(first, n), k - first)]
    seen = [tuple(int(i) for i in idx[:k])]
    while (moved := kernel_core.next_subset(idx, first, k, n)) >= 0:
        assert moved >= first
        seen.append(tuple(int(i) for i in idx[:k]))
    assert seen == expected


def test_no_kernel_restates_the_suited_bit_or_the_rank_lookup():
    # The suited bit, the rank hash's row, the suit counters' flush tests (0x5555, 0x6666, 0x8888...).
    restated = re.compile(r"16 \* \(\w+ & 3\)|offsets\[rk >>|0x[5-8]{4}\b")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in KERNEL_SOURCES for n, line in
             enumerate(p.read_text().splitlines(), 1) if restated.search(line)]  # fmt: skip
    assert found == []


def test_no_extension_restates_the_layout_or_the_lookup():
    # The suited bit, layout masks (0x3333, 0x8888, 0x1FFF...), the nibble-to-suit chain, the rank hash's
    # offsets (``&OFFSETS[0]`` passes the table), a card's rank or suit, the suit counters' shift:
    # evaluator/_core.pxd's, cimported.
    restated = re.compile(
        "|".join(
            [r"16 \* \(\w+ & 3\)", r"0x[0-9A-Fa-f]{4}", r"& 0x8", r"OFFSETS\[(?!0\])"]
            + [r"\w\]? >> 2\b", r"\w\]? & 3\b", r"[<>]{2} 32\b"]
        )
    )
    assert len(EXTENSION_SOURCES) >= 3
    found = [f"{p.relative_to(ROOT)}:{n}" for p in EXTENSION_SOURCES for n, line in
             enumerate(p.read_text().splitlines(), 1) if restated.search(line)]  # fmt: skip
    assert found == []


def test_the_extensions_refuse_a_key_layout_they_were_not_built_for():
    from pokerlab.evaluator import _omaha, tables

    assert api._fast is not None, "the extensions are not built: pip install -e ."
    t = tables.load()
    wrong = tables.RANK_KEY_MASK >> 1
    views = [t.view(name) for name in ("card_keys", "rank_offsets", "rank_values", "flush_values")]
    with pytest.raises(ImportError, match="_fast.pyx was built for another key layout"):
        api._fast.init(*views, tables.RANK_SHIFT, wrong)
    names = ("card_keys", "rank5_offsets", "rank5_values", "flush_values", "omaha_board_row", "omaha_high", "omaha_low")
    with pytest.raises(ImportError, match="_omaha.pyx was built for another key layout"):
        _omaha.init(*[t.view(name) for name in names], tables.SIZED_RANK_SHIFT, wrong, None)
    # Refused before anything was set: both still rank.
    assert api.evaluate("AsKsQsJsTs") >> 12 == 9
    assert _omaha.evaluate_omaha("AsKsQdJd", "Ts9s2c7h8h") == api.evaluate_omaha("AsKsQdJd", "Ts9s2c7h8h")
    with pytest.raises(CardError):  # the fallback that names the problem was kept too
        _omaha.evaluate_omaha("AsAsQdJd", "Ts9s2c")


def test_the_per_call_path_does_not_import_the_core():
    code = (
        "import sys; from pokerlab import evaluator; evaluator.evaluate('As Ks Qs Js Ts'); "
        "print('pokerlab.evaluator.kernel_core' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
