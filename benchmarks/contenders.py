"""What the benchmarks run: the hands, pokerlab and each peer library in its native form.

Shared by ``compare.py`` (side-by-side script) and ``test_benchmarks.py``
(pytest-benchmark suite), so both time exactly the same calls.

Card ids are pokerlab's: ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 =
c, d, h, s). Every library gets the same hands, converted to its own card
form before any timing starts. Missing peers are reported, never fatal.
"""

from __future__ import annotations

import ctypes
import importlib.metadata
import importlib.util
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent  # the repository: fresh processes start here
RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_STRINGS = [r + s for r in RANKS for s in SUITS]  # index = pokerlab card id
ROYAL = ("As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
N_ALL_SEVEN = 133_784_560  # C(52, 7)

# Hands per 7-card category (category = rank >> 12, royal flush counted apart), for sanity checks.
SEVEN_CARD_CATEGORY_COUNTS = [
    23_294_460,  # high card
    58_627_800,  # one pair
    31_433_400,  # two pair
    6_461_620,  # three of a kind
    6_180_020,  # straight
    4_047_644,  # flush
    3_473_184,  # full house
    224_848,  # four of a kind
    37_260,  # straight flush
    4_324,  # royal flush
]


def random_hands(n: int, seed: int = 20240601, chunk: int = 1 << 20) -> np.ndarray:
    """``(n, 7)`` uint8 array of pokerlab card ids: seven distinct cards per row, uniformly dealt."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), dtype=np.uint8)
    for lo in range(0, n, chunk):
        m = min(chunk, n - lo)
        deck = np.tile(np.arange(52, dtype=np.uint8), (m, 1))
        rows = np.arange(m)
        for j in range(7):  # partial Fisher-Yates, all rows at once
            k = rng.integers(j, 52, size=m)
            picked = deck[rows, k]
            deck[rows, k] = deck[rows, j]
            deck[rows, j] = picked
        out[lo : lo + m] = deck[:, :7]
    return out


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def _missing(name: str, exc: BaseException) -> str:
    return f"{name}: {type(exc).__name__}: {exc}"


def order_agrees(a, b) -> bool:
    """Whether two value sequences (higher is better) order every pair of neighbours the same way, ties included.

    Values from different libraries are never compared with each other, only
    their order: ``order_agrees([3, 9, 9], [-5, 1, 1])`` is True.
    """
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return bool(np.array_equal(np.sign(np.diff(a.astype(np.int64))), np.sign(np.diff(b.astype(np.int64)))))

    def signs(v):
        return [(x > y) - (x < y) for x, y in zip(v, v[1:])]

    return signs(list(a)) == signs(list(b))


# --------------------------------------------------------------------------- batch (target 1)


@dataclass
class Batch:
    """One batch evaluator over a fixed hand array, ready to call."""

    name: str
    call: str  # what exactly is timed
    run: Callable[[], object]  # evaluates every prepared hand
    values: Callable[[], np.ndarray]  # values of the last run, higher is better (only the order means anything)
    hands: int


def pokerlab_batches(hands: np.ndarray) -> list[Batch]:
    import evaluator

    last: dict[bool, np.ndarray] = {}

    def make(parallel: bool) -> Callable[[], object]:
        def run():
            last[parallel] = evaluator.evaluate_batch(hands, parallel=parallel)

        return run

    tiny = hands[:64]
    evaluator.evaluate_batch(tiny)  # load (or compile) both kernels before anyone times them
    evaluator.evaluate_batch(tiny, parallel=True)
    return [
        Batch("pokerlab", "evaluate_batch(a)", make(False), lambda: last[False], len(hands)),
        Batch("pokerlab", "evaluate_batch(a, parallel=True)", make(True), lambda: last[True], len(hands)),
    ]


def to_ompeval_ids(hands: np.ndarray) -> np.ndarray:
    """pokerlab ids -> OMPEval ids (``4 * rank + suit`` with suits ordered s, h, c, d)."""
    suit_map = np.array([2, 3, 1, 0], dtype=np.uint8)  # c, d, h, s -> OMPEval suit
    return (hands & np.uint8(0xFC)) | suit_map[hands & 3]


def pokerfast_native_batch(hands: np.ndarray) -> Batch:
    """pokerfast's OMPEval batch kernel (``pf_evaluate``), called through its ctypes handle.

    ``pokerfast.equity.evaluate`` converts card strings in Python and then makes
    exactly this call; the buffer is built here, before timing, as pokerlab's array is.
    """
    from pokerfast import equity

    lib = equity._load()  # raises EquityUnavailable without the native library
    n, k = hands.shape
    buf = np.ascontiguousarray(to_ompeval_ids(hands)).tobytes()
    out = (ctypes.c_uint16 * n)()

    def run():
        rc = lib.pf_evaluate(buf, n, k, out)
        if rc != 0:
            raise RuntimeError(f"pf_evaluate returned {rc}")

    return Batch(
        "pokerfast",
        "OMPEval pf_evaluate(buf, n, 7, out) via ctypes",
        run,
        lambda: np.frombuffer(out, dtype=np.uint16),
        n,
    )


def pokerfast_public_batch(hands: np.ndarray) -> Batch:
    """``pokerfast.equity.evaluate(list of card-string tuples)``: the public call, Python conversion included."""
    from pokerfast import equity

    if not equity.available():
        raise ImportError("pokerfast's OMPEval library is not available")
    native = [tuple(CARD_STRINGS[c] for c in row) for row in hands.tolist()]
    last: list = []

    def run():
        last[:] = [equity.evaluate(native)]

    return Batch("pokerfast", "equity.evaluate(list of 7 card strings)", run, lambda: np.asarray(last[0]), len(native))


# --------------------------------------------------------------------------- per call (target 3)


@dataclass
class PerCall:
    """One per-call evaluator: how to convert pokerlab hands to its native form, and the timed Python loop."""

    name: str
    call: str  # the call made once per hand
    convert: Callable[[list[list[int]]], list]  # list of id lists -> list of native hands
    loop: Callable[[list], None]  # evaluates every native hand from a plain Python loop
    values: Callable[[list], list]  # value per native hand, higher is better
    slow: bool = False  # pure Python: give it fewer hands


def _one_arg_call(name: str, call: str, evaluate: Callable, convert: Callable, slow: bool = False) -> PerCall:
    """A library whose evaluator takes one native hand and returns a higher-is-better value."""

    def loop(hands):
        for h in hands:
            evaluate(h)

    return PerCall(name, call, convert, loop, lambda hs: [evaluate(h) for h in hs], slow=slow)


def _pokerlab_call() -> PerCall:
    import evaluator

    return _one_arg_call("pokerlab", "evaluate(list of 7 ids)", evaluator.evaluate, lambda hs: [list(h) for h in hs])


def _card_list_call(name: str, evaluate: Callable, card: Callable) -> PerCall:
    """A peer that evaluates a list of its own Card objects (pkrbot, eval7)."""
    deck = [card(s) for s in CARD_STRINGS]
    return _one_arg_call(name, "evaluate(list of 7 Card)", evaluate, lambda hs: [[deck[c] for c in h] for h in hs])


def _pkrbot_call() -> PerCall:
    import pkrbot

    return _card_list_call("pkrbot", pkrbot.evaluate, pkrbot.Card)


def _eval7_call() -> PerCall:
    import eval7

    return _card_list_call("eval7", eval7.evaluate, eval7.Card)


def _phevaluator_call() -> PerCall:
    from phevaluator import Card, evaluate_cards

    f = evaluate_cards
    if Card("As").id_ != CARD_STRINGS.index("As") or Card("2d").id_ != CARD_STRINGS.index("2d"):
        raise ImportError("phevaluator's card ids differ from pokerlab's")

    def loop(hands):
        for h in hands:
            f(*h)

    return PerCall(
        "phevaluator",
        "evaluate_cards(*7 ids)",
        lambda hs: [tuple(h) for h in hs],
        loop,
        lambda hs: [-f(*h) for h in hs],
    )  # smaller is stronger


def _treys_call() -> PerCall:
    from treys import Card, Evaluator

    f = Evaluator().evaluate
    deck = [Card.new(s) for s in CARD_STRINGS]

    def convert(hs):
        return [([deck[c] for c in h[:2]], [deck[c] for c in h[2:]]) for h in hs]

    def loop(hands):
        for hole, board in hands:
            f(hole, board)

    return PerCall(
        "treys",
        "Evaluator().evaluate(2 hole, 5 board ints)",
        convert,
        loop,
        lambda hs: [-f(hole, board) for hole, board in hs],
        slow=True,
    )  # smaller is stronger


def _pokerkit_call() -> PerCall:
    from pokerkit import Card, StandardHighHand

    deck = [next(iter(Card.parse(s))) for s in CARD_STRINGS]
    return _one_arg_call(  # Hand objects compare by strength
        "pokerkit",
        "StandardHighHand.from_game(tuple of 7 Card)",
        StandardHighHand.from_game,
        lambda hs: [tuple(deck[c] for c in h) for h in hs],
        slow=True,
    )


def _pokerfast_eval7_call() -> PerCall:
    from pokerfast import eval7

    return _one_arg_call(
        "pokerfast.eval7",
        "eval7(tuple of 7 card strings)",
        eval7,
        lambda hs: [tuple(CARD_STRINGS[c] for c in h) for h in hs],
        slow=True,
    )


PER_CALL_BUILDERS = {
    "pokerlab": _pokerlab_call,
    "pkrbot": _pkrbot_call,
    "eval7": _eval7_call,
    "phevaluator": _phevaluator_call,
    "treys": _treys_call,
    "pokerkit": _pokerkit_call,
    "pokerfast.eval7": _pokerfast_eval7_call,
}


def module_of(name: str) -> str:
    """The module a per-call contender needs (pokerlab's package is ``evaluator``)."""
    return "evaluator" if name == "pokerlab" else name.split(".")[0]


def per_call_contender(name: str) -> PerCall:
    """Build one per-call contender (raises ImportError when the library is missing)."""
    return PER_CALL_BUILDERS[name]()


def per_call_contenders() -> tuple[list[PerCall], list[str]]:
    """Every installed per-call contender, pokerlab first, and a note per missing one."""
    found, missing = [], []
    for name, build in PER_CALL_BUILDERS.items():
        try:
            found.append(build())
        except Exception as exc:  # ImportError, or a peer whose API changed
            missing.append(_missing(name, exc))
    return found, missing


# --------------------------------------------------------------------------- fresh process (target 4)


@dataclass
class Fresh:
    """A ``python -c`` snippet timed as a whole fresh process."""

    name: str
    what: str
    code: str
    module: str = ""  # must be importable for the snippet to make sense
    env: dict = field(default_factory=dict)


_ROYAL_ARGS = ", ".join(repr(c) for c in ROYAL)
FRESH_POKERLAB = Fresh("pokerlab", "import + evaluate", "import evaluator; evaluator.evaluate('AsKsQsJsTs2c3d')")
FRESH_POKERLAB_BATCH = Fresh(
    "pokerlab",
    "import + evaluate + evaluate_batch",
    "import evaluator; evaluator.evaluate('AsKsQsJsTs2c3d'); import numpy as np; "
    "evaluator.evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]], dtype=np.uint8))",
)
FRESH_BASELINES = [
    Fresh("python -c pass", "interpreter start only", "pass"),
    Fresh("python -c 'import numpy'", "interpreter + numpy import", "import numpy", "numpy"),
]
FRESH_PEERS = [
    Fresh(
        "pkrbot",
        "import + first evaluate",
        f"import pkrbot; pkrbot.evaluate([pkrbot.Card(c) for c in ({_ROYAL_ARGS})])",
        "pkrbot",
    ),
    Fresh(
        "eval7",
        "import + first evaluate",
        f"import eval7; eval7.evaluate([eval7.Card(c) for c in ({_ROYAL_ARGS})])",
        "eval7",
    ),
    Fresh(
        "phevaluator",
        "import + first evaluate",
        f"from phevaluator import evaluate_cards; evaluate_cards({_ROYAL_ARGS})",
        "phevaluator",
    ),
    Fresh(
        "treys",
        "import + first evaluate",
        "from treys import Card, Evaluator; Evaluator().evaluate("
        "[Card.new('As'), Card.new('Ks')], [Card.new(c) for c in ('Qs', 'Js', 'Ts', '2c', '3d')])",
        "treys",
    ),
    Fresh(
        "pokerkit",
        "import + first evaluate",
        "from pokerkit import StandardHighHand; StandardHighHand.from_game('AsKs', 'QsJsTs2c3d')",
        "pokerkit",
    ),
    Fresh(
        "pokerfast.eval7",
        "import + first evaluate",
        f"from pokerfast import eval7; eval7(({_ROYAL_ARGS}))",
        "pokerfast",
    ),
]
FRESH_PEER_BATCH = Fresh(
    "pokerfast",
    "import + first equity.evaluate, its native batch",
    f"from pokerfast import equity; equity.evaluate([({_ROYAL_ARGS})])",
    "pokerfast",
)
FRESH_COLD = Fresh(
    "pokerlab",
    "import + evaluate_batch, empty NUMBA_CACHE_DIR (cold compile)",
    "import numpy as np, evaluator; evaluator.evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]], dtype=np.uint8))",
)


def importable(module: str) -> bool:
    if not module:
        return True
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def run_command(argv: list[str], env: dict | None = None) -> float:
    """Wall seconds of a command in a fresh process started in the repository root."""
    t0 = time.perf_counter()
    proc = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - t0
    if proc.returncode:
        lines = proc.stderr.strip().splitlines()
        raise RuntimeError(lines[-1] if lines else f"exit status {proc.returncode}")
    return elapsed


def run_python(code: str, env: dict | None = None) -> float:
    """Wall seconds of ``python -c code`` in a fresh process started in the repository root."""
    return run_command([sys.executable, "-c", code], env)


# --------------------------------------------------------------------------- equity (target 5)


@dataclass
class EquityCase:
    """One equity question, put the same way to every engine."""

    label: str
    players: list[str]  # pokerlab's and OMPEval's range syntax agree on these: "AsAh", "AA", "AKs", "QQ+,AKs", "random"
    expected: float | None = None  # player 1's exact equity (pokerlab and OMPEval agree to 1e-15)


EXACT_CASES = [
    EquityCase("AsAh vs KsKh", ["AsAh", "KsKh"], 0.826366112559452),
    EquityCase("AA vs KK", ["AA", "KK"], 0.8194605046767397),
    EquityCase("AKs vs QQ", ["AKs", "QQ"], 0.46048525845877836),
    EquityCase("AsAh vs random", ["AsAh", "random"], 0.8520371330210104),
]
LONG_EXACT_CASE = EXACT_CASES[-1]  # the one the 2-thread goal is about
MC_CASE = EquityCase("QQ+,AKs vs random vs random", ["QQ+,AKs", "random", "random"])
MC_STDERR = 1e-4
MC_SEED = 1
HU_MC_CASE = LONG_EXACT_CASE  # AsAh vs random: eval7's Monte Carlo is heads-up, hand vs range only


@dataclass
class EquityOutcome:
    """What one equity call found."""

    equities: list[float]
    trials: int = 0  # Monte Carlo deals (0: exact)
    stderrs: list[float] | None = None  # per player, when the engine reports them


@dataclass
class EquityRun:
    """One engine on one equity case, ready to call; each call appends what it found to ``results``."""

    name: str
    call: str  # what exactly is timed
    run: Callable[[], object]
    results: list[EquityOutcome]  # what each call found, one per call, warm-up included


def pokerlab_equity(case: EquityCase, method: str = "exact", threads: int = 1, **kwargs) -> EquityRun:
    """``simulate.equity.equity(players, method=..., threads=...)``, other keywords (``stderr``, ``seed``) passed on."""
    from simulate.equity import equity

    results: list[EquityOutcome] = []

    def run():
        r = equity(case.players, method=method, threads=threads, **kwargs)
        stderrs = [p.stderr for p in r.players] if r.method == "mc" else None
        results.append(EquityOutcome([p.equity for p in r.players], r.trials or 0, stderrs))

    extra = "".join(f", {k}={v!r}" for k, v in kwargs.items())
    return EquityRun("pokerlab", f"equity({case.players!r}, method={method!r}{extra}, threads={threads})", run, results)


def pokerfast_exact(case: EquityCase, threads: int = 1) -> EquityRun:
    """``pokerfast.equity.equity(ranges, exact=True, threads=...)``: its public call (one ctypes call into OMPEval).

    OMPEval's EquityCalculator has a hook for precalculated heads-up preflop
    results (``lookupPrecalculatedResults``), but its table is empty ("Not used
    atm."): every call enumerates, caching only the suit-isomorphic preflops
    it meets within that one call. Repeated calls take the same time.
    """
    from pokerfast import equity

    if not equity.available():
        raise ImportError("pokerfast's OMPEval library is not available")
    results: list[EquityOutcome] = []

    def run():
        results.append(EquityOutcome(equity.equity(case.players, exact=True, threads=threads)))

    return EquityRun("pokerfast", f"equity.equity({case.players!r}, exact=True, threads={threads})", run, results)


def pokerfast_monte_carlo(case: EquityCase, stdev: float, threads: int = 1) -> EquityRun:
    """OMPEval's Monte Carlo to a standard-error target, via ``pf_equity`` on pokerfast's ctypes handle.

    ``pokerfast.equity.equity(ranges, exact=False, stdev=...)`` makes exactly
    this call after checking its arguments, but drops the hand count that
    ``pf_equity`` returns; calling it directly keeps the count (trials/s).
    """
    from pokerfast import equity

    lib = equity._load()  # raises EquityUnavailable without the native library
    n = len(case.players)
    ranges = (ctypes.c_char_p * n)(*[p.encode("ascii") for p in case.players])
    results: list[EquityOutcome] = []

    def run():
        eq = (ctypes.c_double * n)()
        hands = ctypes.c_uint64()
        rc = lib.pf_equity(ranges, n, b"", b"", 0, float(stdev), threads, 0.0, eq, ctypes.byref(hands))
        if rc != 0:
            raise RuntimeError(f"pf_equity returned {rc}")
        results.append(EquityOutcome(list(eq), hands.value))

    call = f"pf_equity({case.players!r}, exact=0, stdev={stdev:g}, threads={threads}) via ctypes"
    return EquityRun("pokerfast", call, run, results)


def eval7_monte_carlo(case: EquityCase, trials: int) -> EquityRun:
    """``eval7.py_hand_vs_range_monte_carlo(hero, villain, [], trials)``: heads-up, a hand against a range.

    eval7 deals the villain's combos in turn (not at random) and the board at
    random; it reports the hero's equity only, as a float32.
    """
    import eval7

    hero_text, villain_text = case.players
    if villain_text != "random":
        raise ValueError("only a hand against 'random' is set up for eval7")
    deck = [eval7.Card(s) for s in CARD_STRINGS]
    hero = [eval7.Card(hero_text[:2]), eval7.Card(hero_text[2:])]
    villain = [((deck[a], deck[b]), 1.0) for b in range(52) for a in range(b)]  # all 1,326 combos
    f = eval7.py_hand_vs_range_monte_carlo
    results: list[EquityOutcome] = []

    def run():
        e = float(f(hero, villain, [], trials))
        results.append(EquityOutcome([e, 1.0 - e], trials))

    return EquityRun("eval7", f"py_hand_vs_range_monte_carlo(hero, 1,326 combos, [], {trials:,})", run, results)


def exact_agree(a: list[float], b: list[float], tol: float = 1e-6) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tol for x, y in zip(a, b))


def within_sigmas(a: float, b: float, stderr: float, k: float = 4.0) -> bool:
    return abs(a - b) <= k * stderr


CLI_EQUITY_ARGS = ["equity", "AsAh", "KsKh"]


def console_script(name: str = "pokerlab") -> str | None:
    """The installed console script next to this interpreter (not a pyenv shim), or None."""
    p = Path(sys.executable).parent / name
    return str(p) if p.is_file() else None


FRESH_NUMBA = Fresh("python -c 'import numba'", "interpreter + numba import", "import numba", "numba")
FRESH_LAB_EQUITY = Fresh(
    "pokerlab",
    "import + equity(['AsAh', 'KsKh'], method='exact')",
    "from simulate.equity import equity; equity(['AsAh', 'KsKh'], method='exact', threads=1)",
    "simulate",
)
FRESH_PEER_EQUITY = Fresh(
    "pokerfast",
    "import + equity.equity(['AsAh', 'KsKh'])",
    "from pokerfast import equity; equity.equity(['AsAh', 'KsKh'], exact=True, threads=1)",
    "pokerfast",
)
