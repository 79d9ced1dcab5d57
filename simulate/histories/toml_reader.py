"""TOML text to tables: a fast reader for the plain TOML PHH files are made of, and ``tomllib`` for the rest.

A line scanner checks first how deeply values nest (``tomllib`` recurses once per level) and tells where each
table of a ``.phhs`` file starts.
"""

from __future__ import annotations

import datetime
import json
import re
import sys
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, packaged as tomli
    import tomli as tomllib  # type: ignore[no-redef]

from .codes import PHHError
from .money import UNKNOWN, Amount, CheckedAmounts, CheckedPosts

MAX_NESTING = 32  # arrays/inline tables nested deeper than this are refused (tomllib recurses per level)

# A TOML lexer just good enough to find where each hand's table starts and how deeply values nest,
# without parsing: strings (one-line and multi-line), comments and brackets.
_TOKEN = re.compile(r'"""|\'\'\'|"(?:[^"\\]|\\.)*"|\'[^\']*\'|#|[\[\]{}]|["\']')
_ONE_LINE_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')
_BRACKET = re.compile(r"[\[\]{}]")
_HEADER_KEY = re.compile(r'\s*\[\[?\s*("(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_-]+)')


class LineScanner:
    """Feeds lines; tells which start a top-level table, and refuses nesting deeper than ``MAX_NESTING``."""

    def __init__(self) -> None:
        self.closing: str | None = None  # inside a multi-line string: its closing quotes
        self.depth = 0
        self.line = 0

    def header_key(self, line: str) -> str | None:
        """The first key of the table header ``line`` starts (``"1"`` for ``[1]`` or ``[1.x]``), else None."""
        self.line += 1
        if self.closing is None and self.depth == 0 and line.lstrip().startswith("["):
            match = _HEADER_KEY.match(line)
            if match is not None:
                key = match.group(1)
                if key[0] == '"':
                    try:
                        return str(json.loads(key))
                    except ValueError:
                        return key
                return key.strip("'")
        self._scan(line)
        return None

    def _scan(self, line: str) -> None:
        if self.closing is None and '"""' not in line and "'''" not in line:
            if "[" not in line and "]" not in line and "{" not in line and "}" not in line:
                return  # nothing here can open or close a value, or a multi-line string
            if self._follow_brackets(line):
                return
        self._follow_tokens(line)

    def _follow_brackets(self, line: str) -> bool:
        """The usual line: drop its one-line strings and comment, then follow the brackets left.

        False (nothing followed) when a quote is left over: the token scan reads that line.
        """
        bare = _ONE_LINE_STRING.sub("", line)
        if '"' in bare or "'" in bare:
            return False
        for token in _BRACKET.findall(bare.split("#", 1)[0]):
            if token in "[{":
                self._open()
            elif self.depth:
                self.depth -= 1
        return True

    def _follow_tokens(self, line: str) -> None:
        """Any line, token by token: strings (a multi-line one may open or close here), comments, brackets."""
        pos = 0
        if self.closing is not None:
            end = line.find(self.closing)
            if end < 0:
                return
            pos, self.closing = end + 3, None
        for match in _TOKEN.finditer(line, pos):
            if match.start() < pos:
                continue
            token = match.group()
            if token == "#" or token in "\"'":
                return
            if token in ('"""', "'''"):
                end = line.find(token, match.end())
                if end < 0:
                    self.closing = token
                    return
                pos = end + 3
            elif token in "[{":
                self._open()
            elif token in "]}":
                self.depth = max(0, self.depth - 1)

    def _open(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise PHHError(f"values nested more than {MAX_NESTING} deep (at line {self.line})")


# A fast reader for the plain TOML PHH files are made of: "key = value" lines and "[n]" headers, values
# that are strings without escapes, whole or decimal numbers, booleans, times, and arrays of those (one
# or several lines). Anything else (escapes, comments after values, inline tables, dates, inf...) is left
# to tomllib, which also reports every error; for what it accepts, it gives what tomllib gives.
# TOML whitespace: space and tab. The value is taken whole and its trailing whitespace stripped after: a lazy
# ``(.*?)[ \t]*`` tried the end at every character, 3.7 us against 0.4 for a 150-character line (timeit).
_FAST_KEY = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*)")
_FAST_HEADER = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\]")
_FAST_ITEM = re.compile(
    r"[ \t]*('[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\"|[+\-.:0-9A-Za-z]+)[ \t]*(,|\Z)"
)
_FAST_ITEM_TEXT = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\"|[+\-.:0-9A-Za-z]+"
_FAST_ARRAY = re.compile(rf"[ \t]*(?:(?:{_FAST_ITEM_TEXT})[ \t]*,[ \t]*)*(?:(?:{_FAST_ITEM_TEXT})[ \t]*)?")
_FAST_ARRAY_ITEM = re.compile(_FAST_ITEM_TEXT)
#: The most digits int() reads (Python 3.11's default limit is 4300; none before it).
_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 0)() or 1 << 62
_FAST_NUMBER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(\.[0-9]+)?")  # a whole number, or a decimal (group 1)
_FAST_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])")
_NO = object()


