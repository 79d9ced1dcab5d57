"""Bench rows for many queries in one process and for a new process's start-up."""

from pokerlab.simulate.bench.cases import BenchConfig, many_queries, select_cases
from pokerlab.simulate.bench.checks import check
from pokerlab.simulate.bench.contenders import specs_for
from pokerlab.simulate.bench.runner import run_case
from pokerlab.simulate.equity.engine import equity

TINY = BenchConfig.named("tiny")


def _case(case_id):
    return select_cases([case_id])[0]


def test_queries_are_fixed_by_the_seed_and_deal_distinct_cards():
    for case_id in ("many-preflop", "many-flop"):
        queries = many_queries(_case(case_id), 30)
        assert queries == many_queries(_case(case_id), 30) != many_queries(_case(case_id), 30, seed=1)
        for players, board in queries:
            cards = [players[0][:2], players[0][2:]] + ([players[1][:2], players[1][2:]] if not board else [])
            cards += [board[i : i + 2] for i in range(0, len(board), 2)]
            assert len(set(cards)) == len(cards) == (4 if case_id == "many-preflop" else 5)


def test_the_rows_name_their_contenders():
    assert [s.key for s in specs_for(_case("many-preflop"))] == ["pokerlab", "pokerfast"]
    assert [s.key for s in specs_for(_case("start-equity"))] == ["pokerlab", "pokerfast"]


def test_pokerlab_answers_many_queries_checked_against_the_enumeration():
    result = run_case(_case("many-preflop"), TINY)
    entry = result.entry("pokerlab")
    assert entry.status == "ok", entry.note
    assert "equal the enumeration" in entry.note and entry.work == [TINY.many_queries] * len(entry.seconds)


def test_a_wrong_answer_is_refused():
    case = _case("many-flop")
    queries = many_queries(case, 4)
    right = [equity(p, board=b).players[0].equity for p, b in queries]
    assert check(case, None, right, None)[0]
    assert not check(case, None, [right[0] + 1e-3, *right[1:]], None)[0]
    assert not check(case, None, right[:3] + [0.5], right)[0]


def test_a_new_process_answers_the_start_up_rows():
    for case_id in ("start-equity", "start-eval"):
        entry = run_case(_case(case_id), TINY, specs=specs_for(_case(case_id))[:1]).entry("pokerlab")
        assert entry.status == "ok", entry.note
