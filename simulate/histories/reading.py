"""Reading ``.phh`` (one hand) and ``.phhs`` (many) texts and files, one hand at a time.

A ``.phhs`` file is a TOML document whose tables ``[1]``, ``[2]``... each hold one hand; a ``.phh`` file is
one hand's fields at the top level. :func:`read` reads either, from a path, a text or an open file, one hand at
a time; :func:`loads` and :func:`load` read one hand's ``.phh`` text or file whole, as :mod:`json`'s and
:mod:`tomllib`'s functions of those names read one document: they undo the writer's ``dumps`` and ``dump``.
"""

from __future__ import annotations

import errno
import functools
import io
import os
import stat
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, Literal, overload

from .codes import PHHError
from .fields import from_dict, hand_and_places, short_repr, unknown_fields
from .hand import HandHistory
from .toml_reader import LineScanner, fast_toml, parse_toml

#: The most characters one hand's text may hold: a hand is a few thousand, and a longer one (a file of blank lines,
#: one endless line) stops its file there. Reading holds one hand's text at a time, so this, not the file's size,
#: bounds the memory a read takes.
MAX_HAND_CHARS = 1 << 20

#: What :func:`read` reads: a path, a file's text, or an open file (or any iterable of a file's lines).
Source = str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str]
#: Where :func:`read` reports the fields PHH does not define (None: as a :class:`PHHWarning`).
Warn = Callable[[str], None] | None


