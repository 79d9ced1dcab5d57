"""Where pokerlab's compiled numba kernels are cached, under which key, and what the cache holds.

Read without numba (``pokerlab cache`` shows and clears the cache without importing it);
:mod:`.jit` points numba's cache at :func:`cache_dir`. The folder is
``$POKERLAB_CACHE_DIR`` if set, else ``kernels`` in the platform's user cache directory
(``platformdirs.user_cache_dir("pokerlab")``); the key changes with pokerlab's version,
Python's and numba's, the checkout's path, and a hash of every kernel source file (numba checks
each function against its own file only: a kernel calling a helper of another module would
otherwise keep stale code when only the helper changes).

>>> key_dir = cache_dir()
>>> key_dir.parent == cache_root() and key_dir.name.startswith("pokerlab-")
True
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from platformdirs import user_cache_dir

ENV_VAR = "POKERLAB_CACHE_DIR"
# The packages whose source files hold kernels (siblings of this package's folder).
PACKAGE_ROOT = Path(__file__).resolve().parent.parent
KERNEL_PACKAGES = ("evaluator", "simulate")
_KERNEL_MARK = b"@njit("


def cache_root() -> Path:
    """The folder that holds one subfolder of compiled kernels per key (see :func:`cache_dir`)."""
    configured = os.environ.get(ENV_VAR)
    if configured:
        return Path(configured).expanduser().resolve()

    return Path(user_cache_dir("pokerlab", appauthor=False)).resolve() / "kernels"


def _kernel_sources() -> list[tuple[Path, bytes]]:
    """Every source file of pokerlab's packages that defines a numba kernel, with its contents (read once)."""
    files = []
    for package in KERNEL_PACKAGES:
        for path in sorted((PACKAGE_ROOT / package).rglob("*.py")):
            source = path.read_bytes()
            if _KERNEL_MARK in source:
                files.append((path, source))
    return files


def _version(package: str = "pokerlab") -> str:
    """A package's installed version, read without importing it (numba's costs a third of a second)."""
    try:
        return version(package)
    except PackageNotFoundError:  # a source tree used without installing
        return "source"


@lru_cache(maxsize=1)
def cache_key() -> str:
    """pokerlab's, Python's and numba's versions and a hash of the checkout's path and kernels, as a folder name."""
    # The checkout's own path is part of the key: numba stamps each index with its source file's
    # mtime, so two checkouts of the same sources sharing one folder would recompile each other's kernels.
    digest = hashlib.sha256(str(PACKAGE_ROOT).encode())
    for path, source in _kernel_sources():
        digest.update(path.relative_to(PACKAGE_ROOT).as_posix().encode())
        digest.update(hashlib.sha256(source).digest())
    python = f"py{sys.version_info.major}{sys.version_info.minor}"
    return f"pokerlab-{_version()}-{python}-numba{_version('numba')}-{digest.hexdigest()[:12]}"


def cache_dir() -> Path:
    """The folder this process caches its kernels in (``cache_root() / cache_key()``)."""
    return cache_root() / cache_key()


@lru_cache(maxsize=1)
def cache_enabled() -> bool:
    """Whether kernels can be cached on disk; if not, says so once on stderr."""
    path = cache_dir()
    try:
        path.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        print(
            f"pokerlab: cannot write the kernel cache at {path} ({reason}); kernels are compiled in every "
            f"process (set {ENV_VAR} to a writable folder)",
            file=sys.stderr,
        )
        return False
    return True


@dataclass(frozen=True)
class CacheInfo:
    """What the kernel cache holds: its folder, this process's key, and the files and bytes per key."""

    root: str
    key: str
    writable: bool
    keys: dict[str, tuple[int, int]]  # key -> (files, bytes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "root": self.root,
            "key": self.key,
            "writable": self.writable,
            "keys": [
                {"key": k, "files": f, "bytes": b, "current": k == self.key} for k, (f, b) in sorted(self.keys.items())
            ],
            "files": sum(f for f, _ in self.keys.values()),
            "bytes": sum(b for _, b in self.keys.values()),
        }


def cache_info() -> CacheInfo:
    """Where the kernel cache is and what it holds (nothing is created).

    >>> info = cache_info()
    >>> info.key == cache_key() and set(info.to_dict()) >= {"root", "files", "bytes"}
    True
    """
    root = cache_root()
    keys: dict[str, tuple[int, int]] = {}
    if root.is_dir():
        for sub in sorted(root.iterdir()):
            if sub.is_dir() and not sub.is_symlink() and sub.name.startswith("pokerlab-"):
                files = [p for p in sub.rglob("*") if p.is_file() and not p.is_symlink()]
                keys[sub.name] = (len(files), sum(p.stat().st_size for p in files))
    return CacheInfo(str(root), cache_key(), _can_create(root), keys)


def _can_create(folder: Path) -> bool:
    """Whether ``folder`` is, or could be made, a writable folder: its nearest existing ancestor decides."""
    while not folder.exists():
        if folder.parent == folder:
            return False
        folder = folder.parent
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def clear_cache(stale_only: bool = False) -> int:
    """Delete the compiled kernels (only other keys' when ``stale_only``); returns the files removed.

    Only ``pokerlab-*`` folders of :func:`cache_root` are touched, so a cache
    folder shared with other files is safe.
    """
    root = cache_root()
    removed = 0
    if not root.is_dir():
        return 0
    for sub in root.iterdir():
        if not sub.name.startswith("pokerlab-") or (stale_only and sub.name == cache_key()):
            continue
        if sub.is_symlink():  # a link is removed, never followed: what it points to is not the cache's
            sub.unlink()
            removed += 1
        elif sub.is_dir():
            removed += sum(1 for p in sub.rglob("*") if p.is_file() and not p.is_symlink())
            shutil.rmtree(sub)
    return removed
