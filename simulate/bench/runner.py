"""Running the benchmark: start-up costs, then per case build, warm up, check, and time in alternating rounds.

Per case every contender is built (its input converted to the library's own
form, untimed), called once untimed (the warm-up, whose time is kept as a
start-up figure), and checked (:mod:`pokerlab.simulate.bench.checks`); a contender with
a wrong answer is refused and never timed. Then come the rounds: each round
runs every contender once, the order rotated from one round to the next and
reversed every other round, so a drifting load on the machine hits all of
them alike; each peer's ratio to pokerlab is taken within each round.

>>> from pokerlab.simulate.bench import run_bench
>>> report = run_bench(config="tiny", only=["enum-5"])  # doctest: +SKIP
>>> report.case("enum-5").entry("pokerlab").status  # doctest: +SKIP
'ok'
"""

from __future__ import annotations

import gc
import importlib
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ...errors import InputError
from .cases import HANDS_IN_DECK, BenchConfig, Case, Hands, deal, select_cases
from .checks import check
from .contenders import PEERS, Contender, Spec, specs_for
from .games import GAMES
from .machine import load_average, machine_info, version
from .report import FAILED, MISSING, NOT_APPLICABLE, WRONG, BenchReport, CaseResult, Entry, StartupItem
from .solver_cases import PEER as SOLVER_PEER, peer_status

Progress = Callable[[float, str], None]  # (fraction of the run done, what is running)

ROYAL = ["As", "Ks", "Qs", "Js", "Ts", "2c", "3d"]


def timed(fn: Callable[[], object]) -> float:
    """Seconds of one call, garbage collector off (as timeit does; the runner collects before the rounds)."""
    gc.disable()
    try:
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0
    finally:
        gc.enable()


def round_orders(n: int, rounds: int) -> list[list[int]]:
    """The order contenders run in each round: rotated by one per round, reversed every other round.

    >>> round_orders(3, 4)
    [[0, 1, 2], [0, 2, 1], [2, 0, 1], [2, 1, 0]]
    """
    orders = []
    for r in range(rounds):
        order = list(range(n))[r % n :] + list(range(n))[: r % n] if n else []
        orders.append(order[::-1] if r % 2 else order)
    return orders


def cpu_rounds(
    calls: dict[str, Callable[[], object]], rounds: int, repeat: int = 1, warm: int = 1
) -> dict[str, list[float]]:
    """CPU seconds per call of each entry: ``warm`` calls of each first (kernels loaded, caches filled), then
    ``rounds`` rounds that call every entry ``repeat`` times in the order :func:`round_orders` gives, so that the
    entry after another's large tables, which finds its own out of cache, is not the same one every round.

    >>> seconds = cpu_rounds({"a": lambda: None, "b": lambda: None}, rounds=3)
    >>> sorted(seconds), [len(s) for s in seconds.values()]
    (['a', 'b'], [3, 3])
    """
    for call in calls.values():
        for _ in range(warm):
            call()
    names = list(calls)
    seconds: dict[str, list[float]] = {name: [] for name in names}
    for order in round_orders(len(names), rounds):
        for name in (names[i] for i in order):
            call = calls[name]
            start = time.process_time()
            for _ in range(repeat):
                call()
            seconds[name].append((time.process_time() - start) / repeat)
    return seconds


def plan_rounds(warmups: Sequence[float], config: BenchConfig) -> int:
    """Rounds for a case: ``repeat``, fewer if a round (estimated from the warm-ups) would blow the budget."""
    if config.case_budget <= 0:
        return config.repeat
    per_round = max(sum(warmups), 1e-9)
    return max(config.min_rounds, min(config.repeat, int(config.case_budget / per_round)))


def _spot(case: Case, config: BenchConfig) -> str:
    if case.kind in ("batch", "rules-batch", "omaha-batch", "sd-batch"):
        return f"{config.batch_hands:,} hands"
    if case.kind in ("call", "omaha-call", "sd-call"):
        return f"{config.call_hands:,} hands"
    if case.kind in ("omaha-mc", "stud-mc", "sd-mc"):
        return f"{case.spot}, {config.pokerkit_hands:,} samples (pokerkit)"
    if case.kind == "enum":
        return f"{HANDS_IN_DECK[case.n_cards]:,} hands"
    if case.kind == "mc-stderr":
        return f"{case.spot}, to stderr {config.mc_stderr:g}"
    if case.kind == "mc-trials":
        return f"{case.spot}, {config.hu_trials:,} trials"
    if case.kind == "phh-replay":
        return f"{config.phh_hands:,} hands in .phhs files"
    if case.kind == "phh-folder":
        return f"{config.phh_hands:,} one-hand .phh files"
    if case.kind == "many":
        return f"{config.many_queries:,} random " + ("deals" if case.id == "many-preflop" else "hands and flops")
    if case.kind == "game":
        return f"{GAMES[case.id].table}, {config.game_hands:,} hands (pokerkit {config.game_peer_hands:,})"
    if case.kind == "process":
        return f"{'eval' if case.id == 'start-eval' else 'equity'} {case.spot}"
    return case.spot


