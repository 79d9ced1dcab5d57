"""Builds and checks the shipped heads-up table (``tables/preflop_headsup.npy``), read by
:mod:`pokerlab.simulate.ranges.headsup_table`.

The counts come from :func:`~pokerlab.simulate.precomputed.headsup.matchups` over all 169 classes
(exact integers, so every build gives the same bytes); each suit pattern becomes one row keyed by
:func:`~pokerlab.simulate.ranges.headsup_table.deal_keys`. ``check`` recomputes a random sample of
the deals with the exact engine and compares, and checks the table holds exactly the plan's keys::

    python -m pokerlab.simulate.precomputed.headsup_build build [--out tables] [--threads N]
    python -m pokerlab.simulate.precomputed.headsup_build check [--sample 64] [--seed 0]

>>> rows = table_rows(matchups(["AA", "KK"], threads=1))
>>> rows.shape, int(rows[:, 1:].sum(axis=1).max()) <= BOARDS
((5, 4), True)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from ...evaluator.cards import format_cards, parse_cards
from ...evaluator.tables import tables_dir
from ..ranges.headsup_counts import keys_increase
from ..ranges.headsup_table import BOARDS, COMMAND, FILE, META, checksum, deal_keys, load_headsup_table, lookup
from .headsup import MatchupTable, matchup_plan, matchup_shard, matchups


def table_rows(table: MatchupTable) -> np.ndarray:
    """The lookup rows ``(key, wins1, wins2, ties)`` of a matchup table, one per ordered suit pattern, by key."""
    hands1 = np.array([parse_cards(r.cards1, count=2) for r in table.rows], dtype=np.int64)
    hands2 = np.array([parse_cards(r.cards2, count=2) for r in table.rows], dtype=np.int64)
    counts = np.array([[r.wins1, r.wins2, r.ties] for r in table.rows], dtype=np.int64)
    if any(r.boards != BOARDS for r in table.rows):
        raise ValueError(f"a matchup row counts other than {BOARDS:,} boards")
    rows = np.column_stack([deal_keys(hands1, hands2), counts])
    rows = rows[np.lexsort(rows.T[::-1])]
    keep = np.ones(len(rows), dtype=bool)
    same_key = rows[1:, 0] == rows[:-1, 0]
    if np.any(same_key & np.any(rows[1:, 1:] != rows[:-1, 1:], axis=1)):
        raise ValueError("two suit-isomorphic deals got different counts: the key or the enumeration is wrong")
    keep[1:] = ~same_key
    return np.ascontiguousarray(rows[keep])


def write_table(rows: np.ndarray, folder: Path) -> Path:
    """Write the rows and their metadata (shape, SHA-256, the command) into ``folder``; ValueError for rows whose
    keys do not strictly increase (a query trusts the order of a table whose SHA-256 matches)."""
    if rows.ndim != 2 or not keys_increase(rows[:, 0].tolist()):
        raise ValueError("the heads-up table's rows must be sorted by key, each key once")
    folder.mkdir(parents=True, exist_ok=True)
    np.save(folder / FILE, np.ascontiguousarray(rows, dtype=np.int64), allow_pickle=False)
    meta = {
        "table": "preflop_headsup",
        "file": FILE,
        "columns": ["key", "wins1", "wins2", "ties"],
        "boards": BOARDS,
        "shape": list(rows.shape),
        "sha256": checksum(rows),
        "command": COMMAND,
        "key": "pokerlab.simulate.ranges.headsup_table.deal_keys",
    }
    (folder / META).write_text(json.dumps(meta, indent=1) + "\n")
    return folder / FILE


def check_table(rows: np.ndarray, sample: int = 64, seed: int = 0, classes: list[str] | None = None) -> list[str]:
    """Problems found (empty when none): keys out of order or other than the plan's, or a sampled deal's counts
    unlike the engine's.

    The plan (:func:`~pokerlab.simulate.precomputed.headsup.matchup_plan`) lists every suit pattern of
    every pair of ``classes`` (all 169 by default); ``sample`` of them are enumerated again and compared.
    """
    units, plan_rows = matchup_plan(classes)
    h1 = np.array([r[2] for r in plan_rows], dtype=np.int64)
    h2 = np.array([r[3] for r in plan_rows], dtype=np.int64)
    planned = set(deal_keys(h1, h2).tolist())
    if not keys_increase(rows[:, 0].tolist()):
        return ["the keys are not strictly increasing: the binary search would miss deals"]  # no lookup is sound
    problems = []
    held = set(rows[:, 0].tolist())
    if classes is None and held != planned:
        problems.append(f"{len(held - planned)} keys not in the plan, {len(planned - held)} planned keys missing")
    elif classes is not None and not planned <= held:
        problems.append(f"{len(planned - held)} planned keys missing")
    picked = random.Random(seed).sample(range(len(units)), min(sample, len(units)))
    chosen = [units[i] for i in picked]
    exact = matchup_shard(chosen)  # counts by winner mask: nobody, hand 1, hand 2, both; boards
    found = lookup(np.array([u[0] for u in chosen]), np.array([u[1] for u in chosen]), rows)
    for (a, b), computed, stored in zip(chosen, exact, found):
        want = [int(computed[1]), int(computed[2]), int(computed[3])]
        if want != stored.tolist() or int(computed[4]) != BOARDS:
            problems.append(f"{format_cards(a)} vs {format_cards(b)}: table {stored.tolist()}, enumeration {want}")
    return problems


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerlab.simulate.precomputed.headsup_build", description=__doc__)
    sub = parser.add_subparsers(dest="action", required=True)
    build = sub.add_parser("build", help="enumerate every heads-up deal and write the table")
    build.add_argument("--out", type=Path, default=None, help="folder to write into (default: the tables folder)")
    build.add_argument("--threads", type=int, default=None, help="local threads (default: all cores)")
    build.add_argument("--work-dir", type=Path, default=None, help="keep finished shards here to resume a run")
    check = sub.add_parser("check", help="recompute a sample of deals and compare with the shipped table")
    check.add_argument("--folder", type=Path, default=None, help="folder holding the table (default: the shipped one)")
    check.add_argument("--sample", type=int, default=64, help="deals to enumerate again (default 64)")
    check.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.action == "build":
        table = matchups(threads=args.threads, work_dir=args.work_dir)
        rows = table_rows(table)
        path = write_table(rows, args.out or Path(tables_dir()))
        print(f"{len(rows):,} rows from {table.shards} shards in {time.perf_counter() - start:.1f} s: {path}")
        return 0
    rows = load_headsup_table(args.folder)
    problems = check_table(rows, sample=args.sample, seed=args.seed)
    for problem in problems:
        print(f"DIFFERS: {problem}")
    verdict: dict[str, Any] = {"rows": len(rows), "sampled": args.sample, "problems": len(problems)}
    print(("FAIL" if problems else "PASS") + f" {verdict} in {time.perf_counter() - start:.1f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(_main())
