"""Shared pytest setup for the tests directory."""

import sys
from pathlib import Path

# Let tests in subdirectories (tests/evaluator/...) import tests/reference.py
# as ``reference``, whatever the import mode. Appended, not prepended, so the
# tests tree can never shadow a real package such as ``evaluator``.
_TESTS_DIR = str(Path(__file__).resolve().parent)
if _TESTS_DIR not in sys.path:
    sys.path.append(_TESTS_DIR)

# A skipped test is a check that did not run: every tool a test needs is in the test extra, so a skip means a
# missing install or a stale guard, and the run fails with the reasons listed (deselection by -m is not a skip).
_SKIPPED: list[str] = []


def _note_skip(report):
    reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
    _SKIPPED.append(f"{report.nodeid}: {reason}")


def pytest_collectreport(report):
    if report.skipped:
        _note_skip(report)


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        _note_skip(report)


def pytest_sessionfinish(session, exitstatus):
    if _SKIPPED and exitstatus in (0, 5):  # 5: nothing ran, because the module skipped
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter):
    if _SKIPPED:
        terminalreporter.section("skipped tests fail the run")
        for line in _SKIPPED:
            terminalreporter.line(line)
