"""Range analysis against answering the same with plain calls (CPU and wall time).

Run from the repository root::

    python benchmarks/range_analysis.py [--rounds 5]

- hits of a 20 % range on a flop (Qh7c2d): ``hit_frequencies`` (one vectorised pass over the combos)
  against a loop of plain ``evaluate`` calls, one per combo, that finds only the made-hand category;
- the by-combo equity of a 20 % range against a 15 % range on that flop: ``equity_by_combo`` against a
  loop of plain ``equity([combo, other range], board)`` calls with their default threads, one per combo
  of each range (what a user would write). The two agree on every combo before they are timed.

Best and median of the rounds. Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from pokerlab.evaluator.api import category_name, evaluate
from pokerlab.evaluator.cards import cards_to_mask, format_cards, to_card_ids
from pokerlab.simulate.equity.distribution import equity_by_combo
from pokerlab.simulate.equity.engine import equity
from pokerlab.simulate.ranges.hits import hit_frequencies
from pokerlab.simulate.ranges.parse import parse_range

BOARD = "Qh7c2d"
HERO, VILLAIN = "20%", "15%"


def timed(run: Callable[[], object], rounds: int) -> tuple[float, float, float, float]:
    """Best and median wall and CPU seconds of ``rounds`` runs."""
    walls, cpus = [], []
    for _ in range(rounds):
        w, c = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return min(walls), statistics.median(walls), min(cpus), statistics.median(cpus)


def plain_categories() -> dict[str, int]:
    board = to_card_ids(BOARD)
    counts: dict[str, int] = {}
    for combo in parse_range(HERO).remove(cards_to_mask(board)).combos.tolist():
        name = category_name(evaluate(list(combo) + board))
        counts[name] = counts.get(name, 0) + 1
    return counts


def plain_by_combo() -> list[list[tuple[str, float]]]:
    board = to_card_ids(BOARD)
    out = []
    for me, other in ((HERO, VILLAIN), (VILLAIN, HERO)):
        rows = []
        for combo in parse_range(me).remove(cards_to_mask(board)).combos.tolist():
            r = equity([list(combo), other], board=BOARD)
            rows.append((format_cards(combo), r.players[0].equity))
        out.append(sorted(rows, key=lambda x: -x[1]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds

    hits = hit_frequencies(HERO, board=BOARD)
    made = {row.category: row.combos for row in hits.rows if row.group == "made"}
    assert sum(plain_categories().values()) == sum(made.values())
    d = equity_by_combo([HERO, VILLAIN], board=BOARD)
    plain = plain_by_combo()
    for dist, rows in zip(d.players, plain):
        mine = {c.combo: c.equity for c in dist.combos}
        assert all(abs(mine[combo] - eq) < 1e-12 for combo, eq in rows)

    cases = [
        (f"hits of {HERO} ({len(hits.rows)} rows) on {BOARD}", lambda: hit_frequencies(HERO, board=BOARD)),
        ("  plain evaluate() per combo (made category only)", plain_categories),
        (f"by-combo equity {HERO} vs {VILLAIN} on {BOARD}", lambda: equity_by_combo([HERO, VILLAIN], board=BOARD)),
        ("  plain equity() per combo, default threads", plain_by_combo),
    ]
    print(f"{'case':<58} {'wall best':>10} {'median':>8} {'cpu best':>9} {'median':>8}")
    for title, run in cases:
        wb, wm, cb, cm = timed(run, rounds)
        print(f"{title:<58} {wb:>9.4f}s {wm:>7.4f}s {cb:>8.4f}s {cm:>7.4f}s")


if __name__ == "__main__":
    main()
