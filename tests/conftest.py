"""Shared pytest setup for the tests directory."""

import sys
from pathlib import Path

# Let tests in subdirectories (tests/evaluator/...) import tests/reference.py
# as ``reference``, whatever the import mode. Appended, not prepended, so the
# tests tree can never shadow a real package such as ``evaluator``.
_TESTS_DIR = str(Path(__file__).resolve().parent)
if _TESTS_DIR not in sys.path:
    sys.path.append(_TESTS_DIR)
