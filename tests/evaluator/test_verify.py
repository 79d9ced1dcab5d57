"""Exhaustive enumeration of every 5-, 6- and 7-card hand against published counts."""

import os
import subprocess
import sys

import numpy as np
import pytest

from pokerlab.evaluator.verify import PUBLISHED, VARIANT_TABLES, verify


@pytest.mark.parametrize("name", ["5card", "6card", "7card"])
def test_every_hand_matches_published_counts(name):
    result = verify(name)
    assert result["total"] == sum(PUBLISHED[name]["counts"])
    for row in result["rows"]:
        assert row["ok"], row
    assert result["ok"]
    assert set(result) >= {"name", "total", "distinct", "rows", "ok", "seconds"}


def test_distinct_values():
    assert verify("5card")["distinct"] == 7462
    assert verify("7card", parallel=True)["distinct"] == 4824


def test_unknown_table():
    with pytest.raises(ValueError, match="unknown table"):
        verify("8card")


@pytest.mark.parametrize("name", list(VARIANT_TABLES))
def test_variant_tables_match_every_published_count(name):
    result = verify(name, parallel=True)
    assert result["ok"], [r for r in result["rows"] if not r["ok"]]
    published = VARIANT_TABLES[name]["published"]
    checked = [r for r in result["rows"] if r["published"] is not None]
    assert len(checked) >= len(published)  # every published number became a checked row
    assert result["source"]


def test_variant_counts_known_by_construction():
    """Counts that follow from the high table (computed rows still have to be right)."""
    d27 = {r["label"]: r["count"] for r in verify("deuce-seven-5card")["rows"]}
    assert d27["Straight"] == 9 * 1020 and d27["Straight flush"] == 36 and d27["Flush"] == 5108 + 4
    assert d27["A-high"] == 494 * 1020 and d27["7-high"] == 4 * 1020
    bug = {r["label"]: r["count"] for r in verify("bug")["rows"]}
    assert bug["Five of a kind"] == 1  # four aces and the bug
    jacks = verify("jacks")
    assert jacks["rows"][0]["count"] == 4 * 84_480 + 123_552 + 54_912 + 10_200 + 5_108 + 3_744 + 624 + 36 + 4


def test_a_wrong_published_count_fails(monkeypatch):
    spec = dict(VARIANT_TABLES["deuces"], published={"Five of a kind": 671})
    monkeypatch.setitem(VARIANT_TABLES, "deuces", spec)
    result = verify("deuces")
    assert not result["ok"]


def _swapped_tables(first_mask: int, second_mask: int):
    """The high tables with two flush values swapped (every category count stays the same for 5 cards)."""
    from pokerlab.evaluator import api

    tables = api.high_tables()
    flush_values = tables.flush_values.copy()
    flush_values[[first_mask, second_mask]] = flush_values[[second_mask, first_mask]]
    return tables._replace(flush_values=flush_values)


def test_verify_sees_values_swapped_inside_a_category(monkeypatch):
    from pokerlab.evaluator import api
    from pokerlab.evaluator.verify import verify

    royal, king_high = 0b1_1111_0000_0000, 0b0_1111_1000_0000
    swapped = _swapped_tables(royal, king_high)
    monkeypatch.setattr(api, "high_tables", lambda: swapped)
    result = verify("5card")
    assert [r["ok"] for r in result["rows"][:-1]] == [True] * 11  # the counts cannot tell
    assert not result["ok"] and not result["rows"][-1]["ok"]
    # the swapped batch value differs from the per-call one (which reads its own table), or from the order
    problem = result["problem"]
    assert "one at a time" in problem or "AKQJT suited" in problem or "KQJT9 suited" in problem, problem


def test_order_check_sees_a_wrong_seven_card_value(monkeypatch):
    from pokerlab.evaluator import api
    from pokerlab.evaluator.verify_order import check_order

    tables = api.high_tables()
    values = tables.rank7_values.copy()
    values[values.argmax()] -= 1  # the best unsuited 7-card class loses one step
    monkeypatch.setattr(api, "high_tables", lambda: tables._replace(rank7_values=values))
    assert check_order(5)["ok"]
    result = check_order(7)
    # found as a batch value that differs from the per-call one, or one that is not its best five's
    assert not result["ok"] and ("one at a time" in result["problem"] or "unsuited" in result["problem"])


def _tampered_tables(tmp_path, name: str, swap) -> dict[str, str]:
    """A copy of the shipped tables with ``swap(values)`` applied to one table and its manifest sha256 rewritten
    to match (a consistent tamper that the manifest check cannot see); the environment that uses it."""
    import hashlib
    import json
    import shutil

    from pokerlab.evaluator.tables import tables_dir

    folder = tmp_path / "tables"
    shutil.copytree(tables_dir(), folder)
    values = np.load(folder / f"{name}.npy")
    swap(values)
    np.save(folder / f"{name}.npy", values)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["tables"][name]["sha256"] = hashlib.sha256((folder / f"{name}.npy").read_bytes()).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return {**os.environ, "POKERLAB_TABLES": str(folder)}


def _swap_within_category(values) -> None:
    """Swap the best and the worst one-pair value of a table (every category count stays the same)."""
    pair = np.flatnonzero((values >> 12) == 1)
    best, worst = pair[values[pair].argmax()], pair[values[pair].argmin()]
    values[[best, worst]] = values[[worst, best]]


