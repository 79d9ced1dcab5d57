"""A folder of one-hand files replays as each file does alone: the whole-file reader, the fast reader's memory of
lines and actions, and replay_tree give the verdicts, errors and warnings of the line-by-line path."""

from __future__ import annotations

import multiprocessing
import os
import random
import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from pokerlab import threads
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.game import State, fixed_limit_holdem, no_limit_holdem, pot_limit_omaha
from pokerlab.simulate.game.random_play import play_random_hand
from pokerlab.simulate.histories import PHHError, dumps, history_from_state, read, reading, replay_tree
from pokerlab.simulate.histories.actions import MalformedAction, parse_action, parse_actions
from pokerlab.simulate.histories.dataset import iter_results
from pokerlab.simulate.histories.toml_reader import fast_toml

pytestmark = pytest.mark.filterwarnings("ignore::pokerlab.simulate.histories.PHHWarning")
FIXTURES = Path(__file__).parent / "fixtures"
BASE = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']
players = ['Ann', 'Bob']
finishing_stacks = [51, 49]
"""
# Texts that each take another road through the reader: plain one-hand files, tables, CRLF, comments, fields
# tomllib must read, fields PHH does not define, broken hands and broken files.
TEXTS = {
    "plain.phh": BASE,
    "crlf.phh": BASE.replace("\n", "\r\n"),
    "comments.phh": "# a hand\n\n" + BASE.replace("min_bet = 2", "min_bet = 2  # the big blind"),
    "multiline.phh": BASE.replace("actions = [", "actions = [\n  ").replace(", 'p2 f']", ",\n  'p2 f',\n]"),
    "escapes.phh": BASE.replace("players = ['Ann', 'Bob']", 'players = ["A\\tnn", "Bob"]'),
    "unknown_field.phh": BASE + "rake = 0\n",
    "wrong.phh": BASE.replace("[51, 49]", "[50, 50]"),
    "illegal.phh": BASE.replace("'p2 f'", "'p1 f'"),
    "bad_action.phh": BASE.replace("'p2 f'", "'p2 fold'"),
    "bad_field.phh": BASE.replace("min_bet = 2", "min_bet = 'two'"),
    "not_toml.phh": BASE.replace("min_bet = 2", "min_bet = = 2"),
    "tables.phhs": "[1]\n" + BASE + "\n[2]\n" + BASE.replace("'p2 f'", "'p2 cc', 'p1 cc'"),
    "bad_second.phhs": "[1]\n" + BASE + "\n[2]\nvariant = 5 5\n",
    "fields_then_table.phh": BASE + "[extra]\nx = 1\n",
    "repeated_table.phhs": "[1]\n" + BASE + "\n[2]\n" + BASE + "\n[1]\n" + BASE,
    "empty.phh": "",
    "only_comments.phh": "# nothing here\n",
    "nested.phh": "a = " + "[" * 40 + "]" * 40 + "\n",
}


WARNED: list[str] = []


def _outcome(read) -> list:
    """The hands read (label, hand or its error's text, places) or the error raised, and the warnings given."""
    WARNED.clear()
    try:
        hands = [(label, str(hand) if isinstance(hand, Exception) else hand, places) for label, hand, places in read()]
    except (PHHError, OSError) as exc:
        return [("raised", type(exc).__name__, str(exc)), list(WARNED)]
    return [hands, list(WARNED)]


def _line_by_line(path: Path) -> list:
    """What reading the open file gives: its lines one by one."""

    def lines():
        with open(path, encoding="utf-8", newline="") as handle:
            yield from read(handle, recover=True, money_places=True, warn=WARNED.append)

    return _outcome(lines)


def _whole(path: Path) -> list:
    """What reading the file by its path gives (read whole when small)."""
    return _outcome(lambda: read(path, recover=True, money_places=True, warn=WARNED.append))


@pytest.fixture
def folder(tmp_path):
    for name, text in TEXTS.items():
        (tmp_path / name).write_bytes(text.encode())
    (tmp_path / "latin1.phh").write_bytes(BASE.replace("Ann", "Ånn").encode("latin-1"))
    for path in FIXTURES.iterdir():
        if path.suffix in (".phh", ".phhs"):
            shutil.copy(path, tmp_path / f"fixture-{path.name}")
    return tmp_path


def test_the_whole_file_reader_reads_what_the_line_by_line_reader_reads(folder):
    outcomes = {path.name: _whole(path) for path in sorted(folder.iterdir())}
    for name, whole in outcomes.items():
        assert whole == _line_by_line(folder / name), name
    assert outcomes["unknown_field.phh"][1] and "rake" in outcomes["unknown_field.phh"][1][0]
    assert outcomes["not_toml.phh"][0][0] == "raised" and outcomes["latin1.phh"][0][0] == "raised"
    assert [label for label, _, _ in outcomes["bad_second.phhs"][0]] == ["1", "2"]  # the bad hand after the good


def test_a_file_larger_than_a_whole_read_is_read_line_by_line(folder, monkeypatch):
    path = folder / "tables.phhs"
    expected = _whole(path)
    monkeypatch.setattr(reading, "WHOLE_FILE_BYTES", 16)
    assert _whole(path) == expected
    with pytest.raises(OSError, match="not a regular file"):
        list(read(Path("/dev/null")))


def test_a_folder_replays_as_each_file_alone(folder):
    seen = []
    summary = replay_tree(folder, on_hand=lambda path, label, result: seen.append((path.name, label, result)))
    alone = []
    for path in sorted(folder.iterdir()):
        try:
            alone.extend((path.name, label, result) for label, result in iter_results(path))
        except (PHHError, OSError):
            pass
    assert [(name, label, _verdict(result)) for name, label, result in seen] == [
        (name, label, _verdict(result)) for name, label, result in alone
    ]
    assert summary.hands == len(seen) and summary.files == len(list(folder.iterdir()))
    failed = {Path(name).name for name, _ in summary.failed_files}
    assert {"bad_field.phh", "not_toml.phh", "empty.phh", "only_comments.phh", "nested.phh"} <= failed
    assert "latin1.phh" in failed and "fields_then_table.phh" not in failed  # that one is a hand, its table a field
    assert summary.counts["differs"] == 1 and summary.counts["illegal"] == 1 and summary.counts["unreadable"] >= 2


def test_worker_processes_sum_a_folder_up_as_one_process_does(folder, monkeypatch):
    from pokerlab.simulate.histories import dataset

    monkeypatch.setattr(dataset, "_SMALLEST_SHARE", 2)  # the fixture folder is a few dozen files: shares of 2
    monkeypatch.setattr(dataset, "_FEWEST_FILES_FOR_WORKERS", 4)
    real_can_fork = dataset.can_fork
    monkeypatch.setattr(dataset, "can_fork", lambda: True)  # whatever threads earlier tests left idle
    monkeypatch.setattr(threads, "available_cores", lambda: 2)  # two workers on any machine
    shares = []
    real = dataset._replay_in_workers
    monkeypatch.setattr(dataset, "_replay_in_workers", lambda *args: shares.append(args[3]) or real(*args))
    moved = []
    alone = replay_tree(folder, keep=2)
    workers = replay_tree(folder, keep=2, jobs=2, progress=lambda *done: moved.append(done))
    assert shares == [2] and moved and moved[-1][0] == moved[-1][1]  # they ran, and progress reached the end
    timing = ("seconds", "hands_per_second")
    assert {k: v for k, v in workers.to_dict().items() if k not in timing} == {
        k: v for k, v in alone.to_dict().items() if k not in timing
    }
    with pytest.raises(ValueError, match="jobs must be a whole number from 0 to"):
        replay_tree(folder, jobs=-1)
    monkeypatch.setattr(dataset, "can_fork", real_can_fork)
    waiting = threading.Event()
    thread = threading.Thread(target=waiting.wait)
    thread.start()
    try:  # another thread running: no fork, this process replays it, to the same summary
        threaded = replay_tree(folder, keep=2, jobs=2)
    finally:
        waiting.set()
        thread.join()
    assert shares == [2] and threaded.counts == alone.counts and threaded.examples == alone.examples
    with pytest.raises(ValueError, match="on_hand is called in this process only"):
        replay_tree(folder, jobs=2, on_hand=print)


def test_workers_are_forked_only_beside_pokerlab_s_own_idle_threads():
    from pokerlab import threads
    from pokerlab.simulate.histories import dataset

    assert threads.on_threads([lambda: 1, lambda: 2]) == [1, 2]  # the pool's thread now waits, idle
    assert any(t.name.startswith("pokerlab_") for t in threading.enumerate())
    assert not any(t.name.startswith("pokerlab_") for t in threads.other_threads())
    with multiprocessing.get_context("fork").Pool(1) as pool:  # a forked child makes a pool of its own
        assert pool.apply_async(_two_calls_on_threads).get(timeout=60) == [1, 2]
    waiting = threading.Event()
    thread = threading.Thread(target=waiting.wait)
    thread.start()
    try:
        assert thread in threads.other_threads() and not dataset.can_fork()
    finally:
        waiting.set()
        thread.join()


def _two_calls_on_threads() -> list:
    from pokerlab import threads

    return threads.on_threads([lambda: 1, lambda: 2])


def test_a_worker_that_dies_leaves_its_files_to_this_process(folder, monkeypatch):
    from pokerlab.simulate.histories import dataset

    monkeypatch.setattr(dataset, "_SMALLEST_SHARE", 2)
    monkeypatch.setattr(dataset, "_FEWEST_FILES_FOR_WORKERS", 4)
    monkeypatch.setattr(dataset, "can_fork", lambda: True)
    monkeypatch.setattr(threads, "available_cores", lambda: 2)
    monkeypatch.setattr(dataset, "_replay_share", _die_on_the_third_share)
    alone, broken = replay_tree(folder, keep=2), replay_tree(folder, keep=2, jobs=2)
    assert broken.counts == alone.counts and broken.examples == alone.examples
    assert broken.files == alone.files and broken.failed_files == alone.failed_files
    stopped = [w for w in broken.warnings if w.startswith("the worker processes stopped (")]
    assert len(stopped) == 1 and [w for w in broken.warnings if w not in stopped] == alone.warnings


_TEST_PROCESS = os.getpid()


def _die_on_the_third_share(options, files):
    """A worker's share, or, in a worker, its death on the share that holds the middle file (as memory running
    out); the test's own process replays that share when it falls back."""
    from pokerlab.simulate.histories import dataset

    paths = dataset._phh_paths(Path(options.root))
    if paths[len(paths) // 2] in files and os.getpid() != _TEST_PROCESS:
        os._exit(1)
    part = dataset.ReplaySummary(options.root, keep=options.keep)
    for path in files:
        dataset._replay_file_into(part, path, options, None)
    return part


def _verdict(result) -> tuple:
    if isinstance(result, PHHError):
        return ("unreadable", str(result))
    return (result.status, result.stacks, result.problems, result.unknown_outcome, result.rake)


def _random_folder(path: Path, count: int) -> None:
    rng = random.Random(5)
    games = [no_limit_holdem(1, 2), fixed_limit_holdem(2, 4), pot_limit_omaha(1, 2)]
    for k in range(count):
        state = State(games[k % 3], [rng.randint(20, 300) for _ in range(rng.randint(2, 6))], seed=k)
        (path / f"{k:03d}.phh").write_text(dumps(history_from_state(play_random_hand(state, rng), hand=k)))


def test_random_hands_replay_alike_in_a_folder_alone_and_a_second_time(tmp_path):
    _random_folder(tmp_path, 60)
    rounds = []
    for _ in range(2):  # the second time every line and action comes from the reader's memory
        seen: list = []
        replay_tree(tmp_path, on_hand=lambda path, label, result, seen=seen: seen.append(_verdict(result)))
        rounds.append(seen)
    alone = [_verdict(result) for path in sorted(tmp_path.iterdir()) for _, result in iter_results(path)]
    assert rounds[0] == rounds[1] == alone and all(v[0] == "ok" for v in alone)


def test_the_reader_never_hands_out_an_array_it_keeps():
    text = "antes = [0, 0]\nplayers = ['a', 'b']\nvariant = 'NT'\n"
    first = fast_toml(text)
    first["antes"].append(5)
    first["players"][0] = "changed"
    second = fast_toml(text)
    assert second == {"antes": [0, 0], "players": ["a", "b"], "variant": "NT"}
    assert type(second["antes"]) is type(first["antes"]) and second["antes"].places == 0
    assert fast_toml("variant = 'NT'\nvariant = 'NT'\n") is None  # a key twice, even read from memory


def test_the_reader_remembers_what_a_dataset_repeats_and_not_a_hand_s_own_lines():
    from pokerlab.simulate.histories import actions, toml_reader

    toml_reader._LINE_VALUES.clear()
    actions._FIELDS.clear()
    fast_toml(BASE)
    remembered = {key for key, _ in toml_reader._LINE_VALUES.values()}
    assert {"variant", "antes", "starting_stacks", "players"} <= remembered
    assert not remembered & {"actions", "finishing_stacks"}  # never read again in a real dataset
    parse_actions(["d dh p1 AsAh", "d db 7c8c9c", "d db Td", "p1 f"], 2)
    assert set(actions._FIELDS[2]) == {"d dh p1 AsAh", "d db Td", "p1 f"}  # a flop is a hand's own


def test_single_quoted_arrays_are_read_by_the_fast_reader():
    assert fast_toml("a = ['x', 'y z', '']\nb = []\n") == {"a": ["x", "y z", ""], "b": []}
    assert fast_toml("a = ['x''y']\n") is None  # not TOML: tomllib says so


def test_parse_actions_reads_what_parse_action_reads():
    actions = ["d dh p1 AsAh", "d dh p2 ????", "# a note", "p2 cbr 3.50", "p1 cc", "d db 7c8h9d", "p1 sm AsAh", ""]
    for n in (2, 3):
        parsed = parse_actions(actions, n)
        expected = [p for p in (parse_action(k, text, n) for k, text in enumerate(actions)) if p is not None]
        assert parsed == expected
        assert parse_actions(actions, n) == expected  # read a second time, from the table of texts
    with pytest.raises(MalformedAction) as caught:
        parse_actions(["p1 f", "p2 f", "p3 f"], 2)
    assert (caught.value.index, caught.value.text, caught.value.reason) == (2, "p3 f", "'p3' is not a player p1..p2")


class _ForkCounter:
    """Counts the processes a replay forks (os.fork, which a forked pool's workers start by). A pool of more than
    ``most`` workers is refused before it starts any, so that a replay asking for too many fails its test instead
    of filling the machine (or leaving workers behind)."""

    def __init__(self, monkeypatch, most: int = 8) -> None:
        import concurrent.futures

        self.calls = 0
        self._fork = os.fork
        monkeypatch.setattr(os, "fork", self)
        real = concurrent.futures.ProcessPoolExecutor

        class Refusing(real):
            def __init__(self, max_workers=None, *args, **kwargs):
                if max_workers is None or max_workers > most:
                    raise OSError(f"the test refuses a pool of {max_workers} workers")
                super().__init__(max_workers, *args, **kwargs)

        monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Refusing)

    def __call__(self) -> int:
        self.calls += 1
        return self._fork()


@pytest.fixture
def one_hand_files(tmp_path):
    for k in range(250):  # enough files to replay in workers
        (tmp_path / f"{k:03d}.phh").write_text(BASE)
    return tmp_path


@pytest.mark.parametrize(
    "cores,jobs,smallest_share,workers",
    [(2, 300, 16, 2), (3, 0, 16, 3), (3, 2, 16, 2), (64, 300, 64, 4), (1, 300, 16, 0)],
    ids=["jobs above the cores", "one per core", "jobs below the cores", "more cores than shares", "one core"],
)
def test_workers_are_no_more_than_the_jobs_the_cores_or_the_shares(
    one_hand_files, monkeypatch, cores, jobs, smallest_share, workers
):
    from pokerlab.simulate.histories import dataset

    alone = replay_tree(one_hand_files)
    monkeypatch.setattr(dataset, "can_fork", lambda: True)  # whatever threads earlier tests left idle
    monkeypatch.setattr(threads, "available_cores", lambda: cores)
    monkeypatch.setattr(dataset, "_idle_cores", lambda cores: cores)  # whatever else the machine runs
    monkeypatch.setattr(dataset, "_FEWEST_FILES_FOR_WORKERS", 200)
    monkeypatch.setattr(dataset, "_SMALLEST_SHARE", smallest_share)  # 250 files in shares of 64: 4 shares
    forks = _ForkCounter(monkeypatch)
    summary = replay_tree(one_hand_files, jobs=jobs)
    assert forks.calls == workers  # 0: one core replays in this process
    assert summary.hands == alone.hands == 250 and summary.counts == alone.counts


@pytest.mark.parametrize("jobs", [-1, "one above the most", 10**20, True, 1.5, "2"])
def test_the_library_refuses_jobs_out_of_range(one_hand_files, jobs):
    from pokerlab.threads import MAX_JOBS

    jobs = MAX_JOBS + 1 if jobs == "one above the most" else jobs
    with pytest.raises(ValueError, match=f"jobs must be a whole number from 0 to {MAX_JOBS}"):
        replay_tree(one_hand_files, jobs=jobs)


JOBS_VALUES = st.one_of(
    st.integers(-3, 12),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.sampled_from(["99999999999999999999", "1e3", "0x10", " 2", "", "two", "-0"]),
    st.text(max_size=6),
)


@pytest.fixture(scope="module")
def small_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("jobs")
    for k in range(12):
        (folder / f"{k:02d}.phh").write_text(BASE)
    return folder


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(jobs=JOBS_VALUES)
def test_any_jobs_value_replays_or_is_refused_in_one_line_never_forking_past_the_cores(small_folder, jobs):
    from pokerlab.simulate.histories import dataset

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dataset, "can_fork", lambda: True)
        patch.setattr(dataset, "_FEWEST_FILES_FOR_WORKERS", 4)  # 12 files in workers, shares of 1
        patch.setattr(dataset, "_SMALLEST_SHARE", 1)
        forks = _ForkCounter(patch, most=threads.available_cores())
        result = CliRunner().invoke(main, ["replay", str(small_folder), "-q", f"--jobs={jobs}"])
    assert result.exit_code in (0, 2), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output, result.output
    assert forks.calls <= threads.available_cores()
    if result.exit_code == 2:
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: ") and "--jobs" in lines[0], result.output
    else:
        assert "12 file(s), 12 hand(s)" in result.output
