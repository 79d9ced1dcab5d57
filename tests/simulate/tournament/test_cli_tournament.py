"""``pokerlab icm`` and ``pokerlab pushfold``: what they print, their JSON, and bad input as one line, exit 2."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.cli.printing import json_text


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pokerlab")


def test_icm_prints_each_share():
    out = run("icm", "5000", "3000", "2000", "--payouts", "50,30,20").stdout.splitlines()
    assert out[0] == "ICM (Malmuth-Harville, exact): 3 players, prize pool 100"
    assert out[3].split() == ["1", "5,000", "50.00", "38.3929", "38.39"]
    assert out[5].split() == ["3", "2,000", "20.00", "28.8571", "28.86"]


def test_icm_json_and_monte_carlo():
    exact = run("icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--model", "weitzman", "--json")
    data = json.loads(exact.stdout)
    assert exact.stdout == json_text(data) + "\n"
    assert data["model"] == "weitzman" and data["method"] == "exact" and data["seed"] is None
    assert [round(p["equity"], 4) for p in data["players"]] == [38.0645, 32.7742, 29.1613]
    args = ["icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--mc", "--trials", "50000", "--seed", "4"]
    sampled = json.loads(run(*args, "--json").stdout)
    assert sampled["method"] == "mc" and sampled["seed"] == 4 and sampled["trials"] == 50_000
    assert all(abs(p["equity"] - e) < 5 * p["stderr"] for p, e in zip(sampled["players"], [38.393, 32.75, 28.857]))
    text = run(*args).stdout
    assert "Monte Carlo: 50,000 finishes, seed 4" in text and "+/-" in text


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["5000", "-3000", "--payouts", "50,30"], "error: stack 2 is -3000.0: every stack must be positive"),
        (["5000", "3000", "--payouts", "50,30,20"], "error: 3 payouts for 2 players: at most one payout a player"),
        (["5000", "3000", "--payouts", "50,x"], "error: payout 2 is 'x': not a number"),
        (["5000", "3000", "--payouts", "30,50"], "error: payout 2 (50.0) is above payout 1 (30.0): list the places"),
    ],
)
def test_icm_bad_input_is_one_line_exit_2(args, line):
    result = run("icm", *args)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1
    assert result.output.startswith(line)


def test_pushfold_prints_both_ranges_on_the_grid():
    out = run("pushfold", "--stack", "10").stdout.splitlines()
    assert out[0] == (
        "heads-up push-or-fold at 10 bb (no ante): the small blind pushes 58.3% of hands, the big blind calls 37.4%"
    )
    assert out[1].startswith("value to the small blind -0.0454 bb a hand; exploitability below 1e-9 bb")
    assert out[3] == "small blind pushes (% of each hand):"
    assert out[4].split() == list("AKQJT98765432")
    assert out[5 + 10].split()[-2:] == ["71", "."]  # 43s pushed 71 % of the time
    assert out[18].startswith("range: 22+, A2+, K2+")
    assert "big blind calls (% of each hand):" in out and out[-1].endswith("Q6s@40.3")


def test_pushfold_json():
    result = run("pushfold", "--stack", "7.7", "--json")
    data = json.loads(result.stdout)
    assert result.stdout == json_text(data) + "\n"
    assert data["stack"] == 7.7 and data["exploitability"] < 1e-6 and len(data["hands"]) == 169
    t3s = next(h for h in data["hands"] if h["hand"] == "T3s")
    assert round(t3s["push"], 3) == 0.769 and t3s["push_ev"] == pytest.approx(t3s["fold_ev"], abs=1e-9)


def test_pushfold_chart_text_and_json():
    text = run("pushfold", "chart", "--max-stack", "8").stdout.splitlines()
    assert text[0].startswith("heads-up push-or-fold chart (no ante), 1 to 8 bb every 0.1 bb: 71 equilibria")
    assert text[2] == "small blind: push up to (bb):"
    assert text[8].split()[:1] + text[8].split()[-3:] == ["T", "8+", "7.7*", "6.5*"]
    assert "* 63s: at 1.0-2.3, 5.1-5.2, 5.7, 6.1-7.1 bb" in text
    data = json.loads(run("pushfold", "chart", "--max-stack", "3", "--json").stdout)
    assert data["max_stack"] == 3.0 and data["stacks"] == 21 and data["hands"][0]["push"] == "3+"


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["pushfold", "--stack", "0.5"], "error: stack 0.5 bb is below the big blind and ante (1 bb)"),
        (["pushfold", "--stack", "5", "--ante", "-1"], "error: ante is -1.0: give 0 to 10 big blinds"),
        (["pushfold"], "error: give --stack (pokerlab pushfold --stack 10) or draw the chart"),
        (["pushfold", "--stack", "5", "chart"], "error: --stack, --ante and --json go after 'chart'"),
        (["pushfold", "chart", "--max-stack", "99"], "error: max_stack is 99.0: give 1 to 50 bb"),
    ],
)
def test_pushfold_bad_input_is_one_line_exit_2(args, start):
    result = run(*args)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1
    assert result.output.startswith(start), result.output


FINAL_TABLE = ["pushfold", "icm", "3000", "2000", "1500", "--payouts", "50,30,20", "--blinds", "50,100"]
SMALL_RUN = ["--ante", "10", "--deals", "600", "--iterations", "30"]


def test_pushfold_icm_prints_the_library_answer():
    from pokerlab.simulate.tournament import pushfold_icm

    out = run(*FINAL_TABLE, *SMALL_RUN, "--seed", "5").stdout.splitlines()
    r = pushfold_icm([3000, 2000, 1500], [50, 30, 20], (50, 100), 10, deals=600, iterations=30, seed=5)
    assert out[0] == (
        "push-or-fold at a final table, Malmuth-Harville ICM: 3 players, blinds 50/100, ante 10, payouts 50, 30, 20"
    )
    assert out[1].startswith(f"600 sampled deals (seed 5; the opener's $EV +/- {r.ev_error:.4f}), 30 iterations")
    assert out[3].split() == ["player", "stack", "$EV", "best-response", "gain"]
    for i in range(3):
        assert out[5 + i].split() == [str(i + 1), f"{r.stacks[i]:,.0f}", f"{r.ev[i]:,.4f}", f"{r.gains[i]:.6f}"]
    opener = r.seats[0].summary()
    assert out[11].split() == ["player", "1", "pushes", "100.00", f"{100 * opener['plays']:.1f}"] + [
        f"{opener[k]:,.4f}" for k in ("ev", "play_ev", "fold_ev")
    ]
    assert "player 3 calls after player 2 called" in out[14]
    grids = [i for i, line in enumerate(out) if line.endswith("(% of each hand):")]
    assert [out[i] for i in grids] == [
        "player 1 pushes (% of each hand):",
        "player 2 calls when no one else has (% of each hand):",
        "player 3 calls when no one else has (% of each hand):",
    ]
    assert out[grids[0] + 2].split()[:2] == ["A", "100"]  # AA pushed
    assert out[grids[0] + 15] == f"range (to 1%): {r.seats[0].range_text(digits=0)}"


def test_pushfold_icm_json_is_the_library_result_and_the_seed_repeats():
    first = run(*FINAL_TABLE, *SMALL_RUN, "--json")
    data = json.loads(first.stdout)
    assert first.stdout == json_text(data) + "\n"
    assert isinstance(data["seed"], int) and data["deals"] == 600 and len(data["decisions"]) == 4
    assert data["decisions"][0]["ev"] == pytest.approx(data["ev"][0], abs=1e-9)  # the opener's decision is his $EV
    again = json.loads(run(*FINAL_TABLE, *SMALL_RUN, "--seed", str(data["seed"]), "--json").stdout)
    assert again["ev"] == data["ev"] and again["decisions"] == data["decisions"]
    text = run(*FINAL_TABLE, *SMALL_RUN, "--seed", str(data["seed"])).stdout
    assert f"(seed {data['seed']};" in text


def test_pushfold_icm_heads_up_counts_every_deal():
    out = run("pushfold", "icm", "1000", "1000", "--payouts", "1", "--blinds", "50,100", "--iterations", "50")
    lines = out.stdout.splitlines()
    assert lines[1].startswith("every heads-up deal (28,561 pairs of classes), 50 iterations")
    assert "seed" not in out.stdout


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["5000", "-3000", "2000", "--payouts", "50,30,20"], "error: stack 2 is -3000.0: every stack must be positive"),
        (["5000", "3000", "--payouts", "50,30,20"], "error: 3 payouts for 2 players: at most one payout a player"),
        (["5000", "3000", "--payouts", "0,0"], "error: the payouts sum to 0: there is no prize to share"),
        (["5000", "3000", "--payouts", "30,50"], "error: payout 2 (50.0) is above payout 1 (30.0)"),
        (["5000", "3000", "--payouts", "50,x"], "error: payout 2 is 'x': not a number"),
        (["5000", "3000", "150", "--payouts", "50"], "error: stack 3 is 150: it does not cover its blind"),
        (["100"] * 10 + ["--payouts", "50"], "error: 10 players: give 2 to 9 stacks, in the order of action"),
        (["5000", "--payouts", "50"], "error: 1 player: give 2 to 9 stacks"),
        (["5000", "1e999", "--payouts", "50"], "error: stack 2 is '1e999': not a finite number"),
        (["5000", "3000", "--payouts", "50", "--blinds", "100"], "error: blinds ['100']: give two numbers"),
        (["5000", "3000", "--payouts", "50", "--blinds", "100,y"], "error: blinds ['100', 'y']: give two numbers"),
        (["5000", "3000", "--payouts", "50", "--blinds", "300,200"], "error: blinds 300/200, ante 0: give 0 <= small"),
        (["5000", "3000", "--payouts", "50", "--ante", "-5"], "error: blinds 100/200, ante -5: give 0 <= small"),
        (["5000", "3000", "--payouts", "50", "--ante", "z"], "error: ante 'z': give a number"),
        (["5000", "3000", "--payouts", "50", "--deals", "5"], "error: deals 5: give a whole number from 100"),
        (["5000", "3000", "--payouts", "50", "--iterations", "0"], "error: iterations 0: give a whole number from 1"),
        (["5000", "3000", "--payouts", "50", "--deals", "abc"], "error: Invalid value for '--deals': 'abc'"),
        (["5000", "3000", "--payouts", "50", "--seed", "-1"], "error: Invalid value for '--seed': -1"),
    ],
)
def test_pushfold_icm_bad_input_is_one_line_exit_2(args, line):
    blinds = [] if "--blinds" in args else ["--blinds", "100,200"]
    result = run("pushfold", "icm", *args, *blinds)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert result.output.startswith(line), result.output


def printed_grids(out: list[str]) -> list[tuple[dict[str, str], str]]:
    """Each grid of ``pokerlab pushfold --stack``, as its cells by class, with the range line printed under it."""
    from pokerlab.simulate.ranges.cells import GRID_LABELS

    grids = []
    for at in (i for i, line in enumerate(out) if line.endswith("(% of each hand):")):
        rows = [out[at + 2 + r].split()[1:] for r in range(13)]
        cells = {label: rows[r][c] for r, labels in enumerate(GRID_LABELS) for c, label in enumerate(labels)}
        assert out[at + 15].startswith("range: ")
        grids.append((cells, out[at + 15].removeprefix("range: ")))
    return grids


def check_grid_agrees_with_range_line(cells: dict[str, str], line: str) -> None:
    """A cell reads 100 where the line plays the class always, . where it leaves it out, else its percent."""
    from pokerlab.simulate.ranges import parse_range
    from pokerlab.simulate.ranges.cells import CELL_INDICES, GRID_LABELS

    dense = parse_range(line).dense
    for cell, at in enumerate(CELL_INDICES):
        label, stated = GRID_LABELS[cell // 13][cell % 13], float(dense[at].max())
        expected = "100" if stated == 1 else "." if stated == 0 else str(min(99, max(1, round(100 * stated))))
        assert cells[label] == expected, (label, cells[label], line)


@pytest.mark.parametrize("stack", ["6.0", "6.1", "10.1", "7.7"])
def test_pushfold_grid_and_range_line_state_the_same_frequencies(stack):
    out = run("pushfold", "--stack", stack).stdout.splitlines()
    assert "exploitability below 1e-9 bb" in out[1]
    grids = printed_grids(out)
    assert len(grids) == 2
    for cells, line in grids:
        check_grid_agrees_with_range_line(cells, line)


def test_pushfold_grid_shows_a_frequency_as_the_range_line_rounds_it(monkeypatch):
    """Frequencies a hair from 0 or 1 (were a solver to leave them) print as the range line states them."""
    import importlib

    from pokerlab.simulate.tournament.headsup_game import headsup_classes

    module = importlib.import_module("pokerlab.simulate.tournament.pushfold")
    solve = module.solve
    names = headsup_classes().names

    def rough(game, start=None):
        p, q, stats = solve(game, start)
        p, q = p.copy(), q.copy()
        p[names.index("72o")], p[names.index("K2o")], q[names.index("Q2o")] = 3e-4, 1 - 3e-5, 4e-3
        return p, q, stats

    monkeypatch.setattr(module, "solve", rough)
    (sb_cells, sb_line), (bb_cells, bb_line) = printed_grids(run("pushfold", "--stack", "10").stdout.splitlines())
    assert (sb_cells["72o"], sb_cells["K2o"], bb_cells["Q2o"]) == (".", "100", "1")
    assert "72o" not in sb_line and "Q2o@0.4" in bb_line
    check_grid_agrees_with_range_line(sb_cells, sb_line)
    check_grid_agrees_with_range_line(bb_cells, bb_line)


@pytest.mark.parametrize(("given", "solved", "stacks"), [("1.05", 1.0, 1), ("7.25", 7.2, 63), ("3", 3.0, 21)])
def test_pushfold_chart_says_when_max_stack_is_off_the_grid(given, solved, stacks):
    for extra in ([], ["--json"]):
        result = run("pushfold", "chart", "--max-stack", given, *extra)
        assert result.exit_code == 0
        if solved == float(given):
            assert result.stderr == ""
        else:
            assert result.stderr == f"note: --max-stack {given} is not on the 0.1 bb grid; solved to {solved:.1f}\n"
    data = json.loads(result.stdout)
    assert data["max_stack"] == solved and data["stacks"] == stacks
    assert data["hands"][0]["push"] == f"{solved:g}+"


def icm_rows(out: str) -> list[list[str]]:
    """The player rows of ``pokerlab icm``'s table, split into columns."""
    return [line.split() for line in out.splitlines()[3:]]


