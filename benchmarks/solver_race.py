"""pokerlab's postflop solver against b-inary's postflop-solver on the peer's own spot files: the same tree, the same
threads, the same exploitability target; seconds, iterations, peak memory and EVs side by side.

Run from the repository root::

    python benchmarks/solver_race.py [--peer PATH] [--spots DIR] [--threads 1 2] [--targets 0.5 0.3] [--compressed]

The peer is the ``bench`` binary that ``shared/peers/postflop-solver/build.sh`` prints (``--peer`` or the
``POSTFLOP_SOLVER_BENCH`` environment variable); without it the peer's rows say why they are missing. Its spot
files are read from ``--spots`` (default: ``POSTFLOP_SOLVER_SPOTS``, else ``../shared/peers/postflop-solver/spots``).

The spots, their translation to pokerlab's tree and pokerlab's run are those of ``pokerlab bench --only solver``
(:mod:`pokerlab.simulate.bench.solver_cases`, which says how each is measured); this script prints one
Markdown table of single runs, with the solver arrays' size beside each process's peak memory. Nothing here is a
pass/fail test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from pokerlab.simulate.bench.solver_cases import (
    SPOT_NAMES,
    TARGETS,
    THREADS,
    peer_figures,
    peer_path,
    peer_problem,
    spots_folder,
)


def run_ours(spot_file: Path, threads: int, target: float, compressed: bool = False) -> dict:
    """One pokerlab solve in a new process (:func:`~pokerlab.simulate.bench.solver_cases.solve_in_process`)."""
    code = "from pokerlab.simulate.bench.solver_cases import main; main()"
    args = [sys.executable, "-c", code, str(spot_file), str(threads), str(target)] + ["compressed"] * compressed
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def run_peer(peer: str, spot_file: Path, threads: int, target: float, compressed: bool = False) -> dict:
    """One postflop-solver run of the spot file with the threads, the target and the storage overridden."""
    args = [peer, str(spot_file), f"threads={threads}", f"target_exploitability_pct={target}"]
    args.append(f"compressed={'true' if compressed else 'false'}")
    return peer_figures(json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout))


def _row(spot: str, threads: int, target: float, who: str, result: dict | str) -> str:
    if isinstance(result, str):
        return f"| {spot} | {threads} | {target} | {who} | {result} | | | | | | | |"
    mib = 2**20
    growth = result.get("peak_rss_growth_bytes", result["peak_rss_bytes"])  # a native process: its whole peak
    return (
        f"| {spot} | {threads} | {target} | {who} | {result['seconds']:.5f} | {result.get('cpu_seconds') or 0:.5f} | "
        f"{result['iterations']} | "
        f"{result['exploitability_pct']:.3f} | {result['oop_ev']:.3f} | {result['peak_rss_bytes'] / mib:.1f} | "
        f"{growth / mib:.1f} | {result['memory_bytes'] / mib:.1f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peer", default=peer_path(), help="postflop-solver's bench binary")
    parser.add_argument("--spots", type=Path, default=None, help="the peer's spots folder")
    parser.add_argument("--threads", type=int, nargs="+", default=list(THREADS))
    parser.add_argument("--targets", type=float, nargs="+", default=list(TARGETS))
    parser.add_argument("--races", nargs="+", default=list(SPOT_NAMES), choices=list(SPOT_NAMES))
    parser.add_argument("--compressed", action="store_true", help="16-bit storage on both sides")
    args = parser.parse_args(argv)
    spots = args.spots or spots_folder()
    problem = peer_problem(args.peer)
    peer_missing = f"skipped: {problem}" if problem else None
    print("| spot | threads | target % | solver | seconds | CPU seconds | iterations | exploitability % | OOP EV "
          "| peak RSS MiB | its growth from before the spot MiB | solver arrays MiB |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for race in args.races:
        spot_file = spots / f"{race}.json"
        if not spot_file.exists():
            print(_row(race, 0, 0, "both", f"skipped: no spot file {spot_file}"))
            continue
        for threads in args.threads:
            for target in args.targets:
                ours = run_ours(spot_file, threads, target, args.compressed)
                print(_row(race, threads, target, "pokerlab", ours), flush=True)
                peer = peer_missing or run_peer(args.peer, spot_file, threads, target, args.compressed)
                print(_row(race, threads, target, "postflop-solver", peer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
