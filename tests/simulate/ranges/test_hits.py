"""Hit frequencies: the published flop odds, and every category against a plain brute force over every flop."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest

from pokerlab.errors import InputError, PokerlabError
from pokerlab.evaluator.api import category_name, evaluate
from pokerlab.evaluator.cards import parse_cards
from pokerlab.simulate.ranges.hits import DRAW_ROWS, HOLE_ROWS, MADE_ROWS, classify, hit_frequencies
from pokerlab.simulate.ranges.parse import parse_range

# --- the published odds ------------------------------------------------------------------------------


def test_a_pocket_pair_flops_a_set_or_better_2304_of_19600():
    r = hit_frequencies("2s2h")
    assert r.combos == 19_600
    assert r.row("hits a hole rank").combos == 2_304
    assert round(100 * r.row("hits a hole rank").share, 2) == 11.76
    # The same share for the whole class of every pair.
    assert hit_frequencies("22-AA").row("hits a hole rank").share == pytest.approx(2_304 / 19_600, abs=1e-15)


def test_two_suited_cards_flop_a_flush_and_a_flush_draw():
    for hand in ("AsKs", "7h6h", "Tc2c"):
        r = hit_frequencies(hand)
        assert r.row("flush").combos + r.row("straight flush").combos == 165  # C(11, 3)
        assert r.row("flush draw").combos == 2_145  # C(11, 2) * 39
        assert round(100 * r.row("flush draw").share, 2) == 10.94
        assert round(100 * (r.row("flush").share + r.row("straight flush").share), 2) == 0.84


def test_two_unpaired_cards_pair_at_least_one_of_them():
    for hand in ("AKo", "72s", "T9o"):
        r = hit_frequencies(hand)
        assert r.row("hits a hole rank").share == 6_356 / 19_600
        assert round(100 * r.row("hits a hole rank").share, 2) == 32.43


def test_every_flop_of_a_random_hand_gives_the_five_card_category_counts():
    r = hit_frequencies("random")
    per_board = r.combos / 2_598_960  # each five-card hand is a hole pair and a flop in C(5, 2) = 10 ways
    assert per_board == 10
    assert r.row("straight flush").combos == 40 * 10
    assert r.row("four of a kind").combos == 624 * 10
    assert r.row("full house").combos == 3_744 * 10
    assert r.row("flush").combos == 5_108 * 10
    assert r.row("straight").combos == 10_200 * 10
    assert r.row("three of a kind").combos == 54_912 * 10
    assert r.row("two pair").combos == 123_552 * 10
    assert r.row("high card").combos == 1_302_540 * 10
    assert r.row("high card").at_least == 1.0


# --- a brute force, written plainly ------------------------------------------------------------------

WINDOWS = [{12, 0, 1, 2, 3}] + [set(range(low, low + 5)) for low in range(9)]


def has_straight(ranks: set[int]) -> bool:
    return any(w <= ranks for w in WINDOWS)


CATEGORY = {
    "Royal flush": "straight flush",
    "Straight flush": "straight flush",
    "Four of a kind": "four of a kind",
    "Full house": "full house",
    "Flush": "flush",
    "Straight": "straight",
    "Three of a kind": "three of a kind",
    "Two pair": "two pair",
    "One pair": "one pair",
    "High card": "high card",
}


def brute(hole: list[int], board: list[int]) -> tuple[str, set[str]]:
    """The made row and the flags of one hand on one board, from the evaluator and the definitions."""
    cards = hole + board
    made = CATEGORY[category_name(evaluate(cards))]
    h = [c // 4 for c in hole]
    b = [c // 4 for c in board]
    if made == "one pair":
        pair = next(r for r, n in Counter(c // 4 for c in cards).items() if n == 2)
        distinct = sorted(set(b))
        if h[0] == h[1]:
            made = "overpair" if pair > max(b) else "underpair" if pair < min(b) else "middle pair"
        elif b.count(pair) == 2:
            made = "board pair only"
        elif pair == distinct[-1]:
            kicker = h[0] if h[1] == pair else h[1]
            above = [r for r in range(kicker + 1, 13) if r not in b]
            made = "top pair, " + ("top" if not above else "good" if len(above) <= 3 else "weak") + " kicker"
        else:
            made = "bottom pair" if pair == distinct[0] else "middle pair"
    flags = set()
    if made == "high card" and min(h) > max(b):
        flags.add("overcards")
    if any(r in b for r in h):
        flags.add("hits a hole rank")
    if len(board) < 5:
        suits = Counter(c % 4 for c in cards)
        flush = max(suits.values()) >= 5
        for suit, n in suits.items():
            in_hand = [c // 4 for c in hole if c % 4 == suit]
            if n == 4 and in_hand and not flush:
                flags.add("flush draw")
                best_missing = max(r for r in range(13) if 4 * r + suit not in board)
                if max(in_hand) == best_missing:
                    flags.add("nut flush draw")
            if n == 3 and in_hand and len(board) == 3 and not flush and "flush draw" not in flags:
                flags.add("backdoor flush draw")
        ranks = set(h + b)
        if not has_straight(ranks):
            outs = [r for r in range(13) if has_straight(ranks | {r}) and not has_straight(set(b) | {r})]
            if len(outs) >= 2:
                flags.add("open-ended")
            elif len(outs) == 1:
                flags.add("gutshot")
        if "flush draw" in flags and ({"open-ended", "gutshot"} & flags):
            flags.add("combo draw")
    return made, flags


def fast(hole: list[int], boards: list[list[int]]) -> list[tuple[str, set[str]]]:
    made, flags = classify(np.array([hole] * len(boards)), np.array(boards))
    names = DRAW_ROWS + HOLE_ROWS
    out = []
    for m, f in zip(made, flags):
        row = MADE_ROWS[m]
        out.append((row, {names[i] for i in np.flatnonzero(f)}))
    return out


def folded(row: str) -> str:
    pairs = {"overpair", "middle pair", "bottom pair", "underpair", "board pair only"}
    return "one pair" if row in pairs or row.startswith("top pair") else row


@pytest.mark.parametrize("hand", ["AsKs", "7h6h", "5c5d", "Qd9c", "Ah2c"])
def test_classify_agrees_with_the_brute_force_on_every_flop(hand):
    hole = parse_cards(hand)
    flops = [list(f) for f in itertools.combinations([c for c in range(52) if c not in hole], 3)]
    got = fast(hole, flops)
    seen: Counter[str] = Counter()
    for flop, (row, flags) in zip(flops, got):
        want_row, want_flags = brute(hole, flop)
        assert (row, flags) == (want_row, want_flags), (hand, flop)
        assert folded(row) == CATEGORY[category_name(evaluate(hole + flop))]
        seen[row] += 1
        seen.update(flags)
    assert sum(seen[r] for r in MADE_ROWS) == len(flops)


def test_classify_agrees_with_the_brute_force_on_turns_and_rivers():
    rng = random.Random(20)
    for _ in range(3_000):
        cards = rng.sample(range(52), 2 + rng.choice((4, 5)))
        hole, board = cards[:2], cards[2:]
        assert fast(hole, [board])[0] == brute(hole, board), cards


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_classify_takes_each_row_on_its_own(board_size):
    # Rows of different hands on different boards in one call: nothing of one row leaks into another.
    rng = random.Random(board_size)
    deals = [rng.sample(range(52), 2 + board_size) for _ in range(1_500)]
    made, flags = classify(np.array([d[:2] for d in deals]), np.array([d[2:] for d in deals]))
    names = DRAW_ROWS + HOLE_ROWS
    for deal, m, f in zip(deals, made, flags):
        assert (MADE_ROWS[m], {names[i] for i in np.flatnonzero(f)}) == brute(deal[:2], deal[2:]), deal


def test_every_category_occurs_on_some_flop_of_a_range():
    r = hit_frequencies("22+,A2s+,K9s+,Q9s+,J9s+,T8s+,98s,87s,76s,ATo+,KTo+,QTo+,JTo")
    assert all(row.combos > 0 for row in r.rows), [row.category for row in r.rows if row.combos == 0]
    assert sum(row.combos for row in r.rows if row.group == "made") == r.combos


# --- a board, weights, errors ------------------------------------------------------------------------


def test_on_a_board_the_rows_count_the_weighted_combos_left():
    r = hit_frequencies("QQ, AQs, 77@50", board="Qs7h2c")
    assert r.board == "Qs7h2c" and r.boards == 1
    assert r.combos == 3 + 3 + 1.5  # QQ, AQs less the Q of spades, 77 at half weight less 7h
    assert r.row("three of a kind").combos == 3 + 1.5
    assert r.row("top pair, top kicker").combos == 3
    assert r.row("top pair, top kicker").at_least == 1.0
    d = r.to_dict()
    assert set(d) == {"range", "board", "boards", "combos", "rows"}
    assert d["rows"][0] == {"category": "straight flush", "group": "made", "combos": 0.0, "share": 0.0, "at_least": 0.0}


def test_every_flop_weighs_each_class_by_its_weight():
    plain = hit_frequencies("AKs")
    half = hit_frequencies("AKs@50, 22")
    pair = hit_frequencies("22")
    for name in MADE_ROWS + DRAW_ROWS + HOLE_ROWS:
        assert half.row(name).combos == pytest.approx(plain.row(name).combos / 2 + pair.row(name).combos)


def test_bad_input_is_named():
    with pytest.raises(PokerlabError, match="duplicate card 'As'"):
        hit_frequencies("AA", board="AsAsKd")
    with pytest.raises(PokerlabError, match="duplicate card 'As'"):
        hit_frequencies("AA", board=[51, 51, 3])
    with pytest.raises(InputError, match="no combo left"):
        hit_frequencies("AsKs", board="AsQd2c")
    with pytest.raises(PokerlabError):
        hit_frequencies("AA", board="AsKd")
    with pytest.raises(InputError, match="no hit category"):
        hit_frequencies("AA", board="Qs7h2c").row("nuts")
    with pytest.raises(InputError):
        hit_frequencies(parse_range("AA").remove((1 << 52) - 1))
