"""Loading the shipped lookup tables, checked against their manifest (``table_build`` rebuilds them).

Tables are ``.npy`` files plus ``manifest.json`` (name, dtype, shape, sha256)
in the project's ``tables/`` folder, installed as package data
``evaluator/_tables``. They are read once per process and checked against
the manifest. The per-call evaluators read them as read-only ``memoryview``s
(:meth:`Tables.view`), so ranking a hand never imports numpy; batch work
gets numpy arrays over the same checked bytes (``load()[name]``).

Rebuild them (offline, about half a minute) with::

    python -m pokerlab.evaluator.table_build build            # writes tables/
    python -m pokerlab.evaluator.table_build check            # rebuild in memory and compare

>>> load()["flush_values"].shape
(8192,)
"""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Iterator, Mapping

from ..errors import PokerlabError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a command-line answer's start-up loads this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Literal

    import numpy as np

    # Folders are str or path-like; tables are read with os.path, which the per-call paths need no pathlib for.
    Folder = str | os.PathLike[str]

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
from .layout import RANK_KEY_BITS as RANK_KEY_BITS, RANK_KEY_MASK as RANK_KEY_MASK  # noqa: E402  (defined in layout)

#: Rows of the rank hash are ``key >> RANK_SHIFT`` (also stored as the table ``rank_shift``).
RANK_SHIFT = 12
#: The batch kernels read, for each hand size k, a smaller hash of k-card keys only
#: (``rank{k}_offsets``, ``rank{k}_values``), whose rows are ``key >> SIZED_RANK_SHIFT``.
SIZED_RANK_SHIFT = 13
_cache: Tables | None = None
#: Table dtypes (the manifest's names): the ``.npy`` header's ``descr`` and the memoryview format.
_DTYPES: dict[str, tuple[str, Literal["B", "H", "I", "Q", "q"]]] = {
    "uint8": ("|u1", "B"),
    "uint16": ("<u2", "H"),
    "uint32": ("<u4", "I"),
    "uint64": ("<u8", "Q"),
    "int64": ("<i8", "q"),
}
_NPY_MAGIC = b"\x93NUMPY"

# The interpreter's own sha256 (its module is _sha2 from Python 3.12 on, _sha256 before), which loads in a tenth of
# a millisecond: hashlib's, OpenSSL's, takes about 2 ms to load (a command-line answer's whole budget is ~20 ms) and
# then hashes five times faster. The few small tables a query reads go through the builtin one, up to this many bytes
# in all (about as long to hash as loading OpenSSL takes); everything after that through hashlib.
BUILTIN_SHA256_BYTES = 1 << 19
_builtin_sha256: Callable[[bytes], Any] | None
try:
    _builtin_sha256 = __import__("_sha2" if sys.version_info >= (3, 12) else "_sha256").sha256
except (ImportError, AttributeError):  # a build without it: hashlib serves every table
    _builtin_sha256 = None
_builtin_hashed = 0


class TableError(PokerlabError, ValueError):
    """The shipped tables are missing or do not match their manifest (a broken install, not a bug).

    A ``ValueError``, like every error of user files and the environment, so
    the command line reports it as one line with exit status 2.

    >>> issubclass(TableError, ValueError) and TableError.__mro__[1].__name__
    'PokerlabError'
    """


def tables_dir() -> str:
    """Folder holding the tables: $POKERLAB_TABLES, installed package data, or the source tree."""
    env = os.environ.get("POKERLAB_TABLES")
    if env:
        return env
    here = os.path.dirname(os.path.realpath(__file__))
    installed, source = os.path.join(here, "_tables"), os.path.join(os.path.dirname(here), "tables")
    for candidate in (installed, source):
        if os.path.isfile(os.path.join(candidate, MANIFEST)):
            return candidate
    raise TableError(
        f"lookup tables not found in {installed} or {source}; "
        "run 'python -m pokerlab.evaluator.table_build build' or reinstall pokerlab"
    )


def _read_bytes(path: str) -> bytes:
    with open(path, "rb") as file:
        return file.read()


