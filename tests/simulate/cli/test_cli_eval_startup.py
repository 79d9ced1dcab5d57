"""`pokerlab eval` stays light: a whole new process ranks a hand without importing numpy (or numba)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

# Runs the CLI as `python -m pokerlab` does, then reports which heavy packages it imported.
_WRAPPER = (
    "import sys\n"
    "from pokerlab.simulate.cli.main import main\n"
    "sys.argv = ['pokerlab', *sys.argv[1:]]\n"
    "code = 0\n"
    "try:\n"
    "    main()\n"
    "except SystemExit as exc:\n"
    "    code = exc.code\n"
    "print('imported:', sorted(m for m in ('numpy', 'numba') if m in sys.modules))\n"
    "raise SystemExit(code)\n"
)


@pytest.mark.parametrize(
    "args",
    [
        ["As Ks Qs Js Ts"],
        ["Kh 7d 5c 4s 3h 2d 2c", "--rules", "deuce-seven"],
        ["8s 7h 6d 5c 3s", "--rules", "ace-five", "--json"],
        ["Jk As Ad Ac Ah", "--rules", "bug"],
        ["2c 2d As Ks Qs", "--rules", "deuces-wild"],
        ["As2d9c9h", "--board", "3h4h5cKsKd", "--rules", "omaha-hilo"],
    ],
)
def test_eval_imports_neither_numpy_nor_numba(args):
    done = subprocess.run([sys.executable, "-c", _WRAPPER, "eval", *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "imported: []"
    assert any(line.startswith(("rank", '  "rank"')) for line in lines)  # it did answer


def test_a_bad_card_is_still_one_line_without_numpy():
    done = subprocess.run([sys.executable, "-c", _WRAPPER, "eval", "As Ks Qs Js Xx"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Xx" in done.stderr
    assert done.stdout.splitlines()[-1] == "imported: []"


@pytest.mark.parametrize(
    ("args", "heavy"),
    [
        (["AsAh", "KsKh"], "[]"),
        (["as ah", "Kd Kc", "--json"], "[]"),
        (["AsAh", "KK"], "['numpy']"),  # a range: the engine sums it from the same table (numpy, no numba)
    ],
)
def test_two_hands_before_the_flop_import_neither_numpy_nor_numba(args, heavy):
    done = subprocess.run([sys.executable, "-c", _WRAPPER, "equity", *args], capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == f"imported: {heavy}"
    assert "1,712,304" in done.stdout or "1712304" in done.stdout or "deals" in done.stdout


def test_showing_the_kernel_cache_imports_no_numba():
    done = subprocess.run([sys.executable, "-c", _WRAPPER, "cache", "--json"], capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "imported: []" and '"key": "pokerlab-' in done.stdout


# The installed console script's code (pip writes it), then which of the modules a table-answered query must not
# load it imported: numpy and numba, and the standard library's heavier modules, each worth milliseconds.
_CONSOLE_SCRIPT = (
    "import re, sys\n"
    "light = sys.argv.pop(1).split(',')\n"
    "from pokerlab.simulate.cli import run\n"
    "try:\n"
    "    run()\n"
    "except SystemExit as exc:\n"
    "    code = exc.code\n"
    "print('imported:', sorted(m for m in light if m in sys.modules))\n"
    "raise SystemExit(code)\n"
)
_LIGHT_EVAL = ("numpy", "numba", "typing", "dataclasses", "inspect", "ast", "importlib.util", "threading", "hashlib")
_LIGHT_EQUITY = ("numpy", "numba", "typing", "importlib.util", "threading")  # its 1.5 MB table: OpenSSL's hash pays


def _regular_layout(target: Path) -> Path:
    """The checkout laid out as it installs (links), for ``python -S``: no editable finder loading modules first."""
    package = target / "pokerlab"
    package.mkdir(parents=True)
    for source in [*(ROOT / "pokerlab").iterdir(), ROOT / "evaluator", ROOT / "simulate"]:
        if source.name != "__pycache__":
            (package / source.name).symlink_to(source)
    return target


@pytest.mark.parametrize(
    ("args", "light"),
    [
        (["eval", "As Ks Qs Js Ts"], _LIGHT_EVAL),
        (["eval", "As Ks Qs Js Ts", "--json"], _LIGHT_EVAL),
        (["eval", "Kh 7d 5c 4s 3h 2d 2c"], _LIGHT_EVAL),
        (["equity", "AsAh", "KsKh", "--json"], _LIGHT_EQUITY),
        (["equity", "as ah", "Kd Kc"], _LIGHT_EQUITY),
    ],
)
def test_a_table_answered_query_of_a_regular_install_loads_no_heavy_module(tmp_path, args, light):
    paths = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(_regular_layout(tmp_path)), *paths])}
    command = [sys.executable, "-S", "-c", _CONSOLE_SCRIPT, ",".join(light), *args]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "imported: []"
    assert "rank" in done.stdout or "1,712,304 boards" in done.stdout or '"boards": 1712304' in done.stdout


def _copy_with(tmp_path: Path, name: str, change) -> Path:
    """A copy of the shipped tables (links, but ``name``) where ``name``'s bytes are ``change(bytes)``."""
    folder = tmp_path / "tables"
    folder.mkdir()
    for source in (ROOT / "tables").iterdir():
        (folder / source.name).symlink_to(source)
    target = folder / f"{name}.npy"
    data = target.read_bytes()
    target.unlink()
    target.write_bytes(change(data))
    return folder


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data[:-2] + bytes([data[-2] ^ 1]) + data[-1:],  # one bit of one value flipped
        lambda data: data[:-2],  # truncated
        lambda data: data + b"\0\0",  # grown
    ],
    ids=["a bit flipped", "truncated", "grown"],
)
def test_the_tables_a_query_reads_are_checked_without_loading_openssl(tmp_path, change):
    # The light path checks the SHA-256 with the interpreter's builtin hash: it still refuses a table that differs by
    # one bit or in length, and the query's process never imports hashlib.
    folder = _copy_with(tmp_path, "rank_values", change)
    probe = (
        "import sys\n"
        "from pokerlab.evaluator import tables\n"
        "print(tables.load().view('flush_values').shape)\n"
        "try:\n"
        "    tables.load().view('rank_values')\n"
        "except tables.TableError as exc:\n"
        "    print(exc)\n"
        "print('hashlib' in sys.modules)\n"
    )
    paths = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    layout = _regular_layout(tmp_path / "layout")
    env = {**os.environ, "POKERLAB_TABLES": str(folder), "PYTHONPATH": os.pathsep.join([str(layout), *paths])}
    done = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    shape, message, openssl = done.stdout.splitlines()
    assert shape == "(8192,)"
    assert message == f"table {folder / 'rank_values.npy'} is missing or corrupt (sha256 differs from manifest.json)"
    assert openssl == "False"


def test_the_builtin_and_openssl_hashes_agree_past_the_builtins_share(monkeypatch):
    import hashlib

    from pokerlab.evaluator import tables

    monkeypatch.delitem(sys.modules, "hashlib")  # as in a command-line process: OpenSSL's hash not loaded yet
    monkeypatch.setattr(tables, "_builtin_hashed", 0)
    sizes = [0, 1, 1000, tables.BUILTIN_SHA256_BYTES // 2, tables.BUILTIN_SHA256_BYTES // 2 + 1, 3]
    for size in sizes:
        data = bytes(range(256)) * (size // 256) + bytes(size % 256)
        assert tables.sha256_hex(data) == hashlib.sha256(data).hexdigest()
    assert tables._builtin_hashed == tables.BUILTIN_SHA256_BYTES // 2 + 1001  # past its share, OpenSSL's took over
