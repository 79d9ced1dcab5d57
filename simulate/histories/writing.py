"""Writing hands as PHH text: our own small TOML writer, amounts digit for digit as recorded."""

from __future__ import annotations

import datetime
import io
import json
import math
from collections.abc import Iterable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import IO, Any

from .codes import PHHError
from .hand import HandHistory


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() else json.dumps(key)


def toml_value(value: Any) -> str:
    """``value`` as a TOML value: amounts digit for digit, strings as TOML basic strings, lists and tables nested."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return ("-inf" if value < 0 else "inf") if math.isinf(value) else "nan" if math.isnan(value) else repr(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            return "nan" if value.is_nan() else ("-inf" if value < 0 else "inf")
        text = str(value)
        return text if "E" not in text and "." in text else f"{value:f}" + ("" if "." in f"{value:f}" else ".0")
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a valid TOML basic string
    if isinstance(value, datetime.time | datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, Sequence):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise PHHError(f"cannot write {value!r} in a PHH file")


def dumps(hand: HandHistory) -> str:
    """The text of a ``.phh`` file (actions one per line).

    >>> hand = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...                    starting_stacks=[200, 200], actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"])
    >>> print(dumps(hand))  # doctest: +NORMALIZE_WHITESPACE
    variant = "NT"
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    min_bet = 2
    starting_stacks = [200, 200]
    actions = [
      "d dh p1 AsAh",
      "d dh p2 KsKh",
      "p2 f",
    ]
    <BLANKLINE>
    """
    lines = []
    for key, value in hand.to_dict().items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {toml_value(action)}," for action in value)
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """The text of a ``.phhs`` file: each hand under a table ``[1]``, ``[2]``...

    >>> hand = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...                    starting_stacks=[200, 200], actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"])
    >>> [line for line in dumps_all([hand, hand]).splitlines() if line in ("[1]", "[2]")]
    ['[1]', '[2]']
    """
    return "\n".join(f"[{k}]\n{dumps(hand)}" for k, hand in enumerate(hands, start=1))


def save(hands: Sequence[HandHistory], path: str | Path) -> Path:
    """Write ``hands`` to ``path``: a ``.phh`` file must hold exactly one hand, anything else is ``.phhs``.

    >>> import tempfile
    >>> hand = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...                    starting_stacks=[200, 200], actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"])
    >>> folder = Path(tempfile.mkdtemp())
    >>> save([hand], folder / "one.phh").name, save([hand, hand], folder / "two.phhs").name
    ('one.phh', 'two.phhs')
    >>> save([hand, hand], folder / "two.phh")
    Traceback (most recent call last):
    ...
    pokerlab.simulate.histories.errors.PHHError: a .phh file holds one hand, got 2; use .phhs
    """
    target = Path(path)
    if target.suffix == ".phh":
        if len(hands) != 1:
            raise PHHError(f"a .phh file holds one hand, got {len(hands)}; use .phhs")
        dump(hands[0], target)
    else:
        dump_all(hands, target)
    return target


def _write(text: str, file: str | Path | IO[str] | IO[bytes]) -> None:
    if isinstance(file, (str, Path)):
        Path(file).write_text(text, encoding="utf-8")
    elif isinstance(file, io.TextIOBase):
        file.write(text)
    else:
        file.write(text.encode("utf-8"))  # type: ignore[arg-type]


def dump(hand: HandHistory, file: str | Path | IO[str] | IO[bytes]) -> None:
    """Write one hand as a ``.phh`` file to a path or an open file, as pokerkit's ``dump``.

    >>> hand = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...                    starting_stacks=[200, 200], actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"])
    >>> out = io.StringIO(); dump(hand, out); out.getvalue().splitlines()[0]
    'variant = "NT"'
    """
    _write(dumps(hand), file)


def dump_all(hands: Iterable[HandHistory], file: str | Path | IO[str] | IO[bytes]) -> None:
    """Write hands as a ``.phhs`` file (tables ``[1]``, ``[2]``...) to a path or an open file.

    >>> hand = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...                    starting_stacks=[200, 200], actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"])
    >>> out = io.BytesIO(); dump_all([hand], out); out.getvalue().split(b"\\n")[:2]
    [b'[1]', b'variant = "NT"']
    """
    _write(dumps_all(hands), file)
