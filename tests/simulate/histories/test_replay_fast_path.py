"""The folder replay's fast path (fast_replay.certainly_ok) against the engine: it says ok only where the engine
says ok, on the dataset sample, the project's PHH files, random hands (short stacks, side pots, mucks) and
mutations of real hands that break a rule or a result; a folder's summary is the engine's; a folder of plain
hands replays without loading the engine."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from helpers_phh_text import dataset_text

from pokerlab.evaluator import evaluate
from pokerlab.simulate.game import State, no_limit_holdem
from pokerlab.simulate.game.random_play import play_random_hand
from pokerlab.simulate.histories import PHHError, dumps, history_from_state, replay_tree
from pokerlab.simulate.histories.dataset import iter_results
from pokerlab.simulate.histories.fast_reading import _fields, card_numbers
from pokerlab.simulate.histories.fast_replay import certainly_ok, hand_value, read_small

pytestmark = pytest.mark.filterwarnings("ignore::pokerlab.simulate.histories.PHHWarning")
ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT.parent / "shared" / "data" / "pluribus-sample"
FIXTURES = Path(__file__).parent / "fixtures"


SCRATCH = Path(tempfile.mkdtemp()) / "hand.phh"


def engine_status(text: str) -> str:
    """The engine's verdict on a one-hand text (what ``pokerlab replay`` counts of its file)."""
    SCRATCH.write_text(text)
    [(_, result)] = list(iter_results(str(SCRATCH)))
    return "unreadable" if isinstance(result, PHHError) else result.status


def sample_texts() -> list[str]:
    assert SAMPLE.is_dir(), f"the dataset sample is missing: {SAMPLE}"
    texts = [read_small(str(path)) for path in sorted(SAMPLE.rglob("*.phh"))]
    assert len(texts) == 786 and None not in texts
    return texts  # type: ignore[return-value]


def in_cents(text: str) -> str:
    """The hand with every amount in dollars and cents (chips / 100), a currency and a hand number: the same
    game in the engine's chips of a cent."""
    # A number standing alone (not a player's or a card's digit): an amount.
    dollars = re.sub(r"(?<![\w.])(\d+)(?![\w.])", lambda m: f"{int(m.group(1)) / 100:.2f}", text)
    return dollars + 'currency_symbol = "$"\nhand = 7\n'


def random_texts(count: int) -> list[str]:
    """Hands of 3 to 10 players with short, unequal stacks (all-ins, side pots, split pots, mucks): in whole chips
    on one line a field, as pokerlab writes them (an array a line, seats), and in dollars and cents."""
    texts = []
    for seed in range(count):
        rng = random.Random(seed)
        n = rng.randint(3, 10)
        stacks = [rng.choice((101, 150, 230, 400, 1000, 3000)) + rng.randint(0, 99) for _ in range(n)]
        table = State(no_limit_holdem(50, 100), stacks, button=n - 1, seed=seed, auto_showdown=seed % 2 == 0)
        state = play_random_hand(table, rng)
        shape = seed % 3
        texts.append(dumps(history_from_state(state)) if shape == 1 else dataset_text(state))
        if shape == 2:
            texts[-1] = in_cents(texts[-1])
    return texts


def test_sample_every_hand_fast_and_ok() -> None:
    texts = sample_texts()
    assert all(certainly_ok(text) for text in texts)
    assert {engine_status(text) for text in texts[::25]} == {"ok"}


def test_the_bench_folder_fast_where_the_shape_is_plain() -> None:
    from pokerlab.simulate.bench.cases import BenchConfig
    from pokerlab.simulate.bench.phh_folder import write_folder

    paths = sorted(write_folder(BenchConfig.named("tiny")).glob("*.phh"))
    fast = [path for path in paths if certainly_ok(path.read_text())]
    assert {engine_status(path.read_text()) for path in fast} == {"ok"}
    assert len(fast) >= len(paths) // 2 + len(paths) // 5  # the Pluribus and the cents hands, not the other games


def test_project_phh_files_never_ok_where_the_engine_is_not() -> None:
    paths = sorted(FIXTURES.glob("*.phh")) + sorted(Path(ROOT, "tests").rglob("*.phh"))
    assert paths
    for path in paths:
        text = path.read_text()
        if certainly_ok(text):
            assert engine_status(text) == "ok", path


def test_random_hands_agree_with_the_engine_both_ways() -> None:
    texts = random_texts(400)
    verdicts = [(certainly_ok(text), engine_status(text)) for text in texts]
    assert all(fast == (status == "ok") for fast, status in verdicts), [
        text for text, (fast, status) in zip(texts, verdicts) if fast != (status == "ok")
    ][:1]
    assert sum(fast for fast, _ in verdicts) > 350  # nearly every hand is in the fast path's shape
    for shape in range(3):  # one line a field, as pokerlab writes, in cents: each taken
        assert sum(fast for fast, _ in verdicts[shape::3]) > 110
    showdowns = [text for text in texts if " sm" in text]
    assert len(showdowns) > 50 and any("sm'" in text for text in showdowns)  # mucks too


def changed_move(words: list[str], rng: random.Random) -> str:
    """A player's action with its amount, actor or verb changed, or written so that the reader or rules refuse it."""
    kind = rng.randrange(4)
    if kind == 0 and words[1] == "cbr":
        words[2] = rng.choice((words[2][:-1] + str((int(words[2][-1]) + 1) % 10), "1", "9999", words[2] + "0"))
    elif kind == 1:
        words[0] = f"p{rng.randint(1, 6)}"
    elif kind == 2:
        words[1:] = rng.choice((["f"], ["cc"], ["cbr", str(rng.randint(1, 12_000))]))
    else:
        return rng.choice(("d db ", f"{words[0]} cbr", f"{words[0]} sm ????", f"{words[0]} cc # x", "p0 f"))
    return " ".join(words)


