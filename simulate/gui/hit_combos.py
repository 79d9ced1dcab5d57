"""Which combos of a range make each hit row on a board: what the hits view highlights on the grid.

The rows and their counts are ``pokerlab hits``'s (:func:`pokerlab.simulate.ranges.hits.hit_frequencies`); this
lists, with the same classifier (:func:`~pokerlab.simulate.ranges.hits.classify`), the combos behind each row, so
the page can mark them on the 13x13 grid when a row is clicked.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerlab.errors import InputError
from pokerlab.evaluator.cards import cards_to_mask, format_cards, parse_cards
from pokerlab.simulate.ranges.hits import DRAW_ROWS, HOLE_ROWS, MADE_ROWS, classify, hit_frequencies
from pokerlab.simulate.ranges.parse import parse_range

__all__ = ["hit_combos"]


def hit_combos(body: Any) -> dict[str, Any]:
    """Each combo of ``body["range"]`` on ``body["board"]`` with its weight, its made hand and its draws.

    >>> answer = hit_combos({"range": "AsKs,QQ", "board": "Qs7s2c"})
    >>> [(c["combo"], c["made"]) for c in answer["combos"]][:2]
    [('AsKs', 'high card'), ('QhQd', 'three of a kind')]
    >>> [c["draws"] for c in answer["combos"] if c["combo"] == "AsKs"]
    [['flush draw', 'nut flush draw', 'overcards']]
    """
    if not isinstance(body, dict) or not isinstance(body.get("range"), str) or not isinstance(body.get("board"), str):
        raise InputError('hit combos take {"range": "range text", "board": "3 to 5 cards"}')
    checked = hit_frequencies(body["range"], body["board"])  # the command's own checks and errors
    board = parse_cards(checked.board)
    left = parse_range(body["range"]).remove(cards_to_mask(board))
    holes = np.asarray(left.combos, dtype=np.int64)
    made, flags = classify(holes, np.broadcast_to(np.array(board, dtype=np.int64), (len(holes), len(board))))
    names = DRAW_ROWS + HOLE_ROWS
    combos = [
        {
            "combo": format_cards(hole.tolist()),
            "weight": float(weight),
            "made": MADE_ROWS[int(m)],
            "draws": [n for n, on in zip(names, row) if on],
        }
        for hole, weight, m, row in zip(holes, left.weights, made, flags)
    ]
    return {"range": checked.range, "board": checked.board, "combos": combos}
