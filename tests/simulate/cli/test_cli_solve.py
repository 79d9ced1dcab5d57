"""``pokerlab solve``: the polarized river's closed form through the command line, JSON that meets its schema,
spot files, save and show, Ctrl-C, and bad input as one line with exit status 2."""

from __future__ import annotations

import json

import jsonschema
import numpy as np
import pytest
from click.testing import CliRunner

from pokerlab import schemas
from pokerlab.simulate.cli.main import main

POLAR = [
    "solve",
    "-b",
    "2s3h4d6c7c",
    "--oop",
    "AsAh, QsQh",
    "--ip",
    "KsKh",
    "--pot",
    "20",
    "--stack",
    "10",
    "--bet",
    "a",
]


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pokerlab")


def one_line_error(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) >= 1 and lines[-1].startswith("error: "), result.output
    assert not any(line.startswith("error: ") for line in lines[:-1]) and "Traceback" not in result.output
    for word in words:
        assert word in lines[-1], lines[-1]


@pytest.fixture(scope="module")
def polar(tmp_path_factory):
    """The polarized river solved to 0.05 % of the pot and saved: (its JSON, the saved file)."""
    path = tmp_path_factory.mktemp("solve") / "polar.npz"
    result = run(*POLAR, "--exploitability", "0.05", "--max-iterations", "3000", "--save", str(path), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), path


def test_the_polarized_river_through_the_command_line_gives_its_closed_form(polar):
    data, _ = polar
    jsonschema.validate(data, schemas.load("solve"))
    assert data["oop"]["ev"] == pytest.approx(40 / 3, abs=0.05) and data["ip"]["ev"] == pytest.approx(20 / 3, abs=0.05)
    assert data["oop"]["ev"] + data["ip"]["ev"] == pytest.approx(20, abs=1e-6)
    assert data["oop"]["equity"] == pytest.approx(0.5) and data["exploitability_pct"] <= 0.05
    assert data["root"]["player"] == "oop" and [a["action"] for a in data["root"]["actions"]] == ["check", "allin 10"]
    assert data["root"]["actions"][1]["frequency"] == pytest.approx(2 / 3, abs=0.02)  # aces and a third of queens
    assert data["nodes"] == 9 and data["memory_bytes"] > 0 and not data["interrupted"]


def test_the_text_output_says_the_tree_size_first_and_the_evs(polar):
    result = run(*POLAR, "--max-iterations", "20")
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("tree: 9 nodes, about ")
    assert "OOP: EV 13." in result.stdout and "allin 10" in result.stdout


def test_show_reads_the_saved_node_back_as_grid_and_combos(polar):
    data, path = polar
    root = json.loads(run("solve", "show", str(path), "--json").stdout)
    jsonschema.validate(root, schemas.load("solve-show"))
    assert [a["frequency"] for a in root["actions"]] == pytest.approx([a["frequency"] for a in data["root"]["actions"]])
    facing = json.loads(run("solve", "show", str(path), "allin 10", "--json").stdout)
    assert facing["player"] == "ip" and [a["action"] for a in facing["actions"]] == ["fold", "call"]
    assert facing["grid"]["call"][1][1] == pytest.approx(2 / 3, abs=0.02)  # KK, the second row's pair
    assert facing["grid"]["call"][0][0] is None  # no AA in IP's range
    assert facing["combos"][0]["combo"] == "KsKh"
    done = json.loads(run("solve", "show", str(path), "allin 10", "call", "--json").stdout)
    assert done["kind"] == "showdown" and done["player"] is None and done["actions"] == []
    text = run("solve", "show", str(path), "allin 10")
    assert text.exit_code == 0 and "IP to act" in text.stdout and "KsKh" in text.stdout
    assert "   K   .  67" in text.stdout  # the call grid: KK calls two times in three


def test_show_gives_each_combo_its_ev_equity_and_eqr(polar):
    # Facing the all-in KK is indifferent (EV 0) with a quarter of equity; at the root AA takes 80/3 of the pot of
    # 20 with all of the equity, and QQ, with none, has no EQR.
    _, path = polar
    facing = json.loads(run("solve", "show", str(path), "allin 10", "--json").stdout)
    jsonschema.validate(facing, schemas.load("solve-show"))
    kk = facing["combos"][0]
    assert kk["ev"] == pytest.approx(0.0, abs=0.05) and kk["equity"] == pytest.approx(0.25, abs=0.01)
    assert kk["eqr"] == pytest.approx(0.0, abs=0.01)
    root = {c["combo"]: c for c in json.loads(run("solve", "show", str(path), "--json").stdout)["combos"]}
    assert root["AsAh"]["ev"] == pytest.approx(80 / 3, abs=0.05) and root["AsAh"]["equity"] == 1.0
    assert root["AsAh"]["eqr"] == pytest.approx(4 / 3, abs=0.005)
    assert root["QsQh"]["equity"] == 0.0 and root["QsQh"]["eqr"] is None
    text = run("solve", "show", str(path)).stdout.splitlines()
    header = next(line for line in text if line.startswith("combo "))
    assert header.split()[-3:] == ["EV", "equity", "EQR"]
    queens = next(line for line in text if line.startswith("QsQh"))
    assert queens.split()[-2:] == ["0.0%", "-"]


