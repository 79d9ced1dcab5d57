"""pytest-benchmark suite: the cases of ``pokerlab bench``, one benchmark per case and library.

    python -m pytest benchmarks --benchmark-enable -q
    python -m pytest benchmarks --benchmark-enable --benchmark-save=before      # keep a baseline
    python -m pytest benchmarks --benchmark-enable --benchmark-compare=0001 --benchmark-compare-fail=median:10%

The cases, hands and timed calls come from ``pokerlab.simulate.bench`` (the same
definitions ``pokerlab bench`` runs), so a regression found here is one users
would see. Test ids are ``<case id>-<contender key>`` (``batch-7-pokerlab``),
stable across runs, which ``--benchmark-compare`` needs. Each benchmark is a
group of its own case, so the libraries of a case compare directly. Missing
peers are skipped with "not installed". Nothing here asserts on a timing: the
asserts are the correctness checks ``pokerlab bench`` makes before timing.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from functools import cache
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import contenders as C  # noqa: E402

from pokerlab.simulate.bench.cases import CASES, BenchConfig, deal  # noqa: E402
from pokerlab.simulate.bench.checks import check  # noqa: E402
from pokerlab.simulate.bench.contenders import specs_for  # noqa: E402

# The full configuration's sizes, but every case's all-threads variants too.
CONFIG = BenchConfig.named("full")
SLOW_SECONDS = 0.2  # a warm-up longer than this: a few fixed rounds instead of pytest-benchmark's calibration
PARAMS = [pytest.param(case, spec, id=f"{case.id}-{spec.key}") for case in CASES for spec in specs_for(case, CONFIG)]


@cache
def hands_of(case_id: str):
    """The case's hands, dealt once per session (pokerlab's values included, the reference order)."""
    return deal(next(c for c in CASES if c.id == case_id), CONFIG)


@cache
def pokerlab_result(case_id: str):
    """pokerlab's own answer to a case (1 thread): what every other contender is checked against."""
    case = next(c for c in CASES if c.id == case_id)
    contender = specs_for(case, CONFIG)[0].build(case, hands_of(case_id), CONFIG)
    contender.run()
    return contender.result()


def build(case, spec):
    try:
        return spec.build(case, hands_of(case.id), CONFIG)
    except ImportError as exc:
        pytest.skip(f"{spec.library} not installed: {exc}")
    except NotImplementedError as exc:
        pytest.skip(str(exc))


@pytest.mark.parametrize(("case", "spec"), PARAMS)
def test_case(benchmark, case, spec):
    benchmark.group = f"{case.id}: {case.title}" + (f", {case.spot}" if case.players else "")
    contender = build(case, spec)
    with_warmup = time.perf_counter()
    contender.run()  # warm-up, outside the timing: loads tables, compiles, fills caches
    warmup = time.perf_counter() - with_warmup
    reference = None if spec.is_reference else pokerlab_result(case.id)
    ok, what = check(case, hands_of(case.id), contender.result(), reference)
    assert ok, f"{spec.key} gives a wrong answer: {what}"
    benchmark.extra_info.update(call=contender.call, work=contender.work, unit=case.unit, warmup_seconds=warmup)
    if warmup > SLOW_SECONDS:
        benchmark.pedantic(contender.run, rounds=3)
    else:
        benchmark(contender.run)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # --benchmark-enable: the rate from the median round
        benchmark.extra_info[f"{case.unit}_per_s"] = contender.work / stats.stats.median
        if contender.trials:
            benchmark.extra_info["trials_per_s"] = contender.trials() / stats.stats.median


# --------------------------------------------------------------------------- fresh processes (source checkout only)


@pytest.mark.benchmark(group="fresh process (python -c), warm caches")
@pytest.mark.parametrize("fresh", C.FRESH, ids=[f"{f.name}: {f.what}" for f in C.FRESH])
def test_fresh_process(benchmark, fresh):
    if fresh.module:
        pytest.importorskip(fresh.module)
    benchmark.pedantic(C.run_python, args=(fresh.code,), rounds=3, warmup_rounds=1)


@pytest.mark.benchmark(group="fresh process: pokerlab equity AsAh KsKh (the console script)")
def test_fresh_cli(benchmark):
    script = C.console_script()
    if script is None:
        pytest.skip("the pokerlab console script is not installed next to this python")
    try:
        C.run_command([script, *C.CLI_EQUITY_ARGS])
    except RuntimeError as exc:
        pytest.skip(f"the pokerlab console script does not run here: {exc}")
    benchmark.pedantic(C.run_command, args=([script, *C.CLI_EQUITY_ARGS],), rounds=3, warmup_rounds=1)


@pytest.mark.benchmark(group="cold numba compile of evaluate_batch (fresh process, empty POKERLAB_CACHE_DIR)")
def test_cold_compile(benchmark, tmp_path_factory):
    def setup():
        env = {**os.environ, "POKERLAB_CACHE_DIR": str(tmp_path_factory.mktemp("kernel-cache"))}
        return (C.FRESH_COLD.code, env), {}

    benchmark.pedantic(C.run_python, setup=setup, rounds=3)


def test_suite_covers_every_case():
    """Every case of ``pokerlab bench`` has at least pokerlab here (so the two never drift apart)."""
    ids = {p.id for p in PARAMS}
    assert all(f"{c.id}-pokerlab" in ids for c in CASES)
    assert statistics.mean(len(specs_for(c, CONFIG)) for c in CASES) > 1  # and peers
