"""Every docstring example of the installed package runs (doctest over ``pokerlab.*`` modules).

pytest's ``--doctest-modules`` would import the source folders under their
folder names (``evaluator``, ``simulate``); this walks the package as it is
installed instead.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pokerlab

# Modules whose import needs an optional extra that may be missing, and the extra.
OPTIONAL = {"pokerlab.simulate.bench.plot": "matplotlib", "pokerlab.simulate.charts": "matplotlib"}
# Entry points that run a program when imported.
SKIP = {"pokerlab.__main__", "pokerlab.simulate.cli.__main__"}


def _modules() -> list[str]:
    names = ["pokerlab"]
    for info in pkgutil.walk_packages(pokerlab.__path__, "pokerlab."):
        names.append(info.name)
    for half in ("pokerlab.evaluator", "pokerlab.simulate"):
        package = importlib.import_module(half)
        names += [half] + [i.name for i in pkgutil.walk_packages(package.__path__, half + ".")]
    return sorted(set(names) - SKIP)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name):
    if name in OPTIONAL:
        pytest.importorskip(OPTIONAL[name])
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
