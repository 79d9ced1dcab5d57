"""Shipped tables: manifest checks, size, load time, and a rebuild that must match."""

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from pokerlab.evaluator import tables


def test_manifest_lists_every_file_with_matching_hash():
    folder = Path(tables.tables_dir())
    manifest = json.loads((folder / tables.MANIFEST).read_text())
    files = {p.name for p in folder.glob("*.npy")}
    # simulate's precomputed tables (preflop_headsup.npy) carry their own metadata file, naming them.
    own = {json.loads(p.read_text()).get("file") for p in folder.glob("*.json") if p.name != tables.MANIFEST}
    assert files - own == {entry["file"] for entry in manifest["tables"].values()}
    loaded = tables.load()
    assert set(loaded) == set(manifest["tables"])


def test_high_hand_tables_are_at_most_about_one_megabyte():
    loaded = tables.load()
    assert sum(loaded[name].nbytes for name in tables.HIGH_TABLES) < 1_100_000
    # with lowball, wild cards, the short deck and badugi (541 KB: one value per four-card set)
    assert sum(a.nbytes for a in loaded.values()) < 3_000_000


def test_corrupt_table_is_refused(tmp_path):
    shutil.copytree(tables.tables_dir(), tmp_path / "t")
    path = tmp_path / "t" / "flush_values.npy"
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(tables.TableError, match="flush_values"):
        tables.load(tmp_path / "t", lazy=False)
    lazy = tables.load(tmp_path / "t")
    assert lazy["rank_values"].size  # an intact table still reads
    with pytest.raises(tables.TableError, match="flush_values"):
        lazy["flush_values"]


def test_missing_table_is_refused(tmp_path):
    shutil.copytree(tables.tables_dir(), tmp_path / "t")
    (tmp_path / "t" / "rank_values.npy").unlink()
    with pytest.raises(tables.TableError, match="rank_values"):
        tables.load(tmp_path / "t", lazy=False)


def test_tables_load_quickly_in_a_fresh_process():
    code = (
        "import time; t = time.perf_counter(); from pokerlab.evaluator import tables; tables.load(); "
        "print(time.perf_counter() - t)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # Generous bound (shared CI machine); typical is a few ms.
    assert float(out.stdout) < 1.0


@pytest.mark.slow
def test_rebuild_matches_shipped_tables(tmp_path):
    """Regenerate every table from the rules and compare with what ships."""
    from pokerlab.evaluator.table_build import build_tables

    start = time.perf_counter()
    built = build_tables()
    assert tables.compare(built, tables.load()) == []
    tables.write(built, tmp_path)
    again = tables.load(tmp_path)
    assert all(np.array_equal(again[k], built[k]) for k in built)
    assert time.perf_counter() - start < 300


def test_rank_keys_are_unique_for_all_multisets():
    from pokerlab.evaluator.table_build import rank_multisets

    keys = [int(k) & tables.RANK_KEY_MASK for k in tables.load()["card_keys"][::4]]
    sums = {sum(n * k for n, k in zip(m, keys)) & tables.RANK_KEY_MASK for m in rank_multisets()}
    assert len(sums) == len(rank_multisets())


def _broken_copy(tmp_path, manifest_text=None, drop=None):
    import shutil
    from pathlib import Path

    source = Path(__file__).resolve().parents[2] / "tables"
    folder = tmp_path / "tables"
    shutil.copytree(source, folder)
    if manifest_text is not None:
        (folder / "manifest.json").write_text(manifest_text)
    if drop is not None:
        (folder / drop).unlink()
    return folder


def _pokerlab(folder, *args):
    import os
    import subprocess
    import sys

    env = dict(os.environ, POKERLAB_TABLES=str(folder))
    code = "import sys; from pokerlab.simulate.cli.main import main; sys.argv = ['pokerlab', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    "manifest, message",
    [
        ("{}", "not a table manifest"),
        ("[]", "not a table manifest"),
        ('{"tables": {}}', "lists no table 'card_keys'"),
        ('{"tables": {"card_keys": {"file": "../x.npy", "dtype": "u8", "shape": [52], "sha256": "0"}}}', "malformed"),
        ("garbage{", "cannot read"),
        ("[" * 5000, "cannot read"),
    ],
)
def test_a_broken_manifest_is_one_line_naming_it(tmp_path, manifest, message):
    folder = _broken_copy(tmp_path, manifest)
    with pytest.raises(tables.TableError, match=message):
        tables.load(folder)
    result = _pokerlab(folder, "eval", "As Ks Qs Js Ts")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "manifest.json" in result.stderr and message in result.stderr


