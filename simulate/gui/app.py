"""The web application of ``pokerlab gui``: the page, its files and the JSON API, behind the token and header checks.

Routes (every one needs the token, as ``?token=`` or the ``X-Pokerlab-Token`` header):

- ``GET /``: the page; ``GET /static/NAME``: its script and style sheet;
- ``POST /api/COMMAND``: run a command (:data:`.commands.COMMANDS`) and answer what ``pokerlab COMMAND --json``
  prints, or ``{"error": LINE}`` with HTTP 400 and the command line's one-line error;
- ``POST /api/jobs/COMMAND``: the same as a job (HTTP 202, ``{"id": ...}``); ``GET /api/jobs/ID``: its state,
  progress and answer; ``DELETE /api/jobs/ID``: stop it;
- ``GET /api/commands``: each command's parameters; ``GET /api/ranking``: the 169 hand classes in the order of
  the "top x %" ranges; ``POST /api/hit-combos``: the combos behind each hits row (:mod:`.hit_combos`);
- ``POST /api/solve-show`` with ``{"solution": ID, "actions": [...]}``: what ``pokerlab solve show FILE ACTION...
  --json`` prints for a solution a solve of this server saved (:mod:`.solutions`: the page names it by the id its
  solve job answered, never by a path);
- ``GET /api/ranges``: the named ranges saved in the user's data folder; ``PUT /api/ranges/NAME`` with
  ``{"text": ...}`` saves one, ``DELETE /api/ranges/NAME`` deletes one (:mod:`.saved`).

What is refused, before any route runs: a missing or wrong token (403), a Host other than 127.0.0.1:PORT or
localhost:PORT (403: DNS rebinding), an Origin other than the page's own (403: other sites' pages), a body over
:data:`MAX_BODY` (413).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, QueryParams
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerlab.errors import PokerlabError
from pokerlab.simulate.ranges.order import equities, ordered_classes

from .commands import COMMANDS, LONG_COMMANDS, GuiInputError, arguments, parameters
from .jobs import Busy, Job, JobManager
from .saved import RangeBook
from .solutions import SolutionStore

__all__ = ["MAX_BODY", "TOKEN_HEADER", "create_app"]

MAX_BODY = 1 << 20  # bytes: a request body over 1 MiB is refused (413)
TOKEN_HEADER = "X-Pokerlab-Token"
SOLUTION_HEADER = "X-Pokerlab-Solution"  # the id of the solution a solve saved, on POST /api/solve's answer
MAX_LINE = 64  # actions at most in a solve-show line (a tree is a few streets of a few raises)
PAGE_HEADER = "X-Pokerlab-Page"  # the page a job belongs to: one job at a time per page
STATIC_FILES = {"app.js": "text/javascript", "style.css": "text/css"}
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # the token is in the page's address
    (b"cache-control", b"no-store"),
]


class Guard:
    """ASGI middleware: the token, Host, Origin and body-size checks, and the security headers of every answer."""

    def __init__(self, app: ASGIApp, token: str, port: int, max_body: int = MAX_BODY) -> None:
        self.app, self.token, self.max_body = app, token, max_body
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        self.origins = {f"http://{host}" for host in self.hosts}

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """Why the request is refused (status, reason), or None."""
        headers = Headers(scope=scope)
        if headers.get("host", "") not in self.hosts:
            return 403, "forbidden: the Host header must be 127.0.0.1:PORT or localhost:PORT"
        origin = headers.get("origin")
        if origin is not None and origin not in self.origins:
            return 403, "forbidden: requests from other sites' pages are refused"
        given = headers.get(TOKEN_HEADER) or QueryParams(scope.get("query_string", b"")).get("token") or ""
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            return 403, "forbidden: the token is missing or wrong; open the address pokerlab gui printed"
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return 413, f"the request body is over the limit of {self.max_body:,} bytes"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # no websockets
            await send({"type": "websocket.close", "code": 1008})
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        refused = self.refusal(scope)
        if refused is not None:
            status, reason = refused
            await JSONResponse({"error": reason}, status_code=status)(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


async def _body(request: Request, limit: int) -> Any:
    """The request's JSON body, read to at most ``limit`` bytes (a body sent in chunks has no Content-Length)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _TooLarge(f"the request body is over the limit of {limit:,} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise GuiInputError(f"the request body is not JSON: {exc}") from None


class _TooLarge(Exception):
    pass


def _show_line(body: Any, store: SolutionStore) -> list[str]:
    """The file and the actions of a solve-show body ``{"solution": ID, "actions": [...]}``, checked."""
    if not isinstance(body, dict) or set(body) - {"solution", "actions"}:
        raise GuiInputError('solve-show takes {"solution": ID, "actions": [ACTION, ...]}')
    actions = body.get("actions") or []
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise GuiInputError("solve-show: actions must be a list of action names (and dealt cards)")
    if len(actions) > MAX_LINE:
        raise GuiInputError(f"solve-show: a line of {len(actions)} actions; a tree has at most {MAX_LINE}")
    return [str(store.path(body.get("solution"))), *actions]


def _error(status: int, line: str) -> JSONResponse:
    return JSONResponse({"error": line}, status_code=status)


