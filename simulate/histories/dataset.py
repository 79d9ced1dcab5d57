"""Replay a folder tree of PHH files (a dataset), hand by hand, into one summary.

Files are read one hand at a time, so a dataset of any size replays in little memory. A bad hand
is counted and reading goes on with the next one; a file that cannot be read at all (not UTF-8, no
hands, a broken ``.phh``) is listed with its error, after the hands read before the problem.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.phhs").write_text('[1]\\nvariant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [0.5, 1]\\n'
...     'min_bet = 1\\nstarting_stacks = [10, 10]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n'
...     'winnings = [1.5, 0]\\n[2]\\nvariant = 7\\n')
>>> summary = replay_tree(folder)
>>> summary.hands, summary.counts["ok"], summary.counts["unreadable"]
(2, 1, 1)
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...threads import MAX_JOBS, can_fork, ignore_interrupts
from .errors import PHHError
from .fast_reading import read_small
from .fast_replay import certainly_ok
from .rake import NO_MORE_THAN_10_PERCENT, RakeLimit
from .statuses import DIFFERS, ILLEGAL, OK, STATUSES, UNFINISHED, UNREADABLE

if TYPE_CHECKING:
    from .results import ReplayResult

SUFFIXES = (".phh", ".phhs")


@dataclass
class ReplaySummary:
    """Counts by status, the first few reasons of each kind of problem, and the files that failed.

    ``counts`` maps each status (``"ok"``, ``"unknown outcome"``, ``"winnings not recorded"``, ``"differs"``,
    ``"unfinished"``, ``"illegal"``, ``"unreadable"``) to its number of hands; ``examples`` the first ``keep`` of each
    non-ok status as ``"file: hand [label]: reason"``; ``causes`` each :attr:`ReplayBreak.cause
    <pokerlab.simulate.histories.results.ReplayBreak.cause>` (``"out-of-turn"``...) to its number of hands;
    ``failed_files`` ``(file, error)``.

    >>> summary = ReplaySummary("hands/")
    >>> summary.add("ok", "hands/a.phh: hand [1]")
    >>> summary.add("illegal", "hands/b.phh: hand [1]", "p2 cbr 3: you may raise to between 4 and 100, not 3")
    >>> summary.counts["ok"], summary.problems, summary.examples["illegal"]
    (1, 1, ['hands/b.phh: hand [1]: p2 cbr 3: you may raise to between 4 and 100, not 3'])
    """

    root: str
    files: int = 0
    hands: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    examples: dict[str, list[str]] = field(default_factory=dict)
    causes: dict[str, int] = field(default_factory=dict)
    failed_files: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    keep: int = 5

    @property
    def problems(self) -> int:
        """Hands that break a rule or PHH, differ from their record, or end early (not unknown outcomes)."""
        return sum(self.counts[s] for s in (DIFFERS, UNFINISHED, ILLEGAL, UNREADABLE))

    def add(self, status: str, where: str, reason: str | None = None, cause: str | None = None) -> None:
        """Count one hand (and its ``cause``, if any); keep its reason if it is among the first ``keep`` of its status.

        >>> summary = ReplaySummary("data")
        >>> summary.add("illegal", "a.phhs: hand [3]", "p2 acts out of turn", cause="out-of-turn")
        >>> summary.counts["illegal"], summary.examples["illegal"], summary.problems, summary.causes
        (1, ['a.phhs: hand [3]: p2 acts out of turn'], 1, {'out-of-turn': 1})
        """
        self.hands += 1
        self.counts[status] += 1
        if cause is not None:
            self.causes[cause] = self.causes.get(cause, 0) + 1
        if status != OK:
            kept = self.examples.setdefault(status, [])
            if len(kept) < self.keep:
                kept.append(f"{where}: {reason}" if reason else where)

    def merge(self, part: ReplaySummary) -> None:
        """Add another summary's files, hands, reasons and failures to this one (``part`` comes after it).

        >>> whole, part = ReplaySummary("data"), ReplaySummary("data")
        >>> whole.add("ok", "a.phh: hand [1]"); part.add("differs", "b.phh: hand [1]", "p1 wins 3, not 4")
        >>> whole.merge(part)
        >>> whole.hands, whole.counts["ok"], whole.examples["differs"]
        (2, 1, ['b.phh: hand [1]: p1 wins 3, not 4'])
        """
        self.files += part.files
        self.hands += part.hands
        for status, count in part.counts.items():
            self.counts[status] += count
        for cause, count in part.causes.items():
            self.causes[cause] = self.causes.get(cause, 0) + count
        for status, examples in part.examples.items():
            kept = self.examples.setdefault(status, [])
            kept.extend(examples[: max(self.keep - len(kept), 0)])
        self.failed_files.extend(part.failed_files)
        self.warnings.extend(part.warnings)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary."""
        return {
            "root": self.root,
            "files": self.files,
            "hands": self.hands,
            "counts": dict(self.counts),
            "examples": {k: list(v) for k, v in self.examples.items()},
            "failed_files": [{"file": f, "error": e} for f, e in self.failed_files],
            "warnings": list(self.warnings),
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds > 0 else None,
        }

    def table(self) -> str:
        """The summary as text lines."""
        lines = [f"{self.root}: {self.files} file(s), {self.hands} hand(s) read in {self.seconds:.1f} s"]
        for status in STATUSES:
            lines.append(f"  {status:<16}{self.counts[status]:>10,}")
            for example in self.examples.get(status, []):
                lines.append(f"      {example}")
        lines.append(f"  files that failed to parse: {len(self.failed_files)}")
        for name, error in self.failed_files[: self.keep]:
            lines.append(f"      {error if error.startswith(name) else name + ': ' + error}")
        return "\n".join(lines)


