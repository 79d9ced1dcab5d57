"""One pool of threads for the process, for compiled kernels that release the GIL (numba ``nogil``
kernels, the Cython evaluator's batch loops): numpy-free and numba-free, so any layer can use it.

>>> on_threads([lambda: 1, lambda: 2])
[1, 2]
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def on_threads(calls: Sequence[Callable[[], Any]]) -> list[Any]:
    """Run ``calls`` at once, one thread each, on a pool kept for the process; their results in order.

    For kernels that release the GIL: each thread runs the one serial kernel on its part of the work,
    so no second, parallel (``prange``) kernel is compiled for the threads.

    >>> on_threads([lambda: "a"])
    ['a']
    """
    global _pool, _pool_size
    others = len(calls) - 1  # the first call runs on this thread: one hand-off fewer per block
    if others <= 0:
        return [call() for call in calls]  # nothing to hand off: no pool (and no concurrent.futures import)
    from concurrent.futures import ThreadPoolExecutor  # 6 ms: imported by the first run on threads

    with _pool_lock:
        if _pool is None or _pool_size < others:
            if _pool is not None:
                _pool.shutdown(wait=False)
            _pool, _pool_size = ThreadPoolExecutor(max_workers=others, thread_name_prefix="pokerlab"), others
        pool = _pool
    futures = [pool.submit(call) for call in calls[1:]]
    first = calls[0]()
    return [first, *(future.result() for future in futures)]


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one).

    >>> available_cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
