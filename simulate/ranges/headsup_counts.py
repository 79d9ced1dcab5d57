"""The exact counts of one heads-up preflop deal of two hands, read from the shipped table without numpy.

The table (``tables/preflop_headsup.npy``, see :mod:`.headsup_table`) holds one row
``(key, wins1, wins2, ties)`` per deal up to a renaming of suits, sorted by key (the build
refuses any other order). This module reads it as a memoryview, checked against its recorded
SHA-256 and shape, and finds one deal by binary search: two hands answer ``pokerlab equity AsAh
KsKh`` without numpy or numba (about a tenth of a second of start-up saved).
:func:`.headsup_table.deal_keys` computes the same keys for many deals at once.

>>> headsup_counts([51, 50], [47, 46])  # AsAh against KsKh
(1410336, 292660, 9308)
"""

from __future__ import annotations

import json
import operator
import os
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache

from ...evaluator.tables import TableError, read_table, tables_dir

FILE = "preflop_headsup.npy"
META = "preflop_headsup.json"
COMMAND = "python -m pokerlab.simulate.precomputed.headsup_build build"
BOARDS = 1_712_304  # C(48, 5): the boards of one deal of two hands
_COLUMNS = 4  # key, wins1, wins2, ties


class HeadsupTableError(TableError):
    """The heads-up table is missing, unreadable, or does not match its recorded checksum (a broken install)."""


def suit_code(hand: Sequence[int], suit: int) -> int:
    """The ranks a two-card hand holds in ``suit``: 0 (none), 1 + rank (one) or 14 + 13 * high + low (two).

    >>> suit_code([51, 47], 3), suit_code([51, 47], 0)   # AsKs: both spades; no club
    (181, 0)
    """
    first, second = hand[0] >> 2, hand[1] >> 2
    in_first, in_second = (hand[0] & 3) == suit, (hand[1] & 3) == suit
    if in_first and in_second:
        return 14 + 13 * max(first, second) + min(first, second)
    if in_first:
        return 1 + first
    return 1 + second if in_second else 0


def deal_key(hand1: Sequence[int], hand2: Sequence[int]) -> int:
    """The key of ``hand1`` against ``hand2``: equal for two deals exactly when a renaming of suits maps one
    onto the other (the order of the hands counts). Each suit is described by the two hands' codes
    (:func:`suit_code`, under 256 each); the key is the four descriptions, sorted, in one integer.

    >>> deal_key([51, 50], [47, 46]) == deal_key([49, 48], [45, 44])   # AsAh-KsKh, AdAc-KdKc
    True
    """
    codes = sorted(suit_code(hand1, suit) << 8 | suit_code(hand2, suit) for suit in range(4))
    return codes[0] << 48 | codes[1] << 32 | codes[2] << 16 | codes[3]


def read_rows(folder: str | os.PathLike[str], *, check_order: bool = True) -> memoryview:
    """The table's rows as a flat memoryview of int64 (``4 * rows`` of them), checked before it is trusted.

    The SHA-256 against the metadata proves the file is the one that was built, and the build refuses rows out
    of key order (:func:`keys_increase`); ``check_order=False`` skips checking that order again (milliseconds on a
    two-hand answer's path, which diagnoses the order only when a deal is not found).
    """
    meta_path = os.path.join(folder, META)
    try:
        with open(meta_path, "rb") as file:
            meta = json.loads(file.read())
    except FileNotFoundError as exc:
        raise HeadsupTableError(f"{exc.filename} is missing; rebuild it with: {COMMAND}") from None
    except (OSError, ValueError, RecursionError) as exc:
        raise HeadsupTableError(f"{meta_path} cannot be read ({exc}); rebuild with: {COMMAND}") from None
    shape, sha = (meta.get("shape"), meta.get("sha256")) if isinstance(meta, dict) else (None, None)
    if not (isinstance(shape, list) and len(shape) == 2 and shape[1] == _COLUMNS and isinstance(sha, str)):
        raise HeadsupTableError(f"{meta_path} does not describe a (rows, 4) table; rebuild with: {COMMAND}")
    entry = {"file": FILE, "dtype": "int64", "shape": shape, "sha256": sha}
    try:
        rows = read_table(folder, entry, META).cast("B").cast("q")
    except TableError as exc:
        raise HeadsupTableError(f"{exc}; rebuild with: {COMMAND}") from None
    if check_order:
        _require_key_order(rows, os.path.join(folder, FILE))
    return rows


def keys_increase(keys: Sequence[int]) -> bool:
    """Whether ``keys`` strictly increase, as the binary search over the table's keys needs.

    >>> keys_increase([1, 5, 9]), keys_increase([1, 9, 5]), keys_increase([1, 1])
    (True, False, False)
    """
    return all(map(operator.lt, keys[:-1], keys[1:]))  # pairwise through map: half an indexed loop's time


def _require_key_order(rows: memoryview, where: str) -> None:
    if not keys_increase(rows[0::_COLUMNS]):
        raise HeadsupTableError(f"{where}: the keys are not strictly increasing; rebuild with: {COMMAND}")


@lru_cache(maxsize=1)
def shipped_rows() -> memoryview:
    """The shipped table's rows, read and checked once per process (their order when a deal is not found)."""
    return read_rows(tables_dir(), check_order=False)


def headsup_counts(hand1: Sequence[int], hand2: Sequence[int]) -> tuple[int, int, int]:
    """Exact wins of each hand and ties over all 1,712,304 boards, for two hands of card ids (no shared card).

    A deal is found under its own key or, with the two hands swapped, under the other order's.

    >>> headsup_counts([51, 47], [50, 46])  # AsKs against AhKh: a tie unless a flush comes
    (122556, 122556, 1467192)
    """
    rows = shipped_rows()
    keys = rows[0::_COLUMNS]
    for key, swapped in ((deal_key(hand1, hand2), False), (deal_key(hand2, hand1), True)):
        at = bisect_left(keys, key)
        if at < len(keys) and keys[at] == key:
            first, second, ties = rows[_COLUMNS * at + 1 : _COLUMNS * at + 4].tolist()
            return (second, first, ties) if swapped else (first, second, ties)
    # A row found under its key holds that deal's counts in any order; a deal not found may be one the search
    # missed in a table out of key order, which the build refuses: say so rather than blame the deal.
    _require_key_order(rows, os.path.join(tables_dir(), FILE))
    raise HeadsupTableError(
        f"deal {list(hand1)} against {list(hand2)} is not in the heads-up table; rebuild it with: {COMMAND}"
    )
