"""``pokerlab replay FOLDER`` answered before click: for every argv, the quick path prints what the click command
prints (stdout, stderr, exit status) or, having printed nothing, leaves it to click; it answers a folder of plain
hands without loading click or the engine."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers_phh_text import dataset_text

from pokerlab.simulate.cli import quick
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.game import State, no_limit_holdem
from pokerlab.simulate.game.random_play import play_random_hand
from pokerlab.simulate.histories.fast_replay import certainly_ok

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT.parent / "shared" / "data" / "pluribus-sample"
FIXTURES = ROOT / "tests" / "simulate" / "histories" / "fixtures"


def plain_hand(seed: int) -> str:
    """A random no-limit hold'em hand in the dataset's shape (one line a field), with the engine's results."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    stacks = [rng.choice((150, 400, 1000)) + rng.randint(0, 99) for _ in range(players)]
    state = play_random_hand(State(no_limit_holdem(50, 100), stacks, button=players - 1, seed=seed), rng)
    return dataset_text(state)


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Folders of every kind the command meets: plain hands (flat, nested, from the dataset), mixed, empty, broken."""
    base = tmp_path_factory.mktemp("replay-quick")
    texts = [text for text in map(plain_hand, range(60)) if certainly_ok(text)][:30]
    assert len(texts) == 30
    names = ("plain", "nested", "mixed", "late", "phhs", "broken", "differs", "empty", "sample")
    made = {name: base / name for name in names}
    for folder in made.values():
        folder.mkdir()
    for k, text in enumerate(texts):
        (made["plain"] / f"{k:03}.phh").write_text(text)
        (made["nested"] / f"part{k % 3}" / "deeper").mkdir(parents=True, exist_ok=True)
        (made["nested"] / f"part{k % 3}" / "deeper" / f"{k:03}.phh").write_text(text)
        (made["mixed"] / f"{k:03}.phh").write_text(text)
        (made["late"] / f"{k:03}.phh").write_text(text)
    (made["nested"] / "notes.txt").write_text("not a hand")
    (made["nested"] / ".hidden.phh").write_text(texts[0])
    (made["nested"] / "linked").symlink_to(made["plain"], target_is_directory=True)  # a link: not walked into
    (made["nested"] / "linked.phh").symlink_to(made["plain"] / "001.phh")
    shutil.copy(FIXTURES / "hidden_cards.phh", made["mixed"] / "010b.phh")  # among plain hands: the engine's
    shutil.copy(FIXTURES / "winnings_only.phh", made["late"] / "999.phh")  # the last file only
    shutil.copy(FIXTURES / "cents.phhs", made["phhs"] / "night.phhs")
    (made["phhs"] / "000.phh").write_text(texts[0])
    (made["broken"] / "000.phh").write_text(texts[0])
    (made["broken"] / "001.phh").write_text("variant = 'NT'\nantes = [0, 0\n")  # fails to parse
    (made["broken"] / "002.phh").write_text(texts[1].replace("finishing_stacks = [", "finishing_stacks = [1"))
    (made["empty"] / "notes.txt").write_text("no hands")
    (made["differs"] / "000.phh").write_text(texts[2].replace("finishing_stacks = [", "finishing_stacks = [1"))
    assert SAMPLE.is_dir(), f"the dataset sample is missing: {SAMPLE}"
    for path in sorted(SAMPLE.rglob("*.phh"))[:40]:
        shutil.copy(path, made["sample"] / path.name)
    made["file"] = made["plain"] / "000.phh"
    return made


# (folder, options): answered by the quick path.
ANSWERED = [
    ("plain", []),
    ("plain", ["--json"]),
    ("plain", ["-q"]),
    ("plain", ["--quiet", "--json"]),
    ("plain", ["--jobs", "0"]),
    ("plain", ["--jobs", "1"]),
    ("plain", ["-j", "2", "--json"]),
    ("nested", ["--jobs", "1"]),
    ("sample", ["--json", "--jobs", "1"]),
    ("mixed", []),  # plain hands and one the engine replays
    ("mixed", ["--json", "--jobs", "1"]),
    ("late", ["-q"]),
    ("phhs", ["--json"]),
    ("broken", []),  # a file that fails to parse, a hand that differs: exit status 2
    ("broken", ["--json"]),
    ("differs", []),  # exit status 1
]
# (folder, options): left to click.
LEFT = [
    ("empty", []),
    ("file", []),
    ("file", ["--json", "-q"]),
    ("missing", []),
    ("plain", ["--jobs", "-1"]),
    ("plain", ["--jobs", "9999"]),
    ("plain", ["--jobs", "9" * 5000]),
    ("plain", ["--jobs", "x"]),
    ("plain", ["--jobs"]),
    ("plain", ["--jobs=1"]),
    ("plain", ["-j1"]),
    ("plain", ["--json", "--json"]),
    ("plain", ["--fill-skipped"]),
    ("plain", ["--max-rake", "0.05"]),
    ("plain", ["--rake-cap", "3"]),
    ("plain", ["--help"]),
    ("plain", ["-h"]),
    ("plain", ["--", "--json"]),
    ("plain", ["--bogus"]),
    ("plain", ["plain"]),
]


def _argv(folders: dict[str, Path], name: str, options: list[str]) -> list[str]:
    path = folders.get(name, folders["plain"].parent / name)
    if options == ["plain"]:
        return ["replay", str(path), str(path)]  # two paths
    return ["replay", str(path), *options]


def _steady(text: str) -> str:
    """The output without its timings, the one thing that differs from run to run."""
    text = re.sub(r"in \d+\.\d+ s", "in S s", text)
    text = re.sub(r"[\d,]+ hands/s", "N hands/s", text)
    return re.sub(r'"(seconds|hands_per_second)": [0-9.e-]+', r'"\1": T', text)


def _both(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | None, tuple[str, str], object]:
    status = quick.answer(argv)
    printed = capsys.readouterr()
    return status, (printed.out, printed.err), CliRunner().invoke(main, argv)


@pytest.mark.parametrize(("name", "options"), ANSWERED, ids=lambda x: x if isinstance(x, str) else " ".join(x)[:30])
def test_quick_replay_prints_what_the_click_command_prints(
    folders: dict[str, Path], name: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, (out, err), through_click = _both(_argv(folders, name, options), capsys)
    assert status == through_click.exit_code  # type: ignore[attr-defined]
    assert err == through_click.stderr  # type: ignore[attr-defined]
    assert _steady(out) == _steady(through_click.stdout)  # type: ignore[attr-defined]
    assert '"hands": ' in out if "--json" in options else " hand(s) read in " in out
    assert status == {"broken": 2, "differs": 1}.get(name, 0)


@pytest.mark.parametrize(("name", "options"), LEFT, ids=lambda x: x if isinstance(x, str) else " ".join(x)[:30] or "-")
def test_everything_else_is_left_to_click_with_nothing_printed(
    folders: dict[str, Path], name: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick.answer(_argv(folders, name, options)) is None
    assert capsys.readouterr() == ("", "")


def test_a_terminal_is_left_to_click(folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """There click shows a progress bar, and says what it compiles before it does."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    for options in ([], ["-q"], ["--json"]):
        assert quick.answer(["replay", str(folders["plain"]), *options]) is None