def phh_files(root: str | Path) -> list[Path]:
    """The ``.phh``/``.phhs`` files under ``root`` (a file is itself), in sorted order.

    >>> phh_files("no/such/folder")
    []
    """
    top = Path(root)
    if top.is_file():
        return [top]
    return [Path(name) for name in _phh_paths(top)]


def _phh_paths(top: Path) -> list[str]:
    """:func:`phh_files` under a folder, as the strings a replay opens (a Path a file was a tenth of a replay's
    walk and reading on a folder of one-hand files)."""
    found: list[str] = []
    for folder, dirs, names in os.walk(top):
        dirs.sort()
        prefix = str(Path(folder, "x"))[:-1]  # "data/sub/", or "" in "." : each name's path, as Path spells it
        found.extend(prefix + n for n in sorted(names) if n.endswith(SUFFIXES))
    return found


def iter_results(
    path: str | Path,
    *,
    fill_skipped: bool = False,
    warn: Callable[[str], None] | None = None,
    rake: RakeLimit = NO_MORE_THAN_10_PERCENT,
    steps: bool = False,
) -> Iterator[tuple[str, ReplayResult | PHHError]]:
    """``(label, result)`` for each hand of one file; a hand that is not PHH gives its :class:`PHHError`.

    Errors with the file as a whole (unreadable, not UTF-8, no hands) are raised after the hands before them.
    Results carry no steps unless ``steps`` (see :func:`~pokerlab.simulate.histories.replay.replay`).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "one.phh"
    >>> _ = path.write_text('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    ...     'starting_stacks = [50, 50]\\nactions = ["p2 f"]\\nfinishing_stacks = [51, 49]\\n')
    >>> [(label, result.status, result.stacks) for label, result in iter_results(path)]
    [('1', 'ok', [51, 49])]
    """
    from .reading import read  # the full reader: only for what the fast path above cannot take
    from .replay import replay_read  # as read above

    # read() reads a str holding a line break as a file's text: a path with one goes as a Path, any other as given
    # (a Path would drop a "./" from the name the messages show).
    source = Path(path) if isinstance(path, str) and "\n" in path else path
    for label, hand, places in read(source, recover=True, money_places=True, warn=warn):
        if isinstance(hand, PHHError):
            yield label, hand
            continue
        result = replay_read(hand, places, fill_skipped=fill_skipped, checked=True, steps=steps, rake=rake)
        if result.error is not None and result.error.kind == "phh":
            yield label, result.error.as_phh_error(hand=label, file=str(path))
        else:
            yield label, result


