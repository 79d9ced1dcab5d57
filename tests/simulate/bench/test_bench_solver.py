"""The solver cases of ``pokerlab bench``: pokerlab's postflop solver against postflop-solver, whole processes.

The peer here is a stand-in script that answers as the real binary's JSON does, so nothing needs Rust; the spot
files are written to a temporary folder in the peer's own form.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest
from click.testing import CliRunner

from pokerlab.simulate.bench import run_case
from pokerlab.simulate.bench.cases import BenchConfig, select_cases
from pokerlab.simulate.bench.contenders import specs_for
from pokerlab.simulate.bench.format import case_rows, cell
from pokerlab.simulate.bench.report import MISSING, NOT_APPLICABLE, OK, CaseResult, Entry
from pokerlab.simulate.bench.solver_cases import (
    PEER_ENV,
    SOLVER_CASES,
    SPOT_NAMES,
    SPOTS_ENV,
    THREE_BET_POT_FAST,
    check_solver,
    spot_arguments,
)
from pokerlab.simulate.cli.bench import bench_command
from pokerlab.simulate.solver import Spot

RIVER = {  # the peer's spots/river-polarized.json: QQ bluffs a third, KK calls two thirds, OOP EV 40/3
    "name": "river-polarized",
    "oop_range": "AsAh,QsQh",
    "ip_range": "KsKh",
    "board": "2s3h4d6c7c",
    "starting_pot": 20,
    "effective_stack": 10,
    "flop_bet": "",
    "flop_raise": "",
    "turn_bet": "",
    "turn_raise": "",
    "river_bet": "a",
    "river_raise": "",
}
TURN_SMALL = {  # the peer's spots/turn-small.json: a donk size, a 2.5x raise, the three thresholds
    "oop_range": "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s",
    "ip_range": "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+",
    "board": "Td9d6hQc",
    "starting_pot": 200,
    "effective_stack": 900,
    **{f"{street}_bet": "60%, e, a" for street in ("flop", "turn", "river")},
    **{f"{street}_raise": "2.5x" for street in ("flop", "turn", "river")},
    "turn_donk": None,
    "river_donk": "50%",
    "add_allin_threshold": 1.5,
    "force_allin_threshold": 0.15,
    "merging_threshold": 0.1,
}
FLOP_1SPR = {  # the peer's spots/flop-1spr-narrow.json
    "oop_range": "AA,KK,QQ,AK,AQs,A5s",
    "ip_range": "QQ,JJ,TT,99,AKo,AQ,AJs,ATs,KQs,KJs,KTs,QJs,JTs,T9s",
    "board": "9s8h3s",
    "starting_pot": 100,
    "effective_stack": 100,
    **{f"{street}_bet": "50%, a" for street in ("flop", "turn", "river")},
    **{f"{street}_raise": "a" for street in ("flop", "turn", "river")},
}


def _labels(spot: Spot, spec) -> list[str]:
    return [child.label for child in spot.betting.children(spec)]


def _root(spec: dict) -> list[str]:
    spot = Spot.parse(**spot_arguments(spec))
    return _labels(spot, spot.betting.root(spot.board))


@pytest.mark.parametrize(
    ("spec", "peer_root"),
    [  # the root actions postflop-solver builds for each spot (its README), in whole chips
        (RIVER, ["Check", "AllIn(10)"]),
        (FLOP_1SPR, ["Check", "Bet(50)", "AllIn(100)"]),
        (TURN_SMALL, ["Check", "Bet(120)", "Bet(216)", "AllIn(900)"]),
        (THREE_BET_POT_FAST, ["Check", "Bet(94)"]),
    ],
)
def test_a_spot_file_builds_the_peer_s_root(spec, peer_root):
    ours = _root(spec)
    assert len(ours) == len(peer_root)
    for mine, theirs in zip(ours, peer_root):
        amount = round(float(mine.split()[1])) if " " in mine else None
        assert mine.split()[0] == theirs.split("(")[0].lower()
        assert amount == (int(theirs[theirs.index("(") + 1 : -1]) if "(" in theirs else None)


def _raises_to_the_end(spot: Spot) -> tuple[int, str]:
    """Bet and raise at every turn, the one size each node offers: the raises made and the last action."""
    spec, raises = spot.betting.root(spot.board), -1  # the first is the bet
    while True:
        aggressive = [c for c in spot.betting.children(spec) if c.label.split()[0] in ("bet", "raise", "allin")]
        assert len(aggressive) <= 1  # one size a node, never an added all-in beside it
        if not aggressive:
            return raises, spec.label
        spec, raises = aggressive[0], raises + 1


def test_raises_are_uncapped_and_no_all_in_is_added_as_the_peer_builds():
    """postflop-solver caps no raises and adds the all-in only where a size list asks: raising the preset's 45 %
    again and again ends all-in (pokerlab's default cap stops after 2 raises)."""
    args = spot_arguments(THREE_BET_POT_FAST)
    raises, last = _raises_to_the_end(Spot.parse(**args))
    assert last.startswith("allin") and raises == 3
    assert _raises_to_the_end(Spot.parse(**{**args, "raise_cap": 2}))[0] == 2


def test_sizes_per_player_and_rake_are_read():
    spec = {**RIVER, "river_bet": ["a", "50%"], "rake_rate": 0.05, "rake_cap": 3}
    args = spot_arguments(spec)
    assert args["bet_sizes"]["river"] == {"oop": "a", "ip": "50%"}
    assert (args["rake"], args["rake_cap"]) == (0.05, 3.0)
    assert spot_arguments(RIVER)["rake_cap"] is None


def test_a_spot_file_without_its_board_is_one_line():
    with pytest.raises(ValueError, match="spot file: no 'board'"):
        spot_arguments({k: v for k, v in RIVER.items() if k != "board"})


def test_the_solver_section_runs_only_when_named():
    assert not any(c.section == "solver" for c in select_cases())
    named = select_cases(["solver"])
    assert [c.id for c in named] == [c.id for c in SOLVER_CASES]
    assert {c.players[0] for c in named} == set(SPOT_NAMES)
    assert [c.id for c in select_cases(["solver-turn-small-0.3"])] == ["solver-turn-small-0.3"]
    assert [s.key for s in specs_for(named[0])] == [
        "pokerlab", "pokerlab-2-threads", "postflop-solver", "postflop-solver-2-threads"
    ]  # fmt: skip


def test_the_command_takes_the_peer_s_path_and_spots():
    result = CliRunner().invoke(bench_command, ["--help"])
    assert result.exit_code == 0
    assert "--postflop-solver" in result.output and "--postflop-spots" in result.output
    listed = CliRunner().invoke(bench_command, ["--list"])
    assert "solver-3betpot-fast-0.5" in listed.output and "solver: only when named" in listed.output


RUN = {"exploitability_pct": 0.2, "oop_ev": 13.33, "ip_ev": 6.67, "pot": 20.0, "root_amounts": [0, 10]}


def test_check_refuses_a_run_over_its_target_another_tree_or_another_ev():
    case = SOLVER_CASES[0]  # river-polarized to 0.5 %
    assert check_solver(case, RUN, None)[0]
    assert check_solver(case, {**RUN, "oop_ev": 13.4, "ip_ev": 6.6}, RUN)[0]
    assert not check_solver(case, {**RUN, "exploitability_pct": 0.6}, None)[0]
    assert not check_solver(case, {**RUN, "ip_ev": 7.5}, None)[0]  # EVs that do not add up to the pot
    other_tree = check_solver(case, {**RUN, "root_amounts": [0, 5, 10]}, RUN)
    assert not other_tree[0] and "another tree" in other_tree[1]
    assert not check_solver(case, {**RUN, "oop_ev": 12.0, "ip_ev": 8.0}, RUN)[0]


STAND_IN = """#!{python}
import json, sys
spot = json.load(open(sys.argv[1]))
args = dict(a.split("=", 1) for a in sys.argv[2:])
print(json.dumps({{
    "solve_seconds": {seconds} * int(args["threads"]), "build_seconds": 0.001, "iterations": 50,
    "exploitability_pct": 0.43, "oop_ev": {oop_ev}, "ip_ev": 20 - {oop_ev}, "starting_pot": spot["starting_pot"],
    "root_actions": [{{"action": "Check"}}, {{"action": "AllIn(10)"}}], "peak_rss_bytes": 4 * 2**20,
    "memory_bytes": 144968,
}}))
"""


def _peer(tmp_path, oop_ev=13.329, seconds=0.25):
    path = tmp_path / "bench"
    path.write_text(STAND_IN.format(python=sys.executable, seconds=seconds, oop_ev=oop_ev))
    path.chmod(0o755)
    return path


@pytest.fixture
def spots(tmp_path):
    folder = tmp_path / "spots"
    folder.mkdir()
    (folder / "river-polarized.json").write_text(json.dumps(RIVER))
    return folder


def test_both_solvers_side_by_side_each_timing_its_own_solve(tmp_path, spots):
    config = replace(BenchConfig.named("tiny"), postflop_solver=str(_peer(tmp_path)), postflop_spots=str(spots))
    specs = [s for s in specs_for(SOLVER_CASES[0]) if s.key != "pokerlab-2-threads"]  # one pokerlab: half the time
    result = run_case(SOLVER_CASES[0], config, specs=specs)
    assert [(e.key, e.status) for e in result.entries] == [
        ("pokerlab", OK), ("postflop-solver", OK), ("postflop-solver-2-threads", OK)
    ]  # fmt: skip
    assert result.rounds == config.repeat  # the first of them the warm-ups: each run is a new process anyway
    peer, peer_2 = result.entry("postflop-solver"), result.entry("postflop-solver-2-threads")
    assert peer.seconds == [0.25] * result.rounds and peer_2.seconds == [0.5] * result.rounds  # its own figure
    ours = result.entry("pokerlab")
    assert len(ours.seconds) == result.rounds and all(0 < s < ours.warmup_seconds for s in ours.seconds)
    assert re.fullmatch(r"\d+ it, [\d,]+ MiB, OOP EV 13\.3\d\d", ours.details), ours.details
    assert peer.details == "50 it, 4 MiB, OOP EV 13.329"
    expected = [p / o for p, o in zip(peer_2.seconds, ours.seconds)]  # pokerlab's one thread: no 2 threads here
    assert peer_2.ratios == pytest.approx(expected) and len(expected) == result.rounds
    assert "from pokerlab's" in peer.note


def test_a_peer_off_pokerlab_s_ev_is_refused(tmp_path, spots):
    config = replace(
        BenchConfig.named("tiny"), postflop_solver=str(_peer(tmp_path, oop_ev=12.0)), postflop_spots=str(spots)
    )
    specs = [s for s in specs_for(SOLVER_CASES[0]) if s.key in ("pokerlab", "postflop-solver")]
    result = run_case(SOLVER_CASES[0], config, specs=specs, rounds=1)
    assert result.entry("postflop-solver").status == "wrong answer"
    assert result.entry("postflop-solver").seconds == []


def test_without_the_peer_or_the_spots_the_rows_say_why(tmp_path, spots, monkeypatch):
    monkeypatch.delenv(PEER_ENV, raising=False)
    monkeypatch.delenv(SPOTS_ENV, raising=False)
    peers = [s for s in specs_for(SOLVER_CASES[0]) if s.library == "postflop-solver"]
    result = run_case(SOLVER_CASES[0], replace(BenchConfig.named("tiny"), postflop_spots=str(spots)), specs=peers)
    assert {(e.status, e.note) for e in result.entries} == {
        (MISSING, f"set {PEER_ENV} or --postflop-solver to the binary build.sh prints")
    }
    nowhere = replace(BenchConfig.named("tiny"), postflop_spots=str(tmp_path / "none"))
    result = run_case(SOLVER_CASES[0], nowhere)
    ours = result.entry("pokerlab")
    assert ours.status == NOT_APPLICABLE and "river-polarized.json" in ours.note and SPOTS_ENV in ours.note


def test_the_table_puts_each_thread_count_on_its_own_row_with_the_run_s_figures():
    case = CaseResult("solver-x-0.5", "solver", "postflop solve to 0.5 % of the pot", "x", "solve", "time", 1)
    case.entries = [
        Entry("pokerlab", "pokerlab", "1 thread", "", seconds=[2.0], work=[1], details="40 it, 300 MiB, OOP EV 1"),
        Entry("pokerlab-2-threads", "pokerlab", "2 threads", "", seconds=[1.0], work=[1], ratios=[0.5]),
        Entry("postflop-solver", "postflop-solver", "1 thread", "", seconds=[0.5], work=[1], ratios=[0.25]),
        Entry("postflop-solver-2-threads", "postflop-solver", "2 threads", "", seconds=[0.25], work=[1],
              ratios=[0.25]),
    ]  # fmt: skip
    rows = case_rows(case)
    assert [(name, sorted(row)) for name, row in rows] == [
        ("", ["pokerlab", "postflop-solver"]), ("2 threads", ["pokerlab", "postflop-solver"])
    ]  # fmt: skip
    assert cell(case, case.entries[0]) == "2 s ±0% (1 thread; 40 it, 300 MiB, OOP EV 1)"
    assert cell(case, case.entries[3]) == "250 ms ±0% (2 threads; 4x faster)"


def test_a_child_s_peak_memory_is_its_own_not_its_parent_s():
    """Linux's ``ru_maxrss`` keeps the parent's peak across the exec; the child's figure must not carry it."""
    ballast = np.ones(400 * 2**20 // 8)  # 400 MiB touched in this process before the child starts
    code = "from pokerlab.simulate.bench.solver_cases import peak_rss_bytes; print(peak_rss_bytes())"
    child = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert ballast.sum() > 0 and child < 300 * 2**20
