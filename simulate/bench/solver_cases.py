"""The solver cases of ``pokerlab bench``: pokerlab's postflop solver raced against b-inary's postflop-solver.

Each case is one spot file of the peer's ``spots`` folder solved to one exploitability target (% of the starting
pot), on 1 and on 2 threads, by both solvers; every run is a whole process of its own, so its peak resident memory
is its own. Seconds are the solve alone, as each process measures it (exploitability checks included, every 10
iterations on both sides): the tree build, and pokerlab's imports and kernel loading, are apart. pokerlab's peak
memory includes the interpreter, numpy and numba (about 150 MiB before the solver allocates anything).

The peer is the ``bench`` binary that ``shared/peers/postflop-solver/build.sh`` prints, found through
``pokerlab bench --postflop-solver PATH`` or the ``POSTFLOP_SOLVER_BENCH`` environment variable; its spots through
``--postflop-spots DIR``, ``POSTFLOP_SOLVER_SPOTS``, else the ``shared/peers/postflop-solver/spots`` folder beside
this checkout. Without the binary its rows say so; without the spot files every row does.

A spot file is read into pokerlab's tree by :func:`spot_arguments`: the peer's size strings are pokerlab's size
syntax, the peer adds the all-in only where a size list says ``a`` (or a threshold does) and caps no raises. The one
difference left is the peer's rounding of every amount to whole chips (52 % of 180 is its ``Bet(94)``, pokerlab's
``bet 93.6``); the check compares the root's amounts after rounding.

>>> args = spot_arguments(THREE_BET_POT_FAST)
>>> args["bet_sizes"]["flop"], args["raise_sizes"]["river"], args["allin"], args["pot"], args["stack"]
('52%', '45%', False, 180, 910)
>>> [c.id for c in SOLVER_CASES][:2]
['solver-river-polarized-0.5', 'solver-river-polarized-0.3']
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ...errors import InputError
from .cases import OPT_IN_CASES, SOLVER_SPOTS, SOLVER_TARGETS, BenchConfig, Case, Contender, Hands

Builder = Callable[[Case, Hands | None, BenchConfig], Contender]

PEER = "postflop-solver"
PEER_ENV = "POSTFLOP_SOLVER_BENCH"
SPOTS_ENV = "POSTFLOP_SOLVER_SPOTS"
SPOT_NAMES = SOLVER_SPOTS  # every spot of the peer's spots folder, smallest first
TARGETS = SOLVER_TARGETS  # exploitability targets, % of the starting pot
THREADS = (1, 2)
MAX_ITERATIONS = 1000
#: The peer caps no raises: a raise cap no tree reaches (every raise at least doubles the last one's size).
NO_RAISE_CAP = 1000
STREETS = ("flop", "turn", "river")

#: PioSOLVER's "3betpotFAST" flop preset in the peer's spot-file form (its ``spots/3betpot-fast.json``): OOP's and
#: IP's ranges, pot 180, stack 910, bets 52 % / 55 % / 70 % of the pot on the flop / turn / river, raises 45 %.
#: PioSOLVER's published solution: OOP EV 105.11, IP EV 74.89, OOP's range equity 0.55347.
THREE_BET_POT_FAST: dict[str, Any] = {
    "name": "3betpot-fast",
    "oop_range": "88+,A8s+,A5s-A2s:0.5,AJo+,ATo:0.75,K9s+,KQo,KJo:0.75,KTo:0.25,Q9s+,QJo:0.5,J8s+,JTo:0.25,T8s+,"
    "T7s:0.45,97s+,96s:0.45,87s,86s:0.75,85s:0.45,75s+:0.75,74s:0.45,65s:0.75,64s:0.5,63s:0.45,54s:0.75,53s:0.5,"
    "52s:0.45,43s:0.5,42s:0.45,32s:0.45",
    "ip_range": "AA:0.25,99-22,AJs-A2s,AQo-A8o,K2s+,K9o+,Q2s+,Q9o+,J6s+,J9o+,T6s+,T9o,96s+,95s:0.5,98o,86s+,85s:0.5,"
    "75s+,74s:0.5,64s+,63s:0.5,54s,53s:0.5,43s",
    "board": "QsJh2h",
    "starting_pot": 180,
    "effective_stack": 910,
    "flop_bet": "52%",
    "flop_raise": "45%",
    "turn_bet": "55%",
    "turn_raise": "45%",
    "river_bet": "70%",
    "river_raise": "45%",
}

#: Every solver case: each spot at each target (listed with the others in :mod:`.cases`).
SOLVER_CASES: list[Case] = list(OPT_IN_CASES)


def target_of(case: Case) -> float:
    """The case's exploitability target, % of the pot.

    >>> target_of(SOLVER_CASES[1])
    0.3
    """
    return float(case.id.rsplit("-", 1)[1])


def _per_player(value: Any) -> Any:
    """A peer size entry (one string, ``[oop, ip]`` or ``{"oop": .., "ip": ..}``) as pokerlab's size argument."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return {"oop": value[0], "ip": value[1]}
    return value


