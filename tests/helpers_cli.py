"""Helpers shared by the command-line tests: ``pokerlab`` run in process, and its output once the exit status is
checked."""

from __future__ import annotations

from click.testing import CliRunner, Result

from pokerlab.simulate.cli.main import main


def run(*args: str, stdin: str | None = None) -> Result:
    """``pokerlab ARGS`` in process (click's runner), with ``stdin`` typed in."""
    return CliRunner().invoke(main, list(args), input=stdin)


def output(*args: str, stdin: str | None = None) -> str:
    """What ``pokerlab ARGS`` prints, once it has succeeded (exit status 0)."""
    result = run(*args, stdin=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def refusal(*args: str) -> str:
    """What ``pokerlab ARGS`` prints refusing its input, once it has exited with status 2."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    return result.output
