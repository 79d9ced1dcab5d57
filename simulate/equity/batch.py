"""Many equity queries in one process: :func:`equity_many` answers each in order, one JSON-ready dict apiece.

A query is a mapping (``{"players": ["AsAh", "KsKh"], "board": "Qs7h2c"}``),
the text of a JSON object, or a line of the same arguments as ``pokerlab
equity`` (``AsAh KsKh --board Qs7h2c --mc --trials 10000 --seed 1``); with
``--game stud`` (or ``stud-hilo``, ``razz``) each player is its known cards,
quoted when spaced (``"AsAh Kd" "QcQd 9h" --game stud``). A query
that is wrong gets an answer ``{"line": n, "error": "..."}`` naming the
problem, and the run goes on; so does a query that meets a bug, whose
answer says so. ``pokerlab equity --batch FILE`` prints these answers as JSON
lines, reading each line with :func:`read_lines` (bounded, UTF-8 checked).

>>> answers = list(equity_many(["AsAh KsKh", {"players": ["AA", "KK"]}, "AsAh AsKd"]))
>>> [round(a["players"][0]["equity"], 4) for a in answers[:2]]
[0.8264, 0.8195]
>>> answers[2]["error"]
'players 1 and 2 both hold As'
"""

from __future__ import annotations

import json
import math
import shlex
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ...errors import InputError, PokerlabError
from .api import equity
from .result import GAMES, game_name

#: The keys of a query (a JSON object or mapping), with the type of each value.
QUERY_KEYS: dict[str, tuple[type, ...]] = {
    "players": (list, str),
    "board": (str, list),
    "dead": (str, list),
    "method": (str,),
    "trials": (int,),
    "stderr": (float, int),
    "seed": (int,),
    "threads": (int,),
    "game": (str,),
    "id": (str, int, float, type(None)),  # echoed in the answer, to match answers with queries
}

#: The options of an argument line, as ``pokerlab equity`` spells them: option -> (query key, value or None).
OPTIONS: dict[str, tuple[str, str | None]] = {
    "--board": ("board", None),
    "-b": ("board", None),
    "--dead": ("dead", None),
    "-d": ("dead", None),
    "--method": ("method", None),
    "--exact": ("method", "exact"),
    "--mc": ("method", "mc"),
    "--trials": ("trials", None),
    "--stderr": ("stderr", None),
    "--seed": ("seed", None),
    "--threads": ("threads", None),
    "-t": ("threads", None),
    "--game": ("game", None),
    "--json": ("", "yes"),  # answers are JSON anyway
}
_NUMBERS: dict[str, type[int] | type[float]] = {"trials": int, "seed": int, "threads": int, "stderr": float}
#: The longest query line, in bytes: far above any real query, and quick to split (shlex is quadratic in a token).
MAX_LINE_BYTES = 1 << 16
#: Past this many bytes without a line end, an over-long line is not skipped further: the rest is not read.
MAX_SKIP_BYTES = 1 << 26


class LineError(InputError):
    """A line that cannot be a query (too long, not UTF-8); its answer is an error line."""


def read_lines(handle: Any) -> Iterator[str | LineError]:
    """The lines of a binary file, each decoded, or a :class:`LineError` for one too long or not UTF-8.

    A line over ``MAX_LINE_BYTES`` is refused and skipped to its end; a line with no end within
    ``MAX_SKIP_BYTES`` (``/dev/zero``) ends the reading with one more error.

    >>> import io
    >>> [str(x) for x in read_lines(io.BytesIO(b"AsAh KsKh\\n\\xff\\n" + b"x" * 70_000 + b"\\nAA KK"))]
    ['AsAh KsKh', 'the line is not UTF-8 text (byte 0xff at column 1)', 'the line is longer than 65,536 bytes', 'AA KK']
    """
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            yield LineError(f"the line is longer than {MAX_LINE_BYTES:,} bytes")
            if not _skip_to_line_end(handle):
                yield LineError(f"no line end within {MAX_SKIP_BYTES:,} bytes: the rest of the input is not read")
                return
            continue
        try:
            yield raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            yield LineError(f"the line is not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})")


