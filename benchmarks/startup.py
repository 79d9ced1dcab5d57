"""Where a command-line call's time goes: whole-process wall time, side by side, and the import breakdown.

Run from the repository root with the project's Python::

    python benchmarks/startup.py [--rounds 15] [--json]

Each round runs every command once as a new process, in an order that
alternates between rounds; a command's figure is its best round (the machine
is shared: the best is the least disturbed), with the best CPU time (user +
system) beside it, which the machine's load disturbs less. The commands:

- ``python -c pass``: the interpreter with this environment's site packages, the floor;
- ``import numpy``: what any command that touches an array pays;
- ``pokerlab eval`` and ``pokerlab equity AsAh KsKh`` (a heads-up answer from the shipped table);
- the same equity computed (``use_tables=False``): numba's import and the cached kernels' first dispatch;
- pokerfast's rank of the same five cards and its exact equity of the same hands, each a ``python -c`` import
  and answer in a new process (the bench's start-up peers), when pokerfast is installed;
- with ``--before LAYOUT``, the two pokerlab commands of an earlier checkout, in the same rounds.

With ``--regular`` every command (the floor too) runs as under a regular install: ``python -S``, with this
checkout laid out as it installs (links) and the environment's site-packages on PYTHONPATH, and the pokerlab
commands run the code of the console script pip writes (``import re, sys``, then
``pokerlab.simulate.cli.run``), not ``-m pokerlab``, whose runpy loads importlib's helpers first. An editable
install's ``.pth`` finder imports re, pathlib, importlib.util and more into every process, the floor
included, which hides what pokerlab's own imports of them cost; ``-S`` runs no ``.pth`` file.

Then ``python -X importtime`` of the two commands, best of 3, summed by package (self times).
Every command runs with Python's bytecode cache on, as a user has it, even where the environment sets
PYTHONDONTWRITEBYTECODE.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

PY = sys.executable
POKERLAB = [PY, "-m", "pokerlab"]
COMMANDS = {
    "python -c pass": [PY, "-c", "pass"],
    "python -c 'import numpy'": [PY, "-c", "import numpy"],
    "pokerlab eval 'As Ks Qs Js Ts'": [*POKERLAB, "eval", "As Ks Qs Js Ts"],
    "pokerlab equity AsAh KsKh": [*POKERLAB, "equity", "AsAh", "KsKh"],
    "equity(['AsAh', 'KsKh'], use_tables=False)": [
        PY,
        "-c",
        "from pokerlab.simulate.equity.engine import equity; equity(['AsAh', 'KsKh'], use_tables=False)",
    ],
    "pokerfast eval7 As Ks Qs Js Ts": [
        PY,
        "-c",
        "from pokerfast import eval7; print(eval7(('As', 'Ks', 'Qs', 'Js', 'Ts')))",
    ],
    "pokerfast exact equity AsAh KsKh": [
        PY,
        "-c",
        "from pokerfast import equity; print(*equity.equity(['AsAh', 'KsKh'], '', exact=True, threads=1))",
    ],
}
#: What pip's generated ``pokerlab`` script runs (its ``re`` import included), given the command's words after it.
CONSOLE_SCRIPT = "import re, sys; from pokerlab.simulate.cli import run; sys.exit(run())"


def _console_script() -> list[str]:
    """The installed ``pokerlab`` script beside this Python, when there is one (what a user types)."""
    script = Path(PY).with_name("pokerlab")
    return [str(script)] if script.is_file() else POKERLAB


CACHE_ENV = "POKERLAB_CACHE_DIR"


def _environment(**extra: str) -> dict[str, str]:
    """This process's environment for a timed command, with Python's bytecode cache on, as a user has it
    (PYTHONDONTWRITEBYTECODE would make every process compile pokerlab's sources again: tens of ms)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, **extra}


@functools.lru_cache(maxsize=1)
def _private_caches() -> str:
    """A kernel cache folder of this run's own, also the commands' working folder.

    ``python -m pokerlab`` run inside a checkout would import that checkout's ``pokerlab`` folder first.
    Checkouts with the same kernel sources but other file times share the default cache folder and
    invalidate each other's kernels (numba stamps a cache with its source file's time): that would time
    compiling, not a warm start.
    """
    return tempfile.mkdtemp(prefix="pokerlab-startup-")


def before_commands(layout: str, regular: bool = False) -> dict[str, tuple[list[str], dict[str, str]]]:
    """The two pokerlab commands run from another checkout's import layout (``--before``), for a side-by-side
    before-and-after: ``layout`` holds a ``pokerlab`` folder whose ``evaluator`` and ``simulate`` are that
    checkout's (links will do, as tests/test_layers.py builds them), put first on PYTHONPATH."""
    path = os.pathsep.join([layout, *_site_packages()]) if regular else layout
    env = _environment(PYTHONPATH=path, **{CACHE_ENV: str(Path(_private_caches()) / "before")})
    python = [PY, "-S", "-c", CONSOLE_SCRIPT] if regular else [PY, "-m", "pokerlab"]
    return {
        f"before: {name}": ([*python, *COMMANDS[name][3:]], env)
        for name in ("pokerlab eval 'As Ks Qs Js Ts'", "pokerlab equity AsAh KsKh")
    }


def _site_packages() -> list[str]:
    """This environment's site-packages folders, which ``python -S`` leaves off ``sys.path``."""
    return sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})