class Tables(Mapping[str, "np.ndarray"]):
    """Tables by name, each read and checked against the manifest on first access.

    ``tables[name]`` is a read-only numpy array (imports numpy: batch work);
    ``tables.view(name)`` is a read-only memoryview of the same bytes (no numpy:
    the per-call paths).
    """

    def __init__(self, folder: str, entries: dict[str, dict[str, Any]]) -> None:
        self._folder, self._entries = folder, entries
        self._views: dict[str, memoryview] = {}
        self._arrays: dict[str, np.ndarray] = {}

    def view(self, name: str) -> memoryview:
        """The table as a read-only memoryview of its type and shape (``B``, ``H``, ``I``, ``Q`` or ``q``).

        >>> load().view("flush_values").format, load().view("class_ranks").shape
        ('H', (7462, 5))
        """
        view = self._views.get(name)
        if view is None:
            if name not in self._entries:
                raise TableError(f"{os.path.join(self._folder, MANIFEST)} lists no table {name!r}: reinstall pokerlab")
            view = self._views[name] = read_table(self._folder, self._entries[name])
        return view

    def __getitem__(self, name: str) -> np.ndarray:
        array = self._arrays.get(name)
        if array is None:
            # numpy only here: batch kernels and table tools want arrays, the per-call paths use view().
            import numpy as np

            view = self.view(name)
            array = self._arrays[name] = np.asarray(view)
        return array

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def read_table(folder: Folder, entry: dict[str, Any], manifest: str = MANIFEST) -> memoryview:
    """A table file's data, checked against its entry in ``manifest`` (sha256, then the ``.npy`` header), as a
    memoryview."""
    path = os.path.join(folder, entry["file"])
    data = _read_bytes(path) if os.path.isfile(path) else b""
    if sha256_hex(data) != entry["sha256"]:
        raise TableError(f"table {path} is missing or corrupt (sha256 differs from {manifest})")
    offset = _npy_data_offset(data, path, entry)
    try:
        return memoryview(data)[offset:].cast(_DTYPES[entry["dtype"]][1], entry["shape"])
    except (ValueError, TypeError) as exc:  # shapes a memoryview cannot take (a zero or over 64 dimensions)
        raise TableError(f"table {path} cannot be read: {exc}") from None


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex: the interpreter's builtin while little has been hashed, else OpenSSL's.

    >>> sha256_hex(b"abc")[:16]
    'ba7816bf8f01cfea'
    """
    global _builtin_hashed
    if _builtin_sha256 is not None and "hashlib" not in sys.modules:
        if _builtin_hashed + len(data) <= BUILTIN_SHA256_BYTES:
            _builtin_hashed += len(data)
            return str(_builtin_sha256(data).hexdigest())
    import hashlib  # here: the small tables a command-line answer reads need no OpenSSL (see BUILTIN_SHA256_BYTES)

    return hashlib.sha256(data).hexdigest()


def _npy_data_offset(data: bytes, path: str, entry: dict[str, Any]) -> int:
    """Where the data of an ``.npy`` file starts, after checking its header says what the manifest says.

    Read by hand (format versions 1-3: magic, version, header length, a Python
    dict literal) so that loading a table does not import numpy; anything but
    a C-ordered array of the manifest's dtype and shape is refused.
    """
    if entry["dtype"] not in _DTYPES:
        raise TableError(f"table {path}: the manifest's dtype {entry['dtype']!r} is not a table's: reinstall pokerlab")
    if sys.byteorder != "little":  # the kernels read the little-endian files in place
        raise TableError(f"table {path}: the tables are little-endian and this machine is not")
    if data[:6] != _NPY_MAGIC or len(data) < 12 or data[6] not in (1, 2, 3):
        raise TableError(f"table {path} cannot be read: not a .npy file of format version 1, 2 or 3")
    size = 2 if data[6] == 1 else 4
    start = 8 + size
    offset = start + int.from_bytes(data[8:start], "little")
    descr, itemsize = _DTYPES[entry["dtype"]][0], int(_DTYPES[entry["dtype"]][0][2:])
    expected = {"descr": descr, "fortran_order": False, "shape": tuple(entry["shape"])}
    if data[start:offset].rstrip(b" \n") != npy_header_text(expected):
        header = _npy_header(data[start:offset], data[6], path)  # another writer's spelling of the same dict
        if header != expected:
            raise TableError(f"table {path} has header {header!r}, manifest says {expected!r}")
    if len(data) - offset != math.prod(entry["shape"]) * itemsize or offset % 16:
        # np.save pads the header to a multiple of 64 bytes: a misaligned or truncated table was not written by it.
        raise TableError(f"table {path} holds {len(data) - offset} data bytes at offset {offset}, not its shape's")
    return offset


def npy_header_text(header: dict[str, Any]) -> bytes:
    """The header dict of an ``.npy`` file as numpy writes it (keys sorted, each followed by ``, ``), unpadded.

    A table whose header reads exactly so is checked without parsing it (``ast`` would cost every command-line
    answer a few milliseconds to import).

    >>> npy_header_text({"shape": (8192,), "fortran_order": False, "descr": "<u2"})
    b"{'descr': '<u2', 'fortran_order': False, 'shape': (8192,), }"
    """
    return ("{" + "".join(f"{key!r}: {value!r}, " for key, value in sorted(header.items())) + "}").encode("latin-1")


def _npy_header(text: bytes, version: int, path: str) -> object:
    """An ``.npy`` header as the Python literal it is; TableError when it is none."""
    import ast  # only for a header spelled otherwise than numpy writes it: the shipped tables never need it

    try:
        return ast.literal_eval(text.decode("utf-8" if version == 3 else "latin-1"))
    except (ValueError, SyntaxError, MemoryError, RecursionError, UnicodeDecodeError):
        raise TableError(f"table {path} cannot be read: its .npy header is not a Python dict literal") from None


_ENTRY_TYPES = {"file": str, "dtype": str, "shape": list, "sha256": str}


def _checked_entries(manifest: object, path: str) -> dict[str, dict[str, Any]]:
    """The manifest's table entries, each with a plain file name, dtype, shape and sha256; else TableError."""
    entries = manifest.get("tables") if isinstance(manifest, dict) else None
    if not isinstance(entries, dict):
        raise TableError(f"{path} is not a table manifest (no 'tables' object): reinstall pokerlab")
    for name, entry in entries.items():
        bad = not isinstance(entry, dict) or any(not isinstance(entry.get(k), t) for k, t in _ENTRY_TYPES.items())
        if not bad:
            bad = os.path.basename(entry["file"]) != entry["file"] or not all(
                isinstance(n, int) and n >= 0 for n in entry["shape"]
            )
        if bad:
            raise TableError(f"{path}: the entry of table {name!r} is malformed: reinstall pokerlab")
    missing = [name for name in HIGH_TABLES if name not in entries]
    if missing:
        raise TableError(f"{path} lists no table {missing[0]!r}: reinstall pokerlab")
    return entries