def test_a_spot_file_in_toml_or_json_is_the_same_spot_as_the_options(tmp_path, polar):
    toml = tmp_path / "spot.toml"
    toml.write_text('board = "2s3h4d6c7c"\noop = "AsAh, QsQh"\nip = "KsKh"\npot = 20\nstack = 10\nbet = "a"\n')
    spot = {"board": "2s3h4d6c7c", "oop": "AsAh, QsQh", "ip": "KsKh", "pot": 20, "stack": 10, "bet": "a"}
    (tmp_path / "spot.json").write_text(json.dumps(spot))
    by_options = json.loads(run(*POLAR, "--max-iterations", "30", "--json").stdout)
    for name in ("spot.toml", "spot.json"):
        result = run("solve", "--spot", str(tmp_path / name), "--max-iterations", "30", "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["oop"] == by_options["oop"]
    overridden = run("solve", "--spot", str(toml), "--pot", "40", "--max-iterations", "10", "--json")
    assert json.loads(overridden.stdout)["pot"] == 40


def test_ctrl_c_prints_the_solution_so_far_and_exits_130(monkeypatch):
    from pokerlab.simulate.cli import solve as command

    def stop_at_three(self, iterations, exploitability):
        if iterations == 3:
            self.interrupt()
        return self.stop

    monkeypatch.setattr(command._Progress, "__call__", stop_at_three)
    result = run(*POLAR, "--max-iterations", "100", "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["iterations"] == 3 and data["interrupted"] is True
    assert "interrupted after 3 iterations" in result.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["-b", "2s2s4d6c7c"], ["board", "duplicate card '2s'"]),
        (["--oop", "2s2h"], ["oop range", "no combo left"]),
        (["--bet", "52"], ["'52' is not a size"]),
        (["--river-raise", "2.5x, 3e0%"], ["cap of a geometric size"]),
        (["--flop-bet", "50%|33%|25%"], ["one '|'"]),
        (["--max-memory", "0.0001"], ["over max_memory"]),
        (["--merge", "-1"], ["merge must be"]),
        (["--pot", "0"], ["pot must be more than 0"]),
        (["--pot", "1e308", "--stack", "1e308"], ["pot must be a number of chips from 0 to 1e+15"]),
        (["--stack", "nan"], ["stack must be a number of chips"]),
        (["--threads", "100000"], ["threads must be a whole number from 1 to 1024"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words):
    given = dict(zip(POLAR[1::2], POLAR[2::2]))
    given.update(dict(zip(args[::2], args[1::2])))
    flat = [x for pair in given.items() for x in pair]
    one_line_error(run("solve", *flat, "--max-iterations", "5"), *words)


def test_a_missing_option_and_a_bad_spot_file_are_one_line(tmp_path):
    one_line_error(run("solve", "--oop", "AA", "--ip", "KK"), "--board is needed")
    bad = tmp_path / "spot.toml"
    bad.write_text("board = [unclosed\n")
    one_line_error(run("solve", "--spot", str(bad)), "not a spot file")
    bad.write_text('board = "2s3h4d6c7c"\nsizes = "a"\n')
    one_line_error(run("solve", "--spot", str(bad)), "unknown key 'sizes'")


def test_a_corrupt_truncated_or_foreign_solution_file_is_one_line(tmp_path, polar):
    _, path = polar
    raw = path.read_bytes()
    (tmp_path / "truncated.npz").write_bytes(raw[: len(raw) // 2])
    (tmp_path / "text.npz").write_text("not a solution\n")
    np.savez(tmp_path / "foreign.npz", weights=np.ones(3))
    with np.load(path) as saved:
        arrays = {k: saved[k] for k in saved.files}
    meta = json.loads(str(arrays["meta"]))
    np.savez(tmp_path / "bad_sums.npz", **{**arrays, "strategy_sums": -arrays["strategy_sums"] - 1})
    np.savez(tmp_path / "bad_meta.npz", **{**arrays, "meta": np.array(json.dumps({**meta, "pot": -1}))})
    np.savez(tmp_path / "other_tree.npz", **{**arrays, "meta": np.array(json.dumps({**meta, "stack": 30}))})
    np.savez(tmp_path / "bad_cards.npz", **{**arrays, "oop_cards": np.array([[0, 0]])})
    for name, words in [
        ("truncated.npz", ["not a pokerlab solution file"]),
        ("text.npz", ["not a pokerlab solution file"]),
        ("foreign.npz", ["not a pokerlab solution file"]),
        ("bad_sums.npz", ["strategy_sums"]),
        ("bad_meta.npz", ["pot -1"]),
        ("other_tree.npz", ["actions differ"]),
        ("bad_cards.npz", ["oop_cards"]),
        ("missing.npz", ["no such file"]),
    ]:
        one_line_error(run("solve", "show", str(tmp_path / name)), *words)
    one_line_error(run("solve", "show", str(path), "bet 3"), "action 'bet 3' at step 1 is not in the tree")


def test_rake_and_a_lock_through_the_options_give_the_locked_closed_form(tmp_path):
    # KK's call locked to 75 %: AA shoves, QQ checks, OOP's EV 13.75 less its rake: AA's pots of 20 (KK folds) and
    # 30 (KK calls) pay 5 % capped at 1.2, 1.0 and 1.2, so OOP's EV is (27.5 - 0.25 - 0.9) / 2 and IP's loses
    # the rake of the 20 it wins against QQ, halved: 6.25 - 0.5.
    path = tmp_path / "locked.npz"
    result = run(*POLAR, "--rake", "5", "--rake-cap", "1.2", "--lock", "allin 10=fold:25%,call:75%",
                 "--exploitability", "0.01", "--max-iterations", "3000", "--save", str(path), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, schemas.load("solve"))
    assert data["oop"]["ev"] == pytest.approx((27.5 - 0.25 - 0.9) / 2, abs=0.05)
    assert data["ip"]["ev"] == pytest.approx(6.25 - 0.5, abs=0.05)
    assert data["rake"]["rate"] == 0.05 and data["rake"]["cap"] == 1.2
    assert data["rake"]["expected"] == pytest.approx(20 - data["oop"]["ev"] - data["ip"]["ev"], abs=1e-9)
    assert data["locks"] == [{"line": ["allin 10"], "frequencies": {"fold": 0.25, "call": 0.75}, "combos": None}]
    facing = json.loads(run("solve", "show", str(path), "allin 10", "--json").stdout)
    assert [a["frequency"] for a in facing["actions"]] == [0.25, 0.75]
    text = run(*POLAR, "--rake", "5", "--lock", "allin 10=fold:25%,call:75%", "--max-iterations", "20")
    assert "rake 5 %: " in text.stdout and "locked: allin 10: fold 25%, call 75%" in text.stdout


def test_a_spot_file_gives_the_rake_and_the_locks(tmp_path):
    spot = tmp_path / "spot.toml"
    spot.write_text(
        'board = "2s3h4d6c7c"\noop = "AsAh, QsQh"\nip = "KsKh"\npot = 20\nstack = 10\nbet = "a"\nrake = 5\n'
        'rake_cap = 0.5\nlock = ["allin 10=fold:1", "=check:1|QsQh"]\n'
    )
    data = json.loads(run("solve", "--spot", str(spot), "--max-iterations", "20", "--json").stdout)
    assert data["rake"]["cap"] == 0.5 and [lock["combos"] for lock in data["locks"]] == [None, "QsQh"]
    replaced = run("solve", "--spot", str(spot), "--lock", "allin 10=call:1", "--max-iterations", "5", "--json")
    assert [lock["frequencies"] for lock in json.loads(replaced.stdout)["locks"]] == [{"call": 1.0}]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--rake", "100"], ["--rake is a percentage of the pot"]),
        (["--rake", "5", "--rake-cap", "-1"], ["rake_cap must be a finite number"]),
        (["--lock", "allin 10"], ["lock 'allin 10'", "'=' missing"]),
        (["--lock", "bet 5=fold:1"], ["action 'bet 5' at step 1 is not in the tree"]),
        (["--lock", "allin 10=fold:0.5"], ["add up to 0.5, not 1"]),
        (["--lock", "allin 10=call:1|AA"], ["no combo of 'AA' is in ip's range"]),
    ],
)
def test_a_bad_rake_or_lock_is_one_line_and_exit_2(args, words):
    one_line_error(run(*POLAR, *args, "--max-iterations", "5"), *words)
