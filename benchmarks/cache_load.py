"""Time a fresh process's first kernel calls with a warm kernel cache (loading, not compiling).

Run from the repository root::

    python benchmarks/cache_load.py [--processes 5] [--json]

One process fills a fresh cache folder (POKERLAB_CACHE_DIR in a temporary
folder); then each of ``--processes`` new processes times, after its
imports, its first serial and first parallel ``evaluate_batch`` on 7-card
rows and its first exact equity. The target: a warm first parallel call
under 0.1 s (it compiled again in every process, 0.7-1.2 s, while the
parallel kernels were closures).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

PROBE = """
import json, time
import numpy as np
from pokerlab import evaluator
from pokerlab.simulate.equity.engine import equity
rows = np.arange(7 * 1000, dtype=np.uint8).reshape(1000, 7) % 52
out = {}
start = time.perf_counter(); evaluator.evaluate_batch(rows); out["serial"] = time.perf_counter() - start
start = time.perf_counter(); evaluator.evaluate_batch(rows, parallel=True)
out["parallel"] = time.perf_counter() - start
start = time.perf_counter(); equity(["AsAh", "KsKh"], method="exact", use_tables=False)
out["exact equity"] = time.perf_counter() - start
print(json.dumps(out))
"""


def _probe(cache: str) -> dict[str, float]:
    env = dict(os.environ, POKERLAB_CACHE_DIR=cache)
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        cold = _probe(cache)
        warm = [_probe(cache) for _ in range(args.processes)]
    result = {
        "cold": cold,
        "warm median": {k: statistics.median(w[k] for w in warm) for k in cold},
        "warm max": {k: max(w[k] for w in warm) for k in cold},
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{'first call':<14} {'cold cache':>11} {'warm median':>12} {'warm max':>10}")
    for k in cold:
        print(f"{k:<14} {cold[k]:10.3f}s {result['warm median'][k]:11.3f}s {result['warm max'][k]:9.3f}s")


if __name__ == "__main__":
    main()
