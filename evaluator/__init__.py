"""pokerlab's hand evaluator: card ids, lookup tables and fast kernels.

Card id = 4 * rank + suit (rank 0..12 for 2..A, suit 0..3 for c, d, h, s).
A rank is ``category << 12 | index``: higher is better, equal exactly on a tie.

>>> from pokerlab import evaluator
>>> evaluator.describe(evaluator.evaluate("As Ks Qs Js Ts 2c 3d"))
'Royal flush'
"""

from .api import (
    best_five,
    category,
    category_name,
    check_duplicates,
    class_ranks,
    describe,
    enumerate_values,
    evaluate,
    evaluate_batch,
    evaluate_mask,
)
from .cards import CardError, cards_to_mask, format_cards, mask_to_cards, parse_cards, to_card_ids
from .hand_values import CATEGORY_NAMES
from .rules import RULESETS, Ruleset, get_rules
from .values import HandValue, ruled_value

__all__ = [
    "CATEGORY_NAMES",
    "CardError",
    "HandValue",
    "RULESETS",
    "Ruleset",
    "best_five",
    "cards_to_mask",
    "category",
    "category_name",
    "check_duplicates",
    "class_ranks",
    "describe",
    "enumerate_values",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "format_cards",
    "get_rules",
    "mask_to_cards",
    "parse_cards",
    "ruled_value",
    "to_card_ids",
]
