"""The ``pokerlab`` command line: one module per command group, all thin shells over library calls.

- :mod:`.main`: the group and ``eval``, ``verify``, ``equity``, ``draw``, ``range``;
- :mod:`.bench`, :mod:`.cache`, :mod:`.game` (``play``, ``simulate``, ``replay``),
  :mod:`.tables` (``table``, ``chart``);
- :mod:`._common`: what they share (one-line errors, exit status 2, progress bars).
"""

import os

# The command line does no large linear algebra, and OpenBLAS starting a thread per core when numpy loads
# costs every command ~20 ms of CPU (far more wall time on a busy machine). Set before numpy is imported;
# a value the user exported wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from .main import main  # noqa: E402  (after the environment above)

__all__ = ["main"]
