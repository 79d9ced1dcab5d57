"""Loaded by the jobs' fork server: the solver's kernels read from the kernel cache once, for every job it forks.

Browsing a solved tree runs one ``pokerlab solve show`` per node, each in a process of its own; without this
each would load the solver and evaluator kernels again (most of a second a node). Importing this module makes
one tiny river solve, single-threaded with serial kernels only (no thread pool: a forked child could not use
one), so that the forked processes find the kernels loaded.

Only when the kernel cache holds the solver's kernels already: on a cold cache the solve would compile them
first (many seconds), and the fork server starts with the first job, whatever its command.

>>> isinstance(WARMED, bool)
True
"""

from __future__ import annotations

import threading

__all__ = ["WARMED", "solver_kernels_cached"]


def solver_kernels_cached() -> bool:
    """Whether the kernel cache (the user's, or the one shipped in the wheel) holds solver kernels.

    >>> isinstance(solver_kernels_cached(), bool)
    True
    """
    # The kernel cache's helpers load numba's configuration: only when the server warms up, never on import.
    from pokerlab.evaluator.jit import cache_dir, cache_enabled
    from pokerlab.evaluator.kernel_cache import shipped_dir  # as the line above

    folders = [cache_dir()] if cache_enabled() else []
    shipped = shipped_dir()
    if shipped is not None:
        folders.append(shipped)
    return any(any((folder / "simulate" / "solver").glob("cfr_kernels.*.nbi")) for folder in folders)


def _warm() -> bool:
    if not solver_kernels_cached():
        return False
    # only with cached kernels: compiling them would hold up the start
    from pokerlab.simulate.solver.holdem import solve

    threads = threading.active_count()
    solve("2s3h4d6c7c", "AsAh", "KsKh", pot=10, stack=10, max_iterations=1, threads=1)
    return threading.active_count() == threads  # a thread left running would be lost in every forked process


WARMED = _warm()
