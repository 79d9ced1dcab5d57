"""Exhaustive proofs of the tables against published hand counts.

Every 5-, 6- or 7-card hand of a deck is ranked and the categories are
counted and compared with the published counts below: high hands
(``5card``, ``6card``, ``7card``), lowball, wild cards and jacks or better
(``VARIANT_TABLES``). For every ruleset the order of every rank class is also
checked against an independent ranking (:mod:`pokerlab.evaluator.verify_order`),
per call and in a batch, which category counts alone cannot see. Where no published number was found the row says so
("computed, no published value") instead of inventing one.

>>> result = verify("5card")
>>> result["ok"], result["total"], result["distinct"]
(True, 2598960, 7462)
"""

from __future__ import annotations

import time
from math import comb
from typing import Any

import numpy as np

from ..errors import InputError
from .api import enumerate_values, evaluate
from .hand_values import CATEGORY_NAMES, CATEGORY_SHIFT, ROYAL_FLUSH
from .rules import get_rules
from .variants import enumerate_variant_values
from .verify_omaha import verify_omaha
from .verify_order import check_order, check_ruleset_order

# Counts by category, best first: royal flush, straight flush, four of a kind,
# full house, flush, straight, three of a kind, two pair, one pair, high card.
PUBLISHED: dict[str, dict[str, Any]] = {
    "5card": {
        "cards": 5,
        "counts": [4, 36, 624, 3_744, 5_108, 10_200, 54_912, 123_552, 1_098_240, 1_302_540],
        "distinct": 7_462,
        "source": "Wikipedia, 'Poker probability', frequency of 5-card poker hands",
    },
    "6card": {
        "cards": 6,
        # Alspach counts 1,844 straight flushes including royals; a royal flush
        # plus any of the 47 other cards gives 4 x 47 = 188 of them.
        "counts": [188, 1_656, 14_664, 165_984, 205_792, 361_620, 732_160, 2_532_816, 9_730_740, 6_612_900],
        "distinct": None,
        "source": "B. Alspach, '6-Card Poker Hands' (Simon Fraser University, 2000); "
        "royal flushes split from its 1,844 straight flushes as 4 x 47",
    },
    "7card": {
        "cards": 7,
        "counts": [
            4_324,
            37_260,
            224_848,
            3_473_184,
            4_047_644,
            6_180_020,
            6_461_620,
            31_433_400,
            58_627_800,
            23_294_460,
        ],
        "distinct": 4_824,
        "source": "Wikipedia, 'Poker probability', frequency of 7-card poker hands",
    },
}


def category_counts(histogram: np.ndarray) -> list[int]:
    """Hands per category, best first (royal flush .. high card), from a value histogram."""
    values = np.nonzero(histogram)[0]
    per_category = np.bincount(values >> CATEGORY_SHIFT, weights=histogram[values], minlength=10)
    return [int(round(x)) for x in per_category[::-1]]


def table_names() -> list[str]:
    """Every table :func:`verify` knows, high hands first."""
    return [*PUBLISHED, *VARIANT_TABLES, "omaha"]


def verify(name: str, *, parallel: bool = False) -> dict[str, Any]:
    """Enumerate every hand of a table (``5card``, ``7card``, ``ace-five-5card``, ...) and compare.

    Returns ``{"name", "total", "distinct", "rows": [{"label", "count",
    "published", "ok"}], "ok", "seconds", "source"}``; ``published`` is
    ``None`` where no published value exists (the row is then not a check).
    """
    if name in VARIANT_TABLES:
        return _verify_variant(name, parallel)
    if name == "omaha":
        return verify_omaha(parallel)
    if name not in PUBLISHED:
        raise InputError(f"unknown table {name!r}; choose from {', '.join(table_names())}")
    spec = PUBLISHED[name]
    start = time.perf_counter()
    histogram = enumerate_values(spec["cards"], parallel=parallel)
    seconds = time.perf_counter() - start
    counts = category_counts(histogram)
    rows = [
        _row(label, count, published)
        for label, count, published in zip(CATEGORY_NAMES[ROYAL_FLUSH::-1], counts, spec["counts"])
    ]
    distinct = int(np.count_nonzero(histogram))
    rows.append(_row("Distinct rank values", distinct, spec["distinct"]))
    order = check_order(spec["cards"])
    rows.append(_order_row(order))
    total = int(histogram.sum())
    return {
        "name": name,
        "total": total,
        "distinct": distinct,
        "rows": rows,
        "ok": all(r["ok"] for r in rows) and total == sum(spec["counts"]),
        "seconds": round(seconds, 4),
        "source": spec["source"],
        "problem": order["problem"],
    }


