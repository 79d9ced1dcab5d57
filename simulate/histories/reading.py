"""Reading ``.phh`` (one hand) and ``.phhs`` (many) texts and files, one hand at a time.

A ``.phhs`` file is a TOML document whose tables ``[1]``, ``[2]``... each hold one hand; a ``.phh`` file is
one hand's fields at the top level.
"""

from __future__ import annotations

import errno
import functools
import io
import os
import stat
import warnings
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from .codes import PHHError
from .fields import from_dict, hand_and_places, short_repr, unknown_fields
from .hand import HandHistory
from .toml_reader import LineScanner, fast_toml, parse_toml

#: The most characters one hand's text may hold: a hand is a few thousand, and a longer one (a file of blank lines,
#: one endless line) stops its file there. Reading holds one hand's text at a time, so this, not the file's size,
#: bounds the memory a read takes.
MAX_HAND_CHARS = 1 << 20


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
    ...     _ = list(iter_hands(text.splitlines(keepends=True)))
    >>> [(w.category.__name__, str(w.message)) for w in caught]
    [('PHHWarning', 'hand [1]: field(s) the PHH standard does not define, kept: shoe')]
    """


def iter_hands(
    lines: Iterable[str], source: str | None = None, warn: Callable[[str], None] | None = None
) -> Iterator[tuple[str, HandHistory]]:
    """``(label, hand)`` for each hand of a ``.phh``/``.phhs`` text given line by line, parsed as it is read.

    ``label`` is the hand's table key in a ``.phhs`` file (``"1"``...), ``"1"`` for a ``.phh`` file.
    Any problem is a :class:`PHHError` naming ``source`` (the file), the hand and the field; a text with
    no hand at all is one too. Fields PHH does not define are kept; each is reported once per text,
    to ``warn`` (default: a :class:`PHHWarning`).

    >>> [label for label, _ in iter_hands(['[1]\\n', 'variant = "NT"\\n', 'antes = [0, 0]\\n', 'min_bet = 2\\n',
    ...  'starting_stacks = [9, 9]\\n', 'actions = []\\n'])]
    ['1']
    """
    for label, hand, _ in _hands(_chunks(lines), source, warn, recover=False):
        yield label, hand  # type: ignore[misc]


def iter_hands_recovering(
    lines: Iterable[str], source: str | None = None, warn: Callable[[str], None] | None = None
) -> Iterator[tuple[str, HandHistory | PHHError]]:
    """As :func:`iter_hands`, but a bad hand of a ``.phhs`` text is yielded as its :class:`PHHError` and
    reading goes on with the next hand. Problems with the text as a whole (not UTF-8, nesting too deep,
    no hands, a bad ``.phh`` file) are still raised.

    >>> text = ['[1]\\n', 'variant = 7\\n', '[2]\\n', 'variant = "NT"\\n', 'antes = [0, 0]\\n', 'min_bet = 2\\n',
    ...         'starting_stacks = [9, 9]\\n', 'actions = []\\n']
    >>> [(label, type(hand).__name__) for label, hand in iter_hands_recovering(text)]
    [('1', 'PHHError'), ('2', 'HandHistory')]
    """
    for label, hand, _ in _hands(_chunks(lines), source, warn, recover=True):
        yield label, hand


def read_hands_and_places(
    lines: Iterable[str], source: str | None = None, warn: Callable[[str], None] | None = None
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]:
    """As :func:`iter_hands_recovering`, with each hand's :meth:`~HandHistory.money_places` when the reader
    found it in the amounts' text (else None), for a replay straight from the reader.

    >>> [places for _, _, places in read_hands_and_places(['[1]\\n', 'variant = "NT"\\n', 'antes = [0, 0]\\n',
    ...  'min_bet = 1.00\\n', 'starting_stacks = [9.5, 9]\\n', 'actions = []\\n'])]
    [2]
    """
    yield from _hands(_chunks(lines), source, warn, recover=True)


def _hands(
    chunks: Iterable[tuple[str | None, int, str]], source: str | None, warn: Callable[[str], None] | None, recover: bool
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]:
    seen = False
    key: str | None = None
    reported: set[str] = set()

    def checked(label: str, read: tuple[HandHistory, int | None]) -> tuple[str, HandHistory, int | None]:
        _report_unknown_fields(read[0], label, source, warn, reported, stacklevel=5)
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


def loads_all(text: str) -> list[HandHistory]:
    """Every hand of a ``.phhs`` file (tables ``[1]``, ``[2]``...) or the single hand of a ``.phh`` file.

    >>> len(loads_all('[1]\\nvariant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []'))
    1
    """
    return [hand for _, hand in iter_hands(text.splitlines(keepends=True))]


#: The largest history file read (a .phhs of about two million hands); a larger one is refused unread.
MAX_FILE_BYTES = 1 << 30


def open_history(path: str | Path, newline: str | None = "") -> IO[str]:
    """Open a history file for reading: only a regular file of at most ``MAX_FILE_BYTES``, else an OSError;
    one whose first bytes hold a NUL byte is binary, a :class:`PHHError`.

    A FIFO would block the read forever and a device such as /dev/zero never ends: both are refused before
    they are opened, with the reason, and a reader lists them as unreadable.

    >>> open_history("/dev/null")
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


