"""What runs in a job's own process: the ``pokerlab`` command itself, its output captured, its progress forwarded.

A job is a process of its own so that Stop and the time limit can end it at once, whatever it is computing. The
command runs exactly as on the command line (click's runner, the same group, the same one-line errors); the
parent reads the messages this module sends on its end of a pipe:

- ``("progress", fraction)``: the fraction done, 0..1, at most about ten times a second;
- ``("done", exit_status, stdout, stderr)``: the command's end.
"""

from __future__ import annotations

import time
from typing import Any

from click.testing import CliRunner

from pokerlab.simulate.cli._common import ProgressBar
from pokerlab.simulate.cli.main import main

__all__ = ["PROGRESS_INTERVAL", "run"]

PROGRESS_INTERVAL = 0.1  # seconds between two progress messages: the page polls a few times a second


def run(argv: list[str], connection: Any) -> None:
    """Run ``pokerlab ARGV`` and send its progress and its end on ``connection`` (a multiprocessing pipe's end)."""
    last = [0.0]

    def forward(fraction: float) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_INTERVAL:
            last[0] = now
            connection.send(("progress", min(max(float(fraction), 0.0), 1.0)))

    ProgressBar.listener = forward
    result = CliRunner().invoke(main, argv, prog_name="pokerlab")
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        # The group reports every exception itself; this is only a safety net, still one line.
        stderr += f"error: internal error ({type(result.exception).__name__}: {result.exception})\n"
    connection.send(("done", result.exit_code, result.stdout, stderr))
    connection.close()