def _order_row(order: dict[str, Any]) -> dict[str, Any]:
    """The row of an order check against an independent ranking."""
    row = {"label": "Rank classes in order", "count": order["classes"], "published": None}
    return row | {"reference": "independent ranking", "ok": order["ok"]}


def _row(label: str, count: int, published: int | None) -> dict[str, Any]:
    return {"label": label, "count": count, "published": published, "ok": published is None or count == published}


def _verify_variant(name: str, parallel: bool) -> dict[str, Any]:

    spec = VARIANT_TABLES[name]
    rules = get_rules(spec["rules"])
    start = time.perf_counter()
    if not rules.spec.variant:
        histogram = enumerate_values(spec["cards"], parallel=parallel)
    else:
        histogram = enumerate_variant_values(rules, spec["cards"], parallel=parallel)
    seconds = time.perf_counter() - start
    values = np.nonzero(histogram)[0]
    total = int(histogram.sum())
    published = spec["published"]
    if name == "jacks":
        threshold = evaluate("Jc Jd 4h 3s 2c")  # the lowest pair of jacks
        count = int(histogram[threshold:].sum())
        rows = [
            _row("Jacks or better", count, published.get("Jacks or better")),
            _row("Worse than jacks", total - count, published.get("Worse than jacks")),
        ]
        percent = round(100 * count / total, 2)
        rows.append(
            {
                "label": "Jacks or better, % (seed: about 21 %)",
                "count": percent,
                "published": 21,
                "ok": round(percent) == 21,
            }
        )
    else:
        per_category = np.bincount(values >> CATEGORY_SHIFT, weights=histogram[values], minlength=16)
        counts = {label: int(round(per_category[i])) for i, label in enumerate(rules.categories)}
        rows = [_row(label, counts[label], published.get(label)) for label in reversed(rules.categories)]
        for label, members in spec.get("groups", {}).items():
            rows.append(_row(label, sum(counts[m] for m in members), published.get(label)))
        rows.append(_row("Distinct values", len(values), published.get("Distinct values")))
    problem = None
    if rules.spec.variant:  # counts cannot see values swapped in a category
        order = check_ruleset_order(rules.name, spec["cards"])
        rows.append(_order_row(order))
        problem = order["problem"]
    expected_total = comb(rules.deck_size, spec["cards"])
    return {
        "name": name,
        "rules": rules.name,
        "total": total,
        "distinct": int(len(values)),
        "rows": rows,
        "ok": all(r["ok"] for r in rows) and total == expected_total,
        "seconds": round(seconds, 4),
        "source": spec["source"],
        "problem": problem,
    }


_PAIRED_A5 = ("One pair", "Two pair", "Three of a kind", "Full house", "Four of a kind")
_UNPAIRED_A5 = ("5-high", "6-high", "7-high", "8-high", "9-high", "T-high", "J-high", "Q-high", "K-high")
_WIKIPEDIA_LOWBALL = "Wikipedia, 'Poker probability', frequency of {n}-card lowball poker hands (ace-to-five)"