@pytest.mark.parametrize("size", ["5card", "7card"])
def test_verify_sees_a_per_call_table_swapped_inside_a_category(tmp_path, size):
    env = _tampered_tables(tmp_path, "rank_values", _swap_within_category)
    done = subprocess.run(
        [sys.executable, "-m", "pokerlab", "verify", size], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    assert "one at a time" in done.stdout + done.stderr, done.stdout + done.stderr


def test_verify_sees_the_omaha_low_table_swapped(tmp_path):
    def swap(values):
        lows = np.flatnonzero(values > 0)
        best, worst = lows[values[lows].argmax()], lows[values[lows].argmin()]
        values[[best, worst]] = values[[worst, best]]

    env = _tampered_tables(tmp_path, "omaha_low", swap)
    code = "from pokerlab.evaluator.verify_omaha import check_low_order as c; r = c(); print(r['ok'], r['problem'])"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("False low ranks"), done.stdout


def _swap_two_values(first: int, second: int):
    """A tamper that swaps two values everywhere in a table: a relabelling no category count can see."""

    def swap(values) -> None:
        a, b = values == first, values == second
        values[a], values[b] = second, first

    return swap


@pytest.mark.parametrize(
    ("table", "rules", "worse", "better"),
    [
        ("ace_five_values", "ace-five", "Kc Qd Jh Ts 8c", "Kc 4d 3h 2s Ac"),
        ("deuce_seven_values", "deuce-seven", "Ac Kd Qh Js 9c", "Ac 5d 4h 3s 2c"),
    ],
)
def test_verify_sees_a_lowball_table_swapped_inside_a_category(tmp_path, table, rules, worse, better):
    from pokerlab.evaluator import evaluate

    first, second = evaluate(worse, rules=rules), evaluate(better, rules=rules)
    assert first >> 12 == second >> 12 and first < second  # one category: its count stays the same
    env = _tampered_tables(tmp_path, table, _swap_two_values(first, second))
    command = [sys.executable, "-m", "pokerlab", "verify", f"{rules}-5card", "--json"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    import json

    result = json.loads(done.stdout)
    counts_ok = [row["ok"] for row in result["rows"] if row["label"] != "Rank classes in order"]
    assert all(counts_ok) and not result["ok"], result  # only the order check sees it
    assert "out of order" in result["problem"] or "one at a time" in result["problem"]


def test_tables_that_disagree_with_themselves_are_a_table_error_not_a_crash(monkeypatch):
    from pokerlab.evaluator import api
    from pokerlab.evaluator.tables import TableError

    monkeypatch.setattr(api, "class_ranks", lambda value: (11, 11, 11, 0, 5))  # ranks the cards do not hold
    with pytest.raises(TableError, match="the installed tables are inconsistent"):
        api.best_five("2c Kh Kd 3s Kc 3h 9d")


def test_the_command_line_offers_every_table_verify_knows():
    from pokerlab.evaluator.verify import table_names
    from pokerlab.simulate.cli.verify import VERIFY_GROUPS, VERIFY_TABLES

    assert VERIFY_TABLES == table_names()
    assert {name for group in VERIFY_GROUPS.values() for name in group} <= set(table_names())


@pytest.mark.parametrize(
    ("table", "rules", "worse", "better"),
    [
        ("wild_values", "joker", "Kc Kd 7h 4s 2c", "Jk Kd 8h 4s 2c"),  # pair of kings, the better kicker
        ("wild_values", "deuces-wild", "Kc Kd 7h 4s 3c", "2c Kd 8h 4s 3c"),
        ("bug_values", "bug", "Ac Ad 7h 4s 3c", "Jk Ad 8h 4s 3c"),
        ("ace_five_joker_values", "ace-five-joker", "Kc Qd Jh Ts 8c", "Jk 4d 3h 2s Kc"),
        ("ace_five_values", "ace-five", "Kc Qd Jh Ts 8c 8d 8h", "Kc 4d 3h 2s Ac 4c 4h"),
        ("short_deck_values", "short-deck", "Ac 6d 7h 8s 9c", "6c 7d 8h 9s Tc"),  # the lowest two straights
        ("short_deck_flush", "short-deck", "Ac Kc Qc Jc 8c", "Ac Kc Qc Jc 9c"),  # the two best flushes
    ],
)
def test_verify_sees_a_wild_or_seven_card_table_swapped_inside_a_category(tmp_path, table, rules, worse, better):
    from pokerlab.evaluator import evaluate
    from pokerlab.evaluator.rules import get_rules

    first, second = evaluate(worse, rules=rules), evaluate(better, rules=rules)
    assert first >> 12 == second >> 12 and first < second  # one category: its count stays the same
    env = _tampered_tables(tmp_path, table, _swap_two_values(first, second))
    size = len(worse.split())
    code = (
        "from pokerlab.evaluator.verify_order import check_ruleset_order as c; "
        f"r = c({get_rules(rules).name!r}, {size}); print(r['ok'], r['problem'])"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("False ") and ("out of order" in done.stdout or "one at a time" in done.stdout
                                                  or "best five" in done.stdout), done.stdout  # fmt: skip
