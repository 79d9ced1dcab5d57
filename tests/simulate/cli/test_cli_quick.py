"""The quick path of the ``pokerlab`` command: the same output and exit status as the click commands,
for the queries it answers; nothing printed and None for every other, so that click answers those."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main
from pokerlab.simulate.cli.quick import answer

QUICK = [
    ["eval", "As Ks Qs Js Ts"],
    ["eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d"],
    ["eval", "kh kd kc 3s 3h", "--json"],
    ["eval", "--json", "10h 9h 8h 7h 6h 5c"],
    ["eval", "7s 5d 4c 3h 2d"],
    ["equity", "AsAh", "KsKh"],
    ["equity", "7c2d", "As Kd", "--json"],
    ["equity", "--json", "ThTd", "9s8s"],
    ["equity", "2c2d", "2h2s"],
]
CLICK = [
    [],
    ["--help"],
    ["eval"],
    ["eval", "--help"],
    ["eval", "As Ks Qs Js Ts", "--rules", "ace-five"],
    ["eval", "As Ks Qs Js Ts", "-r", "deuce-seven"],
    ["eval", "As Ks"],  # too few cards: click reports it
    ["eval", "As As Qs Js Ts"],  # a repeated card
    ["eval", "Jk As Ks Qs Js"],  # the joker is for wild-card rules
    ["equity"],
    ["equity", "AsAh"],
    ["equity", "AsAh", "KsKh", "QsQh"],
    ["equity", "AsAh", "AsKh"],  # a shared card
    ["equity", "AA", "KK"],  # ranges: the engine sums them
    ["equity", "AsAh", "KsKh", "--board", "2c3c4c"],
    ["equity", "AsAh", "KsKh", "--mc", "--seed", "1"],
    ["equity", "AsAh", "KsKh", "-t", "1"],
    ["equity", "AsAh", "Kx"],
    ["range", "AA"],
    ["verify", "5card"],
]


def _steady(text: str) -> str:
    """The output without its timing, the one thing that differs from run to run."""
    text = re.sub(r"in \d+\.\d+ s", "in S s", text)
    return re.sub(r'"seconds": [0-9.e-]+', '"seconds": S', text)


@pytest.mark.parametrize("args", QUICK, ids=" ".join)
def test_quick_answers_print_what_the_click_commands_print(args, capsys):
    status = answer(args)
    quick = capsys.readouterr()
    through_click = CliRunner().invoke(main, args)
    assert status == through_click.exit_code == 0
    assert quick.err == ""
    assert _steady(quick.out) == _steady(through_click.stdout)


@pytest.mark.parametrize("args", CLICK, ids=lambda args: " ".join(args) or "nothing")
def test_everything_else_is_left_to_click_with_nothing_printed(args, capsys):
    assert answer(args) is None
    assert capsys.readouterr() == ("", "")


def test_the_quick_path_imports_neither_click_nor_numpy_nor_numba():
    code = (
        "import sys\n"
        "from pokerlab.simulate.cli.quick import answer\n"
        "assert answer(['eval', 'As Ks Qs Js Ts', '--json']) == 0\n"
        "assert answer(['equity', 'AsAh', 'KsKh']) == 0\n"
        "print(sorted(name for name in ('click', 'numpy', 'numba') if name in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize("args", [["eval", "As Ks"], ["equity", "AsAh", "AsKh"]])
def test_bad_input_still_gets_clicks_one_line_and_exit_2(args):
    done = subprocess.run([sys.executable, "-m", "pokerlab", *args], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("error: ")


def test_a_reader_that_went_away_ends_the_command_quietly():
    child = subprocess.Popen(
        [sys.executable, "-m", "pokerlab", "equity", "AsAh", "KsKh", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the child writes: its print meets a closed pipe
    errors = child.stderr.read()
    assert child.wait(timeout=60) == 0 and errors == b""
