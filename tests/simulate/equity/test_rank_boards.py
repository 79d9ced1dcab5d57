"""The exact engine's board enumeration (rank multisets plus flush boards) against every board, one by one."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerlab import evaluator
from pokerlab.evaluator.cards import parse_cards
from pokerlab.simulate.equity.holdem_exact import count_units


def counts_board_by_board(holes, board, dead=()):
    """Counts by winner mask over every completion of the board, each board ranked by evaluate_batch."""
    used = set(board) | set(dead) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    rest = np.array(list(itertools.combinations(deck, 5 - len(board))), dtype=np.uint8).reshape(-1, 5 - len(board))
    boards = np.hstack([np.tile(np.array(board, dtype=np.uint8), (len(rest), 1)), rest])
    values = np.stack(
        [
            evaluator.evaluate_batch(np.hstack([np.tile(np.array(h, dtype=np.uint8), (len(boards), 1)), boards]))
            for h in holes
        ]
    )
    best = values.max(axis=0)
    masks = ((values == best) * (1 << np.arange(len(holes)))[:, None]).sum(axis=0)
    return np.bincount(masks, minlength=1 << len(holes)), len(boards)


def _exact_one(holes, board_ids, dead_mask, first=None):
    """Counts by winner mask and number of boards of one deal, through the engine's batch of deals."""
    counts, boards = count_units(
        np.array([holes], dtype=np.int64), np.array([-1 if first is None else first]), board_ids, dead_mask
    )
    return counts[0], int(boards[0])


def fast_counts(holes, board, dead=()):
    dead_mask = sum(1 << c for c in dead)
    return _exact_one([tuple(h) for h in holes], list(board), dead_mask)


def cards(text):
    return parse_cards(text) if text else []


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        ("AsAh KsKh", ""),  # the published case
        ("AsKs 9s8s", ""),  # both players suited in one suit: flushes from three board cards
        ("7h6h 5h4h AhKh", ""),  # three players, one suit
        ("2c3c 4d5d", "6c7c"),  # a flush suit already on the board (no preflop shortcut)
    ],
)
def test_whole_boards_match_board_by_board(hands, board):
    holes = [cards(h) for h in hands.split()]
    expected, n = counts_board_by_board(holes, cards(board))
    counts, n_boards = fast_counts(holes, cards(board))
    assert n_boards == n
    assert counts.tolist() == expected.tolist()


def test_random_flop_and_turn_deals_match_board_by_board():
    """Random deals of 2 to 5 players, with dead cards, on random flops and turns; suited boards on purpose."""
    rng = np.random.default_rng(2026)
    for trial in range(60):
        n_players = int(rng.integers(2, 6))
        n_board = 3 if trial % 2 else 4
        if trial % 3 == 0:  # a board of one suit, players holding that suit
            suit = int(rng.integers(4))
            suited = [4 * r + suit for r in rng.permutation(13)]
            others = [c for c in rng.permutation(52).tolist() if c & 3 != suit]
            picked = suited[:n_board] + suited[n_board : n_board + n_players] + others
        else:
            picked = rng.permutation(52).tolist()
        board = [int(c) for c in picked[:n_board]]
        rest = [int(c) for c in picked[n_board:] if c not in board]
        holes = [rest[2 * p : 2 * p + 2] for p in range(n_players)]
        dead = rest[2 * n_players : 2 * n_players + int(rng.integers(0, 3))]
        expected, n = counts_board_by_board(holes, board, dead)
        counts, n_boards = fast_counts(holes, board, dead)
        assert n_boards == n
        assert counts.tolist() == expected.tolist(), (holes, board, dead)


def test_first_card_shards_partition_the_boards():
    """Splitting a deal by its first board card (threads, Dask) adds up to the whole deal."""
    holes = [cards("AhKh"), cards("QhJh")]
    whole, n = fast_counts(holes, [])
    parts = [_exact_one([tuple(h) for h in holes], [], 0, first) for first in range(44)]
    assert sum(p[0] for p in parts).tolist() == whole.tolist()
    assert sum(p[1] for p in parts) == n
