"""The docs' bench-report extension (``docs/_ext/bench_page.py``) loaded as a module, for the tests of the
performance page: ``docs/_ext`` is not a package, so the extension is read from its file once, here."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

PATH = Path(__file__).resolve().parents[1] / "docs" / "_ext" / "bench_page.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_page", PATH)
    assert spec is not None and spec.loader is not None, f"cannot load {PATH}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench_page = _load()
