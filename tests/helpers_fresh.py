"""Code run in a fresh Python interpreter: for what one test process cannot show, such as the modules a start-up
loads."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def fresh_python(code: str, timeout: float = 120) -> str:
    """What ``code`` (dedented) prints, run by a new interpreter of this Python, once it has exited with status 0."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