def _content(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _chunks(lines: Iterable[str]) -> Iterator[tuple[str | None, int, str]]:
    """``(table key, first line, text)`` of each hand: one table of a ``.phhs`` file at a time.

    A file with top-level fields before any table is one ``.phh`` hand: key None, the whole text.
    Memory holds one hand's lines at a time; a hand of more than :data:`MAX_HAND_CHARS` is a PHHError.
    """
    scanner = LineScanner()
    key: str | None = None
    buffer: list[str] = []
    first = 1
    single = False
    size, most = 0, MAX_HAND_CHARS
    for number, line in enumerate(lines, start=1):
        if scanner.closing is None and not (
            "[" in line or "]" in line or "{" in line or "}" in line or '"""' in line or "'''" in line
        ):
            # Most lines (an action, a scalar field) can neither start a table nor open or close a value:
            # skipping the scanner's two calls for them halved this loop's time (bench files, cProfile).
            scanner.line += 1
        else:
            try:
                header = scanner.header_key(line)
            except PHHError as exc:
                raise exc.located(hand=key or "1") from None
            if header is not None and not single:
                if key is None and any(_content(b) for b in buffer):
                    single = True  # fields before the first table: the whole file is one hand
                elif header != key:
                    if key is not None:
                        yield key, first, "".join(buffer)
                    key, buffer, first, size = header, [], number, 0
        size += len(line)
        if size > most:
            reason = f"more than {most:,} characters from line {first} on, where a hand holds a few thousand"
            raise PHHError(f"{reason}: the file is not read further", hand=key or "1")
        buffer.append(line)
    if single or (key is None and any(_content(b) for b in buffer)):
        yield None, 1, "".join(buffer)
    elif key is not None:
        yield key, first, "".join(buffer)


class PHHWarning(UserWarning):
    """Something in a PHH file pokerlab keeps but does not use (a field the standard does not define).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     text = 'variant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []\\n'
    ...     text += 'shoe = 1\\n'
    ...     _ = list(read(text))
    >>> [(w.category.__name__, str(w.message)) for w in caught]
    [('PHHWarning', 'hand [1]: field(s) the PHH standard does not define, kept: shoe')]
    """


SOURCE_KINDS = "a path, the text of a .phh/.phhs file, or an open file (text or binary)"


@overload
def read(
    source: Source, *, recover: Literal[False] = ..., money_places: Literal[False] = ..., warn: Warn = ...
) -> Iterator[tuple[str, HandHistory]]: ...
@overload
def read(
    source: Source, *, recover: bool = ..., money_places: Literal[False] = ..., warn: Warn = ...
) -> Iterator[tuple[str, HandHistory | PHHError]]: ...
@overload
def read(
    source: Source, *, recover: bool = ..., money_places: Literal[True], warn: Warn = ...
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]: ...
def read(
    source: Source, *, recover: bool = False, money_places: bool = False, warn: Warn = None
) -> Iterator[tuple[str, HandHistory | PHHError] | tuple[str, HandHistory | PHHError, int | None]]:
    """An iterator of ``(label, hand)``, each hand of a ``.phh`` or ``.phhs`` file, parsed one hand at a time.

    ``source`` is a path (a :class:`~pathlib.Path`, or a ``str`` without a line break), the text of a file (a
    ``str`` with one: a hand's text always has several lines), or an open file, text or binary. ``label`` is the
    hand's table key in a ``.phhs`` file (``"1"``...), ``"1"`` for a ``.phh`` file.

    Any problem is a :class:`PHHError` naming the file, the hand and the field; an unreadable path is an OSError
    (a FIFO, a device or a file over :data:`MAX_FILE_BYTES` is refused unopened, a file holding a NUL byte in its
    first bytes unread). Reading holds one hand's text at a time, at most :data:`MAX_HAND_CHARS` characters (a
    file of at most :data:`WHOLE_FILE_BYTES` is read in one call).

    ``recover``: a bad hand of a ``.phhs`` file is yielded as its :class:`PHHError` and reading goes on with the
    next; problems with the file as a whole (not UTF-8, nesting too deep, no hands, a bad ``.phh`` file) are still
    raised, after the hands before them. ``money_places``: each item also holds the hand's
    :meth:`~HandHistory.money_places` when the reader found it in the amounts' text (else None), which
    :func:`~pokerlab.simulate.histories.replay.replay_read` takes. Fields PHH does not define are kept; each is
    reported once per file, to ``warn`` (default: a :class:`PHHWarning`).

    >>> hand = 'variant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []\\n'
    >>> [(label, hand.variant) for label, hand in read("[1]\\n" + hand + "[2]\\n" + hand)]
    [('1', 'NT'), ('2', 'NT')]
    >>> [(label, type(hand).__name__) for label, hand in read("[1]\\nvariant = 7\\n[2]\\n" + hand, recover=True)]
    [('1', 'PHHError'), ('2', 'HandHistory')]
    >>> [places for _, _, places in read(hand.replace("[9, 9]", "[9.50, 9]"), money_places=True)]
    [2]
    """
    # Not a generator itself: a folder's replay reads each file through one generator, as fast as a reader of paths
    # alone. ``extra``: the frame _without_places puts between the reading and the caller, for a warning's stacklevel.
    extra = 0 if money_places else 1
    if isinstance(source, str):  # before os.PathLike, an ABC: a str path is what a folder's replay gives, per file
        if "\n" in source:
            hands = _hands(_chunks(io.StringIO(source, newline="")), None, warn, recover, stacklevel=4 + extra)
        else:
            hands = _read_path(source, warn, recover, extra)
    elif isinstance(source, os.PathLike):
        hands = _read_path(os.fspath(source), warn, recover, extra)
    elif hasattr(source, "read") or isinstance(source, Iterable):
        hands = _read_file(source, warn, recover, extra)
    else:
        raise TypeError(f"read() takes {SOURCE_KINDS}, got {type(source).__name__}")
    return hands if money_places else _without_places(hands)


def _without_places(
    hands: Iterator[tuple[str, HandHistory | PHHError, int | None]],
) -> Iterator[tuple[str, HandHistory | PHHError]]:
    for label, hand, _ in hands:
        yield label, hand


def _read_file(
    file: IO[str] | IO[bytes] | Iterable[str], warn: Warn, recover: bool, extra: int
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]:
    """The hands of an open file (or any iterable of a file's lines), its errors naming it when it has a name."""
    name = getattr(file, "name", None)
    source = name if isinstance(name, str) else None
    if isinstance(file, (io.RawIOBase, io.BufferedIOBase)):
        text = io.TextIOWrapper(file, encoding="utf-8", newline="")
        try:
            yield from _hands(_chunks(_file_lines(text)), source, warn, recover, stacklevel=5 + extra)
        finally:
            text.detach()  # the caller's file stays open
        return
    lines = _file_lines(file) if hasattr(file, "readline") else file  # type: ignore[arg-type]
    yield from _hands(_chunks(lines), source, warn, recover, stacklevel=5 + extra)


def _hands(
    chunks: Iterable[tuple[str | None, int, str]], source: str | None, warn: Warn, recover: bool, stacklevel: int
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]:
    """``(label, hand or its error, money places)`` of each chunk; ``stacklevel``: a warning's, for the caller of
    :func:`read` (this function's frame is the third)."""
    seen = False
    key: str | None = None
    reported: set[str] = set()

    def checked(label: str, read: tuple[HandHistory, int | None]) -> tuple[str, HandHistory, int | None]:
        _report_unknown_fields(read[0], label, source, warn, reported, stacklevel)
        return label, read[0], read[1]

    try:
        for key, first, text in chunks:
            seen = True
            if key is None:
                data = parse_toml(text, first, scanned=True)
                key = "1"
                yield checked(key, hand_and_places(data))
                continue
            try:
                data = parse_toml(text, first, scanned=True)
                hands = []
                for name, table in data.items():
                    if not isinstance(table, dict):
                        raise PHHError(f"a .phhs file holds one table per hand; {short_repr(name)} is not a table")
                    hands.append(checked(str(name), _located(table, str(name))))
            except PHHError as exc:
                if not recover:
                    raise
                yield key, exc.located(hand=key, file=source), None
                continue
            yield from hands
    except PHHError as exc:
        raise exc.located(hand=key, file=source) from None
    except UnicodeDecodeError as exc:
        raise PHHError(f"not UTF-8 text: {exc}", hand=key, file=source) from None
    if not seen:
        raise PHHError("holds no hands (an empty file, or only comments)", file=source)


def _report_unknown_fields(
    hand: HandHistory,
    label: str,
    source: str | None,
    warn: Callable[[str], None] | None,
    reported: set[str],
    stacklevel: int,
) -> None:
    """Report the fields of ``hand`` PHH does not define that are not in ``reported`` yet (then they are), to
    ``warn`` or as a :class:`PHHWarning` (``stacklevel``: the reader's caller)."""
    new = [name for name in unknown_fields(hand) if name not in reported]
    if new:
        reported.update(new)
        where = f"{source}: " if source else ""
        message = f"{where}hand [{label}]: field(s) the PHH standard does not define, kept: {', '.join(new)}"
        if warn is None:
            warnings.warn(message, PHHWarning, stacklevel=stacklevel)
        else:
            warn(message)


def _located(table: dict[str, Any], key: str) -> tuple[HandHistory, int | None]:
    try:
        return hand_and_places(table)
    except PHHError as exc:
        raise exc.located(hand=key) from None


def loads(text: str) -> HandHistory:
    """One hand from the text of a ``.phh`` file.

    >>> hand = loads('variant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []')
    >>> hand.variant, hand.starting_stacks
    ('NT', [9, 9])
    """
    try:
        return from_dict(parse_toml(text))
    except PHHError as exc:
        raise exc.located(hand="1") from None


#: The largest history file read (a .phhs of about two million hands); a larger one is refused unread.
MAX_FILE_BYTES = 1 << 30


def _open_history(path: str | os.PathLike[str], newline: str | None = "") -> IO[str]:
    """Open a history file for reading: only a regular file of at most ``MAX_FILE_BYTES``, else an OSError;
    one whose first bytes hold a NUL byte is binary, a :class:`PHHError`.

    A FIFO would block the read forever and a device such as /dev/zero never ends: both are refused before
    they are opened, with the reason, and a reader lists them as unreadable.

    >>> _open_history("/dev/null")
    Traceback (most recent call last):
    ...
    OSError: [Errno 22] not a regular file (a FIFO, device or socket), not read: '/dev/null'
    """
    _readable_size(path)
    handle = open(path, encoding="utf-8", newline=newline)
    try:
        _refuse_binary(handle.buffer.peek(_PROBE_BYTES)[:_PROBE_BYTES], path)  # type: ignore[attr-defined]
    except BaseException:
        handle.close()
        raise
    return handle


#: How many of a history file's first bytes are looked at for a NUL byte, which no TOML text holds.
_PROBE_BYTES = 4096


def _refuse_binary(head: bytes, path: str | os.PathLike[str]) -> None:
    """A PHHError if ``head``, a file's first bytes, holds a NUL byte: a binary file, refused before it is read.

    >>> _refuse_binary(b"variant = 'NT'\\n", "a.phh")
    >>> _refuse_binary(b"[1]\\n\\0\\0", "a.phh")
    Traceback (most recent call last):
    ...
    pokerlab.simulate.histories.errors.PHHError: a.phh: not a text file: a NUL byte at byte 4 (a binary file?)
    """
    at = head.find(b"\0", 0, _PROBE_BYTES)
    if at >= 0:
        raise PHHError(f"not a text file: a NUL byte at byte {at} (a binary file?)", file=str(path))


def _file_lines(handle: IO[str]) -> Iterator[str]:
    """The lines of an open history file, each read up to one character past :data:`MAX_HAND_CHARS` at most (a
    longer line is cut there: it makes its hand too long, which stops the read), not held whole first."""
    return iter(functools.partial(handle.readline, MAX_HAND_CHARS + 1), "")


def _readable_size(path: str | os.PathLike[str]) -> int:
    """The size of a history file that may be read (:func:`open_history`'s checks), else an OSError."""
    return _checked_size(os.stat(path), path)


def _checked_size(info: os.stat_result, path: str | os.PathLike[str]) -> int:
    """The size of a file of status ``info`` if a history file of that status may be read, else an OSError."""
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, "not a regular file (a FIFO, device or socket), not read", str(path))
    if info.st_size > MAX_FILE_BYTES:
        limit = f"{MAX_FILE_BYTES >> 20:,} MiB"
        raise OSError(errno.EFBIG, f"{info.st_size:,} bytes, more than the {limit} a history file may hold", str(path))
    return info.st_size