@pytest.mark.parametrize(
    ("args", "equities"),
    [
        (["10000000000000000", "1", "--payouts", "3,2"], [3, 2]),  # a ratio past 2**53
        (["100", "1e-300", "--payouts", "1,0"], [1, 0]),
        (["1e300", "1e-300", "--payouts", "2,1"], [2, 1]),
        (["1e308", "1e308", "--payouts", "1"], [0.5, 0.5]),  # the chips sum past the largest float
        (["1e308", "1e308", "--payouts", "1", "--model", "weitzman"], [0.5, 0.5]),
    ],
)
def test_icm_values_stacks_of_any_size_and_prints_them_short(args, equities):
    text = run("icm", *args)
    assert text.exit_code == 0 and text.stderr == "", text.output
    rows = icm_rows(text.stdout)
    assert [float(row[3]) for row in rows] == pytest.approx(equities, abs=1e-4)
    assert all(len(line) < 80 for line in text.stdout.splitlines()), text.stdout
    assert rows[0][1] == {"10000000000000000": "1e+16", "100": "100"}.get(args[0], f"{float(args[0]):g}")
    data = json.loads(run("icm", *args, "--json").stdout)
    assert [p["equity"] for p in data["players"]] == pytest.approx(equities, abs=1e-9)


def test_icm_prints_huge_prizes_in_significant_digits():
    out = run("icm", "1", "2", "3", "--payouts", "1e300,1e299", "--trials", "1000", "--seed", "1").stdout
    assert out.splitlines()[0].endswith("prize pool 1.1e+300")
    assert all(len(line) < 60 for line in out.splitlines()[1:]), out  # the table


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["1", "1", "--payouts", "1e308,1e308"], "error: the payouts sum past 8.99e+307 (half the largest float)"),
        (["1e308", "1e-300", "--payouts", "1"], "error: stack 1 (1e+308) is more than 2**2000 times stack 2 (1e-300)"),
        (["1", "2", "--payouts", "1", "--trials", "100000000000000000000"], "error: trials is 100000000000000000000:"),
        (["1", "2", "--payouts", "1", "--trials", "100000000001", "--model", "weitzman"], "error: trials is 1000"),
    ],
)
def test_icm_numbers_out_of_reach_are_one_line_exit_2(args, line):
    result = run("icm", *args)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert result.output.startswith(line), result.output


