"""Sphinx configuration: the guides (MyST Markdown), the command reference (sphinx-click) and the API (autodoc).

Build with ``sphinx-build -W -b html docs docs/_build/html`` after ``pip install ".[docs]"``;
``python -m pytest -m docs`` does the same into a temporary folder and fails on any warning.
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

# The performance page's directive (docs/_ext/bench_report.py).
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "pokerlab"
author = "The pokerlab developers"
copyright = "The pokerlab developers"  # noqa: A001 (Sphinx's name)
try:
    release = metadata.version("pokerlab")
except metadata.PackageNotFoundError:  # a source tree that was never installed
    release = "0+source"
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_click",
    "bench_report",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated"]  # _generated: the performance chart, drawn at build time

myst_heading_anchors = 4  # "page.md#46-the-draw" links resolve as they do on GitHub
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"

html_theme = "furo"
html_title = f"pokerlab {release}"
