"""A folder of one-hand .phh files replayed: pokerlab against pokerkit, side by side, and where pokerlab's time goes.

    python benchmarks/replay_folder.py [FOLDER] [--config quick|full] [--rounds R] [--new-files] [--breakdown]
                                       [--cli [--baseline COMMAND]] [--json]

Without FOLDER the folder is the one of ``pokerlab bench --only phh-folder`` (the same files, written once by
``pokerlab.simulate.bench.phh_folder``); give a folder of your own (the public dataset's ``data/pluribus``,
say) to time that. Rounds alternate which library goes first; each is timed in CPU time of this process (the
work never changes, so a slower round measures the neighbours of a shared machine): the best and the median
round are reported, and the ratio of the medians.

- pokerlab: ``replay_tree(folder)``, what ``pokerlab replay FOLDER`` runs: the walk, every file read, every
  hand replayed with every rule checked and its recorded results compared;
- pokerkit: ``HandHistory.load`` on each ``.phh`` file (``load_all`` on a ``.phhs``) and every state of its
  hands, as the bench calls it, on the same files: those under FOLDER, subfolders included.

A FOLDER with no ``.phh`` or ``.phhs`` file at any depth is refused in one line (exit status 2).

``--breakdown``: pokerlab's time a hand by stage (the walk; the fast path, which reads a plain one-hand file and
confirms it ok without the engine; the engine's reading and replay of the files the fast path leaves to it; and the
rest: results and the summary). ``--cli``: whole processes, start-up included, round by round in turn:
``pokerlab replay FOLDER --json`` with ``--jobs 1`` and with the default jobs (and the same with ``--baseline
COMMAND``, the ``pokerlab`` command of another checkout, for a before and after), and a process running pokerkit's
side on the same files; the medians of wall and CPU time, pokerkit's over pokerlab's, and the load average. Those
processes run with compiled modules cached, as in a regular install (``PYTHONDONTWRITEBYTECODE`` is dropped from
their environment).
The first round of each is a warm-up, not counted: the first pass over a folder reads each repeated line and
action once (they are remembered), as a large dataset's first files do.

``--new-files`` (the bench's folder only): each timed round replays a new folder of the same shapes (the next
seeds), so that a round costs what a first pass over files never read costs; without it, every round replays
the same folder, which is what ``pokerlab bench`` times.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, when not installed


class Refused(ValueError):
    """A folder this script cannot time: the message is the one line it prints."""


class PeerFailed(RuntimeError):
    """pokerkit cannot play a file of the folder: it is left out of the comparison, the file and error named."""


def hand_files(folder: Path) -> list[Path]:
    """The ``.phh`` and ``.phhs`` files under ``folder``, subfolders included: the set ``replay_tree`` replays."""
    from pokerlab.simulate.histories import phh_files

    return phh_files(folder)


def pokerlab_run(folders: Callable[[], Path]) -> Callable[[], int]:
    from pokerlab.simulate.histories import replay_tree

    def run() -> int:
        folder = folders()
        summary = replay_tree(folder)
        bad = summary.hands - summary.counts["ok"] - summary.counts["unknown outcome"]
        if bad or summary.failed_files:
            raise Refused(
                f"{folder}: {bad} of {summary.hands} hands and {len(summary.failed_files)} files are not replayed ok "
                f"(`pokerlab replay {folder}` says which); the timing needs every hand ok"
            )
        return summary.hands

    return run


def pokerkit_run(folders: Callable[[], Path]) -> Callable[[], int] | None:
    """pokerkit on the files pokerlab replays: ``HandHistory.load`` on a ``.phh``, ``load_all`` on a ``.phhs``."""
    try:
        from pokerkit import HandHistory
    except ImportError:
        return None

    def run() -> int:
        hands = 0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a warning for every field it does not know
            for path in hand_files(folders()):
                try:
                    with open(path, "rb") as handle:
                        loaded = HandHistory.load_all(handle) if path.suffix == ".phhs" else [HandHistory.load(handle)]
                        for history in loaded:
                            *_, state = history  # every state of the hand, the last one kept
                            hands += 1
                except Exception as exc:  # noqa: BLE001 - any file pokerkit cannot play leaves it out, said why
                    raise PeerFailed(f"{path}: {type(exc).__name__}: {exc}") from None
        return hands

    return run


def timed(run: Callable[[], int]) -> tuple[float, int]:
    started = time.process_time()
    hands = run()
    return time.process_time() - started, hands


def side_by_side(folders: list[Path], rounds: int) -> dict:
    """Both libraries round by round on ``folders[0]`` (the warm-up), then on ``folders[r + 1]`` if there is one
    for round ``r``, else on ``folders[0]`` again."""
    current = [folders[0]]
    runs = {"pokerlab": pokerlab_run(lambda: current[0]), "pokerkit": pokerkit_run(lambda: current[0])}
    live = {name: run for name, run in runs.items() if run is not None}
    failed: dict[str, str] = {}
    for name, run in list(live.items()):
        try:
            run()  # warm-up: imports, and the reader's memory of repeated lines and actions
        except PeerFailed as exc:
            failed[name] = str(exc)
            del live[name]
    seconds: dict[str, list[float]] = {name: [] for name in live}
    hands = dict.fromkeys(live, 0)
    for r in range(rounds):
        current[0] = folders[r + 1] if r + 1 < len(folders) else folders[0]
        for name in list(live)[:: 1 if r % 2 == 0 else -1]:
            took, hands[name] = timed(live[name])
            seconds[name].append(took)
    out: dict = {}
    for name in runs:  # pokerlab first
        if name in failed:
            out[name] = {"failed": failed[name]}
        elif name in live:
            best, median = min(seconds[name]), statistics.median(seconds[name])
            out[name] = {"hands": hands[name], "best_per_s": hands[name] / best, "median_per_s": hands[name] / median}
    if out.get("pokerkit", {}).get("hands"):
        out["ratio"] = out["pokerlab"]["median_per_s"] / out["pokerkit"]["median_per_s"]
    return out


def breakdown(folder: Path, rounds: int) -> dict[str, float]:
    """pokerlab's CPU time a hand, stage by stage (best of ``rounds``), and how many files the fast path took."""
    from pokerlab.simulate.histories import phh_files, read as read_phh, replay_tree
    from pokerlab.simulate.histories.fast_replay import certainly_ok, read_small
    from pokerlab.simulate.histories.replay import replay_read

    files = phh_files(folder)
    fast = [str(path) for path in files if path.suffix == ".phh" and certainly_ok(read_small(str(path)) or "")]
    fast_set = set(fast)
    rest = [path for path in files if str(path) not in fast_set]
    warnings_kept: list[str] = []  # as replay_tree keeps them: in a list, not on stderr
    read = [
        hand for path in rest for hand in read_phh(path, recover=True, money_places=True, warn=warnings_kept.append)
    ]
    count = len(fast) + len(read)

    def walk() -> None:
        phh_files(folder)

    def fast_path() -> None:
        for path in fast:
            certainly_ok(read_small(path))  # type: ignore[arg-type]

    def reading() -> None:
        for path in rest:
            for _ in read_phh(path, recover=True, money_places=True, warn=warnings_kept.append):
                pass

    def replays() -> None:
        for _, hand, places in read:
            replay_read(hand, places, checked=True, steps=False)  # type: ignore[arg-type]

    def whole() -> None:
        replay_tree(folder)

    stages = {"walk": walk, "fast path": fast_path, "engine read": reading, "engine replay": replays,
              "replay_tree": whole}  # fmt: skip
    best = {
        name: min(timed(lambda f=f: f() or 0)[0] for _ in range(rounds)) * 1e6 / count for name, f in stages.items()
    }
    best["rest"] = best["replay_tree"] - sum(best[name] for name in stages if name != "replay_tree")
    best["fast path files"] = len(fast)
    best["files"] = len(files)
    return best


