"""The shipped table of every heads-up preflop deal of two hands: its reader and key, checked before it is trusted.

Two hands meet in one of 47,086 ordered suit patterns up to a renaming of
suits (AsAh against KsKh and AdAc against KdKc are one deal under other suit
names, with the same equity). ``tables/preflop_headsup.npy`` holds one row
per pattern, ``(key, wins1, wins2, ties)`` sorted by key, each count exact
over all 1,712,304 boards; ``tables/preflop_headsup.json`` records the file's
SHA-256, its shape and the command that built it::

    python -m pokerlab.simulate.precomputed.headsup_build build   # writes tables/ (about a minute)
    python -m pokerlab.simulate.precomputed.headsup_build check   # recomputes a sample and compares

This module only reads it, so ``equity()`` can answer hand against hand (and
small ranges) before the flop without the numba kernels.

>>> wins1, wins2, ties = headsup_counts([51, 50], [47, 46])  # AsAh against KsKh
>>> wins1, wins2, ties
(1410336, 292660, 9308)
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from functools import lru_cache
from pathlib import Path

import numpy as np

from ...evaluator.tables import TableError, tables_dir

FILE = "preflop_headsup.npy"
META = "preflop_headsup.json"
COMMAND = "python -m pokerlab.simulate.precomputed.headsup_build build"
BOARDS = 1_712_304  # C(48, 5): the boards of one deal of two hands


class HeadsupTableError(TableError):
    """The heads-up table is missing, unreadable, or does not match its recorded checksum (a broken install)."""


def _suit_codes(hands: np.ndarray) -> np.ndarray:
    """Per hand and suit, its ranks in that suit as 0 (none), 1 + rank (one) or 14 + 13 * high + low (two)."""
    ranks, suits = hands >> 2, hands & 3
    high, low = np.maximum(ranks[:, 0], ranks[:, 1]), np.minimum(ranks[:, 0], ranks[:, 1])
    codes = np.zeros((len(hands), 4), dtype=np.int64)
    for suit in range(4):
        in0, in1 = suits[:, 0] == suit, suits[:, 1] == suit
        one = np.where(in0, 1 + ranks[:, 0], np.where(in1, 1 + ranks[:, 1], 0))
        codes[:, suit] = np.where(in0 & in1, 14 + 13 * high + low, one)
    return codes


def _all_suit_codes() -> np.ndarray:
    """``_suit_codes`` of every ordered pair of card ids, ``(52, 52, 4)``: a lookup per deal instead of arithmetic."""
    pairs = np.stack(np.meshgrid(np.arange(52), np.arange(52), indexing="ij"), axis=-1).reshape(-1, 2)
    codes = _suit_codes(pairs).reshape(52, 52, 4)
    codes.flags.writeable = False
    return codes


_CODES = _all_suit_codes()


def deal_keys(hands1: np.ndarray | list, hands2: np.ndarray | list) -> np.ndarray:
    """A key per deal of ``hands1[i]`` against ``hands2[i]`` (``(n, 2)`` card ids each), equal for two deals
    exactly when a renaming of suits maps one onto the other (the order of the two hands counts).

    Each suit is described by the ranks each hand holds in it (a code under 256 per hand); the key is
    the four suits' 16-bit descriptions, sorted, in one integer. Renaming suits only reorders them.

    >>> k = deal_keys([[51, 50], [49, 48]], [[47, 46], [45, 44]])  # AsAh-KsKh and AdAc-KdKc
    >>> bool(k[0] == k[1]), bool(deal_keys([[51, 50]], [[47, 43]])[0] == k[0])
    (True, False)
    """
    h1 = np.asarray(hands1, dtype=np.int64).reshape(-1, 2)
    h2 = np.asarray(hands2, dtype=np.int64).reshape(-1, 2)
    codes = np.sort(_CODES[h1[:, 0], h1[:, 1]] << 8 | _CODES[h2[:, 0], h2[:, 1]], axis=1)
    return codes[:, 0] << 48 | codes[:, 1] << 32 | codes[:, 2] << 16 | codes[:, 3]


def checksum(rows: np.ndarray) -> str:
    """SHA-256 of the table's ``.npy`` bytes (what the shipped metadata records)."""
    out = io.BytesIO()
    np.save(out, np.ascontiguousarray(rows, dtype=np.int64), allow_pickle=False)
    return hashlib.sha256(out.getvalue()).hexdigest()


