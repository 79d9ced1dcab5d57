"""One convention per concern across every ``pokerlab`` command (README's shared-options table)."""

from __future__ import annotations

import json
import sys

import click
import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli._common import SHORT_OPTIONS, JsonList, ProgressBar
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.cli.printing import json_text


def run(*args: str, **kwargs):
    return CliRunner().invoke(main, list(args), prog_name="pokerlab", **kwargs)


def all_commands(group: click.Group = main, path: str = "") -> list[tuple[str, click.Command]]:
    # Through list_commands/get_command: the command line loads its commands on use, so ``group.commands``
    # would hold only those another test happened to load.
    found = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        found.append((f"{path}{name}", command))
        if isinstance(command, click.Group):
            found += all_commands(command, f"{path}{name} ")
    return found


def unset(default: object) -> bool:
    return default is None or type(default).__name__ == "Sentinel"  # click 8.3 marks "no default" so


# --- JSON: one layout everywhere -------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["eval", "As Ks Qs Js Ts", "--json"],
        ["verify", "5card", "--json"],
        ["equity", "AsAh", "KsKh", "--json"],
        ["equity", "AKs", "QQ", "--mc", "--trials", "2000", "--json"],
        ["draw", "Jh Jd 9c 6s 2h", "--discard", "9c 6s 2h", "--json"],
        ["draw", "Ah Kh Qh Jh 3c", "--top", "2", "--json"],
        ["range", "TT+,AKs", "--json"],
        ["simulate", "holdem", "-n", "20", "-p", "3", "--json"],
        ["cache", "--json"],
        ["table", "matchups", "--classes", "AA,KK", "--json", "--no-resume"],
    ],
)
def test_every_json_output_has_the_one_layout(args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert result.stdout == json_text(data) + "\n"  # indent 2, nothing else on stdout


def test_every_command_that_prints_data_takes_json():
    without = {"chart", "chart preflop", "chart range", "chart equity", "chart distribution", "play", "table"}
    without |= {"cache clear", "chart pushfold", "chart solve", "gui"}
    for path, command in all_commands():
        names = {opt for p in command.params for opt in getattr(p, "opts", [])}
        assert ("--json" in names) != (path in without), path


def test_json_list_streams_exactly_the_one_layout(capsys):
    for items in ([], [{"a": [1, 2]}], [1, {"b": None}, "c"]):
        out = JsonList()
        for item in items:
            out.add(item)
        out.close()
        assert capsys.readouterr().out == json_text(items) + "\n"


def test_format_stays_where_there_are_more_than_two_formats():
    assert run("bench", "--json", "--markdown").output.startswith("error: --json and --markdown contradict")
    refused = run("table", "matchups", "--classes", "AA", "--json", "--format", "csv")
    assert refused.exit_code == 2 and "--format and --json contradict each other" in refused.output
    for path in ("bench", "table preflop", "table matchups"):
        command = dict(all_commands())[path]
        fmt = next(p for p in command.params if p.name == "fmt")
        assert "json" in fmt.type.choices and len(fmt.type.choices) > 2


# --- Method ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--exact", "--mc"], "--exact and --mc"),
        (["--method", "mc", "--exact"], "--method and --exact"),
        (["--method", "exact", "--mc"], "--method and --mc"),
    ],
)
def test_conflicting_method_flags_are_refused(args, named):
    result = run("equity", "AsAh", "KsKh", *args)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: {named} contradict each other: give one; see 'pokerlab equity --help'"
    ]


def test_method_option_and_its_shorthands_agree():
    long = json.loads(run("equity", "AsAh", "KsKh", "--method", "exact", "--json").stdout)
    short = json.loads(run("equity", "AsAh", "KsKh", "--exact", "--json").stdout)
    assert long["method"] == short["method"] == "exact" and long["players"] == short["players"]
    mc = json.loads(run("equity", "AsAh", "KsKh", "--mc", "--trials", "500", "--json").stdout)
    assert mc["method"] == "mc"


# --- Seeds: random by default, printed, accepted back ------------------------------------------------


def test_equity_seed_is_printed_and_reproduces_the_run():
    args = ["equity", "AKs", "QQ", "--mc", "--trials", "3000", "-t", "2"]
    first = json.loads(run(*args, "--json").stdout)
    again = json.loads(run(*args, "--json", "--seed", str(first["seed"])).stdout)
    assert first["players"] == again["players"]
    text = run(*args, "--seed", str(first["seed"])).stdout
    assert f"seed {first['seed']}," in text