#: History files up to this size are read in one call (a one-hand ``.phh`` file is about a kilobyte); larger
#: ones a line at a time, so that a file of any length is read in little memory.
WHOLE_FILE_BYTES = 1 << 20


def _read_path(
    path: str, warn: Warn, recover: bool, extra: int
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]:
    """The hands of a history file, its errors naming it: :func:`read` given a path.

    A file of at most :data:`WHOLE_FILE_BYTES` is read in one call, and a one-hand file that the fast TOML
    reader reads whole is not cut into hands first: per file, that is most of the reading's cost on a folder
    of one-hand files. The hands, labels, errors and warnings are those of reading the file line by line.
    """
    text = _whole_text(path)
    if text is None:
        with _open_history(path) as handle:
            yield from _hands(_chunks(_file_lines(handle)), path, warn, recover, stacklevel=5 + extra)
        return
    parsed = fast_toml(text, shared=True)  # hand_and_places copies what it keeps
    if parsed and not any(type(value) is dict for value in parsed.values()):
        # Top-level fields only, every one plain: the one hand a line-by-line read would cut out and parse.
        try:
            hand, places = hand_and_places(parsed)
        except PHHError as exc:
            raise exc.located(hand="1", file=path) from None
        _report_unknown_fields(hand, "1", path, warn, set(), stacklevel=3 + extra)  # as _hands: the caller
        yield "1", hand, places
    else:
        yield from _hands(_chunks(io.StringIO(text, newline="")), path, warn, recover, stacklevel=5 + extra)


