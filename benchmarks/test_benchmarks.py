"""pytest-benchmark suite: the targets of ``compare.py``, one benchmark per library and target.

    python -m pytest benchmarks --benchmark-enable -q

Benchmarks are grouped by target; within a group every library evaluates the
same hands (converted to its own card form before timing) or answers the same
equity question, so the times in a group compare directly. Missing peers are
skipped. Nothing here asserts on a timing: the asserts only check that each
library orders the hands as pokerlab does, and that equities agree (exact ones
with the known values to 1e-6, Monte Carlo ones within 4 standard errors).
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import contenders as C  # noqa: E402

BATCH_HANDS = 1_000_000  # target 1
PUBLIC_HANDS = 20_000  # pokerfast's public batch call converts card strings in Python: slow
CALL_HANDS = 2_000  # target 3: per round, the same hands for every library (pokerkit needs ~0.4 ms each)


def note_rate(benchmark, hands: int) -> None:
    """Record hands per round, and hands/s from the median round when timings were taken."""
    benchmark.extra_info["hands"] = hands
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["hands_per_s"] = round(hands / stats.stats.median)


@pytest.fixture(scope="module")
def evaluator():
    import evaluator

    return evaluator


@pytest.fixture(scope="module")
def batch_hands():
    return C.random_hands(BATCH_HANDS)


@pytest.fixture(scope="module")
def batch_values(evaluator, batch_hands):
    return evaluator.evaluate_batch(batch_hands)


# --------------------------------------------------------------------------- 1: evaluate_batch


@pytest.mark.benchmark(group="1 evaluate_batch, 1,000,000 random 7-card hands")
@pytest.mark.parametrize("parallel", [False, True], ids=["single", "parallel"])
def test_batch_pokerlab(benchmark, evaluator, batch_hands, batch_values, parallel):
    evaluator.evaluate_batch(batch_hands, parallel=parallel)  # warm-up (loads or compiles the kernel)
    out = benchmark(evaluator.evaluate_batch, batch_hands, parallel=parallel)
    note_rate(benchmark, len(batch_hands))
    assert np.array_equal(out, batch_values)


def _pokerfast_batch(build, hands):
    pytest.importorskip("pokerfast")
    from pokerfast import equity

    if not equity.available():
        pytest.skip("pokerfast's OMPEval library is not available")
    return build(hands)


@pytest.mark.benchmark(group="1 evaluate_batch, 1,000,000 random 7-card hands")
def test_batch_pokerfast_native(benchmark, batch_hands, batch_values):
    b = _pokerfast_batch(C.pokerfast_native_batch, batch_hands)
    b.run()  # warm-up
    benchmark(b.run)
    note_rate(benchmark, b.hands)
    assert C.order_agrees(b.values(), batch_values)


@pytest.mark.benchmark(group="1b pokerfast public batch call, 20,000 hands")
def test_batch_pokerfast_public(benchmark, batch_hands, batch_values):
    b = _pokerfast_batch(C.pokerfast_public_batch, batch_hands[:PUBLIC_HANDS])
    b.run()  # warm-up
    benchmark(b.run)
    note_rate(benchmark, b.hands)
    assert C.order_agrees(b.values(), batch_values[:PUBLIC_HANDS])


@pytest.mark.benchmark(group="1b pokerfast public batch call, 20,000 hands")
def test_batch_pokerlab_same_hands(benchmark, evaluator, batch_hands, batch_values):
    """pokerlab on the hands of the public pokerfast call, for a like-for-like row in that group."""
    hands = batch_hands[:PUBLIC_HANDS]
    evaluator.evaluate_batch(hands)
    out = benchmark(evaluator.evaluate_batch, hands)
    note_rate(benchmark, len(hands))
    assert np.array_equal(out, batch_values[:PUBLIC_HANDS])


# --------------------------------------------------------------------------- 2: enumeration


@pytest.mark.benchmark(group="2 enumerate all 133,784,560 7-card hands (no peer offers this)")
@pytest.mark.parametrize("parallel", [False, True], ids=["single", "parallel"])
def test_enumerate_pokerlab(benchmark, evaluator, parallel):
    expected = evaluator.enumerate_values(7, parallel=parallel)  # warm-up
    hist = benchmark.pedantic(evaluator.enumerate_values, args=(7,), kwargs={"parallel": parallel}, rounds=5)
    assert int(hist.sum()) == C.N_ALL_SEVEN
    assert np.array_equal(hist, expected)
    cats = np.arange(hist.size) >> 12
    assert [int(hist[cats == c].sum()) for c in range(10)] == C.SEVEN_CARD_CATEGORY_COUNTS


# --------------------------------------------------------------------------- 3: evaluate per call


@pytest.fixture(scope="module")
def call_ids():
    return C.random_hands(CALL_HANDS, seed=7).tolist()


@pytest.fixture(scope="module")
def call_values(evaluator, call_ids):
    return [evaluator.evaluate(h) for h in call_ids]


@pytest.mark.benchmark(group="3 evaluate per call from a Python loop, 2,000 hands")
@pytest.mark.parametrize("name", list(C.PER_CALL_BUILDERS))
def test_per_call(benchmark, name, call_ids, call_values):
    pytest.importorskip(C.module_of(name))
    contender = C.per_call_contender(name)
    hands = contender.convert(call_ids)
    contender.loop(hands)  # warm-up
    if contender.slow:
        benchmark.pedantic(contender.loop, args=(hands,), rounds=3 if name == "pokerkit" else 10)
    else:
        benchmark(contender.loop, hands)
    note_rate(benchmark, len(hands))
    assert C.order_agrees(contender.values(hands), call_values)


# --------------------------------------------------------------------------- 4: fresh process


FRESH = [C.FRESH_POKERLAB, C.FRESH_POKERLAB_BATCH, *C.FRESH_BASELINES, *C.FRESH_PEERS, C.FRESH_PEER_BATCH]


@pytest.mark.benchmark(group="4 fresh process (python -c), warm caches")
@pytest.mark.parametrize("fresh", FRESH, ids=[f"{f.name}: {f.what}" for f in FRESH])
def test_fresh_process(benchmark, fresh):
    if fresh.module:
        pytest.importorskip(fresh.module)
    benchmark.pedantic(C.run_python, args=(fresh.code,), rounds=3, warmup_rounds=1)


@pytest.mark.benchmark(group="4b cold numba compile of evaluate_batch (fresh process, empty NUMBA_CACHE_DIR)")
def test_cold_compile(benchmark, tmp_path_factory):
    def setup():
        env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path_factory.mktemp("numba-cache"))}
        return (C.FRESH_COLD.code, env), {}

    benchmark.pedantic(C.run_python, setup=setup, rounds=3)


# --------------------------------------------------------------------------- 5: equity

HU_MC_TRIALS = 1_000_000  # heads-up Monte Carlo, per round


def _equity_run(engine: str, build, *args, **kwargs):
    pytest.importorskip({"pokerlab": "simulate", "pokerfast": "pokerfast", "eval7": "eval7"}[engine])
    try:
        return build(*args, **kwargs)
    except ImportError as exc:  # pokerfast without its OMPEval library
        pytest.skip(str(exc))


def _rounds(benchmark, run, rounds: int | None) -> None:
    if rounds is None:
        benchmark(run)
    else:
        benchmark.pedantic(run, rounds=rounds)


EXACT_BUILDERS = {"pokerlab": C.pokerlab_equity, "pokerfast": C.pokerfast_exact}


@pytest.mark.parametrize("engine", list(EXACT_BUILDERS))
@pytest.mark.parametrize("case", C.EXACT_CASES, ids=[c.label for c in C.EXACT_CASES])
def test_equity_exact(benchmark, case, engine):
    """Exact preflop equity, 1 thread; a group per case, so pokerlab and pokerfast compare directly."""
    benchmark.group = f"5 exact equity {case.label}, 1 thread"
    run = _equity_run(engine, EXACT_BUILDERS[engine], case, threads=1)
    run.run()  # warm-up (loads or compiles pokerlab's kernels)
    _rounds(benchmark, run.run, 3 if case is C.LONG_EXACT_CASE else None)
    assert C.exact_agree(run.results[-1].equities[:1], [case.expected])
    assert abs(sum(run.results[-1].equities) - 1) < 1e-9


@pytest.mark.benchmark(group=f"5b exact equity {C.LONG_EXACT_CASE.label}, 2 threads")
@pytest.mark.parametrize("engine", list(EXACT_BUILDERS))
def test_equity_exact_two_threads(benchmark, engine):
    case = C.LONG_EXACT_CASE
    run = _equity_run(engine, EXACT_BUILDERS[engine], case, threads=2)
    run.run()
    benchmark.pedantic(run.run, rounds=3)
    assert C.exact_agree(run.results[-1].equities[:1], [case.expected])


@pytest.fixture(scope="module")
def lab_mc():
    """pokerlab's Monte Carlo result for the 3-way case (seeded: the same on every call)."""
    run = _equity_run("pokerlab", C.pokerlab_equity, C.MC_CASE, "mc", threads=1, stderr=C.MC_STDERR, seed=C.MC_SEED)
    run.run()
    return run.results[0]