def spot_arguments(spec: Mapping[str, Any]) -> dict[str, Any]:
    """:meth:`~pokerlab.simulate.solver.Spot.parse`'s arguments for a spot in the peer's spot-file form.

    >>> spot_arguments({"board": "2s3h4d6c7c", "oop_range": "AA", "ip_range": "KK", "starting_pot": 20,
    ...                 "effective_stack": 10, "river_bet": "a", "river_donk": "50%"})["donk_sizes"]
    {'river': '50%'}
    """
    try:
        args: dict[str, Any] = {
            "board": spec["board"],
            "oop_range": spec["oop_range"],
            "ip_range": spec["ip_range"],
            "pot": spec["starting_pot"],
            "stack": spec["effective_stack"],
        }
    except KeyError as exc:
        raise InputError(f"spot file: no {exc.args[0]!r}") from None
    donks = {s: spec[f"{s}_donk"] for s in ("turn", "river") if spec.get(f"{s}_donk") is not None}
    args.update(
        bet_sizes={s: _per_player(spec.get(f"{s}_bet", "")) for s in STREETS},
        raise_sizes={s: _per_player(spec.get(f"{s}_raise", "")) for s in STREETS},
        donk_sizes=donks or None,
        allin=False,
        raise_cap=NO_RAISE_CAP,
        add_allin=float(spec.get("add_allin_threshold", 0.0)),
        force_allin=float(spec.get("force_allin_threshold", 0.0)),
        merge=float(spec.get("merging_threshold", 0.0)),
        rake=float(spec.get("rake_rate", 0.0)),
        rake_cap=float(spec.get("rake_cap", 0.0)) if spec.get("rake_rate") else None,
    )
    return args


# --------------------------------------------------------------------------- where the peer and its spots are


def peer_path(config: BenchConfig | None = None) -> str:
    """The peer's binary: the configuration's ``postflop_solver``, else ``$POSTFLOP_SOLVER_BENCH`` ("" if neither)."""
    return (config.postflop_solver if config is not None else "") or os.environ.get(PEER_ENV, "")


def spots_folder(config: BenchConfig | None = None) -> Path:
    """The peer's spots: the configuration's ``postflop_spots``, ``$POSTFLOP_SOLVER_SPOTS``, else the folder
    ``shared/peers/postflop-solver/spots`` beside this checkout."""
    given = (config.postflop_spots if config is not None else "") or os.environ.get(SPOTS_ENV, "")
    if given:
        return Path(given)
    return Path(__file__).resolve().parents[3] / "shared" / "peers" / "postflop-solver" / "spots"


def peer_problem(path: str) -> str:
    """Why the peer binary at ``path`` cannot run ("" when it can).

    >>> peer_problem("/nowhere/bench")
    '/nowhere/bench is not an executable file'
    """
    if not path:
        return f"set {PEER_ENV} or --postflop-solver to the binary build.sh prints"
    if not os.access(path, os.X_OK) or not Path(path).is_file():
        return f"{path} is not an executable file"
    return ""


def peer_status(config: BenchConfig | None = None) -> str:
    """The peer as the report lists it: the upstream commit it is built from (the ``SOURCE`` file beside its
    spots folder), or why it is missing.

    >>> peer_status(BenchConfig.named("tiny")).startswith(("not installed", "commit", "installed"))
    True
    """
    problem = peer_problem(peer_path(config))
    if problem:
        return f"not installed ({problem})"
    try:
        source = (spots_folder(config).parent / "SOURCE").read_text()
    except OSError:
        return "installed"
    commit = re.search(r"^commit: *([0-9a-f]{7})", source, re.M)
    return f"commit {commit.group(1)}" if commit else "installed"


def spot_file(case: Case, config: BenchConfig) -> Path:
    """The case's spot file; ``NotImplementedError`` (the row says why) when it is not there."""
    path = spots_folder(config) / f"{case.players[0]}.json"
    if not path.is_file():
        raise NotImplementedError(f"no spot file {path} (set {SPOTS_ENV} or --postflop-spots)")
    return path


# --------------------------------------------------------------------------- the contenders