def changed_board(actions: list[str], rng: random.Random) -> list[str]:
    """The board with a card changed, or dealt in other lots (the flop card by card, the turn and river at once)."""
    changed = list(actions)
    boards = [j for j, a in enumerate(changed) if a.startswith("d db")]
    if not boards:
        return changed
    if rng.random() < 0.5:
        j = rng.choice(boards)
        changed[j] = changed[j][:-2] + rng.choice(("2c", "7h", "As", "Td"))
    elif len(boards) == 3:
        changed[boards[1]] += changed[boards[2]][5:]
        del changed[boards[2]]
    elif len(changed[boards[0]]) == 11:
        flop = changed[boards[0]][5:]
        changed[boards[0] : boards[0] + 1] = [f"d db {flop[i : i + 2]}" for i in range(0, 6, 2)]
    return changed


def mutants(text: str, rng: random.Random) -> list[str]:
    """Copies of a hand (one line a field once joined) with one thing changed: a move, an action left out or
    repeated, the board, a recorded result."""
    fields = _fields(text)
    assert fields is not None
    quote = fields["actions"][1]
    actions = fields["actions"][2:-2].split(f"{quote}, {quote}")

    def written(changed: list[str], **more: str) -> str:
        values = {**fields, "actions": "[" + ", ".join(f"{quote}{a}{quote}" for a in changed) + "]", **more}
        return "".join(f"{name} = {value}\n" for name, value in values.items())

    out = []
    moves = [k for k, a in enumerate(actions) if a.startswith("p")]
    for _ in range(7):
        changed = list(actions)
        k = rng.choice(moves)
        kind = rng.randrange(4)
        if kind == 0:
            changed[k] = changed_move(changed[k].split(" "), rng)
        elif kind == 1:
            del changed[k]
        elif kind == 2:
            changed.insert(k, changed[k])
        else:
            changed = changed_board(changed, rng)
        out.append(written(changed))
    stacks = fields["finishing_stacks"]
    out.append(written(actions, finishing_stacks=stacks[:-2] + str((int(stacks[-2]) + 1) % 10) + "]"))
    return out


def test_mutated_hands_are_never_ok_for_the_fast_path_alone() -> None:
    rng = random.Random(5)
    texts = sample_texts()[::3] + random_texts(120)
    both = broken = 0
    for text in texts:
        for mutant in mutants(text, rng):
            status = engine_status(mutant)
            if certainly_ok(mutant):
                assert status == "ok", mutant
                both += 1
            broken += status != "ok"
    assert broken > 1000 and both > 50  # both kinds were tried


def test_hand_values_order_as_the_evaluator() -> None:
    rng = random.Random(3)
    hands = [rng.sample(range(52), 7) for _ in range(20_000)]
    hands += [list(card_numbers(text) or ()) for text in ("As2d3c4h5s9c9d", "AhKhQhJhTh2c3c", "2c2d2h2s3c3d3h")]
    ours = [hand_value(cards) for cards in hands]
    theirs = [evaluate(cards) for cards in hands]
    for k in range(1, len(hands)):
        assert (ours[k] > ours[k - 1]) - (ours[k] < ours[k - 1]) == (theirs[k] > theirs[k - 1]) - (
            theirs[k] < theirs[k - 1]
        ), (hands[k - 1], hands[k])


def test_folder_summary_is_the_engines(tmp_path: Path) -> None:
    texts = random_texts(60)
    rng = random.Random(8)
    for k, text in enumerate(texts):
        (tmp_path / f"{k:03}.phh").write_text(rng.choice(mutants(text, rng)) if k % 3 == 0 else text)
    fast = replay_tree(tmp_path).to_dict()
    engine = replay_tree(tmp_path, on_hand=lambda *_: None).to_dict()  # on_hand: every hand through the engine
    for summary in (fast, engine):
        del summary["seconds"], summary["hands_per_second"]
    assert fast == engine and fast["counts"]["ok"] < 60


def test_plain_folder_replays_without_the_engine() -> None:
    assert SAMPLE.is_dir()
    code = (
        "import sys; from pokerlab.simulate.histories import replay_tree; "
        f"summary = replay_tree({str(SAMPLE)!r}); "
        "print(summary.counts['ok'], sorted(m for m in sys.modules if m.startswith('pokerlab.simulate.game')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split(" ", 1) == ["786", "[]\n"]


def test_default_jobs_leave_a_busy_core_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerlab import threads
    from pokerlab.simulate.histories import dataset

    monkeypatch.setattr(threads, "available_cores", lambda: 2)
    loop = "print('looping', flush=True)\nwhile True: pass"
    busy = subprocess.Popen([sys.executable, "-c", loop], stdout=subprocess.PIPE, text=True)
    try:
        assert busy.stdout is not None and busy.stdout.readline() == "looping\n"
        assert dataset._idle_cores(2) == 1 and dataset._workers(0) == 1  # the other core is taken
        assert dataset._workers(2) == 2  # jobs given: as many as asked, up to the cores
    finally:
        busy.kill()
        busy.wait()


def test_replay_command_on_the_sample_and_on_a_folder_without_hands(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pokerlab.simulate.cli.main import main

    done = CliRunner().invoke(main, ["replay", str(SAMPLE), "--jobs", "1", "--json"])
    assert done.exit_code == 0 and '"ok": 786' in done.output
    (tmp_path / "notes.txt").write_text("no hands")
    empty = CliRunner().invoke(main, ["replay", str(tmp_path)])
    assert empty.exit_code == 2
    assert empty.output.strip() == f"error: {tmp_path}: no .phh or .phhs files in this folder tree"
