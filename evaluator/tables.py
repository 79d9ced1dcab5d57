"""Loading the shipped lookup tables, checked against their manifest (``table_build`` rebuilds them).

Tables are ``.npy`` files plus ``manifest.json`` (name, dtype, shape, sha256)
in the project's ``tables/`` folder, installed as package data
``evaluator/_tables``. They are read once per process and checked against
the manifest.

Rebuild them (offline, about half a minute) with::

    python -m pokerlab.evaluator.table_build build            # writes tables/
    python -m pokerlab.evaluator.table_build check            # rebuild in memory and compare

>>> load()["flush_values"].shape
(8192,)
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from ..errors import PokerlabError

MANIFEST = "manifest.json"
#: The tables the high-hand evaluator reads (the rest serve lowball and wild cards).
HIGH_TABLES = (
    "card_keys",
    "rank_offsets",
    "rank_values",
    "rank5_offsets",
    "rank5_values",
    "rank6_offsets",
    "rank6_values",
    "rank7_offsets",
    "rank7_values",
    "flush_values",
    "rank_shift",
    "class_values",
    "class_ranks",
)
#: Rank keys live modulo 2**25 (see ``pokerlab.evaluator.table_build``): a hand's rank key is
#: the sum of its cards' keys with this mask applied.
from .layout import RANK_KEY_BITS, RANK_KEY_MASK  # noqa: E402,F401  (defined once, in layout)

#: Rows of the rank hash are ``key >> RANK_SHIFT`` (also stored as the table ``rank_shift``).
RANK_SHIFT = 12
#: The batch kernels read, for each hand size k, a smaller hash of k-card keys only
#: (``rank{k}_offsets``, ``rank{k}_values``), whose rows are ``key >> SIZED_RANK_SHIFT``.
SIZED_RANK_SHIFT = 13
_cache: Mapping[str, np.ndarray] | None = None


class TableError(PokerlabError, ValueError):
    """The shipped tables are missing or do not match their manifest (a broken install, not a bug).

    A ``ValueError``, like every error of user files and the environment, so
    the command line reports it as one line with exit status 2.
    """


def tables_dir() -> Path:
    """Folder holding the tables: $POKERLAB_TABLES, installed package data, or the source tree."""
    env = os.environ.get("POKERLAB_TABLES")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    for candidate in (here / "_tables", here.parent / "tables"):
        if (candidate / MANIFEST).is_file():
            return candidate
    raise TableError(
        f"lookup tables not found in {here / '_tables'} or {here.parent / 'tables'}; "
        "run 'python -m pokerlab.evaluator.table_build build' or reinstall pokerlab"
    )


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class _Tables(Mapping):
    """Tables by name, each read and checked against the manifest on first access."""

    def __init__(self, folder: Path, entries: dict[str, dict]) -> None:
        self._folder, self._entries = folder, entries
        self._arrays: dict[str, np.ndarray] = {}

    def __getitem__(self, name: str) -> np.ndarray:
        array = self._arrays.get(name)
        if array is None:
            if name not in self._entries:
                raise TableError(f"{self._folder / MANIFEST} lists no table {name!r}: reinstall pokerlab")
            array = self._arrays[name] = _read(self._folder, self._entries[name])
        return array

    def __iter__(self):
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def _read(folder: Path, entry: dict) -> np.ndarray:
    path = folder / entry["file"]
    data = path.read_bytes() if path.is_file() else b""
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise TableError(f"table {path} is missing or corrupt (sha256 differs from {MANIFEST})")
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as exc:
        raise TableError(f"table {path} cannot be read: {exc}") from None
    if list(array.shape) != entry["shape"] or str(array.dtype) != entry["dtype"]:
        raise TableError(f"table {path} has shape {array.shape} {array.dtype}, manifest says otherwise")
    array.flags.writeable = False
    return array


_ENTRY_TYPES = {"file": str, "dtype": str, "shape": list, "sha256": str}


def _checked_entries(manifest: object, path: Path) -> dict[str, dict]:
    """The manifest's table entries, each with a plain file name, dtype, shape and sha256; else TableError."""
    entries = manifest.get("tables") if isinstance(manifest, dict) else None
    if not isinstance(entries, dict):
        raise TableError(f"{path} is not a table manifest (no 'tables' object): reinstall pokerlab")
    for name, entry in entries.items():
        bad = not isinstance(entry, dict) or any(not isinstance(entry.get(k), t) for k, t in _ENTRY_TYPES.items())
        if not bad:
            bad = Path(entry["file"]).name != entry["file"] or not all(
                isinstance(n, int) and n >= 0 for n in entry["shape"]
            )
        if bad:
            raise TableError(f"{path}: the entry of table {name!r} is malformed: reinstall pokerlab")
    missing = [name for name in HIGH_TABLES if name not in entries]
    if missing:
        raise TableError(f"{path} lists no table {missing[0]!r}: reinstall pokerlab")
    return entries


def load(folder: Path | None = None, *, lazy: bool = True) -> Mapping[str, np.ndarray]:
    """All tables by name, read once per process and verified against the manifest.

    Each table is read when first used (a process ranking only high hands
    never reads the lowball tables); ``lazy=False`` reads and checks all now.

    >>> sorted(load())[:2]
    ['ace_five_class_ranks', 'ace_five_class_values']
    """
    global _cache
    if _cache is not None and folder is None and lazy:
        return _cache
    folder = folder or tables_dir()
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError, RecursionError) as exc:
        raise TableError(f"cannot read {folder / MANIFEST}: {exc}") from None
    result = _Tables(folder, _checked_entries(manifest, folder / MANIFEST))
    if not lazy:
        for name in result:
            result[name]
    if folder == tables_dir():
        _cache = result
    return result


def write(tables: Mapping[str, np.ndarray], folder: Path) -> None:
    """Write tables and their manifest into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    entries = {}
    for name, array in sorted(tables.items()):
        path = folder / f"{name}.npy"
        np.save(path, np.ascontiguousarray(array), allow_pickle=False)
        entries[name] = {
            "file": path.name,
            "dtype": str(array.dtype),
            "shape": list(array.shape),
            "sha256": _sha256(path),
        }
    manifest = {"format": 1, "generator": "python -m pokerlab.evaluator.table_build build", "tables": entries}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")


def compare(built: Mapping[str, np.ndarray], shipped: Mapping[str, np.ndarray]) -> list[str]:
    """Names of tables that differ between two sets (empty when identical)."""
    names = sorted(set(built) | set(shipped))
    return [
        n
        for n in names
        if n not in built
        or n not in shipped
        or not np.array_equal(built[n], shipped[n])
        or built[n].dtype != shipped[n].dtype
    ]