# Published counts by row label; a label left out has no published value found.
VARIANT_TABLES: dict[str, dict[str, Any]] = {
    "ace-five-5card": {
        "rules": "ace-five",
        "cards": 5,
        "groups": {"Unpaired hands": _UNPAIRED_A5, "Paired hands": _PAIRED_A5},
        "published": dict(
            zip(
                (*_UNPAIRED_A5, "Unpaired hands"),
                (1_024, 5_120, 15_360, 35_840, 71_680, 129_024, 215_040, 337_920, 506_880, 1_317_888),
            )
        ),
        "source": _WIKIPEDIA_LOWBALL.format(n=5) + "; paired hands are not in that table",
    },
    "ace-five-7card": {
        "rules": "ace-five",
        "cards": 7,
        "groups": {"Unpaired hands": _UNPAIRED_A5, "Paired hands": _PAIRED_A5},
        "published": dict(
            zip(
                (*_UNPAIRED_A5, "Unpaired hands"),
                (
                    781_824,
                    3_151_360,
                    7_426_560,
                    13_171_200,
                    19_174_400,
                    23_675_904,
                    24_837_120,
                    21_457_920,
                    13_939_200,
                    127_615_488,
                ),
            )
        ),
        "source": _WIKIPEDIA_LOWBALL.format(n=7) + "; paired hands are not in that table",
    },
    "deuce-seven-5card": {
        "rules": "deuce-seven",
        "cards": 5,
        "published": {},
        "source": "no published deuce-to-seven table found; every count is computed",
    },
    "ace-five-joker": {
        "rules": "ace-five-joker",
        "cards": 5,
        "published": {},
        "source": "no published table for a 53-card ace-to-five deck found; every count is computed",
    },
    "deuce-seven-joker": {
        "rules": "deuce-seven-joker",
        "cards": 5,
        "published": {},
        "source": "no published table for a 53-card deuce-to-seven deck found; every count is computed",
    },
    "joker": {
        "rules": "joker",
        "cards": 5,
        "groups": {"Straight flush incl. royal": ("Royal flush", "Straight flush")},
        "published": {
            "Five of a kind": 13,
            "Straight flush incl. royal": 204,
            "Four of a kind": 3_120,
            "Full house": 6_552,
            "Flush": 7_804,
            "Straight": 20_532,
            "Three of a kind": 137_280,
            "Two pair": 123_552,
            "One pair": 1_268_088,
            "High card": 1_302_540,
        },
        "source": "DataGenetics, 'Poker odds with wild cards' (2016), table 'With 1 Joker' as reproduced at "
        "fennaixelphox.dreamwidth.org/1543.html (secondary); five of a kind, trips and two pair also in "
        "curiouser.co.uk/paradoxes/appendix2.htm",
    },
    "bug": {
        "rules": "bug",
        "cards": 5,
        "published": {},
        "source": "B. Alspach, 'Bring On The Jokers', Poker Digest 4(18), 2001, counts this deck, but its numbers "
        "could not be retrieved; every count is computed",
    },
    "two-jokers": {
        "rules": "two-jokers",
        "cards": 5,
        "published": {"Five of a kind": 78, "Four of a kind": 9_360},
        "source": "bigtpoker.com, 'five of a kind' (78 with two wild cards); homeworksource.com/p/1070971 "
        "(four of a kind, 54-card deck); weak sources, no full table found",
    },
    "deuces": {
        "rules": "deuces-wild",
        "cards": 5,
        "published": {"Five of a kind": 672},
        "source": "B. Alspach, 'Wild Cards in Profusion: Part 2', Poker Digest 5(9), 2002 (672 quints, four deuces "
        "plus any card counted as five of a kind); no full deal table retrieved",
    },
    "short-deck-5card": {
        "rules": "short-deck",
        "cards": 5,
        "published": {
            "Royal flush": 4,
            "Straight flush": 20,
            "Four of a kind": 288,
            "Flush": 480,
            "Full house": 1_728,
            "Straight": 6_120,
            "Three of a kind": 16_128,
            "Two pair": 36_288,
            "One pair": 193_536,
            "High card": 122_400,
            "Distinct values": 1_404,
        },
        "source": "combinatorics of the 36-card deck (docs/rules.md 15.2: each count by its formula, re-derived "
        "in tests/evaluator/test_short_deck.py); no published table of the short deck was retrieved",
    },
    "short-deck-7card": {
        "rules": "short-deck",
        "cards": 7,
        "published": {},
        "source": "no published table of 7-card short-deck hands found; every count is computed",
    },
    "badugi": {
        "rules": "badugi",
        "cards": 4,
        "published": {"Badugi": 17_160, "Distinct values": 1_092},
        "source": "M. Gritter, twoplustwo.com forums (2005): 13 x 12 x 11 x 10 = 17,160 four-card badugis of the "
        "270,725 hands; the other sizes are computed (re-derived in tests/evaluator/test_badugi.py), no "
        "published table retrieved",
    },
    "jacks": {
        "rules": "high",
        "cards": 5,
        "published": {},
        "source": "docs/rules.md 1.6 (a seed): 'a pair of jacks or better on the deal: 21 %'; no exact published count",
    },
}
