"""A one-off ``pokerlab icm`` answers without numba: the numpy programme values a single exact field of any size
the exact programme takes, where loading the compiled kernel would cost the process far more."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# The command in a fresh interpreter, then which of numpy and numba it imported.
RUN = (
    "import json, sys\n"
    "from pokerlab.simulate.cli import run\n"
    "sys.argv = ['pokerlab', 'icm', *sys.argv[1:]]\n"
    "try:\n"
    "    run()\n"
    "except SystemExit as done:\n"
    "    code = done.code\n"
    "print(json.dumps(['numba' in sys.modules, code]))\n"
)


@pytest.mark.parametrize("players", [3, 9, 15, 20])
def test_a_one_off_exact_icm_imports_no_numba(players):
    stacks = [str(1000 + 250 * i) for i in range(players)]
    payouts = ",".join(str(players - i) for i in range(players))
    args = [sys.executable, "-c", RUN, *stacks, "--payouts", payouts, "--json"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    answer, status = done.stdout.strip().rsplit("\n", 1)
    assert json.loads(status) == [False, 0], done.stderr
    result = json.loads(answer)
    assert result["method"] == "exact" and len(result["players"]) == players
    assert sum(p["equity"] for p in result["players"]) == pytest.approx(result["prize_pool"], rel=1e-12)
