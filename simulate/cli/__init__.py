"""The ``pokerlab`` command line: one module per command group, all thin shells over library calls.

- :mod:`.main`: the group and ``eval``, ``verify``, ``equity``, ``draw``, ``range``;
- :mod:`.bench`, :mod:`.cache`, :mod:`.game` (``play``, ``simulate``, ``replay``),
  :mod:`.tables` (``table``, ``chart``);
- :mod:`._common`: what they share (one-line errors, exit status 2, progress bars).
"""

from .main import main

__all__ = ["main"]