class _Api:
    """The routes' handlers, over one job manager."""

    def __init__(self, token: str, manager: JobManager, max_body: int, book: RangeBook, store: SolutionStore) -> None:
        self.token, self.manager, self.max_body, self.book, self.store = token, manager, max_body, book, store
        self.static = resources.files("pokerlab.simulate.gui") / "static"

    async def page(self, request: Request) -> Response:
        html = (self.static / "index.html").read_text(encoding="utf-8").replace("__TOKEN__", self.token)
        return Response(html, media_type="text/html; charset=utf-8")

    async def static_file(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:
            return _error(404, f"no file {name!r}")
        return Response((self.static / name).read_bytes(), media_type=STATIC_FILES[name])

    async def start(self, request: Request) -> Job | Response:
        """The command's job, started; or the answer refusing it."""
        command = request.path_params["command"]
        if command not in COMMANDS:
            return _error(404, f"unknown command {command!r}; the API runs {', '.join(COMMANDS)}")
        try:
            argv = arguments(command, await _body(request, self.max_body))
            page = request.headers.get(PAGE_HEADER) or secrets.token_hex(8)
            if command != "solve":
                return self.manager.start(command, argv, page)
            # The server owns the file: a solve saves into the store's folder, the page gets the id.
            solution, path = self.store.reserve()
            argv = [argv[0], "--save", str(path), *argv[1:]]
            return self.manager.start(command, argv, page, solution, self.store)
        except (GuiInputError, PokerlabError) as exc:
            return _error(400, str(exc))
        except _TooLarge as exc:
            return _error(413, str(exc))
        except Busy as exc:
            return _error(409, str(exc))

    async def run_now(self, request: Request) -> Response:
        job = await self.start(request)
        if isinstance(job, Response):
            return job
        while not job.finished.is_set():
            await asyncio.sleep(0.02)
        saved = {SOLUTION_HEADER: job.solution} if job.solution is not None and job.state == "done" else None
        return JSONResponse(job.answer, status_code=job.status, headers=saved)

    async def solve_show(self, request: Request) -> Response:
        """``solve show`` on a kept solution: the body names it by id, with the line of actions to follow."""
        try:
            argv = ["solve", "show", "--json", "--", *_show_line(await _body(request, self.max_body), self.store)]
            job = self.manager.start("solve-show", argv, secrets.token_hex(8))
        except PokerlabError as exc:
            return _error(400, str(exc))
        except _TooLarge as exc:
            return _error(413, str(exc))
        except Busy as exc:
            return _error(409, str(exc))
        while not job.finished.is_set():
            await asyncio.sleep(0.02)
        return JSONResponse(job.answer, status_code=job.status)

    async def run_job(self, request: Request) -> Response:
        job = await self.start(request)
        if isinstance(job, Response):
            return job
        return JSONResponse({"id": job.id, "command": job.command}, status_code=202)

    async def job_state(self, request: Request) -> Response:
        job = self.manager.get(request.path_params["id"])
        if job is None:
            return _error(404, "no such job")
        if request.method == "DELETE":
            job.stop("stopped", 409)
        return JSONResponse(job.view())

    async def commands(self, request: Request) -> Response:
        listing = {
            name: [{"name": p.name, "kind": p.kind, "required": p.required} for p in parameters(name)]
            for name in COMMANDS
        }
        return JSONResponse({"commands": listing, "long": list(LONG_COMMANDS)})

    async def ranges(self, request: Request) -> Response:
        """The named ranges: GET lists them, PUT /api/ranges/NAME saves {"text": ...}, DELETE deletes one."""
        name = request.path_params.get("name")
        try:
            if request.method == "PUT":
                body = await _body(request, self.max_body)
                if not isinstance(body, dict) or not isinstance(body.get("text"), str):
                    raise GuiInputError('a saved range is {"text": "range text"}')
                self.book.save(str(name), body["text"])
            elif request.method == "DELETE":
                self.book.delete(str(name))
            return JSONResponse({"path": str(self.book.path), "ranges": self.book.read()})
        except PokerlabError as exc:
            return _error(400, str(exc))
        except _TooLarge as exc:
            return _error(413, str(exc))

    async def hit_combos(self, request: Request) -> Response:
        """The combos behind each hits row (:mod:`.hit_combos`): a range on one board, quick, in a thread."""
        from .hit_combos import hit_combos  # numpy and the range readers: on the first request

        try:
            body = await _body(request, self.max_body)
            return JSONResponse(await run_in_threadpool(hit_combos, body))
        except PokerlabError as exc:
            return _error(400, str(exc))
        except _TooLarge as exc:
            return _error(413, str(exc))

    async def ranking(self, request: Request) -> Response:
        table = equities()
        rows = [{"hand": hand, "equity": table[hand]} for hand in ordered_classes()]
        return JSONResponse({"by": "all-in equity against one random hand", "classes": rows})


def create_app(
    token: str,
    port: int,
    jobs: JobManager | None = None,
    max_body: int = MAX_BODY,
    ranges_file: Path | None = None,
    solutions: SolutionStore | None = None,
) -> ASGIApp:
    """The application for a server on 127.0.0.1:``port`` whose page and API need ``token``.

    Its solves save into ``solutions`` (a new store by default), emptied and removed when the server stops.

    >>> app = create_app("secret", 8765)
    >>> type(app).__name__
    'Guard'
    """
    manager = jobs if jobs is not None else JobManager()
    store = solutions if solutions is not None else SolutionStore()
    api = _Api(token, manager, max_body, RangeBook(ranges_file), store)
    routes = [
        Route("/", api.page),
        Route("/static/{name}", api.static_file),
        Route("/api/commands", api.commands),
        Route("/api/ranking", api.ranking),
        Route("/api/hit-combos", api.hit_combos, methods=["POST"]),
        Route("/api/ranges", api.ranges),
        Route("/api/ranges/{name}", api.ranges, methods=["PUT", "DELETE"]),
        Route("/api/solve-show", api.solve_show, methods=["POST"]),
        Route("/api/jobs/{id}", api.job_state, methods=["GET", "DELETE"]),
        Route("/api/jobs/{command}", api.run_job, methods=["POST"]),
        Route("/api/{command}", api.run_now, methods=["POST"]),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        manager.stop_all()
        store.close()

    return Guard(Starlette(routes=routes, lifespan=lifespan), token, port, max_body)
