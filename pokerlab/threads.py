"""One pool of threads for the process, for compiled kernels that release the GIL (numba ``nogil``
kernels, the Cython evaluator's batch loops): numpy-free and numba-free, so any layer can use it.

>>> on_threads([lambda: 1, lambda: 2])
[1, 2]
"""

from __future__ import annotations

import _thread
import os
import sys

# typing.TYPE_CHECKING without typing, and _thread's lock without threading: the Omaha evaluator imports this module
# on every command-line answer's path, and the two imports would cost it milliseconds of start-up.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import threading
    from collections.abc import Callable, Sequence
    from concurrent.futures import ThreadPoolExecutor
    from typing import Any

_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = _thread.allocate_lock()  # what threading.Lock() makes
_PREFIX = "pokerlab"  # the pool's threads are named pokerlab_0, pokerlab_1...


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
            _pool, _pool_size = ThreadPoolExecutor(max_workers=others, thread_name_prefix=_PREFIX), others
        pool = _pool
    futures = [pool.submit(call) for call in calls[1:]]
    first = calls[0]()
    return [first, *(future.result() for future in futures)]


def other_threads() -> list[threading.Thread]:
    """The threads running beside the calling one, the pool's left out: between calls of :func:`on_threads` they
    wait for work and hold nothing, so a fork may leave them behind (a forked child starts a pool of its own).

    >>> import threading
    >>> threading.current_thread() in other_threads()
    False
    """
    import threading  # here: the per-call paths that import this module start no thread

    here = threading.current_thread()
    return [t for t in threading.enumerate() if t is not here and not t.name.startswith(_PREFIX + "_")]


def _forget_the_pool() -> None:
    """In a forked child: the pool's threads were not copied, so the child makes a pool of its own if it needs one."""
    global _pool, _pool_size, _pool_lock
    _pool, _pool_size, _pool_lock = None, 0, _thread.allocate_lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_the_pool)


def can_fork() -> bool:
    """Whether worker processes may be forked: on Linux, while no thread runs beside this one but pokerlab's own
    idle pool (:func:`other_threads`). A fork starts a worker in milliseconds and runs nothing of the caller again;
    it copies no other thread, so a lock another thread holds would stay held in the worker. Spawn, the other way,
    runs the caller's main script again in every worker, and hangs on a script that starts a thread outside
    ``if __name__ == "__main__"``; macOS's system libraries are not safe to fork. Elsewhere the work stays in this
    process.

    >>> isinstance(can_fork(), bool)
    True
    """
    return sys.platform == "linux" and not other_threads()


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C is left to the parent, which stops the pool, so one interrupt prints
    one message.

    >>> import signal
    >>> before = signal.getsignal(signal.SIGINT)
    >>> ignore_interrupts(); signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    True
    >>> _ = signal.signal(signal.SIGINT, before)
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: The most workers (processes or threads) a caller may ask for: more than the cores of any machine this runs on,
#: so a larger number is a slip, refused rather than tried (a worker process is tens of megabytes).
MAX_JOBS = 1024


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one).

    >>> available_cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
