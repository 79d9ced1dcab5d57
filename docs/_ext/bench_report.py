"""The performance page, generated at build time from a saved ``pokerlab bench --json`` report.

``docs/performance.md`` holds the directive ``bench-report`` with the report's path (relative to docs/).
The directive reads the report (:meth:`pokerlab.simulate.bench.BenchReport.from_json`), draws the bench's
bar chart (:func:`pokerlab.simulate.bench.plot.plot`, matplotlib) into ``_generated/`` in the source
folder, and renders :func:`bench_page.page`: the run and the machine it ran on, the table of ``pokerlab
bench --markdown``, the chart, and how each case is timed. Nothing on the page is copied by hand: a
new report (``pokerlab bench --json > docs/performance/report.json``) is all an update takes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench_page import CHART_FOLDER, load, page
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


class BenchReportDirective(SphinxDirective):
    """``bench-report PATH``: the report at PATH (relative to the source folder) as a table and a chart
    (``:no-chart:``: the table alone)."""

    required_arguments = 1
    has_content = False
    option_spec = {"no-chart": directives.flag}

    def run(self) -> list[nodes.Node]:
        source = self.arguments[0]
        path = Path(self.env.srcdir) / source
        self.env.note_dependency(str(path))  # a new report rebuilds the page
        report = load(path)
        shown = None
        if "no-chart" not in self.options:
            folder = Path(self.env.srcdir) / CHART_FOLDER
            folder.mkdir(exist_ok=True)
            chart = folder / f"{Path(source).stem}.svg"
            report.plot(str(chart))
            shown = f"/{CHART_FOLDER}/{chart.name}"
        text = page(report, f"docs/{source}", shown)
        holder = nodes.container(classes=["bench-report"])
        self.state.nested_parse(StringList(text.splitlines(), source=str(path)), self.content_offset, holder)
        return [holder]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("bench-report", BenchReportDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
