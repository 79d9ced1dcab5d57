"""The canonical text of a range: whole classes as class tokens (``TT+``, ``A2s+``, ``KQo``), the rest as combos.

>>> import numpy as np
>>> from pokerlab.simulate.ranges.cells import N_COMBOS
>>> dense = np.zeros(N_COMBOS)
>>> dense[CELL_INDICES[cell_of(12, 12, False)]] = 0.5
>>> format_range(dense)
'AA@50'
"""

from __future__ import annotations

import numpy as np

from ...evaluator.cards import RANK_CHARS, card_str
from .cells import ALL_COMBOS, CELL_INDICES, cell_of


def _format_weight(weight: float) -> str:
    """'' for 1, else the shortest '@percent' that reads back exactly."""
    if weight == 1.0:
        return ""
    for digits in range(20):
        text = f"{weight * 100:.{digits}f}"
        text = text.rstrip("0").rstrip(".") if "." in text else text
        if 0 < float(text) <= 100 and float(text) / 100 == weight:
            return "@" + text
    return ":" + repr(weight)


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive ints in an ascending list, as (first, last)."""
    runs: list[tuple[int, int]] = []
    for value in values:
        if runs and runs[-1][1] == value - 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs


def _format_pairs(ranks: list[int]) -> list[str]:
    out = []
    for first, last in reversed(_runs(ranks)):
        hi, lo = RANK_CHARS[last] * 2, RANK_CHARS[first] * 2
        if first == last:
            out.append(hi)
        elif last == 12:
            out.append(lo + "+")
        else:
            out.append(f"{hi}-{lo}")
    return out


def _format_kickers(top: int, kickers: dict[str, list[int]]) -> list[str]:
    """Text for the classes with one top rank: kickers by suffix ('s', 'o')."""
    runs = {suffix: _runs(kickers[suffix]) for suffix in ("s", "o")}
    both = [run for run in runs["s"] if run in runs["o"]]
    entries = [(run, "") for run in both]
    for suffix in ("s", "o"):
        entries += [(run, suffix) for run in runs[suffix] if run not in both]
    entries.sort(key=lambda entry: (-entry[0][1], "so".find(entry[1])))
    t = RANK_CHARS[top]
    out = []
    for (first, last), suffix in entries:
        if first == last:
            out.append(f"{t}{RANK_CHARS[first]}{suffix}")
        elif last == top - 1:
            out.append(f"{t}{RANK_CHARS[first]}{suffix}+")
        else:
            out.append(f"{t}{RANK_CHARS[last]}{suffix}-{t}{RANK_CHARS[first]}{suffix}")
    return out


def format_range(dense: np.ndarray) -> str:
    """The text of the range whose combo weights (by combo index) are ``dense``; it parses back to them."""
    # Whole classes at one weight become class tokens; the rest are combos.
    class_weight: dict[int, float] = {}
    combos: list[tuple[int, float]] = []
    for cell, indices in enumerate(CELL_INDICES):
        weights = dense[indices]
        if weights.min() > 0 and weights.min() == weights.max():
            class_weight[cell] = float(weights[0])
        else:
            combos += [(int(i), float(dense[i])) for i in indices if dense[i] > 0]
    values = set(class_weight.values())
    if len(class_weight) == 169 and len(values) == 1:
        return "random" + _format_weight(values.pop())
    values |= {w for _, w in combos}
    tokens: list[str] = []
    for weight in sorted(values, reverse=True):
        group = []
        pairs = [r for r in range(13) if class_weight.get(cell_of(r, r, False)) == weight]
        group += _format_pairs(pairs)
        for top in range(12, 0, -1):
            kickers = {
                "s": [k for k in range(top) if class_weight.get(cell_of(top, k, True)) == weight],
                "o": [k for k in range(top) if class_weight.get(cell_of(top, k, False)) == weight],
            }
            group += _format_kickers(top, kickers)
        chosen = sorted((i for i, w in combos if w == weight), reverse=True)
        group += [card_str(int(ALL_COMBOS[i][0])) + card_str(int(ALL_COMBOS[i][1])) for i in chosen]
        suffix = _format_weight(weight)
        tokens += [token + suffix for token in group]
    return ", ".join(tokens)
