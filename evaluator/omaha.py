"""Omaha hands: exactly two of 4, 5 or 6 hole cards plus exactly three of the board.

Two rulesets, reached through the evaluator API (``rules="omaha"`` or
``rules="omaha-hilo"``) or directly here:

* ``omaha``: the high hand, a value on the high-hand scale (``describe`` and
  ``category`` read it as for hold'em);
* ``omaha-hilo``: eight or better. The value is a pair ``(high, low)``:
  ``low`` is the ace-to-five value (``rules="ace-five"`` scale) of the best
  low of two hole and three board cards, all five of rank eight or lower
  and unpaired, or 0 when no low qualifies.

Per call, a hand is ``(hole, board)`` (each a string or card ids) or one
string with ``|`` between hole and board; the board holds 3, 4 or 5 cards.

One implementation ranks hands, per call and in batches: the Cython
extension ``_omaha`` built at install (its batch loop releases the GIL and
runs on :func:`pokerlab.threads.on_threads`), with this module's pure-Python
twin of its steps for a source tree without a build. On a full board a hand
costs, instead of the 60 five-card lookups of four hole cards:

1. the board's rank key through the five-card rank hash, which names the
   board's rank multiset; ``omaha_board_row`` turns that into a row of
   ``omaha_high`` (see :mod:`pokerlab.evaluator.omaha_build`);
2. one lookup per pair of hole ranks in that row (six for four cards): the
   best non-flush hand of the pair with any three board ranks;
3. a flush only when a suit holds three board cards and two hole cards (the
   suit counters of the keys say so): then the suited pairs and triples
   are tried in ``flush_values``, which also knows straight flushes;
4. for hi/lo, ``omaha_low[board_low_mask << 8 | hole_low_mask]``.

Boards of three or four cards try each pair with each triple.

>>> evaluate_omaha("AsKsQdJd", "Ts9s2c") == evaluate_omaha("AsKsQdJd", "Ts9s2c7h")
False
>>> split_hand("AsKsQdJd | Ts9s2c")
([51, 47, 41, 37], [35, 31, 0])
>>> high, low = evaluate_omaha("As2d9c9h", "3h4h5cKsKd", rules="omaha-hilo")
>>> low > 0, evaluate_omaha("As2d9c9h", "3h4h5cKsKd") == high
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache, partial

from ..errors import InputError
from ..threads import available_cores, on_threads
from . import tables as _tables
from .cards import CardError, card_str, to_card_ids
from .layout import rank_slot
from .rules import OMAHA_RULESETS, Ruleset

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a command-line answer's start-up loads this
if TYPE_CHECKING:
    import numpy as np

#: The Omaha rulesets and what they rank (their entries of :data:`pokerlab.evaluator.rules.OMAHA_RULESETS`).
OMAHA_RULES = {name: r.summary for name, r in OMAHA_RULESETS.items()}
HOLE_SIZES = OMAHA_RULESETS["omaha"].hand_sizes
BOARD_SIZES = (3, 4, 5)
#: Bit of each rank (0..12 for 2..A) in a low mask: the ace is bit 0, 2..8 bits 1..7, nine and up none.
LOW_BIT = tuple(1 << ((r + 1) % 13) if r <= 6 or r == 12 else 0 for r in range(13))

CardsLike = str | Iterable[int]


def omaha_rules(rules: object) -> str | None:
    """The Omaha ruleset ``rules`` names (case and ``_`` forgiven), or None for any other ruleset.

    >>> omaha_rules("Omaha_HiLo"), omaha_rules("high")
    ('omaha-hilo', None)
    """
    if isinstance(rules, Ruleset):
        return rules.name if rules.name in OMAHA_RULESETS else None
    if not isinstance(rules, str):
        return None
    key = rules.strip().lower().replace("_", "-")
    return key if key in OMAHA_RULESETS else None


def _check_rules(rules: str) -> bool:
    """Whether ``rules`` is hi/lo; an error naming the choices for anything but an Omaha ruleset."""
    name = omaha_rules(rules)
    if name is None:
        raise InputError(f"unknown Omaha rules {rules!r}; choose from {', '.join(OMAHA_RULES)}")
    return OMAHA_RULESETS[name].spec.pair


def split_hand(cards: object) -> tuple[list[int], list[int]]:
    """Hole and board ids of an Omaha hand: ``(hole, board)`` or ``"hole | board"``; checked.

    >>> split_hand(([51, 47, 41, 37], "Ts9s2c7h8h"))[1]
    [35, 31, 0, 22, 26]
    >>> split_hand("AsKsQdJd Ts9s2c")
    Traceback (most recent call last):
    ...
    pokerlab.errors.InputError: an Omaha hand is (hole, board) or a string 'hole | board', e.g. 'AsKsQdJd | Ts9s2c'
    """
    if isinstance(cards, str):
        parts = [part.strip() for part in cards.replace("/", "|").split("|")]
    elif isinstance(cards, Sequence) and len(cards) == 2 and not isinstance(cards[0], int):
        parts = list(cards)
    else:
        parts = []
    if len(parts) != 2:
        raise InputError("an Omaha hand is (hole, board) or a string 'hole | board', e.g. 'AsKsQdJd | Ts9s2c'")
    return check_hand(parts[0], parts[1])


def check_hand(hole: CardsLike, board: CardsLike) -> tuple[list[int], list[int]]:
    """Ids of 4-6 hole cards and a 3-5 card board, with no card twice; a clear error otherwise.

    >>> check_hand("AsKsQdJd", "AsTs9s")
    Traceback (most recent call last):
    ...
    pokerlab.evaluator.cards.CardError: card As is both in the hole and on the board
    """
    try:
        hole_ids = to_card_ids(hole, count=HOLE_SIZES)
    except CardError as exc:
        raise CardError(f"Omaha hole cards: {exc}") from None
    try:
        board_ids = to_card_ids(board, count=BOARD_SIZES)
    except CardError as exc:
        raise CardError(f"Omaha board: {exc}") from None
    both = set(hole_ids) & set(board_ids)
    if both:
        raise CardError(f"card {card_str(min(both))} is both in the hole and on the board")
    return hole_ids, board_ids


class _PyTables:
    """The tables as memoryviews for the pure-Python path (used when the Cython extension is missing)."""

    def __init__(self) -> None:
        t = _tables.load()
        self.rank_keys = [k & _tables.RANK_KEY_MASK for k in t.view("card_keys").tolist()]
        self.offsets = t.view("rank5_offsets")
        self.values = t.view("rank5_values")
        self.flush = t.view("flush_values")
        self.board_row = t.view("omaha_board_row")
        self.high = t.view("omaha_high")
        self.low = t.view("omaha_low")


@lru_cache(maxsize=1)
def _py_tables() -> _PyTables:
    return _PyTables()


def _five_value(t: _PyTables, cards: Sequence[int]) -> int:
    if len({c & 3 for c in cards}) == 1:
        return int(t.flush[sum(1 << (c >> 2) for c in cards)])
    return _rank5_value(t, cards)


def _rank5_value(t: _PyTables, cards: Sequence[int]) -> int:
    """The non-flush value of five cards' ranks (suits ignored)."""
    return int(t.values[rank_slot(sum(t.rank_keys[c] for c in cards), t.offsets, _tables.SIZED_RANK_SHIFT)])


