"""pokerlab's hand evaluator: card ids, lookup tables and fast kernels.

Card id = 4 * rank + suit (rank 0..12 for 2..A, suit 0..3 for c, d, h, s).
A rank is ``category << 12 | index``: higher is better, equal exactly on a tie.

>>> from pokerlab import evaluator
>>> evaluator.describe(evaluator.evaluate("As Ks Qs Js Ts 2c 3d"))
'Royal flush'
"""

from ..lazy import lazy_attributes

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a command-line answer's start-up loads this

# name -> defining module, imported on first use: a query answered from a shipped table reads card names
# and one table, and need not load the evaluator's own tables and extensions (about 6 ms of start-up).
_WHERE = {
    **dict.fromkeys(
        ("best_five", "category", "category_name", "check_duplicates", "class_ranks", "describe",
         "enumerate_values", "evaluate", "evaluate_batch", "evaluate_mask"),
        f"{__name__}.api",
    ),
    **dict.fromkeys(
        ("CardError", "cards_to_mask", "format_cards", "mask_to_cards", "parse_cards", "to_card_ids"),
        f"{__name__}.cards",
    ),
    "CATEGORY_NAMES": f"{__name__}.hand_values",
    **dict.fromkeys(("RULESETS", "Ruleset", "get_rules"), f"{__name__}.rules"),
    **dict.fromkeys(("HandValue", "ruled_value"), f"{__name__}.values"),
}  # fmt: skip

if TYPE_CHECKING:
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

else:
    __getattr__, __dir__ = lazy_attributes(__name__, _WHERE)

# written out again on purpose: api.py's names again, a literal list so the type checker sees the re-exports
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