#: Entries compared with pokerlab's entry of the same threads, by the end of their key (the longest first).
THREAD_SUFFIXES = ("-2-threads", "-threads")


def _reference_key(key: str, timed_keys: set[str]) -> str | None:
    """Whose time an entry's ratio divides by: pokerlab with the same threads for the other threaded entries.

    >>> _reference_key("postflop-solver-2-threads", {"pokerlab", "pokerlab-2-threads"})
    'pokerlab-2-threads'
    """
    if key == "pokerlab":
        return None
    suffix = next((s for s in THREAD_SUFFIXES if key.endswith(s)), None)
    if suffix and key != f"pokerlab{suffix}" and f"pokerlab{suffix}" in timed_keys:
        return f"pokerlab{suffix}"
    return "pokerlab" if "pokerlab" in timed_keys else None


Live = tuple[Spec, Contender, Entry]  # a contender that was built, with its spec and its report entry

# Kinds whose contenders are checked against the dealt hands' values, not against pokerlab's result.
_CHECKED_AGAINST_HANDS = ("batch", "call", "omaha-batch", "omaha-call")


def _failure(exc: Exception) -> str:
    """The note of a contender that raised."""
    return f"{type(exc).__name__}: {exc}"


@dataclass
class _Steps:
    """A case's progress in steps (a warm-up or a timed run each), reported as a fraction of ``total``."""

    total: int
    progress: Callable[[float], None] | None
    done: int = 0

    def step(self) -> None:
        self.done += 1
        if self.progress:
            self.progress(min(self.done / max(self.total, 1), 1.0))


def _build(spec: Spec, case: Case, hands: Hands | None, config: BenchConfig, entry: Entry) -> Contender | None:
    """The spec's contender, or None with the entry saying why not (missing, not applicable, failed)."""
    try:
        return spec.build(case, hands, config)
    except ImportError as exc:
        entry.status, entry.note = MISSING, str(exc)
    except NotImplementedError as exc:
        entry.status, entry.note = NOT_APPLICABLE, str(exc)
    except Exception as exc:  # a peer whose API changed: listed, never fatal
        entry.status, entry.note = FAILED, _failure(exc)
    return None


def _build_all(
    specs: Sequence[Spec], case: Case, hands: Hands | None, config: BenchConfig, result: CaseResult
) -> list[Live]:
    """An entry in ``result`` for every spec, in order; the contenders that could be built."""
    live: list[Live] = []
    for spec in specs:
        entry = Entry(spec.key, spec.library, spec.variant, "")
        result.entries.append(entry)
        contender = _build(spec, case, hands, config, entry)
        if contender is not None:
            entry.call = contender.call
            live.append((spec, contender, entry))
    return live


def _warm_up(contender: Contender, entry: Entry, step: Callable[[], None]) -> tuple[bool, Any]:
    """One untimed run (its time kept as the warm-up) and its result; False when it raised."""
    try:
        entry.warmup_seconds = timed(contender.run)
        if contender.details:
            entry.details = contender.details()
        return True, contender.result()
    except Exception as exc:
        entry.status, entry.note = FAILED, _failure(exc)
        return False, None
    finally:
        step()


def _passes_check(case: Case, hands: Hands | None, spec: Spec, entry: Entry, found: Any, reference: Any) -> bool:
    """Whether a warmed-up contender's answer is right; the entry says why when it is not."""
    if not spec.is_reference and reference is None and case.kind not in _CHECKED_AGAINST_HANDS:
        entry.status, entry.note = FAILED, "no pokerlab result to check against"
        return False
    ok, entry.note = check(case, hands, found, None if spec.is_reference else reference)
    if not ok:
        entry.status = WRONG
    return ok


def _warm_up_and_check(case: Case, hands: Hands | None, live: list[Live], step: Callable[[], None]) -> list[Live]:
    """Warm up and check every contender, pokerlab (the reference) first; those that passed."""
    reference = None
    checked: list[Live] = []
    for spec, contender, entry in live:
        ran, found = _warm_up(contender, entry, step)
        if not ran:
            continue
        ok = _passes_check(case, hands, spec, entry, found, reference)
        if spec.is_reference:
            reference = found
        if ok:
            checked.append((spec, contender, entry))
    return checked


