"""The compiled Malmuth-Harville programme: against exact fractions over every finishing order and against the
numpy programme, stacks of every scale; the field's rows each as alone; which programme values which field, and
when the kernel is loaded."""

from __future__ import annotations

import importlib
import math
import os
import pty
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from test_icm import close_to, harville_by_orders, spread_fields  # the exact fractions, beside this file

from pokerlab.simulate.tournament import TournamentError, icm
from pokerlab.simulate.tournament.icm import (
    EXACT_PLAYERS,
    MAX_SPAN,
    harville_compiled,
    harville_compiled_rows,
    harville_exact,
)
from pokerlab.simulate.tournament.icm_kernels import BRANCHY_PLAYERS, harville_checked

icm_module = importlib.import_module("pokerlab.simulate.tournament.icm")


@pytest.mark.parametrize("seed", range(3))
def test_the_kernel_is_exact_to_a_billionth_of_the_pool_whatever_the_stacks(seed):
    """Exact rational arithmetic over every finishing order; stacks from 1e-300 to 1e300, ratios past 2**53."""
    for stacks, payouts in spread_fields(20 + seed, 30, players=None):
        expected, pool = harville_by_orders(stacks, payouts), sum(payouts)
        s, pay = np.array(stacks), np.array(payouts)
        assert close_to(harville_compiled(s, pay), expected, pool), (stacks, payouts)
        assert close_to(icm(stacks, payouts).equities, expected, pool), (stacks, payouts)
        assert close_to(icm([repr(x) for x in stacks], payouts).equities, expected, pool), (stacks, payouts)


def test_a_larger_field_is_exact_against_fractions():
    for stacks, payouts in spread_fields(6, 4, 6):
        got = harville_compiled(np.array(stacks), np.array(payouts))
        assert close_to(got, harville_by_orders(stacks, payouts), sum(payouts)), (stacks, payouts)


