"""`pokerlab eval` stays light: a whole new process ranks a hand without importing numpy (or numba)."""

from __future__ import annotations

import subprocess
import sys

import pytest

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
