"""How long reading an Omaha range takes (CPU ms) and how many hands it lists, per hole size.

Run from the repository root::

    python benchmarks/omaha_ranges.py [--rounds 3] [--sizes 4,5,6]

Each pattern is written for four cards and widened with wildcards for five and six (``AA**`` becomes
``AA***`` and ``AA****``; ``AKxxds`` becomes ``AK***ds``). A parse is timed cold: the parse cache (when
the module has one) is emptied before every round, so the figure is what a bot pays the first time it
meets a range. "flop ms" is the parse of the same range with a flop dead once the whole-deck parse is
cached (a new flop each round): what a bot pays on each new board. Best CPU time of the rounds; a
parse over one second runs once. "too many" is the ``MAX_COMBOS`` guard. Nothing here is a pass/fail
test.
"""

from __future__ import annotations

import argparse
import time

from pokerlab.evaluator.cards import cards_to_mask, parse_cards
from pokerlab.simulate.ranges import omaha
from pokerlab.simulate.ranges.parse import RangeError

#: Four-card items; each is padded with wildcards to the hole size. The first rows are the Omaha equity bot's
#: ranges (``OMAHA_RANGES``: four and five cards, and for six ``AA**``, ``AA**, KK**``, ``A2A*, A23*``, ``A2**``).
PATTERNS = [
    "AA**, KK**",
    "AA**, KK**, QQ**, JJ**, AKxxds",
    "A2**, AA**",
    "A2**, A3**, AA**, KK**",
    "AA**",
    "A2A*, A23*",
    "A2**",
    "AAxxds",
    "KQJT",
    "AsKsxx",
    "A***, KK**, QQ**, JJ**, TT**",
    "xxxxds",
]


def widen(item: str, hole_cards: int) -> str:
    """A four-card item with wildcards added before its suit condition, up to ``hole_cards`` cards."""
    item = item.strip()
    body, condition = item, ""
    for suffix in ("ds", "ss", "r"):
        if item.endswith(suffix) and len(item) > 4:
            body, condition = item[: -len(suffix)], suffix
            break
    return body + "*" * (hole_cards - 4) + condition


def widen_range(text: str, hole_cards: int) -> str:
    return ", ".join(widen(item, hole_cards) for item in text.split(","))


def cold_parse(text: str, hole_cards: int) -> int:
    clear = getattr(omaha, "clear_cache", None)  # absent before the parse cache came
    if clear is not None:
        clear()
    return len(omaha.parse_omaha_range(text, hole_cards))


def measure(text: str, hole_cards: int, rounds: int) -> tuple[float, int | None]:
    """Best CPU milliseconds of ``rounds`` cold parses, and the hands listed (None: over the guard)."""
    best = float("inf")
    hands: int | None = None
    for _ in range(rounds):
        start = time.process_time()
        try:
            hands = cold_parse(text, hole_cards)
        except RangeError:
            hands = None
        best = min(best, time.process_time() - start)
        if best > 1.0:
            break
    return best * 1000, hands


FLOPS = ["Qh7c2d", "Ts9s4h", "Kd8c3c", "6h5d2s", "JcJd9h"]


def flop_ms(text: str, hole_cards: int, rounds: int) -> float | None:
    """Best CPU milliseconds of parsing the range with a new flop dead, the whole-deck parse made first."""
    try:
        omaha.parse_omaha_range(text, hole_cards)
    except RangeError:
        return None
    best = float("inf")
    for flop in FLOPS[: max(1, rounds)]:
        dead = cards_to_mask(parse_cards(flop))
        start = time.process_time()
        omaha.parse_omaha_range(text, hole_cards, dead)
        best = min(best, time.process_time() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", default="4,5,6", help="hole sizes, comma separated")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    cold_parse("AA**", 4)  # imports and first calls outside the timing
    header = f"{'pattern (4 cards; wildcards added for 5, 6)':<44}" + "".join(
        f"{f'{h} cards ms':>13}{'flop ms':>9}{'hands':>11}" for h in sizes
    )
    print(header)
    print("-" * len(header))
    for text in PATTERNS:
        cells = []
        for h in sizes:
            ms, hands = measure(widen_range(text, h), h, args.rounds)
            board = flop_ms(widen_range(text, h), h, args.rounds)
            cells.append(f"{ms:>13.1f}{'-' if board is None else f'{board:.1f}':>9}{hands or 'too many':>11}")
        print(f"{text:<44}" + "".join(cells))


if __name__ == "__main__":
    main()
