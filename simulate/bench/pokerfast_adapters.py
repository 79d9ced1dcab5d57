"""pokerfast's contenders: OMPEval's batch kernel and equity calculator through pokerfast's ctypes handle,
its public calls, and its pure-Python eval7.

>>> to_ompeval_ids(np.array([[0, 1, 2, 3]], dtype=np.uint8)).tolist()  # 2c 2d 2h 2s
[[2, 3, 1, 0]]
"""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np

from .adapters import Builder, EquityOutcome, keep, per_call
from .cases import CARD_STRINGS, BenchConfig, Case, Contender, Hands, all_hands, dealt, many_queries


def to_ompeval_ids(hands: np.ndarray) -> np.ndarray:
    """pokerlab ids -> OMPEval ids (``4 * rank + suit`` with suits ordered s, h, c, d)."""
    suit_map = np.array([2, 3, 1, 0], dtype=np.uint8)  # c, d, h, s -> OMPEval suit
    ids: np.ndarray = (hands & np.uint8(0xFC)) | suit_map[hands & 3]
    return ids


def pokerfast_lib() -> tuple[Any, Any]:
    """pokerfast's ``equity`` module and its loaded OMPEval library (ImportError when either is missing)."""
    from pokerfast import equity

    if not equity.available():
        raise ImportError("pokerfast is installed but its OMPEval library is not available")
    return equity, equity._load()


# --------------------------------------------------------------------------- evaluation


def pokerfast_native(array: np.ndarray) -> Contender:
    """OMPEval's batch kernel ``pf_evaluate(buf, n, k, out)``, through pokerfast's own ctypes handle.

    ``pokerfast.equity.evaluate`` converts card strings in Python and then makes exactly this call;
    the buffer is built here, before timing, as pokerlab's array is.
    """
    _, lib = pokerfast_lib()
    n, k = array.shape
    buf = np.ascontiguousarray(to_ompeval_ids(array)).tobytes()
    out = (ctypes.c_uint16 * n)()

    def run() -> None:
        if rc := lib.pf_evaluate(buf, n, k, out):
            raise RuntimeError(f"pf_evaluate returned {rc}")

    return Contender(
        f"OMPEval pf_evaluate(buf, n, {k}, out) via ctypes", run, lambda: np.frombuffer(out, dtype=np.uint16).copy(), n
    )


