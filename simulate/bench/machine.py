"""The machine a benchmark ran on: CPU model, cores, OS, and the versions that matter.

>>> info = machine_info()
>>> sorted(k for k in ("cpu", "cores", "python", "numpy", "numba") if k in info)
['cores', 'cpu', 'numba', 'numpy', 'python']
"""

from __future__ import annotations

import importlib.metadata
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy

from ...threads import available_cores


def version(dist: str) -> str | None:
    """Installed version of a distribution, or None."""
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def cpu_model() -> str:
    """The CPU's marketing name where the OS tells it (Linux, macOS, Windows), else the architecture."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Hardware", "cpu model")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    if sys.platform == "darwin":
        try:
            out = subprocess.run(
                ["sysctl", "-n", "machdep.cpu.brand_string"], capture_output=True, text=True, timeout=5
            )
            if out.stdout.strip():
                return out.stdout.strip()
        except (OSError, subprocess.SubprocessError):
            pass
    return platform.processor() or platform.machine() or "unknown CPU"


def compiled_per_call() -> bool:
    """Whether ``evaluate`` runs the compiled (Cython) per-call evaluator; without it, a source tree or a broken
    build, it runs the same tables in pure Python, several times slower, and every per-call figure says so.

    >>> isinstance(compiled_per_call(), bool)
    True
    """
    from ...evaluator import api  # the evaluator loads only when asked: importing the bench does not load it

    return api.HAS_COMPILED_EVALUATOR


def load_average() -> list[float] | None:
    """The 1, 5 and 15-minute load averages, to two places (None where the system has none).

    >>> load = load_average()
    >>> load is None or len(load) == 3
    True
    """
    return [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None


def machine_info() -> dict[str, Any]:
    """CPU, cores (all and usable by this process), OS, Python, numpy, numba and pokerlab versions, and whether
    the per-call evaluator is the compiled one."""
    import numba

    usable = available_cores()
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "load_average": load_average(),
        "os": platform.platform(terse=True),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "numba": numba.__version__,
        "numba_threads": numba.get_num_threads(),
        "pokerlab": version("pokerlab") or "not installed (source tree)",
        "compiled_per_call": compiled_per_call(),
    }
