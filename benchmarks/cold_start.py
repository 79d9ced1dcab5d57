"""Each command's first run on an empty kernel cache against its warm run, side by side in one run.

Run from the repository root with the project's Python, or name the installs to compare::

    python benchmarks/cold_start.py [--rounds 2] [--only equity-range-mc,verify-7card] [--json]
    python benchmarks/cold_start.py --python /path/to/venv/bin/python  # e.g. a wheel with prebuilt kernels

For each install, command and round, three runs as new processes, each with its own empty kernel cache
folder (POKERLAB_CACHE_DIR) where it says so:

- first: an empty cache, as a new user meets the command; a wheel built with prebuilt kernels loads them
  (``POKERLAB_NATIVE_BUILD=off``, so that no background build competes with the runs that follow);
- compile: an empty cache and the prebuilt kernels turned off (``POKERLAB_SHIPPED_KERNELS=off``): numba
  compiles what the command needs for this CPU, as every first run did before kernels were shipped;
- warm: the command again on the compile run's folder: the native kernels load from the cache.

``play-first-hand`` plays one hand against equity bots (folded from stdin, then quit); ``replay-folder`` replays a
folder of 300 one-hand PHH files written untimed by ``simulate --phh-out`` before the rounds.
The first and warm runs must print the same answer (timings and rates left out). Commands alternate between
rounds; a figure is the best round's wall time. The target: first at most ``max(2 * warm, warm + 1 s)``.
``cache warm`` (every kernel) is timed on its own empty folder. Compiling is CPU-bound: on a shared
machine, read the ratios, not the seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

#: A folder of one-hand PHH files that the replay command reads, written once per install (untimed).
HANDS = "{hands}"
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
    "play-first-hand": ["play", "holdem", "--players", "3", "--bots", "equity", "--seed", "1"],
    "replay-folder": ["replay", HANDS],
}
#: What a command reads on its standard input: play's first hand is folded, then the session quit.
INPUTS = {"play-first-hand": "f\nq\n"}


RUNS = ("first", "compile", "warm")


def _run(args: list[str], cache: str, stdin: str = "", **extra: str) -> tuple[float, str]:
    """Wall seconds of one command as a new process, and its output with the seconds left out."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(POKERLAB_CACHE_DIR=cache, POKERLAB_NATIVE_BUILD="off", **extra)
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, cwd=tempfile.gettempdir(), input=stdin)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    rates_out = re.sub(r"[\d,]+(\.\d+)? [\w']+/s\b", "<rate>", done.stdout)
    return seconds, re.sub(r"\d+\.\d+ ?s\b", "<time> s", rates_out)


def measure(python: str, names: list[str], rounds: int) -> dict[str, dict[str, float]]:
    """Best first, compile and warm wall time of each command over ``rounds`` alternating rounds."""
    best = {name: dict.fromkeys(RUNS, float("inf")) for name in names}
    hands = tempfile.mkdtemp(prefix="pokerlab-hands-")
    if any(HANDS in COMMANDS[name] for name in names):
        simulate = ["simulate", "holdem", "--hands", "300", "--players", "6", "--seed", "1", "--phh-out", hands]
        _run([python, "-m", "pokerlab", *simulate], tempfile.mkdtemp(prefix="pokerlab-hands-cache-"))
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            command = [python, "-m", "pokerlab", *(hands if a == HANDS else a for a in COMMANDS[name])]
            stdin = INPUTS.get(name, "")
            first, answer = _run(command, tempfile.mkdtemp(prefix="pokerlab-first-"), stdin)
            native = tempfile.mkdtemp(prefix="pokerlab-native-")
            compiled, _ = _run(command, native, stdin, POKERLAB_SHIPPED_KERNELS="off")
            warm, warm_answer = _run(command, native, stdin)
            if warm_answer != answer:
                raise SystemExit(f"{name}: the first run's answer differs from the warm run's")
            for run, seconds in zip(RUNS, (first, compiled, warm)):
                best[name][run] = min(best[name][run], seconds)
    return best


def _table(python: str, best: dict[str, dict[str, float]], warm_all: float | None) -> None:
    print(f"{python}:")
    print(f"{'command':<22} {'first s':>8} {'compile s':>10} {'warm s':>8} {'first/warm':>11}  target met")
    for name, t in best.items():
        met = t["first"] <= max(2 * t["warm"], t["warm"] + 1.0)
        row = f"{t['first']:8.2f} {t['compile']:10.2f} {t['warm']:8.2f} {t['first'] / t['warm']:11.2f}"
        print(f"{name:<22} {row}  {'yes' if met else 'no'}")
    if warm_all is not None:
        print(f"{'cache warm (all)':<22} {warm_all:8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated command names (default: all)")
    parser.add_argument("--no-warm-all", action="store_true", help="skip timing 'pokerlab cache warm'")
    parser.add_argument(
        "--python", action="append", help="the Python of an install to time (repeat to compare; default: this one)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pythons = args.python or [sys.executable]
    names = [n for n in args.only.split(",") if n] or list(COMMANDS)
    unknown = [n for n in names if n not in COMMANDS]
    if unknown:
        raise SystemExit(f"unknown command {unknown[0]!r}; choose from {', '.join(COMMANDS)}")
    load = os.getloadavg()[0]
    report = {}
    for python in pythons:
        best = measure(python, names, args.rounds)
        warm_all = (
            None if args.no_warm_all else _run([python, "-m", "pokerlab", "cache", "warm"], tempfile.mkdtemp())[0]
        )
        report[python] = {"commands": best, "cache_warm_seconds": warm_all}
    if args.json:
        print(json.dumps({"load_average": load, "installs": report}, indent=1))
        return
    print(f"best of {args.rounds} rounds, load average {load:.2f} at the start")
    for python, result in report.items():
        _table(python, result["commands"], result["cache_warm_seconds"])


if __name__ == "__main__":
    main()
