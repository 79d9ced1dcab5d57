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
import os
from functools import lru_cache

import numpy as np

from ...evaluator.tables import tables_dir
from .headsup_counts import BOARDS, COMMAND, FILE, META, HeadsupTableError, headsup_counts, read_rows

__all__ = ["BOARDS", "COMMAND", "FILE", "META", "HeadsupTableError", "deal_keys", "headsup_counts", "lookup"]


def all_suit_codes() -> np.ndarray:
    """:func:`.headsup_counts.suit_code` of every ordered pair of card ids and suit, ``(52, 52, 4)``: a lookup
    per deal instead of arithmetic. Built with arrays, not by calling ``suit_code`` 10,816 times (0.3 against
    4.6 ms at every import); a test checks the two agree on every entry."""
    pairs = np.stack(np.meshgrid(np.arange(52), np.arange(52), indexing="ij"), axis=-1).reshape(-1, 2)
    ranks, suits = pairs >> 2, pairs & 3
    high, low = ranks.max(axis=1), ranks.min(axis=1)
    codes = np.zeros((len(pairs), 4), dtype=np.int64)
    for suit in range(4):
        in0, in1 = suits[:, 0] == suit, suits[:, 1] == suit
        one = np.where(in0, 1 + ranks[:, 0], np.where(in1, 1 + ranks[:, 1], 0))
        codes[:, suit] = np.where(in0 & in1, 14 + 13 * high + low, one)
    table = codes.reshape(52, 52, 4)
    table.flags.writeable = False
    return table


_CODES = all_suit_codes()


def deal_keys(hands1: np.ndarray | list[list[int]], hands2: np.ndarray | list[list[int]]) -> np.ndarray:
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
    keys: np.ndarray = codes[:, 0] << 48 | codes[:, 1] << 32 | codes[:, 2] << 16 | codes[:, 3]
    return keys


def checksum(rows: np.ndarray) -> str:
    """SHA-256 of the table's ``.npy`` bytes (what the shipped metadata records)."""
    out = io.BytesIO()
    np.save(out, np.ascontiguousarray(rows, dtype=np.int64), allow_pickle=False)
    return hashlib.sha256(out.getvalue()).hexdigest()


def load_headsup_table(folder: str | os.PathLike[str] | None = None) -> np.ndarray:
    """The rows ``(n, 4)`` int64 ``(key, wins1, wins2, ties)`` sorted by key, checked as
    :func:`.headsup_counts.read_rows` checks them.

    >>> load_headsup_table().shape
    (47086, 4)
    """
    rows = np.asarray(read_rows(folder if folder is not None else tables_dir())).reshape(-1, 4)
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
