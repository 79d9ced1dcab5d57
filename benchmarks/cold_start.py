"""Each command's first run on an empty kernel cache against its warm run, side by side in one run.

Run from the repository root with the project's Python::

    python benchmarks/cold_start.py [--rounds 2] [--only equity-mc,verify] [--json]

For each command and round: a new empty kernel cache folder (POKERLAB_CACHE_DIR), the command once
(cold: numba compiles what it needs), then the same command again on that folder (warm: the kernels
load from the cache). Commands alternate between rounds. A figure is the best round's wall time. The
target: cold at most ``max(2 * warm, warm + 1 s)``. ``cache warm`` (every kernel) is timed on its own
empty folder, cold only. Compiling is CPU-bound: on a shared machine, read the ratios, not the seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

POKERLAB = [sys.executable, "-m", "pokerlab"]
COMMANDS: dict[str, list[str]] = {
    "equity-range-mc": ["equity", "QQ+,AKs", "random", "random", "--seed", "3"],
    "equity-omaha-hilo-mc": ["equity", "AhAd2c3s", "KhKdQcJs", "--game", "omaha-hilo", "--mc", "--seed", "1"],
    "equity-omaha-exact": ["equity", "AhAd2c3s", "KhKdQcJs", "--game", "omaha", "--board", "7h8d9s"],
    "equity-stud-exact": ["equity", "AsAh Kd 7c 2s", "QcQd 9h 9c 4d", "--game", "stud"],
    "equity-two-hands": ["equity", "AsAh", "KsKh"],
    "verify-7card": ["verify", "7card"],
    "hits": ["hits", "QQ+,AKs", "--board", "Qh7c2d"],
    "draw": ["draw", "Jh Jd 9c 6s 2h"],
    "table-preflop": ["table", "preflop"],
    "simulate-holdem": ["simulate", "holdem", "--hands", "1000", "--seed", "1"],
}


def _run(args: list[str], cache: str) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["POKERLAB_CACHE_DIR"] = cache
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    return seconds


def measure(names: list[str], rounds: int) -> dict[str, dict[str, float]]:
    """Best cold and warm wall time of each command over ``rounds`` alternating rounds."""
    best: dict[str, dict[str, float]] = {name: {"cold": float("inf"), "warm": float("inf")} for name in names}
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            cache = tempfile.mkdtemp(prefix="pokerlab-cold-")
            cold = _run([*POKERLAB, *COMMANDS[name]], cache)
            warm = _run([*POKERLAB, *COMMANDS[name]], cache)
            best[name]["cold"] = min(best[name]["cold"], cold)
            best[name]["warm"] = min(best[name]["warm"], warm)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated command names (default: all)")
    parser.add_argument("--no-warm-all", action="store_true", help="skip timing 'pokerlab cache warm'")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = [n for n in args.only.split(",") if n] or list(COMMANDS)
    unknown = [n for n in names if n not in COMMANDS]
    if unknown:
        raise SystemExit(f"unknown command {unknown[0]!r}; choose from {', '.join(COMMANDS)}")
    load = os.getloadavg()[0]
    best = measure(names, args.rounds)
    warm_all = None if args.no_warm_all else _run([*POKERLAB, "cache", "warm"], tempfile.mkdtemp())
    if args.json:
        print(json.dumps({"load_average": load, "commands": best, "cache_warm_seconds": warm_all}, indent=1))
        return
    print(f"best of {args.rounds} rounds, load average {load:.2f} at the start")
    print(f"{'command':<22} {'cold s':>8} {'warm s':>8} {'cold/warm':>10}  target met")
    for name, t in best.items():
        met = t["cold"] <= max(2 * t["warm"], t["warm"] + 1.0)
        print(f"{name:<22} {t['cold']:8.2f} {t['warm']:8.2f} {t['cold'] / t['warm']:10.2f}  {'yes' if met else 'no'}")
    if warm_all is not None:
        print(f"{'cache warm (all)':<22} {warm_all:8.2f}")


if __name__ == "__main__":
    main()
