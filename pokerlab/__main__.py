"""``python -m pokerlab``: the ``pokerlab`` command line."""

from pokerlab.simulate.cli import run

if __name__ == "__main__":
    run()
