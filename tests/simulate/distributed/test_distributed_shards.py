"""simulate.distributed without Dask: shard runner, resumable shard store, and no Dask import."""

import subprocess
import sys
import threading

import numpy as np
import pytest
from helpers_fresh import fresh_python

from pokerlab.simulate.distributed import DistributedError, ShardStore, run_shards


def _square_row(i: int) -> np.ndarray:
    return np.array([i, i * i], dtype=np.int64)


@pytest.mark.parametrize("threads", [1, 3])
def test_results_come_back_in_plan_order_with_progress(threads):
    seen = []
    results = run_shards(_square_row, [(i,) for i in range(10)], threads=threads, progress=seen.append)
    assert [r.tolist() for r in results] == [[i, i * i] for i in range(10)]
    assert len(seen) == 10 and seen == sorted(seen) and seen[-1] == 1.0


def test_threads_really_run_shards_concurrently():
    barrier = threading.Barrier(2, timeout=5)

    def meet(i):
        barrier.wait()  # deadlocks (BrokenBarrierError after 5 s) unless two shards run at once
        return i

    assert run_shards(meet, [(0,), (1,)], threads=2) == [0, 1]


def test_an_interrupted_job_resumes_from_its_finished_shards(tmp_path):
    plan = {"job": "squares", "n": 8}
    calls = []

    def flaky(i):
        calls.append(i)
        if i == 5:
            raise KeyboardInterrupt
        return _square_row(i)

    store = ShardStore(tmp_path / "job", plan)
    with pytest.raises(KeyboardInterrupt):
        run_shards(flaky, [(i,) for i in range(8)], threads=1, store=store)
    assert sorted(store.load()) == [0, 1, 2, 3, 4]  # kept on disk as they finished

    calls.clear()

    def counted(i):
        calls.append(i)
        return _square_row(i)

    again = ShardStore(tmp_path / "job", plan)
    results = run_shards(counted, [(i,) for i in range(8)], threads=2, store=again)
    assert sorted(calls) == [5, 6, 7]
    assert [r.tolist() for r in results] == [[i, i * i] for i in range(8)]
    again.clear()
    assert not (tmp_path / "job").exists()


def test_a_store_refuses_the_shards_of_another_plan(tmp_path):
    ShardStore(tmp_path / "job", {"shards": 4}).save(0, np.zeros(2))
    with pytest.raises(DistributedError, match="another job"):
        ShardStore(tmp_path / "job", {"shards": 5})
    assert ShardStore.plan_id({"a": 1}) == ShardStore.plan_id({"a": 1}) != ShardStore.plan_id({"a": 2})


def test_a_shard_error_propagates():
    def boom(i):
        if i == 2:
            raise ValueError("bad shard")
        return i

    with pytest.raises(ValueError, match="bad shard"):
        run_shards(boom, [(i,) for i in range(4)], threads=2)


def test_nothing_imports_dask_without_a_scheduler():
    fresh_python("""
        import sys
        import pokerlab.simulate.equity.engine, pokerlab.simulate.cli.main
        from pokerlab.simulate.equity.engine import equity
        assert equity(['AsAh', 'KsKh']).method == 'exact'
        assert equity(['AA', 'random'], method='mc', trials=5000, seed=1).trials == 5000
        from pokerlab.simulate.precomputed import preflop_equity, matchups
        assert round(preflop_equity('AA'), 4) == 0.852
        matchups(['AA'], threads=1)
        bad = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))
        assert not bad, bad
    """)


@pytest.mark.parametrize(
    ("address", "words"),
    [("nonsense", "not of the form tcp://HOST:PORT"), ("tcp://127.0.0.1:1", "cannot reach the Dask scheduler")],
)
def test_bad_scheduler_is_one_clear_line_without_a_traceback(address, words):

    code = f"from pokerlab.simulate.cli.main import main; main(['equity', 'AA', 'KK', '--scheduler', {address!r}])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert words in out.stderr and "Traceback" not in out.stderr
