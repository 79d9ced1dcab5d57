"""Jobs: each command the page runs is a child process, watched by a thread, killable, one at a time per page.

The child is forked from a fork server that has already imported pokerlab (so a job starts in a fraction of a
second, and no thread of the web server is copied into it). A thread per job reads the child's messages
(:mod:`.worker`), keeps its progress and its answer, and ends it when the time limit passes; Stop kills it.
"""

from __future__ import annotations

import json
import multiprocessing
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

__all__ = ["JOB_TIME_LIMIT", "MAX_RUNNING", "Busy", "Job", "JobManager", "outcome"]

JOB_TIME_LIMIT = 600.0  # seconds; a job still running then is stopped and says so
MAX_RUNNING = 4  # jobs running at once over all pages: each may use every core
_KEEP_FINISHED = 64  # finished jobs kept for their page to read
_PRELOAD = ["pokerlab.simulate.gui.worker", "pokerlab.simulate.cli.solve", "pokerlab.simulate.gui.warm"]


class Busy(Exception):
    """A job cannot start now: the page already runs one, or too many run at once. The message says which."""


def outcome(exit_status: int, stdout: str, stderr: str) -> tuple[int, Any]:
    """The HTTP status and JSON answer of a command's end: its ``--json`` object, or its one-line error.

    >>> outcome(0, '{"a": 1}', "")
    (200, {'a': 1})
    >>> outcome(2, "", "error: 'Zz' is not a card\\n")
    (400, {'error': "'Zz' is not a card"})
    """
    if exit_status == 0:
        return 200, json.loads(stdout)
    lines = [line for line in stderr.splitlines() if line.strip()]
    line = lines[-1] if lines else f"the command ended with exit status {exit_status}"
    line = line.removeprefix("error: ")
    return (400 if exit_status == 2 else 500), {"error": line}


@dataclass
class Job:
    """One run of a command: its state (``running``, ``done``, ``failed``, ``stopped``), progress and answer."""

    id: str
    command: str
    page: str
    argv: list[str]
    time_limit: float
    state: str = "running"
    progress: float | None = None
    status: int = 0  # the HTTP status of the answer, once finished
    answer: Any = None
    started: float = field(default_factory=time.monotonic)
    ended: float | None = None
    finished: threading.Event = field(default_factory=threading.Event)
    process: Any = None
    solution: str | None = None  # the id of the solution a solve saves (:class:`.solutions.SolutionStore`)
    store: Any = None

    def view(self) -> dict[str, Any]:
        """What ``GET /api/jobs/ID`` answers: the state, the progress and, once finished, the answer or error."""
        view: dict[str, Any] = {"id": self.id, "command": self.command, "state": self.state, "progress": self.progress}
        view["seconds"] = round((self.ended or time.monotonic()) - self.started, 3)
        if self.state == "done":
            view["result"] = self.answer
            if self.solution is not None:
                view["solution"] = self.solution
        elif self.state != "running":
            view["error"] = self.answer["error"]
        return view

    def _finish(self, state: str, status: int, answer: Any) -> None:
        if self.finished.is_set():
            return
        self.state, self.status, self.answer = state, status, answer
        self.ended = time.monotonic()
        if state == "done":
            self.progress = 1.0
        self.finished.set()

    def stop(self, reason: str, status: int) -> None:
        """End the job now (Stop, the time limit): its process is killed and the job says why."""
        self._finish("stopped", status, {"error": reason})
        if self.process is not None and self.process.is_alive():
            self.process.kill()

    def watch(self, connection: Any) -> None:
        """Read the child's messages until it ends, is stopped or passes the time limit (the job's thread)."""
        deadline = self.started + self.time_limit
        try:
            while not self.finished.is_set():
                left = deadline - time.monotonic()
                if left <= 0:
                    limit = f"{self.time_limit:g}"
                    self.stop(f"stopped: the job ran longer than the time limit of {limit} s", 504)
                    break
                if not connection.poll(min(left, 0.2)):
                    continue
                message = connection.recv()
                if message[0] == "progress":
                    self.progress = message[1]
                else:
                    status, answer = outcome(*message[1:])
                    if status == 200 and self.solution is not None:
                        self.store.keep(self.solution)  # before "done": the page asks for it at once
                    self._finish("done" if status == 200 else "failed", status, answer)
        except (EOFError, OSError):  # the child died without a word (killed by Stop, or out of memory)
            self._finish("failed", 500, {"error": "the job's process ended without an answer"})
        finally:
            connection.close()
            if self.process is not None:
                self.process.join(timeout=5)
            if self.solution is not None and self.state != "done":
                self.store.discard(self.solution)  # after the join: a killed solve writes no more


class JobManager:
    """The jobs of one server: start, read, stop; at most one running per page and :data:`MAX_RUNNING` in all."""

    def __init__(self, time_limit: float = JOB_TIME_LIMIT, max_running: int = MAX_RUNNING) -> None:
        self.time_limit, self.max_running = time_limit, max_running
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.context = multiprocessing.get_context("forkserver")
        # Imported once by the fork server, so every job starts with pokerlab loaded: the solver's kernels too
        # (:mod:`.warm`), as browsing a solved tree runs one `solve show` per node.
        self.context.set_forkserver_preload(_PRELOAD)

    def start(self, command: str, argv: list[str], page: str, solution: str | None = None, store: Any = None) -> Job:
        """Start ``pokerlab ARGV`` as a job of ``page``; :class:`Busy` when the page or the server is busy.

        A solve that saves its solution names it: ``solution`` (its id), kept in ``store`` once the job is done.
        """
        from . import worker  # a job's code (the whole command line): loaded with the first job, not the server

        with self.lock:
            running = [job for job in self.jobs.values() if not job.finished.is_set()]
            if any(job.page == page for job in running):
                raise Busy("a job is already running on this page: stop it or wait for it to finish")
            if len(running) >= self.max_running:
                raise Busy(f"{len(running)} jobs are running already, the most at once: wait for one to finish")
            job = Job(secrets.token_hex(8), command, page, argv, self.time_limit, solution=solution, store=store)
            self.jobs[job.id] = job
            self._forget_old()
        ours, theirs = self.context.Pipe(duplex=False)
        job.process = self.context.Process(target=worker.run, args=(argv, theirs), daemon=True)
        job.process.start()
        theirs.close()
        threading.Thread(target=job.watch, args=(ours,), name=f"pokerlab-job-{job.id}", daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        """The job of this id, or None."""
        return self.jobs.get(job_id)

    def stop_all(self) -> None:
        """Stop every running job (the server is stopping)."""
        for job in list(self.jobs.values()):
            job.stop("stopped: the server is stopping", 503)

    def _forget_old(self) -> None:
        finished = [job_id for job_id, job in self.jobs.items() if job.finished.is_set()]
        for job_id in finished[: max(0, len(finished) - _KEEP_FINISHED)]:
            del self.jobs[job_id]
