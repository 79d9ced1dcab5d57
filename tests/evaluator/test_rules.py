"""The ruleset registry: every ruleset, Omaha's included, found by name, and the command line's lists of them."""

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