def value_of_ids(hole: Sequence[int], board: Sequence[int], hilo: bool) -> int | tuple[int, int]:
    """The value of checked ids, in pure Python with the same tables as the kernels (a few microseconds).

    >>> value_of_ids([51, 47, 41, 37], [35, 31, 30], False) >> 12   # AsKs on Ts9s9h: a pair
    1
    """
    t = _py_tables()
    best = 0
    pairs = [(a, b) for i, a in enumerate(hole) for b in hole[i + 1 :]]
    if len(board) == 5:
        row = int(t.board_row[_rank5_value(t, board)]) * 91
        for a, b in pairs:
            hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
            best = max(best, int(t.high[row + hi * (hi + 1) // 2 + lo]))
        for suit in range(4):
            b_suited = [c for c in board if c & 3 == suit]
            h_suited = [c for c in hole if c & 3 == suit]
            if len(b_suited) >= 3 and len(h_suited) >= 2:
                best = max(best, *(_five_value(t, [*p, *tr]) for p in _pairs(h_suited) for tr in _triples(b_suited)))
    else:
        best = max(_five_value(t, [*p, *tr]) for p in pairs for tr in _triples(board))
    if not hilo:
        return best
    b_low = _low_mask(board)
    h_low = _low_mask(hole)
    return best, int(t.low[b_low << 8 | h_low])


def _low_mask(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= LOW_BIT[c >> 2]
    return mask


def _pairs(cards: Sequence[int]) -> list[tuple[int, int]]:
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]


def _triples(cards: Sequence[int]) -> list[tuple[int, int, int]]:
    n = len(cards)
    return [(cards[i], cards[j], cards[k]) for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n)]


def evaluate_omaha(hole: CardsLike, board: CardsLike, rules: str = "omaha") -> int | tuple[int, int]:
    """Value of an Omaha hand: exactly two of the 4-6 ``hole`` cards and three of the 3-5 card ``board``.

    ``rules="omaha"`` returns the high value (larger is better, equal on a
    tie); ``"omaha-hilo"`` returns ``(high, low)`` with ``low`` 0 when no
    eight-or-better low qualifies. With the Cython extension built, this is
    its function (same behaviour, no Python frame per call).

    >>> from pokerlab.evaluator import describe
    >>> describe(evaluate_omaha("AsKsQdJd", "Ts9s2c7h8h"))   # QJ + T98: AKQJT would take three hole cards
    'Straight, queen high'
    >>> evaluate_omaha("AhKhQhJh", "2h3h9c8d5s") >> 12   # four hearts in the hole and two on the board: no flush
    0
    """
    hilo = _check_rules(rules)
    hole_ids, board_ids = check_hand(hole, board)
    return value_of_ids(hole_ids, board_ids, hilo)


try:  # the Cython extension built by setup.py: the per-call path without Python frames
    # Imported by name: 'from . import _omaha' would import the package, and with it the API above this layer.
    from ._omaha import (  # a build without one of these is out of date: the pure-Python path then serves
        defer_init as _compiled_defer_init,
        evaluate_omaha as _compiled_evaluate,
        init as _compiled_init,
        rank_rows as _compiled_rank_rows,
    )

    _evaluate_omaha_py = evaluate_omaha

    def _init_compiled() -> None:
        """Hand the tables to the extension; it calls this on its first evaluation (start-up reads no Omaha table)."""
        t = _tables.load()
        _compiled_init(  # memoryviews: its typed memoryviews take any buffer, and numpy stays unimported
            t.view("card_keys"),
            t.view("rank5_offsets"),
            t.view("rank5_values"),
            t.view("flush_values"),
            t.view("omaha_board_row"),
            t.view("omaha_high"),
            t.view("omaha_low"),
            _tables.SIZED_RANK_SHIFT,
            _tables.RANK_KEY_MASK,
            _evaluate_omaha_py,
        )

    _compiled_defer_init(_init_compiled, _evaluate_omaha_py)
    evaluate_omaha = _compiled_evaluate  # noqa: F811
    COMPILED = True
except ImportError:  # source tree without a build: the same tables in pure Python
    COMPILED = False


def evaluate_omaha_cards(cards: object, rules: str = "omaha") -> int | tuple[int, int]:
    """:func:`evaluate_omaha` of a hand given as ``(hole, board)`` or ``"hole | board"``.

    >>> evaluate_omaha_cards("AsKsQdJd|Ts9s2c") == evaluate_omaha("AsKsQdJd", "Ts9s2c")
    True
    """
    if isinstance(cards, tuple) and len(cards) == 2:
        return evaluate_omaha(cards[0], cards[1], rules)  # the fast path; it checks everything itself
    hole, board = split_hand(cards)
    return evaluate_omaha(hole, board, rules)


@lru_cache(maxsize=1)
def omaha_tables():  # type: ignore[no-untyped-def]
    """The arrays the Omaha equity kernels take (imports numba on first use)."""
    import numpy as np  # batch work only: the per-call path never imports numpy

    from .omaha_kernels import OmahaTables  # numba-compiled: batch work only

    t = _tables.load()
    low_bits = np.array([LOW_BIT[c >> 2] for c in range(52)], dtype=np.int64)
    return OmahaTables(
        t["card_keys"],
        t["rank5_offsets"],
        t["rank5_values"],
        t["flush_values"],
        t["omaha_board_row"],
        t["omaha_high"],
        t["omaha_low"],
        low_bits,
    )


def _ids_array(cards: object, what: str, sizes: tuple[int, ...]) -> np.ndarray:
    import numpy as np  # batch work only

    array = np.asarray(cards)
    if array.ndim != 2 or array.shape[1] not in sizes:
        want = " or ".join(map(str, sizes))
        raise CardError(f"Omaha {what}: expected an (N, k) array of card ids with k = {want}, got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > 51):
        row, col = np.argwhere((array < 0) | (array > 51))[0]
        bad = array[row, col]
        raise CardError(f"Omaha {what}: card id {bad} at row {row}, position {col + 1} is out of range 0..51")
    return np.ascontiguousarray(array, dtype=np.uint8)


def evaluate_omaha_batch(
    cards: np.ndarray,
    board: np.ndarray | None = None,
    *,
    rules: str = "omaha",
    parallel: bool = False,
) -> np.ndarray:
    """Values of N Omaha hands: uint16 ``(N,)`` for ``omaha``, ``(N, 2)`` (high, low) for ``omaha-hilo``.

    Without ``board`` each row of ``cards`` is 4-6 hole cards followed by a
    five-card board (9 to 11 columns). With ``board``, ``cards`` holds the
    hole cards only (N, 4..6) and ``board`` is one board for every row
    (3..5 ids) or one per row (N, 3..5). Ids are checked to be in range;
    duplicate cards are the caller's responsibility.

    >>> import numpy as np
    >>> holes = np.array([[51, 47, 41, 37], [0, 1, 2, 3]], dtype=np.uint8)   # AsKsQdJd, 2c2d2h2s
    >>> evaluate_omaha_batch(holes, np.array([35, 31, 4, 22, 26])) >> 12     # Ts9s3c7h8h
    array([4, 1], dtype=uint16)
    """
    import numpy as np  # batch work only: the per-call path never imports numpy

    hilo = _check_rules(rules)
    if board is None:
        rows = _ids_array(cards, "hands (hole cards then a five-card board)", tuple(h + 5 for h in HOLE_SIZES))
        # One array read in place: hole cards from column 0, the board from column h.
        holes, boards, shared = rows, rows, False
        h, b0, nb = rows.shape[1] - 5, rows.shape[1] - 5, 5
    else:
        holes = _ids_array(cards, "hole cards", HOLE_SIZES)
        b = np.asarray(board)
        shared = b.ndim == 1
        boards = _ids_array(b.reshape(1, -1) if shared else b, "board", BOARD_SIZES)
        if not shared and boards.shape[0] != holes.shape[0]:
            raise CardError(f"Omaha board: {boards.shape[0]} boards for {holes.shape[0]} hands")
        h, b0, nb = holes.shape[1], 0, boards.shape[1]
    n = holes.shape[0]
    high = np.empty(n, dtype=np.uint16)
    low = np.empty(n if hilo else 0, dtype=np.uint16)
    if COMPILED:
        parts = available_cores() if parallel else 1
        bounds = [n * k // parts for k in range(parts + 1)]
        on_threads([partial(_compiled_rank_rows, holes, boards, b0, nb, high, low, bounds[k], bounds[k + 1])
                    for k in range(parts)])  # fmt: skip
    else:
        for i in range(n):  # a source tree without a build: a few microseconds a hand
            value = value_of_ids(holes[i, :h].tolist(), boards[0 if shared else i, b0 : b0 + nb].tolist(), hilo)
            if isinstance(value, tuple):
                high[i], low[i] = value
            else:
                high[i] = value
    if hilo:
        return np.stack([high, low], axis=1)
    return high
