"""Where pokerlab's compiled numba kernels are cached, and the ``njit`` every kernel module uses.

numba's own locators write ``*.nbi``/``*.nbc`` files next to the sources,
which for an installed copy means inside site-packages: pip's uninstall
leaves them behind (as folders that import as empty namespace packages),
and a read-only install cannot cache at all. Here pokerlab's kernels are
cached in a per-user directory instead:

- ``$POKERLAB_CACHE_DIR`` if set, else ``kernels`` in the platform's user
  cache directory (``platformdirs.user_cache_dir("pokerlab")``);
- under a key that changes with pokerlab's version, Python's and numba's,
  and a hash of every kernel source file. numba checks each function
  against its own file only; a kernel that calls a helper of another
  module would otherwise keep stale code when only the helper changes.

When that directory cannot be written, kernels are compiled in every
process, with one line on stderr saying so. Nothing is ever written inside
the installed package.

Every cached kernel must be a module-level function: numba names a cache
entry by module, qualified name and line, so two closures made by one
factory share entries and one process can load the other's code. The test
suite checks this rule over every kernel module.

>>> key_dir = cache_dir()
>>> key_dir.parent == cache_root() and key_dir.name.startswith("pokerlab-")
True
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
from numba.core import caching as _caching, event as _event

from .. import compiles
from .kernel_cache import (  # re-exported: the cache's place and contents, read without numba
    ENV_VAR,
    KERNEL_PACKAGES,
    PACKAGE_ROOT,
    CacheInfo,
    cache_dir,
    cache_enabled,
    cache_info,
    cache_key,
    cache_root,
    clear_cache,
)

__all__ = [
    "ENV_VAR",
    "CacheInfo",
    "cache_dir",
    "cache_enabled",
    "cache_info",
    "cache_key",
    "cache_root",
    "clear_cache",
    "njit",
]


class PokerlabCacheLocator(_caching._SourceFileBackedLocatorMixin, _caching._CacheLocator):
    """numba cache locator for the functions of pokerlab's own packages: :func:`cache_dir` / package path."""

    def __init__(self, py_func: Callable[..., Any], py_file: str) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        relative = Path(py_file).resolve().parent.relative_to(PACKAGE_ROOT)
        self._cache_path = str(cache_dir().joinpath(*relative.parts))

    def get_cache_path(self) -> str:
        return self._cache_path

    @classmethod
    def from_function(cls, py_func: Callable[..., Any], py_file: str) -> PokerlabCacheLocator | None:
        path = Path(py_file).resolve()
        if path.parent == PACKAGE_ROOT or PACKAGE_ROOT not in path.parents:
            return None
        if path.relative_to(PACKAGE_ROOT).parts[0] not in KERNEL_PACKAGES:
            return None
        return super().from_function(py_func, py_file)


def _install_locator() -> None:
    impl = getattr(_caching, "CacheImpl", None) or getattr(_caching, "_CacheImpl")  # noqa: B009  (renamed in numba 0.61)
    if PokerlabCacheLocator not in impl._locator_classes:
        impl._locator_classes.insert(0, PokerlabCacheLocator)


_install_locator()


class _CompileReporter(_event.Listener):
    """Tells :mod:`pokerlab.compiles` when a top-level compile of one of pokerlab's kernels starts.

    numba fires ``numba:compile`` for each function it compiles (on a cache miss only), nested ones
    inside their caller's: only the outermost pokerlab kernel is reported.
    """

    def __init__(self) -> None:
        self.depth = 0  # compiles under way

    def on_start(self, event: Any) -> None:
        self.depth += 1
        dispatcher = event.data.get("dispatcher")
        module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
        if self.depth == 1 and module.startswith("pokerlab."):
            compiles.compiling(f"{module}.{dispatcher.py_func.__name__}")

    def on_end(self, event: Any) -> None:
        self.depth -= 1


class _PreparationTimer(_event.Listener):
    """Tells :mod:`pokerlab.compiles` when numba holds its compiler lock: loading a kernel or compiling it."""

    def on_start(self, event: Any) -> None:
        compiles.preparing()

    def on_end(self, event: Any) -> None:
        compiles.prepared()


_event.register("numba:compile", _CompileReporter())
_event.register("numba:compiler_lock", _PreparationTimer())


def njit(*args: Any, **options: Any) -> Any:
    """numba's ``njit``, caching (``cache=True``) in :func:`cache_dir`, or not at all when it is unwritable.

    >>> @njit  # a kernel module writes @njit(cache=True) on a module-level function
    ... def twice(x):
    ...     return 2 * x
    >>> twice(21)
    42
    """
    if options.get("cache") and not cache_enabled():
        options["cache"] = False
    return numba.njit(*args, **options)