def _fast_scalar(raw: str) -> Any:
    first = raw[:1]
    if first == "'" or first == '"':
        return raw[1:-1] if len(raw) >= 2 and raw[-1] == first and _FAST_ITEM.fullmatch(raw) else _NO
    if raw == "true" or raw == "false":
        return raw == "true"
    number = _FAST_NUMBER.fullmatch(raw)
    if number is not None:
        if number.group(1):
            return Decimal(raw)
        return int(raw) if len(raw) <= _INT_DIGITS else _NO  # too long for int(): the full parser says why
    match = _FAST_TIME.fullmatch(raw)
    if match:
        hour, minute, second = (int(part) for part in match.groups())
        return datetime.time(hour, minute, second)
    return _NO


# The arrays every hand has, read by one regex each (measured on the bench's files: the general item loop
# below took 40% of the fast reader's time; these take half as long for the same arrays).
_FAST_STRING_TEXT = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'
_FAST_STRINGS = re.compile(rf"\[[ \t]*(?:{_FAST_STRING_TEXT}[ \t]*,[ \t]*)*(?:{_FAST_STRING_TEXT}[ \t]*)?\]")
_FAST_STRING_ITEM = re.compile(r'"([^"]*)"')
# The same for literal strings (single quotes, as the public dataset writes its arrays).
_FAST_LITERAL_TEXT = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_FAST_LITERALS = re.compile(rf"\[[ \t]*(?:{_FAST_LITERAL_TEXT}[ \t]*,[ \t]*)*(?:{_FAST_LITERAL_TEXT}[ \t]*)?\]")
_FAST_LITERAL_ITEM = re.compile(r"'([^']*)'")
# Amounts of money that are valid as they stand (whole or up to 9 decimals, below 10**18 < 2**62): the reader
# hands them over as CheckedAmounts and from_dict does not check them again one by one.
_FAST_AMOUNTS_SHAPE = re.compile(r"\[[0-9., \tinf-]*\]")  # inf: PHH's unknown stack; -: a post (blinds only)
_FAST_AMOUNT = re.compile(r"-?(?:0|[1-9][0-9]{0,17})(\.[0-9]{1,9})?")
# Each written amount (" 0.00", " 1.00"...) read once: (value, decimal places). Amounts repeat across a
# dataset's hands; a lookup instead of a regex and a Decimal per amount took an array of six from about
# 10 to 3 us (timeit).
_AMOUNT_TEXTS: dict[str, tuple[Amount, int]] = {}


def _fast_amounts(raw: str) -> CheckedAmounts | None:
    """An array of amounts each valid as written, else None."""
    if _FAST_AMOUNTS_SHAPE.fullmatch(raw) is None:
        return None
    words = raw[1:-1].split(",")
    if len(words) > 1 and not words[-1].strip(" \t"):
        words.pop()  # a trailing comma
    out: list[Amount] = []
    places = 0
    unknown = False
    for word in words:
        known = _AMOUNT_TEXTS.get(word)
        if known is None:
            text = word.strip(" \t")
            if text == "inf":  # tomllib's Decimal("inf"): only the fields that allow it take it (money.amounts)
                unknown = True
                out.append(UNKNOWN)
                continue
            match = _FAST_AMOUNT.fullmatch(text)
            if match is None:
                return None
            fraction = match.group(1)
            known = (Decimal(text), len(fraction) - 1) if fraction else (int(text), 0)
            if len(_AMOUNT_TEXTS) < 4096:
                _AMOUNT_TEXTS[word] = known
        out.append(known[0])
        if known[1] > places:
            places = known[1]
    if "-" in raw:  # a negative amount: a post, which only blinds_or_straddles takes (money.amounts checks each)
        return CheckedPosts(out, places, unknown)
    return CheckedAmounts(out, places, unknown)


def _fast_value(raw: str) -> Any:
    if not raw.startswith("["):
        return _fast_scalar(raw)
    if _FAST_STRINGS.fullmatch(raw) is not None:
        return _FAST_STRING_ITEM.findall(raw)
    if _FAST_LITERALS.fullmatch(raw) is not None:
        return _FAST_LITERAL_ITEM.findall(raw)
    checked = _fast_amounts(raw)
    if checked is not None:
        return checked
    inner = raw[1:-1]
    if _FAST_ARRAY.fullmatch(inner) is None:
        return _NO
    out = []
    for item in _FAST_ARRAY_ITEM.findall(inner):
        first = item[0]
        value = item[1:-1] if first == "'" or first == '"' else _fast_scalar(item)
        if value is _NO:
            return _NO
        out.append(value)
    return out


