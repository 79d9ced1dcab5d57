"""``python -m pokerlab.simulate.cli``: the ``pokerlab`` command line."""

from . import run

if __name__ == "__main__":  # not in the processes `pokerlab cache warm` starts
    run()
