"""What an install without a C compiler costs: the per-call evaluator compiled (Cython) and in pure Python.

Each mode runs in a fresh process; the pure one hides the compiled extensions from the import system, as
an install without them has none. Prints microseconds a call, best of five rounds (CPU time):

    python benchmarks/percall_fallback.py
"""

from __future__ import annotations

import subprocess
import sys

CODE = r"""
import sys, time
if sys.argv[1] == "pure":
    class NoExtensions:
        def find_spec(self, name, path=None, target=None):
            if name in ("pokerlab.evaluator._fast", "pokerlab.evaluator._omaha"):
                raise ImportError(name)
    sys.meta_path.insert(0, NoExtensions())
from pokerlab.evaluator import evaluate
from pokerlab.evaluator.omaha import evaluate_omaha

def best(call, n):
    rounds = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(n):
            call()
        rounds.append((time.process_time() - start) / n)
    return min(rounds) * 1e6

hands = ["As Ks Qs Js Ts 2c 3d", "2c 3d 4h 7s 8c Td Kh", "9c 9d 9h 2s 2c"]
high = best(lambda: [evaluate(h) for h in hands], 3000) / len(hands)
omaha = best(lambda: evaluate_omaha("AsKsQdJd", "Ts9s2c7h3d", rules="omaha-hilo"), 2000)
print(f"{sys.argv[1]:<9} hold'em {high:8.2f} us a hand   Omaha hi/lo {omaha:8.2f} us a hand")
"""


def main() -> None:
    for mode in ("compiled", "pure"):
        subprocess.run([sys.executable, "-c", CODE, mode], check=True)


if __name__ == "__main__":
    main()