def test_worker_processes_give_the_click_commands_summary(
    folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerlab import threads
    from pokerlab.simulate.histories import dataset

    # The mixed folder's 31 files in shares of 8, on two workers.
    monkeypatch.setattr(dataset, "_FEWEST_FILES_FOR_WORKERS", 10)
    monkeypatch.setattr(dataset, "_SMALLEST_SHARE", 8)
    monkeypatch.setattr(threads, "available_cores", lambda: 2)
    pools: list[int] = []
    in_workers = dataset._replay_in_workers
    monkeypatch.setattr(dataset, "_replay_in_workers", lambda *a: pools.append(a[3]) or in_workers(*a))
    argv = ["replay", str(folders["mixed"]), "--jobs", "2", "--json"]
    status, (out, _), through_click = _both(argv, capsys)
    assert pools == [2, 2]  # both paths forked two workers
    assert status == through_click.exit_code == 0  # type: ignore[attr-defined]
    assert _steady(out) == _steady(through_click.stdout) and '"files": 31' in out  # type: ignore[attr-defined]


def test_whole_process_on_plain_hands_loads_neither_click_nor_the_engine(folders: dict[str, Path]) -> None:
    code = (
        "import sys\n"
        "from pokerlab.simulate.cli import run\n"
        "try:\n"
        "    run()\n"
        "finally:\n"
        "    print(sorted(m for m in sys.modules if m == 'click' or m.startswith('pokerlab.simulate.game')),"
        " file=sys.stderr)\n"
    )
    argv = ["replay", str(folders["sample"]), "--jobs", "1"]
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "[]\n")
    through_click = CliRunner().invoke(main, argv)
    assert _steady(done.stdout) == _steady(through_click.stdout)
