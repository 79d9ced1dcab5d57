"""``pokerlab bench``: pokerlab's evaluator and equity speed, side by side with the installed peers.

Library first: :func:`run_bench` runs the benchmark and returns a
:class:`BenchReport`, which prints as text, as a Markdown table (docs/benchmarks.md), as
JSON, or as a bar chart (matplotlib). The command line only parses and prints.

>>> from pokerlab.simulate.bench import run_bench
>>> report = run_bench(quick=True)  # doctest: +SKIP
>>> print(report.to_markdown())  # doctest: +SKIP
>>> report.plot("bench.png")  # doctest: +SKIP

Peers come from the ``peers`` extra (``pip install "pokerlab[peers]"``); one
that is missing is listed as "not installed". Every library is checked to
order the same hands as pokerlab does (or to agree on the equity) before it
is timed; a wrong answer is refused, not timed.
"""

from .cases import CASES, SECTIONS, BenchConfig, Case, select_cases
from .contenders import PEERS, Contender, Spec, specs_for
from .report import BenchReport, CaseResult, Entry, StartupItem
from .runner import measure_startup, run_bench, run_case

__all__ = [
    "CASES",
    "PEERS",
    "SECTIONS",
    "BenchConfig",
    "BenchReport",
    "Case",
    "CaseResult",
    "Contender",
    "Entry",
    "Spec",
    "StartupItem",
    "measure_startup",
    "run_bench",
    "run_case",
    "select_cases",
    "specs_for",
]
