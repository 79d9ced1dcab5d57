"""Who answers each case: pokerlab and every peer library, each through its fastest public call.

A :class:`Spec` names one contender for one kind of case and knows how to
build it; building converts the case's hands to the library's own card form
(outside any timing) and returns a :class:`Contender`, whose ``run`` is the
timed call and whose ``result`` is what the last run found. A builder raises
``ImportError`` when the library is not installed: the runner lists it as
such, it is never silently dropped.

>>> [s.key for s in specs_for(CASES[0])]
['pokerlab', 'pokerlab-threads', 'pokerfast', 'pokerfast-public']
"""

from __future__ import annotations

import ctypes
import json
import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import InputError
from .cases import (
    CARD_STRINGS,
    CASES,
    HANDS_IN_DECK,
    BenchConfig,
    Case,
    Contender,
    Hands,
    all_hands,
    dealt,
    many_queries,
)

# Peer name -> module to import (the peers extra installs them all).
PEERS = {
    "pokerfast": "pokerfast",
    "pkrbot": "pkrbot",
    "eval7": "eval7",
    "phevaluator": "phevaluator",
    "treys": "treys",
    "pokerkit": "pokerkit",
}


@dataclass
class EquityOutcome:
    """What one equity call found: every player's equity, and for Monte Carlo the trials and standard errors."""

    equities: list[float]
    trials: int = 0
    stderrs: list[float] | None = None


@dataclass(frozen=True)
class Spec:
    """One contender of one kind of case: its key in the report, its library, and its builder."""

    key: str
    library: str
    variant: str
    build: Callable[[Case, Hands | None, BenchConfig], Contender]

    @property
    def is_reference(self) -> bool:
        """pokerlab on one thread: the figure every other one in the case is a ratio to."""
        return self.key == "pokerlab"


def _keep(store: dict, key: str, value: object) -> None:
    store[key] = value


# --------------------------------------------------------------------------- batch


def _pokerlab_batch(parallel: bool) -> Callable[[Case, Hands | None, BenchConfig], Contender]:
    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        a = dealt(hands).array
        # Into a buffer made untimed, as pokerfast's kernel is given one.
        buf = np.empty(len(a), dtype=np.uint16)
        call = "evaluator.evaluate_batch(a, " + ("parallel=True, " if parallel else "") + "out=buf)"
        return Contender(
            call, lambda: evaluator.evaluate_batch(a, parallel=parallel, out=buf), lambda: buf.copy(), len(a)
        )

    return build


def _pokerlab_rules(high: bool) -> Callable[[Case, Hands | None, BenchConfig], Contender]:
    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        a = dealt(hands).high()[0] if high else dealt(hands).array
        rules = None if high else case.rules
        last: dict = {}
        call = "evaluator.evaluate_batch(a)" if high else f"evaluator.evaluate_batch(a, rules={rules!r})"
        return Contender(
            call, lambda: _keep(last, "v", evaluator.evaluate_batch(a, rules=rules)), lambda: last["v"], len(a)
        )

    return build


def to_ompeval_ids(hands: np.ndarray) -> np.ndarray:
    """pokerlab ids -> OMPEval ids (``4 * rank + suit`` with suits ordered s, h, c, d)."""
    suit_map = np.array([2, 3, 1, 0], dtype=np.uint8)  # c, d, h, s -> OMPEval suit
    return (hands & np.uint8(0xFC)) | suit_map[hands & 3]


def _pokerfast_lib():
    from pokerfast import equity

    if not equity.available():
        raise ImportError("pokerfast is installed but its OMPEval library is not available")
    return equity, equity._load()


def pokerfast_native(array: np.ndarray) -> Contender:
    """OMPEval's batch kernel ``pf_evaluate(buf, n, k, out)``, through pokerfast's own ctypes handle.

    ``pokerfast.equity.evaluate`` converts card strings in Python and then makes exactly this call;
    the buffer is built here, before timing, as pokerlab's array is.
    """
    _, lib = _pokerfast_lib()
    n, k = array.shape
    buf = np.ascontiguousarray(to_ompeval_ids(array)).tobytes()
    out = (ctypes.c_uint16 * n)()

    def run() -> None:
        if rc := lib.pf_evaluate(buf, n, k, out):
            raise RuntimeError(f"pf_evaluate returned {rc}")

    return Contender(
        f"OMPEval pf_evaluate(buf, n, {k}, out) via ctypes", run, lambda: np.frombuffer(out, dtype=np.uint16).copy(), n
    )