def test_draw_versus_draw_seed_is_printed_and_reproduces_the_run():
    args = ["draw", "8s 7h 5d 3c Kd", "--rules", "ace-five", "--discard", "Kd", "--vs", "9s 6d 4c 2h Jd/Jd"]
    args += ["--vs", "Ks Qd Jc 9h 8d/Ks Qd Jc 9h 8d"]  # three players: too many joint draws, Monte Carlo
    first = run(*args)
    seed = int(first.stdout.rsplit("(seed ", 1)[1].split(")")[0])
    assert first.stdout == run(*args, "--seed", str(seed)).stdout


def test_simulate_and_play_print_their_seed():
    simulated = run("simulate", "holdem", "-n", "30", "-p", "3")
    seed = int(simulated.stdout.splitlines()[0].rsplit("seed ", 1)[1])
    assert (
        run("simulate", "holdem", "-n", "30", "-p", "3", "--seed", str(seed)).stdout.splitlines()[1:-1]
        == (simulated.stdout.splitlines()[1:-1])
    )
    played = run("play", "holdem", "-p", "3", "-n", "1", input="q\n")
    assert "(seed " in played.stdout.splitlines()[0]


def test_every_seed_option_has_one_range_and_no_fixed_default():
    for path, command in all_commands():
        for param in command.params:
            if param.name == "seed":
                assert (param.type.min, param.type.max) == (0, 2**64 - 1), path
                assert unset(param.get_default(click.Context(command))), path
    assert run("simulate", "holdem", "-n", "5", "--seed", "-1").exit_code == 2


# --- Threads ------------------------------------------------------------------------------------------


def test_threads_option_is_the_same_wherever_it_is():
    having = set()
    for path, command in all_commands():
        for param in command.params:
            if param.name == "threads":
                having.add(path)
                assert param.opts == ["--threads", "-t"] and unset(param.get_default(click.Context(command))), path
    assert having == {"equity", "verify", "table preflop", "table matchups", "solve"}


def test_verify_threads_and_its_deprecated_aliases():
    one = run("verify", "5card", "-t", "1", "--json")
    assert one.exit_code == 0 and json.loads(one.stdout)["ok"]
    assert run("verify", "5card", "--single").exit_code == 0
    refused = run("verify", "5card", "--parallel", "--threads", "1")
    assert refused.exit_code == 2 and "--threads and --parallel contradict" in refused.output


# --- Choices and completion ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_games_structures_and_bots_are_in_help(command):
    text = run(command, "--help").stdout
    for word in ("holdem", "triple", "a-5", "no-limit-holdem", "pot-limit", "last-bet-limit", "station", "equity"):
        assert word in text


