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
from .cells import ALL_COMBOS, CELL_INDICES, COMBO_CELL, cell_of


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


def _cell_table() -> np.ndarray:
    """``(169, 12)`` combo indices of each cell, a short cell padded with its own first combo (min and max
    over a row are then the cell's)."""
    table = np.empty((169, 12), dtype=np.intp)
    for cell, indices in enumerate(CELL_INDICES):
        table[cell] = indices[0]
        table[cell, : len(indices)] = indices
    table.setflags(write=False)
    return table


_CELL_TABLE = _cell_table()
# Grid cells by rank, deuce up: the pairs, and each top rank's suited and offsuit kickers (the runs that become
# tokens such as 'TT+' or 'A2s+' are read off these lists).
_PAIR_CELLS = [cell_of(r, r, False) for r in range(13)]
_KICKER_CELLS = {
    top: {suffix: [cell_of(top, k, suffix == "s") for k in range(top)] for suffix in ("s", "o")}
    for top in range(12, 0, -1)
}


def _class_tokens(at_weight: list[bool]) -> list[str]:
    """Class tokens of the cells flagged in ``at_weight`` (by grid cell), as the canonical text lists them."""
    group = _format_pairs([r for r, cell in enumerate(_PAIR_CELLS) if at_weight[cell]])
    for top, cells in _KICKER_CELLS.items():
        kickers = {suffix: [k for k, cell in enumerate(cells[suffix]) if at_weight[cell]] for suffix in ("s", "o")}
        if kickers["s"] or kickers["o"]:
            group += _format_kickers(top, kickers)
    return group


def format_range(dense: np.ndarray) -> str:
    """The text of the range whose combo weights (by combo index) are ``dense``; it parses back to them.

    >>> from pokerlab.simulate.ranges.cells import N_COMBOS
    >>> dense = np.zeros(N_COMBOS)
    >>> dense[np.concatenate([CELL_INDICES[cell_of(r, r, False)] for r in range(8, 13)])] = 1.0
    >>> dense[CELL_INDICES[cell_of(12, 11, True)][:2]] = 0.25
    >>> format_range(dense)
    'TT+, AdKd@25, AcKc@25'
    """
    # Whole classes at one weight become class tokens; the rest are combos. One gather gives every cell's
    # weights, so the per-cell test is two reductions in all.
    weights = dense[_CELL_TABLE]
    low, high = weights.min(axis=1), weights.max(axis=1)
    whole = (low > 0) & (low == high)
    class_weights = np.where(whole, low, 0.0)
    loose = np.flatnonzero((dense > 0) & ~whole[COMBO_CELL])
    values = set(class_weights[whole].tolist())
    if whole.all() and len(values) == 1:
        return "random" + _format_weight(values.pop())
    values |= set(dense[loose].tolist())
    tokens: list[str] = []
    for weight in sorted(values, reverse=True):
        group = _class_tokens((class_weights == weight).tolist())
        chosen = loose[dense[loose] == weight][::-1].tolist()
        group += [card_str(int(ALL_COMBOS[i][0])) + card_str(int(ALL_COMBOS[i][1])) for i in chosen]
        suffix = _format_weight(weight)
        tokens += [token + suffix for token in group]
    return ", ".join(tokens)