def pokerfast_batch(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """OMPEval's batch kernel on the case's hands."""
    return pokerfast_native(dealt(hands).array)


def pokerfast_public_batch(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``equity.evaluate`` on card-string tuples, its public batch call (on ``public_hands`` hands)."""
    equity, _ = pokerfast_lib()
    native = [tuple(CARD_STRINGS[c] for c in row) for row in dealt(hands).array[: config.public_hands].tolist()]
    last: dict[str, Any] = {}
    return Contender(
        f"equity.evaluate(list of {case.n_cards}-card string tuples)",
        lambda: keep(last, "v", equity.evaluate(native)),
        lambda: last["v"],
        len(native),
    )


def pokerfast_eval7_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerfast's pure-Python ``eval7`` per hand, in a Python loop (on ``slow_hands`` hands)."""
    from pokerfast import eval7

    native = [tuple(CARD_STRINGS[c] for c in h) for h in dealt(hands).ids[: config.slow_hands]]
    return per_call(f"pokerfast.eval7(tuple of {case.n_cards} card strings)", eval7, native)


def pokerfast_enum(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """No peer enumerates: the closest is OMPEval's batch kernel over an array of every hand (built untimed)."""
    if case.n_cards != 5:
        raise NotImplementedError("no peer enumerates; an array of every 7-card hand would take 936 MB")
    pokerfast_lib()
    c = pokerfast_native(all_hands(5))
    c.call = "pf_evaluate over an array of all 2,598,960 hands (no enumeration API; array built untimed)"
    return c


# --------------------------------------------------------------------------- equity


def pokerfast_exact(threads: int) -> Builder:
    """``pokerfast.equity.equity(ranges, board, exact=True, threads=...)``: one ctypes call into OMPEval."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        equity, _ = pokerfast_lib()
        players = list(case.players)
        last: dict[str, Any] = {}
        run = lambda: keep(last, "v", EquityOutcome(equity.equity(players, case.board, exact=True, threads=threads)))  # noqa: E731
        board_arg = f", {case.board!r}" if case.board else ""
        return Contender(
            f"equity.equity({players!r}{board_arg}, exact=True, threads={threads})", run, lambda: last["v"]
        )

    return build


def _pf_equity_arguments(case: Case) -> tuple[Any, int, Any, bytes]:
    """OMPEval's library and the case's players, ranges and board as ``pf_equity`` takes them."""
    _, lib = pokerfast_lib()
    n = len(case.players)
    ranges = (ctypes.c_char_p * n)(*[p.encode("ascii") for p in case.players])
    return lib, n, ranges, case.board.encode("ascii")


def pokerfast_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """OMPEval's Monte Carlo to a standard error, ``pf_equity`` on pokerfast's ctypes handle.

    ``pokerfast.equity.equity(ranges, exact=False, stdev=...)`` makes exactly this call but drops the
    trial count that ``pf_equity`` returns; calling it directly keeps it (for trials/s).
    """
    lib, n, ranges, board = _pf_equity_arguments(case)
    last: dict[str, Any] = {}

    def run() -> None:
        eq = (ctypes.c_double * n)()
        count = ctypes.c_uint64()
        if rc := lib.pf_equity(ranges, n, board, b"", 0, float(config.mc_stderr), 1, 0.0, eq, ctypes.byref(count)):
            raise RuntimeError(f"pf_equity returned {rc}")
        last["v"] = EquityOutcome(list(eq), count.value)

    call = f"pf_equity({list(case.players)!r}, exact=0, stdev={config.mc_stderr:g}, threads=1) via ctypes"
    return Contender(call, run, lambda: last["v"], 1, lambda: last["v"].trials)


def pokerfast_mc_trials(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """OMPEval's Monte Carlo (``pf_equity``) heads-up, to the standard error of ``hu_trials`` deals.

    OMPEval takes no trial count: it stops on a standard error (checked at its 0.2 s progress
    updates) or a time limit. Its rate is the trials it reports over the time the call took, so
    ``work`` is set after each run to what that run dealt.
    """
    lib, n, ranges, board = _pf_equity_arguments(case)
    p = case.expected if case.expected is not None else 0.5
    target = (p * (1 - p) / config.hu_trials) ** 0.5
    last: dict[str, Any] = {}

    def run() -> None:
        eq = (ctypes.c_double * n)()
        count = ctypes.c_uint64()
        if rc := lib.pf_equity(ranges, n, board, b"", 0, float(target), 1, 0.0, eq, ctypes.byref(count)):
            raise RuntimeError(f"pf_equity returned {rc}")
        last["v"] = EquityOutcome(list(eq), count.value)
        contender.work = max(1, count.value)

    call = f"pf_equity({list(case.players)!r}, exact=0, stdev={target:.2g}, threads=1) via ctypes"
    contender = Contender(call, run, lambda: last["v"], config.hu_trials, lambda: last["v"].trials)
    return contender


def pokerfast_many(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``equity.equity(players, board, exact=True, threads=1)`` for each query, in a Python loop."""
    equity, _ = pokerfast_lib()
    queries = many_queries(case, config.many_queries, config.seed)
    last: dict[str, Any] = {}

    def run() -> None:
        last["v"] = [equity.equity(players, board, exact=True, threads=1)[0] for players, board in queries]

    return Contender(f"equity.equity(players, board, exact=True, threads=1) x {len(queries)}", run,
                     lambda: last["v"], len(queries))  # fmt: skip