def load_headsup_table(folder: str | os.PathLike[str] | None = None) -> np.ndarray:
    """The rows ``(n, 4)`` int64 ``(key, wins1, wins2, ties)`` sorted by key, checked against their SHA-256.

    >>> load_headsup_table().shape
    (47086, 4)
    """
    where = Path(folder) if folder is not None else tables_dir()
    meta_path, path = where / META, where / FILE
    try:
        meta = json.loads(meta_path.read_text())
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise HeadsupTableError(f"{exc.filename} is missing; rebuild it with: {COMMAND}") from None
    except (OSError, ValueError, RecursionError) as exc:
        raise HeadsupTableError(f"{meta_path} or {path} cannot be read ({exc}); rebuild with: {COMMAND}") from None
    if not isinstance(meta, dict) or hashlib.sha256(data).hexdigest() != meta.get("sha256"):
        raise HeadsupTableError(f"{path} does not match the sha256 in {meta_path}; rebuild with: {COMMAND}")
    try:
        rows = np.load(io.BytesIO(data), allow_pickle=False)
    except (OSError, ValueError) as exc:
        raise HeadsupTableError(f"{path} cannot be read: {exc}") from None
    if rows.dtype != np.int64 or rows.ndim != 2 or rows.shape[1] != 4 or list(rows.shape) != meta.get("shape"):
        raise HeadsupTableError(f"{path} has shape {rows.shape} {rows.dtype}, {meta_path} says {meta.get('shape')}")
    if len(rows) > 1 and not bool(np.all(rows[1:, 0] > rows[:-1, 0])):
        raise HeadsupTableError(f"{path}: the keys are not strictly increasing; rebuild with: {COMMAND}")
    rows.flags.writeable = False
    return rows


@lru_cache(maxsize=1)
def shipped_headsup_table() -> np.ndarray:
    """The shipped table, read and checked once per process."""
    return load_headsup_table()


def lookup(hands1: np.ndarray, hands2: np.ndarray, rows: np.ndarray | None = None) -> np.ndarray:
    """Counts ``(n, 3)``: wins of hand 1, wins of hand 2 and ties over all boards, per deal (no shared card).

    A deal is found under its own key or, with the two hands swapped, under the other order's.
    """
    table = shipped_headsup_table() if rows is None else rows
    keys = table[:, 0]
    hands1, hands2 = np.asarray(hands1, dtype=np.int64), np.asarray(hands2, dtype=np.int64)
    n = len(hands1)
    wanted = deal_keys(np.concatenate([hands1, hands2]), np.concatenate([hands2, hands1]))  # both orders at once
    at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
    found = keys[at] == wanted
    direct, swapped = found[:n], found[n:]
    if not np.all(direct | swapped):
        first = int(np.flatnonzero(~(direct | swapped))[0])
        raise HeadsupTableError(
            f"deal {hands1[first].tolist()} against {hands2[first].tolist()} is not in the heads-up table; "
            f"rebuild it with: {COMMAND}"
        )
    out = table[np.where(direct, at[:n], at[n:]), 1:]
    out[~direct] = out[~direct][:, [1, 0, 2]]
    return out


def headsup_counts(hand1: list[int], hand2: list[int]) -> tuple[int, int, int]:
    """Exact wins of each hand and ties over all 1,712,304 boards, for two hands of card ids.

    >>> headsup_counts([51, 47], [50, 46])  # AsKs against AhKh: a tie unless a flush comes
    (122556, 122556, 1467192)
    """
    wins1, wins2, ties = (int(x) for x in lookup(np.array([hand1]), np.array([hand2]))[0])
    return wins1, wins2, ties
