"""pokerlab against its peers, side by side in one run: a wrapper over ``pokerlab bench``.

    python benchmarks/compare.py [--quick] [--json | --markdown] [--repeat N] [--only equity,batch,...] [--plot F]

Everything (cases, contenders, checks, interleaved rounds, report) lives in the
installed package ``pokerlab.simulate.bench``; this script only makes it runnable from
a source checkout without the console script. See ``pokerlab bench --help``.
The old target numbers of ``--only`` still work: 1 batch, 2 enumerate,
3 per-call, 5 equity (4, the fresh processes, is in ``test_benchmarks.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, when not installed

OLD_TARGETS = {"1": "batch", "2": "enumerate", "3": "per-call", "5": "equity"}


def translate(argv: list[str]) -> list[str]:
    """Map the old ``--only 1,5`` target numbers to section names; everything else passes through."""
    out, expect_only = [], False
    for arg in argv:
        if expect_only:
            arg = ",".join(OLD_TARGETS.get(x.strip(), x.strip()) for x in arg.split(","))
        expect_only = arg == "--only"
        out.append(arg)
    return out


def main(argv: list[str] | None = None) -> None:
    from pokerlab.simulate.cli.bench import bench_command

    bench_command.main(translate(sys.argv[1:] if argv is None else argv), prog_name="compare.py")


if __name__ == "__main__":
    main()
