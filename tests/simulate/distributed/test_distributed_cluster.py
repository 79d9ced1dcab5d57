"""A real cluster started the ordinary way: `dask scheduler` and two `dask worker` processes on 127.0.0.1."""

import json
import os
import signal
import subprocess
import time

import pytest
from dask_processes import start_dask  # noqa: E402

from pokerlab.simulate.distributed import connect  # noqa: E402
from pokerlab.simulate.equity.engine import equity  # noqa: E402
from pokerlab.simulate.precomputed import load_preflop_table, preflop_vs_random  # noqa: E402


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dask")
    file = folder / "scheduler.json"
    procs = [
        start_dask(
            ["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(file)],
            folder / "scheduler.log",
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while not file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        for i in range(2):
            procs.append(
                start_dask(
                    ["worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard", "--name", f"w{i}"],
                    folder / f"worker{i}.log",
                )
            )
        client = connect(address, timeout=30)  # not the default client: as the CLI connects
        client.wait_for_workers(2, timeout=60)
        yield address, client, procs
        client.close()
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()


def test_results_on_two_worker_processes_match_the_local_ones(cluster):
    address, client, _ = cluster
    for players, board in [(["AsAh", "KsKh"], None), (["QQ+,AKs", "TT+"], "Qs7h2c")]:
        local = equity(players, board=board, method="exact").to_dict()
        remote = equity(players, board=board, method="exact", client=client).to_dict()
        for d in (local, remote):
            d.pop("seconds"), d.pop("threads")
        assert local == remote
    a = equity(["AKs", "random"], method="mc", trials=300_000, seed=11, client=client)
    b = equity(["AKs", "random"], method="mc", trials=300_000, seed=11, client=client)
    assert a.players == b.players and a.threads == 2


def test_a_worker_killed_mid_job_does_not_change_the_answer(cluster):
    address, client, procs = cluster
    victim = procs[2]
    state = {}

    def progress(fraction):
        if "killed" not in state and fraction > 0:
            state["killed"] = fraction
            os.kill(victim.pid, signal.SIGKILL)

    table = preflop_vs_random(client=client, shards=24, progress=progress)
    assert 0 < state["killed"] < 1  # the worker died with shards still to run
    assert victim.wait(timeout=10) == -signal.SIGKILL
    assert len(client.nthreads()) == 1
    assert table.checksum() == load_preflop_table().checksum()