def replay_tree(
    root: str | Path,
    *,
    fill_skipped: bool = False,
    progress: Callable[[int, int], None] | None = None,
    keep: int = 5,
    rake: RakeLimit = NO_MORE_THAN_10_PERCENT,
    on_hand: Callable[[Path, str, ReplayResult | PHHError], object] | None = None,
    jobs: int = 1,
) -> ReplaySummary:
    """Replay every hand of every ``.phh``/``.phhs`` file under ``root`` (see the module example).

    ``fill_skipped``: see :func:`~pokerlab.simulate.histories.replay.replay`. ``progress(done, total)``
    is called after each file with bytes read so far and in all (with ``jobs``, after each share of files).
    ``on_hand(file, label, result)`` is called with each hand's result (or :class:`PHHError`) as it is
    counted, for a caller that wants more than the summary (each hand's final stacks, say).
    ``jobs``: worker processes (0: one per core that no other process keeps busy), forked on Linux while no other
    thread runs; a folder of fewer than 1,000 files, one file, or a process elsewhere replays in this process. The
    summary is the same either way. No more workers start than the cores this process may run on (``jobs`` above
    them means one per core) or the shares of files (16 files at least each); ``jobs`` past
    :data:`~pokerlab.threads.MAX_JOBS` or below 0 is a ValueError.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.phh").write_text('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n'
    ...     'min_bet = 2\\nstarting_stacks = [9, 9]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> stacks = []
    >>> summary = replay_tree(folder, on_hand=lambda file, label, result: stacks.append(result.stacks))
    >>> summary.files, summary.counts["ok"], stacks
    (1, 1, [[10, 8]])
    """
    workers = _workers(jobs)
    if on_hand is not None and workers > 1:
        raise ValueError("on_hand is called in this process only: give it with jobs=1")
    top = Path(root)
    files = [str(top)] if top.is_file() else _phh_paths(top)
    options = _Options(str(root), keep, fill_skipped, rake)
    summary = ReplaySummary(str(root), keep=keep)
    started = time.perf_counter()
    if workers > 1 and len(files) >= max(_FEWEST_FILES_FOR_WORKERS, 2 * _SMALLEST_SHARE) and can_fork():
        _replay_in_workers(summary, files, options, workers, progress)
    else:
        sizes = [_size(f) for f in files] if progress is not None else [0] * len(files)  # a stat a file: only for it
        total, done = sum(sizes), 0
        for path, size in zip(files, sizes):
            _replay_file_into(summary, path, options, on_hand)
            done += size
            if progress is not None:
                progress(done, total)
    summary.seconds = time.perf_counter() - started
    return summary


@dataclass(frozen=True)
class _Options:
    """What every file of one replay is replayed with (sent to each worker process)."""

    root: str
    keep: int
    fill_skipped: bool
    rake: RakeLimit


def _replay_file_into(
    summary: ReplaySummary,
    path: str,
    options: _Options,
    on_hand: Callable[[Path, str, ReplayResult | PHHError], object] | None,
) -> None:
    """Count every hand of one file into ``summary``; a file that cannot be read is listed with its error."""
    counts = summary.counts
    summary.files += 1
    if on_hand is None and path.endswith(".phh"):
        # A plain hand the fast path confirms ok is counted as the engine would count it; any other is replayed.
        text = read_small(path)
        if text is not None and certainly_ok(text):
            summary.hands += 1
            counts[OK] += 1
            return
    try:
        hands = iter_results(path, fill_skipped=options.fill_skipped, warn=summary.warnings.append, rake=options.rake)
        for label, outcome in hands:
            if on_hand is not None:
                on_hand(Path(path), label, outcome)
            if isinstance(outcome, PHHError):
                summary.add(UNREADABLE, str(outcome))
                continue
            status = outcome.status
            if status == OK:  # summary.add's count, without the reason nobody reads
                summary.hands += 1
                counts[OK] += 1
            else:
                reason = "; ".join(outcome.problems) or outcome.unknown_outcome
                cause = None if outcome.error is None else outcome.error.cause
                summary.add(status, f"{path}: hand [{label}]", reason, cause)
    except PHHError as exc:
        summary.failed_files.append((str(path), str(exc)))
    except OSError as exc:
        summary.failed_files.append((str(path), f"{path}: {exc.strerror or exc}"))


