"""pokerlab against its peers, side by side in one run.

    python benchmarks/compare.py [--quick] [--json] [--repeat N] [--only equity,fresh,...]

Targets (from the project's issue):

1. ``evaluate_batch`` on random 7-card hands: single thread and parallel, against
   pokerfast's native batch kernel (OMPEval) and its public batch call;
2. enumerating all 133,784,560 seven-card hands into a histogram;
3. ``evaluate`` per call from a Python loop, against every installed peer;
4. fresh-process cost: import + first evaluation, import + first batch, and the
   cold numba compile with an empty ``NUMBA_CACHE_DIR``;
5. equity (``simulate.equity.equity``): exact preflop heads-up cases, 1 and 2
   threads, against pokerfast's OMPEval ``equity.equity``; Monte Carlo to a
   standard error against pokerfast, and heads-up trials/s against eval7;
   ``pokerlab equity AsAh KsKh`` as a fresh process.

Each row of the table is a pair, pokerlab and one peer, and every repeat runs
each pair once, its two members back to back (interleaved: pairs in an order
rotated from one repeat to the next, members in alternating order), so a noisy
neighbour on a shared machine hits both alike. Figures are the median and the
best of the repeats. A ratio is pokerlab's speed over the peer's (> 1: pokerlab
is faster), taken from the two back-to-back runs of each repeat, then the
median. Every function is warmed up first; the hands are built once and
converted to each library's card form before timing.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import contenders as C  # noqa: E402

ROOT = C.ROOT

FULL = {
    "batch_hands": 4_000_000,
    "public_hands": 100_000,
    "call_hands": 200_000,
    "slow_hands": 20_000,
    "pokerkit_hands": 2_000,
    "hu_mc_trials": 4_000_000,
    "repeat": 9,
}
QUICK = {
    "batch_hands": 2_000_000,
    "public_hands": 50_000,
    "call_hands": 50_000,
    "slow_hands": 5_000,
    "pokerkit_hands": 500,
    "hu_mc_trials": 2_000_000,
    "repeat": 3,
}
TARGETS = {"batch": 1, "enumerate": 2, "per-call": 3, "fresh": 4, "equity": 5}


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- timing


def timed(fn: Callable[[], object]) -> float:
    """Seconds of one call, garbage collector off (as timeit does)."""
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0
    finally:
        gc.enable()


Pair = tuple[str, str | None]


def paired(fns: dict[str, Callable[[], object]], pairs: list[Pair], repeat: int) -> dict[Pair, tuple[list, list]]:
    """Seconds per run of each pair's two functions, run back to back.

    Each of the ``repeat`` rounds runs every pair once, the pairs in an order
    rotated by one from the round before and the two members of a pair in
    alternating order, so drifting load on a shared machine hits both members
    of a pair alike. A pair ``(a, None)`` times ``a`` alone.
    """
    out: dict[Pair, tuple[list, list]] = {p: ([], []) for p in pairs}
    for r in range(repeat):
        shift = r % len(pairs)
        for i, (a, b) in enumerate(pairs[shift:] + pairs[:shift]):
            ta, tb = out[(a, b)]
            if b is None:
                ta.append(timed(fns[a]))
            elif (r + i) % 2 == 0:
                ta.append(timed(fns[a]))
                tb.append(timed(fns[b]))
            else:
                tb.append(timed(fns[b]))
                ta.append(timed(fns[a]))
    return out


@dataclass
class Figure:
    """Timings of one contender: seconds per run, each run over ``work`` hands (a rate) or a duration."""

    seconds: list[float]
    work: int = 0  # hands per run; 0: the figure is a duration
    works: list[int] | None = None  # work of each run, when it varies from run to run (Monte Carlo to a target)
    unit: str = "hands"

    @property
    def is_rate(self) -> bool:
        return self.work > 0 or self.works is not None

    def rates(self) -> list[float]:
        works = self.works if self.works is not None else [self.work] * len(self.seconds)
        return [w / t for w, t in zip(works, self.seconds)]

    @property
    def median(self) -> float:
        if self.works is not None:
            return statistics.median(self.rates())
        t = statistics.median(self.seconds)
        return self.work / t if self.is_rate else t

    @property
    def best(self) -> float:
        if self.works is not None:
            return max(self.rates())
        t = min(self.seconds)
        return self.work / t if self.is_rate else t

    def per_unit(self) -> list[float]:
        """Seconds per hand (rate) or per run (time), per repeat: lower is faster."""
        return [1 / r for r in self.rates()] if self.is_rate else list(self.seconds)

    def text(self) -> str:
        if self.is_rate:
            return f"{si(self.median)}/s (best {si(self.best, unit=False)})"
        return f"{secs(self.median)} (best {secs(self.best, unit=False)})"

    def as_json(self) -> dict:
        return {
            "unit": f"{self.unit}/s" if self.is_rate else "s",
            "median": self.median,
            "best": self.best,
            f"{self.unit}_per_run": self.works if self.works is not None else self.work or None,
            "seconds": self.seconds,
        }


def si(x: float, unit: bool = True) -> str:
    for scale, prefix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if x >= scale:
            return f"{x / scale:.3g}{' ' + prefix if unit else ''}".rstrip()
    return f"{x:.3g}"


def secs(x: float, unit: bool = True) -> str:
    return f"{x:.3g}{' s' if unit else ''}" if x < 100 else f"{x:.0f}{' s' if unit else ''}"


@dataclass
class Row:
    target: str
    lab: Figure | None
    peer: str
    peer_fig: Figure | None = None
    ratio: float | None = None  # pokerlab speed / peer speed, median over the pair's back-to-back runs
    goal: str = ""
    met: str = ""

    def cells(self) -> list[str]:
        return [
            self.target,
            self.lab.text() if self.lab else "—",
            self.peer,
            self.peer_fig.text() if self.peer_fig else "—",
            ratio_text(self.ratio),
            self.goal or "—",
            self.met or "—",
        ]

    def as_json(self) -> dict:
        return {
            "target": self.target,
            "pokerlab": self.lab.as_json() if self.lab else None,
            "peer": self.peer,
            "peer_figure": self.peer_fig.as_json() if self.peer_fig else None,
            "ratio": self.ratio,
            "goal": self.goal or None,
            "met": self.met or None,
        }


def ratio_text(ratio: float | None) -> str:
    if ratio is None:
        return "—"
    return f"{ratio:,.0f}x" if ratio >= 100 else f"{ratio:.3g}x"


def paired_ratio(lab: Figure, peer: Figure) -> float:
    """Median over back-to-back runs of peer time per unit / pokerlab time per unit (> 1: pokerlab faster)."""
    return statistics.median(p / q for p, q in zip(peer.per_unit(), lab.per_unit()))


def verdict(median_ok: bool, best_ok: bool) -> str:
    if median_ok:
        return "yes"
    return "no (best: yes)" if best_ok else "no"


def ratio_goal(row: Row, lab: Figure, peer: Figure, minimum: float) -> None:
    row.goal = f"ratio ≥ {minimum:g}"
    best_ratio = min(peer.per_unit()) / min(lab.per_unit())
    row.met = verdict(row.ratio is not None and row.ratio >= minimum, best_ratio >= minimum)


def time_goal(row: Row, lab: Figure, limit: float) -> None:
    row.goal = f"≤ {limit:g} s"
    row.met = verdict(lab.median <= limit, lab.best <= limit)


# --------------------------------------------------------------------------- targets


def bench_batch(cfg: dict, repeat: int, notes: list[str]) -> tuple[list[Row], Figure | None]:
    n = cfg["batch_hands"]
    log(f"[1] evaluate_batch: dealing {n:,} random 7-card hands ...")
    hands = C.random_hands(n)
    single, parallel = C.pokerlab_batches(hands)
    batches = {"single": single, "parallel": parallel}
    for key, build, arg in (
        ("pf_native", C.pokerfast_native_batch, hands),
        ("pf_public", C.pokerfast_public_batch, hands[: cfg["public_hands"]]),
    ):
        try:
            batches[key] = build(arg)
        except Exception as exc:
            notes.append(f"skipped [1]: pokerfast ({key}): {type(exc).__name__}: {exc}")
    for b in batches.values():  # warm up: one untimed full run each
        b.run()

    ok = np.array_equal(single.values(), parallel.values())
    notes.append(f"sanity [1]: pokerlab single == parallel on {n:,} hands: {'ok' if ok else 'MISMATCH'}")
    if "pf_native" in batches:
        ok = C.order_agrees(single.values(), batches["pf_native"].values())
        notes.append(
            f"sanity [1]: pokerlab and pokerfast native order all {n - 1:,} neighbouring pairs alike: "
            f"{'ok' if ok else 'MISMATCH'}"
        )
        if "pf_public" in batches:
            m = batches["pf_public"].hands
            ok = np.array_equal(batches["pf_public"].values(), batches["pf_native"].values()[:m])
            notes.append(f"sanity [1]: pokerfast public == native values on {m:,} hands: {'ok' if ok else 'MISMATCH'}")

    native = "pf_native" if "pf_native" in batches else None
    pairs: list[Pair] = [("single", native), ("parallel", native)]
    if "pf_public" in batches:
        pairs.append(("single", "pf_public"))
    log(f"[1] timing {len(pairs)} pairs x {repeat} ...")
    times = paired({k: b.run for k, b in batches.items()}, pairs, repeat)

    rows = []
    labels = {"single": "1 evaluate_batch, 1 thread", "parallel": "1 evaluate_batch, parallel"}
    for a, b in pairs:
        lab = Figure(times[(a, b)][0], n)
        if b is None:
            rows.append(Row(labels[a], lab, "— (pokerfast or its native library not available)"))
            continue
        peer = Figure(times[(a, b)][1], batches[b].hands)
        name = f"pokerfast {batches[b].call}" + (f" ({batches[b].hands:,} hands)" if b == "pf_public" else "")
        row = Row(labels[a], lab, name, peer, paired_ratio(lab, peer))
        if (a, b) == ("single", "pf_native"):
            ratio_goal(row, lab, peer, 2.5)
        rows.append(row)
    pf_all = [t for a, b in pairs if b == "pf_native" for t in times[(a, b)][1]]
    return rows, Figure(pf_all, n) if pf_all else None


def bench_enumerate(repeat: int, pf_native: Figure | None, notes: list[str]) -> list[Row]:
    import evaluator

    log("[2] enumerate_values(7): warm-up ...")
    hists = {p: evaluator.enumerate_values(7, parallel=p) for p in (False, True)}
    cats = np.arange(hists[False].size) >> 12
    counts = [int(hists[False][cats == c].sum()) for c in range(len(C.SEVEN_CARD_CATEGORY_COUNTS))]
    ok = counts == C.SEVEN_CARD_CATEGORY_COUNTS and np.array_equal(hists[False], hists[True])
    notes.append(
        f"sanity [2]: histogram sums to {int(hists[False].sum()):,}, category counts match the known "
        f"7-card counts, single == parallel: {'ok' if ok else 'MISMATCH'}"
    )
    log(f"[2] timing single, parallel x {repeat} ...")
    fns = {
        "single": lambda: evaluator.enumerate_values(7),
        "parallel": lambda: evaluator.enumerate_values(7, parallel=True),
    }
    single, parallel = paired(fns, [("single", "parallel")], repeat)[("single", "parallel")]
    rows = []
    for seconds, label in ((single, "2 enumerate all 7-card hands, 1 thread"), (parallel, "2 enumerate, parallel")):
        lab = Figure(seconds)
        if pf_native is None:
            row = Row(label, lab, "— (no peer enumerates)")
        else:
            # No peer offers an enumeration: the closest is pokerfast's native batch kernel over an array of all
            # C(52, 7) hands, extrapolated from its rate in target 1 (building that 936 MB array is not counted).
            extrapolated = Figure([t * C.N_ALL_SEVEN / pf_native.work for t in pf_native.seconds])
            peer = "none enumerates; pokerfast native batch rate from 1 x 133,784,560 hands"
            row = Row(label, lab, peer, extrapolated, extrapolated.median / lab.median)
        if seconds is single:
            time_goal(row, lab, 0.25)
        rows.append(row)
    return rows


def bench_per_call(cfg: dict, repeat: int, notes: list[str]) -> list[Row]:
    found, missing = C.per_call_contenders()
    notes.extend(f"skipped [3]: {m}" for m in missing)
    ids = C.random_hands(cfg["call_hands"], seed=7).tolist()
    sizes = {c.name: cfg["slow_hands"] if c.slow else cfg["call_hands"] for c in found}
    if "pokerkit" in sizes:
        sizes["pokerkit"] = cfg["pokerkit_hands"]
    log(f"[3] per call: converting hands for {', '.join(c.name for c in found)} ...")
    native = {c.name: c.convert(ids[: sizes[c.name]]) for c in found}

    lab = next(c for c in found if c.name == "pokerlab")
    reference = lab.values(native["pokerlab"])
    for c in found:
        c.loop(native[c.name][:1000])  # warm-up
        if c is not lab:  # the sanity check: same order as pokerlab on every hand this library evaluates
            ok = C.order_agrees(reference[: sizes[c.name]], c.values(native[c.name]))
            notes.append(
                f"sanity [3]: {c.name} orders its {sizes[c.name]:,} hands like pokerlab: {'ok' if ok else 'MISMATCH'}"
            )
    pairs: list[Pair] = [("pokerlab", c.name) for c in found if c is not lab] or [("pokerlab", None)]
    log(f"[3] timing {len(pairs)} pairs x {repeat} ...")
    times = paired({c.name: (lambda c=c: c.loop(native[c.name])) for c in found}, pairs, repeat)
    rows = []
    for a, b in pairs:
        lab_fig = Figure(times[(a, b)][0], sizes["pokerlab"])
        if b is None:
            rows.append(Row("3 evaluate per call", lab_fig, "— (no peer installed)"))
            continue
        c = next(c for c in found if c.name == b)
        peer = Figure(times[(a, b)][1], sizes[b])
        name = f"{b} {c.call} ({sizes[b]:,} hands)"
        row = Row("3 evaluate per call", lab_fig, name, peer, paired_ratio(lab_fig, peer))
        if b == "pkrbot":
            ratio_goal(row, lab_fig, peer, 1.0)
        rows.append(row)
    notes.append(f"[3] pokerlab: {lab.call} over {sizes['pokerlab']:,} hands")
    return rows


def run_cold(code: str) -> None:
    cache = tempfile.mkdtemp(prefix="pokerlab-numba-cold-")
    try:
        C.run_python(code, {**os.environ, "NUMBA_CACHE_DIR": cache})
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def bench_fresh(repeat: int, notes: list[str]) -> list[Row]:
    commands = {"lab": C.FRESH_POKERLAB, "lab_batch": C.FRESH_POKERLAB_BATCH}
    commands.update((f"{f.name}: {f.what}", f) for f in [*C.FRESH_BASELINES, *C.FRESH_PEERS, C.FRESH_PEER_BATCH])
    fns: dict[str, Callable[[], object]] = {}
    log("[4] fresh processes: warm-up run of each ...")
    for key, f in commands.items():
        if not C.importable(f.module):
            notes.append(f"skipped [4]: {f.name}: not installed")
            continue
        try:
            C.run_python(f.code)  # warm the OS file cache, .pyc files and numba's cache
        except RuntimeError as exc:
            notes.append(f"skipped [4]: {f.name} ({f.what}): {exc}")
            continue
        fns[key] = lambda code=f.code: C.run_python(code)
    fns["cold"] = lambda: run_cold(C.FRESH_COLD.code)

    peer_batch = f"{C.FRESH_PEER_BATCH.name}: {C.FRESH_PEER_BATCH.what}"
    pairs: list[Pair] = [("lab", k) for k in fns if k not in ("lab", "lab_batch", "cold", peer_batch)]
    pairs += [("lab_batch", peer_batch if peer_batch in fns else None), ("cold", None)]
    log(f"[4] timing {len(pairs)} pairs of commands x {repeat} (cold compile included) ...")
    times = paired(fns, pairs, repeat)

    label = "4 fresh process: import + evaluate"
    lab_all = Figure([t for (a, _), (ta, _) in times.items() if a == "lab" for t in ta])
    first = Row(label, lab_all, "— (all pokerlab runs of this target)")
    time_goal(first, lab_all, 0.3)
    rows = [first]
    baselines = {f"{f.name}: {f.what}" for f in C.FRESH_BASELINES}
    for a, b in pairs:
        lab, peer = Figure(times[(a, b)][0]), Figure(times[(a, b)][1]) if b else None
        if a == "lab" and b in baselines:
            rows.append(Row(label, lab, f"{commands[b].name} ({commands[b].what}, for scale)", peer))
        elif a == "lab":
            rows.append(Row(label, lab, f"{commands[b].name} ({commands[b].what})", peer, paired_ratio(lab, peer)))
        elif a == "lab_batch":
            name = f"pokerfast ({C.FRESH_PEER_BATCH.what})" if b else "—"
            rows.append(Row("4 fresh: + evaluate_batch", lab, name, peer, paired_ratio(lab, peer) if b else None))
        else:
            row = Row("4 cold numba compile of evaluate_batch", lab, "— (whole fresh process, empty cache dir)")
            time_goal(row, lab, 15)
            rows.append(row)
    notes.extend(f'[4] pokerlab {f.what}: python -c "{f.code}"' for f in (C.FRESH_POKERLAB, C.FRESH_POKERLAB_BATCH))
    notes.append(
        "[4] cold compile: the second command's import + evaluate_batch part, run with "
        "NUMBA_CACHE_DIR=<new empty temp dir> each repeat"
    )
    return rows


def load_now() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def exact_sanity(case: C.EquityCase, runs: list[C.EquityRun], notes: list[str]) -> None:
    """Every run of every engine agrees with the first pokerlab result to 1e-6, which matches the known equity."""
    reference = runs[0].results[0].equities
    results = [(r.name, o.equities) for r in runs for o in r.results]
    worst = max(abs(x - y) for _, eq in results for x, y in zip(eq, reference))
    ok = all(C.exact_agree(eq, reference) for _, eq in results) and abs(reference[0] - case.expected) <= 1e-6
    engines = " and ".join(dict.fromkeys(r.name for r in runs))
    notes.append(
        f"sanity [5]: exact {case.label}: {engines} agree within 1e-6 over all {len(results)} runs "
        f"(max |diff| {worst:.1e}), player 1 {reference[0]:.9f} (known {case.expected:.9f}): "
        f"{'ok' if ok else 'MISMATCH'}"
    )


def mc_sanity(lab: C.EquityRun, peer: C.EquityRun, notes: list[str]) -> None:
    """Each peer Monte Carlo result within 4 standard errors of pokerlab's, player by player.

    The peer reports no per-player error: it is taken as pokerlab's, rescaled to the
    peer's trial count (same per-deal variance), and combined with pokerlab's own.
    """
    ref = lab.results[0]
    same = all(o.equities == ref.equities and o.trials == ref.trials for o in lab.results)
    notes.append(
        f"sanity [5]: pokerlab Monte Carlo with seed={C.MC_SEED}, threads=1 gives the same {ref.trials:,} trials "
        f"and equities on all {len(lab.results)} runs (reproducible): {'ok' if same else 'MISMATCH'}"
    )
    zs = []
    for o in peer.results:
        for i, (a, b) in enumerate(zip(ref.equities, o.equities)):
            se = ref.stderrs[i] * (1 + ref.trials / o.trials) ** 0.5
            zs.append(abs(a - b) / se)
    ok = all(z <= 4 for z in zs)
    notes.append(
        f"sanity [5]: MC {C.MC_CASE.label}: all {len(peer.results)} {peer.name} runs within 4 standard errors of "
        f"pokerlab, every player (largest |diff| / combined stderr {max(zs):.2f}; pokerlab "
        f"{[round(e, 5) for e in ref.equities]}, stderr {max(ref.stderrs):.2g}; {peer.name} "
        f"{[round(e, 5) for e in peer.results[0].equities]}): {'ok' if ok else 'MISMATCH'}"
    )


def hu_sanity(runs: list[C.EquityRun], notes: list[str]) -> None:
    """Heads-up Monte Carlo: every run within 4 standard errors of the exact equity (pokerlab's stderr, rescaled)."""
    lab = runs[0].results[0]
    for r in runs:
        zs = [
            abs(o.equities[0] - C.HU_MC_CASE.expected) / (lab.stderrs[0] * (lab.trials / o.trials) ** 0.5)
            for o in r.results
        ]
        notes.append(
            f"sanity [5]: MC {C.HU_MC_CASE.label}: all {len(r.results)} {r.name} runs within 4 standard errors of the "
            f"exact {C.HU_MC_CASE.expected:.6f} (largest |diff| / stderr {max(zs):.2f}): "
            f"{'ok' if all(z <= 4 for z in zs) else 'MISMATCH'}"
        )


def bench_equity(cfg: dict, repeat: int, notes: list[str]) -> list[Row]:
    from simulate.equity import equity

    notes.append(f"[5] load average at the start of target 5: {load_now()}")
    log("[5] equity: building contenders, loading numba kernels ...")
    equity(["AsAh", "KsKh"], method="exact", threads=1)  # load (or compile) the kernels before anyone times them
    equity(["AsAh", "KsKh"], method="mc", trials=1000, seed=1, threads=1)
    runs: dict[str, C.EquityRun] = {}
    long = C.LONG_EXACT_CASE.label
    for case in C.EXACT_CASES:
        runs[f"lab1 {case.label}"] = C.pokerlab_equity(case, "exact", threads=1)
    runs[f"lab2 {long}"] = C.pokerlab_equity(C.LONG_EXACT_CASE, "exact", threads=2)
    runs["lab mc"] = C.pokerlab_equity(C.MC_CASE, "mc", threads=1, stderr=C.MC_STDERR, seed=C.MC_SEED)
    hu_trials = cfg["hu_mc_trials"]
    runs["lab hu"] = C.pokerlab_equity(C.HU_MC_CASE, "mc", threads=1, trials=hu_trials, seed=C.MC_SEED)
    peers: list[tuple[str, Callable[[], C.EquityRun]]] = [
        *((f"pf1 {c.label}", lambda c=c: C.pokerfast_exact(c, threads=1)) for c in C.EXACT_CASES),
        (f"pf2 {long}", lambda: C.pokerfast_exact(C.LONG_EXACT_CASE, threads=2)),
        ("pf mc", lambda: C.pokerfast_monte_carlo(C.MC_CASE, C.MC_STDERR, threads=1)),
        ("eval7 hu", lambda: C.eval7_monte_carlo(C.HU_MC_CASE, hu_trials)),
    ]
    for key, build in peers:
        try:
            runs[key] = build()
        except Exception as exc:  # ImportError, EquityUnavailable, or a peer whose API changed
            notes.append(f"skipped [5]: {key}: {type(exc).__name__}: {exc}")
    log("[5] warm-up: one untimed run of each ...")
    for r in runs.values():
        r.run()

    def peer(key: str) -> str | None:
        return key if key in runs else None

    pairs: list[Pair] = [(f"lab1 {c.label}", peer(f"pf1 {c.label}")) for c in C.EXACT_CASES]
    pairs += [(f"lab2 {long}", peer(f"pf2 {long}")), (f"lab2 {long}", f"lab1 {long}")]
    pairs += [("lab mc", peer("pf mc")), ("lab hu", peer("eval7 hu"))]
    log(f"[5] timing {len(pairs)} pairs x {repeat} (about 15 s per repeat) ...")
    times = paired({k: r.run for k, r in runs.items()}, pairs, repeat)
    notes.append(f"[5] load average at the end of the timed equity runs: {load_now()}")

    rows: list[Row] = []
    wins = best_wins = 0
    for c in C.EXACT_CASES:
        a, b = f"lab1 {c.label}", peer(f"pf1 {c.label}")
        lab = Figure(times[(a, b)][0])
        label = f"5 exact {c.label}, 1 thread"
        if b is None:
            rows.append(Row(label, lab, "— (pokerfast's OMPEval library not available)"))
            continue
        pf = Figure(times[(a, b)][1])
        row = Row(label, lab, f"pokerfast {runs[b].call}", pf, paired_ratio(lab, pf))
        ratio_goal(row, lab, pf, 1 / 1.5)
        row.goal = "time ≤ 1.5x peer (ratio ≥ 0.667)"
        rows.append(row)
        wins += row.ratio > 1
        best_wins += min(pf.seconds) / min(lab.seconds) > 1
    if any(r.peer_fig for r in rows):
        n = sum(1 for r in rows if r.peer_fig)
        row = Row(
            "5 exact, 1 thread: cases pokerlab wins", None, f"{wins} of the {n} rows above have ratio > 1 (pokerfast)"
        )
        row.goal, row.met = "≥ 2 of 4", verdict(wins >= 2, best_wins >= 2)
        rows.append(row)

    a, b = f"lab2 {long}", peer(f"pf2 {long}")
    lab2 = Figure(times[(a, b)][0])
    if b is None:
        rows.append(Row(f"5 exact {long}, 2 threads", lab2, "— (pokerfast not available)"))
    else:
        pf2 = Figure(times[(a, b)][1])
        rows.append(Row(f"5 exact {long}, 2 threads", lab2, f"pokerfast {runs[b].call}", pf2, paired_ratio(lab2, pf2)))
        pf1_key = f"pf1 {long}"
        if pf1_key in runs:
            pf1 = Figure(times[(f"lab1 {long}", pf1_key)][1])
            notes.append(
                f"[5] pokerfast's own speedup on {long}, threads=2 over threads=1 (ratio of medians, not paired): "
                f"{pf1.median / pf2.median:.2f}x"
            )
    lab2_t, lab1_t = times[(f"lab2 {long}", f"lab1 {long}")]
    lab2, lab1 = Figure(lab2_t), Figure(lab1_t)
    row = Row(f"5 exact {long}: 2 threads vs 1", lab2, "pokerlab itself, threads=1", lab1, paired_ratio(lab2, lab1))
    ratio_goal(row, lab2, lab1, 1.8)
    row.goal = "speedup ≥ 1.8 (close to 2x)"
    rows.append(row)

    a, b = "lab mc", peer("pf mc")
    lab_t = times[(a, b)][0]
    mc_label = f"5 MC {C.MC_CASE.label} to stderr {C.MC_STDERR:g}, 1 thread"
    lab_trials = [o.trials for o in runs[a].results[1:]]  # the timed runs (the warm-up is results[0])
    if b is None:
        rows.append(Row(mc_label, Figure(lab_t), "— (pokerfast not available)"))
    else:
        pf_t = times[(a, b)][1]
        pf_trials = [o.trials for o in runs[b].results[1:]]
        lab, pf = Figure(lab_t), Figure(pf_t)
        rows.append(Row(mc_label + ": time", lab, f"pokerfast {runs[b].call}", pf, paired_ratio(lab, pf)))
        lab, pf = Figure(lab_t, works=lab_trials, unit="trials"), Figure(pf_t, works=pf_trials, unit="trials")
        rows.append(
            Row(
                mc_label + ": trials/s",
                lab,
                f"pokerfast, same runs ({statistics.median(pf_trials) / 1e6:.3g} M trials, median; "
                f"pokerlab {statistics.median(lab_trials) / 1e6:.3g} M)",
                pf,
                paired_ratio(lab, pf),
            )
        )
        mc_sanity(runs[a], runs[b], notes)

    a, b = "lab hu", peer("eval7 hu")
    lab = Figure(times[(a, b)][0], hu_trials, unit="trials")
    hu_label = f"5 MC {C.HU_MC_CASE.label}, {hu_trials:,} trials, 1 thread: trials/s"
    if b is None:
        rows.append(Row(hu_label, lab, "— (eval7 not installed)"))
        hu_sanity([runs[a]], notes)
    else:
        e7 = Figure(times[(a, b)][1], hu_trials, unit="trials")
        rows.append(Row(hu_label, lab, f"eval7 {runs[b].call}", e7, paired_ratio(lab, e7)))
        hu_sanity([runs[a], runs[b]], notes)

    for c in C.EXACT_CASES:
        exact_sanity(c, [r for k, r in runs.items() if k.endswith(f" {c.label}")], notes)  # pokerlab first
    notes.append(f"[5] pokerlab: simulate.equity.{runs[f'lab1 {long}'].call} (and so on for each case)")
    notes.append(
        "[5] pokerfast's equity.equity is one ctypes call into OMPEval's EquityCalculator (pf_equity). OMPEval has a "
        "hook for precalculated heads-up preflop results, but its table is empty upstream, and here a dead card "
        "(which disables that lookup) or a third player leaves AsAh vs KsKh's time unchanged: every call enumerates, "
        "caching suit-isomorphic preflops within the call only."
    )
    notes.append(
        f"[5] MC stop rules differ. pokerlab: every player's standard error (sample variance of the per-deal share, "
        f"independent deals) ≤ {C.MC_STDERR:g}, checked after each block (blocks double from 32,768 to 4,194,304 "
        f"deals), so it overshoots the needed trials. pokerfast/OMPEval: the standard error of player 1's equity only, "
        f"estimated from 4,096-deal batch means of a random walk over hole cards, checked only at its 0.2 s progress "
        f"updates, so its time comes in steps of about 0.2 s. In this case player 1 has the largest error, so both "
        f"target the same player; compare trials/s, the time row includes each one's overshoot."
    )
    notes.append(
        "[5] eval7 has no exact preflop equity (py_hand_vs_range_exact evaluates one complete board) and its Monte "
        "Carlo is heads-up hand vs range only, villain combos dealt in turn rather than at random; pokerlab runs the "
        "same trial count with random villain combos."
    )
    return rows


def bench_equity_fresh(repeat: int, notes: list[str]) -> list[Row]:
    script = C.console_script()
    fns: dict[str, Callable[[], object]] = {}
    argv = [script, *C.CLI_EQUITY_ARGS] if script else None
    if argv:
        fns["cli"] = lambda: C.run_command(argv)
    else:
        notes.append("skipped [5]: the pokerlab console script is not installed next to this python")
    for key, f in (("lab", C.FRESH_LAB_EQUITY), ("pf", C.FRESH_PEER_EQUITY), ("numba", C.FRESH_NUMBA)):
        if C.importable(f.module):
            fns[key] = lambda code=f.code: C.run_python(code)
    log("[5] fresh processes: warm-up run of each (warms numba's cache) ...")
    for key, fn in list(fns.items()):
        try:
            fn()
        except RuntimeError as exc:
            notes.append(f"skipped [5]: fresh {key}: {exc}")
            del fns[key]

    def peer(key: str) -> str | None:
        return key if key in fns else None

    pairs: list[Pair] = []
    if "cli" in fns:
        pairs += [("cli", peer("pf")), ("cli", peer("numba"))]
    if "lab" in fns:
        pairs.append(("lab", peer("pf")))
    pairs = list(dict.fromkeys(pairs))
    log(f"[5] timing {len(pairs)} pairs of commands x {repeat} ...")
    times = paired(fns, pairs, repeat)
    cli_text = "pokerlab " + " ".join(C.CLI_EQUITY_ARGS)
    labels = {"cli": f"5 fresh: {cli_text} (CLI)", "lab": f"5 fresh: {C.FRESH_LAB_EQUITY.what}"}
    rows = []
    if "cli" in fns:
        cli_all = Figure([t for (a, _), (ta, _) in times.items() if a == "cli" for t in ta])
        row = Row(labels["cli"], cli_all, "— (all runs of this command)")
        time_goal(row, cli_all, 1.0)
        rows.append(row)
    for a, b in pairs:
        lab = Figure(times[(a, b)][0])
        if b == "numba":
            rows.append(Row(labels[a], lab, f"{C.FRESH_NUMBA.name} (for scale)", Figure(times[(a, b)][1])))
        elif b == "pf":
            pf = Figure(times[(a, b)][1])
            rows.append(Row(labels[a], lab, f"pokerfast ({C.FRESH_PEER_EQUITY.what})", pf, paired_ratio(lab, pf)))
        elif a != "cli":  # the CLI alone is already the first row
            rows.append(Row(labels[a], lab, "— (pokerfast not installed)"))
    if argv:
        notes.append(f"[5] CLI: {shlex.join(argv)} (the console script itself, started directly)")
    for f in (C.FRESH_LAB_EQUITY, C.FRESH_PEER_EQUITY):
        notes.append(f'[5] fresh {f.name} {f.what}: python -c "{f.code}"')
    return rows


# --------------------------------------------------------------------------- report


def machine_info(repeat: int, quick: bool, load: list[float] | None) -> dict:
    import numba

    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
    except OSError:
        commit = ""
    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "command": shlex.join(getattr(sys, "orig_argv", [sys.executable, *sys.argv])),
        "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "usable_cores": affinity,
        "load_average_at_start": load,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "numba_threads": numba.get_num_threads(),
        "pokerlab": C.version("pokerlab") + (f" (git {commit})" if commit else ""),
        "peers": {d: C.version(d) for d in ("pokerfast", "pkrbot", "eval7", "phevaluator", "treys", "pokerkit")},
        "repeat": repeat,
        "mode": "quick" if quick else "full",
    }


