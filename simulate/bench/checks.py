"""The correctness check each contender must pass before it is timed: a benchmark of a wrong answer is refused.

Evaluation cases: the library must order the case's hands exactly as pokerlab
does (ties included). Enumeration: the histogram must hold every hand and match
the known category counts. Exact equity: every library within 1e-6 of
pokerlab, and pokerlab equal to the known value where one is given. Monte
Carlo: within 4 standard errors of pokerlab (or of the exact value). Game
engines: chips conserved in every hand, and pokerlab's moves made by the peer
(:func:`~pokerlab.simulate.bench.games.check_game`).

>>> from pokerlab.simulate.bench.cases import CASES
>>> check(CASES[0], None, np.array([1, 2]), np.array([5, 9]))
(True, 'orders all 2 hands as pokerlab does')
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from .adapters import EquityOutcome
from .cases import CATEGORY_COUNTS, HANDS_IN_DECK, Case, Hands, all_hands, dealt, many_queries, same_order

EXACT_TOLERANCE = 1e-6
SIGMAS = 4.0
#: The kinds whose check lives with their cases: kind -> (module, function, whether it takes the case).
CHECKED_ELSEWHERE = {
    "bd-draw": (".badugi", "check_draw", True),
    "game": (".games", "check_game", True),
    "phh-replay": (".histories", "check_replay", False),
    "phh-folder": (".histories", "check_replay", False),
    "icm": (".tournament_cases", "check_tournament", True),
    "pushfold-chart": (".tournament_cases", "check_tournament", True),
    "pushfold-icm": (".final_table_cases", "check_final_table", False),
    "solver": (".solver_cases", "check_solver", True),
}


def check(case: Case, hands: Hands | None, result: Any, reference: Any) -> tuple[bool, str]:
    """``(ok, what was checked)`` for one contender's ``result``; ``reference`` is pokerlab's own (1 thread).

    For batch and per-call cases the reference is pokerlab's values of the dealt hands, and a contender
    that evaluated fewer hands is compared on that prefix.
    """
    if case.kind == "rules-batch":
        # The batch kernel against the per-call path on the first rows (rules or high hands).
        ref = dealt(hands).reference if reference is None else dealt(hands).high()[1]
        n = len(ref)
        ok = bool(np.array_equal(np.asarray(result[:n]), ref))
        return ok, f"equals per-call values on {n:,} hands" if ok else f"differs from per-call values on {n:,} hands"
    if case.kind in ("batch", "call", "omaha-batch", "omaha-call", "sd-batch", "sd-call", "bd-batch", "bd-call"):
        ref = hands.reference if hands is not None else reference
        n = len(result)
        ok = same_order(ref[:n], result)
        return ok, f"orders all {n:,} hands as pokerlab does" if ok else f"orders its {n:,} hands UNLIKE pokerlab"
    if case.kind == "enum":
        return _check_enum(case, result, reference)
    if case.kind in CHECKED_ELSEWHERE:
        module, name, takes_case = CHECKED_ELSEWHERE[case.kind]
        # Imported on use: each of these modules brings its own game or library (timed cases keep out of it).
        checker = getattr(importlib.import_module(module, __package__), name)
        answer: tuple[bool, str] = checker(case, result, reference) if takes_case else checker(result, reference)
        return answer

    if case.kind in ("exact", "stud-exact") or (case.kind == "process" and case.id != "start-eval"):
        return _check_exact(case, result, reference)
    if case.kind == "process":
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        if reference is None:  # pokerlab's rank is the evaluator's
            ok = result == evaluator.evaluate(case.players[0])
            return ok, f"rank {result}" + ("" if ok else ": NOT evaluate()'s")
        return True, f"answered {result} (the peer's own scale)"
    if case.kind == "many":
        return _check_many(case, result, reference)
    if case.kind == "range-hits":
        ok = reference is None or result == reference
        return ok, f"made hands {result}" if reference is None else (
            "the same made hands" if ok else "OTHER made hands"
        )
    if case.kind == "range-by-combo":
        if reference is None:
            return True, f"{len(result):,} combos"
        ok = result.keys() == reference.keys() and all(abs(result[k] - reference[k]) < 1e-12 for k in result)
        return ok, f"the same equity for all {len(result):,} combos" if ok else "OTHER equities"
    return _check_monte_carlo(case, result, reference)


MANY_CHECKED = 4  # queries of a many-query case that pokerlab's answers are recomputed for, by enumeration


def _check_many(case: Case, result: list[float], reference: list[float] | None) -> tuple[bool, str]:
    if reference is None:  # pokerlab: its first answers against the enumeration (no shipped table)
        from ..equity.engine import equity  # timed by measure_startup: kept out of bench's import

        queries = many_queries(case, min(MANY_CHECKED, len(result)))
        computed = [equity(p, board=b or None, use_tables=False).players[0].equity for p, b in queries]
        worst = max(abs(a - b) for a, b in zip(result, computed))
        ok = worst <= EXACT_TOLERANCE
        what = f"the first {len(computed)} answers equal the enumeration's within {worst:.1e}"
        return ok, what if ok else f"the first answers differ from the enumeration's by {worst:.1e}: WRONG"
    worst = max(abs(a - b) for a, b in zip(result, reference))
    ok = len(result) == len(reference) and worst <= EXACT_TOLERANCE
    return ok, f"agrees with pokerlab within {worst:.1e} on {len(result)} queries" if ok else (
        f"differs from pokerlab by {worst:.1e}"
    )


def _check_enum(case: Case, result: Any, reference: Any) -> tuple[bool, str]:
    values = np.asarray(result)
    if values.ndim == 1 and len(values) == HANDS_IN_DECK[case.n_cards]:  # a peer's values of every hand
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        ok = same_order(evaluator.evaluate_batch(all_hands(case.n_cards)), values)
        return ok, "orders every hand as pokerlab does" if ok else "orders the hands UNLIKE pokerlab"
    total = int(values.sum())
    cats = np.arange(values.size) >> 12
    counts = [int(values[cats == c].sum()) for c in range(len(CATEGORY_COUNTS[case.n_cards]))]
    ok = total == HANDS_IN_DECK[case.n_cards] and counts == CATEGORY_COUNTS[case.n_cards]
    if reference is not None:
        ok = ok and np.array_equal(values, reference)
    what = f"histogram holds {total:,} hands with the known category counts"
    return ok, what if ok else f"WRONG histogram: {total:,} hands, categories {counts}"


def _check_exact(case: Case, result: EquityOutcome, reference: EquityOutcome | None) -> tuple[bool, str]:
    eq = result.equities
    if abs(sum(eq) - 1) > EXACT_TOLERANCE:
        return False, f"equities {eq} do not sum to 1"
    if reference is None:  # pokerlab itself: against the known value, when the case has one
        if case.expected is None:
            return True, f"player 1 {eq[0]:.9f} (the reference)"
        ok = abs(eq[0] - case.expected) <= EXACT_TOLERANCE
        return ok, f"player 1 {eq[0]:.9f}, known {case.expected:.9f}" + ("" if ok else ": WRONG")
    worst = max(abs(a - b) for a, b in zip(eq, reference.equities))
    ok = len(eq) == len(reference.equities) and worst <= EXACT_TOLERANCE
    return ok, f"agrees with pokerlab within {worst:.1e}" if ok else f"differs from pokerlab by {worst:.1e}"


def _check_monte_carlo(case: Case, result: EquityOutcome, reference: EquityOutcome | None) -> tuple[bool, str]:
    eq = result.equities
    if reference is None:  # pokerlab: against the exact value, when the case has one
        if case.expected is None or not result.stderrs:
            return True, f"equities {[round(e, 4) for e in eq]} (the reference), {result.trials:,} trials"
        z = abs(eq[0] - case.expected) / result.stderrs[0]
        return z <= SIGMAS, f"player 1 {eq[0]:.5f}, {z:.1f} standard errors from the exact {case.expected:.5f}"
    # The peer reports no per-player error: take pokerlab's, rescaled to the peer's trial count.
    if not reference.stderrs:
        return False, "pokerlab's run gave no standard errors to compare with"
    zs = []
    for i, (a, b) in enumerate(zip(reference.equities, eq)):
        scale = (1 + reference.trials / result.trials) ** 0.5 if result.trials else 1.0
        zs.append(abs(a - b) / (reference.stderrs[i] * scale))
    worst = max(zs)
    ok = worst <= SIGMAS
    return ok, f"within {worst:.1f} standard errors of pokerlab" + ("" if ok else f" (limit {SIGMAS:g}): WRONG")