def _note_trials(benchmark, run) -> None:
    timed = run.results[1:]  # results[0] is the warm-up
    benchmark.extra_info["trials"] = [o.trials for o in timed]
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["trials_per_s"] = round(statistics.median(o.trials for o in timed) / stats.stats.median)


@pytest.mark.benchmark(group=f"5c Monte Carlo {C.MC_CASE.label} to stderr {C.MC_STDERR:g}, 1 thread")
@pytest.mark.parametrize("engine", ["pokerlab", "pokerfast"])
def test_equity_monte_carlo(benchmark, engine, lab_mc):
    """Stop rules differ (see the README): pokerlab every player's stderr, pokerfast player 1's, every 0.2 s."""
    if engine == "pokerlab":
        run = _equity_run(engine, C.pokerlab_equity, C.MC_CASE, "mc", threads=1, stderr=C.MC_STDERR, seed=C.MC_SEED)
    else:
        run = _equity_run(engine, C.pokerfast_monte_carlo, C.MC_CASE, C.MC_STDERR, threads=1)
    run.run()
    benchmark.pedantic(run.run, rounds=3)
    _note_trials(benchmark, run)
    for o in run.results:
        for i, (a, b) in enumerate(zip(o.equities, lab_mc.equities)):
            se = lab_mc.stderrs[i] * (1 + lab_mc.trials / o.trials) ** 0.5
            assert C.within_sigmas(a, b, se)