# Files a worker is sent at a time: enough that sending them costs little beside replaying them (a share
# is a few milliseconds of work at the least), few enough that the workers finish together and progress moves.
_SMALLEST_SHARE, _LARGEST_SHARE = 16, 256
# Starting two workers costs about what replaying 150 one-hand files through the engine does (2 cores: 100 files
# took 14 ms in one process and 16-31 ms in two, 300 files 43 ms and 39 ms); the fast path replays a plain hand in
# about a third of that, so a folder of fewer files than this replays in this process.
_FEWEST_FILES_FOR_WORKERS = 1000


def _workers(jobs: int) -> int:
    """Worker processes for ``jobs``: for 0, one per core this process may run on that no other process keeps busy
    now (:func:`_idle_cores`); never more than the cores (a process beyond them only waits its turn, with its own
    copy of the memory it writes).

    >>> _workers(1), _workers(0) <= _workers(MAX_JOBS)
    (1, True)
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 0 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be a whole number from 0 to {MAX_JOBS} (0: one per core), not {jobs!r}")
    from ...threads import available_cores  # looked up at each call: tests set the cores

    cores = available_cores()
    return _idle_cores(cores) if jobs == 0 else min(jobs, cores)


def _idle_cores(cores: int) -> int:
    """Of ``cores``, those no other process is running on at this moment (at least one): a worker on a busy core
    only takes turns with that process, and the folder replays slower than in this process alone. Linux counts
    the processes running now in /proc/loadavg (this one among them); elsewhere all ``cores`` count as idle.

    >>> 1 <= _idle_cores(2) <= 2
    True
    """
    try:
        with open("/proc/loadavg", encoding="ascii") as handle:
            running = int(handle.read().split()[3].split("/")[0])
    except (OSError, ValueError, IndexError):
        return cores
    return max(1, min(cores, cores - (running - 1)))


def _replay_in_workers(
    summary: ReplaySummary,
    files: list[str],
    options: _Options,
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Replay ``files`` in ``workers`` forked processes, a share of files at a time, merged in file order. When a
    worker dies (memory running out, a signal), the shares not merged yet are replayed in this process, with a
    warning: the summary is whole either way."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    size = max(_SMALLEST_SHARE, min(_LARGEST_SHARE, -(-len(files) // (4 * workers))))
    shares = [files[i : i + size] for i in range(0, len(files), size)]
    context = multiprocessing.get_context("fork")
    # A forked pool starts all its workers at once: none beyond the shares, which would idle.
    workers = min(workers, len(shares))
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=ignore_interrupts)
    done = 0
    # The garbage collector leaves the objects of the moment of the fork alone, in the parent and the workers:
    # scanning them would write to their memory pages, which a fork shares until one side writes (in a process
    # holding 3 M objects, two workers replayed a folder 1.63x as fast as one process, 1.73x with this).
    gc.freeze()
    try:
        for part in pool.map(partial(_replay_share, options), shares):
            summary.merge(part)
            done += 1
            if progress is not None:
                progress(done, len(shares))
    except BrokenProcessPool as exc:
        summary.warnings.append(f"the worker processes stopped ({exc}); the rest was replayed in this process")
    except BaseException:  # Ctrl-C: shares not started are dropped; each worker ends with the share it holds
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    finally:
        gc.unfreeze()
    pool.shutdown()
    for share in shares[done:]:
        summary.merge(_replay_share(options, share))
        done += 1
        if progress is not None:
            progress(done, len(shares))


def _replay_share(options: _Options, files: list[str]) -> ReplaySummary:
    """One worker's summary of a share of files."""
    part = ReplaySummary(options.root, keep=options.keep)
    for path in files:
        _replay_file_into(part, path, options, None)
    return part


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