def complete(words: str) -> list[str]:
    env = {"_POKERLAB_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    result = run(env=env)
    return [line.split(",", 1)[1] for line in result.stdout.splitlines()]


def test_shell_completion_offers_games_structures_and_bots():
    assert complete("pokerlab simulate tr") == ["triple"]
    assert complete("pokerlab play holdem --structure pot") == ["pot-limit"]
    assert complete("pokerlab simulate holdem --bots tight,lo") == ["tight,loose"]
    assert "7card" in complete("pokerlab verify 7")


def test_game_aliases_still_work():
    assert run("simulate", "Texas", "-n", "5", "-p", "2").exit_code == 0


# --- Bot names ---------------------------------------------------------------------------------------


def test_play_and_simulate_name_the_bots_alike():
    simulated = run("simulate", "holdem", "-n", "5", "-p", "3", "--bots", "tight", "--seed", "1").stdout
    assert [line.split()[1] for line in simulated.splitlines()[3:6]] == ["tight", "tight-2", "tight-3"]
    played = run("play", "holdem", "-p", "3", "-n", "1", "--bots", "tight", "--seed", "1", input="q\n").stdout
    assert "against tight, tight-2 (seed 1)" in played
    assert "tight2" not in played


# --- -q ------------------------------------------------------------------------------------------------


def test_replay_quiet_changes_the_json(tmp_path):
    assert run("simulate", "holdem", "-n", "3", "-p", "2", "--seed", "1", "--phh-out", str(tmp_path)).exit_code == 0
    path = next(tmp_path.glob("*.phhs"))
    full = json.loads(run("replay", str(path), "--json").stdout)
    quiet = run("replay", str(path), "--json", "-q")
    assert quiet.stdout == json_text(json.loads(quiet.stdout)) + "\n"
    brief = json.loads(quiet.stdout)
    assert len(brief) == len(full) == 3
    assert all(set(item) == {"hand", "ok", "status", "problems"} for item in brief)
    assert [b["ok"] for b in brief] == [f["ok"] for f in full]
    assert len(run("replay", str(path), "-q").stdout.splitlines()) == 4  # one line per hand and the summary


# --- Short options ----------------------------------------------------------------------------------------


def test_short_options_mean_the_same_on_every_command():
    longs_with_short = set(SHORT_OPTIONS.values())
    for path, command in all_commands():
        for param in command.params:  # not get_params: it would cache a help option without -h
            opts = getattr(param, "opts", []) + getattr(param, "secondary_opts", [])
            shorts = [o for o in opts if len(o) == 2 and o.startswith("-")]
            longs = [o for o in opts if o.startswith("--")]
            for short in shorts:
                assert SHORT_OPTIONS.get(short) in longs, (path, short, longs)
            for long in longs:
                if long in longs_with_short and long not in ("--help", "--out"):
                    assert shorts, (path, long)


@pytest.mark.parametrize("path", [path for path, _ in all_commands()])
def test_every_command_takes_dash_h(path):
    result = run(*path.split(), "-h")
    assert result.exit_code == 0 and result.stdout.startswith(f"Usage: pokerlab {path}"), result.output


# --- range output -------------------------------------------------------------------------------------------


def test_range_piped_or_plain_shows_membership_in_text():
    piped = run("range", "TT+,AKs").stdout  # CliRunner's stdout is not a terminal
    assert piped == run("range", "TT+,AKs", "--plain").stdout
    rows = piped.splitlines()
    assert rows[1].split() == ["A", "100", "100"] + ["."] * 11
    assert rows[6].split()[:1] + rows[6].split()[6:7] == ["9", "."]


def test_range_without_rich_plain_changes_nothing(monkeypatch):
    monkeypatch.setitem(sys.modules, "rich", None)
    assert run("range", "AA,KQs@50").stdout == run("range", "AA,KQs@50", "--plain").stdout


# --- charts without matplotlib ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["chart", "preflop"],
        ["chart", "range", "TT+"],
        ["chart", "equity", "AsAh", "KsKh", "--board", "Qs7h2c"],
        ["chart", "distribution", "AA", "KK", "--board", "Qs7h2c"],
    ],
)
def test_chart_commands_without_matplotlib_print_one_line(args, monkeypatch, tmp_path):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = run(*args, "--out", str(tmp_path / "x.png"))
    assert result.exit_code == 2
    assert result.output.splitlines() == ['error: charts need matplotlib: pip install "pokerlab[plot]"']


# --- labels ---------------------------------------------------------------------------------------------------


def test_equity_says_what_it_counted():
    assert "exact: 1,712,304 boards in" in run("equity", "AsAh", "KsKh").stdout
    ranged = run("equity", "AsAh", "random").stdout
    assert "exact: 2,097,572,400 deals (hand combinations x boards) in" in ranged


def test_verify_labels_every_column():
    header = run("verify", "5card").stdout.splitlines()[1]
    assert header.split() == ["category", "count", "published", "check"]


def test_draw_says_the_list_is_cut():
    cut = run("draw", "Ah Kh Qh Jh 3c").stdout
    assert "the best 10 of 26 discards (--top 0 lists them all)" in cut
    whole = run("draw", "Ah Kh Qh Jh 3c", "--top", "0").stdout
    assert "the best" not in whole and len(whole.splitlines()) == 2 + 26 + 1


def test_play_speaks_to_you_in_the_second_person():
    text = run("play", "holdem", "-p", "2", "-n", "1", "--bots", "station", "--seed", "2", input="f\nq\n").stdout
    assert "You post" in text and "You fold" in text
    assert "You posts" not in text and "You folds" not in text


# --- Ctrl-C -----------------------------------------------------------------------------------------------------


def test_ctrl_c_stops_with_status_130_and_no_result(monkeypatch):
    import pokerlab.simulate.equity.api as engine

    def interrupted(*args, progress=None, **kwargs):
        progress(0.5)
        raise KeyboardInterrupt

    monkeypatch.setattr(engine, "equity", interrupted)
    result = run("equity", "AKs", "QQ", "--mc")
    assert result.exit_code == 130
    assert result.stdout == "" and result.stderr.strip() == "interrupted"


def test_an_interrupted_progress_bar_is_not_filled(monkeypatch):
    class Bar:
        def __init__(self):
            self.filled = 0

        def update(self, n):
            self.filled += n

        def __exit__(self, *exc):
            pass

    bar = ProgressBar("x", enabled=True, fill_on_close=True)
    bar.bar, bar.shown = Bar(), 400
    with pytest.raises(KeyboardInterrupt), bar:
        raise KeyboardInterrupt
    assert bar.bar.filled == 0
    done = ProgressBar("x", enabled=True, fill_on_close=True)
    done.bar, done.shown = Bar(), 400
    with done:
        pass
    assert done.bar.filled == 600