@pytest.mark.benchmark(group=f"5d Monte Carlo {C.HU_MC_CASE.label}, {HU_MC_TRIALS:,} trials, 1 thread")
@pytest.mark.parametrize("engine", ["pokerlab", "eval7"])
def test_equity_monte_carlo_heads_up(benchmark, engine):
    case = C.HU_MC_CASE
    if engine == "pokerlab":
        run = _equity_run(engine, C.pokerlab_equity, case, "mc", threads=1, trials=HU_MC_TRIALS, seed=C.MC_SEED)
    else:
        run = _equity_run(engine, C.eval7_monte_carlo, case, HU_MC_TRIALS)
    run.run()
    benchmark(run.run)
    _note_trials(benchmark, run)
    se = (case.expected * (1 - case.expected) / HU_MC_TRIALS) ** 0.5  # the win/lose part; ties are rare here
    assert all(C.within_sigmas(o.equities[0], case.expected, se) for o in run.results)


FRESH_EQUITY = {
    "pokerlab CLI: pokerlab " + " ".join(C.CLI_EQUITY_ARGS): None,
    f"pokerlab: {C.FRESH_LAB_EQUITY.what}": C.FRESH_LAB_EQUITY,
    f"pokerfast: {C.FRESH_PEER_EQUITY.what}": C.FRESH_PEER_EQUITY,
    f"{C.FRESH_NUMBA.name}: {C.FRESH_NUMBA.what}": C.FRESH_NUMBA,
}


@pytest.mark.benchmark(group="5e fresh process, equity AsAh vs KsKh, warm numba cache")
@pytest.mark.parametrize("name", list(FRESH_EQUITY))
def test_equity_fresh_process(benchmark, name):
    fresh = FRESH_EQUITY[name]
    if fresh is None:
        script = C.console_script()
        if script is None:
            pytest.skip("the pokerlab console script is not installed next to this python")
        benchmark.pedantic(C.run_command, args=([script, *C.CLI_EQUITY_ARGS],), rounds=3, warmup_rounds=1)
    else:
        if fresh.module:
            pytest.importorskip(fresh.module)
        benchmark.pedantic(C.run_python, args=(fresh.code,), rounds=3, warmup_rounds=1)
