"""Sharded jobs: independent shards on local threads or a Dask cluster, merged in plan order.

A job is a module-level function and a list of argument tuples, one per
shard. Each shard returns exact results (integer counts), and callers merge
them in plan order, so the answer is the same wherever the shards ran.
Without a ``client`` the shards run on a thread pool (the numba kernels
release the GIL); with a ``dask.distributed.Client`` they are submitted to its
workers, and Dask reruns the shards of a worker that is lost. Dask is imported
only when a scheduler is used (``pip install pokerlab[distributed]``).

A :class:`ShardStore` keeps every finished shard on disk as soon as it
arrives, so an interrupted job resumes where it stopped.

>>> run_shards(pow, [(2, 3), (3, 2), (10, 0)], threads=2)
[8, 9, 1]
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import os
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

ProgressFn = Callable[[float], None]
INSTALL_HINT = 'install it with: pip install "pokerlab[distributed]" (or "dask[distributed]")'


class DistributedError(ValueError):
    """A scheduler that cannot be reached, a missing Dask install or a shard store of another job."""


def connect(scheduler: str, timeout: float = 10.0) -> Any:
    """A ``dask.distributed.Client`` connected to ``scheduler`` (``tcp://HOST:PORT``).

    >>> client = connect("tcp://127.0.0.1:8786")  # doctest: +SKIP
    >>> equity(["AsAh", "KK"], client=client).players[0].wins  # doctest: +SKIP
    9104736
    """
    try:
        from distributed import Client
    except ImportError:
        raise DistributedError(f"--scheduler needs Dask, which is not installed; {INSTALL_HINT}") from None
    _check_reachable(scheduler, timeout)
    try:
        return Client(scheduler, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise DistributedError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None


def _check_reachable(scheduler: str, timeout: float) -> None:
    """Fail fast, with one clear line, on an address Dask could not use or nothing listening there.

    A Client that fails to connect leaves an object whose clean-up prints a traceback (and waits
    20 s), so the plain cases are caught before one is made.
    """
    import re
    import socket

    match = re.fullmatch(r"(?:(\w+)://)?(\[[^\]]+\]|[^:/\s]+):(\d+)/?", scheduler.strip())
    if match is None:
        raise DistributedError(f"scheduler address {scheduler!r} is not of the form tcp://HOST:PORT")
    scheme, host, port = match.groups()
    if scheme not in (None, "tcp"):
        return  # tls://, ucx://...: let Dask connect and report
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise DistributedError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None


def cluster_threads(client: Any) -> int:
    """Worker threads the cluster has right now (at least 1)."""
    return max(1, sum(client.nthreads().values()))


class ShardStore:
    """A folder of finished shards (``shard-000012.npy``) for one job plan, for resuming.

    The plan (any JSON-able description of the job and its shards) is kept
    in ``plan.json``; a folder holding another plan's shards is refused rather
    than mixed in.

    >>> import tempfile
    >>> store = ShardStore(Path(tempfile.mkdtemp()) / "job", {"table": "demo", "shards": 2})
    >>> store.save(1, np.array([3, 4]))
    >>> {i: a.tolist() for i, a in store.load().items()}
    {1: [3, 4]}
    """

    def __init__(self, folder: str | os.PathLike[str], plan: dict[str, Any]) -> None:
        self.folder = Path(folder)
        self.plan = plan
        self.folder.mkdir(parents=True, exist_ok=True)
        plan_file = self.folder / "plan.json"
        text = json.dumps(plan, sort_keys=True)
        if plan_file.exists():
            if plan_file.read_text() != text:
                raise DistributedError(
                    f"{self.folder} holds shards of another job; remove it or choose another work folder"
                )
        else:
            plan_file.write_text(text)

    @staticmethod
    def plan_id(plan: dict[str, Any]) -> str:
        """Short hash of a plan, for naming its folder."""
        return hashlib.sha256(json.dumps(plan, sort_keys=True).encode()).hexdigest()[:12]

    def _path(self, index: int) -> Path:
        return self.folder / f"shard-{index:06d}.npy"

    def load(self) -> dict[int, np.ndarray]:
        """Finished shards by index."""
        done = {}
        for path in sorted(self.folder.glob("shard-*.npy")):
            done[int(path.stem.split("-")[1])] = np.load(path)
        return done

    def save(self, index: int, result: np.ndarray) -> None:
        """Keep one shard's result (written to a temporary name first, so a crash leaves no half file)."""
        tmp = self.folder / f".tmp-{index:06d}-{os.getpid()}.npy"
        np.save(tmp, np.asarray(result))
        os.replace(tmp, self._path(index))

    def clear(self) -> None:
        """Remove the folder once the job's result is written."""
        shutil.rmtree(self.folder, ignore_errors=True)


def run_shards(
    fn: Callable[..., Any],
    shards: Sequence[tuple],
    *,
    client: Any = None,
    threads: int | None = None,
    progress: ProgressFn | None = None,
    store: ShardStore | None = None,
    retries: int = 2,
) -> list[Any]:
    """``[fn(*args) for args in shards]``, run on a thread pool or a Dask ``client``.

    Results come back in plan order whatever order the shards finish in.
    ``progress`` gets the fraction of shards done after each one. With a
    ``store``, shards already in it are not run again and each new result is
    saved as it arrives (results must then be numpy arrays). ``retries``: how
    often Dask reruns a shard that raised (a lost worker's shards are rerun
    regardless).

    >>> run_shards(divmod, [(7, 2), (9, 4)])
    [(3, 1), (2, 1)]
    """
    results: list[Any] = [None] * len(shards)
    done = store.load() if store is not None else {}
    for i, value in done.items():
        if i < len(results):
            results[i] = value
    todo = [i for i in range(len(shards)) if i not in done]
    finished = len(shards) - len(todo)

    def record(i: int, value: Any) -> None:
        nonlocal finished
        results[i] = value
        if store is not None:
            store.save(i, value)
        finished += 1
        if progress is not None:
            progress(finished / len(shards))

    if not todo:
        if progress is not None:
            progress(1.0)
    elif client is not None:
        _run_on_dask(client, fn, shards, todo, record, retries)
    else:
        n_threads = threads if threads else _default_threads()
        if n_threads == 1 or len(todo) == 1:
            for i in todo:
                record(i, fn(*shards[i]))
        else:
            pool = cf.ThreadPoolExecutor(max_workers=n_threads)
            try:
                futures = {pool.submit(fn, *shards[i]): i for i in todo}
                for future in cf.as_completed(futures):
                    record(futures[future], future.result())
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
    return results


def _default_threads() -> int:
    from numba import get_num_threads

    return get_num_threads()


def _run_on_dask(client: Any, fn: Callable[..., Any], shards: Sequence[tuple], todo: list[int], record, retries: int):
    from distributed import as_completed

    futures = {client.submit(fn, *shards[i], pure=False, retries=retries): i for i in todo}
    try:
        for future, value in as_completed(list(futures), with_results=True, loop=client.loop):
            record(futures[future], value)
            future.release()
    finally:
        for future in futures:
            if not future.done():
                future.cancel()