def test_icm_sampling_feeds_a_progress_bar(monkeypatch):
    import pokerlab.simulate.cli.tournament as commands

    bars = []

    class Recorded(commands.ProgressBar):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.seen = []
            bars.append(self)

        def __call__(self, fraction):
            self.seen.append(fraction)
            super().__call__(fraction)

    monkeypatch.setattr(commands, "ProgressBar", Recorded)
    stacks = [str(s) for s in range(1, 101)]
    result = run("icm", *stacks, "--payouts", "3,2,1", "--model", "weitzman", "--trials", "60000", "--seed", "1")
    assert result.exit_code == 0 and bars[0].label == "icm"
    assert len(bars[0].seen) >= 3 and bars[0].seen[-1] == 1.0


def test_pushfold_icm_values_stacks_of_any_size():
    args = ["--payouts", "5,3,2", "--blinds", "50,100", "--deals", "500", "--iterations", "50", "--seed", "1"]
    text = run("pushfold", "icm", "1e300", "1000", "1000", *args)
    assert text.exit_code == 0 and text.stderr == "", text.output
    rows = [line.split() for line in text.stdout.splitlines()[5:8]]
    assert rows[0][:3] == ["1", "1e+300", "5.0000"]  # the covering stack is first whatever happens
    assert math.fsum(float(row[2]) for row in rows) == pytest.approx(10, abs=1e-6)
    data = json.loads(run("pushfold", "icm", "1e308", "1e308", "1000", *args, "--json").stdout)  # chips past floats
    assert math.fsum(data["ev"]) == pytest.approx(10, abs=1e-9) and 2 <= data["ev"][2] < 2.01  # third, but for a bust
    assert all(math.isfinite(x) for x in data["gains"] + [data["ev_error"]])