def _skip_to_line_end(handle: Any) -> bool:
    skipped = 0
    while skipped < MAX_SKIP_BYTES:
        chunk = handle.readline(MAX_LINE_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return True
        skipped += len(chunk)
    return False


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError(f"a JSON number must be finite, got {text}")
    return value


def _no_constant(name: str) -> None:
    raise InputError(f"a JSON number must be finite, got {name}")


def parse_query(text: str) -> dict[str, Any]:
    """A query from one line: a JSON object, or ``pokerlab equity``'s arguments.

    >>> parse_query("AsAh 'QQ+,AKs' -b Qs7h2c --mc --trials 1000")
    {'players': ['AsAh', 'QQ+,AKs'], 'board': 'Qs7h2c', 'method': 'mc', 'trials': 1000}
    >>> parse_query('{"players": ["AsAh", "KsKh"], "dead": "2c"}')
    {'players': ['AsAh', 'KsKh'], 'dead': '2c'}
    """
    if len(text) > MAX_LINE_BYTES:
        raise InputError(f"the query is longer than {MAX_LINE_BYTES:,} characters")
    text = text.strip()
    if text.startswith(("{", "[")):  # JSON; a list is refused below, not read as two odd hands
        return _json_query(text)
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise InputError(f"cannot split the line into arguments ({exc})") from None
    return _argument_query(words)


def _json_query(text: str) -> dict[str, Any]:
    """A query written as a JSON object (finite numbers only)."""
    try:
        loaded = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except InputError:
        raise
    except RecursionError:
        raise InputError("not a JSON object: nested too deeply") from None
    except ValueError as exc:
        raise InputError(f"not a JSON object: {exc}") from None
    if not isinstance(loaded, dict):
        raise InputError('a JSON query must be an object, e.g. {"players": ["AsAh", "KsKh"]}')
    return loaded


def _argument_query(words: list[str]) -> dict[str, Any]:
    """A query written as ``pokerlab equity``'s arguments, split into words."""
    query: dict[str, Any] = {}
    players: list[str] = []
    given: dict[str, str] = {}  # query key -> the option that set it, to refuse two options for one key
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if not word.startswith("-") or word == "-" or _is_number(word):
            players.append(word)
            continue
        name, has_value, value = word.partition("=")
        if name not in OPTIONS:
            raise InputError(f"unknown option {name!r}; options: {', '.join(o for o in OPTIONS if o.startswith('--'))}")
        key, fixed = OPTIONS[name]
        if fixed is None and not has_value:
            if i >= len(words):
                raise InputError(f"option {name} needs a value")
            value, i = words[i], i + 1
        elif fixed is not None:
            if has_value:
                raise InputError(f"option {name} takes no value")
            value = fixed
        if not key:
            continue
        if key in given and given[key] != name:
            raise InputError(f"{given[key]} and {name} cannot be used together")
        given[key] = name
        query[key] = _number(key, name, value) if key in _NUMBERS else value
    if players:
        query = {"players": players, **query}
    return query


def _is_number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True


def _number(key: str, option: str, value: str) -> int | float:
    try:
        return _NUMBERS[key](value)
    except ValueError:
        kind = "a whole number" if _NUMBERS[key] is int else "a number"
        raise InputError(f"option {option} needs {kind}, got {value!r}") from None


def _checked(query: Mapping[str, Any]) -> dict[str, Any]:
    """The query's keyword arguments for :func:`equity`, refusing unknown keys and values of the wrong type."""
    unknown = [k for k in query if k not in QUERY_KEYS]
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r}; a query has: {', '.join(QUERY_KEYS)}")
    for key, value in query.items():
        types = QUERY_KEYS[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            names = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            raise InputError(f"{key} must be {names}, got {json.dumps(value)}")
    if "players" not in query:
        raise InputError("no players: give 2 to 10 hands or ranges")
    args = {k: v for k, v in query.items() if k != "id"}
    if isinstance(args["players"], str):
        args["players"] = args["players"].split()
    if not all(isinstance(p, str) for p in args["players"]):
        raise InputError('players must be hands or ranges written as text, e.g. ["AsAh", "QQ+,AKs"]')
    for key in ("board", "dead"):
        if isinstance(args.get(key), list):
            args[key] = " ".join(map(str, args[key]))
    if "method" in args and args["method"] not in ("exact", "mc", "auto"):
        raise InputError(f"method must be exact, mc or auto, got {args['method']!r}")
    if "game" in args and game_name(args["game"]) is None:
        raise InputError(f"game must be {', '.join(GAMES)}, got {args['game']!r}")
    return args


def equity_many(
    queries: Iterable[str | Mapping[str, Any] | LineError], *, threads: int | None = None, use_tables: bool = True
) -> Iterator[dict[str, Any]]:
    """Answer each query in order: ``{"line": n, **EquityResult.to_dict()}`` or ``{"line": n, "error": ...}``.

    ``queries`` are mappings, JSON object texts or argument lines (see
    :func:`parse_query`); ``n`` counts them from 1, and blank lines and lines
    starting with ``#`` are skipped (but counted, so ``n`` is a line number).
    A query's ``id`` is echoed. ``threads`` is the default for queries
    that give none. Bad input becomes an error answer naming it; a query that
    meets a bug gets an error answer saying so, and the run goes on. A
    :class:`LineError` among the queries (from :func:`read_lines`) is answered
    as its error. The answers come one at a time, as each is done.

    >>> [a.get("error") or a["method"] for a in equity_many(["AsAh KsKh", "", "AsAh 9c9d --board Kh2h", "AsAh Kx"])]
    ['exact', 'exact', "player 2: ..."]
    """
    for number, query in enumerate(queries, start=1):
        if isinstance(query, str) and (not query.strip() or query.lstrip().startswith("#")):
            continue
        answer: dict[str, Any] = {"line": number}
        try:
            if isinstance(query, LineError):
                raise query
            parsed = parse_query(query) if isinstance(query, str) else query
            if not isinstance(parsed, Mapping):
                raise InputError(f"a query is a mapping or a line of text, got {type(parsed).__name__}")
            if "id" in parsed:
                answer["id"] = parsed["id"]
            args = _checked(parsed)
            args.setdefault("threads", threads)
            if "board" in args:  # an empty board is no board (a stud "board" is seventh street's card)
                args["board"] = args["board"] or None
            result = equity(use_tables=use_tables, **args)
        except PokerlabError as exc:
            answer["error"] = str(exc)
        except Exception as exc:  # noqa: BLE001  a bug: this query's answer says so, the others still come
            answer["error"] = f"internal error ({type(exc).__name__}: {exc}); this is a bug in pokerlab"
        else:
            answer.update(result.to_dict())
        yield answer
