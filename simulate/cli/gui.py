"""``pokerlab gui``: the equity lab in a browser (:mod:`pokerlab.simulate.gui`), served on 127.0.0.1.

Registered lazily in ``pokerlab.simulate.cli.main`` (``LAZY_COMMANDS``). The server's packages (Starlette,
uvicorn) come with the ``gui`` extra and are imported only when the command runs, so every other command and
``pokerlab --help`` start as fast without them.
"""

from __future__ import annotations

import importlib.util

import click

from pokerlab.errors import InputError

from ._common import HELP_OPTIONS, friendly_errors

GUI_EXTRA = 'pip install "pokerlab[gui]"'


def missing_server_packages() -> list[str]:
    """The gui's server packages that are not installed (the ``gui`` extra brings them).

    >>> isinstance(missing_server_packages(), list)
    True
    """
    return [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]


@click.command("gui", context_settings=HELP_OPTIONS)
@click.option("--port", type=click.IntRange(1, 65535), help="Listen on this port of 127.0.0.1 (default: a free one).")
@click.option("--no-browser", is_flag=True, help="Do not open the browser; only print the address.")
@click.option(
    "--time-limit",
    type=click.FloatRange(min=1),
    default=600.0,
    show_default=True,
    help="Stop any job (an equity run, a solve) that runs longer than this many seconds.",
)
@friendly_errors
def gui_command(port: int | None, no_browser: bool, time_limit: float) -> None:
    """Open the equity lab in a browser: ranges on the 13x13 grid, equity, hits, ICM, push-or-fold, the solver.

    The server listens on 127.0.0.1 only and prints the page's address with a
    random token that every request must carry; Ctrl-C stops it. Needs the
    gui extra: pip install "pokerlab[gui]".

    \b
    Examples:
      pokerlab gui
      pokerlab gui --port 8765 --no-browser
    """
    missing = missing_server_packages()
    if missing:
        raise InputError(f"pokerlab gui needs {' and '.join(missing)}: {GUI_EXTRA}")
    # The one import from the command line into the gui (an exception in the layers contract).
    from pokerlab.simulate.gui.server import serve

    serve(port=port, open_browser=not no_browser, time_limit=time_limit, say=click.echo)