def _whole_text(path: str) -> str | None:
    """The text of a history file of at most :data:`WHOLE_FILE_BYTES`, read in one call (os.read: a third of the
    time of a text file's open and read); None for a larger file or one that is not UTF-8 (read line by line). A
    binary file is refused as :func:`_open_history` refuses it."""
    # Opened first and checked by fstat: one path lookup a file fewer. O_NONBLOCK, so that opening a FIFO does not
    # wait for a writer before the check refuses it.
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        size = _checked_size(os.fstat(handle), path)
        if size > WHOLE_FILE_BYTES:
            return None
        data = os.read(handle, size + 1)  # a regular file reads whole, up to its end
    finally:
        os.close(handle)
    if len(data) > size:
        return None  # it grew since: read it line by line
    _refuse_binary(data, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _text_of(file: str | os.PathLike[str] | IO[str] | IO[bytes]) -> str:
    """The text of one hand's file, a path or an open file: a file longer than a hand may be is refused, not read
    whole, and one that is not UTF-8 is a PHHError."""
    if isinstance(file, (str, os.PathLike)):
        name: str | None = os.fspath(file)
        with _open_history(file, newline=None) as handle:
            data: str | bytes = handle.read(MAX_HAND_CHARS + 1)
    else:
        name = getattr(file, "name", None)
        name = name if isinstance(name, str) else None
        # A character is at most 4 bytes in UTF-8: more bytes than that hold more characters than a hand may.
        data = file.read(4 * MAX_HAND_CHARS + 1)
    if isinstance(data, bytes):
        if len(data) > 4 * MAX_HAND_CHARS:
            data = "-" * (MAX_HAND_CHARS + 1)  # too long whatever its characters: refused below
        else:
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise PHHError(f"not UTF-8 text: {exc}", hand="1", file=name) from None
    if len(data) > MAX_HAND_CHARS:
        reason = f"more than {MAX_HAND_CHARS:,} characters, where a hand holds a few thousand: not read"
        raise PHHError(reason, hand="1", file=name)
    return data


def load(file: str | os.PathLike[str] | IO[str] | IO[bytes]) -> HandHistory:
    """One hand from a ``.phh`` file, given as a path or an open (text or binary) file, as pokerkit's ``load``.

    >>> import io
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []'
    >>> load(io.StringIO(text)).variant
    'NT'
    """
    return loads(_text_of(file))