POKERKIT_PROCESS = """
import sys, warnings
from pokerkit import HandHistory
hands = 0
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for path in sys.argv[1:]:
        with open(path, "rb") as handle:
            loaded = HandHistory.load_all(handle) if path.endswith(".phhs") else [HandHistory.load(handle)]
            for history in loaded:
                *_, state = history
                hands += 1
print(hands)
"""


def cli_runs(folder: Path, baseline: str | None) -> dict[str, list[str]]:
    """The command lines :func:`cli` times, by name."""
    script = shutil.which("pokerlab") or str(Path(sys.executable).with_name("pokerlab"))
    commands = {"": script, "baseline ": baseline} if baseline else {"": script}
    runs: dict[str, list[str]] = {}
    for prefix, command in commands.items():
        runs[prefix + "jobs 1"] = [command, "replay", str(folder), "--json", "--jobs", "1"]
        runs[prefix + "default jobs"] = [command, "replay", str(folder), "--json"]
    try:
        import pokerkit  # noqa: F401 - only whether it is there
    except ImportError:
        pass
    else:
        runs["pokerkit"] = [sys.executable, "-c", POKERKIT_PROCESS, *map(str, hand_files(folder))]
    return runs


def cli(folder: Path, rounds: int, baseline: str | None = None) -> dict:
    """Whole processes in turn, round by round after a warm-up: ``pokerlab replay`` (``--jobs 1`` and the default),
    the same with the ``baseline`` command if given, and pokerkit on the same files; medians of wall and CPU (user +
    system) seconds, and the load average before and after."""
    import os
    import resource

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # cached modules, as installed
    runs = cli_runs(folder, baseline)
    load_before = os.getloadavg()[0]
    times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in runs}
    out: dict = {}
    for r in range(rounds + 1):
        for name in list(runs)[:: 1 if r % 2 == 0 else -1]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            done = subprocess.run(runs[name], capture_output=True, text=True, check=False, env=env)
            wall = time.perf_counter() - started
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if done.returncode != 0:
                raise Refused(
                    f"{' '.join(runs[name][:3])}: exit status {done.returncode}: {done.stderr.strip()[-300:]}"
                )
            if r:  # round 0 is the warm-up
                times[name][0].append(wall)
                times[name][1].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if name == "jobs 1":
                out["hands"] = json.loads(done.stdout)["hands"]
    for name, (walls, cpus) in times.items():
        out[name] = {"wall_s": statistics.median(walls), "cpu_s": statistics.median(cpus)}
    if "pokerkit" in out:
        for name in runs:
            if name != "pokerkit":
                out[name]["pokerkit_over_this_wall"] = out["pokerkit"]["wall_s"] / out[name]["wall_s"]
                out[name]["pokerkit_over_this_cpu"] = out["pokerkit"]["cpu_s"] / out[name]["cpu_s"]
    out["load"] = os.getloadavg()[0]
    out["load_before"] = load_before
    return out


