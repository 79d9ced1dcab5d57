"""Where pokerlab's compiled numba kernels are cached, under which key, and what the cache holds.

Read without numba (``pokerlab cache`` shows and clears the cache without importing it);
:mod:`.jit` points numba's cache at :func:`cache_dir`. The folder is
``$POKERLAB_CACHE_DIR`` if set, else ``kernels`` in the platform's user cache directory
(``platformdirs.user_cache_dir("pokerlab")``); the key changes with pokerlab's version,
Python's and numba's, the checkout's path, and a hash of every kernel source file (numba checks
each function against its own file only: a kernel calling a helper of another module would
otherwise keep stale code when only the helper changes).

A wheel (setup.py builds them into every one) also ships kernels compiled for a portable CPU
(:data:`PORTABLE_CPUS`) in the read-only folder :func:`shipped_dir`, consulted after the user's cache:
its key has no path (the sources' contents, Python's and numba's versions), and an entry is loaded
only when :func:`portable_entry_fits` the host.

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
#: ``off``: never load the kernels shipped in the package (``pokerlab cache warm`` builds natively); or another folder.
SHIPPED_ENV_VAR = "POKERLAB_SHIPPED_KERNELS"
# The packages whose source files hold kernels (siblings of this package's folder).
PACKAGE_ROOT = Path(__file__).resolve().parent.parent
KERNEL_PACKAGES = ("evaluator", "simulate")
_KERNEL_MARK = b"@njit("
#: The read-only folder of prebuilt kernels inside the installed package (written only when a wheel is built).
SHIPPED_ROOT = PACKAGE_ROOT / "_kernels"
#: The CPU the shipped kernels are compiled for: LLVM's baseline of the platform, which every host of it runs.
PORTABLE_CPU = "generic"
#: The LLVM CPU names a shipped entry may be compiled for, and the host features each one needs (x86-64 levels).
PORTABLE_CPUS: dict[str, frozenset[str]] = {
    "generic": frozenset(),
    "x86-64": frozenset(),
    "x86-64-v2": frozenset({"cx16", "sahf", "popcnt", "sse3", "sse4.1", "sse4.2", "ssse3"}),
    "x86-64-v3": frozenset(
        {"cx16", "sahf", "popcnt", "sse3", "sse4.1", "sse4.2", "ssse3"}
        | {"avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave"}
    ),
}


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
def _sources_digest() -> bytes:
    """A hash of every kernel source file's name (relative to the package) and contents."""
    digest = hashlib.sha256()
    for path, source in _kernel_sources():
        digest.update(path.relative_to(PACKAGE_ROOT).as_posix().encode())
        digest.update(hashlib.sha256(source).digest())
    return digest.digest()


def _python() -> str:
    return f"py{sys.version_info.major}{sys.version_info.minor}"


@lru_cache(maxsize=1)
def cache_key() -> str:
    """pokerlab's, Python's and numba's versions and a hash of the checkout's path and kernels, as a folder name."""
    # The checkout's own path is part of the key: numba before 0.59 stamps each index with its source file's
    # mtime, so two checkouts of the same sources sharing one folder would recompile each other's kernels.
    digest = hashlib.sha256(str(PACKAGE_ROOT).encode() + _sources_digest()).hexdigest()[:12]
    return f"pokerlab-{_version()}-{_python()}-numba{_version('numba')}-{digest}"


@lru_cache(maxsize=1)
def shipped_key() -> str:
    """The folder name of the shipped kernels: the portable CPU, Python's and numba's versions, the sources' hash.

    No path and no install metadata: the same sources built anywhere give the same key.

    >>> shipped_key().startswith(f"portable-{PORTABLE_CPU}-py")
    True
    """
    return f"portable-{PORTABLE_CPU}-{_python()}-numba{_version('numba')}-{_sources_digest().hex()[:12]}"


def shipped_root() -> Path | None:
    """Where prebuilt kernels are looked for: the package's own folder, another one, or ``None`` (turned off).

    ``POKERLAB_SHIPPED_KERNELS`` is ``off`` (never load prebuilt kernels), a folder of ``portable-*`` keys
    (a read-only copy made elsewhere), or unset (the package's :data:`SHIPPED_ROOT`).

    >>> shipped_root() in (SHIPPED_ROOT, None) or bool(os.environ.get(SHIPPED_ENV_VAR))
    True
    """
    setting = os.environ.get(SHIPPED_ENV_VAR, "").strip()
    if setting.lower() in ("off", "0", "no", "false"):
        return None
    if setting.lower() in ("", "on", "1", "yes", "true"):
        return SHIPPED_ROOT
    return Path(setting).expanduser()


def shipped_dir() -> Path | None:
    """The folder of prebuilt kernels for this key (in :func:`shipped_root`), or ``None`` (none, or turned off)."""
    root = shipped_root()
    folder = None if root is None else root / shipped_key()
    return folder if folder is not None and folder.is_dir() else None


def portable_entry_fits(magic: Any, host_triple: str, host_features: frozenset[str] | set[str]) -> bool:
    """Whether a shipped cache entry compiled for ``magic`` (numba's ``(triple, cpu, features)``) runs here.

    Only entries for this host's triple and a portable CPU whose features the host has all fit; an entry
    built for a named CPU (``"skylake"``), or asking for a feature (``"+avx512f"``) the host lacks, never does.

    >>> portable_entry_fits(("x86_64-unknown-linux-gnu", "generic", ""), "x86_64-unknown-linux-gnu", set())
    True
    >>> portable_entry_fits(("x86_64-unknown-linux-gnu", "skylake", ""), "x86_64-unknown-linux-gnu", {"avx2"})
    False
    """
    if not (isinstance(magic, tuple) and len(magic) == 3 and all(isinstance(part, str) for part in magic)):
        return False
    triple, cpu, features = magic
    if triple != host_triple or cpu not in PORTABLE_CPUS or not PORTABLE_CPUS[cpu] <= set(host_features):
        return False
    wanted = {flag[1:] for flag in features.split(",") if flag.startswith("+")}
    return wanted <= set(host_features)


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
