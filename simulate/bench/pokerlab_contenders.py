"""pokerlab's own contenders: its evaluator, equity, Omaha, stud, many-query and range calls.

Each builder imports the pokerlab module it times inside itself: those imports
are timed by ``measure_startup`` and kept out of bench's own import.

>>> from pokerlab.simulate.bench.cases import BenchConfig, select_cases
>>> case = select_cases(["enum-5"])[0]
>>> pokerlab_enum(parallel=False)(case, None, BenchConfig.named("tiny")).call
'evaluator.enumerate_values(5)'
"""

# Imports inside functions: a case's library loads only when its case is built, so a bench of some cases
# (--only) never loads the others'.
from __future__ import annotations

import shlex
from typing import Any

import numpy as np

from .adapters import Builder, EquityOutcome, keep, per_call
from .cases import HANDS_IN_DECK, BenchConfig, Case, Contender, Hands, dealt, many_queries

# --------------------------------------------------------------------------- evaluation


def pokerlab_batch(parallel: bool) -> Builder:
    """``evaluate_batch`` of the case's hands into a buffer, on one thread or all of them."""

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


def pokerlab_rules(high: bool) -> Builder:
    """``evaluate_batch`` under the case's ruleset, or (``high``) of as many 52-card hands as high hands."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        a = dealt(hands).high()[0] if high else dealt(hands).array
        rules = None if high else case.rules
        last: dict[str, Any] = {}
        call = "evaluator.evaluate_batch(a)" if high else f"evaluator.evaluate_batch(a, rules={rules!r})"
        return Contender(
            call, lambda: keep(last, "v", evaluator.evaluate_batch(a, rules=rules)), lambda: last["v"], len(a)
        )

    return build


def pokerlab_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``evaluate`` of one hand of card ids per call, in a Python loop."""
    from ... import evaluator  # timed by measure_startup: kept out of bench's import

    return per_call(f"evaluator.evaluate(list of {case.n_cards} ids)", evaluator.evaluate, dealt(hands).ids)


def pokerlab_enum(parallel: bool) -> Builder:
    """``enumerate_values`` of every hand of the case's size, on one thread or all of them."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        last: dict[str, Any] = {}
        call = f"evaluator.enumerate_values({case.n_cards}" + (", parallel=True)" if parallel else ")")
        run = lambda: keep(last, "v", evaluator.enumerate_values(case.n_cards, parallel=parallel))  # noqa: E731

        return Contender(call, run, lambda: last["v"], HANDS_IN_DECK[case.n_cards])

    return build


# --------------------------------------------------------------------------- equity


def pokerlab_equity(threads: int | None) -> Builder:
    """``equity`` of the case's spot: exact, or Monte Carlo to a standard error or a number of trials."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ..equity.engine import equity  # timed by measure_startup: kept out of bench's import

        kwargs: dict[str, Any] = {"method": "exact"}
        if case.kind == "mc-stderr":
            kwargs = {"method": "mc", "stderr": config.mc_stderr, "seed": 1}
        elif case.kind == "mc-trials":
            kwargs = {"method": "mc", "trials": config.hu_trials, "seed": 1}
        players, board = list(case.players), case.board or None
        last: dict[str, Any] = {}

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


def _query_line(players: list[str], board: str) -> str:
    """A ``pokerlab equity`` argument line (what ``--batch`` reads)."""
    return " ".join(shlex.quote(p) for p in players) + (f" --board {board}" if board else "")


