"""Fault injection on kept shards: every damaged, foreign or stray file is named, recomputed and never used."""

import json
import shutil
import warnings
from pathlib import Path

import numpy as np
import pytest

import pokerlab.simulate.distributed as distributed_module
from pokerlab.simulate.distributed import DistributedError, ShardStore, ShardWarning, run_shards
from pokerlab.simulate.precomputed import matchups

CLASSES = ["AA", "KK", "AKs"]


@pytest.fixture(scope="module")
def reference():
    return matchups(CLASSES, shards=3, threads=1)


def _run(work: Path, warned: list[str]):
    return matchups(CLASSES, shards=3, threads=1, work_dir=work, keep_shards=True, warn=warned.append)


def _read(path: Path) -> tuple[dict, np.ndarray]:
    with np.load(path) as data:
        return json.loads(str(data["header"])), data["counts"]


def _write(path: Path, header: dict, counts: np.ndarray) -> None:
    with path.open("wb") as f:
        np.savez(f, header=np.array(json.dumps(header)), counts=counts)


def _edit_count(folder: Path) -> str:
    path = folder / "shard-000001.npz"
    header, counts = _read(path)
    counts = counts.copy()
    counts[0, 1] += 12
    _write(path, header, counts)
    return "shard-000001.npz is corrupt"


def _zero_fill(folder: Path) -> str:
    path = folder / "shard-000001.npz"
    header, counts = _read(path)
    _write(path, header, np.zeros_like(counts))
    return "shard-000001.npz is corrupt"


def _zero_d(folder: Path) -> str:
    path = folder / "shard-000001.npz"
    header, _ = _read(path)
    _write(path, header, np.array(7, dtype=np.int64))  # would broadcast into every row
    return "shard-000001.npz is corrupt"


def _zero_d_with_a_valid_checksum(folder: Path) -> str:
    path = folder / "shard-000001.npz"
    header, _ = _read(path)
    counts = np.array(7, dtype=np.int64)
    header.update(shape=[], dtype=counts.dtype.str)
    header["sha256"] = distributed_module._digest(header, counts)
    _write(path, header, counts)
    return "shard-000001.npz is an array int64 (), not int64"


def _copy_of_another_shard(folder: Path) -> str:
    shutil.copyfile(folder / "shard-000000.npz", folder / "shard-000002.npz")
    return "shard-000002.npz is a copy of shard 0, not shard 2"


def _truncated(folder: Path) -> str:
    path = folder / "shard-000001.npz"
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    return "shard-000001.npz is unreadable"


def _empty(folder: Path) -> str:
    (folder / "shard-000001.npz").write_bytes(b"")
    return "shard-000001.npz is empty"


def _text(folder: Path) -> str:
    (folder / "shard-000001.npz").write_text("1 2 3\n4 5 6\n")
    return "shard-000001.npz is unreadable"


def _old_npy_format(folder: Path) -> str:
    _, counts = _read(folder / "shard-000001.npz")
    (folder / "shard-000001.npz").unlink()
    np.save(folder / "shard-000001.npy", counts + 12)
    return "shard-000001.npy is not a shard file of this format"


def _stray_file(folder: Path) -> str:
    (folder / "notes.txt").write_text("not a shard")
    (folder / "shard-000001.npz").unlink()
    return "notes.txt is not a shard file of this format; ignored"