def test_a_progress_bar_waits_out_a_kernel_compile(monkeypatch):
    import time

    from pokerlab import compiles

    bar = ProgressBar("x", enabled=True, delay=0.05)
    shown = []
    monkeypatch.setattr(
        "click.progressbar",
        lambda **kw: (
            shown.append(kw)
            or type(
                "B",
                (),
                {"__enter__": lambda self: self, "update": lambda self, n: None, "__exit__": lambda self, *a: None},
            )()
        ),
    )
    compiles.preparing()
    time.sleep(0.06)
    bar(0.1)  # compiling: no bar, though the delay has passed
    compiles.prepared()
    bar(0.2)  # the delay counts again from the compile's end
    assert shown == []
    time.sleep(0.06)
    bar(0.3)
    assert len(shown) == 1
    bar.close()


# --- errors -----------------------------------------------------------------------------------------------------


def test_usage_errors_are_one_line_with_exit_2():
    for args in (["equity"], ["eval", "As", "--bogus"], ["verify", "8card"], ["simulate", "holdem", "-s", "huge"]):
        result = run(*args)
        assert result.exit_code == 2, args
        assert len(result.output.splitlines()) == 1 and result.output.startswith("error: "), args


def test_internal_error_is_one_line_exit_1_and_debug_shows_the_traceback(monkeypatch):
    import pokerlab.evaluator.rules as rules

    def broken(name):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(rules, "get_rules", broken)
    result = run("eval", "As Ks Qs Js Ts")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "error: internal error (ZeroDivisionError: boom); this is a bug in pokerlab, "
        "'pokerlab --debug ...' shows the traceback"
    ]
    debug = run("--debug", "eval", "As Ks Qs Js Ts")
    assert isinstance(debug.exception, ZeroDivisionError)


def test_the_choices_listed_match_the_library():
    from pokerlab.simulate.bots import BOT_NAMES, GAMES
    from pokerlab.simulate.cli import game, game_options
    from pokerlab.simulate.game import shipped_variants
    from pokerlab.simulate.game.declarations import BETTING_KINDS

    assert game.GAME_NAMES == [*GAMES, *shipped_variants()]
    assert sorted(game_options.STRUCTURES) == sorted(BETTING_KINDS)
    assert game.BOT_NAMES == list(BOT_NAMES)
    for command in ("play", "simulate"):
        help_text = " ".join(run(command, "--help").stdout.split()).replace("- ", "-")  # words wrap at hyphens
        assert all(name in help_text for name in game.GAME_NAMES), command


def _interrupt_on_call(number: int):
    """A progress callback that presses Ctrl-C on its ``number``-th call."""
    calls = []

    def progress(fraction: float) -> None:
        calls.append(fraction)
        if len(calls) == number:
            raise KeyboardInterrupt

    return progress


def test_ctrl_c_on_monte_carlo_keeps_the_finished_trials():
    from pokerlab.simulate.equity import EquityInterrupted, equity

    # Rounds of 32,768-trial blocks double from two blocks: Ctrl-C at the second report keeps exactly the
    # first two rounds, so the partial result is the uninterrupted run of that many trials with the same
    # seed (on any number of threads).
    with pytest.raises(EquityInterrupted) as stop:
        equity(["AKs", "QQ"], method="mc", trials=10**9, seed=5, threads=2, progress=_interrupt_on_call(2))
    partial = stop.value.partial
    assert partial is not None and partial.trials == 2 * 32_768 + 4 * 32_768
    whole = equity(["AKs", "QQ"], method="mc", trials=partial.trials, seed=5, threads=1)
    assert [p.equity for p in partial.players] == [p.equity for p in whole.players]
    assert partial.stderr == whole.stderr and partial.stderr is not None and partial.stderr > 0


def test_ctrl_c_prints_the_partial_result_and_exits_130(monkeypatch):
    import pokerlab.simulate.equity.api as engine

    real = engine.equity

    def interrupted(*args, progress=None, **kwargs):
        return real(*args, progress=_interrupt_on_call(2), **kwargs)

    monkeypatch.setattr(engine, "equity", interrupted)
    result = run("equity", "AKs", "QQ", "--mc", "--trials", "1000000000", "--seed", "5", "--json")
    assert result.exit_code == 130
    assert json.loads(result.stdout)["trials"] == 196_608  # the first two rounds: six blocks of 32,768
    assert result.stderr.strip() == "interrupted after 196,608 trials: the result above is partial"