def test_pushfold_icm_values_prizes_of_any_size():
    args = ["3000", "2000", "1000", "--blinds", "50,100", "--deals", "500", "--iterations", "50", "--seed", "1"]
    small = json.loads(run("pushfold", "icm", *args, "--payouts", "5,3,2", "--json").stdout)
    for unit in (2.0**1000, 2.0**-1060):
        payouts = ",".join(repr(p * unit) for p in (5, 3, 2))
        huge = json.loads(run("pushfold", "icm", *args, "--payouts", payouts, "--json").stdout)
        assert huge["ev"] == [e * unit for e in small["ev"]] and huge["ev_error"] == small["ev_error"] * unit
        assert huge["gains"] == [g * unit for g in small["gains"]]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["1e308", "1e308", "1e308", "--blinds", "1e308,1e308", "--ante", "1e308"], "error: blinds 1e+308/1e+308"),
        (["1000", "1000", "--blinds", "50,100", "--payouts", "1e308,1e308"], "error: the payouts sum past 8.99e+307"),
    ],
)
def test_pushfold_icm_numbers_out_of_reach_are_one_line_exit_2(args, line):
    payouts = [] if "--payouts" in args else ["--payouts", "1"]
    result = run("pushfold", "icm", *args, *payouts)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert result.output.startswith(line) and "inf" not in result.output, result.output
