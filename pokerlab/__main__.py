"""``python -m pokerlab``: the ``pokerlab`` command line."""

from pokerlab.simulate.cli import main

if __name__ == "__main__":
    main(prog_name="pokerlab")