def _pokerfast_batch(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    return pokerfast_native(dealt(hands).array)


def _pokerfast_public_batch(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    equity, _ = _pokerfast_lib()
    native = [tuple(CARD_STRINGS[c] for c in row) for row in dealt(hands).array[: config.public_hands].tolist()]
    last: dict = {}
    return Contender(
        f"equity.evaluate(list of {case.n_cards}-card string tuples)",
        lambda: _keep(last, "v", equity.evaluate(native)),
        lambda: last["v"],
        len(native),
    )


# --------------------------------------------------------------------------- per call


def _per_call(call: str, evaluate: Callable, native: list, value: Callable[[Any], Any] = lambda v: v) -> Contender:
    """A loop ``for h in hands: evaluate(h)``; ``value`` turns a result into higher-is-better."""

    def loop() -> None:
        for h in native:
            evaluate(h)

    return Contender(call, loop, lambda: [value(evaluate(h)) for h in native], len(native))


def _pokerlab_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from ... import evaluator  # timed by measure_startup: kept out of bench's import

    return _per_call(f"evaluator.evaluate(list of {case.n_cards} ids)", evaluator.evaluate, dealt(hands).ids)


def _card_list_call(module: str, config_hands: Callable[[BenchConfig], int] = lambda c: c.call_hands):
    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        lib = __import__(module)
        deck = [lib.Card(s) for s in CARD_STRINGS]
        native = [[deck[c] for c in h] for h in dealt(hands).ids[: config_hands(config)]]
        return _per_call(f"{module}.evaluate(list of {case.n_cards} Card)", lib.evaluate, native)

    return build


def _phevaluator_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from phevaluator import Card, evaluate_cards

    if Card("As").id_ != CARD_STRINGS.index("As") or Card("2d").id_ != CARD_STRINGS.index("2d"):
        raise RuntimeError("phevaluator's card ids differ from pokerlab's")
    native = [tuple(h) for h in dealt(hands).ids[: config.call_hands]]

    def loop() -> None:
        for h in native:
            evaluate_cards(*h)

    # phevaluator: smaller is stronger
    return Contender(
        f"evaluate_cards(*{case.n_cards} ids)", loop, lambda: [-evaluate_cards(*h) for h in native], len(native)
    )


def _treys_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from treys import Card, Evaluator

    f = Evaluator().evaluate
    deck = [Card.new(s) for s in CARD_STRINGS]
    native = [([deck[c] for c in h[:2]], [deck[c] for c in h[2:]]) for h in dealt(hands).ids[: config.slow_hands]]

    def loop() -> None:
        for hole, board in native:
            f(hole, board)

    # treys: smaller is stronger
    return Contender(
        f"Evaluator().evaluate(2 hole, {case.n_cards - 2} board ints)",
        loop,
        lambda: [-f(hole, board) for hole, board in native],
        len(native),
    )


def _pokerkit_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from pokerkit import Card, StandardHighHand

    deck = [next(iter(Card.parse(s))) for s in CARD_STRINGS]
    native = [tuple(deck[c] for c in h) for h in dealt(hands).ids[: config.pokerkit_hands]]
    # Hand objects compare by strength
    return _per_call(f"StandardHighHand.from_game(tuple of {case.n_cards} Card)", StandardHighHand.from_game, native)


def _pokerfast_eval7_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from pokerfast import eval7

    native = [tuple(CARD_STRINGS[c] for c in h) for h in dealt(hands).ids[: config.slow_hands]]
    return _per_call(f"pokerfast.eval7(tuple of {case.n_cards} card strings)", eval7, native)


# --------------------------------------------------------------------------- enumeration


def _pokerlab_enum(parallel: bool) -> Callable[[Case, Hands | None, BenchConfig], Contender]:
    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        last: dict = {}
        call = f"evaluator.enumerate_values({case.n_cards}" + (", parallel=True)" if parallel else ")")
        run = lambda: _keep(last, "v", evaluator.enumerate_values(case.n_cards, parallel=parallel))  # noqa: E731

        return Contender(call, run, lambda: last["v"], HANDS_IN_DECK[case.n_cards])

    return build


def _pokerfast_enum(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """No peer enumerates: the closest is OMPEval's batch kernel over an array of every hand (built untimed)."""
    if case.n_cards != 5:
        raise NotImplementedError("no peer enumerates; an array of every 7-card hand would take 936 MB")
    _pokerfast_lib()
    c = pokerfast_native(all_hands(5))
    c.call = "pf_evaluate over an array of all 2,598,960 hands (no enumeration API; array built untimed)"
    return c


# --------------------------------------------------------------------------- equity


def _pokerlab_equity(threads: int | None) -> Callable[[Case, Hands | None, BenchConfig], Contender]:
    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ..equity.engine import equity  # timed by measure_startup: kept out of bench's import

        kwargs: dict[str, Any] = {"method": "exact"}
        if case.kind == "mc-stderr":
            kwargs = {"method": "mc", "stderr": config.mc_stderr, "seed": 1}
        elif case.kind == "mc-trials":
            kwargs = {"method": "mc", "trials": config.hu_trials, "seed": 1}
        players, board = list(case.players), case.board or None
        last: dict = {}

        def run() -> None:
            r = equity(players, board=board, threads=threads, use_tables=False, **kwargs)
            errors = [p.stderr for p in r.players if p.stderr is not None]  # None: too few trials to estimate
            stderrs = errors if r.method == "mc" and len(errors) == len(r.players) else None
            last["v"] = EquityOutcome([p.equity for p in r.players], r.trials or 0, stderrs)

        extra = "".join(f", {k}={v!r}" for k, v in kwargs.items())
        board_arg = f", board={case.board!r}" if case.board else ""
        call = f"equity({players!r}{board_arg}{extra}, threads={threads}, use_tables=False)"
        work = config.hu_trials if case.kind == "mc-trials" else 1
        trials = (lambda: last["v"].trials) if case.kind == "mc-stderr" else None
        return Contender(call, run, lambda: last["v"], work, trials)

    return build


def _pokerfast_exact(threads: int) -> Callable[[Case, Hands | None, BenchConfig], Contender]:
    """``pokerfast.equity.equity(ranges, board, exact=True, threads=...)``: one ctypes call into OMPEval."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        equity, _ = _pokerfast_lib()
        players = list(case.players)
        last: dict = {}
        run = lambda: _keep(last, "v", EquityOutcome(equity.equity(players, case.board, exact=True, threads=threads)))  # noqa: E731
        board_arg = f", {case.board!r}" if case.board else ""
        return Contender(
            f"equity.equity({players!r}{board_arg}, exact=True, threads={threads})", run, lambda: last["v"]
        )

    return build


def _pokerfast_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """OMPEval's Monte Carlo to a standard error, ``pf_equity`` on pokerfast's ctypes handle.

    ``pokerfast.equity.equity(ranges, exact=False, stdev=...)`` makes exactly this call but drops the
    trial count that ``pf_equity`` returns; calling it directly keeps it (for trials/s).
    """
    _, lib = _pokerfast_lib()
    n = len(case.players)
    ranges = (ctypes.c_char_p * n)(*[p.encode("ascii") for p in case.players])
    board = case.board.encode("ascii")
    last: dict = {}

    def run() -> None:
        eq = (ctypes.c_double * n)()
        count = ctypes.c_uint64()
        if rc := lib.pf_equity(ranges, n, board, b"", 0, float(config.mc_stderr), 1, 0.0, eq, ctypes.byref(count)):
            raise RuntimeError(f"pf_equity returned {rc}")
        last["v"] = EquityOutcome(list(eq), count.value)

    call = f"pf_equity({list(case.players)!r}, exact=0, stdev={config.mc_stderr:g}, threads=1) via ctypes"
    return Contender(call, run, lambda: last["v"], 1, lambda: last["v"].trials)


def _pokerfast_mc_trials(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """OMPEval's Monte Carlo (``pf_equity``) heads-up, to the standard error of ``hu_trials`` deals.

    OMPEval takes no trial count: it stops on a standard error (checked at its 0.2 s progress
    updates) or a time limit. Its rate is the trials it reports over the time the call took, so
    ``work`` is set after each run to what that run dealt.
    """
    _, lib = _pokerfast_lib()
    n = len(case.players)
    ranges = (ctypes.c_char_p * n)(*[p.encode("ascii") for p in case.players])
    board = case.board.encode("ascii")
    p = case.expected if case.expected is not None else 0.5
    target = (p * (1 - p) / config.hu_trials) ** 0.5
    last: dict = {}

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


def _eval7_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``eval7.py_hand_vs_range_monte_carlo(hero, villain, board, trials)``: heads-up, a hand against a range.

    eval7 deals the villain's combos in turn (not at random) and the board at random; it reports the
    hero's equity only.
    """
    import eval7

    hero_text, villain_text = case.players
    if villain_text != "random":
        raise NotImplementedError("only a hand against 'random' is set up for eval7")
    deck = [eval7.Card(s) for s in CARD_STRINGS]
    hero = [eval7.Card(hero_text[:2]), eval7.Card(hero_text[2:])]
    board = [eval7.Card(case.board[i : i + 2]) for i in range(0, len(case.board), 2)]
    dead = {str(c) for c in hero + board}
    villain = [
        ((deck[a], deck[b]), 1.0)
        for b in range(52)
        for a in range(b)
        if CARD_STRINGS[a] not in dead and CARD_STRINGS[b] not in dead
    ]
    trials = config.hu_trials
    last: dict = {}

    def run() -> None:
        e = float(eval7.py_hand_vs_range_monte_carlo(hero, villain, board, trials))
        last["v"] = EquityOutcome([e, 1.0 - e], trials)

    call = f"py_hand_vs_range_monte_carlo(hero, {len(villain):,} combos, board, {trials:,})"
    return Contender(call, run, lambda: last["v"], trials)


# --------------------------------------------------------------------------- many queries, new processes


def _query_line(players: list[str], board: str) -> str:
    """A ``pokerlab equity`` argument line (what ``--batch`` reads)."""
    return " ".join(shlex.quote(p) for p in players) + (f" --board {board}" if board else "")


def _pokerlab_many(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``equity_many(lines, threads=1)``: parses each line and answers it, as ``pokerlab equity --batch`` does."""
    from ..equity.batch import equity_many  # timed by measure_startup: kept out of bench's import

    lines = [_query_line(p, b) for p, b in many_queries(case, config.many_queries, config.seed)]
    last: dict = {}

    def run() -> None:
        answers = list(equity_many(lines, threads=1))
        wrong = [a for a in answers if "error" in a]
        if wrong:
            raise RuntimeError(f"line {wrong[0]['line']}: {wrong[0]['error']}")
        last["v"] = [a["players"][0]["equity"] for a in answers]

    return Contender(f"equity_many({len(lines)} argument lines, threads=1)", run, lambda: last["v"], len(lines))


def _pokerfast_many(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``equity.equity(players, board, exact=True, threads=1)`` for each query, in a Python loop."""
    equity, _ = _pokerfast_lib()
    queries = many_queries(case, config.many_queries, config.seed)
    last: dict = {}

    def run() -> None:
        last["v"] = [equity.equity(players, board, exact=True, threads=1)[0] for players, board in queries]

    return Contender(f"equity.equity(players, board, exact=True, threads=1) x {len(queries)}", run,
                     lambda: last["v"], len(queries))  # fmt: skip


def _process(argv: list[str], parse: Callable[[str], Any]) -> tuple[Callable[[], None], Callable[[], Any]]:
    """Run ``argv`` as a new process; ``parse`` reads its stdout into the result.

    Python's bytecode cache is on, its default, even where PYTHONDONTWRITEBYTECODE is set: without it every
    process would compile pokerlab's sources again. The untimed warm-up run writes the cache.
    """
    last: dict = {}
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def run() -> None:
        done = subprocess.run(argv, capture_output=True, text=True, check=False, env=env)
        if done.returncode != 0:
            raise RuntimeError(f"exit status {done.returncode}: {done.stderr.strip()[-300:]}")
        last["v"] = parse(done.stdout)

    return run, lambda: last["v"]


def _pokerlab_process(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``pokerlab equity AsAh KsKh --json`` or ``pokerlab eval ... --json``, as a user types it."""
    script = Path(sys.executable).with_name("pokerlab")
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "pokerlab"]
    if case.id == "start-eval":
        argv = [*command, "eval", *case.players, "--json"]
        run, result = _process(argv, lambda out: json.loads(out)["rank"])
    else:
        argv = [*command, "equity", *case.players, "--json"]
        run, result = _process(argv, lambda out: EquityOutcome([p["equity"] for p in json.loads(out)["players"]]))
    shown = " ".join(shlex.quote(a) for a in ["pokerlab", *argv[len(command) :]])
    return Contender(f"new process: {shown}", run, result)


def _pokerfast_process(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``python -c`` importing pokerfast and asking the same question (exact equity, or one 5-card rank)."""
    import pokerfast  # noqa: F401  (only to report it missing before timing anything)

    if case.id == "start-eval":
        cards = case.players[0].split()
        code = f"from pokerfast import eval7; print(eval7({tuple(cards)!r}))"
        run, result = _process([sys.executable, "-c", code], lambda out: int(out.split()[0]))
    else:
        code = f"from pokerfast import equity; print(*equity.equity({list(case.players)!r}, '', exact=True, threads=1))"
        run, result = _process([sys.executable, "-c", code], lambda out: EquityOutcome([float(x) for x in out.split()]))
    return Contender(f"new process: python -c {code!r}", run, result)


# --------------------------------------------------------------------------- Omaha


def _pokerlab_omaha_batch(parallel: bool) -> Callable[[Case, Hands | None, BenchConfig], Contender]:
    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        a = dealt(hands).array
        buf = np.empty(len(a), dtype=np.uint16)
        call = "evaluator.evaluate_batch(a, rules='omaha', " + ("parallel=True, " if parallel else "") + "out=buf)"
        run = lambda: evaluator.evaluate_batch(a, rules="omaha", parallel=parallel, out=buf)  # noqa: E731
        return Contender(call, run, lambda: buf.copy(), len(a))

    return build


def _pokerlab_omaha_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from ...evaluator.omaha import evaluate_omaha  # timed by measure_startup: kept out of bench's import

    native = [(h[:4], h[4:]) for h in dealt(hands).ids[: config.call_hands]]

    def loop() -> None:
        for hole, board in native:
            evaluate_omaha(hole, board)

    return Contender(
        "evaluate_omaha(4 hole ids, 5 board ids)", loop, lambda: [evaluate_omaha(h, b) for h, b in native], len(native)
    )


def _phevaluator_omaha(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from phevaluator import Card, evaluate_omaha_cards

    if Card("As").id_ != CARD_STRINGS.index("As") or Card("2d").id_ != CARD_STRINGS.index("2d"):
        raise RuntimeError("phevaluator's card ids differ from pokerlab's")
    # phevaluator takes the five board cards first, then the four hole cards.
    native = [tuple(h[4:] + h[:4]) for h in dealt(hands).ids[: config.call_hands]]

    def loop() -> None:
        for h in native:
            evaluate_omaha_cards(*h)

    # phevaluator: smaller is stronger
    return Contender(
        "evaluate_omaha_cards(*5 board ids, *4 hole ids)",
        loop,
        lambda: [-evaluate_omaha_cards(*h) for h in native],
        len(native),
    )


def _pokerkit_omaha(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from pokerkit import Card, OmahaHoldemHand

    deck = [next(iter(Card.parse(s))) for s in CARD_STRINGS]
    native = [(tuple(deck[c] for c in h[:4]), tuple(deck[c] for c in h[4:])) for h in dealt(hands).ids]
    native = native[: config.pokerkit_hands]

    def loop() -> None:
        for hole, board in native:
            OmahaHoldemHand.from_game(hole, board)

    # Hand objects compare by strength
    return Contender(
        "OmahaHoldemHand.from_game(4 hole Card, 5 board Card)",
        loop,
        lambda: [OmahaHoldemHand.from_game(hole, board) for hole, board in native],
        len(native),
    )


def _pokerlab_omaha_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from ..equity.omaha import omaha_equity  # timed by measure_startup: kept out of bench's import

    players, trials = list(case.players), config.pokerkit_hands
    last: dict = {}

    def run() -> None:
        r = omaha_equity(players, board=case.board, game=case.rules, method="mc", trials=trials, seed=1, threads=1)
        stderrs = [p.stderr for p in r.players if p.stderr is not None]
        last["v"] = EquityOutcome([p.equity for p in r.players], r.trials or 0, stderrs or None)

    call = f"omaha_equity({players!r}, board={case.board!r}, game={case.rules!r}, method='mc', trials={trials})"
    from ..equity.sampling import BLOCK_TRIALS

    blocks = -(-trials // BLOCK_TRIALS)  # Monte Carlo deals whole blocks
    return Contender(call, run, lambda: last["v"], blocks * BLOCK_TRIALS)


def _pokerkit_omaha_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from pokerkit import Card, Deck, OmahaEightOrBetterLowHand, OmahaHoldemHand, calculate_equities

    types = (OmahaHoldemHand, OmahaEightOrBetterLowHand) if case.rules == "omaha-hilo" else (OmahaHoldemHand,)
    ranges = [[tuple(Card.parse(p))] for p in case.players]
    board = tuple(Card.parse(case.board))
    n = config.pokerkit_hands
    last: dict = {}

    def run() -> None:
        eq = calculate_equities(ranges, board, 4, 5, Deck.STANDARD, types, sample_count=n)
        last["v"] = EquityOutcome(list(eq), n)

    names = ", ".join(t.__name__ for t in types)
    return Contender(f"calculate_equities(..., ({names}), sample_count={n})", run, lambda: last["v"], n)


def _pokerlab_stud_exact(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from ..equity.stud import count_deals, stud_equity  # timed by measure_startup: kept out of bench's import

    players = list(case.players)
    last: dict = {}

    def run() -> None:
        r = stud_equity(players, game=case.rules, method="exact", threads=1)
        last["v"] = EquityOutcome([p.equity for p in r.players])

    call = f"stud_equity({players!r}, game={case.rules!r}, method='exact', threads=1)"
    return Contender(call, run, lambda: last["v"], count_deals(players))


def _pokerlab_stud_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from ..equity.stud import stud_equity  # timed by measure_startup: kept out of bench's import

    players, trials = list(case.players), config.pokerkit_hands
    last: dict = {}

    def run() -> None:
        r = stud_equity(players, game=case.rules, method="mc", trials=trials, seed=1, threads=1)
        stderrs = [p.stderr for p in r.players if p.stderr is not None]
        last["v"] = EquityOutcome([p.equity for p in r.players], r.trials or 0, stderrs or None)

    call = f"stud_equity({players!r}, game={case.rules!r}, method='mc', trials={trials})"
    from ..equity.sampling import BLOCK_TRIALS

    blocks = -(-trials // BLOCK_TRIALS)  # Monte Carlo deals whole blocks
    return Contender(call, run, lambda: last["v"], blocks * BLOCK_TRIALS)


def _pokerkit_stud_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    from pokerkit import Card, Deck, EightOrBetterLowHand, RegularLowHand, StandardHighHand, calculate_equities

    types = {"stud": (StandardHighHand,), "stud-hilo": (StandardHighHand, EightOrBetterLowHand),
             "razz": (RegularLowHand,)}[case.rules]  # fmt: skip
    ranges = [[tuple(Card.parse(p.replace(" ", "")))] for p in case.players]
    n = config.pokerkit_hands
    last: dict = {}

    def run() -> None:
        eq = calculate_equities(ranges, (), 7, 0, Deck.STANDARD, types, sample_count=n)
        last["v"] = EquityOutcome(list(eq), n)

    names = ", ".join(t.__name__ for t in types)
    return Contender(f"calculate_equities(..., 7, 0, ..., ({names}), sample_count={n})", run, lambda: last["v"], n)


# --------------------------------------------------------------------------- registry


def _range_hits(plain: bool) -> Callable[[Case, Hands | None, BenchConfig], Contender]:
    """Hits of a range on a board: made-hand categories, by ``hit_frequencies`` or one ``evaluate`` per combo."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ...evaluator.api import category_name, evaluate
        from ...evaluator.cards import cards_to_mask, to_card_ids
        from ..ranges.hits import MADE_ROWS, hit_frequencies
        from ..ranges.parse import parse_range

        board = to_card_ids(case.board)
        last: dict = {}
        if plain:
            combos = parse_range(case.players[0]).remove(cards_to_mask(board)).combos.tolist()

            def run() -> None:
                counts: dict[str, int] = {}
                for combo in combos:
                    name = category_name(evaluate(list(combo) + board)).replace("Royal flush", "Straight flush")
                    counts[name.lower()] = counts.get(name.lower(), 0) + 1
                last["v"] = counts

            call = "evaluate(combo + board) per combo"
        else:
            pairs = set(MADE_ROWS[MADE_ROWS.index("overpair") : MADE_ROWS.index("high card")])

            def run() -> None:
                counts: dict[str, int] = {}
                for row in hit_frequencies(case.players[0], board=case.board).rows:
                    if row.group == "made" and row.combos:
                        name = "one pair" if row.category in pairs else row.category
                        counts[name] = counts.get(name, 0) + int(row.combos)
                last["v"] = counts

            call = f"hit_frequencies({case.players[0]!r}, board={case.board!r})"
        return Contender(call, run, lambda: last["v"])

    return build


def _range_by_combo(plain: bool) -> Callable[[Case, Hands | None, BenchConfig], Contender]:
    """Every combo's equity: by ``equity_by_combo``, or one plain ``equity`` call per combo of each range."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ...evaluator.cards import cards_to_mask, format_cards, to_card_ids
        from ..equity.distribution import equity_by_combo
        from ..equity.engine import equity
        from ..ranges.parse import parse_range

        players, last = list(case.players), {}
        if plain:
            mask = cards_to_mask(to_card_ids(case.board))
            combos = [parse_range(p).remove(mask).combos.tolist() for p in players]

            def run() -> None:
                found = {}
                for i, own in enumerate(combos):
                    for combo in own:
                        deal = list(players)
                        deal[i] = combo
                        found[(i, format_cards(combo))] = equity(deal, board=case.board).players[i].equity
                last["v"] = found

            call = "equity([combo, other range], board) per combo"
        else:

            def run() -> None:
                d = equity_by_combo(players, board=case.board)
                last["v"] = {(i, c.combo): c.equity for i, p in enumerate(d.players) for c in p.combos}

            call = f"equity_by_combo({players!r}, board={case.board!r})"
        return Contender(call, run, lambda: last["v"])

    return build


def specs_for(case: Case, config: BenchConfig | None = None) -> list[Spec]:
    """Every contender of a case, pokerlab (one thread) first.

    >>> [s.key for s in specs_for(next(c for c in CASES if c.id == "mc-hu"))]
    ['pokerlab', 'pokerfast', 'eval7']
    """
    every = "all threads"
    if case.kind == "batch":
        return [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_batch(False)),
            Spec("pokerlab-threads", "pokerlab", every, _pokerlab_batch(True)),
            Spec("pokerfast", "pokerfast", "OMPEval kernel", _pokerfast_batch),
            Spec("pokerfast-public", "pokerfast", "public call", _pokerfast_public_batch),
        ]
    if case.kind == "rules-batch":
        return [
            Spec("pokerlab", "pokerlab", f"rules={case.rules}", _pokerlab_rules(False)),
            Spec("pokerlab-high", "pokerlab", "high hands", _pokerlab_rules(True)),
        ]
    if case.kind == "call":
        return [
            Spec("pokerlab", "pokerlab", "", _pokerlab_call),
            Spec("pkrbot", "pkrbot", "", _card_list_call("pkrbot")),
            Spec("eval7", "eval7", "", _card_list_call("eval7")),
            Spec("phevaluator", "phevaluator", "", _phevaluator_call),
            Spec("treys", "treys", "", _treys_call),
            Spec("pokerkit", "pokerkit", "", _pokerkit_call),
            Spec("pokerfast", "pokerfast", "pure-Python eval7", _pokerfast_eval7_call),
        ]
    if case.kind == "enum":
        specs = [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_enum(False)),
            Spec("pokerlab-threads", "pokerlab", every, _pokerlab_enum(True)),
        ]
        return specs + (
            [Spec("pokerfast", "pokerfast", "batch over all hands", _pokerfast_enum)] if case.n_cards == 5 else []
        )
    if case.kind == "exact":
        specs = [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_equity(1)),
            Spec("pokerfast", "pokerfast", "1 thread", _pokerfast_exact(1)),
        ]
        if case.threads and (config is None or config.all_threads_equity):
            specs[1:1] = [Spec("pokerlab-threads", "pokerlab", every, _pokerlab_equity(None))]
            specs.append(Spec("pokerfast-threads", "pokerfast", every, _pokerfast_exact(0)))
        return specs
    if case.kind == "mc-stderr":
        return [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_equity(1)),
            Spec("pokerfast", "pokerfast", "1 thread", _pokerfast_mc),
        ]
    if case.kind == "mc-trials":
        return [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_equity(1)),
            Spec("pokerfast", "pokerfast", "1 thread", _pokerfast_mc_trials),
            Spec("eval7", "eval7", "1 thread", _eval7_mc),
        ]
    if case.kind == "phh-replay":
        from .histories import pokerkit_replay, pokerlab_replay

        return [
            Spec("pokerlab", "pokerlab", "read + replay + check", pokerlab_replay),
            Spec("pokerkit", "pokerkit", "HandHistory iteration", pokerkit_replay),
        ]
    if case.kind == "game":
        from .games import pokerkit_game, pokerlab_game

        return [
            Spec("pokerlab", "pokerlab", "State, pure Python", pokerlab_game),
            Spec("pokerkit", "pokerkit", "State, dealer automated", pokerkit_game),
        ]
    if case.kind == "many":
        return [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_many),
            Spec("pokerfast", "pokerfast", "1 thread", _pokerfast_many),
        ]
    if case.kind == "process":
        return [
            Spec("pokerlab", "pokerlab", "command line", _pokerlab_process),
            Spec("pokerfast", "pokerfast", "python -c", _pokerfast_process),
        ]
    if case.kind == "omaha-batch":
        return [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_omaha_batch(False)),
            Spec("pokerlab-threads", "pokerlab", every, _pokerlab_omaha_batch(True)),
            Spec("phevaluator", "phevaluator", "per-call loop", _phevaluator_omaha),
        ]
    if case.kind == "omaha-call":
        return [
            Spec("pokerlab", "pokerlab", "", _pokerlab_omaha_call),
            Spec("phevaluator", "phevaluator", "", _phevaluator_omaha),
            Spec("pokerkit", "pokerkit", "", _pokerkit_omaha),
        ]
    if case.kind == "omaha-mc":
        return [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_omaha_mc),
            Spec("pokerkit", "pokerkit", "1 process", _pokerkit_omaha_mc),
        ]
    if case.kind == "stud-exact":
        return [Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_stud_exact)]
    if case.kind == "stud-mc":
        return [
            Spec("pokerlab", "pokerlab", "1 thread", _pokerlab_stud_mc),
            Spec("pokerkit", "pokerkit", "1 process", _pokerkit_stud_mc),
        ]
    if case.kind == "range-hits":
        return [
            Spec("pokerlab", "pokerlab", "hit_frequencies", _range_hits(False)),
            Spec("pokerlab-plain", "pokerlab", "evaluate() per combo", _range_hits(True)),
        ]
    if case.kind == "range-by-combo":
        return [
            Spec("pokerlab", "pokerlab", "equity_by_combo", _range_by_combo(False)),
            Spec("pokerlab-plain", "pokerlab", "equity() per combo", _range_by_combo(True)),
        ]
    raise InputError(f"unknown case kind {case.kind!r}")


def spec_keys() -> dict[str, list[str]]:
    """Case id -> contender keys, for every case (what the pytest-benchmark suite parametrizes over)."""
    return {c.id: [s.key for s in specs_for(c)] for c in CASES}
