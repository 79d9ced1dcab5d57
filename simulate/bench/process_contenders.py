"""Start-up contenders: a new process per run that answers one query, timed whole.

pokerlab runs as a user types it (``pokerlab equity ...``, ``pokerlab eval ...``), pokerfast as
``python -c`` asking the same question; interpreter start, imports, first call and exit all count.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .adapters import EquityOutcome
from .cases import BenchConfig, Case, Contender, Hands


def _process(argv: list[str], parse: Callable[[str], Any]) -> tuple[Callable[[], None], Callable[[], Any]]:
    """Run ``argv`` as a new process; ``parse`` reads its stdout into the result.

    Python's bytecode cache is on, its default, even where PYTHONDONTWRITEBYTECODE is set: without it every
    process would compile pokerlab's sources again. The untimed warm-up run writes the cache.
    """
    last: dict[str, Any] = {}
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def run() -> None:
        done = subprocess.run(argv, capture_output=True, text=True, check=False, env=env)
        if done.returncode != 0:
            raise RuntimeError(f"exit status {done.returncode}: {done.stderr.strip()[-300:]}")
        last["v"] = parse(done.stdout)

    return run, lambda: last["v"]


def pokerlab_process(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``pokerlab equity AsAh KsKh --json`` or ``pokerlab eval ... --json``, as a user types it."""
    script = Path(sys.executable).with_name("pokerlab")
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "pokerlab"]
    if case.id == "start-eval":
        argv = [*command, "eval", *case.players, "--json"]
        run, result = _process(argv, lambda out: json.loads(out)["rank"])
    else:
        argv = [*command, "equity", *case.players, "--json"]
        run, result = _process(argv, lambda out: EquityOutcome([p["equity"] for p in json.loads(out)["players"]]))
    shown = " ".join(shlex.quote(a) for a in ["pokerlab", *argv[len(command) :]])
    return Contender(f"new process: {shown}", run, result)


def pokerfast_process(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """``python -c`` importing pokerfast and asking the same question (exact equity, or one 5-card rank)."""
    import pokerfast  # noqa: F401  (only to report it missing before timing anything)

    if case.id == "start-eval":
        cards = case.players[0].split()
        code = f"from pokerfast import eval7; print(eval7({tuple(cards)!r}))"
        run, result = _process([sys.executable, "-c", code], lambda out: int(out.split()[0]))
    else:
        code = f"from pokerfast import equity; print(*equity.equity({list(case.players)!r}, '', exact=True, threads=1))"
        run, result = _process([sys.executable, "-c", code], lambda out: EquityOutcome([float(x) for x in out.split()]))
    return Contender(f"new process: python -c {code!r}", run, result)
