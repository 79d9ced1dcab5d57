"""pokerlab's postflop solver against b-inary's postflop-solver on the peer's own spot files: the same tree, the same
threads, the same exploitability target; seconds, iterations, peak memory and EVs side by side.

Run from the repository root::

    python benchmarks/solver_race.py [--peer PATH] [--spots DIR] [--threads 1 2] [--targets 0.5 0.3]

The peer is the ``bench`` binary that ``shared/peers/postflop-solver/build.sh`` prints (``--peer`` or the
``POSTFLOP_SOLVER_BENCH`` environment variable); without it the peer's rows say why they are missing. Its spot
files are read from ``--spots`` (default: the ``spots`` folder beside the binary's source, else
``../shared/peers/postflop-solver/spots``).

Each spot is translated to one tree both solvers build: the sizes are pot fractions and all-in (``"60%, a"``), and
where a spot file uses a size form pokerlab's builder does not offer, the peer is run with overrides that give it
pokerlab's tree (the ``peer`` entries of :data:`SPOTS`). Every run is a fresh process, so the peak resident memory
(``ru_maxrss``) is the run's own; pokerlab's includes the interpreter, numpy and numba (about 150 MiB before the
solver allocates anything), so its solver arrays (:meth:`CfrSolver.allocated_bytes`) are shown too. Seconds are
the solve alone (exploitability checks included, every 10 iterations on both sides); the tree build is apart.
Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

#: Each race: the peer's spot file, its overrides, and the same tree as pokerlab's ``Spot.parse`` arguments.
SPOTS = {
    "turn-small": {
        "file": "turn-small.json",
        # No donk bet, no thresholds, no 2.5x raise: 60 % of the pot and all-in for bets and raises.
        "peer": {
            "turn_bet": "60%, a",
            "turn_raise": "60%, a",
            "river_bet": "60%, a",
            "river_raise": "60%, a",
            "river_donk": "",
            "add_allin_threshold": 0,
            "force_allin_threshold": 0,
            "merging_threshold": 0,
        },
        "ours": {"bet_sizes": {"turn": [0.6], "river": [0.6]}, "allin": True, "raise_cap": 2},
    },
    "flop-1spr-narrow": {
        "file": "flop-1spr-narrow.json",
        # Raises "a": a 50 % raise is already all-in at one stack-to-pot, so "50%" raises build the same tree.
        "peer": {},
        "ours": {"bet_sizes": [0.5], "allin": True, "raise_cap": 2},
    },
}


def _default_spots(peer: str | None) -> Path:
    here = Path(__file__).resolve().parent
    return here.parent.parent / "shared" / "peers" / "postflop-solver" / "spots"


def run_ours(spot_file: Path, race: str, threads: int, target: float) -> dict:
    """One pokerlab solve in this process (called in a child process): seconds, iterations, memory, EVs."""
    import numpy as np

    from pokerlab.simulate.solver.cfr import CfrSolver
    from pokerlab.simulate.solver.holdem import Spot

    spec = json.loads(spot_file.read_text())
    start = time.perf_counter()
    spot = Spot.parse(
        spec["board"], spec["oop_range"], spec["ip_range"], pot=spec["starting_pot"], stack=spec["effective_stack"],
        **SPOTS[race]["ours"],
    )  # fmt: skip
    solver = CfrSolver(spot.game(), dtype=np.float32, threads=threads)
    build = time.perf_counter() - start
    pot = spot.betting.pot
    start = time.perf_counter()
    solver.solve(1000, target / 100 * pot)
    exploitability = solver.exploitability()
    seconds = time.perf_counter() - start
    return {
        "seconds": seconds,
        "build_seconds": build,
        "iterations": solver.iterations,
        "exploitability_pct": 100 * exploitability / pot,
        "oop_ev": solver.expected_value(0) + pot / 2,
        "peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        "solver_bytes": solver.allocated_bytes(),
        "estimate_bytes": spot.estimate_memory(np.float32, threads),
    }


def run_peer(peer: str, spot_file: Path, race: str, threads: int, target: float) -> dict:
    """One postflop-solver run of the spot file with the race's overrides."""
    overrides = {**SPOTS[race]["peer"], "threads": threads, "target_exploitability_pct": target}
    args = [peer, str(spot_file)] + [f"{key}={json.dumps(value)}" for key, value in overrides.items()]
    out = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    return {
        "seconds": out["solve_seconds"],
        "build_seconds": out["build_seconds"],
        "iterations": out["iterations"],
        "exploitability_pct": out["exploitability_pct"],
        "oop_ev": out["oop_ev"],
        "peak_rss_bytes": out["peak_rss_bytes"],
        "solver_bytes": out["memory_bytes"],
        "estimate_bytes": out["memory_bytes"],
    }


def _child(spot_file: Path, race: str, threads: int, target: float) -> dict:
    args = [sys.executable, __file__, "--child", str(spot_file), race, str(threads), str(target)]
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def _row(race: str, threads: int, target: float, who: str, result: dict | str) -> str:
    if isinstance(result, str):
        return f"| {race} | {threads} | {target} | {who} | {result} | | | | | |"
    mib = 2**20
    return (
        f"| {race} | {threads} | {target} | {who} | {result['seconds']:.2f} | {result['iterations']} | "
        f"{result['exploitability_pct']:.3f} | {result['oop_ev']:.3f} | {result['peak_rss_bytes'] / mib:.1f} | "
        f"{result['solver_bytes'] / mib:.1f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peer", default=os.environ.get("POSTFLOP_SOLVER_BENCH"), help="postflop-solver's bench")
    parser.add_argument("--spots", type=Path, default=None, help="the peer's spots folder")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--targets", type=float, nargs="+", default=[0.5, 0.3])
    parser.add_argument("--races", nargs="+", default=list(SPOTS), choices=list(SPOTS))
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        spot_file, race, threads, target = args.child
        print(json.dumps(run_ours(Path(spot_file), race, int(threads), float(target))))
        return 0
    spots = args.spots or _default_spots(args.peer)
    peer_missing = None
    if not args.peer:
        peer_missing = "skipped: no peer (set POSTFLOP_SOLVER_BENCH or --peer; shared/peers/postflop-solver/build.sh)"
    elif not os.access(args.peer, os.X_OK):
        peer_missing = f"skipped: {args.peer} is not an executable"
    print("| spot | threads | target % | solver | seconds | iterations | exploitability % | OOP EV | peak RSS MiB "
          "| solver arrays MiB |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    for race in args.races:
        spot_file = spots / SPOTS[race]["file"]
        if not spot_file.exists():
            print(_row(race, 0, 0, "both", f"skipped: no spot file {spot_file}"))
            continue
        for threads in args.threads:
            for target in args.targets:
                print(_row(race, threads, target, "pokerlab", _child(spot_file, race, threads, target)), flush=True)
                peer = peer_missing or run_peer(args.peer, spot_file, race, threads, target)
                print(_row(race, threads, target, "postflop-solver", peer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