def _time_round(checked: list[Live], order: list[int], step: Callable[[], None]) -> dict[str, float]:
    """One timed run of each contender, in ``order``: seconds per unit of work, by key."""
    times: dict[str, float] = {}
    for i in order:
        spec, contender, entry = checked[i]
        if entry.status == FAILED:  # failed in an earlier round: the order keeps its place, it is not run
            step()
            continue
        try:
            seconds = timed(contender.run)
            if contender.seconds:  # a new process that times its own work: its figure, not its start-up's
                seconds = contender.seconds()
        except Exception as exc:  # a failure mid-run: drop the contender from later rounds
            entry.status, entry.note = FAILED, _failure(exc)
            continue
        finally:
            step()
        entry.seconds.append(seconds)
        entry.work.append(contender.work)
        if contender.trials:
            entry.trials.append(int(contender.trials()))
        times[spec.key] = seconds / contender.work
    return times


def _add_ratios(checked: list[Live], times: dict[str, float]) -> None:
    """Each entry's ratio to its reference in one round (``times``: seconds per unit of work, by key)."""
    for _, _, entry in checked:
        ref = _reference_key(entry.key, set(times))
        if ref and entry.key in times:
            entry.ratios.append(times[entry.key] / times[ref])


def _time_rounds(checked: list[Live], rounds: int, step: Callable[[], None]) -> None:
    """The timed rounds, each entry's ratio to its reference taken within each round."""
    for order in round_orders(len(checked), rounds):
        _add_ratios(checked, _time_round(checked, order, step))


def _warm_up_as_round(checked: list[Live]) -> bool:
    """When every contender is a new process that times its own work, a warm-up warms nothing the next run keeps:
    the warm-ups are kept as the first timed round (True), which spares a whole round of long solves."""
    own = [contender.seconds for _, contender, _ in checked]
    if not checked or None in own:
        return False
    times: dict[str, float] = {}
    for (spec, contender, entry), measured in zip(checked, own):
        seconds = measured() if measured is not None else 0.0  # never 0: every one is measured (above)
        entry.seconds.append(seconds)
        entry.work.append(contender.work)
        times[spec.key] = seconds / contender.work
    _add_ratios(checked, times)
    return True


def run_case(
    case: Case,
    config: BenchConfig,
    specs: Sequence[Spec] | None = None,
    rounds: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> CaseResult:
    """Build, warm up, check and time every contender of one case (``specs``: default all of the case's).

    >>> from pokerlab.simulate.bench.cases import BenchConfig, select_cases
    >>> r = run_case(select_cases(["enum-5"])[0], BenchConfig.named("tiny"))
    >>> r.entry("pokerlab").status, len(r.entry("pokerlab").seconds)
    ('ok', 2)
    """
    hands = deal(case, config)
    specs = list(specs_for(case, config) if specs is None else specs)
    result = CaseResult(case.id, case.section, case.title, _spot(case, config), case.unit, case.show, 0, note=case.note)
    live = _build_all(specs, case, hands, config, result)
    steps = _Steps(len(live) * (1 + (rounds or config.repeat)), progress)
    checked = _warm_up_and_check(case, hands, live, steps.step)
    n_rounds = rounds or plan_rounds([e.warmup_seconds for _, _, e in checked if e.warmup_seconds is not None], config)
    first = _warm_up_as_round(checked)
    result.rounds = n_rounds
    n_rounds -= first
    steps.total = len(live) + len(checked) * n_rounds
    gc.collect()  # once, outside the timing; gc stays off while a contender runs
    _time_rounds(checked, n_rounds, steps.step)
    load = load_average()
    result.load = load[0] if load else None
    return result


# --------------------------------------------------------------------------- start-up


def _startup_step(library: str, what: str, modules: Sequence[str], fn: Callable[[], object]) -> StartupItem:
    already = [m for m in modules if m in sys.modules]
    try:
        with warnings.catch_warnings():  # a peer's deprecation noise on import (eval7 and pyparsing) is not ours
            warnings.simplefilter("ignore")
            seconds = timed(fn)
    except ImportError as exc:
        return StartupItem(library, what, None, f"{MISSING} ({exc})")
    except Exception as exc:
        return StartupItem(library, what, None, f"failed: {type(exc).__name__}: {exc}")
    note = f"{', '.join(already)} already imported in this process" if already else ""
    return StartupItem(library, what, seconds, note)


def _pokerlab_startup() -> list[StartupItem]:
    def first_eval() -> None:
        from ... import evaluator  # the import is part of what this step times

        evaluator.evaluate(" ".join(ROYAL))

    def first_batch() -> None:
        from ... import evaluator  # the import is part of what this step times

        evaluator.evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]], dtype=np.uint8))

    def first_equity() -> None:
        from ..equity.engine import equity  # the import is part of what this step times

        equity(["AhKh", "QsQd"], board="Qh7h2c", method="exact", threads=1)
        equity(["AhKh", "QsQd"], board="Qh7h2c", method="mc", trials=1000, seed=1, threads=1)

    return [
        _startup_step("pokerlab", "import pokerlab.evaluator + evaluate(7 cards)", ["pokerlab.evaluator"], first_eval),
        _startup_step("pokerlab", "first evaluate_batch (numba import, kernel load)", ["numba"], first_batch),
        _startup_step(
            "pokerlab", "first equity, exact and Monte Carlo", ["pokerlab.simulate.equity.engine"], first_equity
        ),
    ]