def _killed_mid_write(folder: Path) -> str:
    data = (folder / "shard-000001.npz").read_bytes()
    (folder / "shard-000001.npz").unlink()
    (folder / ".tmp-shard-000001-x1y2z3").write_bytes(data[: len(data) // 3])
    return ".tmp-shard-000001-x1y2z3 is an unfinished write"


def _another_version(folder: Path) -> str:
    path = folder / "shard-000001.npz"
    header, counts = _read(path)
    header["code"] = {**header["code"], "tables": "0" * 64}
    header["sha256"] = distributed_module._digest(header, counts)
    _write(path, header, counts)
    return "shard-000001.npz is computed by another version"


def _another_plan(folder: Path) -> str:
    path = folder / "shard-000001.npz"
    header, counts = _read(path)
    header["plan"] = {**header["plan"], "classes": ["AA", "KK"]}
    header["sha256"] = distributed_module._digest(header, counts)
    _write(path, header, counts)
    return "shard-000001.npz is of another job plan"


FAULTS = [
    _edit_count,
    _zero_fill,
    _zero_d,
    _zero_d_with_a_valid_checksum,
    _copy_of_another_shard,
    _truncated,
    _empty,
    _text,
    _old_npy_format,
    _stray_file,
    _killed_mid_write,
    _another_version,
    _another_plan,
]


@pytest.mark.parametrize("fault", FAULTS, ids=[f.__name__.strip("_") for f in FAULTS])
def test_a_bad_shard_is_named_and_recomputed(tmp_path, reference, fault):
    warned: list[str] = []
    first = _run(tmp_path, warned)
    assert first.rows == reference.rows and first.resumed == 0 and not warned
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert sorted(p.name for p in folder.glob("shard-*")) == [f"shard-00000{i}.npz" for i in range(3)]

    words = fault(folder)
    again = _run(tmp_path, warned)
    assert again.rows == reference.rows  # exactly right: the bad file was not used
    assert again.resumed == 2
    assert len(warned) == 1 and words in warned[0], warned
    assert "\n" not in warned[0]

    # The recomputed shard is now valid: a third run resumes all three and warns only about a stray file.
    warned.clear()
    third = _run(tmp_path, warned)
    assert third.rows == reference.rows and third.resumed == 3
    assert all("notes.txt" in w for w in warned)
    assert not list(folder.glob(".tmp-*")) and not list(folder.glob("*.npy"))


def test_warnings_go_through_the_warnings_module_by_default(tmp_path, reference):
    _run(tmp_path, [])
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    (folder / "shard-000000.npz").write_bytes(b"")
    with pytest.warns(ShardWarning, match="shard-000000.npz is empty"):
        table = matchups(CLASSES, shards=3, threads=1, work_dir=tmp_path)
    assert table.rows == reference.rows
    assert not folder.exists()  # cleared once complete


def test_a_plan_with_another_shard_count_does_not_reuse_shards(tmp_path):
    store = ShardStore(tmp_path / "job", {"job": "rows"}, count=3, shape=(2,), dtype=np.int64)
    store.save(0, np.array([1, 2]))
    warned: list[str] = []
    other = ShardStore(tmp_path / "job", {"job": "rows"}, shape=(2,), dtype=np.int64, warn=warned.append)
    assert other.load(4) == {}
    assert len(warned) == 1 and "of a plan of 3 shards, not 4" in warned[0]


def _row(i: int) -> np.ndarray:
    return np.array([i, i * i], dtype=np.int64)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (ValueError("a cancelled future"), "ValueError"),
        (np.array(5, dtype=np.int64), "not int64 (2,)"),
        (np.array([1, 2, 3], dtype=np.int64), "not int64 (2,)"),
        (np.array([1.0, 2.0]), "float64"),
        (np.array(["a", "b"]), "not a numeric numpy array"),
        ([1, 2], "not a numeric numpy array"),
    ],
)
def test_a_result_that_is_not_the_expected_array_is_never_written(tmp_path, bad, words):
    store = ShardStore(tmp_path / "job", {"job": "rows"}, shape=(2,), dtype=np.int64)

    def shard(i):
        return bad if i == 1 else _row(i)

    with pytest.raises(DistributedError, match="shard 1 returned") as info:
        run_shards(shard, [(i,) for i in range(3)], threads=1, store=store)
    assert words in str(info.value)
    assert sorted(p.name for p in store.folder.iterdir()) == ["plan.json", "shard-000000.npz"]


def test_a_kill_during_a_write_leaves_no_file_that_is_trusted(tmp_path, monkeypatch):
    store = ShardStore(tmp_path / "job", {"job": "rows"}, count=3, shape=(2,), dtype=np.int64)
    store.save(0, _row(0))

    def killed(*args, **kwargs):
        raise KeyboardInterrupt  # as if the process died between writing and renaming

    monkeypatch.setattr(distributed_module.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        store.save(1, _row(1))
    monkeypatch.undo()
    assert sorted(p.name for p in store.folder.iterdir()) == ["plan.json", "shard-000000.npz"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        results = run_shards(_row, [(i,) for i in range(3)], threads=1, store=store)
    assert [r.tolist() for r in results] == [[i, i * i] for i in range(3)]
    assert store.resumed == 1


def test_an_unreadable_plan_file_is_rewritten_and_another_plan_refused(tmp_path):
    (tmp_path / "job").mkdir()
    (tmp_path / "job" / "plan.json").write_text('{"job": ')
    warned: list[str] = []
    ShardStore(tmp_path / "job", {"job": "rows"}, warn=warned.append)
    assert len(warned) == 1 and "plan.json is unreadable" in warned[0]
    assert json.loads((tmp_path / "job" / "plan.json").read_text()) == {"job": "rows"}
    with pytest.raises(DistributedError, match="another job"):
        ShardStore(tmp_path / "job", {"job": "other"})


@pytest.mark.parametrize("damage", ["truncate", "empty", "text", "stray"])
def test_the_cli_names_a_bad_shard_in_one_line_and_recomputes_it(tmp_path, reference, damage):
    from click.testing import CliRunner

    from pokerlab.simulate.cli.main import main

    args = ["table", "matchups", "--classes", "AA,KK,AKs", "--shards", "3", "--threads", "1"]
    args += ["--work-dir", str(tmp_path), "--keep-shards", "--format", "csv"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    path = folder / "shard-000002.npz"
    if damage == "truncate":
        path.write_bytes(path.read_bytes()[:100])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "text":
        path.write_text("wins,ties\n1,2\n")
    else:
        path.rename(folder / "shard-2.npz")
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 0, again.output
    assert again.stdout == first.stdout == reference.to_csv()
    warned = [line for line in again.stderr.splitlines() if line.startswith("warning:")]
    name = "shard-2.npz" if damage == "stray" else "shard-000002.npz"
    assert len(warned) == 1 and name in warned[0], again.stderr
    assert "2 resumed" in again.stderr


def test_a_folder_in_place_of_a_shard_is_moved_aside_and_the_resume_completes(tmp_path, reference):
    _run(tmp_path, [])
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    shard = folder / "shard-000001.npz"
    shard.unlink()
    shard.mkdir()
    (shard / "user-file.txt").write_text("kept")
    warned: list[str] = []
    again = _run(tmp_path, warned)
    assert again.rows == reference.rows and again.resumed == 2
    assert len(warned) == 1 and "(a folder); moved to shard-000001.npz.not-a-shard-" in warned[0], warned
    (aside,) = folder.glob("shard-000001.npz.not-a-shard-*")
    assert (aside / "user-file.txt").read_text() == "kept"