def checkout_layout() -> str:
    """This checkout laid out as it installs, made of links in the run's private folder: ``pokerlab`` with
    ``evaluator`` and ``simulate`` inside (a regular install's import paths, without the editable finder)."""
    root = Path(__file__).resolve().parents[1]
    package = Path(_private_caches()) / "layout" / "pokerlab"
    package.mkdir(parents=True, exist_ok=True)
    for source in [*(root / "pokerlab").iterdir(), root / "evaluator", root / "simulate"]:
        link = package / source.name
        if source.name != "__pycache__" and not link.is_symlink():
            link.symlink_to(source)
    return str(package.parent)


def regular_commands() -> dict[str, tuple[list[str], dict[str, str]]]:
    """Every command as a regular install runs it: ``python -S`` on this checkout's layout and site-packages, the
    pokerlab commands through the console script's code."""
    path = os.pathsep.join([checkout_layout(), *_site_packages()])
    env = _environment(PYTHONPATH=path, **{CACHE_ENV: str(Path(_private_caches()) / "after")})
    return {
        name: ([PY, "-S", "-c", CONSOLE_SCRIPT, *argv[3:]] if argv[:3] == POKERLAB else [PY, "-S", *argv[1:]], env)
        for name, argv in COMMANDS.items()
    }


def wall_times(rounds: int, before: str | None = None, regular: bool = False) -> dict[str, dict[str, float] | None]:
    """Best wall and best CPU (user + system) time of each command over ``rounds`` alternating rounds.

    None: the command failed (or its library is not installed). On a shared machine wall time waits for a
    core; the CPU time is what the process itself spent, the figure an idle machine's wall time approaches.
    """
    script = _console_script()
    env = _environment(**{CACHE_ENV: str(Path(_private_caches()) / "after")})
    commands = {k: ([*script, *v[3:]] if v[:3] == POKERLAB else v, env) for k, v in COMMANDS.items()}
    if regular:
        commands = regular_commands()
    commands.update(before_commands(before, regular) if before else {})
    for argv, env in commands.values():  # warm each kernel cache and bytecode cache (compiling once), untimed
        subprocess.run(argv, capture_output=True, check=False, env=env, cwd=_private_caches())
    best: dict[str, dict[str, float] | None] = {k: {"wall": float("inf"), "cpu": float("inf")} for k in commands}
    names = list(commands)
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order if r % 2 == 0 else order[::-1]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            argv, env = commands[name]
            done = subprocess.run(argv, capture_output=True, check=False, env=env, cwd=_private_caches())
            seconds = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            figures = best[name]
            if done.returncode != 0:
                best[name] = None
            elif figures is not None:
                figures["wall"], figures["cpu"] = min(figures["wall"], seconds), min(figures["cpu"], cpu)
    return best


