"""Loading the shipped lookup tables, and the command that rebuilds them.

Tables are ``.npy`` files plus ``manifest.json`` (name, dtype, shape, sha256)
in the project's ``tables/`` folder, installed as package data
``evaluator/_tables``. They are read once per process and checked against
the manifest.

Rebuild them (offline, about half a minute) with::

    python -m evaluator.tables build            # writes tables/
    python -m evaluator.tables check            # rebuild in memory and compare

>>> load()["flush_values"].shape
(8192,)
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import numpy as np

MANIFEST = "manifest.json"
_cache: dict[str, np.ndarray] | None = None


class TableError(RuntimeError):
    """The shipped tables are missing or do not match their manifest."""


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
        "run 'python -m evaluator.tables build' or reinstall pokerlab"
    )


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load(folder: Path | None = None) -> dict[str, np.ndarray]:
    """All tables by name, read once per process and verified against the manifest.

    >>> sorted(load())[:2]
    ['card_keys', 'class_ranks']
    """
    global _cache
    if _cache is not None and folder is None:
        return _cache
    folder = folder or tables_dir()
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError) as exc:
        raise TableError(f"cannot read {folder / MANIFEST}: {exc}") from exc
    result: dict[str, np.ndarray] = {}
    for name, entry in manifest["tables"].items():
        path = folder / entry["file"]
        data = path.read_bytes() if path.is_file() else b""
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise TableError(f"table {path} is missing or corrupt (sha256 differs from {MANIFEST})")
        array = np.load(path, allow_pickle=False)
        if list(array.shape) != entry["shape"] or str(array.dtype) != entry["dtype"]:
            raise TableError(f"table {path} has shape {array.shape} {array.dtype}, manifest says otherwise")
        array.flags.writeable = False
        result[name] = array
    if folder == tables_dir():
        _cache = result
    return result


def write(tables: dict[str, np.ndarray], folder: Path) -> None:
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
    manifest = {"format": 1, "generator": "python -m evaluator.tables build", "tables": entries}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")


def compare(built: dict[str, np.ndarray], shipped: dict[str, np.ndarray]) -> list[str]:
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


def main(argv: list[str] | None = None) -> int:
    """``python -m evaluator.tables build [FOLDER] | check``."""
    from .table_build import build_tables  # offline only: pulls in the generator

    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("build", "check"):
        print(__doc__)
        return 2
    built = build_tables()
    if args[0] == "build":
        folder = Path(args[1]) if len(args) > 1 else Path(__file__).resolve().parent.parent / "tables"
        write(built, folder)
        print(f"wrote {len(built)} tables to {folder}")
        return 0
    differing = compare(built, load())
    if differing:
        print("tables differ from a fresh build: " + ", ".join(differing))
        return 1
    print("shipped tables match a fresh build")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
