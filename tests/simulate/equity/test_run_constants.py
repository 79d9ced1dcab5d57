"""The run constants each defined in one place (seeds, block sizes, the core count), the pot statistics shared by
Omaha, stud and short deck without Omaha's kernels, numba loaded only by a computation, and seeded answers pinned.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab.simulate import kernel_warm
from pokerlab.simulate.equity import equity

ROOT = Path(__file__).resolve().parents[3]
SOURCES = sorted(path for folder in ("pokerlab", "evaluator", "simulate") for path in (ROOT / folder).rglob("*.py"))


def _trees() -> dict[str, ast.Module]:
    return {path.relative_to(ROOT).as_posix(): ast.parse(path.read_text(), str(path)) for path in SOURCES}


TREES = _trees()


def _assigned_at_module_level(name: str) -> list[str]:
    found = []
    for where, tree in TREES.items():
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AnnAssign):
                targets = [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                found.append(where)
    return found


def _files_with(found) -> list[str]:  # type: ignore[no-untyped-def]
    """The source files (relative to the checkout) holding a node for which ``found(node)`` is true."""
    return [where for where, tree in TREES.items() if any(found(node) for node in ast.walk(tree))]


def _defining(name: str) -> list[str]:
    return _files_with(lambda node: isinstance(node, ast.FunctionDef) and node.name == name)


def _calling_os(attribute: str) -> list[str]:
    def os_attribute(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == attribute and getattr(node.value, "id", "") == "os"

    return _files_with(os_attribute)


@pytest.mark.parametrize(
    ("name", "home"),
    [
        ("MAX_SEED", "simulate/equity/options.py"),
        ("BLOCK_TRIALS", "simulate/equity/sampling.py"),
        ("LARGE_BLOCK_TRIALS", "simulate/equity/sampling.py"),
    ],
)
def test_each_run_constant_is_defined_once(name, home):
    assert _assigned_at_module_level(name) == [home]


def test_one_fresh_seed():
    assert _defining("fresh_seed") == ["simulate/equity/options.py"]
    assert _calling_os("urandom") == ["simulate/equity/options.py"]


def test_one_core_count():
    assert _calling_os("sched_getaffinity") == ["pokerlab/threads.py"]
    # A benchmark report also shows the machine's own core count, beside the cores the run may use.
    assert _calling_os("cpu_count") == ["pokerlab/threads.py", "simulate/bench/machine.py"]


def test_cache_warm_runs_one_process_per_core_it_may_use(monkeypatch):
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setattr("os.cpu_count", lambda: 64)
    assert kernel_warm.processes_at_once() == 1
    assert kernel_warm.processes_at_once(3) == 3
    assert kernel_warm.processes_at_once(10**6) == len(kernel_warm.STEPS)


def _run(code: str) -> list:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_stud_and_short_deck_do_without_omahas_kernels():
    loaded = _run(
        "import json, sys\n"
        "from pokerlab.simulate.equity import equity\n"
        "equity(['AsAh Kd 7c', 'QcQd 9h 9s'], game='stud-hilo', method='mc', trials=2_000, seed=1)\n"
        "equity(['AsAh Kd 7c 2s 3h', 'QcQd 9h 9c 4d 5s'], game='razz', method='exact')\n"
        "equity(['AsKs', 'random'], game='short-deck', method='mc', trials=2_000, seed=1)\n"
        "equity(['AsAh', 'KsKh'], board='Ts9s8d', game='short-deck', method='exact')\n"
        "kernels = ('omaha_kernels', 'pot_stats_kernels')\n"
        "print(json.dumps(sorted(name for name in sys.modules if name.endswith(kernels))))\n"
    )
    assert loaded == ["pokerlab.simulate.equity.pot_stats_kernels"]  # no Omaha kernels, the evaluator's nor equity's


def test_a_refused_call_and_a_drawn_seed_load_no_numba():
    loaded = _run(
        "import json, sys\n"
        "from pokerlab.simulate.cli._common import resolve_seed\n"
        "resolve_seed(None)\n"
        "numpy_with_the_seed = 'numpy' in sys.modules\n"
        "from pokerlab.simulate.equity import equity\n"
        "for game, players in [('omaha', ['AsAhKsKh', 'AsQdJdTd']), ('stud', ['AsAh', 'AsKd']),\n"
        "                      ('short-deck', ['AsAh', 'AsKd']), ('holdem', ['AsAh', 'AsKd'])]:\n"
        "    try:\n"
        "        equity(players, game=game, method='mc', trials=1_000, seed=1)\n"
        "    except ValueError:\n"
        "        pass\n"
        "    else:\n"
        "        raise SystemExit(game + ': not refused')\n"
        "print(json.dumps([numpy_with_the_seed, 'numba' in sys.modules]))\n"
    )
    assert loaded == [False, False]


# Seeded Monte Carlo answers (each player's equity times the deals): a run's deals follow its block size and its
# seeding, so a change to either shows here. 40,000 deals span blocks of both sizes.
PINNED = [
    (dict(players=["AsKs", "QQ"], trials=40_000, seed=1), [18252.0, 21748.0]),
    (dict(players=["AsAh", "random", "random"], board="Qs7h2c", trials=70_001, seed=2), [55048.0, 7445.0, 7508.0]),
    (dict(players=["AsAhKsKh", "QdQcJdJc"], game="omaha", trials=40_000, seed=1), [25471.0, 14529.0]),
    (dict(players=["AA**ds", "random"], game="omaha-hilo", trials=40_000, seed=3), [26620.25, 13379.75]),
    (dict(players=["AsAh Kd 7c", "QcQd 9h 9s"], game="stud", trials=40_000, seed=1), [17748.0, 22252.0]),
    (
        dict(players=["As2d 3h 8c", "4c5c 6d Kh", "7h 7d Qs"], game="razz", trials=40_000, seed=1),
        [28239.5, 10051.5, 1709.0],
    ),  # fmt: skip
    (
        dict(players=["AsKs", "random", "random"], board="6c7d8h", game="short-deck", trials=40_000, seed=1),
        [8825.0, 15539.5, 15635.5],
    ),  # fmt: skip
]


@pytest.mark.parametrize(("call", "shares"), PINNED)
def test_seeded_answers_stay_put(call, shares):
    result = equity(method="mc", **call)
    assert result.trials == call["trials"]
    assert [p.equity * result.trials for p in result.players] == pytest.approx(shares, abs=1e-6)
