"""Solutions saved to a file and read back, checked before they are trusted.

The file is a NumPy ``.npz`` archive (a zip of ``.npy`` arrays, read without pickle) holding:

- ``meta``: one JSON text: ``format`` (``"pokerlab-solution"``), ``version`` (2), the spot (``board`` and
  ``dead`` as card ids, ``pot``, ``stack``, ``sizes``: :meth:`.sizes.TreeSizes.to_dict`, ``swaps``: the suit
  swaps of the isomorphism, ``rake`` and ``rake_cap``, ``locks``: :meth:`.locks.Lock.to_dict` each), the run
  (``iterations``, ``seconds``, ``interrupted``, ``dtype``, ``compressed``) and the tree's check values
  (``nodes``, ``labels_sha256``: the SHA-256 of its action labels joined by newlines);
- ``oop_cards``, ``ip_cards``: ``(combos, 2)`` card ids of each range (board and dead cards removed);
- ``oop_weights``, ``ip_weights``: their weights;
- ``strategy_sums``: the solver's accumulated average strategy (uint16 when ``compressed``);
- ``strategy_scales``: only when ``compressed``, each node's float32 scale of its strategy sums.

Reading rebuilds the tree from the spot, checks it against ``nodes`` and ``labels_sha256``, checks every array
(shape, type, range, finite), and recomputes the EVs and the exploitability from the strategy rather than trusting
stored numbers; the locks are resolved on the rebuilt tree, so the best responses keep them again. A version 1
file carries no rake and no locks and reads as unraked and unlocked. A file that is not such an archive, or
fails a check, is one :class:`SolverError` line. A file without ``compressed`` (every version 1 file) holds
float sums.

>>> import os, tempfile
>>> from pokerlab.simulate.solver import solve
>>> path = os.path.join(tempfile.mkdtemp(), "river.npz")
>>> save_solution(solve("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, max_iterations=50), path)
>>> round(load_solution(path).oop_ev, 1)
13.3
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import zipfile
from typing import Any

import numpy as np

from .betting import IDENTITY, Betting, symmetries
from .cfr import CfrSolver
from .errors import SolverError
from .holdem import Solution
from .locks import Lock, lock_from_dict, resolve_locks
from .sizes import tree_sizes
from .spot import Spot
from .tree import check_rake

FORMAT = "pokerlab-solution"
"""The ``format`` of a saved solution's ``meta``."""

VERSION = 2
_READS = (1, 2)  # version 1 carries no rake and no locks
_ARRAYS = {"meta", "oop_cards", "ip_cards", "oop_weights", "ip_weights", "strategy_sums"}
_COMPRESSED_ARRAYS = _ARRAYS | {"strategy_scales"}
_MAX_META = 1 << 20  # characters: the spot's description, never a large array


def labels_digest(labels: tuple[str, ...]) -> str:
    """The SHA-256 (hex) of a tree's labels joined by newlines: the check that a rebuilt tree is the saved one.

    >>> labels_digest(("", "check"))[:12]
    '766dcd6bda27'
    """
    return hashlib.sha256("\n".join(labels).encode()).hexdigest()


def save_solution(solution: Solution, path: str | os.PathLike[str]) -> None:
    """Write ``solution`` (which must carry its spot) to ``path`` in the format of the module.

    >>> import os, tempfile
    >>> from pokerlab.simulate.solver import solve
    >>> solution = solve("2s3h4d6c7c", "AA", "KK", pot=10, stack=10, max_iterations=10)
    >>> path = os.path.join(tempfile.mkdtemp(), "spot.npz")
    >>> save_solution(solution, path)
    >>> load_solution(path).strategy() == solution.strategy()
    True
    """
    spot = solution.spot
    if spot is None:
        raise SolverError("this solution carries no spot to save")
    meta = {
        "format": FORMAT,
        "version": VERSION,
        "board": list(spot.board),
        "dead": list(spot.betting.dead),
        "pot": spot.betting.pot,
        "stack": spot.betting.stack,
        "sizes": spot.betting.rules.to_dict(),
        "swaps": [list(s) for s in spot.betting.swaps],
        "rake": spot.rake,
        "rake_cap": spot.rake_cap,
        "locks": [lock.to_dict() for lock in spot.locks],
        "iterations": solution.iterations,
        "seconds": solution.seconds,
        "interrupted": solution.interrupted,
        "dtype": str(solution.solver.dtype),
        "compressed": solution.solver.compressed,
        "nodes": len(solution.game.tree),
        "labels_sha256": labels_digest(solution.game.tree.labels),
    }
    scales = {"strategy_scales": solution.solver.scales[1]} if solution.solver.compressed else {}
    with open(path, "wb") as out:
        np.savez(
            out,
            **scales,
            meta=np.array(json.dumps(meta)),
            oop_cards=np.asarray(spot.combos[0], dtype=np.int64),
            ip_cards=np.asarray(spot.combos[1], dtype=np.int64),
            oop_weights=np.asarray(spot.weights[0], dtype=np.float64),
            ip_weights=np.asarray(spot.weights[1], dtype=np.float64),
            strategy_sums=np.asarray(solution.solver.strategy_sums),
        )


