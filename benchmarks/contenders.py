"""Developer-only benchmark helpers: fresh-process snippets, on top of the installed ``pokerlab.simulate.bench``.

The cases, the hands and every library's timed call live in the installed
package :mod:`pokerlab.simulate.bench` (``pokerlab bench``), so ``compare.py``,
``test_benchmarks.py`` and users all time exactly the same calls. What stays
here needs a source checkout: whole fresh ``python -c`` processes started in
the repository root (import + first call, and the cold numba compile with an
empty ``POKERLAB_CACHE_DIR``), which ``test_benchmarks.py`` times.
"""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pokerlab.simulate.bench.cases import CARD_STRINGS, CASES, BenchConfig, all_hands, random_hands, same_order  # noqa: F401
from pokerlab.simulate.bench.contenders import PEERS, specs_for  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent  # the repository: fresh processes start here
ROYAL = ("As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
_ROYAL_ARGS = ", ".join(repr(c) for c in ROYAL)


@dataclass(frozen=True)
class Fresh:
    """A ``python -c`` snippet timed as a whole fresh process; ``module`` must be importable for it to run."""

    name: str
    what: str
    code: str
    module: str = ""


FRESH = [
    Fresh("python", "interpreter start only", "pass"),
    Fresh("numpy", "interpreter + numpy import", "import numpy", "numpy"),
    Fresh("numba", "interpreter + numba import", "import numba", "numba"),
    Fresh("pokerlab", "import + evaluate", "import pokerlab; pokerlab.evaluate('AsKsQsJsTs2c3d')"),
    Fresh(
        "pokerlab",
        "import + evaluate_batch",
        "import numpy as np; from pokerlab import evaluator; "
        "evaluator.evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]], np.uint8))",
    ),
    Fresh(
        "pokerlab",
        "import + exact equity AsAh vs KsKh",
        "from pokerlab.simulate.equity.engine import equity; equity(['AsAh', 'KsKh'], method='exact', threads=1)",
    ),
    Fresh(
        "pokerfast",
        "import + exact equity AsAh vs KsKh",
        "from pokerfast import equity; equity.equity(['AsAh', 'KsKh'], exact=True, threads=1)",
        "pokerfast",
    ),
    Fresh(
        "pkrbot",
        "import + evaluate",
        f"import pkrbot; pkrbot.evaluate([pkrbot.Card(c) for c in ({_ROYAL_ARGS})])",
        "pkrbot",
    ),
    Fresh(
        "eval7", "import + evaluate", f"import eval7; eval7.evaluate([eval7.Card(c) for c in ({_ROYAL_ARGS})])", "eval7"
    ),
    Fresh(
        "phevaluator",
        "import + evaluate",
        f"from phevaluator import evaluate_cards; evaluate_cards({_ROYAL_ARGS})",
        "phevaluator",
    ),
    Fresh(
        "treys",
        "import + evaluate",
        "from treys import Card, Evaluator; Evaluator().evaluate("
        "[Card.new('As'), Card.new('Ks')], [Card.new(c) for c in ('Qs', 'Js', 'Ts', '2c', '3d')])",
        "treys",
    ),
    Fresh(
        "pokerkit",
        "import + evaluate",
        "from pokerkit import StandardHighHand; StandardHighHand.from_game('AsKs', 'QsJsTs2c3d')",
        "pokerkit",
    ),
]
FRESH_COLD = Fresh(
    "pokerlab",
    "import + evaluate_batch, empty POKERLAB_CACHE_DIR (cold compile)",
    "import numpy as np; from pokerlab import evaluator; "
    "evaluator.evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]], np.uint8))",
)
CLI_EQUITY_ARGS = ["equity", "AsAh", "KsKh"]


def run_command(argv: list[str], env: dict | None = None) -> float:
    """Wall seconds of a command in a fresh process started in the repository root."""
    t0 = time.perf_counter()
    proc = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - t0
    if proc.returncode:
        lines = proc.stderr.strip().splitlines()
        raise RuntimeError(lines[-1] if lines else f"exit status {proc.returncode}")
    return elapsed


def run_python(code: str, env: dict | None = None) -> float:
    """Wall seconds of ``python -c code`` in a fresh process started in the repository root."""
    return run_command([sys.executable, "-c", code], env)


def console_script(name: str = "pokerlab") -> str | None:
    """The installed console script next to this interpreter (not a pyenv shim), or None."""
    p = Path(sys.executable).parent / name
    return str(p) if p.is_file() else None
