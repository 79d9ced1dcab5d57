"""A Dask cluster that cannot do the work: no workers, a scheduler killed mid-run, unsupported addresses.

Every wait is bounded (short worker timeouts, subprocess timeouts); only 127.0.0.1 is used.
"""

import json
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from click.testing import CliRunner
from dask_processes import ROOT, start_dask

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.distributed import DistributedError, ShardStore, connect, run_shards


@pytest.mark.parametrize("address", ["tls://127.0.0.1:1", "inproc://x", "ucx://127.0.0.1:1", "TLS://localhost:8786"])
def test_unsupported_schemes_are_refused_at_once(address):
    start = time.monotonic()
    with pytest.raises(DistributedError, match="is not supported, only tcp://HOST:PORT"):
        connect(address)
    assert time.monotonic() - start < 1
    result = CliRunner().invoke(main, ["table", "preflop", "--scheduler", address, "--no-resume"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: scheduler address")
    assert time.monotonic() - start < 2


def test_an_empty_class_selection_is_an_error_naming_the_option():
    for text in ["", " , ", ",,"]:
        result = CliRunner().invoke(main, ["table", "matchups", "--classes", text, "--no-resume"])
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: --classes is empty")
        assert result.stdout == ""
    from pokerlab.simulate.precomputed import matchups

    with pytest.raises(ValueError, match="classes is empty"):
        matchups([])


@pytest.fixture
def idle_scheduler():
    """A scheduler on 127.0.0.1 that is up but has no workers."""
    import distributed

    with distributed.LocalCluster(
        n_workers=0,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # its HTTP server on a free local port
    ) as cluster:
        yield cluster.scheduler_address


def test_a_scheduler_without_workers_fails_after_the_worker_timeout(idle_scheduler):
    start = time.monotonic()
    with pytest.raises(DistributedError, match="has no workers \\(waited 1 s\\)"):
        connect(idle_scheduler, worker_timeout=1)
    assert time.monotonic() - start < 6

    start = time.monotonic()
    result = CliRunner().invoke(
        main, ["table", "preflop", "--scheduler", idle_scheduler, "--worker-timeout", "1", "--no-resume"]
    )
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "has no workers (waited 1 s)" in result.stderr
    assert time.monotonic() - start < 6


def test_a_job_on_a_client_without_workers_stops_after_the_worker_timeout(idle_scheduler, tmp_path):
    from distributed import Client

    store = ShardStore(tmp_path / "job", {"job": "powers"}, shape=(), dtype=np.int64)
    with Client(idle_scheduler, set_as_default=False, timeout=10) as client:
        start = time.monotonic()
        with pytest.raises(DistributedError, match="no workers for 1 s; 0 of 2 shards had finished"):
            run_shards(np.int64, [(1,), (2,)], client=client, store=store, worker_timeout=1)
        assert time.monotonic() - start < 8
    assert [p.name for p in store.folder.iterdir()] == ["plan.json"]


@pytest.fixture
def one_worker_cluster(tmp_path):
    """A `dask scheduler` and one single-thread `dask worker` process on 127.0.0.1."""
    file = tmp_path / "scheduler.json"
    scheduler = start_dask(
        ["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(file)],
        tmp_path / "scheduler.log",
    )
    procs = [scheduler]
    try:
        deadline = time.monotonic() + 30
        while not file.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)  # the file is written in one go, but give it a moment
        address = json.loads(file.read_text())["address"]
        worker = ["worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
        procs.append(start_dask(worker, tmp_path / "worker.log"))
        yield address, scheduler
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        for p in procs:
            p.wait(timeout=10)


def test_a_scheduler_killed_mid_run_is_one_clear_error_and_finished_shards_stay_valid(one_worker_cluster, tmp_path):
    address, scheduler = one_worker_cluster
    work = tmp_path / "work"
    args = ["table", "preflop", "--scheduler", address, "--work-dir", str(work), "--shards", "64", "--keep-shards"]
    code = f"from pokerlab.simulate.cli.main import main; main({args + ['--format', 'none']!r})"
    run = subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while not list(work.glob("*/shard-*.npz")) and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.05)
        assert list(work.glob("*/shard-*.npz")), "no shard finished in time"
        scheduler.send_signal(signal.SIGKILL)
        out, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait(timeout=10)
    assert run.returncode == 2, err
    assert err.count("\n") == 1 and err.startswith("error: lost the connection to the Dask scheduler"), err
    assert "run again to resume" in err and out == ""

    # Nothing bad was written: every kept shard passes every check and equals a local run of that shard.
    from pokerlab.simulate.precomputed.preflop import preflop_shard

    (folder,) = work.iterdir()
    plan = json.loads((folder / "plan.json").read_text())
    warned: list[str] = []
    store = ShardStore(folder, plan, shape=(2, 169), dtype=np.int64, warn=warned.append)
    kept = store.load(64)
    assert kept and not warned and len(kept) < 64
    assert len(kept) == len(list(folder.iterdir())) - 1  # only plan.json besides the shards
    i = min(kept)
    assert np.array_equal(kept[i], preflop_shard(i, 64))