def load(folder: Folder | None = None, *, lazy: bool = True) -> Tables:
    """All tables by name, read once per process and verified against the manifest.

    Each table is read when first used (a process ranking only high hands
    never reads the lowball tables); ``lazy=False`` reads and checks all now.

    >>> sorted(load())[:2]
    ['ace_five_class_ranks', 'ace_five_class_values']
    """
    global _cache
    if _cache is not None and folder is None and lazy:
        return _cache
    folder = os.fspath(folder) if folder is not None else tables_dir()
    manifest_path = os.path.join(folder, MANIFEST)
    try:
        manifest = json.loads(_read_bytes(manifest_path))
    except (OSError, ValueError, RecursionError) as exc:
        raise TableError(f"cannot read {manifest_path}: {exc}") from None
    result = Tables(folder, _checked_entries(manifest, manifest_path))
    if not lazy:
        for name in result:
            result.view(name)  # reads and checks; arrays wrap the same bytes when asked for
    if folder == tables_dir():
        _cache = result
    return result


def write(tables: Mapping[str, np.ndarray], folder: Folder) -> None:
    """Write tables and their manifest into ``folder``."""
    from pathlib import Path

    import numpy as np  # table building works on arrays

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    entries = {}
    for name, array in sorted(tables.items()):
        path = folder / f"{name}.npy"
        np.save(path, np.ascontiguousarray(array), allow_pickle=False)
        entries[name] = {
            "file": path.name,
            "dtype": str(array.dtype),
            "shape": list(array.shape),
            "sha256": sha256_hex(path.read_bytes()),
        }
    manifest = {"format": 1, "generator": "python -m pokerlab.evaluator.table_build build", "tables": entries}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")


def compare(built: Mapping[str, np.ndarray], shipped: Mapping[str, np.ndarray]) -> list[str]:
    """Names of tables that differ between two sets (empty when identical)."""
    import numpy as np  # table checks compare arrays

    names = sorted(set(built) | set(shipped))
    return [
        n
        for n in names
        if n not in built
        or n not in shipped
        or not np.array_equal(built[n], shipped[n])
        or built[n].dtype != shipped[n].dtype
    ]
