"""``python -m pokerlab.simulate.cli``: the ``pokerlab`` command line."""

from .main import main

main(prog_name="pokerlab")
