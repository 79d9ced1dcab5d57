"""The solutions a server keeps for the page to browse: files in a folder of the server's own, named by ids.

A solve run from the page saves its solution (``pokerlab solve --save``) into a temporary folder this store
creates; the page names a solution by its id only, never by a path, and ``solve show`` runs on the file the id
stands for. The store keeps the last :data:`MAX_SOLUTIONS` solutions and at most :data:`MAX_BYTES` of them (the
newest is kept whatever its size); the folder is removed when the server stops.

>>> store = SolutionStore()
>>> solution_id, path = store.reserve()
>>> _ = path.write_bytes(b"saved")
>>> store.keep(solution_id)
>>> store.path(solution_id) == path
True
>>> store.close()
>>> path.exists()
False
"""

from __future__ import annotations

import re
import secrets
import shutil
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path

from .commands import GuiInputError

__all__ = ["MAX_BYTES", "MAX_SOLUTIONS", "SolutionStore"]

MAX_SOLUTIONS = 8  # solutions kept per server: the page browses the last few it solved
MAX_BYTES = 2 << 30  # bytes of kept solutions at most (the newest is kept anyway): a big tree's file is big
_ID = re.compile(r"[0-9a-f]{16}")


class SolutionStore:
    """Saved solutions by id, in a temporary folder made when the first one is reserved, removed by :meth:`close`."""

    def __init__(self, max_solutions: int = MAX_SOLUTIONS, max_bytes: int = MAX_BYTES) -> None:
        self.max_solutions, self.max_bytes = max_solutions, max_bytes
        self.folder: Path | None = None
        self.kept: OrderedDict[str, Path] = OrderedDict()
        self.lock = threading.Lock()

    def reserve(self) -> tuple[str, Path]:
        """A new id and the file a solve saves to for it (kept only once :meth:`keep` is called)."""
        with self.lock:
            if self.folder is None:
                self.folder = Path(tempfile.mkdtemp(prefix="pokerlab-gui-"))
            solution_id = secrets.token_hex(8)
            return solution_id, self.folder / f"{solution_id}.npz"

    def keep(self, solution_id: str) -> None:
        """Keep the solution saved for ``solution_id``; the oldest go past :data:`MAX_SOLUTIONS` or the byte limit."""
        with self.lock:
            if self.folder is None:
                return
            self.kept[solution_id] = self.folder / f"{solution_id}.npz"
            while len(self.kept) > 1 and (len(self.kept) > self.max_solutions or self._bytes() > self.max_bytes):
                _, oldest = self.kept.popitem(last=False)
                oldest.unlink(missing_ok=True)

    def discard(self, solution_id: str) -> None:
        """Forget ``solution_id`` and delete its file, if any (a solve that failed or was stopped)."""
        with self.lock:
            self.kept.pop(solution_id, None)
            if self.folder is not None:
                (self.folder / f"{solution_id}.npz").unlink(missing_ok=True)

    def path(self, solution_id: object) -> Path:
        """The file of a kept solution; :class:`.commands.GuiInputError` for anything else."""
        if not isinstance(solution_id, str) or not _ID.fullmatch(solution_id):
            raise GuiInputError("solution must be the id of a solution solved on this page")
        with self.lock:
            found = self.kept.get(solution_id)
        if found is None or not found.is_file():
            raise GuiInputError(
                f"no solution {solution_id}: this server keeps the last {self.max_solutions} solutions; solve again"
            )
        return found

    def close(self) -> None:
        """Delete every solution and the folder (the server is stopping)."""
        with self.lock:
            if self.folder is not None:
                shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
            self.kept.clear()

    def _bytes(self) -> int:
        return sum(path.stat().st_size for path in self.kept.values() if path.is_file())