def _peer_first_call(peer: str) -> Callable[[], object]:
    def call() -> object:
        module = importlib.import_module(PEERS[peer])
        if peer == "pokerfast":
            from pokerfast import equity

            return equity.evaluate([tuple(ROYAL)]) if equity.available() else module.eval7(tuple(ROYAL))
        if peer in ("pkrbot", "eval7"):
            return module.evaluate([module.Card(c) for c in ROYAL])
        if peer == "phevaluator":
            return module.evaluate_cards(*ROYAL)
        if peer == "treys":
            return module.Evaluator().evaluate(
                [module.Card.new(c) for c in ROYAL[:2]], [module.Card.new(c) for c in ROYAL[2:]]
            )
        return module.StandardHighHand.from_game("".join(ROYAL[:2]), "".join(ROYAL[2:]))  # pokerkit

    return call


def measure_startup(peers: Sequence[str] = tuple(PEERS)) -> tuple[list[StartupItem], dict[str, str]]:
    """Start-up cost of pokerlab and each peer (import + first call), and each peer's version or absence.

    >>> items, versions = measure_startup(peers=["treys"])
    >>> [item.library for item in items][-1], list(versions)
    ('treys', ['treys'])
    """
    items = _pokerlab_startup()
    status: dict[str, str] = {}
    for peer in peers:
        item = _startup_step(peer, "import + evaluate(7 cards)", [PEERS[peer]], _peer_first_call(peer))
        items.append(item)
        if item.seconds is None and item.note.startswith(MISSING):
            status[peer] = item.note
        else:
            status[peer] = version(peer) or "installed"
    return items, status


# --------------------------------------------------------------------------- the whole run


def run_bench(
    quick: bool = False,
    only: Sequence[str] | None = None,
    repeat: int | None = None,
    progress: Progress | None = None,
    config: BenchConfig | str | None = None,
    postflop_solver: str = "",
    postflop_spots: str = "",
) -> BenchReport:
    """Run the benchmark and return its report (nothing is printed).

    ``quick`` picks the configuration that takes under a minute on two cores (default: several minutes);
    ``config`` names or gives another (``"tiny"`` for tests). ``only`` keeps
    sections (:data:`~pokerlab.simulate.bench.cases.SECTIONS`) or case ids;
    ``repeat`` fixes the rounds per case; ``progress(fraction, label)`` is
    called as the run goes. ``postflop_solver`` and ``postflop_spots`` are the solver cases' peer binary and its
    spots folder (:mod:`~pokerlab.simulate.bench.solver_cases`; "": their environment variables).

    >>> report = run_bench(config="tiny", only=["enum-5"])  # every 5-card hand, a few rounds
    >>> case = report.case("enum-5")
    >>> [(e.key, e.status) for e in case.entries if e.library == "pokerlab"], report.config["name"]
    ([('pokerlab', 'ok'), ('pokerlab-threads', 'ok')], 'tiny')
    >>> report.plot("bench.png")  # doctest: +SKIP
    'bench.png'
    """
    if isinstance(config, str):
        config = BenchConfig.named(config)
    config = config or BenchConfig.named("quick" if quick else "full")
    if repeat is not None:
        if repeat < 1:
            raise InputError(f"repeat must be at least 1, got {repeat}")
        config = BenchConfig(**{**config.to_dict(), "repeat": repeat, "min_rounds": repeat})
    if postflop_solver or postflop_spots:
        config = replace(config, postflop_solver=postflop_solver, postflop_spots=postflop_spots)
    cases = select_cases(only)
    started = time.perf_counter()
    date = time.strftime("%Y-%m-%d %H:%M:%S %z")

    def report_progress(fraction: float, label: str) -> None:
        if progress:
            progress(fraction, label)

    report_progress(0.0, "start-up")
    startup, peers = measure_startup()
    if any(case.kind == "solver" for case in cases):
        peers[SOLVER_PEER] = peer_status(config)
    report = BenchReport(machine=machine_info(), config=config.to_dict(), date=date, peers=peers, startup=startup)
    share = 0.95 / max(len(cases), 1)
    for i, case in enumerate(cases):
        base = 0.05 + i * share
        report_progress(base, case.id)

        def case_progress(fraction: float, base: float = base, case_id: str = case.id) -> None:
            report_progress(base + fraction * share, case_id)

        report.cases.append(run_case(case, config, rounds=repeat, progress=case_progress))
    report_progress(1.0, "done")
    report.wall_seconds = round(time.perf_counter() - started, 2)
    return report
