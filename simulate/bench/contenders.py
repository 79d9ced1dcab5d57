"""Who answers each case: pokerlab and every peer library, each through its fastest public call.

A :class:`Spec` names one contender for one kind of case and knows how to
build it; building converts the case's hands to the library's own card form
(outside any timing) and returns a :class:`Contender`, whose ``run`` is the
timed call and whose ``result`` is what the last run found. A builder raises
``ImportError`` when the library is not installed: the runner lists it as
such, it is never silently dropped.

:data:`CONTENDERS` is the table of who answers each kind of case; the
builders live by library: :mod:`~pokerlab.simulate.bench.pokerlab_contenders`,
:mod:`~pokerlab.simulate.bench.pokerfast_adapters`,
:mod:`~pokerlab.simulate.bench.pokerkit_adapters`,
:mod:`~pokerlab.simulate.bench.peer_adapters` (pkrbot, eval7, phevaluator,
treys), :mod:`~pokerlab.simulate.bench.process_contenders` (new processes),
:mod:`~pokerlab.simulate.bench.short_deck`, :mod:`~pokerlab.simulate.bench.badugi`, and the game and history modules.

>>> [s.key for s in specs_for(CASES[0])]
['pokerlab', 'pokerlab-threads', 'pokerfast', 'pokerfast-public']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...errors import InputError
from . import badugi
from .adapters import Builder, EquityOutcome
from .cases import CASES, BenchConfig, Case, Contender
from .final_table_cases import final_table_contender
from .games import pokerkit_game, pokerlab_game
from .histories import pokerkit_replay, pokerlab_replay
from .peer_adapters import card_list_call, eval7_mc, phevaluator_call, phevaluator_omaha, treys_call
from .phh_folder import pokerkit_folder, pokerlab_folder, pokerlab_folder_jobs
from .pokerfast_adapters import (
    pokerfast_batch,
    pokerfast_enum,
    pokerfast_eval7_call,
    pokerfast_exact,
    pokerfast_many,
    pokerfast_mc,
    pokerfast_mc_trials,
    pokerfast_native,
    pokerfast_public_batch,
    to_ompeval_ids,
)
from .pokerkit_adapters import pokerkit_call, pokerkit_omaha, pokerkit_omaha_mc, pokerkit_stud_mc
from .pokerlab_contenders import (
    pokerlab_batch,
    pokerlab_call,
    pokerlab_enum,
    pokerlab_equity,
    pokerlab_many,
    pokerlab_omaha_batch,
    pokerlab_omaha_call,
    pokerlab_omaha_mc,
    pokerlab_rules,
    pokerlab_stud_exact,
    pokerlab_stud_mc,
    range_by_combo,
    range_hits,
)
from .process_contenders import pokerfast_process, pokerlab_process
from .short_deck import (
    pokerkit_call as pokerkit_short_deck_call,
    pokerkit_mc as pokerkit_short_deck_mc,
    pokerlab_batch as pokerlab_short_deck_batch,
    pokerlab_call as pokerlab_short_deck_call,
    pokerlab_mc as pokerlab_short_deck_mc,
)
from .solver_cases import PEER as SOLVER_PEER, peer_solver, pokerlab_solver
from .tournament_cases import chart_contender, icm_contender

__all__ = [
    "CONTENDERS",
    "PEERS",
    "Contender",
    "EquityOutcome",
    "Listing",
    "OPT_IN_CONTENDERS",
    "Spec",
    "pokerfast_native",
    "spec_keys",
    "specs_for",
    "to_ompeval_ids",
]

#: Peer name -> module to import (the peers extra installs them all).
PEERS = {
    "pokerfast": "pokerfast",
    "pkrbot": "pkrbot",
    "eval7": "eval7",
    "phevaluator": "phevaluator",
    "treys": "treys",
    "pokerkit": "pokerkit",
}


@dataclass(frozen=True)
class Spec:
    """One contender of one kind of case: its key in the report, its library, and its builder.

    >>> from pokerlab.simulate.bench.cases import CASES
    >>> specs = specs_for(next(c for c in CASES if c.id == "eq-hands"))
    >>> [(s.key, s.library, s.is_reference) for s in specs]
    [('pokerlab', 'pokerlab', True), ('pokerfast', 'pokerfast', False)]
    >>> sorted(PEERS)[:3]
    ['eval7', 'phevaluator', 'pkrbot']
    """

    key: str
    library: str
    variant: str
    build: Builder

    @property
    def is_reference(self) -> bool:
        """pokerlab on one thread: the figure every other one in the case is a ratio to."""
        return self.key == "pokerlab"


@dataclass(frozen=True)
class Listing:
    """One row of :data:`CONTENDERS`: a contender, and the cases of its kind it takes part in."""

    key: str
    library: str
    variant: str  # formatted with the case: "rules={case.rules}"
    build: Builder
    when: Callable[[Case, BenchConfig | None], bool] | None = None  # None: every case of the kind

    def spec(self, case: Case) -> Spec:
        """The listing as the :class:`Spec` of one case."""
        return Spec(self.key, self.library, self.variant.format(case=case), self.build)


def _five_cards(case: Case, config: BenchConfig | None) -> bool:
    """Only 5-card enumeration has a peer stand-in: an array of every 7-card hand would take 936 MB."""
    return case.n_cards == 5


def _all_threads_equity(case: Case, config: BenchConfig | None) -> bool:
    """Exact equity with every thread: for the cases that ask, unless the configuration leaves it out."""
    return case.threads and (config is None or config.all_threads_equity)


def _small_field(case: Case, config: BenchConfig | None) -> bool:
    """The brute force over finishing orders: 9 players (362,880 orders), not 20 (20! of them)."""
    return case.n_cards <= 9


ALL_THREADS = "all threads"
TWO_THREADS = "2 threads"

# Case kind -> its contenders, in report order: pokerlab on one thread first (the reference).
CONTENDERS: dict[str, tuple[Listing, ...]] = {
    "batch": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_batch(False)),
        Listing("pokerlab-threads", "pokerlab", ALL_THREADS, pokerlab_batch(True)),
        Listing("pokerfast", "pokerfast", "OMPEval kernel", pokerfast_batch),
        Listing("pokerfast-public", "pokerfast", "public call", pokerfast_public_batch),
    ),
    "rules-batch": (
        Listing("pokerlab", "pokerlab", "rules={case.rules}", pokerlab_rules(False)),
        Listing("pokerlab-high", "pokerlab", "high hands", pokerlab_rules(True)),
    ),
    "call": (
        Listing("pokerlab", "pokerlab", "", pokerlab_call),
        Listing("pkrbot", "pkrbot", "", card_list_call("pkrbot")),
        Listing("eval7", "eval7", "", card_list_call("eval7")),
        Listing("phevaluator", "phevaluator", "", phevaluator_call),
        Listing("treys", "treys", "", treys_call),
        Listing("pokerkit", "pokerkit", "", pokerkit_call),
        Listing("pokerfast", "pokerfast", "pure-Python eval7", pokerfast_eval7_call),
    ),
    "enum": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_enum(False)),
        Listing("pokerlab-threads", "pokerlab", ALL_THREADS, pokerlab_enum(True)),
        Listing("pokerfast", "pokerfast", "batch over all hands", pokerfast_enum, _five_cards),
    ),
    "exact": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_equity(1)),
        Listing("pokerlab-threads", "pokerlab", ALL_THREADS, pokerlab_equity(None), _all_threads_equity),
        Listing("pokerfast", "pokerfast", "1 thread", pokerfast_exact(1)),
        Listing("pokerfast-threads", "pokerfast", ALL_THREADS, pokerfast_exact(0), _all_threads_equity),
    ),
    "mc-stderr": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_equity(1)),
        Listing("pokerfast", "pokerfast", "1 thread", pokerfast_mc),
    ),
    # written out again on purpose: the table of contenders, one row each
    "mc-trials": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_equity(1)),
        Listing("pokerfast", "pokerfast", "1 thread", pokerfast_mc_trials),
        Listing("eval7", "eval7", "1 thread", eval7_mc),
    ),
    "phh-replay": (
        Listing("pokerlab", "pokerlab", "read + replay + check", pokerlab_replay),
        Listing("pokerkit", "pokerkit", "HandHistory iteration", pokerkit_replay),
    ),
    "phh-folder": (
        Listing("pokerlab", "pokerlab", "replay_tree: walk + read + replay + check", pokerlab_folder),
        Listing("pokerlab-jobs", "pokerlab", "a process per core", pokerlab_folder_jobs),
        Listing("pokerkit", "pokerkit", "HandHistory.load per file", pokerkit_folder),
    ),
    "game": (
        Listing("pokerlab", "pokerlab", "State, pure Python", pokerlab_game),
        Listing("pokerkit", "pokerkit", "State, dealer automated", pokerkit_game),
    ),
    "many": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_many),
        Listing("pokerfast", "pokerfast", "1 thread", pokerfast_many),
    ),
    "process": (
        Listing("pokerlab", "pokerlab", "command line", pokerlab_process),
        Listing("pokerfast", "pokerfast", "python -c", pokerfast_process),
    ),
    "omaha-batch": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_omaha_batch(False)),
        Listing("pokerlab-threads", "pokerlab", ALL_THREADS, pokerlab_omaha_batch(True)),
        Listing("phevaluator", "phevaluator", "per-call loop", phevaluator_omaha),
    ),
    "omaha-call": (
        Listing("pokerlab", "pokerlab", "", pokerlab_omaha_call),
        Listing("phevaluator", "phevaluator", "", phevaluator_omaha),
        Listing("pokerkit", "pokerkit", "", pokerkit_omaha),
    ),
    "omaha-mc": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_omaha_mc),
        Listing("pokerkit", "pokerkit", "1 process", pokerkit_omaha_mc),
    ),
    "stud-exact": (Listing("pokerlab", "pokerlab", "1 thread", pokerlab_stud_exact),),
    "stud-mc": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_stud_mc),
        Listing("pokerkit", "pokerkit", "1 process", pokerkit_stud_mc),
    ),
    "sd-batch": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_short_deck_batch(False)),
        Listing("pokerlab-threads", "pokerlab", ALL_THREADS, pokerlab_short_deck_batch(True)),
    ),
    "sd-call": (
        Listing("pokerlab", "pokerlab", "", pokerlab_short_deck_call),
        Listing("pokerkit", "pokerkit", "", pokerkit_short_deck_call),
    ),
    "sd-mc": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_short_deck_mc),
        Listing("pokerkit", "pokerkit", "1 process", pokerkit_short_deck_mc),
    ),
    "bd-batch": (
        Listing("pokerlab", "pokerlab", "1 thread", badugi.pokerlab_batch(False)),
        Listing("pokerlab-threads", "pokerlab", ALL_THREADS, badugi.pokerlab_batch(True)),
    ),
    "bd-call": (
        Listing("pokerlab", "pokerlab", "", badugi.pokerlab_call),
        Listing("pokerkit", "pokerkit", "", badugi.pokerkit_call),
    ),
    "bd-draw": (
        Listing("pokerlab", "pokerlab", "draw_odds", badugi.pokerlab_draw),
        Listing("pokerlab-plain", "pokerlab", "evaluate() per draw", badugi.pokerlab_draw_plain),
        Listing("pokerkit", "pokerkit", "BadugiHand per draw", badugi.pokerkit_draw),
    ),
    "range-hits": (
        Listing("pokerlab", "pokerlab", "hit_frequencies", range_hits(False)),
        Listing("pokerlab-plain", "pokerlab", "evaluate() per combo", range_hits(True)),
    ),
    "range-by-combo": (
        Listing("pokerlab", "pokerlab", "equity_by_combo", range_by_combo(False)),
        Listing("pokerlab-plain", "pokerlab", "equity() per combo", range_by_combo(True)),
    ),
    "icm": (
        Listing("pokerlab", "pokerlab", "exact, compiled, over sets of players", icm_contender("exact")),
        Listing("pokerlab-orders", "pokerlab", "brute force, every order", icm_contender("orders"), _small_field),
        Listing("pokerlab-mc", "pokerlab", "Monte Carlo, 1,000,000 finishes", icm_contender("mc")),
    ),
    "pushfold-chart": (
        Listing("pokerlab", "pokerlab", "each stack from the previous one", chart_contender(True)),
        Listing("pokerlab-cold", "pokerlab", "each stack from scratch", chart_contender(False)),
    ),
    "pushfold-icm": (
        Listing("pokerlab", "pokerlab", "numpy over all deals at once", final_table_contender(False)),
        Listing("pokerlab-plain", "pokerlab", "brute force, deal by deal", final_table_contender(True)),
    ),
}

#: The contenders of the opt-in cases' kinds (:data:`~pokerlab.simulate.bench.cases.OPT_IN_CASES`).
OPT_IN_CONTENDERS: dict[str, tuple[Listing, ...]] = {
    "solver": (
        Listing("pokerlab", "pokerlab", "1 thread", pokerlab_solver(1)),
        Listing("pokerlab-2-threads", "pokerlab", TWO_THREADS, pokerlab_solver(2)),
        Listing(SOLVER_PEER, SOLVER_PEER, "1 thread", peer_solver(1)),
        Listing(f"{SOLVER_PEER}-2-threads", SOLVER_PEER, TWO_THREADS, peer_solver(2)),
    ),
}


def specs_for(case: Case, config: BenchConfig | None = None) -> list[Spec]:
    """Every contender of a case, pokerlab (one thread) first.

    >>> [s.key for s in specs_for(next(c for c in CASES if c.id == "mc-hu"))]
    ['pokerlab', 'pokerfast', 'eval7']
    """
    try:
        listings = CONTENDERS[case.kind] if case.kind in CONTENDERS else OPT_IN_CONTENDERS[case.kind]
    except KeyError:
        raise InputError(f"unknown case kind {case.kind!r}") from None
    return [listing.spec(case) for listing in listings if listing.when is None or listing.when(case, config)]


def spec_keys() -> dict[str, list[str]]:
    """Case id -> contender keys, for every case (what the pytest-benchmark suite parametrizes over)."""
    return {c.id: [s.key for s in specs_for(c)] for c in CASES}
