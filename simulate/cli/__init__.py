"""The ``pokerlab`` command line: one module per command group, all thin shells over library calls.

- :func:`run`: the console entry, which answers the commonest queries itself (:mod:`.quick`) and hands the
  rest to the click group;
- :mod:`.main`: the group and ``eval``, ``range``, with the other commands registered lazily;
- :mod:`.bench`, :mod:`.cache`, :mod:`.draw`, :mod:`.equity`, :mod:`.game` (``play``, ``simulate``,
  ``replay``), :mod:`.ranges`, :mod:`.tables` (``table``, ``chart``), :mod:`.tournament`, :mod:`.verify`;
- :mod:`._common`: what they share (one-line errors, exit status 2, progress bars); :mod:`.printing`: what
  they print, as text.
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
import os
import sys

# The command line does no large linear algebra, and OpenBLAS starting a thread per core when numpy loads
# costs every command ~20 ms of CPU (far more wall time on a busy machine). Set before numpy is imported;
# a value the user exported wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__all__ = ["run"]


def run() -> None:
    """The ``pokerlab`` command: the quick answer when there is one, else the click group."""
    from .quick import answer

    status = answer(sys.argv[1:])
    if status is not None:
        sys.exit(status)
    from .main import main

    main(prog_name="pokerlab")