#: Each pokerlab command and the peer's one-liner it is compared with (the ratio printed: the peer's time over ours).
PEERS = {
    "pokerlab eval 'As Ks Qs Js Ts'": "pokerfast eval7 As Ks Qs Js Ts",
    "pokerlab equity AsAh KsKh": "pokerfast exact equity AsAh KsKh",
}


def peer_ratios(walls: dict[str, dict[str, float] | None]) -> dict[str, dict[str, float]]:
    """How many times faster each pokerlab command is than its peer's one-liner, by wall and by CPU time.

    >>> peer_ratios({"pokerlab equity AsAh KsKh": {"wall": 0.02, "cpu": 0.02},
    ...              "pokerfast exact equity AsAh KsKh": {"wall": 0.03, "cpu": 0.025}})
    {'pokerlab equity AsAh KsKh': {'wall': 1.5, 'cpu': 1.25}}
    """
    ratios = {}
    for ours, peer in PEERS.items():
        mine, theirs = walls.get(ours), walls.get(peer)
        if mine is not None and theirs is not None:
            ratios[ours] = {k: round(theirs[k] / mine[k], 2) for k in ("wall", "cpu") if mine[k] > 0}
    return ratios


def import_breakdown(args: list[str], repeats: int = 3, regular: bool = False) -> dict[str, float]:
    """Seconds of import (self time, best of ``repeats``) by top-level package; pokerlab by subpackage.

    ``args``: a pokerlab command's words; with ``regular``, run as :func:`regular_commands` runs it."""
    argv, env = [PY, "-X", "importtime", "-m", "pokerlab", *args], _environment()
    if regular:
        argv, env = [PY, "-S", "-X", "importtime", "-c", CONSOLE_SCRIPT, *args], regular_commands()["python -c pass"][1]
    best: dict[str, int] = {}
    for _ in range(repeats):
        done = subprocess.run(argv, capture_output=True, text=True, check=False, env=env, cwd=_private_caches())
        for line in done.stderr.splitlines():
            match = re.match(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)", line)
            if match:
                name = match.group(2)
                best[name] = min(best.get(name, 1 << 60), int(match.group(1)))
    groups: dict[str, float] = collections.defaultdict(float)
    for name, micros in best.items():
        parts = name.split(".")
        key = ".".join(parts[:3]) if parts[0] == "pokerlab" else parts[0]
        groups[key] += micros / 1e6
    return dict(sorted(groups.items(), key=lambda kv: -kv[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--before", metavar="LAYOUT", help="also time the commands of another checkout (see below)")
    parser.add_argument("--regular", action="store_true", help="run every command as a regular install would")
    args = parser.parse_args()
    try:
        walls = wall_times(args.rounds, args.before, args.regular)
        breakdown = {
            "pokerlab eval": import_breakdown(["eval", "As Ks Qs Js Ts"], regular=args.regular),
            "pokerlab equity AsAh KsKh": import_breakdown(["equity", "AsAh", "KsKh"], regular=args.regular),
        }
    finally:
        shutil.rmtree(_private_caches(), ignore_errors=True)
    if args.json:
        figures = {"rounds": args.rounds, "regular": args.regular, "wall": walls, "imports": breakdown,
                   "peer_ratios": peer_ratios(walls)}  # fmt: skip
        print(json.dumps(figures, indent=2))
        return 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    how = ", as a regular install (python -S)" if args.regular else ""
    print(f"whole process, best of {args.rounds} alternating rounds{how} (load average {load:.2f}):")
    print("     wall      cpu  command")
    for name, figures in walls.items():
        shown = (
            "failed or not installed"
            if figures is None
            else " ".join(f"{1000 * figures[k]:6.1f} ms" for k in ("wall", "cpu"))
        )
        print(f"  {shown}  {name}")
    for name, ratio in peer_ratios(walls).items():
        print(f"  {name}: {ratio['wall']:.2f}x its peer's one-liner by wall, {ratio['cpu']:.2f}x by CPU")
    width = shutil.get_terminal_size().columns
    for command, groups in breakdown.items():
        total = sum(groups.values())
        top = ", ".join(f"{k} {1000 * v:.1f}" for k, v in list(groups.items())[:12])
        print(f"\nimports of {command}: {1000 * total:.1f} ms of self time; ms by package:")
        print("  " + top[: max(80, width * 4)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