@pytest.mark.parametrize(
    "command",
    [["verify", "5card"], ["equity", "AhKh", "QQ", "--board", "Qh7h2c"], ["eval", "As Ks Qs Js Ts"]],
)
def test_every_command_reports_a_broken_install_in_one_line(tmp_path, command):
    result = _pokerlab(_broken_copy(tmp_path, "{}"), *command)
    assert result.returncode == 2 and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_a_heads_up_query_reads_only_its_own_checked_table(tmp_path):
    """Two known hands preflop are answered from the heads-up table, checked against its own sha256: a broken
    evaluator manifest does not touch it, a tampered heads-up table is refused in one line."""
    folder = _broken_copy(tmp_path, "{}")
    result = _pokerlab(folder, "equity", "AsAh", "KsKh", "--json")
    assert result.returncode == 0, result.stderr
    assert round(json.loads(result.stdout)["players"][0]["equity"], 5) == 0.82637
    table = folder / "preflop_headsup.npy"
    data = bytearray(table.read_bytes())
    data[-1] ^= 1
    table.write_bytes(bytes(data))
    result = _pokerlab(folder, "equity", "AsAh", "KsKh")
    assert result.returncode == 2 and "sha256" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "text, message", [(None, "is missing"), ("{", "cannot be read as JSON"), ('{"hands": 3}', "not a preflop table")]
)
def test_a_broken_preflop_table_names_its_file(tmp_path, text, message):
    folder = _broken_copy(tmp_path, drop="preflop_vs_random.json")
    if text is not None:
        (folder / "preflop_vs_random.json").write_text(text)
    result = _pokerlab(folder, "equity", "AA", "random")
    assert result.returncode == 2
    assert "preflop_vs_random.json" in result.stderr and message in result.stderr and result.stderr.count("\n") == 1


def test_views_hold_the_same_values_as_the_arrays():
    loaded = tables.load()
    for name in loaded:
        view, array = loaded.view(name), loaded[name]
        assert view.readonly and not array.flags.writeable
        assert view.shape == array.shape and np.dtype(view.format) == array.dtype
        assert view.tolist() == array.tolist()
    assert np.shares_memory(np.asarray(loaded.view("rank_values")), loaded["rank_values"])  # one copy in memory


def test_reading_the_tables_does_not_import_numpy():
    code = (
        "import sys; from pokerlab.evaluator.tables import load; t = load(lazy=False); "
        "print(t.view('flush_values')[0x1F00], 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300)
    # pokerlab.evaluator's __init__ runs first (it imports the API): still no numpy.
    assert out.stdout.split() == [str(tables.load()["flush_values"][0x1F00]), "False"]


def _rewritten(tmp_path, name, data, **entry):
    """A copy of the tables where ``name`` holds ``data``, listed in the manifest with its true sha256."""
    import hashlib

    folder = _broken_copy(tmp_path)
    path = folder / f"{name}.npy"
    path.write_bytes(data)
    manifest = json.loads((folder / tables.MANIFEST).read_text())
    manifest["tables"][name].update(sha256=hashlib.sha256(data).hexdigest(), **entry)
    (folder / tables.MANIFEST).write_text(json.dumps(manifest))
    return folder


def _npy(array, fortran=False):
    import io

    buffer = io.BytesIO()
    np.save(buffer, np.asfortranarray(array) if fortran else array)
    return buffer.getvalue()


@pytest.mark.parametrize(
    "name, data, entry, message",
    [
        # A table whose header disagrees with the manifest, though its checksum is right: refused, never reinterpreted.
        ("flush_values", _npy(np.zeros(8192, dtype=np.uint32)), {}, "has header"),
        ("flush_values", _npy(np.zeros(4096, dtype=np.uint16)), {}, "has header"),
        ("class_ranks", _npy(np.zeros((7462, 5), dtype=np.uint8), fortran=True), {}, "has header"),
        ("flush_values", _npy(np.zeros(8192, dtype=np.float16)), {"dtype": "float16"}, "not a table's"),
        ("flush_values", b"not a numpy file at all", {}, "not a .npy file"),
        ("flush_values", _npy(np.zeros(8192, dtype=np.uint16))[:-2], {}, "data bytes"),
        ("flush_values", _npy(np.zeros(8192, dtype=np.uint16)).replace(b"'descr'", b"descr()", 1), {}, "not a Python"),
        ("flush_values", _npy(np.zeros(0, dtype=np.uint16)), {"shape": [0]}, "cannot be read"),
    ],
    ids=["dtype", "shape", "fortran", "manifest-dtype", "magic", "truncated", "header-syntax", "empty"],
)
def test_a_table_file_unlike_its_manifest_entry_is_refused(tmp_path, name, data, entry, message):
    folder = _rewritten(tmp_path, name, data, **entry)
    with pytest.raises(tables.TableError, match=message) as caught:
        tables.load(folder)[name]
    assert name in str(caught.value)
    with pytest.raises(tables.TableError, match=message):
        tables.load(folder).view(name)


def test_a_wrong_table_reaches_the_command_line_as_one_line(tmp_path):
    folder = _rewritten(tmp_path, "rank_values", _npy(np.zeros(81791, dtype=np.uint32)))
    result = _pokerlab(folder, "eval", "As Ks Qs Js Ts")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "rank_values.npy has header" in result.stderr


def test_a_broken_omaha_table_only_stops_omaha(tmp_path):
    """The Omaha kernel reads its tables on its first hand: other commands never read them, nor fail on them."""
    folder = _broken_copy(tmp_path)
    (folder / "omaha_high.npy").write_bytes(b"broken")
    assert _pokerlab(folder, "eval", "As Ks Qs Js Ts").returncode == 0
    result = _pokerlab(folder, "eval", "--rules", "omaha", "AsKsQdJd", "--board", "Ts9s2c")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "omaha_high.npy is missing or corrupt" in result.stderr


def test_hand_class_values_are_sorted():
    """class_ranks finds a rank's class by binary search in class_values."""
    values = tables.load()["class_values"]
    assert (np.diff(values.astype(np.int64)) > 0).all()
