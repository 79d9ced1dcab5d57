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

A kernel missing from that cache is looked up next among the kernels shipped
in a wheel built with them (:func:`~.kernel_cache.shipped_dir`), compiled
for a portable CPU: an entry is loaded only when its signature, bytecode,
source hash, numba version and Python match, and its CPU target
:func:`~.kernel_cache.portable_entry_fits` this host. Nothing loaded from
there is written to the user's cache, so the native build
(``pokerlab cache warm``, or any compile) takes over once it is there.

Every cached kernel must be a module-level function: numba names a cache
entry by module, qualified name and line, so two closures made by one
factory share entries and one process can load the other's code. The test
suite checks this rule over every kernel module.

>>> key_dir = cache_dir()
>>> key_dir.parent == cache_root() and key_dir.name.startswith("pokerlab-")
True
"""

from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import subprocess
import sys
import time
from collections.abc import Callable
from functools import cache, lru_cache
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
    portable_entry_fits,
    shipped_dir,
)

#: Set to ``off`` to keep a process that loaded shipped (portable) kernels from starting the native build.
NATIVE_BUILD_ENV_VAR = "POKERLAB_NATIVE_BUILD"
#: The file in the user's cache folder that says a background native build was started (its process id).
NATIVE_BUILD_MARK = "native-build.pid"
#: After this long a mark is taken for a build that died, and another may start.
NATIVE_BUILD_PATIENCE_S = 1800.0

__all__ = [
    "ENV_VAR",
    "NATIVE_BUILD_ENV_VAR",
    "ShippedFallbackCache",
    "start_native_build",
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
        self.relative_parts = Path(py_file).resolve().parent.relative_to(PACKAGE_ROOT).parts
        self._cache_path = str(cache_dir().joinpath(*self.relative_parts))

    def get_cache_path(self) -> str:
        return self._cache_path

    def get_source_stamp(self) -> bytes:
        # The contents' hash, whatever numba's version: pip keeps no mtimes, and a shipped entry must match anywhere.
        return _source_hash(self._py_file)

    @classmethod
    def from_function(cls, py_func: Callable[..., Any], py_file: str) -> PokerlabCacheLocator | None:
        path = Path(py_file).resolve()
        if path.parent == PACKAGE_ROOT or PACKAGE_ROOT not in path.parents:
            return None
        if path.relative_to(PACKAGE_ROOT).parts[0] not in KERNEL_PACKAGES:
            return None
        return super().from_function(py_func, py_file)


@cache
def _source_hash(path: str) -> bytes:
    return hashlib.sha256(Path(path).read_bytes()).digest()


@lru_cache(maxsize=1)
def _host() -> tuple[str, frozenset[str]]:
    """This process's target triple and the CPU features the host has (LLVM's names)."""
    import llvmlite.binding as ll

    features = frozenset(name for name, enabled in ll.get_host_cpu_features().items() if enabled)
    return ll.get_process_triple(), features


class ShippedFallbackCache(_caching.FunctionCache):
    """numba's per-function cache in the user's folder, falling back on the kernels shipped in the package.

    Saving goes to the user's folder only (never inside the package), and not at all when it cannot be written.
    """

    def __init__(self, py_func: Callable[..., Any], writable: bool) -> None:
        super().__init__(py_func)
        self._writable = writable
        self._shipped: _caching.IndexDataCacheFile | None = None
        shipped, locator = shipped_dir(), self._impl.locator
        if shipped is not None and isinstance(locator, PokerlabCacheLocator):
            self._shipped = _caching.IndexDataCacheFile(
                cache_path=str(shipped.joinpath(*locator.relative_parts)),
                filename_base=self._impl.filename_base,
                source_stamp=locator.get_source_stamp(),
            )

    def _load_overload(self, sig: Any, target_context: Any) -> Any:
        data = super()._load_overload(sig, target_context) if self._writable else None
        if data is None and self._enabled and self._shipped is not None:
            data = self._load_shipped(sig, target_context)
        return data

    def _load_shipped(self, sig: Any, target_context: Any) -> Any:
        wanted_sig, _, wanted_code = self._index_key(sig, target_context.codegen())
        try:
            # numba's index reader checks the numba version and the source stamp; the entry's CPU is checked here.
            overloads = self._shipped._load_index() if self._shipped is not None else {}
        except (OSError, EOFError, ValueError, TypeError, AttributeError, ImportError, pickle.UnpicklingError):
            return None
        host_triple, host_features = _host()
        for key, data_name in overloads.items():
            if not (isinstance(key, tuple) and len(key) == 3 and key[0] == wanted_sig and key[2] == wanted_code):
                continue
            if not portable_entry_fits(key[1], host_triple, host_features):
                continue
            try:
                data = self._shipped._load_data(data_name)  # type: ignore[union-attr]
            except (OSError, EOFError, ValueError, TypeError, AttributeError, ImportError, pickle.UnpicklingError):
                return None
            rebuilt = self._impl.rebuild(target_context, data)
            compiles.loaded_shipped(f"{self._py_func.__module__}.{self._py_func.__name__}")
            _build_natively_at_exit()
            return rebuilt
        return None

    def _save_overload(self, sig: Any, data: Any) -> None:
        if self._writable:
            super()._save_overload(sig, data)


@lru_cache(maxsize=1)
def _build_natively_at_exit() -> None:
    atexit.register(start_native_build)


def start_native_build() -> int | None:
    """Start ``pokerlab cache warm`` at the lowest priority in the background, once per cache key; its pid.

    Called as a process that loaded shipped (portable) kernels exits: the native build then fills the
    user's cache, which is consulted first. Not when ``POKERLAB_NATIVE_BUILD=off``, when the cache cannot be
    written, or while another such build is under way (:data:`NATIVE_BUILD_MARK`).
    """
    if os.environ.get(NATIVE_BUILD_ENV_VAR, "").lower() in ("off", "0", "no", "false") or not cache_enabled():
        return None
    mark = cache_dir() / NATIVE_BUILD_MARK
    try:
        if time.time() - mark.stat().st_mtime < NATIVE_BUILD_PATIENCE_S:
            return None
        mark.unlink()
    except FileNotFoundError:
        pass
    try:
        fd = os.open(mark, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except OSError:  # another process got there first
        return None
    env = dict(os.environ, POKERLAB_CACHE_DIR=str(cache_root()))
    command = [sys.executable, "-m", "pokerlab", "cache", "warm", "--processes", "1", "--low-priority"]
    try:
        child = subprocess.Popen(
            command,
            env=env,
            cwd=mark.parent,  # not the caller's folder: from a checkout, ``-m pokerlab`` would import its source tree
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:
        os.close(fd)
        mark.unlink(missing_ok=True)
        return None
    os.write(fd, str(child.pid).encode())
    os.close(fd)
    return child.pid


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


def _with_shipped_fallback(dispatcher: Any) -> Any:
    dispatcher._cache = ShippedFallbackCache(dispatcher.py_func, cache_enabled())
    return dispatcher


def njit(*args: Any, **options: Any) -> Any:
    """numba's ``njit``, caching (``cache=True``) in :func:`cache_dir` (never when it is unwritable), and loading
    the package's shipped kernels (:class:`ShippedFallbackCache`) for what that cache lacks.

    >>> @njit  # a kernel module writes @njit(cache=True) on a module-level function
    ... def twice(x):
    ...     return 2 * x
    >>> twice(21)
    42
    """
    made = numba.njit(*args, **options)
    if not options.get("cache"):
        return made
    if args and callable(args[0]):
        return _with_shipped_fallback(made)
    return lambda py_func: _with_shipped_fallback(made(py_func))
