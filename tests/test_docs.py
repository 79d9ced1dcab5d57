"""The documentation: README is a front page, the guides in docs/ link only to what exists, and the Sphinx site builds.

The console examples of README and of every page are run by tests/test_readme.py. The build itself is the
``docs`` tier (``python -m pytest -m docs``, after ``pip install ".[docs]"``): ``sphinx-build -W`` into a
temporary folder, any warning a failure.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab.simulate.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_readme_is_a_front_page():
    assert len((ROOT / "README.md").read_bytes()) <= 12 * 1024


def test_every_page_is_in_the_toctree():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^([\w-]+)$", index, re.M))
    assert {page.stem for page in PAGES} - {"index"} <= listed


@pytest.mark.parametrize("path", [ROOT / "README.md", *PAGES], ids=_name)
def test_links_point_into_the_repository(path):
    """A relative link names a file of the repository; nothing points at files outside it."""
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        file = (path.parent / target.split("#", 1)[0]).resolve()
        where = f"{_name(path)} links to {target}, which is not in the repository"
        assert file.is_relative_to(ROOT) and file.exists(), where


@pytest.mark.parametrize("path", [ROOT / "README.md", *PAGES], ids=_name)
def test_user_docs_carry_no_issue_numbers_or_dates(path):
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"\b[Ii]ssues? \d+", text), f"{_name(path)} names an issue"
    dated = re.search(r"\b20\d\d-\d\d-\d\d\b|\b\d\d:\d\d UTC\b", text)
    assert not dated, f"{_name(path)} carries a date or time of day: {dated.group(0) if dated else ''}"


def test_the_command_reference_documents_every_command():
    """Commands register lazily (LAZY_COMMANDS), so sphinx-click would see only the eager ones: cli.md lists each."""
    from importlib import import_module

    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    entries = re.findall(r"^\.\. click:: ([\w.]+):(\w+)\n\s+:prog: (pokerlab(?: \w+)?)$", text, re.M)
    ctx = main.make_context("pokerlab", [], resilient_parsing=True)
    assert sorted(prog for *_, prog in entries) == ["pokerlab", *(f"pokerlab {n}" for n in main.list_commands(ctx))]
    for module, attr, prog in entries:
        command = getattr(import_module(module), attr)
        assert command is (main if prog == "pokerlab" else main.get_command(ctx, prog.split()[1])), prog


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site built with every warning an error (``docs`` tier only: the tests that ask for it are marked)."""
    out = tmp_path_factory.mktemp("site") / "html"
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr and "ERROR" not in done.stderr, done.stderr
    return out


@pytest.mark.docs
def test_the_site_builds_without_a_warning(site):
    for page in ("index", "cli", "api", "getting-started", "rules", "performance", "json-schemas"):
        assert (site / f"{page}.html").is_file()


@pytest.mark.docs
def test_the_performance_page_is_built_from_the_saved_report(site):
    """The built page shows the report's figures and machine, and the bench's chart of it."""
    from html import unescape

    from pokerlab.simulate.bench import BenchReport
    from pokerlab.simulate.bench.format import cell

    report = BenchReport.from_json((DOCS / "performance" / "report.json").read_text(encoding="utf-8"))
    text = unescape(re.sub(r"<[^>]+>", "", (site / "performance.html").read_text(encoding="utf-8")))
    assert report.machine["cpu"] in text and f"numba {report.machine['numba']}" in text
    for case in report.cases:
        for entry in case.entries:
            assert cell(case, entry) in text, (case.id, entry.key)
    page = (site / "performance.html").read_text(encoding="utf-8")
    (chart,) = re.findall(r'<img [^>]*src="(_images/[^"]+\.svg)"', page)
    svg = (site / chart).read_text(encoding="utf-8")
    assert report.machine["cpu"] in svg and report.cases[0].title in svg  # drawn from this report


@pytest.mark.docs
def test_the_json_schemas_page_shows_every_schema(site):
    from pokerlab import schemas

    text = (site / "json-schemas.html").read_text(encoding="utf-8")
    for name in schemas.names():
        assert f"pokerlab {name.replace('-', ' ')} --json" in text, name
