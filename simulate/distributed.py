"""Sharded jobs: independent shards on local threads or a Dask cluster, merged in plan order.

A job is a module-level function and a list of argument tuples, one per
shard. Each shard returns exact results (integer counts), and callers merge
them in plan order, so the answer is the same wherever the shards ran.
Without a ``client`` the shards run on a thread pool (the numba kernels
release the GIL); with a ``dask.distributed.Client`` they are submitted to its
workers, and Dask reruns the shards of a worker that is lost. Dask is imported
only when a scheduler is used (``pip install pokerlab[distributed]``).

A :class:`ShardStore` keeps every finished shard on disk as soon as it
arrives, so an interrupted job resumes where it stopped; each shard carries
its plan, index, versions and a checksum, and one that fails a check is named
and computed again rather than used. On Dask, every wait is bounded: a cluster
without workers or a lost scheduler stops the run with one clear
:class:`DistributedError` (``connect`` also refuses addresses other than
``tcp://``).

>>> run_shards(pow, [(2, 3), (3, 2), (10, 0)], threads=2)
[8, 9, 1]
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import io
import json
import logging
import os
import re
import shutil
import socket
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import PokerlabError
from ..evaluator.tables import MANIFEST, tables_dir

ProgressFn = Callable[[float], None]
WarnFn = Callable[[str], None]
#: Seconds a Dask run waits for a worker (at connection, or while it has none) before failing.
DEFAULT_WORKER_TIMEOUT = 30.0
INSTALL_HINT = 'install it with: pip install "pokerlab[distributed]" (or "dask[distributed]")'


class DistributedError(PokerlabError, ValueError):
    """A scheduler that cannot be reached, has no workers or was lost, a missing Dask install or a foreign store."""


class ShardWarning(UserWarning):
    """A shard file in a work folder that cannot be trusted (it is named, set aside and recomputed)."""


def connect(scheduler: str, timeout: float = 10.0, worker_timeout: float | None = DEFAULT_WORKER_TIMEOUT) -> Any:
    """A ``dask.distributed.Client`` connected to ``scheduler`` (``tcp://HOST:PORT``) that has workers.

    Only ``tcp://`` addresses are accepted (others are refused at once). It waits
    up to ``worker_timeout`` seconds for a first worker (``None``: do not wait)
    and fails with one clear line if none comes.

    >>> client = connect("tcp://127.0.0.1:8786", worker_timeout=30)  # doctest: +SKIP
    >>> equity(["AsAh", "KK"], client=client).players[0].wins  # doctest: +SKIP
    9104736
    """
    if worker_timeout is not None and not worker_timeout > 0:
        raise DistributedError(f"the worker timeout must be more than 0 seconds, got {worker_timeout}")
    _check_reachable(scheduler, timeout)
    try:
        from distributed import Client  # dask: only for a cluster run
    except ImportError:
        raise DistributedError(f"--scheduler needs Dask, which is not installed; {INSTALL_HINT}") from None
    try:
        client = Client(scheduler, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise DistributedError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    if worker_timeout is not None:
        try:
            client.wait_for_workers(1, timeout=worker_timeout)
        except (OSError, TimeoutError):  # dask's TimeoutError is the builtin one
            close_client(client)
            raise DistributedError(
                f"the Dask scheduler at {scheduler} has no workers (waited {worker_timeout:g} s); "
                f"start some with: dask worker {scheduler}"
            ) from None
    return client


def close_client(client: Any) -> None:
    """Close a client without the tracebacks Dask logs when its scheduler is already gone.

    Logging is switched off while it closes (Dask logs the cancelled reconnection as an error).
    """
    previous = logging.root.manager.disable
    logging.disable(logging.CRITICAL)
    try:
        client.close(timeout=5)
    except Exception:  # a client whose scheduler is gone may fail to close; there is nothing to keep
        pass
    finally:
        logging.disable(previous)


def _check_reachable(scheduler: str, timeout: float) -> None:
    """Fail fast, with one clear line, on an address Dask could not use or nothing listening there.

    A Client that fails to connect leaves an object whose clean-up prints a traceback (and waits
    20 s), so the plain cases are caught before one is made. Only ``tcp://`` is supported: ``tls://``
    needs certificates this command line does not take, and ``inproc://`` exists only inside the
    process that made it (pass its ``Client`` to the library instead).
    """
    match = re.fullmatch(r"(?:([\w+.-]+)://)?(\[[^\]]+\]|[^:/\s]+):(\d+)/?", scheduler.strip())
    scheme = re.match(r"\s*([\w+.-]+)://", scheduler)
    if scheme is not None and scheme[1].lower() != "tcp":
        raise DistributedError(
            f"scheduler address {scheduler!r}: {scheme[1]}:// is not supported, only tcp://HOST:PORT"
        )
    if match is None:
        raise DistributedError(f"scheduler address {scheduler!r} is not of the form tcp://HOST:PORT")
    _, host, port = match.groups()
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise DistributedError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None


def cluster_threads(client: Any) -> int:
    """Worker threads the cluster has right now (at least 1)."""
    threads: int = max(1, sum(client.nthreads().values()))
    return threads


class ShardStore:
    """A folder of finished shards for one job plan, for resuming; every shard is checked before reuse.

    Each shard is ``shard-000012.npz``: the result array and a JSON header
    naming the plan (any JSON-able description of the job), the shard's index
    and the number of shards, the code and table versions, the array's shape
    and dtype, and a SHA-256 over all of it. ``load`` returns only shards that
    pass every check; any other file (edited, truncated, empty, another
    shard's copy, another version's, an unfinished write, a stray name) is
    named through ``warn`` (default: a :class:`ShardWarning`), removed when
    its name is a shard's, and so recomputed. ``count`` (the plan's number of
    shards), ``shape`` (a tuple, or a function of the shard index) and
    ``dtype`` say what a result must be; ``save`` refuses anything else. Files are written to a temporary name and
    renamed, so a run killed mid-write leaves no half shard. ``plan.json``
    records the plan; a folder holding another plan is refused.

    >>> import tempfile
    >>> store = ShardStore(Path(tempfile.mkdtemp()) / "job", {"table": "demo"}, count=2, shape=(2,), dtype=np.int64)
    >>> store.save(1, np.array([3, 4]))
    >>> {i: a.tolist() for i, a in store.load().items()}
    {1: [3, 4]}
    """

    PLAN_FILE = "plan.json"
    FORMAT = 1

    def __init__(
        self,
        folder: str | os.PathLike[str],
        plan: dict[str, Any],
        *,
        count: int | None = None,
        shape: tuple[int, ...] | Callable[[int], tuple[int, ...]] | None = None,
        dtype: Any = None,
        warn: WarnFn | None = None,
    ) -> None:
        self.folder = Path(folder)
        self.plan = json.loads(json.dumps(plan, sort_keys=True))  # as it reads back from JSON
        self.shape = shape
        self.dtype = None if dtype is None else np.dtype(dtype)
        self.warn = warn if warn is not None else _warn
        self.count = count  # shards in the plan, if known (``run_shards`` tells ``load``)
        self.resumed = 0  # valid shards found by the last ``load``
        self.folder.mkdir(parents=True, exist_ok=True)
        plan_file = self.folder / self.PLAN_FILE
        text = json.dumps(self.plan, sort_keys=True)
        if plan_file.exists():
            try:
                recorded = json.loads(plan_file.read_text())
            except (OSError, ValueError) as exc:
                self.warn(f"{plan_file} is unreadable ({type(exc).__name__}); writing it again")
                _write_atomically(plan_file, text.encode())
                return
            if recorded != self.plan:
                raise DistributedError(
                    f"{self.folder} holds shards of another job; remove it or choose another work folder"
                )
        else:
            _write_atomically(plan_file, text.encode())

    @classmethod
    def in_work_dir(
        cls, work_dir: str | os.PathLike[str] | None, name: str, plan: dict[str, Any], **options: Any
    ) -> ShardStore | None:
        """The store of ``plan`` in its own folder ``NAME-PLANID`` of ``work_dir`` (None without a work folder)."""
        if work_dir is None:
            return None
        return cls(Path(work_dir) / f"{name}-{cls.plan_id(plan)}", plan, **options)

    @staticmethod
    def plan_id(plan: dict[str, Any]) -> str:
        """Short hash of a plan, for naming its folder."""
        return hashlib.sha256(json.dumps(plan, sort_keys=True).encode()).hexdigest()[:12]

    def _path(self, index: int) -> Path:
        return self.folder / f"shard-{index:06d}.npz"

    def _expected(self, index: int) -> tuple[tuple[int, ...] | None, np.dtype | None]:
        shape = self.shape(index) if callable(self.shape) else self.shape
        return (None if shape is None else tuple(shape)), self.dtype

    def _header(self, index: int, array: np.ndarray) -> dict[str, Any]:
        return {
            "format": self.FORMAT,
            "plan": self.plan,
            "index": index,
            "shards": self.count,
            "code": code_version(),
            "shape": list(array.shape),
            "dtype": array.dtype.str,
        }

    def load(self, count: int | None = None) -> dict[int, np.ndarray]:
        """The shards that pass every check, by index (``count``: how many shards the plan has)."""
        if count is not None:
            self.count = count
        done = {}
        for path in sorted(self.folder.iterdir()):
            if path.name == self.PLAN_FILE:
                continue
            match = _SHARD_NAME.fullmatch(path.name)
            if match is None:
                ours = path.name.startswith(("shard-", ".tmp-shard-")) and path.is_file()
                what = "an unfinished write" if path.name.startswith(".tmp-") else "not a shard file of this format"
                self._reject(path, what, remove=ours)
                continue
            index = int(match[1])
            try:
                done[index] = self._read(path, index)
            except _BadShard as exc:
                self._reject(path, str(exc), remove=True)
        self.resumed = len(done)
        return done

    def _reject(self, path: Path, reason: str, *, remove: bool) -> None:
        if remove and path.is_dir() and not path.is_symlink():
            # A folder where the shard is to be written would block its save: moved aside, never deleted.
            aside = path.with_name(f"{path.name}.not-a-shard-{os.getpid()}")
            path.rename(aside)
            self.warn(f"{path} is {reason} (a folder); moved to {aside.name}, the shard is computed again")
        elif remove:
            path.unlink(missing_ok=True)
            self.warn(f"shard file {path} is {reason}; removed, the shard is computed again")
        else:
            self.warn(f"{path} is {reason}; ignored")

    def _read(self, path: Path, index: int) -> np.ndarray:
        header, array = _load_shard(path)
        problem = self._header_problem(header, array, index) or self._mismatch(index, array)
        if problem:
            raise _BadShard(problem)
        return array

    def _header_problem(self, header: Any, array: np.ndarray, index: int) -> str | None:
        """Why a shard file's header does not make it shard ``index`` of this job (None when it does)."""
        if not isinstance(header, dict) or header.get("format") != self.FORMAT:
            return "of an unknown format"
        if header.get("sha256") != _digest(header, array):
            return "corrupt (its checksum does not match its contents)"
        if header.get("plan") != self.plan:
            return "of another job plan"
        if header.get("index") != index:
            return f"a copy of shard {header.get('index')}, not shard {index}"
        if self.count is not None and (header.get("shards") != self.count or index >= self.count):
            return f"of a plan of {header.get('shards')} shards, not {self.count}"
        if header.get("code") != code_version():
            return "computed by another version of pokerlab or of its tables"
        return None

    def _mismatch(self, index: int, value: Any) -> str | None:
        """Why ``value`` is not a result for shard ``index`` (None when it is)."""
        if not isinstance(value, np.ndarray) or value.dtype.kind not in "biuf":
            return f"{type(value).__name__} {str(value)[:80]!r}, not a numeric numpy array"
        shape, dtype = self._expected(index)
        if (shape is not None and value.shape != shape) or (dtype is not None and value.dtype != dtype):
            want = f"{dtype or 'any dtype'} {shape if shape is not None else 'of any shape'}"
            return f"an array {value.dtype} {value.shape}, not {want}"
        return None

    def save(self, index: int, result: np.ndarray) -> None:
        """Keep one shard's result, checked first (a wrong result raises :class:`DistributedError`)."""
        problem = self._mismatch(index, result)
        if self.count is not None and not 0 <= index < self.count:
            problem = f"an index outside the plan's {self.count} shards"
        if problem:
            raise DistributedError(f"shard {index} returned {problem}; not kept")
        array = np.ascontiguousarray(result)
        header = self._header(index, array)
        header["sha256"] = _digest(header, array)
        buffer = io.BytesIO()
        np.savez(buffer, header=np.array(json.dumps(header, sort_keys=True)), counts=array)
        _write_atomically(self._path(index), buffer.getvalue(), prefix=f".tmp-shard-{index:06d}-")

    def clear(self) -> None:
        """Remove the folder once the job's result is written."""
        shutil.rmtree(self.folder, ignore_errors=True)