def the_folders(args: argparse.Namespace) -> list[Path]:
    """The folders to time: FOLDER, refused in one line if it holds no ``.phh``/``.phhs`` file at any depth; else
    the bench's (one a round with ``--new-files``)."""
    if args.rounds < 1:
        raise Refused(f"--rounds must be at least 1, not {args.rounds}")
    if args.folder:
        folder = Path(args.folder)
        if args.new_files:
            raise Refused("--new-files writes the bench's folders: give no FOLDER")
        if not folder.is_dir():
            raise Refused(f"{folder}: not a folder")
        if not hand_files(folder):
            raise Refused(f"{folder}: no .phh or .phhs file in it or its subfolders")
        return [folder]
    from dataclasses import replace

    from pokerlab.simulate.bench.cases import BenchConfig
    from pokerlab.simulate.bench.phh_folder import write_folder

    config = BenchConfig.named(args.config)
    seeds = range(config.seed, config.seed + (1 + args.rounds if args.new_files else 1))
    return [write_folder(replace(config, seed=seed)) for seed in seeds]


def measure(args: argparse.Namespace) -> dict:
    """What the command line asks for, as the dict ``--json`` prints."""
    folders = the_folders(args)
    folder = folders[0]
    report: dict = {"folder": str(folder), "new_files": args.new_files}
    report["side_by_side"] = side_by_side(folders, args.rounds)
    if not report["side_by_side"]["pokerlab"]["hands"]:
        raise Refused(f"{folder}: its .phh and .phhs files hold no hand")
    if args.breakdown:
        report["pokerlab_us_a_hand"] = breakdown(folder, args.rounds)
    if args.cli:
        report["cli"] = cli(folder, args.rounds, args.baseline)
    return report


def show(report: dict, rounds: int) -> None:
    fresh = ", each round on a new folder of the same shapes" if report["new_files"] else ""
    print(f"{report['folder']}: rounds alternate{fresh}, CPU time, best and median of {rounds}")
    for name, row in report["side_by_side"].items():
        if name != "ratio" and "failed" in row:
            print(f"  {name:9} left out: it cannot play {row['failed']}")
        elif name != "ratio":
            print(f"  {name:9} {row['median_per_s']:>9,.0f} hands/s median  {row['best_per_s']:>9,.0f} best"
                  f"  ({row['hands']:,} hands)")  # fmt: skip
    if "ratio" in report["side_by_side"]:
        print(f"  pokerlab {report['side_by_side']['ratio']:.1f}x pokerkit (medians)")
    stages = dict(report.get("pokerlab_us_a_hand", {}))
    if stages:
        print(f"  the fast path took {stages.pop('fast path files')} of {stages.pop('files')} files")
    for stage, micros in stages.items():
        print(f"  {stage:14} {micros:7.1f} us a hand")
    if "cli" in report:
        row = report["cli"]
        load = f"load {row['load_before']:.2f} before, {row['load']:.2f} after"
        print(f"  whole processes, medians of {rounds} ({load}), {row['hands']:,} hands:")
        for name in ("jobs 1", "default jobs", "baseline jobs 1", "baseline default jobs", "pokerkit"):
            if name in row:
                ratio = ""
                if "pokerkit_over_this_wall" in row[name]:
                    ratio = (f"   pokerkit's time over this: {row[name]['pokerkit_over_this_wall']:.1f}x wall, "
                             f"{row[name]['pokerkit_over_this_cpu']:.1f}x CPU")  # fmt: skip
                label = name if name == "pokerkit" else f"pokerlab replay, {name}"
                print(f"    {label:37} {row[name]['wall_s'] * 1e3:7.1f} ms wall {row[name]['cpu_s'] * 1e3:7.1f} ms CPU"
                      f"{ratio}")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", help="a folder of .phh/.phhs files, at any depth (default: the bench's)")
    parser.add_argument("--config", default="quick", choices=("quick", "full", "tiny"), help="the bench's size")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--new-files", action="store_true", help="each round on a new folder (the bench's only)")
    parser.add_argument("--breakdown", action="store_true")
    parser.add_argument("--cli", action="store_true")
    parser.add_argument(
        "--baseline", metavar="COMMAND", help="with --cli: a pokerlab command of another checkout, timed alongside"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        report = measure(args)
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        show(report, args.rounds)


if __name__ == "__main__":
    main()