@pytest.mark.parametrize("players", [1, 2, 5, BRANCHY_PLAYERS, BRANCHY_PLAYERS + 1, 16, EXACT_PLAYERS])
def test_the_kernel_agrees_with_the_numpy_programme(players):
    """Both ways of visiting the players outside a set (small fields try each, large ones visit the free bits)."""
    rng = np.random.default_rng(players)
    for paid in sorted({1, min(2, players), (players + 1) // 2, players}):
        stacks = rng.uniform(1, 10, players) * 10.0 ** rng.integers(-5, 6, players)
        payouts = np.sort(rng.uniform(0, 100, paid))[::-1]
        got, expected = harville_compiled(stacks, payouts), harville_exact(stacks, payouts)
        assert close_to(got, expected, 1e-3 * payouts.sum()), (players, paid)  # a millionth of a billionth
        assert math.fsum(got.tolist()) == pytest.approx(payouts.sum(), rel=1e-12)


@pytest.mark.parametrize("players", [2, 3, 5, 9])
def test_fields_computed_together_are_each_the_field_alone_to_the_bit(players):
    fields = spread_fields(100 + players, 40, players)
    rows = np.array([stacks for stacks, _ in fields])
    payouts = np.array(fields[1][1])  # every place paid
    together = harville_compiled_rows(rows, payouts)
    for row, stacks in zip(together.tolist(), rows):
        assert row == harville_compiled(stacks, payouts).tolist()


def test_a_plain_field_is_valued_as_its_text_is():
    """Numbers go straight to the checked kernel; text is checked here first: the same kernel values both."""
    stacks, payouts = [5000, 3000.5, 2000, 1e-3, 7e12], [50, 30, 20]
    plain = icm(stacks, payouts)
    assert icm([str(x) for x in stacks], [str(x) for x in payouts]).equities == plain.equities
    assert icm(np.array(stacks), np.array(payouts, dtype=np.float32)).equities == plain.equities
    assert icm(tuple(stacks), payouts, method="exact").equities == plain.equities


@pytest.mark.parametrize(
    ("stacks", "payouts"),
    [
        ([1.0], [1.0]),
        ([2.0**1000, 2.0**-1000], [2, 1]),  # 2**2000 apart: taken by the checks, past the kernel's own
        ([1.0, 1.0], [2.0**1022, 2.0**1021]),  # near the largest pool: the checks sum them exactly
        ([1.0, 2.0, 3.0], [5.0, 0.0, -0.0]),
        (np.arange(1.0, 21.0)[::2], [3.0, 2.0]),  # not contiguous
    ],
)
def test_fields_at_the_edges_are_valued_whichever_call_takes_them(stacks, payouts):
    result = icm(stacks, payouts)
    expected = harville_exact(np.array(stacks, dtype=float), np.array(payouts, dtype=float))
    assert close_to(result.equities, expected.tolist(), sum(payouts))
    assert result.method == "exact" and all(math.isfinite(x) for x in result.equities)


@pytest.mark.parametrize(
    ("stacks", "payouts"),
    [
        ([], [1.0]),
        ([1.0] * (EXACT_PLAYERS + 1), [1.0]),
        ([1.0, 0.0], [1.0]),
        ([1.0, -2.0], [1.0]),
        ([1.0, math.nan], [1.0]),
        ([1.0, math.inf], [1.0]),
        ([2.0**1000, 2.0**-999], [1.0]),
        ([1.0, 2.0], []),
        ([1.0, 2.0], [3.0, 2.0, 1.0]),
        ([1.0, 2.0], [1.0, 2.0]),
        ([1.0, 2.0], [0.0, 0.0]),
        ([1.0, 2.0], [1.0, -1.0]),
        ([1.0, 2.0], [1.0, math.nan]),
        ([1.0, 2.0], [math.inf, 1.0]),
        ([1.0, 2.0], [1e308, 1e308]),
    ],
)
def test_the_checked_kernel_leaves_every_questionable_field_to_the_checks(stacks, payouts):
    out = np.zeros(max(1, len(stacks)))
    assert harville_checked(np.array(stacks, dtype=float), np.array(payouts, dtype=float), out) == 1
    assert not out.any()  # nothing valued


def test_stacks_2_to_the_max_span_apart_are_the_limit():
    low = 2.0**-1000
    assert icm([2.0**1000, low], [1]).equities == pytest.approx([1.0, 0.0])
    with pytest.raises(TournamentError, match=f"more than 2\\*\\*{MAX_SPAN} times"):
        icm([2.0**1000, low / 2], [1])


def test_which_programme_values_which_field(monkeypatch):
    """The kernel loaded: Harville of at most EXACT_PLAYERS players, numbers or text, by the kernel, never the
    numpy programme; Weitzman and larger Harville fields: numpy."""

    def refuse(*args):
        raise AssertionError("the numpy programme was called")

    monkeypatch.setattr(icm_module, "kernel_start_seconds", lambda: 0.0)
    monkeypatch.setattr(icm_module, "harville_exact", refuse)
    monkeypatch.setattr(icm_module, "harville_rows", refuse)
    for stacks in ([5000, 3000, 2000], ["5000", "3000", "2000"], list(range(1, EXACT_PLAYERS + 1))):
        assert icm(stacks, [50, 30, 20]).method == "exact"
    called = []
    monkeypatch.setattr(icm_module, "harville_sparse", lambda s, pay: called.append("sparse") or np.ones(len(s)))
    monkeypatch.setattr(icm_module, "weitzman_exact", lambda s, pay: called.append("weitzman") or np.ones(len(s)))
    icm(list(range(1, EXACT_PLAYERS + 2)), [50, 30, 20])
    icm([5000, 3000, 2000], [50, 30, 20], model="weitzman")
    assert called == ["sparse", "weitzman"]


@pytest.mark.parametrize("start", [icm_module.NUMBA_START_SECONDS, icm_module.KERNEL_LOAD_SECONDS])
def test_numpy_values_fields_until_the_kernel_would_have_paid_for_its_load(monkeypatch, start):
    """Numpy while its estimated time in the process, the field's included, stays within what loading the kernel
    costs; the kernel from the first field past it on, and the text and plain fast paths alike."""
    monkeypatch.setattr(icm_module, "_numpy_seconds_spent", [0.0])
    loaded = []
    monkeypatch.setattr(icm_module, "kernel_start_seconds", lambda: 0.0 if loaded else start)
    real_compiled, real_plain = icm_module.harville_compiled, icm_module._plain_field
    monkeypatch.setattr(icm_module, "harville_compiled", lambda s, p: loaded.append(1) or real_compiled(s, p))
    monkeypatch.setattr(icm_module, "_plain_field", lambda s, p: loaded.append(1) or real_plain(s, p))
    numpy_calls = []
    real_exact = icm_module.harville_exact
    monkeypatch.setattr(icm_module, "harville_exact", lambda s, p: numpy_calls.append(1) or real_exact(s, p))
    stacks, payouts = [float(1000 + 37 * i) for i in range(16)], [50.0, 30.0, 20.0, 10.0]
    cost = icm_module.numpy_seconds(len(stacks), len(payouts))
    expected_numpy = int(start // cost)
    assert expected_numpy >= 1  # a one-off field of this size never waits for the kernel
    answers = [icm(stacks if k % 2 else [str(x) for x in stacks], payouts) for k in range(expected_numpy + 3)]
    assert len(numpy_calls) == expected_numpy and loaded
    assert all(close_to(a.equities, answers[0].equities, 1e-3 * sum(payouts)) for a in answers)  # 1e-12 of it
    assert icm_module._numpy_seconds_spent[0] <= start


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("kernel", [True, False])
def test_either_programme_chosen_is_exact_to_a_billionth_of_the_pool(monkeypatch, seed, kernel):
    """Stacks from 1e-300 to 1e300, ratios past 2**53: the answer does not depend on which programme took it."""
    monkeypatch.setattr(icm_module, "_numpy_seconds_spent", [0.0])
    monkeypatch.setattr(icm_module, "kernel_start_seconds", lambda: 0.0 if kernel else math.inf)
    for stacks, payouts in spread_fields(40 + seed, 20, players=None):
        expected, pool = harville_by_orders(stacks, payouts), sum(payouts)
        assert close_to(icm(stacks, payouts).equities, expected, pool), (stacks, payouts)
        assert close_to(icm([repr(x) for x in stacks], payouts).equities, expected, pool), (stacks, payouts)


def test_the_final_table_solver_values_its_stacks_with_the_kernel(monkeypatch):
    pushfold = importlib.import_module("pokerlab.simulate.tournament.pushfold_icm")
    calls = []
    real = pushfold.harville_compiled_rows
    monkeypatch.setattr(pushfold, "harville_compiled_rows", lambda s, pay: calls.append(s.shape) or real(s, pay))
    finals = np.array([[0.0, 3.0, 1.0], [2.0, 2.0, 2.0]])
    values = pushfold.icm_after_rows(finals, np.full(3, 2.0), np.array([5.0, 3.0, 2.0]))
    assert values.round(2).tolist() == [[2.0, 4.5, 3.5], [3.33, 3.33, 3.33]] and len(calls) == 2


_EXPONENTS = st.integers(-300, 300)
_FIELDS = st.lists(st.tuples(st.floats(1, 10), _EXPONENTS), min_size=1, max_size=5)  # 120 orders at most


@settings(derandomize=True, max_examples=60, deadline=None)
@given(_FIELDS, st.lists(st.floats(0, 100), min_size=1, max_size=5), st.data())
def test_any_field_is_exact_and_shares_the_whole_pool(field, prizes, data):
    stacks = [mantissa * 10.0**exponent for mantissa, exponent in field]
    payouts = sorted(prizes[: len(stacks)], reverse=True)
    payouts[0] += 1.0
    got = icm(stacks, payouts).equities
    assert close_to(got, harville_by_orders(stacks, payouts), sum(payouts)), (stacks, payouts)
    assert math.fsum(got) == pytest.approx(sum(payouts), rel=1e-12)
    ranked = sorted(range(len(stacks)), key=lambda i: stacks[i])  # more chips, more money
    assert all(got[a] <= got[b] + 1e-9 * sum(payouts) for a, b in zip(ranked, ranked[1:]))
    twice = data.draw(st.sampled_from([0.5, 2.0, 2.0**-20, 2.0**20]))  # no digit changes with the unit
    assert icm([twice * x for x in stacks], payouts).equities == pytest.approx(got, abs=1e-12 * sum(payouts))


def test_the_command_says_it_compiles_on_a_terminal_before_the_first_answer(tmp_path):
    """An empty kernel cache: ``pokerlab pushfold icm`` (its tables valued by the kernel) on a terminal names
    the compile (it is not frozen), then answers."""
    terminal, stderr = pty.openpty()
    env = {**os.environ, "POKERLAB_CACHE_DIR": str(tmp_path)}
    spot = ["5000", "3000", "2000", "--payouts", "50,30,20", "--blinds", "100,200", "--deals", "200", "--seed", "1"]
    args = [sys.executable, "-m", "pokerlab.simulate.cli", "pushfold", "icm", *spot, "--iterations", "5"]
    try:
        done = subprocess.run(args, stdout=subprocess.PIPE, stderr=stderr, env=env, text=True, timeout=300)
    finally:
        os.close(stderr)
    try:
        said = os.read(terminal, 4096).decode()
    except OSError:  # nothing was written to the terminal
        said = ""
    os.close(terminal)
    assert done.returncode == 0 and "range" in done.stdout
    assert said.startswith("pokerlab: compiling ") and "for first use" in said, said


def test_the_programme_refuses_more_players_than_it_holds():
    for call in (lambda s: harville_compiled(s[0], np.ones(1)), lambda s: harville_compiled_rows(s, np.ones(1))):
        with pytest.raises(TournamentError, match=f"{EXACT_PLAYERS + 1} players: the exact programme takes at most"):
            call(np.ones((1, EXACT_PLAYERS + 1)))


def test_a_heads_up_final_table_imports_no_numba():
    """Heads up the solver values its stacks in numpy: nothing else in it compiles (larger tables rank showdowns
    with the compiled evaluator, and value their stacks with the kernel)."""
    code = "import sys, pokerlab; pokerlab.pushfold_icm([1000, 1000], [1], (50, 100), iterations=5); "
    code += "print('numba' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "False", done.stderr