def _run_json(argv: list[str]) -> dict[str, Any]:
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"exit status {done.returncode}: {done.stderr.strip()[-300:]}")
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def details(found: dict[str, Any]) -> str:
    """A run's figures besides its time, for the report's cell.

    >>> details({"iterations": 40, "peak_rss_bytes": 2**30, "oop_ev": 68.9967})
    '40 it, 1,024 MiB, OOP EV 68.997'
    """
    return f"{found['iterations']} it, {found['peak_rss_bytes'] / 2**20:,.0f} MiB, OOP EV {found['oop_ev']:.3f}"


def _contender(call: str, argv: list[str], parse: Any = None) -> Contender:
    """A new process per run; its JSON (read by ``parse``) is the result, its ``seconds`` the run's time."""
    last: dict[str, Any] = {}

    def run() -> None:
        found = _run_json(argv)
        last["v"] = parse(found) if parse else found

    return Contender(
        call, run, lambda: last["v"], seconds=lambda: last["v"]["seconds"], details=lambda: details(last["v"])
    )


def pokerlab_solver(threads: int) -> Builder:
    """pokerlab's solve of the case's spot on ``threads`` threads, in a new process (:func:`solve_in_process`)."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        path = spot_file(case, config)
        code = f"from {__name__} import main; main()"
        argv = [sys.executable, "-c", code, str(path), str(threads), f"{target_of(case):g}"]
        return _contender(f"new process: Spot.parse + CfrSolver(float32, threads={threads}).solve", argv)

    return build


def peer_solver(threads: int) -> Builder:
    """postflop-solver's ``bench`` on the case's spot file with ``threads`` and the target overridden."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        peer = peer_path(config)
        if problem := peer_problem(peer):
            raise ImportError(problem)
        path = spot_file(case, config)
        argv = [peer, str(path), f"threads={threads}", f"target_exploitability_pct={target_of(case):g}"]
        return _contender(f"new process: bench {path.name} threads={threads}", argv, peer_figures)

    return build


# --------------------------------------------------------------------------- the check

_AMOUNT = re.compile(r"(\d+(?:\.\d+)?)")


def _root_amounts(actions: list[str]) -> list[int]:
    """Each root action's amount in whole chips (0 for a check): pokerlab's ``bet 93.6`` and the peer's ``Bet(94)``
    alike.

    >>> _root_amounts(["check", "bet 93.6", "allin 910"]), _root_amounts(["Check", "Bet(94)", "AllIn(910)"])
    ([0, 94, 910], [0, 94, 910])
    """
    return [round(float(m.group(1))) if (m := _AMOUNT.search(a)) else 0 for a in actions]


def check_solver(case: Case, result: dict[str, Any], reference: dict[str, Any] | None) -> tuple[bool, str]:
    """A run within its target, its EVs adding up to the pot; the peer also on pokerlab's root actions (in whole
    chips) and within the two runs' exploitabilities of pokerlab's OOP EV.

    >>> run = {"exploitability_pct": 0.2, "oop_ev": 13.3, "ip_ev": 6.7, "pot": 20, "root_amounts": [0, 10]}
    >>> check_solver(SOLVER_CASES[0], run, None)
    (True, 'exploitability 0.200 % (target 0.5 %), OOP EV 13.300')
    >>> check_solver(SOLVER_CASES[0], {**run, "oop_ev": 12.0, "ip_ev": 8.0}, run)[0]
    False
    """
    target = target_of(case)
    pct, oop_ev = result["exploitability_pct"], result["oop_ev"]
    pot = result["pot"]
    if pct > target or abs(result["oop_ev"] + result["ip_ev"] - pot) > 1e-3 * pot:
        return False, f"exploitability {pct:.3f} % (target {target:g} %), EVs {oop_ev:.3f} + {result['ip_ev']:.3f}"
    what = f"exploitability {pct:.3f} % (target {target:g} %), OOP EV {oop_ev:.3f}"
    if reference is None:
        return True, what
    if result["root_amounts"] != reference["root_amounts"]:
        return False, f"root actions {result['root_amounts']}, pokerlab's {reference['root_amounts']}: another tree"
    # Each player's EV is within the opponent's best-response gain (at most twice the mean gain) of the value.
    allowed = 2 * (pct + reference["exploitability_pct"]) / 100 * pot
    off = abs(oop_ev - reference["oop_ev"])
    ok = off <= allowed
    return ok, f"{what}, {off:.3f} from pokerlab's (at most {allowed:.3f})" + ("" if ok else ": WRONG")


# --------------------------------------------------------------------------- pokerlab's run, in its own process


