"""``python -m pokerlab.simulate.cli``: the ``pokerlab`` command line."""

from .main import main

if __name__ == "__main__":  # not in the processes `pokerlab cache warm` starts
    main(prog_name="pokerlab")
