"""Named ranges the page saves: one JSON file in the user's data folder (``{"name": "range text", ...}``).

The file is ``platformdirs.user_data_dir("pokerlab")/ranges.json`` unless another is given; each text is checked
by pokerlab's range parser before it is saved, and the file is replaced whole (written beside it, then renamed), so
a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from pokerlab.errors import InputError

__all__ = ["MAX_RANGES", "RangeBook", "default_path"]

MAX_RANGES = 1000
MAX_NAME = 80


def default_path() -> Path:
    """Where the named ranges live by default: the user's data folder for pokerlab.

    >>> default_path().name
    'ranges.json'
    """
    from platformdirs import user_data_dir

    return Path(user_data_dir("pokerlab", appauthor=False)) / "ranges.json"


class RangeBook:
    """The named ranges of one file: read, save one, delete one.

    >>> import tempfile, pathlib
    >>> book = RangeBook(pathlib.Path(tempfile.mkdtemp()) / "ranges.json")
    >>> book.save("value", "QQ+,AKs"); book.read()
    {'value': 'QQ+,AKs'}
    >>> book.delete("value"); book.read()
    {}
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()

    def read(self) -> dict[str, str]:
        """Every saved range by name (none when the file does not exist yet)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            raise InputError(f"cannot read the saved ranges in {self.path}: {exc}") from None
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise InputError(f"{self.path} is not a file of named ranges ({{name: range text}})")
        return data

    def save(self, name: str, text: str) -> None:
        """Save ``text`` as ``name`` (replacing a range of that name); a text pokerlab cannot read is refused."""
        from pokerlab.simulate.ranges.parse import parse_range  # numpy: on the first save, not at the server's start

        name = name.strip()
        if not name or len(name) > MAX_NAME or not name.isprintable() or "/" in name:
            raise InputError(f"a range's name is 1 to {MAX_NAME} printable characters but '/', got {name!r}")
        parse_range(text)
        ranges = self.read()
        if name not in ranges and len(ranges) >= MAX_RANGES:
            raise InputError(f"{MAX_RANGES} ranges are saved already, the most: delete some first")
        ranges[name] = text
        self._write(ranges)

    def delete(self, name: str) -> None:
        """Delete the range ``name``; an unknown name is bad input."""
        ranges = self.read()
        if name not in ranges:
            raise InputError(f"no saved range named {name!r}")
        del ranges[name]
        self._write(ranges)

    def _write(self, ranges: dict[str, str]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".ranges-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(dict(sorted(ranges.items())), out, indent=2, ensure_ascii=False)
            out.write("\n")
        os.replace(temporary, self.path)