# Each one-line field read once: ``key = value`` line -> (key, value). Most of a dataset's lines repeat file after
# file (the variant, antes, blinds, stacks, names); a lookup instead of the regexes took the fast reader from
# 36 to 21 us a one-hand file on the bench's folder (timeit). Arrays are copied out, never shared.
_LINE_VALUES: dict[str, tuple[str, Any]] = {}
# The fields that are a hand's own (its actions, its results, its time): a dataset never repeats their lines, so
# remembering them would only push out the lines it does repeat, and make a folder read twice look faster than
# a first pass over new files.
_OWN_LINES = frozenset({"actions", "hand", "finishing_stacks", "winnings", "time", "_misdeal"})


def _copy(value: Any) -> Any:
    """A value read by the fast reader, its array (if any) copied: scalars are immutable."""
    kind = type(value)
    if kind is CheckedAmounts or kind is CheckedPosts:
        return kind(value, value.places, value.unknown)
    return list(value) if kind is list else value


def fast_toml(text: str, shared: bool = False) -> dict[str, Any] | None:
    """The table of a plain PHH text, or None when it needs the full TOML parser.

    ``shared``: the arrays may be the reader's own, which it hands out again for the same line of a later text,
    for a caller that copies every array it keeps and changes none (:func:`~.fields.hand_and_places`).

    >>> fast_toml("variant = 'NT'\\nantes = [0, 0]\\n[x]\\n"), fast_toml("a = 1 # comment")
    ({'variant': 'NT', 'antes': [0, 0], 'x': {}}, None)
    """
    root: dict[str, Any] = {}
    table = root
    if "\r" in text:  # TOML lines end in \n or \r\n, nothing else (str.splitlines knows more)
        text = text.replace("\r\n", "\n")
    lines = iter(text.split("\n"))
    known = _LINE_VALUES
    for line in lines:
        seen = known.get(line)
        if seen is not None:
            key, value = seen
            if key in table:
                return None
            table[key] = value if shared else _copy(value)
            continue
        stripped = line.strip(" \t")
        if not stripped or stripped[0] == "#":
            continue
        if stripped[0] == "[":
            header = _FAST_HEADER.fullmatch(stripped)
            if header is None or header.group(1) in root or table is not root and not table:
                return None
            table = root[header.group(1)] = {}
            continue
        entry = _fast_entry(line, lines, table)
        if entry is None:
            return None
        key, value, one_line = entry
        table[key] = value
        if one_line and key not in _OWN_LINES:
            if len(known) >= 4096:
                known.clear()
            known[line] = key, value if shared else _copy(value)
    return root


def _fast_entry(line: str, lines: Iterator[str], table: dict[str, Any]) -> tuple[str, Any, bool] | None:
    """``(key, value, whether on one line)`` of a ``key = value`` line (an array may go on over the next
    ``lines``), or None when it needs the full TOML parser (the key already in ``table`` included)."""
    match = _FAST_KEY.fullmatch(line)
    if match is None:
        return None
    key, raw = match.groups()
    raw = raw.rstrip(" \t")
    one_line = not raw.startswith("[") or raw.endswith("]")
    if not one_line:
        raw = _rest_of_array(raw, lines)
    if key in table or not raw or raw.endswith(",]") or not raw.endswith("]") and not one_line:
        return None
    value = _fast_value(raw)
    if value is _NO:
        return None
    return key, value, one_line


def _rest_of_array(raw: str, lines: Iterator[str]) -> str:
    """An array over several lines as one line, up to the line that closes it (or to the end of the text)."""
    parts = [raw]
    for more in lines:
        parts.append(more.strip(" \t"))
        if parts[-1].endswith("]"):
            break
    return " ".join(parts)


def parse_toml(text: str, first_line: int = 1, scanned: bool = False) -> dict[str, Any]:
    """Parse TOML text that starts at line ``first_line`` of its file (error positions are the file's).

    ``scanned``: the nesting depth was already checked line by line (by the reader that splits a file into hands).
    """
    if not scanned:
        scanner = LineScanner()
        scanner.line = first_line - 1
        for line in text.splitlines():
            scanner.header_key(line)
    try:
        fast = fast_toml(text)
        if fast is not None:
            return fast
        return tomllib.loads(text, parse_float=Decimal)  # amounts exactly as written: 200.30, never a float
    except PHHError:
        raise
    except tomllib.TOMLDecodeError as exc:
        message = re.sub(r"at line (\d+)", lambda m: f"at line {int(m.group(1)) + first_line - 1}", str(exc))
        raise PHHError(f"not valid TOML: {message}") from None
    except RecursionError:
        raise PHHError(f"not valid TOML: values nested too deep (near line {first_line})") from None
    except ValueError:
        # Python refuses to read an integer of more digits than sys.get_int_max_str_digits() (4300).
        raise PHHError(f"not valid TOML: {_too_long_number(text, first_line)}") from None


def _too_long_number(text: str, first_line: int) -> str:
    """Where the text holds a number Python will not read (more digits than its integer conversion allows)."""
    found = re.search(rf"\d{{{_INT_DIGITS + 1},}}", text) if _INT_DIGITS < 1 << 62 else None
    if found is None:
        return "a value Python cannot read"
    line = first_line + text.count("\n", 0, found.start())
    return f"a number of {len(found.group())} digits at line {line} (at most {_INT_DIGITS})"