def markdown_table(rows: list[Row]) -> str:
    header = ["target", "pokerlab", "peer", "peer figure", "ratio", "goal", "met?"]
    cells = [header] + [r.cells() for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]

    def line(c):
        return "| " + " | ".join(x.ljust(w) for x, w in zip(c, widths)) + " |"

    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(c) for c in cells[1:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats (about 40 s)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    parser.add_argument("--repeat", type=int, help="interleaved repeats per target (default 9, quick 3)")
    parser.add_argument(
        "--only",
        action="append",
        metavar="TARGET",
        help=f"run only these targets, comma-separated or repeated: {', '.join(TARGETS)} (or their numbers)",
    )
    args = parser.parse_args(argv)
    cfg = QUICK if args.quick else FULL
    repeat = cfg["repeat"] if args.repeat is None else args.repeat
    if repeat < 1:
        parser.error("--repeat must be at least 1")
    only = set(TARGETS)
    if args.only:
        by_number = {str(n): name for name, n in TARGETS.items()}
        only = {by_number.get(x.strip(), x.strip()) for arg in args.only for x in arg.split(",") if x.strip()}
        if unknown := only - set(TARGETS):
            parser.error(f"--only: unknown target(s) {', '.join(sorted(unknown))}; choose from {', '.join(TARGETS)}")

    started = time.perf_counter()
    load = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    notes: list[str] = []
    rows: list[Row] = []
    pf_native = None
    if "batch" in only:
        rows, pf_native = bench_batch(cfg, repeat, notes)
    info = machine_info(repeat, args.quick, load)  # after the first batch call has imported numba
    info["targets"] = sorted(only, key=TARGETS.get)
    if "enumerate" in only:
        rows += bench_enumerate(repeat, pf_native, notes)
    if "per-call" in only:
        rows += bench_per_call(cfg, repeat, notes)
    if "fresh" in only:
        rows += bench_fresh(repeat, notes)
    if "equity" in only:
        rows += bench_equity(cfg, repeat, notes)
        rows += bench_equity_fresh(repeat, notes)
    info["wall_seconds"] = round(time.perf_counter() - started, 1)

    if args.json:
        print(json.dumps({"machine": info, "rows": [r.as_json() for r in rows], "notes": notes}, indent=2))
        return 0
    print(f"command: {info['command']}")
    print(f"date: {info['date']}  (run took {info['wall_seconds']} s)")
    print(
        f"machine: {info['cpu']}, {info['cores']} cores ({info['usable_cores']} usable), "
        f"load average at start {info['load_average_at_start']}, {info['platform']}"
    )
    print(
        f"versions: python {info['python']}, numpy {info['numpy']}, numba {info['numba']} "
        f"({info['numba_threads']} threads), pokerlab {info['pokerlab']}; "
        + ", ".join(f"{k} {v}" for k, v in info["peers"].items())
    )
    print(
        f"figures: median (best) of {repeat} repeats, hands/s or seconds; in each repeat pokerlab and the peer of a "
        "row run back to back. ratio: pokerlab speed / peer speed, median over those pairs (> 1: pokerlab faster)."
    )
    print(f"targets: {', '.join(f'{TARGETS[t]} {t}' for t in info['targets'])}")
    if only & {"batch", "per-call"}:
        print(
            f"hands: target 1 {cfg['batch_hands']:,} random 7-card hands; target 3 {cfg['call_hands']:,} "
            f"(treys and pokerfast.eval7 {cfg['slow_hands']:,}, pokerkit {cfg['pokerkit_hands']:,})."
        )
    if "equity" in only:
        print(
            "equity: preflop, no board; exact figures in seconds per call (time ratio = pokerfast s / pokerlab s); "
            f"Monte Carlo to standard error {C.MC_STDERR:g} (seed {C.MC_SEED}) and heads-up with "
            f"{cfg['hu_mc_trials']:,} trials; fresh processes with numba's cache warm."
        )
    print()
    print(markdown_table(rows))
    print()
    for note in notes:
        print(note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