def pokerlab_many(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``equity_many(lines, threads=1)``: parses each line and answers it, as ``pokerlab equity --batch`` does."""
    from ..equity.batch import equity_many  # timed by measure_startup: kept out of bench's import

    lines = [_query_line(p, b) for p, b in many_queries(case, config.many_queries, config.seed)]
    last: dict[str, Any] = {}

    def run() -> None:
        answers = list(equity_many(lines, threads=1))
        wrong = [a for a in answers if "error" in a]
        if wrong:
            raise RuntimeError(f"line {wrong[0]['line']}: {wrong[0]['error']}")
        last["v"] = [a["players"][0]["equity"] for a in answers]

    return Contender(f"equity_many({len(lines)} argument lines, threads=1)", run, lambda: last["v"], len(lines))


# --------------------------------------------------------------------------- Omaha and stud


def pokerlab_omaha_batch(parallel: bool) -> Builder:
    """``evaluate_batch(rules="omaha")`` of the case's hands into a buffer, on one thread or all of them."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ... import evaluator  # timed by measure_startup: kept out of bench's import

        a = dealt(hands).array
        buf = np.empty(len(a), dtype=np.uint16)
        call = "evaluator.evaluate_batch(a, rules='omaha', " + ("parallel=True, " if parallel else "") + "out=buf)"
        run = lambda: evaluator.evaluate_batch(a, rules="omaha", parallel=parallel, out=buf)  # noqa: E731
        return Contender(call, run, lambda: buf.copy(), len(a))

    return build


def pokerlab_omaha_call(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``evaluate_omaha(hole, board)`` per hand, in a Python loop."""
    from ...evaluator.omaha import evaluate_omaha  # timed by measure_startup: kept out of bench's import

    native = [(h[:4], h[4:]) for h in dealt(hands).ids[: config.call_hands]]

    def loop() -> None:
        for hole, board in native:
            evaluate_omaha(hole, board)

    return Contender(
        "evaluate_omaha(4 hole ids, 5 board ids)", loop, lambda: [evaluate_omaha(h, b) for h, b in native], len(native)
    )


def _whole_blocks(trials: int) -> int:
    """The trials a Monte Carlo call of ``trials`` deals: it deals whole blocks."""
    from ..equity.sampling import BLOCK_TRIALS

    return -(-trials // BLOCK_TRIALS) * BLOCK_TRIALS


def pokerlab_omaha_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``omaha_equity`` by Monte Carlo, ``pokerkit_hands`` trials (as many as pokerkit gets samples)."""
    from ..equity.omaha import omaha_equity  # timed by measure_startup: kept out of bench's import

    players, trials = list(case.players), config.pokerkit_hands
    last: dict[str, Any] = {}

    def run() -> None:
        r = omaha_equity(players, board=case.board, game=case.rules, method="mc", trials=trials, seed=1, threads=1)
        stderrs = [p.stderr for p in r.players if p.stderr is not None]
        last["v"] = EquityOutcome([p.equity for p in r.players], r.trials or 0, stderrs or None)

    call = f"omaha_equity({players!r}, board={case.board!r}, game={case.rules!r}, method='mc', trials={trials})"
    return Contender(call, run, lambda: last["v"], _whole_blocks(trials))


def pokerlab_stud_exact(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``stud_equity`` exact: every deal of the missing cards."""
    from ..equity.stud import count_deals, stud_equity  # timed by measure_startup: kept out of bench's import

    players = list(case.players)
    last: dict[str, Any] = {}

    def run() -> None:
        r = stud_equity(players, game=case.rules, method="exact", threads=1)
        last["v"] = EquityOutcome([p.equity for p in r.players])

    call = f"stud_equity({players!r}, game={case.rules!r}, method='exact', threads=1)"
    return Contender(call, run, lambda: last["v"], count_deals(players))


def pokerlab_stud_mc(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``stud_equity`` by Monte Carlo, ``pokerkit_hands`` trials (as many as pokerkit gets samples)."""
    from ..equity.stud import stud_equity  # timed by measure_startup: kept out of bench's import

    players, trials = list(case.players), config.pokerkit_hands
    last: dict[str, Any] = {}

    def run() -> None:
        r = stud_equity(players, game=case.rules, method="mc", trials=trials, seed=1, threads=1)
        stderrs = [p.stderr for p in r.players if p.stderr is not None]
        last["v"] = EquityOutcome([p.equity for p in r.players], r.trials or 0, stderrs or None)

    call = f"stud_equity({players!r}, game={case.rules!r}, method='mc', trials={trials})"
    return Contender(call, run, lambda: last["v"], _whole_blocks(trials))


# --------------------------------------------------------------------------- ranges


def range_hits(plain: bool) -> Builder:
    """Hits of a range on a board: made-hand categories, by ``hit_frequencies`` or one ``evaluate`` per combo."""

    def build(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
        from ...evaluator.api import category_name, evaluate
        from ...evaluator.cards import cards_to_mask, to_card_ids
        from ..ranges.hits import MADE_ROWS, hit_frequencies
        from ..ranges.parse import parse_range

        board = to_card_ids(case.board)
        last: dict[str, Any] = {}
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


def range_by_combo(plain: bool) -> Builder:
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