class _BadShard(Exception):
    """Why a shard file cannot be used."""


def _load_shard(path: Path) -> tuple[Any, np.ndarray]:
    """A shard file's header and counts, as written; :class:`_BadShard` when it cannot be read as a shard archive."""
    if not path.is_file():
        raise _BadShard("not a regular file")
    if path.stat().st_size == 0:
        raise _BadShard("empty")
    try:
        with np.load(path, allow_pickle=False) as data:
            if set(data.files) != {"header", "counts"}:
                raise _BadShard(f"not a shard archive (it holds {sorted(data.files)})")
            return json.loads(str(data["header"])), data["counts"]
    except _BadShard:
        raise
    except Exception as exc:  # whatever cannot be read (truncated, text, .npy) is recomputed
        first = str(exc).split(". ")[0].strip()[:80]
        raise _BadShard(f"unreadable ({type(exc).__name__}: {first})") from None


_SHARD_NAME = re.compile(r"shard-(\d{6})\.npz")


def _warn(message: str) -> None:
    warnings.warn(message, ShardWarning, stacklevel=4)


def _digest(header: dict[str, Any], array: np.ndarray) -> str:
    """SHA-256 of a shard's header (without its checksum) and its array's bytes, shape and dtype."""
    fields = {k: v for k, v in header.items() if k != "sha256"}
    digest = hashlib.sha256(json.dumps(fields, sort_keys=True).encode())
    digest.update(f"|{array.dtype.str}|{array.shape}|".encode())
    digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def _write_atomically(path: Path, data: bytes, prefix: str = ".tmp-") -> None:
    """Write ``data`` to a temporary file beside ``path``, flush it to disk, then rename it over ``path``."""
    fd, tmp = tempfile.mkstemp(prefix=prefix, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@lru_cache(maxsize=1)
def code_version() -> dict[str, str]:
    """What a shard's result depends on besides its plan: pokerlab's version and kernels, and the tables.

    >>> sorted(code_version())
    ['kernels', 'tables']
    """
    from ..evaluator.kernel_cache import cache_key  # the kernel cache's helpers (platformdirs) load on first use

    manifest = hashlib.sha256(Path(tables_dir(), MANIFEST).read_bytes()).hexdigest()
    return {"kernels": cache_key(), "tables": manifest}


def run_shards(
    fn: Callable[..., Any],
    shards: Sequence[tuple[Any, ...]],
    *,
    client: Any = None,
    threads: int | None = None,
    progress: ProgressFn | None = None,
    store: ShardStore | None = None,
    retries: int = 2,
    worker_timeout: float = DEFAULT_WORKER_TIMEOUT,
) -> list[Any]:
    """``[fn(*args) for args in shards]``, run on a thread pool or a Dask ``client``.

    Results come back in plan order whatever order the shards finish in.
    ``progress`` gets the fraction of shards done after each one. With a
    ``store``, shards already in it (and valid) are not run again and each new
    result is checked and saved as it arrives (results must then be numpy
    arrays). ``retries``: how often Dask reruns a shard that raised (a lost
    worker's shards are rerun regardless). On Dask, a cluster left without
    workers for ``worker_timeout`` seconds, or a lost scheduler, stops the run
    with a :class:`DistributedError` (finished shards stay in the store).

    >>> run_shards(divmod, [(7, 2), (9, 4)])
    [(3, 1), (2, 1)]
    """
    results: list[Any] = [None] * len(shards)
    done = store.load(len(shards)) if store is not None else {}
    for i, value in done.items():
        results[i] = value
    todo = [i for i in range(len(shards)) if i not in done]
    finished = len(shards) - len(todo)

    def record(i: int, value: Any) -> None:
        nonlocal finished
        if store is not None:
            store.save(i, value)
        results[i] = value
        finished += 1
        if progress is not None:
            progress(finished / len(shards))

    def stopped(reason: str) -> DistributedError:
        kept = f"; they are kept in {store.folder}, run again to resume" if store is not None and finished else ""
        return DistributedError(f"{reason}; {finished} of {len(shards)} shards had finished{kept}")

    if not todo:
        if progress is not None:
            progress(1.0)
    elif client is not None:
        _run_on_dask(client, fn, shards, todo, record, stopped, retries, worker_timeout)
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


def _run_on_dask(
    client: Any,
    fn: Callable[..., Any],
    shards: Sequence[tuple[Any, ...]],
    todo: list[int],
    record: Callable[[int, Any], None],
    stopped: Callable[[str], DistributedError],
    retries: int,
    worker_timeout: float,
) -> None:
    """Submit the shards and record each result as it comes; every wait is bounded.

    A cancelled future (the scheduler connection was lost) or a cluster without
    workers for ``worker_timeout`` seconds ends the run; a shard that raised
    raises here (after Dask's ``retries``). Only finished futures' values reach
    ``record``, never an exception object.
    """
    from distributed import as_completed  # dask

    address = getattr(client.scheduler, "address", "?")
    futures = {client.submit(fn, *shards[i], pure=False, retries=retries): i for i in todo}
    pending = as_completed(list(futures), loop=client.loop)
    idle_since: float | None = None
    refetched: dict[Any, int] = {}
    next_check = time.monotonic() + 1.0
    try:
        while not pending.is_empty():
            if not pending.has_ready():
                now = time.monotonic()
                if now >= next_check:
                    next_check = now + 1.0
                    idle_since = _check_cluster(client, address, idle_since, now, worker_timeout, stopped)
                time.sleep(0.02)
                continue
            for future in pending.next_batch(block=False):
                value = _fetch(client, address, future, pending, refetched, stopped, worker_timeout)
                if value is not _WAIT_AGAIN:
                    record(futures[future], value)
                    future.release()
    finally:
        for future in futures:
            if not future.done():
                future.cancel()


_WAIT_AGAIN = object()  # what _fetch returns for a shard put back to wait for (never a shard's value)


def _fetch(
    client: Any,
    address: str,
    future: Any,
    pending: Any,
    refetched: dict[Any, int],
    stopped: Callable[[str], DistributedError],
    worker_timeout: float,
) -> Any:
    """The value of a future that ``pending`` gave as done, or :data:`_WAIT_AGAIN` when it is put back to wait for.

    A shard that raised raises here; a lost or cancelled shard that cannot be waited for again stops the run.
    """
    if future.status == "error":
        future.result()  # raises the shard's own exception
    if future.status != "finished":
        if future.status in ("lost", "pending") and _wait_again(client, future, pending, refetched):
            return _WAIT_AGAIN
        raise stopped(_lost(client, address, f"a shard's status is {future.status}"))
    try:
        value = future.result(timeout=max(worker_timeout, 10.0))
    except OSError:  # CommClosedError, TimeoutError: the worker holding it, or the scheduler, went away
        if _wait_again(client, future, pending, refetched):
            return _WAIT_AGAIN
        raise stopped(f"lost the connection to the Dask scheduler at {address} mid-run") from None
    except Exception as exc:  # a cancelled future (CancelledError) or anything else that stops a fetch
        raise stopped(_lost(client, address, f"a shard could not be fetched: {exc!r:.120}")) from None
    if isinstance(value, BaseException):
        raise stopped(f"a shard came back as {value!r:.120} from the Dask cluster at {address}")
    return value


MAX_REFETCH = 3  # times one shard is waited for again after the worker holding its result died


def _wait_again(client: Any, future: Any, pending: Any, refetched: dict[Any, int]) -> bool:
    """Wait again for a shard whose worker died after computing it, while the scheduler is up (it recomputes it)."""
    if client.status != "running" or _scheduler_gone(client) or refetched.get(future, 0) >= MAX_REFETCH:
        return False
    refetched[future] = refetched.get(future, 0) + 1
    pending.add(future)
    return True


def _lost(client: Any, address: str, detail: str) -> str:
    """Why a run on Dask stopped: the scheduler connection, or else ``detail``."""
    if client.status != "running" or _scheduler_gone(client):
        return f"lost the connection to the Dask scheduler at {address} mid-run"
    return f"{detail} on the Dask cluster at {address}"


def _scheduler_gone(client: Any) -> bool:
    comm = getattr(client, "scheduler_comm", None)
    return comm is None or comm.comm is None or comm.comm.closed()


def _check_cluster(
    client: Any,
    address: str,
    idle_since: float | None,
    now: float,
    worker_timeout: float,
    stopped: Callable[[str], DistributedError],
) -> float | None:
    """Raise once the cluster has had no workers (or no scheduler) for ``worker_timeout`` s; else the idle start."""
    if client.status in ("closing", "closed", "failed"):
        raise stopped(f"the Dask client for {address} is {client.status}")
    try:
        workers = len(client.nthreads(callback_timeout=5)) if client.status == "running" else 0
    except Exception:  # no answer from the scheduler counts as no workers
        workers = 0
    if workers:
        return None
    if idle_since is None:
        return now
    if now - idle_since >= worker_timeout:
        raise stopped(f"the Dask cluster at {address} has had no workers for {worker_timeout:g} s")
    return idle_since
