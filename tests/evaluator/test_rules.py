"""The ruleset registry: every ruleset, Omaha's included, found by name, and the command line's lists of them."""

import ast
import pickle
from pathlib import Path

import pytest

from pokerlab.errors import InputError


def test_one_registry_holds_omaha_and_the_command_line_offers_every_ruleset():
    from pokerlab.evaluator.rules import ALL_RULESETS, OMAHA_RULESETS, RULESETS, find_rules
    from pokerlab.simulate.cli.main import OMAHA_RULE_NAMES, RULE_NAMES

    assert RULE_NAMES == list(RULESETS) and OMAHA_RULE_NAMES == list(OMAHA_RULESETS)
    assert list(ALL_RULESETS) == [*RULESETS, *OMAHA_RULESETS]
    assert find_rules("OMAHA").kernel == "omaha" and find_rules(None).kernel == "high"
    with pytest.raises(InputError, match=r"^unknown rules 'razz'; choose from high, .*, omaha, omaha-hilo$"):
        find_rules("razz")


# The evaluator dispatches on each ruleset's kernel entry (rules.KERNELS), never on kernel names.

EVALUATOR = Path(__file__).resolve().parents[2] / "evaluator"
# verify.py names its tables apart ("omaha" is a table there): only its reads of ``kernel`` are looked for.
DISPATCHING = {"api.py": True, "variants.py": True, "values.py": True, "omaha.py": True, "verify.py": False}


def _kernel_name_comparisons(source: str, constants: bool = True) -> list[str]:
    """Comparisons that read a ruleset's ``kernel`` (or a name that holds it), or (``constants``) test a value
    against a kernel name other than ``high`` (the default spelling's shortcut); kernel names as dict keys or
    prefixes."""
    from pokerlab.evaluator.rules import KERNELS

    def is_kernel(node: ast.AST) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "kernel") or (
            isinstance(node, ast.Name) and node.id == "kernel"
        )

    def names_kernel(node: ast.AST) -> bool:
        strings = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
        return constants and any(isinstance(s, ast.Constant) and s.value in set(KERNELS) - {"high"} for s in strings)

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(
            is_kernel(x) or names_kernel(x) for x in (node.left, *node.comparators)
        ):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Subscript) and is_kernel(node.slice):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_kernel(node.func.value):
            found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize("module", DISPATCHING)
def test_the_evaluator_looks_up_a_rulesets_kernel_entry_instead_of_comparing_kernel_names(module):
    assert _kernel_name_comparisons((EVALUATOR / module).read_text(), DISPATCHING[module]) == []


def test_the_kernel_name_check_sees_every_form_of_comparison():
    source = (
        "a = r.kernel == 'badugi'\nb = kernel in ('wild', 'bug')\nc = SCALES[r.kernel]\n"
        "d = r.kernel.startswith('deuce-seven')\ne = name == 'omaha-hilo'\nf = rules != 'high'\n"
    )
    assert len(_kernel_name_comparisons(source)) == 5  # all but the default spelling's shortcut


def test_a_ruleset_naming_no_kernel_is_refused_when_it_is_declared():
    from pokerlab.evaluator.rules import RULESETS, Ruleset

    with pytest.raises(InputError, match=r"^unknown kernel 'razz-low' for rules 'razz'; choose from high, "):
        Ruleset("razz", "seven-card ace-to-five", 52, (5, 6, 7), RULESETS["ace-five"].categories, "razz-low")


def test_a_ruleset_made_from_another_evaluates_as_its_kernel_does():
    from pokerlab.evaluator import evaluate
    from pokerlab.evaluator.rules import KERNELS, RULESETS

    razz = RULESETS["ace-five"].replace(name="razz")
    assert razz.spec is KERNELS["ace-five"]
    assert evaluate("Kh 5d 4c 3s 2h As Ad", rules=razz) == evaluate("Kh 5d 4c 3s 2h As Ad", rules="ace-five")


def test_a_pickled_ruleset_comes_back_with_the_registrys_kernel_entry():
    from pokerlab.evaluator.rules import ALL_RULESETS

    for ruleset in ALL_RULESETS.values():
        copy = pickle.loads(pickle.dumps(ruleset))
        assert copy == ruleset and copy.spec is ruleset.spec


@pytest.mark.parametrize("spelling", ["High", " HIGH ", "high", None, "ruleset"])
def test_high_hands_rank_alike_however_the_high_rules_are_given(spelling):
    import numpy as np

    from pokerlab.evaluator import best_five, describe, evaluate, evaluate_batch, get_rules

    rules = get_rules("high") if spelling == "ruleset" else spelling
    for hand in ("As Ks Qs Js Ts", "2c 2d 5h 7s 9c Kd", "Kh Kd Kc 3s 3h 9d 2c", "Ah 2c 3d 4s 5h"):
        value = evaluate(hand, rules=rules)
        assert type(value) is int and value == evaluate(hand)
        assert describe(value, rules=rules) == describe(evaluate(hand))
        assert best_five(hand, rules=rules) == best_five(hand)
    rows = np.array([[51, 47, 43, 39, 35], [0, 5, 10, 15, 17]], dtype=np.uint8)
    assert (evaluate_batch(rows, rules=rules) == evaluate_batch(rows)).all()


@pytest.mark.parametrize("name", ["high", "ace-five", "deuce-seven", "ace-five-joker", "deuce-seven-joker", "joker",
                                  "bug", "two-jokers", "deuces-wild", "short-deck"])  # fmt: skip
def test_a_kernel_entry_says_whether_a_flush_counts_as_the_evaluation_does(name):
    from pokerlab.evaluator import evaluate, get_rules

    suited, offsuit = evaluate("Kh Jh 9h 8h 6h", rules=name), evaluate("Kh Jd 9h 8h 6h", rules=name)
    assert (suited != offsuit) == get_rules(name).spec.has_flush


def test_a_kernel_entry_says_whether_a_value_is_a_pair_and_a_hand_has_a_board():
    from pokerlab.evaluator import evaluate
    from pokerlab.evaluator.rules import OMAHA_RULESETS, RULESETS

    for name, ruleset in OMAHA_RULESETS.items():
        assert ruleset.spec.board
        assert isinstance(evaluate("As2d9c9h | 3h4h5cKsKd", rules=name), tuple) == ruleset.spec.pair
    assert not any(r.spec.board or r.spec.pair for r in RULESETS.values())


@pytest.mark.parametrize("name", ["joker", "bug", "two-jokers", "deuces-wild"])
def test_low_ranks_refuses_a_value_on_the_high_scale(name):
    from pokerlab.evaluator import evaluate
    from pokerlab.evaluator.variants import low_ranks

    # The wild card makes an eight-high straight, a value that is also an ace-to-five class's (K-K-Q-J-7).
    hand = "Jk 8s 6h 5d 4c" if name != "deuces-wild" else "2s 8s 6h 5d 4c"
    with pytest.raises(InputError, match="values are on the high-hand scale"):
        low_ranks(evaluate(hand, rules=name), name)
