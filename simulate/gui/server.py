"""Serve the gui: uvicorn on 127.0.0.1 (a free port or the one asked), the address with its token, the browser.

Why Starlette and uvicorn: an ASGI framework and server of a few pure-Python packages, well kept, with a test
client for the API tests; nothing to build, and the jobs run in processes of their own anyway (the server only
starts them and answers the page).
"""

from __future__ import annotations

import errno
import secrets
import socket
import threading
import webbrowser
from collections.abc import Callable

from pokerlab.errors import InputError

from .app import create_app
from .jobs import JOB_TIME_LIMIT, JobManager

__all__ = ["bind", "page_url", "serve"]

HOST = "127.0.0.1"  # never another interface: the page runs computations for whoever reaches it


def bind(port: int | None) -> socket.socket:
    """A listening socket on 127.0.0.1: ``port``, or a free one when None.

    >>> sock = bind(None); sock.getsockname()[0]
    '127.0.0.1'
    >>> sock.close()
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((HOST, port or 0))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise InputError(f"port {port} is in use; give another with --port, or none for a free one") from None
        raise InputError(f"cannot listen on {HOST}:{port}: {exc.strerror}") from None
    sock.listen(128)
    return sock


def page_url(port: int, token: str) -> str:
    """The page's address, carrying its token.

    >>> page_url(8765, "abc")
    'http://127.0.0.1:8765/?token=abc'
    """
    return f"http://{HOST}:{port}/?token={token}"


def serve(
    port: int | None = None,
    open_browser: bool = True,
    time_limit: float = JOB_TIME_LIMIT,
    say: Callable[[str], None] = print,
    token: str | None = None,
) -> None:
    """Serve until Ctrl-C: say the address (one line), open the browser unless not ``open_browser``."""
    import uvicorn

    sock = bind(port)
    port = sock.getsockname()[1]
    token = token or secrets.token_urlsafe(24)
    app = create_app(token, port, JobManager(time_limit=time_limit))
    url = page_url(port, token)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False))
    say(f"pokerlab gui: {url}  (Ctrl-C stops it)")
    if open_browser:
        threading.Timer(0.3, webbrowser.open, (url,)).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