def _refuse_binary(head: bytes, path: str | Path) -> None:
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


def _readable_size(path: str | Path) -> int:
    """The size of a history file that may be read (:func:`open_history`'s checks), else an OSError."""
    return _checked_size(os.stat(path), path)


def _checked_size(info: os.stat_result, path: str | Path) -> int:
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


def read_file_hands_and_places(
    path: str | Path, warn: Callable[[str], None] | None = None
) -> Iterator[tuple[str, HandHistory | PHHError, int | None]]:
    """:func:`read_hands_and_places` on the lines of a file, its errors naming it: what a replay of a file reads.

    A file of at most :data:`WHOLE_FILE_BYTES` is read in one call, and a one-hand file that the fast TOML
    reader reads whole is not cut into hands first: per file, that is most of the reading's cost on a folder
    of one-hand files. The hands, labels, errors and warnings are those of reading the file line by line.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "one.phh"
    >>> _ = path.write_text("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n"
    ...     "starting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    >>> [(label, hand.actions, places) for label, hand, places in read_file_hands_and_places(path)]
    [('1', ['p2 f'], 0)]
    """
    source = str(path)
    text = _whole_text(source)
    if text is None:
        with open_history(source) as handle:
            yield from _hands(_chunks(_file_lines(handle)), source, warn, recover=True)
        return
    parsed = fast_toml(text, shared=True)  # hand_and_places copies what it keeps
    if parsed and not any(type(value) is dict for value in parsed.values()):
        # Top-level fields only, every one plain: the one hand a line-by-line read would cut out and parse.
        try:
            hand, places = hand_and_places(parsed)
        except PHHError as exc:
            raise exc.located(hand="1", file=source) from None
        _report_unknown_fields(hand, "1", source, warn, set(), stacklevel=3)  # as _hands: the reader's caller
        yield "1", hand, places
    else:
        yield from _hands(_chunks(io.StringIO(text, newline="")), source, warn, recover=True)


def _whole_text(path: str) -> str | None:
    """The text of a history file of at most :data:`WHOLE_FILE_BYTES`, read in one call (os.read: a third of the
    time of a text file's open and read); None for a larger file or one that is not UTF-8 (read line by line). A
    binary file is refused as :func:`open_history` refuses it."""
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


def iter_file(path: str | Path, warn: Callable[[str], None] | None = None) -> Iterator[tuple[str, HandHistory]]:
    """``(label, hand)`` for each hand of a ``.phh``/``.phhs`` file, read and parsed one hand at a time.

    Errors are :class:`PHHError` naming the file; an unreadable file is an OSError. ``warn``: as in
    :func:`iter_hands`.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "hands.phhs"
    >>> _ = path.write_text('[1]\\nvariant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\n'
    ...     'actions = []\\n[2]\\nvariant = "FT"\\nantes = [0, 0]\\nsmall_bet = 2\\nbig_bet = 4\\n'
    ...     'starting_stacks = [9, 9]\\nactions = []\\n')
    >>> [(label, hand.variant) for label, hand in iter_file(path)]
    [('1', 'NT'), ('2', 'FT')]
    """
    with open_history(path) as handle:
        yield from iter_hands(_file_lines(handle), source=str(path), warn=warn)


def load_file(path: str | Path) -> list[HandHistory]:
    """The hands of a ``.phh`` or ``.phhs`` file.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "hand.phh"
    >>> _ = path.write_text('variant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []')
    >>> [hand.variant for hand in load_file(path)]
    ['NT']
    """
    return [hand for _, hand in iter_file(path)]


def _text_of(file: str | Path | IO[str] | IO[bytes]) -> str:
    """The text of one hand's file: a file longer than a hand may be is refused, not read whole."""
    if isinstance(file, (str, Path)):
        with open_history(file, newline=None) as handle:
            text = handle.read(MAX_HAND_CHARS + 1)
        if len(text) > MAX_HAND_CHARS:
            reason = f"more than {MAX_HAND_CHARS:,} characters, where a hand holds a few thousand: not read"
            raise PHHError(reason, hand="1", file=str(file))
        return text
    data = file.read()
    return data.decode("utf-8") if isinstance(data, bytes) else data


def load(file: str | Path | IO[str] | IO[bytes]) -> HandHistory:
    """One hand from a ``.phh`` file, given as a path or an open (text or binary) file, as pokerkit's ``load``.

    >>> import io
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []'
    >>> load(io.StringIO(text)).variant
    'NT'
    """
    return loads(_text_of(file))


def load_all(file: str | Path | IO[str] | IO[bytes]) -> list[HandHistory]:
    """Every hand of a ``.phhs`` (or ``.phh``) file, given as a path or an open file.

    >>> import io
    >>> text = '[1]\\nvariant = "NT"\\nantes = [0, 0]\\nmin_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []\\n'
    >>> len(load_all(io.StringIO(text + text.replace("[1]", "[2]"))))
    2
    """
    if isinstance(file, (str, Path)):
        return load_file(file)
    return loads_all(_text_of(file))