def peak_rss_bytes() -> int:
    """This process's peak resident memory: ``VmHWM`` (as the peer measures it), else ``ru_maxrss``.

    ``ru_maxrss`` is not enough on Linux: it keeps the parent's peak from before the ``exec`` that started this
    process, so a child of a big process would report the parent's memory.

    >>> peak_rss_bytes() > 0
    True
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


#: The spots that load the kernels before a timed solve: a river (no card dealt: one thread's compiled run, whatever
#: the threads) and a turn (a card dealt, which more than one thread share).
WARM_SPOTS: tuple[dict[str, Any], ...] = tuple(
    {"board": board, "oop_range": "AsAh,QsQh", "ip_range": "KsKh", "pot": 20, "stack": 10, "bet_sizes": ()}
    for board in ("2s3h4d6c7c", "2s3h4d6c")
)


def solve_in_process(path: Path, threads: int, target: float, compressed: bool = False) -> dict[str, Any]:
    """One pokerlab solve of a spot file (run in a new process): seconds, iterations, memory, EVs, root actions.

    The kernels are loaded (and compiled, the first time) by small solves (:data:`WARM_SPOTS`), their
    exploitability and an expected value before the timing starts; ``peak_rss_growth_bytes`` is what the process's
    peak resident memory grew by from there (the interpreter, numpy and the loaded kernels come before),
    ``peak_rss_bytes`` the whole peak. ``compressed``: 16-bit storage.
    """
    import numpy as np

    # The solver (numpy, numba) loads in the timed child process only: the bench's parent never imports it.
    from ..solver.cfr import CfrSolver
    from ..solver.spot import Spot  # in the child only, as CfrSolver above

    for small in WARM_SPOTS:
        warm = CfrSolver(Spot.parse(**small).game(), dtype=np.float32, threads=threads, compressed=compressed)
        warm.solve(10)
        warm.exploitability()  # a compiled call of its own on one thread, as is an expected value
        warm.expected_value(0)
    spec = json.loads(path.read_text())
    before = peak_rss_bytes()
    start = time.perf_counter()
    spot = Spot.parse(**spot_arguments(spec))
    solver = CfrSolver(spot.game(), dtype=np.float32, threads=threads, compressed=compressed)
    build = time.perf_counter() - start
    pot = spot.betting.pot
    start, cpu = time.perf_counter(), time.process_time()
    solver.solve(MAX_ITERATIONS, target / 100 * pot)
    exploitability = solver.exploitability()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    tree = solver.game.tree
    root = [tree.labels[c] for c in tree.children(0)]
    peak = peak_rss_bytes()
    return {
        "seconds": seconds,
        "cpu_seconds": cpu,
        "build_seconds": build,
        "iterations": solver.iterations,
        "exploitability_pct": 100 * exploitability / pot,
        "oop_ev": solver.expected_value(0) + pot / 2,
        "ip_ev": solver.expected_value(1) + pot / 2,
        "pot": pot,
        "root_amounts": _root_amounts(root),
        "peak_rss_bytes": peak,
        "peak_rss_growth_bytes": max(peak - before, 0),  # the kernel's counts of the threads' pages lag a little
        "memory_bytes": spot.estimate_memory(np.float32, threads, compressed),
    }


def peer_figures(found: dict[str, Any]) -> dict[str, Any]:
    """The peer's JSON as :func:`solve_in_process`'s figures (``root_amounts`` from its root actions).

    >>> peer_figures({"solve_seconds": 1.0, "build_seconds": 0.1, "iterations": 40, "exploitability_pct": 0.27,
    ...     "oop_ev": 69.0, "ip_ev": 31.0, "peak_rss_bytes": 1, "memory_bytes": 2, "starting_pot": 100,
    ...     "root_actions": [{"action": "Check"}, {"action": "AllIn(100)"}]})["root_amounts"]
    [0, 100]
    """
    return {
        "seconds": found["solve_seconds"],
        "cpu_seconds": found.get("solve_cpu_seconds"),
        "build_seconds": found["build_seconds"],
        "iterations": found["iterations"],
        "exploitability_pct": found["exploitability_pct"],
        "oop_ev": found["oop_ev"],
        "ip_ev": found["ip_ev"],
        "pot": found["starting_pot"],
        "root_amounts": _root_amounts([a["action"] for a in found["root_actions"]]),
        "peak_rss_bytes": found["peak_rss_bytes"],
        "memory_bytes": found["memory_bytes"],
    }


def main() -> None:
    """The child process's entry: ``SPOT_FILE THREADS TARGET [compressed]`` in ``sys.argv``, :func:`solve_in_process`'s
    JSON out."""
    spot_path, thread_count, target_pct = sys.argv[1:4]
    compressed = sys.argv[4:5] == ["compressed"]
    print(json.dumps(solve_in_process(Path(spot_path), int(thread_count), float(target_pct), compressed)))