def _read(path: str | os.PathLike[str]) -> dict[str, np.ndarray]:
    name = os.fspath(path)
    try:
        with np.load(name, allow_pickle=False) as archive:
            found = set(archive.files)
            if found not in (_ARRAYS, _COMPRESSED_ARRAYS):
                missing = sorted(_ARRAYS - found) or sorted(found - _COMPRESSED_ARRAYS)
                raise SolverError(f"{name}: not a pokerlab solution file (arrays differ: {', '.join(missing)})")
            return {key: archive[key] for key in found}
    except (zipfile.BadZipFile, EOFError, ValueError, KeyError) as error:
        if isinstance(error, SolverError):
            raise
        reason = "not an .npz archive" if isinstance(error, (zipfile.BadZipFile, ValueError)) else str(error)
        raise SolverError(f"{name}: not a pokerlab solution file ({reason})") from None


def _meta(arrays: dict[str, np.ndarray], name: str) -> dict[str, Any]:
    raw = arrays["meta"]
    if raw.shape != () or raw.dtype.kind != "U" or len(str(raw)) > _MAX_META:
        raise SolverError(f"{name}: not a pokerlab solution file (its meta is not one JSON text)")
    try:
        meta = json.loads(str(raw))
    except json.JSONDecodeError as error:
        raise SolverError(f"{name}: its meta is not JSON ({error.msg})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise SolverError(f"{name}: not a pokerlab solution file (no format {FORMAT!r})")
    if meta.get("version") not in _READS:
        reads = " and ".join(map(str, _READS))
        raise SolverError(f"{name}: solution file version {meta.get('version')!r}; this pokerlab reads {reads}")
    return meta


def _number(meta: dict[str, Any], key: str, name: str, positive: bool = False) -> float:
    value = meta.get(key)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        if value > 0 or (value == 0 and not positive):
            return float(value)
    raise SolverError(f"{name}: {key} {value!r} is not a number of chips")


def _cards(value: Any, key: str, name: str, sizes: tuple[int, ...]) -> tuple[int, ...]:
    ok = isinstance(value, list) and len(value) in sizes and all(type(c) is int and 0 <= c < 52 for c in value)
    if not ok or len(set(value)) != len(value):
        raise SolverError(f"{name}: {key} {value!r} is not a list of distinct card ids")
    return tuple(value)


def _range(arrays: dict[str, np.ndarray], player: str, gone: set[int], name: str) -> tuple[np.ndarray, np.ndarray]:
    cards, weights = arrays[f"{player}_cards"], arrays[f"{player}_weights"]
    if cards.dtype.kind not in "iu" or cards.ndim != 2 or cards.shape[1] != 2 or not 0 < len(cards) <= 1326:
        raise SolverError(f"{name}: {player}_cards is not a list of two-card combos")
    if weights.dtype.kind != "f" or weights.shape != (len(cards),):
        raise SolverError(f"{name}: {player}_weights does not match {player}_cards")
    combos = cards.astype(np.int64)
    if combos.min() < 0 or combos.max() > 51 or np.any(combos[:, 0] == combos[:, 1]):
        raise SolverError(f"{name}: {player}_cards holds a card id out of 0..51 or a combo of one card twice")
    if len({frozenset(c) for c in combos.tolist()}) != len(combos) or gone & set(combos.ravel().tolist()):
        raise SolverError(f"{name}: {player}_cards repeats a combo or holds a board or dead card")
    if not np.all(np.isfinite(weights)) or np.any(weights <= 0):
        raise SolverError(f"{name}: {player}_weights are not all positive finite numbers")
    return combos, weights.astype(np.float64)


def _spot(meta: dict[str, Any], arrays: dict[str, np.ndarray], name: str) -> Any:
    board = _cards(meta.get("board"), "board", name, (3, 4, 5))
    dead = _cards(meta.get("dead"), "dead", name, tuple(range(0, 46)))
    if set(board) & set(dead):
        raise SolverError(f"{name}: a dead card is on the board")
    sizes = meta.get("sizes")
    if not isinstance(sizes, dict):
        raise SolverError(f"{name}: sizes is not a mapping")
    try:
        rules = tree_sizes(**sizes)
    except TypeError as error:
        raise SolverError(f"{name}: sizes: {error}") from None
    gone = set(board) | set(dead)
    oop, ip = _range(arrays, "oop", gone, name), _range(arrays, "ip", gone, name)
    betting = Betting(_number(meta, "pot", name, True), _number(meta, "stack", name), rules, dead)
    swaps = meta.get("swaps")
    if swaps != [list(IDENTITY)]:
        found = [list(s) for s in symmetries((board, dead), (oop[0], ip[0]), (oop[1], ip[1]))]
        if swaps != found:
            raise SolverError(f"{name}: swaps {swaps!r} are not the suit symmetries of the spot")
        betting = Betting(betting.pot, betting.stack, rules, dead, tuple(tuple(s) for s in found))
    rake, rake_cap, locks = _rake_and_locks(meta, name)
    return Spot(board, (oop[0], ip[0]), (oop[1], ip[1]), betting, rake, rake_cap, locks)


def _rake_and_locks(meta: dict[str, Any], name: str) -> tuple[float, float | None, tuple[Lock, ...]]:
    """The spot's rake rate, cap and locks, checked (none in a version 1 file)."""
    if meta.get("version") == 1:
        return 0.0, None, ()
    locks = meta.get("locks")
    if not isinstance(locks, list):
        raise SolverError(f"{name}: locks {locks!r} is not a list")
    try:
        rake, cap = check_rake(meta.get("rake"), meta.get("rake_cap"))
        return rake, cap, tuple(lock_from_dict(lock) for lock in locks)
    except SolverError as error:
        raise SolverError(f"{name}: {error}") from None


def load_solution(path: str | os.PathLike[str], max_memory: float | None = None) -> Solution:
    """The solution saved at ``path``, rebuilt and checked (see the module); ``max_memory`` (bytes) refuses a
    file whose tree would need more."""
    name = os.fspath(path)
    arrays = _read(path)
    meta = _meta(arrays, name)
    spot = _spot(meta, arrays, name)
    dtype = meta.get("dtype")
    if dtype not in ("float32", "float64"):
        raise SolverError(f"{name}: dtype {dtype!r} is not float32 or float64")
    compressed = meta.get("compressed", False)
    if compressed not in (True, False) or compressed != ("strategy_scales" in arrays):
        raise SolverError(f"{name}: compressed {compressed!r} does not match the arrays (strategy_scales)")
    nodes = meta.get("nodes")
    if type(nodes) is not int or spot.nodes() != nodes:
        raise SolverError(f"{name}: the spot's tree has {spot.nodes()} nodes, the file says {nodes!r}")
    need = spot.estimate_memory(np.dtype(dtype), compressed=compressed)
    if max_memory is not None and need > max_memory:
        raise SolverError(f"{name}: its tree needs about {need / 2**20:.1f} MiB, over {max_memory / 2**20:.1f} MiB")
    game = spot.game()
    if labels_digest(game.tree.labels) != meta.get("labels_sha256"):
        raise SolverError(f"{name}: the rebuilt tree's actions differ from the saved one's")
    try:
        locks = resolve_locks(game, spot.locks)
    except SolverError as error:
        raise SolverError(f"{name}: {error}") from None
    solver = CfrSolver(game, dtype=np.dtype(dtype), locks=locks, compressed=compressed)
    _set_sums(solver, arrays, name)
    solver.lock_strategy_sums()  # the locked frequencies, whatever the file holds there
    iterations = meta.get("iterations")
    if type(iterations) is not int or iterations < 0:
        raise SolverError(f"{name}: iterations {iterations!r} is not a count")
    solver.iterations = iterations
    return Solution.of(solver, spot, _number(meta, "seconds", name), meta.get("interrupted") is True)


def _set_sums(solver: CfrSolver, arrays: dict[str, np.ndarray], name: str) -> None:
    """The file's strategy sums (and, compressed, their scales) into ``solver``, each checked: shape, type, finite
    and never negative."""
    sums = arrays["strategy_sums"]
    typed = sums.dtype == np.uint16 if solver.compressed else sums.dtype.kind == "f"
    if sums.shape != solver.strategy_sums.shape or not typed:
        raise SolverError(
            f"{name}: strategy_sums is {sums.dtype} of shape {sums.shape}, the tree needs "
            f"{solver.strategy_sums.dtype} of shape {solver.strategy_sums.shape}"
        )
    if not np.all(np.isfinite(sums)) or np.any(sums < 0):
        raise SolverError(f"{name}: strategy_sums holds a negative or non-finite number")
    solver.strategy_sums[...] = sums
    if solver.compressed:
        scales = arrays["strategy_scales"]
        if scales.shape != solver.scales[1].shape or scales.dtype.kind != "f":
            raise SolverError(
                f"{name}: strategy_scales has shape {scales.shape}, the tree needs {solver.scales[1].shape}"
            )
        if not np.all(np.isfinite(scales)) or np.any(scales < 0):
            raise SolverError(f"{name}: strategy_scales holds a negative or non-finite number")
        solver.scales[1] = scales
