"""What ``pokerlab bench`` measures: the run sizes, the cases, and the hands every library gets.

A :class:`Case` is one question put the same way to every library: evaluate
these random 7-card hands, enumerate every 5-card hand, compute the equity of
AA against KK. :data:`CASES` lists them all in report order; the contenders
that answer each one live in :mod:`pokerlab.simulate.bench.contenders`.

Card ids are pokerlab's: ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 =
c, d, h, s).

>>> [c.id for c in CASES if c.section == "enumerate"]
['enum-5', 'enum-7']
>>> SECTIONS[:3], len({c.section for c in CASES}) == len(SECTIONS)
(('batch', 'per-call', 'enumerate'), True)
>>> random_hands(3, seed=1).shape
(3, 7)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from ...errors import InputError
from .deals import all_hands as all_hands, random_deals, random_hands  # all_hands: re-exported for checks

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_STRINGS = [r + s for r in RANKS for s in SUITS]  # index = pokerlab card id
HANDS_IN_DECK = {5: 2_598_960, 6: 20_358_520, 7: 133_784_560}  # C(52, k)

# Hands per category (rank >> 12; royal flush counted apart from straight flush): the known counts.
CATEGORY_COUNTS = {
    5: [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4],
    7: [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 37_260, 4_324],
}

#: The sections of the report, in its order; ``pokerlab bench --only`` takes them (or case ids).
SECTIONS = ("batch", "per-call", "enumerate", "rules", "equity", "omaha", "stud", "short-deck", "badugi", "histories",
            "game", "ranges", "tournament")  # fmt: skip
#: Sections a run leaves out unless ``--only`` names them or their cases (minutes a case, not seconds): their
#: cases are :data:`OPT_IN_CASES`, apart from :data:`CASES`.
OPT_IN_SECTIONS = ("solver",)
RULES_CHECKED = 2_000  # rows of a rules case re-ranked one call at a time, the reference for its batch


@dataclass(frozen=True)
class BenchConfig:
    """How big a run is: hands per case, Monte Carlo targets, and how many rounds.

    Each case gets ``repeat`` timed rounds, fewer when one round is so slow
    that they would exceed ``case_budget`` seconds, but never fewer than
    ``min_rounds``. ``QUICK`` takes under a minute on two cores, ``FULL`` several minutes.

    >>> BenchConfig.named("quick").repeat
    5
    """

    name: str
    batch_hands: int  # batch cases: random hands in the array
    public_hands: int  # pokerfast's public batch call converts card strings in Python: fewer hands
    call_hands: int  # per-call cases: hands for the fast libraries
    slow_hands: int  # per-call, pure-Python peers (treys, pokerfast.eval7)
    pokerkit_hands: int  # per-call, pokerkit (about 0.2 ms a hand)
    mc_stderr: float  # 3-way Monte Carlo: run to this standard error
    hu_trials: int  # heads-up Monte Carlo: trials per call
    repeat: int  # timed rounds per case, at most
    min_rounds: int  # timed rounds per case, at least
    case_budget: float  # seconds of timed rounds a case should take (decides rounds between the two)
    all_threads_equity: bool = True  # also time the long exact equity case with every thread
    seed: int = 20240601
    phh_hands: int = 1_000  # hand histories replayed (histories section), over two .phhs files
    many_queries: int = 200  # many-query cases: equity queries answered in one process per run
    process_runs: int = 1  # start-up cases: new processes per timed run
    game_hands: int = 3_000  # game-engine cases: random hands pokerlab's State plays per run
    game_peer_hands: int = 150  # the same for pokerkit (30 to 60 times slower a hand)
    chart_stack: float = 20.0  # the push-or-fold chart case: stacks charted up to this (bb)
    final_table_deals: int = 2_000  # the final-table push-or-fold case: deals solved over ...
    final_table_iterations: int = 100  # ... and iterations of regret matching+
    postflop_solver: str = ""  # the solver cases' peer binary ("": $POSTFLOP_SOLVER_BENCH)
    postflop_spots: str = ""  # its spots folder ("": $POSTFLOP_SOLVER_SPOTS, else the one beside the checkout)

    @staticmethod
    def named(name: str) -> BenchConfig:
        """``"quick"``, ``"full"`` or ``"tiny"`` (for tests: seconds, not minutes)."""
        try:
            return {"quick": QUICK, "full": FULL, "tiny": TINY}[name]
        except KeyError:
            raise InputError(f"unknown configuration {name!r}; choose quick, full or tiny") from None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


#: The three sizes of run side by side, a field a row: (full, quick, tiny).
_SIZES: dict[str, tuple[Any, Any, Any]] = {
    "batch_hands": (2_000_000, 200_000, 2_000),
    "public_hands": (20_000, 2_000, 200),
    "call_hands": (100_000, 10_000, 500),
    "slow_hands": (10_000, 1_000, 100),
    "pokerkit_hands": (1_000, 100, 20),
    "mc_stderr": (2.5e-4, 1e-3, 4e-3),
    "hu_trials": (2_000_000, 200_000, 20_000),
    "repeat": (9, 5, 2),
    "min_rounds": (3, 1, 2),
    "case_budget": (2.5, 0.15, 0.0),
    "all_threads_equity": (True, False, False),
    "phh_hands": (5_000, 1_000, 40),
    "many_queries": (200, 40, 6),
    "game_hands": (3_000, 800, 30),
    "game_peer_hands": (150, 30, 8),
    "chart_stack": (20.0, 8.0, 3.0),
    "final_table_deals": (2_000, 1_000, 200),
    "final_table_iterations": (100, 50, 10),
}
FULL, QUICK, TINY = (
    BenchConfig(name, **{field: sizes[column] for field, sizes in _SIZES.items()})
    for column, name in enumerate(("full", "quick", "tiny"))
)


@dataclass(frozen=True)
class Case:
    """One benchmark question.

    ``kind`` says which contenders answer it: ``batch`` (an array of hands),
    ``call`` (one hand per call from a Python loop), ``enum`` (every hand of
    ``n_cards``), ``exact`` (exact equity), ``mc-stderr`` (Monte Carlo to a
    standard error), ``mc-trials`` (Monte Carlo, a fixed number of trials),
    ``many`` (many equity queries in one process, :func:`many_queries`) or
    ``process`` (a new process that answers one query: start-up included).
    ``unit`` is what a run's work is counted in; ``show`` whether the report
    gives a rate (units per second) or the time of one run.

    >>> case = next(c for c in CASES if c.id == "eq-flop")
    >>> case.kind, case.show, case.spot
    ('exact', 'time', 'AhKh vs random on Qh7h2c')
    """

    id: str
    section: str
    title: str
    kind: str
    unit: str  # "hands", "trials" or "call"
    show: str  # "rate" or "time"
    n_cards: int = 7
    players: tuple[str, ...] = ()
    board: str = ""
    expected: float | None = None  # player 1's exact equity, a known value pokerlab must reproduce
    threads: bool = True  # pokerlab (and peers that can) also with every thread
    note: str = ""  # how to read the figures, for the report
    rules: str = ""  # rules-batch cases: the ruleset (evaluator.rules)

    @property
    def spot(self) -> str:
        """The equity question as text: ``"AA vs KK"``, ``"AhKh vs random on Qh7h2c"``."""
        text = " vs ".join(self.players)
        return f"{text} on {self.board}" if self.board else text


BATCH_NOTE = (
    "pokerfast: OMPEval's batch kernel through pokerfast's ctypes handle, on a buffer built untimed (what its "
    "public equity.evaluate ends with); its public call converts card strings in Python, on fewer hands. "
    "No other peer has a batch API: see the per-call cases."
)
CALL_NOTE = (
    "A plain Python loop over hands converted untimed to each library's form; the slow libraries (treys, "
    "pokerkit, pokerfast's pure-Python eval7) get fewer hands, the rates are per hand."
)
ENUM_NOTE = (
    "No peer enumerates. 5 cards: pokerfast's batch kernel over an array of every hand, built untimed (which "
    "flatters the peer); 7 cards: no peer (that array would take 936 MB)."
)
EXACT_NOTE = "pokerfast: OMPEval's EquityCalculator, one ctypes call; it enumerates on every call."
MC_STDERR_NOTE = (
    "Stop rules differ: pokerlab stops once every player's standard error is at most the target, checked "
    "after blocks of deals that double in size until the error predicts the deals left (a last block of that "
    "size, 3 % spare); OMPEval once player 1's standard error is, "
    "checked at its 0.2 s progress updates (so its time comes in 0.2 s steps). Compare trials/s too."
)
RULES_NOTE = (
    "No peer ranks lowball or wild cards: pokerlab under the ruleset (hands dealt from its deck, jokers included) "
    "against pokerlab's high-hand batch on as many 52-card hands, in the same rounds (goal: at least a third)."
)
PHH_NOTE = (
    "The same .phhs files for both: random 6-max no-limit cash hands in cents (0.50/1), hole cards unseen "
    "but at showdowns. pokerlab: read + replay with every rule checked + recorded results compared; "
    "pokerkit: HandHistory.load_all and a walk through each hand's states (target: pokerlab at least 10x)."
)
MANY_NOTE = (
    "Queries answered one after another in one process, one thread: pokerlab's equity_many on lines of "
    "`pokerlab equity` arguments (what `pokerlab equity --batch` runs; preflop heads-up answers come from the "
    "shipped exact table, checked against the enumeration before timing), pokerfast's equity.equity(exact=True) "
    "in a loop."
)
PROCESS_NOTE = (
    "A new process per run, timed whole (interpreter, imports, first call, exit), warm kernel and bytecode caches: "
    "`pokerlab equity` and `pokerlab eval` as a user types them, pokerfast as `python -c` with the same question."
)
MC_TRIALS_NOTE = (
    "eval7's Monte Carlo is heads-up, a hand against a range, the villain's combos dealt in turn rather than at "
    "random; pokerlab deals the same number of trials at random. pokerfast (OMPEval's pf_equity) runs to the "
    "standard error those trials give and stops at its 0.2 s progress updates: its rate is its own trials over "
    "its time."
)


def _eval_cases() -> list[Case]:
    cases = []
    for k in (5, 6, 7):
        title = f"{k}-card random hands, batch"
        cases.append(Case(f"batch-{k}", "batch", title, "batch", "hands", "rate", k, note=BATCH_NOTE))
    for k in (5, 6, 7):
        title = f"{k}-card random hands, per call"
        cases.append(Case(f"call-{k}", "per-call", title, "call", "hands", "rate", k, threads=False, note=CALL_NOTE))
    for k in (5, 7):
        title = f"{k}-card full enumeration"
        cases.append(Case(f"enum-{k}", "enumerate", title, "enum", "hands", "time", k, note=ENUM_NOTE))
    for name in ("ace-five", "deuce-seven", "ace-five-joker", "joker", "bug", "two-jokers", "deuces-wild"):
        title = f"5-card random hands, batch, rules={name}"
        cases.append(
            Case(f"rules-{name}", "rules", title, "rules-batch", "hands", "rate", 5, threads=False, note=RULES_NOTE,
                 rules=name)
        )  # fmt: skip
    return cases


def _equity_cases() -> list[Case]:
    def exact(
        case_id: str,
        title: str,
        players: Sequence[str],
        board: str = "",
        expected: float | None = None,
        threads: bool = False,
    ) -> Case:
        return Case(
            case_id, "equity", title, "exact", "call", "time", 7, tuple(players), board, expected, threads, EXACT_NOTE
        )

    mc = Case(
        "mc-3way",
        "equity",
        "Monte Carlo 3-way preflop",
        "mc-stderr",
        "call",
        "time",
        players=("QQ+,AKs", "random", "random"),
        threads=False,
        note=MC_STDERR_NOTE,
    )
    many = [
        Case("many-preflop", "equity", "many queries, exact preflop hand vs hand", "many", "queries", "rate",
             note=MANY_NOTE),
        Case("many-flop", "equity", "many queries, exact flop hand vs range", "many", "queries", "rate",
             note=MANY_NOTE),
        Case("start-equity", "equity", "start-up, new process: equity", "process", "call", "time",
             players=("AsAh", "KsKh"), expected=0.826366112559452, threads=False, note=PROCESS_NOTE),
        Case("start-eval", "equity", "start-up, new process: eval", "process", "call", "time", n_cards=5,
             players=("As Ks Qs Js Ts",), threads=False, note=PROCESS_NOTE),
    ]  # fmt: skip
    return [
        exact("eq-hands", "exact preflop, hands", ["AsAh", "KsKh"], expected=0.826366112559452),
        exact("eq-ranges", "exact preflop, ranges", ["AA", "KK"], expected=0.8194605046767397),
        exact("eq-ranges-2", "exact preflop, ranges", ["AKs", "QQ"], expected=0.46048525845877836),
        exact("eq-3way", "exact preflop, 3-way", ["AA", "KK", "QQ"], expected=0.6697932913807535),
        exact("eq-4way", "exact preflop, 4-way", ["AKs", "QQ", "JTs", "22"], expected=0.3269656076428535),
        exact("eq-random", "exact preflop, hand vs random", ["AsAh", "random"], "", 0.8520371330210104, True),
        exact("eq-flop", "exact flop", ["AhKh", "random"], "Qh7h2c"),
        exact("eq-turn", "exact turn", ["AhKh", "QQ+,AQs+,KQs"], "Qh7h2c3s"),
        mc,
        replace(
            mc,
            id="mc-hu",
            title="Monte Carlo heads-up preflop",
            kind="mc-trials",
            unit="trials",
            show="rate",
            players=("AsAh", "random"),
            expected=0.8520371330210104,
            note=MC_TRIALS_NOTE,
        ),
        *many,
    ]


PHH_FOLDER_NOTE = (
    "One-hand .phh files, as most of the public dataset is: Pluribus-shaped hands, online cash hands in cents, limit "
    "hold'em, PLO and stud, played by pokerlab's bots. pokerlab: replay_tree(folder), what `pokerlab replay FOLDER` "
    "runs with --jobs 1 (and with its default, a process per core); pokerkit: HandHistory.load and its states, file by "
    "file, in one process (target: pokerlab at least 10x)."
)


def _history_cases() -> list[Case]:
    return [
        Case("phh-replay", "histories", "PHH hand histories replayed", "phh-replay", "hands", "rate", threads=False,
             note=PHH_NOTE),
        Case("phh-folder", "histories", "a folder of one-hand .phh files replayed", "phh-folder", "hands", "rate",
             threads=False, note=PHH_FOLDER_NOTE),
    ]  # fmt: skip


OMAHA_NOTE = (
    "Four hole cards and a five-card board per hand. No peer has an Omaha batch API: phevaluator's "
    "evaluate_omaha_cards in a plain Python loop (card ids converted untimed), on fewer hands; pokerkit's "
    "OmahaHoldemHand.from_game on fewer still."
)
OMAHA_MC_NOTE = (
    "pokerkit's calculate_equities is Monte Carlo only, one process here: it gets the config's pokerkit_hands "
    "samples per run, pokerlab as many trials; compare trials/s."
)


def _omaha_cases() -> list[Case]:
    return [
        Case("omaha-batch", "omaha", "4-card Omaha random hands, batch", "omaha-batch", "hands", "rate", 9,
             note=OMAHA_NOTE),
        Case("omaha-call", "omaha", "4-card Omaha random hands, per call", "omaha-call", "hands", "rate", 9,
             threads=False, note=OMAHA_NOTE),
        Case("omaha-mc-flop", "omaha", "Omaha Monte Carlo on the flop, hi/lo", "omaha-mc", "trials", "rate", 9,
             ("As2s3dKh", "KdKcQsJh"), "4c5h9d", threads=False, note=OMAHA_MC_NOTE, rules="omaha-hilo"),
    ]  # fmt: skip


# written out again on purpose: each section's notes and cases are rows of data, alike in shape by design
STUD_EXACT_NOTE = (
    "Every deal of the missing cards (deals/s). No peer: pokerkit's calculate_equities, the only peer that "
    "deals stud, is Monte Carlo only, so it cannot give this exact answer; see stud-mc."
)
STUD_MC_NOTE = (
    "pokerkit's calculate_equities (hole_dealing_count 7, no board, its razz hand type RegularLowHand) is Monte "
    "Carlo only, one process here: it gets the config's pokerkit_hands samples per run, pokerlab as many "
    "trials; compare trials/s."
)


def _stud_cases() -> list[Case]:
    return [
        Case("stud-exact", "stud", "Stud hi/lo exact, heads-up on fourth street", "stud-exact", "deals", "rate",
             players=("As2s 3d 8h", "4c5c 6c 7h"), threads=False, note=STUD_EXACT_NOTE, rules="stud-hilo"),
        Case("stud-mc", "stud", "Razz Monte Carlo, three-way on third street", "stud-mc", "trials", "rate",
             players=("As2d 3h", "4c5c 6d", "7h7d Qs"), threads=False, note=STUD_MC_NOTE, rules="razz"),
    ]  # fmt: skip


SD_NOTE = (
    "36 cards (simulate/bench/short_deck.py): pokerkit's ShortDeckHoldemHand.from_game per hand and its Monte Carlo "
    "calculate_equities, on the config's pokerkit_hands hands or samples; no peer has a short-deck batch."
)


def _short_deck_cases() -> list[Case]:
    return [
        Case("sd-batch", "short-deck", "7-card short-deck hands, batch", "sd-batch", "hands", "rate", note=SD_NOTE),
        Case("sd-call", "short-deck", "7-card short-deck hands, per call", "sd-call", "hands", "rate", threads=False,
             note=SD_NOTE),
        Case("sd-mc", "short-deck", "Short-deck Monte Carlo, three-way on the flop", "sd-mc", "trials", "rate",
             players=("AsKs", "QdQh", "8c9c"), board="Ts7c6d", threads=False, note=SD_NOTE),
    ]  # fmt: skip


BD_NOTE = (
    "Four-card hands (simulate/bench/badugi.py): pokerkit's BadugiHand.from_game per hand on the config's "
    "pokerkit_hands hands; no peer has a badugi batch. No peer computes draw odds: bd-draw times pokerlab's "
    "draw_odds against ranking every replacement draw one call at a time, with pokerlab's evaluate and with pokerkit."
)


def _badugi_cases() -> list[Case]:
    return [
        Case("bd-batch", "badugi", "4-card badugi hands, batch", "bd-batch", "hands", "rate", 4, note=BD_NOTE),
        Case("bd-call", "badugi", "4-card badugi hands, per call", "bd-call", "hands", "rate", 4, threads=False,
             note=BD_NOTE),
        Case("bd-draw", "badugi", "badugi draw odds, every draw", "bd-draw", "spots", "rate", 4,
             players=("Ac 2d 3h Kh/Kh; Ac 2d Kc Kd/Kc Kd",), threads=False, note=BD_NOTE),
    ]  # fmt: skip


GAME_NOTE = (
    "Random hands deal to payout, the same table and policy on both engines (check or bet when free; fold, call "
    "or raise facing a bet; bring in or complete; amounts uniform over the legal range), its draws from one seeded "
    "generator; each engine shuffles its own decks. pokerkit with every dealer step automated, on fewer hands. "
    "Checked untimed: chips conserved in every hand, and pokerkit making pokerlab's moves, amounts included, in "
    "every hand it plays. Stud without the open-pair big bet, which pokerkit does not have."
)


def _game_cases() -> list[Case]:
    titles = {
        "game-nlhe": "6-max no-limit hold'em, random play",
        "game-plo": "6-max pot-limit Omaha, random play",
        "game-stud": "6-player seven-card stud, random play",
    }
    return [
        Case(case_id, "game", title, "game", "hands", "rate", threads=False, note=GAME_NOTE)
        for case_id, title in titles.items()
    ]


RANGE_NOTE = (
    "Range analysis against answering the same with plain pokerlab calls, one per combo: "
    "hits against evaluate() per combo, which finds only the made-hand category (no pair split, no draws); "
    "by-combo equity against equity([combo, other range], board) per combo with its default threads."
)


def _range_cases() -> list[Case]:
    return [
        Case("range-hits", "ranges", "hits of a 20 % range on a flop", "range-hits", "call", "time",
             players=("20%",), board="Qh7c2d", threads=False, note=RANGE_NOTE),
        Case("range-by-combo", "ranges", "by-combo equity, 20 % vs 15 % on a flop", "range-by-combo", "call", "time",
             players=("20%", "15%"), board="Qh7c2d", threads=False, note=RANGE_NOTE),
    ]  # fmt: skip


TOURNAMENT_NOTE = (
    "No peer has ICM or a push-or-fold solver: pokerlab against its own brute force (tournament_cases, "
    "final_table_cases)."
)
_TOURNAMENT = (  # id, title, kind, players (ICM), what the spot is
    ("icm-9", "ICM, 9 players, every place paid", "icm", 9, "9 stacks"),
    ("icm-20", "ICM, 20 players, every place paid", "icm", 20, "20 stacks"),
    ("pushfold-chart", "heads-up push-or-fold chart, 169 hands", "pushfold-chart", 7, "every 0.1 bb"),
    ("pushfold-icm-3", "final-table push-or-fold, 3 players, ICM", "pushfold-icm", 3, "3,000/2,000/1,500 chips"),
)


def _tournament_cases() -> list[Case]:
    return [Case(i, "tournament", title, kind, "call", "time", n_cards=n, players=(spot,), threads=False,
                 note=TOURNAMENT_NOTE) for i, title, kind, n, spot in _TOURNAMENT]  # fmt: skip


#: postflop-solver's spot files (without ``.json``), smallest first: every spot of its ``spots`` folder.
SOLVER_SPOTS = ("river-polarized", "flop-1spr-narrow", "turn-small", "3betpot-fast")
SOLVER_TARGETS = (0.5, 0.3)  # exploitability targets, % of the starting pot
SOLVER_NOTE = (
    "pokerlab against postflop-solver (Rust, DCFR) on the peer's own spot files, the same tree (the peer rounds "
    "amounts to whole chips), the same target and threads; every run a new process, seconds the solve alone "
    "(checks every 10 iterations on both sides), as each process measures it. Brackets: iterations, peak resident "
    "memory of the process (pokerlab's includes about 150 MiB of Python, numpy and numba), OOP's EV."
)


def _solver_cases() -> list[Case]:
    """Each spot solved to each target (solver_cases: the spot files, the contenders, the check)."""
    return [Case(f"solver-{name}-{target:g}", "solver", f"postflop solve to {target:g} % of the pot", "solver",
                 "solve", "time", players=(name,), note=SOLVER_NOTE)
            for name in SOLVER_SPOTS for target in SOLVER_TARGETS]  # fmt: skip


#: Every case, in report order.
CASES: list[Case] = (
    _eval_cases()
    + _equity_cases()
    + _omaha_cases()
    + _stud_cases()
    + _short_deck_cases()
    + _badugi_cases()
    + _history_cases()
    + _game_cases()
    + _range_cases()
    + _tournament_cases()
)
#: The cases of :data:`OPT_IN_SECTIONS`, in report order.
OPT_IN_CASES: list[Case] = _solver_cases()


def select_cases(only: Sequence[str] | None = None) -> list[Case]:
    """The cases named by section (``"batch"``, ``"equity"``, ``"solver"``, ...) or case id (``"eq-flop"``), in
    report order; none named: :data:`CASES` (the opt-in sections' cases only when named).

    >>> [c.id for c in select_cases(["enumerate", "eq-hands"])]
    ['enum-5', 'enum-7', 'eq-hands']
    >>> any(c.section == "solver" for c in select_cases()), len(select_cases(["solver"])) > 0
    (False, True)
    """
    if not only:
        return list(CASES)
    every = CASES + OPT_IN_CASES
    wanted = {w.strip() for item in only for w in item.split(",") if w.strip()}
    known = set(SECTIONS) | set(OPT_IN_SECTIONS) | {c.id for c in every}
    if unknown := wanted - known:
        raise InputError(
            f"unknown section or case {', '.join(sorted(unknown))}; sections: "
            f"{', '.join(SECTIONS + OPT_IN_SECTIONS)}; cases: {', '.join(c.id for c in every)}"
        )
    return [c for c in every if c.section in wanted or c.id in wanted]


# --------------------------------------------------------------------------- many queries

FLOP_RANGES = ("QQ+,AKs", "random", "22+,A2s+,KTo+", "TT+,AQs+,KQs", "88+,ATs+,KJo+")


def many_queries(case: Case, n: int, seed: int = 20240601) -> list[tuple[list[str], str]]:
    """The ``(players, board)`` of a many-query case: random hand against random hand preflop
    (``many-preflop``), or a random hand against one of :data:`FLOP_RANGES` on a random flop (``many-flop``).

    >>> many_queries(CASES[0], 2)
    Traceback (most recent call last):
    ...
    pokerlab.errors.InputError: batch-5 is not a many-query case
    >>> [len(p) for p, _ in many_queries(select_cases(["many-flop"])[0], 3)]
    [2, 2, 2]
    """
    rng = np.random.default_rng(seed)
    queries = []
    for i in range(n):
        cards = [CARD_STRINGS[c] for c in rng.permutation(52)[:5].tolist()]
        if case.id == "many-preflop":
            queries.append(([cards[0] + cards[1], cards[2] + cards[3]], ""))
        elif case.id == "many-flop":
            queries.append(([cards[0] + cards[1], FLOP_RANGES[i % len(FLOP_RANGES)]], "".join(cards[2:5])))
        else:
            raise InputError(f"{case.id} is not a many-query case")
    return queries


# --------------------------------------------------------------------------- hands


@dataclass
class Contender:
    """One library ready to answer one case: ``run()`` is timed, ``result()`` is what the last run found.

    ``work`` is the case's units (hands, trials, calls) one run does. ``trials`` gives the Monte Carlo
    trials of the last run when they vary from run to run (a standard-error target).

    >>> found = []
    >>> contender = Contender("sum(range(10))", run=lambda: found.append(sum(range(10))), result=lambda: found[-1])
    >>> contender.run(); contender.result(), contender.work
    (45, 1)
    """

    call: str  # exactly what is timed, for the report
    run: Callable[[], object]
    result: Callable[[], Any]  # eval cases: values (higher is better); equity cases: EquityOutcome
    work: int = 1
    trials: Callable[[], int] | None = None
    seconds: Callable[[], float] | None = None  # a run that times itself (a new process): its own seconds
    details: Callable[[], str] | None = None  # figures of the last run besides its time, for the report


@dataclass
class Hands:
    """The hands of an evaluation case, dealt once, and pokerlab's values for them (the reference order)."""

    array: np.ndarray  # (n, k) uint8
    reference: np.ndarray  # pokerlab's values, evaluate_batch (rules cases: per call, on the first rows)
    high_array: np.ndarray | None = None  # rules cases: as many 52-card hands for the high-hand comparison
    high_reference: np.ndarray | None = None  # their high-hand values, per call, on the first rows

    @property
    def ids(self) -> list[list[int]]:
        ids: list[list[int]] = self.array.tolist()
        return ids

    def high(self) -> tuple[np.ndarray, np.ndarray]:
        """A rules case's 52-card hands and their high-hand values."""
        if self.high_array is None or self.high_reference is None:
            raise InputError("only a rules case deals high hands")
        return self.high_array, self.high_reference


def dealt(hands: Hands | None) -> Hands:
    """The hands of a batch, per-call or rules case (:func:`deal` deals them for every such case)."""
    if hands is None:
        raise InputError("this case deals no hands: only batch, per-call and rules cases do")
    return hands


#: The batch and per-call cases of one ruleset, by the prefix of their kind: (cards a hand, the deck, the rules).
_RULED_DEALS = {
    "omaha": (9, range(52), "omaha"),
    "sd": (7, range(16, 52), "short-deck"),
    "bd": (4, range(52), "badugi"),
}


def deal(case: Case, config: BenchConfig) -> Hands | None:
    """The hands a batch or per-call case evaluates (None for the other kinds)."""
    if case.kind == "rules-batch":
        return _deal_rules(case, config)
    family, _, form = case.kind.rpartition("-")
    if family in _RULED_DEALS and form in ("batch", "call"):
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        n = config.batch_hands if form == "batch" else config.call_hands
        k, deck, rules = _RULED_DEALS[family]
        array = random_deals(n, config.seed + 17, k, deck)
        return Hands(array, evaluator.evaluate_batch(array, rules=rules))
    if case.kind not in ("batch", "call"):
        return None
    from ... import evaluator  # timed by measure_startup: kept out of bench's import

    n = config.batch_hands if case.kind == "batch" else config.call_hands
    seed = config.seed if case.kind == "batch" else config.seed + 7
    array = np.ascontiguousarray(random_hands(n, seed)[:, : case.n_cards])
    return Hands(array, evaluator.evaluate_batch(array))


def _deal_rules(case: Case, config: BenchConfig) -> Hands:
    """Hands from the ruleset's deck, and 52-card hands for the high-hand rate, each with per-call values."""
    from ... import evaluator  # timed by measure_startup: kept out of bench's import
    from ...evaluator.rules import get_rules  # timed by measure_startup: kept out of bench's import

    deck = get_rules(case.rules).deck_size
    rng = np.random.default_rng(config.seed + 11)
    array = np.argsort(rng.random((config.batch_hands, deck), dtype=np.float32), axis=1)[:, :5].astype(np.uint8)
    high = np.ascontiguousarray(random_hands(config.batch_hands, config.seed + 13)[:, :5])
    n = min(RULES_CHECKED, len(array))
    per_call = np.array([evaluator.evaluate(row, rules=case.rules) for row in array[:n].tolist()])
    high_per_call = np.array([evaluator.evaluate(row) for row in high[:n].tolist()])
    return Hands(np.ascontiguousarray(array), per_call, high, high_per_call)


def same_order(reference: Sequence[float] | np.ndarray, values: Sequence[float] | np.ndarray) -> bool:
    """Whether ``values`` rank the hands exactly as ``reference`` does (higher is better), ties included.

    Only the order counts, never the numbers: ``same_order([3, 9, 9], [-5, 1, 1])`` is True. Sorting by
    the reference and comparing neighbours checks every pair of hands, not just neighbours in deal order.

    >>> same_order([3, 9, 9, 1], [-5, 1, 1, -7]), same_order([3, 9, 9], [1, 2, 3])
    (True, False)
    """
    if len(reference) != len(values):
        return False
    try:
        ref = np.asarray(reference, dtype=np.int64)
        val = np.asarray(values, dtype=np.int64)
    except (TypeError, ValueError):  # objects that only compare (pokerkit hands)
        order = sorted(range(len(reference)), key=lambda i: reference[i])
        pairs = zip(order, order[1:])
        return all(
            (reference[j] > reference[i]) == (values[j] > values[i])
            and (reference[j] == reference[i]) == (values[j] == values[i])
            for i, j in pairs
        )
    by_ref = np.argsort(ref, kind="stable")
    return bool(np.array_equal(np.sign(np.diff(ref[by_ref])), np.sign(np.diff(val[by_ref]))))
